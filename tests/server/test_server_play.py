"""Whole games through the WebSocket, one per registered game: each person's seat on its own
socket, a bot in another seat; every view a socket got is checked against the kernel's view
for that socket's seat at that step, and its events against that seat's log."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from server_helpers import check_seen, play_out

from conftest import Live
from helpers import view_leaks
from tabletop.engine import registry
from tabletop.engine.record import Record, replay
from tabletop.engine.rng import Rng

# Short settings for the games that have them; any other registered game is played with two
# persons (or one, in a game of one) and heuristic bots in the other seats.
GAMES: dict[str, tuple[int, list[str], dict[str, object]]] = {
    "quests": (3, ["person", "person", "heuristic"], {"turn_limit": 2}),
    "guardians": (3, ["person", "heuristic", "person"], {}),
}


def setup_of(game: str) -> tuple[int, list[str], dict[str, object]]:
    if game in GAMES:
        return GAMES[game]
    spec = registry.get(game)
    n = min(max(spec.min_players, 3), spec.max_players)
    persons = min(n, 2)
    return n, ["person"] * persons + ["heuristic"] * (n - persons), {}


@pytest.mark.parametrize("game", registry.game_ids())
def test_whole_game_over_websocket(live: Live, game: str, tmp_path: Path) -> None:
    players, seats, options = setup_of(game)
    made = live.create(game=game, players=players, seats=seats, options=options, seed=11)
    table_id = made["id"]
    clients = {}
    for invite in made["invites"]:
        token = live.join(table_id, invite["invite"])
        clients[invite["seat"]] = live.socket(table_id, [token])
    spectator = live.socket(table_id, [])
    accepted = play_out(list(clients.values()), Rng(3))
    assert accepted > 10
    for c in [*clients.values(), spectator]:
        c.until_over()

    r = live.http.get(f"/api/tables/{table_id}/record")  # a finished game's is anyone's
    assert r.status_code == 200, r.text
    record = Record.from_json(r.json())
    final = replay(record, verify=True)
    assert final.is_over and len(record.answers) >= accepted
    logs = {s: [list(e) for e in final.log_for(s)] for s in [*range(players), None]}
    for seat, c in clients.items():
        check_seen(c, record, logs)
        assert all(v["seat"] == seat for m in c.got if m["type"] == "state" for v in m["viewers"])
    check_seen(spectator, record, logs)
    for m in spectator.got:
        if m["type"] == "state":
            (v,) = m["viewers"]
            assert v["seat"] is None and "ask" not in v

    # the downloaded file is what `tabletop replay --verify` accepts
    path = tmp_path / "game.json"
    path.write_text(r.text)
    done = subprocess.run(
        [str(Path(sys.executable).parent / "tabletop"), "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_no_socket_gets_a_hidden_card_of_another_seat(live: Live) -> None:
    made = live.create(
        game="quests",
        players=3,
        seats=["person", "person", "random"],
        options={"turn_limit": 2},
        seed=4,
    )
    table_id = made["id"]
    tokens = [live.join(table_id, i["invite"]) for i in made["invites"]]
    clients = [live.socket(table_id, [t]) for t in tokens]
    play_out(clients, Rng(8))
    for c in clients:
        c.until_over()
    record = Record.from_json(live.http.get(f"/api/tables/{table_id}/record").json())
    state = replay(Record(**{**record.__dict__, "answers": [], "digests": []}), verify=False)
    by_step: dict[int, list[tuple[int, dict[str, object]]]] = {}
    for seat, c in enumerate(clients):
        for m in c.got:
            if m["type"] == "state":
                by_step.setdefault(m["step"], []).extend((seat, v["view"]) for v in m["viewers"])
    checked = 0
    for step, (player, option) in enumerate([*record.answers, (None, None)]):
        for seat, view in by_step.get(step, []):
            assert view_leaks(state, seat, view=view) == []
            checked += 1
        if player is not None:
            state.apply(player, option)
    assert checked >= 20
