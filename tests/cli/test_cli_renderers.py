"""Per-game renderers: looked up by game id, with a generic fallback for any view."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.ui import generic, quests, renderer_for, score_label


def draw(render: Callable[[dict[str, Any], Console], None], view: dict[str, Any]) -> str:
    out = io.StringIO()
    render(view, Console(file=out, width=200))
    return " ".join(out.getvalue().split())


def views(seed: int) -> Iterator[dict[str, Any]]:
    """Every seat's view after every answer of a 3-player game (two heuristic bots that meld,
    one random bot that plays every kind of card)."""
    state = new_game("quests", 3, seed=seed, options={"turn_limit": 60})
    agents = [
        make_agent(a, "quests", seed + p) for p, a in enumerate(("heuristic",) * 2 + ("random",))
    ]
    while not state.is_over:
        for seat in range(3):
            yield state.view(seat)
        p = state.to_move()[0]
        state.apply(p, agents[p].choose(state, p))


def features(view: dict[str, Any]) -> set[str]:
    found = set()
    if any(s["library"] for s in view["seats"]):
        found.add("library")
    if any(s.get("known") for s in view["seats"]):
        found.add("known")
    for key, name in (("fate", "fate"), ("playing", "playing"), ("action_deck_known", "deck")):
        if view[key]:
            found.add(name)
    if view["phase"] == "initiative":
        found.add("initiative")
    return found


ALL = {"library", "known", "fate", "initiative", "playing", "deck"}


def test_lookup_by_game_id_with_a_generic_fallback() -> None:
    assert renderer_for("quests") is quests.render
    assert renderer_for("no-such-game") is generic.render
    assert renderer_for("terminal") is generic.render  # ui modules are not renderers
    assert score_label("quests") == "artifacts"
    assert score_label("no-such-game") == "score"


def test_quests_board_shows_what_the_seat_knows() -> None:
    seen: set[str] = set()
    for view in views(seed=8):
        if features(view) <= seen:
            continue  # drawing every view would be slow; draw each new kind of position
        text = draw(quests.render, view)
        me = view["seats"][view["viewer"]]
        assert f"Your hand: {me['hand_size']} cards" in text
        for card in me["hand"]:
            assert card["name"] in text
        if view["prize"]:
            assert f"Prize: {view['prize']['name']}" in text
            assert view["prize"]["ability"] in text
        for seat in view["seats"]:
            for artifact in seat["library"]:
                assert f"{artifact['name']} ({artifact['type'].title()}): " in text
                assert artifact["ability"] in text
                seen.add("library")
            for card in seat.get("known", []):
                assert card["name"] in text
                seen.add("known")
        if view["fate"]:
            assert "Fate cards: " + quests.card_text(view["fate"][0]) in text
            seen.add("fate")
        if view["phase"] == "initiative":
            rolls = " · ".join(f"{s['name']} {s['initiative']}" for s in view["seats"])
            assert f"Initiative rolls: {rolls}" in text
            seen.add("initiative")
        if view["playing"]:
            by = f"P{view['playing']['by'] + 1}"
            assert f"In play: {by} is playing a {view['playing']['suit'].title()} card" in text
            seen.add("playing")
        for card in view["action_deck_known"]:
            assert card["name"] in text
            seen.add("deck")
        for entry in view["log"][-quests.RECENT :]:
            assert f"{entry['text']} ({entry['rule']})" in text
        if seen == ALL:
            break
    assert seen == ALL


def test_the_board_never_names_another_players_unknown_cards() -> None:
    state = new_game("quests", 3, seed=5)
    others = [c["name"] for c in state.view(1)["seats"][1]["hand"]]
    text = draw(quests.render, state.view(0))
    assert [n for n in others if f"{n} (" in text] == []


def test_generic_renderer_draws_any_view() -> None:
    view = next(views(seed=2))
    text = draw(generic.render, view)
    assert "quests · seen by P1" in text
    for card in view["seats"][0]["hand"]:
        assert card["name"] in text
    odd = {
        "game": "other",
        "viewer": None,
        "round": 2,
        "board": {"rooms": [1, 2]},
        "tokens": [],
        "heroes": [{"name": "Flynn", "hp": 3, "deck": [{"name": "Sword"}]}, {"name": "Eve"}],
        "log": [{"rule": "other.start", "text": "It begins"}],
    }
    text = draw(generic.render, odd)
    assert "round: 2" in text and "Flynn" in text and "Sword" in text and "Eve" in text
    assert "It begins (other.start)" in text
