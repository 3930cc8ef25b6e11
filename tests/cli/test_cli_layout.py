"""The boards' layout: every line fits the terminal's width (80 and 120 columns), a 3-player
board for one decision takes about a screen, the cards in hand show what they do, colours
appear on a terminal and never in piped output, and the Guardians view's additions (discard
counts and contents, the solo rank) are drawn when the view has them."""

from __future__ import annotations

import io
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import new_game, registry
from tabletop.ui import guardians, quests, renderer_for
from tabletop.ui.style import clip, first_clause, short_effect, wrap

GAMES = ("quests", "guardians", "librarians")


def draw(game: str, view: dict[str, Any], width: int, terminal: bool = False) -> str:
    out = io.StringIO()
    console = Console(width=width, record=True, file=out, force_terminal=terminal)
    renderer_for(game)(view, console)
    return out.getvalue() if terminal else console.export_text()


def positions(game: str, players: int, seed: int, every: int = 9) -> Iterator[dict[str, Any]]:
    """The view of the seat to move at every `every`-th decision of a seeded game of random
    and heuristic bots (the terminal draws the board without the log: it says what happened
    itself)."""
    options = {"turn_limit": 30} if game == "quests" else {}
    state = new_game(game, players, seed=seed, options=options)
    kinds = ("random", "heuristic")
    agents = [make_agent(kinds[(seed + p) % 2], game, seed + p) for p in range(players)]
    k = 0
    while not state.is_over:
        p = state.to_move()[0]
        if k % every == 0:
            view = state.view(p)
            view.pop("log", None)
            yield view
        state.apply(p, agents[p].choose(state, p))
        k += 1
    yield state.view(0)  # the end, with its log


def counts(game: str) -> range:
    spec = registry.get(game)
    return range(spec.min_players, spec.max_players + 1)


@pytest.mark.parametrize("game", GAMES)
def test_no_line_is_wider_than_80_or_120_columns_at_any_player_count(game: str) -> None:
    for players in counts(game):
        for seed in (1, 2):
            for view in positions(game, players, seed, every=15):
                for width in (80, 120):
                    lines = draw(game, view, width).splitlines()
                    assert lines
                    too_wide = [line for line in lines if len(line) > width]
                    assert too_wide == [], (players, seed, width)


@pytest.mark.parametrize(("game", "most"), [("quests", 24), ("guardians", 26), ("librarians", 26)])
def test_a_three_player_board_takes_about_a_screen_at_80_columns(game: str, most: int) -> None:
    heights = [
        len(draw(game, view, 80).splitlines())
        for seed in (3, 4)
        for view in positions(game, 3, seed, every=5)
        if "log" not in view
    ]
    assert statistics.median(heights) <= most, heights


def test_the_quests_hand_shows_what_each_suit_does() -> None:
    for view in positions("quests", 3, seed=5, every=11):
        if view.get("viewer") is None or "log" in view:
            continue
        text = " ".join(draw("quests", view, 120).split())
        for card in view["seats"][view["viewer"]]["hand"]:
            assert card["name"] in text
            effect = short_effect("quests", card["suit"])
            assert effect and effect[:40] in text  # the whole of it where it fits


def test_the_guardians_hand_and_play_area_show_numbers_and_effects() -> None:
    seen = 0
    for view in positions("guardians", 3, seed=6, every=3):
        me = view["seats"][view["viewer"]]
        cards = me.get("hand", []) + me.get("play", []) + me.get("persistent", [])
        if not cards or "log" in view:
            continue
        text = " ".join(draw("guardians", view, 120).split())
        for card in cards:
            assert card["name"] in text
            assert guardians.numbers(card) in text
            effect = short_effect("guardians", card["kind"])
            if effect:
                assert effect[:12] in text  # as much as fits beside it
                seen += 1
    assert seen


def test_short_effects_come_from_the_games_texts() -> None:
    assert short_effect("quests", "puzzle") == "Action: take the top Action card into your hand"
    assert short_effect("quests", "travel") == "Initiative: +1 to your own Initiative roll"
    assert short_effect("guardians", "cleave").startswith("Gives 3 attack more")
    assert short_effect("guardians", "bash") == ""  # nothing beyond its numbers
    assert short_effect("guardians", "no-such-card") == ""
    assert short_effect("no-such-game", "x") == ""
    assert first_clause("See it (all of it). Then more.") == "See it"


def test_text_is_cut_with_an_ellipsis_and_wrapped_within_the_width() -> None:
    assert clip("abcdefghij", 6).plain == "abcde…"
    assert clip("abc", 6).plain == "abc"
    lines = wrap("word " * 40, 30, most=3)
    assert len(lines) == 3 and all(len(line.plain) <= 30 for line in lines)
    assert lines[-1].plain.endswith("…") and lines[1].plain.startswith("    ")


@pytest.mark.parametrize("game", GAMES)
def test_colours_on_a_terminal_and_none_in_piped_output(game: str) -> None:
    view = next(positions(game, 3, seed=7, every=20))
    piped = io.StringIO()
    renderer_for(game)(view, Console(file=piped, width=80))
    assert "\x1b" not in piped.getvalue()
    assert "\x1b[" in draw(game, view, 80, terminal=True)
    coloured = io.StringIO()
    Console(file=coloured, width=80, force_terminal=True, no_color=True)
    renderer_for(game)(view, Console(file=coloured, width=80, force_terminal=True, no_color=True))
    assert "\x1b[3" not in coloured.getvalue()  # NO_COLOR: no foreground colours


def test_the_guardians_city_grid_fits_80_columns_with_the_bosses_in_it() -> None:
    view = next(positions("guardians", 3, seed=8, every=40))
    lines = guardians.city_lines(view, 80)
    assert all(line.cell_len <= 80 for line in lines)
    text = "\n".join(line.plain for line in lines)
    for loc in view["city"]:
        assert f"{loc['number']} {loc['name']}" in text
    assert "Blue Boss" in text and "Red Boss" in text
    assert text.count("┼") == 6  # three rows of four cells


def test_the_guardians_additions_are_drawn_when_present_and_tolerated_when_absent() -> None:
    view = next(v for v in positions("guardians", 3, seed=9, every=2) if v["round"] >= 2)
    me = view["seats"][view["viewer"]]
    text = " ".join(draw("guardians", view, 120).split())
    if me["discard"]:
        assert f"Your discard pile ({len(me['discard'])}):" in text
        assert me["discard"][0]["name"] in text
    view["solo_rank"] = "True Guardian"
    assert "Solo rank: True Guardian" in draw("guardians", view, 80)
    for key in ("solo_rank", "discard_size"):
        view.pop(key, None)
        for seat in view["seats"]:
            seat.pop(key, None)
    old = {k: v for k, v in view.items() if k not in ("waves", "bosses", "timekeeper")}
    assert "Round" in draw("guardians", old, 80)  # an older or smaller view still draws


def test_a_wide_terminal_sets_the_blocks_side_by_side() -> None:
    view = next(positions("quests", 3, seed=10, every=30))
    wide = draw("quests", view, 170).splitlines()
    narrow = draw("quests", view, 80).splitlines()
    assert any("Your hand:" in line and line.index("Your hand:") > 60 for line in wide)
    assert len(wide) < len(narrow)
    assert quests.SIDE_BY_SIDE == 160
