"""The Librarians: the effect handlers the content names (`content.EFFECTS`), one per effect.

Cards, heroes, Aid cards, Effects and adventure cards name their behaviour by effect id with
typed parameters; each id the attribute check (and the set-up) needs has one handler here,
registered with its rule id in `HANDLERS`. Constant bonuses read where they apply are declared
plain; `LATER` lists the effects the phases still to be written will implement. A check's
result has its own small registry, `OUTCOMES` (the default result, a forced check's damage).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.engine.handlers import Handlers
from tabletop.games.librarians import copies as X
from tabletop.games.librarians import labels as L
from tabletop.games.librarians.content import Ability, AdventureCard, Mission
from tabletop.games.librarians.rules import (
    ADV_DISCARD,
    AREA,
    DISCARD,
    DISCARD_OPT,
    ENEMY,
    FOCUS_SET,
    HAND,
    MAGIC,
    PASS,
    POWER_SET,
    SET_ASIDE,
    SPECIAL,
    UNASSIGNED,
    LibrariansState,
    who,
    zone,
)

if TYPE_CHECKING:
    from tabletop.games.librarians.check import Check


class Use(NamedTuple):
    """One use of an effect: by `player`, of `card`'s ability (-1: a set-up step), with its
    parameters; `actor` is the character making the check, `target` what an action aims at."""

    player: int
    card: int
    params: Mapping[str, Any]
    actor: int = -1
    target: int = -1


HANDLERS = Handlers("librarians.effect")
OUTCOMES = Handlers("librarians.outcome")
# read where they apply: LibrariansState.attribute, LibrariansState.life
HANDLERS.plain("attribute-bonus", "life-bonus", "enemy-life-bonus")


def _check(s: LibrariansState) -> Check:
    from tabletop.games.librarians.check import current

    return current(s)


def _chk() -> Any:
    from tabletop.games.librarians import check

    return check


# -- who may use what ---------------------------------------------------------------------------
def usable(s: LibrariansState, q: int, ab: Ability) -> bool:
    """Whether player `q` may use `ab` (a Response) on the check being made now: its `whose`
    (librarians.check.whose) and something for it to change."""
    c = _check(s)
    whose = ab.params.get("whose", "yours")
    if whose in ("self", "yours") and q != c.player:
        return False
    if whose == "other" and q == c.player:
        return False
    if ab.effect in ("set-die", "blank-die", "reroll"):
        die = ab.params.get("die", "character")
        kind = {"character": 0, "challenge": 1}.get(str(die))
        free = [i for i, (k, _) in enumerate(c.dice) if not (c.locked >> i) & 1]
        return any(kind is None or c.dice[i][0] == kind for i in free)
    if ab.effect in ("retry-check", "partial-success"):
        return c.source >= 0 or ab.effect == "retry-check"
    return True


def play_response(s: LibrariansState, p: int, name: str, trigger: str) -> None:
    """`p` plays the Response card `name` from hand: pay its Energy, discard it, resolve it."""
    from tabletop.games.librarians import play as U

    in_hand = [x for x in s.hand(p) if s.name(x) == name]
    card = min(in_hand) if in_hand else min(x for x in U.controlled(s, p) if s.name(x) == name)
    rec = s.record(card)
    i = next(
        i for i, a in enumerate(rec.abilities) if a.kind == "response" and a.trigger == trigger
    )
    c = _check(s)
    U.use(s, p, card, i, c.actor, c.source, from_hand=bool(in_hand))


# -- dice and checks ----------------------------------------------------------------------------
def _add_mod(s: LibrariansState, mod: tuple[str, str, int], text: str, rule: str) -> None:
    c = _check(s)
    s.check = c._replace(mods=(*c.mods, mod))
    s.emit(Event(rule, text))


@HANDLERS.handler("add-dice", rule="librarians.effect.add-dice")
def add_dice(s: LibrariansState, u: Use) -> None:
    die, n = str(u.params["die"]), int(u.params["amount"])
    _add_mod(
        s,
        ("add", die, n),
        f"The check rolls {n:+d} {die.title()} dice",
        "librarians.effect.add-dice",
    )


@HANDLERS.handler("use-attribute", rule="librarians.effect.use-attribute")
def use_attribute(s: LibrariansState, u: Use) -> None:
    attr = str(u.params["attribute"])
    _add_mod(
        s,
        ("attribute", attr, 0),
        f"The check is made with {attr.title()}",
        "librarians.effect.use-attribute",
    )


@HANDLERS.handler("overcome-with", rule="librarians.effect.overcome-with")
def overcome_with(s: LibrariansState, u: Use) -> None:
    """Overcome `u.target` with `u.actor`, using another attribute and/or more dice."""
    ch = s.record(u.target).challenge
    mods: tuple[tuple[str, str, int], ...] = ()
    if u.params["attribute"]:
        mods += (("attribute", str(u.params["attribute"]), 0),)
    if u.params["character_dice"]:
        mods += (("add", "character", int(u.params["character_dice"])),)
    _chk().start_check(s, u.actor, ch.attribute, ch.difficulty, u.target, mods=mods)


@HANDLERS.handler("set-die", rule="librarians.effect.set-die")
def set_die(s: LibrariansState, u: Use) -> None:
    face = "set-double-success" if u.params["face"] == "double-success" else "set-success"
    s.flow.append(_chk().ChooseDie(u.player, face, int(u.params["count"]), False))


@HANDLERS.handler("blank-die", rule="librarians.effect.blank-die")
def blank_die(s: LibrariansState, u: Use) -> None:
    s.flow.append(
        _chk().ChooseDie(u.player, f"blank-{u.params['die']}", int(u.params["count"]), False)
    )


@HANDLERS.handler("reroll", rule="librarians.effect.reroll")
def reroll(s: LibrariansState, u: Use) -> None:
    s.flow.append(
        _chk().ChooseDie(u.player, f"reroll-{u.params['die']}", int(u.params["count"]), False)
    )


@HANDLERS.handler("retry-check", rule="librarians.effect.retry-check")
def retry_check(s: LibrariansState, u: Use) -> None:
    s.check = _check(s)._replace(retry=True)


@HANDLERS.handler("partial-success", rule="librarians.effect.partial-success")
def partial_success(s: LibrariansState, u: Use) -> None:
    s.check = _check(s)._replace(partial=int(u.params["amount"]))


@HANDLERS.handler("forced-check", rule="librarians.effect.forced-check")
def forced_check(s: LibrariansState, u: Use) -> None:
    """A card forces a check: the drawer's (acting player's) hero, or every hero in turn."""
    p = u.player
    seats = (p,) if u.params["who"] in ("acting", "drawer") else s.seats_from(p)
    F = _chk().Forced
    attr, diff, dmg = (
        str(u.params["attribute"]),
        int(u.params["difficulty"]),
        int(u.params["damage"]),
    )
    push(s, *(F(s.t.heroes[q], attr, diff, dmg) for q in seats))


@HANDLERS.handler("draw-on-margin", rule="librarians.effect.draw-on-margin")
def draw_on_margin(s: LibrariansState, u: Use) -> None:
    c = _check(s)
    key = f"{u.card}:draw-on-margin"
    attr = _chk().attribute_of(c)
    if attr == u.params["attribute"] and c.margin >= int(u.params["margin"]) and key not in s.used:
        s.used.append(key)
        for _ in range(int(u.params["amount"])):
            s.draw(u.player, "librarians.effect.draw-on-margin")


def after_success(s: LibrariansState, c: Check) -> None:
    """Forced "when it succeeds" abilities of the acting character."""
    if c.actor == s.t.aid:
        return
    for ab in s.record(c.actor).abilities:
        if ab.kind == "forced" and ab.trigger == "check-succeeded":
            HANDLERS[ab.effect](s, Use(c.player, c.actor, ab.params, c.actor, c.source))


# -- Tree of Knowledge --------------------------------------------------------------------------
def _tree_sources(s: LibrariansState) -> list[tuple[int, int, Ability]]:
    """(card, ability index, ability) of the Tree effects of the acting character and of the
    attachments on it (librarians.check.tree-sources)."""
    c = _check(s)
    cards = [c.actor, *sorted(x for x, host in s.attached.items() if host == c.actor)]
    return [
        (card, i, ab)
        for card in cards
        for i, ab in enumerate(s.record(card).abilities)
        if ab.kind == "tree"
    ]


def tree_effects(s: LibrariansState) -> list[str]:
    """The names of the Tree effects the acting player may use now: each once per roll, each
    needing as many Tree icons as it costs (librarians.check.tree-icons)."""
    c = _check(s)
    icons = c.icons("tree")
    out = []
    for card, i, ab in _tree_sources(s):
        if f"{card}:{i}" in c.used or ab.cost.get("tree", 1) > icons:
            continue
        if ab.effect == "exhaust-enemy" and not _ready_enemies(s):
            continue
        out.append(s.name(card))
    return list(dict.fromkeys(out))


def use_tree(s: LibrariansState, name: str) -> None:
    c = _check(s)
    for card, i, ab in _tree_sources(s):
        if s.name(card) == name and f"{card}:{i}" not in c.used:
            s.check = c._replace(used=(*c.used, f"{card}:{i}"))
            s.emit(Event("librarians.check.tree", f"Tree of Knowledge: {name}", player=c.player))
            HANDLERS[ab.effect](s, Use(c.player, card, ab.params, c.actor, c.source))
            return
    raise AssertionError(f"no Tree of Knowledge effect of {name} to use")


@HANDLERS.handler("aid-token", rule="librarians.effect.aid-token")
def aid_token(s: LibrariansState, u: Use) -> None:
    """Eve: she takes damage, then gives any character an Aid token worth dice."""
    deal_damage(s, u.card, int(u.params["damage"]), "librarians.effect.aid-token")
    s.flow.append(ChooseCharacter(u.player, int(u.params["dice"])))


@HANDLERS.handler("gain-clues", rule="librarians.effect.gain-clues")
def gain_clues(s: LibrariansState, u: Use) -> None:
    s.clues[u.player] += int(u.params["amount"])
    s.emit(Event("librarians.effect.gain-clues", f"{who(u.player)} gains a Clue token"))


@HANDLERS.handler("gain-focus-power", rule="librarians.effect.gain-focus-power")
def gain_focus_power(s: LibrariansState, u: Use) -> None:
    """Taken at random from the set, face down (nobody sees its Effect)."""
    for src, n, what in (
        (FOCUS_SET, u.params["focus"], "Focus"),
        (POWER_SET, u.params["power"], "Power"),
    ):
        for _ in range(int(n)):
            cards = s.zones.cards[src]
            if cards:
                card = cards[s.rng.below(len(cards))]
                s.move(
                    card,
                    src,
                    zone(u.player, MAGIC),
                    "librarians.effect.gain-focus-power",
                    f"{who(u.player)} gains a {what} card",
                )


@HANDLERS.handler("exhaust-enemy", rule="librarians.effect.exhaust-enemy")
def exhaust_enemy(s: LibrariansState, u: Use) -> None:
    """Exhaust a ready enemy, the player's pick; or every enemy assigned to the player
    chosen (`u.target`)."""
    if u.params["target"] == "all-assigned-enemies":
        for card in s.zones.cards[zone(u.target, AREA)]:
            rec = s.record(card)
            if isinstance(rec, AdventureCard) and rec.type == "enemy" and s.ready(card):
                s.exhaust(card, "librarians.effect.exhaust-enemy")
    elif _ready_enemies(s):
        s.flow.append(ChooseEnemy(u.player))


@HANDLERS.handler("draw", rule="librarians.effect.draw")
def draw(s: LibrariansState, u: Use) -> None:
    for _ in range(int(u.params["amount"])):
        s.draw(u.player, "librarians.effect.draw")


# -- Serpent effects ----------------------------------------------------------------------------
def serpent_abilities(s: LibrariansState, card: int) -> list[Ability]:
    return [ab for ab in getattr(s.record(card), "abilities", ()) if ab.kind == "serpent"]


@HANDLERS.handler("none", rule="librarians.effect.none")
def no_effect(s: LibrariansState, u: Use) -> None:
    s.emit(Event("librarians.effect.none", "No additional effect"))


@HANDLERS.handler("add-fate", rule="librarians.effect.add-fate")
def add_fate(s: LibrariansState, u: Use) -> None:
    s.fate += int(u.params["amount"])
    s.emit(
        Event(
            "librarians.effect.add-fate",
            f"{u.params['amount']} Fate is added: {s.fate} on the Disturbance",
        )
    )


@HANDLERS.handler("damage-characters", rule="librarians.effect.damage-characters")
def damage_characters(s: LibrariansState, u: Use) -> None:
    n = int(u.params["amount"])
    if u.params["who"] in ("acting", "drawer"):
        targets = [u.actor if u.actor >= 0 else s.t.heroes[u.player]]
    else:
        targets = list(s.t.heroes)
    for card in targets:
        deal_damage(s, card, n, "librarians.effect.damage-characters")


@HANDLERS.handler("discard-hand", rule="librarians.effect.discard-hand")
def discard_hand(s: LibrariansState, u: Use) -> None:
    seats = (u.player,) if u.params["who"] in ("acting", "drawer") else s.seats_from(u.player)
    for q in reversed(seats):
        for _ in range(min(int(u.params["amount"]), len(s.hand(q)))):
            s.flow.append(DiscardCard(q, u.card))


# -- set-up -------------------------------------------------------------------------------------
@HANDLERS.handler("put-into-play", rule="librarians.effect.put-into-play")
def put_into_play(s: LibrariansState, u: Use) -> None:
    name = str(u.params["card"])
    card = next(c for c in s.zones.cards[SET_ASIDE] if s.name(c) == name)
    where = {"special": SPECIAL, "unassigned": UNASSIGNED}.get(
        str(u.params["where"]), zone(s.first, AREA)
    )
    s.move(card, SET_ASIDE, where, "librarians.effect.put-into-play", "{card} enters play")


# -- damage and defeat --------------------------------------------------------------------------
def life_bonus(s: LibrariansState, card: int) -> int:
    """Life a card gains from cards in play: an enemy from a Special card's trait bonus, a
    character from the attachments on it."""
    rec = s.record(card)
    bonus = 0
    if isinstance(rec, AdventureCard):
        for sp in s.zones.cards[SPECIAL]:
            for ab in s.record(sp).abilities:
                if ab.effect == "enemy-life-bonus" and ab.params["trait"] in rec.traits:
                    bonus += int(ab.params["amount"])
    else:
        for att, host in s.attached.items():
            for ab in s.record(att).abilities:
                if host == card and ab.effect == "life-bonus":
                    bonus += int(ab.params["amount"])
    return bonus


def deal_damage(s: LibrariansState, card: int, n: int, rule: str) -> int:
    """Damage on a character (`damage.py`: prevention, defeat, elimination)."""
    from tabletop.games.librarians.damage import deal_damage as deal

    return deal(s, card, n, rule)


def place(s: LibrariansState, card: int, n: int, rule: str) -> None:
    """`n` Damage on an enemy or Progress on an Obstacle or the Mission; a defeated Enemy or
    Obstacle goes to the Adventure discard pile (librarians.check.defeat)."""
    rec = s.record(card)
    if isinstance(rec, AdventureCard) and rec.type == "enemy":
        s.damage[card] = total = s.damage.get(card, 0) + n
        s.emit(Event(rule, f"{n} Damage on {rec.name} ({total} of {s.life(card)})"))
        done = total >= s.life(card)
    else:
        s.progress[card] = total = s.progress.get(card, 0) + n
        s.emit(Event(rule, f"{n} Progress on {rec.name} ({total})"))
        done = isinstance(rec, AdventureCard) and total >= rec.progress
    if done:
        from tabletop.games.librarians import triggers as T

        owner = s.area_of(card)
        s.damage.pop(card, None)
        s.progress.pop(card, None)
        s.exhausted.pop(card, None)
        s.move(card, s.where(card), ADV_DISCARD, "librarians.check.defeat", "{card} is defeated")
        if isinstance(rec, AdventureCard):
            who_ = owner if owner >= 0 else s.first
            T.fire(s, f"{rec.type}-defeated", who_, card)


@OUTCOMES.handler("default", rule="librarians.check.default-result")
def default_result(s: LibrariansState, c: Check) -> None:
    """A success places 1 Progress (Obstacle, Mission) or 1 Damage (Enemy) per degree; a
    Mission whose card says "one" places 1 whatever the degree (librarians.check.card-result);
    a failure places nothing, unless a card grants a partial success."""
    if c.source < 0 or s.where(c.source) in (ADV_DISCARD,):
        return
    n = c.margin if c.succeeded else c.partial
    if n <= 0:
        return
    rec = s.record(c.source)
    if c.succeeded and isinstance(rec, Mission) and rec.per_success == "one":
        n = 1
        rule = "librarians.check.card-result"
    else:
        rule = (
            "librarians.check.default-result"
            if c.succeeded
            else "librarians.effect.partial-success"
        )
    place(s, c.source, n, rule)


@OUTCOMES.handler("forced-damage", rule="librarians.check.forced")
def forced_damage(s: LibrariansState, c: Check) -> None:
    if not c.succeeded and c.damage:
        deal_damage(s, c.actor, c.damage, "librarians.check.forced")


# -- the questions these effects ask ------------------------------------------------------------
class _Player(NamedTuple):
    player: int


class _PlayerAmount(NamedTuple):
    player: int
    amount: int


def _characters(s: LibrariansState) -> list[tuple[tuple[str, int], int]]:
    out = []
    for p in range(s.num_players):
        out.append((("hero", p), s.t.heroes[p]))
        side = s.sidekick(p)
        if side is not None:
            out.append((("sidekick", p), side))
    return out


class ChooseCharacter(_PlayerAmount):
    """librarians.effect.aid-token: the character (any; the Aid card is none) that gets it."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.aid-token"

    def ask(self, s: LibrariansState) -> Decision:
        opts = tuple(L.char(s, slot) for slot, _ in _characters(s))
        prompt = f"{who(self.player)}: give an Aid token to which character?"
        return Decision((self.player,), "choose-character", prompt, opts, self.rule)

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        card = s.actor(option.arg)
        assert card is not None
        s.aid_tokens[card] = s.aid_tokens.get(card, 0) + self.amount
        s.emit(Event(self.rule, f"{s.name(card)} gets an Aid token"))


