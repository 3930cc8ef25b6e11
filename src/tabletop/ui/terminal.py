"""Playing in the terminal: the conversation with the people at the screen.

A session is a thin adapter over a `Table` (`tabletop.engine.table`): one agent per seat, or
a person at this screen (`human`), each human seat its own person with the controller id of
its seat (`P1`, `P2`...), since hot-seat players are different people. The table drives the
bots, answers single options and what a person's preferences answer (`tabletop.ui.prefs`),
keeps the undo points and the per-viewer log cursors; the session asks the person the table
waits for. The commands that start sessions are in `tabletop.ui.commands`.

Less scrolling: the board is drawn only when a person must decide, and just above the
question comes what happened since that person's last decision (`Table.events_since` in that
seat's words, so never another seat's secret), at most `RECAP` lines. A table of bots only
streams the spectator's log as it happens.

Conversation with a person (plain lines from standard input, so it works piped and in tests):
- a number chooses an option (an exact option id works too); on a terminal an option keeps
  its number while the same seat is asked under the same rule (`tabletop.ui.asking.Numbering`;
  piped play numbers from 1 each time, so scripts keep working);
- `help`, `log` (the whole log this seat may read, with rule ids: play itself shows none),
  `board` (draw it again), `card NAME`, `cards`, `rules [PHASE]`, `prefs [NAME]`, `hint`
  (the search bot's suggestion from this seat's information, `tabletop.agents.hint`),
  `undo`, `save FILE`, `quit`;
- `undo` takes back this person's last choice when that is safe (`Table.undo`): nothing has
  happened since but their own answers, no die was rolled nor card shuffled or dealt at
  random, and nothing was revealed to anyone (no card drawn, played face up or looked at).
  Never the answer that completed a secret decision (it revealed the others'). A refusal
  says which of these stopped it;
- anything else is answered with what is allowed, and the question is asked again (the
  answer repeated at most `record.CLIP` characters long); a line of more than `MAX_LINE`
  characters is no person's answer and ends the session as the end of input does;
- every game is autosaved after each answer (`tabletop.ui.autosave`); `quit` on a terminal
  asks whether to keep it (or to save it to a file too), piped it says how to resume; end of
  input before the game is over says where the game is saved, prints a one-line error on
  standard error and exits with status 1 (`INPUT_ENDED`); `quit` leaves with status 0.
A decision with a single option for that person (say an Escape window while they hold no
Escape card), or one a preference answers, is answered for them by the table with a
one-line note among the events, so nobody is asked a meaningless question.

Hot-seat: with several humans, before one person's private information is shown the screen is
cleared and the next person is asked to take it ("Pass the screen to P2 and press Enter",
where `save FILE` and `quit` work too); only when the seat that must act changes,
then sees what happened since their last turn. On a terminal the clearing also empties the
scrollback (`CLEAR_ALL`, as `clear` does), so nobody can scroll up to the previous hand. Output
that is not a terminal (a pipe, a file) gets no control codes at all. Simultaneous decisions
(Escape windows) ask each human in turn with the same hand-off; there, a person whose answer
the table holds back (a single option, or a preference's) still gets the hand-off and
confirms with Enter, because skipping them would tell everyone at the screen that they hold
no Escape card. The table gives held answers after the last real answer (the session drives
with `release=False` so that it can hand the screen to each held seat first). Preferences
are the session's, shared by the people at the screen.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.text import Text

from tabletop.agents import HUMAN, Agent
from tabletop.engine import registry
from tabletop.engine.decision import Decision, Option
from tabletop.engine.errors import TabletopError
from tabletop.engine.record import clip, clip_message, save
from tabletop.engine.state import State
from tabletop.engine.table import Chooser, Cursor, NothingToUndoError, Table
from tabletop.ui import renderer_for
from tabletop.ui.asking import COMMANDS, HELP, Numbering, Quit, isatty, option_number, span
from tabletop.ui.asking import stdin_text as stdin_text
from tabletop.ui.autosave import Autosave
from tabletop.ui.lookup import card_lines, cards_lines, rules_lines
from tabletop.ui.output import event_line, log_line, merged, print_result
from tabletop.ui.prefs import Preferences, choose
from tabletop.ui.seats import default_seats, make_seats, plural, split_seats, who

RECAP = 30  # most log lines shown above a question, when a person takes the screen or resumes
# The longest line read as an answer. A terminal's line editor takes at most 4,096
# characters, so a longer line comes from a file or a program, not from a person typing.
MAX_LINE = 10_000
# Exit status when standard input ends (or is unreadable) before the game is over.
INPUT_ENDED = 1
# Cursor home, clear the screen, then clear the scrollback (xterm's E3, as `clear` sends):
# in this order, so a terminal that keeps a cleared screen in its scrollback loses it too.
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"

__all__ = [
    "CLEAR_ALL",
    "COMMANDS",
    "INPUT_ENDED",
    "MAX_LINE",
    "RECAP",
    "Quit",
    "Session",
    "default_seats",
    "log_line",
    "make_console",
    "make_seats",
    "print_result",
    "split_seats",
    "stdin_text",
    "who",
]


def make_console() -> Console:
    return Console(highlight=False)


def _asked(seat: int, decision: Decision) -> str:
    """The decision's prompt, addressed to `seat` (prompts may already name the player)."""
    name = who(seat)
    prompt = decision.ask(seat).prompt
    return prompt if prompt.startswith(name + ":") else f"{name}: {prompt}"


