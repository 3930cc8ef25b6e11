"""Seats: undo, one person holding several seats, leaving, bots taking over a vacated or
idle seat and handing it back, and who may download a running game's record."""

from __future__ import annotations

from typing import Any

from server_helpers import play_out

from conftest import OPERATOR, Live
from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng
from tabletop.server.store import Tx

QUESTS: dict[str, Any] = {
    "game": "quests",
    "players": 3,
    "seats": ["person", "person", "heuristic"],
    "seed": 7,
}


def seated(live: Live, **extra: Any) -> tuple[dict[str, Any], list[str]]:
    made = live.create(**{**QUESTS, **extra})
    return made, [live.join(made["id"], i["invite"]) for i in made["invites"]]


def test_undo_takes_back_a_choice_and_the_stored_answer(live: Live) -> None:
    made, tokens = seated(live)
    a = live.socket(made["id"], [tokens[0]])
    b = live.socket(made["id"], [tokens[1]])
    first = a.state()
    assert [o["id"] for o in first["viewers"][0]["ask"]["options"]] == ["pass", "play:travel"]
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": 0})
    a.until(lambda m: m["type"] == "accepted")
    after = a.state(1)
    assert after["viewers"][0]["can_undo"] is True
    assert b.state(1)["viewers"][0]["ask"] is not None
    a.send({"type": "undo", "seat": 0})
    assert a.until(lambda m: m["type"] in ("undone", "error"))["type"] == "undone"
    assert live.store.count_answers(made["id"]) == 0
    back = b.until(lambda m: m["type"] == "state" and m["step"] == 0)
    assert back["viewers"][0]["ask"] is None
    assert back["viewers"][0]["view"]["pending"]["waiting_for"] == [0]
    again = a.until(lambda m: m["type"] == "state" and m["step"] == 0)
    assert again["viewers"][0]["ask"] is not None
    # the bot's seat is nobody's to undo, and a second undo finds nothing
    a.send({"type": "undo", "seat": 0})
    assert a.error()["code"] == "nothing_to_undo"


def test_one_connection_holds_several_seats(live: Live) -> None:
    made, tokens = seated(live)
    both = live.socket(made["id"], tokens)
    message = both.state()
    assert [v["seat"] for v in message["viewers"]] == [0, 1]
    for v in message["viewers"]:
        assert v["view"]["viewer"] == v["seat"]
    assert [s["online"] for s in message["table"]["seats"]] == [True, True, False]
    both.send({"type": "answer", "seat": 0, "option": "pass", "step": 0})
    both.until(lambda m: m["type"] == "accepted")
    both.send({"type": "answer", "seat": 1, "option": "pass", "step": 1})
    assert both.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"


def test_a_vacated_seat_is_played_by_the_takeover_bot_until_someone_joins(live: Live) -> None:
    made, tokens = seated(live, takeover="heuristic")
    table_id = made["id"]
    a = live.socket(table_id, [tokens[0]])
    a.state()
    left = live.http.post(f"/api/tables/{table_id}/leave", json={"token": tokens[1]})
    assert left.status_code == 200
    covered = a.until(lambda m: m["type"] == "state" and m["table"]["seats"][1]["covered"])
    assert covered["table"]["seats"][1]["taken"] is False
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": covered["step"]})
    a.until(lambda m: m["type"] == "accepted")
    # P2's initiative (and P3's) were made by the bots at once: P1 is asked again
    moved = a.until(lambda m: m["type"] == "state" and m["step"] >= 3)
    answers = Record.from_json(
        live.http.get(
            f"/api/tables/{table_id}/record", headers={"authorization": "Bearer " + OPERATOR}
        ).json()
    ).answers
    assert (1, "pass") in answers[1:3]
    assert moved["table"]["seats"][1]["covered"]
    # the old token is gone; the host invites again, and a new person takes the seat
    old = live.socket(table_id, [tokens[1]])
    assert old.error()["code"] == "bad_token"
    r = live.http.post(f"/api/tables/{table_id}/invite", json={"host": made["host"], "seat": 1})
    assert r.status_code == 200
    fresh = live.join(table_id, r.json()["invite"])
    back = a.until(lambda m: m["type"] == "state" and not m["table"]["seats"][1]["covered"])
    assert back["table"]["seats"][1]["taken"]
    assert live.socket(table_id, [fresh]).state()["viewers"][0]["seat"] == 1


def test_an_idle_seat_is_taken_over_and_handed_back(live: Live) -> None:
    made, tokens = seated(live, takeover="heuristic", idle_seconds=1.0)
    table_id = made["id"]
    a = live.socket(table_id, [tokens[0]])
    first = a.state()
    assert first["viewers"][0]["ask"] is not None
    # P1 does nothing: the bot answers for it once the table's idle time has passed
    taken = a.until(lambda m: m["type"] == "state" and m["table"]["seats"][0]["covered"])
    moved = a.until(lambda m: m["type"] == "state" and m["step"] > first["step"])
    assert live.store.count_answers(table_id) >= 1  # the bot's answer, stored before it is shown
    assert moved["viewers"][0]["can_undo"] is False
    assert taken["table"]["seats"][0]["taken"]  # still P1's seat: only played for them
    a.send({"type": "sync"})  # P1 is back
    back = a.until(lambda m: m["type"] == "state" and not m["table"]["seats"][0]["covered"])
    assert back["viewers"][0]["seat"] == 0


