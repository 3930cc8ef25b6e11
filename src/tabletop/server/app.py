"""The HTTP and WebSocket API (FastAPI) and the pages of the browser client.

    GET  /api/games                      the games, their options and player counts, the agents
    GET  /api/tables                     unfinished tables (public facts only: no tokens)
    POST /api/tables                     create: CreateTable -> id, host token, invites
    GET  /api/tables/{id}                a table's public facts
    POST /api/tables/{id}/join           Join {invite} -> {seat, token}
    POST /api/tables/{id}/leave          Leave {token}
    POST /api/tables/{id}/invite         Reinvite {host, seat} -> {invite} (a free seat)
    GET  /api/tables/{id}/record         the record file (`Authorization: Bearer HOST` while
                                         the game is running)
    WS   /api/tables/{id}/ws             live play (see tabletop.server.protocol)
    GET  /  and  /t/{id}                 the lobby and the table page

Every error is JSON `{"error": {"code", "message"}}` (HTTP) or `{"type": "error", "code",
"message"}` (WebSocket) with a code of `protocol.ErrorCode`; a failure of the server itself
is logged here and answered `internal`, never with a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from tabletop.agents import agent_names
from tabletop.engine import registry
from tabletop.engine.options import describe_options
from tabletop.engine.table import Cursor
from tabletop.engine.texts import TextsError, all_cards
from tabletop.server.fanout import Listener
from tabletop.server.hub import Hub
from tabletop.server.protocol import (
    MAX_BODY_BYTES,
    MAX_MESSAGE_BYTES,
    Answer,
    CreateTable,
    ErrorCode,
    Hello,
    Join,
    Leave,
    Reinvite,
    Sync,
    Undo,
    client_message,
    describe_validation,
    error,
)
from tabletop.server.room import PERSON, Conn, Room, RoomError
from tabletop.server.store import Store, hash_token

log = logging.getLogger("tabletop.server")
STATIC = Path(__file__).parent / "static"
HTTP_STATUS: dict[str, int] = {
    "unknown_table": 404,
    "bad_token": 403,
    "seat_taken": 409,
    "malformed": 422,
    "too_large": 413,
    "internal": 500,
}


@dataclass
class Settings:
    """What a server is run with; tests shrink the limits and stop the clock."""

    rate: float = 20.0  # messages a second a connection may send, on average
    burst: float = 40.0  # messages it may send at once
    clock: Callable[[], float] = time.monotonic
    hello_seconds: float = 30.0  # a connection that says no hello by then is closed


class Bucket:
    """A token bucket: `burst` messages at once, refilled at `rate` a second."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@functools.cache
def card_texts(game_id: str) -> dict[str, Any]:
    """Every card text of a registered game, by slug: name, kind, numbers and effect."""
    try:
        found = all_cards(game_id)
    except TextsError:
        found = []  # a game without texts: its cards show their view facts only
    return {
        "game": game_id,
        "cards": {
            c.slug: {"name": c.name, "kind": c.kind, "summary": c.summary, "text": c.text}
            for c in found
        },
    }


def api_error(code: ErrorCode, message: str) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=HTTP_STATUS.get(code, 400)
    )


