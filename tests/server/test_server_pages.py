"""Each game's own table page, in a real browser (Debian's Chromium, as in
test_server_browser.py): a game in progress drawn with no JavaScript error, with that game's
own things on it (the Quests Prize and suits, the Guardians city grid, the Librarians Mission,
Player Areas and the dice of a check), the options on the cards they name, no card of another
seat's hand that the seat may not see, and no sideways scrolling at phone width. A screenshot
of each, at desktop and phone width, is kept in build/screenshots/."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import SHOTS, chromium, wait

from conftest import Live
from helpers import json_strings, random_walk
from tabletop.engine import registry
from tabletop.engine.rng import Rng


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    driver = chromium(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def mid_game(view: dict[str, Any]) -> bool:
    """A position worth drawing, by game, from P1's own view."""
    me = view["seats"][0]
    if view["game"] == "quests":
        return view["phase"] == "action" and len(me["hand"]) >= 3 and len(view["discard"]) >= 2
    if view["game"] == "guardians":
        monsters = sum(len(loc["monsters"]) for loc in view["city"])
        return view["phase"] == "power" and monsters >= 3 and len(me["hand"]) >= 2
    assert view["game"] == "librarians"
    check = view["check"]
    return check is not None and len(check["dice"]) >= 2


GAMES: dict[str, dict[str, Any]] = {
    "quests": {"players": 3, "seats": ["person", "heuristic", "heuristic"], "seed": 11},
    "guardians": {"players": 2, "seats": ["person", "heuristic"], "seed": 12},
    # hands closed, so that the other seat's hand is one P1 must not see
    "librarians": {
        "players": 2,
        "seats": ["person", "heuristic"],
        "seed": 13,
        "options": {"open_hands": False},
    },
}


def play_until(live: Live, game: str, good: Callable[[dict[str, Any]], bool]) -> tuple[str, str]:
    """A table of P1 against bots, P1 answering at random over the WebSocket until P1 is
    asked in a position `good` accepts; returns the table id and P1's token."""
    made = live.create(game=game, **GAMES[game])
    token = live.join(made["id"], made["invites"][0]["invite"])
    client = live.socket(made["id"], [token])
    rng = Rng(3)
    try:
        for _ in range(400):
            state = client.until(
                lambda m: (
                    m["type"] == "state"
                    and (m["table"]["over"] or m["viewers"][0]["ask"] is not None)
                )
            )
            assert not state["table"]["over"], "the game ended before a position to draw"
            viewer = state["viewers"][0]
            if good(viewer["view"]):
                return made["id"], token
            options = viewer["ask"]["options"]
            option = options[rng.below(len(options))]["id"]
            client.send({"type": "answer", "seat": 0, "option": option, "step": state["step"]})
            assert client.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
        raise AssertionError("no position to draw came")
    finally:
        client.close()


def open_as_p1(live: Live, d: WebDriver, table_id: str, token: str, game: str) -> None:
    d.get(f"{live.base}/t/{table_id}")
    stored = json.dumps({"tokens": {"0": token}, "invites": {}})
    d.execute_script(f"localStorage.setItem('tabletop.table.{table_id}', arguments[0])", stored)
    d.refresh()
    step = live.app.state.hub.room(table_id).state.steps
    wait(d, f"return document.getElementById('status').dataset.step === '{step}'")
    wait(d, "return document.querySelectorAll('button.option').length > 0")
    # the card texts came and are drawn on the cards
    wait(d, f"return !!document.querySelector('.view.{game} .card .text')")


def js_errors(d: WebDriver) -> list[str]:
    return [
        e["message"]
        for e in d.get_log("browser")
        if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]
    ]


def hidden_names(state: Any) -> set[str]:
    """Names of cards in another seat's hand that P1's own view does not show anywhere."""
    others: set[str] = set()
    for seat in range(1, len(state.view(None)["seats"])):
        (own,) = [s for s in state.view(seat)["seats"] if s["seat"] == seat]
        others |= {c["name"] for c in own.get("hand", [])}
    return others - json_strings(state.view(0), skip=())


def count(d: WebDriver, css: str) -> int:
    n: int = d.execute_script("return document.querySelectorAll(arguments[0]).length", css)
    return n


