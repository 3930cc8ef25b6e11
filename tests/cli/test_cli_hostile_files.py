"""Hostile campaign files, seats files and Castle `carried` options (issue 21): each is one
clear line on standard error naming what is wrong and what is allowed, a non-zero exit, and
nothing lost (the files stay as they were)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from test_cli_hostile import one_error_line
from typer.testing import Result

from tabletop.engine import registry

Run = Callable[..., Result]
CASTLE_BOTS = ["--players", "4", "--seats", "heuristic,heuristic,heuristic,heuristic"]
# Digits str.isdigit() takes but int() refuses, and more digits than int() converts.
CARRIED = {
    "²:whip": "carried: '²:whip': the seat must be a number from 0 to 3",
    "9" * 5000 + ":whip": "carried: '999",
    "wizards:²": "carried: 'wizards:²' is not 'wizards:N' with N from 0 to 6",
}


@pytest.mark.parametrize("entry", list(CARRIED))
def test_carried_digits_are_one_line_errors_in_play_and_simulate(tabletop: Run, entry: str) -> None:
    for command in (
        ["play", "castle", *CASTLE_BOTS, "--seed", "1"],
        ["simulate", "castle", "--players", "4", "--games", "1"],
    ):
        result = tabletop([*command, "-o", f"carried={entry}"])
        assert result.exit_code == 2, result.output
        line = one_error_line(result)
        assert CARRIED[entry] in line and len(line) < 300, line


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_carried_digits_in_a_record_are_one_line_errors(
    tabletop: Run, tmp_path: Path, command: str
) -> None:
    record = {
        "format": 1,
        "game": "castle",
        "version": registry.get("castle").version,
        "players": 4,
        "seed": 1,
        "options": {"carried": ["²:whip"]},
        "answers": [],
        "digests": [],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    result = tabletop([command, str(path)])
    assert result.exit_code == 2
    assert one_error_line(result) == (
        "error: the record cannot start a game: carried: '²:whip': the seat must be a number "
        "from 0 to 3"
    )


def castle_campaign(tabletop: Run, path: Path) -> None:
    """A new Castle campaign in `path`, its first Mission left at once (a person quits)."""
    seats = ["--players", "4", "--seats", "human,heuristic,heuristic,heuristic"]
    result = tabletop(["campaign", "castle", str(path), *seats, "--seed", "2"], "quit\n")
    assert result.exit_code == 0, result.output


def librarians_campaign(tabletop: Run, path: Path) -> None:
    seats = ["--players", "1", "--seats", "human"]
    result = tabletop(["campaign", "librarians", str(path), *seats, "--seed", "2"], "quit\n")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("game", "make", "shape"),
    [
        ("castle", castle_campaign, "a Castle Von Loghan carry-over is an object {carried:"),
        ("librarians", librarians_campaign, "a Librarians carry-over is an object {unlocked:"),
    ],
)
def test_a_campaign_file_whose_carry_over_is_of_another_shape(
    tabletop: Run, tmp_path: Path, game: str, make: Callable[[Run, Path], None], shape: str
) -> None:
    """`start.played` not a list was a traceback in `carry` and `describe`: the whole
    carry-over is checked against the game's model when the file is read."""
    path = tmp_path / "c.json"
    make(tabletop, path)
    good = json.loads(path.read_text())
    for played, problem in (
        (5, "played: Input should be a valid list"),
        ("abc", "played: Input should be a valid list"),
        ([{"won": True}] * 50, "played: List should have at most"),
    ):
        bad = json.loads(json.dumps(good))
        bad["campaign"]["start"]["played"] = played
        text = json.dumps(bad)
        path.write_text(text)
        result = tabletop(["campaign", game, str(path)], "quit\n")
        assert result.exit_code == 2, result.output
        line = one_error_line(result)
        assert line.startswith(
            f"error: {path}: what the campaign carries into its first chapter is not valid ("
        ), line
        assert problem in line and shape in line, line
        assert path.read_text() == text  # nothing written over
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


