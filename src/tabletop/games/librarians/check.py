"""The attribute check: a declared procedure of steps on the kernel's flow stack.

    CHECK = (Declare, Modify(window), Pool, Roll, Change(window), Effects, Degree,
             After(window), Outcome, Finish)

read like the rulebook's five steps: (1) declare and build the pool (modifiers first, in a
priority window, then the 4-dice cap and exchange), roll; (2) change results (player cards and
devoting, in a priority window round the table until all pass); (3) Tree of Knowledge effects
(optional, the acting player's) and Serpent effects (mandatory); (4) the degree of success or
failure; (5) the result (the default, or what the card the check is made against says). The
check in progress is one immutable `Check` in `state.check`; each step replaces it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import DiceRolled, Event
from tabletop.engine.flow import NoFields, push
from tabletop.engine.windows import Priority
from tabletop.games.librarians import effects as E
from tabletop.games.librarians.content import AdventureCard, Mission, PlayerCard
from tabletop.games.librarians.rules import (
    AREA,
    CONTENT,
    DISTURBANCE_ZONE,
    DONE,
    FOCUS,
    PASS,
    PLAY,
    POWER,
    SERPENTS,
    SPEND_AID,
    TREE,
    USE,
    LibrariansState,
    who,
    zone,
)

CHARACTER, CHALLENGE = 0, 1  # die kinds
DIE_KINDS = ("character", "challenge")
FACES: tuple[tuple[tuple[str, ...], ...], ...] = (
    CONTENT.die("character").faces,
    CONTENT.die("challenge").faces,
)
SUCCESS_FACE = FACES[CHARACTER].index(("success",))  # what a devote rotates a die to
DOUBLE_FACE = FACES[CHARACTER].index(("success", "success"))
BLANK_FACE = (FACES[CHARACTER].index(()), FACES[CHALLENGE].index(()))
MAX_OF_A_KIND = 4


class Check(NamedTuple):
    """One attribute check. `mods` are (kind, what, value): ("exact", die kind, n), ("add",
    die kind, n) or ("attribute", attribute, 0); the first `given` came with the declaration
    (an action's own modifiers) and are kept if the check is made again."""

    actor: int  # the character (or the Aid card) making the check
    player: int  # who controls it
    attribute: str
    difficulty: int
    source: int = -1  # the card it is made against (-1: none)
    forced: bool = False  # a card forces it: it may roll no Character die
    outcome: str = "default"  # the handler of its result (OUTCOMES)
    damage: int = 0  # a forced check's damage on failure
    mods: tuple[tuple[str, str, int], ...] = ()
    given: int = 0
    challenge: int = 0  # the pool, once built
    character: int = 0
    dice: tuple[tuple[int, int], ...] = ()  # (die kind, face index)
    locked: int = 0  # bitmask over dice: can't be modified again (Expert devotes)
    devoted: int = 0  # bitmask over seats: who devoted a card to this check
    used: tuple[str, ...] = ()  # Tree and Serpent effects used this roll
    serpents_done: bool = False
    margin: int = 0  # successes minus failures, once determined
    retry: bool = False
    partial: int = 0

    def icons(self, icon: str, kind: int | None = None) -> int:
        return sum(FACES[k][f].count(icon) for k, f in self.dice if kind is None or k == kind)

    @property
    def succeeded(self) -> bool:
        return self.margin > 0


def current(s: LibrariansState) -> Check:
    c = s.check
    assert isinstance(c, Check), "no attribute check is being made"
    return c


# -- building the pool ------------------------------------------------------------------------
def against(s: LibrariansState, source: int) -> str:
    """What kind of card a check is made against: enemy, obstacle, mission or ''."""
    if source < 0:
        return ""
    rec = s.record(source)
    if isinstance(rec, Mission):
        return "mission"
    if isinstance(rec, AdventureCard):
        return rec.type if rec.type in ("enemy", "obstacle") else ""
    return ""


def constant_mods(s: LibrariansState, actor: int, source: int) -> list[tuple[str, str, int]]:
    """librarians.check.constant: dice a card in play always adds (a sidekick's own "rolls 1
    more Character die", an attachment on the actor, a card of its controller's)."""
    out: list[tuple[str, str, int]] = []
    p = s.area_of(actor)
    if p < 0 or actor == s.t.aid:
        return out
    kind = against(s, source)
    for c in s.zones.cards[zone(p, AREA)]:
        rec = s.record(c)
        if not isinstance(rec, PlayerCard):
            continue
        for ab in rec.abilities:
            if ab.kind != "constant" or ab.effect != "add-dice":
                continue
            whose = ab.params["whose"]
            mine = c == actor or s.attached.get(c) == actor
            if ((whose == "self" and mine) or whose == "yours") and ab.params["against"] in (
                "any",
                kind,
            ):
                out.append(("add", str(ab.params["die"]), int(ab.params["amount"])))
    return out


def pool(
    rating: int, difficulty: int, mods: tuple[tuple[str, str, int], ...], dash: bool
) -> tuple[int, int]:
    """(Challenge dice, Character dice) of a pool.

    librarians.check.modifiers: exact values replace the number the difficulty or attribute
    gives, then additions and subtractions apply (an attribute change has already chosen
    `rating`); librarians.check.dash: a dash gives no Character die and nothing raises it;
    librarians.check.cap: never more than 4 of a kind, each die over 4 removing one of the
    other kind, and never fewer than 0."""
    chal, char = difficulty, rating
    for kind, what, n in mods:
        if kind == "exact":
            if what == "challenge":
                chal = n
            else:
                char = n
    for kind, what, n in mods:
        if kind == "add":
            if what == "challenge":
                chal += n
            else:
                char += n
    if dash:
        char = 0
    chal, char = max(chal, 0), max(char, 0)
    over_chal, over_char = max(chal - MAX_OF_A_KIND, 0), max(char - MAX_OF_A_KIND, 0)
    chal = max(min(chal, MAX_OF_A_KIND) - over_char, 0)
    char = max(min(char, MAX_OF_A_KIND) - over_chal, 0)
    return chal, char


def attribute_of(c: Check) -> str:
    """librarians.check.attribute-change: the last attribute change declared wins."""
    attr = c.attribute
    for kind, what, _ in c.mods:
        if kind == "attribute":
            attr = what
    return attr


def pool_of(s: LibrariansState, c: Check) -> tuple[int, int]:
    attr = attribute_of(c)
    dash = attr in s.record(c.actor).attributes.dashes
    return pool(s.attribute(c.actor, attr), c.difficulty, c.mods, dash)


def can_declare(
    s: LibrariansState,
    actor: int,
    attribute: str,
    difficulty: int,
    source: int = -1,
    mods: tuple[tuple[str, str, int], ...] = (),
) -> bool:
    """librarians.check.at-least-one: a check may be declared only if it would roll at
    least one Character die (with the modifiers known at declaration)."""
    c = Check(
        actor, 0, attribute, difficulty, source, mods=(*mods, *constant_mods(s, actor, source))
    )
    return pool_of(s, c)[1] > 0


def start_check(
    s: LibrariansState,
    actor: int,
    attribute: str,
    difficulty: int,
    source: int = -1,
    *,
    forced: bool = False,
    mods: tuple[tuple[str, str, int], ...] = (),
    outcome: str = "default",
    damage: int = 0,
) -> None:
    """Push an attribute check by `actor` (a character or the Aid card) on top of the flow
    (the caller settles). A check that is not forced must roll a Character die."""
    if s.check is not None:
        raise AssertionError("an attribute check is already being made")
    if not forced and not can_declare(s, actor, attribute, difficulty, source, mods):
        raise ValueError(
            f"{s.name(actor)} would roll no Character die: the check can't be declared"
        )
    p = s.area_of(actor)
    all_mods = (*mods, *constant_mods(s, actor, source))
    s.check = Check(
        actor, p, attribute, difficulty, source, forced, outcome, damage, all_mods, len(all_mods)
    )
    order = s.seats_from(p)
    push(
        s,
        Declare(),
        Modify(order),
        Pool(),
        Roll(),
        Change(order),
        Effects(),
        Degree(),
        After(order, 0, 0),
        Outcome(),
        Finish(),
    )


# -- the steps -----------------------------------------------------------------------------------
class Declare(NoFields):
    """librarians.check.declare: the character, the attribute and the difficulty."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.declare"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        target = f" against {s.name(c.source)}" if c.source >= 0 else ""
        s.emit(
            Event(
                self.rule,
                f"{s.name(c.actor)} makes {'an' if c.attribute == 'insight' else 'a'} "
                f"{c.attribute.title()} {c.difficulty} check{target}"
                + (" (forced)" if c.forced else ""),
                player=c.player,
            )
        )


def response_cards(s: LibrariansState, q: int, trigger: str) -> list[Option]:
    """The Response cards of `trigger` in `q`'s hand that `q` may play on this check now, and
    the kept Effects of `q`'s that answer it."""
    from tabletop.games.librarians.play import controlled, payable

    out = []
    seen = set()
    for card in s.hand(q):
        rec = s.record(card)
        if rec.name in seen or rec.cost > s.energy(q):
            continue
        for ab in rec.abilities:
            if ab.kind == "response" and ab.trigger == trigger and E.usable(s, q, ab):
                out.append(PLAY[rec.name])
                seen.add(rec.name)
                break
    for card in controlled(s, q):
        if s.t.kinds[card] not in (FOCUS, POWER) or s.name(card) in seen:
            continue
        for i, ab in enumerate(s.record(card).abilities):
            answers = ab.kind == "response" and ab.trigger == trigger
            if answers and E.usable(s, q, ab) and payable(s, q, card, i):
                out.append(USE[s.name(card)])
                seen.add(s.name(card))
                break
    return out


class Modify(Priority):
    """librarians.check.modifiers: before the roll, every player in turn may play a card that
    modifies the check (the acting player may also spend an Aid token), until all pass."""

    __slots__ = ()
    kind = "check-modify"
    rule = "librarians.check.modifiers"

    def prompt(self, s: LibrariansState, p: int) -> str:
        from tabletop.games.librarians import labels as L

        return L.modify_prompt(s, current(s), p)

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        c = current(s)
        opts = [PASS, *response_cards(s, p, "check-declared")]
        if p == c.player and s.aid_tokens.get(c.actor, 0) > 0:
            opts.append(SPEND_AID)
        return tuple(opts)

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        c = current(s)
        if option is SPEND_AID:
            s.aid_tokens[c.actor] -= 1
            s.check = c._replace(mods=(*c.mods, ("add", "character", 1)))
            s.emit(
                Event(
                    "librarians.effect.aid-token", f"{who(p)} spends an Aid token: +1 Character die"
                )
            )
            return
        E.play_response(s, p, option.arg, "check-declared")


class Pool(NoFields):
    """librarians.check.pool: the pool is gathered (librarians.check.cap)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.pool"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        chal, char = pool_of(s, c)
        s.check = c._replace(challenge=chal, character=char)
        s.emit(Event(self.rule, f"The pool: {char} Character and {chal} Challenge dice"))


class Roll(NoFields):
    """librarians.check.roll: every die of the pool is rolled (Character dice first)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.roll"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        kinds = [CHARACTER] * c.character + [CHALLENGE] * c.challenge
        dice = tuple((k, s.rng.die(len(FACES[k])) - 1) for k in kinds)
        s.check = c._replace(dice=dice)
        s.emit(DiceRolled(self.rule, "Rolled: " + describe(s.check), player=c.player))


def face_text(kind: int, face: int) -> str:
    icons = FACES[kind][face]
    return "+".join(icons) if icons else "blank"


def describe(c: Check) -> str:
    return ", ".join(f"{DIE_KINDS[k]} {face_text(k, f)}" for k, f in c.dice) or "no dice"


class Effects(NoFields):
    """librarians.check.tree and librarians.check.serpent: the acting player may use each Tree
    of Knowledge effect of the acting character (and its attachments) once per roll, and
    chooses when the mandatory Serpent effects resolve (at the latest when done)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.tree"

    def run(self, s: LibrariansState) -> None:
        if E.tree_effects(s):
            s.flow.append(TreeChoice())
        else:
            serpents(s)


class TreeChoice(NoFields):
    __slots__ = ()
    auto = False
    rule = "librarians.check.tree"

    def ask(self, s: LibrariansState) -> Decision:
        c = current(s)
        opts = [TREE[name] for name in E.tree_effects(s)]
        if not c.serpents_done and c.icons("serpent"):
            opts.append(SERPENTS)
        opts.append(DONE)
        return Decision(
            (c.player,),
            "check-tree",
            f"{who(c.player)}: use a Tree of Knowledge effect ({c.icons('tree')} rolled), or done",
            tuple(opts),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is DONE:
            serpents(s)
            return
        s.flow.append(Effects())
        if option is SERPENTS:
            serpents(s)
        else:
            E.use_tree(s, option.arg)


def serpents(s: LibrariansState) -> None:
    """librarians.check.serpent: one Serpent uses the Serpent effect of the Adventure card the
    check is made against, or else the Disturbance's; two or more use each once."""
    c = current(s)
    if c.serpents_done:
        return
    s.check = c = c._replace(serpents_done=True)
    n = c.icons("serpent")
    if not n:
        return
    effects: list[int] = []
    if (
        c.source >= 0
        and isinstance(s.record(c.source), AdventureCard)
        and E.serpent_abilities(s, c.source)
    ):
        effects.append(c.source)
    dist = s.zones.cards[DISTURBANCE_ZONE]
    if dist and E.serpent_abilities(s, dist[-1]) and (n >= 2 or not effects):
        effects.append(dist[-1])
    for card in effects:
        s.emit(Event("librarians.check.serpent", f"Serpent: {s.name(card)}'s Serpent effect"))
        for ab in E.serpent_abilities(s, card):
            E.HANDLERS[ab.effect](s, E.Use(c.player, card, ab.params, c.actor))


class Degree(NoFields):
    """librarians.check.degree: each Failure or Serpent cancels a Success (librarians.check.
    narrative-serpent: in Narrative Mode a Serpent is no failure)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.degree"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        succ = c.icons("success")
        fail = c.icons("failure") + (0 if s.opts.difficulty == "narrative" else c.icons("serpent"))
        s.check = c = c._replace(margin=succ - fail)
        how = f"succeeds by {c.margin}" if c.succeeded else f"fails by {-c.margin}"
        s.emit(Event(self.rule, f"{succ} Success against {fail} Failure: the check {how}"))


class After(Priority):
    """librarians.check.after: once the check has succeeded or failed, every player once in
    turn may play a Response to it ("after your character fails a check...")."""

    __slots__ = ()
    kind = "check-after"
    rule = "librarians.check.after"
    reopens = False

    def prompt(self, s: LibrariansState, p: int) -> str:
        return (
            "The check "
            + ("succeeded" if current(s).succeeded else "failed")
            + ": respond, or pass"
        )

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        trigger = "check-succeeded" if current(s).succeeded else "check-failed"
        return (PASS, *response_cards(s, p, trigger))

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        E.play_response(
            s, p, option.arg, "check-succeeded" if current(s).succeeded else "check-failed"
        )


class Outcome(NoFields):
    """librarians.check.result: the check's result, by its outcome handler."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.result"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        if c.retry and not c.succeeded:
            return  # made again (Finish)
        E.OUTCOMES[c.outcome](s, c)


class Finish(NoFields):
    """librarians.check.end: forced effects of a success, then the check is over (or is made
    again, librarians.effect.retry-check)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.end"

    def run(self, s: LibrariansState) -> None:
        c = current(s)
        if c.succeeded:
            E.after_success(s, c)
        s.check = None
        if c.retry and not c.succeeded:
            s.emit(
                Event("librarians.effect.retry-check", f"{s.name(c.actor)} makes the check again")
            )
            start_check(
                s,
                c.actor,
                c.attribute,
                c.difficulty,
                c.source,
                forced=c.forced,
                mods=c.mods[: c.given],
                outcome=c.outcome,
                damage=c.damage,
            )


class _Fields(NamedTuple):
    actor: int
    attribute: str
    difficulty: int
    damage: int


class Forced(_Fields):
    """librarians.check.forced: a card forces a check (it may roll no Character die)."""

    __slots__ = ()
    auto = True
    rule = "librarians.check.forced"

    def run(self, s: LibrariansState) -> None:
        start_check(
            s,
            self.actor,
            self.attribute,
            self.difficulty,
            forced=True,
            outcome="forced-damage",
            damage=self.damage,
        )


# The change-results step (its window, devoting, the die effects) lives in change.py.
from tabletop.games.librarians.change import (  # noqa: E402
    Change,
    ChooseDie,
    change_die,
    devotable,
)

__all__ = ["CHECK_STEPS", "Change", "Check", "ChooseDie", "change_die", "devotable", "start_check"]
CHECK_STEPS: tuple[type[Any], ...] = (
    Declare,
    Modify,
    Pool,
    Roll,
    Change,
    Effects,
    Degree,
    After,
    Outcome,
    Finish,
)
