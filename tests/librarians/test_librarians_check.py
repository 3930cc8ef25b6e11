"""One rule of the attribute check per test, each from a hand-built state."""

from __future__ import annotations

import pytest
from librarians_rig import (
    BLANK,
    CBLANK,
    DOUBLE,
    FAILURE,
    SERPENT,
    SUCCESS,
    SUCCESS_TREE,
    TREE,
    adventure_card,
    check_now,
    do,
    empty_hand,
    faces,
    game,
    give,
    kind,
    options,
    passes,
    player,
    texts,
)

from tabletop.engine.flow import settle
from tabletop.games.librarians import check as C
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.content import Ability
from tabletop.games.librarians.rules import zone


# -- (1) the pool ---------------------------------------------------------------------------------
def test_cap_four_of_a_kind_each_die_over_removes_one_of_the_other() -> None:
    assert C.pool(5, 2, (), False) == (1, 4)
    assert C.pool(2, 6, (), False) == (4, 0)
    assert C.pool(3, 5, (), False) == (4, 2)
    assert C.pool(6, 6, (), False) == (2, 2)
    assert C.pool(1, 0, (("add", "challenge", -2),), False) == (0, 1)  # never below 0


def test_at_least_one_character_die_unless_forced() -> None:
    s = game(("eve",), difficulty="expert")
    aid = s.t.aid  # Expert Aid card: a dash in Tactics
    assert not C.can_declare(s, aid, "tactics", 1)
    with pytest.raises(ValueError, match="no Character die"):
        C.start_check(s, aid, "tactics", 1)
    C.start_check(s, aid, "tactics", 2, forced=True)
    settle(s)
    passes(s, "check-change")
    assert faces(s) and all(k == "challenge" for k, _ in faces(s))


def test_a_dash_is_zero_and_never_rises() -> None:
    s = game(("eve",), difficulty="expert")
    aid = s.t.aid
    assert s.attribute(aid, "tactics") == 0
    assert not C.can_declare(s, aid, "tactics", 1, mods=(("add", "character", 2),))
    assert C.pool(0, 1, (("add", "character", 2), ("exact", "character", 3)), True) == (1, 0)


def test_exact_value_modifier_replaces_the_number() -> None:
    assert C.pool(3, 2, (("exact", "challenge", 1),), False) == (1, 3)
    assert C.pool(1, 2, (("exact", "character", 3),), False) == (2, 3)
    # then additions apply, whatever order the modifiers were declared in
    mods = (("add", "character", 1), ("exact", "character", 2))
    assert C.pool(4, 1, mods, False) == C.pool(4, 1, mods[::-1], False) == (1, 3)


def test_add_and_subtract_modifiers_from_cards_of_any_player() -> None:
    s = game(("cassandra", "eve"))
    give(s, 0, "Pattern Recognition")  # Response: 1 fewer Challenge die (any check, cost 1)
    give(s, 1, "A Little Help")  # Response: 1 more Character die (any check, cost 0)
    check_now(s, 0, "insight", 2)
    assert kind(s) == "check-modify" and player(s) == 0
    do(s, "Play Pattern Recognition")
    assert player(s) == 1
    do(s, "Play A Little Help")
    passes(s, "check-change")
    c = C.current(s)
    assert (c.challenge, c.character) == (1, 4)


def test_attribute_change_modifier() -> None:
    s = game(("ezekiel", "eve"))
    give(s, 0, '"I\'m Ezekiel Jones!"')
    check_now(s, 0, "tactics", 1)
    do(s, 'Play "I\'m Ezekiel Jones!"')
    passes(s, "check-change")
    assert C.current(s).character == 3  # Guile 3 instead of Tactics 1
    assert C.attribute_of(C.current(s)) == "guile"


