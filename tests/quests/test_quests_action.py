"""The Action phase: turns, every suit's ability and its targets, and Escape."""

from __future__ import annotations

import pytest

from helpers import (
    R,
    action_game,
    answer,
    card,
    choose,
    events,
    hand,
    hand_names,
    kind,
    of_suit,
    option_ids,
    pass_window,
    set_hand,
    to_decide,
    window,
)

LOC, DAN, KNO, FOE, PUZ = "Museum", "Asp", "History", "Thugs with Guns", "Break Code"
ESC = "Brawl"


def discard_top(s: R.QuestsState) -> str:
    return R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]]


# -- turns ------------------------------------------------------------------------------------


def test_action_phase_starts_with_the_leader() -> None:
    s = action_game(3, leader=2, hands={0: [], 1: [], 2: []})
    assert s.phase == "action" and to_decide(s) == 2


def test_phase_ends_when_everyone_passes_in_a_row() -> None:
    s = action_game(3, hands={0: [PUZ], 1: [], 2: ["Treasure Map"]})
    choose(s, 0, "play:puzzle")
    pass_window(s)
    answer(s, "pass")  # P2
    choose(s, 2, "play:puzzle")  # P3 plays: the count of passes starts again
    pass_window(s)
    answer(s, "pass")  # P1
    answer(s, "pass")  # P2
    assert s.phase == "action" and to_decide(s) == 2
    answer(s, "pass")  # P3: three passes in a row
    assert s.phase == "meld"


def test_only_action_suits_are_playable() -> None:
    everything = [of_suit(suit, 1)[0] for suit in R.SUITS]
    s = action_game(3, hands={0: everything, 1: ["Canoe"], 2: ["Judson"]})
    # in the suits' one order, as in every menu
    assert option_ids(s) == [
        "pass",
        "play:knowledge",
        "play:danger",
        "play:foe",
        "play:puzzle",
        "play:location",
    ]


def test_suits_not_names_the_lowest_numbered_card_is_used() -> None:
    dangers = of_suit("danger", 3)
    s = action_game(2, hands={0: list(reversed(dangers)), 1: ["Canoe"]}, belows=[0])
    choose(s, 0, "play:danger")
    assert discard_top(s) == dangers[0]


# -- each suit ---------------------------------------------------------------------------------


def test_location_looks_at_an_opponents_hand() -> None:
    s = action_game(3, hands={0: [LOC], 1: ["Canoe", "Judson"], 2: ["Asp"]})
    choose(s, 0, "play:location")
    assert kind(s) == "target" and option_ids(s) == ["target:1", "target:2"]
    choose(s, 0, "target:1")
    pass_window(s)
    assert [c["name"] for c in s.view(0)["seats"][1]["known"]] == ["Canoe", "Judson"]
    assert "known" not in s.view(2)["seats"][1] or s.view(2)["seats"][1]["known"] == []
    assert s.log_for(0)[-1] == ("quests.action.location", "P1 looks at P2's hand: Canoe, Judson")
    assert s.log_for(2)[-1] == ("quests.action.location", "P1 looks at P2's hand")
    assert to_decide(s) == 1


def test_danger_discards_a_random_card_of_the_target() -> None:
    s = action_game(3, hands={0: [DAN], 1: ["Canoe", "Judson", "Museum"], 2: []}, belows=[2])
    choose(s, 0, "play:danger")
    assert option_ids(s) == ["target:1"]  # P3 has no cards
    choose(s, 0, "target:1")
    pass_window(s)
    picked = R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]]
    assert picked in {"Canoe", "Judson", "Museum"}
    assert len(hand(s, 1)) == 2 and picked not in hand_names(s, 1)
    assert events(s, "quests.action.danger") == [f"P2 discards {picked} at random"]


def test_knowledge_looks_at_the_next_seven() -> None:
    top = [R.NAMES[c] for c in range(70, 80)]
    s = action_game(2, hands={0: [KNO], 1: ["Canoe"]}, deck_top=top)
    choose(s, 0, "play:knowledge")
    pass_window(s)
    seen = s.view(0)["action_deck_known"]
    assert [(k["from_top"], k["name"]) for k in seen] == [(i + 1, top[i]) for i in range(7)]
    assert s.view(1)["action_deck_known"] == []
    assert s.log_for(0)[-1][1] == "P1 sees, from the top: " + ", ".join(top[:7])
    assert s.log_for(1)[-1][1] == "P1 looks at the next 7 Action cards"


