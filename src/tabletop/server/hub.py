"""The server's tables: creating them, loading them back from the store, seats and records.

`Hub` keeps one `Room` per table in memory while it is used, loaded from the store on first
use (and, after a restart, in the background for every unfinished table a bot plays at, so
bots and idle seats go on by themselves). A table loaded back is its stored answers replayed;
the state must match the digest stored with its last commit, or the table is refused with a
clear error rather than played from a different position. Finished tables and tables nobody
used for a while are dropped from memory (`sweep`); abandoned ones expire from the store.

Tokens: creating a table gives a host token (to invite someone to a free seat again) and one
invite per person's seat; joining with an invite gives that seat's
token and uses the invite up. Every token is 32 URL-safe characters from `secrets`, stored
hashed. A rematch (`rematch`, the host's, once the game is over) is a new table with the same
game, seats, agents and options and a new seed: each person's seat held by a connection now
gets a token of its own at once (handed to those connections), the others an invite.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass
from typing import Any, Literal

from tabletop.agents import make_agent
from tabletop.engine import registry
from tabletop.engine.errors import TabletopError
from tabletop.engine.patch import Patch
from tabletop.engine.record import clip_message, content_of, digest, record_of
from tabletop.engine.rng import derive_seed
from tabletop.server import clock
from tabletop.server.kernel import RoomError, replay_stored
from tabletop.server.limits import BotPool, Settings, bounded_spec
from tabletop.server.protocol import CreateTable
from tabletop.server.room import PERSON, Room
from tabletop.server.schema import hash_token
from tabletop.server.store import Store


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Made:
    """A table just made: its room, host token, invites and the seats' tokens by seat."""

    room: Room
    host: str
    invites: dict[int, str]
    tokens: dict[int, str]


