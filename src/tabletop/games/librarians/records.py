"""The Librarians content: the names the content may use and the typed records it is read
into (heroes, player cards, Aid and Focus/Power cards, dice, adventures, the campaign
checklist). `content.load()` reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any

from pydantic import AfterValidator

from tabletop.engine.content import SOURCES
from tabletop.engine.declared import Count, Field, OneOf, Rule, declared

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


# -- checks across fields -----------------------------------------------------------------------


def params_problem(effect: str, vals: Mapping[str, Any]) -> str | None:
    """What is wrong with a handler's parameters (exactly its declared ones, each of its
    kind), or None."""
    spec = EFFECTS[effect]
    if set(vals) != set(spec):
        want = ", ".join(spec) or "none"
        return f"field 'params' of {effect!r} must be exactly ({want}), not ({', '.join(vals)})"
    for key, kind in spec.items():
        val, name = vals[key], f"params.{key}"
        if kind in (INT, SIGNED) and type(val) is not int:
            return f"field {name!r} must be int, not {val!r}"
        if kind == INT and val < 0:
            return f"field {name!r} must not be negative, not {val}"
        if kind == BOOL and type(val) is not bool:
            return f"field {name!r} must be bool, not {val!r}"
        if kind in (TEXT, CARD) and type(val) is not str:
            return f"field {name!r} must be str, not {val!r}"
        if isinstance(kind, tuple) and val not in kind:
            return f"field {name!r} is {val!r}; allowed: {', '.join(repr(a) for a in kind)}"
    return None


def _step(s: Step) -> str | None:
    return params_problem(s.effect, s.params)


def _ability(a: Ability) -> str | None:
    if a.kind in TRIGGERED and a.trigger not in TRIGGERS:
        if not a.trigger:
            return "missing field 'trigger'"
        return f"field 'trigger' is {a.trigger!r}; allowed: {', '.join(map(repr, TRIGGERS))}"
    if a.kind not in TRIGGERED and a.trigger:
        return "field 'trigger' is only for response and forced"
    if a.kind != "tree" and "tree" in a.cost:
        return "only a Tree of Knowledge effect costs icons"
    return params_problem(a.effect, a.params)


def _tree_cost(a: Ability) -> Ability:
    """A Tree of Knowledge effect costs one icon unless it says otherwise."""
    return (
        replace(a, cost={**a.cost, "tree": 1}) if a.kind == "tree" and "tree" not in a.cost else a
    )


def of_kinds(kinds: tuple[str, ...]) -> Rule:
    """An ability's kind is among those its record may have."""

    def check(a: Ability) -> str | None:
        if a.kind in kinds:
            return None
        return f"field 'kind' is {a.kind!r}; allowed: {', '.join(map(repr, kinds))}"

    return Rule(check)


# -- records (declared once: what a content file may give, and its defaults) --------------------


@declared
@dataclass(frozen=True, slots=True)
class Attributes:
    guile: Rating
    insight: Rating
    lore: Rating
    tactics: Rating
    dashes: frozenset[Annotated[str, OneOf(ATTRIBUTES)]]  # printed as a dash: 0, never raised

    def get(self, name: str) -> int:
        return int(getattr(self, name))


@declared
@dataclass(frozen=True, slots=True)
class Step:
    """One instruction of a setup or of a card's back: a handler and its parameters."""

    effect: Annotated[str, OneOf(tuple(EFFECTS))]
    params: Mapping[str, Param]


@declared
@dataclass(frozen=True, slots=True)
class Ability:
    kind: Annotated[str, OneOf(KINDS)]
    trigger: Empty
    cost: Annotated[Mapping[Annotated[str, OneOf(COSTS)], Count], Field(default_factory=dict)]
    limit: Annotated[str, OneOf(LIMITS), Field(default="")]
    effect: Annotated[str, OneOf(tuple(EFFECTS))]
    params: Mapping[str, Param]


@declared
@dataclass(frozen=True, slots=True)
class Challenge:
    attribute: Annotated[str, OneOf(ATTRIBUTES)]
    difficulty: Rating


@declared
@dataclass(frozen=True, slots=True)
class Hero:
    name: str
    slug: str
    subtitle: str
    number: str
    attributes: Attributes
    life: Annotated[int, Field(ge=1)]
    discipline: str
    suggested: Names
    abilities: HeroAbilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Discipline:
    name: str
    slug: str
    kind: Annotated[str, OneOf(DISCIPLINE_KINDS)]
    hero: Empty  # "" for a Universal Discipline
    first: int
    last: int
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class PlayerCard:
    name: str
    slug: str
    subtitle: Empty
    discipline: str  # "" for an unlockable card
    type: Annotated[str, OneOf(CARD_TYPES)]
    cost: Count
    copies: Annotated[int, OneOf((1, 2))]
    unique: No
    traits: Names
    attach_to: Annotated[str, OneOf(ATTACH_TO), Field(default="")]
    attributes: Annotated[Attributes | None, Field(default=None)]  # sidekicks only
    life: Zero
    countdown: Zero  # Devices only
    numbers: Names
    abilities: PlayerAbilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def unlockable(self) -> bool:
        return not self.discipline

    @property
    def device(self) -> bool:
        return self.countdown > 0


