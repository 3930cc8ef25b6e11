"""The Meld phase, Limited Meld artifacts, Bonus scoring and winning by artifacts."""

from __future__ import annotations

import pytest

from helpers import (
    R,
    answer,
    card,
    events,
    hand,
    hand_names,
    kind,
    library,
    meld_game,
    names,
    of_suit,
    one_of_each,
    option_ids,
    pass_initiative,
    pass_melds,
    set_hand,
    take_fate,
    to_decide,
)
from tabletop.games.quests.content import load

NO_KNOWLEDGE = [n for n in one_of_each() if R.SUIT[card(n)] != R.KNOWLEDGE]


def without(suit: str, skip: int = 0) -> list[str]:
    return [n for n in one_of_each(skip) if R.SUIT[card(n)] != R.SUITS.index(suit)]


def test_meld_needs_one_card_of_each_suit() -> None:
    s = meld_game(3, hands={0: one_of_each(), 1: without("knowledge", 1), 2: []})
    assert to_decide(s) == 0 and option_ids(s) == ["meld", "pass"]
    answer(s, "pass")
    assert option_ids(s) == ["pass"]


def test_first_meld_claims_the_prize_and_a_new_prize_is_turned_up() -> None:
    extra = ["Boat", "Asp"]
    s = meld_game(
        3,
        hands={0: one_of_each() + extra, 1: [], 2: []},
        prize="Excalibur",
        artifact_deck=["Holy Grail", "Jet Pack"],
    )
    answer(s, "meld")
    assert names(library(s, 0)) == ["Excalibur"]
    assert hand_names(s, 0) == sorted(extra)
    assert sorted(names(s.zones.cards[R.DISCARD_PILE][-8:])) == sorted(one_of_each())
    assert R.NAMES[s.zones.cards[R.PRIZE][0]] == "Holy Grail"
    assert events(s, "quests.meld.first-claims") == ["P1 melds and claims Excalibur"]
    assert events(s, "quests.meld.new-prize") == [
        "P1 now has 1 of the 3 artifacts needed to win; Holy Grail is the new Prize"
    ]
    assert len(events(s, "quests.meld.discard")) == 8


def test_the_lowest_numbered_card_of_each_suit_goes_into_the_meld() -> None:
    s = meld_game(2, hands={0: one_of_each(1) + one_of_each(0), 1: []})
    answer(s, "meld")
    assert sorted(hand_names(s, 0)) == sorted(one_of_each(1))


def test_no_further_melds_that_turn() -> None:
    s = meld_game(3, hands={0: one_of_each(), 1: one_of_each(1), 2: []}, dice=[1, 6, 1, 1])
    answer(s, "meld")
    # the turn is over: nobody else was asked, and turn 2 has begun
    assert s.turn == 2 and s.phase == "initiative"
    assert len(hand(s, 1)) == 8


def test_melds_go_round_from_the_leader() -> None:
    s = meld_game(3, leader=1, hands={0: one_of_each(), 1: [], 2: one_of_each(1)})
    assert to_decide(s) == 1
    answer(s, "pass")
    assert to_decide(s) == 2 and option_ids(s) == ["meld", "pass"]
    answer(s, "pass")  # a meld is never forced
    assert to_decide(s) == 0
    answer(s, "meld")
    assert len(library(s, 0)) == 1 and library(s, 2) == []


def test_nobody_melds() -> None:
    s = meld_game(2, hands={0: [], 1: []})
    prize = s.zones.cards[R.PRIZE][:]
    pass_melds(s)
    assert s.turn == 2 and s.zones.cards[R.PRIZE] == prize


# -- Limited Meld ---------------------------------------------------------------------------

LIMITED = {
    "Dead Sea Scrolls": ("knowledge", "puzzle"),
    "Fountain of Youth": ("location", "companion"),
    "Judas' Chalice": ("foe", "danger"),
    "Jet Pack": ("escape", "travel"),
}


def test_limited_meld_suits_match_the_rulebook() -> None:
    for name, suits in LIMITED.items():
        assert {R.SUITS[x] for x in R.LIMITED[card(name)]} == set(suits)


