"""The conversation of the full-screen table: the line mode's `Session`, talking to panes.

`ScreenSession` is `tabletop.ui.terminal.Session` with its input and output redirected: the
game loop, the table, hand-offs, preferences, autosave, undo, save and every command are
the line mode's own, so both modes play the same game by the same rules. It runs in a
worker thread of the app (bots may think for a while; the screen never waits for them) and
hands the app immutable pictures of the moment (`Question`), log lines and notes; the app
hands back the lines a person types or clicks.

What each pane shows is computed here, from the seat's view and the pending decision only
(never from the state), so the screen holds nothing the seat may not see.
"""

from __future__ import annotations

import io
import queue
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

from rich.console import Console
from rich.text import Text

from tabletop.agents import Agent
from tabletop.engine.decision import Decision, Option
from tabletop.engine.state import State
from tabletop.engine.table import Cursor
from tabletop.engine.texts import CardText, all_cards
from tabletop.ui import game_module
from tabletop.ui.asking import Quit
from tabletop.ui.output import log_line, merged, print_result
from tabletop.ui.seats import who
from tabletop.ui.terminal import Session, _asked

MOMENT = 160  # the most characters of the pinned "what is happening" line


@dataclass(frozen=True)
class Choice:
    number: int
    label: str
    card: tuple[str, ...]  # the full text of the card the option names, if any


@dataclass(frozen=True)
class Question:
    """What the question area shows while a person decides."""

    seat: int
    view: dict[str, Any]  # the seat's view, for the board pane
    hand: str
    moment: str
    question: str
    choices: tuple[Choice, ...] = ()
    rule: str = ""


@dataclass
class Outbox:
    """What the session says, addressed to the app's panes (the app implements it)."""

    question: Callable[[Question | None], None]
    log: Callable[[list[Text]], None]
    note: Callable[[str, str], None]
    reader: Callable[[str, list[Text]], None]
    prompt: Callable[[str], None]
    clear: Callable[[], None]
    finished: Callable[[list[Text]], None]
    said: list[str] = field(default_factory=list)


class Post(Protocol):
    def __call__(self, fn: Callable[..., Any], *args: Any) -> Any: ...


# -- what a pane shows ------------------------------------------------------------------------
@cache
def _cards(game_id: str) -> tuple[tuple[re.Pattern[str], CardText], ...]:
    """The game's cards, longest name first, each with a pattern finding it in a label."""
    try:
        cards = all_cards(game_id)
    except Exception:  # a game without card texts: options name no card
        return ()
    seen: dict[str, CardText] = {}
    for c in cards:
        seen.setdefault(c.name, c)
    ordered = sorted(seen.values(), key=lambda c: -len(c.name))
    return tuple((re.compile(rf"(?<!\w){re.escape(c.name)}(?!\w)"), c) for c in ordered)


def card_of(game_id: str, label: str) -> tuple[str, ...]:
    """The full text of the first (longest-named) card an option's label names."""
    for pattern, c in _cards(game_id):
        if pattern.search(label):
            lines = [f"{c.name} ({c.kind}) · {c.summary}", c.text]
            if c.note:
                lines.append(f"(our reading: {c.note})")
            return tuple(lines)
    return ()


def _names(items: Any) -> list[str]:
    names: list[str] = []
    if isinstance(items, list):
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                names.append(item["name"])
            elif isinstance(item, str):
                names.append(item)
    return names


def hand_line(view: dict[str, Any]) -> str:
    """The viewer's hand in one line, from the view's shape (`seats` or `agents`)."""
    viewer = view.get("viewer")
    for key in ("seats", "agents"):
        rows = view.get(key)
        if isinstance(rows, list) and isinstance(viewer, int) and 0 <= viewer < len(rows):
            row = rows[viewer]
            if isinstance(row, dict) and "hand" in row:
                names = _names(row["hand"])
                return "Your hand: " + (", ".join(names) if names else "empty")
    return ""


