"""Golden playthroughs: a fixed game of each registered game, written out whole by
`scripts/regenerate_golden.py`, must play out exactly the same today."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import regenerate_script
from tabletop.engine import UnknownGameError, game_ids

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
PERFT = ROOT / "tests" / "perft"


def first_difference(want: str, got: str) -> str:
    a, b = want.splitlines(), got.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"line {i + 1}:\n  golden: {x}\n  now:    {y}"
    return f"the golden file has {len(a)} lines, the game now gives {len(b)}"


def test_every_registered_game_has_a_golden_file_and_perft_counts() -> None:
    missing = [g for g in game_ids() if not (GOLDEN / f"{g}.txt").exists()]
    missing += [f"{g} (perft)" for g in game_ids() if not (PERFT / f"{g}.perft").exists()]
    assert not missing, (
        f"no golden playthrough or perft counts for {missing}: run "
        "python scripts/regenerate_golden.py <game> --perft"
    )


@pytest.mark.parametrize("game_id", sorted(p.stem for p in GOLDEN.glob("*.txt")))
def test_golden_playthrough(game_id: str) -> None:
    want = (GOLDEN / f"{game_id}.txt").read_text(encoding="utf-8")
    got = regenerate_script().golden_text(game_id)
    assert got == want, (
        f"the {game_id} golden playthrough changed at {first_difference(want, got)}\n"
        f"if the rules changed on purpose: python scripts/regenerate_golden.py {game_id}"
    )


def test_golden_file_names_its_rules_and_ends() -> None:
    text = (GOLDEN / "quests.txt").read_text(encoding="utf-8")
    assert text.startswith("# Golden playthrough of Quests of the Librarian (quests)")
    for rule in (
        "quests.setup.deal",
        "quests.fate.roll",
        "quests.initiative.roll",
        "quests.adventure.pick",
        "quests.action.turns",
        "quests.escape.negate",
        "quests.meld.first-claims",
    ):
        assert f"[{rule}]" in text or f"log {rule} " in text
    assert "\nresult: winners " in text


def test_golden_text_is_deterministic() -> None:
    script = regenerate_script()
    assert script.golden_text("quests") == script.golden_text("quests")


def test_script_refuses_an_unknown_game() -> None:
    with pytest.raises(UnknownGameError):
        regenerate_script().main(["no-such-game"])
