"""The Librarians terminal renderer (src/tabletop/ui/librarians.py): every line fits 80 and 120
columns at every player count and for every viewer; a 3-player board takes about a screen; it
draws the Mission, Disturbance, Unassigned Region, the dice of a check, every Player Area, the
hands the viewer may see with what each card does, Device countdowns and eliminated seats;
colours on a terminal and none piped; view strings are plain text; a view missing keys still
draws."""

from __future__ import annotations

import copy
import io
import re
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from tabletop.engine.rng import Rng
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.rules import LibrariansOptions, new_state
from tabletop.ui import librarians as ui
from tabletop.ui import renderer_for, score_label, style

ESCAPE = re.compile(r"\x1b\[")


def draw(view: dict[str, Any], width: int = 80, terminal: bool = False) -> str:
    out = io.StringIO()
    console = Console(width=width, record=True, file=out, force_terminal=terminal)
    ui.render(view, console)
    return out.getvalue() if terminal else console.export_text()


def positions(
    players: int, seed: int, every: int = 7, viewers: bool = False, **options: Any
) -> Iterator[dict[str, Any]]:
    """Views (without the log, as the terminal draws the board) at every `every`-th answer
    of a game of random and bot answers: the seat to move's, or every seat's and a
    spectator's with `viewers`; then the last view with its log."""
    s = new_state(players, seed, LibrariansOptions(**options), log=True)
    rng = Rng(seed)
    bots = [LibrariansBot(seed + p) for p in range(players)]
    k = 0
    while not s.is_over:
        d = s.pending
        assert d is not None
        p = d.players[0]
        if k % every == 0:
            for v in (None, *range(players)) if viewers else (p,):
                view = s.view(v)
                view.pop("log", None)
                yield view
        s.apply(p, bots[p].choose(s, p) if k % 2 else rng.choice(d.options_for(p)).id)
        k += 1
    yield s.view(0)


def test_the_renderer_is_found_by_game_id() -> None:
    assert renderer_for("librarians") is ui.render
    assert score_label("librarians") == "team won"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_line_is_wider_than_80_or_120_columns(players: int) -> None:
    adventures = ("C-1", "C-2", "C-3", "C-4")
    for seed in (1, 2):
        for view in positions(
            players, seed, every=11, viewers=True, adventure=adventures[(players + seed) % 4]
        ):
            for width in (80, 120, 160):
                lines = draw(view, width).splitlines()
                assert lines
                assert [line for line in lines if len(line) > width] == [], (seed, width)


def test_a_three_player_board_takes_about_a_screen_at_80_columns() -> None:
    heights = [
        len(draw(view).splitlines())
        for seed in (3, 4)
        for view in positions(3, seed, every=5)
        if "log" not in view
    ]
    assert statistics.median(heights) <= 26, heights


def test_the_table_mission_disturbance_and_unassigned_region() -> None:
    view = next(v for v in positions(2, 5, every=1) if v["unassigned"] and v["mission"])
    text = draw(view, 120)
    m, d = view["mission"], view["disturbance"]
    assert f"Mission: {m['name']} · Progress {m['progress']}/{m['advance']}" in text
    assert f"Disturbance: {d['name']} · Fate {d['fate']}/{d['advance']}" in text
    assert f"Adventure deck {view['adventure_deck']}" in text
    for card in view["unassigned"]:
        assert card["name"] in text
    for card in view["special"]:
        assert f"Special: {card['name']}" in text


def test_enemy_and_obstacle_numbers_come_from_the_texts() -> None:
    view = next(iter(positions(1, 1)))
    view["unassigned"] = [
        {"id": "serpent-ninjas", "name": "Serpent Ninjas", "type": "enemy", "damage": 1},
        {"id": "save-the-artifacts", "name": "Save the Artifacts!", "type": "obstacle"},
    ]
    text = draw(view, 120)
    assert "Serpent Ninjas (T1, life " in text and "Ambush; 1 dmg)" in text
    assert re.search(r"Save the Artifacts! \([GILT]\d, needs \d+, fate \d+\)", text), text


def test_the_dice_of_a_check_as_it_is_made() -> None:
    view = next(v for v in positions(2, 6, every=1) if v["check"] and v["check"]["dice"])
    c = view["check"]
    text = draw(view, 120)
    assert f"Check: {c['actor']} (P{c['player'] + 1})" in text
    assert f"{c['attribute'].title()} {c['difficulty']} check" in text
    assert f"{c['pool']['character']} Character + {c['pool']['challenge']} Challenge dice" in text
    v = copy.deepcopy(view)
    v["check"]["dice"] = [
        {"kind": "character", "face": ["success", "tree"], "locked": False},
        {"kind": "character", "face": ["success"], "locked": True},
        {"kind": "challenge", "face": ["serpent"], "locked": False},
        {"kind": "challenge", "face": [], "locked": False},
    ]
    v["check"]["devoted"] = [1]
    text = draw(v, 80)
    assert "Character [ST] [S]*  Challenge [X] [-]  net +1 · 1 Tree" in text  # Standard
    assert "devoted by P2" in text and "X Serpent" in text
    v["difficulty"] = "narrative"  # Serpents are no failures
    assert "net +2" in draw(v, 80)


