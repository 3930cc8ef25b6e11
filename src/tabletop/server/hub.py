"""The server's tables: creating them, loading them back from the store, seats and records.

`Hub` keeps one `Room` per table in memory, loaded from the store on first use (and at start
for every unfinished table, so bots and idle seats go on by themselves after a restart). A
table loaded back is its stored answers replayed; the state must match the digest stored with
its last commit, or the table is refused with a clear error rather than played from a
different position.

Tokens: creating a table gives a host token (to invite again and to download the record of a
running game) and one invite per person's seat; joining with an invite gives that seat's
token and uses the invite up. Every token is 32 URL-safe characters from `secrets`, stored
hashed.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.errors import TabletopError
from tabletop.engine.record import clip_message, digest, record_of
from tabletop.engine.rng import derive_seed
from tabletop.server.protocol import CreateTable
from tabletop.server.room import PERSON, Room, RoomError, replay_stored
from tabletop.server.store import Store, hash_token


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Hub:
    """Every table this server process serves."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}

    # -- loading --------------------------------------------------------------------------
    def load_unfinished(self) -> list[Room]:
        out = []
        for table_id in self.store.table_ids(unfinished_only=True):
            try:
                out.append(self.room(table_id))
            except RoomError:
                continue  # refused tables stay in the store, untouched
        return out

    def room(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is None:
            room = self._load(table_id)
            self.rooms[table_id] = room
        return room

    def _load(self, table_id: str) -> Room:
        stored = self.store.load(table_id)
        if stored is None:
            raise RoomError("unknown_table", f"there is no table {table_id[:40]!r}")
        room = Room(
            self.store,
            table_id=stored.id,
            name=stored.name,
            state=replay_stored(stored),
            specs=stored.seats,
            takeover=stored.takeover,
            idle_seconds=stored.idle_seconds,
            pace_ms=stored.pace_ms,
            host_hash=stored.host_hash,
            token_hashes=stored.token_hashes,
            invite_hashes=stored.invite_hashes,
            vacated=stored.vacated,
            idle=stored.idle,
            clock=self.clock,
        )
        room.transact(room.drive)  # bot answers a crash cut short (never acknowledged)
        return room

    def reload(self, room: Room) -> Room:
        """Throw the room's memory away and load it from the store again (after a failed
        commit: what was not committed never happened)."""
        room.stop()
        self.rooms.pop(room.id, None)
        fresh = self.room(room.id)
        for conn in room.conns:
            fresh.attach(conn)
            conn.dirty()
        return fresh

    # -- creating ---------------------------------------------------------------------------
    def create(self, req: CreateTable) -> tuple[Room, str, dict[int, str]]:
        """A new table; returns it, its host token and the invites of its persons' seats."""
        try:
            spec = registry.get(req.game)
        except TabletopError as e:
            raise RoomError("bad_request", clip_message(str(e))) from None
        if len(req.seats) != req.players:
            raise RoomError(
                "bad_request",
                f"seats names {len(req.seats)} seats for {req.players} players: give one per "
                f"seat, '{PERSON}' or an agent",
            )
        seed = secrets.randbits(32) if req.seed is None else req.seed
        try:
            state = registry.new_game(req.game, req.players, seed, dict(req.options))
            for seat, seat_spec in enumerate(req.seats):
                if seat_spec != PERSON:
                    make_agent(seat_spec, req.game, derive_seed(seed, seat), extra=(PERSON,))
            if req.takeover is not None:
                make_agent(req.takeover, req.game, 0)
        except TabletopError as e:
            raise RoomError("bad_request", clip_message(str(e))) from None
        if req.idle_seconds is not None and req.takeover is None:
            raise RoomError("bad_request", "idle_seconds needs a takeover agent to play the seat")
        host = new_token()
        invites = {s: new_token() for s, sp in enumerate(req.seats) if sp == PERSON}
        invite_hashes = [
            hash_token(invites[s]) if s in invites else None for s in range(req.players)
        ]
        table_id = secrets.token_urlsafe(9)
        room = Room(
            self.store,
            table_id=table_id,
            name=req.name or f"{spec.title} table",
            state=state,
            specs=list(req.seats),
            takeover=req.takeover,
            idle_seconds=req.idle_seconds,
            pace_ms=req.pace_ms,
            host_hash=hash_token(host),
            token_hashes=[None] * req.players,
            invite_hashes=invite_hashes,
            vacated=[False] * req.players,
            clock=self.clock,
        )
        room.drive()
        self.store.create_table(
            table_id=table_id,
            name=room.name,
            game=req.game,
            version=spec.version,
            players=req.players,
            seed=seed,
            options=registry.options_of(state),
            seat_specs=req.seats,
            takeover=req.takeover,
            idle_seconds=req.idle_seconds,
            pace_ms=req.pace_ms,
            host_hash=room.host_hash,
            invite_hashes=invite_hashes,
            steps=state.steps,
            digest=digest(state),
            over=state.is_over,
            history=state.history or [],
        )
        room.mark_saved()
        self.rooms[table_id] = room
        return room, host, invites

    # -- seats ------------------------------------------------------------------------------
    def join(self, room: Room, invite: str) -> tuple[int, str]:
        wanted = hash_token(invite)
        token = new_token()

        def join() -> int:
            seat = next(
                (
                    s
                    for s, known in enumerate(room.invite_hashes)
                    if known is not None and secrets.compare_digest(known, wanted)
                ),
                None,
            )
            if seat is None:
                raise RoomError(
                    "bad_token", "this invite is not valid for this table (used already?)"
                )
            room.set_seat(seat, token_hash=hash_token(token), invite_hash=None, vacated=False)
            return seat

        return room.transact(join), token

    def leave(self, room: Room, token: str) -> int:
        wanted = hash_token(token)

        def leave() -> int:
            seat = room.seat_of_token(wanted)
            if seat is None:
                raise RoomError("bad_token", "this seat token is not valid for this table")
            room.set_seat(seat, token_hash=None, invite_hash=None, vacated=True)
            for conn in room.conns:
                if seat in conn.seats:
                    conn.seats = tuple(s for s in conn.seats if s != seat)
                    conn.cursors.pop(seat, None)
            room.drive()
            return seat

        return room.transact(leave)

    def check_host(self, room: Room, host: str) -> None:
        if not secrets.compare_digest(room.host_hash, hash_token(host)):
            raise RoomError("bad_token", "this host token is not valid for this table")

    def reinvite(self, room: Room, host: str, seat: int) -> str:
        self.check_host(room, host)
        if seat >= room.state.num_players or not room.is_person(seat):
            raise RoomError("bad_request", f"P{seat + 1} is not a person's seat of this table")
        invite = new_token()

        def reinvite() -> None:
            if room.token_hashes[seat] is not None:
                raise RoomError("seat_taken", f"P{seat + 1} is taken: its player must leave first")
            room.set_seat(
                seat, token_hash=None, invite_hash=hash_token(invite), vacated=room.vacated[seat]
            )

        room.transact(reinvite)
        return invite

    def record(self, room: Room, token: str | None) -> dict[str, Any]:
        """The record file of the table. A finished game's is anyone's; a running game's
        (which holds the seed, so every hidden card) only the host's."""
        if not room.state.is_over:
            if token is None:
                raise RoomError(
                    "bad_token",
                    "the record of a running game reveals every hidden card: only the host "
                    "may download it (give the host token)",
                )
            self.check_host(room, token)
        return record_of(room.state).to_json()

    def listing(self) -> list[dict[str, Any]]:
        """The unfinished tables of the store (another process's too), loaded as needed."""
        out = []
        for table_id in self.store.table_ids(unfinished_only=True):
            try:
                room = self.room(table_id)
            except RoomError:
                continue
            if not room.state.is_over:
                out.append(room.meta())
        return out

    def stop(self) -> None:
        for room in self.rooms.values():
            room.stop()
