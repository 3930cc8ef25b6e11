"""One table being played on the server: its game, seats, connections and persistence.

A `Room` wraps the kernel's `Table` (`tabletop.engine.table`): a person's seat `s` is the
controller `seat-s` (the server maps seat tokens to seats, so one browser holding several
tokens plays several seats), an agent's seat its agent. Every change (an answer and the bot
answers it sets off, an undo, a bot taking over a seat) runs under the room's lock, in a
worker thread, and ends with `Store.commit_answers`; only then are the sender acknowledged
and the connections told (each connection is marked dirty and its writer builds what it
sends from the state as it is then: views only for the connection's own seats, events as
those seats may read them).

Seats a bot covers: a person's seat vacated (`leave`) at a table with a `takeover` agent,
or one left idle past `idle_seconds` while the game waits on it, is played by that agent
until a person joins it again or the idle person sends anything; the kernel table is then
rebuilt with the seat's new controller (undo points are dropped, as at a restart).

Stale answers: the server remembers, per seat, the `step` (answers made so far) at which the
seat's current question was first put to it; an answer made in an earlier step is refused as
stale, even when the same option happens to be legal again.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.errors import (
    AlreadyAnsweredError,
    AnswerError,
    GameOverError,
    IllegalOptionError,
    MalformedAnswerError,
    TabletopError,
    WrongPlayerError,
)
from tabletop.engine.record import clip_message, digest
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.engine.table import (
    Chooser,
    Cursor,
    DriveLimitError,
    NothingToUndoError,
    NotYourSeatError,
    Table,
    TableError,
)
from tabletop.server.protocol import ErrorCode, error
from tabletop.server.store import Store

PERSON = "person"
# Events sent at most when a viewer's log starts again from the beginning (a new connection,
# a restart, an undo the viewer cannot follow): the rest of the log is on the record.
RESET_EVENTS = 300
OUTBOX = 64  # replies queued for one connection before the oldest are dropped
TAKEOVER_SEAT_SALT = 1000  # the takeover agent of seat s is seeded with (seed, 1000 + s)


class RoomError(Exception):
    """A request the room refuses, with the protocol's error code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


def answer_error_code(e: TabletopError) -> ErrorCode:
    if isinstance(e, GameOverError):
        return "game_over"
    if isinstance(e, WrongPlayerError):
        return "wrong_player"
    if isinstance(e, IllegalOptionError):
        return "illegal_option"
    if isinstance(e, AlreadyAnsweredError):
        return "already_answered"
    if isinstance(e, MalformedAnswerError):
        return "malformed"
    if isinstance(e, NothingToUndoError):
        return "nothing_to_undo"
    if isinstance(e, NotYourSeatError):
        return "not_your_seat"
    return "bad_request"


@dataclass(eq=False)
class Conn:
    """One WebSocket connection as its room sees it."""

    seats: tuple[int, ...] = ()
    hello: bool = False
    cursors: dict[int | None, tuple[Cursor, str]] = field(default_factory=dict)
    outbox: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=OUTBOX))
    state_dirty: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    def post(self, message: dict[str, Any]) -> None:
        self.outbox.append(message)
        self.wake.set()

    def dirty(self) -> None:
        self.state_dirty = True
        self.wake.set()

    @property
    def viewers(self) -> tuple[int | None, ...]:
        return self.seats if self.seats else (None,)


