"""Information-set Monte Carlo tree search (`ismcts`), for every registered game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each iteration draws one
determinization of the position with the agent's own RNG (`state.determinize(seat, rng)`: the
cards the seat cannot see re-dealt, fresh chance, other players' unrevealed answers dropped),
then walks one tree shared by all determinizations:

- Selection: UCB1 with availability counts. A node's children are keyed by who chooses, the
  decision kind and the option id; at each step only the children legal in this
  determinization compete, and each of them has its availability counted.
- Expansion: one untried legal option per iteration: the heuristic bot's answer first (unless
  `bias` is 0), else one picked at random.
- Progressive bias (`bias`: the game's `BIAS`, else 1): each node asks the game's heuristic
  bot once, at its first visit, for its answer there; that option's child gets
  `bias / (visits + 1)` added to its UCB value, so a short search starts from the rule bot's
  play and leaves it only on evidence.
- Rollout: the rollout policy plays on (`heuristic`: the game's registered heuristic bot, one
  per seat, seeded from the agent's RNG; `random`: uniform) for at most `depth` answers after
  the new node (by default the game's own depth, `agents/hooks.py`), then the position is
  scored.
- Backpropagation: every node keeps the reward of the player who chose at it, so in a
  multiplayer tree each player maximises their own reward.

Opponents (`opponents`): with `policy` (the default) the other players' decisions are answered
by the rollout policy inside the tree too, so the tree holds only the searcher's decisions and
the rollout policy is the model of the opponents. With `tree`, every player's decisions are
tree nodes chosen by UCB for that player's own reward (textbook multiplayer SO-ISMCTS, which
lets opponents act on the determinized cards). Against two heuristic bots in 3-player Quests,
at 300 iterations, `policy` won 17 of 24 games and `tree` 9 of 24: with a few hundred
iterations the opponents' nodes stay close to random play, a poor model of anyone. With
1,000 iterations it won 33 of 45 games against two heuristic bots (73%, 95% Wilson
interval 59-84%; par is 33%), searching about 1,400 iterations per second (`bench/ismcts.py`).

Rewards (`agents/hooks.py`): an ended game is scored by the game's own `reward` when its
evaluation module defines one (Guardians: the party's win first, then the seat's share), else
1 to each winner split evenly on a shared win (1/k for k winners) and 0 to the others, a draw
(no winner) 1/n to every seat, and in a cooperative game (the result has a `team` outcome) 1
to every winner and 0 to the others. A rollout cut at `depth` scores the position with the
game's `evaluate` (per-seat values in [0, 1]) when the game offers one, else 1/n to every
seat. docs/agents.md has each game's reward and evaluation and the measurements.

Tree reuse (`reuse=on`, with `opponents=policy` only): the tree then holds only the searcher's
own decisions, so the subtree under the answer it gave is a tree of its next real choice
(whatever the others answered in between, they were answered by the policy inside it, on the
seat's own determinizations): the next search of the same seat in the same game starts from it
instead of an empty root.

Simultaneous decisions and reaction windows: when several players answer one decision without
seeing each other's answers, only the searching seat's answer is a tree node; the other
players' answers come from the rollout policy, in the determinized world, after the searcher's
own. So the searcher never conditions its choice on an answer it could not see (the
determinization has already dropped the real hidden answers, and the game asks the pending
decision again from the re-dealt cards). A decision with a single legal option is played
without a node.

The agent never reads hidden information: it reads the real state only for its own options;
everything else comes from determinizations. The answer is the most visited option (ties: the
best mean reward, then the first listed). Settings (`ismcts:key=value,...`):

- `time` or `seconds` (default 0.2 when no `iterations` is given, at most 3600): search until
  this much time has passed (the time a person will wait). Timed search is not reproducible.
- `iterations` (at most 1,000,000): search exactly this many iterations a decision, without
  a clock (tests and reproducible runs); with a time too, whichever ends first.
- `c` (default 0.7): the UCB exploration constant.
- `rollout` (default heuristic): `heuristic` or `random`.
- `depth` (default: the game's, 20 unless its evaluation module says otherwise; at most
  1,000,000): answers a rollout plays before the position is scored.
- `bias` (default: the game's, 1 unless its evaluation module says otherwise; at least 0; 0
  switches it off): the progressive bias toward the heuristic bot's answer.
- `reuse` (default off): `on` keeps the subtree of the answer given for the next search.
- `margin` (default: the game's, 0 unless its evaluation module says otherwise; at least 0):
  the rule bot's answer at the root (known when `bias` is above 0) stands unless the most
  visited answer's mean reward beats it by this many standard errors (`best_child`), more
  where several other answers were searched (`wider_margin`).
- `opponents` (default policy): `policy` or `tree`, see above.

The upper bounds keep one decision finite and a mistyped setting from hanging a run: a million
iterations is some twelve minutes a decision at the measured speed, an hour of search a
decision is beyond any game played here, and a million answers is the simulator's own step
cap for a whole game.
"""

