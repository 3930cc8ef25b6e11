"""Fixtures for the server tests: a live server (uvicorn in a thread, on a free loopback
port, its own SQLite file) and small clients with bounded waits, so a missing message fails
the test instead of hanging it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from tabletop.server.app import create_app
from tabletop.server.limits import OPERATOR_ENV, Settings
from tabletop.server.protocol import MAX_MESSAGE_BYTES
from tabletop.server.store import Store

WAIT = 30.0  # seconds a test waits for a message before failing (liveness only)
OPERATOR = "operator-token-of-the-test-servers"  # TABLETOP_OPERATOR_TOKEN of `Process`


class Live:
    def __init__(self, base: str, store: Store, app: Any) -> None:
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.store = store
        self.app = app
        self.http = httpx.Client(base_url=base, timeout=WAIT)

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json=body)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def join(self, table_id: str, invite: str) -> str:
        r = self.http.post(f"/api/tables/{table_id}/join", json={"invite": invite})
        assert r.status_code == 200, r.text
        token: str = r.json()["token"]
        return token

    def socket(self, table_id: str, tokens: list[str] | None = None) -> Client:
        ws = connect(f"{self.ws_base}/api/tables/{table_id}/ws", open_timeout=WAIT, proxy=None)
        client = Client(ws.__enter__())
        if tokens is not None:
            client.send({"type": "hello", "tokens": tokens})
        return client


class Client:
    """A WebSocket client that keeps every message it got, for checks after the game."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None  # the last state message

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=WAIT))
        self.got.append(message)
        if message["type"] == "state":
            self.last = message
        return message

    def recv_now(self, timeout: float = 0) -> dict[str, Any]:
        """The next message if one comes within `timeout` seconds, else TimeoutError."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.got.append(message)
        if message["type"] == "state":
            self.last = message
        return message

    def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            message = self.recv()
            if pred(message):
                return message
        raise AssertionError("no such message came")

    def state(self, min_step: int = 0) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "state" and m["step"] >= min_step)

    def until_over(self) -> dict[str, Any]:
        if self.last is not None and self.last["table"]["over"]:
            return self.last
        return self.until(lambda m: m["type"] == "state" and m["table"]["over"])

    def error(self) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == "error")

    def close(self) -> None:
        self.ws.close()


def start_live(db_url: str, settings: Settings | None = None) -> tuple[Live, Callable[[], None]]:
    store = Store(db_url)
    app = create_app(store, settings)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", ws_max_size=16 * MAX_MESSAGE_BYTES
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    live = Live(f"http://127.0.0.1:{port}", store, app)

    def stop() -> None:
        live.http.close()
        server.should_exit = True
        thread.join(WAIT)
        store.close()

    return live, stop


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# the tests create many tables and connections from one address
LOOSE = [
    *("--tables-at-once", "1000", "--connections-at-once", "100000"),
    *("--requests-a-second", "100000"),
]


class Process:
    """`tabletop serve` in a process of its own."""

    def __init__(self, db_url: str, data: Path, port: int | None = None) -> None:
        self.port = free_port() if port is None else port
        self.log = open(data / f"server-{self.port}.log", "ab")  # noqa: SIM115
        exe = str(Path(sys.executable).parent / "tabletop")
        self.proc = subprocess.Popen(
            [exe, "serve", "--port", str(self.port), "--db", db_url, "--rate", "100000", *LOOSE],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "TABLETOP_DATA_DIR": str(data), OPERATOR_ENV: OPERATOR},
        )
        base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 4 * WAIT
        while True:
            assert self.proc.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        self.live = Live(base, Store(db_url), None)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(WAIT)
        self.live.http.close()
        self.live.store.close()
        self.log.close()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def live(db_url: str) -> Iterator[Live]:
    # scripted clients answer far faster than people: the rate limit has tests of its own
    settings = Settings(
        rate=1e6,
        burst=1e6,
        create_burst=1000,
        connects=1e6,
        request_rate=1e6,
        request_burst=1e6,
        operator_token=OPERATOR,
    )
    server, stop = start_live(db_url, settings)
    yield server
    stop()
