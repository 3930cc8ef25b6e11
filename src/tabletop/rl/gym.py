"""A Gymnasium single-agent environment for every registered game.

`make("quests", seat=0, opponents="heuristic")` gives an environment in which the learner plays
seat `seat` and every other seat is an agent of `tabletop.agents` (any agent spec: `random`,
`heuristic`, `ismcts:iterations=200`; one spec for all, or one per other seat in seat order).
Observations are the game's encoder over the learner's view (float32 in [0, 1]); actions are
indices of the game's fixed action space; `action_masks()` gives the legal ones, for maskable
algorithms (sb3-contrib's MaskablePPO reads it). The reward is the learner's return at the end
(`tabletop.rl.core`), 0 before. An action outside the mask ends the episode with reward -1 and
`info["illegal"] = True` (`illegal="raise"` raises `IllegalActionError` instead), since
generic checkers and unmasked learners sample any action. The other seats' agents are seeded
from the episode seed (`derive_seed(seed, seat)`, as `tabletop simulate` seeds its seats).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsInt

import gymnasium
import numpy as np
import numpy.typing as npt

from tabletop.agents import Agent, make_agent
from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import Rng, derive_seed
from tabletop.rl.core import GameConfig, IllegalActionError, Match
from tabletop.rl.encoders import Array

ILLEGAL = ("lose", "raise")


class TabletopEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a registered game against agent seats."""

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        *,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
        illegal: str = "lose",
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
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.seat = seat
        self.specs = [*specs[:seat], "", *specs[seat:]]  # one per seat; "" is the learner
        self.illegal = illegal
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"]}
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, shape=(self.config.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(self.config.num_actions)
        self.match: Match | None = None
        self.agents: list[Agent | None] = []
        self._seeds = Rng(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(derive_seed(seed, 1))
            game_seed = int(seed)
        else:
            game_seed = self._seeds.next64() >> 1
        game = self.config.game_id
        self.match = self.config.new_match(game_seed)
        self.agents = [
            None if s == self.seat else make_agent(spec, game, derive_seed(game_seed, s))
            for s, spec in enumerate(self.specs)
        ]
        self._advance()
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
            match.truncated = True
            return match.observe(self.seat), -1.0, True, False, {"illegal": True}
        match.play(self.seat, a)
        self._advance()
        over = match.state.is_over
        reward = match.returns()[self.seat] if over else 0.0
        return match.observe(self.seat), reward, over, match.truncated, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner now (all false once the episode is over)."""
        assert self.match is not None
        return self.match.mask(self.seat, np.bool_)

    def render(self) -> str | None:
        if self.match is None:
            return None
        state = self.match.state
        return f"{state.game_id}: answer {state.steps}, seat {self.seat}"


def make(
    game_id: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    **kwargs: Any,
) -> TabletopEnv:
    """The Gymnasium environment of `game_id` for `seat` against `opponents` (keywords:
    `players`, `options`, `max_steps`, `illegal`, `render_mode`)."""
    return TabletopEnv(game_id, seat, opponents, **kwargs)


__all__ = ["IllegalActionError", "TabletopEnv", "make"]