def test_knowledge_with_a_short_deck_does_not_reshuffle() -> None:
    s = action_game(2, hands={0: [KNO], 1: ["Canoe"]}, deck=["Hiking", "Boat", "Plane"])
    assert s.zones.cards[R.DISCARD_PILE]
    choose(s, 0, "play:knowledge")
    pass_window(s)
    assert [k["name"] for k in s.view(0)["action_deck_known"]] == ["Hiking", "Boat", "Plane"]
    assert "quests.deck.reshuffle" not in {e.rule for e in s.log or []}
    assert events(s, "quests.action.knowledge") == ["P1 looks at the next 3 Action cards"]


def test_knowledge_needs_a_deck() -> None:
    s = action_game(2, hands={0: [KNO], 1: ["Canoe"]}, deck=[])
    assert "play:knowledge" not in option_ids(s)


def test_foe_steals_a_random_card() -> None:
    s = action_game(3, hands={0: [FOE], 1: ["Canoe", "Judson"], 2: ["Asp"]}, belows=[1])
    choose(s, 0, "play:foe")
    assert option_ids(s) == ["target:1", "target:2"]
    choose(s, 0, "target:1")
    pass_window(s)
    stolen = "Judson" if "Judson" in hand_names(s, 0) else "Canoe"
    assert hand_names(s, 0) == [stolen]
    assert len(hand(s, 1)) == 1
    assert s.log_for(0)[-1][1] == f"P1 steals {stolen} from P2"
    assert s.log_for(1)[-1][1] == f"P1 steals {stolen} from P2"
    assert s.log_for(2)[-1][1] == "P1 steals a card from P2"
    # the victim knows where its card went; the bystander does not
    assert [c["name"] for c in s.view(1)["seats"][0]["known"]] == [stolen]
    assert s.view(2)["seats"][0]["known"] == []


def test_puzzle_draws_the_top_card() -> None:
    s = action_game(2, hands={0: [PUZ], 1: ["Canoe"]}, deck_top=["Mombasa"])
    choose(s, 0, "play:puzzle")
    pass_window(s)
    assert hand_names(s, 0) == ["Mombasa"]
    assert s.log_for(0)[-1][1] == "P1 draws Mombasa"
    assert s.log_for(1)[-1][1] == "P1 draws a card"


def test_puzzle_with_an_empty_deck_reshuffles_the_discard() -> None:
    s = action_game(3, hands={0: [PUZ], 1: ["Canoe"]}, deck=[], discard=["Mombasa"], parked=2)
    assert "play:puzzle" in option_ids(s)
    choose(s, 0, "play:puzzle")
    pass_window(s)
    # the discard pile (Mombasa and the Puzzle just played) became the deck
    assert len(hand(s, 0)) == 1 and hand_names(s, 0)[0] in {"Mombasa", PUZ}
    assert "quests.deck.reshuffle" in {e.rule for e in s.log or []}
    assert len(s.zones.cards[R.DECK]) == 1


def test_targets_are_opponents_with_cards() -> None:
    s = action_game(3, hands={0: [LOC, DAN, FOE], 1: [], 2: []})
    assert option_ids(s) == ["pass"]
    set_hand(s, 2, ["Canoe"])
    s._ask()
    assert option_ids(s) == ["pass", "play:danger", "play:foe", "play:location"]
    choose(s, 0, "play:foe")
    assert option_ids(s) == ["target:2"]


# -- Escape ---------------------------------------------------------------------------------------


def test_escape_negates_the_card_just_played() -> None:
    s = action_game(3, hands={0: [DAN], 1: [ESC, "Canoe"], 2: []})
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    assert kind(s) == "escape" and s.pending.secret  # type: ignore[union-attr]
    assert s.to_move() == (1, 2)
    window(s, escapes=[1])
    assert s.to_move() == (2, 0)  # the Escape itself may be answered
    pass_window(s)
    assert hand_names(s, 1) == ["Canoe"]
    assert events(s, "quests.escape.negate") == ["P2 plays Brawl (Escape) to negate it"]
    assert events(s, "quests.escape.chain") == ["P1's Danger card is negated"]
    assert to_decide(s) == 1


def test_escape_against_escape_lets_the_card_stand() -> None:
    s = action_game(3, hands={0: [DAN, "Slip Bonds"], 1: [ESC, "Canoe"], 2: []}, belows=[0])
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    window(s, escapes=[1])
    window(s, escapes=[0])
    assert s.to_move() == (1, 2)
    pass_window(s)
    assert hand(s, 1) == []  # Brawl went on the Escape; Canoe to the Danger
    assert events(s, "quests.escape.chain") == []
    assert events(s, "quests.action.danger") == ["P2 discards Canoe at random"]


