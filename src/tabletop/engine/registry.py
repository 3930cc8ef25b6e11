"""The registry of games. Everything outside `games/` finds a game here, by id.

Games are found through package entry points (group `tabletop.games`, each naming the module
attribute that holds the game's `GameSpec`), so a game can be a package of its own; a game is
imported on first use, so a command that plays one game never loads the others. This is the
only kernel module that knows where games live."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from tabletop.engine.decision import ActionSpace
from tabletop.engine.errors import PlayerCountError, UnknownGameError
from tabletop.engine.options import options_dict, parse_options
from tabletop.engine.patch import Patch, PatchError
from tabletop.engine.state import State

if TYPE_CHECKING:
    from tabletop.engine.texts import Subject

GROUP = "tabletop.games"  # the entry-point group games register under
# Games registered in this process besides the entry points: game id -> the module that
# defines `SPEC` (tests add toy games here).
_MODULES: dict[str, str] = {}

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
    # The game's content under a patch (None: the shipped content), validated; raises a
    # `PatchError` naming the patch, file, record and field. None: the game takes no patches.
    content: Callable[[Patch | None], Any] | None = None
    # Start a game on patched content: (players, seed, options, log, patch) -> State.
    patched_factory: Callable[[int, int, Any, bool, Patch], State] | None = None


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def game_ids() -> list[str]:
    return sorted({*_entry_points(), *_MODULES})


def get(game_id: str) -> GameSpec:
    points = _entry_points()
    if not isinstance(game_id, str) or (game_id not in points and game_id not in _MODULES):
        raise UnknownGameError(f"unknown game {game_id!r}; the games are: {', '.join(game_ids())}")
    spec = _SPECS.get(game_id)
    if spec is None:
        if game_id in _MODULES:
            where = _MODULES[game_id]
            loaded = importlib.import_module(where).SPEC
        else:
            where = points[game_id].value
            loaded = points[game_id].load()
        if not isinstance(loaded, GameSpec) or loaded.id != game_id:
            raise UnknownGameError(f"{where!r} does not name the GameSpec of {game_id!r}")
        spec = _SPECS[game_id] = loaded
    return spec


def new_game(
    game_id: str,
    players: int,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    *,
    log: bool = True,
    content: Patch | None = None,
) -> State:
    """Start a game. `log=False` switches off the event log and answer history (simulation).
    `content`: a patch the game is played with instead of the shipped content; the state
    keeps it (`state.patch`), so its clones, records and replays use it too."""
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
    if content is None:
        return spec.factory(players, seed, opts, log)
    if not isinstance(content, Patch):
        raise PatchError(f"content must be a Patch, not {type(content).__name__}")
    if content.game_id != game_id:
        raise PatchError(f"{content.source}: is a patch for {content.game_id}, not for {game_id}")
    if spec.patched_factory is None:
        raise PatchError(f"{spec.title} does not take content patches yet")
    state = spec.patched_factory(players, seed, opts, log, content)
    state.patch = content
    return state


def options_of(state: State) -> dict[str, Any]:
    return options_dict(state.opts)
