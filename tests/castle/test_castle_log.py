"""Castle Von Loghan's log reads in the order things happen: a combat card's line comes after
its own effects, and its Damage and Rage count them (castle.combat.execute)."""

from __future__ import annotations

from test_castle_combat import Rig, example, round_one  # noqa: F401 (the fixture)

from tabletop.engine.events import Event


def executed(log: list[Event]) -> list[tuple[int, str]]:
    return [(i, e.text) for i, e in enumerate(log) if e.rule == "castle.combat.execute"]


def test_a_cards_line_follows_its_own_effects(example: Rig) -> None:  # noqa: F811
    """The Combat example, round 1, Step 7: Arvias' Energy Attack with its paid secondary
    effect makes "a total amount of 5 Damage and 3 Rage"; its line said 3 Damage, written
    before its own +2 (issue 21). Pill's Steady Breath: its Clarity +1 comes before its line."""
    s = example.s
    round_one(example)
    assert s.log is not None
    lines = executed(s.log)
    texts = [t for _, t in lines]
    assert "A2's Aggressive Attack (Timing 1): Damage 2, Rage 1" in texts
    assert "A2's Energy Attack (Timing 2): Damage 5, Rage 3" in texts
    breath = next(i for i, t in lines if "Steady Breath" in t)
    assert s.log[breath - 1].text.startswith("Clarity +1")
