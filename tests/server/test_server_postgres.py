"""Past one process: two `tabletop serve` processes on one PostgreSQL database (Debian's
postgresql, which `make test` installs; the test starts a server of its own in a temporary
folder) serve the same table, its players connected to different processes; each answer is
fanned out through LISTEN/NOTIFY, and every view each socket got is the kernel's view for its
seat at that step."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from server_helpers import check_seen, play_out

from conftest import WAIT, Process, free_port
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng
from tabletop.server.fanout import Listener, conninfo
from tabletop.server.schema import CHANNEL


def as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as Debian's postgres user."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture
def postgres() -> Iterator[str]:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    assert found, "the PostgreSQL tests need Debian's postgresql (make test installs it)"
    bin_dir = Path(found[-1]).parent
    base = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    os.chmod(base, 0o755)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
    data = base / "data"
    port = free_port()
    run = {"check": True, "capture_output": True, "timeout": 4 * WAIT}
    subprocess.run(
        as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "tabletop"]),
        **run,  # type: ignore[call-overload]
    )
    options = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
    ctl = [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w"]
    subprocess.run(as_postgres([*ctl, "-o", options, "start"]), **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql+psycopg://tabletop@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_postgres([*ctl, "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def test_two_processes_serve_one_table(postgres: str, tmp_path: Path) -> None:
    one = Process(postgres, tmp_path)
    two = Process(postgres, tmp_path)
    try:
        made = one.live.create(
            game="quests",
            players=3,
            seats=["person", "person", "heuristic"],
            options={"turn_limit": 2},
            seed=31,
        )
        table_id = made["id"]
        invites = {i["seat"]: i["invite"] for i in made["invites"]}
        # the second process lists the table (and so holds it) before anyone joins; then
        # both join through the first, and P2 plays through the second, which learns of the
        # new seat token from the database
        assert [t["id"] for t in two.live.http.get("/api/tables").json()["tables"]] == [table_id]
        p1 = one.live.join(table_id, invites[0])
        p2 = one.live.join(table_id, invites[1])
        a = one.live.socket(table_id, [p1])
        b = two.live.socket(table_id, [p2])
        watcher = two.live.socket(table_id, [])
        accepted = play_out([a, b], Rng(9))
        assert accepted > 10
        for c in (a, b, watcher):
            c.until_over()
        record = Record.from_json(two.live.http.get(f"/api/tables/{table_id}/record").json())
        final = replay(record, verify=True)
        assert final.is_over
        same = Record.from_json(one.live.http.get(f"/api/tables/{table_id}/record").json())
        assert same.answers == record.answers
        logs = {s: [list(e) for e in final.log_for(s)] for s in (0, 1, 2, None)}
        for c in (a, b, watcher):
            check_seen(c, record, logs)
    finally:
        one.kill()
        two.kill()


def test_processes_started_together_on_a_fresh_database_all_serve(
    postgres: str, tmp_path: Path
) -> None:
    # each used to create the schema on its own: one died in the race, with a traceback
    started: list[Process] = []
    failed: list[BaseException] = []

    def start() -> None:
        try:
            started.append(Process(postgres, tmp_path))
        except BaseException as e:  # the server exited, or did not start
            failed.append(e)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(4 * WAIT)
    try:
        assert not failed and len(started) == 3
        made = started[0].live.create(game="quests", players=2, seats=["person", "random"])
        for p in started:
            assert p.live.http.get(f"/api/tables/{made['id']}").status_code == 200
    finally:
        for p in started:
            p.kill()
        for log in tmp_path.glob("server-*.log"):
            assert "Traceback" not in log.read_text(errors="replace"), log.name


def test_a_process_skips_its_own_notifications(postgres: str) -> None:
    # it has adopted its own change already: re-reading it cost a locked transaction each
    heard: list[str] = []
    listener = Listener(postgres, heard.append, lambda: None, sender="me")
    listener.start()
    try:
        assert listener.ready.wait(WAIT)
        with psycopg.connect(conninfo(postgres), autocommit=True) as conn:
            for payload in ("t1 me", "t2 someone-else", "t3"):
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        deadline = time.monotonic() + WAIT
        while len(heard) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # and nothing more comes
        assert heard == ["t2", "t3"]
    finally:
        listener.stop()
