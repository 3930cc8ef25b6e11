"""A cheap evaluation of a Quests position, for depth-limited search (`GameSpec.evaluate`).

Each seat gets a strength from its artifacts toward victory (relative to the target), its
progress toward the next meld (distinct suits in hand, and a bonus for a complete set) and its
hand size. Strengths become values in [0, 1] that sum to 1, like win shares, through a softmax
(a conditional logit model). The weights were fitted by maximum likelihood to the winners of
400 three-player heuristic games (positions sampled every few answers).
"""

from __future__ import annotations

import math

from tabletop.engine.state import State
from tabletop.games.quests import rules as R
from tabletop.games.quests.tables import SHIPPED

ARTIFACT_WEIGHT = 5.2  # per artifact-to-target fraction (1.74 an artifact at 3 to win)
SUITS_WEIGHT = 1.64  # per fraction of the eight suits in hand
FULL_SET_WEIGHT = 0.39  # all eight suits: a meld is ready
HAND_WEIGHT = 0.032  # per card in hand, up to the hand limit of 10
_BITS = tuple(1 << s for s in R.SUIT)


def evaluate(state: State) -> tuple[float, ...]:
    """Per-seat value of `state` in [0, 1] (summing to 1)."""
    assert isinstance(state, R.QuestsState)
    cards = state.zones.cards
    per_artifact = ARTIFACT_WEIGHT / state.opts.target
    bits = _BITS if state.t is SHIPPED else tuple(1 << x for x in state.t.suit)
    strengths = []
    for p in range(state.num_players):
        hand = cards[R.FIRST_HAND + p]
        suits = 0
        for c in hand:
            suits |= bits[c]
        distinct = suits.bit_count()
        x = SUITS_WEIGHT * distinct / 8 + HAND_WEIGHT * min(len(hand), 10)
        if distinct == 8:
            x += FULL_SET_WEIGHT
        if cards[state.library(p)]:
            x += per_artifact * state.victory_value(p)
        strengths.append(x)
    top = max(strengths)
    weights = [math.exp(x - top) for x in strengths]
    total = sum(weights)
    return tuple(w / total for w in weights)


__all__ = ["evaluate"]
