"""Turn clocks and auto-pass switches: what the server answers for a person's seat by itself.

**Turn clocks.** A table may be created with a turn clock (`CreateTable.clock_seconds`, real
time, `Settings.clock_min_seconds` to 600 s; or `clock_days`, 1 to 14 days a move) and a rule
for when it runs out (`on_timeout`). The clock of a person's seat starts when a question is
put to it, or when somebody takes the seat if it was asked before (a seat nobody has taken
has no clock: nobody runs out of time before sitting down). In a secret decision it starts
when the decision is put to its seats and runs until the decision is complete, so the clocks
never tell who has answered already. Its deadline is wall-clock time, stored with the seat
(`tt_seats.deadline`), so it runs on while nobody is connected and across a restart. When
it runs out before the seat answered, the rule applies:

- `bot`: the table's takeover agent (else the heuristic) makes that one answer; the seat stays
  the person's.
- `skip`: the seat's least committal answer: "pass" where the question offers it, else
  "done", else (a question with neither, such as choosing a card to discard) the bot's answer
  as for `bot`: a game cannot go on without an answer, and a move the bot chose is closer to
  what the person would have done than a random or first option.
- `forfeit`: the seat is out: a bot plays it from then on (`tt_seats.forfeited`), it cannot
  win, and the results say "forfeited".

Expiry is driven by the server: each table held in memory with a clock has a watch task
(`watch`) that sleeps until the next deadline, then, under the room's lock and in a worker
thread, applies the rule in one `Room.transact` that looks at the deadlines again once the
table is caught up (another server process on the same PostgreSQL may have answered or
applied the expiry first: the row lock makes them take turns, and only the first finds the
deadline passed). A table whose clock is due and is not held in memory (evicted, or after a
restart) is loaded by the server's sweep (`Store.clocked_table_ids`).

**Auto-pass switches.** Each person's seat has the switches of the terminal
(`tabletop.ui.prefs`: a game's `PREFERENCES`, on by default where passing cannot matter),
stored with the seat (`tt_seats.autopass`, the game's defaults while never changed) and
changed by an `autopass` message. `SeatPrefs` is the kernel table's `prefer` hook: when a
decision is put to a seat whose switch answers it, the table answers for it, as a bot turn in
the bot pool (never inside a request), so it works with the tab closed; a secret answer is
held back as the kernel table holds it. A preference reads the seat's own view and its own
question only: `OwnAsk` hands it the decision without the other seats' questions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from tabletop.engine.decision import Decision, Option
from tabletop.server.kernel import RoomError
from tabletop.server.limits import Settings
from tabletop.server.people import signed
from tabletop.server.protocol import CLOCK_DAYS, CLOCK_SECONDS, AutoPass, CreateTable, error
from tabletop.ui.prefs import Answer, available, choose

if TYPE_CHECKING:
    from tabletop.server.room import Conn, Room

log = logging.getLogger("tabletop.server")
DEFAULT_BOT = "heuristic"  # plays an expired seat where the table has no takeover agent
SKIP_OPTIONS = ("pass", "done")  # the least committal answers, in order of preference
DAY = 86400.0


def clock_of(req: CreateTable, settings: Settings) -> float | None:
    """The turn clock asked for, in seconds (None: none); refused with what is allowed."""
    if req.clock_seconds is not None and req.clock_days is not None:
        raise RoomError("bad_request", "give clock_seconds or clock_days, not both")
    if req.clock_days is not None:
        return req.clock_days * DAY
    if req.clock_seconds is None:
        return None
    low = settings.clock_min_seconds
    if not low <= req.clock_seconds <= CLOCK_SECONDS:
        raise RoomError(
            "bad_request",
            f"clock_seconds must be {low:g} to {CLOCK_SECONDS} seconds a decision (or give "
            f"clock_days, 1 to {CLOCK_DAYS} days a move), not {req.clock_seconds:g}",
        )
    return float(req.clock_seconds)


# -- whose clock runs ----------------------------------------------------------------------
def clocked(room: Room) -> dict[int, int]:
    """The persons' seats whose clock runs now, each with the step its clock started at: a
    seat somebody has taken (nobody runs out of time before sitting down), played by its
    person, asked a question that auto-pass does not answer."""
    state = room.state
    d = state.pending
    if room.clock_seconds is None or d is None:
        return {}

    def runs(seat: int) -> bool:
        return room.token_hashes[seat] is not None and not room.covered(seat)

    if d.secret:  # the whole decision's seats, until it is complete (answered or not)
        start = state.steps - (len(d.players) - len(state.to_move()))
        return {s: start for s in d.players if room.is_person(s) and runs(s)}
    table = room.table
    return {
        s: room.asked_since[s]
        for s in state.to_move()
        if room.is_person(s) and runs(s) and table.auto_answer(s) is None
    }


def note_deadlines(room: Room, now: float) -> bool:
    """Start the clock of each seat just asked, stop those no longer asked; True if any
    deadline changed (the seats are then written)."""
    if room.clock_seconds is None:
        return False
    running = clocked(room)
    changed = False
    for seat in range(len(room.deadlines)):
        key = running.get(seat)
        if key is None:
            if room.deadlines[seat] is not None:
                room.deadlines[seat] = None
                changed = True
            room.deadline_keys[seat] = None
        elif room.deadlines[seat] is None or room.deadline_keys[seat] != key:
            room.deadlines[seat] = now + room.clock_seconds
            room.deadline_keys[seat] = key
            changed = True
    return changed


def adopt_keys(room: Room) -> None:
    """The deadlines were read from the store: they belong to the questions asked now."""
    running = clocked(room)
    for seat, deadline in enumerate(room.deadlines):
        room.deadline_keys[seat] = running.get(seat) if deadline is not None else None


def due(room: Room, now: float) -> list[int]:
    """Seats asked now whose clock has run out."""
    out = []
    for ask in room.table.asks():
        deadline = room.deadlines[ask.seat]
        if deadline is not None and deadline <= now:
            out.append(ask.seat)
    return out


def next_deadline(room: Room) -> float | None:
    asked = [room.deadlines[a.seat] for a in room.table.asks()]
    found = [d for d in asked if d is not None]
    return min(found) if found else None


def skip_option(options: tuple[Option, ...]) -> str | None:
    ids = {o.id for o in options}
    return next((i for i in SKIP_OPTIONS if i in ids), None)


def expire(room: Room) -> list[str]:
    """Apply the table's rule to each seat asked whose clock ran out (within `transact`, on
    the table as caught up); returns what to tell the table."""
    now = time.time()
    told: list[str] = []
    seats = due(room, now)
    decision = room.state.pending
    for seat in seats:
        state = room.state
        if state.pending is None or state.pending is not decision or seat not in state.to_move():
            break  # the game moved on: the next question has a clock of its own
        who = signed(room, seat)
        if room.clock_rule == "forfeit":
            room.forfeit(seat)
            told.append(f"{who} ran out of time and forfeits: a bot plays the seat (it cannot win)")
            log.info("table %s: %s forfeited (turn clock)", room.id, who)
            continue
        option = skip_option(state.pending.options_for(seat)) if room.clock_rule == "skip" else None
        how = "skipped (passed)" if option is not None else "a bot answered for them"
        if option is None:
            option = room.agent_for(seat).choose(state, seat)
        state.apply(seat, option)  # the kernel table drops its undo points (an outside apply)
        told.append(f"{who} ran out of time: {how}")
        log.info("table %s: %s ran out of time (%s)", room.id, who, room.clock_rule)
        if not state.pending or state.pending is not decision:
            break
    return told


async def watch(room: Room) -> None:
    """Sleep until the next deadline, then apply the rule (see the module's doc)."""
    assert room.clock_seconds is not None
    tick = max(0.05, min(30.0, room.clock_seconds / 4))  # also notices new deadlines
    while not room.state.is_over:
        nxt = next_deadline(room)
        wait = tick if nxt is None else min(max(nxt - time.time(), 0.0), tick)
        if wait > 0:
            room.clock_wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.clock_wake.wait(), wait)
            continue
        async with room.lock:
            if not due(room, time.time()):
                await asyncio.sleep(0.05)  # (another change came first)
                continue
            try:
                told = await asyncio.to_thread(room.expire_sync)
            except Exception:  # logged; tried again at the next tick
                log.exception("table %s: a turn clock could not be applied", room.id)
                await asyncio.sleep(tick)
                continue
            for text in told:
                for conn in room.conns:
                    conn.post({"type": "notice", "text": text})
            room.changed()


