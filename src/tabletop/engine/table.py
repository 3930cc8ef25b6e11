"""Tables: one game, its seats, and who controls each seat.

A `Table` wraps one `State` and maps every seat to a controller: a person, named by a
controller id string (one person may hold several seats, as at a hot-seat screen or when one
player runs two heroes), or an agent (anything with `choose(state, seat) -> option id`). The
terminal, the web server and the simulator all play through it:

    table = Table(new_game("quests", 3, seed), ["ann", bot1, "ann"])
    table.drive()                       # bots answer until a person must, or the game ends
    for person, seats in table.waiting_for().items(): ...
    table.answer("ann", 0, "pass")      # checked, applied, then the bots move again
    events, cursor = table.events_since(cursor, viewer=0)
    table.undo("ann", 0)                # when the rules below allow it

`table.state` is the game; read it afresh after `undo`, which puts an earlier copy in its place.
Every answer goes through `State.apply`, so a rejected one raises the kernel's typed error and
changes nothing; the table adds its own errors (`TableError` and its subclasses).

**Auto-answer.** A person may opt in per seat (`auto=` or `set_auto`); agents need nothing.
For an opted-in seat whose ask offers a single option:
- in an ordinary (one-player) decision, `drive` answers it at once. The answer is logged as
  any answer is; what others can read besides is only that it came without delay, which is
  why it is opt-in and never the default;
- in a simultaneous (secret) decision, the answer is *held back*: the table gives it only
  when every other player of that decision has answered, completing the decision. Until then
  the seat stays in `state.to_move()` (and in every view's "waiting_for") exactly like a
  person still thinking, so neither its content nor its timing tells anyone that the seat had
  no choice: the decision resolves right after the last real answer, as it would had the seat
  answered first. The held seat is not in `waiting_for()` (nobody is asked). A hot-seat
  screen must still hand itself to each seat in `held()`, or the skipped hand-off would tell
  the room; `drive(release=False)` stops before giving held answers, so it can do that first;
- but when no person of the decision has a real choice (every person's seat in it is opted
  in and has a single option) at a table of several persons, nothing is held: those seats are
  asked like any other, and each person confirms. Giving the held answers at once would
  resolve the decision without waiting for anyone, which tells every other person that
  nobody had a choice; a table of one person (who knows their own seats) gets them at once.

**Order.** Agents answer at once, but in a secret decision in the decision's order: an agent
seated after a person who has yet to answer waits for them (its answer is hidden anyway), so
the record lists the answers as the seats are asked and the person's previous choice stays
undoable until they answer (an agent's answer would otherwise come first and forbid it). In
a PARALLEL decision agents answer in passes: each agent waited for when a pass begins answers
once, in the decision's order (as the simulator always played), so none acts twice before
the others have acted once.

**Preferences.** `prefer(seat, decision) -> option id | None`, when given, may answer for a
person's seat even where it has several options (a personal preference such as "pass every
Escape window unless the card targets me"); it is asked only for person seats, and its answer
is an auto-answer like a lone option's: made by `drive`, held back in a secret decision until
the others are in, asked of the person instead where nobody of the decision would then have
to answer at a table of several persons; an id it returns that is not among the seat's
options is ignored. `auto_answer(seat)` says what the table would answer for a seat now.

`on_auto(seat, option)`, when given, is called just before each auto-answer is made (an
interface's note that it answered for the person).

**Undo.** A person may take back their own last answers to a seat (`undo(controller, seat)`)
while nothing was revealed to anyone by them or since, for every game alike:
- nobody else has answered since (another seat's answer, an agent's, or an auto-answer for
  another seat all count);
- no chance was drawn since: the RNG's state (`state.rng.state`) must be what it was before
  the answer, so undoing can neither reveal nor re-roll anything;
- no seat sees or knows anything it did not before the answer (`State.seen`): no card came
  into a seat's sight (drawn from a deck into a hand, played from a hand face up, turned
  over), no card became known to a seat (a peek: `Zones.known`), and none of the hidden
  facts a game keeps outside its zones (its `_seen` hook) reached a seat. Drawing the top
  card of a deck draws no chance, but shows the drawer a card: it is never undone;
- the answer that completes a secret decision of several players is never undone either: it
  revealed the others' answers, which the person would then know when answering again.
What each seat sees is recorded with each undo point and compared after every later answer
(the seat's own included, since they keep the point alive); the first reveal drops them all,
and `NothingToUndoError` then names the reason. Only choices are undo points: a lone option
the person confirmed is taken back with the choice before it, as an auto-answer is. The
state returns to exactly the copy taken before the answer (same fingerprint, log and history);
auto-answers the seat made after it go too. Repeating `undo` goes further back under the same
rule. Cost: one `State.clone()` and one `State.seen()` per person's choice, kept only while it
can still be undone (dropped as soon as another seat answers, chance is drawn or anything is
revealed), and one `State.seen()` after each further answer of that seat while a point is
kept, so a table holds a few at most; nothing is replayed, it works with `log=False` games,
and a table of agents only (the simulator's) keeps no points and pays nothing.

**Event cursors.** `events_since(cursor, viewer)` returns the log events after `cursor` as
`(rule id, text)` in the words `viewer` may read (`Event.text_for`: another seat's secret
never shows), and the cursor to pass next time. Start from `Cursor()` (the whole log) or
`table.cursor()` (from now). Cursors survive undo: a viewer who had read events that were
taken back reads a `table.undo` notice, then what happened instead. A `log=False` game has no
events: `events_since` returns none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, NoReturn, Protocol, cast

from tabletop.engine.decision import PARALLEL, Decision, Option
from tabletop.engine.errors import SeatError, TabletopError
from tabletop.engine.record import Record, record_of
from tabletop.engine.state import State
from tabletop.engine.undo import (
    CHANCE_DRAWN,
    MOVED_OUTSIDE,
    SECRET_REVEALED,
    Point,
    revealed,
    who,
)

# The most answers one `drive` call makes before it decides the bots are stuck: 40 times the
# longest game measured (eight random Quests bots, 23,000 answers).
MAX_STEPS = 1_000_000
UNDO_RULE = "table.undo"


class TableError(TabletopError):
    """Base class of the errors a `Table` raises itself."""


class NotYourSeatError(TableError):
    """A controller tried to answer for, undo or set a seat it does not hold."""


class DriveLimitError(TableError):
    """`drive` made its maximum number of answers without reaching a person or the end."""


class NothingToUndoError(TableError):
    """`undo` found no answer of that seat that may still be taken back."""


class Chooser(Protocol):
    """What a seat's agent offers (see `tabletop.agents`)."""

    def choose(self, state: State, player: int) -> str: ...


