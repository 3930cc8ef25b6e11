"""'Your tables' in the lobby: the tables this browser holds a seat at, those waiting for
this person first, each with its status; a table the server no longer knows is forgotten.
The table's public facts say whom the decision is put to (never who already answered)."""

from __future__ import annotations

from pathlib import Path

from test_server_browser import chromium, wait

from conftest import Live


def test_the_lobby_lists_your_tables_waiting_for_you_first(live: Live, tmp_path: Path) -> None:
    yours = live.create(
        game="quests", players=2, seats=["person", "person"], options={"turn_limit": 2}, seed=1
    )
    theirs = live.create(
        game="quests", players=2, seats=["person", "person"], options={"turn_limit": 2}, seed=1
    )
    facts = live.http.get(f"/api/tables/{yours['id']}").json()
    waiting = facts["waiting"]
    assert waiting and all(0 <= s < 2 for s in waiting)
    # this browser holds the seat the game waits for at one table, the other seat at the other
    other = 1 - waiting[0]
    held = {
        yours["id"]: (waiting[0], live.join(yours["id"], yours["invites"][waiting[0]]["invite"])),
        theirs["id"]: (other, live.join(theirs["id"], theirs["invites"][other]["invite"])),
        "gone-table": (0, "x" * 20),
    }
    driver = chromium(tmp_path / "m")
    try:
        driver.get(live.base + "/")
        for table_id, (seat, token) in held.items():
            driver.execute_script(
                "localStorage.setItem('tabletop.table.' + arguments[0], JSON.stringify("
                "{tokens: {[arguments[1]]: arguments[2]}, invites: {}}))",
                table_id, seat, token,
            )  # fmt: skip
        driver.get(live.base + "/")
        wait(driver, "return !document.getElementById('mine').hidden")
        rows = wait(
            driver,
            "const r = [...document.querySelectorAll('#my-tables tr')].slice(1);"
            "return r.length === 2 && r.map(x => [x.querySelector('a').getAttribute('href'),"
            " x.querySelector('.status').textContent])",
        )
        assert rows[0] == [f"/t/{yours['id']}", "▶ your turn"]
        assert rows[1][0] == f"/t/{theirs['id']}" and rows[1][1].startswith("waiting for")
        assert (
            driver.execute_script("return localStorage.getItem('tabletop.table.gone-table')")
            is None
        )
    finally:
        driver.quit()