@declared
@dataclass(frozen=True, slots=True)
class AidCard:
    name: str
    difficulty: Annotated[str, OneOf(DIFFICULTIES)]
    attributes: Attributes
    abilities: AidAbilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class EffectCard:
    """The Effect on the back of a Focus or Power card."""

    kind: Annotated[str, OneOf(("focus", "power"))]
    name: str
    abilities: EffectAbilities
    text: str
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class FocusPower:
    flip_cost: Count
    focus: Count
    power: Count


@declared
@dataclass(frozen=True, slots=True)
class Die:
    kind: Annotated[str, OneOf(DICE_KINDS)]
    colour: str
    count: int
    faces: Annotated[
        tuple[tuple[Annotated[str, OneOf(ICONS)], ...], ...], Field(min_length=6, max_length=6)
    ]
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    next: str


@declared
@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    name: str
    challenge: Annotated[Challenge | None, Field(default=None)]
    # per starting players 1-4; None for "*" (the file's "*" is read as None)
    advance: tuple[Positive, Positive, Positive, Positive] | None
    per_success: Annotated[str, OneOf(PER_SUCCESS), Field(default="")]
    next: Empty
    choices: Annotated[tuple[Choice, ...], Field(default=())]
    path: Empty
    win: No
    unlocks: Names
    abilities: AdventureAbilities
    flip: Steps
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def advance_for(self, players: int) -> int | None:
        """The Progress that advances it for `players` starting players (None: see its text)."""
        return None if self.advance is None else self.advance[players - 1]


@declared
@dataclass(frozen=True, slots=True)
class Disturbance:
    id: str
    name: str
    advance: Positive
    next: Empty
    lose: No
    abilities: AdventureAbilities
    flip: Steps
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class AdventureCard:
    name: str
    slug: str
    type: Annotated[str, OneOf(ADVENTURE_TYPES)]
    deck: Zero  # copies shuffled into the Adventure deck
    set_aside: Zero  # copies kept out until a step brings them in
    unique: No
    traits: Names
    keywords: Annotated[tuple[Annotated[str, OneOf(KEYWORDS)], ...], Field(default=())]
    challenge: Annotated[Challenge | None, Field(default=None)]
    life: Zero
    damage: Zero
    progress: Zero
    fate: Zero
    abilities: AdventureAbilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Adventure:
    code: str
    name: str
    order: int
    text: str
    setup: Steps
    missions: tuple[Mission, ...]  # the first is stage 1
    disturbances: tuple[Disturbance, ...]  # the first is stage 1
    cards: tuple[AdventureCard, ...]
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def mission(self, mid: str) -> Mission:
        return next(m for m in self.missions if m.id == mid)

    def card(self, name: str) -> AdventureCard:
        return next(c for c in self.cards if c.name == name)

    @property
    def deck(self) -> tuple[str, ...]:
        """The Adventure deck before shuffling: one name per copy."""
        return tuple(c.name for c in self.cards for _ in range(c.deck))


@declared
@dataclass(frozen=True, slots=True)
class Unlock:
    card: str
    adventure: str
    path: Empty  # "" unless the adventure has several paths
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


# The declared field kinds the records above use.
Source = Annotated[str, OneOf(SOURCES)]
Rating = Annotated[int, Field(ge=0, le=6)]  # an attribute or a difficulty
Positive = Annotated[int, Field(ge=1)]
Names = Annotated[tuple[str, ...], Field(default=())]
Zero = Annotated[Count, Field(default=0)]
No = Annotated[bool, Field(default=False)]
Empty = Annotated[str, Field(default="")]
Steps = Annotated[tuple[Annotated[Step, Rule(_step)], ...], Field(default=())]
ABILITY_CHECKS = (Rule(_ability), AfterValidator(_tree_cost))  # after the kind
_ABILITY = Field(default=(), alias="ability")
HeroAbility = Annotated[Ability, of_kinds(HERO_KINDS), *ABILITY_CHECKS]
PlayerAbility = Annotated[Ability, of_kinds(PLAYER_KINDS), *ABILITY_CHECKS]
AidAbility = Annotated[Ability, of_kinds(AID_KINDS), *ABILITY_CHECKS]
EffectAbility = Annotated[Ability, of_kinds(EFFECT_CARD_KINDS), *ABILITY_CHECKS]
AdventureAbility = Annotated[Ability, of_kinds(ADVENTURE_KINDS), *ABILITY_CHECKS]
HeroAbilities = Annotated[tuple[HeroAbility, ...], _ABILITY]
PlayerAbilities = Annotated[tuple[PlayerAbility, ...], _ABILITY]
AidAbilities = Annotated[tuple[AidAbility, ...], _ABILITY]
EffectAbilities = Annotated[tuple[EffectAbility, ...], Field(alias="ability")]
AdventureAbilities = Annotated[tuple[AdventureAbility, ...], _ABILITY]


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