def _ready_enemies(s: LibrariansState) -> list[int]:
    zones = [UNASSIGNED] + [zone(p, AREA) for p in range(s.num_players)]
    return [
        card
        for zi in zones
        for card in s.zones.cards[zi]
        if isinstance(rec := s.record(card), AdventureCard)
        and rec.type == "enemy"
        and s.ready(card)
    ]


class ChooseEnemy(_Player):
    """librarians.effect.exhaust-enemy: which ready enemy is exhausted (copies of one name
    that differ, where they are included, each: librarians.interpret.same-name)."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.exhaust-enemy"

    def ask(self, s: LibrariansState) -> Decision:
        choices = X.distinct(s, _ready_enemies(s))
        opts = tuple(
            X.option(s, ENEMY, s.name(c), c, k, places=True)
            for c, k in sorted(choices, key=lambda x: (s.name(x[0]), x[1]))
        )
        return Decision((self.player,), "choose-enemy", "Exhaust which enemy?", opts, self.rule)

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if isinstance(option.arg, tuple):
            card = X.card_of(s, *option.arg)
        else:
            card = min(c for c in _ready_enemies(s) if s.name(c) == option.arg)
        s.exhaust(card, self.rule)


class _PlayerCause(NamedTuple):
    player: int
    cause: int = -1  # the card that makes the player discard (-1: not said)


class DiscardCard(_PlayerCause):
    """librarians.effect.discard-hand: the player chooses a card of their hand to discard."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.discard-hand"

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in s.hand(self.player)})
        # (a hand emptied meanwhile, by an effect that came in between: nothing to discard)
        opts = tuple(DISCARD_OPT[n] for n in names) or (PASS,)
        prompt = L.discard_prompt(s, self.player, self.cause)
        return Decision((self.player,), "discard", prompt, opts, self.rule)

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is PASS:
            return
        card = min(x for x in s.hand(p) if s.name(x) == option.arg)
        s.move(card, zone(p, HAND), zone(p, DISCARD), self.rule, f"{who(p)} discards {{card}}")
