"""Terminal play and per-game renderers.

`tabletop.ui.terminal` runs the `play`, `resume` and `replay` commands: it seats humans and
bots, streams the log, asks people for their choices by number, handles hot-seat hand-offs,
saves records and prints the result. It knows nothing of any game's rules: it only reads
`state.pending`, `state.view(seat)` and the log.

What a game looks like on screen is the job of a renderer, one module per game.

The renderer interface
----------------------
A game with id `<game>` may add `src/tabletop/ui/<game>.py` exposing

    def render(view: dict[str, Any], console: rich.console.Console) -> None

which draws the board as one player sees it. `view` is exactly `state.view(seat)` (the
JSON-ready dict of the game contract), so a renderer shows what that seat may know and
nothing more; it never receives the state. It may also define

    SCORE_LABEL: str   # the heading of the score column in the result table ("artifacts")
    PREFERENCES: dict  # answers a person may let the terminal give (see tabletop.ui.prefs)
    def moment(view, seat, decision) -> str | None
        # one short line: what is happening now (who plays what at whom, the check, the
        # vote); the full-screen table pins it above the question (None: the last event)

Rules for renderers:
- Draw the board only. The terminal prints the decision's prompt and numbered options, and
  streams log lines (with rule ids) as they happen; a renderer may show a few recent lines of
  `view["log"]` as part of the board.
- Treat every string from the view as plain text (`rich.text.Text`, or `rich.markup.escape`
  before using markup): card names may contain brackets.
- Keep it fast and never raise on a missing optional field: views grow over time.
- No input, no clearing the screen: the terminal owns the conversation and the hand-offs.

`renderer_for(game_id)` imports `tabletop.ui.<game_id>` on first use and falls back to
`tabletop.ui.generic.render`, which draws any game's view from its shape (scalars, seats,
lists of cards), so a new game is playable in the terminal before it has a renderer.

The full-screen table (`tabletop.ui.screen`, Textual) draws the same renderer into its board
pane, so a renderer serves both modes; it should read well from 78 columns up.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import Console

Renderer = Callable[[dict[str, Any], Console], None]

# Modules of this package that are not renderers: a game may not be named after them.
_RESERVED = frozenset(
    {
        "terminal",
        "generic",
        "prefs",
        "autosave",
        "commands",
        "lookup",
        "output",
        "seats",
        "style",
        "campaign",
        "asking",
        "screen",
        "castle_parts",
    }
)
_MODULES: dict[str, ModuleType | None] = {}


def game_module(game_id: str) -> ModuleType | None:
    """The game's renderer module `tabletop.ui.<game_id>`, or None when it has none."""
    if game_id in _MODULES:
        return _MODULES[game_id]
    module: ModuleType | None = None
    if game_id.isidentifier() and game_id not in _RESERVED:
        name = f"{__name__}.{game_id}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:  # the renderer exists but one of its imports is missing
                raise
    _MODULES[game_id] = module
    return module


def renderer_for(game_id: str) -> Renderer:
    """The game's `render`, or the generic one when the game has no renderer module."""
    module = game_module(game_id)
    render = getattr(module, "render", None) if module is not None else None
    if render is None:
        from tabletop.ui.generic import render as generic_render

        return generic_render
    return render  # type: ignore[no-any-return]


def score_label(game_id: str) -> str:
    """The heading of the score column for `game_id` ("score" unless the renderer says)."""
    module = game_module(game_id)
    label = getattr(module, "SCORE_LABEL", None) if module is not None else None
    return label if isinstance(label, str) else "score"


__all__ = ["Renderer", "game_module", "renderer_for", "score_label"]
