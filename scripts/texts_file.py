"""The part every game's texts script shares: the card texts below a game's first card heading
are written from its content; everything above the heading (the rules sections) is kept."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path


def rewrite(
    file: Path, mark: str, card_part: Callable[[], str], script: str, argv: list[str]
) -> int:
    """Rewrite `file`'s card texts from `mark` on (`--check`: only say whether it is up to
    date). Returns the exit status."""
    old = file.read_text("utf-8")
    at = old.find(mark)
    if at < 0:
        print(f"{file}: no {mark.strip()!r} heading to start the card texts at", file=sys.stderr)
        return 2
    new = old[:at] + card_part()
    if "--check" in argv:
        if new != old:
            print(f"{file} is out of date: run scripts/{script}", file=sys.stderr)
            return 1
        return 0
    if new != old:
        file.write_text(new, "utf-8")
        print(f"rewrote the card texts of {file}")
    return 0
