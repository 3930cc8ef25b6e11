"""The Librarians table page (static/games/librarians.js) in a real browser (Debian's Chromium,
as in test_server_browser.py): an option naming one of several copies of an adventure card in
different states ("Assign Relic Looter #2 (2 damage, exhausted) to yourself") is a button on
that copy only (librarians.interpret.same-name: the view numbers each copy, the page ends its
data-card with the number, render.js matches "#N")."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from test_server_browser import chromium

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "librarians"))  # the rig
from librarians_rig import adventure_card, game

from tabletop.games.librarians import rules as R

STATIC = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "server" / "static"

HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="{static}/style.css"></head>
<body><main><div class="columns"><div id="play"></div><div></div></div></main>
<script src="{static}/render.js"></script><script src="{static}/games/common.js"></script>
<script src="{static}/games/librarians.js"></script></body></html>"""

# Draw the view; for each option with buttons, the data-card of each card it is on.
DRAW_JS = r"""
const play = document.getElementById("play");
const view = arguments[0];
play.replaceChildren(RENDERERS.librarians(view));
optionsOnCards(play, view.pending.options, () => {});
const on = {};
play.querySelectorAll("button.on-card").forEach((b) => {
  (on[b.dataset.option] = on[b.dataset.option] || []).push(b.parentElement.dataset.card);
});
return on;
"""


@pytest.fixture
def page(tmp_path: Path) -> Iterator[WebDriver]:
    html = tmp_path / "librarians.html"
    html.write_text(HARNESS.format(static=STATIC.as_uri()), "utf-8")
    driver = chromium(tmp_path / "profile")
    try:
        driver.get(html.as_uri())
        yield driver
    finally:
        driver.quit()


def test_an_option_numbering_a_copy_is_a_button_on_that_copy(page: WebDriver) -> None:
    s = game(("eve", "cassandra"))
    fresh = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    worn = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    s.damage[worn] = 2
    s.exhausted[worn] = True
    R.ask_again(s)
    view: dict[str, Any] = s.view(0)
    n, w = s.t.copies[fresh], s.t.copies[worn]
    labels = {o["id"]: o["label"] for o in view["pending"]["options"]}
    assert labels[f"assign:relic-looter:{w}"].startswith(f"Assign Relic Looter #{w} (")
    on = page.execute_script(DRAW_JS, view)
    assert on[f"assign:relic-looter:{w}"] == [f"relic-looter-{w}"]
    assert on[f"assign:relic-looter:{n}"] == [f"relic-looter-{n}"]
