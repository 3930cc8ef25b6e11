"""Every view of seeded games validates against its game's schema (src/tabletop/schemas).

For every registered game and every player count it allows, three games (random seats,
heuristic seats, and the two mixed), with the game's option variants in turn: after every
answer, the view of every seat and of a spectator must validate, and the validated model must
dump back to exactly the view (so the models hold every key, and nothing else).
"""

from __future__ import annotations

import json

import pytest

from tabletop.agents import make_agent
from tabletop.engine import State, derive_seed, game_ids, get, new_game
from tabletop.schemas import validate_view

# Options that keep games of random players short, and variants tried in turn.
FAST: dict[str, dict[str, object]] = {"quests": {"turn_limit": 8}}
VARIANTS: dict[str, list[dict[str, object]]] = {
    "quests": [{}, {"length": "mid", "artifact_deck": "random18"}, {"artifact_deck": "random18"}],
    "guardians": [{}, {"difficulty": "apprentice"}, {"cooperative": True}],
    "librarians": [
        {},
        {"difficulty": "expert", "adventure": "C-3", "open_hands": False},
        {"difficulty": "narrative", "adventure": "C-4", "no_elimination": True},
        {"adventure": "C-2"},
    ],
}
SEATS = ("random", "heuristic", "mixed")
MAX_STEPS = 20_000


def cases() -> list[tuple[str, int]]:
    out = []
    for g in game_ids():
        spec = get(g)
        out += [(g, n) for n in range(spec.min_players, spec.max_players + 1)]
    return out


def check(state: State, viewers: list[int | None]) -> None:
    for v in viewers:
        view = state.view(v)
        model = validate_view(view)
        assert model.model_dump(mode="json", by_alias=True) == view


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_every_view_of_seeded_games_validates(game_id: str, players: int) -> None:
    viewers: list[int | None] = [None, *range(players)]
    for i, seats in enumerate(SEATS):
        seed = derive_seed(players * 100 + i, 8)
        variants = VARIANTS.get(game_id, [{}])
        options = dict(variants[(players + i) % len(variants)])
        if seats != "heuristic":
            options.update(FAST.get(game_id, {}))
        agents = [
            make_agent(
                seats if seats != "mixed" else ("random", "heuristic")[p % 2],
                game_id,
                derive_seed(seed, p),
            )
            for p in range(players)
        ]
        state = new_game(game_id, players, seed, options)
        check(state, viewers)
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            p = state.to_move()[0]
            state.apply(p, agents[p].choose(state, p))
            check(state, viewers)
        assert state.is_over, f"{game_id} {players}p {seats}: not over after {MAX_STEPS}"
        # the last view also validates as JSON text, as a client receives it
        for v in viewers:
            validate_view(json.loads(json.dumps(state.view(v))))
