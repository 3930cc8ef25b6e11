"""The Castle Von Loghan table page (static/games/castle.js), in a real browser (Debian's
Chromium, as in test_server_browser.py): every hand-made view of tests/castle/castle_views.py
and, once the game is registered, every sampled view of a random game draws with the game's
own renderer and no error; the options land on what they name (a room, an enemy, your card
on a Timing, an Event option, your Treasure, an Ally, a Gob-li card, an Agent); the votes and
every Agent's sequence are drawn; a Contract is named only to its owner; nothing scrolls
sideways at phone width (375 px)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import SHOTS, chromium

from helpers import random_walk
from tabletop.engine import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "castle"))  # the hand-made views
from castle_views import all_views, contract_view, fight_view

STATIC = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "server" / "static"

# Each option the page must put on the thing it names, with what that thing's text shows.
OPTIONS = [
    ({"id": "go:5", "label": "Move to room 5"}, "5 Great Hall"),
    ({"id": "sneak:3", "label": "Sneak to room 3"}, "3 Smithy"),
    ({"id": "go:F", "label": "Move to the Foyer"}, "Foyer"),
    ({"id": "target:2", "label": "Target enemy 2"}, "2. Iron Golem"),
    ({"id": "negate:3", "label": "Negate Timing 3"}, "3. Block"),
    ({"id": "shift:1:2", "label": "Move the card on Timing 1 to Timing 2"}, "1. Attack"),
    (
        {"id": "help:1:2", "label": "Charge Support: replace Agent 2's card on Timing 2"},
        "2. Riposte",
    ),
    ({"id": "vote:B", "label": "Choose B"}, "B"),
    ({"id": "burn:nano-med-bots", "label": "Burn Nano Med-Bots for Energy"}, "Nano Med-Bots"),
    ({"id": "ally:brother-anselm", "label": "Call on Brother Anselm"}, "Brother Anselm"),
    ({"id": "take:2", "label": "Take card 2"}, "Whip"),
    ({"id": "share:2", "label": "Give 1 Energy to Agent 3"}, "A3 Sera"),
    ({"id": "skill:2", "label": "Use your second Skill"}, "Skill Two 1"),
    ({"id": "overcharge", "label": "Overcharge: draw one more card (2 Clarity)"}, "Overcharge"),
]

HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{static}/style.css"></head>
<body><main><div class="columns"><div id="play"></div><div></div></div></main>
<script src="{static}/render.js"></script><script src="{static}/games/common.js"></script>
<script src="{static}/games/castle.js"></script></body></html>"""

# Draw each view into #play; what failed, whether the castle renderer drew it, the page's
# text, the options with buttons (and the text of the thing each is on) and the widths.
DRAW_JS = r"""
const out = [];
const play = document.getElementById("play");
for (const view of arguments[0]) {
  let node;
  try { node = RENDERERS.castle(view); } catch (e) { out.push({error: String(e)}); continue; }
  play.replaceChildren(node);
  const on = {};
  if (view.pending && view.pending.options) {
    optionsOnCards(play, view.pending.options, () => {});
    play.querySelectorAll("button.on-card").forEach((b) => {
      const host = b.parentElement;
      (on[b.dataset.option] = on[b.dataset.option] || []).push(host.innerText.split("\n")[0]);
    });
  }
  out.push({own: node.classList.contains("castle"), text: play.innerText, on,
    wide: [document.documentElement.scrollWidth, document.documentElement.clientWidth]});
}
return out;
"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    html = tmp_path / "castle.html"
    html.write_text(HARNESS.format(static=STATIC.as_uri()), "utf-8")
    driver = chromium(tmp_path / "profile")
    try:
        driver.get(html.as_uri())
        yield driver
    finally:
        driver.quit()


def draw(d: WebDriver, views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = d.execute_script(DRAW_JS, views)
    assert [g for g in got if "error" in g] == []
    assert all(g["own"] for g in got)
    return got


def with_options() -> dict[str, Any]:
    view = fight_view(0)
    view["pending"]["options"] = [o for o, _ in OPTIONS]
    return view


def test_the_options_land_on_what_they_name(page: WebDriver) -> None:
    (got,) = draw(page, [with_options()])
    for option, host in OPTIONS:
        hosts = got["on"].get(option["id"])
        assert hosts, f"no button for {option['label']!r}"
        assert len(hosts) == 1 and hosts[0].startswith(host), (option["label"], hosts)


def test_the_votes_the_sequences_and_the_line_up_are_drawn(page: WebDriver) -> None:
    view = fight_view(0)
    (got,) = draw(page, [view])
    text = got["text"]
    assert "A1 Pill" in text and "A3 Sera" in text  # who chose A
    assert "chosen by 2" in text
    for a in view["agents"]:
        for c in a["line"]:
            assert f"{c['timing']}. {c['name']}" in text
    for e in view["fight"]:
        assert f"{e['position']}. {e['name']}" in text
    assert "Collapsing Gallery" in text
    assert "you saw: treasure" in text


def test_a_contract_only_to_its_owner_and_no_token_face_to_others(page: WebDriver) -> None:
    own, other, spectator = draw(page, [contract_view(0), contract_view(2), contract_view(None)])
    assert own["text"].count("Pest Control") == 1
    assert other["text"].count("Pest Control") == 1  # A3's own, in A3's view
    assert "Pest Control" not in spectator["text"]
    assert "you saw" not in spectator["text"]


def test_every_hand_made_view_fits_a_phone(page: WebDriver) -> None:
    page.set_window_size(375, 2400)
    got = draw(page, [with_options(), *all_views()])
    assert all(g["wide"][0] <= g["wide"][1] for g in got), [g["wide"] for g in got]
    SHOTS.mkdir(parents=True, exist_ok=True)
    draw(page, [with_options()])
    page.save_screenshot(str(SHOTS / "castle-page-phone.png"))
    page.set_window_size(1100, 2400)
    draw(page, [with_options()])
    page.save_screenshot(str(SHOTS / "castle-page.png"))


def test_every_view_of_a_random_game_draws(page: WebDriver) -> None:
    state = registry.new_game("castle", 4, seed=21, options={})
    views = []
    for answer in random_walk(state, 22, 600):
        if answer % 6 == 0 or state.is_over:
            views += [json.loads(json.dumps(state.view(v))) for v in (0, 1, None)]
    page.set_window_size(375, 2400)
    got = draw(page, views)
    assert all(g["wide"][0] <= g["wide"][1] for g in got)
    for view, g in zip(views, got, strict=True):
        for o in (view["pending"] or {}).get("options", []):
            if o["id"].split(":")[0] in ("go", "sneak", "target", "negate", "vote", "ally"):
                assert g["on"].get(o["id"]), o["label"]
