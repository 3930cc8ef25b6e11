"""Helpers to set up Castle Von Loghan states for scenario tests: build a game, put named cards
where a test needs them, and answer the pending question by option id."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.games.castle.cards import ROOM_ZONE, TOKEN_BAG, CastleOptions
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.space import OPT


def game(n: int = 4, seed: int = 1, **opts: Any) -> CastleState:
    """A new game, by default the campaign's first Mission (no question before the first
    move: Exploration first asks where its Treasures go and which Upgrades to take)."""
    opts.setdefault("mode", "campaign")
    return CastleState(n, seed, CastleOptions(**opts), log=True)


def where(s: CastleState, card: int) -> int:
    for zi, cards in enumerate(s.zones.cards):
        if card in cards:
            return zi
    raise AssertionError(f"card {card} is nowhere")


def take(s: CastleState, name: str, dst: int, *, exclude: Iterable[int] = ()) -> int:
    """Move a card named `name` (one not in `exclude`) to zone `dst`, on top; return it."""
    skip = set(exclude)
    for card, n in enumerate(s.t.names):
        if n == name and card not in skip:
            src = where(s, card)
            s.zones.cards[src].remove(card)
            s.zones.cards[dst].append(card)
            return card
    raise AssertionError(f"no free card named {name!r}")


def place_token(s: CastleState, colour: str, number: int, room: str) -> int:
    """Put Random Event token `colour` `number` face down in `room`."""
    card = next(c for c in s.t.tokens[colour] if s.record(c).number == number)
    src = where(s, card)
    s.zones.cards[src].remove(card)
    s.zones.cards[ROOM_ZONE[room]].append(card)
    return card


def clear_tokens(s: CastleState) -> None:
    """Every Random Event token back in its bag (an empty board)."""
    for room, zi in ROOM_ZONE.items():
        for card in list(s.zones.cards[zi]):
            col = s.t.pools[card].removeprefix("token-")
            s.zones.cards[zi].remove(card)
            s.zones.cards[TOKEN_BAG[col]].append(card)
        del room


def answer(s: CastleState, *ids: str) -> None:
    """Answer the pending question with each option id in turn (for its first waiting seat
    that has that option)."""
    for oid in ids:
        d = s.pending
        assert d is not None, "the game is over"
        seat = next((p for p in s.to_move() if oid in d.option_ids(p)), None)
        assert seat is not None, (
            f"{oid!r} is not an option now: {d.kind} {d.option_ids(s.to_move()[0])}"
        )
        s.apply(seat, oid)


def ids(s: CastleState, seat: int | None = None) -> tuple[str, ...]:
    d = s.pending
    assert d is not None
    return d.option_ids(s.to_move()[0] if seat is None else seat)


class _Halt(NamedTuple):
    pass


class Halt(_Halt):
    """A question at the bottom of an emptied flow: once it is asked, what a test pushed on
    top of it is over."""

    __slots__ = ()
    auto = False
    rule = "test.halt"

    def ask(self, s: CastleState) -> Decision:
        return Decision((0,), "halt", "done", (OPT["pass"],), self.rule)

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        pass


def halt(s: CastleState) -> None:
    """Empty the flow, leaving only a `Halt` question."""
    s.flow.clear()
    s.flow.append(Halt())
