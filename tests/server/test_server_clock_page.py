"""Turn clocks and async play in Chromium: a table made in the lobby with a short clock shows
the countdown to the seat asked, and what happened when it ran out (a bot made the move, the
seat still the person's); a seat that forfeits reads "You forfeited" in the results; a person
on a days-per-move table closes the browser and comes back, by their invite link and by the
lobby's "your tables", to the same seat, the game where it was and the clock still running.
Every check waits for a condition; nothing asserts on time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select
from test_server_browser import chromium, wait
from test_server_clock import QUESTS, quick_settings

from conftest import Live, start_live

TEXT_JS = "const e = document.querySelector(arguments[0]); return e ? e.textContent : ''"


@pytest.fixture
def quick(db_url: str) -> Iterator[Live]:
    server, stop = start_live(db_url, quick_settings())
    yield server
    stop()


def text(d: WebDriver, css: str) -> str:
    found: str = d.execute_script(TEXT_JS, css)
    return found


def test_a_clock_made_in_the_lobby_counts_down_and_a_bot_moves(quick: Live, tmp_path: Path) -> None:
    a = chromium(tmp_path / "a")
    try:
        a.get(quick.base + "/")
        wait(a, "return document.querySelectorAll('#game option').length > 0")
        assert text(a, "#game-list").count("2-8 players") == 1  # Quests' counts said once
        Select(a.find_element("id", "game")).select_by_value("quests")
        a.execute_script(
            "const p = document.getElementById('players'); p.value = '3';"
            "p.dispatchEvent(new Event('change'))"
        )
        pace = a.find_element("id", "pace")
        pace.clear()
        pace.send_keys("0")
        a.find_element("id", "clock").send_keys("2")
        Select(a.find_element("id", "clock-unit")).select_by_value("seconds")
        Select(a.find_element("id", "clock-rule")).select_by_value("bot")
        a.find_element("id", "autopass").click()  # off: every question is the person's
        a.find_element("id", "create-button").click()
        wait(a, "return !!document.getElementById('go')")
        a.find_element("id", "go").click()
        # the seat asked sees its countdown, and the rule
        wait(a, "return /You have 0:0\\d/.test(document.getElementById('clock').textContent)")
        assert "when it runs out, a bot plays the move" in text(a, "#clock")
        # it ran out: a bot made the move, and the seat is still this person's
        wait(a, "return /ran out of time/.test(document.getElementById('notes').textContent)")
        assert "a bot answered for them" in text(a, "#notes")
        seat = text(a, '#seatbar .seat.me[data-seat="0"]')
        assert "forfeited" not in seat and "bot playing" not in seat
        table_id = a.current_url.rsplit("/", 1)[1]
        stored = quick.store.load(table_id)
        assert stored is not None and stored.clock_seconds == 2 and stored.clock_rule == "bot"
        assert any(seat == 0 for seat, _ in stored.answers)  # made for P1 (the page never clicked)
        assert not stored.forfeited[0]
        errors = [e for e in a.get_log("browser") if e["level"] == "SEVERE"]
        assert not [e for e in errors if "favicon.ico" not in e["message"]], errors
    finally:
        a.quit()


def test_a_seat_that_forfeits_reads_so_in_the_results(quick: Live, tmp_path: Path) -> None:
    made = quick.create(**QUESTS, clock_seconds=1, on_timeout="forfeit")
    a = chromium(tmp_path / "a")
    try:
        a.get(f"{quick.base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
        wait(a, "return document.getElementById('status').dataset.over === 'true'")
        wait(a, "return !!document.getElementById('headline')")
        assert text(a, "#headline") == "You forfeited"
        assert "forfeited" in text(a, "#scores")
        assert "(forfeited)" in text(a, '#seatbar .seat[data-seat="0"]')
    finally:
        a.quit()


def test_an_async_player_leaves_and_comes_back(quick: Live, tmp_path: Path) -> None:
    made = quick.create(**QUESTS, clock_days=1, on_timeout="bot")
    table_id = made["id"]
    link = f"{quick.base}/t/{table_id}#invite={made['invites'][0]['invite']}"
    profile = tmp_path / "ana"
    a = chromium(profile)
    try:
        a.get(link)
        wait(a, "return document.querySelectorAll('button.option').length > 0")
        wait(a, "return /You have 23 h/.test(document.getElementById('clock').textContent)")
        step = a.execute_script("return document.getElementById('status').dataset.step")
    finally:
        a.quit()  # the tab is closed: the game waits, the clock runs on
    before = quick.http.get(f"/api/tables/{table_id}").json()
    deadline = before["seats"][0]["deadline"]
    assert deadline is not None and before["seats"][0]["online"] is False
    a = chromium(profile)  # the same browser, later
    try:
        a.get(link)  # by the invite link again (used up: the seat's token is kept)
        wait(a, "return document.querySelectorAll('button.option').length > 0")
        assert a.execute_script("return document.getElementById('status').dataset.step") == step
        assert text(a, '#seatbar .seat.me[data-seat="0"]').endswith("online")
        assert re.search(r"You have 23 h", text(a, "#clock"))
        assert not text(a, "#notice")  # no error for the used invite
        a.get(quick.base + "/")  # by the lobby's "your tables"
        wait(a, "return !!document.querySelector('#my-tables a')")
        row = text(a, "#my-tables tr.yours")
        assert "your turn" in row and "left" in row
        a.find_element("css selector", "#my-tables tr.yours a").click()
        wait(a, "return document.querySelectorAll('button.option').length > 0")
        assert a.execute_script("return document.getElementById('status').dataset.step") == step
        # the same seat, the clock not started again
        after = quick.http.get(f"/api/tables/{table_id}").json()
        assert after["seats"][0]["deadline"] == deadline and after["step"] == before["step"]
        # and it plays on from there
        first = a.find_element("css selector", "button.option")
        first.click()
        wait(a, f"return document.getElementById('status').dataset.step !== {step!r}")
    finally:
        a.quit()
