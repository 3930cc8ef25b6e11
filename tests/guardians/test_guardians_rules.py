"""Guardians rule tests: one behaviour each, from hand-built states."""

from __future__ import annotations

import pytest
from guardians_rig import (
    clear,
    clear_city,
    loc_index,
    play,
    put,
    put_monster,
    reset,
    set_hand,
    started,
    to_battle,
    to_power,
)

from tabletop.engine import new_game
from tabletop.engine.errors import OptionError
from tabletop.games.guardians import bosses, city, phases, scoring
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import FILES, ContentError, _read, build
from tabletop.games.guardians.drive import drive
from tabletop.games.guardians.steps import Discard
from tabletop.games.guardians.tables import GKIND, pz


def ids(s: R.GuardiansState, p: int = 0) -> list[str]:
    d = s.pending
    assert d is not None
    return [o.id for o in d.options_for(p)]


# -- content ----------------------------------------------------------------------------------
def test_content_counts_follow_the_rulebook() -> None:
    cards = [k for k in T.KINDS if k.type != "coward"]
    assert len(cards) == 44
    assert sum(k.type == "generic" for k in cards) == 2
    assert sum(k.type == "skill" and not k.super for k in cards) == 12
    assert sum(k.type == "item" and not k.super for k in cards) == 10
    assert sum(k.type == "familiar" and not k.super for k in cards) == 8
    assert sum(k.super for k in cards) == 12
    assert sum(k.copies for k in cards if T.DRAFTABLE[T.KIND_BY_NAME[k.name]]) == 74
    assert [sum(m.waves[w] for m in T.MONSTERS) for w in range(3)] == [12, 19, 30]
    assert sum(loc.symbols for loc in T.LOCS) == 12
    assert len(T.MONSTERS) == 15 and len(T.BOSSES) == 6 and len(T.QUESTS) == 12
    assert all(sum(m.waves) >= 2 for m in T.MONSTERS)


def test_a_bad_content_file_names_file_record_and_field() -> None:
    files = {name: _read(name) for name in FILES}
    files["cards.toml"]["card"][3]["type"] = "spell"
    with pytest.raises(ContentError, match=r"cards.toml: card 'Cleave': field 'type'"):
        build(files)
    files = {name: _read(name) for name in FILES}
    del files["monsters.toml"]["monster"][0]["attack"]
    with pytest.raises(ContentError, match=r"monsters.toml: monster 'Zombie Sisters'.*'attack'"):
        build(files)


def test_every_record_says_where_it_comes_from() -> None:
    for name in FILES:
        doc = _read(name)
        for records in doc.values():
            if isinstance(records, list):
                assert all(r["source"] in ("rulebook", "authored") for r in records)


def test_bad_option_is_a_clear_error() -> None:
    with pytest.raises(OptionError, match="difficulty"):
        new_game("guardians", 2, options={"difficulty": "hero"})


# -- warm up ----------------------------------------------------------------------------------
def test_guardian_deck_is_twenty_cards_and_first_hand_four() -> None:
    for n in (1, 2, 3, 5):
        s = started(players=n)
        for p in range(n):
            z = s.zones.cards
            assert len(z[pz(p, T.DECK)]) + len(z[pz(p, T.HAND)]) == 20
            assert len(z[pz(p, T.HAND)]) == 4
            assert len(z[pz(p, T.QUEST)]) == 1
            assert sum(T.IS_SUPER[GKIND[c]] for c in z[pz(p, T.DECK)] + z[pz(p, T.HAND)]) == 1
        assert len(s.zones.cards[T.BLUE_SHOW]) == 2 + n
        assert len(s.zones.cards[T.RED_SHOW]) == 2 + n


def test_draft_is_simultaneous_and_passes_left() -> None:
    s = R.GuardiansState(3, 1, R.GuardiansOptions(), True)
    d = s.pending
    assert d is not None and d.secret and d.kind == "draft"
    assert set(d.players) == {0, 1, 2}
    pack1 = sorted(s.zones.cards[pz(1, T.PACK)])
    for p in (0, 1, 2):
        s.apply(p, s.pending.options_for(p)[0].id)  # type: ignore[union-attr]
    # what P2 (seat 1) did not take is now in front of P3 (seat 2)
    assert len(set(pack1) & set(s.zones.cards[pz(2, T.PACK)])) == 12


