"""Persistence: tables, seats and every accepted answer, through SQLAlchemy.

SQLite is the default (`tables.db` in the user's data directory, as the terminal's autosaves
find it); any SQLAlchemy URL works, PostgreSQL included (`postgresql+psycopg://...`). A table
is stored as what it was created with (game, players, seed, options, seats) plus its answers,
one row each, so a table is its record: loading one replays its answers and checks the state
against the digest stored with the last commit. Tokens are stored as SHA-256 hashes only.

Every change is made in `Store.locked(table_id)`: one transaction holding the table's row
locked, in which the server adopts what others stored, then writes what it changed
(`Tx.write_answers` makes the stored answers equal to the game's history: new answers
appended, answers an undo took back deleted; `Tx.write_seat`). It returns only once the
database has committed, and the server acknowledges an answer after that, never before. On
PostgreSQL the transaction also sends a NOTIFY on `CHANNEL` with the table's id, which the
other server processes on the database listen for (`tabletop.server.fanout`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
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
    text,
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
    Column("idle", Boolean, nullable=False, default=False),  # idle: the takeover bot plays
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
    idle: list[bool]


@dataclass
class SeatRow:
    token_hash: str | None
    invite_hash: str | None
    vacated: bool
    idle: bool


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
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self._writer = _Writer(self.engine)

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
                        "idle": False,
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
            return _load(db, table_id)

    def seat_rows(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as db:
            return _seat_rows(db, table_id)

    def count_answers(self, table_id: str) -> int:
        with self.engine.connect() as db:
            n = db.execute(
                select(func.count()).select_from(answers).where(answers.c.table_id == table_id)
            ).scalar_one()
        return int(n)

    # -- changes ----------------------------------------------------------------------------
    @contextlib.contextmanager
    def locked(self, table_id: str) -> Iterator[Tx]:
        """One change of a table, stored when the block ends and not at all if it raises.

        PostgreSQL: one transaction holding the table's row locked (`SELECT ... FOR
        UPDATE`), so several server processes change a table one at a time. SQLite (one
        process, whose rooms change each table under their own lock): the writes are queued
        for the store's writer thread, which commits every change waiting at that moment in
        one transaction, so one disk flush serves many tables (group commit); the block
        returns once that transaction is committed."""
        if self.is_postgres:
            with self.engine.begin() as db:
                row = db.execute(
                    select(tables.c.steps, tables.c.digest)
                    .where(tables.c.id == table_id)
                    .with_for_update()
                ).first()
                if row is None:
                    raise KeyError(table_id)
                yield Tx(db, table_id, int(row[0]), str(row[1]), shared=True)
            return
        with self.engine.connect() as db:
            row = db.execute(
                select(tables.c.steps, tables.c.digest).where(tables.c.id == table_id)
            ).first()
            if row is None:
                raise KeyError(table_id)
            tx = Tx(db, table_id, int(row[0]), str(row[1]), shared=False)
            yield tx
            db.rollback()  # end the read before the writer writes
        if tx.ops:
            self._writer.commit(tx.ops)


Op = Callable[[Connection], object]


class _Writer:
    """SQLite's group commit: one thread runs every queued change, as many as are waiting,
    in one transaction; each waiter returns when its change is committed or raises its error
    (a batch that fails is retried one change at a time, so one bad change fails alone)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.queue: queue.SimpleQueue[tuple[list[Op], threading.Event, list[BaseException]]]
        self.queue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def commit(self, ops: list[Op]) -> None:
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="tabletop-writer", daemon=True
                )
                self._thread.start()
        done = threading.Event()
        failed: list[BaseException] = []
        self.queue.put((ops, done, failed))
        done.wait()
        if failed:
            raise failed[0]

    def _run(self) -> None:
        while True:
            batch = [self.queue.get()]
            while True:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            try:
                self._apply([ops for ops, _, _ in batch])
            except Exception:
                for ops, _, failed in batch:
                    try:
                        self._apply([ops])
                    except Exception as e:
                        failed.append(e)
            for _, done, _ in batch:
                done.set()

    def _apply(self, changes: list[list[Op]]) -> None:
        with self.engine.begin() as db:
            for ops in changes:
                for op in ops:
                    op(db)


class Tx:
    """One change of a table (`Store.locked`): reads now, writes when it is committed."""

    def __init__(
        self, db: Connection, table_id: str, steps: int, digest: str, shared: bool
    ) -> None:
        self.db = db
        self.table_id = table_id
        self.steps = steps  # as stored when the change began
        self.digest = digest
        # other processes may change the table (PostgreSQL): read the seats back every time
        self.shared = shared
        self.ops: list[Op] = []
        self._notify = False

    def _write(self, op: Op) -> None:
        if self.shared:
            op(self.db)  # in the locked transaction
        else:
            self.ops.append(op)  # for the writer thread

    def load(self) -> StoredTable:
        stored = _load(self.db, self.table_id)
        assert stored is not None
        return stored

    def seat_rows(self) -> list[SeatRow]:
        return _seat_rows(self.db, self.table_id)

    def write_answers(
        self,
        keep: int,
        new: Sequence[tuple[int, str]],
        *,
        steps: int,
        digest: str,
        over: bool,
        taken_back: bool = True,
    ) -> None:
        """Keep the first `keep` stored answers (an undo took back the rest: `taken_back`),
        append `new` after them, and store the state's digest."""
        table_id = self.table_id
        rows = [
            {"table_id": table_id, "n": keep + i, "seat": p, "option": o}
            for i, (p, o) in enumerate(new)
        ]
        if taken_back:
            self._write(
                lambda db: db.execute(
                    delete(answers).where(answers.c.table_id == table_id, answers.c.n >= keep)
                )
            )
        if rows:
            self._write(lambda db: db.execute(insert(answers), rows))
        self._write(
            lambda db: db.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(steps=steps, digest=digest, over=over)
            )
        )
        self._announce()

    def write_seat(self, seat: int, row: SeatRow) -> None:
        values = {
            "token_hash": row.token_hash,
            "invite_hash": row.invite_hash,
            "vacated": row.vacated,
            "idle": row.idle,
        }
        table_id = self.table_id
        self._write(
            lambda db: db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**values)
            )
        )
        self._announce()

    def _announce(self) -> None:
        """Tell the other processes on this database (PostgreSQL's NOTIFY, delivered when the
        transaction commits, once however often it is asked in one transaction)."""
        if self.shared and not self._notify:
            self._notify = True
            self.db.execute(
                text("SELECT pg_notify(:channel, :id)"), {"channel": CHANNEL, "id": self.table_id}
            )


CHANNEL = "tabletop_tables"


def _seat_rows(db: Connection, table_id: str) -> list[SeatRow]:
    rows = db.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    ).mappings()
    return [
        SeatRow(r["token_hash"], r["invite_hash"], bool(r["vacated"]), bool(r["idle"]))
        for r in rows
    ]


def _load(db: Connection, table_id: str) -> StoredTable | None:
    row = db.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
    if row is None:
        return None
    seat_rows = _seat_rows(db, table_id)
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
    )


def _sqlite_pragmas(conn: Any, _record: Any) -> None:
    """Write-ahead log with full sync: a commit is on disk when it returns."""
    cursor = conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()
