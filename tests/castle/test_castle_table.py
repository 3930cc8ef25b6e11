"""Castle at a table: 1 to 8 people play its 4 to 8 Agents (one person may hold several), bots
fill the other seats, and a secret vote stays secret between the people until all are in."""

from __future__ import annotations

import pytest

from tabletop.engine import new_game
from tabletop.engine.table import Table
from tabletop.games.castle.bot import CastleBot


@pytest.mark.parametrize(
    ("agents", "seats"),
    [
        (4, ["ann"] * 4),  # one person plays all four Agents
        (5, ["ann", "bob", "ann", "bob", CastleBot(3)]),
        (8, [f"p{i}" for i in range(8)]),  # eight people, one Agent each
    ],
)
def test_people_and_bots_play_a_whole_game(agents: int, seats: list[object]) -> None:
    state = new_game("castle", agents, 5, {"mode": "exploration", "tokens": 2})
    table = Table(state, seats)
    brains = {p: CastleBot(100 + p) for p in range(agents)}
    for _ in range(20_000):
        table.drive()
        if table.state.is_over:
            break
        waiting = table.waiting_for()
        person, held = next(iter(waiting.items()))
        seat = held[0]
        table.answer(person, seat, brains[seat].choose(table.state, seat))
    assert table.state.is_over


def test_a_vote_stays_secret_between_people_until_all_are_in() -> None:
    state = new_game("castle", 4, 9, {"mode": "exploration"})
    table = Table(state, ["ann", "bob", "cat", "dan"])
    brains = {p: CastleBot(7 + p) for p in range(4)}
    for _ in range(5_000):
        table.drive()
        s = table.state
        d = s.pending
        assert d is not None
        if d.kind == "vote":
            break
        person, held = next(iter(table.waiting_for().items()))
        table.answer(person, held[0], brains[held[0]].choose(s, held[0]))
    s = table.state
    assert s.pending is not None and s.pending.kind == "vote"
    first = s.pending.players[0]
    owner = ["ann", "bob", "cat", "dan"][first]
    table.answer(owner, first, "vote:A")
    for other in range(4):
        if other == first:
            continue
        view = table.state.view(other)
        assert view["votes"] == [] and first not in view["pending"]["waiting_for"]
        assert all("vote:A" not in str(e) for e in view["log"])