def moment_line(state: State, seat: int, view: dict[str, Any], decision: Decision) -> str:
    """What is happening now: the game's `moment` hook, else the seat's latest log event."""
    module = game_module(state.game_id)
    hook = getattr(module, "moment", None) if module is not None else None
    text: str | None = None
    if callable(hook):
        try:
            text = hook(view, seat, decision)
        except (KeyError, IndexError, TypeError, ValueError):
            text = None
    if not text:
        events = state.log_for(seat)
        text = events[-1][1] if events else ""
    text = " ".join(str(text).split())
    return text if len(text) <= MOMENT else text[: MOMENT - 1] + "…"


# -- the session ------------------------------------------------------------------------------
class ScreenSession(Session):
    """The line mode's session, reading from the app and writing to its panes."""

    def __init__(
        self,
        state: State,
        agents: list[Agent | None],
        specs: list[str],
        outbox: Outbox,
        post: Post,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            state, agents, specs, Console(file=io.StringIO(), width=100), io.StringIO(), **kwargs
        )
        self.interactive = True
        self.echo = False
        self.numbering.stable = True
        self.out = outbox
        self.post = post
        self.inbox: queue.Queue[str | None] = queue.Queue()
        self.replying = False  # between a command line and the next question: its answer
        self.closing = False  # the app is closing: every read ends the game

    # -- input --------------------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        if self.closing:
            raise Quit("", error=None)
        self.post(self.out.prompt, prompt.strip())
        line = self.inbox.get()
        if line is None:  # the app is closing
            raise Quit("", error=None)
        self.replying = prompt.startswith("Choose")
        return line[:200]

    # -- output -------------------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.out.said.append(text)
        del self.out.said[:-20]
        if "\n" in text:
            self.post(self.out.reader, "", [Text(line) for line in text.splitlines()])
        else:
            self.post(self.out.note, text, style)

    def lines(self, lines: list[str]) -> None:
        self.post(self.out.reader, "", [Text(line) for line in lines])

    def print_events(self, events: list[tuple[str, str]]) -> None:
        if events:
            self.post(self.out.log, [Text("  " + text) for text in merged(events)])

    def recap(self, seat: int, heading: str) -> None:
        lines = self.collect(seat)
        self.unseen[seat] = []
        if lines:
            self.post(self.out.log, list(lines))

    def clear_screen(self) -> None:
        self.post(self.out.clear)

    def show_log(self, seat: int) -> None:
        events = self.table.events_since(Cursor(), seat)[0]
        self.post(self.out.reader, "The log", [log_line(r, t) for r, t in events])

    def show(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> None:
        self.replying = False
        view = self.state.view(seat)
        view.pop("log", None)
        game = self.state.game_id
        choices: tuple[Choice, ...] = ()
        if len(options) > 1:
            numbers = self.numbers(seat, decision, options)
            choices = tuple(
                Choice(n, o.label, card_of(game, o.label))
                for n, o in zip(numbers, options, strict=True)
            )
        self.recap(seat, "")
        ask = decision.ask(seat)
        self.post(
            self.out.question,
            Question(
                seat=seat,
                view=view,
                hand=hand_line(view),
                moment=moment_line(self.state, seat, view, decision),
                question=_asked(seat, decision),
                choices=choices,
                rule=ask.rule,
            ),
        )

    def run(self) -> int:
        code = super().run()
        out = io.StringIO()
        print_result(self.state, self.specs, Console(file=out, width=78, highlight=False))
        lines = [Text(line) for line in out.getvalue().splitlines()]
        if self.state.is_over and self.holder is not None:
            self.post(self.out.question, None)
        self.post(self.out.finished, lines)
        return code


def starting_note(session: Session) -> str:
    """The first line of the status bar: who plays, and how to play."""
    seats = ", ".join(
        f"{who(s)}{' (you)' if s in session.humans and len(session.humans) == 1 else ''}"
        for s in range(session.state.num_players)
    )
    return f"Seats: {seats}. Type or click an option's number; F1 lists the keys."


__all__ = ["Choice", "Outbox", "Question", "ScreenSession", "card_of", "hand_line", "moment_line"]