@pytest.mark.parametrize(("artifact", "suit"), [(a, s) for a, ss in LIMITED.items() for s in ss])
def test_limited_meld_stands_in_for_a_missing_suit(artifact: str, suit: str) -> None:
    s = meld_game(2, hands={0: without(suit), 1: []}, libraries={0: [artifact]}, prize="Excalibur")
    assert option_ids(s) == ["meld", "pass"]
    answer(s, "meld")
    assert kind(s) == "limited-meld"
    assert option_ids(s) == [f"use-as:{suit}"]  # it is needed: holding it back is no option
    answer(s, f"use-as:{suit}")
    assert names(library(s, 0)) == [artifact, "Excalibur"]  # it is not discarded
    assert hand(s, 0) == []
    assert events(s, "quests.artifact.limited-meld") == [
        f"P1 uses {artifact} as the {suit.title()} card of the meld"
    ]
    spent = [c for c in s.view(1)["seats"][0]["library"] if c["name"] == artifact]
    assert spent[0]["spent"] is True


def test_limited_meld_once_per_game() -> None:
    s = meld_game(
        2, hands={0: NO_KNOWLEDGE, 1: []}, libraries={0: ["Dead Sea Scrolls"]}, dice=[1, 6, 1]
    )
    answer(s, "meld")
    answer(s, "use-as:knowledge")
    assert s.turn == 2
    pass_initiative(s)
    take_fate(s)
    set_hand(s, 0, without("knowledge", 1))
    s._ask()
    while s.phase == "action":
        answer(s, "pass")
    assert to_decide(s) == 0 and option_ids(s) == ["pass"]


def test_limited_meld_is_optional_when_the_hand_covers_the_suit() -> None:
    s = meld_game(2, hands={0: one_of_each(), 1: []}, libraries={0: ["Dead Sea Scrolls"]})
    answer(s, "meld")
    assert option_ids(s) == ["hold", "use-as:knowledge", "use-as:puzzle"]
    answer(s, "use-as:puzzle")
    # the Puzzle card stays in hand; the Scrolls are spent
    assert hand_names(s, 0) == of_suit("puzzle", 1)
    assert s.limited_used >> (card("Dead Sea Scrolls") - R.NUM_ACTION) & 1


def test_limited_meld_held_back_stays_unspent() -> None:
    s = meld_game(2, hands={0: one_of_each(), 1: []}, libraries={0: ["Dead Sea Scrolls"]})
    answer(s, "meld")
    answer(s, "hold")
    assert hand(s, 0) == []
    assert s.limited_used == 0


def test_two_limited_melds_in_one_meld() -> None:
    hand0 = [n for n in one_of_each() if R.SUIT[card(n)] not in (R.KNOWLEDGE, R.FOE)]
    s = meld_game(2, hands={0: hand0, 1: []}, libraries={0: ["Dead Sea Scrolls", "Judas' Chalice"]})
    assert option_ids(s) == ["meld", "pass"]
    answer(s, "meld")
    assert option_ids(s) == ["use-as:knowledge"]
    answer(s, "use-as:knowledge")
    assert option_ids(s) == ["use-as:foe"]
    answer(s, "use-as:foe")
    assert hand(s, 0) == [] and len(library(s, 0)) == 3


def test_one_limited_meld_cannot_cover_two_missing_suits() -> None:
    hand0 = [n for n in one_of_each() if R.SUIT[card(n)] not in (R.KNOWLEDGE, R.PUZZLE)]
    s = meld_game(2, hands={0: hand0, 1: []}, libraries={0: ["Dead Sea Scrolls"]})
    assert option_ids(s) == ["pass"]


def test_limited_meld_choice_keeps_the_meld_possible() -> None:
    # Missing Knowledge; the Scrolls could be Knowledge or Puzzle, but only Knowledge completes
    s = meld_game(2, hands={0: NO_KNOWLEDGE, 1: []}, libraries={0: ["Dead Sea Scrolls"]})
    answer(s, "meld")
    assert option_ids(s) == ["use-as:knowledge"]


# -- Bonus and "also counts as" --------------------------------------------------------------


def value_of(arts: list[str]) -> int:
    s = meld_game(2, hands={0: [], 1: []}, libraries={0: arts})
    return s.victory_value(0)


