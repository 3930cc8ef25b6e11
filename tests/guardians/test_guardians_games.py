"""A small battery of whole Guardians games: random and heuristic players, 1 to 5 seats, both
difficulties and the cooperative option. Every game ends, never raises, keeps every card in one
zone and the damage counters on the mat, leaves a decision pending until the end, shows no
viewer a hidden card, and replays identically from its record."""

from __future__ import annotations

import pytest

from helpers import view_leaks
from tabletop.agents import make_agent
from tabletop.engine import new_game, record_of, replay
from tabletop.games.guardians import rules as R


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("difficulty", ["guardian", "apprentice"])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_games_end_cleanly(players: int, difficulty: str, agent: str) -> None:
    seed = players * 7 + (difficulty == "apprentice") * 3 + (agent == "heuristic")
    options = {"difficulty": difficulty, "cooperative": seed % 2 == 0}
    s = new_game("guardians", players, seed, options)
    assert isinstance(s, R.GuardiansState)
    agents = [make_agent(agent, "guardians", seed * 10 + p) for p in range(players)]
    while not s.is_over:
        for p in s.to_move():
            s.apply(p, agents[p].choose(s, p))
            s.check_invariants()
            if s.steps % 11 == 0:
                for viewer in (*range(players), None):
                    assert not view_leaks(s, viewer)
            if s.is_over:
                break
        assert s.steps < 5000
    r = s.result
    assert r is not None and len(r.scores) == players
    assert r.team in ("won", "lost")
    assert "blue_boss" in r.outcomes
    assert ("red_boss" in r.outcomes) == (difficulty == "guardian")
    assert all("quests_completed" in st for st in r.seat_stats)
    if players == 1:
        assert r.outcomes["rank"] in ("True Guardian", "Guardian", "Apprentice", "Play again")
    if r.team == "lost":
        assert r.winners == ()
    again = replay(record_of(s))
    assert again.fingerprint() == s.fingerprint()


def test_clone_and_determinize_keep_what_the_player_sees() -> None:
    s = new_game("guardians", 3, 4)
    agents = [make_agent("heuristic", "guardians", p) for p in range(3)]
    for _ in range(150):
        for p in s.to_move():
            s.apply(p, agents[p].choose(s, p))
    c = s.clone()
    assert c.fingerprint() == s.fingerprint()
    from tabletop.engine.rng import Rng

    d = s.determinize(0, Rng(1))
    d.check_invariants()
    assert d.view(0)["seats"][0]["hand"] == s.view(0)["seats"][0]["hand"]
