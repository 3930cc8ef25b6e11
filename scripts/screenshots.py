"""Screenshots of each game's table page mid-game and at its end, at desktop (1280x800) and
phone (375x812) size, into build/screenshots/ (git-ignored): a server on a free loopback port
(a temporary SQLite file), one table per game with a named person's seat ("Ana") and bots,
short options, answered in Debian's Chromium (at random, or mostly the first option) until
the board shows what it is for (Quests' Initiative dice, the Guardians' city with monsters,
a Librarians check's dice, the Castle's revealed vote): <game>-mid-desktop.png and
<game>-mid-phone.png, the window as a person sees it, and <game>-mid-desktop-full.png (the
whole page); then on to the end: <game>-end-desktop.png, <game>-end-phone.png and
<game>-end-desktop-full.png. It prints, for each shot, whether the page scrolls sideways.

    .venv/bin/python scripts/screenshots.py [game ...]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

from tabletop.engine.rng import Rng
from tabletop.server.app import create_app
from tabletop.server.limits import Settings
from tabletop.server.store import Store

SHOTS = Path(__file__).resolve().parents[1] / "build" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
WAIT = 30.0

# game, players, seed, options, how often (in 100) the first option is taken, and what the
# board should show before the mid-game shot (a JavaScript condition)
GAMES = [
    (
        "quests",
        3,
        12,
        {"turn_limit": 3},
        0,
        "return !!document.querySelector('.dicerow.initiative') && "
        "!/Turn 1 /.test(document.querySelector('.gamehead').textContent)",
    ),
    (
        "guardians",
        3,
        5,
        {"difficulty": "apprentice"},
        0,
        "return document.querySelectorAll('.cell.loc .card.monster').length > 2 && "
        "!!document.querySelector('.here-now') && "
        "/Round [2-9]/.test(document.querySelector('.gamehead').textContent)",
    ),
    ("librarians", 2, 3, {}, 90, "return !!document.querySelector('.check .die')"),
    ("castle", 4, 10, {}, 0, "return !!document.querySelector('.event-options .badges .badge')"),
]
NAME = "Ana"
OPTIONS_JS = (
    "return [...document.querySelectorAll('button.option:not([disabled])')]"
    ".map(b => b.dataset.option)"
)
CLICK_JS = (
    "const b = [...document.querySelectorAll('button.option:not([disabled])')]"
    ".find(x => x.dataset.option === arguments[0]); if (b) b.click(); return !!b"
)
STEP_JS = "return Number(document.getElementById('status').dataset.step)"
OVER_JS = "return document.getElementById('status').dataset.over === 'true'"


def serve(db: Path) -> tuple[str, uvicorn.Server, threading.Thread]:
    settings = Settings(
        rate=1e6, burst=1e6, create_burst=1000, connects=1e6, request_rate=1e6, request_burst=1e6
    )
    app = create_app(Store(f"sqlite:///{db}"), settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", server, thread


def browser(profile: Path) -> WebDriver:
    assert shutil.which(CHROMIUM) and shutil.which(DRIVER), (
        "apt-get install chromium chromium-driver"
    )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    d = webdriver.Chrome(service=Service(DRIVER), options=options)
    d.set_script_timeout(WAIT)
    return d


def until(d: WebDriver, js: str) -> None:
    deadline = time.monotonic() + WAIT
    while not d.execute_script(js):
        assert time.monotonic() < deadline, f"the page never showed: {js}"
        time.sleep(0.05)


def size(d: WebDriver, width: int, height: int) -> None:
    """The page's viewport at exactly width x height CSS pixels."""
    d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def shoot(d: WebDriver, name: str) -> list[str]:
    """The window at desktop and phone size, and the whole page at desktop width; each
    shot's page width against its window ("1280 in 1280")."""
    said = []
    for kind, width, height in (("desktop", 1280, 800), ("phone", 375, 812)):
        size(d, width, height)
        time.sleep(0.7)  # the arrival animations and the ghosts end
        d.save_screenshot(str(SHOTS / f"{name}-{kind}.png"))
        wide = d.execute_script(
            "const e = document.documentElement; return [e.scrollWidth, e.clientWidth]"
        )
        said.append(f"{kind} {wide[0]} in {wide[1]}")
    size(d, 1280, 800)
    tall = min(int(d.execute_script("return document.documentElement.scrollHeight")), 8000)
    size(d, 1280, max(tall, 800))
    time.sleep(0.3)
    d.save_screenshot(str(SHOTS / f"{name}-desktop-full.png"))
    size(d, 1280, 800)
    return said


def answer(d: WebDriver, rng: Rng, first: int) -> bool:
    """One answer of the person, waited for; False when nothing is asked of them now."""
    ids = d.execute_script(OPTIONS_JS)
    if not ids:
        return False
    step = d.execute_script(STEP_JS)
    pick = ids[0] if rng.below(100) < first else ids[rng.below(len(ids))]
    d.execute_script(CLICK_JS, pick)
    until(
        d,
        f"return Number(document.getElementById('status').dataset.step) > {step} || "
        "document.getElementById('status').dataset.over === 'true'",
    )
    return True


def open_table(
    base: str, d: WebDriver, game: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    seats = ["person"] + ["heuristic"] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "seed": seed, "options": options}
    r = httpx.post(f"{base}/api/tables", json=body)
    r.raise_for_status()
    made = r.json()
    d.get(f"{base}/")
    d.execute_script("localStorage.setItem('tabletop.name', arguments[0])", NAME)
    d.get(f"{base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
    until(d, "return document.getElementById('status').dataset.step !== '-1'")
    until(d, f"return document.getElementById('seatbar').textContent.includes('{NAME} (P1)')")


def play(d: WebDriver, seed: int, first: int, ready: str | None) -> int:
    """Answer until `ready` holds (None: until the game is over); the answers made."""
    rng = Rng(seed)
    clicks = 0
    deadline = time.monotonic() + 20 * WAIT
    while time.monotonic() < deadline and not d.execute_script(OVER_JS):
        if ready and d.execute_script(OPTIONS_JS) and d.execute_script(ready):
            break
        if answer(d, rng, first):
            clicks += 1
        else:
            time.sleep(0.05)
    return clicks


def main() -> None:
    only = set(sys.argv[1:])
    SHOTS.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-shots-"))
    base, server, thread = serve(tmp / "tables.db")
    d = browser(tmp / "profile")
    try:
        for game, players, seed, options, first, ready in GAMES:
            if only and game not in only:
                continue
            size(d, 1280, 800)
            open_table(base, d, game, players, seed, options)
            clicks = play(d, seed, first, ready)
            shown = bool(d.execute_script(ready))
            mid = shoot(d, f"{game}-mid")
            more = play(d, seed + 1, first, None)
            over = bool(d.execute_script(OVER_JS))
            end = shoot(d, f"{game}-end")
            print(f"{game}: mid after {clicks} answers (board ready: {shown}; {', '.join(mid)});")
            print(f"  end after {more} more (over: {over}; {', '.join(end)})")
    finally:
        d.quit()
        server.should_exit = True
        thread.join(WAIT)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"screenshots in {SHOTS}")


if __name__ == "__main__":
    main()