def texts(d: WebDriver, css: str, what: str = "textContent") -> list[str]:
    got: list[str] = d.execute_script(
        f"return [...document.querySelectorAll(arguments[0])].map(x => x.{what})", css
    )
    return got


def check_quests(d: WebDriver, view: dict[str, Any]) -> None:
    prize = view["prize"]
    assert prize is not None
    assert texts(d, ".zone .card.artifact .name")[0] == prize["name"]
    hand = view["seats"][0]["hand"]
    assert count(d, ".card.suit") >= len(hand)
    for c in hand:
        assert count(d, f'.card.suit-{c["suit"]}[data-card="{c["id"]}"]') >= 1
    assert count(d, ".seatblock") == view["players"]


def check_guardians(d: WebDriver, view: dict[str, Any]) -> None:
    assert count(d, ".grid.city > .cell.loc") == len(view["city"]) == 10
    for loc in view["city"]:
        names = texts(d, f'.cell.loc[data-place="{loc["name"]}"] .card.monster .name')
        assert sorted(names) == sorted(m["name"] for m in loc["monsters"])
    me = view["seats"][0]
    assert f"⚡ {me['energy']} energy" in texts(d, ".seatblock.me .energy")
    assert count(d, ".seatblock") == view["players"]


def check_librarians(d: WebDriver, view: dict[str, Any]) -> None:
    assert texts(d, ".card.mission .name") == [view["mission"]["name"]]
    assert count(d, ".seatblock") == view["players"]
    heroes = texts(d, ".seatblock h4")
    assert all(any(s["hero"] in x for x in heroes) for s in view["seats"])
    assert count(d, ".check .die") == len(view["check"]["dice"])
    page = d.find_element(By.TAG_NAME, "body").text
    assert all(c["name"] in page for c in view["set_aside"])  # public: drawn by name


CHECKS = {"quests": check_quests, "guardians": check_guardians, "librarians": check_librarians}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_has_its_own_table_page(live: Live, browser: WebDriver, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    table_id, token = play_until(live, game, mid_game)
    d = browser
    d.set_window_size(1100, 2000)
    open_as_p1(live, d, table_id, token, game)
    state = live.app.state.hub.room(table_id).state
    view = json.loads(json.dumps(state.view(0)))
    assert d.execute_script("return document.getElementById('status').dataset.step") == str(
        state.steps
    )
    assert count(d, f"#play .view.{game}") == 1  # the game's own renderer, not the generic one
    CHECKS[game](d, view)
    # an option naming a card of P1's hand is a button on that card too
    hand = {c["name"] for c in view["seats"][0].get("hand", [])}
    on_cards = set(texts(d, ".card button.on-card[data-option]", "dataset.option"))
    for o in view["pending"]["options"]:
        if any(o["label"].split(" ", 1)[-1].startswith(n) for n in hand):
            assert o["id"] in on_cards, o
    page = d.find_element("tag name", "body").text
    leaked = {n for n in hidden_names(state) if n in page}
    assert not leaked, f"another seat's hidden cards on P1's page: {leaked}"
    d.save_screenshot(str(SHOTS / f"{game}-page.png"))
    d.set_window_size(375, 2400)
    wide = d.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], f"sideways scrolling at phone width: {wide}"
    d.save_screenshot(str(SHOTS / f"{game}-page-phone.png"))
    assert js_errors(d) == []


def hidden_from(state: Any, viewer: int | None) -> set[str]:
    """Names of cards in a hand other than the viewer's that its view shows nowhere."""
    seats = len(state.view(None)["seats"])
    others: set[str] = set()
    for seat in range(seats):
        if seat != viewer:
            (own,) = [s for s in state.view(seat)["seats"] if s["seat"] == seat]
            others |= {c["name"] for c in own.get("hand", [])}
    return others - json_strings(state.view(viewer), skip=())


# decisions whose options act on things in places (the Guardians city), drawn at every answer
ON_PLACES = ("battle", "fort", "fx-target", "fx-loc")