from __future__ import annotations

import math
import time
from statistics import NormalDist

from tabletop.agents.base import Agent
from tabletop.agents.hooks import hooks_for, terminal_rewards
from tabletop.agents.settings import (
    MAX_DEPTH,
    MAX_ITERATIONS,
    MAX_TIME,
    OPPONENTS,
    ROLLOUTS,
    Settings,
    parse_settings,
)
from tabletop.engine import registry
from tabletop.engine.decision import PARALLEL, Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State


class Node:
    """A tree node: the edge that reaches it (chosen by `player`) and its statistics. `prior`:
    the heuristic bot's answer at this node's first visit (the option whose child gets the
    progressive bias), "" until asked. `total` and `square` sum the rewards and their squares
    (the spread the margin of `best_child` reads)."""

    __slots__ = ("avail", "children", "player", "prior", "square", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.square = 0.0
        self.prior = ""
        self.children: dict[tuple[int, str, str], Node] = {}


def best_child(
    root: Node,
    player: int,
    kind: str,
    options: tuple[Option, ...],
    bias: float = 0.0,
    margin: float = 0.0,
) -> tuple[int, Node | None]:
    """The answer the search gives at `root`: the index in `options` of the most visited
    child (ties: the best mean reward, the heuristic's answer's raised by the progressive
    `bias`, then the first listed) and that child (None, with index 0, when no option was
    searched). With `margin` above 0 the heuristic's answer (`root.prior`) stands unless the
    most visited child's mean reward beats it by `margin` standard errors of the difference,
    raised where several other answers were searched (`wider_margin`): the best-looking of
    many is lucky more often than one alone. Each child's variance is its rewards' own, with
    one more observation at the largest a reward in [0, 1] can have (1/4), so a child seen a
    few times counts as spread as can be, and one whose rewards barely vary (a position whose
    outcome is all but settled) is measured as finely as its visits allow."""
    best, best_node = 0, None
    best_key: tuple[int, float] = (0, 0.0)
    prior, prior_node = -1, None
    children = root.children
    searched = 0
    for i, opt in enumerate(options):
        child = children.get((player, kind, opt.id))
        if child is None or not child.visits:
            continue
        searched += 1
        value = child.total / child.visits
        if opt.id == root.prior:
            prior, prior_node = i, child
            if bias:
                value += bias / (child.visits + 1)
        key = (child.visits, value)
        if key > best_key:
            best, best_node, best_key = i, child, key
    if margin > 0 and prior_node is not None and best_node is not None and best != prior:
        gain = best_node.total / best_node.visits - prior_node.total / prior_node.visits
        error = math.sqrt(_mean_variance(best_node) + _mean_variance(prior_node))
        if gain < wider_margin(margin, searched - 1) * error:
            return prior, prior_node
    return best, best_node


_NORMAL = NormalDist()


def wider_margin(margin: float, alternatives: int) -> float:
    """The margin, in standard errors, that `alternatives` searched answers besides the rule
    bot's must pass: the one whose one-sided chance of being passed by luck, split over them
    (Bonferroni), is that of `margin` for one alternative. `margin` itself for one; 2 becomes
    2.28 for two, 2.61 for five, 2.89 for twelve (a first draft pick of thirteen cards)."""
    if alternatives <= 1:
        return margin
    tail = 0.5 * math.erfc(margin / math.sqrt(2.0)) / alternatives
    return -_NORMAL.inv_cdf(tail) if tail > 0.0 else margin


def _mean_variance(node: Node) -> float:
    """The variance of `node`'s mean reward (see `best_child`)."""
    n = node.visits
    spread = max(0.0, node.square - node.total * node.total / n)
    return (spread + 0.25) / (n * n)


class IsmctsAgent:
    """SO-ISMCTS over the game contract. `last_iterations` and `last_seconds` describe the
    latest search (0 when the decision was forced or left to the rule bot)."""

    name = "ismcts"

    def __init__(self, game_id: str, seed: int = 0, settings: Settings | None = None) -> None:
        self.game_id = game_id
        self.settings = settings or Settings()
        self.rng = Rng(seed)
        spec = registry.get(game_id)
        hooks = hooks_for(game_id)
        self._evaluate = hooks.evaluate
        self._reward = hooks.reward
        self.depth = hooks.depth if self.settings.depth is None else self.settings.depth
        self.bias = hooks.bias if self.settings.bias is None else self.settings.bias
        self.margin = hooks.margin if self.settings.margin is None else self.settings.margin
        # decision kinds answered as the rule bot, unsearched (the game's `RULE_KINDS`)
        self.rule_kinds = hooks.rule_kinds
        # One heuristic bot per seat, seeded from this agent's RNG.
        self._bots: list[Agent] = []
        if self.settings.rollout == "heuristic" or self.bias > 0 or self.rule_kinds:
            self._bots = [spec.heuristic(self.rng.next64() >> 1) for _ in range(spec.max_players)]
        self._heuristic_rollouts = self.settings.rollout == "heuristic"
        # tree reuse: (seat, game seed, answers so far, the node of the answer given)
        self._kept: tuple[int, int, int, Node] | None = None
        self.last_iterations = 0
        self.last_seconds = 0.0

    # -- the agent API ---------------------------------------------------------------------
    def choose(self, state: State, player: int) -> str:
        d = state.pending
        if d is None:
            raise ValueError("the game is over: there is nothing to choose")
        options = d.options_for(player)
        if len(options) == 1:
            self.last_iterations = 0
            self.last_seconds = 0.0
            return options[0].id
        kind = d.kind_for(player)
        if kind in self.rule_kinds:
            self.last_iterations = 0
            self.last_seconds = 0.0
            self._kept = None  # (a kept subtree would stand for this decision, not the next)
            return self._bots[player].choose(state, player)
        root = self.search(state, player)
        index, child = best_child(root, player, kind, options, self.bias, self.margin)
        if self.settings.reuse and self.settings.opponents == "policy" and child is not None:
            self._kept = (player, state.seed, state.steps, child)
        return options[index].id

    def search(self, state: State, player: int) -> Node:
        """Run the search from `state` for `player` and return the root of the tree."""
        cfg = self.settings
        root = Node(player)
        kept, self._kept = self._kept, None
        if kept is not None and kept[:2] == (player, state.seed) and kept[2] < state.steps:
            root = kept[3]  # the subtree under this seat's last answer (see `reuse`)
        start = time.perf_counter()
        deadline = None if cfg.time is None else start + cfg.time
        cap = cfg.iterations
        # Search copies need no event log nor answer history: drop them once, not per copy.
        base = state.clone()
        base.log = None
        base.history = None
        done = 0
        while (cap is None or done < cap) and (deadline is None or time.perf_counter() < deadline):
            self._iterate(base, player, root)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - start
        return root

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, state: State, me: int, root: Node) -> None:
        rng = self.rng
        s = state.determinize(me, rng)
        c = self.settings.c
        bias = self.bias
        bots = self._bots
        policy = self._policy
        opp_policy = self.settings.opponents == "policy"
        node = root
        path: list[Node] = []
        log = math.log
        sqrt = math.sqrt
        while True:
            d = s.pending
            if d is None:
                break
            movers = s.to_move()
            if d.secret:
                if me not in movers:
                    # Others answer out of the searcher's sight: the rollout policy answers.
                    for p in movers:
                        s.apply(p, policy(s, p))
                    continue
                chooser = me
            else:
                chooser = movers[0]
                if chooser != me and opp_policy:
                    s.apply(chooser, policy(s, chooser))
                    continue
            options = d.options_for(chooser)
            if len(options) == 1:
                s.apply(chooser, options[0].id)
                continue
            kind = d.kind_for(chooser)
            prior = ""
            if bias > 0:
                if not node.prior:
                    node.prior = bots[chooser].choose(s, chooser)
                prior = node.prior
            children = node.children
            untried = []
            best: Node | None = None
            best_id = ""
            best_value = -1.0
            for opt in options:
                child = children.get((chooser, kind, opt.id))
                if child is None:
                    untried.append(opt.id)
                    continue
                child.avail += 1
                value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if opt.id == prior:
                    value += bias / (child.visits + 1)
                if value > best_value:
                    best, best_value, best_id = child, value, opt.id
            if untried:
                if prior and prior in untried:
                    oid = prior
                elif len(untried) > 1:
                    oid = untried[rng.below(len(untried))]
                else:
                    oid = untried[0]
                new = Node(chooser)
                new.avail = 1
                children[(chooser, kind, oid)] = new
                s.apply(chooser, oid)
                path.append(new)
                break
            assert best is not None
            s.apply(chooser, best_id)
            path.append(best)
            node = best
        rewards = self._rollout(s)
        for n in path:
            r = rewards[n.player]
            n.visits += 1
            n.total += r
            n.square += r * r

    def _policy(self, s: State, p: int) -> str:
        """The rollout policy's answer for `p` in the determinized state `s`."""
        if self._heuristic_rollouts:
            return self._bots[p].choose(s, p)
        d = s.pending
        assert d is not None
        options = d.options_for(p)
        return options[self.rng.below(len(options))].id

    def _rollout(self, s: State) -> list[float]:
        left = self.depth
        if self._heuristic_rollouts:
            bots = self._bots
            while left > 0 and s.result is None:
                # (only a PARALLEL answer may leave fewer seats asked in a pass)
                parallel = s.pending.mode == PARALLEL  # type: ignore[union-attr]
                for p in s.to_move():
                    if parallel and p not in s.to_move():
                        continue
                    s.apply(p, bots[p].choose(s, p))
                    left -= 1
                    if s.result is not None:
                        break
        else:
            below = self.rng.below
            while left > 0 and s.result is None:
                parallel = s.pending.mode == PARALLEL  # type: ignore[union-attr]
                for p in s.to_move():
                    d = s.pending
                    assert d is not None
                    if parallel and p not in s.to_move():
                        continue  # a PARALLEL answer may leave fewer seats asked
                    options = d.options_for(p)
                    s.apply(p, options[below(len(options))].id)
                    left -= 1
                    if s.result is not None:
                        break
        n = s.num_players
        if s.result is not None:
            return list(self._reward(s.result, n))
        if self._evaluate is not None:
            return list(self._evaluate(s))
        return [1.0 / n] * n


def make(game_id: str, seed: int, settings: dict[str, str]) -> IsmctsAgent:
    """The `ismcts` agent factory (`tabletop.agents.make_agent`)."""
    return IsmctsAgent(game_id, seed, parse_settings(settings))


__all__ = [
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_TIME",
    "OPPONENTS",
    "ROLLOUTS",
    "IsmctsAgent",
    "Node",
    "Settings",
    "best_child",
    "make",
    "parse_settings",
    "terminal_rewards",
]
