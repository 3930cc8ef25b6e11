"""How the terminal table treats a person: one whole game per game, P1 a person whose answers
a heuristic bot types, at an 80x24 terminal, in the line mode and in the full-screen table.

Per game it prints, per mode:
- lines printed per prompt, median (max), and the share of prompts that fit 24 rows (line
  mode: the lines printed since the last answer, prompt included; full screen: the question,
  every option and the pinned "what is happening" line on the 80x24 screen at once);
- the share of the person's answers that were a Pass / Done the person had to type;
- the most options in one prompt;
- re-prompts (a command, then the same question again) whose numbering kept every item.

    python bench/terminal.py            # every game, both modes
    python bench/terminal.py --games quests --modes line
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.rng import derive_seed
from tabletop.ui.seats import make_seats
from tabletop.ui.terminal import Session

GAMES: dict[str, tuple[int, dict[str, str], str]] = {
    "quests": (3, {}, "Quests 3p"),
    "guardians": (3, {}, "Guardians 3p"),
    "librarians": (2, {}, "Librarians C-1"),
    "castle": (4, {}, "Castle 4 Agents"),
}
PASSIVE = re.compile(r"^(Pass|Done|Finish|End |Stop|Skip|No more|Keep going|Continue)", re.I)
ROWS = 24


@dataclass
class Figures:
    lines: list[int] = field(default_factory=list)
    fits: list[bool] = field(default_factory=list)
    passive: int = 0
    typed: int = 0
    most_options: int = 0
    reprompts: int = 0
    kept: int = 0
    step_items: int = 0  # options offered again in the next asking of the same step
    step_kept: int = 0  # ... under the number they had
    previous: Any = None

    def numbering(self, step: Any, keys: dict[str, int]) -> None:
        """Count the items of this asking that were offered in the last asking of its step
        (same seat, rule and kind), and those that kept their number."""
        if self.previous is not None and self.previous[0] == step:
            for option, number in keys.items():
                if option in self.previous[1]:
                    self.step_items += 1
                    self.step_kept += self.previous[1][option] == number
        self.previous = (step, dict(keys))

    def row(self) -> list[str]:
        n = len(self.lines)
        med = statistics.median(self.lines) if n else 0
        return [
            f"{med:.0f} ({max(self.lines, default=0)})",
            f"{100 * sum(self.fits) / max(1, len(self.fits)):.0f}%",
            f"{100 * self.passive / max(1, self.typed):.0f}%",
            str(self.most_options),
            f"{self.kept}/{self.reprompts}",
            f"{100 * self.step_kept / max(1, self.step_items):.0f}% of {self.step_items}",
        ]


class BotTyping(io.StringIO):
    """Standard input whose lines a bot types for the session's people: the number of the
    option the bot picks, Enter at a hand-off, and now and then `board` before a choice (a
    re-prompt, to check the numbering holds)."""

    def __init__(self, game: str, seed: int, out: io.StringIO, figures: Figures) -> None:
        super().__init__()
        self.bot = make_agent("heuristic", game, derive_seed(seed, 99))
        self.out = out
        self.figures = figures
        self.session: Session | None = None
        self.mark = 0
        self.asked = 0
        self.last: tuple[int, list[str]] | None = None

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        printed = text[self.mark :].count("\n") + 1
        self.mark = len(text)
        session = self.session
        assert session is not None
        state = session.state
        seat = session.holder
        decision = state.pending
        if decision is None or seat is None or "Choose" not in text[-40:]:
            return "\n"
        options = decision.options_for(seat)
        labels = [o.label for o in options]
        f = self.figures
        if self.last is not None and self.last[0] == state.steps:
            f.reprompts += 1
            f.kept += labels == self.last[1]
        else:
            f.lines.append(printed)
            f.fits.append(printed <= ROWS)
            f.numbering(session.numbering.step, session.numbering.keys)
        f.most_options = max(f.most_options, len(options))
        self.asked += 1
        if self.asked % 7 == 0 and self.last is None:
            self.last = (state.steps, labels)
            return "board\n"
        self.last = None
        choice = self.bot.choose(state, seat)
        index = next(i for i, o in enumerate(options) if o.id == choice)
        f.typed += 1
        f.passive += bool(PASSIVE.match(options[index].label))
        return f"{session.numbering.keys.get(choice, index + 1)}\n"


def line_mode(game: str, seed: int) -> Figures:
    players, options, _ = GAMES[game]
    state = registry.new_game(game, players, seed, options)
    agents, specs = make_seats(game, players, None, seed)
    out = io.StringIO()
    console = Console(file=out, width=80, highlight=False, color_system=None)
    figures = Figures()
    stdin = BotTyping(game, seed, out, figures)
    session = Session(state, agents, specs, console, stdin)
    session.numbering.stable = True  # as at a terminal (piped play numbers from 1)
    stdin.session = session
    session.run()
    return figures


def screen_mode(game: str, seed: int) -> Figures:
    from tabletop.ui.screen.measure import play_headless

    players, options, _ = GAMES[game]
    return play_headless(game, players, options, seed, Figures, PASSIVE)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--modes", default="line,screen")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    head = [
        "game",
        "mode",
        "lines/prompt med (max)",
        "fit 24 rows",
        "Pass/Done typed",
        "most options",
        "same number after a command",
        "same number within a step",
    ]
    rows: list[list[Any]] = []
    for game in args.games.split(","):
        for mode in args.modes.split(","):
            run = line_mode if mode == "line" else screen_mode
            figures = run(game, args.seed)
            rows.append([GAMES[game][2], mode, *figures.row()])
            print(" | ".join(str(c) for c in rows[-1]), file=sys.stderr)
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")


if __name__ == "__main__":
    main()