class Room:
    """A table on the server. Build with `Room.start` (new) or `Room.resume` (from the store)."""

    def __init__(
        self,
        store: Store,
        *,
        table_id: str,
        name: str,
        state: State,
        specs: list[str],
        takeover: str | None,
        idle_seconds: float | None,
        pace_ms: int,
        host_hash: str,
        token_hashes: list[str | None],
        invite_hashes: list[str | None],
        vacated: list[bool],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.id = table_id
        self.name = name
        self.specs = specs
        self.takeover = takeover
        self.idle_seconds = idle_seconds
        self.pace_ms = pace_ms
        self.host_hash = host_hash
        self.token_hashes = token_hashes
        self.invite_hashes = invite_hashes
        self.vacated = vacated
        self.clock = clock
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.idle_covered: set[int] = set()
        self._agents: dict[int, Chooser] = {}
        self._saved: list[tuple[int, str]] = list(state.history or [])
        self.asked_since = [state.steps] * state.num_players
        self._asks: list[tuple[object, ...] | None] = [None] * state.num_players
        self.waiting_since = [clock()] * state.num_players
        self.table = self._build(state)
        self._note_asks(())
        self._pacer: asyncio.Task[None] | None = None
        self._idler: asyncio.Task[None] | None = None

    # -- building -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.table.state

    def is_person(self, seat: int) -> bool:
        return self.specs[seat] == PERSON

    def covered(self, seat: int) -> bool:
        """Whether the takeover agent plays this person's seat now."""
        if not self.is_person(seat) or self.takeover is None:
            return False
        return self.vacated[seat] or seat in self.idle_covered

    def _agent(self, seat: int) -> Chooser:
        agent = self._agents.get(seat)
        if agent is None:
            if self.is_person(seat):
                assert self.takeover is not None
                seed = derive_seed(self._seed, TAKEOVER_SEAT_SALT + seat)
                agent = make_agent(self.takeover, self._game, seed)
            else:
                agent = make_agent(self.specs[seat], self._game, derive_seed(self._seed, seat))
            self._agents[seat] = agent
        return agent

    def _build(self, state: State) -> Table:
        self._game = state.game_id
        self._seed = state.seed
        self.gen = secrets.token_hex(6)  # cursors given by an earlier kernel table are void
        controllers: list[str | Chooser] = []
        for seat in range(state.num_players):
            if self.is_person(seat) and not self.covered(seat):
                controllers.append(f"seat-{seat}")
            else:
                controllers.append(self._agent(seat))
        return Table(state, controllers)

    def rebuild(self) -> None:
        self.table = self._build(self.table.state)

    # -- bookkeeping after every change -----------------------------------------------------
    def _note_asks(self, answered: tuple[int, ...]) -> None:
        """Per seat: the step at which its current question was first put to it."""
        state = self.state
        d = state.pending
        waiting = set(state.to_move())
        now = self.clock()
        for seat in range(state.num_players):
            ask: tuple[object, ...] | None = None
            if d is not None and seat in waiting:
                mine = d.ask(seat)
                ask = (mine.kind, mine.prompt, tuple(o.id for o in mine.options))
            if ask != self._asks[seat] or seat in answered:
                self._asks[seat] = ask
                self.asked_since[seat] = state.steps
                self.waiting_since[seat] = now

    def commit(self) -> None:
        """Make the store's answers the game's history (one transaction), and note the asks."""
        state = self.state
        history = state.history or []
        saved = self._saved
        keep = 0
        limit = min(len(saved), len(history))
        while keep < limit and saved[keep] == history[keep]:
            keep += 1
        if keep == len(saved) == len(history):
            return
        new = history[keep:]
        self.store.commit_answers(
            self.id, keep, new, steps=state.steps, digest=digest(state), over=state.is_over
        )
        answered = tuple({p for p, _ in new})
        self._saved = list(history)
        self._note_asks(answered)

    def mark_saved(self) -> None:
        """The store holds the whole history now (a table just created)."""
        self._saved = list(self.state.history or [])
        self._note_asks(())

    def changed(self) -> None:
        for conn in self.conns:
            conn.dirty()
        self.schedule()

    # -- what the table waits for ------------------------------------------------------------
    def bots_to_move(self) -> bool:
        return self.state.pending is not None and not self.table.asks()

    def drive(self) -> None:
        """Bot answers, all at once, or (paced) none: the pacer makes them one by one."""
        if self.pace_ms:
            return
        # past the limit the table is stuck on its bots: committed as far as it got
        with contextlib.suppress(DriveLimitError):
            self.table.drive()

    def drive_one(self) -> None:
        # one answer made; the limit error says more are to come (the pacer calls again)
        with contextlib.suppress(DriveLimitError):
            self.table.drive(max_steps=1)

    # -- requests (call with the lock held; kernel and database work runs in a thread) ------
    def answer_sync(self, seat: int, option: str, step: int) -> None:
        state = self.state
        if step > state.steps:
            raise RoomError("malformed", f"step {step} is ahead of the game (step {state.steps})")
        if step < self.asked_since[seat]:
            raise RoomError(
                "stale",
                f"the game has moved on since step {step}: your answer was not applied; "
                f"answer the question asked now (step {state.steps})",
            )
        if self.covered(seat):
            raise RoomError("not_your_seat", f"P{seat + 1} is played by a bot now")
        try:
            self.table.answer(f"seat-{seat}", seat, option, drive=False)
        except (AnswerError, TableError) as e:
            raise RoomError(answer_error_code(e), clip_message(str(e))) from None
        self.drive()
        self.commit()

    def undo_sync(self, seat: int) -> None:
        if self.covered(seat):
            raise RoomError("not_your_seat", f"P{seat + 1} is played by a bot now")
        try:
            self.table.undo(f"seat-{seat}", seat)
        except TableError as e:
            raise RoomError(answer_error_code(e), clip_message(str(e))) from None
        self.commit()
        self._note_asks((seat,))

    def bot_step_sync(self) -> bool:
        """One paced bot answer; False when there was none to make."""
        if not self.bots_to_move():
            return False
        self.drive_one()
        self.commit()
        return True

    def cover_sync(self, seats: set[int]) -> None:
        self.idle_covered |= seats
        self.rebuild()
        self.drive()
        self.commit()

    def uncover(self, seats: tuple[int, ...]) -> bool:
        """The person is back: hand their idle seats back to them."""
        back = self.idle_covered & set(seats)
        if not back:
            return False
        self.idle_covered -= back
        now = self.clock()
        for seat in back:
            self.waiting_since[seat] = now
        self.rebuild()
        return True

    def seen(self, seats: tuple[int, ...]) -> None:
        now = self.clock()
        for seat in seats:
            self.waiting_since[seat] = now

    # -- background: pacing and idle seats ---------------------------------------------------
    def schedule(self) -> None:
        if self.pace_ms and (self._pacer is None or self._pacer.done()) and self.bots_to_move():
            self._pacer = asyncio.get_running_loop().create_task(self._pace())
        wants_idle = self.idle_seconds is not None and self.takeover is not None
        if wants_idle and (self._idler is None or self._idler.done()) and not self.state.is_over:
            self._idler = asyncio.get_running_loop().create_task(self._watch_idle())

    async def _pace(self) -> None:
        while True:
            await asyncio.sleep(self.pace_ms / 1000)
            async with self.lock:
                made = await asyncio.to_thread(self.bot_step_sync)
                if not made:
                    return
                for conn in self.conns:
                    conn.dirty()

    def idle_seats(self) -> set[int]:
        assert self.idle_seconds is not None
        now = self.clock()
        out = set()
        for ask in self.table.asks():
            seat = ask.seat
            if self.token_hashes[seat] is None or seat in self.idle_covered:
                continue
            if now - self.waiting_since[seat] >= self.idle_seconds:
                out.add(seat)
        return out

    async def _watch_idle(self) -> None:
        assert self.idle_seconds is not None
        tick = min(max(self.idle_seconds / 4, 0.01), 1.0)
        while not self.state.is_over:
            await asyncio.sleep(tick)
            async with self.lock:
                idle = self.idle_seats()
                if idle:
                    await asyncio.to_thread(self.cover_sync, idle)
                    self.changed()

    def stop(self) -> None:
        for task in (self._pacer, self._idler):
            if task is not None:
                task.cancel()

    # -- what each connection is sent --------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        state = self.state
        spec = registry.get(state.game_id)
        online: set[int] = set()
        for conn in self.conns:
            online.update(conn.seats)
        seats = []
        for seat in range(state.num_players):
            person = self.is_person(seat)
            seats.append(
                {
                    "seat": seat,
                    "name": f"P{seat + 1}",
                    "kind": PERSON if person else "agent",
                    "agent": None if person else self.specs[seat],
                    "taken": person and self.token_hashes[seat] is not None,
                    "covered": self.covered(seat),
                    "online": seat in online,
                }
            )
        return {
            "id": self.id,
            "name": self.name,
            "game": state.game_id,
            "title": spec.title,
            "players": state.num_players,
            "seats": seats,
            "takeover": self.takeover,
            "idle_seconds": self.idle_seconds,
            "pace_ms": self.pace_ms,
            "over": state.is_over,
            "step": state.steps,
        }

    def message_for(self, conn: Conn) -> dict[str, Any]:
        table = self.table
        state = table.state
        asks = {a.seat: a for a in table.asks()}
        viewers = []
        for viewer in conn.viewers:
            start, gen = conn.cursors.get(viewer, (Cursor(), ""))
            reset = gen != self.gen or start == Cursor()
            events: list[tuple[str, str]] = []
            if not reset:
                try:
                    events, cursor = table.events_since(start, viewer)
                except TableError:
                    reset = True
            if reset:
                events, cursor = table.events_since(Cursor(), viewer)
                events = events[-RESET_EVENTS:]
            conn.cursors[viewer] = (cursor, self.gen)
            entry: dict[str, Any] = {
                "seat": viewer,
                "view": state.view(viewer),
                "events": [{"rule": r, "text": t} for r, t in events],
                "reset": reset,
                "cursor": {"position": cursor.position, "epoch": cursor.epoch, "gen": self.gen},
            }
            if viewer is not None:
                ask = asks.get(viewer)
                entry["ask"] = (
                    None
                    if ask is None
                    else {
                        "kind": ask.kind,
                        "prompt": ask.prompt,
                        "rule": ask.rule,
                        "secret": ask.secret,
                        "options": [{"id": o.id, "label": o.label} for o in ask.options],
                    }
                )
                entry["can_undo"] = not self.covered(viewer) and table.can_undo(
                    f"seat-{viewer}", viewer
                )
            viewers.append(entry)
        return {"type": "state", "table": self.meta(), "step": state.steps, "viewers": viewers}

    # -- connections ----------------------------------------------------------------------
    def attach(self, conn: Conn) -> None:
        self.conns.add(conn)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.closed = True
        conn.wake.set()
        if conn.seats:
            for other in self.conns:
                other.dirty()

    def seat_of_token(self, token_hash: str) -> int | None:
        for seat, known in enumerate(self.token_hashes):
            if known is not None and secrets.compare_digest(known, token_hash):
                return seat
        return None


def error_message(e: RoomError) -> dict[str, Any]:
    return error(e.code, e.message)
