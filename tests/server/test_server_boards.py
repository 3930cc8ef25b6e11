"""The boards drawn per game (static/games/*.js) and the page's accessibility, in a real browser
(Debian's Chromium, as in test_server_browser.py). On a page of the static files: the Castle's
map marks the group's room and its ways out and the Event's A-D outcome texts stay on the vote's
cards after the Event is discarded; Quests draws the Initiative rolls as dice with their
numbers; a Librarians check draws its dice with their faces in words; the Guardians' city is
drawn in its rows; a card new in a zone is marked as arrived (no animation where reduced motion
is asked for); a card that moved is marked where it went, said by a live region and shown
gliding there (a card back where either end is hidden from the viewer). On a live table: a
person plays several Quests decisions with the keyboard only (Tab and Enter, number keys); every
option button has an aria-label with its label; a live region says the question; no game scrolls
sideways at 375 px mid-game."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import CLICK_JS, OPTIONS_JS, chromium, wait

from conftest import WAIT, Live
from helpers import random_walk
from tabletop.engine import registry
from tabletop.engine.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "castle"))  # the hand-made views
from castle_views import fight_view

STATIC = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "server" / "static"

HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{static}/style.css"><link rel="stylesheet" href="{static}/games.css">
</head><body><main><div class="columns"><div id="play"></div><div></div></div></main>
<script src="{static}/render.js"></script><script src="{static}/games/common.js"></script>
<script src="{static}/games/quests.js"></script><script src="{static}/games/guardians.js"></script>
<script src="{static}/games/librarians.js"></script><script src="{static}/games/castle.js"></script>
</body></html>"""

