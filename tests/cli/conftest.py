"""Fixtures of the CLI tests: run `tabletop` in-process with piped standard input."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app

# A wide terminal, so rich never wraps a card name across lines in what the tests read.
ENV = {"COLUMNS": "200"}

Run = Callable[..., Result]


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves go to a folder of their own in every CLI test, never to the user's."""
    where = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(where))
    return where


@pytest.fixture
def tabletop() -> Run:
    """`tabletop(args, stdin="")`: the command's Result (exit_code, stdout, stderr)."""

    def run(args: Sequence[str], stdin: str = "") -> Result:
        return CliRunner().invoke(app, list(args), input=stdin, env=ENV)

    return run