def test_seats_areas_and_the_hands_the_viewer_may_see() -> None:
    view = next(
        v
        for v in positions(3, 7, every=1, viewers=True, open_hands=True)
        if v["viewer"] == 1 and all(s["hand"] for s in v["seats"])
    )
    text = draw(view, 120)
    for seat in view["seats"]:
        who = f"P{seat['seat'] + 1} {seat['hero']}"
        assert who in text
        assert f"dmg {seat['damage']}/{seat['life']}" in text
        assert f"hand {seat['hand_size']}, deck {seat['deck']}, energy {seat['energy']}" in text
    assert "P2 Cassandra Cillian (you" in text
    first = next(s for s in view["seats"] if s["first_player"])
    assert f"P{first['seat'] + 1} {first['hero']} (first player" in text or (
        f"P{first['seat'] + 1} {first['hero']} (you, first player" in text
    )
    # your hand: each card with its cost and what it does; a teammate's by name
    mine = view["seats"][1]["hand"]
    assert f"Your hand ({len(mine)}):" in text
    narrow = draw(view, 80)
    for card in mine:
        info = style.card_info("librarians", card["id"])
        assert info is not None
        cost = re.match(r"\w+ · (\d+) Energy", info.summary)
        assert cost is not None
        assert f"{card['name']} ({cost.group(1)}E" in text
        effect = style.short_effect("librarians", card["id"])
        assert effect and f"{card['name']} ({cost.group(1)}E): {effect[:12]}" in narrow
    assert text.count("    hand: ") == 2
    # without open hands the teammates' hands are not there to draw
    closed = next(v for v in positions(3, 7, every=3, open_hands=False))
    assert "    hand: " not in draw(closed, 120)
    # a spectator has no hand of its own
    spectator = next(v for v in positions(3, 7, viewers=True) if v["viewer"] is None)
    assert "Your hand" not in draw(spectator)


def test_attachments_countdowns_exhausted_and_eliminated_seats() -> None:
    view = next(iter(positions(2, 8)))
    v = copy.deepcopy(view)
    hero = v["seats"][0]["area"][-1]
    assert hero["name"] == v["seats"][0]["hero"]
    hero["exhausted"] = True
    v["seats"][0]["area"] += [
        {"id": "kevlar-vest", "name": "Kevlar Vest", "on": hero["id"]},
        {"id": "magic-spectrometer", "name": "Magic Spectrometer", "countdown": 2},
        {"id": "electromagnet", "name": "Electromagnet", "countdown": 0},
        {"id": "sam-denning", "name": "Sam Denning", "damage": 2, "exhausted": True},
    ]
    v["seats"][1]["eliminated"] = True
    text = draw(v, 120)
    assert f"{hero['name']} +Kevlar Vest" in text
    assert "Magic Spectrometer (" in text and "countdown 2)" in text
    assert "countdown done: spend it)" in text
    # a Sidekick in play shows its attributes and Life (from the texts), not its cost
    sam = r"Sam Denning \(G[\d-] I[\d-] L[\d-] T[\d-], life \d+; 2 dmg, exhausted\)"
    assert re.search(sam, text), text
    assert "Magic Spectrometer (countdown 2)" in text  # no cost for a card in play
    assert f"{v['seats'][0]['hero']} (you, first player) · dmg 0/" in text
    assert " · exhausted" in text
    assert f"P2 {v['seats'][1]['hero']} (eliminated)" in text


def test_colours_on_a_terminal_and_none_piped() -> None:
    view = next(v for v in positions(2, 9, every=1) if v["unassigned"])
    assert ESCAPE.search(draw(view, 80, terminal=True))
    assert not ESCAPE.search(draw(view, 80))


def test_view_strings_are_plain_text() -> None:
    view = next(iter(positions(2, 10)))
    v = copy.deepcopy(view)
    v["seats"][0]["hero"] = "[bold red]Eve[/]"
    v["unassigned"] = [{"id": "x", "name": "[link=http://x]Trap[/link]", "type": "enemy"}]
    v["mission"]["name"] = "Mission [not markup]"
    text = draw(v, 120)
    assert "[bold red]Eve[/]" in text
    assert "[link=http://x]Trap[/link]" in text
    assert "Mission [not markup]" in text


def test_a_view_missing_keys_still_draws() -> None:
    view = next(iter(positions(2, 11)))
    for key in list(view):
        v = copy.deepcopy(view)
        del v[key]
        assert draw(v).strip()
    v = copy.deepcopy(view)
    for seat in v["seats"]:
        seat.clear()
    v["check"] = {"dice": [{}], "pool": None}
    assert draw(v).strip()
    assert draw({}).strip()


def test_the_log_shows_its_last_lines_with_rule_ids() -> None:
    *_, last = positions(1, 12)
    assert last["log"]
    text = draw(last, 120)
    assert "Recent:" in text
    assert f"({last['log'][-1]['rule']})" in text


def test_the_pass_won_checks_preference() -> None:
    from tabletop.ui.prefs import available

    answer = available("librarians")["pass-won-checks"][1]
    found = {"passed": 0, "asked": 0, "acting": 0}
    for seed in range(30):
        s = new_state(3, seed, LibrariansOptions(), log=True)
        bots = [LibrariansBot(seed + p) for p in range(3)]
        while not s.is_over and min(found.values()) == 0:
            d = s.pending
            assert d is not None
            p = d.players[0]
            view = s.view(p)
            if d.ask(p).kind == "check-change":
                got = answer(view, p, d)
                margin = ui.net(view)
                if view["check"]["player"] == p:
                    assert got is None
                    found["acting"] += 1
                elif margin is not None and margin > 0:
                    assert got == "pass"
                    found["passed"] += 1
                else:
                    assert got is None
                    found["asked"] += 1
            else:
                assert answer(view, p, d) is None
            s.apply(p, bots[p].choose(s, p))
        if min(found.values()):
            break
    assert min(found.values()) > 0, found
