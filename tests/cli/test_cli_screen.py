"""The full-screen table, driven headless at 80x24 by Textual's pilot.

For each game a whole game is played with P1 a person (a heuristic bot types the numbers),
and at every question the screen, read as text, must hold the question, every option (its
number and as much of its label as its cell shows) and the pinned "what is happening" line,
and no card slug or file path (`tabletop.ui.screen.measure.check_screen`).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tabletop.engine import registry
from tabletop.engine.errors import OptionError
from tabletop.ui.commands import full_screen, run_play
from tabletop.ui.screen.app import TableApp
from tabletop.ui.screen.measure import play_headless, screen_text
from tabletop.ui.screen.session import ScreenSession, card_of, hand_line
from tabletop.ui.seats import make_seats

PASSIVE = re.compile(r"^(Pass|Done)")
GAMES = [("quests", 3, {}), ("guardians", 3, {}), ("librarians", 2, {}), ("castle", 4, {})]


class Figures:
    def __init__(self) -> None:
        self.lines: list[int] = []
        self.fits: list[bool] = []
        self.passive = self.typed = self.most_options = self.reprompts = self.kept = 0
        self.check: Any = None


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_question_of_a_whole_game_fits_an_80x24_screen(
    game: str, players: int, options: dict[str, str]
) -> None:
    figures = play_headless(game, players, options, 1, Figures, PASSIVE)
    check = figures.check
    assert check.prompts > 10 and figures.typed > 5
    assert check.faults == []
    assert all(figures.fits)
    # A command (F1) between two askings of one question keeps every option's number.
    assert figures.reprompts > 0 and figures.kept == figures.reprompts


def make_app(game: str, players: int, seats: str, seed: int, **options: str) -> TableApp:
    state = registry.new_game(game, players, seed, options)
    agents, specs = make_seats(game, players, seats, seed)

    def make(outbox: Any, post: Any) -> ScreenSession:
        return ScreenSession(state, agents, specs, outbox, post)

    return TableApp(make, registry.get(game).title)


async def next_prompt(app: TableApp, pilot: Any, seen: int) -> int:
    for _ in range(3000):
        if app.prompts != seen or app.over:
            break
        await pilot.pause(0.01)
    await pilot.pause()
    return app.prompts


def test_keys_open_texts_and_quit_leaves() -> None:
    app = make_app("quests", 3, "human,heuristic,heuristic", 3)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            seen = await next_prompt(app, pilot, 0)
            while not app.prompt.startswith("Choose"):
                await pilot.press("enter")
                seen = await next_prompt(app, pilot, seen)
            await pilot.press("f1")
            seen = await next_prompt(app, pilot, seen)
            assert "the rules summary, phase by phase" in screen_text(app)  # help
            await pilot.press("escape")
            await pilot.pause()
            assert "the rules summary, phase by phase" not in screen_text(app)
            assert app.question is not None
            assert app.question.question in " ".join(screen_text(app).split())
            await pilot.press("ctrl+q")
            await next_prompt(app, pilot, seen)
            assert app.over
            await pilot.press("enter")

    asyncio.run(go())
    assert app.code == 0
    assert "The game was not saved." in app.outbox.said


def test_a_hot_seat_hand_off_leaves_nothing_of_the_last_hand_on_screen() -> None:
    app = make_app("quests", 2, "human,human", 11, turn_limit="2")
    handoffs: list[tuple[str, str, list[str]]] = []

    async def go() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            seen = 0
            last_hand: list[str] = []
            for _ in range(200):
                seen = await next_prompt(app, pilot, seen)
                if app.over:
                    break
                if app.prompt.startswith("Pass the screen"):
                    handoffs.append((app.prompt, screen_text(app), list(last_hand)))
                    await pilot.press("enter")
                elif app.prompt.startswith("Choose") and app.question is not None:
                    view = app.question.view
                    last_hand = [c["name"] for c in view["seats"][view["viewer"]]["hand"]]
                    await pilot.press("1", "enter")
                else:
                    await pilot.press("enter")
                if len(handoffs) >= 3:
                    break
            await pilot.press("ctrl+q")
            await pilot.pause()

    asyncio.run(go())
    assert len(handoffs) >= 2
    for prompt, text, hand in handoffs[1:]:
        assert prompt in " ".join(text.split())
        assert hand and [name for name in hand if name in text] == []


def test_the_card_pane_and_hand_come_from_the_seats_view() -> None:
    state = registry.new_game("quests", 3, 5)
    view = state.view(0)
    names = [c["name"] for c in view["seats"][0]["hand"]]
    assert hand_line(view) == "Your hand: " + ", ".join(names)
    lines = card_of("quests", "Play Ghosts at P2")
    assert lines and lines[0].startswith("Ghosts")
    assert card_of("quests", "Pass") == ()


def test_the_full_screen_table_needs_a_terminal_and_a_known_ui() -> None:
    assert full_screen("auto", people=True) is False  # tests run without a terminal
    assert full_screen("line", people=True) is False
    with pytest.raises(OptionError, match="needs a terminal"):
        full_screen("screen", people=True)
    with pytest.raises(OptionError, match="auto, screen, line"):
        run_play("quests", 3, None, 1, {}, None, ui="sideways")
