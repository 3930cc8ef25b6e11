"""What the server sends each connection: built from the kernel's per-seat views, questions
and events only, for the seats the connection holds (a spectator: `view(None)`)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine import registry
from tabletop.engine.table import Cursor, TableError
from tabletop.server.people import shown

if TYPE_CHECKING:
    from tabletop.server.room import Room

PERSON = "person"  # as tabletop.server.room.PERSON (imported from there it would be circular)
# Events sent at most when a viewer's log starts again from the beginning (a new connection,
# a restart, an undo the viewer cannot follow): the rest of the log is on the record.
RESET_EVENTS = 300
OUTBOX = 64  # replies queued for one connection before the oldest are dropped


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


def meta(room: Room) -> dict[str, Any]:
    """The table's public facts: every connection gets the same."""
    state = room.state
    spec = registry.get(state.game_id)
    online: set[int] = set()
    for conn in room.conns:
        online.update(conn.seats)
    seats = []
    for seat in range(state.num_players):
        person = room.is_person(seat)
        seats.append(
            {
                "seat": seat,
                "name": shown(room, seat),
                "chosen": room.names[seat],  # the name its person chose, if any
                "kind": PERSON if person else "agent",
                "agent": None if person else room.specs[seat],
                "taken": person and room.token_hashes[seat] is not None,
                "covered": room.covered(seat),
                "online": seat in online,
                "forfeited": room.forfeited[seat],
                "deadline": room.deadlines[seat],  # wall-clock time its turn clock runs out
            }
        )
    return {
        "id": room.id,
        "name": room.name,
        "game": state.game_id,
        "title": spec.title,
        "players": state.num_players,
        "seats": seats,
        "takeover": room.takeover,
        "idle_seconds": room.idle_seconds,
        "pace_ms": room.pace_ms,
        "over": state.is_over,
        "step": state.steps,
        "chat": room.chat_mode,
        "rematch": room.rematch,
        "clock": None
        if room.clock_seconds is None
        else {"seconds": room.clock_seconds, "rule": room.clock_rule},
        "now": time.time(),  # the server's clock, for the deadlines
        # the content patch it is played with (`serve --content`): its source and digest
        "content": None
        if state.patch is None
        else {"source": state.patch.source, "digest": state.patch.digest},
        # who the decision now is put to (public, as the table shows it: never who of them
        # has already answered a secret decision)
        "waiting": [] if state.pending is None else list(state.pending.players),
    }


def message_for(room: Room, conn: Conn) -> dict[str, Any]:
    """What `conn` is sent now: for each of its seats (or the spectator) the view, the
    question, the events since its cursor; never another seat's."""
    table = room.table
    state = table.state
    asks = {a.seat: a for a in table.asks()}
    viewers = []
    for viewer in conn.viewers:
        start, gen = conn.cursors.get(viewer, (Cursor(), ""))
        reset = gen != room.gen or start == Cursor()
        events: list[tuple[str, str]] = []
        if not reset:
            try:
                events, cursor = table.events_since(start, viewer)
            except TableError:
                reset = True
        if reset:
            events, cursor = table.events_since(Cursor(), viewer)
            events = events[-RESET_EVENTS:]
        conn.cursors[viewer] = (cursor, room.gen)
        entry: dict[str, Any] = {
            "seat": viewer,
            "view": with_forfeits(room, state.view(viewer)),
            "events": [{"rule": r, "text": t} for r, t in events],
            "reset": reset,
            "cursor": {"position": cursor.position, "epoch": cursor.epoch, "gen": room.gen},
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
            entry["autopass"] = room.prefs.switches(viewer)
            entry["can_undo"] = not room.covered(viewer) and table.can_undo(
                f"seat-{viewer}", viewer
            )
        viewers.append(entry)
    return {"type": "state", "table": room.meta(), "step": state.steps, "viewers": viewers}


def with_forfeits(room: Room, view: dict[str, Any]) -> dict[str, Any]:
    """A view whose result names the seats that forfeited (a forfeited seat cannot win)."""
    result = view.get("result")
    out = [s for s, gone in enumerate(room.forfeited) if gone]
    if not out or not isinstance(result, dict):
        return view
    winners = [s for s in result.get("winners", []) if s not in out]
    return {**view, "result": {**result, "winners": winners, "forfeited": out}}
