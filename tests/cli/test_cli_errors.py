"""Bad command lines fail up front with exit status 2 and a clear message; `tabletop games`."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import Result

from tabletop.engine.registry import game_ids

Run = Callable[..., Result]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], f"unknown game 'chess'; the games are: {', '.join(game_ids())}"),
        (
            ["play", "quests", "--seats", "human,wizard,heuristic"],
            "unknown agent 'wizard'; the agents are:",
        ),
        (
            ["play", "quests", "--seats", "human,heuristic:depth=3,heuristic"],
            "agent 'heuristic' takes no settings, got: depth",
        ),
        (["play", "quests", "--seats", "human:x=1,random,random"], "'human' takes no settings"),
        (["play", "quests", "--seats", "human,,random"], "an agent spec must be a name"),
        (
            ["play", "quests", "-o", "length=huge"],
            "option 'length' of quests cannot be 'huge': it must be one of 'short', 'mid'",
        ),
        (["play", "quests", "-o", "colour=red"], "unknown option 'colour' for quests"),
        (["play", "quests", "-o", "turn_limit=soon"], "option 'turn_limit' of quests cannot"),
        (["play", "quests", "-o", "length"], "write game options as key=value, not 'length'"),
        (["play", "quests", "--players", "1"], "takes 2 to 8 players, not 1"),
        (["play", "quests", "--players", "9"], "takes 2 to 8 players, not 9"),
        (
            ["play", "quests", "--seats", "human,heuristic"],
            "--seats names 2 seats (human,heuristic) but the game has 3 players",
        ),
        (
            ["play", "quests", "--players", "2", "--seats", "human,random,random"],
            "--seats names 3 seats",
        ),
    ],
)
def test_bad_play_arguments_fail_before_the_game_starts(
    tabletop: Run, args: list[str], message: str
) -> None:
    result = tabletop(args, "1\n")
    assert result.exit_code == 2
    assert message in flat(result.stderr)
    assert flat(result.stderr).startswith("error:")
    assert result.stdout == ""  # nothing was played


def test_games_lists_quests_and_its_options(tabletop: Run) -> None:
    result = tabletop(["games"])
    assert result.exit_code == 0
    out = result.stdout
    assert "quests  Quests of the Librarian" in out
    for option in ("length", "artifact_deck", "turn_limit"):
        assert option in out
    assert "short, mid, long, full" in out
    agents = next(line for line in out.splitlines() if line.startswith("agents: "))
    assert "human" in agents and "heuristic" in agents
