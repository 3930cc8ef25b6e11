"""Driving the full-screen table headless (Textual's pilot): tests and `bench/terminal.py`.

`play_headless` plays one whole game at a given size with P1 a person whose answers a
heuristic bot types (by number, then Enter), and at every question reads the screen as
text and checks that the question, every option and the pinned line are on it, and that no
card slug or file path is. It returns the figures the bench prints and the faults found.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from textual.app import App

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.rng import derive_seed
from tabletop.engine.texts import all_cards
from tabletop.ui.screen.app import OptionGrid, TableApp
from tabletop.ui.screen.session import ScreenSession
from tabletop.ui.seats import make_seats

PATH = re.compile(r"(?:~|\.{0,2})/[\w.-]+/[\w./-]+|\w+\.json\b")
WAIT = 60.0  # the most seconds a question may take to come (bots thinking)


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, one line per row."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), force_terminal=True,
        color_system="truecolor", record=True, legacy_windows=False, safe_box=False,
    )  # fmt: skip
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def _flat(text: str) -> str:
    return " ".join(text.split())


@dataclass
class Check:
    prompts: int = 0
    faults: list[str] = field(default_factory=list)

    def fault(self, text: str) -> None:
        if len(self.faults) < 20:
            self.faults.append(text)


def check_screen(app: TableApp, text: str, slugs: set[str], check: Check) -> bool:
    """Whether the question, every option and the pinned line are on `text`; faults noted."""
    q = app.question
    assert q is not None
    rows = text.splitlines()
    flat = _flat(text)
    ok = True
    where = f"prompt {check.prompts} ({q.rule})"
    if _flat(q.question)[:300] not in flat:
        check.fault(f"{where}: the question is not on the screen: {q.question[:80]!r}")
        ok = False
    if q.moment and _flat("Now: " + q.moment)[:70] not in flat:
        check.fault(f"{where}: the pinned line is not on the screen: {q.moment[:80]!r}")
        ok = False
    grid = app.query_one(OptionGrid)
    width = grid.cell_width()
    for choice in q.choices:
        shown = f"{choice.number:>2} {choice.label}"[: max(4, width - 3)]
        if not any(shown in row for row in rows):
            check.fault(f"{where}: option {choice.number} is not on the screen: {shown!r}")
            ok = False
    words = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text))
    leaked = sorted(words & slugs)
    if leaked:
        check.fault(f"{where}: card slugs on the screen: {leaked[:5]}")
    if PATH.search(text):
        check.fault(f"{where}: a file path on the screen: {PATH.search(text)!r}")
    return ok


async def _play(
    game: str,
    players: int,
    options: dict[str, str],
    seed: int,
    size: tuple[int, int],
    on_question: Callable[[TableApp, str, bool], None],
    passive: re.Pattern[str],
    figures: Any,
) -> Check:
    state = registry.new_game(game, players, seed, options)
    agents, specs = make_seats(game, players, None, seed)
    bot = make_agent("heuristic", game, derive_seed(seed, 99))
    slugs = {c.slug for c in all_cards(game) if "-" in c.slug}

    def make(outbox: Any, post: Any) -> ScreenSession:
        return ScreenSession(state, agents, specs, outbox, post)

    app = TableApp(make, registry.get(game).title)
    check = Check()
    async with app.run_test(size=size) as pilot:
        seen = 0
        last: tuple[int, list[str]] | None = None
        while not app.over:
            waited = 0.0
            while app.prompts == seen and not app.over and waited < WAIT:
                await pilot.pause(0.01)
                waited += 0.01
            if app.over:
                break
            if app.prompts == seen:
                check.fault(f"no question came for {WAIT} s after prompt {check.prompts}")
                break
            seen = app.prompts
            await pilot.pause()
            session = app.session
            prompt = app.prompt
            if not prompt.startswith("Choose") or app.question is None:
                await pilot.press("enter")
                continue
            check.prompts += 1
            text = screen_text(app)
            fits = check_screen(app, text, slugs, check)
            on_question(app, text, fits)
            st = session.state
            seat = app.question.seat
            decision = st.pending
            assert decision is not None
            opts = decision.options_for(seat)
            labels = [f"{c.number} {c.label}" for c in app.question.choices]
            if last is not None and last[0] == st.steps:
                figures.reprompts += 1
                figures.kept += labels == last[1]
                last = None
            elif check.prompts % 7 == 0:  # a command, then the same question again
                last = (st.steps, labels)
                await pilot.press("f1")
                continue
            if hasattr(figures, "numbering"):
                figures.numbering(session.numbering.step, session.numbering.keys)
            figures.lines.append(len(text.splitlines()))
            figures.fits.append(fits)
            figures.most_options = max(figures.most_options, len(opts))
            choice = bot.choose(st, seat)
            index = next(i for i, o in enumerate(opts) if o.id == choice)
            number = str(app.question.choices[index].number)
            figures.typed += 1
            figures.passive += bool(passive.match(opts[index].label))
            await pilot.press(*number, "enter")
        await pilot.pause()
    return check


def play_headless(
    game: str,
    players: int,
    options: dict[str, str],
    seed: int,
    figures_type: Callable[[], Any],
    passive: re.Pattern[str],
    size: tuple[int, int] = (80, 24),
    on_question: Callable[[TableApp, str, bool], None] | None = None,
) -> Any:
    """One whole game; returns `figures_type()` filled in, with `.check` (the faults)."""
    figures = figures_type()
    hook = on_question or (lambda *_: None)
    check = asyncio.run(_play(game, players, options, seed, size, hook, passive, figures))
    figures.check = check
    return figures


__all__ = ["Check", "check_screen", "play_headless", "screen_text"]
