"""The full-screen table: a Textual app around a `ScreenSession`.

    ┌ board (the game's renderer, as the seat sees it) ─────┬ log (wide screens) ┐
    │                                                       │ events, the newest │
    ├ recent events (narrow screens) ───────────────────────┤ highlighted        │
    │ Your hand: ...                                        │                    │
    │ Now: the pinned "what is happening" line              │                    │
    │ P1: the question                                      │                    │
    │  1 option   2 option   3 option ... (columns as needed)                    │
    │ the full text of the card behind the highlighted option                    │
    │ status: notes, refusals, the keys                                          │
    │ > command line                                                             │

The question, every option and the pinned line always fit: the options take as many columns
as the rows left need (a long label is cut in its cell and shown whole in the card pane when
highlighted), and the board takes the rest and scrolls. Keys: a number and Enter (or a
click) chooses; Up/Down/Left/Right move the highlight and Enter alone plays it; F1 help, F2
log, F3 board, F4 cards, F5 hint, F6 prefs, Ctrl+Z undo, Ctrl+S save, Ctrl+Q quit, Escape
closes a text; every line-mode command also works typed in the command line.
"""

from __future__ import annotations

import contextlib
import io
import math
from typing import Any, ClassVar

from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Static

from tabletop.ui import renderer_for
from tabletop.ui.screen.session import Choice, Outbox, Question, ScreenSession, starting_note

KEYS = "F1 help  F2 log  F3 board  F4 cards  F5 hint  F6 prefs  ^Z undo  ^S save  ^Q quit"
WIDE = 110  # from this width on, the log has its own pane on the right
MIN_BOARD = 3  # rows the board keeps at least
MAX_COLUMNS = 4
LOG_KEEP = 2000  # log lines the pane keeps


