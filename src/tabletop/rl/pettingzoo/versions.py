"""What each versioned module (`tabletop.rl.pettingzoo.quests_v0`...) offers, in PettingZoo's
style: `env()` (the AEC environment inside PettingZoo's order-enforcing wrapper), `raw_env()`
(unwrapped) and `parallel_env()`, each taking `players`, `options` and the keywords of
`tabletop.rl.pettingzoo.env` (`max_steps`, `illegal`, `render_mode`). The version is the
environment's: it changes when observations, actions or rewards change meaning."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pettingzoo.utils import wrappers

from tabletop.rl.pettingzoo import TabletopAEC, TabletopParallel


def versioned(
    game_id: str,
) -> tuple[Callable[..., Any], Callable[..., TabletopAEC], Callable[..., TabletopParallel]]:
    """`env`, `raw_env` and `parallel_env` of one game."""

    def raw_env(
        players: int | None = None, options: Mapping[str, object] | None = None, **kwargs: Any
    ) -> TabletopAEC:
        return TabletopAEC(game_id, players, options, **kwargs)

    def env(
        players: int | None = None, options: Mapping[str, object] | None = None, **kwargs: Any
    ) -> Any:
        return wrappers.OrderEnforcingWrapper(raw_env(players, options, **kwargs))

    def parallel_env(
        players: int | None = None, options: Mapping[str, object] | None = None, **kwargs: Any
    ) -> TabletopParallel:
        return TabletopParallel(game_id, players, options, **kwargs)

    for f in (raw_env, env, parallel_env):
        f.__doc__ = f"{f.__name__} of {game_id}: see tabletop.rl.pettingzoo.versions"
    return env, raw_env, parallel_env
