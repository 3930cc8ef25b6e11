"""Test configuration shared by the whole suite: Hypothesis runs without deadlines (tests
never assert on time) and the `tests/` folder is importable for `helpers`."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "tabletop",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("tabletop")
