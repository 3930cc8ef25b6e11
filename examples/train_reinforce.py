"""Train a seat with REINFORCE, in numpy only, through the Gymnasium environment of
`tabletop.rl`, then report its win rate against random and heuristic seats.

    .venv/bin/python examples/train_reinforce.py --minutes 3
    .venv/bin/python examples/train_reinforce.py --game quests -o length=short --score-scale 3

The default is The Guardians: Explore, two players, the Apprentice game (four rounds, the
Blue Boss). The policy is linear over the seat's observation (the game's encoder over its
view) with a softmax over the legal actions only (`action_masks()`), trained against a
random seat. Rewards in tabletop come only at the end (+1 for a win, -1 otherwise) and a
seat wins only if the party beats the boss and it scores most, so the return used for
learning adds the seat's final score (trophy points) divided by `--score-scale`: the shaping
reads only the public result. Evaluation plays greedily (the most probable legal action) on
fresh seeds. Install the `rl` extra first (`pip install -e '.[rl]'`).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from tabletop.rl.gym import TabletopEnv, make

F = npt.NDArray[np.float64]


class LinearPolicy:
    """Logits = obs @ w + b over the action space; illegal actions never chosen. Observations
    are sparse, so both the forward pass and the (lazy Adam) update touch only the rows of
    `w` whose features are on and the columns of the legal actions."""

    def __init__(self, obs_size: int, actions: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.w: F = rng.normal(0.0, 0.01, (obs_size + 1, actions))  # last row: the bias
        self.rng = rng
        self.m: F = np.zeros_like(self.w)
        self.v: F = np.zeros_like(self.w)
        self.t = 0

    def probs(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Step:
        rows = np.append(np.flatnonzero(obs), len(obs))
        cols = np.flatnonzero(mask)
        x = np.append(obs[rows[:-1]], 1.0)
        logits = x @ self.w[np.ix_(rows, cols)]
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        return Step(rows, cols, x, p)

    def update(
        self, steps: Sequence[Step], acts: Sequence[int], advantage: float, lr: float
    ) -> None:
        grad: dict[int, F] = {}
        scale = advantage / len(steps)
        for st, a in zip(steps, acts, strict=True):
            g = -st.p * scale  # d log pi(a) / d logits = onehot(a) - p
            g[a] += scale
            outer = np.outer(st.x, g)
            for i, r in enumerate(st.rows):
                row = grad.setdefault(int(r), np.zeros(self.w.shape[1]))
                row[st.cols] += outer[i]
        self.t += 1
        rows = np.fromiter(grad, dtype=np.int64)
        gm = np.stack([grad[int(r)] for r in rows])
        m = self.m[rows] = 0.9 * self.m[rows] + 0.1 * gm
        v = self.v[rows] = 0.999 * self.v[rows] + 0.001 * gm * gm
        mh = m / (1 - 0.9**self.t)
        vh = v / (1 - 0.999**self.t)
        self.w[rows] += lr * mh / (np.sqrt(vh) + 1e-8)  # gradient ascent


class Step(NamedTuple):
    rows: npt.NDArray[np.int64]  # features on (and the bias)
    cols: npt.NDArray[np.int64]  # legal actions
    x: F  # their values
    p: F  # the probability of each legal action


def episode(
    env: TabletopEnv, policy: LinearPolicy, seed: int, greedy: bool
) -> tuple[list[Step], list[int], float, float, bool]:
    """One game; returns its steps, the chosen index among each step's legal actions, the
    reward, the seat's final score and whether it won."""
    obs, _ = env.reset(seed=seed)
    steps: list[Step] = []
    picks: list[int] = []
    reward = 0.0
    while True:
        st = policy.probs(obs, env.action_masks())
        k = int(np.argmax(st.p)) if greedy else int(policy.rng.choice(len(st.p), p=st.p))
        steps.append(st)
        picks.append(k)
        obs, reward, term, trunc, _ = env.step(int(st.cols[k]))
        if term or trunc:
            break
    assert env.match is not None
    result = env.match.state.result
    won = result is not None and env.seat in result.winners
    score = 0.0 if result is None else float(result.scores[env.seat])
    return steps, picks, float(reward), score, won


def win_rate(policy: LinearPolicy, env: TabletopEnv, games: int, seed: int) -> float:
    wins = sum(episode(env, policy, seed + i, greedy=True)[4] for i in range(games))
    return wins / games


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="guardians")
    parser.add_argument("-o", "--option", action="append", default=[], help="KEY=VALUE")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--episodes", type=int, default=0, help="stop after this many (0: time)")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--score-scale", type=float, default=10.0)
    args = parser.parse_args(argv)
    raw = args.option or (["difficulty=apprentice"] if args.game == "guardians" else [])
    options: dict[str, object] = dict(o.split("=", 1) for o in raw)

    def env_against(opponent: str) -> TabletopEnv:
        return make(args.game, 0, opponent, players=args.players, options=options)

    env = env_against("random")
    shape = env.observation_space.shape
    assert shape is not None
    policy = LinearPolicy(shape[0], int(env.action_space.n), args.seed)
    figures: dict[str, float] = {}
    for opponent in ("random", "heuristic"):
        rate = win_rate(policy, env_against(opponent), args.eval_games, 10**6)
        figures[f"untrained vs {opponent}"] = rate
        print(f"untrained policy vs {opponent}: win rate {rate:.3f} over {args.eval_games} games")
    start = time.perf_counter()
    baseline, n, wins = 0.0, 0, 0
    while True:
        elapsed = time.perf_counter() - start
        if args.episodes and n >= args.episodes:
            break
        if not args.episodes and elapsed > 60 * args.minutes:
            break
        steps, picks, reward, score, won = episode(env, policy, args.seed * 10**6 + n, False)
        ret = reward + score / args.score_scale
        policy.update(steps, picks, ret - baseline, args.lr)
        baseline = ret if n == 0 else 0.99 * baseline + 0.01 * ret
        n += 1
        wins += won
        if n % 500 == 0:
            print(f"{n} episodes, {elapsed:.0f} s: last 500 won {wins}, baseline {baseline:.2f}")
            wins = 0
    figures["episodes"] = n
    figures["seconds"] = time.perf_counter() - start
    for opponent in ("random", "heuristic"):
        rate = win_rate(policy, env_against(opponent), args.eval_games, 2 * 10**6)
        figures[f"trained vs {opponent}"] = rate
        print(f"trained policy vs {opponent}: win rate {rate:.3f} over {args.eval_games} games")
    return figures


if __name__ == "__main__":
    main()
