"""`GET /api/games/{game}/cards`: the card texts the table page shows on its cards, read-only
and the same for everyone; every card a real game's view names has its text there."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import Live
from tabletop.engine import registry
from tabletop.engine.rng import Rng
from tabletop.engine.texts import all_cards


def test_every_game_serves_its_card_texts(live: Live) -> None:
    for game in registry.game_ids():
        r = live.http.get(f"/api/games/{game}/cards")
        assert r.status_code == 200, r.text
        got = r.json()
        assert got["game"] == game
        want = {c.slug: c for c in all_cards(game)}
        assert set(got["cards"]) == set(want)
        for slug, card in got["cards"].items():
            assert card == {
                "name": want[slug].name,
                "kind": want[slug].kind,
                "summary": want[slug].summary,
                "text": want[slug].text,
            }


@pytest.mark.parametrize("game", ["chess", "x" * 5000, "..%2F..%2Fetc"])
def test_an_unknown_game_has_no_cards(live: Live, game: str) -> None:
    r = live.http.get(f"/api/games/{game}/cards")
    assert r.status_code in (400, 404)
    if r.status_code == 400:
        assert r.json()["error"]["code"] == "bad_request"


def test_only_get(live: Live) -> None:
    assert live.http.post("/api/games/quests/cards", json={}).status_code == 405


def slugs(view: Any, key: str) -> set[str]:
    """The `key` of every card-like thing (a dict with a name) anywhere in a view."""
    out: set[str] = set()
    if isinstance(view, dict):
        if isinstance(view.get("name"), str) and isinstance(view.get(key), str):
            out.add(view[key])
        for k, v in view.items():
            if k != "log":
                out |= slugs(v, key)
    elif isinstance(view, list):
        for v in view:
            out |= slugs(v, key)
    return out


# the key of a view's card that the page looks its text up by, per game
KEYS = {"quests": "id", "guardians": "kind", "librarians": "id"}


@pytest.mark.parametrize("game", sorted(KEYS))
def test_the_cards_of_a_game_in_progress_have_texts(game: str) -> None:
    from tabletop.server.app import card_texts

    texts = card_texts(game)["cards"]
    state = registry.new_game(game, 2, seed=3)
    rng = Rng(4)
    seen: set[str] = set()
    for _ in range(120):
        if state.is_over:
            break
        for seat in range(2):
            seen |= slugs(state.view(seat), KEYS[game])
        assert state.pending is not None
        player = state.to_move()[0]
        options = state.pending.option_ids(player)
        state.apply(player, options[rng.below(len(options))])
    if game == "librarians":  # the Aid card's text is its difficulty's, as the page looks it up
        aid = "aid-from-the-library"
        seen = {f"{aid}-{state.view(None)['difficulty']}" if s == aid else s for s in seen}
    missing = {s for s in seen if s not in texts}
    assert len(seen) > 5 and not missing