def test_three_escapes_negate_again() -> None:
    s = action_game(3, hands={0: [DAN, "Slip Bonds"], 1: [ESC, "Earthquake", "Canoe"], 2: []})
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    window(s, escapes=[1])
    window(s, escapes=[0])
    window(s, escapes=[1])
    pass_window(s)
    assert hand_names(s, 1) == ["Canoe"]
    assert events(s, "quests.escape.chain") == ["P1's Danger card is negated"]
    assert len(events(s, "quests.escape.negate")) == 3


def test_simultaneous_escapes_first_after_the_player_plays_it() -> None:
    s = action_game(
        4, leader=1, hands={0: [ESC], 1: [FOE], 2: ["Canoe"], 3: ["Earthquake", "Judson"]}
    )
    choose(s, 1, "play:foe")
    choose(s, 1, "target:2")
    assert s.to_move() == (2, 3, 0)
    window(s, escapes=[3, 0])
    # P4 comes first after P2 in turn order: P4 plays its Escape, P1 keeps Brawl
    assert hand_names(s, 0) == [ESC] and hand_names(s, 3) == ["Judson"]
    assert s.to_move() == (0, 1, 2)
    pass_window(s)
    assert hand_names(s, 2) == ["Canoe"]


def test_every_opponent_is_asked_escape_or_not() -> None:
    s = action_game(4, hands={0: [PUZ], 1: [], 2: ["Canoe"], 3: [ESC]})
    choose(s, 0, "play:puzzle")
    d = s.pending
    assert d is not None and d.players == (1, 2, 3)
    assert [o.id for o in d.options_for(1)] == ["pass"]
    assert [o.id for o in d.options_for(2)] == ["pass"]
    assert [o.id for o in d.options_for(3)] == ["pass", "escape"]
    # the question looks the same to all of them
    views = [s.view(p)["pending"] for p in (1, 2, 3)]
    assert len({v["prompt"] for v in views}) == 1
    assert all(v["waiting_for"] == [1, 2, 3] for v in views)


def test_escape_is_not_an_action_of_its_own() -> None:
    s = action_game(2, hands={0: [ESC, "Jump in River"], 1: ["Canoe"]})
    assert option_ids(s) == ["pass"]


def test_negated_card_is_still_spent() -> None:
    s = action_game(2, hands={0: [PUZ, "Ancient Tome"], 1: [ESC]}, deck_top=["Mombasa"])
    choose(s, 0, "play:puzzle")
    window(s, escapes=[1])
    pass_window(s)
    assert hand_names(s, 0) == ["Ancient Tome"]
    assert {R.NAMES[c] for c in s.zones.cards[R.DISCARD_PILE][-2:]} == {PUZ, ESC}
    assert R.NAMES[s.zones.cards[R.DECK][-1]] == "Mombasa"


def test_escaped_foe_keeps_the_card() -> None:
    s = action_game(2, hands={0: [FOE], 1: [ESC, "Judson"]})
    choose(s, 0, "play:foe")
    choose(s, 0, "target:1")
    window(s, escapes=[1])
    pass_window(s)
    assert hand_names(s, 1) == ["Judson"] and hand(s, 0) == []


@pytest.mark.parametrize("suit", ["location", "danger", "knowledge", "foe", "puzzle"])
def test_every_action_card_opens_an_escape_window(suit: str) -> None:
    s = action_game(2, hands={0: of_suit(suit, 1), 1: [ESC]})
    choose(s, 0, f"play:{suit}")
    if kind(s) == "target":
        choose(s, 0, "target:1")
    assert kind(s) == "escape" and s.pending.rule == "quests.escape.negate"  # type: ignore[union-attr]
    assert card(of_suit(suit, 1)[0]) in s.zones.cards[R.DISCARD_PILE]


def test_prompts_and_log_read_as_english() -> None:
    assert R.WINDOW_PROMPT[R.ESCAPE].startswith("An Escape card was just played")
    assert R.WINDOW_PROMPT[R.DANGER].startswith("A Danger card was just played")
    assert R.ACTION_SPACE["discard:escape"].label == "Discard an Escape card"
    assert R.ACTION_SPACE["discard:foe"].label == "Discard a Foe card"
    assert R.cards_word(1, "Action card") == "1 Action card"
    assert R.cards_word(7, "Action card") == "7 Action cards"
    # a look at a one-card deck says so in the singular
    s = action_game(3, hands={0: ["Geography"], 1: ["Canoe"], 2: ["Judson"]}, deck=["Asp"])
    choose(s, 0, "play:knowledge")
    pass_window(s)
    assert s.log_for(1)[-1][1] == "P1 looks at the next 1 Action card"