DRAW_JS = r"""
const play = document.getElementById("play");
const view = arguments[0];
const node = RENDERERS[view.game](view);
play.replaceChildren(node);
return {text: play.innerText, own: node.classList.contains(view.game),
  wide: [document.documentElement.scrollWidth, document.documentElement.clientWidth]};
"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    html = tmp_path / "boards.html"
    html.write_text(HARNESS.format(static=STATIC.as_uri()), "utf-8")
    driver = chromium(tmp_path / "profile")
    try:
        driver.get(html.as_uri())
        yield driver
    finally:
        driver.quit()


def draw(d: WebDriver, view: dict[str, Any]) -> dict[str, Any]:
    got: dict[str, Any] = d.execute_script(DRAW_JS, json.loads(json.dumps(view)))
    assert got["own"], f"the {view['game']} renderer failed"
    return got


def js(d: WebDriver, script: str) -> Any:
    return d.execute_script(script)


def test_the_castle_map_marks_the_group_and_the_votes_keep_the_event_text(page: WebDriver) -> None:
    view = fight_view(0)
    got = draw(page, view)
    here = js(
        page,
        "return [...document.querySelectorAll('.castle-map .cell.here')].map(c => c.innerText)",
    )
    assert (
        len(here) == 1 and here[0].startswith("5 Great Hall") and "★ the group is here" in here[0]
    )
    rooms = js(page, "return document.querySelectorAll('.castle-map .cell.room').length")
    assert rooms == len(view["rooms"])
    ways = [d for d in view["doors"] if "5" in (d["a"], d["b"])]
    assert ways and "Ways out of room 5 (Great Hall)" in got["text"]
    marked = js(
        page,
        "return [...document.querySelectorAll('.castle-map .cell.way')].map(c => c.dataset.room)",
    )
    assert sorted(marked) == sorted(d["b"] if d["a"] == "5" else d["a"] for d in ways)
    options = "return [...document.querySelectorAll('.event-options .card')].map(c => c.innerText)"
    cards = js(page, options)
    assert [c.split("\n")[0] for c in cards] == ["A", "B", "C", "D"]
    for letter, said in zip("ABCD", ["run across", "hover", "climb", "go back"], strict=True):
        card = next(c for c in cards if c.startswith(letter))
        assert said in card
    assert "chosen by 2" in cards[0] and "A1 Pill" in cards[0]
    # the Event is discarded; the votes stay, and the option cards keep their texts
    gone = fight_view(0)
    gone["event"] = None
    got = draw(page, gone)
    cards = js(page, options)
    assert "run across" in cards[0] and "chosen by 2" in cards[0] and "go back" in cards[3]
    assert "resolved, discarded" in got["text"].lower()


def walk_to(game: str, players: int, seed: int, want: Any, answers: int = 3000) -> dict[str, Any]:
    state = registry.new_game(game, players, seed=seed, options={})
    for _ in random_walk(state, seed, answers):
        view: dict[str, Any] = json.loads(json.dumps(state.view(0)))
        if want(view):
            return view
    raise AssertionError(f"no such {game} view")


def test_quests_draws_the_initiative_rolls_and_the_fate_roll_as_dice(page: WebDriver) -> None:
    view = walk_to("quests", 3, 1, lambda v: v["phase"] == "initiative")
    draw(page, view)
    dice = js(
        page,
        """return [...document.querySelectorAll('.dicerow.initiative .d6')].map(d =>
        ({seat: d.dataset.seat, aria: d.getAttribute('aria-label'),
          pips: d.querySelector('.pips').textContent,
          num: d.querySelector('.num').textContent, label: d.querySelector('.dl').textContent}))""",
    )
    assert len(dice) == 3
    faces = "⚀⚁⚂⚃⚄⚅"
    for d, s in zip(dice, view["seats"], strict=True):
        n = s["initiative"]
        assert d["num"] == str(n) and d["pips"] == faces[n - 1]
        assert f"die showing {n}" in d["aria"] and f"P{s['seat'] + 1}" in d["aria"]
    best = max(s["initiative"] for s in view["seats"])
    assert any(
        "★" in d["label"]
        for d, s in zip(dice, view["seats"], strict=True)
        if s["initiative"] == best
    )
    fate = [e["text"] for e in view["log"] if "for Fate" in e["text"]]
    if fate:
        aria = js(
            page, "return document.querySelector('.dicerow.fate .d6').getAttribute('aria-label')"
        )
        assert "Fate" in aria and "die showing" in aria


def test_a_librarians_check_draws_its_dice(page: WebDriver) -> None:
    view = walk_to("librarians", 2, 3, lambda v: bool(v["check"] and v["check"]["dice"]))
    got = draw(page, view)
    dice = js(
        page,
        """return [...document.querySelectorAll('.check .die')].map(d =>
        ({kind: d.querySelector('.dk').textContent, aria: d.getAttribute('aria-label'),
          faces: [...d.querySelectorAll('.face')].map(f => f.innerText.replace(/\\s+/g, ' '))}))""",
    )
    want = view["check"]["dice"]
    assert len(dice) == len(want)
    for d, w in zip(dice, want, strict=True):
        assert w["kind"] in d["kind"] and f"{w['kind']} die" in d["aria"]
        if w["face"]:
            for f, text in zip(w["face"], d["faces"], strict=True):
                assert f in text  # the face's word beside its symbol and colour
        else:
            assert d["faces"] == ["blank"]
    assert "Rolled:" in got["text"]


def test_the_guardians_city_in_its_rows(page: WebDriver) -> None:
    view = walk_to("guardians", 3, 2, lambda v: v["phase"] in ("location", "power", "battle"))
    draw(page, view)
    rows = js(
        page,
        """return [...document.querySelectorAll('.cityrow')].map(r =>
        ({row: r.dataset.row, label: r.querySelector('.rowlabel').textContent,
          locs: [...r.querySelectorAll('.cell.loc .locname')].map(x => x.textContent)}))""",
    )
    want: dict[int, list[str]] = {}
    for loc in sorted(view["city"], key=lambda x: (x["row"], x["col"])):
        want.setdefault(loc["row"], []).append(f"{loc['number']}. {loc['name']}")
    assert [int(r["row"]) for r in rows] == sorted(want)
    for r in rows:
        assert r["locs"] == want[int(r["row"])]
        assert r["label"].startswith(f"Row {int(r['row']) + 1}")
    cells = js(page, "return [...document.querySelectorAll('.cell.loc')].map(c => c.innerText)")
    for loc, text in zip(
        sorted(view["city"], key=lambda x: (x["row"], x["col"])), cells, strict=True
    ):
        assert (f"attack {loc['combined']}" in text) or loc["safe"]
        for m in loc["monsters"]:
            assert m["name"] in text and f"attack {m['attack']}" in text
        for s in view["seats"]:
            if s["location"] == loc["id"]:
                assert "Here:" in text and f"P{s['seat'] + 1}" in text


def test_a_card_arriving_is_marked_and_still_with_reduced_motion(page: WebDriver) -> None:
    state = registry.new_game("quests", 3, seed=4, options={})
    views = []
    for _ in random_walk(state, 4, 40):
        views.append(json.loads(json.dumps(state.view(0))))
    arrived = 0
    for v in views:
        draw(page, v)
        arrived += js(page, "return document.querySelectorAll('.card.arrived').length")
    assert arrived > 0
    anim = (
        "return getComputedStyle(document.querySelector('.card.arrived, .caption.arrived'))"
        ".animationName"
    )
    page.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    page.refresh()
    wait(page, "return typeof RENDERERS !== 'undefined' && !!RENDERERS.quests")
    for v in views:
        draw(page, v)
        if js(page, "return !!document.querySelector('.card.arrived, .caption.arrived')"):
            assert js(page, anim) == "none"
            break
    else:
        raise AssertionError("nothing arrived")


GHOSTS_JS = """
window.ghosts = [];
new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => {
  if (n.classList && n.classList.contains("ghost")) window.ghosts.push(
    {card: n.dataset.card, back: n.classList.contains("back"), text: n.textContent});
}))).observe(document.body, {childList: true});
"""


def quests_moves() -> tuple[list[dict[str, Any]], int, str, int, str]:
    """P1's views of a random Quests game, the first answer after which a card of P1's hand
    lies in the discard pile, and the first after which another seat's card does."""
    state = registry.new_game("quests", 3, seed=4, options={})
    views = []
    for _ in random_walk(state, 4, 60):
        views.append(json.loads(json.dumps(state.view(0))))
    hand = [{c["id"] for c in v["seats"][0]["hand"]} for v in views]
    pile = [{c["id"] for c in v["discard"]} for v in views]
    mine = [(i, c) for i in range(1, len(views)) for c in (hand[i - 1] & pile[i]) - pile[i - 1]]
    theirs = [
        (i, c)
        for i in range(1, len(views))
        for c in pile[i] - pile[i - 1] - hand[i - 1]
        if views[i]["log"][-1]["text"].startswith(("P2 plays", "P3 plays"))
    ]
    assert mine and theirs, "the walk played no card of P1's, or none of the others'"
    return views, *mine[0], *theirs[0]


