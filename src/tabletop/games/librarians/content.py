"""The Librarians: Adventure Card Game content: heroes, the 124 player cards (16 Disciplines of 7
and 6 unlockables of 2), the Aid from the Library cards, the Focus and Power set, the dice, the
four adventures and the Season One checklist, read from `content/*.toml` and validated at load
time. A bad file is an error naming the file, the record and the field.

Every record says where it comes from (`source = "rulebook"` or `"authored"`); a record some of
whose fields come from the other source marks them `<field>_source`. Behaviour is named by
handler ids with typed parameters: `EFFECTS` is the complete list the rules engine implements,
so a typo or a wrong parameter is a load error. `check_deck` applies the deck construction rules.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tabletop.engine.content import (
    SOURCES,
    ContentError,
    need,
    one_of,
    optional,
    slugify,
    typed,
)

ATTRIBUTES = ("guile", "insight", "lore", "tactics")
CARD_TYPES = ("artifact", "attachment", "event", "sidekick")
ADVENTURE_TYPES = ("complication", "obstacle", "enemy", "special")
DISCIPLINE_KINDS = ("heroic", "universal")
DIFFICULTIES = ("narrative", "standard", "expert")
ATTACH_TO = ("any-character", "your-character", "your-hero")
KEYWORDS = ("ambush",)
ICONS = ("success", "failure", "tree", "serpent")
DICE_KINDS = ("character", "challenge")
LIMITS = ("", "round", "check", "game")
PER_SUCCESS = ("one", "degree")
COSTS = ("damage", "discard_top", "discard_hand", "clues", "energy", "discard_self", "tree")

# Ability kinds: action (exhausts the character; "Action:"), response ("Response:", answers its
# trigger), free (any time card abilities may be used, no exhausting), play (an Event's effect
# when played, or a permanent's when it enters play), constant (while in play), tree (a Tree of
# Knowledge effect, paid with `cost.tree` icons, 1 by default), serpent (a Serpent effect,
# mandatory), forced (mandatory on its trigger), spend (a Device once its countdown is done),
# setup (during setup only).
KINDS: tuple[str, ...] = ("action", "response", "free", "play", "constant", "tree", "serpent")
KINDS += ("forced", "spend", "setup")
TRIGGERED = ("response", "forced")
PLAYER_KINDS = ("action", "response", "free", "play", "constant", "tree", "forced", "spend")
HERO_KINDS = ("response", "free", "constant", "tree", "forced", "setup")
AID_KINDS = ("action", "free", "constant", "tree")
EFFECT_CARD_KINDS = ("response", "play")
ADVENTURE_KINDS = ("action", "constant", "serpent", "forced")

# What a response or forced ability answers. "self-*" are the card's own events, "revealed" an
# Adventure card being drawn and resolved, "that-character" (a target) the one the trigger names.
TRIGGERS = (
    "check-declared",
    "check-rolled",
    "check-succeeded",
    "check-failed",
    "other-character-damaged",
    "hero-damaged",
    "hero-defeated",
    "enemy-attacks",
    "enemy-defeated",
    "obstacle-defeated",
    "obstacle-enters",
    "complication-resolved",
    "mission-advanced",
    "revealed",
    "self-enters",
    "self-defeated",
)

# Parameter kinds: INT (>= 0), SIGNED (any int), BOOL, TEXT (free text), CARD (the name of an
# adventure card of the same adventure), or a tuple of the allowed strings.
INT, SIGNED, BOOL, TEXT, CARD = "int", "signed", "bool", "text", "card"
ParamSpec = str | tuple[str, ...]
Param = int | bool | str

_CHARACTER: tuple[str, ...] = ("your-hero", "your-character", "any-character", "other-character")
_CHARACTER += ("hero-and-sidekick", "that-character")
_ENEMY = ("assigned-enemy", "any-enemy", "unassigned-enemy", "all-assigned-enemies")
_PROGRESS = ("obstacle", "mission", "obstacle-or-mission", "this")
_OVERCOME: tuple[str, ...] = (
    "any",
    "assigned-enemy",
    "any-enemy",
    "unassigned-enemy",
    "obstacle",
    "mission",
)
_OVERCOME += ("obstacle-or-mission",)
_WHOSE = ("self", "yours", "any", "other")
_WHO = ("acting", "drawer", "each-hero", "each-player")
_AGAINST = ("any", "enemy", "obstacle", "mission")

# Every effect handler the rules engine must implement, with its parameters.
EFFECTS: dict[str, dict[str, ParamSpec]] = {
    # -- dice and checks
    "add-dice": {"die": DICE_KINDS, "amount": SIGNED, "against": _AGAINST, "whose": _WHOSE},
    "use-attribute": {"attribute": ATTRIBUTES, "whose": _WHOSE},
    "overcome-with": {
        "target": _OVERCOME,
        "attribute": ("", *ATTRIBUTES),
        "character_dice": INT,
    },
    "set-die": {"count": INT, "face": ("success", "double-success"), "whose": _WHOSE},
    "blank-die": {"die": DICE_KINDS, "count": INT, "whose": _WHOSE},
    "reroll": {"die": ("any", *DICE_KINDS), "count": INT, "whose": _WHOSE},
    "retry-check": {"whose": _WHOSE},
    "partial-success": {"amount": INT},
    "aid-token": {"damage": INT, "dice": INT},
    "draw-on-margin": {"attribute": ATTRIBUTES, "margin": INT, "amount": INT},
    "forced-check": {"who": _WHO, "attribute": ATTRIBUTES, "difficulty": INT, "damage": INT},
    # -- damage, healing, enemies
    "deal-damage": {"target": _ENEMY, "amount": INT},
    "damage-by-attribute": {"target": _ENEMY, "attribute": ATTRIBUTES},
    "defeat-enemy": {"target": _ENEMY, "max_life": INT},
    "retaliate": {"amount": INT},
    "reflect-attack": {},
    "cancel-attack": {"unassign": BOOL},
    "prevent-damage": {"amount": INT},
    "redirect-damage": {"to": _CHARACTER, "reduce": INT},
    "soak": {"amount": INT},
    "heal": {"target": _CHARACTER, "amount": INT},
    "damage-characters": {"who": _WHO, "amount": INT},
    "exhaust-enemy": {"target": _ENEMY},
    "unassign-enemy": {"exhaust": BOOL},
    "take-enemy": {},
    "extra-assign": {},
    "extra-fate": {"amount": INT},
    "enemy-life-bonus": {"trait": TEXT, "amount": INT},
    # -- characters
    "ready": {"target": _CHARACTER},
    "ready-and-draw": {"target": _CHARACTER, "draw": INT},
    "attribute-bonus": {"attribute": (*ATTRIBUTES, "all"), "amount": INT, "whose": _WHOSE},
    "life-bonus": {"amount": INT},
    # -- cards, Energy and tokens
    "draw": {"amount": INT},
    "gain-energy": {"amount": INT},
    "draw-and-energy": {"draw": INT, "energy": INT},
    "cycle-hand": {"max": INT, "energy": INT},
    "recover-card": {"card_type": CARD_TYPES, "amount": INT},
    "cost-reduction": {"card_type": CARD_TYPES, "amount": INT},
    "reduce-discard-cost": {"amount": INT},
    "discard-hand": {"who": _WHO, "amount": INT},
    "gain-clues": {"amount": INT},
    "gain-focus-power": {"focus": INT, "power": INT},
    "device-haste": {"amount": INT},
    "finish-countdown": {},
    # -- missions, obstacles, the Disturbance and the Adventure deck
    "add-progress": {"target": _PROGRESS, "amount": INT},
    "add-fate": {"amount": INT},
    "remove-fate": {"amount": INT},
    "scry-adventure": {"look": INT, "may_discard": INT},
    "draw-adventure": {"amount": INT},
    "put-into-play": {"card": CARD, "where": ("unassigned", "first-player", "special")},
    "shuffle-into-deck": {"card": CARD},
    "advance-when-defeated": {"card": CARD},
    "none": {},
}


# -- records ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attributes:
    guile: int
    insight: int
    lore: int
    tactics: int
    dashes: frozenset[str]  # attributes printed as a dash: 0, and never raised

    def get(self, name: str) -> int:
        return int(getattr(self, name))


@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of a setup or of a card's back: a handler and its parameters."""

    effect: str
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str
    trigger: str
    cost: Mapping[str, int]
    limit: str
    effect: str
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Challenge:
    attribute: str
    difficulty: int


