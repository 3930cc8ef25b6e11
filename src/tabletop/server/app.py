"""The HTTP and WebSocket API (FastAPI) and the pages of the browser client.

    GET  /api/games                      the games, their options and player counts, the agents
    GET  /api/tables                     unfinished tables (public facts only: no tokens)
    POST /api/tables                     create: CreateTable -> id, host token, invites
    GET  /api/tables/{id}                a table's public facts
    POST /api/tables/{id}/join           Join {invite} -> {seat, token}
    POST /api/tables/{id}/leave          Leave {token}
    POST /api/tables/{id}/invite         Reinvite {host, seat} -> {invite} (a free seat)
    POST /api/tables/{id}/rematch        Rematch {host} -> the new table (as create); each
                                         person connected is sent its new seat's token
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
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
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
from tabletop.server import clock, people
from tabletop.server.fanout import Listener
from tabletop.server.hub import Hub
from tabletop.server.kernel import RoomError
from tabletop.server.limits import Bucket, PerClient, Settings
from tabletop.server.middleware import BodyLimit, RequestLimit, SecurityHeaders
from tabletop.server.protocol import (
    MAX_MESSAGE_BYTES,
    Answer,
    AutoPass,
    Chat,
    CreateTable,
    ErrorCode,
    Hello,
    Join,
    Leave,
    Listing,
    Message,
    Reinvite,
    Rematch,
    Rename,
    Sync,
    client_message,
    describe_validation,
    error,
)
from tabletop.server.replay import MAX_UPLOAD_BYTES
from tabletop.server.replay import router as replay_router
from tabletop.server.room import PERSON, Conn, Room
from tabletop.server.schema import hash_token
from tabletop.server.store import Store

log = logging.getLogger("tabletop.server")
STATIC = Path(__file__).parent / "static"
HTTP_STATUS: dict[str, int] = {
    "unknown_table": 404,
    "bad_token": 403,
    "seat_taken": 409,
    "malformed": 422,
    "too_large": 413,
    "rate_limited": 429,
    "server_full": 503,
    "internal": 500,
}
# Refusals a client playing by the rules meets when the game moved on as it answered: they do
# not count toward closing a connection that keeps sending what is refused.
HONEST = frozenset({"stale"})


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


def api_error(code: ErrorCode, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}},
        status_code=HTTP_STATUS.get(code, 400),
        headers=headers,
    )


def origin_allowed(websocket: WebSocket, settings: Settings) -> bool:
    """A browser names the page that opens a WebSocket (`Origin`): it must be this server's
    own (as the `Host` it was reached by) or one the operator allowed. A client that is no
    browser sends none, and cannot be made to act for someone else's page."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}", *settings.origins)


