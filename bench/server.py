"""Server figures: many tables at once, each a scripted person against a bot over a WebSocket,
first alone, then again beside a flood of hostile clients.

python bench/server.py [--tables 200] [--answers 30] [--think 0.2] [--postgres | --db URL]

Starts `tabletop serve` on a free loopback port (SQLite in a temporary folder; `--postgres`
starts a PostgreSQL server of its own from Debian's packages, as the tests do), creates the
tables (Quests, one person and one heuristic bot each), then every client answers its
questions (after `--think` seconds, give or take half), `--answers` times or until its game
ends. The round trip of an answer is from sending it to its `accepted`, which the server
sends once the answer is committed. Then the same again while hostile clients flood the
server: connections sending garbage as fast as they can (each closed by the server, and
opened again), tables of unpaced bots created until the address is refused, agent specs
asking for an hour of search, and the lobby's listing fetched in a loop. Prints answers/s and
p50/p90/p99 of both runs and their ratio; on PostgreSQL, the database's committed
transactions per stored answer. Never asserts; stops by itself (every wait is bounded).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import multiprocessing
import os
import pwd
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import httpx
from websockets.asyncio.client import connect

WAIT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def play(
    ws_url: str, token: str, answers: int, think: float, times: list[float], seat: int
) -> int:
    made = 0
    pause = random.Random(seat)
    async with connect(ws_url, max_size=2**24, local_addr=(honest_address(seat), 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
        while made < answers:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            if message["type"] != "state":
                continue
            if message["table"]["over"]:
                break
            ask = message["viewers"][0]["ask"]
            if ask is None:
                continue
            option = ask["options"][made % len(ask["options"])]["id"]
            if think:  # a person thinks: between half and one and a half times `think`
                await asyncio.sleep(think * (0.5 + pause.random()))
            start = time.perf_counter()
            await ws.send(
                json.dumps({"type": "answer", "seat": 0, "option": option, "step": message["step"]})
            )
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
                if reply["type"] in ("accepted", "error"):
                    break
            if reply["type"] == "accepted":
                times.append(time.perf_counter() - start)
                made += 1
    return made


def honest_address(i: int) -> str:
    """Each honest player comes from an address of their own (loopback has 2**24 of them), as
    people do; the flood from another (`HOSTILE`): the server's per-address limits apply to
    both as they would on the internet."""
    return f"127.1.{i // 200}.{i % 200 + 1}"


HOSTILE = "127.66.0.1"


async def create_tables(base: str, tables: int, seed: int) -> list[tuple[str, str]]:
    tokens = []
    for i in range(tables):
        transport = httpx.AsyncHTTPTransport(local_address=honest_address(i))
        async with httpx.AsyncClient(base_url=base, timeout=WAIT, transport=transport) as http:
            r = await http.post(
                "/api/tables",
                json={
                    "game": "quests",
                    "players": 2,
                    "seats": ["person", "heuristic"],
                    "seed": seed + i,
                },
            )
            made = r.json()
            j = await http.post(
                f"/api/tables/{made['id']}/join", json={"invite": made["invites"][0]["invite"]}
            )
            tokens.append((made["id"], j.json()["token"]))
    return tokens


async def honest(
    base: str, tokens: list[tuple[str, str]], answers: int, think: float
) -> tuple[int, float, list[float]]:
    ws_base = base.replace("http://", "ws://")
    times: list[float] = []
    t0 = time.perf_counter()
    counts = await asyncio.gather(
        *(
            play(f"{ws_base}/api/tables/{tid}/ws", tok, answers, think, times, i)
            for i, (tid, tok) in enumerate(tokens)
        )
    )
    times.sort()
    return sum(counts), time.perf_counter() - t0, times


class Flag(Protocol):
    def is_set(self) -> bool: ...


async def garbage(ws_url: str, stop: Flag, sent: list[int]) -> None:
    """A client that sends what is refused as fast as it can, reconnecting when closed."""
    while not stop.is_set():
        try:
            async with connect(ws_url, max_size=2**20, local_addr=(HOSTILE, 0)) as ws:
                while not stop.is_set():
                    await ws.send("{not json" * 50)
                    sent[0] += 1
                    if sent[0] % 50 == 0:
                        await asyncio.sleep(0)
        except Exception:
            await asyncio.sleep(0.01)


async def hostile(base: str, table_id: str, stop: Flag, counts: dict[str, int]) -> None:
    ws_url = base.replace("http://", "ws://") + f"/api/tables/{table_id}/ws"
    sent = [0]
    floods = [asyncio.create_task(garbage(ws_url, stop, sent)) for _ in range(8)]
    transport = httpx.AsyncHTTPTransport(local_address=HOSTILE)
    async with httpx.AsyncClient(base_url=base, timeout=WAIT, transport=transport) as http:
        bodies = [
            {"game": "castle", "players": 8, "seats": ["random"] * 8},  # a whole bot game
            {"game": "quests", "players": 2, "seats": ["ismcts:time=3600", "random"]},
            {"game": "quests", "players": 2, "seats": ["ismcts:iterations=1000000", "random"]},
        ]
        n = 0
        while not stop.is_set():
            await asyncio.sleep(0.01)
            r = await http.post("/api/tables", json=bodies[n % len(bodies)])
            counts[str(r.status_code)] = counts.get(str(r.status_code), 0) + 1
            await http.get("/api/tables", params={"limit": 100})
            counts["listings"] = counts.get("listings", 0) + 1
            n += 1
    for task in floods:
        await task
    counts["garbage frames"] = sent[0]


def hostile_process(base: str, table_id: str, stop: Flag, out: Any) -> None:
    """The flood, in a process of its own (so it does not slow the honest clients' loop)."""
    counts: dict[str, int] = {}
    asyncio.run(hostile(base, table_id, stop, counts))
    out.put(counts)


async def run(base: str, tables: int, answers: int, think: float, db: str, flood_too: bool) -> None:
    def q(times: list[float], p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] * 1000 if times else 0.0

    def report(label: str, total: int, elapsed: float, times: list[float]) -> float:
        print(
            f"{label}: {total:,} answers in {elapsed:.2f} s: {total / elapsed:,.0f} answers/s; "
            f"round trip p50 {q(times, 0.5):.1f} ms, p90 {q(times, 0.9):.1f} ms, "
            f"p99 {q(times, 0.99):.1f} ms, mean {statistics.fmean(times or [0]) * 1000:.1f} ms"
        )
        return q(times, 0.99)

    t0 = time.perf_counter()
    first = await create_tables(base, tables, 0)
    print(
        f"{tables} tables created and joined in {time.perf_counter() - t0:.2f} s; think {think} s"
    )
    before = commits(db)
    total, elapsed, times = await honest(base, first, answers, think)
    after = commits(db)
    alone = report("honest clients alone", total, elapsed, times)
    if before is not None and after is not None:
        stored = await stored_answers(base, [t for t, _ in first])
        print(
            f"PostgreSQL: {after - before:,} transactions committed for {stored:,} stored "
            f"answers ({total:,} of them the persons'): {(after - before) / max(stored, 1):.2f} "
            "a stored answer"
        )
    if not flood_too:
        return
    second = await create_tables(base, tables, 10_000)
    stop = multiprocessing.Event()
    out: Any = multiprocessing.Queue()
    flood = multiprocessing.Process(target=hostile_process, args=(base, second[0][0], stop, out))
    flood.start()
    await asyncio.sleep(1.0)  # the flood is on before the honest clients start
    total, elapsed, times = await honest(base, second[1:], answers, think)
    stop.set()
    counts = await asyncio.to_thread(out.get, True, WAIT)
    flood.join(WAIT)
    flooded = report("honest clients beside the flood", total, elapsed, times)
    print(f"the flood: {counts} (HTTP statuses of its creations, listings, garbage frames)")
    print(f"p99 beside the flood / alone: {flooded / max(alone, 1e-9):.2f}x")


async def stored_answers(base: str, table_ids: list[str]) -> int:
    total = 0
    for i, tid in enumerate(table_ids):  # each player asks about their own table
        transport = httpx.AsyncHTTPTransport(local_address=honest_address(i))
        async with httpx.AsyncClient(base_url=base, timeout=WAIT, transport=transport) as http:
            total += int((await http.get(f"/api/tables/{tid}")).json()["step"])
    return total


def commits(db: str) -> int | None:
    """Committed transactions of the PostgreSQL database so far (None on SQLite)."""
    if not db.startswith("postgresql"):
        return None
    import psycopg
    from sqlalchemy.engine import make_url

    info = make_url(db).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(info, autocommit=True) as conn:
        conn.execute("SELECT pg_stat_clear_snapshot()")
        row = conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else None


@contextlib.contextmanager
def postgres_server(tmp: Path) -> Iterator[str]:
    """A PostgreSQL server of its own in `tmp` (Debian's packages; as root, as postgres)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("--postgres needs Debian's postgresql (make test installs it)")
    bin_dir = Path(found[-1]).parent
    base = tmp / "pg"
    base.mkdir()
    os.chmod(tmp, 0o755)
    os.chmod(base, 0o755)
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data = base / "data"
    port = free_port()
    subprocess.run(
        [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "tabletop"],
        check=True,
        capture_output=True,
    )
    ctl = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w"]
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1"
    subprocess.run([*ctl, "-o", options, "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://tabletop@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*ctl, "-m", "immediate", "stop"], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--answers", type=int, default=30, help="answers per table at most")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a client waits before answering"
    )
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="start a PostgreSQL of its own")
    parser.add_argument(
        "--no-flood", action="store_true", help="the honest clients alone (an old server stalls)"
    )
    parser.add_argument(
        "--source",
        help="serve from this source tree instead (say, a git worktree of an earlier commit: "
        "the figures before a change)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        db = args.db or f"sqlite:///{Path(tmp) / 'tables.db'}"
        if args.postgres:
            db = stack.enter_context(postgres_server(Path(tmp)))
        port = free_port()
        exe = str(Path(sys.executable).parent / "tabletop")
        with open(Path(tmp) / "server.log", "wb") as log:
            # the honest tables come from this one address too: let it create them all
            # the server's default limits: every client has an address of its own
            env = {**os.environ, "TABLETOP_DATA_DIR": tmp}
            if args.source:
                env["PYTHONPATH"] = str(Path(args.source) / "src")
            proc = subprocess.Popen(
                [exe, "serve", "--port", str(port), "--db", db],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
            try:
                base = f"http://127.0.0.1:{port}"
                deadline = time.monotonic() + WAIT
                while True:
                    try:
                        httpx.get(f"{base}/api/games", timeout=2)
                        break
                    except httpx.HTTPError:
                        if time.monotonic() > deadline or proc.poll() is not None:
                            raise SystemExit("the server did not start") from None
                        time.sleep(0.05)
                print(f"tabletop serve on {db.split(':')[0]}, {os.cpu_count()} CPUs")
                asyncio.run(run(base, args.tables, args.answers, args.think, db, not args.no_flood))
            finally:
                proc.terminate()
                proc.wait(WAIT)


if __name__ == "__main__":
    main()
