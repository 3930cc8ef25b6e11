"""Fixtures of the CLI tests: run `tabletop` in-process with piped standard input."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app

# A wide terminal, so rich never wraps a card name across lines in what the tests read.
ENV = {"COLUMNS": "200"}

Run = Callable[..., Result]


@pytest.fixture
def tabletop() -> Run:
    """`tabletop(args, stdin="")`: the command's Result (exit_code, stdout, stderr)."""

    def run(args: Sequence[str], stdin: str = "") -> Result:
        return CliRunner().invoke(app, list(args), input=stdin, env=ENV)

    return run
