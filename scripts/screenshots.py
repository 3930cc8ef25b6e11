"""Screenshots of each game's table page mid-game, at desktop (1280x800) and phone (375x800)
width, into build/screenshots/ (git-ignored): a server on a free loopback port (a temporary
SQLite file), one table per game with a person's seat and bots, answered in Debian's Chromium
at random until the board shows what it is for (Quests' Initiative dice, the Guardians' city
with monsters, a Librarians check's dice, the Castle's revealed vote), then shot: the window
as a person sees it (<game>-desktop.png, <game>-phone.png) and the whole page
(<game>-desktop-full.png, <game>-phone-full.png).

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path

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

# game, players, seed, what the board should show before the shot (a JavaScript condition)
GAMES = [
    (
        "quests",
        3,
        12,
        "return !!document.querySelector('.dicerow.initiative') && "
        "!/Turn 1 /.test(document.querySelector('.gamehead').textContent)",
    ),
    (
        "guardians",
        3,
        5,
        "return document.querySelectorAll('.cell.loc .card.monster').length > 2 && "
        "!!document.querySelector('.here-now') && "
        "!/Draft|Keep/.test(document.querySelector('.gamehead').textContent)",
    ),
    ("librarians", 2, 3, "return !!document.querySelector('.check .die')"),
    ("castle", 4, 10, "return !!document.querySelector('.event-options .badges .badge')"),
]
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


def shoot(d: WebDriver, name: str, width: int) -> None:
    size(d, width, 800)
    time.sleep(0.6)  # the arrival animations end
    d.save_screenshot(str(SHOTS / f"{name}.png"))
    tall = min(int(d.execute_script("return document.documentElement.scrollHeight")), 8000)
    size(d, width, max(tall, 800))
    time.sleep(0.3)
    d.save_screenshot(str(SHOTS / f"{name}-full.png"))
    size(d, width, 800)


def play(base: str, d: WebDriver, game: str, players: int, seed: int, ready: str) -> int:
    seats = ["person"] + ["heuristic"] * (players - 1)
    r = httpx.post(
        f"{base}/api/tables", json={"game": game, "players": players, "seats": seats, "seed": seed}
    )
    r.raise_for_status()
    made = r.json()
    d.get(f"{base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
    until(d, "return document.getElementById('status').dataset.step !== '-1'")
    rng = Rng(seed)
    clicks = 0
    deadline = time.monotonic() + 4 * WAIT
    while time.monotonic() < deadline and not d.execute_script(OVER_JS):
        ids = d.execute_script(OPTIONS_JS)
        if ids and d.execute_script(ready):
            break
        if not ids:
            time.sleep(0.05)
            continue
        step = d.execute_script(STEP_JS)
        d.execute_script(CLICK_JS, ids[rng.below(len(ids))])
        clicks += 1
        until(
            d,
            f"return Number(document.getElementById('status').dataset.step) > {step} || "
            "document.getElementById('status').dataset.over === 'true'",
        )
    return clicks


def main() -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="tabletop-shots-"))
    base, server, thread = serve(tmp / "tables.db")
    d = browser(tmp / "profile")
    try:
        for game, players, seed, ready in GAMES:
            size(d, 1280, 800)
            clicks = play(base, d, game, players, seed, ready)
            shown = d.execute_script(ready)
            shoot(d, f"{game}-desktop", 1280)
            shoot(d, f"{game}-phone", 375)
            wide = d.execute_script(
                "const e = document.documentElement; return [e.scrollWidth, e.clientWidth]"
            )
            print(f"{game}: {clicks} answers, board ready: {bool(shown)}, ", end="")
            print(f"at 375 px the page is {wide[0]} px wide in {wide[1]}")
    finally:
        d.quit()
        server.should_exit = True
        thread.join(WAIT)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"screenshots in {SHOTS}")


if __name__ == "__main__":
    main()
