"""Server figures: many tables at once, each a scripted person against a bot over a WebSocket.

python bench/server.py [--tables 200] [--answers 30] [--db URL]

Starts `tabletop serve` on a free loopback port (SQLite in a temporary folder unless --db),
creates the tables (Quests, one person and one heuristic bot each), then every client answers
its questions as fast as it is asked (or after `--think` seconds, give or take half), `--answers`
times or until its game ends. The round trip
of an answer is from sending it to its `accepted`, which the server sends after the answer and
the bot answers it set off are committed. Prints p50/p90/p99 and answers a second. Never
asserts; stops by itself (every wait is bounded).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
    async with connect(ws_url, max_size=2**24) as ws:
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


async def run(base: str, tables: int, answers: int, think: float) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=WAIT) as http:
        tokens = []
        t0 = time.perf_counter()
        for i in range(tables):
            r = await http.post(
                "/api/tables",
                json={
                    "game": "quests",
                    "players": 2,
                    "seats": ["person", "heuristic"],
                    "seed": i,
                },
            )
            made = r.json()
            j = await http.post(
                f"/api/tables/{made['id']}/join", json={"invite": made["invites"][0]["invite"]}
            )
            tokens.append((made["id"], j.json()["token"]))
        created = time.perf_counter() - t0
    ws_base = base.replace("http://", "ws://")
    times: list[float] = []
    t0 = time.perf_counter()
    counts = await asyncio.gather(
        *(
            play(f"{ws_base}/api/tables/{tid}/ws", tok, answers, think, times, i)
            for i, (tid, tok) in enumerate(tokens)
        )
    )
    elapsed = time.perf_counter() - t0
    total = sum(counts)
    times.sort()

    def q(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] * 1000

    print(f"{tables} tables created and joined in {created:.2f} s; think time {think} s")
    print(
        f"{total:,} answers in {elapsed:.2f} s: {total / elapsed:,.0f} answers/s; "
        f"round trip p50 {q(0.5):.1f} ms, p90 {q(0.9):.1f} ms, p99 {q(0.99):.1f} ms, "
        f"mean {statistics.fmean(times) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--answers", type=int, default=30, help="answers per table at most")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a client waits before answering"
    )
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'tables.db'}"
        port = free_port()
        exe = str(Path(sys.executable).parent / "tabletop")
        with open(Path(tmp) / "server.log", "wb") as log:
            proc = subprocess.Popen(
                [exe, "serve", "--port", str(port), "--db", db, "--rate", "1000"],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "TABLETOP_DATA_DIR": tmp},
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
                asyncio.run(run(base, args.tables, args.answers, args.think))
            finally:
                proc.terminate()
                proc.wait(WAIT)


if __name__ == "__main__":
    main()
