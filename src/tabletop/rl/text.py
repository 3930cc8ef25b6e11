"""Text renderings for the environments' `render()`: the board as one seat sees it (the game's
terminal renderer over `view(seat)`, `tabletop.ui`), then the question put to it, if any.
Only the seat's view is read, so a rendering shows nothing the seat may not know."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.rl.core import Match
from tabletop.ui import renderer_for


def render_seat(match: Match, seat: int, width: int = 100) -> str:
    """`seat`'s view of the game as plain text, with its question and options when asked."""
    state = match.state
    view = state.view(seat)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    renderer_for(state.game_id)(view, console)
    lines = [out.getvalue().rstrip(), ""]
    lines.append(f"{state.game_id}: answer {state.steps}, seat {seat} (player_{seat})")
    if match.done:
        result = state.result
        if match.forfeit is not None:
            lines.append(f"over: seat {match.forfeit} played an illegal action")
        elif result is None:
            lines.append("over: truncated")
        else:
            lines.append(f"over: {result.reason}; returns {match.returns()}")
        return "\n".join(lines)
    options = match.options(seat)
    if not options:
        lines.append(f"waiting for seats {list(match.acting())}")
        return "\n".join(lines)
    pending = view.get("pending") or {}
    lines.append(f"asked: {pending.get('prompt', '')}")
    for o in options:
        lines.append(f"  action {o.action}: {o.label}")
    return "\n".join(lines)


__all__ = ["render_seat"]
