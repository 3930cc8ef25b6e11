"""Set-up and the first three phases of a Quests turn: Fate, Initiative, Adventure."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import (
    R,
    answer,
    card,
    choose,
    events,
    hand,
    hand_names,
    kind,
    of_suit,
    option_ids,
    pass_action,
    pass_initiative,
    pass_melds,
    pass_window,
    rigged,
    take_fate,
    to_decide,
    window,
)
from tabletop.engine import new_game
from tabletop.games.quests.content import ARTIFACT_TYPES, SUITS, load

# -- content and set-up ----------------------------------------------------------------------


def test_action_deck_is_eight_suits_of_ten() -> None:
    content = load()
    assert len(content.actions) == 80
    assert Counter(c.suit for c in content.actions) == dict.fromkeys(SUITS, 10)
    assert all(c.source == "rulebook" for c in content.actions)


def test_artifact_deck_lists_27() -> None:
    content = load()
    assert len(content.artifacts) == 27
    assert {a.type for a in content.artifacts} <= set(ARTIFACT_TYPES)
    assert R.NUM_CARDS == 107


@pytest.mark.parametrize("players", range(2, 9))
def test_setup_deals_six_and_turns_up_a_prize(players: int) -> None:
    s = new_game("quests", players, seed=players)
    assert isinstance(s, R.QuestsState)
    z = s.zones
    # Turn 1 has begun: the deal happened before the Fate cards were turned over.
    deal = [e for e in s.log or [] if e.rule == "quests.setup.deal"]
    assert len(deal) == 6 * players
    assert all(len(hand(s, p)) == 6 for p in range(players))
    assert len(z.cards[R.PRIZE]) == 1 and z.cards[R.PRIZE][0] >= R.NUM_ACTION
    assert len(z.cards[R.ADECK]) == 26
    assert z.cards[R.BOX] == []
    assert sum(len(zone) for zone in z.cards) == 107
    assert s.turn == 1 and s.phase == "initiative"
    assert {"quests.setup.shuffle", "quests.setup.prize"} <= {e.rule for e in s.log or []}


def test_decks_are_shuffled_by_the_seed() -> None:
    a, b = new_game("quests", 3, 1), new_game("quests", 3, 2)
    assert a.zones.cards[R.DECK] != b.zones.cards[R.DECK]
    assert a.zones.cards[R.ADECK] != b.zones.cards[R.ADECK]
    assert new_game("quests", 3, 1).zones.cards == a.zones.cards


def test_random18_sets_nine_artifacts_aside_unseen() -> None:
    s = new_game("quests", 3, 4, {"artifact_deck": "random18"})
    z = s.zones
    assert len(z.cards[R.BOX]) == 9
    assert len(z.cards[R.ADECK]) + len(z.cards[R.PRIZE]) == 18
    assert "quests.setup.random18" in {e.rule for e in s.log or []}
    boxes = {
        tuple(sorted(new_game("quests", 3, k, {"artifact_deck": "random18"}).zones.cards[R.BOX]))
        for k in range(5)
    }
    assert len(boxes) > 1
    view = s.view(0)
    assert not any(R.SLUGS[c] in str(view) for c in z.cards[R.BOX])


# -- Fate -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 8])
@pytest.mark.parametrize("roll", range(1, 7))
def test_fate_number_is_a_d6_plus_the_players(players: int, roll: int) -> None:
    s = rigged(players, dice=[roll] + [1] * players)
    assert len(s.zones.cards[R.FATE]) == roll + players
    assert events(s, "quests.fate.roll") == [
        f"P1 rolls {roll} for Fate: {roll + players} Fate cards"
    ]


def test_fate_cards_come_from_the_top_of_the_deck() -> None:
    top = ["Canoe", "Judson", "Museum", "Asp", "Brawl", "Break Code"]
    s = rigged(3, dice=[3, 6, 1, 1], deck_top=top)
    assert sorted(R.NAMES[c] for c in s.zones.cards[R.FATE]) == sorted(top)
    assert events(s, "quests.fate.flip")[0] == "Canoe is turned over as a Fate card"


def test_spear_of_destiny_adds_one_to_its_owners_fate_roll() -> None:
    s = rigged(3, dice=[2, 6, 1, 1], libraries={0: ["Spear of Destiny"]})
    assert len(s.zones.cards[R.FATE]) == 2 + 3 + 1
    assert "(+1 Spear of Destiny)" in events(s, "quests.fate.roll")[0]


def test_spear_of_destiny_only_when_its_owner_rolls() -> None:
    s = rigged(3, dice=[2, 6, 1, 1], libraries={1: ["Spear of Destiny"]}, roller=0)
    assert len(s.zones.cards[R.FATE]) == 5
    s = rigged(3, dice=[2, 6, 1, 1], libraries={1: ["Spear of Destiny"]}, roller=1)
    assert len(s.zones.cards[R.FATE]) == 6
    assert events(s, "quests.fate.roll")[0].startswith("P2 rolls 2")


def test_first_fate_roll_is_seat_one() -> None:
    s = new_game("quests", 4, 9)
    roll = [e for e in s.log or [] if e.rule == "quests.fate.roll"]
    assert roll[0].player == 0 and roll[0].text.startswith("P1 rolls")


def test_previous_leader_rolls_for_fate() -> None:
    # P3 wins initiative on turn 1, so P3 rolls for Fate on turn 2
    s = rigged(3, dice=[1, 2, 3, 6], hands={0: [], 1: [], 2: []}, deck_top=of_suit("knowledge"))
    pass_initiative(s)
    assert s.leader == 2
    s.rng.dice[:] = [4, 1, 1, 1]  # type: ignore[attr-defined]
    take_fate(s)
    pass_action(s)
    pass_melds(s)
    assert s.turn == 2 and s.roller == 2
    assert events(s, "quests.fate.roll")[-1].startswith("P3 rolls 4 for Fate: 7")


def test_empty_deck_reshuffles_the_discard_for_fate() -> None:
    discard = of_suit("puzzle", 6)
    s = rigged(2, dice=[6, 5, 1], deck=["Canoe", "Judson"], discard=discard)
    fate = sorted(R.NAMES[c] for c in s.zones.cards[R.FATE])
    assert len(fate) == 8
    assert {"Canoe", "Judson"} <= set(fate)
    assert "quests.deck.reshuffle" in {e.rule for e in s.log or []}
    assert not s.zones.cards[R.DISCARD_PILE]


def test_no_fate_cards_when_deck_and_discard_are_empty() -> None:
    """Eight players holding all 80 Action cards: nothing to turn over, nothing to pick, and
    the turn goes on to the Action phase (this used to stop the game with no options)."""
    everything = [R.NAMES[c] for c in range(80)]
    s = rigged(
        8,
        dice=[3, 6, 1, 1, 1, 1, 1, 1, 1],
        hands={p: everything[p * 10 : p * 10 + 10] for p in range(8)},
    )
    assert s.zones.cards[R.FATE] == []
    pass_initiative(s)
    assert s.phase == "action" and kind(s) == "action"
    assert events(s, "quests.adventure.no-fate") == ["There are no Fate cards to take"]
    s.check_invariants()


# -- Initiative ------------------------------------------------------------------------------


def test_everyone_rolls_and_the_highest_leads() -> None:
    s = rigged(4, dice=[1, 2, 5, 3, 4])
    assert s.rolls == [2, 5, 3, 4]
    assert events(s, "quests.initiative.roll") == [
        "P1 rolls 2 for Initiative",
        "P2 rolls 5 for Initiative",
        "P3 rolls 3 for Initiative",
        "P4 rolls 4 for Initiative",
    ]
    pass_initiative(s)
    assert s.leader == 1
    assert events(s, "quests.initiative.leader") == ["P2 is the Leader"]


def test_modifications_go_round_from_the_fate_roller() -> None:
    s = rigged(4, dice=[1, 2, 5, 3, 4], roller=2)
    asked = []
    while s.phase == "initiative":
        asked.append(to_decide(s))
        answer(s, "pass")
    assert asked == [2, 3, 0, 1]


def test_initiative_options_follow_the_hand() -> None:
    s = rigged(
        3, dice=[1, 2, 5, 3], hands={0: ["Canoe", "Judson", "Museum"], 1: ["Museum"]}, roller=0
    )
    # P1 holds a Travel and a Companion; Museum (Location) has no use here
    assert option_ids(s) == ["pass", "play:travel", "play:companion"]
    answer(s, "pass")
    assert option_ids(s) == ["pass"]


def test_travel_adds_one_to_your_roll() -> None:
    travel = of_suit("travel", 2)
    s = rigged(3, dice=[1, 4, 5, 2], hands={0: travel})
    choose(s, 0, "play:travel")
    assert kind(s) == "escape"
    pass_window(s)
    assert s.rolls[0] == 5
    assert R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]] == travel[0]  # lowest-numbered Travel
    assert events(s, "quests.initiative.travel") == ["P1's Initiative is now 5"]
    answer(s, "pass")  # P2
    answer(s, "pass")  # P3
    choose(s, 0, "Travel")  # P1 again: the round goes on until all pass in a row
    pass_window(s)
    assert s.rolls[0] == 6
    pass_initiative(s)
    assert s.leader == 0


def test_companion_rerolls_a_target_die() -> None:
    s = rigged(3, dice=[1, 2, 6, 3, 1], hands={0: ["Judson"]})
    choose(s, 0, "play:companion")
    assert kind(s) == "target"
    assert option_ids(s) == ["target:0", "target:1", "target:2"]  # any die, even your own
    choose(s, 0, "target:1")
    pass_window(s)
    assert s.rolls == [2, 1, 3]
    assert events(s, "quests.initiative.companion") == ["P2 re-rolls: 1"]
    pass_initiative(s)
    assert s.leader == 2


def test_companion_on_your_own_die() -> None:
    s = rigged(2, dice=[1, 1, 4, 6], hands={0: ["Judson"]})
    choose(s, 0, "Companion")
    choose(s, 0, "target:0")
    pass_window(s)
    assert s.rolls == [6, 4]
    pass_initiative(s)
    assert s.leader == 0


def test_escape_negates_a_travel_card() -> None:
    s = rigged(3, dice=[1, 4, 5, 2], hands={0: ["Canoe"], 1: ["Brawl"]})
    choose(s, 0, "play:travel")
    window(s, escapes=[1])
    assert kind(s) == "escape"  # P1 may answer the Escape with one of its own
    pass_window(s)
    assert s.rolls[0] == 4
    assert "P1's Travel card is negated" in events(s, "quests.escape.chain")
    assert hand(s, 1) == []


def test_tied_players_roll_again_among_themselves() -> None:
    s = rigged(3, dice=[1, 5, 5, 2, 3, 4], hands={2: ["Judson", "Canoe"]})
    for _ in range(3):
        answer(s, "pass")
    assert events(s, "quests.initiative.tie") == ["Tie for Leader between P1, P2: they roll again"]
    assert s.rolls[:2] == [3, 4]
    assert events(s, "quests.initiative.roll")[-2:] == [
        "P1 rolls 3 for Initiative",
        "P2 rolls 4 for Initiative",
    ]
    # the modification window reopens round the whole table: P3 is out of the running but may
    # still re-roll a tied die (it holds a Companion; its Travel would raise no die in play)
    asked = []
    while s.phase == "initiative":
        asked.append(to_decide(s))
        if to_decide(s) == 2:
            assert option_ids(s) == ["pass", "play:companion"]
        answer(s, "pass")
    assert asked == [0, 1, 2]
    assert s.leader == 1


def test_tie_window_starts_at_the_fate_roller() -> None:
    s = rigged(4, dice=[1, 5, 1, 1, 5, 2, 6], roller=1)
    for _ in range(4):
        answer(s, "pass")
    assert s.contenders == 0b1001
    assert to_decide(s) == 1  # the roller, out of the running, is asked first
    assert option_ids(s) == ["pass"]
    pass_initiative(s)
    assert s.leader == 3


def test_a_player_out_of_a_tie_may_re_roll_a_tied_die() -> None:
    # P1 and P2 tie on 5 and re-roll 4 and 3; P3 (out of the running with a 2) has the P1 die
    # re-rolled to a 1, so P2 leads
    s = rigged(3, dice=[1, 5, 5, 2, 4, 3, 1], hands={2: ["Judson"]})
    for _ in range(3):
        answer(s, "pass")
    assert s.contenders == 0b011 and s.rolls[:2] == [4, 3]
    answer(s, "pass")  # P1
    answer(s, "pass")  # P2
    choose(s, 2, "Companion")
    assert option_ids(s) == ["target:0", "target:1"]  # only the dice still in the running
    choose(s, 2, "target:0")
    pass_window(s)
    assert events(s, "quests.initiative.companion") == ["P1 re-rolls: 1"]
    pass_initiative(s)
    assert s.leader == 1


def test_companion_in_a_tie_targets_only_the_tied() -> None:
    s = rigged(3, dice=[1, 5, 5, 6, 2, 2], hands={0: ["Judson"]}, roller=0)
    # P3 rolled 6 and leads outright; here P1 and P2 tie on a re-roll of their own
    pass_initiative(s)
    assert s.leader == 2
    s = rigged(3, dice=[1, 5, 5, 1, 2, 3], hands={0: ["Judson"]})
    for _ in range(3):
        answer(s, "pass")  # tie: P1 re-rolls 2, P2 re-rolls 3
    choose(s, 0, "Companion")
    assert option_ids(s) == ["target:0", "target:1"]


# -- Adventure --------------------------------------------------------------------------------


def test_adventure_picks_go_round_from_the_leader() -> None:
    top = ["Canoe", "Judson", "Museum", "Asp", "Brawl", "Break Code", "Geography"]
    s = rigged(3, dice=[4, 1, 6, 2], deck_top=top, hands={0: [], 1: [], 2: []})
    pass_initiative(s)
    assert s.phase == "adventure" and to_decide(s) == 1
    assert option_ids(s) == sorted(
        (f"pick:{R.SLUGS[card(n)]}" for n in top), key=lambda o: card(o[5:])
    )
    order = []
    while s.phase == "adventure":
        order.append(to_decide(s))
        answer(s, option_ids(s)[-1])
    assert order == [1, 2, 0, 1, 2, 0, 1]
    assert [len(hand(s, p)) for p in range(3)] == [2, 3, 2]
    assert s.zones.cards[R.FATE] == []
    assert s.phase == "action" and to_decide(s) == 1


def test_picked_card_goes_to_the_hand_and_everyone_saw_it() -> None:
    s = rigged(2, dice=[1, 6, 1], deck_top=["Canoe", "Judson", "Museum"], hands={0: [], 1: []})
    pass_initiative(s)
    choose(s, 0, "Take Judson")
    assert hand_names(s, 0) == ["Judson"]
    assert s.view(1)["seats"][0]["known"] == [
        {"id": "judson", "name": "Judson", "suit": "companion"}
    ]
    assert events(s, "quests.adventure.pick") == ["P1 takes Judson"]


def test_a_turn_runs_the_six_phases_in_order() -> None:
    s = rigged(
        2,
        dice=[1, 6, 1, 1, 6, 1],
        hands={0: ["Asp"], 1: ["Canoe"]},
        options={"turn_limit": 0},
    )
    assert events(s, "quests.turn.phases") == ["Turn 1 begins"]
    seen = ["fate"]  # the Fate phase asks nothing: it is over before the first decision
    rules = set()
    while s.turn == 1:
        if s.phase != seen[-1]:
            seen.append(s.phase)
        d = s.pending
        assert d is not None
        rules.add((d.kind, d.rule))
        if d.secret:
            pass_window(s)
        elif d.kind == "action" and "play:danger" in option_ids(s):
            choose(s, 0, "play:danger")
        elif d.kind == "hand-limit" or d.kind == "target":
            answer(s, option_ids(s)[0])
        else:
            answer(s, "pass" if "pass" in option_ids(s) else option_ids(s)[0])
    seen.append("end")
    assert seen == ["fate", "initiative", "adventure", "action", "meld", "end"]
    assert {
        ("initiative", "quests.initiative.modify"),
        ("adventure", "quests.adventure.pick"),
        ("action", "quests.action.turns"),
        ("target", "quests.action.target"),
        ("escape", "quests.escape.negate"),
        ("meld", "quests.meld.make"),
    } <= rules
    assert events(s, "quests.turn.phases") == ["Turn 1 begins", "Turn 2 begins"]
    assert events(s, "quests.action.turns") == ["The Action phase begins"]
    assert "P1 plays Asp (Danger)" in events(s, "quests.action.play")
