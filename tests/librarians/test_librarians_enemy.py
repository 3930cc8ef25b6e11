"""The Enemy phase: attacks from the first player on (the player picks the character hit), the
Mission's advance by the starting players' value, Fate and the Disturbance's advance."""

from __future__ import annotations

from librarians_rig import (
    adventure_card,
    card_of,
    do,
    game,
    kind,
    options,
    pass_responses,
    player,
    put,
    texts,
)

from tabletop.engine.flow import settle
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansState, zone


def enemy_phase(s: LibrariansState) -> None:
    """Run the Enemy phase now (on top of the Action window)."""
    N.enemy_phase(s)
    settle(s)
    pass_responses(s)


def test_ready_assigned_enemies_attack_from_the_first_player() -> None:
    s = game(("eve", "cassandra"))
    s.first = 1
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    fanatic = adventure_card(s, "Cult Fanatic", zone(1, R.AREA))
    tired = adventure_card(s, "Cult Fanatic", zone(1, R.AREA))
    s.exhausted[tired] = True
    enemy_phase(s)
    attacks = texts(s, "librarians.enemy.attack")
    assert attacks[0] == "Cult Fanatic is exhausted"
    assert [t for t in attacks if " attacks " in t] == [
        "Cult Fanatic attacks Cassandra Cillian (2 damage)",
        "Relic Looter attacks Eve Baird (1 damage)",
    ]
    assert not s.ready(looter) and not s.ready(fanatic)
    dmg = s.record(looter).damage
    assert s.damage.get(s.t.heroes[0], 0) == dmg


def test_unassigned_enemies_do_not_attack() -> None:
    s = game(("eve",))
    looter = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    enemy_phase(s)
    assert s.ready(looter) and s.damage == {}


def test_the_player_picks_the_character_hit() -> None:
    s = game(("eve",))
    sam = card_of(s, 0, "Sam Denning")
    put(s, sam, zone(0, R.AREA))
    adventure_card(s, "Relic Looter", zone(0, R.AREA))
    enemy_phase(s)
    assert kind(s) == "attack" and player(s) == 0
    assert options(s) == ["char:hero-0", "char:sidekick-0"]
    do(s, "char:sidekick-0")
    pass_responses(s)
    assert s.damage.get(sam, 0) > 0 or s.where(sam) == zone(0, R.DISCARD)
    assert s.damage.get(s.t.heroes[0], 0) == 0


def test_the_mission_advances_at_its_value_for_the_starting_players() -> None:
    s = game(("eve", "cassandra"))
    mission = s.zones.cards[R.MISSION_ZONE][-1]
    need = s.record(mission).advance[1]
    s.progress[mission] = need - 1
    enemy_phase(s)
    assert s.zones.cards[R.MISSION_ZONE] == [mission]
    s.progress[mission] = need
    enemy_phase(s)
    assert s.where(mission) == R.MISSION_DISCARD and mission not in s.progress
    assert s.record(s.zones.cards[R.MISSION_ZONE][-1]).id == s.record(mission).next


def test_the_last_mission_wins_the_game() -> None:
    s = game(("eve",))
    for m in list(s.zones.cards[R.MISSIONS]):
        if s.record(m).win:
            put(s, s.zones.cards[R.MISSION_ZONE][-1], R.MISSION_DISCARD)
            put(s, m, R.MISSION_ZONE)
            s.progress[m] = s.record(m).advance[0]
            break
    enemy_phase(s)
    assert s.result is not None and s.result.team == "won"
    assert s.pending is None


def test_a_mission_with_two_paths_lets_the_first_player_choose() -> None:
    s = game(("eve", "cassandra"), adventure="C-3")
    first = s.zones.cards[R.MISSION_ZONE][-1]
    put(s, first, R.MISSION_DISCARD)
    m2 = next(c for c in s.zones.cards[R.MISSIONS] if s.record(c).choices)
    put(s, m2, R.MISSION_ZONE)
    s.progress[m2] = s.record(m2).advance[1]
    enemy_phase(s)
    assert kind(s) == "path" and player(s) == 0
    assert options(s) == ["path:0", "path:1"]
    do(s, "path:1")
    assert s.record(s.zones.cards[R.MISSION_ZONE][-1]).id == "M3b"


def test_fate_one_plus_ready_unassigned_enemies_plus_ready_obstacles_fate() -> None:
    s = game(("eve",))
    s.fate = 0
    obstacles = [c for c in s.zones.cards[R.UNASSIGNED] if s.record(c).type == "obstacle"]
    adventure_card(s, "Relic Looter", R.UNASSIGNED)
    tired = adventure_card(s, "Cult Fanatic", R.UNASSIGNED)
    s.exhausted[tired] = True
    adventure_card(s, "Cult Fanatic", zone(0, R.AREA))  # assigned: attacks, adds no Fate
    # 1, the ready unassigned Relic Looter, its own extra Fate
    # (librarians.interpret.extra-fate), each ready Obstacle's Fate
    expected = 1 + 1 + 1 + sum(s.record(c).fate for c in obstacles)
    assert N.fate_due(s) == expected
    enemy_phase(s)
    assert s.fate == expected
    assert texts(s, "librarians.enemy.fate") == [
        f"{expected} Fate is added: {expected} on the Disturbance"
    ]


def test_the_disturbance_advances_and_flips_then_the_last_loses() -> None:
    s = game(("eve",))
    d1 = s.zones.cards[R.DISTURBANCE_ZONE][-1]
    s.fate = s.record(d1).advance - 1
    ninjas = [c for c in s.zones.cards[R.SET_ASIDE] if s.name(c) == "Serpent Ninjas"]
    enemy_phase(s)
    assert s.where(d1) == R.DISTURBANCE_DISCARD and s.fate == 0
    assert ninjas and s.where(ninjas[0]) == R.ADV_DECK  # D1's back: shuffled in
    d2 = s.zones.cards[R.DISTURBANCE_ZONE][-1]
    assert s.record(d2).lose
    s.fate = s.record(d2).advance - 1
    enemy_phase(s)
    assert s.result is not None and s.result.team == "lost"


def test_the_expert_aid_card_adds_no_fate_of_its_own() -> None:
    """librarians.interpret.expert-aid: what sets Expert apart is its rulebook rule (a devote
    rerolls a Character die) and its weaker Aid card, not Fate an authored card adds."""
    standard, expert = game(("eve",)), game(("eve",), difficulty="expert")
    assert N.fate_due(expert) == N.fate_due(standard)
    assert not any(ab.effect == "extra-fate" for ab in expert.record(expert.t.aid).abilities)
