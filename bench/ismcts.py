"""ISMCTS speed: iterations per second on 3-player Quests and 3-player Guardians decisions, with
the default settings (heuristic rollouts of depth 20, opponents answered by the policy) and with
a few variants, and the time 1,000 iterations take. Positions are real choices (more than one
option) from heuristic self-play. Never asserts."""

from __future__ import annotations

import time

from tabletop.agents import make_agent
from tabletop.agents.ismcts import IsmctsAgent
from tabletop.engine import State, new_game
from tabletop.engine.rng import derive_seed

GAME = "quests"
PLAYERS = 3
GAMES = ("quests", "guardians")


def positions(
    count: int,
    game_id: str = GAME,
    players: int = PLAYERS,
    options: dict[str, str] | None = None,
) -> list[tuple[State, int]]:
    """`count` positions where a seat has a real choice, spread over heuristic games."""
    out: list[tuple[State, int]] = []
    game = 0
    while len(out) < count:
        seed = derive_seed(7, game)
        state = new_game(game_id, players, seed, options, log=False)
        bots = [make_agent("heuristic", game_id, derive_seed(seed, p)) for p in range(players)]
        seen = 0
        while not state.is_over and len(out) < count:
            d = state.pending
            assert d is not None
            p = state.to_move()[0]
            if len(d.options_for(p)) > 1:
                seen += 1
                if seen % 11 == 0:
                    out.append((state.clone(), p))
            state.apply(p, bots[p].choose(state, p))
        game += 1
    return out


def speed(
    spec: str, cases: list[tuple[State, int]], iterations: int, game_id: str = GAME
) -> tuple[float, int]:
    """Iterations per second of `spec`, searching `iterations` at each of `cases`."""
    done = 0
    elapsed = 0.0
    for i, (state, player) in enumerate(cases):
        sep = "," if ":" in spec else ":"
        agent = make_agent(f"{spec}{sep}iterations={iterations}", game_id, i)
        assert isinstance(agent, IsmctsAgent)
        agent.search(state, player)  # (the search itself, even where the bot would not search)
        done += agent.last_iterations
        elapsed += agent.last_seconds
    return done / elapsed, done


def main(quick: bool = False) -> None:
    iterations = 60 if quick else 250
    specs = ("ismcts", "ismcts:depth=40", "ismcts:rollout=random", "ismcts:opponents=tree")
    for game_id in GAMES:
        cases = positions(12, game_id)
        print(
            f"== ismcts: {game_id}, {PLAYERS} players, {len(cases)} positions from heuristic games"
        )
        for spec in specs:
            rate, n = speed(spec, cases, iterations, game_id)
            print(
                f"{spec:>24}: {rate:>7,.0f} iterations/s "
                f"({1000 / rate:.2f} s per 1,000 iterations; {n} iterations)"
            )


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"(took {time.perf_counter() - start:.1f} s)")
