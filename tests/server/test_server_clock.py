"""Turn clocks through the API and the WebSocket: each rule the host may choose when a seat's
clock runs out (`bot`, `skip`, `forfeit`), expiry with nobody connected and after a restart
(the deadline is stored), and the bounds of the clock a table may ask for. The clocks are
short (a test-only `Settings.clock_min_seconds`); nothing here asserts on time: every check
waits for a condition."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from test_server_postgres import postgres  # noqa: F401 (a fixture)

from conftest import WAIT, Live, start_live
from tabletop.engine import new_game
from tabletop.server.limits import Settings
from tabletop.server.schema import seats as seat_rows

QUESTS: dict[str, Any] = {
    "game": "quests",
    "players": 3,
    "seats": ["person", "heuristic", "heuristic"],
    "seed": 7,  # P1 is asked first: the Initiative window (pass, or play a Travel card)
    "options": {"turn_limit": 2},
}


def quick_settings() -> Settings:
    return Settings(
        rate=1e6,
        burst=1e6,
        create_burst=1000,
        connects=1e6,
        request_rate=1e6,
        request_burst=1e6,
        clock_min_seconds=0.5,  # test-only: the clocks here are a second or two
        sweep_seconds=0.5,
    )


@pytest.fixture
def quick(db_url: str) -> Iterator[Live]:
    server, stop = start_live(db_url, quick_settings())
    yield server
    stop()


def eventually(check: Callable[[], Any]) -> Any:
    """Wait (bounded) until `check()` is truthy; return it."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the condition did not come true")


def clocked(live: Live, rule: str, seconds: float = 1.0, **extra: Any) -> tuple[str, str]:
    made = live.create(**{**QUESTS, "clock_seconds": seconds, "on_timeout": rule, **extra})
    assert made["table"]["clock"] == {"seconds": seconds, "rule": rule}
    return made["id"], live.join(made["id"], made["invites"][0]["invite"])


def test_bot_rule_makes_one_move_and_the_seat_stays_the_persons(quick: Live) -> None:
    table_id, token = clocked(quick, "bot")
    a = quick.socket(table_id, [token])
    told = a.until(lambda m: m["type"] == "notice")
    assert "ran out of time" in told["text"] and "a bot answered" in told["text"]
    stored = quick.store.load(table_id)
    assert stored is not None and stored.answers[0][0] == 0  # made for P1
    # the seat is still the person's: not covered, not forfeited, and asked again
    again = a.until(
        lambda m: (
            m["type"] == "state"
            and m["step"] > 0
            and m["viewers"][0]["ask"] is not None
            and m["table"]["seats"][0]["deadline"] is not None
        )
    )
    seat = again["table"]["seats"][0]
    assert seat["covered"] is False and seat["forfeited"] is False and seat["taken"] is True
    a.close()


def test_no_clock_runs_for_a_seat_nobody_has_taken(quick: Live) -> None:
    made = quick.create(**QUESTS, clock_seconds=0.5, on_timeout="bot")
    assert made["table"]["seats"][0]["deadline"] is None  # asked, but not taken yet
    token = quick.join(made["id"], made["invites"][0]["invite"])
    a = quick.socket(made["id"], [token])
    a.until(lambda m: m["type"] == "notice")  # its clock started when it was taken
    a.close()


def test_skip_rule_passes_where_the_question_offers_it(quick: Live) -> None:
    table_id, token = clocked(quick, "skip")
    game = new_game("quests", 3, QUESTS["seed"], QUESTS["options"])
    ids = [o.id for o in game.pending.options_for(0)]  # type: ignore[union-attr]
    assert "pass" in ids and len(ids) > 1  # a real choice, where skipping means passing
    a = quick.socket(table_id, [token])
    told = a.until(lambda m: m["type"] == "notice")
    assert "skipped" in told["text"]
    stored = eventually(lambda: (s := quick.store.load(table_id)) and s.answers and s)
    assert stored.answers[0] == (0, "pass")
    a.close()


def test_forfeit_rule_puts_the_seat_out_and_the_results_say_so(quick: Live) -> None:
    table_id, token = clocked(quick, "forfeit")
    a = quick.socket(table_id, [token])
    told = a.until(lambda m: m["type"] == "notice")
    assert "forfeits" in told["text"]
    over = a.until_over()  # a bot played the seat to the end
    seat = over["table"]["seats"][0]
    assert seat["forfeited"] is True and seat["covered"] is True and seat["deadline"] is None
    result = over["viewers"][0]["view"]["result"]
    assert result["forfeited"] == [0] and 0 not in result["winners"]
    assert quick.store.load(table_id).forfeited == [True, False, False]  # type: ignore[union-attr]
    a.close()


