"""The replay viewer's API: a finished game stepped through, answer by answer.

    GET  /api/tables/{id}/replay?step=K&seat=S   a finished table at answer K
    POST /api/replays                            upload a record file -> {id, steps}
    GET  /api/replays/{id}?step=K&seat=S         an uploaded record at answer K
    GET  /replay  and  /replay/{id}              the viewer page (upload, or a table)

`seat` is a seat number (that seat's view: exactly what it saw then), `spectator` (what
anyone watching saw) or `all` (every seat's view side by side). A table is replayed only once
its game is over: before the end its record is nobody's (see `Hub.record`), and a view of an
earlier step of a running game would show a seat what it saw, which is its own business. An
uploaded record is its owner's file, seed included, so all views of it are open.

Replaying costs CPU, so it never runs on the event loop: one replay at a time runs in a
thread, and its states are kept every `CHECKPOINT` answers for the next requests
(at most `KEEP` games, the oldest dropped), so a step costs at most `CHECKPOINT` answers. An
upload is at most `MAX_UPLOAD_BYTES` and `MAX_ANSWERS` answers, verified digest by digest.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from tabletop.engine import registry
from tabletop.engine.errors import RecordError, TabletopError
from tabletop.engine.record import Record, clip_message, record_of, replay
from tabletop.engine.state import State
from tabletop.server.kernel import RoomError
from tabletop.server.room import Room

CHECKPOINT = 25  # answers between two kept states
KEEP = 16  # games kept replayed
MAX_UPLOAD_BYTES = 4 * 1024 * 1024
MAX_ANSWERS = 20_000
LOG_LINES = 300  # the most log lines one step sends
STATIC = Path(__file__).parent / "static"


@dataclass
class Source:
    """A game being replayed: its record and its states every `CHECKPOINT` answers."""

    record: Record
    title: str
    checkpoints: list[State]

    @property
    def steps(self) -> int:
        return len(self.record.answers)

    def state_at(self, step: int) -> tuple[State, str | None]:
        """The game after `step` answers, and the label of the answer that led there."""
        if step == 0:
            return self.checkpoints[0].clone(), None
        first = (step - 1) // CHECKPOINT * CHECKPOINT
        state = self.checkpoints[first // CHECKPOINT].clone()
        for player, option in self.record.answers[first : step - 1]:
            state.apply(player, option)
        player, option = self.record.answers[step - 1]
        pending = state.pending
        label = None
        if pending is not None:
            label = next((o.label for o in pending.options_for(player) if o.id == option), None)
        state.apply(player, option)
        return state, label


def build(record: Record) -> Source:
    """Replay `record`, verifying every digest, keeping a state every `CHECKPOINT` answers."""
    if len(record.answers) > MAX_ANSWERS:
        raise RecordError(f"a record replayed here has at most {MAX_ANSWERS:,} answers")
    replay(record, verify=True)  # every digest must match before anyone steps through it
    state = replay(record, verify=False, upto=0)
    checkpoints = [state.clone()]
    for i, (player, option) in enumerate(record.answers, 1):
        state.apply(player, option)
        if i % CHECKPOINT == 0:
            checkpoints.append(state.clone())
    return Source(record, registry.get(record.game).title, checkpoints)


class Replays:
    """The games kept replayed (finished tables and uploads), oldest dropped first."""

    def __init__(self) -> None:
        self.sources: OrderedDict[str, Source] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> Source | None:
        with self.lock:
            source = self.sources.get(key)
            if source is not None:
                self.sources.move_to_end(key)
            return source

    def put(self, key: str, source: Source) -> None:
        with self.lock:
            self.sources[key] = source
            while len(self.sources) > KEEP:
                self.sources.popitem(last=False)


def _seat(seat: str, players: int) -> list[int | None]:
    if seat == "all":
        return list(range(players))
    if seat == "spectator":
        return [None]
    if seat.isdigit() and int(seat) < players:
        return [int(seat)]
    raise RoomError(
        "bad_request",
        f"seat is a seat number from 0 to {players - 1}, spectator or all; not {seat[:20]!r}",
    )


def step_message(source: Source, step: int | None, seat: str) -> dict[str, Any]:
    """What the viewer shows at `step` (the end when None) from `seat`'s view."""
    total = source.steps
    at = total if step is None else step
    if not 0 <= at <= total:
        raise RoomError("bad_request", f"step is from 0 to {total}, not {at}")
    viewers = _seat(seat, source.record.players)
    state, label = source.state_at(at)
    views = []
    for viewer in viewers:
        view = state.view(viewer)
        view.pop("log", None)
        views.append({"seat": viewer, "view": view})
    events = state.log_for(viewers[0] if len(viewers) == 1 else None)
    result = state.result
    answer = None
    if at:
        player, _ = source.record.answers[at - 1]
        answer = {"seat": player, "label": label or "an answer"}
    return {
        "game": source.record.game,
        "title": source.title,
        "players": source.record.players,
        "steps": total,
        "step": at,
        "seat": seat,
        "answer": answer,
        "views": views,
        "log": [{"rule": r, "text": t} for r, t in events[-LOG_LINES:]],
        "earlier": max(0, len(events) - LOG_LINES),
        "result": None
        if result is None
        else {
            "scores": list(result.scores),
            "winners": sorted(result.winners),
            "reason": result.reason,
            "team": result.team,
        },
    }


