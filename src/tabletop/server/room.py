"""One table being played on the server: its game, seats, connections and persistence.

A `Room` wraps the kernel's `Table` (`tabletop.engine.table`): a person's seat `s` is the
controller `seat-s` (the server maps seat tokens to seats, so one browser holding several
tokens plays several seats), an agent's seat its agent. Every change (an answer, a turn of
the bots' answers, an undo, a seat joined, left or taken over) is one `transact`: under the
room's lock, in a worker thread, the table's row is locked in the store, whatever another
server process stored since is adopted first (answers replayed, seats read back), the change
is made, and what it changed is written and committed. Only then are the sender acknowledged
and the connections told (each connection is marked dirty and its writer builds what it
sends from the state as it is then: `tabletop.server.outgoing`).

Bots never answer inside a request: after every change the room schedules its bots, which
take turns in the server's `BotPool` (`tabletop.server.limits`): a turn waits for a free
worker, then takes the room's lock and makes one answer (paced) or as many as fit in a slice,
in one transaction; the agents are made from their specs with the server's budget caps.

Seats a bot covers: a person's seat vacated (`leave`) at a table with a `takeover` agent, or
one the game has waited on for `idle_seconds` since its question was put, is played by that
agent until a person joins it again or the idle person sends anything; the kernel table is
then rebuilt with the seat's new controller (undo points are dropped, as at a restart). Both
are stored with the seat, so every process agrees on who plays it.

Stale answers: the server remembers, per seat, the `step` (answers made so far) at which the
seat's current question was first put to it; an answer made in an earlier step is refused as
stale, even when the same option happens to be legal again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from tabletop.agents import make_agent
from tabletop.engine.decision import Option
from tabletop.engine.errors import AnswerError
from tabletop.engine.record import clip_message, digest
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.engine.table import Chooser, DriveLimitError, Table, TableError
from tabletop.server import clock as turns
from tabletop.server import outgoing
from tabletop.server.kernel import RoomError, answer_error_code, replay_stored
from tabletop.server.limits import BotPool, Settings, bounded_spec
from tabletop.server.outgoing import Conn as Conn
from tabletop.server.schema import CHAT_KEPT, SeatRow
from tabletop.server.store import Store, Tx

log = logging.getLogger("tabletop.server")
T = TypeVar("T")
PERSON = "person"
TAKEOVER_SEAT_SALT = 1000  # the takeover agent of seat s is seeded with (seed, 1000 + s)


class Room:
    """A table on the server (made by `Hub.create`, or loaded back by `Hub.room`)."""

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
        idle: list[bool] | None = None,
        names: list[str | None] | None = None,
        chat_mode: str = "everyone",
        clock_seconds: float | None = None,
        clock_rule: str = "bot",
        deadlines: list[float | None] | None = None,
        forfeited: list[bool] | None = None,
        autopass: list[tuple[str, ...] | None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        settings: Settings | None = None,
        bots: BotPool | None = None,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.bots = bots
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
        self.names = list(names or [None] * len(specs))  # the persons' display names
        self.chat_mode = chat_mode  # who reads the chat (tabletop.server.people)
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.rematch: str | None = None  # the table the host started after this one
        self.clock = clock
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.idle_covered: set[int] = {s for s, on in enumerate(idle or ()) if on}
        n = len(specs)
        self.clock_seconds = clock_seconds  # the turn clock (tabletop.server.clock)
        self.clock_rule = clock_rule
        self.deadlines: list[float | None] = list(deadlines or [None] * n)  # wall-clock
        self.deadline_keys: list[int | None] = [None] * n  # the step each clock started at
        self.forfeited = list(forfeited or [False] * n)
        self.autopass: list[tuple[str, ...] | None] = list(autopass or [None] * n)
        self.autopassed: list[tuple[int, str]] = []  # answered by auto-pass, to be told
        self.prefs = turns.SeatPrefs(self, state.game_id)
        self.clock_wake = asyncio.Event()
        self._seats_dirty = False
        self._agents: dict[int, Chooser] = {}
        self._saved: list[tuple[int, str]] = list(state.history or [])
        self._digest = digest(state)
        self.asked_since = [state.steps] * state.num_players
        self._asks: list[tuple[object, ...] | None] = [None] * state.num_players
        self.waiting_since = [clock()] * state.num_players
        self.table = self._build(state)
        self._note_asks(())
        turns.adopt_keys(self)
        turns.note_deadlines(self, time.time())  # a new table's first question

        self._bot_task: asyncio.Task[None] | None = None
        self._again = False
        self.adopted = False  # a change caught up what another process stored
        self.last_used = clock()  # when a connection last left or a change was made
        self._idler: asyncio.Task[None] | None = None
        self._watch: asyncio.Task[None] | None = None

    # -- building -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.table.state

    def is_person(self, seat: int) -> bool:
        return self.specs[seat] == PERSON

    def covered(self, seat: int) -> bool:
        """Whether a bot plays this person's seat now (the takeover agent, or a forfeit's)."""
        if not self.is_person(seat):
            return False
        if self.forfeited[seat]:
            return True
        return self.takeover is not None and (self.vacated[seat] or seat in self.idle_covered)

    def agent_for(self, seat: int) -> Chooser:
        """The seat's agent; a person's seat: the takeover agent, else the heuristic."""
        agent = self._agents.get(seat)
        if agent is None:
            if self.is_person(seat):
                seed = derive_seed(self._seed, TAKEOVER_SEAT_SALT + seat)
                takeover = self.takeover or turns.DEFAULT_BOT
                spec = bounded_spec(takeover, self.settings, strict=False)
                agent = make_agent(spec, self._game, seed)
            else:
                spec = bounded_spec(self.specs[seat], self.settings, strict=False)
                agent = make_agent(spec, self._game, derive_seed(self._seed, seat))
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
                controllers.append(self.agent_for(seat))
        return Table(state, controllers, prefer=self.prefs, on_auto=self._on_auto)

    def _on_auto(self, seat: int, option: Option) -> None:
        self.autopassed.append((seat, str(option.label)))

    def rebuild(self) -> None:
        self.table = self._build(self.table.state)

    # -- bookkeeping after every change -----------------------------------------------------
    def _note_asks(self, answered: Iterable[int]) -> None:
        """Per seat: the step at which its current question was first put to it (and when,
        by this process's clock: idle time counts from then)."""
        state = self.state
        d = state.pending
        waiting = set(state.to_move())
        now = self.clock()
        answered = set(answered)
        for seat in range(state.num_players):
            ask: tuple[object, ...] | None = None
            if d is not None and seat in waiting:
                mine = d.ask(seat)
                ask = (mine.kind, mine.prompt, tuple(o.id for o in mine.options))
            if ask != self._asks[seat] or seat in answered:
                self._asks[seat] = ask
                self.asked_since[seat] = state.steps
                self.waiting_since[seat] = now

    def mark_saved(self) -> None:
        """The store holds the whole history now (a table just created or loaded)."""
        self._saved = list(self.state.history or [])
        self._digest = digest(self.state)
        self._note_asks(())

    def changed(self) -> None:
        self.last_used = self.clock()
        for conn in self.conns:
            conn.dirty()
        self.schedule()

    # -- the store: every change is one transaction with the table's row locked --------------
    def transact(self, change: Callable[[], T]) -> T:
        """Lock the table's row, catch up with what other processes stored since, make
        `change`, store what it changed, commit. If anything raises, nothing is stored and
        the seats are read back from the store (the game itself is untouched by a refused
        answer; any other failure makes the caller reload the room)."""
        try:
            with self.store.locked(self.id) as tx:
                self.adopted |= self._catch_up(tx)
                result = change()
                self._write(tx)
        except BaseException:
            self._seats_dirty = False
            with contextlib.suppress(Exception):
                self._adopt_seats(self.store.seat_rows(self.id))
            raise
        return result

    def _catch_up(self, tx: Tx) -> bool:
        """Adopt what another process stored since this one last did; True if anything."""
        if tx.digest != self._digest:
            stored = tx.load()
            answers = stored.answers
            known = len(self._saved)
            if answers[:known] == self._saved and self.state.steps == known:
                state = self.state
                for player, option_id in answers[known:]:
                    state.apply(player, option_id)  # the kernel table drops its undo points
            else:  # an undo elsewhere: start again from the stored answers
                self.table = self._build(replay_stored(stored))
            if digest(self.state) != stored.digest:
                raise RoomError("internal", f"table {self.id}: the stored answers do not agree")
            new = answers[known:]
            self._saved = list(answers)
            self._digest = stored.digest
            self._note_asks(p for p, _ in new)
            self._adopt_seats(tx.seat_rows())
            return True
        return tx.shared and self._adopt_seats(tx.seat_rows())

    def _adopt_seats(self, rows: list[SeatRow]) -> bool:
        mine = [self._seat_row(s) for s in range(len(rows))]
        if rows == mine:
            return False
        before = [self.covered(s) for s in range(len(rows))]
        for seat, row in enumerate(rows):
            self.token_hashes[seat] = row.token_hash
            self.invite_hashes[seat] = row.invite_hash
            self.vacated[seat] = row.vacated
            self.names[seat] = row.name
            self.deadlines[seat] = row.deadline
            self.forfeited[seat] = row.forfeited
            self.autopass[seat] = row.autopass
            if row.idle:
                self.idle_covered.add(seat)
            elif seat in self.idle_covered:
                self.idle_covered.discard(seat)
                self.waiting_since[seat] = self.clock()
        if before != [self.covered(s) for s in range(len(rows))]:
            self.rebuild()
        turns.adopt_keys(self)
        return True

    def _seat_row(self, seat: int) -> SeatRow:
        return SeatRow(
            self.token_hashes[seat],
            self.invite_hashes[seat],
            self.vacated[seat],
            seat in self.idle_covered,
            self.names[seat],
            self.deadlines[seat],
            self.forfeited[seat],
            self.autopass[seat],
        )

    def set_seat(
        self,
        seat: int,
        *,
        token_hash: str | None,
        invite_hash: str | None,
        vacated: bool,
        idle: bool = False,
    ) -> None:
        """Change a seat (within `transact`); the table is rebuilt if its controller changes."""
        was = self.covered(seat)
        self.token_hashes[seat] = token_hash
        self.invite_hashes[seat] = invite_hash
        self.vacated[seat] = vacated
        if idle:
            self.idle_covered.add(seat)
        else:
            self.idle_covered.discard(seat)
        self._seats_dirty = True
        if was != self.covered(seat):
            if not self.covered(seat):
                self.waiting_since[seat] = self.clock()
            self.rebuild()

    def _write(self, tx: Tx) -> None:
        """Store the answers added or taken back since the last write, and changed seats."""
        state = self.state
        history = state.history or []
        saved = self._saved
        keep = 0
        limit = min(len(saved), len(history))
        while keep < limit and saved[keep] == history[keep]:
            keep += 1
        if not keep == len(saved) == len(history):
            new = history[keep:]
            self._digest = digest(state)
            tx.write_answers(
                keep,
                new,
                steps=state.steps,
                digest=self._digest,
                over=state.is_over,
                taken_back=keep < len(saved),
            )
            self._saved = list(history)
            self._note_asks(p for p, _ in new)
        if turns.note_deadlines(self, time.time()):
            self._seats_dirty = True
        if self._seats_dirty:
            for seat in range(state.num_players):
                tx.write_seat(seat, self._seat_row(seat))
            self._seats_dirty = False

    def rename(self, seat: int, name: str | None) -> None:
        """Name a seat (within `transact`: it is stored with the seat)."""
        self.names[seat] = name
        self._seats_dirty = True

    def set_autopass(self, seat: int, on: tuple[str, ...]) -> None:
        """A seat's auto-pass switches (within `transact`: stored with the seat)."""
        self.autopass[seat] = on
        self._seats_dirty = True

    def forfeit(self, seat: int) -> None:
        """The seat is out (within `transact`): a bot plays it from now on."""
        self.forfeited[seat] = True
        self._seats_dirty = True
        self.rebuild()

    # -- what the table waits for ------------------------------------------------------------
    def bots_to_move(self) -> bool:
        """Whether the table itself may have an answer to make: a bot's seat is asked (it may
        wait for a person of a secret decision), an auto-pass answer, a held-back answer."""
        state = self.state
        if state.pending is None:
            return False
        table, secret = self.table, state.pending.secret  # (a secret auto-answer is held)
        return bool(table.held()) or any(
            not isinstance(table.controller(s), str)
            or (not secret and table.auto_answer(s) is not None)
            for s in state.to_move()
        )

    def bot_turn(self) -> tuple[int, bool]:
        """The table's own answers for one turn of the bot pool (within `transact`): one when
        paced, else as many as fit in `Settings.bot_slice` seconds; returns how many were made
        and whether more are to come."""
        start = time.perf_counter()
        made = 0
        while True:
            try:
                n, more = self.table.drive(max_steps=1), False
            except DriveLimitError:  # one made, and more are to come
                n, more = 1, True
            made += n
            if not more or self.pace_ms:
                return made, more
            if time.perf_counter() - start >= self.settings.bot_slice:
                return made, more

    # -- requests (call with the lock held, in a worker thread: kernel and database work) ----
    def answer_sync(self, seat: int, option: str, step: int) -> None:
        self.back_sync((seat,))  # an idle person answering is back
        self.transact(lambda: self._answer(seat, option, step))

    def _answer(self, seat: int, option: str, step: int) -> None:
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
            raise RoomError("not_your_seat", self._why_bot(seat))
        try:
            self.table.answer(f"seat-{seat}", seat, option, drive=False)
        except (AnswerError, TableError) as e:
            raise RoomError(answer_error_code(e), clip_message(str(e))) from None

    def undo_sync(self, seat: int) -> None:
        self.back_sync((seat,))
        self.transact(lambda: self._undo(seat))

    def _undo(self, seat: int) -> None:
        if self.covered(seat):
            raise RoomError("not_your_seat", self._why_bot(seat))
        try:
            self.table.undo(f"seat-{seat}", seat)
        except TableError as e:
            raise RoomError(answer_error_code(e), clip_message(str(e))) from None
        self._note_asks((seat,))

    def _why_bot(self, seat: int) -> str:
        if self.forfeited[seat]:
            return f"P{seat + 1} forfeited (its turn clock ran out): a bot plays it"
        return f"P{seat + 1} is played by a bot now"

    def expire_sync(self) -> list[str]:
        """Apply the turn clock's rule to the seats whose time ran out (tabletop.server.clock)."""
        return self.transact(lambda: turns.expire(self))

    def bot_turn_sync(self) -> tuple[int, bool]:
        """One turn of the table's bots, stored (see `bot_turn`)."""
        return self.transact(self.bot_turn)

    def cover_sync(self, seats: set[int]) -> bool:
        """Hand idle seats to the takeover agent (those still idle once caught up)."""

        def cover() -> bool:
            idle = self.idle_seats() & seats
            for seat in idle:
                self.set_seat(
                    seat,
                    token_hash=self.token_hashes[seat],
                    invite_hash=self.invite_hashes[seat],
                    vacated=self.vacated[seat],
                    idle=True,
                )
            return bool(idle)

        return self.transact(cover)

    def back_sync(self, seats: tuple[int, ...]) -> bool:
        """The person is back: hand their idle seats back to them; True if any was."""
        if not self.idle_covered & set(seats):
            return False

        def back() -> bool:
            mine = self.idle_covered & set(seats)  # as caught up
            for seat in mine:
                self.set_seat(
                    seat,
                    token_hash=self.token_hashes[seat],
                    invite_hash=self.invite_hashes[seat],
                    vacated=self.vacated[seat],
                )
            return bool(mine)

        return self.transact(back)

    def refresh_sync(self) -> bool:
        """Catch up with the store (another process changed the table); True if anything."""
        with self.store.locked(self.id) as tx:
            return self._catch_up(tx)

    # -- background: bots and idle seats -------------------------------------------------------
    def schedule(self) -> None:
        """Start what the table needs in the background: its bots' answers (never made in a
        request: they take turns in the server's bot pool) and the idle-seat watch."""
        if self.bot_busy():
            self._again = True  # the running task looks again before it ends
        elif self.bots is not None and self.bots_to_move():
            self._bot_task = asyncio.get_running_loop().create_task(self._play_bots(self.bots))
        if self.wants_idle_watch() and (self._idler is None or self._idler.done()):
            self._idler = asyncio.get_running_loop().create_task(self._watch_idle())
        if self.clock_seconds is not None and not self.state.is_over:
            self.clock_wake.set()  # a deadline may have moved
            if self._watch is None or self._watch.done():
                self._watch = asyncio.get_running_loop().create_task(turns.watch(self))

    def wants_idle_watch(self) -> bool:
        """Whether a person's seat here may be handed to the takeover bot when left idle."""
        return (
            self.idle_seconds is not None
            and self.takeover is not None
            and not self.state.is_over
            and any(h is not None for h in self.token_hashes)
        )

    def bot_busy(self) -> bool:
        return self._bot_task is not None and not self._bot_task.done()

    async def _play_bots(self, bots: BotPool) -> None:
        loop = asyncio.get_running_loop()
        only_bots = not any(self.is_person(s) for s in range(len(self.specs)))
        while True:
            if self.pace_ms:
                await asyncio.sleep(self.pace_ms / 1000)
            self._again = False
            async with contextlib.AsyncExitStack() as background:
                if only_bots:  # a game of bots only: in the background (BotPool.background)
                    await background.enter_async_context(bots.background)
                async with bots.turns, self.lock:
                    if not self.bots_to_move():  # looked at as it is now: nothing to do
                        return
                    started = loop.time()
                    try:
                        turn = loop.run_in_executor(bots.executor, self.bot_turn_sync)
                        made, more = await turn
                    except Exception:  # logged; the table's next change starts them again
                        log.exception("table %s: its bots could not answer", self.id)
                        return
                if only_bots and more:  # rest as long as the turn took, keeping the place
                    await asyncio.sleep(loop.time() - started)
            if self.autopassed:
                turns.tell_autopassed(self, self.autopassed)
                self.autopassed = []
            if made or self.adopted:  # (another process's answers count: tell the conns)
                self.adopted = False
                self.last_used = self.clock()
                for conn in self.conns:
                    conn.dirty()
            if not more and not self._again:
                return

    def idle_seats(self) -> set[int]:
        """Persons' seats the game has waited on for `idle_seconds` since their question was
        put (or since they were handed back)."""
        if self.idle_seconds is None or self.takeover is None:
            return set()
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
                    covered = await asyncio.to_thread(self.cover_sync, idle)
                    if covered:
                        self.changed()

    def stop(self) -> None:
        for task in (self._bot_task, self._idler, self._watch):
            if task is not None:
                task.cancel()

    # -- what each connection is sent (tabletop.server.outgoing) ------------------------------
    def meta(self) -> dict[str, Any]:
        return outgoing.meta(self)

    def message_for(self, conn: Conn) -> dict[str, Any]:
        return outgoing.message_for(self, conn)

    # -- connections ----------------------------------------------------------------------
    def attach(self, conn: Conn) -> None:
        self.conns.add(conn)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.last_used = self.clock()
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