class _TooLarge(Exception):
    pass


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuses an HTTP body over `limit` bytes (413) before the application reads it all."""

    def __init__(self, app: ASGI, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(send)
                return
        seen = 0

        async def bounded() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, bounded, send)
        except _TooLarge:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"a body is at most {self.limit} bytes"}}
        ).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def create_app(store: Store | str | None = None, settings: Settings | None = None) -> FastAPI:
    """The application, on `store` (a `Store`, a database URL, or None: SQLite in the data
    directory)."""
    settings = settings or Settings()
    db = store if isinstance(store, Store) else Store(store)
    hub = Hub(db, clock=settings.clock)

    async def refresh(table_id: str) -> None:
        """Another process changed a table (a NOTIFY): adopt it, tell this process's
        connections."""
        room = hub.rooms.get(table_id)
        if room is None:
            return  # not loaded here: it will be read from the store when it is
        async with room.lock:
            try:
                changed = await asyncio.to_thread(room.refresh_sync)
            except Exception:
                log.exception("table %s could not be refreshed", table_id)
                return
            if changed:
                room.changed()

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        listener = None
        if db.is_postgres:
            loop = asyncio.get_running_loop()

            def heard(table_id: str) -> None:
                loop.call_soon_threadsafe(lambda: loop.create_task(refresh(table_id)))

            def everything() -> None:
                for table_id in list(hub.rooms):
                    heard(table_id)

            listener = Listener(db.url, heard, everything)
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 30)
        for room in await asyncio.to_thread(hub.load_unfinished):
            room.schedule()
        yield
        hub.stop()
        if listener is not None:
            await asyncio.to_thread(listener.stop)

    app = FastAPI(title="tabletop", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    @app.exception_handler(RoomError)
    async def _room_error(_: Request, e: RoomError) -> JSONResponse:
        return api_error(e.code, e.message)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        return api_error("malformed", describe_validation(e))

    @app.exception_handler(Exception)
    async def _failed(_: Request, e: Exception) -> JSONResponse:
        log.exception("request failed")
        return api_error("internal", "the server failed; nothing was changed")

    def room_of(table_id: str) -> Room:
        return hub.room(table_id[:40])

    # -- HTTP ---------------------------------------------------------------------------------
    @app.get("/api/games")
    def games() -> dict[str, Any]:
        out = []
        for gid in registry.game_ids():
            spec = registry.get(gid)
            out.append(
                {
                    "id": gid,
                    "title": spec.title,
                    "summary": spec.summary,
                    "min_players": spec.min_players,
                    "max_players": spec.max_players,
                    "options": describe_options(spec.options_type),
                }
            )
        return {"games": out, "agents": agent_names(), "person": PERSON}

    @app.get("/api/games/{game_id}/cards")
    def cards(game_id: str) -> JSONResponse:
        # the card texts a table page shows on its cards: public, the same for every game
        if game_id not in registry.game_ids():
            return api_error("bad_request", "no such game")
        return JSONResponse(card_texts(game_id), headers={"cache-control": "max-age=3600"})

    @app.get("/api/tables")
    def tables() -> dict[str, Any]:
        return {"tables": hub.listing()}

    @app.post("/api/tables")
    async def create(req: CreateTable) -> dict[str, Any]:
        room, host, invites = await asyncio.to_thread(hub.create, req)
        room.schedule()
        return {
            "id": room.id,
            "host": host,
            "invites": [{"seat": s, "invite": i} for s, i in sorted(invites.items())],
            "table": room.meta(),
        }

    @app.get("/api/tables/{table_id}")
    def table(table_id: str) -> dict[str, Any]:
        return room_of(table_id).meta()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, req: Join) -> dict[str, Any]:
        room = room_of(table_id)
        async with room.lock:
            seat, token = await asyncio.to_thread(hub.join, room, req.invite)
            room.changed()
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, req: Leave) -> dict[str, Any]:
        room = room_of(table_id)
        async with room.lock:
            seat = await asyncio.to_thread(hub.leave, room, req.token)
            room.changed()
        return {"seat": seat, "left": True}

    @app.post("/api/tables/{table_id}/invite")
    async def invite(table_id: str, req: Reinvite) -> dict[str, Any]:
        room = room_of(table_id)
        async with room.lock:
            new = await asyncio.to_thread(hub.reinvite, room, req.host, req.seat)
        return {"seat": req.seat, "invite": new}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> JSONResponse:
        # the host token comes in a header, never in the address (which access logs keep)
        auth = request.headers.get("authorization", "")
        token = auth.removeprefix("Bearer ").strip()[:64] if auth.startswith("Bearer ") else None
        room = room_of(table_id)
        async with room.lock:
            data = await asyncio.to_thread(hub.record, room, token or None)
        name = f"{room.state.game_id}-{room.id}.json"
        return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})

    # -- pages --------------------------------------------------------------------------------
    @app.get("/")
    def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}")
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- WebSocket ----------------------------------------------------------------------------
    @app.websocket("/api/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            room = room_of(table_id)
        except RoomError as e:
            await websocket.send_json(error(e.code, e.message))
            await websocket.close(code=4404)
            return
        conn = Conn()
        room.attach(conn)
        writer = asyncio.create_task(_write(websocket, hub, room, conn))
        bucket = Bucket(settings.rate, settings.burst, settings.clock)
        try:
            while True:
                if conn.hello:
                    message = await websocket.receive()
                else:
                    try:
                        message = await asyncio.wait_for(
                            websocket.receive(), settings.hello_seconds
                        )
                    except TimeoutError:
                        await websocket.send_json(
                            error("no_hello", "no hello came: send hello first (closing)")
                        )
                        await websocket.close(code=4408)
                        break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                room = hub.rooms.get(room.id, room)
                if not bucket.take():
                    conn.post(error("rate_limited", "too many messages: this one was dropped"))
                    continue
                if text is None:
                    conn.post(error("malformed", "send JSON text messages, not binary ones"))
                    continue
                if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
                    conn.post(error("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes"))
                    continue
                try:
                    parsed = client_message.validate_json(text)
                except ValidationError as e:
                    conn.post(error("malformed", describe_validation(e)))
                    continue
                try:
                    await _handle(hub, room, conn, parsed)
                except Exception:  # the server's own failure: logged, never sent
                    log.exception("table %s: a message could not be handled", room.id)
                    conn.post(error("internal", "the server failed; nothing was changed"))
        except WebSocketDisconnect:
            pass
        finally:
            hub.rooms.get(room.id, room).detach(conn)
            room.detach(conn)
            writer.cancel()

    return app


async def _write(websocket: WebSocket, hub: Hub, room: Room, conn: Conn) -> None:
    """Sends what `conn` is owed: replies first, then the state as it is when sent."""
    try:
        while not conn.closed:
            await conn.wake.wait()
            conn.wake.clear()
            while conn.outbox:
                await websocket.send_json(conn.outbox.popleft())
            if conn.state_dirty and conn.hello:
                conn.state_dirty = False
                current = hub.rooms.get(room.id, room)
                async with current.lock:
                    message = current.message_for(conn)
                await websocket.send_json(message)
    except (WebSocketDisconnect, RuntimeError, OSError):
        conn.closed = True
    except Exception:  # the server's own failure: the client reconnects and starts afresh
        log.exception("table %s: a message could not be sent", room.id)
        conn.closed = True
        with contextlib.suppress(Exception):
            await websocket.close(code=1011)


async def _handle(hub: Hub, room: Room, conn: Conn, message: Hello | Answer | Undo | Sync) -> None:
    if isinstance(message, Sync):
        async with room.lock:
            if await asyncio.to_thread(room.back_sync, conn.seats):  # anything says "back"
                room.changed()
        conn.dirty()
        return
    if isinstance(message, Hello):
        async with room.lock:
            hashes = [hash_token(token) for token in message.tokens]
            if any(room.seat_of_token(h) is None for h in hashes):
                await asyncio.to_thread(room.refresh_sync)  # joined through another process?
            seats = []
            for h in hashes:
                seat = room.seat_of_token(h)
                if seat is None:
                    conn.post(error("bad_token", "a seat token is not valid for this table"))
                    return
                seats.append(seat)
            conn.seats = tuple(sorted(set(seats)))
            conn.hello = True
            conn.cursors = {}
            for c in message.cursors:
                if c.seat in conn.viewers:
                    conn.cursors[c.seat] = (Cursor(c.position, c.epoch), c.gen)
            await asyncio.to_thread(room.back_sync, conn.seats)
            room.changed()
        return
    if not conn.hello:
        conn.post(error("no_hello", "send hello with your seat tokens first"))
        return
    if message.seat not in conn.seats:
        conn.post(error("not_your_seat", f"this connection does not hold P{message.seat + 1}"))
        return
    async with room.lock:
        covered = set(room.idle_covered)
        try:
            if isinstance(message, Answer):
                await asyncio.to_thread(
                    room.answer_sync, message.seat, message.option, message.step
                )
                conn.post(
                    {
                        "type": "accepted",
                        "seat": message.seat,
                        "option": message.option,
                        "step": room.state.steps,
                    }
                )
            else:
                await asyncio.to_thread(room.undo_sync, message.seat)
                conn.post({"type": "undone", "seat": message.seat, "step": room.state.steps})
        except RoomError as e:
            conn.post(error(e.code, e.message))
            if covered != room.idle_covered:  # handed back before the answer was refused
                room.changed()
            else:
                conn.dirty()
            return
        except Exception:
            log.exception("table %s failed", room.id)
            conn.post(error("internal", "the server failed; nothing was changed"))
            with contextlib.suppress(RoomError):
                hub.reload(room)
            return
        room.changed()
