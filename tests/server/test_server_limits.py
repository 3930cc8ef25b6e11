"""What an anonymous client may not do: stall the server with bots, flood it with tables or
refused messages, hold a connection without a hello, open a table from another site's page;
and what every page is sent with (docs/server.md, "Limits" and "Headers")."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from conftest import WAIT, Client, Live, start_live
from tabletop.server.hub import Hub
from tabletop.server.limits import Settings, bounded_spec
from tabletop.server.protocol import CreateTable
from tabletop.server.store import Store

QUESTS: dict[str, Any] = {"game": "quests", "players": 2, "seats": ["person", "heuristic"]}


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[Live]:
    """A server with small limits."""
    settings = Settings(
        rate=5,
        burst=5,
        refusals=5,
        refusal_rate=0.01,
        hello_seconds=1.0,
        create_burst=3,
        create_per_hour=0.01,
        max_tables=4,
    )
    server, stop = start_live(f"sqlite:///{tmp_path / 'tables.db'}", settings)
    yield server
    stop()


def closed_after(client: Client) -> list[dict[str, Any]]:
    """Every message until the server closes the connection (bounded)."""
    got = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            got.append(client.recv())
        except ConnectionClosed:
            return got
    raise AssertionError("the connection was never closed")


def test_every_answer_carries_the_security_headers(live: Live) -> None:
    for path in ("/", "/t/abc", "/static/table.js", "/api/games", "/api/tables/nope"):
        r = live.http.get(path)
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"


def test_the_pages_need_no_inline_script_or_style() -> None:
    static = Path(__file__).parents[2] / "src" / "tabletop" / "server" / "static"
    for page in static.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "style=" not in text and "<style" not in text, page.name
        for tag in text.split("<script")[1:]:
            assert tag.lstrip().startswith("src="), page.name  # no inline script
    for script in static.rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert 'setAttribute("style"' not in text and "innerHTML" not in text, script.name


def test_a_websocket_from_another_sites_page_is_refused(live: Live) -> None:
    made = live.create(**QUESTS)
    url = f"{live.ws_base}/api/tables/{made['id']}/ws"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="http://evil.example", open_timeout=WAIT, proxy=None)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    host = live.base.removeprefix("http://")
    with connect(url, origin=f"http://{host}", open_timeout=WAIT, proxy=None) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "state"


def test_the_hello_deadline_counts_from_connect(strict: Live) -> None:
    made = strict.create(**QUESTS)
    client = strict.socket(made["id"])
    # messages other than hello used to put the deadline off for ever
    closed = False
    for _ in range(int(8 / 0.25)):
        try:
            client.send({"type": "undo", "seat": 0})
            time.sleep(0.25)
        except ConnectionClosed:
            closed = True
            break
    assert closed  # while it kept sending, about a second after connecting
    with pytest.raises(ConnectionClosed):
        while True:
            client.recv_now(1)
    codes = [m.get("code") for m in client.got]
    assert codes[-1] == "no_hello" and "closing" in client.got[-1]["message"]
    assert client.ws.close_code == 4408


def test_a_connection_that_keeps_sending_refused_messages_is_closed(strict: Live) -> None:
    made = strict.create(**QUESTS)
    client = strict.socket(made["id"], [])
    client.state()
    sent = 0
    try:
        for _ in range(200):
            client.send("{not json")
            sent += 1
            time.sleep(0.25)  # under the message rate: only the refusals close it
    except ConnectionClosed:
        pass
    got = closed_after(client)
    errors = [m for m in client.got if m["type"] == "error"]
    assert errors[-1]["code"] == "too_many_refused"
    assert len(errors) <= 5 + 1 and sent < 200
    assert not got or got[-1]["code"] == "too_many_refused"


def test_a_flood_gets_one_rate_limited_frame_then_the_door(strict: Live) -> None:
    made = strict.create(**QUESTS)
    client = strict.socket(made["id"], [])
    client.state()
    try:
        for _ in range(2000):
            client.send({"type": "sync"})
    except ConnectionClosed:
        pass
    closed_after(client)
    codes = [m.get("code") for m in client.got if m["type"] == "error"]
    assert codes.count("rate_limited") == 1 and codes[-1] == "too_many_refused"
    assert len(codes) <= 5 + 1


def test_tables_per_client_and_in_all_are_bounded(strict: Live) -> None:
    for _ in range(3):
        assert strict.http.post("/api/tables", json=QUESTS).status_code == 200
    r = strict.http.post("/api/tables", json=QUESTS)
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert int(r.headers["retry-after"]) >= 1
    assert len(strict.http.get("/api/tables").json()["tables"]) == 3


def test_the_server_holds_a_bounded_number_of_tables(tmp_path: Path) -> None:
    server, stop = start_live(f"sqlite:///{tmp_path / 't.db'}", Settings(max_tables=2))
    try:
        for _ in range(2):
            assert server.http.post("/api/tables", json=QUESTS).status_code == 200
        r = server.http.post("/api/tables", json=QUESTS)
        assert r.status_code == 503 and r.json()["error"]["code"] == "server_full"
    finally:
        stop()


@pytest.mark.parametrize(
    ("spec", "cap"),
    [
        ("ismcts:time=3600", "2 seconds"),
        ("ismcts:iterations=1000000", "5,000"),
        ("ismcts:time=nan", "2 seconds"),
        ("ismcts:iterations=-1", "5,000"),
        ("ismcts:seconds=3600", "2 seconds"),  # the other name of time=
        ("ismcts:seconds=1,time=9", "2 seconds"),
    ],
)
def test_bot_budgets_over_the_caps_are_refused(live: Live, spec: str, cap: str) -> None:
    for body in (
        {**QUESTS, "seats": ["person", spec]},
        {**QUESTS, "takeover": spec},
    ):
        r = live.http.post("/api/tables", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
        assert cap in r.json()["error"]["message"]
    assert live.http.get("/api/tables").json()["total"] == 0


def test_a_search_bot_thinks_its_own_default_within_the_cap() -> None:
    caps = Settings(bot_seconds=2.0)
    # bare: the search's own 0.2 s, never the whole cap
    assert bounded_spec("ismcts", caps) == "ismcts:time=0.2"
    assert bounded_spec("ismcts", Settings(bot_seconds=0.1)) == "ismcts:time=0.1"
    # an iteration budget: the cap is a last stop; a time of its own is kept
    assert bounded_spec("ismcts:iterations=50", caps) == "ismcts:iterations=50,time=2"
    assert bounded_spec("ismcts:seconds=0.5", caps) == "ismcts:seconds=0.5"


def test_a_bot_game_is_never_played_inside_the_request(live: Live) -> None:
    made = live.create(game="quests", players=2, seats=["random", "heuristic"], seed=4)
    # the whole game used to be played before the create request returned
    assert made["table"]["step"] == 0 and not made["table"]["over"]
    watcher = live.socket(made["id"], [])
    assert watcher.until_over()["step"] > 0


def test_searching_bots_play_within_the_caps(live: Live) -> None:
    made = live.create(
        game="quests",
        players=2,
        seats=["random", "ismcts:iterations=20"],
        seed=4,
        options={"turn_limit": 1},
    )
    assert live.socket(made["id"], []).until_over()["table"]["over"]


def test_the_lobby_lists_one_filtered_page(live: Live) -> None:
    made = [live.create(**QUESTS) for _ in range(3)]
    ids = [m["id"] for m in made]
    guardians = live.create(game="guardians", players=2, seats=["person", "random"])["id"]
    page = live.http.get("/api/tables", params={"limit": 2}).json()
    assert page["total"] == 4 and len(page["tables"]) == 2
    rest = live.http.get("/api/tables", params={"limit": 2, "offset": 2}).json()
    listed = [t["id"] for t in page["tables"] + rest["tables"]]
    assert sorted(listed) == sorted([*ids, guardians])
    only = live.http.get("/api/tables", params={"game": "guardians"}).json()
    assert [t["id"] for t in only["tables"]] == [guardians] and only["tables"][0]["title"]
    # a table whose person's seat is taken has no open seat
    live.join(ids[0], made[0]["invites"][0]["invite"])
    found = live.http.get("/api/tables", params={"open": "true"}).json()["tables"]
    open_ids = {t["id"] for t in found}
    assert ids[0] not in open_ids and ids[1] in open_ids
    assert live.http.get("/api/tables", params={"recent": 3600}).json()["total"] == 4
    for bad in ({"limit": 0}, {"limit": 101}, {"offset": -1}, {"game": "chess"}, {"x": 1}):
        r = live.http.get("/api/tables", params=bad)
        assert r.status_code in (400, 422) and "Traceback" not in r.text


def test_abandoned_tables_expire_from_their_stored_last_change(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    store = Store(url)
    hub = Hub(store, Settings(expire_hours=1.0))
    old, _, _ = hub.create(CreateTable(**QUESTS))
    fresh, _, _ = hub.create(CreateTable(**QUESTS))
    with store.engine.begin() as db:  # nobody changed `old` for two hours
        db.exec_driver_sql("UPDATE tt_tables SET updated = updated - 7200 WHERE id = ?", (old.id,))
    hub.stop()
    store.close()
    # a restarted server honours it: the last change is stored
    store = Store(url)
    hub = Hub(store, Settings(expire_hours=1.0))
    assert hub.sweep(time.time()) == [old.id]
    assert store.load(old.id) is None and store.load(fresh.id) is not None
    hub.stop()
    store.close()


def test_finished_and_unused_tables_leave_memory(tmp_path: Path) -> None:
    now = [0.0]
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    hub = Hub(store, Settings(clock=lambda: now[0], idle_evict_seconds=60))
    room, _, _ = hub.create(CreateTable(**QUESTS))
    assert room.id in hub.rooms
    hub.sweep(time.time())
    assert room.id in hub.rooms  # used a moment ago
    now[0] = 61.0
    hub.sweep(time.time())
    assert room.id not in hub.rooms
    assert hub.room(room.id).state.steps == 0  # loaded again on use
    hub.stop()
    store.close()


def test_one_bot_worker_is_shared_fairly_between_tables(tmp_path: Path) -> None:
    # a single worker for every bot; one table's search bots would fill it for minutes
    server, stop = start_live(f"sqlite:///{tmp_path / 't.db'}", Settings(bot_workers=1))
    try:
        busy = server.create(
            game="quests",
            players=2,
            seats=["ismcts:iterations=300", "ismcts:iterations=300"],
            seed=5,
        )
        made = server.create(game="quests", players=2, seats=["person", "heuristic"], seed=6)
        me = server.socket(made["id"], [server.join(made["id"], made["invites"][0]["invite"])])
        for _ in range(3):  # the person answers, and the heuristic bot's answers come between
            last = me.until(lambda m: m["type"] == "state" and m["viewers"][0]["ask"])
            ask = last["viewers"][0]["ask"]
            me.send(
                {
                    "type": "answer",
                    "seat": 0,
                    "option": ask["options"][0]["id"],
                    "step": last["step"],
                }
            )
            assert me.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
        assert not server.http.get(f"/api/tables/{busy['id']}").json()["over"]
    finally:
        stop()


def test_an_address_opens_a_bounded_number_of_connections(tmp_path: Path) -> None:
    settings = Settings(connects=4, connect_rate=0.01, refusals=2, refusal_rate=0.01)
    server, stop = start_live(f"sqlite:///{tmp_path / 't.db'}", settings)
    try:
        made = server.create(**QUESTS)
        url = f"{server.ws_base}/api/tables/{made['id']}/ws"
        opened = [connect(url, open_timeout=WAIT, proxy=None).__enter__() for _ in range(2)]
        # a connection closed for its refusals costs its address half the allowance more
        flooder = Client(connect(url, open_timeout=WAIT, proxy=None).__enter__())
        with contextlib.suppress(ConnectionClosed):
            for _ in range(10):
                flooder.send("{not json")
        closed_after(flooder)
        with pytest.raises(InvalidStatus) as refused:
            connect(url, open_timeout=WAIT, proxy=None)
        assert refused.value.response.status_code == 403  # turned away at the handshake
        for ws in opened:  # those already open go on
            ws.send(json.dumps({"type": "hello", "tokens": []}))
            assert json.loads(ws.recv(timeout=WAIT))["type"] == "state"
            ws.close()
    finally:
        stop()


def test_an_address_makes_a_bounded_number_of_requests(tmp_path: Path) -> None:
    settings = Settings(request_rate=0.01, request_burst=5)
    server, stop = start_live(f"sqlite:///{tmp_path / 't.db'}", settings)
    try:
        for _ in range(5):
            assert server.http.get("/api/tables").status_code == 200
        r = server.http.get("/api/tables")
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    finally:
        stop()
