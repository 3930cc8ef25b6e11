"""Undo at a Librarians table (issue 20): drawing the top card of a deck draws no chance but
shows the drawer a card, so it can never be taken back; gaining it as Energy, unseen, can."""

from __future__ import annotations

import pytest

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.state import State
from tabletop.engine.table import NothingToUndoError, Table


def at_a_refresh_draw(players: int, seed: int = 1) -> State:
    """A game stopped where P1 chooses to draw a card or gain Energy (librarians.refresh.draw)."""
    state = new_game("librarians", players, seed)
    bots = [make_agent("heuristic", "librarians", seed * 10 + p) for p in range(players)]
    while not state.is_over:
        d = state.pending
        assert d is not None
        if d.rule == "librarians.refresh.draw" and state.to_move() == (0,):
            return state
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("the game ended before a Refresh draw")


@pytest.mark.parametrize("players", [1, 2])
def test_a_draw_is_never_undone(players: int) -> None:
    state = at_a_refresh_draw(players)
    rng = state.rng.state
    table = Table(state, ["ann", *(["bob"] if players == 2 else [])])
    table.answer("ann", 0, "draw")
    assert table.state.rng.state == rng  # the top card of a shuffled deck: no chance drawn
    drawn = table.state.zones.cards[table.state.zones.layout.by_name["hand-0"]]
    assert drawn  # P1 now sees the card
    assert not table.can_undo("ann", 0)
    steps = table.state.steps
    with pytest.raises(
        NothingToUndoError,
        match=r"nothing to undo for P1: your last choice can no longer be taken back: a card "
        r"was revealed by it or after it \(P1 now sees a card they did not see before it\)",
    ):
        table.undo("ann", 0)
    assert table.state.steps == steps  # nothing changed


@pytest.mark.parametrize("players", [1, 2])
def test_energy_gained_unseen_may_be_undone(players: int) -> None:
    state = at_a_refresh_draw(players)
    before = state.fingerprint()
    table = Table(state, ["ann", *(["bob"] if players == 2 else [])])
    table.answer("ann", 0, "gain-energy")  # the top card goes face down: nobody sees it
    assert table.undo("ann", 0) == 1
    assert table.state.fingerprint() == before
