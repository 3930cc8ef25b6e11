"""Undo at a Quests table (issue 20): a peek (an artifact that looks at a hand or a deck) and
a card played face up reveal something, so they are never taken back; a choice that reveals
nothing still is."""

from __future__ import annotations

import pytest

from helpers import R, action_game
from tabletop.engine.table import NothingToUndoError, Table

LOOKED_AT = (
    r"nothing to undo for P1: your last choice can no longer be taken back: a card was looked "
    r"at by it or after it \(P1 now knows a hidden card they did not know before it\)"
)


def art(name: str) -> str:
    return f"artifact:{R.SLUGS[R.NAMES.index(name)]}"


def test_hg_wells_peek_at_the_artifact_deck_is_never_undone() -> None:
    s = action_game(
        2,
        libraries={0: ["HG Wells Time Machine"]},
        hands={0: [], 1: ["Canoe"]},
        artifact_deck=["Excalibur", "Holy Grail"],
    )
    table = Table(s, ["ann", "bob"])
    table.answer("ann", 0, art("HG Wells Time Machine"))
    assert s.zones.known[R.NAMES.index("Excalibur")] == 1  # P1 knows the next artifact
    assert not table.can_undo("ann", 0)
    with pytest.raises(NothingToUndoError, match=LOOKED_AT):
        table.undo("ann", 0)


def test_crystal_skull_may_be_undone_until_the_hand_is_looked_at() -> None:
    s = action_game(
        3,
        libraries={0: ["Crystal Skull"]},
        hands={0: [], 1: ["Asp", "Boat"], 2: ["Canoe"]},
    )
    before = s.fingerprint()
    table = Table(s, ["ann", "bob", "cat"])
    table.answer("ann", 0, art("Crystal Skull"))
    assert table.state.pending is not None and table.state.pending.kind == "target"
    assert table.can_undo("ann", 0)  # whose hand is not chosen yet: nothing seen
    table.answer("ann", 0, "target:1")
    assert not table.can_undo("ann", 0)
    with pytest.raises(NothingToUndoError, match=LOOKED_AT):
        table.undo("ann", 0)
    # the same choices again, taken back before the look: the exact earlier state
    s2 = action_game(
        3,
        libraries={0: ["Crystal Skull"]},
        hands={0: [], 1: ["Asp", "Boat"], 2: ["Canoe"]},
    )
    table2 = Table(s2, ["ann", "bob", "cat"])
    table2.answer("ann", 0, art("Crystal Skull"))
    assert table2.undo("ann", 0) == 1
    assert table2.state.fingerprint() == before


def test_a_card_played_face_up_is_never_undone() -> None:
    s = action_game(3, hands={0: ["Asp", "Boat"], 1: ["Canoe"], 2: ["Brawl"]})
    table = Table(s, ["ann", "bob", "cat"])
    play = next(o.id for o in table.asks("ann")[0].options if o.id.startswith("play:"))
    table.answer("ann", 0, play)  # the card goes from P1's hand to the discard pile
    with pytest.raises(
        NothingToUndoError,
        match=r"a card was revealed by it or after it \(P2 now sees a card they did not see",
    ):
        table.undo("ann", 0)
