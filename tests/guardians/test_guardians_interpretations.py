"""Tests of the interpretations of docs/rules/guardians.md that no other test covers."""

from __future__ import annotations

from guardians_rig import clear_city, play, put_monster, set_hand, started, to_power

from tabletop.games.guardians import city
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.tables import GKIND, pz


def test_an_option_names_a_kind_and_the_lowest_numbered_copy_moves() -> None:
    s = started()
    hand = set_hand(s, 0, ["Bash", "Bash"])
    to_power(s, energy=5)
    play(s, 0, "play:bash")
    in_play = [c for c in s.zones.cards[pz(0, T.PLAY)] if T.KINDS[GKIND[c]].name == "Bash"]
    assert in_play == [min(hand)]


def test_apprentice_boss_rewards_are_two_super_cards_no_seat_holds() -> None:
    s = started(players=2, difficulty="apprentice")
    z = s.zones.cards
    rewards = z[T.BLUE_FD] + z[T.BLUE_SHOW]
    assert len(rewards) == 2 and all(T.IS_SUPER[GKIND[c]] for c in rewards)
    owned = {GKIND[c] for p in range(2) for c in s.owned(p)}
    assert not owned & {GKIND[c] for c in rewards}
    assert not z[T.RED_FD] and not z[T.RED_SHOW]


def test_an_entering_orc_never_places_the_counter_that_would_defeat_an_orc() -> None:
    s = started()
    clear_city(s)
    soldier = put_monster(s, "Hill", "Orc Soldier")
    s.dmg[soldier - T.M0] = T.monster(soldier).attack - 1
    s.pool -= T.monster(soldier).attack - 1
    grunt = put_monster(s, "Hill", "Orc Grunt")
    city.enters(s, grunt)
    assert s.dmg[soldier - T.M0] == T.monster(soldier).attack - 1
    assert soldier in s.zones.cards[T.LOC0 + 3]
    assert s.dmg[grunt - T.M0] == 1
