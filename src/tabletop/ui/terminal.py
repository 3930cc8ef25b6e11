"""Playing in the terminal: `tabletop play`, `resume` and `replay`.

A session is a thin adapter over a `Table` (`tabletop.engine.table`): one agent per seat, or
a person at this screen (`human`), each human seat its own person with the controller id of
its seat (`P1`, `P2`...), since hot-seat players are different people. The table drives the
bots, answers single options, keeps the undo points and the per-viewer log cursors; the
session asks the person the table waits for, shows the board, and prints every log event as
it happens (`Table.events_since`), with its rule id, in the words of whoever holds the screen
(a spectator when nobody does), so bots' moves scroll by as they are made.

Conversation with a person (plain lines from standard input, so it works piped and in tests):
- a number 1..n chooses an option (an exact option id works too);
- `help`, `log` (the whole log this seat may read), `board` (draw it again), `undo`,
  `save FILE` (an atomic game record, to `tabletop resume` later), `quit` (leave; exit 0);
- `undo` takes back this person's last choice when that is safe (`Table.undo`): nothing has
  happened since but their own answers, and no die was rolled nor card drawn or dealt at
  random (so undoing can reveal nothing and re-rolls nothing): say, choosing Foe and then, at
  the target question, changing one's mind. Never the answer that completed a secret decision
  (an Escape window, a draft pick): it revealed the others' answers;
- anything else is answered with what is allowed, and the question is asked again (the
  answer repeated at most `record.CLIP` characters long); a line of more than `MAX_LINE`
  characters is no person's answer and ends the session as the end of input does;
- end of input before the game is over leaves the game, says whether it was saved, prints
  a one-line error on standard error and exits with status 1 (`INPUT_ENDED`), so a script
  whose answers ran out is not taken for a finished game; `quit` leaves with status 0.
A decision with a single option for that person (say an Escape window while they hold no
Escape card) is answered for them by the table (every human seat opts in to its
auto-answer) with a one-line note, so nobody is asked a meaningless question.

Hot-seat: with several humans, before one person's private information is shown the screen is
cleared and the next person is asked to take it ("Pass the screen to P2 and press Enter"),
then sees what happened since their last turn. On a terminal the clearing also empties the
scrollback (`CLEAR_ALL`, as `clear` does), so nobody can scroll up to the previous hand. Output
that is not a terminal (a pipe, a file) gets no control codes at all: a transcript stays plain
text, and it holds every seat's screens anyway. Simultaneous decisions (Escape windows) ask
each human in turn with the same hand-off; there, a person with a single option still gets
the hand-off and confirms with Enter, because skipping them would tell everyone at the screen
that they hold no Escape card. The table holds such an answer back (`Table.held()`) until the
others are in; the session hands the screen to each held seat in its turn (driving with
`release=False` so the answer is not given before that) and lets the table give it after the
last real answer. When nobody at the screen has a real choice, the table asks each of them
instead, and each confirms the same way.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tabletop.agents import HUMAN, Agent, make_agent, parse_spec
from tabletop.engine import registry
from tabletop.engine.decision import Decision, Option
from tabletop.engine.errors import PlayerCountError, TabletopError, UnknownAgentError
from tabletop.engine.record import clip, clip_message, load, replay, save
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.engine.table import Chooser, Cursor, NothingToUndoError, Table
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
              answers, nothing was left to chance and no secret answers were revealed
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
    table = RichTable(title=Text("Result", style="bold"), title_justify="left")
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
        self.specs = specs
        self.console = console
        self.errors = errors if errors is not None else Console(stderr=True, highlight=False)
        self.stdin = stdin
        self.echo = not _isatty(stdin)  # piped answers are echoed so transcripts read well
        self.humans = [seat for seat, agent in enumerate(agents) if agent is None]
        self.hotseat = len(self.humans) > 1
        seats: list[str | Chooser] = [who(s) if a is None else a for s, a in enumerate(agents)]
        self.table = Table(state, seats, auto=self.humans, on_auto=self.answered_for)
        # Who holds the screen: log lines are printed as this seat may read them.
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.log_from = log_from
        self.cursors: dict[int | None, Cursor] = {}
        # Held seats that had their hand-off: (the secret decision's first step, seat).
        self.confirmed: set[tuple[int, int]] = set()
        self.saved: tuple[Path, int] | None = None
        self.render = renderer_for(state.game_id)

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
            self.console.print(Text("\n").join(_log_line(rule, text) for rule, text in events))

    def stream(self) -> None:
        """Print the log events the screen's holder has not seen yet."""
        if not self.state.log:
            return
        if self.holder not in self.cursors and self.log_from:
            self.say(f"… {self.log_from} earlier events (type log to read them all)", "dim")
        self.print_events(self.unread(self.holder))

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
        events = self.unread(seat)
        if events:
            self.say(f"{who(seat)}, since your last turn:", "bold")
            if len(events) > RECAP:
                skipped = len(events) - RECAP
                self.say(f"  … {skipped} earlier events (type log to read them all)", "dim")
                events = events[-RECAP:]
            self.print_events(events)

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
        table = self.table
        try:
            self.stream()
            while True:
                # bots and single options, but no held answer before its seat's hand-off
                table.drive(release=not self.hotseat)
                self.stream()
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
            self.farewell()
            if q.error is None:
                return 0
            self.complain(f"{q.error} (waiting for {self.waiting()}); {self.saved_note()}")
            return INPUT_ENDED
        if self.hotseat:
            self.console.rule()
        print_result(self.state, self.specs, self.console)
        return 0

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
        """The table answers `seat`'s only option: say so to the person at the screen (in
        hot-seat only to the seat holding it, and never for a held secret answer, which that
        person confirmed at their hand-off)."""
        decision = self.state.pending
        assert decision is not None
        self.stream()
        if not self.hotseat or (self.holder == seat and not decision.secret):
            self.say(
                f"{_asked(seat, decision)} → {option.label} (your only option, answered for you)",
                "dim",
            )

    def human_turn(self, seat: int) -> None:
        decision = self.state.pending
        assert decision is not None
        options = decision.options_for(seat)
        self.hand_to(seat)
        self.show(seat, decision, options)
        if len(options) == 1:
            self.read(f"Your only option is {options[0].label}: press Enter ")
            if seat in self.table.held():
                self.confirmed.add((self.decision_start(), seat))  # the table gives it later
            else:
                self.answer(seat, options[0].id)
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
                self.print_events(self.table.events_since(Cursor(), seat)[0])
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
        """A person's answer, through the table (which keeps it undoable while it may be);
        the session's loop drives the bots after it."""
        self.table.answer(who(seat), seat, option_id, drive=False)

    def undo(self, seat: int) -> bool:
        """Go back to before `seat`'s last answer if the table allows it (see the module's
        doc); the person, who holds the screen, reads on from there."""
        try:
            taken = self.table.undo(who(seat), seat)
        except NothingToUndoError:
            self.say(
                "Nothing to undo: only your own last answers can be taken back, and only "
                "while nobody else has answered and nothing was left to chance since.",
                "red",
            )
            return False
        self.cursors[seat] = self.table.cursor()
        self.confirmed.clear()
        self.say(f"Undone: back to before your answer ({taken} taken back).")
        return True

    def save(self, name: str) -> None:
        if not name:
            self.say("Say where to save: save FILE (for example: save mygame.json)", "red")
            return
        path = Path(name).expanduser()
        try:
            save(self.table.record(), path)
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
