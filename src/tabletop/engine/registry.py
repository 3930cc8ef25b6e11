"""The registry of games. Everything outside `games/` finds a game here, by id."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.engine.decision import ActionSpace
from tabletop.engine.errors import PlayerCountError, UnknownGameError
from tabletop.engine.options import options_dict, parse_options
from tabletop.engine.state import State

if TYPE_CHECKING:
    from tabletop.engine.texts import Subject

# Game id -> module that defines `SPEC`. Imported on first use, so a command that plays one
# game never loads the others.
_MODULES: dict[str, str] = {
    "quests": "tabletop.games.quests",
    "guardians": "tabletop.games.guardians",
    "librarians": "tabletop.games.librarians",
    "castle": "tabletop.games.castle",
}

_SPECS: dict[str, GameSpec] = {}


@dataclass(frozen=True)
class GameSpec:
    """What a game offers the rest of tabletop."""

    id: str
    title: str
    version: str
    min_players: int
    max_players: int
    options_type: type[Any]
    factory: Callable[[int, int, Any, bool], State]  # (players, seed, options, log) -> State
    action_space: ActionSpace
    heuristic: Callable[[int], Any]  # seed -> heuristic agent for this game
    # Value of a position for each seat, in [0, 1] (for depth-limited search rollouts).
    evaluate: Callable[[State], tuple[float, ...]] | None = None
    summary: str = ""
    rules_doc: str = ""
    # What the game's content offers to look up, in content order (`tabletop.engine.texts`
    # pairs it with the game's content/texts.toml); None: the game has no texts.
    catalog: Callable[[], list[Subject]] | None = None
    # The game's package (`__name__` of the module that defines SPEC), which holds content/.
    package: str = ""


def game_ids() -> list[str]:
    return sorted(_MODULES)


def get(game_id: str) -> GameSpec:
    if not isinstance(game_id, str) or game_id not in _MODULES:
        raise UnknownGameError(f"unknown game {game_id!r}; the games are: {', '.join(game_ids())}")
    spec = _SPECS.get(game_id)
    if spec is None:
        module = importlib.import_module(_MODULES[game_id])
        spec = module.SPEC
        _SPECS[game_id] = spec
    return spec


def new_game(
    game_id: str,
    players: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    *,
    log: bool = True,
) -> State:
    """Start a game. `log=False` switches off the event log and answer history (simulation)."""
    spec = get(game_id)
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not spec.min_players <= players <= spec.max_players
    ):
        raise PlayerCountError(
            f"{spec.title} takes {spec.min_players} to {spec.max_players} players, not {players!r}"
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PlayerCountError(f"seed must be an integer, not {seed!r}")
    opts = parse_options(game_id, spec.options_type, options)
    return spec.factory(players, seed, opts, log)


def options_of(state: State) -> dict[str, Any]:
    return options_dict(state.opts)
