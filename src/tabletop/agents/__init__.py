"""Game-agnostic players, made from agent specs.

A spec is a name with optional settings: `random`, `heuristic`,
`ismcts:iterations=1000,c=0.7,rollout=heuristic,depth=40`. `make_agent(spec, game_id, seed)`
builds one; a bad spec raises `UnknownAgentError` saying what is allowed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tabletop.agents.base import Agent, RandomAgent
from tabletop.engine import registry
from tabletop.engine.errors import UnknownAgentError

AgentFactory = Callable[[str, int, dict[str, str]], Agent]


def _random(game_id: str, seed: int, settings: dict[str, str]) -> Agent:
    _no_settings("random", settings)
    return RandomAgent(seed)


def _heuristic(game_id: str, seed: int, settings: dict[str, str]) -> Agent:
    _no_settings("heuristic", settings)
    agent: Agent = registry.get(game_id).heuristic(seed)
    return agent


def _no_settings(name: str, settings: dict[str, str]) -> None:
    if settings:
        raise UnknownAgentError(f"agent {name!r} takes no settings, got: {', '.join(settings)}")


# name -> factory, or "module:function" for agents loaded on first use
_AGENTS: dict[str, AgentFactory | str] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": "tabletop.agents.ismcts:make",
}
# Names the command line accepts for a seat but that are not programs.
HUMAN = "human"


def agent_names() -> list[str]:
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name[:key=value,key=value]` -> (name, settings)."""
    if not isinstance(spec, str) or not spec.strip():
        raise UnknownAgentError(f"an agent spec must be a name, not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    settings: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise UnknownAgentError(
                    f"bad setting {part!r} in agent spec {spec!r}: write key=value"
                )
            settings[key.strip()] = value.strip()
    return name.strip(), settings


def make_agent(spec: str, game_id: str, seed: int, *, extra: tuple[str, ...] = ()) -> Agent:
    """The agent `spec` names. `extra`: names the caller accepts besides agents (`human`
    for a seat of `play`), listed with them when the name is unknown."""
    name, settings = parse_spec(spec)
    factory = _AGENTS.get(name)
    if factory is None:
        allowed = sorted([*agent_names(), *extra])
        raise UnknownAgentError(f"unknown agent {name!r}; the agents are: {', '.join(allowed)}")
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        try:
            factory = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            raise UnknownAgentError(f"agent {name!r} is not available in this build") from None
        assert callable(factory)
    agent: Any = factory(game_id, seed, settings)
    return agent  # type: ignore[no-any-return]


def check_spec(spec: str, game_id: str) -> None:
    """Raise `UnknownAgentError` now if `spec` cannot make an agent for `game_id`."""
    make_agent(spec, game_id, 0)


__all__ = ["HUMAN", "Agent", "RandomAgent", "agent_names", "check_spec", "make_agent", "parse_spec"]
