"""Auto-pass in Chromium: the table page shows each held seat's switches with what each does;
one turned on in the page makes the server answer a passable question for the seat, which
goes on with the tab closed; while it is off the person is asked."""

from __future__ import annotations

import time
from pathlib import Path

from test_server_autopass import QUESTS, stored_answers
from test_server_browser import chromium, wait

from conftest import WAIT, Live

SWITCH = "input[data-pref='auto-pass-initiative']"


def test_a_switch_turned_on_in_the_page_answers_with_the_tab_closed(
    live: Live, tmp_path: Path
) -> None:
    made = live.create(**QUESTS)  # every switch off
    table_id = made["id"]
    a = chromium(tmp_path / "a")
    try:
        a.get(f"{live.base}/t/{table_id}#invite={made['invites'][0]['invite']}")
        # off: the person is asked the Initiative window
        wait(a, "return !!document.querySelector(\"button.option[data-option='pass']\")")
        wait(a, "return !document.getElementById('autopass').hidden")
        panel = a.find_element("id", "autopass").text
        assert "auto pass initiative" in panel and "pass the Initiative window" in panel
        assert a.execute_script(f'return document.querySelector("{SWITCH}").checked') is False
        assert stored_answers(live, table_id) == []
        a.find_element("css selector", SWITCH).click()
        # the server has it (the page draws the switches from the server's state)
        wait(
            a,
            "return document.getElementById('autopass-switches').dataset.key"
            ".includes('\"on\":true')",
        )
    finally:
        a.quit()  # the tab is closed
    deadline = time.monotonic() + WAIT
    while not stored_answers(live, table_id):
        assert time.monotonic() < deadline, "auto-pass did not answer"
        time.sleep(0.05)
    assert stored_answers(live, table_id)[0] == (0, "pass")  # the server answered for P1
    stored = live.store.load(table_id)
    assert stored is not None and stored.autopass[0] == ("auto-pass-initiative",)
