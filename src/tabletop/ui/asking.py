"""Asking a person: the keys of a question's options and the words a person may type.

Stable numbering: while one seat is asked the same question again and again (a Power Up
played card by card, a combat step, a re-prompt after a command), an option keeps its
number as long as it is offered; a new option takes the lowest free number. So a card that
was 3 stays 3 after the card that was 2 is played, and nobody misclicks because the list
moved. A question from another rule (or for another seat) numbers from 1 again.

Numbers are kept for people at a screen (the full-screen table, and the line mode on a
terminal). Piped play numbers every question from 1 as it always has, so a script of answers
written for the line mode goes on working byte for byte.
"""

from __future__ import annotations

import io
import sys
from typing import TextIO

from tabletop.engine.decision import Option

COMMANDS = "help, log, board, card NAME, cards, rules, prefs, hint, undo, save FILE, quit"

HELP = """\
Type the number of an option to choose it. Other commands:
  help         this text
  log          the whole game log as you may read it, with rule ids
  board        draw the board again
  card NAME    a card's effect and numbers (a name or its first letters)
  cards        every card of the game, by kind
  rules        the rules summary, phase by phase; rules PHASE for one phase
  prefs        the preferences that answer for you; prefs NAME turns one on or off
  hint         what the search bot would play here, from your information only, and why
  undo         take back your last answer, when nothing has happened since but your own
               answers, nothing was left to chance and nothing was revealed to anyone (no
               card drawn, played face up or looked at, no secret answers opened)
  save FILE    save the game to FILE (continue later with: tabletop resume FILE)
  quit         leave the game (it is saved: tabletop resume continues it)"""


class Quit(Exception):
    """The person left (quit), or standard input ended: then `error` says why the game could
    not go on, and the session exits with `INPUT_ENDED`."""

    def __init__(self, note: str = "", error: str | None = None) -> None:
        super().__init__(note)
        self.error = error


class Numbering:
    """The numbers a person types for the options of the question now (see the module)."""

    def __init__(self, stable: bool = True) -> None:
        self.stable = stable
        self.step: tuple[object, ...] | None = None
        self.keys: dict[str, int] = {}

    def number(self, step: tuple[object, ...], options: tuple[Option, ...]) -> list[int]:
        """The number of each option of `options` (in their order) for the question `step`
        (who is asked, under which rule)."""
        if not self.stable:
            return list(range(1, len(options) + 1))
        kept = self.keys if step == self.step else {}
        ids = {o.id for o in options}
        keys = {i: n for i, n in kept.items() if i in ids}
        used = set(keys.values())
        free = 1
        for o in options:
            if o.id not in keys:
                while free in used:
                    free += 1
                keys[o.id] = free
                used.add(free)
        self.step, self.keys = step, keys
        return [keys[o.id] for o in options]


def span(numbers: list[int]) -> str:
    """`1-5`, or `1, 3-5` when some numbers are gone."""
    parts: list[str] = []
    ordered = sorted(numbers)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        a, b = ordered[i], ordered[j]
        parts.append(str(a) if a == b else f"{a}-{b}")
        i = j + 1
    return ", ".join(parts)


def option_number(line: str, numbers: list[int]) -> int | None:
    """The index (into the options) that `line` chooses when it is one of `numbers` in ASCII
    digits, else None. Never converts more digits than the largest number has (a 5,000-digit
    line is no option), and refuses digits `int` would take but nobody types (`²`)."""
    if not (line.isascii() and line.isdigit()):
        return None
    digits = line.lstrip("0")
    top = max(numbers, default=0)
    if not digits or len(digits) > len(str(top)):
        return None
    number = int(digits)
    return numbers.index(number) if number in numbers else None


def stdin_text() -> TextIO:
    """Standard input, reading bytes that are not valid text as U+FFFD (an answer that is
    not understood) instead of failing."""
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")
    return stdin


def isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


__all__ = [
    "COMMANDS",
    "HELP",
    "Numbering",
    "Quit",
    "isatty",
    "option_number",
    "span",
    "stdin_text",
]
