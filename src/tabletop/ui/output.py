"""What the terminal prints besides the conversation: log lines and the result table."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tabletop.engine.state import State
from tabletop.ui import score_label
from tabletop.ui.seats import who


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def print_result(state: State, specs: list[str] | None, console: Console) -> None:
    result = state.result
    if result is None:
        return
    table = RichTable(title=Text("Result", style="bold"), title_justify="left")
    table.add_column("seat")
    if specs is not None:
        table.add_column("agent")
    table.add_column(score_label(state.game_id), justify="right")
    table.add_column("winner")
    for seat, score in enumerate(result.scores):
        row = [who(seat)]
        if specs is not None:
            row.append(specs[seat])
        row += [_number(score), "winner" if seat in result.winners else ""]
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    line = f"The game ended: {result.reason}."
    if result.team is not None:
        line += f" The team {result.team}."
    if not result.winners:
        line += " Nobody wins."
    else:
        line += " Winner: " + ", ".join(who(p) for p in result.winners) + "."
    line += f" Seed {state.seed} (play it again with --seed {state.seed})."
    console.print(Text(line))


def log_line(rule: str, text: str) -> Text:
    """A line of the `log` command and of `replay`: the event and its rule id."""
    return Text.assemble(("  " + text, ""), (f"  ({rule})", "dim"))


def event_line(text: str) -> Text:
    """An event as play shows it: rule ids are for `log` and `replay` only."""
    return Text("  " + text)


__all__ = ["event_line", "log_line", "print_result"]
