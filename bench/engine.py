"""Kernel speed in simulation mode (no log): decisions and turns per second of whole Quests
games between 3 random players (and 3 heuristic bots), and what `state.clone()` costs next to
`copy.deepcopy(state)` on a mid-game state."""

from __future__ import annotations

import copy
import time
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import State, new_game
from tabletop.engine.decision import PARALLEL
from tabletop.engine.rng import derive_seed

GAME = "quests"
PLAYERS = 3


def _play(state: State, agents: list[Any], max_steps: int | None = None) -> None:
    while not state.is_over and (max_steps is None or state.steps < max_steps):
        # (as the simulator's table: only a PARALLEL answer may leave fewer seats asked)
        parallel = state.pending.mode == PARALLEL  # type: ignore[union-attr]
        for p in state.to_move():
            if parallel and p not in state.to_move():
                continue
            state.apply(p, agents[p].choose(state, p))
            if state.is_over:
                break


def throughput(
    agent: str,
    seconds: float,
    *,
    game: str = GAME,
    players: int = PLAYERS,
    setup: bool = False,
) -> dict[str, float]:
    """Play whole games for about `seconds`; decisions/s and turns/s over them. With `setup`,
    the time to set up each game (a draft, say) counts too."""
    decisions = turns = games = 0
    elapsed = 0.0
    while elapsed < seconds:
        seed = derive_seed(1, players, games)
        start = time.perf_counter()
        state = new_game(game, players, seed, log=False)
        agents = [make_agent(agent, game, derive_seed(seed, s)) for s in range(players)]
        if not setup:
            start = time.perf_counter()
        _play(state, agents)
        elapsed += time.perf_counter() - start
        decisions += state.steps
        turns += int(getattr(state, "turn", 0))
        games += 1
    return {
        "games": games,
        "decisions_per_s": decisions / elapsed,
        "turns_per_s": turns / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def mid_game_state() -> State:
    """A random game stopped half way (by decisions) through its course."""
    seed = 12345
    agents = [make_agent("random", GAME, derive_seed(seed, s)) for s in range(PLAYERS)]
    full = new_game(GAME, PLAYERS, seed, log=False)
    _play(full, agents)
    agents = [make_agent("random", GAME, derive_seed(seed, s)) for s in range(PLAYERS)]
    state = new_game(GAME, PLAYERS, seed, log=False)
    _play(state, agents, max_steps=full.steps // 2)
    return state


def _per_call(fn: Any, seconds: float) -> float:
    """Mean seconds per call of `fn`, calling it in growing batches for about `seconds`."""
    n, total, calls = 1, 0.0, 0
    while total < seconds:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        total += time.perf_counter() - start
        calls += n
        n *= 2
    return total / calls


def clone_cost(seconds: float) -> dict[str, float]:
    state = mid_game_state()
    clone_s = _per_call(state.clone, seconds / 2)
    deep_s = _per_call(lambda: copy.deepcopy(state), seconds / 2)
    return {
        "turn": float(getattr(state, "turn", 0)),
        "steps": float(state.steps),
        "clone_us": clone_s * 1e6,
        "deepcopy_us": deep_s * 1e6,
        "ratio": deep_s / clone_s,
    }


def main(quick: bool = False) -> None:
    budget = 1.0 if quick else 3.0
    print(f"== engine: {GAME}, {PLAYERS} players, simulation mode (log=False)")
    for agent in ("random", "heuristic"):
        t = throughput(agent, budget)
        print(
            f"{agent:>9} players: {t['decisions_per_s']:>9,.0f} decisions/s "
            f"{t['turns_per_s']:>8,.0f} turns/s {t['games_per_s']:>7.1f} games/s "
            f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
        )
    c = clone_cost(budget)
    print(
        f"mid-game state (turn {c['turn']:.0f}, {c['steps']:.0f} decisions in): "
        f"clone {c['clone_us']:.1f} us, deepcopy {c['deepcopy_us']:.1f} us, "
        f"deepcopy/clone = {c['ratio']:.1f}x"
    )


def seat_table(
    game: str, seats: tuple[int, ...], noun: str, compare: int, quick: bool, setting: str = ""
) -> None:
    """Print decisions and games per second of whole games of `game` between random players
    and between heuristic bots at each count of `seats` (set-up included, `noun` naming a
    seat), and 3-player random Quests alongside: the ratio of `compare` random seats to it is
    steadier than either figure on a busy machine."""
    budget = 1.0 if quick else 3.0
    print(f"== {game}: simulation mode (log=False), {setting}set-up included")
    base = 0.0
    for agent in ("random", "heuristic"):
        for players in seats:
            t = throughput(agent, budget, game=game, players=players, setup=True)
            if players == compare and agent == "random":
                base = t["decisions_per_s"]
            print(
                f"{agent:>9}, {players} {noun}: {t['decisions_per_s']:>9,.0f} decisions/s "
                f"{t['games_per_s']:>7.1f} games/s "
                f"({t['games']} games, {t['decisions_per_game']:.0f} decisions each)"
            )
    q = throughput("random", budget, game="quests", players=3, setup=True)
    print(
        f"quests, 3 random players: {q['decisions_per_s']:,.0f} decisions/s; "
        f"{game} {compare} random / quests 3p = {base / q['decisions_per_s']:.2f}"
    )
