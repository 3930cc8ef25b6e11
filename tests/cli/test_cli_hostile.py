"""Hostile files and input: each is one clear line on standard error and a non-zero exit, with
nothing written; a person's odd answer is refused and the question asked again."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from tabletop.ui.terminal import MAX_LINE

Run = Callable[..., Result]
SHORT = ["-o", "turn_limit=5"]


def flat(text: str) -> str:
    return " ".join(text.split())


def one_error_line(result: Result) -> str:
    """The command's only line on standard error, which must be an error."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def write_200_mb(path: Path) -> None:
    block = b" " * (1024 * 1024)
    with path.open("wb") as fh:
        for _ in range(200):
            fh.write(block)


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_hostile_records_are_one_line_errors(tabletop: Run, tmp_path: Path, command: str) -> None:
    files = {
        "latin1.json": '{"game": "qüests"}'.encode("latin-1"),
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "long-number.json": b'{"format": ' + b"9" * 5000 + b"}",
        "long-game.json": json.dumps(
            {
                "format": 1,
                "game": "x" * 100_000,
                "version": "1",
                "players": 3,
                "seed": 0,
                "options": {},
                "answers": [],
                "digests": [],
            }
        ).encode(),
    }
    expected = {
        "latin1.json": "is not a game record: byte 11 is not UTF-8 (a record is JSON text in",
        "deep.json": "is not a game record: its JSON is nested too deeply to read",
        "long-number.json": "is not a game record: it holds a number of more than 4,300 digits",
        "long-game.json": "unknown game 'xxxxxxxx",
    }
    for name, content in files.items():
        path = tmp_path / name
        path.write_bytes(content)
        result = tabletop([command, str(path)], "1\n")
        assert result.exit_code == 2, (name, result.output)
        line = one_error_line(result)
        assert expected[name] in line, line
        assert len(line) < 400, line
        assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)  # nothing written


def test_a_200_mb_record_is_refused_without_reading_it(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    write_200_mb(path)
    try:
        result = tabletop(["replay", str(path)])
    finally:
        path.unlink()
    assert result.exit_code == 2
    assert one_error_line(result) == (
        f"error: {path} is too large (209,715,200 bytes): a game record is at most 16 MiB"
    )


def test_a_5000_digit_answer_is_refused_and_the_question_asked_again(tabletop: Run) -> None:
    answers = "9" * 5000 + "\n" + "²\n" + "0" * 40 + "1\n" + "1\n" * 2000
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], answers)
    assert result.exit_code == 0, result.output
    out = flat(result.stdout)
    allowed = "type a number from 1 to"
    assert f"There is no option {'9' * 60}… (5,000 characters): {allowed}" in out
    assert f"'²' is not understood: {allowed}" in out
    assert "9" * 61 not in out  # neither the echo nor the message repeats it whole
    # The answer 00…01 is option 1: three questions asked for the first answer.
    assert re.findall(r"Choose 1-\d+: (\S*)", result.stdout)[:3] == [
        "9" * 60 + "…",
        "²",
        "0" * 40 + "1",
    ]
    assert "Result" in out


def test_a_line_longer_than_any_answer_ends_the_session(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "1" * (MAX_LINE + 1) + "\n1\n")
    assert result.exit_code == 1
    assert re.fullmatch(
        "error: a line of standard input is longer than 10,000 characters; an answer is a "
        r"number or a short command, one per line \(waiting for P1\); the game is saved in "
        r"\S+\.json: continue it with tabletop resume",
        one_error_line(result),
    )
    assert "1" * 61 not in result.stdout


def test_bytes_that_are_not_text_on_standard_input_are_not_understood(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], b"\xff\xfe\n" + b"1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "'\ufffd\ufffd' is not understood" in result.stdout


def test_end_of_input_after_a_save_says_where_the_game_is(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], f"save {path}\n1\n")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert re.fullmatch(
        r"error: standard input ended before the game was over \(waiting for P1\); the game "
        r"is saved in \S+/autosave/\S+\.json: continue it with tabletop resume",
        line,
    ), line
    assert path.exists()


def test_quit_still_exits_0(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "quit\n")
    assert result.exit_code == 0 and result.stderr == ""
