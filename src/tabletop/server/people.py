"""The people at a table: their display names and the table's chat.

A person's seat shows the name its person chose (`Join.name`, or later a `name` message),
else P1, P2, ...; a bot's seat "Bot (its agent)". The chat is stored with the table (its last
`CHAT_KEPT` messages); the seats read it, and spectators too unless the host created the
table with `chat: "seats"`. A connection may send `Settings.chat_burst` messages at once and
then `Settings.chat_rate` a second (besides the rate of all its messages).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tabletop.server.limits import Bucket
from tabletop.server.protocol import Chat, Rename, error
from tabletop.server.store import seat_name

if TYPE_CHECKING:
    from tabletop.server.room import Conn, Room


def shown(room: Room, seat: int) -> str:
    """A seat as the meta shows it: "Ana", "P2", "Bot (heuristic)"."""
    return seat_name(seat, room.specs[seat], room.names[seat])


def signed(room: Room, seat: int) -> str:
    """A seat as chat lines sign it: "Ana (P2)", "P2"."""
    name = room.names[seat]
    return f"{name} (P{seat + 1})" if name else f"P{seat + 1}"


def reads_chat(room: Room, conn: Conn) -> bool:
    return bool(conn.seats) or room.chat_mode == "everyone"


def history(room: Room, conn: Conn) -> dict[str, Any] | None:
    """The chat a connection is sent after its hello (None: none yet, or it may not read
    it)."""
    if not room.chat or not reads_chat(room, conn):
        return None
    return {"type": "chat", "reset": True, "messages": list(room.chat)}


async def rename(room: Room, conn: Conn, message: Rename) -> dict[str, Any] | None:
    """Name a seat the connection holds (stored with the seat)."""
    if message.seat not in conn.seats:
        return error("not_your_seat", f"this connection does not hold P{message.seat + 1}")
    async with room.lock:
        await asyncio.to_thread(room.transact, lambda: room.rename(message.seat, message.name))
        room.changed()
    return None


async def say(room: Room, conn: Conn, message: Chat, bucket: Bucket) -> dict[str, Any] | None:
    """Store a chat message and hand it to every connection that reads the chat."""
    if not conn.hello:
        return error("no_hello", "send hello first")
    if not reads_chat(room, conn):
        return error("not_your_seat", "this table's chat is for its seats only")
    if not bucket.take():
        return error("rate_limited", f"too many chat messages: wait {bucket.wait():.0f} s")
    if conn.seats:
        seat: int | None = conn.seats[0]
        name = signed(room, conn.seats[0])
    else:
        seat, name = None, f"{message.name or 'Someone'} (watching)"
    at = time.time()
    async with room.lock:  # one message at a time: numbered in order
        n = await asyncio.to_thread(room.store.add_chat, room.id, seat, name, message.text, at)
        entry = {"n": n, "seat": seat, "name": name, "text": message.text, "at": at}
        room.chat.append(entry)
    for other in room.conns:
        if other.hello and reads_chat(room, other):
            other.post({"type": "chat", "reset": False, "messages": [entry]})
    return None
