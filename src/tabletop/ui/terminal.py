"""Playing in the terminal: `tabletop play`, `resume` and `replay`.

A session seats one agent per seat (`human` is a person at this screen) and drives the game:
bots answer at once, people choose by number from the pending decision's options. Every log
event is printed as it happens, with its rule id, in the words of whoever holds the screen
(a spectator when nobody does), so bots' moves scroll by as they are made.

Conversation with a person (plain lines from standard input, so it works piped and in tests):
- a number 1..n chooses an option (an exact option id works too);
- `help`, `log` (the whole log this seat may read), `board` (draw it again), `undo`,
  `save FILE` (an atomic game record, to `tabletop resume` later), `quit` (leave; exit 0);
- `undo` takes back this person's last answer when that is safe: nothing has happened since
  but their own answers, and no die was rolled nor card drawn or dealt at random (so undoing
  can reveal nothing and re-rolls nothing): say, choosing Foe and then, at the target
  question, changing one's mind;
- anything else is answered with what is allowed, and the question is asked again (the
  answer repeated at most `record.CLIP` characters long); a line of more than `MAX_LINE`
  characters is no person's answer and ends the session as the end of input does;
- end of input before the game is over leaves the game, says whether it was saved, prints
  a one-line error on standard error and exits with status 1 (`INPUT_ENDED`), so a script
  whose answers ran out is not taken for a finished game; `quit` leaves with status 0.
A decision with a single option for that person (say an Escape window while they hold no
Escape card) is answered for them with a one-line note, so nobody is asked a meaningless
question.

Hot-seat: with several humans, before one person's private information is shown the screen is
cleared and the next person is asked to take it ("Pass the screen to P2 and press Enter"),
then sees what happened since their last turn. On a terminal the clearing also empties the
scrollback (`CLEAR_ALL`, as `clear` does), so nobody can scroll up to the previous hand. Output
that is not a terminal (a pipe, a file) gets no control codes at all: a transcript stays plain
text, and it holds every seat's screens anyway. Simultaneous decisions (Escape windows) ask
each human in turn with the same hand-off; there, a person with a single option still gets
the hand-off and confirms with Enter, because skipping them would tell everyone at the screen
that they hold no Escape card.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tabletop.agents import HUMAN, Agent, make_agent, parse_spec
from tabletop.engine import registry
from tabletop.engine.decision import Decision, Option
from tabletop.engine.errors import PlayerCountError, TabletopError, UnknownAgentError
from tabletop.engine.record import Record, clip, clip_message, load, record_of, replay, save
from tabletop.engine.registry import options_of
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.ui import renderer_for, score_label

RECAP = 30  # most log lines shown when a person takes the screen or a game resumes
# The longest line read as an answer. A terminal's line editor takes at most 4,096
# characters, so a longer line comes from a file or a program, not from a person typing.
MAX_LINE = 10_000
# Exit status when standard input ends (or is unreadable) before the game is over.
INPUT_ENDED = 1
# Cursor home, clear the screen, then clear the scrollback (xterm's E3, as `clear` sends):
# in this order, so a terminal that keeps a cleared screen in its scrollback loses it too.
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"

HELP = """\
Type the number of an option to choose it. Other commands:
  help        this text
  log         the whole game log as you may read it, with rule ids
  board       draw the board again
  undo        take back your last answer, when nothing has happened since but your own
              answers and nothing was left to chance
  save FILE   save the game to FILE (continue later with: tabletop resume FILE)
  quit        leave the game (save first if you want to continue it)"""


def who(seat: int) -> str:
    return f"P{seat + 1}"


# -- seats -----------------------------------------------------------------------------------
def split_seats(text: str) -> list[str]:
    """`human,ismcts:iterations=200,c=0.7,heuristic` -> one spec per seat. A piece of the form
    `key=value` (no colon) after a spec with settings continues that spec's settings."""
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def default_seats(players: int) -> list[str]:
    return [HUMAN] + ["heuristic"] * (players - 1)


def make_seats(
    game_id: str, players: int, seats: str | None, seed: int
) -> tuple[list[Agent | None], list[str]]:
    """One agent per seat (None: a person) and the specs they came from. Bots get seeds
    derived from the game's seed and their seat, so the same command plays the same game."""
    specs = default_seats(players) if seats is None else split_seats(seats)
    if len(specs) != players:
        raise PlayerCountError(
            f"--seats names {len(specs)} seat(s) ({','.join(specs)}) but the game has "
            f"{players} players: give one agent per seat"
        )
    agents: list[Agent | None] = []
    for seat, spec in enumerate(specs):
        name, settings = parse_spec(spec)
        if name == HUMAN:
            if settings:
                raise UnknownAgentError(f"seat {who(seat)}: 'human' takes no settings")
            agents.append(None)
        else:
            agents.append(make_agent(spec, game_id, derive_seed(seed, seat)))
    return agents, specs


