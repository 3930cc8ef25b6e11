"""The trading window between phases: when it opens, handing a Treasure on, equipping and
unequipping outside Combat, and the bound on its actions."""

from __future__ import annotations

from castle_rig import game

from tabletop.engine.flow import settle
from tabletop.games.castle import trade
from tabletop.games.castle.cards import FIGHT, INVENTORY, zone
from tabletop.games.castle.turn import AfterPhase


def _window(s, phase: str) -> None:  # type: ignore[no-untyped-def]
    s.flow.append(AfterPhase(phase))
    settle(s)


def test_the_window_opens_only_when_it_can_matter() -> None:
    s = game(4)
    before = s.pending
    _window(s, "movement")  # nothing gained: no window
    assert s.pending == before
    s.flags["evented"] = 1
    _window(s, "event")  # an Event with no fight to get ready for
    assert s.pending == before
    enemy = next(c for c in s.t.enemies["green"])
    src = next(z for z, cards in enumerate(s.zones.cards) if enemy in cards)
    s.zones.cards[src].remove(enemy)
    s.zones.cards[FIGHT].append(enemy)
    _window(s, "event")  # a fight follows: time to get ready
    assert s.pending is not None and s.pending.kind == "between"
    assert set(s.pending.players) == {0, 1, 2, 3}


def test_a_gained_treasure_opens_the_window_after_its_phase() -> None:
    s = game(4)
    s.flags["gained"] = 1
    _window(s, "movement")
    assert s.pending is not None and s.pending.kind == "between"
    assert "gained" not in s.flags


def test_trading_equipping_and_the_bound() -> None:
    s = game(4, agents=("pill", "arvias", "sera", "vigovar"))
    s.flags["gained"] = 1
    _window(s, "movement")
    d = s.pending
    assert d is not None and d.kind == "between"
    opts = d.option_ids(1)
    assert "trade:crossbow:0" in opts  # Pill, in the same room, has room for it
    assert "unequip:crossbow" in opts
    s.apply(1, "unequip:crossbow")
    bow = next(c for c in s.inventory(1) if s.name(c) == "Crossbow")
    assert s.slots[bow] in ("belt", "backpack")
    s.apply(1, "equip:crossbow")
    assert s.slots[bow] == "hand"
    s.apply(1, "trade:crossbow:0")
    assert bow in s.zones.cards[zone(0, INVENTORY)] and bow in s.slots
    # every action counts against the window's bound: at 0 nobody is asked, each passes
    step = s.flow[-1]
    assert isinstance(step, trade.Between)
    s.flow[-1] = trade.OpenBetween(step.seats, 0)
    logged = len(s.log or [])
    settle(s)
    assert s.pending is None or s.pending.kind != "between"
    passes = [e.text for e in (s.log or [])[logged:] if e.rule == "castle.treasures.trade"]
    assert passes == ["A1, A2, A3 and A4 have nothing to trade, equip or use"]
    assert step.seats == (0, 1, 2, 3)
