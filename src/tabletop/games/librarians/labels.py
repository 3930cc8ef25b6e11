"""The Librarians: options and questions in the words of the table (issue 22).

The action space (`space.py`) is fixed by the content, so its labels name characters by seat
("P1's hero overcomes the Mission"). Here they are given again for the game at hand: the
character's own name, an Overcome with the dice it would roll, a Meditate or Rest with what
it does; a check's questions name the character, the attribute, what it is made against and
its pool, and say when more Successes can change nothing. The option's id, action and arg
are never changed: only its label. A state without a log (a search's or a simulation's copy,
which nobody reads) keeps the action space's labels and short questions: the words cost time
at every question, and only people read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.decision import Option
from tabletop.games.librarians.content import AdventureCard, Mission
from tabletop.games.librarians.rules import AREA, CHAR, CONTENT, LibrariansState, who, zone
from tabletop.games.librarians.space import _cap, _who

if TYPE_CHECKING:
    from tabletop.games.librarians.check import Check

# The words a check-change question ends with when more Successes can change nothing: the
# terminal's preference `pass-settled-checks` (tabletop.ui.librarians) reads them.
SETTLED = "more Successes change nothing"
SETTLED_POOL = "more dice change nothing"
MEDITATE_TEXT = "discard your top card, gain 1 Energy"
REST_TEXT = "heal 1 damage"
_ALL: tuple[Any, ...] = (*CONTENT.heroes, *CONTENT.cards, *CONTENT.effect_cards)
_RECORDS: dict[str, Any] = {r.name: r for r in _ALL}


def relabel(o: Option, label: str) -> Option:
    return o if label == o.label else Option(o.id, label, o.action, o.arg)


def actor_name(s: LibrariansState, slot: tuple[str, int]) -> str:
    """The name of the card in `slot`: the hero's, the sidekick's, the Aid card's."""
    card = s.actor(slot)
    return s.name(card) if card is not None else _who(slot)


def char(s: LibrariansState, slot: tuple[str, int]) -> Option:
    """'Choose Eve Baird (P1's hero)' for `CHAR[slot]`."""
    o = CHAR[slot]
    if s.log is None:
        return o
    return relabel(o, f"Choose {actor_name(s, slot)} ({_who(slot)})")


def pool_text(s: LibrariansState, actor: int, card: int) -> str:
    """'Wits check: 3 Character vs 2 Challenge dice', the pool an Overcome would roll before
    any card modifies it."""
    from tabletop.games.librarians import check as C

    ch = s.record(card).challenge
    c = C.Check(
        actor, 0, ch.attribute, ch.difficulty, card, mods=tuple(C.constant_mods(s, actor, card))
    )
    chal, chars = C.pool_of(s, c)
    return f"{ch.attribute.title()} check: {chars} Character vs {chal} Challenge dice"


def action(s: LibrariansState, o: Option, card: int = -1) -> Option:
    """An Action-phase option with its actor named (and, for an Overcome of `card`, its pool;
    for Meditate and Rest, what they do)."""
    if s.log is None:
        return o
    kind = o.id.split(":", 1)[0]
    if kind not in ("overcome", "meditate", "rest", "act"):
        return o
    slot = o.arg if kind in ("meditate", "rest") else o.arg[0]
    head = _cap(_who(slot))
    if not o.label.startswith(head):
        return o
    label = actor_name(s, slot) + o.label[len(head) :]
    actor = s.actor(slot)
    if kind == "overcome" and card >= 0 and actor is not None:
        pool = pool_text(s, actor, card)  # (inside the copy's own brackets, if it has some)
        label = f"{label[:-1]}; {pool})" if label.endswith(")") else f"{label} ({pool})"
    elif kind == "meditate":
        label += f" ({MEDITATE_TEXT})"
    elif kind == "rest":
        label += f" ({REST_TEXT})"
    return relabel(o, label)