def test_one_player_draft_keeps_thirteen_of_thirty_six() -> None:
    s = R.GuardiansState(1, 2, R.GuardiansOptions(), True)
    assert len(s.zones.cards[pz(0, T.PACK)]) == 36
    picks = 0
    while s.phase == "draft":
        s.apply(0, ids(s)[0])
        picks += 1
    assert picks == 13
    assert len(s.zones.cards[pz(0, T.COLLECT)]) == 6 + 13
    assert len(s.zones.cards[T.TRASH]) == 23


def test_two_player_ghost_draft() -> None:
    s = R.GuardiansState(2, 3, R.GuardiansOptions(), True)
    while s.phase == "draft":
        for p in s.to_move():
            s.apply(p, s.pending.options_for(p)[0].id)  # type: ignore[union-attr]
    assert [len(s.zones.cards[pz(p, T.COLLECT)]) for p in (0, 1)] == [19, 19]
    assert len(s.zones.cards[T.GHOST_DECK]) == 13


def test_apprentice_uses_the_preconstructed_decks_and_four_rounds() -> None:
    s = started(players=2, difficulty="apprentice")
    owned = sorted(T.KINDS[GKIND[c]].name for c in s.owned(0))
    red = T.CONTENT.precons[0]
    want = sorted([*red.cards, red.super, "Explore"] + ["Practice Swing"] * 5)
    assert owned == want
    assert s.track.count("round") + s.track.count("blue-boss") == 4
    assert "red-boss" not in s.track
    assert not s.zones.cards[pz(0, T.QUEST)]


# -- power up ---------------------------------------------------------------------------------
def test_energy_is_a_threshold_never_spent() -> None:
    req = {k.name: k.req for k in T.KINDS}
    assert req["Shot"] == 0 and 0 < req["Ice Blast"] <= 2 < req["Breastplate"] <= 5
    s = started()
    set_hand(s, 0, ["Shot", "Ice Blast", "Breastplate"])
    to_power(s, energy=0)
    assert ids(s) == ["done", "play:shot"]
    play(s, 0, "play:shot", "play:ice-blast")
    assert s.energy[0] == 5
    play(s, 0, "play:breastplate")
    assert s.energy[0] == 5 and s.attack[0] == 7


def test_items_persist_and_give_their_benefit_each_round() -> None:
    s = started()
    set_hand(s, 0, ["Robe", "Breastplate"])
    to_power(s, energy=5)
    play(s, 0, "play:robe", "play:breastplate", "done")
    phases.cleanup(s, 0)
    names = [T.KINDS[GKIND[c]].name for c in s.zones.cards[pz(0, T.PERSIST)]]
    assert sorted(names) == ["Breastplate", "Robe"]
    to_power(s, energy=0)
    assert (s.energy[0], s.attack[0]) == (3, 5)


def test_trophy_rewards_robot_energy_and_warlock_attack() -> None:
    s = started()
    for name in ("Robot Clean M2", "Warlock Student"):
        m = put_monster(s, 0, name)
        s.zones.cards[T.LOC0].remove(m)
        s.zones.cards[pz(0, T.TROPHY)].append(m)
    set_hand(s, 0, [])
    to_power(s)
    assert (s.energy[0], s.attack[0]) == (1, 1)


# -- overrun ----------------------------------------------------------------------------------
def _at_overrun(s: R.GuardiansState) -> None:
    reset(s, *phases.ROUND[3:])
    drive(s)


def test_two_warlocks_overrun_everyone_but_the_playground_visitor() -> None:
    s = started(players=2)
    clear_city(s)
    put_monster(s, "Hill", "Warlock Student")
    put_monster(s, "Hill", "Warlock Student")
    s.playground = 0b10
    _at_overrun(s)
    d = s.pending
    assert d is not None and d.kind == "discard" and d.players == (0,)