class Cursor(NamedTuple):
    """A viewer's place in the log: `position` events read, as of the table's `epoch`-th
    undo. Plain integers, so a server may send it to a client and take it back."""

    position: int = 0
    epoch: int = 0


class Ask(NamedTuple):
    """One question a person must answer now."""

    controller: str
    seat: int
    kind: str
    prompt: str
    rule: str
    options: tuple[Option, ...]
    secret: bool  # part of a simultaneous decision: answers stay hidden until all are in


class _Cut(NamedTuple):
    """An undo: the log was cut back to `length` events by `seat`."""

    length: int
    seat: int


class Table:
    """One game and its seats' controllers. See the module's doc for the rules."""

    def __init__(
        self,
        state: State,
        seats: Sequence[str | Chooser],
        *,
        auto: Iterable[int] = (),
        max_steps: int = MAX_STEPS,
        on_auto: Callable[[int, Option], None] | None = None,
        prefer: Callable[[int, Decision], str | None] | None = None,
    ) -> None:
        if len(seats) != state.num_players:
            raise SeatError(
                f"the table needs one controller per seat: the game has {state.num_players} "
                f"seats, {len(seats)} controllers were given"
            )
        for seat, ctrl in enumerate(seats):
            if isinstance(ctrl, str):
                if not ctrl:
                    raise TableError(f"seat {who(seat)}: a person's controller id is empty")
            elif not callable(getattr(ctrl, "choose", None)):
                raise TableError(
                    f"seat {who(seat)}: {type(ctrl).__name__} is neither a person's controller "
                    "id (a string) nor an agent (with choose(state, seat))"
                )
        if max_steps < 1:
            raise TableError(f"max_steps must be at least 1, not {max_steps}")
        self._state = state
        self._seats: tuple[str | Chooser, ...] = tuple(seats)
        self._persons = len({c for c in self._seats if isinstance(c, str)})
        self._auto: set[int] = set()
        self.max_steps = max_steps
        self.on_auto = on_auto
        self.prefer = prefer
        self._points: list[Point] = []
        self._why: dict[int, str] = {}  # seat -> why its last choice cannot be taken back
        self._steps = state.steps  # steps when the table last looked: catches outside applies
        self._cuts: list[_Cut] = []
        self._pass: list[int] = []  # agents still to answer in this PARALLEL pass
        for seat in auto:
            self._check_seat(seat)
            if not isinstance(self._seats[seat], str):
                raise TableError(f"seat {who(seat)} is played by an agent: it needs no auto-answer")
            self._auto.add(seat)

    # -- seats ------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    def controller(self, seat: int) -> str | Chooser:
        self._check_seat(seat)
        return self._seats[seat]

    def persons(self) -> tuple[str, ...]:
        """The persons at the table, in the order of their first seat."""
        out: list[str] = []
        for ctrl in self._seats:
            if isinstance(ctrl, str) and ctrl not in out:
                out.append(ctrl)
        return tuple(out)

    def seats_of(self, controller: str) -> tuple[int, ...]:
        return tuple(s for s, c in enumerate(self._seats) if c == controller)

    def set_auto(self, controller: str, seat: int, on: bool = True) -> None:
        """Opt a person's seat in to (or out of) auto-answering single-option asks."""
        self._check_holder(controller, seat)
        if on:
            self._auto.add(seat)
        else:
            self._auto.discard(seat)

    def auto(self, seat: int) -> bool:
        self._check_seat(seat)
        return seat in self._auto

    # -- who must answer ---------------------------------------------------------------------
    def waiting_for(self) -> dict[str, tuple[int, ...]]:
        """The persons who must answer now, each with the seats they answer for. Empty when
        the game is over, or when the table itself has answers to make (call `drive`)."""
        out: dict[str, list[int]] = {}
        for ask in self.asks():
            out.setdefault(ask.controller, []).append(ask.seat)
        return {ctrl: tuple(seats) for ctrl, seats in out.items()}

    def asks(self, controller: str | None = None) -> tuple[Ask, ...]:
        """The questions persons (or one person) must answer now, in seat order of the
        decision; an auto-answered or held-back seat is asked nothing."""
        state = self._state
        d = state.pending
        if d is None or self._automatic() is not None:
            return ()
        out = []
        for seat in state.to_move():
            ctrl = self._seats[seat]
            if not isinstance(ctrl, str) or (controller is not None and ctrl != controller):
                continue
            if self._held(d, seat):
                continue
            mine = d.ask(seat)
            out.append(Ask(ctrl, seat, mine.kind, mine.prompt, mine.rule, mine.options, d.secret))
        return tuple(out)

    def held(self) -> tuple[int, ...]:
        """Seats whose single-option answer to the pending simultaneous decision the table
        holds back until the others have answered (see the module's doc)."""
        d = self._state.pending
        if d is None:
            return ()
        return tuple(s for s in self._state.to_move() if self._held(d, s))

    def _held(self, d: Decision, seat: int) -> bool:
        return d.secret and self._auto_option(d, seat) is not None and not self._exposed(d)

    def _auto_option(self, d: Decision, seat: int) -> Option | None:
        """What the table may answer for person `seat` of `d` itself: its lone option where
        the seat opted in, else its `prefer` answer when that is one of its options."""
        if not isinstance(self._seats[seat], str):
            return None
        options = d.options_for(seat)
        if seat in self._auto and len(options) == 1:
            return options[0]
        if self.prefer is not None:
            wanted = self.prefer(seat, d)
            if wanted is not None:
                for option in options:
                    if option.id == wanted:
                        return option
        return None

    def auto_answer(self, seat: int) -> Option | None:
        """The answer the table would make for person `seat` of the pending decision (a lone
        option it opted in to, or its preference), or None."""
        self._check_seat(seat)
        d = self._state.pending
        if d is None or seat not in self._state.to_move():
            return None
        return self._auto_option(d, seat)

    def _exposed(self, d: Decision) -> bool:
        """No person of the secret decision `d` has a real choice, at a table of several
        persons: then nothing is held (see the module's doc)."""
        if self._persons < 2:
            return False
        seats = self._seats
        return not any(
            isinstance(seats[s], str) and self._auto_option(d, s) is None for s in d.players
        )

    def _automatic(self) -> tuple[int, str | None] | None:
        """The next answer the table makes itself: (seat, option id) for an auto-answer,
        (seat, None) for an agent's (asked only when it is made), or None."""
        state = self._state
        d = state.pending
        if d is None:
            return None
        waiting = state.to_move()
        seats = self._seats
        if not d.secret:
            if d.mode == PARALLEL:
                seat = self._next_in_pass(waiting)
                if seat is not None:
                    return seat, None
            for seat in waiting:
                if not isinstance(seats[seat], str):
                    return seat, None
            for seat in waiting:
                option = self._auto_option(d, seat)
                if option is not None:
                    return seat, option.id
            return None
        # secret: in the decision's order, an agent after a person still to answer waits
        for seat in waiting:
            if not isinstance(seats[seat], str):
                return seat, None
            if not self._held(d, seat):
                return None
        if waiting:  # only held seats are left: their answers complete the decision
            option = self._auto_option(d, waiting[0])
            assert option is not None
            return waiting[0], option.id
        return None

    def _next_in_pass(self, waiting: tuple[int, ...]) -> int | None:
        """In a PARALLEL decision agents answer in passes: each agent waited for at the start
        of a pass answers once, in the decision's order, then a new pass begins."""
        agents = [s for s in waiting if not isinstance(self._seats[s], str)]
        self._pass = [s for s in self._pass if s in agents] or agents
        return self._pass[0] if self._pass else None

    # -- moving the game ---------------------------------------------------------------------
    def drive(self, max_steps: int | None = None, *, release: bool = True) -> int:
        """Make the table's own answers (agents', auto-answers) until a person must answer or
        the game is over; return how many were made. Raises `DriveLimitError` after
        `max_steps` answers (default `self.max_steps`), leaving the game where it got to.
        With `release=False` it also stops before giving held-back answers (`held()`)."""
        limit = self.max_steps if max_steps is None else max_steps
        self._sync()
        if not self._persons:
            return self._drive_agents(limit)
        made = 0
        while True:
            step = self._automatic()
            if step is None:
                return made
            seat, option_id = step
            state = self._state
            d = state.pending
            assert d is not None
            if option_id is not None and not release and d.secret:
                return made
            if made >= limit:
                self._limit_reached(made)
            if option_id is None:
                option_id = cast(Chooser, self._seats[seat]).choose(state, seat)
                if self._pass and self._pass[0] == seat:
                    self._pass.pop(0)
            elif self.on_auto is not None:
                self.on_auto(seat, next(o for o in d.options_for(seat) if o.id == option_id))
            state.apply(seat, option_id)
            self._applied(seat)
            made += 1

    def _drive_agents(self, limit: int) -> int:
        """`drive` at a table of agents only (the simulator's hot path), in the order
        `_automatic` chooses (passes over the waiting seats), with no undo points to keep."""
        state = self._state
        agents = cast(tuple[Chooser, ...], self._seats)
        made = 0
        try:
            while (d := state.pending) is not None:
                # One pass. Only in a PARALLEL decision may an answer leave fewer seats asked
                # (a SECRET one waits for all its seats, a ONE decision asks one).
                parallel = d.mode == PARALLEL
                for seat in state.to_move():
                    if made >= limit:
                        self._limit_reached(made)
                    if parallel and seat not in state.to_move():
                        continue
                    state.apply(seat, agents[seat].choose(state, seat))
                    made += 1
                    if state.pending is None:
                        break
        finally:
            self._steps = state.steps
        return made

    def _limit_reached(self, made: int) -> NoReturn:
        d = self._state.pending
        assert d is not None
        raise DriveLimitError(
            f"drive made {made:,} answers without reaching a person's decision or the "
            f"end of the game (are the agents stuck in a loop?); the game waits at "
            f"{d.kind!r} ({d.rule}) for " + ", ".join(who(s) for s in self._state.to_move())
        )

    def answer(self, controller: str, seat: int, option_id: str, *, drive: bool = True) -> int:
        """`controller` answers for `seat`. The controller must hold the seat
        (`NotYourSeatError`); the answer goes through `State.apply`, so an unacceptable one
        raises its typed error and changes nothing. Then, with `drive`, the table makes its
        own answers; returns how many it made."""
        self._check_holder(controller, seat)
        self._sync()
        state = self._state
        steps, rng = state.steps, state.rng.state
        d = state.pending
        # the last answer of a secret decision reveals the others' answers: taking it back
        # would let the person answer again knowing them
        reveals = d is not None and d.secret and len(d.players) > 1 and state.to_move() == (seat,)
        # a lone option confirmed is no choice: undo goes back past it, to the last choice
        choice = d is not None and len(d.options_for(seat)) > 1
        if choice and not reveals:
            point = Point(seat, steps, rng, state.clone(), state.seen(), self._why.get(seat))
        else:
            point = None
        state.apply(seat, option_id)
        if point is not None:  # kept only if the answer itself reveals nothing (below)
            self._points.append(point)
        elif reveals:
            self._why[seat] = SECRET_REVEALED
        self._applied(seat)
        return self.drive() if drive else 0

    def _applied(self, seat: int) -> None:
        """After `seat` answered: only that seat's points stay, and only while no chance was
        drawn and nobody sees anything they did not see at the point (see the module's
        doc). Costs nothing where no point is kept (agents, other seats' answers)."""
        state = self._state
        self._steps = state.steps
        points = self._points
        if not points:
            return
        if any(p.seat != seat for p in points):
            self._drop([p for p in points if p.seat != seat], f"{who(seat)} answered after it")
            points = self._points = [p for p in points if p.seat == seat]
            if not points:
                return
        now = state.rng.state
        if any(p.rng != now for p in points):
            self._drop(points, CHANCE_DRAWN)
            return
        seen = state.seen()
        for point in points:
            why = revealed(point.seen, seen, state.zones)
            if why is not None:
                self._drop(points, why)
                return

    def _drop(self, points: list[Point], why: str) -> None:
        """Forget `points`, noting for their seats why (their undo finds nothing now)."""
        for p in points:
            self._why[p.seat] = why
        gone = {id(p) for p in points}
        self._points = [p for p in self._points if id(p) not in gone]

    def _sync(self) -> None:
        """Forget undo points if the state moved without the table (an outside `apply`)."""
        if self._state.steps != self._steps:
            self._drop(self._points, MOVED_OUTSIDE)
            self._steps = self._state.steps

    # -- undo --------------------------------------------------------------------------------
    def _undo_point(self, seat: int) -> Point | None:
        self._sync()
        state = self._state
        history = state.history
        for point in reversed(self._points):
            if point.seat != seat or point.rng != state.rng.state:
                continue
            if history is not None and any(p != seat for p, _ in history[point.steps :]):
                continue
            return point
        return None

    def can_undo(self, controller: str, seat: int) -> bool:
        self._check_holder(controller, seat)
        return self._undo_point(seat) is not None

    def undo(self, controller: str, seat: int) -> int:
        """Take back `seat`'s last answer (and its auto-answers after it) when the rules in the
        module's doc allow; return how many answers were taken back. `NothingToUndoError`
        otherwise, with nothing changed."""
        self._check_holder(controller, seat)
        point = self._undo_point(seat)
        if point is None:
            why = self._why.get(seat)
            raise NothingToUndoError(
                f"nothing to undo for {who(seat)}: "
                + (
                    "no choice of yours at this table can be taken back"
                    if why is None
                    else f"your last choice can no longer be taken back: {why}"
                )
            )
        taken = self._state.steps - point.steps
        restored = point.before
        self._points = [p for p in self._points if p.steps < point.steps]
        if point.prior is None:
            self._why.pop(seat, None)
        else:
            self._why[seat] = point.prior
        # the kept copy becomes the game; the next undo of an earlier point needs its own copy
        self._state = restored
        self._steps = restored.steps
        self._cuts.append(_Cut(len(restored.log or ()), seat))
        return taken

    # -- events ------------------------------------------------------------------------------
    def cursor(self) -> Cursor:
        """A cursor at the end of the log as it is now."""
        return Cursor(len(self._state.log or ()), len(self._cuts))

    def events_since(
        self, cursor: Cursor, viewer: int | None
    ) -> tuple[list[tuple[str, str]], Cursor]:
        """The events after `cursor` as `viewer` (a seat, or None for a spectator) may read
        them, as (rule id, text), and the cursor to pass next time."""
        if viewer is not None:
            self._check_seat(viewer)
        position, epoch = self._check_cursor(cursor)
        log = self._state.log
        if log is None:
            return [], Cursor(0, len(self._cuts))
        out: list[tuple[str, str]] = []
        for cut in self._cuts[epoch:]:
            if position > cut.length:
                out.append(
                    (UNDO_RULE, f"{who(cut.seat)} took back an answer: what followed it is undone")
                )
                position = cut.length
        out.extend((e.rule, e.text_for(viewer)) for e in log[position:])
        return out, Cursor(len(log), len(self._cuts))

    def _check_cursor(self, cursor: object) -> tuple[int, int]:
        if (
            not isinstance(cursor, tuple)
            or len(cursor) != 2
            or not all(type(x) is int and x >= 0 for x in cursor)
        ):
            raise TableError(f"{cursor!r} is not a cursor: expected Cursor(position, epoch)")
        position, epoch = cursor
        if epoch > len(self._cuts) or (
            epoch == len(self._cuts) and position > len(self._state.log or ())
        ):
            raise TableError(f"{cursor!r} is not a cursor this table gave")
        return position, epoch

    # -- records and views --------------------------------------------------------------------
    def record(self) -> Record:
        """The game's record (`tabletop.engine.record.record_of`); a `log=False` game keeps
        no history and raises `RecordError`."""
        return record_of(self._state)

    # -- checks ------------------------------------------------------------------------------
    def _check_seat(self, seat: object) -> None:
        n = self._state.num_players
        if type(seat) is not int or not 0 <= seat < n:
            raise SeatError(
                f"{str(seat)[:40]!r} is not a seat of this game: expected a seat number "
                f"from 0 to {n - 1}"
            )

    def _check_holder(self, controller: str, seat: int) -> None:
        self._check_seat(seat)
        ctrl = self._seats[seat]
        if not isinstance(ctrl, str):
            raise NotYourSeatError(f"seat {who(seat)} is played by an agent, not by a person")
        if ctrl != controller:
            raise NotYourSeatError(f"{str(controller)[:40]!r} does not hold seat {who(seat)}")
