"""A real browser: Debian's Chromium, driven by Selenium through Debian's chromium-driver
(`make test` installs both with apt-get; no browser is downloaded). Two browsers, each its own
profile, start a table from the lobby, join by the invite link and play whole games against
each other and a bot: Quests, and Guardians with its simultaneous secret draft. Screenshots
of every table page are kept in build/screenshots/ as test artifacts."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import WAIT, Live, Process
from helpers import json_strings
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

# the option ids of the enabled answer buttons on the page
OPTIONS_JS = (
    "return [...document.querySelectorAll('button.option:not([disabled])')]"
    ".map(b => b.dataset.option)"
)
CLICK_JS = (
    "const b = [...document.querySelectorAll('button.option:not([disabled])')]"
    ".find(x => x.dataset.option === arguments[0]); if (b) b.click(); return !!b"
)


def chromium(profile: Path) -> WebDriver:
    assert shutil.which(CHROMIUM) and shutil.which(DRIVER), (
        "the browser tests need Debian's chromium and chromium-driver: "
        "apt-get install chromium chromium-driver (make test does it)"
    )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1100,1400",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # JavaScript errors
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_script_timeout(WAIT)
    driver.set_page_load_timeout(WAIT)
    return driver


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[tuple[WebDriver, WebDriver]]:
    a = chromium(tmp_path / "a")
    try:
        b = chromium(tmp_path / "b")
    except Exception:
        a.quit()
        raise
    try:
        yield a, b
    finally:
        a.quit()
        b.quit()


def wait(driver: WebDriver, css_js: str) -> Any:
    return WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(css_js))


def create_from_lobby(live: Live, a: WebDriver, game: str, options: dict[str, str]) -> str:
    """Fill the lobby's form in browser `a`: P1 and P2 persons, P3 a bot; no bot pause."""
    a.get(live.base + "/")
    wait(a, "return document.querySelectorAll('#game option').length > 0")
    Select(a.find_element("id", "game")).select_by_value(game)
    a.execute_script(
        "const p = document.getElementById('players'); p.value = '3';"
        "p.dispatchEvent(new Event('change'))"
    )
    Select(a.find_element("id", "seat-1")).select_by_value("person")
    Select(a.find_element("id", "seat-2")).select_by_value("random")
    for name, value in options.items():
        field = a.find_element("css selector", f'[data-option="{name}"]')
        field.clear()
        field.send_keys(value)
    pace = a.find_element("id", "pace")
    pace.clear()
    pace.send_keys("0")
    a.find_element("id", "create-button").click()
    link: str = wait(
        a, "const l = document.querySelector('a.invite[data-seat=\"1\"]'); return l && l.href"
    )
    a.find_element("id", "go").click()
    return link


def over(driver: WebDriver) -> bool:
    return bool(
        driver.execute_script("return document.getElementById('status').dataset.over === 'true'")
    )


def play_in(drivers: list[WebDriver], rng: Rng, shot: str) -> int:
    """Click an answer in whichever browser is asked, until both show the game over."""
    clicks = 0
    deadline = time.monotonic() + 20 * WAIT
    while not all(over(d) for d in drivers):
        assert time.monotonic() < deadline, "the game did not finish in the browsers"
        moved = False
        for d in drivers:
            ids = d.execute_script(OPTIONS_JS)
            if ids and d.execute_script(CLICK_JS, ids[rng.below(len(ids))]):
                clicks += 1
                moved = True
                if clicks == 6:
                    for i, dd in enumerate(drivers):
                        dd.save_screenshot(str(SHOTS / f"{shot}-p{i + 1}-playing.png"))
        if not moved:
            time.sleep(0.02)
    return clicks