def test_nobody_at_a_running_table_may_download_its_record(live: Live) -> None:
    # the host is also P1: neither the host token nor any seat token opens the record (which
    # holds the seed, so every hand and the deck order) before the game is over
    made, tokens = seated(live, seats=["person", "person", "heuristic"], options={"turn_limit": 1})
    table_id = made["id"]
    refused = [
        {},
        {"authorization": "Bearer " + made["host"]},
        *({"authorization": "Bearer " + t} for t in tokens),
        {"authorization": "x"},
    ]
    for headers in refused:
        r = live.http.get(f"/api/tables/{table_id}/record", headers=headers)
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
        assert str(made["host"]) not in r.text and "seed" not in r.text
    # never in the address either, where access logs would keep it
    r = live.http.get(f"/api/tables/{table_id}/record", params={"token": OPERATOR})
    assert r.status_code == 403
    # the operator's credential (no seat's) opens it
    r = live.http.get(
        f"/api/tables/{table_id}/record", headers={"authorization": "Bearer " + OPERATOR}
    )
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = Record.from_json(r.json())
    state = replay(record, verify=True)
    assert state.steps == len(record.answers) and not state.is_over
    # every other route the host has gives only its seats' views: the table's facts
    facts = live.http.get(f"/api/tables/{table_id}").json()
    assert "seed" not in facts and all(
        "seed" not in t for t in live.http.get("/api/tables").json()["tables"]
    )
    # once the game is over, the record is anyone's
    a, b = live.socket(table_id, [tokens[0]]), live.socket(table_id, [tokens[1]])
    play_out([a, b], Rng(5))
    a.until_over()
    r = live.http.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 200
    assert replay(Record.from_json(r.json()), verify=True).is_over


def test_paced_bots_play_one_answer_at_a_time_to_the_end(live: Live) -> None:
    made = live.create(
        game="quests",
        players=2,
        seats=["random", "heuristic"],
        options={"turn_limit": 1},
        seed=3,
        pace_ms=20,
    )
    watcher = live.socket(made["id"], [])
    end = watcher.until_over()
    steps = [m["step"] for m in watcher.got if m["type"] == "state"]
    assert steps == sorted(steps) and end["step"] == live.store.count_answers(made["id"])
    assert len(set(steps)) > 3  # the spectator saw the game go by, not only its end


def test_a_failed_commit_changes_nothing(live: Live, monkeypatch: Any) -> None:
    made, tokens = seated(live)
    a = live.socket(made["id"], [tokens[0]])
    first = a.state()
    calls = []

    def failing(*args: Any, **kwargs: Any) -> None:
        calls.append(args)
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(Tx, "write_answers", failing)
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": first["step"]})
    got = a.error()
    assert got["code"] == "internal" and "disk" not in got["message"] and calls
    monkeypatch.undo()
    a.send({"type": "sync"})
    again = a.state()
    assert (
        again["step"] == first["step"] and again["viewers"][0]["ask"] == first["viewers"][0]["ask"]
    )
    assert live.store.count_answers(made["id"]) == 0
    a.send({"type": "answer", "seat": 0, "option": "pass", "step": first["step"]})
    assert a.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
    assert live.store.count_answers(made["id"]) >= 1


def test_a_draw_cannot_be_taken_back_over_the_wire(live: Live) -> None:
    # drawing the top card draws no chance, but shows the card: undo would show the next one
    made = live.create(game="librarians", players=1, seats=["person"], seed=1)
    me = live.socket(made["id"], [live.join(made["id"], made["invites"][0]["invite"])])
    state = new_game("librarians", 1, 1)  # the same deal, to choose as a bot would
    bot = make_agent("heuristic", "librarians", 10)
    for _ in range(2000):
        last = me.until(lambda m: m["type"] == "state" and m["viewers"][0]["ask"])
        assert last["step"] == state.steps
        d = state.pending
        assert d is not None
        option = "draw" if d.rule == "librarians.refresh.draw" else bot.choose(state, 0)
        me.send({"type": "answer", "seat": 0, "option": option, "step": last["step"]})
        assert me.until(lambda m: m["type"] in ("accepted", "error"))["type"] == "accepted"
        state.apply(0, option)
        if option == "draw":
            break
    else:
        raise AssertionError("no Refresh draw came")
    after = me.until(lambda m: m["type"] == "state" and m["step"] == state.steps)
    assert after["viewers"][0]["can_undo"] is False
    me.send({"type": "undo", "seat": 0})
    refused = me.until(lambda m: m["type"] in ("undone", "error"))
    assert refused["type"] == "error" and refused["code"] == "nothing_to_undo"
    assert "revealed" in refused["message"]
    assert live.store.count_answers(made["id"]) == state.steps
