"""A cheap evaluation of a Librarians position, for depth-limited search (`GameSpec.evaluate`).

The players win or lose together, so every seat gets the same value: the chance the team wins,
a logistic function of how far the Missions have gone (stages advanced and Progress on the
current one, as a fraction of what winning along the shortest path needs) against how far the
Disturbance has gone (Fate, as a fraction of the Fate that loses), with a penalty for each
hero eliminated. The weights are set by hand, not fitted: the search only compares positions.
"""

from __future__ import annotations

import math

from tabletop.engine.state import State
from tabletop.games.librarians import rules as R

PROGRESS_WEIGHT, FATE_WEIGHT, OUT_WEIGHT = 4.0, 4.0, 1.5


def _stages(s: R.LibrariansState) -> tuple[float, float]:
    """(Mission work done, Disturbance work done), each in [0, 1]."""
    z = s.zones.cards
    missions = len(s.t.missions)
    done = len(z[R.MISSION_DISCARD])
    part = 0.0
    for card in z[R.MISSION_ZONE][-1:]:
        need = s.record(card).advance
        if need is not None:
            part = min(s.progress.get(card, 0) / max(need[s.num_players - 1], 1), 1.0)
    mission = min((done + part) / max(missions - 1, 1), 1.0)
    dists = len(s.t.disturbances)
    ddone = len(z[R.DISTURBANCE_DISCARD])
    dcard = z[R.DISTURBANCE_ZONE][-1:]
    dpart = s.fate / max(s.record(dcard[0]).advance, 1) if dcard else 1.0
    return mission, min((ddone + dpart) / dists, 1.0)


def evaluate(state: State) -> tuple[float, ...]:
    assert isinstance(state, R.LibrariansState)
    s = state
    if s.result is not None:
        return tuple(s.result.scores)
    mission, fate = _stages(s)
    x = PROGRESS_WEIGHT * mission - FATE_WEIGHT * fate - OUT_WEIGHT * sum(s.out)
    v = 1.0 / (1.0 + math.exp(-x))
    return tuple(v for _ in range(s.num_players))
