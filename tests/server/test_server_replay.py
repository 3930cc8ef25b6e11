"""The replay viewer: a finished table stepped through from any seat's view (and an uploaded
record file), checked against the kernel replaying the record independently; a running
table is refused; a tampered or oversized upload is refused with a clear error. One test
steps through a finished game in Chromium with the keyboard."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from selenium.webdriver.common.keys import Keys
from server_helpers import play_out
from test_server_browser import chromium, wait

from conftest import Live
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng
from tabletop.server.replay import MAX_UPLOAD_BYTES


def finished_table(live: Live) -> tuple[str, Record]:
    made = live.create(
        game="quests", players=3, seats=["person", "person", "heuristic"],
        options={"turn_limit": 2}, seed=5,
    )  # fmt: skip
    table_id = made["id"]
    clients = [live.socket(table_id, [live.join(table_id, i["invite"])]) for i in made["invites"]]
    r = live.http.get(f"/api/tables/{table_id}/replay")
    assert r.status_code == 400 and "once its game is over" in r.json()["error"]["message"]
    assert play_out(clients, Rng(2)) > 5
    for c in clients:
        c.until_over()
    record = Record.from_json(live.http.get(f"/api/tables/{table_id}/record").json())
    return table_id, record


def kernel_view(record: Record, step: int, seat: int | None) -> Any:
    state = replay(record, verify=False, upto=step)
    view = state.view(seat)
    view.pop("log", None)
    return json.loads(json.dumps(view))


def test_a_finished_table_steps_through_each_seats_view_as_it_was(live: Live) -> None:
    table_id, record = finished_table(live)
    n = len(record.answers)
    for step in (0, 1, n // 3, n // 2 + 1, n - 1, n):
        for seat in ("0", "1", "2", "spectator"):
            r = live.http.get(f"/api/tables/{table_id}/replay?step={step}&seat={seat}")
            assert r.status_code == 200, r.text
            got = r.json()
            viewer = None if seat == "spectator" else int(seat)
            assert got["steps"] == n and got["step"] == step
            # exactly what that seat could see then: nothing hidden from it is in the view
            assert got["views"] == [{"seat": viewer, "view": kernel_view(record, step, viewer)}]
            state = replay(record, verify=False, upto=step)
            assert [[e["rule"], e["text"]] for e in got["log"]] == [
                list(x) for x in state.log_for(viewer)[-300:]
            ]
            if step:
                assert got["answer"]["seat"] == record.answers[step - 1][0]
    end = live.http.get(f"/api/tables/{table_id}/replay?seat=all").json()
    assert end["step"] == n and len(end["views"]) == 3 and end["result"] is not None
    for bad, why in (("seat=7", "seat is a seat number"), (f"step={n + 1}", "step is from 0")):
        r = live.http.get(f"/api/tables/{table_id}/replay?{bad}")
        assert r.status_code == 400 and why in r.json()["error"]["message"]


def test_an_uploaded_record_is_verified_then_stepped_through(live: Live) -> None:
    _, record = finished_table(live)
    r = live.http.post("/api/replays", content=json.dumps(record.to_json()))
    assert r.status_code == 200, r.text
    rid = r.json()["id"]
    got = live.http.get(f"/api/replays/{rid}?step=3").json()
    assert [v["view"] for v in got["views"]] == [kernel_view(record, 3, s) for s in range(3)]
    tampered = record.to_json()
    tampered["digests"][4] = "0" * 16
    r = live.http.post("/api/replays", content=json.dumps(tampered))
    assert r.status_code == 400 and "diverges at answer 3" in r.json()["error"]["message"]
    r = live.http.post("/api/replays", content=b"{not json")
    assert r.status_code == 422 and "JSON" in r.json()["error"]["message"]
    r = live.http.post("/api/replays", content=b"[" * 100_000 + b"]" * 100_000)
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"
    r = live.http.post("/api/replays", content=b" " * (MAX_UPLOAD_BYTES + 1))
    assert r.status_code == 413
    r = live.http.get("/api/replays/nothing-here")
    assert r.status_code == 404 or r.json()["error"]["code"] == "unknown_table"


def test_the_replay_page_steps_with_the_keyboard(live: Live, tmp_path: Path) -> None:
    table_id, record = finished_table(live)
    driver = chromium(tmp_path / "r")
    try:
        driver.get(f"{live.base}/replay/{table_id}")
        where = "return document.getElementById('where').textContent"
        wait(driver, f"{where}.startsWith('Answer 0 of')")
        body = driver.find_element("tag name", "body")
        for i in (1, 2, 3):
            body.send_keys(Keys.ARROW_RIGHT)
            wait(driver, f"{where}.startsWith('Answer {i} of')")
        body.send_keys(Keys.END)
        n = len(record.answers)
        wait(driver, f"{where} === 'Answer {n} of {n}'")
        assert "The game ended" in driver.find_element("id", "answer").text
        logs = driver.get_log("browser")
        assert [e for e in logs if e["level"] == "SEVERE"] == []
    finally:
        driver.quit()
