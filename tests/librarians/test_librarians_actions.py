"""The Action phase's actions: Meditate and Rest exhaust the character; the free Assign Enemy,
once per player per phase."""

from __future__ import annotations

from librarians_rig import adventure_card, do, game, options, player

from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import zone


def test_meditate_discards_the_top_card_then_gains_one_energy() -> None:
    s = game(("eve",))
    deck = s.zones.cards[zone(0, R.DECK)]
    top, second = deck[-1], deck[-2]
    energy = s.energy(0)
    assert "meditate:hero-0" in options(s) and "meditate:aid" in options(s)
    do(s, "meditate:hero-0")
    assert s.where(top) == zone(0, R.DISCARD)
    assert second in s.zones.cards[zone(0, R.ENERGY)] and s.energy(0) == energy + 1
    assert not s.ready(s.t.heroes[0])
    assert "meditate:hero-0" not in options(s)


def test_rest_heals_one_damage_and_needs_some() -> None:
    s = game(("eve",))
    hero = s.t.heroes[0]
    assert "rest:hero-0" not in options(s)
    s.damage[hero] = 2
    R.ask_again(s)
    do(s, "rest:hero-0")
    assert s.damage[hero] == 1 and not s.ready(hero)
    assert "rest:hero-0" not in options(s)


def test_assign_enemy_is_free_and_once_per_player_per_phase() -> None:
    s = game(("eve", "cassandra"))
    looter = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    fanatic = adventure_card(s, "Cult Fanatic", R.UNASSIGNED)
    R.ask_again(s)
    assert player(s) == 0
    assert {"assign:relic-looter", "assign:cult-fanatic"} <= set(options(s))
    do(s, "assign:relic-looter")
    assert s.area_of(looter) == 0 and s.ready(s.t.heroes[0])  # no action spent
    assert player(s) == 1  # the window goes round
    s.apply(1, "pass")
    assert player(s) == 0
    assert not any(o.startswith("assign:") for o in options(s))  # once this phase
    assert "overcome:hero-0:relic-looter" in options(s)  # now it may be overcome
    assert "assign:0" in s.used  # forgotten at Refresh (once per round: once per phase)
    s.apply(0, "pass")  # both passed in a row: the Action phase ends
    assert s.where(fanatic) == R.UNASSIGNED and s.phase != "action"
