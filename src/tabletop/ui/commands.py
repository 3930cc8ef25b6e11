"""The terminal commands: `tabletop play`, `resume` and `replay` (called by `tabletop.cli`).

`play` draws a random seed from the operating system unless `--seed` is given (printed at
the start and in the result, and kept in the record, so any deal can be played again).
Every game played is autosaved (`tabletop.ui.autosave`); `resume` with no file continues the
most recent unfinished one with the seats and preferences it was played with.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Any

from rich.text import Text

from tabletop.engine import registry
from tabletop.engine.errors import OptionError, TabletopError
from tabletop.engine.patch import Patch, load_patch
from tabletop.engine.record import Record, load, replay
from tabletop.engine.state import State
from tabletop.ui import autosave
from tabletop.ui.asking import isatty
from tabletop.ui.autosave import Autosave
from tabletop.ui.output import log_line, print_result
from tabletop.ui.prefs import choose
from tabletop.ui.seats import make_seats, plural, who
from tabletop.ui.terminal import RECAP, Session, make_console, stdin_text


class NothingToResumeError(TabletopError):
    """`tabletop resume` without a file, and no unfinished game is autosaved."""


class UiError(OptionError):
    """A `--ui` that is not auto, screen or line, or `screen` without a terminal."""


UIS = ("auto", "screen", "line")


def full_screen(ui: str, people: bool) -> bool:
    """Whether to open the full-screen table: `auto` on a terminal (both standard input and
    output), never for bots alone; `screen` insists, `line` never."""
    ui = ui.strip().lower()
    if ui not in UIS:
        raise UiError(f"unknown --ui {ui[:20]!r}; it is one of: {', '.join(UIS)}")
    terminal = isatty(sys.stdin) and isatty(sys.stdout)
    if ui == "screen" and not terminal:
        raise UiError(
            "--ui screen needs a terminal on standard input and output; piped play uses the "
            "line mode (--ui line)"
        )
    return people and (ui == "screen" or (ui == "auto" and terminal))


def _play_screen(
    state: State,
    agents: list[Any],
    specs: list[str],
    on: set[str],
    path: Path | None,
    log_from: int = 0,
) -> int:
    """The full-screen table; once the screen is back, the result and where the game is
    kept are printed as the line mode would leave them."""
    from tabletop.ui.screen import play_screen

    def keeper(session: Session) -> Autosave | None:
        return _start_autosave(session, state, specs, path)

    code, said = play_screen(state, agents, specs, prefs=on, log_from=log_from, autosave=keeper)
    console = make_console()
    for line in said:
        if "saved" in line or "Continue it with" in line:
            console.print(Text(line))
    return code


def random_seed() -> int:
    """A fresh seed from the operating system's randomness (32 bits: easy to type again)."""
    return secrets.randbits(32)


def run_play(
    game: str,
    players: int,
    seats: str | None,
    seed: int | None,
    options: dict[str, str],
    prefs: list[str] | None = None,
    ui: str = "auto",
    *,
    content: Path | None = None,
) -> int:
    """`tabletop play`: validate everything, then play to the end (or until the person
    leaves). `content`: a content patch file to play with. Raises `TabletopError` subclasses
    for bad input; returns the exit status."""
    registry.get(game)
    on = choose(game, prefs or [])
    patch = None if content is None else load_patch(content, game)
    if seed is None:
        seed = random_seed()
    state = registry.new_game(game, players, seed, options, content=patch)
    agents, specs = make_seats(game, players, seats, seed)
    if full_screen(ui, any(a is None for a in agents)):
        return _play_screen(state, agents, specs, on, None)
    session = Session(state, agents, specs, make_console(), stdin_text(), prefs=on)
    if any(a is None for a in agents):
        session.autosave = _start_autosave(session, state, specs, None)
    return session.run()


def _start_autosave(
    session: Session, state: State, specs: list[str], path: Path | None
) -> Autosave | None:
    keeper = Autosave(state, path)
    try:
        keeper.start(state, specs, session.prefs.flags())
    except (OSError, TabletopError) as e:
        session.say(f"Autosave is off: cannot write {keeper.path}: {e}", "red")
        return None
    return keeper


