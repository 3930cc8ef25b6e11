"""What the Guardians questions say (issue 22): a card's numbers on a draft pick, trophy
points on a battle, the boss by name, the cause of a forced discard; the last round and a
beaten boss logged plainly; `moment` names the battle or boss at hand; no card id, rule id
or track key in any option, question, log line or board."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.games.guardians import tables as T
from tabletop.games.guardians import texts
from tabletop.ui import guardians as ui

SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
RULE_ID = re.compile(r"\bguardians\.[a-z]")
IDS = {
    *T.SLUGS,
    *(c.slug for c in T.KINDS),
    *(m.slug for m in T.MONSTERS),
    *(loc.slug for loc in T.LOCS),
    *(b.slug for b in T.BOSSES),
    *(space for track in T.CONTENT.tracks.values() for space in track),
}


def ids_in(text: str) -> set[str]:
    """The card ids, location ids and track keys `text` shows."""
    return IDS & set(SLUG.findall(text))


def test_draft_and_super_options_give_the_cards_numbers() -> None:
    assert (
        T.ACTION_SPACE["pick:cleave"].label == "Draft Cleave (needs 1 energy: +1 energy, +3 attack)"
    )
    assert T.ACTION_SPACE["keep:pulverize"].label == (
        "Keep the SUPER card Pulverize (needs 1 energy: +9 attack)"
    )
    assert (
        T.ACTION_SPACE["take:explore"].label == "Take Explore (needs no energy: +2 energy, +1 card)"
    )


def test_a_forced_discard_names_its_cause() -> None:
    text = "discard a card from your hand (1 left)"
    assert texts.because("guardians.overrun.warlock", text) == (
        "Warlocks overrun: discard a card from your hand (1 left)"
    )
    assert texts.because("guardians.location.school", text).startswith("Visiting School: ")
    assert texts.because("guardians.card.arcane-knowledge", text).startswith("Arcane Knowledge: ")
    assert texts.because("no.such.rule", text) == text


def _play(seed: int) -> tuple[list[tuple[str, str, list[str], str | None]], list[str], list[str]]:
    """Heuristic bots play a 3-player game: every (kind, prompt, labels, moment) asked,
    every log line, and a few boards."""
    s = new_game("guardians", 3, seed)
    bots = [make_agent("heuristic", "guardians", q) for q in range(3)]
    asked: list[tuple[str, str, list[str], str | None]] = []
    boards: list[str] = []
    while s.pending is not None:
        d = s.pending
        for q in d.players:
            a = d.ask(q)
            asked.append(
                (a.kind, a.prompt, [o.label for o in a.options], ui.moment(s.view(q), q, d))
            )
        if len(asked) % 150 == 1:
            out = io.StringIO()
            ui.render(s.view(d.players[0]), Console(file=out, width=80, color_system=None))
            boards.append(out.getvalue())
        answers = {q: bots[q].choose(s, q) for q in d.players}
        for q, choice in answers.items():
            if s.pending is d or (s.pending is not None and q in s.pending.players):
                s.apply(q, choice)
    log = [e.text_for(None) for e in s.log or []]
    return asked, log, boards


def test_a_whole_game_reads_plainly() -> None:
    asked, log, boards = _play(4)
    for kind, prompt, labels, line in asked:
        for text in (prompt, *labels, line or "", *boards):
            assert not ids_in(text), text
            assert not RULE_ID.search(text), text
        assert line is None or len(line) <= 78
        if kind == "battle":
            fights = [lab for lab in labels if lab.startswith("Battle the monsters")]
            assert all("trophy point" in lab for lab in fights)
            assert line is not None
        if kind == "discard" and "overrun" in prompt.lower():
            assert prompt.startswith("Warlocks overrun: discard a card")
    assert any(lab.startswith("Battle the boss, ") for _, _, labels, _ in asked for lab in labels)
    for text in log:
        assert not ids_in(text), text
    assert any(t.endswith("this is the last round") for t in log)
    assert any("the boss is defeated" in t or "the boss survives" in t for t in log)


def test_the_last_fort_is_left_by_default() -> None:
    assert ui.PREFERENCES["skip-last-fort"][2]
    assert not ui.PREFERENCES["play-all"][2]
