"""The settings of an `ismcts:key=value,...` spec, checked and converted (`parse_settings`).

A bad key or value raises `UnknownAgentError` naming what is allowed. The budget: with no
setting the search thinks `DEFAULT_SECONDS` a decision (the time a person will wait); with
`iterations` alone it runs exactly that many iterations and never looks at a clock (tests,
reproducible runs); with both, whichever ends first. `seconds` is another name for `time`;
given both, the smaller counts (a server adds `time` as a last stop to any spec).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.engine.errors import UnknownAgentError

ROLLOUTS = ("heuristic", "random")
OPPONENTS = ("tree", "policy")
DEFAULT_SECONDS = 0.2
MAX_ITERATIONS = 1_000_000
MAX_TIME = 3600.0  # seconds
MAX_DEPTH = 1_000_000
_TIME = f"a number of seconds above 0 and at most {MAX_TIME:g}"
_KEYS = {
    "iterations": f"a whole number from 1 to {MAX_ITERATIONS:,}",
    "time": _TIME,
    "seconds": _TIME,
    "c": "a number of at least 0",
    "rollout": " or ".join(ROLLOUTS),
    "depth": f"a whole number from 0 to {MAX_DEPTH:,}",
    "opponents": " or ".join(OPPONENTS),
    "bias": "a number of at least 0",
    "reuse": "on or off",
    "margin": "a number of at least 0",
}
# The most characters of a bad value an error message repeats.
_CLIP = 60


@dataclass(frozen=True)
class Settings:
    """Validated ISMCTS settings. `iterations` None: no cap (only with `time`); `time` None:
    no clock (only with `iterations`). `depth` None: the game's own rollout depth (its
    evaluation module's `DEPTH`, else `DEFAULT_DEPTH`); `bias` None: the game's progressive bias
    (its `BIAS`, else `DEFAULT_BIAS`); `margin` None: the game's `MARGIN`, else
    `DEFAULT_MARGIN` (the evidence the search needs to answer other than the rule bot)."""

    iterations: int | None = None
    time: float | None = DEFAULT_SECONDS
    c: float = 0.7
    rollout: str = "heuristic"
    depth: int | None = None
    opponents: str = "policy"
    bias: float | None = None
    reuse: bool = False
    margin: float | None = None


def _allowed() -> str:
    return "; ".join(f"{k}: {v}" for k, v in _KEYS.items())


def parse_settings(settings: dict[str, str]) -> Settings:
    """Check and convert the settings of an `ismcts:...` spec. Raises `UnknownAgentError`
    naming the allowed keys and values."""
    for key in settings:
        if key not in _KEYS:
            raise UnknownAgentError(
                f"unknown ismcts setting {key!r}; the settings are: {_allowed()}"
            )

    def bad(key: str) -> UnknownAgentError:
        value = repr(settings[key])
        if len(value) > _CLIP:
            value = f"{value[:_CLIP]}… ({len(value):,} characters)"
        return UnknownAgentError(
            f"ismcts setting {key}={value} is not valid: it must be {_KEYS[key]}"
        )

    def number(
        key: str, kind: Callable[[str], Any], low: float, strict: bool, high: float = math.inf
    ) -> Any:
        try:
            value = kind(settings[key])
        except ValueError:
            raise bad(key) from None
        if not math.isfinite(value) or value < low or (strict and value == low) or value > high:
            raise bad(key)
        return value

    times = [number(k, float, 0.0, True, MAX_TIME) for k in ("time", "seconds") if k in settings]
    budget: float | None = min(times) if times else None
    if "iterations" in settings:
        iterations: int | None = number("iterations", int, 1, False, MAX_ITERATIONS)
    else:
        iterations = None
        if budget is None:
            budget = DEFAULT_SECONDS
    rollout = settings.get("rollout", Settings.rollout)
    if rollout not in ROLLOUTS:
        raise bad("rollout")
    opponents = settings.get("opponents", Settings.opponents)
    if opponents not in OPPONENTS:
        raise bad("opponents")
    reuse = settings.get("reuse", "on" if Settings.reuse else "off")
    if reuse not in ("on", "off"):
        raise bad("reuse")
    return Settings(
        iterations=iterations,
        time=budget,
        c=number("c", float, 0.0, False) if "c" in settings else Settings.c,
        rollout=rollout,
        depth=number("depth", int, 0, False, MAX_DEPTH) if "depth" in settings else None,
        opponents=opponents,
        bias=number("bias", float, 0.0, False) if "bias" in settings else Settings.bias,
        reuse=reuse == "on",
        margin=number("margin", float, 0.0, False) if "margin" in settings else None,
    )


__all__ = [
    "DEFAULT_SECONDS",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_TIME",
    "OPPONENTS",
    "ROLLOUTS",
    "Settings",
    "parse_settings",
]
