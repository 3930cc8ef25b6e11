"""Card impact: each game's declared events are recorded while it is played, cost nothing
when off (the same games, the same results), and are ranked with intervals."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.engine import registry
from tabletop.sim import cards, impact, make_config, play_game
from tabletop.sim.impact import Declared, ImpactDeclarationError, Tracker

GAMES = ("quests", "guardians", "librarians", "castle")


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_event_is_recorded_and_off_changes_nothing(game: str) -> None:
    n = impact.usual_players(game)
    on = make_config(game, ["heuristic"] * n, seed=3, impact=True)
    off = dataclasses.replace(on, impact=False)
    rows_on = play_game(on, 0) + play_game(on, 1)
    rows_off = play_game(off, 0) + play_game(off, 1)
    strip = [dataclasses.replace(r, impact=(), seconds=0.0) for r in rows_on]
    assert strip == [dataclasses.replace(r, seconds=0.0) for r in rows_off]
    assert all(r.impact == () for r in rows_off)
    seen = {impact.split(e)[0] for r in rows_on for e in r.impact}
    declared = {ev[0] for ev in impact.declared(game).events}
    # every label that describes a seat's hand or play shows up in two games of bots
    assert seen & declared, (game, seen)
    names = set(registry.new_game(game, n, 0, log=False).zones.layout.names)  # type: ignore[attr-defined]
    for r in rows_on:
        for e in r.impact:
            label, card = impact.split(e)
            assert label in impact.labels(game)
            assert "#" not in card and card  # names, merged copies, never ids
    assert any(impact.split(e)[1] in names for r in rows_on for e in r.impact)


def test_a_declaration_naming_a_missing_zone_is_a_clear_error() -> None:
    state = registry.new_game("quests", 3, 0, log=False)
    bad = Declared("quests", 3, (("drawn", "ever", ("pocket-{p}",)),), None)
    with pytest.raises(ImpactDeclarationError, match="'pocket-0'"):
        Tracker(state, bad)


def test_impact_ranks_with_intervals_and_counts() -> None:
    config = make_config("quests", ["heuristic"] * 3, seed=1, impact=True)
    rows = [r for i in range(12) for r in play_game(config, i)]
    found = cards.impacts(rows)
    assert found and not cards.cooperative(rows)
    for x in found:
        assert x.n_with + x.n_without == len(rows)
        assert 0 < x.games <= 12 and x.games <= x.n_with
        lo, hi = x.ci_with
        assert lo <= x.rate_with <= hi
        dlo, dhi = x.ci_diff
        assert dlo <= x.diff <= dhi
    held = [x for x in found if x.label == "artifact held"]
    # artifacts are what wins Quests: holding one goes with winning more often, on average
    assert sum(x.diff for x in held) > 0


def test_cooperative_runs_count_the_team_once_per_game() -> None:
    config = make_config("librarians", ["heuristic"] * 2, seed=1, impact=True)
    rows = [r for i in range(4) for r in play_game(config, i)]
    assert cards.cooperative(rows)
    units, team = cards.units(rows)
    assert team and len(units) == 4
    for x in cards.impacts(rows):
        assert x.n_with + x.n_without == 4