def test_two_spiders_make_players_discard_an_item_in_play() -> None:
    s = started()
    clear_city(s)
    put_monster(s, "Hill", "Spider Swarm")
    put_monster(s, "Zoo", "Spider Swarm")
    put(s, pz(0, T.PERSIST), ["Robe"])
    _at_overrun(s)
    assert ids(s) == ["drop:robe"]
    play(s, 0, "drop:robe")
    assert not s.zones.cards[pz(0, T.PERSIST)]


# -- battle -----------------------------------------------------------------------------------
def test_robots_are_immune_to_damage_counters() -> None:
    s = started()
    clear_city(s)
    put_monster(s, "Hill", "Robot Shield R4")
    z = put_monster(s, "Zoo", "Zombie Club")
    s.counters[0] = 3
    s.pool -= 3
    to_battle(s)
    assert "dmg:hill:0" not in ids(s)
    assert "dmg:zoo:0" in ids(s)
    play(s, 0, "dmg:zoo:0")
    assert s.dmg[z - T.M0] == 1


def test_counters_that_reach_the_attack_level_defeat_the_monster() -> None:
    s = started()
    clear_city(s)
    m = put_monster(s, "Zoo", "Zombie Sisters")
    s.counters[0] = 5
    s.pool -= 5
    to_battle(s)
    play(s, 0, "kill:zoo:0")
    assert m in s.zones.cards[pz(0, T.TROPHY)]
    assert s.counters[0] == 1


def test_orcs_damage_every_orc_when_they_enter() -> None:
    s = started()
    clear_city(s)
    a = put_monster(s, "Hill", "Orc Soldier")
    b = put_monster(s, "Hill", "Orc Grunt")
    city.enters(s, b)
    assert s.dmg[a - T.M0] == 1 and s.dmg[b - T.M0] == 1


def test_battle_takes_every_monster_at_a_location_and_cleave_counts_two() -> None:
    s = started()
    clear_city(s)
    hill = loc_index("Hill")
    put_monster(s, hill, "Zombie Sisters")
    put_monster(s, hill, "Spider Swarm")
    set_hand(s, 0, ["Cleave"])
    to_power(s, energy=2)
    play(s, 0, "play:cleave", "done")
    assert s.attack[0] == 3
    assert s.attack_at(0, hill) == 6  # Cleave: more than one monster there
    assert "fight:hill" not in ids(s)  # 6 < 8
    s.attack[0] += 2
    s._reask()
    play(s, 0, "fight:hill")
    assert len(s.zones.cards[pz(0, T.TROPHY)]) == 2


def test_orc_final_act_gives_opponents_a_practice_swing_unless_shielded() -> None:
    s = started(players=3)
    clear_city(s)
    put_monster(s, "Zoo", "Orc Grunt")
    put(s, pz(2, T.PERSIST), ["Shield"])
    s.attack[0] = 10
    to_battle(s, 0)
    play(s, 0, "fight:zoo")
    top = s.zones.cards[pz(1, T.DECK)][-1]
    assert GKIND[top] == T.SWING
    d = s.pending
    assert d is not None and d.players == (2,) and d.kind == "shield"
    deck2 = list(s.zones.cards[pz(2, T.DECK)])
    play(s, 2, "ignore-final-act")
    assert s.zones.cards[pz(2, T.DECK)] == deck2


def test_a_blanket_fort_keeps_monsters_out() -> None:
    s = started()
    clear_city(s)
    for loc in range(T.NLOC):
        if loc != loc_index("Hill"):
            for _ in range(s.sym(loc)):
                city.invade_one(s, loc, 1, True, "test")
    s.fort[0] = loc_index("Hill")
    city.invade_all(s, "test")
    assert not s.zones.cards[T.LOC0 + loc_index("Hill")]
    assert s.safe(loc_index("Hill"))


def test_empty_wave_takes_the_retreat_pile_then_the_next_wave() -> None:
    s = started()
    z = s.zones.cards
    for m in list(z[T.WAVE2]):
        z[T.WAVE2].remove(m)
        z[T.RETREAT].append(m)
    got = city.draw_monster(s, 1)
    assert got is not None and got[1] == T.WAVE2
    assert not z[T.RETREAT]
    for m in list(z[T.WAVE2]):
        z[T.WAVE2].remove(m)
        z[T.BOX].append(m)
    got = city.draw_monster(s, 1)
    assert got is not None and got[1] == T.WAVE3