def sampled_views(game: str, players: int, options: dict[str, Any]) -> list[Any]:
    """Every seat's and a spectator's view at every 8th answer of a random game, at every
    decision of a kind in ON_PLACES and at its end, each with the names of the hidden cards it
    must not show."""
    state = registry.new_game(game, players, seed=21, options=options)
    out: list[Any] = []
    for answer in random_walk(state, 22, 600):
        asked = state.view(state.to_move()[0])["pending"] if state.to_move() else None
        if answer % 8 == 0 or state.is_over or (asked and asked["kind"] in ON_PLACES):
            for viewer in [*range(players), None]:
                out.append(
                    [json.loads(json.dumps(state.view(viewer))), sorted(hidden_from(state, viewer))]
                )
    return out


# every sampled view drawn by its game's renderer: what failed, and the text each shows
# outside the effect texts (those come from the public card texts, by a shown card's slug)
DRAW_ALL_JS = r"""
const out = [];
for (const [view, hidden] of arguments[0]) {
  let node;
  try { node = RENDERERS[view.game](view); } catch (e) { out.push({error: String(e)}); continue; }
  node.querySelectorAll(".card .text").forEach((t) => t.remove());
  const parts = [];  // each piece of text on its own line, as a reader would see them apart
  const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) parts.push(walk.currentNode.data);
  const text = parts.join("\n");
  const named = (n) => new RegExp("(^|\\W)" + escapeRegExp(n) + "(\\W|$)").test(text);
  const shown = hidden.filter(named);
  // the options on what they name: for each option, the place (or null) of each of its buttons
  const on = {};
  if (view.pending && view.pending.options) {
    optionsOnCards(node, view.pending.options, () => {});
    node.querySelectorAll("button.on-card").forEach((b) => {
      const place = b.parentElement.closest("[data-place]");
      (on[b.dataset.option] = on[b.dataset.option] || []).push(place ? place.dataset.place : null);
    });
  }
  out.push({shown, on, own: node.classList.contains(view.game)});
}
return out;
"""

# the options that act on one thing on the page: each is a button on it too
ON_THINGS = {
    "quests": ("target", "pick", "play", "escape"),
    "guardians": (
        "pick",
        "keep",
        "keep-quest",
        "play",
        "discard",
        "trash",
        "fight",
        "dmg",
        "kill",
        "fort",
        "visit",
    ),
    "librarians": ("devote", "play", "discard", "assign", "die"),
}


def at_place(view: dict[str, Any], option: str) -> bool:
    """A Guardians option that names a location of the city by its id (`fight:hill`,
    `dmg:hill:0`): its buttons must be at that location."""
    parts = option.split(":")
    return len(parts) > 1 and parts[1] in {loc["id"] for loc in view.get("city", [])}


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("quests", 3, {}),
        ("guardians", 3, {}),
        ("librarians", 2, {"open_hands": False}),
        ("librarians", 3, {}),
    ],
)
def test_every_view_of_a_random_game_draws(
    live: Live, browser: WebDriver, game: str, players: int, options: dict[str, Any]
) -> None:
    """The game's renderer draws every seat's and a spectator's view through a whole random
    game without failing, and never shows a card of a hand the viewer may not see."""
    views = sampled_views(game, players, options)
    assert any(hidden for _, hidden in views)  # there is something to hide
    made = live.create(game=game, players=players, seats=["heuristic"] * players, seed=1)
    browser.get(f"{live.base}/t/{made['id']}")
    wait(browser, f"return !!document.querySelector('.view.{game}')")
    wait(browser, f"return typeof TEXTS['{game}'] === 'object'")  # the card texts came
    got = browser.execute_script(DRAW_ALL_JS, views)
    assert len(got) == len(views) > 3 * players
    assert [g for g in got if "error" in g] == []
    assert all(g["own"] for g in got)  # the game's renderer, not the generic fallback
    leaks = [(v["viewer"], g["shown"]) for (v, _), g in zip(views, got, strict=True) if g["shown"]]
    assert leaks == []
    missing, misplaced, checked = [], [], 0
    for (view, _), g in zip(views, got, strict=True):
        for o in (view["pending"] or {}).get("options", []):
            kind = o["id"].split(":")[0]
            if kind not in ON_THINGS[game]:
                continue
            checked += 1
            places = g["on"].get(o["id"])
            if not places:
                missing.append(o["label"])
            elif at_place(view, o["id"]) and not all(p and p in o["label"] for p in places):
                misplaced.append((o["label"], places))
    assert checked > 3
    assert missing == [] and misplaced == []