def test_constant_modifier_of_a_card_in_play() -> None:
    s = game(("cassandra",))
    lucy = next(c for c in s.t.decks[0] if s.name(c) == "Lucy Lyons")  # +1 die vs Missions
    s.zones.move(lucy, s.where(lucy), zone(0, R.AREA))
    mission = s.zones.cards[R.MISSION_ZONE][-1]
    enemy = adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    assert C.constant_mods(s, lucy, mission) == [("add", "character", 1)]
    assert C.constant_mods(s, lucy, enemy) == []
    assert C.constant_mods(s, s.t.heroes[0], mission) == []  # only the sidekick's own checks


# -- (2) changing results -------------------------------------------------------------------------
def test_devote_window_asks_round_the_table_from_the_acting_player() -> None:
    s = game(("eve", "cassandra", "ezekiel"), dice=[BLANK, BLANK, BLANK, FAILURE])
    check_now(s, 1, "tactics", 1)  # Cassandra, seat 2, acts
    passes(s, "check-change")
    assert player(s) == 1
    do(s, "pass")
    assert player(s) == 2
    do(s, "pass")
    assert player(s) == 0
    # any order: P1 devotes last in the round, which reopens the window
    do(s, f"devote:{s.t.slugs[s.hand(0)[0]]}")
    do(s, "die:0")
    assert [player(s), kind(s)] == [1, "check-change"]


def test_each_player_devotes_one_card_per_check() -> None:
    s = game(("eve", "cassandra"), dice=[BLANK, BLANK, BLANK, FAILURE])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-change")
    do(s, f"devote:{s.t.slugs[s.hand(0)[0]]}")
    do(s, "die:0")
    assert faces(s)[0] == ("character", ("success",))
    assert player(s) == 1
    do(s, f"devote:{s.t.slugs[s.hand(1)[0]]}")
    do(s, "die:1")
    assert player(s) == 0
    assert options(s) == ["pass"]  # P1 devoted already
    do(s, "pass")
    assert options(s) == ["pass"] or not any(o.startswith("devote:") for o in options(s))
    assert C.current(s).devoted == 0b11


def test_expert_devote_rerolls_a_character_die_that_is_then_locked() -> None:
    s = game(
        ("eve", "cassandra", "jacob"),
        dice=[BLANK, BLANK, BLANK, FAILURE, DOUBLE],
        difficulty="expert",
    )
    check_now(s, 0, "tactics", 1)
    passes(s, "check-change")
    do(s, "pass")  # P1
    do(s, f"devote:{s.t.slugs[s.hand(1)[0]]}")  # P2 devotes
    assert kind(s) == "check-die" and player(s) == 0  # the acting player rerolls
    do(s, "die:0")
    assert faces(s)[0] == ("character", ("success", "success"))
    assert C.current(s).locked == 1
    assert player(s) == 2
    do(s, f"devote:{s.t.slugs[s.hand(2)[0]]}")
    assert "die:0" not in options(s)  # locked: can't be modified again
    assert "die:1" in options(s)


def test_a_response_card_changes_a_die_and_costs_its_energy() -> None:
    s = game(("ezekiel", "eve"), dice=[BLANK, FAILURE])
    give(s, 0, "Ace in the Hole")  # your character: one die to the double Success (cost 0)
    check_now(s, 0, "guile", 1)
    passes(s, "check-change")
    do(s, "Play Ace in the Hole")
    do(s, "die:0")
    assert faces(s)[0] == ("character", ("success", "success"))


def test_jacob_spends_a_clue_to_reroll_a_die_of_any_check() -> None:
    s = game(("eve", "jacob"), dice=[BLANK, FAILURE, SUCCESS])
    s.clues[1] = 1
    check_now(s, 0, "tactics", 1)
    passes(s, "check-change")
    do(s, "pass")
    do(s, "ability:jacob-stone")
    do(s, "die:1")
    assert faces(s)[1] == ("character", ("success",)) or s.clues[1] == 0
    assert s.clues[1] == 0


# -- (3) Tree of Knowledge and Serpents -----------------------------------------------------------
def test_tree_effect_once_per_roll_and_optional() -> None:
    s = game(("jacob",), dice=[TREE, SUCCESS_TREE, CBLANK])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-tree")
    assert options(s) == ["tree:jacob-stone", "done"]
    do(s, "tree:jacob-stone")
    assert s.clues[0] == 1
    assert kind(s) != "check-tree"  # used: not offered again this roll, though 2 icons


