"""A cheap evaluation of a Quests position, for depth-limited search (`GameSpec.evaluate`).

Each seat gets a strength: its artifacts toward victory relative to the target, plus progress
toward its next meld (distinct suits in hand, out of eight) and a little for hand size (cards are
options). Strengths become values in [0, 1] that sum to 1, like win shares: a softmax, sharp
enough that a seat one artifact ahead is clearly favoured.
"""

from __future__ import annotations

import math

from tabletop.engine.state import State
from tabletop.games.quests import rules as R

# Weights of the strength, in artifacts: a full set of eight suits is worth most of an artifact
# (it claims the Prize at the next Meld phase unless someone melds first).
MELD_WEIGHT = 0.7
HAND_WEIGHT = 0.02
# Softmax sharpness, per artifact-to-target fraction.
SHARPNESS = 6.0


def evaluate(state: State) -> tuple[float, ...]:
    """Per-seat value of `state` in [0, 1] (summing to 1)."""
    assert isinstance(state, R.QuestsState)
    cards = state.zones.cards
    target = state.opts.target
    strengths = []
    for p in range(state.num_players):
        suits = 0
        hand = cards[R.FIRST_HAND + p]
        for c in hand:
            suits |= 1 << R.SUIT[c]
        distinct = bin(suits).count("1")
        art = state.victory_value(p) if cards[state.library(p)] else 0
        progress = art + MELD_WEIGHT * (distinct / 8) ** 2 + HAND_WEIGHT * min(len(hand), 10)
        strengths.append(SHARPNESS * progress / target)
    top = max(strengths)
    weights = [math.exp(x - top) for x in strengths]
    total = sum(weights)
    return tuple(w / total for w in weights)


__all__ = ["evaluate"]
