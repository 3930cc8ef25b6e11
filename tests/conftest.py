"""Test configuration shared by the whole suite: Hypothesis runs without deadlines (tests
never assert on time) and the `tests/` folder is importable for `helpers`."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "tabletop",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("tabletop")

# The longest tests (tens of seconds each, `pytest --durations`), started first. `make test`
# hands tests to its two workers one at a time (`-n 2 --maxschedchunk 1`), so the long ones
# spread over both workers and the short ones fill in at the end, instead of the long ones
# queueing last (this folder's root files, the conformance battery among them, are collected
# last) and one worker finishing minutes before the other. Order only: every test still
# runs, and none depends on another.
LONG_FIRST = (
    "tests/test_conformance.py::test_conformance[",
    "tests/sim/test_sim_walkthrough.py::test_the_designers_walk_through_runs",
    "tests/server/test_server_people_page.py::test_friends_play_chat_and_rematch",
    "tests/server/test_server_browser.py::test_two_browsers_play",
    "tests/cli/test_cli_screen.py::test_every_question_of_a_whole_game_fits",
    "tests/schemas/test_schemas_games.py::test_every_view_of_seeded_games_validates",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        for i, prefix in enumerate(LONG_FIRST):
            if item.nodeid.startswith(prefix):
                return i
        return len(LONG_FIRST)

    items.sort(key=rank)  # stable: the order within each group is kept
