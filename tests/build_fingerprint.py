"""What a build computes, as JSON: `test_builds.py` compares the compiled build with the
interpreted one (run as `TABLETOP_PURE=1 python tests/build_fingerprint.py`).

For every registered game, over seeded games between random players: the state's digest after
every answer, every seat's and a spectator's view and log at the end, the answers a pickled
and a cloned state then give, a determinization's digest, and the answers `ismcts` (a fixed
count of iterations) gives at positions along the way. Any difference between the builds in
the rules, the RNG, the views, the texts or the search shows up here.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
from typing import Any

import tabletop
from tabletop.agents import make_agent
from tabletop.engine import game_ids, new_game
from tabletop.engine.decision import PARALLEL
from tabletop.engine.record import digest
from tabletop.engine.registry import get as get_spec
from tabletop.engine.rng import Rng, derive_seed

GAMES_PER_GAME = 3
SEARCH_EVERY = 40  # an ismcts answer at every 40th real choice
SEARCH = "ismcts:iterations=12"


def _h(value: Any) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=8).hexdigest()


def play(game: str, index: int) -> dict[str, Any]:
    spec = get_spec(game)
    players = spec.min_players + index % (spec.max_players - spec.min_players + 1)
    seed = derive_seed(27, index)
    state = new_game(game, players, seed)
    agents = [make_agent("random", game, derive_seed(seed, p)) for p in range(players)]
    digests: list[str] = [digest(state)]
    searched: list[str] = []
    real = 0
    while not state.is_over and state.steps < 3000:
        d = state.pending
        assert d is not None
        parallel = d.mode == PARALLEL
        for p in state.to_move():
            if parallel and p not in state.to_move():
                continue
            if len(d.options_for(p)) > 1:
                real += 1
                if real % SEARCH_EVERY == 1:
                    searcher = make_agent(SEARCH, game, derive_seed(seed, 1000 + real))
                    searched.append(searcher.choose(state, p))
                    det = state.determinize(p, Rng(real))
                    searched.append(digest(det))
            state.apply(p, agents[p].choose(state, p))
            digests.append(digest(state))
            if state.is_over:
                break
    views = [_h(state.view(p)) for p in [*range(players), None]]
    logs = [_h(state.log_for(p)) for p in [*range(players), None]]
    copies = [digest(pickle.loads(pickle.dumps(state))), digest(state.clone())]
    return {
        "players": players,
        "steps": state.steps,
        "digests": _h(digests),
        "last": digests[-1],
        "views": views,
        "logs": logs,
        "copies": copies,
        "search": searched,
    }


def fingerprint() -> dict[str, Any]:
    return {
        "games": {g: [play(g, i) for i in range(GAMES_PER_GAME)] for g in game_ids()},
    }


if __name__ == "__main__":
    json.dump({"build": tabletop.build(), **fingerprint()}, sys.stdout)
