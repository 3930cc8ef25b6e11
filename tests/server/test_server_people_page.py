"""The table page for a group of friends, in Chromium, for each game: two named people and a
spectator play a whole game (short options, bots at the other seats, no bot pause) with a
chat message, see whose turn it is, their names on the game's board, the results by name,
then the host's rematch takes both people to their seats at a new table with one click."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select
from test_server_browser import CLICK_JS, OPTIONS_JS, SHOTS, chromium, over, wait

from conftest import WAIT, Live
from tabletop.engine import registry
from tabletop.engine.rng import Rng

ANA = "<b>Ana</b>"  # a name that would be markup, were it ever put in as HTML
SAID = "<img src=x onerror=window.pwned=1>gg"
TEXT_JS = "return document.getElementById(arguments[0]).textContent"
BOARD = "(document.querySelector('#play [data-board]') || {innerText: ''}).innerText"  # the board


@dataclass(frozen=True)
class Short:
    """A game made short: its players (P1 and P2 people, bots after), lobby options, and how
    often the clicking person takes the first option (the Librarians' first option is mostly
    the one that moves the story on: some 110 to 170 answers of two seats, where a random
    walk takes 200 to 350)."""

    players: int
    options: dict[str, str] = field(default_factory=dict)
    first: int = 0  # in 100


SHORT = {
    "quests": Short(3, {"turn_limit": "2"}),
    "guardians": Short(3, {"difficulty": "apprentice"}),
    "librarians": Short(2, {}, first=90),  # two heroes: a third seat's turns double it
    "castle": Short(4, {}),
}


def text(d: WebDriver, element: str) -> str:
    found: str = d.execute_script(TEXT_JS, element)
    return found


def create_named(live: Live, a: WebDriver, game: str, short: Short) -> str:
    a.get(live.base + "/")
    wait(a, "return document.querySelectorAll('#game option').length > 0")
    # Quests first, one person and bots by default
    assert Select(a.find_element("id", "game")).first_selected_option.get_attribute("value") == (
        "quests"
    )
    assert a.execute_script("return document.getElementById('seat-1').value") == "heuristic"
    assert "Quests" in text(a, "game-list") and "Castle" in text(a, "game-list")
    # every option can be set: a list option is a text field of comma-separated values
    Select(a.find_element("id", "game")).select_by_value("castle")
    agents = a.find_element("css selector", '[data-option="agents"]')
    assert agents.get_attribute("type") == "text" and agents.get_attribute("data-list") == "true"
    assert "Castle" in text(a, "summary")
    Select(a.find_element("id", "game")).select_by_value(game)
    a.find_element("id", "my-name").send_keys(ANA)
    a.execute_script(
        "const p = document.getElementById('players'); p.value = arguments[0];"
        "p.dispatchEvent(new Event('change'))",
        str(short.players),
    )
    Select(a.find_element("id", "seat-1")).select_by_value("person")
    for name, value in short.options.items():
        field_ = a.find_element("css selector", f'[data-option="{name}"]')
        if field_.tag_name == "select":
            Select(field_).select_by_value(value)
        else:
            field_.clear()
            field_.send_keys(value)
    pace = a.find_element("id", "pace")
    pace.clear()
    pace.send_keys("0")
    a.find_element("id", "create-button").click()
    link: str = wait(
        a, "const l = document.querySelector('a.invite[data-seat=\"1\"]'); return l && l.href"
    )
    a.find_element("id", "go").click()
    return link


def play(drivers: list[WebDriver], rng: Rng, first: int) -> int:
    """Click an answer in whichever browser is asked (the first option `first` times in 100,
    else one at random), until every browser shows the game over."""
    clicks = 0
    deadline = time.monotonic() + 20 * WAIT
    while not all(over(d) for d in drivers):
        assert time.monotonic() < deadline, "the game did not finish in the browsers"
        moved = False
        for d in drivers:
            ids = d.execute_script(OPTIONS_JS)
            if not ids:
                continue
            pick = ids[0] if rng.below(100) < first else ids[rng.below(len(ids))]
            if d.execute_script(CLICK_JS, pick):
                clicks += 1
                moved = True
        if not moved:
            time.sleep(0.02)
    return clicks


@pytest.mark.parametrize("game", list(SHORT))
def test_friends_play_chat_and_rematch(live: Live, tmp_path: Path, game: str) -> None:
    short = SHORT[game]
    SHOTS.mkdir(parents=True, exist_ok=True)
    drivers = []
    try:
        for who in "abc":
            drivers.append(chromium(tmp_path / who))
        a, b, c = drivers
        invite = create_named(live, a, game, short)
        table_id = a.current_url.rstrip("/").split("/")[-1]
        b.get(invite)
        # Bo has no name kept in this browser: the page asks for one
        wait(b, "return !!document.getElementById('name')")
        b.find_element("id", "name").send_keys("Bo")
        b.find_element("css selector", ".name-form button").click()
        c.get(f"{live.base}/t/{table_id}")  # a spectator
        seats_js = "return [...document.querySelectorAll('#seatbar .seat')].map(s => s.textContent)"
        for d in (a, b, c):
            wait(d, "return document.getElementById('status').dataset.step !== '-1'")
            wait(d, f"return {seats_js[7:]}.join('|').includes('Bo (P2)')")
            shown = d.execute_script(seats_js)
            assert shown[0].startswith(ANA + " (P1)") and len(shown) == short.players
            assert all(s.startswith("Bot (heuristic)") for s in shown[2:])
            assert not d.execute_script("return document.querySelector('#seatbar b')")
            assert "step" not in text(d, "status")
            # the game's board names the seats too, as text
            wait(d, f"return {BOARD}.includes('Bo (P2)')")
            assert f"{ANA} (P1)" in d.execute_script(f"return {BOARD}")
            assert not d.execute_script(
                "return [...document.querySelectorAll('#play [data-board] b')]"
                ".some(b => b.textContent === 'Ana')"
            )
        # whose turn: the banner, the page's title and icon of the one asked
        asked = wait(
            a,
            "return document.querySelector('button.option') ? 'a' : "
            "(document.getElementById('banner').textContent.startsWith('Waiting for') ? 'b' : '')",
        )
        mine, theirs = (a, b) if asked == "a" else (b, a)
        wait(mine, "return document.getElementById('banner').textContent.startsWith('Your turn')")
        assert mine.title.startswith("● Your turn")
        assert mine.execute_script("return document.querySelector('link[rel=icon]').dataset.turn")
        assert "P1: P1:" not in text(mine, "play")
        if not theirs.execute_script(OPTIONS_JS):  # both may be asked at once (a secret draft)
            waiting = text(theirs, "banner")
            assert waiting.startswith("Waiting for ") and " to decide" in waiting, waiting
            assert not theirs.title.startswith("●")
        # chat: said by Ana, read by Bo and the spectator, as text
        a.find_element("id", "chat-text").send_keys(SAID)
        a.find_element("css selector", "#chat-form button").click()
        for d in (a, b, c):
            wait(d, "return document.getElementById('chat-log').textContent.includes('gg')")
            assert f"{ANA} (P1): {SAID}" in text(d, "chat-log")
            assert not d.execute_script(
                "return document.querySelector('#chat-log img, #chat-log b')"
            )
            assert d.execute_script("return window.pwned === undefined")
        for i, d in enumerate(drivers):
            d.save_screenshot(str(SHOTS / f"people-{game}-{'abc'[i]}-playing.png"))
        # the whole game
        clicks = play([a, b], Rng(9), short.first)
        assert clicks >= 4
        wait(c, "return document.getElementById('status').dataset.over === 'true'")
        assert over(c)
        scores_js = "return [...document.querySelectorAll('#scores tr')].map(r => r.textContent)"
        for d in (a, b, c):
            headline = text(d, "headline")
            assert headline.startswith(("You won", "You lost", "Nobody won", "The team")) or (
                d is c and headline.endswith(" won")
            ), headline
            rows = d.execute_script(scores_js)
            assert len(rows) == short.players + 1 and ANA in rows[1] and "Bo (P2)" in rows[2]
            assert all(f"Bot (heuristic) (P{i})" in rows[i] for i in range(3, len(rows)))
        assert not b.execute_script("return !!document.getElementById('rematch')")  # host only
        assert c.execute_script("return !!document.getElementById('new-table')")
        for i, d in enumerate(drivers):
            d.save_screenshot(str(SHOTS / f"people-{game}-{'abc'[i]}-over.png"))
        # the rematch: one click, both people are at their seats of the new table
        a.find_element("id", "rematch").click()
        for d in (a, b):
            wait(d, f"return !location.pathname.endsWith('{table_id}')")
            wait(d, "return document.getElementById('status').dataset.step !== '-1'")
            wait(d, "return document.querySelectorAll('#seatbar .seat.me').length === 1")
        new_id = a.current_url.rstrip("/").split("/")[-1]
        assert b.current_url.rstrip("/").endswith(new_id) and new_id != table_id
        assert a.execute_script("return document.querySelector('.seat.me').dataset.seat") == "0"
        assert b.execute_script("return document.querySelector('.seat.me').dataset.seat") == "1"
        old = live.app.state.hub.room(table_id)
        new = live.app.state.hub.room(new_id)
        assert new.state.seed != old.state.seed and new.names[:2] == [ANA, "Bo"]
        assert new.state.game_id == old.state.game_id == game
        assert registry.options_of(new.state) == registry.options_of(old.state)
        wait(c, "return !!document.getElementById('rematch-link')")  # watch it, no seat
        # the rematch is played: a person asked there answers
        deadline = time.monotonic() + WAIT
        answered = False
        while not answered:
            assert time.monotonic() < deadline, "nobody was asked at the rematch"
            for d in (a, b):
                ids = d.execute_script(OPTIONS_JS)
                if ids:
                    step = d.execute_script("return document.getElementById('status').dataset.step")
                    assert d.execute_script(CLICK_JS, ids[0])
                    wait(d, f"return document.getElementById('status').dataset.step !== '{step}'")
                    answered = True
                    break
            time.sleep(0.05)
        for d in drivers:
            errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
            assert not [e for e in errors if "favicon.ico" not in e["message"]], errors
    finally:
        for d in drivers:
            d.quit()