# -- auto-pass switches ----------------------------------------------------------------------
class OwnAsk:
    """A decision as one seat's preference may read it: its public facts and that seat's own
    question, never another seat's."""

    PUBLIC = frozenset({"kind", "rule", "mode", "secret", "players"})

    def __init__(self, decision: Decision, seat: int) -> None:
        self._decision = decision
        self._seat = seat

    def ask(self, seat: int) -> Any:
        self._mine(seat)
        return self._decision.ask(seat)

    def options_for(self, seat: int) -> tuple[Option, ...]:
        self._mine(seat)
        return self._decision.options_for(seat)

    def _mine(self, seat: int) -> None:
        if seat != self._seat:
            raise PermissionError(f"a preference of P{self._seat + 1} read P{seat + 1}'s question")

    def __getattr__(self, name: str) -> Any:
        if name in self.PUBLIC:
            return getattr(self._decision, name)
        raise AttributeError(f"a preference may not read the decision's {name!r}")


class SeatPrefs:
    """The kernel table's `prefer` hook: each person's seat answered by its own switches,
    from its own view and question. The view is built once per step and seat."""

    def __init__(self, room: Room, game_id: str) -> None:
        self.room = room
        self.prefs: dict[str, tuple[str, Answer, bool]] = available(game_id)
        self.defaults = tuple(sorted(choose(game_id)))
        self._cache: tuple[object, ...] | None = None

    def on(self, seat: int) -> tuple[str, ...]:
        mine = self.room.autopass[seat]
        return self.defaults if mine is None else mine

    def __call__(self, seat: int, decision: Decision) -> str | None:
        on = self.on(seat)
        if not on:
            return None
        state = self.room.state
        key = (id(state), state.steps, id(decision), seat, on)
        if self._cache is not None and self._cache[:-1] == key:
            return self._cache[-1]  # type: ignore[return-value]
        view = state.view(seat)
        wanted: str | None = None
        for name, (_, answer, _) in self.prefs.items():
            if name in on:
                try:
                    wanted = answer(view, seat, OwnAsk(decision, seat))  # type: ignore[arg-type]
                except Exception:  # a preference that fails answers nothing: the person is asked
                    log.exception("auto-pass %s failed for P%d", name, seat + 1)
                    wanted = None
                if wanted is not None:
                    break
        self._cache = (*key, wanted)
        return wanted

    def switches(self, seat: int) -> list[dict[str, Any]]:
        on = self.on(seat)
        return [
            {"name": name, "help": help_, "on": name in on}
            for name, (help_, _, _) in self.prefs.items()
        ]