class Hub:
    """Every table this server process serves."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.clock = self.settings.clock
        self.bots = BotPool(self.settings.bot_workers)
        self.rooms: dict[str, Room] = {}
        self._loading = threading.Lock()

    # -- loading --------------------------------------------------------------------------
    def room(self, table_id: str) -> Room:
        """The table, loaded from the store when this process does not hold it yet (call
        from a worker thread: loading replays the game)."""
        room = self.rooms.get(table_id)
        if room is None:
            with self._loading:  # one load a table, however many ask at once
                room = self.rooms.get(table_id)
                if room is None:
                    room = self._load(table_id)
                    self.rooms[table_id] = room
        return room

    def forget(self, room: Room) -> None:
        """Drop a table from memory (it stays in the store unless it expired)."""
        room.stop()
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]

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
            names=stored.names,
            chat_mode=stored.chat,
            clock_seconds=stored.clock_seconds,
            clock_rule=stored.clock_rule,
            deadlines=stored.deadlines,
            forfeited=stored.forfeited,
            autopass=stored.autopass,
            clock=self.clock,
            settings=self.settings,
            bots=self.bots,
        )
        room.chat.extend(self.store.chat(table_id))
        return room  # its bots go on in the bot pool once it is scheduled

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
        made = self.make(req)
        return made.room, made.host, made.invites

    def make(
        self,
        req: CreateTable,
        *,
        seated: frozenset[int] = frozenset(),
        names: list[str | None] | None = None,
        clock_seconds: float | None = None,
        autopass: list[tuple[str, ...] | None] | None = None,
        content: Patch | Literal["served"] | None = "served",
    ) -> Made:
        """A new table: its room, host token and the invites of its persons' seats (but those
        in `seated`, which get their tokens at once, with their `names`). Its content is the
        server's patch for the game (`serve --content`) unless `content` gives another."""
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
            patch = self.settings.content.get(req.game) if content == "served" else content
            state = registry.new_game(req.game, req.players, seed, dict(req.options), content=patch)
            for seat, seat_spec in enumerate(req.seats):
                if seat_spec != PERSON:  # an unknown agent, or one asking more than the caps
                    bounded = bounded_spec(seat_spec, self.settings)
                    make_agent(bounded, req.game, derive_seed(seed, seat), extra=(PERSON,))
            if req.takeover is not None:
                make_agent(bounded_spec(req.takeover, self.settings), req.game, 0)
        except TabletopError as e:
            raise RoomError("bad_request", clip_message(str(e))) from None
        if req.idle_seconds is not None and req.takeover is None:
            raise RoomError("bad_request", "idle_seconds needs a takeover agent to play the seat")
        if clock_seconds is None:  # (a rematch gives its table's clock as it was)
            clock_seconds = clock.clock_of(req, self.settings)
        host = new_token()
        persons = [s for s, sp in enumerate(req.seats) if sp == PERSON]
        invites = {s: new_token() for s in persons if s not in seated}
        tokens = {s: new_token() for s in persons if s in seated}
        invite_hashes = [
            hash_token(invites[s]) if s in invites else None for s in range(req.players)
        ]
        token_hashes = [hash_token(tokens[s]) if s in tokens else None for s in range(req.players)]
        names = [names[s] if names and s in tokens else None for s in range(req.players)]
        table_id = secrets.token_urlsafe(9)
        if autopass is None:  # None: the game's defaults; (): every switch off
            autopass = [None if req.autopass == "defaults" else () for _ in range(req.players)]
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
            token_hashes=token_hashes,
            invite_hashes=invite_hashes,
            vacated=[False] * req.players,
            names=names,
            chat_mode=req.chat,
            clock_seconds=clock_seconds,
            clock_rule=req.on_timeout,
            autopass=autopass,
            clock=self.clock,
            settings=self.settings,
            bots=self.bots,
        )
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
            chat_mode=req.chat,
            token_hashes=token_hashes,
            names=names,
            clock_seconds=clock_seconds,
            clock_rule=req.on_timeout if clock_seconds is not None else None,
            deadlines=room.deadlines,
            autopass=autopass,
            content=content_of(state.patch),
        )
        room.mark_saved()
        self.rooms[table_id] = room
        return Made(room, host, invites, tokens)

    def rematch(self, room: Room, host: str) -> Made:
        """The host's rematch of a finished game: the same game, seats, agents and options,
        a new seed; the persons' seats held by a connection now are seated at once (their
        tokens in `Made.tokens`, for those connections), the other seats get invites."""
        self.check_host(room, host)
        if not room.state.is_over:
            raise RoomError("bad_request", "a rematch can be asked once the game is over")
        if room.rematch is not None:
            raise RoomError("bad_request", f"the rematch was made already: table {room.rematch}")
        state = room.state
        held = {s for c in room.conns for s in c.seats if room.token_hashes[s] is not None}
        req = CreateTable.model_construct(
            game=state.game_id,
            players=state.num_players,
            seats=list(room.specs),
            options=registry.options_of(state),
            seed=None,
            name=room.name,
            takeover=room.takeover,
            idle_seconds=room.idle_seconds,
            pace_ms=room.pace_ms,
            chat=room.chat_mode,
            clock_seconds=None,
            clock_days=None,
            on_timeout=room.clock_rule,
        )
        made = self.make(
            req,
            seated=frozenset(held),
            names=list(room.names),
            clock_seconds=room.clock_seconds,
            autopass=list(room.autopass),  # each person keeps their switches
            content=state.patch,  # the content it was played with, whatever the server's now
        )
        room.rematch = made.room.id
        return made

    # -- seats ------------------------------------------------------------------------------
    def join(self, room: Room, invite: str, name: str | None = None) -> tuple[int, str]:
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
            room.names[seat] = name
            room.set_seat(seat, token_hash=hash_token(token), invite_hash=None, vacated=False)
            return seat

        return room.transact(join), token

    def leave(self, room: Room, token: str) -> int:
        wanted = hash_token(token)

        def leave() -> int:
            seat = room.seat_of_token(wanted)
            if seat is None:
                raise RoomError("bad_token", "this seat token is not valid for this table")
            room.names[seat] = None
            room.set_seat(seat, token_hash=None, invite_hash=None, vacated=True)
            for conn in room.conns:
                if seat in conn.seats:
                    conn.seats = tuple(s for s in conn.seats if s != seat)
                    conn.cursors.pop(seat, None)
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
        """The record file of the table. A finished game's is anyone's. A running game's
        holds the seed, so every hidden card: nobody who sits at the table or watches it may
        have it, the host included; only the operator's credential (`Settings.operator_token`,
        which is no seat's) opens it before the end."""
        if not room.state.is_over:
            operator = self.settings.operator_token
            if (
                token is None
                or operator is None
                or not secrets.compare_digest(hash_token(operator), hash_token(token))
            ):
                raise RoomError(
                    "bad_token",
                    "the record of a running game reveals every hidden card: it can be "
                    "downloaded once the game is over",
                )
        return record_of(room.state).to_json()

    def sweep(self, now_wall: float) -> list[str]:
        """Expire the abandoned tables from the store (unchanged for `expire_hours`, and
        nobody connected to them here) and drop
        from memory the tables nobody needs here: finished or unused for
        `idle_evict_seconds`, with no connection and no bot at work. Returns the expired."""
        watched = frozenset(r.id for r in list(self.rooms.values()) if r.conns)
        expired = self.store.expire(now_wall - self.settings.expire_hours * 3600, watched)
        for table_id in expired:
            room = self.rooms.get(table_id)
            if room is not None:
                self.forget(room)
        now = self.clock()
        for room in list(self.rooms.values()):
            if room.conns or room.bot_busy() or room.lock.locked():
                continue
            unused = now - room.last_used >= self.settings.idle_evict_seconds
            if room.state.is_over or (unused and not room.wants_idle_watch()):  # (a clock due
                # later is loaded back by the server's sweep: Store.clocked_table_ids)
                self.forget(room)
        return expired

    def stop(self) -> None:
        for room in list(self.rooms.values()):
            room.stop()
        self.bots.close()
