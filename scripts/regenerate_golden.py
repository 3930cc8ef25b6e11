"""Regenerate a game's golden playthrough (`tests/golden/<game>.txt`) and, with `--perft`, its
perft counts (`tests/perft/<game>.perft`).

    python scripts/regenerate_golden.py quests            # the golden playthrough
    python scripts/regenerate_golden.py quests --perft    # ... and the perft counts
    python scripts/regenerate_golden.py --all --perft     # every registered game

A golden playthrough is one fixed game (seed 20, three heuristic players or the nearest count
the game allows, default options, log on), written out whole: every decision with its
players, options and answers, and every log event with its rule id and its full text. Perft
counts are the number of options of each of the first decisions of fixed games, under two
fixed answer policies (always the first option; a seeded random agent). The tests replay both
and compare: a deliberate rules change regenerates them in the same commit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tabletop.agents import RandomAgent
from tabletop.engine import derive_seed, game_ids, get, new_game, options_of
from tabletop.engine.decision import ONE
from tabletop.engine.events import Event
from tabletop.engine.state import State

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
PERFT_DIR = ROOT / "tests" / "perft"
GOLDEN_SEED = 20
GOLDEN_PLAYERS = 3
# Perft: (players, seed) pairs, each played under both policies, first decisions counted.
PERFT_GAMES = ((2, 1), (3, 2), (3, 3), (5, 4), (8, 5))
PERFT_POLICIES = ("first", "random")
PERFT_DEPTH = 300


def golden_players(game_id: str) -> int:
    spec = get(game_id)
    return min(max(GOLDEN_PLAYERS, spec.min_players), spec.max_players)


def _event_line(e: Event) -> str:
    line = f"  log {e.rule} | {e.text}"
    if e.secret is not None:
        seen = ",".join(f"P{p + 1}" for p in range(64) if (e.seen_by >> p) & 1)
        line += f" || to {seen or 'nobody'}: {e.secret}"
    return line


def golden_lines(game_id: str) -> Iterator[str]:
    """The golden playthrough of `game_id`, line by line."""
    spec = get(game_id)
    players = golden_players(game_id)
    state = new_game(game_id, players, GOLDEN_SEED)
    agents = [spec.heuristic(derive_seed(GOLDEN_SEED, p)) for p in range(players)]
    yield f"# Golden playthrough of {spec.title} ({game_id}), version {spec.version}"
    yield f"# seed {GOLDEN_SEED}, {players} heuristic players, options {options_of(state)}"
    yield f"# regenerate: python scripts/regenerate_golden.py {game_id}"
    logged = 0

    def new_events() -> Iterator[str]:
        nonlocal logged
        log = state.log or []
        for e in log[logged:]:
            yield _event_line(e)
        logged = len(log)

    yield from new_events()
    number = 0
    while not state.is_over:
        d = state.pending
        assert d is not None
        number += 1
        waiting = state.to_move()
        who = ",".join(f"P{p + 1}" for p in waiting)
        head = f"decision {number}: {d.kind} [{d.rule}] for {who}"
        yield head + ("" if d.mode == ONE else f" ({d.mode})")
        yield f"  prompt: {d.prompt}"
        for p in waiting:
            ask = d.ask(p)
            if (ask.kind, ask.rule, ask.prompt) != (d.kind, d.rule, d.prompt):
                yield f"  ask P{p + 1}: {ask.kind} [{ask.rule}] {ask.prompt}"
            yield f"  options P{p + 1}: " + " | ".join(f"{o.id}={o.label}" for o in ask.options)
        for p in waiting:
            if p not in state.to_move():
                continue  # a PARALLEL answer may leave fewer seats asked
            answer = agents[p].choose(state, p)
            yield f"  answer P{p + 1}: {answer}"
            state.apply(p, answer)
            if state.is_over:
                break
        yield from new_events()
    result = state.result
    assert result is not None
    yield f"result: winners {[p + 1 for p in result.winners]} scores {list(result.scores)}"
    yield f"result: {result.reason}"
    yield f"steps {state.steps}"


def golden_text(game_id: str) -> str:
    return "\n".join(golden_lines(game_id)) + "\n"


def _choose(policy: Any, state: State, player: int) -> str:
    if policy is None:
        d = state.pending
        assert d is not None
        return d.options_for(player)[0].id
    answer: str = policy.choose(state, player)
    return answer


def perft_counts(game_id: str, players: int, seed: int, policy: str) -> list[int]:
    """The number of options of each of the first PERFT_DEPTH answers (one per player of a
    simultaneous decision) of a game played by `policy`."""
    state = new_game(game_id, players, seed, log=False)
    agent = None if policy == "first" else RandomAgent(derive_seed(seed, 99))
    counts: list[int] = []
    while not state.is_over and len(counts) < PERFT_DEPTH:
        d = state.pending
        assert d is not None
        for p in state.to_move():
            if p not in state.to_move():
                continue  # a PARALLEL answer may leave fewer seats asked
            counts.append(len(d.options_for(p)))
            state.apply(p, _choose(agent, state, p))
            if state.is_over or len(counts) >= PERFT_DEPTH:
                break
    return counts


def perft_games(game_id: str) -> list[tuple[int, int, str]]:
    spec = get(game_id)
    out = []
    for players, seed in PERFT_GAMES:
        n = min(max(players, spec.min_players), spec.max_players)
        for policy in PERFT_POLICIES:
            out.append((n, seed, policy))
    return sorted(set(out), key=out.index)


def perft_text(game_id: str) -> str:
    spec = get(game_id)
    lines = [
        f"# Perft counts of {spec.title} ({game_id}), version {spec.version}: the number of",
        f"# options of each of the first {PERFT_DEPTH} answers of fixed games, default options.",
        "# policy first: always the first option; random: a RandomAgent seeded",
        "# derive_seed(seed, 99).",
        f"# regenerate: python scripts/regenerate_golden.py {game_id} --perft",
    ]
    for players, seed, policy in perft_games(game_id):
        counts = perft_counts(game_id, players, seed, policy)
        lines.append(f"game {game_id} players {players} seed {seed} policy {policy}")
        lines.append("counts " + " ".join(str(c) for c in counts))
    return "\n".join(lines) + "\n"


def parse_perft(text: str) -> list[tuple[int, int, str, list[int]]]:
    out = []
    head: tuple[int, int, str] | None = None
    for line in text.splitlines():
        if line.startswith("game "):
            parts = line.split()
            head = (int(parts[3]), int(parts[5]), parts[7])
        elif line.startswith("counts"):
            assert head is not None
            out.append((*head, [int(x) for x in line.split()[1:]]))
            head = None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default with --all: every game)")
    parser.add_argument("--all", action="store_true", help="every registered game")
    parser.add_argument("--perft", action="store_true", help="also write the perft counts")
    args = parser.parse_args(argv)
    games = game_ids() if args.all else args.games
    if not games:
        parser.error("name a game id, or pass --all")
    for game_id in games:
        get(game_id)  # an unknown game fails here, before anything is written
        path = GOLDEN_DIR / f"{game_id}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(golden_text(game_id), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
        if args.perft:
            path = PERFT_DIR / f"{game_id}.perft"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(perft_text(game_id), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