async def set_autopass(room: Room, conn: Conn, message: AutoPass) -> dict[str, Any] | None:
    """Turn one of a held seat's switches on or off (stored with the seat)."""
    if message.seat not in conn.seats:
        return error("not_your_seat", f"this connection does not hold P{message.seat + 1}")
    prefs = room.prefs.prefs
    if message.name not in prefs:
        names = ", ".join(prefs) or "none"
        return error(
            "bad_request",
            f"{room.state.game_id} has no auto-pass switch {message.name[:40]!r}; its switches "
            f"are: {names}",
        )

    def change() -> None:
        on = set(room.prefs.on(message.seat))
        if message.on:
            on.add(message.name)
        else:
            on.discard(message.name)
        room.set_autopass(message.seat, tuple(sorted(on)))

    async with room.lock:
        await asyncio.to_thread(room.transact, change)
        room.changed()
    return None


def tell_autopassed(room: Room, answered: list[tuple[int, str]]) -> None:
    """Each answer auto-pass made: logged, and told to the seat's own connections."""
    for seat, label in answered:
        who = signed(room, seat)
        log.info("table %s: answered for %s by auto-pass", room.id, who)
        for conn in room.conns:
            if seat in conn.seats:
                conn.post({"type": "notice", "text": f"Auto-pass answered for {who}: {label}"})
