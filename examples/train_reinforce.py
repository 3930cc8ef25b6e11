"""Train a seat with REINFORCE, in numpy only, through the Gymnasium environment of
`tabletop.rl`, and measure its win rate against random seats next to a random seat's, each
with a 95% Wilson interval.

    nice -n 10 .venv/bin/python examples/train_reinforce.py --game quests --minutes 10 \
        --eval-games 300 --lr 0.03
    nice -n 10 .venv/bin/python examples/train_reinforce.py --game librarians --minutes 10 \
        --eval-games 200 --lr 0.03

Per game the defaults are: Quests, two players, a turn limit of 10 (the most artifacts win
there; with none anywhere the game is a draw); the Librarians, two players, the Narrative
difficulty; Castle, four players (the default Exploration mode); Guardians, two players, the
Apprentice game. The learner plays seat 0, every other seat is a random agent. The policy is
linear over the seat's observation (the game's encoder over its view) with a softmax over the
legal actions only (`action_masks()`). Rewards are the environment's: the result at the end,
plus the *shaped* reward `shaping=--shaping` (the change in the game's own evaluation of the
learner's position at every step; docs/rl.md "Rewards"). The update is REINFORCE with the
return from each decision on, less a linear value of its observation learnt alongside.
Evaluation counts wins only: the trained policy plays greedily (the most probable legal
action) and a uniformly random policy plays the same seat, on the same fresh seeds. Install
the `rl` extra first (`pip install -e '.[rl]'`).
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
    """Logits = obs @ w + b over the action space; illegal actions never chosen; and a linear
    value obs @ u + c, the baseline. Observations are sparse, so both the forward pass and the
    (lazy Adam) update touch only the rows of `w` whose features are on and the columns of the
    legal actions."""

    def __init__(self, obs_size: int, actions: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.w: F = rng.normal(0.0, 0.01, (obs_size + 1, actions))  # last row: the bias
        self.u: F = np.zeros(obs_size + 1)  # the value's weights (last: its bias)
        self.rng = rng
        self.m: F = np.zeros_like(self.w)
        self.v: F = np.zeros_like(self.w)
        self.t = 0

    def value(self, st: Step) -> float:
        return float(st.x @ self.u[st.rows])

    def learn_value(self, steps: Sequence[Step], returns: Sequence[float], lr: float) -> None:
        """Move the value of each step towards its return (least squares, plain SGD)."""
        for st, g in zip(steps, returns, strict=True):
            self.u[st.rows] += lr * (g - self.value(st)) * st.x / len(st.x)

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
        self, steps: Sequence[Step], acts: Sequence[int], advantages: Sequence[float], lr: float
    ) -> None:
        """One gradient-ascent step (Adam) on the mean over the steps of each step's
        advantage x the log-probability of the action taken."""
        grad: dict[int, F] = {}
        for st, a, adv in zip(steps, acts, advantages, strict=True):
            scale = adv / len(steps)
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


DEFAULTS: dict[str, tuple[int, list[str]]] = {
    "quests": (2, ["turn_limit=10"]),
    "librarians": (2, ["difficulty=narrative"]),
    "castle": (4, []),
    "guardians": (2, ["difficulty=apprentice"]),
}


class Episode(NamedTuple):
    steps: list[Step]  # the decisions with a choice
    picks: list[int]  # the index chosen among each one's legal actions
    returns: list[float]  # each one's return from there on (the rewards summed)
    total: float  # the episode's return
    won: bool  # whether the learner's seat won


def episode(
    env: TabletopEnv,
    policy: LinearPolicy | None,
    seed: int,
    greedy: bool,
    rng: np.random.Generator,
    gamma: float = 1.0,
) -> Episode:
    """One game. `policy=None` plays uniformly at random among the legal actions. Each
    recorded decision's return is the rewards from it on, discounted by `gamma` per answer."""
    obs, _ = env.reset(seed=seed)
    steps: list[Step] = []
    picks: list[int] = []
    at: list[int] = []  # the reward index of each recorded step
    rewards: list[float] = []
    while True:
        mask = env.action_masks()
        legal = np.flatnonzero(mask)
        if len(legal) == 1:
            action = int(legal[0])  # no choice: nothing to learn, nothing to record
        elif policy is None:
            action = int(rng.choice(legal))
        else:
            st = policy.probs(obs, mask)
            k = int(np.argmax(st.p)) if greedy else int(policy.rng.choice(len(st.p), p=st.p))
            steps.append(st)
            picks.append(k)
            at.append(len(rewards))
            action = int(st.cols[k])
        obs, reward, term, trunc, _ = env.step(action)
        rewards.append(float(reward))
        if term or trunc:
            break
    assert env.match is not None
    result = env.match.state.result
    won = result is not None and env.seat in result.winners
    to_go = [0.0] * (len(rewards) + 1)
    for i in range(len(rewards) - 1, -1, -1):
        to_go[i] = rewards[i] + gamma * to_go[i + 1]
    return Episode(steps, picks, [to_go[i] for i in at], sum(rewards), won)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def wins_of(env: TabletopEnv, policy: LinearPolicy | None, games: int, seed: int) -> int:
    rng = np.random.default_rng(seed)
    return sum(episode(env, policy, seed + i, True, rng).won for i in range(games))


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="quests")
    parser.add_argument("-o", "--option", action="append", default=None, help="KEY=VALUE")
    parser.add_argument("--players", type=int, default=0, help="0: the game's default here")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time")
    parser.add_argument("--episodes", type=int, default=0, help="stop after this many (0: time)")
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lr", type=float, default=0.03)
    parser.add_argument("--value-lr", type=float, default=0.1)
    parser.add_argument("--gamma", type=float, default=1.0, help="discount per answer")
    parser.add_argument("--report", type=int, default=100, help="print every this many")
    parser.add_argument("--shaping", type=float, default=1.0, help="0: results only")
    args = parser.parse_args(argv)
    players, raw = DEFAULTS.get(args.game, (2, []))
    players = args.players or players
    raw = raw if args.option is None else args.option
    options: dict[str, object] = dict(o.split("=", 1) for o in raw)
    env = make(args.game, 0, "random", players=players, options=options, shaping=args.shaping)
    shape = env.observation_space.shape
    assert shape is not None
    policy = LinearPolicy(shape[0], int(env.action_space.n), args.seed)
    print(f"{args.game}, {players} players, options {options}, learner in seat 0 vs random")
    figures: dict[str, float] = {}
    start = time.perf_counter()
    n, wins, total = 0, 0, 0.0
    rng = np.random.default_rng(args.seed)
    while True:
        elapsed = time.perf_counter() - start
        if args.episodes and n >= args.episodes:
            break
        if not args.episodes and elapsed > 60 * args.minutes:
            break
        ep = episode(env, policy, args.seed * 10**6 + n, False, rng, args.gamma)
        if ep.steps:
            advantages = [g - policy.value(st) for st, g in zip(ep.steps, ep.returns, strict=True)]
            policy.update(ep.steps, ep.picks, advantages, args.lr)
            policy.learn_value(ep.steps, ep.returns, args.value_lr)
        n += 1
        wins += ep.won
        total += ep.total
        if n % args.report == 0:
            mean = total / args.report
            print(
                f"{n} episodes, {elapsed:.0f} s: last {args.report} won {wins}, return {mean:.3f}"
            )
            wins, total = 0, 0.0
    figures["episodes"] = n
    figures["seconds"] = time.perf_counter() - start
    games = args.eval_games
    for name, who in (("random", None), ("trained", policy)):
        won = wins_of(env, who, games, 7 * 10**8)
        low, high = wilson(won, games)
        figures[f"{name} wins"] = won
        figures[f"{name} rate"] = won / games
        figures[f"{name} low"], figures[f"{name} high"] = low, high
        print(
            f"{name} policy in seat 0: won {won} of {games} = {won / games:.3f}, "
            f"95% interval [{low:.3f}, {high:.3f}]"
        )
    beats = figures["trained low"] > figures["random high"]
    figures["beats random"] = float(beats)
    print(
        f"trained {n} episodes in {figures['seconds']:.0f} s; the trained interval lies "
        f"{'above' if beats else 'NOT above'} the random policy's"
    )
    return figures


if __name__ == "__main__":
    main()
