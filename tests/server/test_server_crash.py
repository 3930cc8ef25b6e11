"""The crash test: a `tabletop serve` process killed with SIGKILL in mid-game and started
again on the same database resumes every table at the same decision, with the same views,
questions and logs for every seat, including the answer acknowledged just before the kill;
the games then play on to their end and their records verify."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import play_out

from conftest import OPERATOR, Client, Process
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng

TABLES: list[dict[str, Any]] = [
    {
        "game": "quests",
        "players": 3,
        "seats": ["person", "person", "heuristic"],
        "options": {"turn_limit": 3},
        "seed": 21,
    },
    {"game": "guardians", "players": 3, "seats": ["person", "person", "random"], "seed": 22},
    {
        "game": "quests",
        "players": 2,
        "seats": ["person", "person"],
        "seed": 23,
        "options": {"turn_limit": 2},
    },
]


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def seen_log(client: Client, seat: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in client.got:
        if m["type"] != "state":
            continue
        for v in m["viewers"]:
            if v["seat"] == seat:
                if v["reset"]:
                    out = []
                out.extend((e["rule"], e["text"]) for e in v["events"])
    return out


def test_sigkill_in_mid_game_then_every_table_resumes(data: Path) -> None:
    db_url = f"sqlite:///{data / 'tables.db'}"
    first = Process(db_url, data)
    tables = []
    for i, body in enumerate(TABLES):
        made = first.live.create(**body)
        tokens = {
            inv["seat"]: first.live.join(made["id"], inv["invite"]) for inv in made["invites"]
        }
        clients = {s: first.live.socket(made["id"], [t]) for s, t in tokens.items()}
        play_out(list(clients.values()), Rng(i), max_answers=12)
        tables.append((made, tokens, clients))
    # settle every socket on the table's current step: what each seat last saw
    before: dict[tuple[str, int], dict[str, Any]] = {}
    logs: dict[tuple[str, int], list[tuple[str, str]]] = {}
    for made, _, clients in tables[1:]:
        steps = first.live.store.count_answers(made["id"])
        for seat, c in clients.items():
            c.send({"type": "sync"})
            before[(made["id"], seat)] = c.state(steps)
            logs[(made["id"], seat)] = seen_log(c, seat)
    # the first table: one more answer, and the kill right after its acknowledgement
    made, _, clients = tables[0]
    for seat, c in clients.items():
        c.send({"type": "sync"})
        last = c.state(first.live.store.count_answers(made["id"]))
        ask = last["viewers"][0]["ask"]
        if ask is not None:
            c.send(
                {
                    "type": "answer",
                    "seat": seat,
                    "option": ask["options"][-1]["id"],
                    "step": last["step"],
                }
            )
            acked = c.until(lambda m: m["type"] in ("accepted", "error"))
            assert acked["type"] == "accepted", acked
            break
    else:
        raise AssertionError("nobody was asked at the first table")
    # and a table of paced bots, playing by themselves when the kill comes
    bots = first.live.create(
        game="quests",
        players=2,
        seats=["random", "heuristic"],
        options={"turn_limit": 2},
        seed=24,
        pace_ms=50,
    )
    watcher = first.live.socket(bots["id"], [])
    assert not watcher.until(lambda m: m["type"] == "state" and m["step"] >= 3)["table"]["over"]
    first.kill()

    second = Process(db_url, data)
    try:
        # the acknowledged answer survived
        def record_of(table_id: str) -> Record:
            r = second.live.http.get(
                f"/api/tables/{table_id}/record",
                headers={"authorization": "Bearer " + OPERATOR},
            )
            return Record.from_json(r.json())

        record = record_of(made["id"])
        # (the bots' answers after it are committed one turn after it, maybe before the kill)
        assert len(record.answers) >= acked["step"]
        assert record.answers[acked["step"] - 1] == (seat, ask["options"][-1]["id"])
        replay(record, verify=True)
        for s, token in tables[0][1].items():
            again = second.live.socket(made["id"], [token]).state()
            assert again["step"] >= acked["step"]
            answers = record_of(made["id"]).answers[: again["step"]]
            state = replay(Record(**{**record.__dict__, "answers": answers, "digests": []}))
            assert again["viewers"][0]["view"] == state.view(s)
            assert [(e["rule"], e["text"]) for e in again["viewers"][0]["events"]] == [
                tuple(e) for e in state.log_for(s)
            ]
        # every other table: the same decision, views, questions and log for every seat
        resumed = []
        for made2, tokens, _ in tables[1:]:
            clients2 = {}
            for s, token in tokens.items():
                c = second.live.socket(made2["id"], [token])
                now = c.state()
                old = before[(made2["id"], s)]
                assert now["step"] == old["step"]
                assert now["viewers"][0]["view"] == old["viewers"][0]["view"]
                assert now["viewers"][0]["ask"] == old["viewers"][0]["ask"]
                assert now["viewers"][0]["reset"]  # a new process: the log is sent whole
                got = [(e["rule"], e["text"]) for e in now["viewers"][0]["events"]]
                assert got == logs[(made2["id"], s)]
                clients2[s] = c
            resumed.append((made2, clients2))
        # and they play on to the end; their records verify
        for i, (made2, clients2) in enumerate(resumed):
            play_out(list(clients2.values()), Rng(100 + i))
            for c in clients2.values():
                c.until_over()
            r = second.live.http.get(f"/api/tables/{made2['id']}/record")
            assert r.status_code == 200, r.text
            assert replay(Record.from_json(r.json()), verify=True).is_over
        # the bots' table went on by itself after the restart, to its end
        watcher = second.live.socket(bots["id"], [])
        assert watcher.until_over()["step"] >= 3
        r = second.live.http.get(f"/api/tables/{bots['id']}/record")
        assert replay(Record.from_json(r.json()), verify=True).is_over
    finally:
        second.kill()
