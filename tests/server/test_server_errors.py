"""Every way a request can be wrong gets its own error code and changes nothing: the table
stays at the same step with the same answers stored, and the connection stays usable."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from conftest import Client, Live, start_live
from tabletop.server.limits import Settings
from tabletop.server.protocol import MAX_BODY_BYTES, MAX_MESSAGE_BYTES

QUESTS = {"game": "quests", "players": 3, "seats": ["person", "person", "heuristic"], "seed": 7}


def table_with_two(live: Live) -> tuple[str, list[str], Client, Client]:
    made = live.create(**QUESTS)
    tokens = [live.join(made["id"], i["invite"]) for i in made["invites"]]
    a, b = (live.socket(made["id"], [t]) for t in tokens)
    a.state()
    b.state()
    return made["id"], tokens, a, b


def stored(live: Live, table_id: str) -> int:
    return live.store.count_answers(table_id)


def usable(client: Client) -> dict[str, Any]:
    client.send({"type": "sync"})
    return client.state()


@pytest.mark.parametrize(
    ("body", "code", "status"),
    [
        ({**QUESTS, "game": "chess"}, "bad_request", 400),
        ({**QUESTS, "players": 9}, "malformed", 422),
        ({**QUESTS, "seats": ["person", "heuristic"]}, "bad_request", 400),
        ({**QUESTS, "seats": ["person", "person", "deep-blue"]}, "bad_request", 400),
        ({**QUESTS, "options": {"length": "endless"}}, "bad_request", 400),
        ({**QUESTS, "options": {"nonsense": 1}}, "bad_request", 400),
        ({**QUESTS, "idle_seconds": 5}, "bad_request", 400),
        ({**QUESTS, "extra": 1}, "malformed", 422),
        ({**QUESTS, "players": "3"}, "malformed", 422),
        ({**QUESTS, "seed": -1}, "malformed", 422),
    ],
)
def test_create_refused(live: Live, body: dict[str, Any], code: str, status: int) -> None:
    r = live.http.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code
    assert "Traceback" not in r.text
    assert live.http.get("/api/tables").json()["tables"] == []


def test_http_bodies_are_bounded_and_must_be_json(live: Live) -> None:
    huge = {**QUESTS, "name": "x" * (MAX_BODY_BYTES + 1)}
    r = live.http.post("/api/tables", json=huge)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = live.http.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "malformed"
    assert live.http.get("/api/tables").json()["tables"] == []


def test_invites_and_tokens(live: Live) -> None:
    made = live.create(**QUESTS)
    table_id = made["id"]
    invite = made["invites"][0]["invite"]
    assert live.http.post("/api/tables/nope/join", json={"invite": invite}).status_code == 404
    token = live.join(table_id, invite)
    again = live.http.post(f"/api/tables/{table_id}/join", json={"invite": invite})
    assert again.status_code == 403 and again.json()["error"]["code"] == "bad_token"
    bad = live.http.post(f"/api/tables/{table_id}/join", json={"invite": "x" * 32})
    assert bad.status_code == 403
    # tokens and invites never appear in what anyone may read
    listing = live.http.get("/api/tables").text + live.http.get(f"/api/tables/{table_id}").text
    for secret in (token, invite, made["host"], made["invites"][1]["invite"]):
        assert secret not in listing
    # a seat already taken cannot be invited again
    r = live.http.post(f"/api/tables/{table_id}/invite", json={"host": made["host"], "seat": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "seat_taken"
    r = live.http.post(f"/api/tables/{table_id}/invite", json={"host": token, "seat": 1})
    assert r.status_code == 403


def test_websocket_errors_change_nothing(live: Live) -> None:
    table_id, tokens, a, b = table_with_two(live)
    before = usable(a)
    steps = before["step"]
    answers = stored(live, table_id)
    ask = before["viewers"][0]["ask"]
    assert ask is not None  # seat 0 (P1) is asked first in this deal
    legal = ask["options"][0]["id"]
    cases: list[tuple[Client, dict[str, Any] | str, str]] = [
        (a, "{not json", "malformed"),
        (a, json.dumps([1, 2]), "malformed"),
        (a, {"type": "shout"}, "malformed"),
        (a, {"type": "answer", "seat": 0, "option": legal}, "malformed"),  # no step
        (a, {"type": "answer", "seat": "0", "option": legal, "step": steps}, "malformed"),
        (a, {"type": "answer", "seat": 0, "option": legal, "step": steps, "x": 1}, "malformed"),
        (a, {"type": "answer", "seat": 0, "option": "x" * 201, "step": steps}, "malformed"),
        (a, "x" * (MAX_MESSAGE_BYTES + 1), "too_large"),
        (a, {"type": "answer", "seat": 1, "option": legal, "step": steps}, "not_your_seat"),
        (a, {"type": "answer", "seat": 2, "option": legal, "step": steps}, "not_your_seat"),
        (
            a,
            {"type": "answer", "seat": 0, "option": "no-such-option", "step": steps},
            "illegal_option",
        ),
        (a, {"type": "answer", "seat": 0, "option": legal, "step": steps + 5}, "malformed"),
        (b, {"type": "answer", "seat": 1, "option": legal, "step": steps}, "wrong_player"),
        (a, {"type": "undo", "seat": 0}, "nothing_to_undo"),
        (a, {"type": "hello", "tokens": ["not-a-token"]}, "bad_token"),
        (a, {"type": "hello", "tokens": [tokens[0], "x" * 65]}, "malformed"),
    ]
    for client, message, code in cases:
        client.send(message)
        got = client.error()
        assert got["code"] == code, (message, got)
        assert "Traceback" not in got["message"] and len(got["message"]) < 600
        assert usable(client)["step"] == steps
        assert stored(live, table_id) == answers
    # the same connection still plays, then an answer from the old step is stale
    a.send({"type": "answer", "seat": 0, "option": legal, "step": steps})
    assert a.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
    assert stored(live, table_id) > answers
    now = stored(live, table_id)
    a.send({"type": "answer", "seat": 0, "option": legal, "step": steps})
    assert a.error()["code"] in ("stale", "wrong_player")
    assert stored(live, table_id) == now


def test_stale_even_when_the_same_option_is_legal_again(live: Live) -> None:
    """P2 answers 'pass' from the state of step 0, when only P1 was asked; by then P1 has
    passed and P2 is asked, with 'pass' legal: still refused, as made before the question."""
    table_id, _, a, b = table_with_two(live)
    first = usable(a)
    assert first["viewers"][0]["ask"] is not None
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": first["step"]})
    assert a.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
    now = usable(b)
    ask = now["viewers"][0]["ask"]
    assert ask is not None and "pass" in [o["id"] for o in ask["options"]]
    b.send({"type": "answer", "seat": 1, "option": "pass", "step": first["step"]})
    assert b.error()["code"] == "stale"
    assert usable(b)["step"] == now["step"]
    assert stored(live, table_id) == now["step"]
    b.send({"type": "answer", "seat": 1, "option": "pass", "step": now["step"]})
    assert b.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"


def test_answer_before_hello_and_unknown_table(live: Live) -> None:
    made = live.create(**QUESTS)
    c = live.socket(made["id"])
    c.send({"type": "answer", "seat": 0, "option": "pass", "step": 0})
    assert c.error()["code"] == "no_hello"
    missing = live.socket("no-such-table")
    assert missing.error()["code"] == "unknown_table"


def test_a_spectator_sees_no_hand_and_cannot_answer(live: Live) -> None:
    table_id, _, _a, _ = table_with_two(live)
    watcher = live.socket(table_id, [])
    (view,) = watcher.state()["viewers"]
    assert view["seat"] is None and "ask" not in view
    assert all("hand" not in s for s in view["view"]["seats"])
    watcher.send({"type": "answer", "seat": 0, "option": "pass", "step": 0})
    assert watcher.error()["code"] == "not_your_seat"


@pytest.fixture
def slow_live(db_url: str) -> Iterator[Live]:
    """A server whose clock never moves: a connection's bucket never refills."""
    server, stop = start_live(db_url, Settings(rate=1.0, burst=3.0, clock=lambda: 0.0))
    yield server
    stop()


def test_rate_limit_drops_messages_and_keeps_the_connection(slow_live: Live) -> None:
    made = slow_live.create(**QUESTS)
    token = slow_live.join(made["id"], made["invites"][0]["invite"])
    c = slow_live.socket(made["id"], [token])  # hello: 1 of 3
    c.state()
    c.send({"type": "sync"})  # 2
    c.send({"type": "sync"})  # 3
    c.send({"type": "answer", "seat": 0, "option": "pass", "step": 0})  # dropped
    assert c.error()["code"] == "rate_limited"
    assert slow_live.store.count_answers(made["id"]) == 0


@pytest.fixture
def impatient_live(db_url: str) -> Iterator[Live]:
    server, stop = start_live(db_url, Settings(hello_seconds=0.2))
    yield server
    stop()


def test_a_connection_without_hello_is_closed(impatient_live: Live) -> None:
    made = impatient_live.create(**QUESTS)
    c = impatient_live.socket(made["id"])
    assert c.error()["code"] == "no_hello"
    with pytest.raises(ConnectionClosed):
        c.recv()
