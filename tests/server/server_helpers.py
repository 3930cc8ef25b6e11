"""Playing whole games through the server's WebSocket, and checking what each socket saw."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

from conftest import WAIT, Client
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng

# Errors a client playing by the rules may meet: a state it answered from was already old.
BENIGN = {"stale"}


def drain(client: Client) -> None:
    while True:
        try:
            client.recv_now()
        except TimeoutError:
            return


def play_out(clients: list[Client], rng: Rng, *, max_answers: int = 5000) -> int:
    """Answer every question the clients' sockets are asked, with options drawn from `rng`,
    until the game is over or `max_answers` were accepted; returns how many were."""
    answered: set[tuple[int, int]] = set()  # (step, seat) answered already
    accepted = 0
    deadline = time.monotonic() + 6 * WAIT
    while accepted < max_answers:
        assert time.monotonic() < deadline, "the game did not finish"
        for c in clients:
            drain(c)
        if any(c.last is not None and c.last["table"]["over"] for c in clients):
            return accepted
        moved = False
        for c in clients:
            last = c.last
            if last is None:
                continue
            for viewer in last["viewers"]:
                ask = viewer.get("ask")
                key = (last["step"], viewer["seat"])
                if ask is None or key in answered:
                    continue
                answered.add(key)
                options = ask["options"]
                option = options[rng.below(len(options))]["id"]
                c.send(
                    {
                        "type": "answer",
                        "seat": viewer["seat"],
                        "option": option,
                        "step": last["step"],
                    }
                )
                reply = c.until(lambda m: m["type"] in ("accepted", "error"))
                if reply["type"] == "error":
                    assert reply["code"] in BENIGN, reply
                else:
                    accepted += 1
                moved = True
                break
            if moved:
                break
        if not moved:  # nobody is asked anything yet: wait for the next state
            for c in clients:
                with contextlib.suppress(TimeoutError):
                    c.recv_now(0.05)
    return accepted


def expected_views(record: Record, wanted: set[tuple[int, int | None]]) -> dict[Any, Any]:
    """(step, viewer) -> the view that viewer must have been sent at that step, as JSON."""
    out: dict[Any, Any] = {}
    state = replay(Record(**{**record.__dict__, "answers": [], "digests": []}), verify=False)
    steps = sorted({s for s, _ in wanted})
    done = 0
    for step in steps:
        for player, option in record.answers[done:step]:
            state.apply(player, option)
        done = step
        for s, viewer in wanted:
            if s == step:
                out[(s, viewer)] = json.loads(json.dumps(state.view(viewer)))
    return out


def check_seen(
    client: Client, record: Record, final_log: dict[int | None, list[list[str]]]
) -> None:
    """Every view the socket got is exactly the kernel's view for its own seats at that step
    (no other seat's, nothing more), and the events it got, put together, are its seats'
    logs as they may read them."""
    states = [m for m in client.got if m["type"] == "state"]
    assert states, "the socket got no state"
    wanted = {(m["step"], v["seat"]) for m in states for v in m["viewers"]}
    views = expected_views(record, wanted)
    events: dict[int | None, list[list[str]]] = {}
    for m in states:
        for v in m["viewers"]:
            assert v["view"] == views[(m["step"], v["seat"])]
            if v["reset"]:
                events[v["seat"]] = []
            events.setdefault(v["seat"], []).extend([e["rule"], e["text"]] for e in v["events"])
    for seat, got in events.items():
        assert got == final_log[seat]
