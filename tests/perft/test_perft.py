"""Perft counts: the number of options of each of the first decisions of fixed games, under
fixed answer policies, pinned in `tests/perft/<game>.perft`."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import regenerate_script

ROOT = Path(__file__).resolve().parents[2]
PERFT = ROOT / "tests" / "perft"


def entries() -> list[tuple[str, int, int, str, list[int]]]:
    script = regenerate_script()
    out = []
    for path in sorted(PERFT.glob("*.perft")):
        for players, seed, policy, counts in script.parse_perft(path.read_text("utf-8")):
            out.append((path.stem, players, seed, policy, counts))
    return out


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "policy", "counts"),
    entries(),
    ids=lambda v: str(v) if not isinstance(v, list) else f"{len(v)}",
)
def test_perft(game_id: str, players: int, seed: int, policy: str, counts: list[int]) -> None:
    got = regenerate_script().perft_counts(game_id, players, seed, policy)
    if got != counts:
        at = next((i for i, (a, b) in enumerate(zip(counts, got, strict=False)) if a != b), None)
        where = (
            f"decision {at}: {counts[at]} options pinned, {got[at]} now"
            if at is not None
            else f"{len(counts)} decisions pinned, {len(got)} now"
        )
        pytest.fail(
            f"{game_id} perft ({players} players, seed {seed}, {policy}) differs at {where}; "
            f"if the rules changed on purpose: python scripts/regenerate_golden.py {game_id} "
            "--perft"
        )


def test_quests_perft_is_pinned_deep_enough() -> None:
    quests = [e for e in entries() if e[0] == "quests"]
    assert {e[1] for e in quests} == {2, 3, 5, 8}
    assert {e[3] for e in quests} == {"first", "random"}
    assert all(len(e[4]) == 300 for e in quests)
    # the first decision of a game is an Initiative choice: pass, and Travel/Companion if held
    assert all(1 <= e[4][0] <= 3 for e in quests)


def test_perft_file_matches_a_fresh_rendering() -> None:
    script = regenerate_script()
    assert (PERFT / "quests.perft").read_text("utf-8") == script.perft_text("quests")
