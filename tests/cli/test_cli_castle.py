"""The Castle Von Loghan terminal renderer (src/tabletop/ui/castle.py): it draws what the view
holds (the group and the map, the fight, every Agent's Timing sequence, the Event and the
votes, the Story), only what the viewer may know, as plain text, within the width."""

from __future__ import annotations

import copy
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from helpers import random_walk
from tabletop.engine import registry
from tabletop.ui import castle, renderer_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "castle"))  # the hand-made views
from castle_views import (
    all_views,
    campaign_view,
    contract_view,
    fight_view,
    unshackled_view,
)


def draw(view: dict[str, Any], width: int = 80) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    castle.render(view, console)
    return console.export_text()


def flat(view: dict[str, Any], width: int = 200) -> str:
    return " ".join(draw(view, width).split())


def test_the_game_id_finds_the_renderer() -> None:
    assert renderer_for("castle") is castle.render


@pytest.mark.parametrize("width", [60, 80, 100, 120, 160])
def test_every_line_fits_the_width(width: int) -> None:
    for view in all_views():
        lines = draw(view, width).splitlines()
        assert max(len(line) for line in lines) <= width


def test_a_fight_shows_the_line_up_and_every_timing_sequence() -> None:
    view = fight_view(0)
    text = flat(view)
    assert "Turn 3 · Combat phase, round 2 · Exploration" in text
    assert "Fight (Rage 4): 1 Ghoul 2/6 · countdown 2 · engaged" in text
    assert "2 Iron Golem 2/6 · stunned · immune melee" in text
    assert "3 Ghoul 6/6 · defeated" in text
    # A1's row of cards: Timing, name, Timing Cost, Damage/Rage, Negated and paid marks
    assert "1 Attack t1 d1 | 2 Riposte Strike t1 r1 | 3 Block t2 negated | 4 Union Attack" in text
    assert "t1 d2 paid · Initiative: Energy Attack · Damage 3 → 1 Ghoul" in text
    for a in view["agents"]:
        assert f"A{a['seat'] + 1} {a['agent']}" in text
        assert f"Energy {a['energy']}/{a['max_energy']}" in text
        for card in a["line"]:
            assert f"{card['timing']} {card['name']} t{card['cost']}" in text
    # another Agent's Skills show to a spectator only (a seat reads them with `card`)
    assert "Skill One 2" not in text
    assert "Skill One 2 3E C6+ cooling" in flat(fight_view(None))
    assert "Overcharge used" in text
    assert "hand:Whip (ranged 1), belt:Nano Med-Bots, Crossbow (ranged 2)" in text
    assert "Upgrades: Targeting Lens" in text


def calm(viewer: int | None) -> dict[str, Any]:
    """The fight view once every enemy is defeated: the map and the ways out are drawn."""
    view = fight_view(viewer)
    for e in view["fight"]:
        e["state"] = "defeated"
    return view


def test_a_fight_leaves_out_the_map_and_the_ways_out() -> None:
    text = flat(fight_view(0))
    assert "Map:" not in text and "Ways out" not in text
    assert "Map: " in flat(calm(0)) and "Ways out: " in flat(calm(0))


def test_the_group_the_map_and_the_rest_of_the_table() -> None:
    text = flat(calm(0))
    assert "Group: 5 Great Hall · Health 11 · Clarity 7 · Leader A2 · 1 Lurking Enemy" in text
    assert "Ways out: 3 Smithy (locked)" in text
    # the compact map: every room that holds something, by number and name (issue 22)
    assert (
        "Map: 1 Gatehouse green · 2 Stables blue · 3 Smithy red~ (treasure) · 4 Kitchens "
        "green · @5 Great Hall blue · 6 Chapel red clue+skull PoI · 7 Well Yard green"
    ) in text
    assert "Locked doors: 3-5" in text
    assert "Tallies" not in text and "visited:" not in text  # no tally keys
    assert "Allies: Brother Anselm C3" in text
    assert "P.O.D.: Health Potion" in text
    assert "Gob-li Merchant offers: 1 Bandages 3E · 2 Whip (ranged 1) 2E" in text
    assert "Hint: The Chapel hides something" in text
    assert "The votes: A1 A, A2 C, A3 A, A4 D (castle.event.reveal)" in text


