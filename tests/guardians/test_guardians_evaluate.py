"""The Guardians position evaluation (`SPEC.evaluate`, for depth-limited search): a value in
[0, 1] for every seat all along random and heuristic games, the party's chance first and each
seat's share after it, one value for the whole party when playing alone or cooperatively,
and values that follow trophies and the final boss."""

from __future__ import annotations

import pytest
from guardians_rig import put_monster, started

from tabletop.agents import make_agent
from tabletop.engine import get, new_game
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.evaluate import PARTY, evaluate
from tabletop.games.guardians.rules import GuardiansState
from tabletop.games.guardians.tables import pz


def test_evaluate_is_the_spec_evaluation() -> None:
    assert get("guardians").evaluate is evaluate


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_values_stay_in_unit_interval_along_games(players: int, agent: str) -> None:
    for seed, options in enumerate(
        ({}, {"difficulty": "apprentice"}, {"cooperative": True}), start=players * 10
    ):
        s = new_game("guardians", players, seed, options, log=False)
        agents = [make_agent(agent, "guardians", seed * 7 + p) for p in range(players)]
        together = players == 1 or bool(options.get("cooperative"))
        checked = 0
        while not s.is_over:
            values = evaluate(s)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values), values
            if together:
                assert len(set(values)) == 1
            else:
                # the party's chance w times (PARTY + (1 - PARTY) x the seat's share), the
                # shares summing to 1: so the values sum to w x (PARTY x n + 1 - PARTY), each
                # at least w x PARTY
                w = sum(values) / (PARTY * players + 1.0 - PARTY)
                assert 0.0 <= w <= 1.0 + 1e-9
                assert all(v >= w * PARTY - 1e-9 for v in values), values
            checked += 1
            for p in s.to_move():
                s.apply(p, agents[p].choose(s, p))
                if s.is_over:
                    break
        assert checked > 20


def _give_trophies(s: GuardiansState, p: int, names: list[str]) -> None:
    for name in names:
        m = put_monster(s, 0, name)
        s.zones.cards[T.LOC0].remove(m)
        s.zones.cards[pz(p, T.TROPHY)].append(m)


def test_trophies_raise_a_seats_share() -> None:
    s = started(players=3)
    before = evaluate(s)
    _give_trophies(s, 1, ["Zombie Sisters", "Spider Swarm", "Orc Grunt"])
    after = evaluate(s)
    assert after[1] > before[1]
    assert after[1] > after[0] and after[1] > after[2]


def test_a_weaker_final_boss_raises_the_partys_chance() -> None:
    s = started(players=1)
    z = s.zones.cards
    value = {}
    for b in [T.B0 + i for i, boss in enumerate(T.BOSSES) if boss.colour == "red"]:
        if b not in z[T.BOSS_RED]:
            z[T.BOX].remove(b)
            z[T.BOX].append(z[T.BOSS_RED].pop())
            z[T.BOSS_RED].append(b)
        s.check_invariants()
        value[T.BOSSES[b - T.B0].per_player] = evaluate(s)[0]
    levels = sorted(value)
    assert len(levels) == 3
    assert value[levels[0]] > value[levels[1]] > value[levels[2]]
