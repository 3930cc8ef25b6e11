"""The table page for a group of friends, in Chromium: two named people and a spectator play
a whole short Quests game with a chat message, see whose turn it is, the results by name,
then the host's rematch takes both people to their seats at a new table with one click."""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select
from test_server_browser import SHOTS, chromium, over, play_in, wait

from conftest import Live
from tabletop.engine.rng import Rng

ANA = "<b>Ana</b>"  # a name that would be markup, were it ever put in as HTML
SAID = "<img src=x onerror=window.pwned=1>gg"
TEXT_JS = "return document.getElementById(arguments[0]).textContent"


def text(d: WebDriver, element: str) -> str:
    found: str = d.execute_script(TEXT_JS, element)
    return found


def create_named(live: Live, a: WebDriver) -> str:
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
    Select(a.find_element("id", "game")).select_by_value("quests")
    a.find_element("id", "my-name").send_keys(ANA)
    a.execute_script(
        "const p = document.getElementById('players'); p.value = '3';"
        "p.dispatchEvent(new Event('change'))"
    )
    Select(a.find_element("id", "seat-1")).select_by_value("person")
    field = a.find_element("css selector", '[data-option="turn_limit"]')
    field.clear()
    field.send_keys("2")
    pace = a.find_element("id", "pace")
    pace.clear()
    pace.send_keys("0")
    a.find_element("id", "create-button").click()
    link: str = wait(
        a, "const l = document.querySelector('a.invite[data-seat=\"1\"]'); return l && l.href"
    )
    a.find_element("id", "go").click()
    return link


def test_friends_play_chat_and_rematch(live: Live, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    drivers = []
    try:
        for who in "abc":
            drivers.append(chromium(tmp_path / who))
        a, b, c = drivers
        invite = create_named(live, a)
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
            assert shown[0].startswith(ANA + " (P1)") and shown[2].startswith("Bot (heuristic)")
            assert not d.execute_script("return document.querySelector('#seatbar b')")
            assert "step" not in text(d, "status")
        # whose turn: the banner, the page's title and icon of the one asked
        asked = wait(
            a,
            "return document.querySelector('button.option') ? 'a' : "
            "(document.getElementById('banner').textContent.startsWith('Waiting for') ? 'b' : '')",
        )
        mine, theirs = (a, b) if asked == "a" else (b, a)
        wait(mine, "return document.getElementById('banner').textContent.startsWith('Your turn: ')")
        assert mine.title.startswith("● Your turn")
        assert mine.execute_script("return document.querySelector('link[rel=icon]').dataset.turn")
        assert "P1: P1:" not in text(mine, "play")
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
            d.save_screenshot(str(SHOTS / f"people-{'abc'[i]}-playing.png"))
        # the whole game
        play_in([a, b], Rng(9), "people")
        wait(c, "return document.getElementById('status').dataset.over === 'true'")
        assert over(c)
        scores_js = "return [...document.querySelectorAll('#scores tr')].map(r => r.textContent)"
        for d in (a, b):
            headline = text(d, "headline")
            assert headline in ("You won", "You lost", "Nobody won"), headline
            rows = d.execute_script(scores_js)
            assert len(rows) == 4 and ANA in rows[1] and "Bo (P2)" in rows[2]
            assert "Bot (heuristic) (P3)" in rows[3]
        assert not b.execute_script("return !!document.getElementById('rematch')")  # host only
        assert c.execute_script("return !!document.getElementById('new-table')")
        for i, d in enumerate(drivers):
            d.save_screenshot(str(SHOTS / f"people-{'abc'[i]}-over.png"))
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
        wait(c, "return !!document.getElementById('rematch-link')")  # watch it, no seat
        play_in([a, b], Rng(10), "people-rematch")
        for d in drivers:
            errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
            assert not [e for e in errors if "favicon.ico" not in e["message"]], errors
    finally:
        for d in drivers:
            d.quit()