# -- a session -------------------------------------------------------------------------------
class Session:
    def __init__(
        self,
        state: State,
        agents: list[Agent | None],
        specs: list[str],
        console: Console,
        stdin: TextIO,
        *,
        log_from: int = 0,
        errors: Console | None = None,
        prefs: set[str] | None = None,
        autosave: Autosave | None = None,
    ) -> None:
        self.specs = specs
        self.console = console
        self.errors = errors if errors is not None else Console(stderr=True, highlight=False)
        self.stdin = stdin
        self.interactive = isatty(stdin)
        self.echo = not self.interactive  # piped answers are echoed so transcripts read well
        self.humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.hotseat = len(self.humans) > 1
        on = choose(state.game_id) if prefs is None else prefs
        self.prefs = Preferences(state.game_id, on, lambda: self.table.state)
        seats: list[str | Chooser] = [who(s) if a is None else a for s, a in enumerate(agents)]
        self.table = Table(
            state, seats, auto=self.humans, on_auto=self.answered_for, prefer=self.prefs
        )
        # Who holds the screen: log lines are printed as this seat may read them.
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.log_from = log_from
        self.cursors: dict[int | None, Cursor] = {}
        # What each person has not read yet: events and notes kept for their next question.
        self.unseen: dict[int, list[Text]] = {}
        # Held seats that had their hand-off: (the secret decision's first step, seat).
        self.confirmed: set[tuple[int, int]] = set()
        self.saved: tuple[Path, int] | None = None
        self.autosave = autosave
        self.render = renderer_for(state.game_id)
        self.numbering = Numbering(stable=self.interactive)
        self.hints = True  # `hint` answers (off where a table says so)

    @property
    def state(self) -> State:
        """The game; `undo` puts an earlier copy in its place."""
        return self.table.state

    # -- output and input ---------------------------------------------------------------------
    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def read(self, prompt: str) -> str:
        """One line from standard input, of at most `MAX_LINE` characters; raises `Quit` at
        its end or at a longer line."""
        self.console.print(Text(prompt, style="bold"), end="")
        self.console.file.flush()
        line = self.stdin.readline(MAX_LINE + 1)
        if not line:
            self.console.print()
            raise Quit(
                "End of input: leaving the game.",
                error="standard input ended before the game was over",
            )
        if len(line) > MAX_LINE and not line.endswith("\n"):
            self.console.print()
            raise Quit(
                f"A line of more than {MAX_LINE:,} characters: leaving the game.",
                error=(
                    f"a line of standard input is longer than {MAX_LINE:,} characters; "
                    "an answer is a number or a short command, one per line"
                ),
            )
        line = line.rstrip("\r\n")
        if self.echo:
            self.console.print(Text(clip(line)))
        return line

    def clear_screen(self) -> None:
        """Clear the screen and the scrollback on a terminal; write nothing elsewhere."""
        console = self.console
        if not console.is_terminal or console.is_dumb_terminal:
            return
        if console.legacy_windows:  # no escape codes there; rich clears through its API
            console.clear()
            return
        console.file.write(CLEAR_ALL)
        console.file.flush()

    def unread(self, viewer: int | None) -> list[tuple[str, str]]:
        """The log events `viewer` has not read yet, in their words; they count as read."""
        cursor = self.cursors.get(viewer, Cursor(self.log_from))
        events, self.cursors[viewer] = self.table.events_since(cursor, viewer)
        return events

    def print_events(self, events: list[tuple[str, str]]) -> None:
        if events:
            self.console.print(Text("\n").join(event_line(text) for text in merged(events)))

    def collect(self, seat: int) -> list[Text]:
        """`seat`'s unread events, added to what it has not seen yet; returns that list."""
        lines = self.unseen.setdefault(seat, [])
        lines.extend(event_line(text) for text in merged(self.unread(seat)))
        return lines

    def recap(self, seat: int, heading: str) -> None:
        """Print what `seat` has not seen yet (at most `RECAP` lines) under `heading`."""
        lines = self.collect(seat)
        self.unseen[seat] = []
        if not lines:
            return
        self.say(heading, "bold")
        if len(lines) > RECAP:
            skipped = len(lines) - RECAP
            self.say(f"  … {skipped} earlier events (type log to read them all)", "dim")
            lines = lines[-RECAP:]
        self.console.print(Text("\n").join(lines))

    def stream(self) -> None:
        """While nobody holds the screen (bots only, or hot-seat before the first hand-off):
        print the spectator's log as it grows."""
        if not self.state.log or self.holder is not None:
            return
        if None not in self.cursors and self.log_from:
            self.say(f"… {self.log_from} earlier events (type log to read them all)", "dim")
        self.print_events(self.unread(None))

    def hand_to(self, seat: int) -> None:
        """Give the screen to `seat`; in hot-seat, clear it and wait for them first."""
        if self.holder == seat:
            return
        if self.hotseat:
            self.clear_screen()
            self.console.rule()
            self.handoff(seat)
            self.clear_screen()
        self.holder = seat
        self.recap(seat, f"{who(seat)}, since your last turn:")

    def handoff(self, seat: int) -> None:
        """Wait for Enter from the person at `seat`; `save FILE` and `quit` work here too
        (nothing of anyone's hand is on the screen); any other line is Enter."""
        while True:
            line = self.read(f"Pass the screen to {who(seat)} and press Enter ").strip()
            command, _, arg = line.partition(" ")
            command = command.lower()
            if command in ("quit", "exit"):
                raise Quit("")
            if command != "save":
                return
            self.save(arg.strip())

    # -- the game loop ------------------------------------------------------------------------
    def seed_line(self) -> str:
        seed = self.state.seed
        return f"Seed {seed} (the same deal again: --seed {seed})."

    def intro(self) -> None:
        spec = registry.get(self.state.game_id)
        seats = ", ".join(
            f"{who(seat)} {'(you)' if spec_ == HUMAN and len(self.humans) == 1 else spec_}"
            for seat, spec_ in enumerate(self.specs)
        )
        n = self.state.num_players
        self.say(f"{spec.title}, {n} player{'' if n == 1 else 's'}: {seats}", "bold")
        self.say(self.seed_line())
        if self.humans:
            self.say("Type the number of your choice; help lists the other commands.")
            on = [name for name in self.prefs.prefs if name in self.prefs.on]
            if on:
                self.say(f"Answered for you: {', '.join(on)} (prefs shows or changes them).")

    def run(self) -> int:
        self.intro()
        table = self.table
        try:
            self.stream()
            while True:
                # bots and single options, but no held answer before its seat's hand-off
                table.drive(release=not self.hotseat)
                self.stream()
                self.keep()
                if self.state.is_over:
                    break
                seat = self.next_seat()
                if seat is None:  # only held answers are left, every seat handed the screen
                    table.drive()
                else:
                    self.human_turn(seat)
        except Quit as q:
            if str(q):
                self.say(str(q))
            self.keep()
            self.farewell(ended=q.error is not None)
            if q.error is None:
                return 0
            self.complain(f"{q.error} (waiting for {self.waiting()}); {self.saved_note()}")
            return INPUT_ENDED
        if self.holder is not None:
            self.recap(self.holder, f"{who(self.holder)}, since your last decision:")
        if self.hotseat:
            self.console.rule()
        if self.autosave is not None:
            self.autosave.finish()
        print_result(self.state, self.specs, self.console)
        return 0

    def keep(self) -> None:
        """Autosave the game as it is now; a failure is said once and autosaving stops."""
        auto = self.autosave
        if auto is None:
            return
        try:
            auto.update(self.state)
        except (OSError, TabletopError) as e:
            self.autosave = None
            self.say(clip_message(f"Autosave is off: cannot write {auto.path}: {e}"), "red")

    def next_seat(self) -> int | None:
        """The first seat, in the decision's order, that the screen goes to now: one the
        table asks, or (hot-seat) a held one that has not had its hand-off yet."""
        state = self.state
        asked = {ask.seat for ask in self.table.asks()}
        held = self.table.held() if self.hotseat else ()
        start = self.decision_start()
        for seat in state.to_move():
            if seat in asked or (seat in held and (start, seat) not in self.confirmed):
                return seat
        return None

    def decision_start(self) -> int:
        """The step at which the pending decision was first asked (answers of a secret
        decision count as steps while it waits for the rest)."""
        state = self.state
        d = state.pending
        assert d is not None
        return state.steps - len(d.players) + len(state.to_move())

    def answered_for(self, seat: int, option: Option) -> None:
        """The table answers for `seat`: a note among that person's unseen events (in
        hot-seat never for a held secret answer, which that person confirmed at their
        hand-off)."""
        decision = self.state.pending
        assert decision is not None
        if seat not in self.humans or (self.hotseat and decision.secret):
            return
        lone = len(decision.options_for(seat)) == 1
        why = "your only option" if lone else "your preference: prefs to change it"
        note = f"{_asked(seat, decision)} → {option.label} ({why}, answered for you)"
        self.collect(seat).append(Text("  " + note, style="dim"))

    def human_turn(self, seat: int) -> None:
        decision = self.state.pending
        assert decision is not None
        options = decision.options_for(seat)
        self.hand_to(seat)
        if seat in self.table.held():  # hot-seat: the table gives it after the others
            given = self.table.auto_answer(seat)
            assert given is not None
            self.show(seat, decision, ())
            why = "Your only option is" if len(options) == 1 else "Your preference answers"
            self.read(f"{why} {given.label}: press Enter ")
            self.confirmed.add((self.decision_start(), seat))
            return
        self.show(seat, decision, options)
        if len(options) == 1:
            self.read(f"Your only option is {options[0].label}: press Enter ")
            self.answer(seat, options[0].id)
            return
        self.choose(seat, decision, options)

    def numbers(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> list[int]:
        """The number a person types for each option (kept within a step: `Numbering`)."""
        ask = decision.ask(seat)
        return self.numbering.number((seat, ask.rule, ask.kind), options)

    def show(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> None:
        """The board, what happened since this person's last decision, the question."""
        view = self.state.view(seat)
        view.pop("log", None)  # the recap below says what happened, in order
        self.render(view, self.console)
        self.recap(seat, "Since your last decision:")
        self.say(_asked(seat, decision), "bold cyan")
        if len(options) > 1:
            for n, option in zip(self.numbers(seat, decision, options), options, strict=True):
                self.say(f"  {n}. {option.label}")

    def choose(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> None:
        numbers = self.numbers(seat, decision, options)
        ids = {o.id: o for o in options}
        keys = span(numbers)
        n = len(numbers)
        plain = keys == f"1-{n}"
        allowed = f"a number from 1 to {n}" if plain else f"a number ({keys})"
        allowed += f", or {COMMANDS}"
        game = self.state.game_id
        while True:
            line = self.read(f"Choose {keys}: ").strip()
            command, _, arg = line.partition(" ")
            command = command.lower()
            index = option_number(line, numbers)
            if index is not None:
                self.answer(seat, options[index].id)
                return
            if line in ids:
                self.answer(seat, line)
                return
            if line.isascii() and line.isdigit():
                self.say(f"There is no option {clip(line)}: type {allowed}.", "red")
            elif command == "help":
                self.say(HELP)
            elif command == "log":
                self.show_log(seat)
            elif command == "board":
                self.show(seat, decision, options)
            elif command == "card":
                self.lines(card_lines(game, arg))
            elif command == "cards":
                self.lines(cards_lines(game))
            elif command == "rules":
                self.lines(rules_lines(game, arg))
            elif command == "hint":
                self.hint(seat, options, numbers)
            elif command in ("prefs", "pref"):
                if self.preferences(arg.strip().lower()) and self.table.auto_answer(seat):
                    return  # a preference turned on answers this question: the table gives it
            elif command == "undo":
                if self.undo(seat):
                    return
            elif command == "save":
                self.save(arg.strip())
            elif command in ("quit", "exit"):
                raise Quit("")
            elif not line:
                self.say(f"Please type {allowed}.", "red")
            else:
                self.say(f"{clip(repr(line))} is not understood: type {allowed}.", "red")

    def hint(self, seat: int, options: tuple[Option, ...], numbers: list[int]) -> None:
        """`hint`: the search bot's suggestion from this seat's information only."""
        if not self.hints:
            self.say("Hints are off at this table.", "red")
            return
        from tabletop.agents.hint import hint

        self.say("Thinking…", "dim")
        got = hint(self.state, seat, seed=self.state.seed)
        n = next((k for k, o in zip(numbers, options, strict=True) if o.id == got.option_id), 0)
        self.say(f"{got.line()}: type {n} to play it.")

    def show_log(self, seat: int) -> None:
        """`log`: everything `seat` may read, with rule ids."""
        events = self.table.events_since(Cursor(), seat)[0]
        self.console.print(Text("\n").join(log_line(r, t) for r, t in events))

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.say(line)

    def preferences(self, name: str) -> bool:
        """`prefs`: list them; `prefs NAME`: toggle one. True when one was turned on."""
        prefs = self.prefs
        if not prefs.prefs:
            self.say("This game has no preferences.")
            return False
        if name:
            now = prefs.toggle(name)
            if now is None:
                self.say(f"No preference {clip(name, 40)!r}: the preferences are listed below.")
            else:
                self.say(f"{name} is {'on' if now else 'off'} now.")
                if now:
                    return True
        self.lines(["Preferences (prefs NAME turns one on or off):", *prefs.describe()])
        return False

    def answer(self, seat: int, option_id: str) -> None:
        """A person's answer, through the table (which keeps it undoable while it may be);
        the session's loop drives the bots after it."""
        self.table.answer(who(seat), seat, option_id, drive=False)

    def undo(self, seat: int) -> bool:
        """Go back to before `seat`'s last answer if the table allows it (see the module's
        doc); the person, who holds the screen, reads on from there."""
        try:
            taken = self.table.undo(who(seat), seat)
        except NothingToUndoError as e:
            why = str(e)  # "nothing to undo for P1: " and the reason
            self.say(why[:1].upper() + why[1:] + ".", "red")
            return False
        self.cursors[seat] = self.table.cursor()
        self.unseen[seat] = []
        self.confirmed.clear()
        self.say(f"Undone: back to before your answer ({taken} taken back).")
        return True

    def save(self, name: str) -> bool:
        if not name:
            self.say("Say where to save: save FILE (for example: save mygame.json)", "red")
            return False
        path = Path(name).expanduser()
        try:
            save(self.table.record(), path)
        except (OSError, TabletopError) as e:
            self.say(clip_message(f"Could not save to {path}: {e}"), "red")
            return False
        self.saved = (path, self.state.steps)
        self.say(f"Saved {plural(self.state.steps, 'answer')} to {path}. {self.resume_hint(path)}")
        return True

    def resume_hint(self, path: Path | None) -> str:
        command = "tabletop resume" + ("" if path is None else f" {path}")
        if path is not None and self.specs != default_seats(len(self.specs)):
            command += f" --seats {','.join(self.specs)}"
        if path is not None:
            command += "".join(f" --pref {flag}" for flag in self.prefs.flags())
        return f"Continue it with: {command}"

    def farewell(self, ended: bool) -> None:
        """Leaving before the end: say where the game is kept; on a terminal, after `quit`,
        ask whether to keep it (or save it to a file as well)."""
        auto = self.autosave
        if auto is not None and not ended and self.interactive:
            with contextlib.suppress(Quit):
                self.offer_to_save(auto)
        kept = self.autosave
        if self.saved is not None:
            path, steps = self.saved
            behind = self.state.steps - steps
            verb = "is" if behind == 1 else "are"
            made = f"{plural(behind, 'answer')} made after that {verb} not in it"
            note = f" ({made})" if behind else ""
            self.say(f"The game is saved in {path}{note}. {self.resume_hint(path)}")
            if kept is not None:
                self.say(f"Every answer is saved in {kept.path} too: tabletop resume continues it.")
        elif kept is not None:
            self.say(f"The game is saved in {kept.path}. {self.resume_hint(None)}")
        else:
            self.say("The game was not saved.")

    def offer_to_save(self, auto: Autosave) -> None:
        for _ in range(3):  # bounded: a person who keeps typing nonsense keeps the game
            line = self.read("Keep the game to continue it later? [Y/n, or a file name] ").strip()
            if line.lower() in ("", "y", "yes"):
                return
            if line.lower() in ("n", "no"):
                auto.finish()
                self.autosave = None
                return
            if self.save(line):
                return

    def saved_note(self) -> str:
        """Whether and where the game is saved, for the one-line error at the end of input."""
        if self.autosave is not None:
            return f"the game is saved in {self.autosave.path}: continue it with tabletop resume"
        if self.saved is None:
            return "the game was not saved"
        path, steps = self.saved
        behind = self.state.steps - steps
        missing = f", without the {plural(behind, 'answer')} made since" if behind else ""
        return f"the game is saved in {path}{missing}: continue it with tabletop resume {path}"

    def waiting(self) -> str:
        return ", ".join(who(p) for p in self.state.to_move())

    def complain(self, message: str) -> None:
        """A one-line error on standard error, as the `tabletop` command prints its errors."""
        self.errors.print(
            Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True, highlight=False
        )
