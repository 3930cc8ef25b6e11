"""A Gymnasium single-agent environment for every registered game.

`make("quests", seat=0, opponents="heuristic")` gives an environment in which the learner plays
seat `seat` and every other seat is an agent of `tabletop.agents` (any agent spec: `random`,
`heuristic`, `ismcts:iterations=200`; one spec for all, or one per other seat in seat order).
Observations are the game's encoder over the learner's view (float32 in [0, 1]); actions are
indices of the game's fixed action space; `action_masks()` gives the legal ones, for maskable
algorithms (sb3-contrib's MaskablePPO reads it). The reward is the learner's return at the end
(`tabletop.rl.core`), 0 before. An action outside the mask raises `IllegalActionError` and
changes nothing (`illegal="raise"`, the default); with `illegal="lose"` it ends the episode
with reward -1 and `info["illegal"] = True`, for generic checkers and unmasked learners that
sample any action. The other seats' agents are seeded from the episode seed (`derive_seed(seed,
seat)`, as `tabletop simulate` seeds its seats). A reset without a seed draws the game's seed
from `np_random` (fresh entropy until a seed is given, as Gymnasium does). `render()` is the
learner's view as text (`render_mode="ansi"`).

`shaping=w` (default 0: terminal rewards only) adds a *shaped* reward at every step: w times
the change over the step of the game's own evaluation of the learner's position
(`spec.evaluate`, in [0, 1]: Quests weighs artifacts, distinct suits in hand and hand size).
Summed over an episode that is w x (the final evaluation - the first), so it pays for ending
in a good position as well as for winning: a training aid, not the game's result (the
evaluation reads the state, hidden cards included; the learner sees only the reward).

Importing this module registers `tabletop/<Game>-v0` for every registered game with an encoder
(`gymnasium.make("tabletop/Quests-v0", opponents="heuristic")`, `gymnasium.make_vec(...)`); the
id `"tabletop.rl.gym:tabletop/Quests-v0"` imports it on the way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsInt

import gymnasium
import numpy as np
import numpy.typing as npt

from tabletop.agents import Agent, make_agent
from tabletop.engine import registry
from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import derive_seed
from tabletop.rl.core import GameConfig, IllegalActionError, Match, check_illegal
from tabletop.rl.encoders import Array, NoEncoderError, encoder
from tabletop.rl.text import render_seat


class TabletopEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a registered game against agent seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        *,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        illegal: str = "raise",
        shaping: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        if players is None and not isinstance(opponents, str):
            players = len(opponents) + 1
        self.config = GameConfig(game_id, players, options, max_steps)
        n = self.config.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a seat number from 0 to {n - 1}, not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise UnknownAgentError(f"give {n - 1} opponent spec(s) for {n} players")
        for spec in specs:
            make_agent(spec, game_id, 0)  # a bad spec is an error now, not at reset
        self.illegal = check_illegal(illegal)
        self.shaping = float(shaping)
        evaluate = self.config.spec.evaluate
        if self.shaping and evaluate is None:
            raise ValueError(f"{game_id} has no position evaluation to shape rewards with")
        self._evaluate = evaluate
        self._value = 0.0  # the learner's evaluation after the last step (shaping)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.seat = seat
        self.specs = [*specs[:seat], "", *specs[seat:]]  # one per seat; "" is the learner
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, shape=(self.config.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.config.num_actions)
        self.match: Match | None = None
        self.agents: list[Agent | None] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        super().reset(seed=seed)
        # Unseeded: from np_random, fresh entropy until a seed was given, then that seed's.
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63 - 1))
        game = self.config.game_id
        self.match = self.config.new_match(game_seed)
        self.agents = [
            None if s == self.seat else make_agent(spec, game, derive_seed(game_seed, s))
            for s, spec in enumerate(self.specs)
        ]
        self._advance()
        if self.shaping:
            self._value = self._position()
        return self.match.observe(self.seat), {"seed": game_seed}

    def _advance(self) -> None:
        """Let the other seats answer until the learner is asked or the game ends."""
        match = self.match
        assert match is not None
        while True:
            seat = match.current()
            if seat is None or seat == self.seat:
                return
            agent = self.agents[seat]
            assert agent is not None
            match.answer(seat, agent.choose(match.state, seat))

    def step(self, action: SupportsInt) -> tuple[Array, float, bool, bool, dict[str, Any]]:
        match = self.match
        if match is None or match.done:
            raise RuntimeError("call reset() first: the episode is over")
        a = int(action)
        if match.option_for(self.seat, a) is None:
            if self.illegal == "raise":
                match.play(self.seat, a)  # raises IllegalActionError
            match.lose(self.seat)
            return match.observe(self.seat), -1.0, True, False, {"illegal": True}
        match.play(self.seat, a)
        self._advance()
        over = match.state.is_over
        reward = match.returns()[self.seat] if over else 0.0
        if self.shaping:
            value = self._position()
            reward += self.shaping * (value - self._value)
            self._value = value
        return match.observe(self.seat), reward, over, match.truncated, {}

    def _position(self) -> float:
        assert self._evaluate is not None and self.match is not None
        return float(self._evaluate(self.match.state)[self.seat])

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner now (all false once the episode is over)."""
        assert self.match is not None
        return self.match.mask(self.seat, np.bool_)

    def render(self) -> str | None:
        """The learner's view as text (None before the first reset)."""
        if self.match is None:
            return None
        return render_seat(self.match, self.seat)


def make(
    game_id: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    **kwargs: Any,
) -> TabletopEnv:
    """The Gymnasium environment of `game_id` for `seat` against `opponents` (keywords:
    `players`, `options`, `max_steps`, `illegal`, `render_mode`)."""
    return TabletopEnv(game_id, seat, opponents, **kwargs)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: `tabletop/Quests-v0`."""
    return "tabletop/" + "".join(w.title() for w in game_id.split("_")) + "-v0"


def register_all() -> list[str]:
    """Register `tabletop/<Game>-v0` for every registered game with an encoder (once each);
    return the ids. Keywords given to `gymnasium.make` go to `TabletopEnv`."""
    ids = []
    for game_id in registry.game_ids():
        try:
            encoder(game_id)
        except NoEncoderError:
            continue
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name, entry_point="tabletop.rl.gym:TabletopEnv", kwargs={"game_id": game_id}
            )
        ids.append(name)
    return ids


IDS = register_all()

__all__ = ["IDS", "IllegalActionError", "TabletopEnv", "env_id", "make", "register_all"]