def test_a_rematch_keeps_the_clock_and_starts_afresh(quick: Live) -> None:
    made = quick.create(**QUESTS, clock_seconds=0.5, on_timeout="forfeit")
    token = quick.join(made["id"], made["invites"][0]["invite"])
    a = quick.socket(made["id"], [token])
    a.until_over()
    r = quick.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    assert table["clock"] == {"seconds": 0.5, "rule": "forfeit"}
    assert [s["forfeited"] for s in table["seats"]] == [False, False, False]
    a.close()


def test_an_answer_in_time_stops_the_clock(quick: Live) -> None:
    table_id, token = clocked(quick, "forfeit", seconds=30)
    a = quick.socket(table_id, [token])
    first = a.state()
    deadline = first["table"]["seats"][0]["deadline"]
    assert deadline > first["table"]["now"]
    watching = quick.socket(table_id, [])  # everyone sees whose clock runs, and until when
    assert watching.state()["table"]["seats"][0]["deadline"] == deadline
    watching.close()
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": first["step"]})
    a.until(lambda m: m["type"] == "accepted")
    later = a.until(
        lambda m: (
            m["type"] == "state"
            and m["step"] > first["step"]
            and m["table"]["seats"][0]["deadline"] != deadline
        )
    )
    assert later["table"]["seats"][0]["forfeited"] is False
    a.close()


def test_a_clock_runs_out_with_nobody_connected(quick: Live) -> None:
    table_id, _ = clocked(quick, "skip")  # joined, and never connected
    stored = eventually(lambda: (s := quick.store.load(table_id)) and s.answers and s)
    assert stored.answers[0] == (0, "pass")


def test_a_stored_deadline_is_honoured_after_a_restart(db_url: str, tmp_path: Path) -> None:
    first, stop = start_live(db_url, quick_settings())
    try:
        table_id, _ = clocked(first, "skip", seconds=600)
    finally:
        stop()
    live, stop = start_live(db_url, quick_settings())
    try:
        stored = live.store.load(table_id)
        assert stored is not None and stored.answers == []
        assert stored.deadlines[0] is not None and stored.clock_seconds == 600
        # the clock ran on while the server was down: its deadline is now past
        with live.store.engine.begin() as db:
            db.execute(
                update(seat_rows)
                .where(seat_rows.c.table_id == table_id, seat_rows.c.seat == 0)
                .values(deadline=time.time() - 1)
            )
        stop()
        live, stop = start_live(db_url, quick_settings())  # started again: nobody connects
        done = eventually(lambda: (s := live.store.load(table_id)) and s.answers and s)
        assert done.answers[0] == (0, "pass")
    finally:
        stop()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"clock_seconds": 0.1}, 400, "clock_seconds must be 0.5 to 600 seconds"),
        ({"clock_seconds": 601}, 422, "clock_seconds"),
        ({"clock_days": 15}, 422, "clock_days"),
        ({"clock_days": 0}, 422, "clock_days"),
        ({"clock_days": 1, "clock_seconds": 30}, 400, "not both"),
        ({"clock_seconds": 30, "on_timeout": "explode"}, 422, "on_timeout"),
    ],
)
def test_a_clock_out_of_bounds_is_refused_by_name(
    quick: Live, body: dict[str, Any], status: int, words: str
) -> None:
    r = quick.http.post("/api/tables", json={**QUESTS, **body})
    assert r.status_code == status, r.text
    assert words in r.json()["error"]["message"]


def test_days_per_move(quick: Live) -> None:
    made = quick.create(**QUESTS, clock_days=2, on_timeout="bot")
    quick.join(made["id"], made["invites"][0]["invite"])
    table = quick.http.get(f"/api/tables/{made['id']}").json()
    assert table["clock"] == {"seconds": 2 * 86400, "rule": "bot"}
    left = table["seats"][0]["deadline"] - table["now"]
    assert 86400 < left <= 2 * 86400


def test_two_processes_on_postgresql_apply_an_expiry_once(postgres: str) -> None:  # noqa: F811
    """Both server processes hold the table and watch its clock; the row lock makes them take
    turns and the second finds the deadline gone once it has caught up: one forfeit."""
    one, stop_one = start_live(postgres, quick_settings())
    two, stop_two = start_live(postgres, quick_settings())
    try:
        table_id, token = clocked(one, "forfeit")
        a = one.socket(table_id, [token])
        b = two.socket(table_id, [token])  # the second process loads the table and watches too
        over = [a.until_over(), b.until_over()]
        assert all(m["table"]["seats"][0]["forfeited"] for m in over)
        for c in (a, b):
            with contextlib.suppress(TimeoutError):
                while True:
                    c.recv_now(0.5)
        told = [m for c in (a, b) for m in c.got if m["type"] == "notice"]
        assert len([m for m in told if "forfeits" in m["text"]]) == 1, told
        stored = one.store.load(table_id)
        assert stored is not None and stored.forfeited == [True, False, False]
        a.close()
        b.close()
    finally:
        stop_two()
        stop_one()