def _latest() -> tuple[Path, Record, State]:
    """The most recent autosaved game that is not over (finished ones are removed)."""
    skipped: list[str] = []
    for path in autosave.unfinished()[: autosave.KEEP]:
        try:
            record = load(path)
            state = replay(record, verify=True)
        except TabletopError as e:
            skipped.append(f"{path.name} ({str(e)[:80]})")
            continue
        if state.is_over:
            Autosave.remove(path)
            continue
        return path, record, state
    note = f" (unreadable: {'; '.join(skipped[:3])})" if skipped else ""
    raise NothingToResumeError(
        f"there is no unfinished game to resume in {autosave.folder()}{note}: start one with "
        "tabletop play, or name a saved game: tabletop resume FILE"
    )


def run_resume(
    path: Path | None,
    seats: str | None,
    prefs: list[str] | None = None,
    ui: str = "auto",
    *,
    content: Path | None = None,
) -> int:
    """`tabletop resume [FILE]`: load a record (the latest autosave without FILE), replay and
    verify it (with the content patch it carries), and play on. `content`: a patch file the
    record must have been played with."""
    console = make_console()
    flags = list(prefs or [])
    if path is None:
        path, record, state = _latest()
        saved_seats, saved_prefs = autosave.seats_of(path)
        seats = seats if seats is not None else saved_seats
        flags = saved_prefs + flags
        if content is not None:
            state = replay(record, verify=True, content=load_patch(content, record.game))
    else:
        record = load(path)
        patch = None if content is None else load_patch(content, record.game)
        state = replay(record, verify=True, content=patch)
    on = choose(record.game, flags)
    agents, specs = make_seats(record.game, record.players, seats, record.seed)
    title = registry.get(record.game).title
    console.print(
        Text(
            f"Resuming {title} from {path}: {plural(len(record.answers), 'answer')} "
            "replayed and verified."
        )
    )
    log_len = len(state.log or [])
    if state.is_over:
        for rule, text in state.log_for(None)[-RECAP:]:
            console.print(log_line(rule, text))
        console.print(Text("This game is already over."))
        print_result(state, specs, console)
        return 0
    folder = autosave.folder().resolve()
    kept = path if path.resolve().parent == folder else None
    people = any(a is None for a in agents)
    if full_screen(ui, people):
        return _play_screen(state, agents, specs, on, kept, log_from=max(0, log_len - RECAP))
    session = Session(
        state, agents, specs, console, stdin_text(), log_from=max(0, log_len - RECAP), prefs=on
    )
    if people:
        session.autosave = _start_autosave(session, state, specs, kept)
    return session.run()


def run_replay(path: Path, verify: bool, *, content: Path | None = None) -> int:
    """`tabletop replay`: print a recorded game's log as a spectator sees it, and its result.
    With `verify`, every recorded digest must match (a `RecordError` names the first answer
    where the replay diverges), and a `content` patch file must be the one the record was
    played with."""
    record = load(path)
    patch: Patch | None = None if content is None else load_patch(content, record.game)
    state = replay(record, verify=verify, content=patch)
    console = make_console()
    spec = registry.get(record.game)
    opts: dict[str, Any] = record.options
    described = ", ".join(f"{k}={v}" for k, v in opts.items())
    n = len(record.answers)
    console.rule(
        Text(
            f"{spec.title} · {plural(record.players, 'player')} · seed {record.seed} · "
            + ("" if state.patch is None else f"content {state.patch.describe()} · ")
            + f"{n} answer{'' if n == 1 else 's'}"
            + (f" · {described}" if described else "")
        )
    )
    for rule, text in state.log_for(None):
        console.print(log_line(rule, text))
    if state.is_over:
        print_result(state, None, console)
    else:
        waiting = ", ".join(who(p) for p in state.to_move())
        console.print(Text(f"The game is not over: waiting for {waiting}."))
    if verify:
        console.print(Text(f"OK: {plural(n, 'answer')} replayed; every recorded digest matches."))
    return 0


__all__ = [
    "NothingToResumeError",
    "UiError",
    "full_screen",
    "random_seed",
    "run_play",
    "run_replay",
    "run_resume",
]