# -- bosses and the end -----------------------------------------------------------------------
def _boss_round(s: R.GuardiansState, colour: str) -> None:
    s.track_pos = s.track.index(f"{colour}-boss")
    reset(s, *phases.ROUND)
    drive(s)


def test_blue_boss_failure_flips_home_and_cowards_those_who_stayed_away() -> None:
    s = started(players=2)
    _boss_round(s, "blue")
    assert s.boss_colour == "blue" and s.boss_level() in (20, 24)
    s.contrib = [3, -1]
    assert bosses.resolve_boss(s) is None
    assert s.outcomes["blue_boss"] == "survived"
    assert s.home_flipped and s.sym(T.HOME) == 1
    assert not any(GKIND[c] == T.COWARD for c in s.zones.cards[pz(0, T.DISCARD)])
    assert any(GKIND[c] == T.COWARD for c in s.zones.cards[pz(1, T.DISCARD)])


def test_blue_boss_success_rewards_the_strongest_first() -> None:
    s = started(players=2)
    _boss_round(s, "blue")
    s.contrib = [10, 30]
    reset(s, phases.BossOutcome(), *phases.ROUND[-2:])
    drive(s)
    assert s.outcomes["blue_boss"] == "defeated"
    d = s.pending
    assert d is not None and d.kind == "boss-reward" and d.players == (1,)


def test_red_boss_failure_loses_the_game_for_everyone() -> None:
    s = started(players=2)
    _boss_round(s, "red")
    s.contrib = [1, -1]
    for name in ("Zombie Class", "Zombie Sisters", "Zombie Club"):
        m = put_monster(s, 0, name)
        s.zones.cards[T.LOC0].remove(m)
        s.zones.cards[pz(1, T.TROPHY)].append(m)
    reset(s, phases.BossOutcome(), *phases.ROUND[-2:])
    drive(s)
    assert s.result is not None
    assert s.result.team == "lost" and s.result.winners == ()
    assert [T.monster(m).name for m in s.zones.cards[pz(1, T.TROPHY)]] == ["Zombie Sisters"]


def test_ties_go_to_more_quests_completed() -> None:
    s = started(players=2)
    s.outcomes["red_boss"] = "defeated"
    q = next(i for i, quest in enumerate(T.QUESTS) if quest.name == "Generic Master")
    for p in (0, 1):
        clear(s, pz(p, T.QUEST))
    for zone in range(len(s.zones.cards)):
        if T.Q0 + q in s.zones.cards[zone]:
            s.zones.cards[zone].remove(T.Q0 + q)
    s.zones.cards[pz(1, T.QUEST)].append(T.Q0 + q)
    clear(s, pz(0, T.DECK))
    clear(s, pz(0, T.HAND))  # seat 0 keeps fewer generics
    scoring.finish(s)
    assert s.result is not None
    assert s.result.scores[1] >= s.result.scores[0]
    assert s.result.winners == (1,)
    assert s.result.seat_stats[1]["quests_completed"] == 1.0


def test_cleanup_draws_four_and_backpack_six_then_discards_two() -> None:
    s = started()
    set_hand(s, 0, [])
    phases.cleanup(s, 0)
    assert len(s.zones.cards[pz(0, T.HAND)]) == 4
    put(s, pz(0, T.PERSIST), ["Backpack"])
    set_hand(s, 0, [])
    phases.cleanup(s, 0)
    assert len(s.zones.cards[pz(0, T.HAND)]) == 6
    assert s.stack(0)[-1] == Discard(0, 2, "guardians.card.backpack")


def test_museum_monster_joins_other_monsters_or_retreats() -> None:
    s = started()
    clear_city(s)
    m = put_monster(s, "Hill", "Zombie Club")
    s.zones.cards[T.LOC0 + loc_index("Hill")].remove(m)
    s.zones.cards[pz(0, T.MUSEUM)].append(m)
    put_monster(s, "Zoo", "Zombie Sisters")
    to_battle(s)
    assert ids(s) == ["place:zoo"]
    play(s, 0, "place:zoo")
    assert len(s.zones.cards[T.LOC0 + loc_index("Zoo")]) == 2
    clear_city(s)
    m = put_monster(s, "Hill", "Zombie Club")
    s.zones.cards[T.LOC0 + loc_index("Hill")].remove(m)
    s.zones.cards[pz(0, T.MUSEUM)].append(m)
    to_battle(s)
    assert m in s.zones.cards[T.RETREAT]