def test_a_card_leaving_moves_to_where_it_went_face_down_out_of_sight(page: WebDriver) -> None:
    views, at, card, other_at, other = quests_moves()
    js(page, GHOSTS_JS)
    for i, v in enumerate(views[: max(at, other_at) + 1]):
        draw(page, v)
        if i not in (at, other_at):
            continue
        got = js(page, "return window.ghosts.splice(0)")
        moves = js(page, "return document.querySelector('.caption.moves').textContent")
        live = js(page, "return document.getElementById('moves-live').textContent")
        assert moves == live and moves.startswith("Moved: ")
        if i == at:  # P1's card, from P1's hand to the discard pile, face up
            name = next(c["name"] for c in v["discard"] if c["id"] == card)
            assert f"{name}: Your hand → Discard pile" in moves, moves
            mark = page.execute_script(
                "return [...document.querySelectorAll('section.zone')].find(z => "
                "z.getAttribute('aria-label').startsWith('Discard'))"
                ".querySelector(`.card[data-card='${arguments[0]}'] .moved-from`).textContent",
                card,
            )
            assert mark == "← from Your hand"
            assert [g for g in got if g["card"] == card and not g["back"] and name in g["text"]]
        else:  # another seat's card, out of its hidden hand: it comes face down
            name = next(c["name"] for c in v["discard"] if c["id"] == other)
            seat = v["log"][-1]["text"][:2]
            assert f"{name}: {seat} → Discard pile" in moves, moves
            ghosts = [g for g in got if g["card"] == other]
            assert ghosts and all(g["back"] and g["text"] == "" for g in ghosts), ghosts
    # a card of P1's hand gone where P1 cannot see it (a hand-made next view: taken into P2's
    # hand): counted, never named, and its ghost is a card back with nothing of its face
    last = views[max(at, other_at)]
    gone = last["seats"][0]["hand"][0]
    taken = json.loads(json.dumps(last))
    taken["seats"][0]["hand"] = taken["seats"][0]["hand"][1:]
    taken["seats"][0]["hand_size"] -= 1
    taken["seats"][1]["hand_size"] += 1
    js(page, "window.ghosts.splice(0)")
    text = draw(page, taken)["text"]
    assert "a card: Your hand → out of sight" in text and gone["name"] not in text
    assert js(page, "return window.ghosts") == [{"card": gone["id"], "back": True, "text": ""}]
    # with reduced motion: the same marks and line, no ghost
    page.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    page.refresh()
    wait(page, "return typeof RENDERERS !== 'undefined' && !!RENDERERS.quests")
    js(page, GHOSTS_JS)
    for v in views[: at + 1]:
        draw(page, v)
    assert "Your hand → Discard pile" in js(
        page, "return document.querySelector('.caption.moves').textContent"
    )
    assert js(page, "return document.querySelectorAll('.moved-from').length") > 0
    assert js(page, "return window.ghosts.length") == 0


# -- a live table ------------------------------------------------------------------------------

ASKED_JS = "return document.querySelectorAll('button.option:not([disabled])').length > 0"
STEP_JS = "return Number(document.getElementById('status').dataset.step)"