def test_no_tree_icon_no_tree_question() -> None:
    s = game(("jacob",), dice=[SUCCESS, SUCCESS, CBLANK])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-tree")
    assert kind(s) != "check-tree"
    assert s.clues[0] == 0


def test_tree_effect_needs_as_many_icons_as_it_costs(monkeypatch: pytest.MonkeyPatch) -> None:
    s = game(("jacob",), dice=[TREE, BLANK, BLANK, CBLANK])
    check_now(s, 0, "lore", 1)
    passes(s, "check-change")
    do(s, "pass")
    costly = Ability("tree", "", {"tree": 2}, "", "gain-clues", {"amount": 1})
    monkeypatch.setattr(E, "_tree_sources", lambda st: [(st.t.heroes[0], 0, costly)])
    assert E.tree_effects(s) == []  # 1 icon, costs 2
    s.check = C.current(s)._replace(dice=((0, 4), (0, 4), (0, 5), (1, 4)))
    assert E.tree_effects(s) == ["Jacob Stone"]


def test_eves_tree_effect_costs_her_a_damage_and_gives_an_aid_token() -> None:
    s = game(("eve", "cassandra"), dice=[TREE, SUCCESS, SUCCESS, CBLANK])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-tree")
    do(s, "tree:eve-baird")
    do(s, "char:hero-1")
    cass = s.t.heroes[1]
    assert s.damage[s.t.heroes[0]] == 1 and s.aid_tokens[cass] == 1
    passes(s)
    s.rng.dice += [SUCCESS, SUCCESS, SUCCESS, CBLANK]  # type: ignore[attr-defined]
    check_now(s, 1, "tactics", 1)
    do(s, "spend-aid")
    passes(s, "check-change")
    assert C.current(s).character == 3 and s.aid_tokens[cass] == 0


def test_one_serpent_uses_the_adventure_cards_effect_first() -> None:
    s = game(("cassandra",), adventure="C-4", dice=[SUCCESS, SUCCESS, SERPENT, CBLANK, CBLANK])
    lamia = adventure_card(s, "Lamia", zone(0, R.AREA))
    check_now(s, 0, "tactics", 3, lamia)
    passes(s)
    assert s.damage[s.t.heroes[0]] == 2 and s.fate == 0


def test_one_serpent_without_an_adventure_effect_uses_the_disturbances() -> None:
    s = game(("cassandra",), adventure="C-4", dice=[SUCCESS, SUCCESS, SERPENT])
    ninjas = adventure_card(s, "Serpent Ninjas", zone(0, R.AREA))
    check_now(s, 0, "tactics", 1, ninjas)
    passes(s)
    assert s.fate == 1 and s.damage.get(s.t.heroes[0], 0) == 0


def test_three_serpents_use_each_effect_once() -> None:
    s = game(("eve",), adventure="C-4", dice=[SUCCESS, SUCCESS, SUCCESS, SERPENT, SERPENT, SERPENT])
    lamia = adventure_card(s, "Lamia", zone(0, R.AREA))
    check_now(s, 0, "tactics", 3, lamia)
    passes(s)
    assert s.damage[s.t.heroes[0]] == 2 and s.fate == 1


def test_the_player_may_resolve_serpents_before_tree_effects() -> None:
    s = game(("jacob",), adventure="C-4", dice=[TREE, SUCCESS, SERPENT])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-tree")
    assert options(s) == ["tree:jacob-stone", "serpents", "done"]
    do(s, "serpents")
    assert s.fate == 1
    assert options(s) == ["tree:jacob-stone", "done"]


def test_narrative_serpents_are_not_failures() -> None:
    s = game(("eve",), difficulty="narrative", dice=[SUCCESS, BLANK, BLANK, SERPENT])
    check_now(s, 0, "tactics", 1)
    passes(s)
    assert texts(s, "librarians.check.degree") == [
        "1 Success against 0 Failure: the check succeeds by 1"
    ]