@pytest.mark.parametrize("boss", [b.name for b in T.BOSSES])
def test_each_boss_reveal_effect(boss: str) -> None:
    s = started(players=2)
    b = T.B0 + next(i for i, spec in enumerate(T.BOSSES) if spec.name == boss)
    colour = T.BOSSES[b - T.B0].colour
    zone = T.BOSS_BLUE if colour == "blue" else T.BOSS_RED
    for z in (T.BOSS_BLUE, T.BOSS_RED, T.BOX):
        if b in s.zones.cards[z]:
            s.zones.cards[z].remove(b)
    s.zones.cards[T.BOX].extend(s.zones.cards[zone])
    s.zones.cards[zone] = [b]
    put(s, pz(0, T.PERSIST), ["Robe"])
    s.fort[1] = loc_index("Hill")
    hands = [len(s.zones.cards[pz(p, T.HAND)]) for p in (0, 1)]
    _boss_round(s, colour)
    assert s.zones.cards[T.BOSS_FIGHT] == [b]
    reveal = T.BOSSES[b - T.B0].reveal
    d = s.pending
    assert d is not None
    if reveal == "patient-zero":
        assert [len(s.zones.cards[pz(p, T.HAND)]) for p in (0, 1)] == hands
    elif reveal == "kiara":
        assert all(GKIND[s.zones.cards[pz(p, T.DECK)][-1]] == T.SWING for p in (0, 1))
    elif reveal == "araknesh":
        assert d.secret is False and d.kind == "drop" and d.players == (0,)
    elif reveal == "kevin":
        assert d.kind == "discard" and set(d.players) == {0, 1}
    elif reveal == "purify":
        assert all(s.immune(m) for loc in range(T.NLOC) for m in s.monsters_at(loc))
    else:
        assert s.fort == [-1, -1]


# -- issue 7 rules slips ----------------------------------------------------------------------
def test_borrow_never_copies_a_familiar_a_mystic_ball_made_super() -> None:
    s = started(players=2)
    set_hand(s, 1, ["Wolf Pup", "Tiger Cub", "Mystic Ball"])
    to_power(s, players=(1,), energy=1)
    play(s, 1, "play:wolf-pup", "play:tiger-cub", "play:mystic-ball", "attach:wolf-pup")
    set_hand(s, 0, ["Borrow"])
    to_power(s, players=(0,), energy=1)
    play(s, 0, "play:borrow")
    assert "borrow:tiger-cub" in ids(s)
    assert "borrow:wolf-pup" not in ids(s)  # the only Wolf Pup in play is SUPER now
    put(s, pz(1, T.PLAY), ["Wolf Pup"])  # a second, plain Wolf Pup may be borrowed
    s._reask()
    assert "borrow:wolf-pup" in ids(s)


def test_an_entering_orc_cannot_damage_orcs_shielded_by_purify() -> None:
    s = started()
    clear_city(s)
    a = put_monster(s, "Hill", "Orc Soldier")
    b = put_monster(s, "Zoo", "Orc Grunt")
    s.purify = True
    pool = s.pool
    city.enters(s, b)
    assert s.dmg[a - T.M0] == 0 and s.dmg[b - T.M0] == 0 and s.pool == pool


def _swings(zone: list[int]) -> int:
    return sum(1 for c in zone if c < T.NG and GKIND[c] == T.SWING)


def _trash_own_swings(s: R.GuardiansState, p: int) -> None:
    for z in (T.HAND, T.DECK):
        zone = s.zones.cards[pz(p, z)]
        for c in [c for c in zone if GKIND[c] == T.SWING]:
            zone.remove(c)
            s.zones.cards[T.TRASH].append(c)