def router(room_of: Callable[[str], Awaitable[Room]]) -> APIRouter:
    """The replay routes; `room_of` finds a table (as the app's own routes do)."""
    api = APIRouter()
    replays = Replays()
    gate = asyncio.Semaphore(1)  # one replay at a time, in a thread

    async def source_of_table(table_id: str) -> Source:
        room = await room_of(table_id)
        if not room.state.is_over:
            raise RoomError(
                "bad_request",
                "a table can be replayed once its game is over (until then its record and "
                "its seats' past views are nobody else's)",
            )
        key = "t:" + room.id
        source = replays.get(key)
        if source is None:
            record = record_of(room.state)
            async with gate:
                source = await asyncio.to_thread(build, record)
            replays.put(key, source)
        return source

    @api.get("/api/tables/{table_id}/replay")
    async def table_replay(
        table_id: str,
        step: Annotated[int | None, Query(ge=0, le=MAX_ANSWERS)] = None,
        seat: Annotated[str, Query(max_length=12)] = "spectator",
    ) -> dict[str, Any]:
        source = await source_of_table(table_id)
        return await asyncio.to_thread(step_message, source, step, seat)

    @api.post("/api/replays")
    async def upload(request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            record = Record.from_json(json.loads(raw.decode("utf-8")))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise RoomError(
                "malformed", "a record file is JSON text in UTF-8 (as tabletop saves it)"
            ) from None
        except RecordError as e:
            raise RoomError("malformed", clip_message(str(e))) from None
        try:
            async with gate:
                source = await asyncio.to_thread(build, record)
        except TabletopError as e:
            raise RoomError("bad_request", clip_message(str(e))) from None
        key = secrets.token_urlsafe(12)
        replays.put("u:" + key, source)
        return {"id": key, "steps": source.steps, "game": record.game, "title": source.title}

    @api.get("/api/replays/{replay_id}")
    async def uploaded(
        replay_id: str,
        step: Annotated[int | None, Query(ge=0, le=MAX_ANSWERS)] = None,
        seat: Annotated[str, Query(max_length=12)] = "all",
    ) -> dict[str, Any]:
        source = replays.get("u:" + replay_id[:40])
        if source is None:
            raise RoomError(
                "unknown_table", "no uploaded record by that id (uploads are kept a while only)"
            )
        return await asyncio.to_thread(step_message, source, step, seat)

    @api.get("/replay")
    def upload_page() -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @api.get("/replay/{table_id}")
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    return api


__all__ = ["CHECKPOINT", "MAX_ANSWERS", "MAX_UPLOAD_BYTES", "Replays", "Source", "build", "router"]