def make_console() -> Console:
    return Console(highlight=False)


# -- the result table ------------------------------------------------------------------------
def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def print_result(state: State, specs: list[str] | None, console: Console) -> None:
    result = state.result
    if result is None:
        return
    table = Table(title=Text("Result", style="bold"), title_justify="left")
    table.add_column("seat")
    if specs is not None:
        table.add_column("agent")
    table.add_column(score_label(state.game_id), justify="right")
    table.add_column("winner")
    for seat, score in enumerate(result.scores):
        row = [who(seat)]
        if specs is not None:
            row.append(specs[seat])
        row += [_number(score), "winner" if seat in result.winners else ""]
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)
    line = f"The game ended: {result.reason}."
    if result.team is not None:
        line += f" The team {result.team}."
    if not result.winners:
        line += " Nobody wins."
    else:
        line += " Winner: " + ", ".join(who(p) for p in result.winners) + "."
    console.print(Text(line))


def _asked(seat: int, decision: Decision) -> str:
    """The decision's prompt, addressed to `seat` (prompts may already name the player)."""
    name = who(seat)
    prompt = decision.ask(seat).prompt
    return prompt if prompt.startswith(name + ":") else f"{name}: {prompt}"


def _log_line(rule: str, text: str) -> Text:
    return Text.assemble(("  " + text, ""), (f"  ({rule})", "dim"))


class Quit(Exception):
    """The person left (quit), or standard input ended: then `error` says why the game could
    not go on, and the session exits with `INPUT_ENDED`."""

    def __init__(self, note: str = "", error: str | None = None) -> None:
        super().__init__(note)
        self.error = error


