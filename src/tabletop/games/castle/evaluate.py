"""A cheap evaluation of a Castle Von Loghan position, for depth-limited search
(`GameSpec.evaluate`).

The Agents win or lose together, so every seat gets the same value: a logistic function of
the group's Health and Clarity (as fractions of their start), the average Energy, the enemies
left in the fight and how far the game has gone (Random Event tokens resolved outside the
campaign; Story cards resolved in it). The weights are set by hand, not fitted: the search
only compares positions.

`DEPTH` (read by the search, `agents/hooks.py`): a rollout plays 10 answers, not the default
20, before the position is scored. Castle's answers are dear (the combat windows work out every
Agent's abilities at each question: some 0.3 ms an answer against well under 0.1 ms in Quests),
so the shorter rollout gives 1.5 times the iterations in the same time (129 against 195
iterations per CPU-second on ten positions of 4-Agent Exploration games, measured on a busy
machine), and the evaluation scores Health, Clarity and progress alike after 10 answers or 20.
"""

from __future__ import annotations

import math

from tabletop.engine.state import State
from tabletop.games.castle.cards import CONTENT, FIGHT, ROOM_ZONE, SPENT
from tabletop.games.castle.rules import CastleState

DEPTH = 10


def evaluate(state: State) -> tuple[float, ...]:
    assert isinstance(state, CastleState)
    s = state
    n = s.num_players
    if s.result is not None:
        won = 1.0 if s.result.team == "won" else 0.0
        return tuple([won] * n)
    start = CONTENT.rules.health_base + n if s.mode.shared else s.mode.health
    health = min(s.health) / max(start, 1)
    clarity = min(s.clarity) / CONTENT.rules.clarity
    energy = sum(s.energy) / (n * 12)
    enemies = sum(1 for c in s.zones.cards[FIGHT] if s.estate.get(c) != "defeated")
    if s.opts.mode == "campaign":
        cards = len(CONTENT.mission(s.opts.mission).cards)
        progress = len(s.done) / max(cards, 1)
    else:
        left = sum(len(s.zones.cards[z]) for z in ROOM_ZONE.values())
        spent = len(s.zones.cards[SPENT])
        progress = spent / max(spent + left, 1)
    x = 3.0 * health + 1.0 * clarity + 0.8 * energy + 2.0 * progress - 0.4 * enemies - 2.5
    value = 1.0 / (1.0 + math.exp(-x))
    return tuple([value] * n)