def client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def create_app(store: Store | str | None = None, settings: Settings | None = None) -> FastAPI:
    """The application, on `store` (a `Store`, a database URL, or None: SQLite in the data
    directory)."""
    settings = settings or Settings()
    db = store if isinstance(store, Store) else Store(store)
    hub = Hub(db, settings)
    creations = PerClient(settings.create_per_hour / 3600, settings.create_burst, settings.clock)
    connections = PerClient(settings.connect_rate, settings.connects, settings.clock)

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

            listener = Listener(db.url, heard, everything, sender=db.sender)
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 30)
        background = [asyncio.create_task(resume()), asyncio.create_task(sweep())]
        yield
        for task in background:
            task.cancel()
        hub.stop()
        if listener is not None:
            await asyncio.to_thread(listener.stop)

    async def resume() -> None:
        """After a restart, the tables bots play at go on by themselves: loaded one at a time
        in a worker thread while the server already answers people."""
        ids = await asyncio.to_thread(db.bot_table_ids)
        soon = time.time() + settings.sweep_seconds  # and the turn clocks that run out soon
        ids += [i for i in await asyncio.to_thread(db.clocked_table_ids, soon) if i not in ids]
        for table_id in ids:
            try:
                room = await room_of(table_id)
            except RoomError:
                continue  # refused tables stay in the store, untouched
            except Exception:
                log.exception("table %s could not be resumed", table_id)
                continue
            room.schedule()

    async def sweep() -> None:
        while True:
            await asyncio.sleep(settings.sweep_seconds)
            try:
                await asyncio.to_thread(hub.sweep, time.time())
            except Exception:
                log.exception("expiring tables failed")
            try:  # turn clocks that run out before the next sweep, at tables not in memory
                soon = time.time() + 2 * settings.sweep_seconds
                for table_id in await asyncio.to_thread(db.clocked_table_ids, soon):
                    if table_id not in hub.rooms:
                        (await room_of(table_id)).schedule()
            except Exception:
                log.exception("loading the tables whose turn clock runs out failed")

    app = FastAPI(title="tabletop", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit, larger={"/api/replays": MAX_UPLOAD_BYTES})
    app.add_middleware(
        RequestLimit,
        buckets=PerClient(settings.request_rate, settings.request_burst, settings.clock),
    )
    app.add_middleware(SecurityHeaders)  # outermost: a refusal carries the headers too

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

    async def room_of(table_id: str) -> Room:
        room = hub.rooms.get(table_id[:40])
        if room is None:  # loading replays the game: never on the event loop
            room = await asyncio.to_thread(hub.room, table_id[:40])
            if db.is_postgres:  # a change announced while it was loading was not heard
                asyncio.get_running_loop().create_task(refresh(room.id))
        return room

    app.include_router(replay_router(room_of))  # the replay viewer (tabletop.server.replay)

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
    def tables(query: Annotated[Listing, Query()]) -> dict[str, Any]:
        if query.game is not None and query.game not in registry.game_ids():
            raise RoomError("bad_request", f"no game {query.game[:40]!r}")
        since = None if query.recent is None else time.time() - query.recent
        total, page = db.listing(
            game=query.game,
            open_only=query.open,
            since=since,
            limit=query.limit,
            offset=query.offset,
        )
        for entry in page:
            entry["title"] = registry.get(entry["game"]).title
        return {"tables": page, "total": total, "limit": query.limit, "offset": query.offset}

    async def may_create(request: Request) -> JSONResponse | None:
        """Whether this client address may create a table now (its allowance, the server's
        room): None, or the refusal."""
        wait = creations.take(client_of(request))
        if wait:
            return api_error(
                "rate_limited",
                f"too many tables created from your address: try again in {wait:.0f} s",
                headers={"retry-after": str(max(1, round(wait)))},
            )
        if await asyncio.to_thread(db.count_unfinished) >= settings.max_tables:
            return api_error(
                "server_full",
                f"this server holds {settings.max_tables:,} unfinished tables, its most: "
                "join one, or try again later",
            )
        return None

    @app.post("/api/tables", response_model=None)
    async def create(req: CreateTable, request: Request) -> JSONResponse | dict[str, Any]:
        refused = await may_create(request)
        if refused is not None:
            return refused
        room, host, invites = await asyncio.to_thread(hub.create, req)
        room.schedule()
        return {
            "id": room.id,
            "host": host,
            "invites": [{"seat": s, "invite": i} for s, i in sorted(invites.items())],
            "table": room.meta(),
        }

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return (await room_of(table_id)).meta()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, req: Join) -> dict[str, Any]:
        room = await room_of(table_id)
        async with room.lock:
            seat, token = await asyncio.to_thread(hub.join, room, req.invite, req.name)
            room.changed()
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, req: Leave) -> dict[str, Any]:
        room = await room_of(table_id)
        async with room.lock:
            seat = await asyncio.to_thread(hub.leave, room, req.token)
            room.changed()
        return {"seat": seat, "left": True}

    @app.post("/api/tables/{table_id}/invite")
    async def invite(table_id: str, req: Reinvite) -> dict[str, Any]:
        room = await room_of(table_id)
        async with room.lock:
            new = await asyncio.to_thread(hub.reinvite, room, req.host, req.seat)
        return {"seat": req.seat, "invite": new}

    @app.post("/api/tables/{table_id}/rematch", response_model=None)
    async def rematch(
        table_id: str, req: Rematch, request: Request
    ) -> JSONResponse | dict[str, Any]:
        room = await room_of(table_id)
        hub.check_host(room, req.host)  # (a stranger's request costs no table of the address)
        refused = await may_create(request)
        if refused is not None:
            return refused
        async with room.lock:
            made = await asyncio.to_thread(hub.rematch, room, req.host)
            for conn in room.conns:  # each person connected: their new seats' tokens
                tokens = [{"seat": s, "token": made.tokens[s]} for s in conn.seats]
                conn.post({"type": "rematch", "id": made.room.id, "tokens": tokens})
            room.changed()
        made.room.schedule()
        return {
            "id": made.room.id,
            "host": made.host,
            "invites": [{"seat": s, "invite": i} for s, i in sorted(made.invites.items())],
            "table": made.room.meta(),
        }

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> JSONResponse:
        # the operator's token comes in a header, never in the address (which logs keep)
        auth = request.headers.get("authorization", "")
        token = auth.removeprefix("Bearer ").strip()[:64] if auth.startswith("Bearer ") else None
        room = await room_of(table_id)
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
        if not origin_allowed(websocket, settings):
            await websocket.close(code=4403)  # before the handshake: the page gets a 403
            return
        address = websocket.client.host if websocket.client is not None else "unknown"
        if connections.take(address):
            await websocket.close(code=4429)  # too many from this address: refused likewise
            return
        await websocket.accept()
        connected = asyncio.get_running_loop().time()
        try:
            room = await room_of(table_id)
        except RoomError as e:
            await websocket.send_json(error(e.code, e.message))
            await websocket.close(code=4404 if e.code == "unknown_table" else 1011)
            return
        conn = Conn()
        room.attach(conn)
        writer = asyncio.create_task(_write(websocket, hub, room, conn))
        bucket = Bucket(settings.rate, settings.burst, settings.clock)
        chat_bucket = Bucket(settings.chat_rate, settings.chat_burst, settings.clock)
        refusals = Bucket(settings.refusal_rate, settings.refusals, settings.clock)
        limited = False  # the last message was dropped for the rate: no error frame again
        try:
            while True:
                if conn.hello:
                    message = await websocket.receive()
                else:
                    left = connected + settings.hello_seconds - asyncio.get_running_loop().time()
                    try:
                        message = await asyncio.wait_for(websocket.receive(), max(left, 0))
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
                refused: dict[str, Any] | None = None
                if not bucket.take():
                    if not limited:
                        refused = error("rate_limited", "too many messages: dropped from now")
                    limited = True
                elif text is None:
                    refused = error("malformed", "send JSON text messages, not binary ones")
                elif len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
                    refused = error("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
                else:
                    limited = False
                    try:
                        parsed = client_message.validate_json(text)
                    except ValidationError as e:
                        refused = error("malformed", describe_validation(e))
                    else:
                        try:
                            if isinstance(parsed, Chat):
                                refused = await people.say(room, conn, parsed, chat_bucket)
                            elif isinstance(parsed, AutoPass):
                                refused = await clock.set_autopass(room, conn, parsed)
                            else:
                                refused = await _handle(hub, room, conn, parsed)
                        except Exception:  # the server's own failure: logged, never sent
                            log.exception("table %s: a message could not be handled", room.id)
                            conn.post(error("internal", "the server failed; nothing was changed"))
                if (refused is None or refused["code"] in HONEST) and not limited:
                    if refused is not None:
                        conn.post(refused)
                    continue
                if refusals.take():
                    if refused is not None:
                        conn.post(refused)
                    continue
                # a client that keeps sending what is refused is closed, not answered forever
                while conn.outbox:  # what it was owed first
                    await websocket.send_json(conn.outbox.popleft())
                await websocket.send_json(
                    error("too_many_refused", "too many refused messages: closing")
                )
                await websocket.close(code=1008)
                connections.fine(address, settings.connects / 2)
                break
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


async def _handle(hub: Hub, room: Room, conn: Conn, message: Message) -> dict[str, Any] | None:
    """Act on one message; the error to send when it is refused, else None."""
    if isinstance(message, Sync):
        async with room.lock:
            if await asyncio.to_thread(room.back_sync, conn.seats):  # anything says "back"
                room.changed()
        conn.dirty()
        return None
    if isinstance(message, Hello):
        async with room.lock:
            hashes = [hash_token(token) for token in message.tokens]
            if any(room.seat_of_token(h) is None for h in hashes):
                await asyncio.to_thread(room.refresh_sync)  # joined through another process?
            seats = []
            for h in hashes:
                seat = room.seat_of_token(h)
                if seat is None:
                    return error("bad_token", "a seat token is not valid for this table")
                seats.append(seat)
            conn.seats = tuple(sorted(set(seats)))
            conn.hello = True
            conn.cursors = {}
            for c in message.cursors:
                if c.seat in conn.viewers:
                    conn.cursors[c.seat] = (Cursor(c.position, c.epoch), c.gen)
            await asyncio.to_thread(room.back_sync, conn.seats)
            said = people.history(room, conn)
            if said is not None:
                conn.post(said)
            room.changed()
        return None
    if not conn.hello:
        return error("no_hello", "send hello with your seat tokens first")
    if isinstance(message, Rename):
        return await people.rename(room, conn, message)
    assert not isinstance(message, Chat)  # (said in the loop: it has its own rate)
    if message.seat not in conn.seats:
        return error("not_your_seat", f"this connection does not hold P{message.seat + 1}")
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
            if covered != room.idle_covered:  # handed back before the answer was refused
                room.changed()
            else:
                conn.dirty()
            return error(e.code, e.message)
        except Exception:
            log.exception("table %s failed", room.id)
            conn.post(error("internal", "the server failed; nothing was changed"))
            with contextlib.suppress(RoomError):
                await asyncio.to_thread(hub.reload, room)
            return None
        room.changed()
    return None