# -- (4) degree and (5) the result ----------------------------------------------------------------
def test_no_remaining_success_or_failure_fails_by_0() -> None:
    s = game(("eve",), dice=[SUCCESS, BLANK, BLANK, FAILURE])
    check_now(s, 0, "tactics", 1)
    passes(s)
    assert texts(s, "librarians.check.degree") == [
        "1 Success against 1 Failure: the check fails by 0"
    ]


def test_default_result_progress_per_degree_on_an_obstacle() -> None:
    s = game(("eve",), dice=[DOUBLE, SUCCESS, SUCCESS, CBLANK, CBLANK])
    stacks = adventure_card(s, "Collapsing Stacks", R.UNASSIGNED)  # Progress 2... Insight 2
    s.progress[stacks] = 0
    check_now(s, 0, "tactics", 2, stacks, mods=(("exact", "character", 3),))
    passes(s)
    assert "4 Progress on Collapsing Stacks (4)" in texts(s)
    assert stacks in s.zones.cards[R.ADV_DISCARD]


def test_a_mission_places_one_progress_whatever_the_degree() -> None:
    s = game(("eve",), dice=[DOUBLE, DOUBLE, CBLANK, CBLANK])
    mission = s.zones.cards[R.MISSION_ZONE][-1]
    check_now(s, 0, "insight", 2, mission)
    passes(s)
    assert s.progress[mission] == 1
    assert texts(s, "librarians.check.card-result") == ["1 Progress on Raise the Alarm (1)"]


def test_failure_has_no_default_penalty() -> None:
    s = game(("eve",), dice=[BLANK, BLANK, BLANK, FAILURE])
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    check_now(s, 0, "tactics", 1, looter)
    passes(s)
    assert s.damage == {} and s.progress == {}


def test_partial_success_places_one_on_a_failure() -> None:
    s = game(("eve",), dice=[BLANK, BLANK, BLANK, FAILURE])
    give(s, 0, "Contingency Plan")
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    check_now(s, 0, "tactics", 1, looter)
    passes(s, "check-after")
    do(s, "Play Contingency Plan")
    passes(s)
    assert s.damage[looter] == 1


def test_retry_check_makes_the_check_again() -> None:
    s = game(("ezekiel",), dice=[BLANK, FAILURE, DOUBLE, CBLANK])
    for c in s.t.decks[0][:2]:
        s.zones.move(c, s.where(c), zone(0, R.ENERGY))
    give(s, 0, "Always Another Way")
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    check_now(s, 0, "tactics", 1, looter)
    passes(s, "check-after")
    do(s, "Play Always Another Way")
    passes(s)
    assert texts(s, "librarians.effect.retry-check") == ["Ezekiel Jones makes the check again"]
    assert s.damage[looter] == 2


def test_forced_check_damages_on_failure_with_a_complication() -> None:
    s = game(("eve",), dice=[BLANK, BLANK, FAILURE])
    E.HANDLERS["forced-check"](
        s, E.Use(0, -1, {"who": "drawer", "attribute": "insight", "difficulty": 1, "damage": 1})
    )
    settle(s)
    passes(s)
    assert s.damage[s.t.heroes[0]] == 1


def test_overcome_an_enemy_only_when_assigned_to_you() -> None:
    s = game(("eve", "cassandra"))
    empty_hand(s, 0)
    adventure_card(s, "Relic Looter", R.UNASSIGNED)
    R.ask_again(s)
    assert not any(o.startswith("overcome:") and "relic-looter" in o for o in options(s))
    adventure_card(s, "Cult Fanatic", zone(1, R.AREA))
    R.ask_again(s)
    assert not any(o.startswith("overcome:") and "cult-fanatic" in o for o in options(s))
    adventure_card(s, "Relic Looter", zone(0, R.AREA))
    R.ask_again(s)
    assert "overcome:hero-0:relic-looter" in options(s)
    do(s, "overcome:hero-0:relic-looter")
    assert not s.ready(s.t.heroes[0])
    passes(s)
    assert "overcome:hero-0:relic-looter" not in options(s)  # exhausted