@pytest.mark.parametrize(
    ("arts", "value"),
    [
        (["Pan's Flute"], 1),
        (["Pan's Flute", "Trident of Poseidon"], 3),
        (["Pan's Flute", "Golden Fleece"], 3),
        (["Pan's Flute", "King Midas"], 3),
        (["Pan's Flute", "Golden Goose"], 2),
        (["Live Unicorn", "Excalibur"], 3),
        (["Live Unicorn", "Holy Grail"], 3),
        (["Shroud of Turin", "Holy Grail"], 3),
        (["Shroud of Turin", "Spear of Destiny"], 3),
        (["Shroud of Turin", "Excalibur"], 2),
        (["Golden Goose", "King Midas"], 3),
        (["Golden Goose", "Blackbeard's Chest"], 3),
        (["Golden Goose", "Golden Fleece"], 3),
        (["Golden Goose", "Philosophers Stone"], 3),
        (["Golden Goose", "Davinci's Diary"], 2),
        (["Little Boy Prototype", "Tesla's Death Ray"], 3),
        (["Little Boy Prototype", "Jet Pack", "HG Wells Time Machine"], 4),
        (["Pan's Flute", "Medusas Head", "Trident of Poseidon"], 4),
        (["Pan's Flute", "Golden Fleece", "Golden Goose"], 5),
        (["Spear of Destiny", "Ark of the Covenant", "Holy Grail"], 3),
        ([], 0),
    ],
)
def test_bonus_artifacts_count_two_with_another_of_their_type(arts: list[str], value: int) -> None:
    assert value_of(arts) == value


def test_bonus_types_match_the_rulebook() -> None:
    bonus = {a.name: a.bonus_type for a in load().artifacts if a.ability == "bonus"}
    assert bonus == {
        "Pan's Flute": "greek",
        "Live Unicorn": "arthurian",
        "Shroud of Turin": "biblical",
        "Golden Goose": "gold",
        "Little Boy Prototype": "modern",
    }
    also = {a.name: a.types for a in load().artifacts if a.ability == "also"}
    assert also == {
        "Holy Grail": ("arthurian", "biblical"),
        "Philosophers Stone": ("gold", "renaissance"),
        "Golden Fleece": ("greek", "gold"),
        "Blackbeard's Chest": ("renaissance", "gold"),
        "King Midas": ("greek", "gold"),
    }


# -- victory -----------------------------------------------------------------------------------

PLAIN = [
    "Spear of Destiny",
    "Ark of the Covenant",
    "Medusas Head",
    "Excalibur",
    "Pandora's Box",
    "Crystal Skull",
    "Tesla's Death Ray",
    "Holy Grail",
]


@pytest.mark.parametrize(("length", "target"), [("short", 3), ("mid", 5), ("long", 7), ("full", 9)])
def test_reaching_the_target_wins_at_once(length: str, target: int) -> None:
    s = meld_game(
        2,
        hands={0: one_of_each(), 1: one_of_each(1)},
        libraries={0: PLAIN[: target - 1]},
        prize="Book of Solomon",
        options={"length": length},
    )
    assert s.view(None)["artifacts_to_win"] == target
    answer(s, "meld")
    assert s.is_over and s.result is not None
    assert s.result.winners == (0,)
    assert s.result.reason == f"P1 holds {target} artifacts"
    assert s.result.scores == (float(target), 0.0)
    assert s.log is not None and s.log[-1].rule == "quests.victory.artifacts"
    assert s.view(1)["result"]["winners"] == [0]


def test_one_short_of_the_target_plays_on() -> None:
    s = meld_game(
        2, hands={0: one_of_each(), 1: []}, libraries={0: PLAIN[:3]}, options={"length": "mid"}
    )
    answer(s, "meld")
    assert not s.is_over and s.victory_value(0) == 4


def test_a_bonus_can_bring_the_win() -> None:
    s = meld_game(
        2,
        hands={0: one_of_each(), 1: []},
        libraries={0: ["Pan's Flute"]},
        prize="Trident of Poseidon",
    )
    answer(s, "meld")
    assert s.is_over and s.result is not None and s.result.winners == (0,)
    assert s.result.reason == "P1 holds 3 artifacts"
