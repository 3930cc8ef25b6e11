"""People at a table: display names (bounded, stored with the seat, shown in every view),
the table's chat (bounded, rate-limited, read by spectators only when the host allowed it)
and the host's rematch (a new seed, the same seats and options, a token for each person)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_helpers import play_out
from sqlalchemy import create_engine, text

from conftest import WAIT, Live, start_live
from tabletop.engine import registry
from tabletop.engine.rng import Rng
from tabletop.server.limits import Settings
from tabletop.server.store import Store

QUESTS: dict[str, Any] = {
    "game": "quests",
    "players": 3,
    "seats": ["person", "person", "heuristic"],
    "seed": 11,
    "options": {"turn_limit": 2},
}


def join(live: Live, table_id: str, invite: str, name: str | None) -> Any:
    body = {"invite": invite} if name is None else {"invite": invite, "name": name}
    return live.http.post(f"/api/tables/{table_id}/join", json=body)


def seated(live: Live, names: list[str | None], **extra: Any) -> tuple[dict[str, Any], list[str]]:
    made = live.create(**{**QUESTS, **extra})
    tokens = []
    for invite, name in zip(made["invites"], names, strict=True):
        r = join(live, made["id"], invite["invite"], name)
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return made, tokens


@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 25, "tab\there\x07", "bidi\u202eflip"],
)
def test_a_name_is_one_to_24_printable_characters(live: Live, name: str) -> None:
    made = live.create(**QUESTS)
    r = join(live, made["id"], made["invites"][0]["invite"], name)
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "malformed"
    assert "Traceback" not in r.text
    # the invite is not used up by the refusal
    assert join(live, made["id"], made["invites"][0]["invite"], "Ana").status_code == 200


def test_names_are_trimmed_stored_and_shown(live: Live, db_url: str) -> None:
    made, tokens = seated(live, ["  Ana   Lee ", "<script>x</script>"])
    a = live.socket(made["id"], [tokens[0]])
    seats = a.state()["table"]["seats"]
    assert [s["name"] for s in seats] == ["Ana Lee", "<script>x</script>", "Bot (heuristic)"]
    # stored with the seat: another server on the same database reads them back
    other, stop = start_live(db_url)
    try:
        seats = other.http.get(f"/api/tables/{made['id']}").json()["seats"]
        assert [s["name"] for s in seats][:2] == ["Ana Lee", "<script>x</script>"]
        listed = other.http.get("/api/tables").json()["tables"]
        (entry,) = [t for t in listed if t["id"] == made["id"]]
        assert [s["name"] for s in entry["seats"]] == [
            "Ana Lee",
            "<script>x</script>",
            "Bot (heuristic)",
        ]
    finally:
        stop()
    # renamed over the WebSocket, for a seat the connection holds only
    a.send({"type": "name", "seat": 0, "name": "Ana"})
    a.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["name"] == "Ana")
    a.send({"type": "name", "seat": 1, "name": "Mallory"})
    assert a.error()["code"] == "not_your_seat"
    a.send({"type": "name", "seat": 0, "name": "x" * 30})
    assert a.error()["code"] == "malformed"
    # the results name every seat: a finished game's state still carries the names
    b = live.socket(made["id"], [tokens[1]])
    play_out([a, b], Rng(3))
    final = a.until_over()
    assert final["viewers"][0]["view"]["result"] is not None
    assert final["table"]["seats"][0]["name"] == "Ana"


def test_an_old_database_gets_the_new_columns(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.begin() as db:  # the two tables as an older version made them
        db.execute(
            text(
                "CREATE TABLE tt_tables (id VARCHAR(40) PRIMARY KEY, name VARCHAR(80) NOT NULL, "
                "game VARCHAR(40) NOT NULL, version VARCHAR(40) NOT NULL, players INTEGER NOT "
                "NULL, seed BIGINT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL, "
                "takeover VARCHAR(200), idle_seconds FLOAT, pace_ms INTEGER NOT NULL, "
                "host_hash VARCHAR(64) NOT NULL, created FLOAT NOT NULL, updated FLOAT, "
                "steps INTEGER NOT NULL, digest VARCHAR(32) NOT NULL, over BOOLEAN NOT NULL)"
            )
        )
        db.execute(
            text(
                "CREATE TABLE tt_seats (table_id VARCHAR(40), seat INTEGER, token_hash "
                "VARCHAR(64), invite_hash VARCHAR(64), vacated BOOLEAN NOT NULL, idle BOOLEAN "
                "NOT NULL, PRIMARY KEY (table_id, seat))"
            )
        )
    engine.dispose()
    live, stop = start_live(url, Settings(create_burst=100))
    try:
        made, _ = seated(live, ["Ana", None])
        seats = live.http.get(f"/api/tables/{made['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Ana", "P2", "Bot (heuristic)"]
        assert live.store.load(made["id"]) is not None
    finally:
        stop()


def chats(client: Any) -> list[dict[str, Any]]:
    return [m for got in client.got if got["type"] == "chat" for m in got["messages"]]


def test_chat_is_bounded_stored_and_read_by_seats_and_spectators(live: Live) -> None:
    made, tokens = seated(live, ["Ana", "<b>Bo</b>"])
    a = live.socket(made["id"], [tokens[0]])
    a.state()
    b = live.socket(made["id"], [tokens[1]])
    b.state()
    watcher = live.socket(made["id"], [])
    watcher.state()
    b.send({"type": "chat", "text": "  hello <script>alert(1)</script>  "})
    said = a.until(lambda m: m["type"] == "chat" and m["messages"])["messages"][0]
    assert said["name"] == "<b>Bo</b> (P2)" and said["seat"] == 1
    assert said["text"] == "hello <script>alert(1)</script>"  # as sent: the page shows text
    watcher.until(lambda m: m["type"] == "chat" and not m["reset"])
    watcher.send({"type": "chat", "text": "nice move", "name": "Cy"})
    heard = a.until(lambda m: m["type"] == "chat" and not m["reset"])["messages"][0]
    assert heard["name"] == "Cy (watching)" and heard["seat"] is None
    for bad in ("", "   ", "x" * 301, "bell\x07"):
        a.send({"type": "chat", "text": bad})
        assert a.error()["code"] == "malformed"
    # stored: a new connection (and a server started again) gets the chat after its hello
    late = live.socket(made["id"], [])
    history = late.until(lambda m: m["type"] == "chat")
    assert history["reset"] is True
    assert [m["text"] for m in history["messages"]] == [
        "hello <script>alert(1)</script>",
        "nice move",
    ]
    assert [m["text"] for m in live.store.chat(made["id"])][-1] == "nice move"


def test_the_chat_keeps_its_last_200_messages(tmp_path: Any) -> None:
    store = Store(f"sqlite:///{tmp_path / 'chat.db'}")
    try:
        for n in range(205):
            store.add_chat("t", 0, "Ana (P1)", f"m{n}", float(n))
        kept = store.chat("t")
        assert len(kept) == 200
        assert kept[0]["text"] == "m5" and kept[-1]["text"] == "m204"
    finally:
        store.close()


def test_spectators_read_the_chat_only_if_the_host_allowed_it(live: Live) -> None:
    made, tokens = seated(live, ["Ana", "Bo"], chat="seats")
    assert made["table"]["chat"] == "seats"
    a = live.socket(made["id"], [tokens[0]])
    a.state()
    watcher = live.socket(made["id"], [])
    watcher.state()
    a.send({"type": "chat", "text": "just us"})
    a.until(lambda m: m["type"] == "chat" and not m["reset"])
    watcher.send({"type": "chat", "text": "me too?"})
    assert watcher.error()["code"] == "not_your_seat"
    watcher.send({"type": "sync"})
    watcher.state()
    assert not chats(watcher)  # never sent the chat, neither history nor new messages
    r = live.http.post("/api/tables", json={**QUESTS, "chat": "nobody"})
    assert r.status_code == 422


def test_chat_is_rate_limited_per_connection(db_url: str) -> None:
    settings = Settings(chat_burst=3, chat_rate=0.01, create_burst=100, connects=1e6)
    live, stop = start_live(db_url, settings)
    try:
        made, tokens = seated(live, ["Ana", "Bo"])
        a = live.socket(made["id"], [tokens[0]])
        a.state()
        for n in range(3):
            a.send({"type": "chat", "text": f"m{n}"})
        a.send({"type": "chat", "text": "one too many"})
        refused = a.error()
        assert refused["code"] == "rate_limited" and "chat" in refused["message"]
        assert [m["text"] for m in live.store.chat(made["id"])] == ["m0", "m1", "m2"]
        # another connection has its own allowance
        b = live.socket(made["id"], [tokens[1]])
        b.state()
        b.send({"type": "chat", "text": "mine"})
        b.until(lambda m: m["type"] == "chat" and not m["reset"] and m["messages"][0]["seat"] == 1)
    finally:
        stop()


def test_rematch_seats_every_person_at_a_new_table(live: Live) -> None:
    made, tokens = seated(live, ["Ana", "Bo"], pace_ms=0)
    a = live.socket(made["id"], [tokens[0]])
    b = live.socket(made["id"], [tokens[1]])
    watcher = live.socket(made["id"], [])
    for c in (a, b, watcher):
        c.state()
    early = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
    assert early.status_code == 400 and "over" in early.json()["error"]["message"]
    play_out([a, b], Rng(4))
    wrong = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": tokens[0]})
    assert wrong.status_code == 403
    r = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
    assert r.status_code == 200, r.text
    again = r.json()
    assert again["invites"] == []  # both persons were connected: both seated at once
    new_id = again["id"]
    old = live.app.state.hub.room(made["id"])
    new = live.app.state.hub.room(new_id)
    assert new.state.seed != old.state.seed
    assert new.specs == old.specs and new.state.num_players == 3
    assert registry.options_of(new.state) == registry.options_of(old.state)
    assert [s["name"] for s in again["table"]["seats"]] == ["Ana", "Bo", "Bot (heuristic)"]
    told = {}
    for seat, c in enumerate((a, b)):
        m = c.until(lambda m: m["type"] == "rematch")
        assert m["id"] == new_id and [t["seat"] for t in m["tokens"]] == [seat]
        told[seat] = m["tokens"][0]["token"]
    spectator = watcher.until(lambda m: m["type"] == "rematch")
    assert spectator["id"] == new_id and spectator["tokens"] == []
    # each token works at the new table, and only there
    a2 = live.socket(new_id, [told[0]])
    assert [v["seat"] for v in a2.state()["viewers"]] == [0]
    b2 = live.socket(new_id, [told[1]])
    assert [v["seat"] for v in b2.state()["viewers"]] == [1]
    stranger = live.socket(made["id"], [told[0]])
    assert stranger.error()["code"] == "bad_token"
    twice = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
    assert twice.status_code == 400 and new_id in twice.json()["error"]["message"]
    # the new table plays to its end
    play_out([a2, b2], Rng(5))


def test_rematch_invites_a_person_who_is_not_connected(live: Live) -> None:
    made, tokens = seated(live, ["Ana", "Bo"])
    a = live.socket(made["id"], [tokens[0]])
    b = live.socket(made["id"], [tokens[1]])
    a.state()
    b.state()
    play_out([a, b], Rng(6))
    b.close()
    deadline = time.monotonic() + WAIT
    while len(live.app.state.hub.rooms[made["id"]].conns) > 1:  # the server saw it go
        assert time.monotonic() < deadline
        time.sleep(0.01)
    again = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
    assert again.status_code == 200, again.text
    body = again.json()
    assert [i["seat"] for i in body["invites"]] == [1]
    assert live.join(body["id"], body["invites"][0]["invite"])


def test_the_lobby_sends_list_options_as_comma_separated_text(live: Live) -> None:
    body = {
        "game": "librarians",
        "players": 2,
        "seats": ["person", "heuristic"],
        "options": {"heroes": "cassandra-cillian,eve-baird"},
    }
    made = live.create(**body)
    room = live.app.state.hub.room(made["id"])
    assert registry.options_of(room.state)["heroes"] == ["cassandra-cillian", "eve-baird"]
    bad = live.http.post("/api/tables", json={**body, "options": {"heroes": "eve-baird,nobody"}})
    assert bad.status_code == 400
    message = bad.json()["error"]["message"]
    assert "nobody" in message and "Traceback" not in message