def check_head(s: LibrariansState, c: Check) -> str:
    """ "Eve Baird's Wits check against Serpent Ninjas"."""
    against = f" against {s.name(c.source)}" if c.source >= 0 else ""
    return f"{s.name(c.actor)}'s {c.attribute.title()} check{against}"


def margin(s: LibrariansState, c: Check) -> int:
    """Successes less Failures (and Serpents, but in Narrative) of the dice as they lie."""
    fail = c.icons("failure") + (0 if s.opts.difficulty == "narrative" else c.icons("serpent"))
    return c.icons("success") - fail


def _margin_wanted(s: LibrariansState, c: Check) -> int:
    """The largest margin a card in play rewards (a "draw if it succeeds by N" ability)."""
    cards = [c.actor] + [x for p in range(s.num_players) for x in s.zones.cards[zone(p, AREA)]]
    wanted = 0
    for card in cards:
        for ab in getattr(s.record(card), "abilities", ()):
            if ab.effect == "draw-on-margin":
                wanted = max(wanted, int(ab.params.get("margin", 0)))
    return wanted


def settled(s: LibrariansState, c: Check) -> bool:
    """The check already succeeds by as much as its result can use: a check against nothing
    or that only spares damage, a Mission that takes one Progress a success, an Enemy left
    with no more life than the margin, an Obstacle with no more Progress to go (and no card in
    play rewards a larger margin). Then devoting or another Success changes nothing."""
    if not c.dice:
        return False
    m = margin(s, c)
    if m <= 0 or m < _margin_wanted(s, c):
        return False
    if c.outcome == "forced-damage" or (c.outcome == "default" and c.source < 0):
        return True
    if c.outcome != "default":
        return False
    rec = s.record(c.source)
    if isinstance(rec, Mission):
        return rec.per_success == "one"
    if isinstance(rec, AdventureCard):
        if rec.type == "enemy":
            return m >= s.life(c.source) - s.damage.get(c.source, 0)
        if rec.progress:
            return m >= int(rec.progress) - s.progress.get(c.source, 0)
    return False


def change_prompt(s: LibrariansState, c: Check, dice: str) -> str:
    if s.log is None:
        return f"Change the dice ({dice}): devote or play a card, or pass"
    m = margin(s, c)
    state = f"succeeds by {m}" if m > 0 else f"fails by {-m}"
    tail = f"; {SETTLED}" if settled(s, c) else ""
    return (
        f"{check_head(s, c)} {state}{tail}. Change the dice ({dice}): devote or play a card, "
        "or pass"
    )


def pool_full(s: LibrariansState, c: Check, p: int) -> bool:
    """The pool rolls 4 Character dice and no Challenge die, and everything `p` could play
    now only adds or removes dice: nothing can change what is rolled."""
    from tabletop.games.librarians import check as C

    chal, chars = C.pool_of(s, c)
    if chars < C.MAX_OF_A_KIND or chal:
        return False
    for o in C.response_cards(s, p, "check-declared"):
        rec = _RECORDS.get(o.arg)
        for ab in rec.abilities if rec is not None else ():
            declared = ab.kind == "response" and ab.trigger == "check-declared"
            if declared and ab.effect != "add-dice":
                return False
    return True


def modify_prompt(s: LibrariansState, c: Check, p: int) -> str:
    if s.log is None:
        return "Modify the check before the roll, or pass"
    from tabletop.games.librarians import check as C

    chal, chars = C.pool_of(s, c)
    tail = f"; the pool is full, {SETTLED_POOL}" if pool_full(s, c, p) else ""
    return (
        f"{check_head(s, c)}, {chars} Character vs {chal} Challenge dice{tail}: modify it "
        "before the roll, or pass"
    )


def discard_prompt(s: LibrariansState, p: int, cause: int) -> str:
    if cause < 0:
        return f"{who(p)}: discard a card"
    return f"{who(p)}: {s.name(cause)} makes you discard a card"
