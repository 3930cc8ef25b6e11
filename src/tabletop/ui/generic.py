"""The fallback renderer: draws any game's view from its shape.

Scalars become a line of `key: value`; a list of dicts (seats, cards) becomes a table whose
columns are their keys; nested cards show by name. It knows no game, so a game without its own
renderer module is still playable in the terminal.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

# Kernel fields of every view: the terminal shows them its own way.
_KERNEL = ("game", "version", "players", "viewer", "pending", "result", "log")
RECENT = 5


def short(value: Any) -> str:
    """A compact, plain-text form of any JSON-ready value."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        for key in ("name", "label", "id"):
            if isinstance(value.get(key), str):
                return str(value[key])
        return ", ".join(f"{k}={short(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(short(v) for v in value) if value else "-"
    return str(value)


def _table(title: str, rows: list[dict[str, Any]]) -> Table:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    table = Table(title=Text(title, style="bold"), title_justify="left", show_edge=False)
    for col in columns:
        table.add_column(col.replace("_", " "), overflow="fold")
    for row in rows:
        table.add_row(*(Text(short(row.get(col))) for col in columns))
    return table


def render(view: dict[str, Any], console: Console) -> None:
    viewer = view.get("viewer")
    head = f"{view.get('game', 'game')}"
    if viewer is not None:
        head += f" · seen by P{int(viewer) + 1}"
    console.rule(Text(head))
    scalars: list[str] = []
    for key, value in view.items():
        if key in _KERNEL:
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            console.print(_table(key.replace("_", " "), value))
        elif isinstance(value, dict):
            console.print(Text(f"{key.replace('_', ' ')}: {short(value)}"))
        else:
            scalars.append(f"{key.replace('_', ' ')}: {short(value)}")
    if scalars:
        console.print(Text(" · ".join(scalars)))
    log = view.get("log") or []
    if log:
        console.print(Text("Recent:", style="bold"))
        for entry in log[-RECENT:]:
            console.print(
                Text.assemble(
                    ("  " + str(entry.get("text", "")), ""),
                    (f"  ({entry.get('rule', '')})", "dim"),
                )
            )
