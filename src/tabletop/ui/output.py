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


def merged(events: list[tuple[str, str]]) -> list[str]:
    """The events' texts as play shows them: within a run of events under one rule (a deal,
    say), a text said several times is said once with its count, where it first came ("P2
    is dealt a card (5 times)"). Nothing is dropped, and nothing moves past an event of
    another rule, so passes between plays stay where they were."""
    out: list[str] = []
    i = 0
    while i < len(events):
        j = i
        while j < len(events) and events[j][0] == events[i][0]:
            j += 1
        counts: dict[str, int] = {}
        for _, text in events[i:j]:
            counts[text] = counts.get(text, 0) + 1
        out.extend(text if n == 1 else f"{text} ({n} times)" for text, n in counts.items())
        i = j
    return out


__all__ = ["event_line", "log_line", "merged", "print_result"]
