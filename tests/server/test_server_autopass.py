"""Auto-pass switches per seat through the WebSocket: each held seat is sent its switches (the
terminal's preferences, with their descriptions); switched on, the server answers a question
the switch answers for the seat (as a bot turn, with nobody connected); switched off, the
person is asked; a bad message is refused by name. A preference reads the seat's own view
and question only."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import update

from conftest import WAIT, Live
from tabletop.engine import new_game
from tabletop.server.clock import OwnAsk
from tabletop.server.schema import seats as seat_rows
from tabletop.server.schema import tables as table_rows
from tabletop.ui.prefs import available

QUESTS: dict[str, Any] = {
    "game": "quests",
    "players": 3,
    "seats": ["person", "heuristic", "heuristic"],
    "seed": 7,  # P1 is asked first: the Initiative window, which auto-pass-initiative passes
}


def stored_answers(live: Live, table_id: str) -> list[tuple[int, str]]:
    stored = live.store.load(table_id)
    assert stored is not None
    return stored.answers


def test_a_switch_turned_on_answers_for_the_seat(live: Live) -> None:
    made = live.create(**QUESTS)  # the API's default: every switch off
    table_id = made["id"]
    token = live.join(table_id, made["invites"][0]["invite"])
    a = live.socket(table_id, [token])
    first = a.state()
    me = first["viewers"][0]
    assert me["ask"] is not None and me["ask"]["kind"] == "initiative"  # off: the person is asked
    switches = {p["name"]: p for p in me["autopass"]}
    assert set(switches) == {"auto-pass-escape", "auto-pass-initiative"}
    assert all(not p["on"] and p["help"] for p in switches.values())
    a.send({"type": "autopass", "seat": 0, "name": "auto-pass-initiative", "on": True})
    told = a.until(lambda m: m["type"] == "notice")
    assert told["text"].startswith("Auto-pass answered for P1")
    assert stored_answers(live, table_id)[0] == (0, "pass")
    on = a.until(lambda m: m["type"] == "state" and m["viewers"][0]["autopass"][1]["on"])
    assert [p["on"] for p in on["viewers"][0]["autopass"]] == [False, True]
    assert live.store.load(table_id).autopass[0] == ("auto-pass-initiative",)  # type: ignore[union-attr]
    a.close()


def test_a_switch_answers_with_nobody_connected(live: Live) -> None:
    made = live.create(**QUESTS)
    table_id = made["id"]
    token = live.join(table_id, made["invites"][0]["invite"])
    a = live.socket(table_id, [token])
    a.state()
    a.send({"type": "autopass", "seat": 0, "name": "auto-pass-escape", "on": True})
    a.until(lambda m: m["type"] == "state" and m["viewers"][0]["autopass"][0]["on"])
    a.close()  # the tab is closed: the initiative is still P1's to answer (escape only is on)
    assert stored_answers(live, table_id) == []
    b = live.socket(table_id, [token])  # back: switch the initiative on, and leave at once
    b.state()
    b.send({"type": "autopass", "seat": 0, "name": "auto-pass-initiative", "on": True})
    b.close()
    deadline = time.monotonic() + WAIT
    while not stored_answers(live, table_id):
        assert time.monotonic() < deadline, "auto-pass did not answer"
        time.sleep(0.05)
    assert stored_answers(live, table_id)[0] == (0, "pass")


def test_the_lobbys_default_is_the_games_defaults(live: Live) -> None:
    made = live.create(**QUESTS, autopass="defaults")
    table_id = made["id"]
    deadline = time.monotonic() + WAIT
    while not stored_answers(live, table_id):  # answered for the seat before anyone sat down
        assert time.monotonic() < deadline, "auto-pass did not answer"
        time.sleep(0.05)
    assert stored_answers(live, table_id)[0] == (0, "pass")


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ({"seat": 0, "name": "auto-pass-everything", "on": True}, "bad_request", "its switches"),
        ({"seat": 1, "name": "auto-pass-escape", "on": True}, "not_your_seat", "P2"),
        ({"seat": 0, "name": "auto-pass-escape", "on": "yes"}, "malformed", "on"),
        ({"seat": 0, "name": "x" * 41, "on": True}, "malformed", "name"),
    ],
)
def test_a_bad_switch_message_is_refused(
    live: Live, message: dict[str, Any], code: str, words: str
) -> None:
    made = live.create(**QUESTS)
    token = live.join(made["id"], made["invites"][0]["invite"])
    a = live.socket(made["id"], [token])
    a.state()
    a.send({"type": "autopass", **message})
    refused = a.error()
    assert refused["code"] == code and words in refused["message"]
    a.close()


def test_preferences_read_only_their_own_seats_question() -> None:
    """Every game's preferences run through a game with `OwnAsk`, which refuses to show them
    another seat's question: none asks for one."""
    for game_id, players in (("quests", 3), ("guardians", 3), ("librarians", 3), ("castle", 4)):
        prefs = available(game_id)
        assert prefs, game_id
        state = new_game(game_id, players, 3)
        for n in range(120):
            d = state.pending
            if d is None:
                break
            for seat in state.to_move():
                view = state.view(seat)
                for _, answer, _ in prefs.values():
                    answer(view, seat, OwnAsk(d, seat))  # type: ignore[arg-type]
            seat = state.to_move()[0]
            options = d.options_for(seat)
            state.apply(seat, options[n % len(options)].id)


def test_a_seat_stored_before_switches_and_clocks_reads_as_the_defaults(live: Live) -> None:
    """A table an older version stored has NULL in the columns added since: no clock, not
    forfeited, and the game's default switches."""
    made = live.create(**QUESTS)
    table_id = made["id"]
    with live.store.engine.begin() as db:
        db.execute(
            update(seat_rows)
            .where(seat_rows.c.table_id == table_id)
            .values(deadline=None, forfeited=None, autopass=None)
        )
        db.execute(
            update(table_rows)
            .where(table_rows.c.id == table_id)
            .values(clock_seconds=None, clock_rule=None)
        )
    stored = live.store.load(table_id)
    assert stored is not None
    assert stored.forfeited == [False] * 3 and stored.autopass == [None] * 3
    assert stored.clock_seconds is None and stored.clock_rule == "bot"
    hub = live.app.state.hub
    hub.forget(hub.rooms[table_id])  # loaded again from the store
    token = live.join(table_id, made["invites"][0]["invite"])
    a = live.socket(table_id, [token])
    state = a.state()
    assert [p["on"] for p in state["viewers"][0]["autopass"]] == [True, True]  # the defaults
    assert state["table"]["clock"] is None and state["table"]["seats"][0]["deadline"] is None
    a.close()