class OptionGrid(Widget):
    """The options in as many columns as the rows given need, numbered down each column."""

    DEFAULT_CSS = "OptionGrid { height: auto; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices: tuple[Choice, ...] = ()
        self.columns = 1
        self.highlight = 0

    @property
    def rows(self) -> int:
        return math.ceil(len(self.choices) / self.columns) if self.choices else 0

    def cell_width(self) -> int:
        return max(8, self.size.width // max(1, self.columns))

    def cut(self, choice: Choice) -> bool:
        """Whether the choice's label is cut in its cell."""
        return len(f"{choice.number:>2} {choice.label}") > self.cell_width() - 1

    def render(self) -> Text:
        rows, width = self.rows, self.cell_width()
        lines = [Text() for _ in range(rows)]
        for i, choice in enumerate(self.choices):
            cell = f"{choice.number:>2} {choice.label}"
            if len(cell) > width - 1:
                cell = cell[: width - 2] + "…"
            style = "reverse" if i == self.highlight else ""
            line = lines[i % rows]
            line.append(f"{choice.number:>2}", style=f"bold cyan {style}".strip())
            line.append(cell[2:].ljust(width - 3)[: width - 3], style=style)
            line.append("  " if i // rows < self.columns - 1 else "")
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        if not self.choices:
            return
        column = min(self.columns - 1, event.x // self.cell_width())
        index = column * self.rows + event.y
        if 0 <= index < len(self.choices):
            self.highlight = index
            app = self.app
            if isinstance(app, TableApp):
                app.send(str(self.choices[index].number))


class TableApp(App[int]):
    """One game at this screen; `run()` returns the session's exit status."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: 1fr; }
    #board-box { width: 1fr; scrollbar-size-vertical: 1; }
    #log-box { width: 44; border-left: solid $primary; display: none; }
    #reader { display: none; width: 1fr; }
    #recent { height: auto; color: $text-muted; }
    #hand { height: auto; color: $success; }
    #moment { height: auto; text-style: bold; color: $warning; }
    #question { height: auto; text-style: bold; color: $accent; }
    #card { height: auto; color: $text-muted; }
    #status { height: 1; background: $boost; }
    #command { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "command('help')", "help", priority=True),
        Binding("f2", "command('log')", "log", priority=True),
        Binding("f3", "board", "board", priority=True),
        Binding("f4", "command('cards')", "cards", priority=True),
        Binding("f5", "command('hint')", "hint", priority=True),
        Binding("f6", "command('prefs')", "prefs", priority=True),
        Binding("ctrl+z", "command('undo')", "undo", priority=True),
        Binding("ctrl+s", "prefill('save ')", "save", priority=True),
        Binding("ctrl+q", "leave", "quit", priority=True),
        Binding("escape", "board", "close", priority=True),
        Binding("up", "move(-1)", show=False, priority=True),
        Binding("down", "move(1)", show=False, priority=True),
        Binding("left", "move_column(-1)", show=False, priority=True),
        Binding("right", "move_column(1)", show=False, priority=True),
        Binding("pageup", "page(-1)", show=False, priority=True),
        Binding("pagedown", "page(1)", show=False, priority=True),
    ]

    def __init__(self, make_session: Any, title: str) -> None:
        super().__init__()
        self.title = title
        self.outbox = Outbox(
            question=self.show_question,
            log=self.add_log,
            note=self.add_note,
            reader=self.open_reader,
            prompt=self.set_prompt,
            clear=self.clear_table,
            finished=self.finish,
        )
        self.session: ScreenSession = make_session(self.outbox, self.post)
        self.render_board = renderer_for(self.session.state.game_id)
        self.question: Question | None = None
        self.prompt = ""
        self.prompts = 0  # questions put to the person so far (tests wait on it)
        self.log_lines: list[tuple[Text, bool]] = []  # (line, new since the last answer)
        self.code: int | None = None
        self.over = False

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with VerticalScroll(id="board-box"):
                yield Static(id="board")
            with VerticalScroll(id="reader"):
                yield Static(id="reader-text")
            with VerticalScroll(id="log-box"):
                yield Static(id="log")
        yield Static(id="recent")
        yield Static(id="hand")
        yield Static(id="moment")
        yield Static(id="question")
        yield OptionGrid(id="options")
        yield Static(id="card")
        yield Static(KEYS, id="status")
        yield Input(id="command", placeholder="a number, or a command (help lists them)")

    def on_mount(self) -> None:
        self.query_one("#command", Input).focus()
        self.add_note(starting_note(self.session), "")
        self.run_worker(self.play, thread=True, exit_on_error=False)

    def on_unmount(self) -> None:
        """Leaving the screen ends the session's game too (it is autosaved as it goes)."""
        self.session.closing = True
        self.session.inbox.put(None)

    def play(self) -> None:
        code = 1
        try:
            code = self.session.run()
        finally:
            self.code = code

    def post(self, fn: Any, *args: Any) -> None:
        """Run `fn(*args)` on the app's thread (the session plays in a worker thread)."""
        if self.is_running:
            with contextlib.suppress(RuntimeError):  # the app is closing
                self.call_from_thread(fn, *args)

    def on_resize(self, event: events.Resize) -> None:
        if self.question is not None:
            self.draw_board(self.question.view)
        self.relayout()

    def wide(self) -> bool:
        return self.size.width >= WIDE

    def relayout(self) -> None:
        width, height = self.size.width, self.size.height
        wide = self.wide()
        self.query_one("#log-box").display = wide
        q = self.question
        grid = self.query_one(OptionGrid)
        texts = [
            (self.query_one("#hand", Static), q.hand if q else ""),
            (self.query_one("#moment", Static), ("Now: " + q.moment) if q and q.moment else ""),
            (self.query_one("#question", Static), q.question if q else self.prompt),
        ]
        fixed = 2  # status and command line
        for (widget, text), most in zip(texts, (2, 2, 4), strict=True):
            rows = min(most, len(Text(text).wrap(self.console, max(1, width)))) if text else 0
            widget.styles.height = rows
            widget.update(Text(text))
            fixed += rows
        card = self.query_one("#card", Static)
        card_rows = 2 if grid.choices else 0
        n = len(grid.choices)
        room = max(1, height - fixed - card_rows - MIN_BOARD)
        columns = next((c for c in range(1, MAX_COLUMNS + 1) if math.ceil(n / c) <= room), 4)
        if n and math.ceil(n / columns) > room:  # not even four columns fit: drop the card pane
            card_rows = 0
            room = max(1, height - fixed - MIN_BOARD)
            columns = next(
                (c for c in range(1, MAX_COLUMNS + 1) if math.ceil(n / c) <= room), MAX_COLUMNS
            )
        grid.columns = columns
        grid.styles.height = grid.rows
        card.styles.height = card_rows
        left = height - fixed - card_rows - grid.rows
        recent = self.query_one("#recent", Static)
        recent_rows = 0 if wide else max(0, min(4, left - MIN_BOARD))
        recent.styles.height = recent_rows
        recent.update(self.recent_text(recent_rows))
        self.update_card()
        grid.refresh()

    # -- what the session sends -----------------------------------------------------------------
    def show_question(self, question: Question | None) -> None:
        self.question = question
        grid = self.query_one(OptionGrid)
        grid.choices = question.choices if question else ()
        grid.highlight = 0
        if question is not None:
            self.draw_board(question.view)
        self.relayout()

    def draw_board(self, view: dict[str, Any]) -> None:
        width = self.query_one("#board-box").size.width or self.size.width
        console = Console(
            file=io.StringIO(), width=max(40, width - 2), force_terminal=True,
            color_system="truecolor", highlight=False,
        )  # fmt: skip
        self.render_board(view, console)
        assert isinstance(console.file, io.StringIO)
        self.query_one("#board", Static).update(Text.from_ansi(console.file.getvalue()))

    def add_log(self, lines: list[Text]) -> None:
        self.log_lines.extend((line, True) for line in lines)
        del self.log_lines[:-LOG_KEEP]
        self.update_log()

    def update_log(self) -> None:
        shown = Text("\n").join(
            Text(line.plain, style="bold" if new else "dim") for line, new in self.log_lines
        )
        self.query_one("#log", Static).update(shown)
        self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)
        self.relayout()

    def recent_text(self, rows: int) -> Text:
        if rows <= 0:
            return Text()
        new = [line for line, fresh in self.log_lines if fresh]
        lines = (new or [line for line, _ in self.log_lines])[-rows:]
        width = max(10, self.size.width - 1)
        cut = [line.plain if len(line.plain) <= width else line.plain[: width - 1] + "…"
               for line in lines]  # fmt: skip
        return Text("\n".join(cut), style="bold" if new else "dim")

    def add_note(self, text: str, style: str) -> None:
        self.query_one("#status", Static).update(Text(" ".join(text.split()), style=style))
        self.log_lines.append((Text("  " + text), True))
        if self.is_mounted(self.query_one("#log", Static)):
            self.update_log()

    def is_mounted(self, widget: Widget) -> bool:
        return widget.is_attached

    def open_reader(self, title: str, lines: list[Text]) -> None:
        body = Text("\n").join(([Text(title, style="bold")] if title else []) + lines)
        self.query_one("#reader-text", Static).update(body)
        self.query_one("#board-box").display = False
        reader = self.query_one("#reader", VerticalScroll)
        reader.display = True
        reader.scroll_home(animate=False)
        self.query_one("#status", Static).update(Text("Escape closes this text."))

    def set_prompt(self, prompt: str) -> None:
        self.prompt = prompt
        self.prompts += 1
        if not prompt.startswith("Choose"):
            self.query_one("#status", Static).update(Text(prompt, style="bold"))
        if self.question is None:
            self.relayout()

    def clear_table(self) -> None:
        """A hot-seat hand-off: nothing of the last person's stays on the screen."""
        self.question = None
        self.query_one(OptionGrid).choices = ()
        self.query_one("#board", Static).update("")
        self.query_one("#reader-text", Static).update("")
        self.log_lines.clear()
        self.update_log()
        self.action_board()

    def finish(self, lines: list[Text]) -> None:
        self.over = True
        self.open_reader("The game is over.", lines)
        self.query_one("#status", Static).update(Text("Press Enter or Ctrl+Q to leave."))

    # -- what the person does -------------------------------------------------------------------
    def send(self, line: str) -> None:
        if self.over:
            self.exit(self.code if self.code is not None else 0)
            return
        for i, (text, _) in enumerate(self.log_lines):
            self.log_lines[i] = (text, False)
        self.action_board()
        self.session.inbox.put(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        event.input.value = ""
        grid = self.query_one(OptionGrid)
        if not line and grid.choices and self.prompt.startswith("Choose"):
            line = str(grid.choices[grid.highlight].number)
        self.send(line)

    def action_command(self, command: str) -> None:
        if self.prompt.startswith("Choose"):
            self.send(command)
        else:
            self.query_one("#status", Static).update(Text("Commands wait for your question."))

    def action_prefill(self, text: str) -> None:
        box = self.query_one("#command", Input)
        box.value = text
        box.cursor_position = len(text)

    def action_leave(self) -> None:
        if self.over:
            self.exit(self.code if self.code is not None else 0)
        elif self.prompt.startswith(("Choose", "Pass the screen")):
            self.send("quit")
        else:
            self.session.closing = True
            self.session.inbox.put(None)

    def action_board(self) -> None:
        reader = self.query_one("#reader", VerticalScroll)
        if reader.display:
            reader.display = False
            self.query_one("#status", Static).update(Text(KEYS))
        self.query_one("#board-box").display = True

    def action_move(self, step: int) -> None:
        grid = self.query_one(OptionGrid)
        if grid.choices:
            grid.highlight = (grid.highlight + step) % len(grid.choices)
            self.update_card()
            grid.refresh()

    def action_move_column(self, step: int) -> None:
        grid = self.query_one(OptionGrid)
        if grid.choices and grid.columns > 1:
            target = grid.highlight + step * grid.rows
            if 0 <= target < len(grid.choices):
                grid.highlight = target
                self.update_card()
                grid.refresh()

    def action_page(self, step: int) -> None:
        reader = self.query_one("#reader", VerticalScroll)
        box = reader if reader.display else self.query_one("#board-box", VerticalScroll)
        (box.scroll_page_down if step > 0 else box.scroll_page_up)(animate=False)

    def update_card(self) -> None:
        grid = self.query_one(OptionGrid)
        card = self.query_one("#card", Static)
        if not grid.choices:
            card.update("")
            return
        choice = grid.choices[min(grid.highlight, len(grid.choices) - 1)]
        lines = list(choice.card)
        if grid.cut(choice) or not lines:
            lines.insert(0, f"{choice.number}: {choice.label}")
        card.update(Text(" · ".join(lines)))


__all__ = ["KEYS", "OptionGrid", "TableApp"]
