"""`serve --content GAME=PATCH.toml`: the server's new tables of a game play the patched
content; each table keeps its patch (stored with it, shown in its public facts, in its record)
after a restart with other settings and through a rematch; other games stay shipped; a bad
`--content` is a clear error before anything is served."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import play_out
from typer.testing import CliRunner

from conftest import start_live
from tabletop.cli import app as cli_app
from tabletop.engine.patch import Patch
from tabletop.engine.rng import Rng
from tabletop.games.quests.content import load
from tabletop.server.limits import Settings

SPEAR = Patch.from_assignments("quests", ["artifact.spear-of-destiny.amount=4"])
BODY = {"game": "quests", "players": 2, "seats": ["person", "heuristic"], "pace_ms": 0}
LOOSE = {"create_burst": 1000.0, "rate": 1e6, "burst": 1e6, "request_rate": 1e6}


def spear(state: object) -> int:
    amounts = {a.slug: a.amount for a in state.t.artifacts}  # type: ignore[attr-defined]
    return amounts["spear-of-destiny"]


def test_new_tables_play_the_served_patch_and_keep_it(db_url: str) -> None:
    shipped = {a.slug: a.amount for a in load().artifacts}["spear-of-destiny"]
    assert shipped != 4
    live, stop = start_live(db_url, Settings(content={"quests": SPEAR}, **LOOSE))
    try:
        made = live.create(**{**BODY, "options": {"turn_limit": 2}})
        other = live.create(game="guardians", players=2, seats=["person", "heuristic"])
        room = live.app.state.hub.room(made["id"])
        assert room.state.patch == SPEAR and spear(room.state) == 4
        facts = live.http.get(f"/api/tables/{made['id']}").json()
        assert facts["content"] == {"source": SPEAR.source, "digest": SPEAR.digest}
        assert live.http.get(f"/api/tables/{other['id']}").json()["content"] is None
        assert live.app.state.hub.room(other["id"]).state.patch is None
        token = live.join(made["id"], made["invites"][0]["invite"])
        a = live.socket(made["id"], [token])
        a.state()
        play_out([a], Rng(3))
    finally:
        stop()
    # served again without the patch: the table resumes with the content it was played with
    live, stop = start_live(db_url, Settings(**LOOSE))
    try:
        room = live.app.state.hub.room(made["id"])
        assert room.state.is_over and room.state.patch == SPEAR and spear(room.state) == 4
        record = live.http.get(f"/api/tables/{made['id']}/record").json()
        assert record["content"]["digest"] == SPEAR.digest
        r = live.http.post(f"/api/tables/{made['id']}/rematch", json={"host": made["host"]})
        assert r.status_code == 200, r.text
        again = live.app.state.hub.room(r.json()["id"])
        assert again.state.patch == SPEAR and again.state.seed != room.state.seed
        fresh = live.create(**BODY)  # a new table now plays what the server serves: shipped
        assert live.app.state.hub.room(fresh["id"]).state.patch is None
    finally:
        stop()


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ("quests", "GAME=PATCH.toml"),
        ("chess=x.toml", "unknown game 'chess'"),
        ("quests={missing}", "cannot read the content patch"),
        ("quests={bad}", "must be int"),
    ],
)
def test_a_bad_content_flag_is_a_clear_error(tmp_path: Path, given: str, words: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[artifact.spear-of-destiny]\namount = "three"\n', encoding="utf-8")
    given = given.format(missing=tmp_path / "nope.toml", bad=bad)
    result = CliRunner().invoke(cli_app, ["serve", "--content", given])
    assert result.exit_code != 0
    assert words in result.output, result.output
    assert "Traceback" not in result.output