def test_practice_swings_gained_come_from_the_box_never_the_trash() -> None:
    s = started(players=3)
    assert _swings(s.zones.cards[T.RESERVE]) == 25 - 3 * 5
    _trash_own_swings(s, 0)  # P1's five Practice Swings lie in the trash
    trash = _swings(s.zones.cards[T.TRASH])
    assert trash == 5
    clear_city(s)
    put_monster(s, "Zoo", "Orc Grunt")
    s.attack[0] = 10
    to_battle(s, 0)
    play(s, 0, "fight:zoo")
    for q in (1, 2):
        assert GKIND[s.zones.cards[pz(q, T.DECK)][-1]] == T.SWING
    assert _swings(s.zones.cards[T.RESERVE]) == 25 - 3 * 5 - 2
    assert _swings(s.zones.cards[T.TRASH]) == trash


def test_with_the_box_out_of_practice_swings_a_final_act_gives_nothing() -> None:
    s = started(players=5)  # all 25 are dealt
    assert _swings(s.zones.cards[T.RESERVE]) == 0
    _trash_own_swings(s, 0)
    trash = list(s.zones.cards[T.TRASH])
    decks = [list(s.zones.cards[pz(q, T.DECK)]) for q in range(5)]
    clear_city(s)
    put_monster(s, "Zoo", "Orc Grunt")
    s.attack[0] = 10
    to_battle(s, 0)
    play(s, 0, "fight:zoo")
    assert [s.zones.cards[pz(q, T.DECK)] for q in range(5)] == decks
    assert s.zones.cards[T.TRASH] == trash
    assert any("No Practice Swing is left in the box" in t for _, t in s.log_for(None))


# -- Power Up played openly (PARALLEL) ----------------------------------------------------------
def test_power_up_is_played_openly_each_play_applied_at_once() -> None:
    s = started(players=2)
    set_hand(s, 0, ["Cleave"])
    set_hand(s, 1, ["Borrow"])
    to_power(s, players=(0, 1), energy=5)
    d = s.pending
    assert d is not None and d.mode == "parallel" and d.players == (0, 1)
    assert s.to_move() == (0, 1)
    s.apply(0, "play:cleave")  # applied at once: seen by all before P2 decides
    cleave = [c for c in s.zones.cards[pz(0, T.PLAY)] if T.KINDS[GKIND[c]].name == "Cleave"]
    assert cleave and s.attack[0] == 3
    d = s.pending
    assert d is not None and d.mode == "parallel" and d.players == (0, 1)
    s.apply(1, "play:borrow")
    assert "borrow:cleave" in ids(s, 1)  # a card P1 put in play this very Power Up
    s.apply(1, "borrow:cleave")
    assert s.attack[1] == 3
    s.apply(1, "done")
    d = s.pending
    assert d is not None and d.players == (0,) and d.kind == "power"
    s.apply(0, "done")
    assert s.phase == "battle"


def test_several_final_acts_ask_the_shield_holder_once_each() -> None:
    s = started(players=3)
    clear_city(s)
    put_monster(s, "Zoo", "Orc Grunt")
    put_monster(s, "Zoo", "Orc Grunt")
    put(s, pz(2, T.PERSIST), ["Shield"])
    s.attack[0] = 30
    to_battle(s, 0)
    decks = [list(s.zones.cards[pz(q, T.DECK)]) for q in range(3)]
    play(s, 0, "fight:zoo")
    # P2, without a Shield, takes a Practice Swing from each Final Act at once
    gained = s.zones.cards[pz(1, T.DECK)][len(decks[1]) :]
    assert [GKIND[c] for c in gained] == [T.SWING, T.SWING]
    asked = []
    answers = iter(["ignore-final-act", "accept-final-act"])
    while True:
        d = s.pending
        assert d is not None
        if d.kind != "shield":
            break
        assert d.players == (2,)
        assert set(ids(s, 2)) == {"ignore-final-act", "accept-final-act"}
        asked.append(d.kind)
        play(s, 2, next(answers))
    assert asked == ["shield", "shield"]  # once for each Final Act
    gained = s.zones.cards[pz(2, T.DECK)][len(decks[2]) :]
    assert [GKIND[c] for c in gained] == [T.SWING]  # ignored one, took the other
    assert s.zones.cards[pz(0, T.DECK)] == decks[0]  # never the slayer
