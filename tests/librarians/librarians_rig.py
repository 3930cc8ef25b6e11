"""Hand-built Librarians states for the check tests: a game after set-up with chosen heroes,
rigged dice (tests/helpers.py's ScriptedRng: a die shows the face numbered by its value, 1-6,
in the order of content/dice.toml), chosen cards in hand and adventure cards put in play.

Character die faces: 1 Success, 2 Success, 3 double Success, 4 Success + Tree, 5 Tree, 6 blank.
Challenge die faces: 1 Failure, 2 Failure, 3 double Failure, 4 Serpent, 5 blank, 6 blank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from helpers import ScriptedRng, choose, find_option, view_leaks, visible_cards
from tabletop.engine.flow import push, settle
from tabletop.games.librarians import check as C
from tabletop.games.librarians import phases as P
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState, zone

# faces by value (ScriptedRng dice)
SUCCESS, SUCCESS2, DOUBLE, SUCCESS_TREE, TREE, BLANK = 1, 2, 3, 4, 5, 6
FAILURE, FAILURE2, DOUBLE_FAILURE, SERPENT, CBLANK, CBLANK2 = 1, 2, 3, 4, 5, 6
SLUG = {"eve": "eve-baird", "cassandra": "cassandra-cillian", "ezekiel": "ezekiel-jones"}
SLUG["jacob"] = "jacob-stone"
# the questions passed on the way: Responses, mulligans, the windows between phases' steps
PASSED = ("respond", "mulligan", "anytime")


class RigState(LibrariansState):
    """A game whose first round starts at its Action phase (no Adventure card drawn), so each
    test puts in play just the cards it needs."""

    __slots__ = ()

    def _first_round(self) -> None:
        push(self, *P.ROUND[[type(step) for step in P.ROUND].index(P.Action) :])


def game(
    heroes: Sequence[str] = ("cassandra", "eve"),
    *,
    dice: Iterable[int] = (),
    seed: int = 0,
    **options: Any,
) -> LibrariansState:
    opts = LibrariansOptions(heroes=tuple(SLUG[h] for h in heroes), **options)
    s = RigState(len(heroes), seed, opts, True)
    s.rng = ScriptedRng(dice, seed=seed + 1)
    assert s.log is not None
    s.log.clear()
    return s


def card_of(s: LibrariansState, seat: int, name: str) -> int:
    """A card of that name among `seat`'s player cards, preferring one not in hand."""
    ids = [c for c in s.t.decks[seat] if s.name(c) == name]
    assert ids, f"seat {seat} has no {name}"
    return sorted(ids, key=lambda c: c in s.hand(seat))[0]


def put(s: LibrariansState, card: int, dst: int) -> None:
    s.zones.move(card, s.where(card), dst)


def give(s: LibrariansState, seat: int, *names: str) -> None:
    """Put these cards of `seat` into their hand."""
    for n in names:
        c = card_of(s, seat, n)
        if c not in s.hand(seat):
            put(s, c, zone(seat, R.HAND))


def empty_hand(s: LibrariansState, seat: int) -> None:
    for c in list(s.hand(seat)):
        put(s, c, zone(seat, R.DECK))


def adventure_card(s: LibrariansState, name: str, dst: int) -> int:
    """An adventure card of that name (set-aside first, then the deck) put into `dst`."""
    for zi in (R.SET_ASIDE, R.ADV_DECK):
        for c in s.zones.cards[zi]:
            if s.name(c) == name:
                put(s, c, dst)
                return c
    raise AssertionError(f"no {name} left to put in play")


def check_now(
    s: LibrariansState, seat: int, attribute: str, difficulty: int, source: int = -1, **kw: Any
) -> None:
    """Start a check by `seat`'s hero now (on top of the Action window) and settle."""
    C.start_check(s, s.t.heroes[seat], attribute, difficulty, source, **kw)
    settle(s)


def refresh(s: LibrariansState) -> None:
    R.ask_again(s)


def kind(s: LibrariansState) -> str:
    d = s.pending
    assert d is not None
    return d.kind


def player(s: LibrariansState) -> int:
    d = s.pending
    assert d is not None
    return d.players[0]


def options(s: LibrariansState) -> list[str]:
    d = s.pending
    assert d is not None
    return [o.id for o in d.options_for(d.players[0])]


def do(s: LibrariansState, wanted: str) -> None:
    """Answer the pending question (whoever is asked) by option id or label; Response
    windows and mulligans in the way that do not offer it are passed first."""
    while kind(s) in PASSED and find_option_or_none(s, player(s), wanted) is None:
        pass_responses(s, once=True)
    choose(s, player(s), wanted)


def passes(s: LibrariansState, until: str | None = None) -> None:
    """Pass every window question until a question of kind `until` (or one that can't be
    passed), and at the latest until the check is over (the Action window is back)."""
    while s.pending is not None and kind(s) != until and kind(s) != "action":
        d = s.pending
        p = d.players[0]
        if find_option_or_none(s, p, "pass") is None:
            if kind(s) == "check-tree":
                do(s, "done")
                continue
            return
        s.apply(p, "pass")


def find_option_or_none(s: LibrariansState, p: int, wanted: str) -> Any:
    try:
        return find_option(s, p, wanted)
    except AssertionError:
        return None


def texts(s: LibrariansState, rule: str | None = None) -> list[str]:
    return [e.text for e in s.log or [] if rule is None or e.rule == rule]


def faces(s: LibrariansState) -> list[tuple[str, tuple[str, ...]]]:
    c = C.current(s)
    return [(C.DIE_KINDS[k], C.FACES[k][f]) for k, f in c.dice]


def leaks(s: LibrariansState, viewer: int | None) -> list[str]:
    """helpers.view_leaks, aware of copies: a hidden card's name or id leaks only if no card
    the viewer sees shares it (several copies of one card carry one name)."""
    seen = visible_cards(s, viewer)
    shown = {s.t.slugs[c] for c in seen} | {s.name(c) for c in seen}
    return [x for x in view_leaks(s, viewer) if x not in shown]


def pass_responses(s: LibrariansState, once: bool = False) -> None:
    """Pass every Response window and every window between the phases' steps asked now
    (each player once), and keep the hand at a mulligan question (only the question asked
    now, with `once`)."""
    while s.pending is not None and kind(s) in PASSED:
        choose(s, player(s), "keep-hand" if kind(s) == "mulligan" else "pass")
        if once:
            return