@dataclass(frozen=True, slots=True)
class Hero:
    name: str
    slug: str
    subtitle: str
    number: str
    attributes: Attributes
    life: int
    discipline: str
    suggested: tuple[str, ...]
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Discipline:
    name: str
    slug: str
    kind: str
    hero: str  # "" for a Universal Discipline
    first: int
    last: int
    source: str


@dataclass(frozen=True, slots=True)
class PlayerCard:
    name: str
    slug: str
    subtitle: str
    discipline: str  # "" for an unlockable card
    type: str
    cost: int
    copies: int
    unique: bool
    traits: tuple[str, ...]
    attach_to: str
    attributes: Attributes | None  # sidekicks only
    life: int
    countdown: int  # Devices only
    numbers: tuple[str, ...]
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def unlockable(self) -> bool:
        return not self.discipline

    @property
    def device(self) -> bool:
        return self.countdown > 0


@dataclass(frozen=True, slots=True)
class AidCard:
    name: str
    difficulty: str
    attributes: Attributes
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EffectCard:
    """The Effect on the back of a Focus or Power card."""

    kind: str  # focus | power
    name: str
    abilities: tuple[Ability, ...]
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class FocusPower:
    flip_cost: int
    focus: int
    power: int


@dataclass(frozen=True, slots=True)
class Die:
    kind: str
    colour: str
    count: int
    faces: tuple[tuple[str, ...], ...]
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    next: str


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    challenge: Challenge | None
    advance: tuple[int, int, int, int] | None  # per starting players 1-4; None for "*"
    per_success: str
    next: str
    choices: tuple[Choice, ...]
    path: str
    win: bool
    unlocks: tuple[str, ...]
    abilities: tuple[Ability, ...]
    flip: tuple[Step, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def advance_for(self, players: int) -> int | None:
        """The Progress that advances it for `players` starting players (None: see its text)."""
        return None if self.advance is None else self.advance[players - 1]


@dataclass(frozen=True, slots=True)
class Disturbance:
    id: str
    name: str
    advance: int
    next: str
    lose: bool
    abilities: tuple[Ability, ...]
    flip: tuple[Step, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AdventureCard:
    name: str
    slug: str
    type: str
    deck: int  # copies shuffled into the Adventure deck
    set_aside: int  # copies kept out until a step brings them in
    unique: bool
    traits: tuple[str, ...]
    keywords: tuple[str, ...]
    challenge: Challenge | None
    life: int
    damage: int
    progress: int
    fate: int
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Adventure:
    code: str
    name: str
    order: int
    text: str
    setup: tuple[Step, ...]
    missions: tuple[Mission, ...]  # the first is stage 1
    disturbances: tuple[Disturbance, ...]  # the first is stage 1
    cards: tuple[AdventureCard, ...]
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def mission(self, mid: str) -> Mission:
        return next(m for m in self.missions if m.id == mid)

    def card(self, name: str) -> AdventureCard:
        return next(c for c in self.cards if c.name == name)

    @property
    def deck(self) -> tuple[str, ...]:
        """The Adventure deck before shuffling: one name per copy."""
        return tuple(c.name for c in self.cards for _ in range(c.deck))


@dataclass(frozen=True, slots=True)
class Unlock:
    card: str
    adventure: str
    path: str  # "" unless the adventure has several paths
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Content:
    heroes: tuple[Hero, ...]
    disciplines: tuple[Discipline, ...]
    cards: tuple[PlayerCard, ...]
    aid: tuple[AidCard, ...]
    effect_cards: tuple[EffectCard, ...]
    focus_power: FocusPower
    dice: tuple[Die, ...]
    adventures: tuple[Adventure, ...]
    unlocks: tuple[Unlock, ...]

    def hero(self, name: str) -> Hero:
        return next(h for h in self.heroes if h.name == name)

    def card(self, name: str) -> PlayerCard:
        return next(c for c in self.cards if c.name == name)

    def discipline(self, name: str) -> Discipline:
        return next(d for d in self.disciplines if d.name == name)

    def discipline_cards(self, name: str) -> tuple[str, ...]:
        """The seven cards of a Discipline, one name per copy."""
        return tuple(c.name for c in self.cards if c.discipline == name for _ in range(c.copies))

    def suggested_deck(self, hero: str) -> tuple[str, ...]:
        """A hero's suggested deck from its Hero Guide, one name per copy."""
        return tuple(n for d in self.hero(hero).suggested for n in self.discipline_cards(d))

    def adventure(self, code: str) -> Adventure:
        return next(a for a in self.adventures if a.code == code)

    def aid_card(self, difficulty: str) -> AidCard:
        return next(a for a in self.aid if a.difficulty == difficulty)

    def die(self, kind: str) -> Die:
        return next(d for d in self.dice if d.kind == kind)


# -- field readers ------------------------------------------------------------------------------


def _nonneg(where: str, key: str, val: int) -> int:
    if val < 0:
        raise ContentError(f"{where}: field {key!r} must not be negative, not {val}")
    return val


def _sources(where: str, rec: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The record's `source` and its `<field>_source` overrides, each checked."""
    overrides: dict[str, str] = {}
    for key, val in rec.items():
        if key.endswith("_source"):
            base = key.removesuffix("_source")
            if base not in rec:
                raise ContentError(f"{where}: field {key!r} names a field the record lacks")
            overrides[base] = one_of(where, key, typed(where, key, val, str), SOURCES)
    src = one_of(where, "source", need(where, rec, "source", str), SOURCES)
    return src, overrides


def _known(where: str, rec: dict[str, Any], fields: set[str]) -> None:
    for key in rec:
        if key not in fields and not key.endswith("_source"):
            raise ContentError(f"{where}: unknown field {key!r}")


def _strings(where: str, rec: dict[str, Any], key: str) -> tuple[str, ...]:
    vals = optional(where, rec, key, list, [])
    return tuple(typed(where, key, v, str) for v in vals)


def _attributes(where: str, rec: dict[str, Any], key: str = "attributes") -> Attributes:
    table = need(where, rec, key, dict)
    if set(table) != set(ATTRIBUTES):
        raise ContentError(f"{where}: field {key!r} must give exactly {', '.join(ATTRIBUTES)}")
    vals: dict[str, int] = {}
    dashes = set()
    for name in ATTRIBUTES:
        val = table[name]
        if val == "-":
            vals[name] = 0
            dashes.add(name)
        elif isinstance(val, int) and not isinstance(val, bool) and 0 <= val <= 6:
            vals[name] = val
        else:
            raise ContentError(f"{where}: field '{key}.{name}' must be 0-6 or '-', not {val!r}")
    return Attributes(**vals, dashes=frozenset(dashes))


def _challenge(where: str, rec: dict[str, Any]) -> Challenge | None:
    if "challenge" not in rec:
        return None
    ch = typed(where, "challenge", rec["challenge"], dict)
    if set(ch) != {"attribute", "difficulty"}:
        raise ContentError(f"{where}: field 'challenge' must give attribute and difficulty")
    attr = one_of(
        where, "challenge.attribute", typed(where, "attribute", ch["attribute"], str), ATTRIBUTES
    )
    diff = typed(where, "challenge.difficulty", ch["difficulty"], int)
    if not 0 <= diff <= 6:
        raise ContentError(f"{where}: field 'challenge.difficulty' must be 0-6, not {diff}")
    return Challenge(attr, diff)


def _params(where: str, effect: str, raw: Any) -> dict[str, Param]:
    params = typed(where, "params", raw, dict)
    spec = EFFECTS[effect]
    if set(params) != set(spec):
        want = ", ".join(spec) or "none"
        raise ContentError(
            f"{where}: field 'params' of {effect!r} must be exactly ({want}), "
            f"not ({', '.join(params)})"
        )
    out: dict[str, Param] = {}
    for key, kind in spec.items():
        val = params[key]
        pwhere = f"params.{key}"
        if kind in (INT, SIGNED):
            num = typed(where, pwhere, val, int)
            if kind == INT:
                _nonneg(where, pwhere, num)
            out[key] = num
        elif kind == BOOL:
            out[key] = typed(where, pwhere, val, bool)
        elif kind in (TEXT, CARD):
            out[key] = typed(where, pwhere, val, str)
        else:
            assert isinstance(kind, tuple)
            out[key] = one_of(where, pwhere, typed(where, pwhere, val, str), kind)
    return out


def _effect(where: str, rec: dict[str, Any]) -> str:
    return one_of(where, "effect", need(where, rec, "effect", str), tuple(EFFECTS))


def _steps(where: str, rec: dict[str, Any], key: str) -> tuple[Step, ...]:
    out = []
    for i, raw in enumerate(optional(where, rec, key, list, [])):
        swhere = f"{where}: {key} {i + 1}"
        step = typed(swhere, key, raw, dict)
        _known(swhere, step, {"effect", "params"})
        effect = _effect(swhere, step)
        out.append(Step(effect, _params(swhere, effect, need(swhere, step, "params", dict))))
    return tuple(out)


def _abilities(where: str, rec: dict[str, Any], kinds: tuple[str, ...]) -> tuple[Ability, ...]:
    out = []
    for i, raw in enumerate(optional(where, rec, "ability", list, [])):
        awhere = f"{where}: ability {i + 1}"
        ab = typed(awhere, "ability", raw, dict)
        _known(awhere, ab, {"kind", "trigger", "cost", "limit", "effect", "params"})
        kind = one_of(awhere, "kind", need(awhere, ab, "kind", str), kinds)
        trigger = optional(awhere, ab, "trigger", str, "")
        if kind in TRIGGERED:
            one_of(awhere, "trigger", need(awhere, ab, "trigger", str), TRIGGERS)
        elif trigger:
            raise ContentError(f"{awhere}: field 'trigger' is only for response and forced")
        cost: dict[str, int] = {}
        for key, val in optional(awhere, ab, "cost", dict, {}).items():
            one_of(awhere, "cost", key, COSTS)
            cost[key] = _nonneg(awhere, f"cost.{key}", typed(awhere, f"cost.{key}", val, int))
        if kind == "tree":
            cost.setdefault("tree", 1)
        elif "tree" in cost:
            raise ContentError(f"{awhere}: only a Tree of Knowledge effect costs icons")
        effect = _effect(awhere, ab)
        out.append(
            Ability(
                kind,
                trigger,
                cost,
                one_of(awhere, "limit", optional(awhere, ab, "limit", str, ""), LIMITS),
                effect,
                _params(awhere, effect, need(awhere, ab, "params", dict)),
            )
        )
    return tuple(out)


def _number(n: int) -> str:
    return f"C-{n:03d}"


def _unique_names(file: str, what: str, names: list[str]) -> None:
    dup = [n for n, k in Counter(names).items() if k > 1]
    if dup:
        raise ContentError(f"{file}: two {what} records share the name {dup[0]!r}")


# -- parsers ------------------------------------------------------------------------------------

_HERO_FIELDS = {"name", "subtitle", "number", "attributes", "life", "discipline", "suggested"}
_HERO_FIELDS |= {"ability", "text", "source"}


def parse_heroes(data: dict[str, Any], file: str = "heroes.toml") -> tuple[Hero, ...]:
    out = []
    for i, rec in enumerate(data.get("hero", [])):
        name = need(f"{file}: hero {i + 1}", rec, "name", str)
        where = f"{file}: hero {name!r}"
        _known(where, rec, _HERO_FIELDS)
        life = need(where, rec, "life", int)
        if life < 1:
            raise ContentError(f"{where}: field 'life' must be at least 1, not {life}")
        src, fs = _sources(where, rec)
        out.append(
            Hero(
                name=name,
                slug=slugify(name),
                subtitle=need(where, rec, "subtitle", str),
                number=need(where, rec, "number", str),
                attributes=_attributes(where, rec),
                life=life,
                discipline=need(where, rec, "discipline", str),
                suggested=_strings(where, rec, "suggested"),
                abilities=_abilities(where, rec, HERO_KINDS),
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    _unique_names(file, "hero", [h.name for h in out])
    return tuple(out)


def parse_disciplines(data: dict[str, Any], file: str = "cards.toml") -> tuple[Discipline, ...]:
    out = []
    for i, rec in enumerate(data.get("discipline", [])):
        name = need(f"{file}: discipline {i + 1}", rec, "name", str)
        where = f"{file}: discipline {name!r}"
        _known(where, rec, {"name", "kind", "hero", "first", "last", "source"})
        kind = one_of(where, "kind", need(where, rec, "kind", str), DISCIPLINE_KINDS)
        hero = need(where, rec, "hero", str) if kind == "heroic" else ""
        if kind == "universal" and "hero" in rec:
            raise ContentError(f"{where}: field 'hero' is only for a Heroic Discipline")
        first, last = need(where, rec, "first", int), need(where, rec, "last", int)
        if last - first + 1 != 7:
            raise ContentError(f"{where}: fields 'first'-'last' must span 7 numbers")
        out.append(
            Discipline(name, slugify(name), kind, hero, first, last, _sources(where, rec)[0])
        )
    _unique_names(file, "discipline", [d.name for d in out])
    return tuple(out)


_CARD_FIELDS = {"name", "subtitle", "discipline", "type", "cost", "copies", "unique", "traits"}
_CARD_FIELDS |= {"attach_to", "attributes", "life", "countdown", "numbers", "ability", "text"}
_CARD_FIELDS |= {"source"}


def parse_cards(
    data: dict[str, Any], disciplines: tuple[Discipline, ...], file: str = "cards.toml"
) -> tuple[PlayerCard, ...]:
    by_name = {d.name: d for d in disciplines}
    dealt: dict[str, int] = {d.name: d.first for d in disciplines}
    out = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i + 1}", rec, "name", str)
        where = f"{file}: card {name!r}"
        _known(where, rec, _CARD_FIELDS)
        disc = need(where, rec, "discipline", str)
        if disc and disc not in by_name:
            raise ContentError(f"{where}: field 'discipline' names no Discipline: {disc!r}")
        typ = one_of(where, "type", need(where, rec, "type", str), CARD_TYPES)
        copies = need(where, rec, "copies", int)
        if copies not in (1, 2):
            raise ContentError(f"{where}: field 'copies' must be 1 or 2, not {copies}")
        if disc:
            if "numbers" in rec:
                raise ContentError(f"{where}: field 'numbers' is for unlockable cards only")
            start = dealt[disc]
            dealt[disc] = start + copies
            numbers = tuple(_number(n) for n in range(start, start + copies))
        else:
            numbers = _strings(where, rec, "numbers")
            if len(numbers) != copies:
                raise ContentError(f"{where}: field 'numbers' must give one number per copy")
        sidekick = typ == "sidekick"
        attrs = _attributes(where, rec) if sidekick else None
        life = need(where, rec, "life", int) if sidekick else 0
        if sidekick and life < 1:
            raise ContentError(f"{where}: field 'life' must be at least 1, not {life}")
        for key in ("attributes", "life"):
            if not sidekick and key in rec:
                raise ContentError(f"{where}: field {key!r} is only for sidekicks")
        attach = ""
        if typ == "attachment":
            attach = one_of(where, "attach_to", need(where, rec, "attach_to", str), ATTACH_TO)
        elif "attach_to" in rec:
            raise ContentError(f"{where}: field 'attach_to' is only for attachments")
        traits = _strings(where, rec, "traits")
        countdown = _nonneg(where, "countdown", optional(where, rec, "countdown", int, 0))
        if ("Device" in traits) != (countdown > 0):
            raise ContentError(f"{where}: a Device (trait) needs a 'countdown' and only it")
        abilities = _abilities(where, rec, PLAYER_KINDS)
        if any(a.kind == "spend" for a in abilities) != (countdown > 0):
            raise ContentError(f"{where}: a Device has one 'spend' ability; other cards none")
        if typ == "event" and any(a.kind in ("constant", "spend") for a in abilities):
            raise ContentError(f"{where}: an Event has no constant or spend ability")
        src, fs = _sources(where, rec)
        out.append(
            PlayerCard(
                name=name,
                slug=slugify(name),
                subtitle=optional(where, rec, "subtitle", str, ""),
                discipline=disc,
                type=typ,
                cost=_nonneg(where, "cost", need(where, rec, "cost", int)),
                copies=copies,
                unique=optional(where, rec, "unique", bool, False),
                traits=traits,
                attach_to=attach,
                attributes=attrs,
                life=life,
                countdown=countdown,
                numbers=numbers,
                abilities=abilities,
                text=need(where, rec, "text", str),
                source=src,
                field_sources=fs,
            )
        )
    _unique_names(file, "card", [c.name for c in out])
    for d in disciplines:
        n = sum(c.copies for c in out if c.discipline == d.name)
        if n != 7:
            raise ContentError(f"{file}: discipline {d.name!r} has {n} cards, not 7")
    return tuple(out)


def parse_aid(
    data: dict[str, Any], file: str = "aid.toml"
) -> tuple[tuple[AidCard, ...], tuple[EffectCard, ...], FocusPower]:
    aid = []
    for i, rec in enumerate(data.get("aid", [])):
        where = f"{file}: aid {i + 1}"
        diff = one_of(where, "difficulty", need(where, rec, "difficulty", str), DIFFICULTIES)
        where = f"{file}: aid {diff!r}"
        _known(where, rec, {"name", "difficulty", "attributes", "ability", "text", "source"})
        src, fs = _sources(where, rec)
        aid.append(
            AidCard(
                need(where, rec, "name", str),
                diff,
                _attributes(where, rec),
                _abilities(where, rec, AID_KINDS),
                need(where, rec, "text", str),
                src,
                fs,
            )
        )
    if sorted(a.difficulty for a in aid) != sorted(DIFFICULTIES):
        raise ContentError(f"{file}: one Aid from the Library card per difficulty {DIFFICULTIES}")
    where = f"{file}: [focus_power]"
    fp = need(file, data, "focus_power", dict)
    _known(where, fp, {"flip_cost", "focus", "power", "source"})
    _sources(where, fp)
    focus_power = FocusPower(
        _nonneg(where, "flip_cost", need(where, fp, "flip_cost", int)),
        _nonneg(where, "focus", need(where, fp, "focus", int)),
        _nonneg(where, "power", need(where, fp, "power", int)),
    )
    effects = []
    for i, rec in enumerate(data.get("effect_card", [])):
        name = need(f"{file}: effect_card {i + 1}", rec, "name", str)
        where = f"{file}: effect_card {name!r}"
        _known(where, rec, {"kind", "name", "ability", "text", "source"})
        abilities = _abilities(where, rec, EFFECT_CARD_KINDS)
        if len(abilities) != 1:
            raise ContentError(f"{where}: an Effect has exactly one ability")
        effects.append(
            EffectCard(
                one_of(where, "kind", need(where, rec, "kind", str), ("focus", "power")),
                name,
                abilities,
                need(where, rec, "text", str),
                _sources(where, rec)[0],
            )
        )
    _unique_names(file, "effect_card", [e.name for e in effects])
    for kind, want in (("focus", focus_power.focus), ("power", focus_power.power)):
        have = sum(e.kind == kind for e in effects)
        if have != want:
            raise ContentError(f"{file}: the set has {have} {kind} cards, not {want}")
    return tuple(aid), tuple(effects), focus_power


def parse_dice(data: dict[str, Any], file: str = "dice.toml") -> tuple[Die, ...]:
    out = []
    for i, rec in enumerate(data.get("die", [])):
        where = f"{file}: die {i + 1}"
        kind = one_of(where, "kind", need(where, rec, "kind", str), DICE_KINDS)
        where = f"{file}: die {kind!r}"
        _known(where, rec, {"kind", "colour", "count", "faces", "source"})
        faces = []
        for face in need(where, rec, "faces", list):
            icons = typed(where, "faces", face, list)
            faces.append(
                tuple(one_of(where, "faces", typed(where, "faces", x, str), ICONS) for x in icons)
            )
        if len(faces) != 6:
            raise ContentError(f"{where}: field 'faces' must list 6 faces, not {len(faces)}")
        count = need(where, rec, "count", int)
        if count != 4:
            raise ContentError(f"{where}: field 'count' must be 4 (the pool's cap), not {count}")
        src, fs = _sources(where, rec)
        out.append(Die(kind, need(where, rec, "colour", str), count, tuple(faces), src, fs))
    if sorted(d.kind for d in out) != sorted(DICE_KINDS):
        raise ContentError(f"{file}: one Character die and one Challenge die")
    character = next(d for d in out if d.kind == "character")
    for face in (("success",), ("success", "success")):
        if face not in character.faces:
            raise ContentError(
                f"{file}: die 'character': field 'faces' needs the face {list(face)} "
                "(devoting turns a die to one Success; Ace in the Hole to two)"
            )
    return tuple(out)


_MISSION_FIELDS = {"id", "name", "challenge", "advance", "per_success", "next", "choices"}
_MISSION_FIELDS |= {"path", "win", "unlocks", "ability", "flip", "text", "source"}
_DISTURBANCE_FIELDS = {"id", "name", "advance", "next", "lose", "ability", "flip", "text"}
_DISTURBANCE_FIELDS |= {"source"}
_ADV_CARD_FIELDS = {"name", "type", "deck", "set_aside", "unique", "traits", "keywords"}
_ADV_CARD_FIELDS |= {"challenge", "life", "damage", "progress", "fate", "ability", "text"}
_ADV_CARD_FIELDS |= {"source"}
_BY_TYPE = {
    "enemy": {"challenge", "life", "damage"},
    "obstacle": {"challenge", "progress", "fate"},
    "complication": set(),
    "special": set(),
}


def _mission(where: str, rec: dict[str, Any]) -> Mission:
    _known(where, rec, _MISSION_FIELDS)
    raw = need(where, rec, "advance", object)
    advance: tuple[int, int, int, int] | None
    if raw == "*":
        advance = None
    else:
        vals = typed(where, "advance", raw, list)
        if len(vals) != 4 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in vals
        ):
            raise ContentError(f"{where}: field 'advance' must be 4 values (1-4 players) or '*'")
        advance = (vals[0], vals[1], vals[2], vals[3])
    challenge = _challenge(where, rec)
    per = optional(where, rec, "per_success", str, "")
    if challenge is not None:
        one_of(where, "per_success", need(where, rec, "per_success", str), PER_SUCCESS)
    elif per:
        raise ContentError(f"{where}: field 'per_success' needs a 'challenge'")
    choices = []
    for j, c in enumerate(optional(where, rec, "choices", list, [])):
        cwhere = f"{where}: choice {j + 1}"
        ch = typed(cwhere, "choices", c, dict)
        _known(cwhere, ch, {"label", "next"})
        choices.append(Choice(need(cwhere, ch, "label", str), need(cwhere, ch, "next", str)))
    nxt = optional(where, rec, "next", str, "")
    win = optional(where, rec, "win", bool, False)
    if sum((bool(nxt), bool(choices), win)) != 1:
        raise ContentError(f"{where}: a Mission has exactly one of 'next', 'choices' or 'win'")
    unlocks = _strings(where, rec, "unlocks")
    if unlocks and not win:
        raise ContentError(f"{where}: field 'unlocks' is only for a winning Mission")
    src, fs = _sources(where, rec)
    return Mission(
        id=need(where, rec, "id", str),
        name=need(where, rec, "name", str),
        challenge=challenge,
        advance=advance,
        per_success=per,
        next=nxt,
        choices=tuple(choices),
        path=optional(where, rec, "path", str, ""),
        win=win,
        unlocks=unlocks,
        abilities=_abilities(where, rec, ADVENTURE_KINDS),
        flip=_steps(where, rec, "flip"),
        text=need(where, rec, "text", str),
        source=src,
        field_sources=fs,
    )


def _disturbance(where: str, rec: dict[str, Any]) -> Disturbance:
    _known(where, rec, _DISTURBANCE_FIELDS)
    advance = need(where, rec, "advance", int)
    if advance < 1:
        raise ContentError(f"{where}: field 'advance' must be at least 1, not {advance}")
    nxt = optional(where, rec, "next", str, "")
    lose = optional(where, rec, "lose", bool, False)
    if bool(nxt) == lose:
        raise ContentError(f"{where}: a Disturbance has exactly one of 'next' or 'lose'")
    abilities = _abilities(where, rec, ADVENTURE_KINDS)
    if sum(a.kind == "serpent" for a in abilities) != 1:
        raise ContentError(f"{where}: a Disturbance has exactly one Serpent effect")
    src, fs = _sources(where, rec)
    return Disturbance(
        need(where, rec, "id", str),
        need(where, rec, "name", str),
        advance,
        nxt,
        lose,
        abilities,
        _steps(where, rec, "flip"),
        need(where, rec, "text", str),
        src,
        fs,
    )


def _adventure_card(where: str, rec: dict[str, Any]) -> AdventureCard:
    _known(where, rec, _ADV_CARD_FIELDS)
    typ = one_of(where, "type", need(where, rec, "type", str), ADVENTURE_TYPES)
    for key in ("challenge", "life", "damage", "progress", "fate"):
        if key in _BY_TYPE[typ]:
            need(where, rec, key, object)
        elif key in rec:
            raise ContentError(f"{where}: field {key!r} is not for a {typ}")
    deck = _nonneg(where, "deck", optional(where, rec, "deck", int, 0))
    aside = _nonneg(where, "set_aside", optional(where, rec, "set_aside", int, 0))
    if deck + aside == 0:
        raise ContentError(f"{where}: a card needs copies in 'deck' or 'set_aside'")
    if typ == "special" and deck:
        raise ContentError(f"{where}: a Special card is never in the Adventure deck")
    keywords = tuple(
        one_of(where, "keywords", k, KEYWORDS) for k in _strings(where, rec, "keywords")
    )
    if keywords and typ != "enemy":
        raise ContentError(f"{where}: field 'keywords' is only for enemies")
    abilities = _abilities(where, rec, ADVENTURE_KINDS)
    if typ == "complication" and not any(a.trigger == "revealed" for a in abilities):
        raise ContentError(f"{where}: a Complication needs a forced 'revealed' ability")
    ints = {}
    for key in ("life", "damage", "progress", "fate"):
        ints[key] = _nonneg(where, key, optional(where, rec, key, int, 0))
    for key in ("life", "progress"):
        if key in _BY_TYPE[typ] and ints[key] < 1:
            raise ContentError(f"{where}: field {key!r} must be at least 1")
    src, fs = _sources(where, rec)
    name = need(where, rec, "name", str)
    return AdventureCard(
        name=name,
        slug=slugify(name),
        type=typ,
        deck=deck,
        set_aside=aside,
        unique=optional(where, rec, "unique", bool, False),
        traits=_strings(where, rec, "traits"),
        keywords=keywords,
        challenge=_challenge(where, rec),
        abilities=abilities,
        text=need(where, rec, "text", str),
        source=src,
        field_sources=fs,
        **ints,
    )


def _chain(file: str, what: str, ids: list[str], edges: dict[str, list[str]]) -> None:
    """Every card is reached from the first, each link names a card, and there is no loop."""
    for src, targets in edges.items():
        for t in targets:
            if t not in edges:
                raise ContentError(f"{file}: {what} {src!r}: names no {what} {t!r}")
    seen: set[str] = set()
    todo = [ids[0]]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        todo.extend(edges[cur])
    if seen != set(ids):
        lost = sorted(set(ids) - seen)
        raise ContentError(f"{file}: {what} {lost[0]!r} cannot be reached from {ids[0]!r}")
    order = {m: i for i, m in enumerate(ids)}
    for src, targets in edges.items():
        for t in targets:
            if order[t] <= order[src]:
                raise ContentError(f"{file}: {what} {src!r}: must lead to a later stage, not {t!r}")


def parse_adventure(data: dict[str, Any], file: str) -> Adventure:
    head = need(file, data, "adventure", dict)
    where = f"{file}: [adventure]"
    _known(where, head, {"code", "name", "order", "text", "setup", "source"})
    code = need(where, head, "code", str)
    src, fs = _sources(where, head)
    setup = _steps(where, head, "setup")
    if not setup:
        raise ContentError(f"{where}: missing field 'setup' (the Setup card's steps)")
    missions = tuple(
        _mission(f"{file}: mission {rec.get('id', i + 1)!r}", rec)
        for i, rec in enumerate(data.get("mission", []))
    )
    disturbances = tuple(
        _disturbance(f"{file}: disturbance {rec.get('id', i + 1)!r}", rec)
        for i, rec in enumerate(data.get("disturbance", []))
    )
    cards = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i + 1}", rec, "name", str)
        cards.append(_adventure_card(f"{file}: card {name!r}", rec))
    for what, recs in (("mission", missions), ("disturbance", disturbances), ("card", cards)):
        if not recs:
            raise ContentError(f"{file}: no {what} records")
    _unique_names(file, "mission", [m.id for m in missions])
    _unique_names(file, "disturbance", [d.id for d in disturbances])
    _unique_names(file, "card", [c.name for c in cards])
    _chain(
        file,
        "mission",
        [m.id for m in missions],
        {m.id: [m.next] if m.next else [c.next for c in m.choices] for m in missions},
    )
    _chain(
        file,
        "disturbance",
        [d.id for d in disturbances],
        {d.id: [d.next] if d.next else [] for d in disturbances},
    )
    winners = [m for m in missions if m.win]
    if len({m.path for m in winners}) != len(winners):
        raise ContentError(f"{file}: each winning Mission needs its own 'path'")
    if not any(c.deck for c in cards):
        raise ContentError(f"{file}: the Adventure deck is empty")
    by_name = {c.name: c for c in cards}
    steps: list[tuple[str, Step | Ability]] = [(where, s) for s in setup]
    for m in missions:
        steps += [(f"{file}: mission {m.id!r}", s) for s in m.flip]
        steps += [(f"{file}: mission {m.id!r}", a) for a in m.abilities]
    for d in disturbances:
        steps += [(f"{file}: disturbance {d.id!r}", s) for s in d.flip]
        steps += [(f"{file}: disturbance {d.id!r}", a) for a in d.abilities]
    for c in cards:
        steps += [(f"{file}: card {c.name!r}", a) for a in c.abilities]
    for swhere, step in steps:
        for key, kind in EFFECTS[step.effect].items():
            if kind != CARD:
                continue
            name = str(step.params[key])
            if name not in by_name:
                raise ContentError(
                    f"{swhere}: field 'params.{key}' names no card of this adventure: {name!r}"
                )
            if (
                step.effect in ("put-into-play", "shuffle-into-deck")
                and not by_name[name].set_aside
            ):
                raise ContentError(f"{swhere}: {name!r} must have copies 'set_aside' to bring in")
    return Adventure(
        code=code,
        name=need(where, head, "name", str),
        order=need(where, head, "order", int),
        text=need(where, head, "text", str),
        setup=setup,
        missions=missions,
        disturbances=disturbances,
        cards=tuple(cards),
        source=src,
        field_sources=fs,
    )


def parse_campaign(data: dict[str, Any], file: str = "campaign.toml") -> tuple[Unlock, ...]:
    out = []
    for i, rec in enumerate(data.get("unlock", [])):
        card = need(f"{file}: unlock {i + 1}", rec, "card", str)
        where = f"{file}: unlock {card!r}"
        _known(where, rec, {"card", "adventure", "path", "source"})
        src, fs = _sources(where, rec)
        out.append(
            Unlock(
                card,
                need(where, rec, "adventure", str),
                optional(where, rec, "path", str, ""),
                src,
                fs,
            )
        )
    _unique_names(file, "unlock", [u.card for u in out])
    return tuple(out)


# -- deck construction --------------------------------------------------------------------------

MAX_DECK = 30
MAX_UNLOCKED = 2
UNIVERSAL_PER_DECK = 3


class DeckError(ValueError):
    """A player deck that breaks a deck construction rule; `rule` is that rule's id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule


def check_deck(
    hero: str,
    cards: Iterable[str],
    unlocked: Iterable[str] = (),
    *,
    content: Content | None = None,
) -> None:
    """Raise `DeckError` naming the rule `cards` (one name per copy) breaks as `hero`'s deck.

    The rules: at most 30 cards; the hero's Heroic Discipline and no other hero's; three
    different Universal Disciplines; Disciplines whole and each at most once; up to two cards
    from `unlocked` (the campaign's unlocked card names) and no unlockable card that is not.
    """
    c = content if content is not None else load()
    deck = list(cards)
    heroes = {h.name: h for h in c.heroes}
    if hero not in heroes:
        raise DeckError("librarians.deck.hero", f"no hero is named {hero!r}")
    if len(deck) > MAX_DECK:
        raise DeckError(
            "librarians.deck.size",
            f"a deck holds at most {MAX_DECK} cards (28 from Disciplines and 2 unlocked), "
            f"this one has {len(deck)}",
        )
    by_name = {card.name: card for card in c.cards}
    for name in deck:
        if name not in by_name:
            raise DeckError("librarians.deck.card", f"no player card is named {name!r}")
    counts = Counter(deck)
    free = set(unlocked)
    extra = [n for n in deck if by_name[n].unlockable]
    for name in sorted(set(extra)):
        if name not in free:
            raise DeckError(
                "librarians.deck.locked",
                f"{name!r} is an unlockable card that this campaign has not unlocked",
            )
        if counts[name] > by_name[name].copies:
            raise DeckError(
                "librarians.deck.locked",
                f"{name!r} has {by_name[name].copies} copies, the deck asks for {counts[name]}",
            )
    if len(extra) > MAX_UNLOCKED:
        raise DeckError(
            "librarians.deck.unlocked",
            f"a deck may add at most {MAX_UNLOCKED} unlocked cards, this one adds {len(extra)}",
        )
    own = heroes[hero].discipline
    taken = sorted({by_name[n].discipline for n in deck if not by_name[n].unlockable})
    disciplines = {d.name: d for d in c.disciplines}
    for name in taken:
        d = disciplines[name]
        if d.kind == "heroic" and d.hero != hero:
            raise DeckError(
                "librarians.deck.heroic-other",
                f"the Heroic Discipline {name!r} can only be used by {d.hero}, not {hero}",
            )
    if own not in taken:
        raise DeckError(
            "librarians.deck.heroic",
            f"a deck for {hero} must contain the Heroic Discipline {own!r}",
        )
    for name in taken:
        members = [card for card in c.cards if card.discipline == name]
        ratios = {counts[card.name] / card.copies for card in members}
        if len(ratios) == 1 and ratios != {1.0} and min(ratios) >= 2 and min(ratios).is_integer():
            raise DeckError(
                "librarians.deck.once",
                f"no Discipline may be taken more than once; {name!r} is taken "
                f"{int(min(ratios))} times",
            )
        if ratios != {1.0}:
            wrong = ", ".join(
                f"{card.name} {counts[card.name]} of {card.copies}"
                for card in members
                if counts[card.name] != card.copies
            )
            raise DeckError(
                "librarians.deck.whole",
                f"the Discipline {name!r} must be taken whole (7 cards): {wrong}",
            )
    universal = [n for n in taken if disciplines[n].kind == "universal"]
    if len(universal) != UNIVERSAL_PER_DECK:
        shown = ", ".join(universal) or "none"
        raise DeckError(
            "librarians.deck.universal",
            f"a deck needs {UNIVERSAL_PER_DECK} different Universal Disciplines, "
            f"this one has {len(universal)} ({shown})",
        )


# -- loading ------------------------------------------------------------------------------------

ADVENTURE_FILES = tuple(f"adventures/c{i}.toml" for i in range(1, 5))
FILES = ("heroes.toml", "cards.toml", "aid.toml", "dice.toml", "campaign.toml", *ADVENTURE_FILES)
_SAME_CARD: tuple[str, ...] = (
    "type",
    "unique",
    "traits",
    "keywords",
    "challenge",
    "life",
    "damage",
    "progress",
)
_SAME_CARD += ("fate", "abilities", "text")


def build(files: dict[str, dict[str, Any]]) -> Content:
    """Validate parsed TOML documents (by file name, as in `FILES`) into `Content`."""
    heroes = parse_heroes(files["heroes.toml"])
    disciplines = parse_disciplines(files["cards.toml"])
    cards = parse_cards(files["cards.toml"], disciplines)
    aid, effect_cards, focus_power = parse_aid(files["aid.toml"])
    dice = parse_dice(files["dice.toml"])
    unlocks = parse_campaign(files["campaign.toml"])
    adventures = tuple(parse_adventure(files[f], f) for f in ADVENTURE_FILES)

    by_disc = {d.name: d for d in disciplines}
    for h in heroes:
        where = f"heroes.toml: hero {h.name!r}"
        d = by_disc.get(h.discipline)
        if d is None or d.kind != "heroic" or d.hero != h.name:
            raise ContentError(
                f"{where}: field 'discipline' must be its Heroic Discipline, not {h.discipline!r}"
            )
        if h.number != _number(d.first - 1):
            raise ContentError(
                f"{where}: field 'number' must be {_number(d.first - 1)}, "
                "the number before its Discipline's first card"
            )
        for name in h.suggested:
            if name not in by_disc:
                raise ContentError(f"{where}: field 'suggested' names no Discipline: {name!r}")
    hero_names = {h.name for h in heroes}
    for d in disciplines:
        if d.kind == "heroic" and d.hero not in hero_names:
            raise ContentError(
                f"cards.toml: discipline {d.name!r}: field 'hero' names no hero: {d.hero!r}"
            )
    numbers = [h.number for h in heroes] + [n for c in cards for n in c.numbers]
    if sorted(numbers) != [_number(n) for n in range(1, len(numbers) + 1)]:
        dup = [n for n, k in Counter(numbers).items() if k > 1]
        raise ContentError(
            f"cards.toml: collector numbers must run C-001 to C-{len(numbers):03d} once each "
            f"(repeated: {dup})"
        )

    codes = [a.code for a in adventures]
    if codes != [f"C-{i}" for i in range(1, len(adventures) + 1)] or [
        a.order for a in adventures
    ] != list(range(1, len(adventures) + 1)):
        raise ContentError(
            f"adventures: codes and order must run C-1 to C-{len(adventures)}, not {codes}"
        )
    seen: dict[str, tuple[str, AdventureCard]] = {}
    for file, a in zip(ADVENTURE_FILES, adventures, strict=True):
        for card in a.cards:
            if card.name not in seen:
                seen[card.name] = (a.code, card)
                continue
            other_code, other = seen[card.name]
            for key in _SAME_CARD:
                if getattr(card, key) != getattr(other, key):
                    raise ContentError(
                        f"{file}: card {card.name!r}: field {key!r} differs from the same card "
                        f"in {other_code}"
                    )

    unlockable = {c.name for c in cards if c.unlockable}
    by_code = {a.code: a for a in adventures}
    listed = set()
    for u in unlocks:
        where = f"campaign.toml: unlock {u.card!r}"
        if u.card not in unlockable:
            raise ContentError(f"{where}: field 'card' names no unlockable card")
        if u.adventure not in by_code:
            raise ContentError(f"{where}: field 'adventure' names no adventure: {u.adventure!r}")
        listed.add((u.adventure, u.path, u.card))
    missing = unlockable - {u.card for u in unlocks}
    if missing:
        raise ContentError(f"campaign.toml: no adventure unlocks {sorted(missing)[0]!r}")
    won = {
        (a.code, m.path, card)
        for a in adventures
        for m in a.missions
        if m.win
        for card in m.unlocks
    }
    for entry in sorted(won ^ listed):
        where = "campaign.toml" if entry in listed else f"adventure {entry[0]}"
        raise ContentError(
            f"{where}: unlock of {entry[2]!r} (path {entry[1]!r}) must be both on the "
            "checklist and on a winning Mission"
        )

    content = Content(
        heroes, disciplines, cards, aid, effect_cards, focus_power, dice, adventures, unlocks
    )
    for h in heroes:
        try:
            check_deck(h.name, content.suggested_deck(h.name), content=content)
        except DeckError as e:
            raise ContentError(f"heroes.toml: hero {h.name!r}: field 'suggested': {e}") from None
    return content


def _read(name: str) -> dict[str, Any]:
    root = resources.files("tabletop.games.librarians") / "content"
    path = root
    for part in name.split("/"):
        path = path / part
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{name}: {e}") from None


@cache
def load() -> Content:
    return build({name: _read(name) for name in FILES})