def test_the_event_and_who_chose_what() -> None:
    text = flat(fight_view(0))
    assert "Event: Collapsing Gallery" in text
    assert "(A) run across, (B) hover, (C) climb, (D) go back." in text
    assert "Votes: A×2 A1 Pill, A3 Sera · C×1 A2 Forzental · D×1 A4 Vigovar" in text
    view = fight_view(0)
    view["votes"] = []
    assert "Votes:" not in flat(view)  # nothing before the reveal


def test_a_sneaked_tokens_face_only_for_the_agent_who_peeked() -> None:
    assert "3 Smithy red~ (treasure)" in flat(calm(0))
    # the rulebook's Sneak: the token is turned 90 degrees, placed back face down (issue 21)
    assert "~ Sneaked: sideways, still face down)" in flat(calm(0))
    assert "face up" not in flat(calm(0))
    for viewer in (2, None):
        text = flat(calm(viewer))
        assert "3 Smithy red~ ·" in text and "(treasure)" not in text


def test_unshackled_shows_each_agents_own_health_and_who_is_apart() -> None:
    text = flat(unshackled_view(0))
    assert "Health 11" not in text
    assert "A1 Pill (you) · Energy 3/12 · Health 6 · Clarity 4" in text
    assert "Apart: A4 in 2 Stables" in text
    assert "Health 0 · Clarity 4 · in 2 Stables · out" in text


def test_a_contract_by_name_only_to_its_owner() -> None:
    assert "Contract (secret): Pest Control" in flat(contract_view(0))
    assert "Pest Control" not in flat(contract_view(None))
    text = flat(contract_view(2))
    assert text.count("Pest Control") == 1 and "A3 Sera (you)" in text
    assert "Data Shards 3" in text


def test_the_campaign_shows_the_mission_and_its_story_cards() -> None:
    text = flat(campaign_view(0))
    assert "Mission: The Forest Gate (1 of 10)" in text
    assert "Next Story card 03/01 The Drawbridge: Wait for the key." in text
    assert "Point of Interest 05/01 Old Well: Search it." in text
    assert "Timing" not in text.replace("Timing Cost", "")  # no fight, no sequences


def test_view_strings_are_plain_text_never_markup() -> None:
    view = fight_view(0)
    view["agents"][0]["agent"] = "[bold red]Pill[/]"
    view["fight"][0]["name"] = "Ghoul [x]"
    view["event"]["text"] = "[link=http://x]click[/link]"
    text = flat(view)
    assert "[bold red]Pill[/]" in text
    assert "Ghoul [x]" in text
    assert "[link=http://x]click[/link]" in text


def test_colours_on_a_terminal_and_none_in_piped_output() -> None:
    view = fight_view(0)
    piped = io.StringIO()
    castle.render(view, Console(file=piped, width=80))
    assert "\x1b" not in piped.getvalue()
    coloured = io.StringIO()
    castle.render(view, Console(file=coloured, width=80, force_terminal=True))
    assert "\x1b[" in coloured.getvalue()


def test_a_view_missing_keys_or_with_odd_values_still_draws() -> None:
    draw({})
    view = fight_view(0)
    for key in list(view):
        if key in ("game", "schema"):
            continue
        v = copy.deepcopy(view)
        del v[key]
        draw(v)
    v = copy.deepcopy(view)
    v["agents"][0] = {"seat": 0}
    v["fight"] = [{}, "nonsense"]
    v["rooms"].append({})
    draw(v)


# -- real games, once the game can be played ---------------------------------------------------
@pytest.mark.parametrize(
    ("players", "mode"),
    [
        (4, "exploration"),
        (5, "unshackled"),
        (6, "coop-competitive"),
        (8, "boss-run"),
        (4, "campaign"),
    ],
)
def test_every_view_of_a_random_game_draws_within_the_width(players: int, mode: str) -> None:
    state = registry.new_game("castle", players, seed=7, options={"mode": mode})
    for answer in random_walk(state, 8, 400):
        if answer % 5 == 0 or state.is_over:
            for viewer in (*range(players), None):
                view = json.loads(json.dumps(state.view(viewer)))
                for width in (80, 120):
                    lines = draw(view, width).splitlines()
                    assert max(len(line) for line in lines) <= width