def _option_number(line: str, n: int) -> int | None:
    """The option `line` chooses when it is a number from 1 to `n` in ASCII digits, else
    None. Never converts more digits than `n` has (a 5,000-digit line is no option), and
    refuses digits `int` would take but nobody types as a choice (`²`)."""
    if not (line.isascii() and line.isdigit()):
        return None
    digits = line.lstrip("0")
    if not digits or len(digits) > len(str(n)):
        return None
    number = int(digits)
    return number if number <= n else None


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
    ) -> None:
        self.state = state
        self.agents = agents
        self.specs = specs
        self.console = console
        self.errors = errors if errors is not None else Console(stderr=True, highlight=False)
        self.stdin = stdin
        self.echo = not _isatty(stdin)  # piped answers are echoed so transcripts read well
        self.humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.hotseat = len(self.humans) > 1
        # Who holds the screen: log lines are printed as this seat may read them.
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.log_from = log_from
        self.cursor: dict[int | None, int] = {}
        self.saved: tuple[Path, int] | None = None
        # Answers a person may take back: (seat, answers before it, RNG state before it).
        self.undo_points: list[tuple[int, int, int]] = []
        self.render = renderer_for(state.game_id)

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

    def stream(self) -> None:
        """Print the log events the screen's holder has not seen yet."""
        log = self.state.log
        if not log:
            return
        key = self.holder
        start = self.cursor.get(key)
        if start is None:
            start = self.log_from
            if start:
                self.say(f"… {start} earlier events (type log to read them all)", "dim")
        if start >= len(log):
            return
        self.cursor[key] = len(log)
        self.console.print(Text("\n").join(_log_line(e.rule, e.text_for(key)) for e in log[start:]))

    def hand_to(self, seat: int) -> None:
        """Give the screen to `seat`; in hot-seat, clear it and wait for them first."""
        if self.holder == seat:
            return
        if self.hotseat:
            self.clear_screen()
            self.console.rule()
            self.read(f"Pass the screen to {who(seat)} and press Enter ")
            self.clear_screen()
        self.holder = seat
        log = self.state.log or []
        start = self.cursor.get(seat, self.log_from)
        if start < len(log):
            self.say(f"{who(seat)}, since your last turn:", "bold")
            if len(log) - start > RECAP:
                skipped = len(log) - start - RECAP
                self.say(f"  … {skipped} earlier events (type log to read them all)", "dim")
                start = len(log) - RECAP
            self.console.print(
                Text("\n").join(_log_line(e.rule, e.text_for(seat)) for e in log[start:])
            )
        self.cursor[seat] = len(log)

    # -- the game loop ------------------------------------------------------------------------
    def intro(self) -> None:
        spec = registry.get(self.state.game_id)
        seats = ", ".join(
            f"{who(seat)} {'(you)' if spec_ == HUMAN and len(self.humans) == 1 else spec_}"
            for seat, spec_ in enumerate(self.specs)
        )
        self.say(f"{spec.title}, {self.state.num_players} players: {seats}", "bold")
        if self.humans:
            self.say("Type the number of your choice; help lists the other commands.")

    def run(self) -> int:
        self.intro()
        try:
            self.stream()
            while not self.state.is_over:
                state = self.state  # `undo` may put an earlier state in its place
                seat = state.to_move()[0]
                agent = self.agents[seat]
                if agent is None:
                    self.human_turn(seat)
                else:
                    state.apply(seat, agent.choose(state, seat))
                self.stream()
        except Quit as q:
            if str(q):
                self.say(str(q))
            self.farewell()
            if q.error is None:
                return 0
            self.complain(f"{q.error} (waiting for {self.waiting()}); {self.saved_note()}")
            return INPUT_ENDED
        if self.hotseat:
            self.console.rule()
        print_result(state, self.specs, self.console)
        return 0

    def human_turn(self, seat: int) -> None:
        state = self.state
        decision = state.pending
        assert decision is not None
        options = decision.options_for(seat)
        if len(options) == 1 and not (self.hotseat and decision.secret):
            if self.holder == seat or not self.hotseat:
                self.say(
                    f"{_asked(seat, decision)} → {options[0].label} "
                    "(your only option, answered for you)",
                    "dim",
                )
            state.apply(seat, options[0].id)
            return
        self.hand_to(seat)
        self.show(seat, decision, options)
        if len(options) == 1:
            self.read(f"Your only option is {options[0].label}: press Enter ")
            state.apply(seat, options[0].id)
            return
        self.choose(seat, decision, options)

    def show(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> None:
        self.render(self.state.view(seat), self.console)
        self.console.print(
            Text.assemble(
                (_asked(seat, decision), "bold cyan"), (f"  ({decision.ask(seat).rule})", "dim")
            )
        )
        if len(options) > 1:
            for i, option in enumerate(options, 1):
                self.say(f"  {i}. {option.label}")

    def choose(self, seat: int, decision: Decision, options: tuple[Option, ...]) -> None:
        n = len(options)
        ids = {o.id: o for o in options}
        allowed = f"a number from 1 to {n}, or help, log, board, undo, save FILE, quit"
        while True:
            line = self.read(f"Choose 1-{n}: ").strip()
            command, _, arg = line.partition(" ")
            command = command.lower()
            number = _option_number(line, n)
            if number is not None:
                self.answer(seat, options[number - 1].id)
                return
            if line in ids:
                self.answer(seat, line)
                return
            if line.isascii() and line.isdigit():
                self.say(f"There is no option {clip(line)}: type {allowed}.", "red")
            elif command == "help":
                self.say(HELP)
            elif command == "log":
                for rule, text in self.state.log_for(seat):
                    self.console.print(_log_line(rule, text))
            elif command == "board":
                self.show(seat, decision, options)
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

    def answer(self, seat: int, option_id: str) -> None:
        """A person's chosen answer, remembered so that it may be taken back."""
        state = self.state
        self.undo_points.append((seat, state.steps, state.rng.state))
        state.apply(seat, option_id)

    def undo(self, seat: int) -> bool:
        """Go back to before `seat`'s last answer if that is safe (see the module's doc)."""
        state = self.state
        history = state.history or []
        while self.undo_points and self.undo_points[-1][1] >= state.steps:
            self.undo_points.pop()  # points beyond a state already undone
        point = next((p for p in reversed(self.undo_points) if p[0] == seat), None)
        if (
            point is None
            or point[2] != state.rng.state
            or any(p != seat for p, _ in history[point[1] :])
        ):
            self.say(
                "Nothing to undo: only your own last answers can be taken back, and only "
                "while nobody else has answered and nothing was left to chance since.",
                "red",
            )
            return False
        steps = point[1]
        record = Record(
            game=state.game_id,
            version=state.version,
            players=state.num_players,
            seed=state.seed,
            options=options_of(state),
            answers=list(history),
        )
        self.state = replay(record, verify=False, upto=steps)
        self.undo_points = [p for p in self.undo_points if p[1] < steps]
        length = len(self.state.log or [])
        self.cursor = {k: min(v, length) for k, v in self.cursor.items()}
        self.say(f"Undone: back to before your answer ({len(history) - steps} taken back).")
        return True

    def save(self, name: str) -> None:
        if not name:
            self.say("Say where to save: save FILE (for example: save mygame.json)", "red")
            return
        path = Path(name).expanduser()
        try:
            save(record_of(self.state), path)
        except (OSError, TabletopError) as e:
            self.say(clip_message(f"Could not save to {path}: {e}"), "red")
            return
        self.saved = (path, self.state.steps)
        self.say(f"Saved {self.state.steps} answers to {path}. {self.resume_hint(path)}")

    def resume_hint(self, path: Path) -> str:
        command = f"tabletop resume {path}"
        if self.specs != default_seats(len(self.specs)):
            command += f" --seats {','.join(self.specs)}"
        return f"Continue it with: {command}"

    def farewell(self) -> None:
        if self.saved is None:
            self.say("The game was not saved.")
            return
        path, steps = self.saved
        behind = self.state.steps - steps
        note = f" ({behind} answers made after that are not in it)" if behind else ""
        self.say(f"The game is saved in {path}{note}. {self.resume_hint(path)}")

    def saved_note(self) -> str:
        """Whether and where the game is saved, for the one-line error at the end of input."""
        if self.saved is None:
            return "the game was not saved"
        path, steps = self.saved
        behind = self.state.steps - steps
        missing = f", without the {behind} answers made since" if behind else ""
        return f"the game is saved in {path}{missing}: continue it with tabletop resume {path}"

    def waiting(self) -> str:
        return ", ".join(who(p) for p in self.state.to_move())

    def complain(self, message: str) -> None:
        """A one-line error on standard error, as the `tabletop` command prints its errors."""
        self.errors.print(
            Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True, highlight=False
        )


def _stdin() -> TextIO:
    """Standard input, reading bytes that are not valid text as U+FFFD (an answer that is
    not understood) instead of failing."""
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")
    return stdin


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- the commands ----------------------------------------------------------------------------
def run_play(game: str, players: int, seats: str | None, seed: int, options: dict[str, str]) -> int:
    """`tabletop play`: validate everything, then play to the end (or until the person
    leaves). Raises `TabletopError` subclasses for bad input; returns the exit status."""
    registry.get(game)
    state = registry.new_game(game, players, seed, options)
    agents, specs = make_seats(game, players, seats, seed)
    return Session(state, agents, specs, make_console(), _stdin()).run()


def run_resume(path: Path, seats: str | None) -> int:
    """`tabletop resume`: load a record, replay and verify it, and play on."""
    record = load(path)
    state = replay(record, verify=True)
    agents, specs = make_seats(record.game, record.players, seats, record.seed)
    console = make_console()
    title = registry.get(record.game).title
    console.print(
        Text(f"Resuming {title} from {path}: {len(record.answers)} answers replayed and verified.")
    )
    log_len = len(state.log or [])
    if state.is_over:
        for rule, text in state.log_for(None)[-RECAP:]:
            console.print(_log_line(rule, text))
        console.print(Text("This game is already over."))
        print_result(state, specs, console)
        return 0
    session = Session(state, agents, specs, console, _stdin(), log_from=max(0, log_len - RECAP))
    return session.run()


def run_replay(path: Path, verify: bool) -> int:
    """`tabletop replay`: print a recorded game's log as a spectator sees it, and its result.
    With `verify`, every recorded digest must match (a `RecordError` names the first answer
    where the replay diverges)."""
    record = load(path)
    state = replay(record, verify=verify)
    console = make_console()
    spec = registry.get(record.game)
    opts: dict[str, Any] = record.options
    described = ", ".join(f"{k}={v}" for k, v in opts.items())
    console.rule(
        Text(
            f"{spec.title} · {record.players} players · seed {record.seed} · "
            f"{len(record.answers)} answers" + (f" · {described}" if described else "")
        )
    )
    for rule, text in state.log_for(None):
        console.print(_log_line(rule, text))
    if state.is_over:
        print_result(state, None, console)
    else:
        waiting = ", ".join(who(p) for p in state.to_move())
        console.print(Text(f"The game is not over: waiting for {waiting}."))
    if verify:
        console.print(
            Text(f"OK: {len(record.answers)} answers replayed; every recorded digest matches.")
        )
    return 0
