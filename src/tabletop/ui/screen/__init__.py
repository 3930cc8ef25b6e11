"""The full-screen terminal table (Textual): every decision on one screen.

`tabletop play` and `resume` open it when standard input and output are both a terminal
(`--ui line` keeps the line mode; piped play always uses the line mode, so scripts of
answers keep working). `app.TableApp` draws the panes; `session.ScreenSession` is the line
mode's session talking to them, so both modes play by the same code.
"""

from __future__ import annotations

from typing import Any

from tabletop.agents import Agent
from tabletop.engine import registry
from tabletop.engine.state import State
from tabletop.ui.autosave import Autosave


def play_screen(
    state: State,
    agents: list[Agent | None],
    specs: list[str],
    *,
    prefs: set[str] | None = None,
    log_from: int = 0,
    autosave: Any = None,
) -> tuple[int, list[str]]:
    """Play at this terminal, full screen. Returns the exit status and the last notes said
    (where the game was saved), for the caller to print once the screen is back."""
    from tabletop.ui.screen.app import TableApp
    from tabletop.ui.screen.session import ScreenSession

    def make(outbox: Any, post: Any) -> ScreenSession:
        session = ScreenSession(state, agents, specs, outbox, post, prefs=prefs, log_from=log_from)
        if autosave is not None:
            session.autosave = autosave(session)
        return session

    app = TableApp(make, registry.get(state.game_id).title)
    code = app.run()
    return (code if code is not None else 0), app.outbox.said


__all__ = ["Autosave", "play_screen"]
