"""PettingZoo environments for every registered game.

`env("quests", players=3, options={...})` is an AEC environment: the agents are the seats
(`player_0`...), each observation is `{"observation": float32 vector in [0, 1], "action_mask":
int8 vector over the game's action space}`, and the agent selected is the next seat to act in
the order the simulator's table asks them (`Match.current`). A SECRET decision (a draft pick,
an Escape window) is asked one seat at a time, and nothing of an earlier answer shows in a
later seat's observation: each is built from that seat's view alone. Rewards come at the end
(`tabletop.rl.core`: +1 to winners, -1 to the others, the same to all in a cooperative game);
a game past its bound on answers is truncated. An action outside the mask raises
`IllegalActionError` and changes nothing (`illegal="raise"`, the default); with
`illegal="lose"` it ends the game, -1 to the seat that played it and 0 to the others, as
PettingZoo's classic environments do. A reset without a seed draws the game's seed from fresh
entropy, or, after a seeded reset, from that seed. `render()` is the view of the agent selected
as text.

The AEC environment is not parallelizable (`metadata["is_parallelizable"]` is False): it
selects the seat the game asks, often one seat several times running, while PettingZoo's
`aec_to_parallel` needs every agent to step once per cycle. `cycle_env(...)` is the AEC
environment that does step in cycles: PettingZoo's `parallel_to_aec` over `parallel_env(...)`,
parallelizable, with the parallel environment's `wait` action.

`parallel_env(...)` is the same game as a ParallelEnv: every step takes one action from each
live agent, and every seat the game waits for answers at once (all the seats of a SECRET or
PARALLEL decision; the one seat of an ordinary turn). Seats not asked get the extra action
`num_actions` (wait) as their only legal action; in a PARALLEL decision answers are applied in
seat order, and an answer that an earlier seat's answer made illegal is dropped (that seat is
asked again).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from tabletop.engine.rng import Rng, derive_seed
from tabletop.rl.core import (
    GameConfig,
    IllegalActionError,
    Mask,
    Match,
    agent_name,
    check_illegal,
    fresh_seed,
)
from tabletop.rl.text import render_seat

Obs = dict[str, Any]


def _spaces(config: GameConfig, actions: int) -> tuple[gymnasium.spaces.Dict, int]:
    obs = gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                0.0, 1.0, shape=(config.encoder.size,), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
        }
    )
    return obs, actions


class _Seeds:
    """Game seeds for resets without one: drawn from the last seed given, else from fresh
    entropy."""

    def __init__(self) -> None:
        self.rng = Rng(fresh_seed())

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.rng = Rng(derive_seed(int(seed), 1))
            return int(seed)
        return self.rng.next64() >> 1


class TabletopAEC(AECEnv):  # type: ignore[misc]
    """A registered game as a PettingZoo AEC environment."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        *,
        max_steps: int | None = None,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.config = GameConfig(game_id, players, options, max_steps)
        self.metadata = {
            "name": f"tabletop_{game_id}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,  # seats do not step in cycles (module docstring)
        }
        self.illegal = check_illegal(illegal)
        self.render_mode = _render_mode(render_mode)
        self.possible_agents = [agent_name(p) for p in range(self.config.players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        space, n = _spaces(self.config, self.config.num_actions)
        self._obs_space = space
        self._act_space = gymnasium.spaces.Discrete(n)
        self._seeds = _Seeds()
        self.match: Match | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match = self.config.new_match(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.match is not None
        seat = self.match.current()
        self.agent_selection = self.possible_agents[seat] if seat is not None else self.agents[0]

    def observe(self, agent: str) -> Obs:
        assert self.match is not None
        seat = self._seat[agent]
        return {"observation": self.match.observe(seat), "action_mask": self.match.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        assert match is not None
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is not an action")
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat[agent]
        if self.illegal == "lose" and match.option_for(seat, int(action)) is None:
            match.lose(seat)
        else:
            match.play(seat, int(action))
        # (rewards stay 0 until the game ends, and nothing is accumulated before)
        if match.state.is_over or match.forfeit is not None:
            self.rewards = dict(zip(self.possible_agents, match.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._select()
            self._accumulate_rewards()
            return
        if match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()

    def render(self) -> str | None:
        """The view of the agent selected, as text (None before the first reset)."""
        if self.match is None:
            return None
        return render_seat(self.match, self._seat[self.agent_selection])

    def close(self) -> None:
        self.match = None


class TabletopParallel(ParallelEnv):  # type: ignore[misc]
    """A registered game as a PettingZoo ParallelEnv (see the module docstring)."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        *,
        max_steps: int | None = None,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        self.config = GameConfig(game_id, players, options, max_steps)
        self.metadata = {"name": f"tabletop_{game_id}_parallel_v0", "render_modes": ["ansi"]}
        self.illegal = check_illegal(illegal)
        self.render_mode = _render_mode(render_mode)
        self.possible_agents = [agent_name(p) for p in range(self.config.players)]
        self.agents: list[str] = []
        self.wait = self.config.num_actions
        space, n = _spaces(self.config, self.config.num_actions + 1)
        self._obs_space = space
        self._act_space = gymnasium.spaces.Discrete(n)
        self._seeds = _Seeds()
        self.match: Match | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._act_space

    def _mask(self, seat: int, asked: tuple[int, ...]) -> Mask:
        """`seat`'s mask over the actions and `wait`, the only action of a seat not asked."""
        m = np.zeros(self.wait + 1, dtype=np.int8)
        if seat not in asked:
            m[self.wait] = 1
            return m
        assert self.match is not None
        opts = self.match.options(seat)
        if opts:
            m[[o.action for o in opts]] = 1
        else:
            m[self.wait] = 1
        return m

    def _observations(self) -> dict[str, Obs]:
        match = self.match
        assert match is not None
        asked = match.acting()
        return {
            a: {"observation": match.observe(p), "action_mask": self._mask(p, asked)}
            for p, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        self.match = self.config.new_match(self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        match = self.match
        assert match is not None
        asked = match.acting()
        for seat in asked:
            agent = agent_name(seat)
            action = actions.get(agent)
            if action is None or int(action) == self.wait:
                raise IllegalActionError(f"{agent} is asked and must answer, not wait")
            if seat not in match.acting():
                continue  # the decision moved on (an earlier answer ended it)
            if match.option_for(seat, int(action)) is None:
                if seat == asked[0]:  # the first answer is always checked
                    if self.illegal == "lose":
                        match.lose(seat)
                        break
                    match.play(seat, int(action))  # raises
                continue  # an earlier answer in a PARALLEL decision changed this seat's options
            match.play(seat, int(action))
        done = match.done
        agents = self.agents
        obs = self._observations()
        rewards = dict.fromkeys(agents, 0.0)
        if match.state.is_over or match.forfeit is not None:
            rewards = dict(zip(agents, match.returns(), strict=True))
        terminations = dict.fromkeys(agents, match.state.is_over or match.forfeit is not None)
        truncations = dict.fromkeys(agents, match.truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The view of the first seat asked (seat 0 once the game is over), as text."""
        if self.match is None:
            return None
        asked = self.match.acting()
        return render_seat(self.match, asked[0] if asked else 0)

    def close(self) -> None:
        self.match = None


def _render_mode(mode: str | None) -> str | None:
    if mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {mode!r}")
    return mode


def env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    **kwargs: Any,
) -> TabletopAEC:
    """The AEC environment of `game_id` (`max_steps`, `illegal`, `render_mode` as keywords),
    without wrappers (the versioned modules' `env()` adds PettingZoo's order enforcing)."""
    return TabletopAEC(game_id, players, options, **kwargs)


def parallel_env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    **kwargs: Any,
) -> TabletopParallel:
    """The ParallelEnv of `game_id` (`max_steps`, `illegal`, `render_mode` as keywords)."""
    return TabletopParallel(game_id, players, options, **kwargs)


def cycle_env(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    **kwargs: Any,
) -> AECEnv:
    """An AEC environment whose agents step in cycles (PettingZoo's `parallel_to_aec` over
    `parallel_env`): parallelizable, so `aec_to_parallel` takes it."""
    return parallel_to_aec(parallel_env(game_id, players, options, **kwargs))


__all__ = ["TabletopAEC", "TabletopParallel", "cycle_env", "env", "parallel_env"]