def open_table(live: Live, d: WebDriver, game: str, players: int, seed: int) -> None:
    made = live.create(
        game=game, players=players, seats=["person"] + ["heuristic"] * (players - 1), seed=seed
    )
    d.get(f"{live.base}/t/{made['id']}#invite={made['invites'][0]['invite']}")
    wait(d, "return document.getElementById('status').dataset.step !== '-1'")


def answered(d: WebDriver, before: int) -> None:
    wait(
        d,
        f"return {STEP_JS.removeprefix('return ')} > {before} || "
        "document.getElementById('status').dataset.over === 'true'",
    )


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    d = chromium(tmp_path / "b")
    try:
        yield d
    finally:
        d.quit()


def test_a_person_plays_quests_with_the_keyboard_only(live: Live, browser: WebDriver) -> None:
    d = browser
    open_table(live, d, "quests", 3, 41)
    decisions = 0
    for i in range(6):
        wait(d, ASKED_JS)
        # every option: a label for screen readers with its label, a number key, a live region
        labels = js(
            d,
            """return [...document.querySelectorAll('button.option')].map(b =>
            [b.textContent, b.getAttribute('aria-label') || '',
             b.getAttribute('aria-keyshortcuts')])""",
        )
        for n, (text, aria, key) in enumerate(labels):
            assert text in aria, (text, aria)
            assert key == (str(n + 1) if n < 9 else None)
        prompt = js(d, "return document.querySelector('.ask .prompt').textContent")
        wait(
            d,
            "return (document.getElementById('announce') || {}).textContent"
            f" && document.getElementById('announce').textContent.startsWith({json.dumps(prompt)})",
        )
        step = js(d, STEP_JS)
        if i % 2 == 0:  # Tab to the first option, Enter
            js(d, "document.activeElement && document.activeElement.blur(); window.focus()")
            for _ in range(60):
                ActionChains(d).send_keys(Keys.TAB).perform()
                if js(d, "return document.activeElement.classList.contains('option')"):
                    break
            else:
                raise AssertionError("Tab never reached an option")
            ActionChains(d).send_keys(Keys.ENTER).perform()
        else:  # the number key of the last option shown (1-9)
            n = min(len(labels), 9)
            ActionChains(d).send_keys(str(n)).perform()
        answered(d, step)
        decisions += 1
        if js(d, "return document.getElementById('status').dataset.over === 'true'"):
            break
    assert decisions >= 4


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("quests", 3, 7), ("guardians", 2, 8), ("librarians", 2, 9), ("castle", 4, 10)],
)
def test_no_sideways_scroll_at_phone_width_mid_game(
    live: Live, browser: WebDriver, game: str, players: int, seed: int
) -> None:
    d = browser
    d.set_window_size(375, 800)
    open_table(live, d, game, players, seed)
    rng = Rng(seed)
    clicks = 0
    deadline = time.monotonic() + 4 * WAIT
    while clicks < 8 and time.monotonic() < deadline:
        if js(d, "return document.getElementById('status').dataset.over === 'true'"):
            break
        ids = js(d, OPTIONS_JS)
        if not ids:
            time.sleep(0.05)
            continue
        step = js(d, STEP_JS)
        assert d.execute_script(CLICK_JS, ids[rng.below(len(ids))])
        answered(d, step)
        clicks += 1
    assert clicks >= 3
    time.sleep(0.2)
    wide = js(
        d, "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], wide
    labels = js(
        d,
        "return [...document.querySelectorAll('button.option')].map(b => "
        "[b.textContent, b.getAttribute('aria-label') || ''])",
    )
    assert all(t in a for t, a in labels), labels
    assert js(
        d, f"return !!document.querySelector('[role=region][aria-label*=board], .view.{game}')"
    )
    failed = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
    assert not [m for m in failed if "/static/games" in m or "renderer failed" in m], failed


def test_an_option_on_a_card_reads_the_cards_text(live: Live, browser: WebDriver) -> None:
    """The Guardians draft: each pick is a button on its card in the pack; the option button's
    aria-label reads the option, then the card's name and its effect text."""
    d = browser
    open_table(live, d, "guardians", 2, 14)
    wait(d, ASKED_JS)
    wait(d, "return typeof TEXTS.guardians === 'object'")
    wait(d, "return !!document.querySelector('.card .text')")
    pairs = js(
        d,
        """return [...document.querySelectorAll('button.option')].map(b => {
          const on = document.querySelector(`button.on-card[data-option="${b.dataset.option}"]`);
          const t = on && on.parentElement.querySelector(':scope > .text');
          return [b.textContent, b.getAttribute('aria-label'), t ? t.textContent : null];
        })""",
    )
    with_text = [(label, aria, text) for label, aria, text in pairs if text]
    assert with_text
    for label, aria, text in with_text:
        assert label in aria and text in aria, (label, aria, text)
