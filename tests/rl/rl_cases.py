"""The games and settings the research-environment tests run: every registered game, with
options that keep a game short where the game has them (a game registered later runs with its
defaults until it is listed here), and a random-play driver."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.rng import Rng
from tabletop.engine.state import State

# Options that end a game within a few hundred answers.
SHORT: dict[str, dict[str, Any]] = {
    "quests": {"turn_limit": 4},
    "guardians": {"difficulty": "apprentice"},
}
# Options that hide hands, where a game shows them by default: the hidden-information test
# plays these too, so that re-drawing another seat's hidden cards shows in a seat's own.
HIDDEN: dict[str, dict[str, Any]] = {
    "librarians": {"open_hands": False},
}


def games() -> list[str]:
    return registry.game_ids()


def short(game_id: str) -> dict[str, Any]:
    return dict(SHORT.get(game_id, {}))


def hidden(game_id: str) -> dict[str, Any]:
    return dict(HIDDEN.get(game_id, {}))


def two_or_fewer(game_id: str) -> int:
    """Two players where the game allows it, else its only count."""
    spec = registry.get(game_id)
    return min(max(2, spec.min_players), spec.max_players)


def counts(game_id: str) -> list[int]:
    """The smallest and the largest player counts (one if they are the same)."""
    spec = registry.get(game_id)
    return sorted({spec.min_players, spec.max_players})


def positions(
    game_id: str,
    players: int,
    seed: int,
    every: int = 7,
    limit: int = 600,
    options: dict[str, Any] | None = None,
) -> Iterator[State]:
    """States along a random game (every `every` answers), played to its end or `limit`
    (with the short options unless `options` are given)."""
    opts = short(game_id) if options is None else options
    state = registry.new_game(game_id, players, seed, opts, log=False)
    agents = [make_agent("random", game_id, seed * 31 + p) for p in range(players)]
    k = 0
    while not state.is_over and k < limit:
        if k % every == 0:
            yield state
        p = state.to_move()[0]
        state.apply(p, agents[p].choose(state, p))
        k += 1
    yield state


def rng(seed: int) -> Rng:
    return Rng(seed)
