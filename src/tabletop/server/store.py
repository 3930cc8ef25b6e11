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
PostgreSQL the transaction also sends a NOTIFY on `CHANNEL` with the table's id and the
sending process, which the other server processes on the database listen for
(`tabletop.server.fanout`); the schema (`tabletop.server.schema`) is created under an advisory
lock, so any number of processes may start at once on a fresh database.

Besides changes: the lobby's pages of unfinished tables (`listing`, filtered by game, open
seats and recency), the expiry of abandoned ones (`expire`), and each table's chat
(`add_chat`, `chat`: its last `CHAT_KEPT` messages).
"""

from __future__ import annotations

import contextlib
import json
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    and_,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)

from tabletop.server.schema import (
    CHANNEL,
    CHAT_KEPT,
    SCHEMA_LOCK,
    SeatRow,
    StoredTable,
    answers,
    autopass_json,
    chat,
    default_url,
    metadata,
    read_seats,
    read_table,
    seat_row,
    seats,
    tables,
)


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
            # no pre-ping: it cost a transaction of its own on every checkout (as many as the
            # changes themselves); a connection the database dropped fails its change once,
            # the table is reloaded, and SQLAlchemy replaces the pool's connections
            self.engine = create_engine(url, pool_recycle=300)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.sender = secrets.token_hex(6)  # names this process in its notifications
        self._create_schema()
        self._writer = _Writer(self.engine)

    def _create_schema(self) -> None:
        """Create the tables (and add columns a newer version needs) under a lock, so any
        number of processes may start on a fresh database at the same instant."""
        with self.engine.begin() as db:
            if self.is_postgres:  # held until this transaction ends
                db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(db)
            found = {c["name"] for c in inspect(db).get_columns("tt_tables")}
            if "updated" not in found:  # a database made before tables expired
                db.execute(text("ALTER TABLE tt_tables ADD COLUMN updated FLOAT"))
                db.execute(update(tables).values(updated=tables.c.created))
            if "chat" not in found:  # a database made before tables had a chat
                db.execute(text("ALTER TABLE tt_tables ADD COLUMN chat VARCHAR(10)"))
            seat_columns = {c["name"] for c in inspect(db).get_columns("tt_seats")}
            if "name" not in seat_columns:  # ... and before seats had names
                db.execute(text("ALTER TABLE tt_seats ADD COLUMN name VARCHAR(40)"))
            if "clock_seconds" not in found:  # ... and before turn clocks
                db.execute(text("ALTER TABLE tt_tables ADD COLUMN clock_seconds FLOAT"))
                db.execute(text("ALTER TABLE tt_tables ADD COLUMN clock_rule VARCHAR(10)"))
            if "deadline" not in seat_columns:  # ... and auto-pass switches per seat
                db.execute(text("ALTER TABLE tt_seats ADD COLUMN deadline FLOAT"))
                db.execute(text("ALTER TABLE tt_seats ADD COLUMN forfeited BOOLEAN"))
                db.execute(text("ALTER TABLE tt_seats ADD COLUMN autopass TEXT"))
            if "content" not in found:  # ... and before content patches
                db.execute(text("ALTER TABLE tt_tables ADD COLUMN content TEXT"))

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
        chat_mode: str = "everyone",
        token_hashes: Sequence[str | None] | None = None,
        names: Sequence[str | None] | None = None,
        clock_seconds: float | None = None,
        clock_rule: str | None = None,
        deadlines: Sequence[float | None] | None = None,
        autopass: Sequence[tuple[str, ...] | None] | None = None,
        content: dict[str, str] | None = None,
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
                    updated=time.time(),
                    steps=steps,
                    digest=digest,
                    over=over,
                    chat=chat_mode,
                    clock_seconds=clock_seconds,
                    clock_rule=clock_rule,
                    content=None if content is None else json.dumps(content),
                )
            )
            db.execute(
                insert(seats),
                [
                    {
                        "table_id": table_id,
                        "seat": s,
                        "token_hash": None if token_hashes is None else token_hashes[s],
                        "invite_hash": h,
                        "vacated": False,
                        "idle": False,
                        "name": None if names is None else names[s],
                        "deadline": None if deadlines is None else deadlines[s],
                        "forfeited": False,
                        "autopass": None if autopass is None else autopass_json(autopass[s]),
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

    def load(self, table_id: str) -> StoredTable | None:
        """The table as one snapshot: its row, seats and answers read in one transaction
        (repeatable read on PostgreSQL, where another process may commit between them)."""
        with self.engine.connect() as db:
            if self.is_postgres:
                db = db.execution_options(isolation_level="REPEATABLE READ")
            with db.begin():
                return read_table(db, table_id)

    def seat_rows(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as db:
            return read_seats(db, table_id)

    def count_answers(self, table_id: str) -> int:
        with self.engine.connect() as db:
            n = db.execute(
                select(func.count()).select_from(answers).where(answers.c.table_id == table_id)
            ).scalar_one()
        return int(n)

    def count_unfinished(self) -> int:
        with self.engine.connect() as db:
            query = select(func.count()).select_from(tables).where(tables.c.over.is_(False))
            return int(db.execute(query).scalar_one())

    def bot_table_ids(self) -> list[str]:
        """Unfinished tables a bot may have to play on (an agent's seat, or a takeover),
        least recently changed first: what a restarted server resumes by itself."""
        query = (
            select(tables.c.id, tables.c.seats, tables.c.takeover)
            .where(tables.c.over.is_(False))
            .order_by(tables.c.updated)
        )
        with self.engine.connect() as db:
            rows = list(db.execute(query))
        return [
            str(r[0])
            for r in rows
            if r[2] is not None or any(s != "person" for s in json.loads(r[1]))
        ]

    def clocked_table_ids(self, before: float | None = None) -> list[str]:
        """Unfinished tables with a seat's turn clock running (that runs out before `before`,
        wall-clock seconds, when given): what the server watches, after a restart too."""
        where: list[ColumnElement[bool]] = [tables.c.over.is_(False), seats.c.deadline.is_not(None)]
        if before is not None:
            where.append(seats.c.deadline <= before)
        query = (
            select(tables.c.id)
            .join(seats, seats.c.table_id == tables.c.id)
            .where(*where)
            .distinct()
        )
        with self.engine.connect() as db:
            return [str(r[0]) for r in db.execute(query)]

    def listing(
        self,
        *,
        game: str | None = None,
        open_only: bool = False,
        since: float | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> tuple[int, list[dict[str, Any]]]:
        """One page of the unfinished tables, most recently changed first, with their
        public facts: (how many match, the page)."""
        where: list[ColumnElement[bool]] = [tables.c.over.is_(False)]
        if game is not None:
            where.append(tables.c.game == game)
        if since is not None:
            where.append(tables.c.updated >= since)
        if open_only:
            where.append(
                exists().where(
                    and_(
                        seats.c.table_id == tables.c.id,
                        seats.c.invite_hash.is_not(None),
                        seats.c.token_hash.is_(None),
                    )
                )
            )
        with self.engine.connect() as db:
            total = db.execute(select(func.count()).select_from(tables).where(*where)).scalar_one()
            rows = list(
                db.execute(
                    select(tables)
                    .where(*where)
                    .order_by(tables.c.updated.desc(), tables.c.id)
                    .limit(limit)
                    .offset(offset)
                ).mappings()
            )
            ids = [r["id"] for r in rows]
            taken: dict[str, dict[int, SeatRow]] = {i: {} for i in ids}
            if ids:
                for r in db.execute(select(seats).where(seats.c.table_id.in_(ids))).mappings():
                    taken[r["table_id"]][r["seat"]] = seat_row(r)
        page = []
        for r in rows:
            specs = json.loads(r["seats"])
            rows_of = taken[r["id"]]
            page.append(
                {
                    "id": r["id"],
                    "name": r["name"],
                    "game": r["game"],
                    "players": r["players"],
                    "seats": [
                        {
                            "seat": s,
                            "name": seat_name(s, spec, rows_of[s].name if s in rows_of else None),
                            "kind": "person" if spec == "person" else "agent",
                            "agent": None if spec == "person" else spec,
                            "taken": spec == "person"
                            and s in rows_of
                            and rows_of[s].token_hash is not None,
                            "open": s in rows_of and rows_of[s].invite_hash is not None,
                        }
                        for s, spec in enumerate(specs)
                    ],
                    "step": r["steps"],
                    "updated": r["updated"],
                }
            )
        return int(total), page

    def expire(self, before: float, keep: frozenset[str] = frozenset()) -> list[str]:
        """Remove the unfinished tables nobody changed since `before` (wall-clock seconds),
        but those in `keep` (someone is connected); return their ids."""
        with self.engine.begin() as db:
            ids = [
                str(r[0])
                for r in db.execute(
                    select(tables.c.id).where(tables.c.over.is_(False), tables.c.updated < before)
                )
                if r[0] not in keep
            ]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk : chunk + 500]
                db.execute(delete(answers).where(answers.c.table_id.in_(part)))
                db.execute(delete(chat).where(chat.c.table_id.in_(part)))
                db.execute(delete(seats).where(seats.c.table_id.in_(part)))
                db.execute(delete(tables).where(tables.c.id.in_(part)))
        return ids

    # -- chat -------------------------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int | None, name: str, said: str, at: float) -> int:
        """Store one chat message (and delete the table's messages older than the last
        `CHAT_KEPT`); returns its number."""
        with self.engine.begin() as db:
            last = db.execute(
                select(func.max(chat.c.n)).where(chat.c.table_id == table_id)
            ).scalar_one()
            n = 0 if last is None else int(last) + 1
            db.execute(
                insert(chat).values(table_id=table_id, n=n, seat=seat, name=name, text=said, at=at)
            )
            db.execute(delete(chat).where(chat.c.table_id == table_id, chat.c.n <= n - CHAT_KEPT))
        return n

    def chat(self, table_id: str) -> list[dict[str, Any]]:
        """The table's kept chat, oldest first."""
        query = select(chat).where(chat.c.table_id == table_id).order_by(chat.c.n)
        with self.engine.connect() as db:
            return [
                {
                    "n": r["n"],
                    "seat": r["seat"],
                    "name": r["name"],
                    "text": r["text"],
                    "at": r["at"],
                }
                for r in db.execute(query).mappings()
            ]

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
                yield Tx(db, table_id, int(row[0]), str(row[1]), shared=True, sender=self.sender)
            return
        with self.engine.connect() as db:
            row = db.execute(
                select(tables.c.steps, tables.c.digest).where(tables.c.id == table_id)
            ).first()
            if row is None:
                raise KeyError(table_id)
            tx = Tx(db, table_id, int(row[0]), str(row[1]), shared=False, sender=self.sender)
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
        self, db: Connection, table_id: str, steps: int, digest: str, shared: bool, sender: str
    ) -> None:
        self.db = db
        self.sender = sender
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
        stored = read_table(self.db, self.table_id)
        assert stored is not None
        return stored

    def seat_rows(self) -> list[SeatRow]:
        return read_seats(self.db, self.table_id)

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
                .values(steps=steps, digest=digest, over=over, updated=time.time())
            )
        )
        self._announce()

    def write_seat(self, seat: int, row: SeatRow) -> None:
        values = {
            "token_hash": row.token_hash,
            "invite_hash": row.invite_hash,
            "vacated": row.vacated,
            "idle": row.idle,
            "name": row.name,
            "deadline": row.deadline,
            "forfeited": row.forfeited,
            "autopass": autopass_json(row.autopass),
        }
        table_id = self.table_id
        self._write(
            lambda db: db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**values)
            )
        )
        self._write(
            lambda db: db.execute(
                update(tables).where(tables.c.id == table_id).values(updated=time.time())
            )
        )
        self._announce()

    def _announce(self) -> None:
        """Tell the other processes on this database (PostgreSQL's NOTIFY, delivered when the
        transaction commits, once however often it is asked in one transaction). The payload
        names the table and the sending process, which skips its own notifications."""
        if self.shared and not self._notify:
            self._notify = True
            self.db.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{self.table_id} {self.sender}"},
            )


def seat_name(seat: int, spec: str, name: str | None) -> str:
    """How a seat is shown: its person's chosen name, "Bot (agent)", or P1, P2, ..."""
    if spec != "person":
        return f"Bot ({spec.split(':', 1)[0]})"
    return name or f"P{seat + 1}"


def _sqlite_pragmas(conn: Any, _record: Any) -> None:
    """Write-ahead log with full sync: a commit is on disk when it returns."""
    cursor = conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()
