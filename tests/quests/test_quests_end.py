"""The End phase (hand limits) and the end of the game."""

from __future__ import annotations

import pytest

from helpers import (
    answer,
    choose,
    events,
    hand,
    hand_names,
    kind,
    meld_game,
    of_suit,
    one_of_each,
    option_ids,
    pass_melds,
    to_decide,
)

TWELVE = of_suit("travel", 4, 2) + of_suit("danger", 4, 2) + of_suit("foe", 4, 2)


def test_hand_limit_is_ten() -> None:
    s = meld_game(2, hands={0: TWELVE, 1: of_suit("puzzle", 10)})
    pass_melds(s)
    assert s.phase == "end" and kind(s) == "hand-limit" and to_decide(s) == 0
    assert s.pending is not None and s.pending.rule == "quests.end.hand-limit"
    assert option_ids(s) == ["discard:danger", "discard:travel", "discard:foe"]
    choose(s, 0, "discard:foe")
    assert to_decide(s) == 0
    choose(s, 0, "discard:foe")
    # P2 holds exactly 10 and is not asked; the next turn begins
    assert s.turn == 2
    assert sorted(hand_names(s, 0)) == sorted(TWELVE[:8] + of_suit("foe", 2, 4))
    assert events(s, "quests.end.hand-limit") == [
        f"P1 discards {of_suit('foe', 1, 2)[0]}",
        f"P1 discards {of_suit('foe', 1, 3)[0]}",
    ]


def test_hand_limit_discards_go_round_from_the_leader() -> None:
    s = meld_game(3, leader=1, hands={0: TWELVE[:11], 1: [], 2: [*of_suit("puzzle", 10), "Asp"]})
    pass_melds(s)
    order = []
    while s.phase == "end":
        order.append(to_decide(s))
        answer(s, option_ids(s)[0])
    assert order == [2, 0]


@pytest.mark.parametrize(
    ("libraries", "limits"),
    [
        ({}, [10, 10, 10]),
        ({0: ["Ark of the Covenant"]}, [11, 10, 10]),
        ({0: ["Trident of Poseidon"]}, [11, 10, 10]),
        ({0: ["Ark of the Covenant", "Trident of Poseidon"]}, [12, 10, 10]),
        ({0: ["Tesla's Death Ray"]}, [10, 9, 9]),
        ({0: ["Tesla's Death Ray"], 1: ["Ark of the Covenant"]}, [10, 10, 9]),
        ({0: ["Tesla's Death Ray", "Ark of the Covenant"]}, [11, 9, 9]),
    ],
)
def test_hand_limit_artifacts(libraries: dict[int, list[str]], limits: list[int]) -> None:
    s = meld_game(3, hands={0: [], 1: [], 2: []}, libraries=libraries)
    assert [s.hand_limit(p) for p in range(3)] == limits
    assert [seat["hand_limit"] for seat in s.view(None)["seats"]] == limits


def test_ark_of_the_covenant_keeps_eleven() -> None:
    s = meld_game(2, hands={0: TWELVE[:11], 1: []}, libraries={0: ["Ark of the Covenant"]})
    pass_melds(s)
    assert s.turn == 2 and len(hand(s, 0)) >= 11


def test_teslas_death_ray_cuts_opponents_to_nine() -> None:
    s = meld_game(
        2, hands={0: TWELVE[:10], 1: of_suit("puzzle", 10)}, libraries={0: ["Tesla's Death Ray"]}
    )
    pass_melds(s)
    assert to_decide(s) == 1 and kind(s) == "hand-limit"
    answer(s, "discard:puzzle")
    assert s.turn == 2


def test_hand_limit_after_a_meld() -> None:
    s = meld_game(2, hands={0: one_of_each(), 1: TWELVE[:11]})
    answer(s, "meld")
    assert s.phase == "end" and to_decide(s) == 1


# -- end of the game ---------------------------------------------------------------------------


def test_artifact_deck_running_out_ends_the_game_at_the_end_of_the_turn() -> None:
    s = meld_game(
        2,
        hands={0: one_of_each(), 1: TWELVE[:11]},
        libraries={1: ["Excalibur"]},
        artifact_deck=[],
        prize="Crystal Skull",
        options={"length": "full"},
    )
    answer(s, "meld")
    assert events(s, "quests.meld.new-prize") == [
        "P1 now has 1 of the 9 artifacts needed to win; "
        "the Artifact deck is empty: there is no new Prize"
    ]
    # the End phase still happens before the game ends
    assert not s.is_over and kind(s) == "hand-limit"
    answer(s, option_ids(s)[0])
    assert s.is_over and s.result is not None
    assert s.result.reason == "the Artifact deck ran out"
    assert s.result.winners == (0, 1)  # one artifact each: a shared win
    assert s.log is not None and s.log[-1].rule == "quests.victory.artifact-deck-out"
    assert s.log[-1].text == "Game over (the Artifact deck ran out): P1, P2 wins"


def test_turn_limit_ends_the_game_most_artifacts_winning() -> None:
    s = meld_game(
        3,
        hands={0: [], 1: [], 2: []},
        libraries={0: ["Pan's Flute", "Trident of Poseidon"], 1: ["Spear of Destiny", "Excalibur"]},
        options={"turn_limit": 1},
    )
    pass_melds(s)
    assert s.is_over and s.result is not None
    assert s.result.reason == "the turn limit of 1 was reached"
    assert s.result.scores == (3.0, 2.0, 0.0)  # the Bonus counts
    assert s.result.winners == (0,)
    assert s.result.holdings == (
        ("pans-flute", "trident-of-poseidon"),
        ("spear-of-destiny", "excalibur"),
        (),
    )
    assert s.log is not None and s.log[-1].rule == "quests.victory.turn-limit"


def test_nobody_wins_with_no_artifacts() -> None:
    s = meld_game(2, hands={0: [], 1: []}, options={"turn_limit": 1})
    pass_melds(s)
    assert s.is_over and s.result is not None and s.result.winners == ()
    assert s.log is not None and s.log[-1].text.endswith("nobody wins")


def test_no_turn_limit_plays_on() -> None:
    s = meld_game(2, hands={0: [], 1: []}, options={"turn_limit": 0})
    pass_melds(s)
    assert not s.is_over and s.turn == 2


def test_turn_limit_counts_turns() -> None:
    s = meld_game(2, hands={0: [], 1: []}, options={"turn_limit": 2}, dice=[1, 6, 1])
    pass_melds(s)
    assert not s.is_over and s.turn == 2
    while not s.is_over:  # turn 2: every player takes the first option
        for p in s.to_move():
            s.apply(p, s.pending.options_for(p)[0].id)  # type: ignore[union-attr]
    assert s.turn == 2 and s.result is not None
    assert s.result.reason == "the turn limit of 2 was reached"


def test_no_answer_after_the_end() -> None:
    s = meld_game(2, hands={0: [], 1: []}, options={"turn_limit": 1})
    pass_melds(s)
    assert s.pending is None and s.to_move() == () and s.phase == "over"
    assert s.view(0)["pending"] is None
    assert s.view(None)["result"]["reason"] == "the turn limit of 1 was reached"
