"""Persistence: tables, seats and every accepted answer, through SQLAlchemy.

SQLite is the default (`tables.db` in the user's data directory, as the terminal's autosaves
find it); any SQLAlchemy URL works, PostgreSQL included (`postgresql+psycopg://...`). A table
is stored as what it was created with (game, players, seed, options, seats) plus its answers,
one row each, so a table is its record: loading one replays its answers and checks the state
against the digest stored with the last commit. Tokens are stored as SHA-256 hashes only.

`commit_answers` makes the stored answers equal to the game's history in one transaction
(new answers appended; answers an undo took back deleted) and returns only once the
database has committed it: the server acknowledges an answer after that, never before.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
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
    Column("steps", Integer, nullable=False),
    Column("digest", String(32), nullable=False),
    Column("over", Boolean, nullable=False),
)

seats = SqlTable(
    "tt_seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=True, index=True),
    Column("invite_hash", String(64), nullable=True, index=True),
    Column("vacated", Boolean, nullable=False, default=False),  # left: the takeover bot plays
)

answers = SqlTable(
    "tt_answers",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("option", String(200), nullable=False),
)


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


class Store:
    """The database of one server (or of several sharing it)."""

    def __init__(self, url: str | None = None) -> None:
        url = url or default_url()
        self.url = url
        if url.startswith("sqlite"):
            path = url.split("///", 1)[1] if "///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- tables ---------------------------------------------------------------------------
    def create_table(
        self,
        *,
        table_id: str,
        name: str,
        game: str,
        version: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        seat_specs: Sequence[str],
        takeover: str | None,
        idle_seconds: float | None,
        pace_ms: int,
        host_hash: str,
        invite_hashes: Sequence[str | None],
        steps: int,
        digest: str,
        over: bool,
        history: Sequence[tuple[int, str]],
    ) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(tables).values(
                    id=table_id,
                    name=name,
                    game=game,
                    version=version,
                    players=players,
                    seed=seed,
                    options=json.dumps(options),
                    seats=json.dumps(list(seat_specs)),
                    takeover=takeover,
                    idle_seconds=idle_seconds,
                    pace_ms=pace_ms,
                    host_hash=host_hash,
                    created=time.time(),
                    steps=steps,
                    digest=digest,
                    over=over,
                )
            )
            db.execute(
                insert(seats),
                [
                    {
                        "table_id": table_id,
                        "seat": s,
                        "token_hash": None,
                        "invite_hash": h,
                        "vacated": False,
                    }
                    for s, h in enumerate(invite_hashes)
                ],
            )
            if history:
                db.execute(
                    insert(answers),
                    [
                        {"table_id": table_id, "n": n, "seat": p, "option": o}
                        for n, (p, o) in enumerate(history)
                    ],
                )

    def table_ids(self, *, unfinished_only: bool = False) -> list[str]:
        query = select(tables.c.id).order_by(tables.c.created)
        if unfinished_only:
            query = query.where(tables.c.over.is_(False))
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(query)]

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seat_rows = db.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).mappings()
            tokens: list[str | None] = []
            invites: list[str | None] = []
            vacated: list[bool] = []
            for seat_row in seat_rows:
                tokens.append(seat_row["token_hash"])
                invites.append(seat_row["invite_hash"])
                vacated.append(bool(seat_row["vacated"]))
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
            token_hashes=tokens,
            invite_hashes=invites,
            vacated=vacated,
        )

    def count_answers(self, table_id: str) -> int:
        with self.engine.connect() as db:
            n = db.execute(
                select(func.count()).select_from(answers).where(answers.c.table_id == table_id)
            ).scalar_one()
        return int(n)

    # -- answers --------------------------------------------------------------------------
    def commit_answers(
        self,
        table_id: str,
        keep: int,
        new: Sequence[tuple[int, str]],
        *,
        steps: int,
        digest: str,
        over: bool,
    ) -> None:
        """In one transaction: keep the first `keep` stored answers (an undo took back the
        rest), append `new` after them, and store the state's digest."""
        with self.engine.begin() as db:
            db.execute(delete(answers).where(answers.c.table_id == table_id, answers.c.n >= keep))
            if new:
                db.execute(
                    insert(answers),
                    [
                        {"table_id": table_id, "n": keep + i, "seat": p, "option": o}
                        for i, (p, o) in enumerate(new)
                    ],
                )
            db.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(steps=steps, digest=digest, over=over)
            )

    # -- seats ----------------------------------------------------------------------------
    def set_seat(
        self,
        table_id: str,
        seat: int,
        *,
        token_hash: str | None,
        invite_hash: str | None,
        vacated: bool,
    ) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(token_hash=token_hash, invite_hash=invite_hash, vacated=vacated)
            )


def _sqlite_pragmas(conn: Any, _record: Any) -> None:
    """Write-ahead log with full sync: a commit is on disk when it returns."""
    cursor = conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()