@pytest.mark.parametrize(("game", "allowed"), [("castle", "4 to 8"), ("librarians", "1 to 4")])
def test_a_new_campaign_of_0_players_is_refused(
    tabletop: Run, tmp_path: Path, game: str, allowed: str
) -> None:
    """--players 0 started a campaign of the default player count."""
    path = tmp_path / "c.json"
    for n in ("0", "-1"):
        result = tabletop(["campaign", game, str(path), "--players", n, "--seats", "heuristic"])
        assert result.exit_code == 2
        assert f"takes {allowed} players, not {n}" in one_error_line(result)
        assert not path.exists()


def test_a_campaign_write_removes_the_temporaries_a_killed_write_left(
    tabletop: Run, tmp_path: Path
) -> None:
    path = tmp_path / "c.json"
    stale = [tmp_path / ".c.json.abcd1234.tmp", tmp_path / ".c.json.x_y_z_99.tmp"]
    kept = [tmp_path / ".other.json.abcd1234.tmp", tmp_path / ".c.json.toolong99.tmp.bak"]
    for p in stale + kept:
        p.write_text("{")
    castle_campaign(tabletop, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["c.json", *(p.name for p in kept)])


# -- resume without a file: the seats file beside the latest autosave ----------------------------
def autosaved(tabletop: Run, data_dir: Path) -> tuple[Path, Path]:
    """A game of Quests left at once: its autosave and its seats file."""
    result = tabletop(["play", "quests", "--seed", "3", "-o", "turn_limit=5"], "quit\n")
    assert result.exit_code == 0, result.output
    (seats,) = (data_dir / "autosave").glob("*.seats.json")
    return seats.with_name(seats.name.removesuffix(".seats.json") + ".json"), seats


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[" * 30_000 + b"]" * 30_000, "its JSON is nested too deeply to read"),
        (b" " * (200 * 1024) + b"{}", "it is larger than 64 KiB"),
        (b"\xff{}", "it is not UTF-8 text"),
        (b"{", "it is not JSON"),
        (b'["human"]', "it holds a list, not an object"),
        (b'{"seats": "human"}', "its 'seats' is not a list of at most 64 names"),
        (b'{"seats": [["human"]]}', "its 'seats' holds something other than names"),
        (b'{"seats": ["human"], "prefs": [1]}', "its 'prefs' holds something other than names"),
        (b'{"seats": ["human"], "x": 1}', "it has the unknown key 'x'"),
        (b'{"prefs": []}', "it has no 'seats'"),
    ],
)
def test_resume_refuses_a_seats_file_that_is_not_one(
    tabletop: Run, data_dir: Path, content: bytes, problem: str
) -> None:
    game, seats = autosaved(tabletop, data_dir)
    seats.write_bytes(content)
    result = tabletop(["resume"], "quit\n")
    assert result.exit_code == 2, result.output
    line = one_error_line(result)
    assert line.startswith(f"error: {seats} is not a seats file: {problem}"), line
    assert '"seats": [agent, ...], "prefs": [flag, ...]}' in line
    assert f"tabletop resume {game}" in line and len(line) < 400 + 2 * len(str(game))
    assert seats.read_bytes() == content and game.exists()  # nothing lost
    named = tabletop(
        ["resume", str(game), "--seats", "human,heuristic,heuristic"], "quit\n"
    )  # the way out
    assert named.exit_code == 0, named.output


def test_resume_reads_a_good_seats_file(tabletop: Run, data_dir: Path) -> None:
    _, seats = autosaved(tabletop, data_dir)
    assert json.loads(seats.read_text()) == {
        "seats": ["human", "heuristic", "heuristic"],
        "prefs": [],
    }
    result = tabletop(["resume"], "quit\n")
    assert result.exit_code == 0, result.output