def test_two_browsers_play_quests_against_a_bot(
    live: Live, browsers: tuple[WebDriver, WebDriver]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = browsers
    invite = create_from_lobby(live, a, "quests", {"turn_limit": "2"})
    b.get(invite)
    for d in (a, b):
        wait(d, "return document.getElementById('status').dataset.step !== '-1'")
    assert "invite=" not in b.current_url  # the invite is used up and out of the address
    clicks = play_in([a, b], Rng(5), "quests")
    assert clicks >= 10
    for i, d in enumerate((a, b)):
        d.save_screenshot(str(SHOTS / f"quests-p{i + 1}-over.png"))
        assert "Game over" in d.find_element("id", "play").text
    table_id = a.current_url.rstrip("/").split("/")[-1]
    record = Record.from_json(live.http.get(f"/api/tables/{table_id}/record").json())
    assert replay(record, verify=True).is_over
    seats_played = {p for p, _ in record.answers}
    assert seats_played == {0, 1, 2}


def test_two_browsers_play_guardians_with_the_secret_draft(
    live: Live, browsers: tuple[WebDriver, WebDriver]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, b = browsers
    invite = create_from_lobby(live, a, "guardians", {})
    b.get(invite)
    for d in (a, b):
        wait(d, "return document.querySelectorAll('button.option').length > 0")
    # both are asked the draft at once; P1 picks, and is told it waits on P2, secretly
    ids = a.execute_script(OPTIONS_JS)
    assert all(i.startswith("pick:") for i in ids)
    # each pick is also a button on its card in P1's pack; P1 picks there
    on_cards = a.execute_script(
        "return [...document.querySelectorAll('.card button.on-card')].map(b => b.dataset.option)"
    )
    assert set(on_cards) == set(ids)
    a.save_screenshot(str(SHOTS / "guardians-p1-draft.png"))
    a.execute_script("document.querySelector('.card button.on-card').click()")
    notice = "Still waiting (secretly) for P2"
    wait(a, f"return document.getElementById('play').innerText.includes('{notice}')")
    a.save_screenshot(str(SHOTS / "guardians-p1-draft-waiting.png"))
    b.save_screenshot(str(SHOTS / "guardians-p2-draft.png"))
    assert b.execute_script(OPTIONS_JS)  # P2 still has its pick to make
    clicks = play_in([a, b], Rng(6), "guardians")
    assert clicks >= 20
    for i, d in enumerate((a, b)):
        d.save_screenshot(str(SHOTS / f"guardians-p{i + 1}-over.png"))
        assert "Game over" in d.find_element("id", "play").text


def test_the_page_reconnects_by_itself_after_the_server_is_killed(
    tmp_path: Path, browsers: tuple[WebDriver, WebDriver]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, _ = browsers
    db_url = f"sqlite:///{tmp_path / 'tables.db'}"
    first = Process(db_url, tmp_path)
    made = first.live.create(game="quests", players=2, seats=["person", "heuristic"], seed=41)
    a.get(f"{first.live.base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
    rng = Rng(7)
    for _ in range(4):  # a few answers, each waited for
        ids = wait(a, OPTIONS_JS)
        assert a.execute_script(CLICK_JS, ids[rng.below(len(ids))])
        wait(a, "return document.querySelectorAll('button.option:not([disabled])').length > 0")
    step = a.execute_script("return document.getElementById('status').dataset.step")
    first.kill()
    wait(a, "return document.getElementById('status').textContent.startsWith('reconnecting')")
    second = Process(db_url, tmp_path, port=first.port)
    try:
        # the page finds the server again by itself, at the same decision, and plays on
        wait(a, "return !document.getElementById('status').textContent.startsWith('reconnecting')")
        assert a.execute_script("return document.getElementById('status').dataset.step") == step
        a.save_screenshot(str(SHOTS / "quests-reconnected.png"))
        ids = wait(a, OPTIONS_JS)
        assert a.execute_script(CLICK_JS, ids[0])
        wait(a, f"return Number(document.getElementById('status').dataset.step) > {step}")
    finally:
        second.kill()


def hand_names(view: dict[str, Any], seat: int) -> set[str]:
    (mine,) = [s for s in view["seats"] if s["seat"] == seat]
    return {card["name"] for card in mine.get("hand", [])}


def test_hot_seat_shows_one_seat_at_a_time(
    live: Live, browsers: tuple[WebDriver, WebDriver]
) -> None:
    """One browser holds P1 and P2: between their turns it shows a hand-off screen with
    neither hand, and each seat's page shows only that seat's hand."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, _ = browsers
    a.get(live.base + "/")
    wait(a, "return document.querySelectorAll('#game option').length > 0")
    Select(a.find_element("id", "game")).select_by_value("quests")
    a.execute_script(
        "const p = document.getElementById('players'); p.value = '2';"
        "p.dispatchEvent(new Event('change'))"
    )
    Select(a.find_element("id", "seat-1")).select_by_value("person")
    # no auto-pass: the server answering passes in the background would move the game on
    # between the page drawn and the state this test compares it with
    a.execute_script("document.getElementById('autopass').checked = false")
    a.find_element("id", "create-button").click()
    wait(a, "return document.querySelector('#invites button:nth-of-type(2)')")
    a.find_element("css selector", "#invites button:nth-of-type(2)").click()  # P2 here too
    wait(a, "return document.querySelectorAll('a.invite').length === 0")
    a.find_element("id", "go").click()
    wait(a, "return document.querySelectorAll('button.option:not([disabled])').length > 0")
    table_id = a.current_url.rstrip("/").split("/")[-1]
    state = live.app.state.hub.room(table_id).state
    p1 = hand_names(state.view(0), 0)
    p2 = hand_names(state.view(1), 1)
    assert a.execute_script("return document.querySelectorAll('[data-switch]').length") == 2
    shown = a.find_element("id", "play").text
    asked = state.to_move()[0]
    own, other = (p1, p2) if asked == 0 else (p2, p1)
    seen = json_strings(state.view(asked), skip=())  # all that seat may see, log included
    assert all(n in shown for n in own) and not any(n in shown for n in other - seen)
    # answer for the seat asked until the other seat is asked: the hand-off screen
    rng = Rng(2)
    for _ in range(200):
        if a.execute_script("return !!document.getElementById('handoff')"):
            break
        ids = wait(a, OPTIONS_JS + ".concat(document.getElementById('handoff') ? ['-'] : [])")
        if ids != ["-"]:
            a.execute_script(CLICK_JS, ids[rng.below(len(ids))])
    else:
        raise AssertionError("the other seat was never asked")
    screen = a.find_element("id", "play").text + a.find_element("id", "log").text
    state = live.app.state.hub.room(table_id).state
    hands = hand_names(state.view(0), 0) | hand_names(state.view(1), 1)
    assert not any(n in screen for n in hands), "the hand-off screen shows a hand"
    a.save_screenshot(str(SHOTS / "quests-hot-seat-handoff.png"))
    assert a.execute_script("document.getElementById('handoff').click(); return true")
    wait(a, "return document.querySelectorAll('button.option:not([disabled])').length > 0")
    assert not a.execute_script("return !!document.getElementById('handoff')")


def test_an_idle_seat_is_played_by_a_bot_until_its_person_is_back(
    live: Live, browsers: tuple[WebDriver, WebDriver]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    a, _ = browsers
    made = live.create(
        game="quests",
        players=2,
        seats=["person", "heuristic"],
        seed=5,
        takeover="heuristic",
        idle_seconds=2.0,  # (handed back, P1 has that long again before the bot returns)
        pace_ms=200,  # the bots play slowly enough for the game to last
    )
    a.get(f"{live.base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
    wait(a, "return !!document.getElementById('back')")  # P1 did nothing: a bot plays it
    a.save_screenshot(str(SHOTS / "quests-idle-bot-playing.png"))
    # the page redraws at every bot answer: find the button and click it in one script
    click = "const b = document.getElementById(arguments[0]); if (b) b.click(); return !!b"
    assert a.execute_script(click, "back")
    # P1 has its seat again: a question for it, with no bot notice, at some point
    wait(
        a,
        "return !document.getElementById('back') && "
        "document.querySelectorAll('button.option:not([disabled])').length > 0 || "
        "document.getElementById('status').dataset.over === 'true'",
    )


def test_the_lobby_pages_and_filters_the_open_tables(live: Live, tmp_path: Path) -> None:
    made = [live.create(game="quests", players=2, seats=["person", "random"]) for _ in range(22)]
    live.join(made[0]["id"], made[0]["invites"][0]["invite"])  # no free seat left there
    driver = chromium(tmp_path / "lobby")
    try:
        driver.get(live.base + "/")
        rows = "(document.querySelectorAll('#tables tr').length - 1)"
        wait(driver, f"return {rows} === 20")
        assert driver.find_element("id", "page-info").text == "1-20 of 22"
        driver.find_element("id", "older").click()
        wait(driver, f"return {rows} === 2")
        driver.find_element("id", "newer").click()
        wait(driver, f"return {rows} === 20")
        driver.find_element("id", "open-only").click()
        wait(driver, "return document.getElementById('page-info').textContent === '1-20 of 21'")
        shown = driver.execute_script(
            "return [...document.querySelectorAll('#tables a')].map(a => a.href)"
        )
        assert not any(href.endswith(made[0]["id"]) for href in shown)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not [e for e in errors if "favicon.ico" not in e["message"]], errors
    finally:
        driver.quit()
