"""The database's schema: the tables `tt_tables`, `tt_seats`, `tt_answers` and `tt_chat`,
what is read back from them (`StoredTable`, `SeatRow`), and where the default database lives.

A table is stored as what it was created with (game, players, seed, options, seats) plus its
answers, one row each, so a table is its record. Tokens are stored as SHA-256 hashes only.
`updated` is the wall-clock time of a table's last change: abandoned tables expire from it,
so a restarted server honours the expiry too. A seat's display name is stored with it
(`tt_seats.name`), who may read the table's chat with the table (`tt_tables.chat`), and the
chat's last `CHAT_KEPT` messages in `tt_chat`. A table's turn clock
(`tt_tables.clock_seconds`, `clock_rule`) and each seat's deadline, forfeit and auto-pass
switches (`tt_seats.deadline`, `forfeited`, `autopass`: `tabletop.server.clock`) are stored
too. Columns a newer version added are added to an older database when the server starts
(`Store._create_schema`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    Integer,
    MetaData,
    String,
    Text,
    select,
)
from sqlalchemy import Table as SqlTable

metadata = MetaData()

tables = SqlTable(
    "tt_tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(40), nullable=False),
    Column("version", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    Column("seats", Text, nullable=False),  # JSON list: "person" or an agent spec per seat
    Column("takeover", String(200), nullable=True),
    Column("idle_seconds", Float, nullable=True),
    Column("pace_ms", Integer, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=True),  # wall-clock time of the last change (expiry)
    Column("steps", Integer, nullable=False),
    Column("digest", String(32), nullable=False),
    Column("over", Boolean, nullable=False),
    Column("chat", String(10), nullable=True),  # who reads the chat: seats / everyone (None)
    Column("clock_seconds", Float, nullable=True),  # the turn clock (None: none)
    Column("clock_rule", String(10), nullable=True),  # bot / skip / forfeit when it runs out
    Column("content", Text, nullable=True),  # JSON {text, digest, source}: its content patch
)

seats = SqlTable(
    "tt_seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("invite_hash", String(64), nullable=True, index=True),
    Column("vacated", Boolean, nullable=False, default=False),  # left: the takeover bot plays
    Column("idle", Boolean, nullable=False, default=False),  # idle: the takeover bot plays
    Column("name", String(40), nullable=True),  # the display name its person chose
    Column("deadline", Float, nullable=True),  # wall-clock time its turn clock runs out
    Column("forfeited", Boolean, nullable=True),  # out of the game: a bot plays it
    Column("autopass", Text, nullable=True),  # JSON list of the auto-pass switches on
)

answers = SqlTable(
    "tt_answers",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("option", String(200), nullable=False),
)


chat = SqlTable(
    "tt_chat",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(40), nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
)
CHAT_KEPT = 200  # the messages a table's chat keeps (the oldest are deleted)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def data_dir() -> Path:
    """The user's data directory, found as the terminal's autosaves find it
    (`tabletop.ui.autosave`): `$TABLETOP_DATA_DIR`, else `$XDG_DATA_HOME/tabletop`, else
    `~/.local/share/tabletop`. (Repeated here: the server does not import the terminal.)"""
    forced = os.environ.get("TABLETOP_DATA_DIR")
    if forced:
        return Path(forced).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "tabletop"


def default_url() -> str:
    return f"sqlite:///{data_dir() / 'tables.db'}"


@dataclass
class StoredTable:
    id: str
    name: str
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    takeover: str | None
    idle_seconds: float | None
    pace_ms: int
    host_hash: str
    steps: int
    digest: str
    over: bool
    answers: list[tuple[int, str]]
    token_hashes: list[str | None]
    invite_hashes: list[str | None]
    vacated: list[bool]
    idle: list[bool]
    names: list[str | None]
    chat: str  # who reads the chat: "seats" or "everyone"
    clock_seconds: float | None = None
    clock_rule: str = "bot"
    deadlines: list[float | None] = field(default_factory=list)
    forfeited: list[bool] = field(default_factory=list)
    autopass: list[tuple[str, ...] | None] = field(default_factory=list)
    content: dict[str, str] | None = None  # the content patch it is played with (a record's)


@dataclass
class SeatRow:
    token_hash: str | None
    invite_hash: str | None
    vacated: bool
    idle: bool
    name: str | None = None
    deadline: float | None = None
    forfeited: bool = False
    autopass: tuple[str, ...] | None = None  # the switches on (None: the game's defaults)


def autopass_of(raw: str | None) -> tuple[str, ...] | None:
    if raw is None:
        return None
    try:
        found = json.loads(raw)
    except ValueError:
        return None
    return tuple(sorted(str(x) for x in found)) if isinstance(found, list) else None


def autopass_json(on: tuple[str, ...] | None) -> str | None:
    return None if on is None else json.dumps(sorted(on))


CHANNEL = "tabletop_tables"
SCHEMA_LOCK = 0x7461626C  # the advisory lock under which the schema is created


def read_seats(db: Connection, table_id: str) -> list[SeatRow]:
    rows = db.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    ).mappings()
    return [seat_row(r) for r in rows]


def seat_row(r: Any) -> SeatRow:
    return SeatRow(
        r["token_hash"],
        r["invite_hash"],
        bool(r["vacated"]),
        bool(r["idle"]),
        r["name"],
        r["deadline"],
        bool(r["forfeited"]),
        autopass_of(r["autopass"]),
    )


def read_table(db: Connection, table_id: str) -> StoredTable | None:
    row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
    if row is None:
        return None
    seat_rows = read_seats(db, table_id)
    moves = [
        (int(r[0]), str(r[1]))
        for r in db.execute(
            select(answers.c.seat, answers.c.option)
            .where(answers.c.table_id == table_id)
            .order_by(answers.c.n)
        )
    ]
    return StoredTable(
        id=row["id"],
        name=row["name"],
        game=row["game"],
        version=row["version"],
        players=row["players"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        seats=json.loads(row["seats"]),
        takeover=row["takeover"],
        idle_seconds=row["idle_seconds"],
        pace_ms=row["pace_ms"],
        host_hash=row["host_hash"],
        steps=row["steps"],
        digest=row["digest"],
        over=bool(row["over"]),
        answers=moves,
        token_hashes=[r.token_hash for r in seat_rows],
        invite_hashes=[r.invite_hash for r in seat_rows],
        vacated=[r.vacated for r in seat_rows],
        idle=[r.idle for r in seat_rows],
        names=[r.name for r in seat_rows],
        chat=row["chat"] or "everyone",
        clock_seconds=row["clock_seconds"],
        clock_rule=row["clock_rule"] or "bot",
        deadlines=[r.deadline for r in seat_rows],
        forfeited=[r.forfeited for r in seat_rows],
        autopass=[r.autopass for r in seat_rows],
        content=json.loads(row["content"]) if row["content"] else None,
    )
