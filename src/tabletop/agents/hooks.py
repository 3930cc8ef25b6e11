"""What the search knows of a game beyond the contract, found through `GameSpec.evaluate`.

A game that registers an evaluation (`games/<game>/evaluate.py`) may define beside it:

- `reward(result, players)`: the per-seat reward of an ended game, in [0, 1], when the game's
  goal is not "win, alone or sharing a win" (Guardians: the party's win first, then the seat's
  own share);
- `DEPTH`: the answers a rollout plays before the position is scored with `evaluate`, when the
  game's answers are dear or its evaluation good (`DEFAULT_DEPTH` otherwise);
- `BIAS`: the progressive bias toward the rule bot's answer, when the search at the time a
  person waits judges the game's positions worse than its rule bot does (`DEFAULT_BIAS`
  otherwise);
- `MARGIN`: the evidence the search needs to answer other than the rule bot, in standard
  errors of the difference of two mean rewards (`DEFAULT_MARGIN`, 0: none, otherwise), when
  the game's rule bot is hard to better and a short search's departures from it cost more
  than they gain;
- `RULE_KINDS`: the decision kinds at which the search bot answers as the rule bot without
  searching, when replays show that the search's departures there cost more than they gain
  (none otherwise).

So the kernel names no game and the search reads each game's knowledge from the game itself.
Without them the search uses `terminal_rewards`, `DEFAULT_DEPTH`, `DEFAULT_BIAS`,
`DEFAULT_MARGIN` and searches every decision.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.engine import registry
from tabletop.engine.state import Result, State

DEFAULT_DEPTH = 20
DEFAULT_BIAS = 1.0
DEFAULT_MARGIN = 0.0

Reward = Callable[[Result, int], Sequence[float]]
Evaluate = Callable[[State], tuple[float, ...]]


def terminal_rewards(result: Result, n: int) -> list[float]:
    """Per-seat reward of an ended game: 1 to each winner split evenly on a shared win (1/k
    for k winners), 0 to the others; a draw (no winner) 1/n to every seat. A cooperative game
    (the result has a `team` outcome) gives 1 to every winner and 0 to the others."""
    winners = result.winners
    if result.team is not None:
        return [1.0 if p in winners else 0.0 for p in range(n)]
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


@dataclass(frozen=True)
class SearchHooks:
    evaluate: Evaluate | None
    reward: Reward
    depth: int
    bias: float
    margin: float = DEFAULT_MARGIN
    rule_kinds: frozenset[str] = frozenset()


def hooks_for(game_id: str) -> SearchHooks:
    """The search hooks of `game_id` (see the module docstring)."""
    spec = registry.get(game_id)
    evaluate = spec.evaluate
    module = sys.modules.get(evaluate.__module__) if evaluate is not None else None
    reward: Reward = getattr(module, "reward", None) or terminal_rewards
    depth = getattr(module, "DEPTH", DEFAULT_DEPTH)
    bias = getattr(module, "BIAS", DEFAULT_BIAS)
    margin = getattr(module, "MARGIN", DEFAULT_MARGIN)
    rule_kinds = frozenset(getattr(module, "RULE_KINDS", ()))
    return SearchHooks(evaluate, reward, int(depth), float(bias), float(margin), rule_kinds)


__all__ = [
    "DEFAULT_BIAS",
    "DEFAULT_DEPTH",
    "DEFAULT_MARGIN",
    "SearchHooks",
    "hooks_for",
    "terminal_rewards",
]
