"""Artifact abilities used in the Action phase (Flip and "Action:"), and Medusa's Head."""

from __future__ import annotations

import pytest

from helpers import (
    R,
    action_game,
    answer,
    choose,
    events,
    hand,
    hand_names,
    kind,
    of_suit,
    option_ids,
    pass_action,
    pass_melds,
    set_hand,
    to_action,
    to_decide,
)
from tabletop.games.quests import artifacts

FLIPS = {
    "Pandora's Box": ("danger", "foe"),
    "Ali Baba's Flying Carpet": ("travel", "location"),
    "Excalibur": ("escape", "companion"),
    "Davinci's Diary": ("puzzle", "knowledge"),
}


def use(s: R.QuestsState, player: int, artifact: str) -> None:
    choose(s, player, f"artifact:{R.SLUGS[R.NAMES.index(artifact)]}")


def test_flip_suits_match_the_rulebook() -> None:
    for name, suits in FLIPS.items():
        c = R.NAMES.index(name)
        assert tuple(R.SUITS[s] for s in R.FLIP[c]) == suits


@pytest.mark.parametrize(("artifact", "suit"), [(a, s) for a, ss in FLIPS.items() for s in ss])
def test_flip_matching_card_may_be_kept(artifact: str, suit: str) -> None:
    top = of_suit(suit, 1)[0]
    s = action_game(2, libraries={0: [artifact]}, hands={0: [], 1: ["Canoe"]}, deck_top=[top])
    use(s, 0, artifact)
    assert kind(s) == "flip-keep" and option_ids(s) == ["keep", "toss"]
    assert [c["name"] for c in s.view(1)["revealed"]] == [top]
    answer(s, "keep")
    assert hand_names(s, 0) == [top]
    assert s.zones.cards[R.REVEALED] == []
    assert to_decide(s) == 1 and kind(s) == "action"


@pytest.mark.parametrize("artifact", list(FLIPS))
def test_flip_matching_card_may_be_discarded(artifact: str) -> None:
    top = of_suit(FLIPS[artifact][0], 1)[0]
    s = action_game(2, libraries={0: [artifact]}, hands={0: [], 1: ["Canoe"]}, deck_top=[top])
    use(s, 0, artifact)
    answer(s, "toss")
    assert hand(s, 0) == [] and R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]] == top


@pytest.mark.parametrize("artifact", list(FLIPS))
def test_flip_other_card_is_discarded(artifact: str) -> None:
    other = next(x for x in R.SUITS if x not in FLIPS[artifact])
    top = of_suit(other, 1)[0]
    s = action_game(2, libraries={0: [artifact]}, hands={0: [], 1: ["Canoe"]}, deck_top=[top])
    use(s, 0, artifact)
    assert hand(s, 0) == [] and R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]] == top
    assert events(s, "quests.artifact.flip")[-1] == f"{top} does not match and is discarded"
    assert to_decide(s) == 1


def test_flip_once_per_action_phase() -> None:
    s = action_game(
        2, libraries={0: ["Pandora's Box"]}, hands={0: [], 1: ["Canoe"]}, deck_top=["Asp", "Hippos"]
    )
    use(s, 0, "Pandora's Box")
    assert events(s, "quests.artifact.action") == ["P1 uses Pandora's Box"]
    answer(s, "keep")
    answer(s, "pass")  # P2
    assert to_decide(s) == 0 and "artifact:pandoras-box" not in option_ids(s)
    # ... and again in the next Action phase
    answer(s, "pass")
    answer(s, "pass")
    s.rng.dice[:] = [1, 6, 1]  # type: ignore[attr-defined]  # turn 2: P1 leads
    pass_melds(s)
    assert s.turn == 2
    to_action(s)
    assert "artifact:pandoras-box" in option_ids(s)


def test_flip_reshuffles_an_empty_deck() -> None:
    s = action_game(
        3,
        libraries={0: ["Pandora's Box"]},
        hands={0: [], 1: ["Canoe"]},
        deck=[],
        discard=["Asp"],
        parked=2,
    )
    use(s, 0, "Pandora's Box")
    assert "quests.deck.reshuffle" in {e.rule for e in s.log or []}
    answer(s, "keep")
    assert hand_names(s, 0) == ["Asp"]


def test_flip_needs_a_card_somewhere() -> None:
    s = action_game(3, libraries={0: ["Excalibur"]}, hands={0: []}, deck=[], discard=[], parked=2)
    assert option_ids(s) == ["pass"]


def test_two_artifacts_each_once() -> None:
    s = action_game(
        2,
        libraries={0: ["Pandora's Box", "Davinci's Diary"]},
        hands={0: [], 1: ["Canoe"]},
        deck_top=["Asp", "Break Code"],
    )
    assert option_ids(s) == ["pass", "artifact:pandoras-box", "artifact:davincis-diary"]
    use(s, 0, "Pandora's Box")
    answer(s, "keep")
    answer(s, "pass")
    assert option_ids(s) == ["pass", "play:danger", "artifact:davincis-diary"]
    use(s, 0, "Davinci's Diary")
    answer(s, "keep")
    assert hand_names(s, 0) == ["Asp", "Break Code"]


def test_artifact_use_opens_no_escape_window() -> None:
    s = action_game(2, libraries={0: ["Crystal Skull"]}, hands={0: [], 1: ["Brawl", "Canoe"]})
    use(s, 0, "Crystal Skull")
    choose(s, 0, "target:1")
    assert kind(s) == "action" and to_decide(s) == 1


def test_hg_wells_time_machine_sees_the_next_artifact() -> None:
    s = action_game(
        2,
        libraries={0: ["HG Wells Time Machine"]},
        hands={0: [], 1: ["Canoe"]},
        artifact_deck=["Excalibur", "Holy Grail"],
    )
    use(s, 0, "HG Wells Time Machine")
    assert [(k["from_top"], k["name"]) for k in s.view(0)["artifact_deck_known"]] == [
        (1, "Excalibur")
    ]
    assert s.view(1)["artifact_deck_known"] == []
    assert s.log_for(0)[-1] == ("quests.artifact.hg-wells", "P1 sees the next artifact: Excalibur")
    assert s.log_for(1)[-1] == ("quests.artifact.hg-wells", "P1 looks at the next artifact")
    assert to_decide(s) == 1


def test_hg_wells_needs_an_artifact_deck() -> None:
    s = action_game(
        2, libraries={0: ["HG Wells Time Machine"]}, hands={0: [], 1: ["Canoe"]}, artifact_deck=[]
    )
    assert option_ids(s) == ["pass"]


def test_crystal_skull_looks_at_a_target_opponents_hand() -> None:
    s = action_game(
        3, libraries={1: ["Crystal Skull"]}, leader=1, hands={0: ["Asp", "Boat"], 1: [], 2: []}
    )
    use(s, 1, "Crystal Skull")
    assert option_ids(s) == ["target:0"]
    choose(s, 1, "target:0")
    assert sorted(c["name"] for c in s.view(1)["seats"][0]["known"]) == ["Asp", "Boat"]
    assert events(s, "quests.artifact.crystal-skull") == ["P2 looks at P1's hand"]


def test_crystal_skull_needs_a_target() -> None:
    s = action_game(3, libraries={0: ["Crystal Skull"]}, hands={0: ["Asp"], 1: [], 2: []})
    assert option_ids(s) == ["pass"]


def test_book_of_solomon_discards_one_to_draw_one() -> None:
    s = action_game(
        2,
        libraries={0: ["Book of Solomon"]},
        hands={0: ["Canoe", "Boat", "Judson"], 1: ["Asp"]},
        deck_top=["Mombasa"],
    )
    use(s, 0, "Book of Solomon")
    assert kind(s) == "swap-discard"
    assert option_ids(s) == ["discard:travel", "discard:companion"]
    choose(s, 0, "discard:travel")
    assert hand_names(s, 0) == ["Boat", "Judson", "Mombasa"]
    assert R.NAMES[s.zones.cards[R.DISCARD_PILE][-1]] == "Canoe"
    assert events(s, "quests.artifact.book-of-solomon") == [
        "P1 discards Canoe",
        "P1 draws a card",
    ]
    assert to_decide(s) == 1


def test_book_of_solomon_needs_a_card_in_hand() -> None:
    s = action_game(2, libraries={0: ["Book of Solomon"]}, hands={0: [], 1: ["Asp"]})
    assert option_ids(s) == ["pass"]


def test_tree_of_knowledge_sees_the_next_seven() -> None:
    top = of_suit("foe", 9)
    s = action_game(
        2, libraries={0: ["Tree of Knowledge"]}, hands={0: [], 1: ["Asp"]}, deck_top=top
    )
    use(s, 0, "Tree of Knowledge")
    assert [k["name"] for k in s.view(0)["action_deck_known"]] == top[:7]
    assert events(s, "quests.artifact.tree-of-knowledge") == ["P1 looks at the next 7 Action cards"]
    assert to_decide(s) == 1


def test_medusas_head_owner_cannot_be_a_foe_target() -> None:
    s = action_game(
        3,
        libraries={1: ["Medusas Head"]},
        hands={0: ["Thugs with Guns", "Asp"], 1: ["Canoe"], 2: ["Boat"]},
    )
    choose(s, 0, "play:foe")
    assert option_ids(s) == ["target:2"]


def test_medusas_head_alone_leaves_no_foe_play_but_danger_still_works() -> None:
    s = action_game(
        2, libraries={1: ["Medusas Head"]}, hands={0: ["Thugs with Guns", "Asp"], 1: ["Canoe"]}
    )
    assert option_ids(s) == ["pass", "play:danger"]
    choose(s, 0, "play:danger")
    assert option_ids(s) == ["target:1"]


def test_artifacts_without_an_action_are_not_offered() -> None:
    passive = [
        "Spear of Destiny",
        "Dead Sea Scrolls",
        "Pan's Flute",
        "Medusas Head",
        "Ark of the Covenant",
        "Tesla's Death Ray",
        "Holy Grail",
    ]
    s = action_game(2, libraries={0: passive}, hands={0: [], 1: ["Canoe"]})
    assert option_ids(s) == ["pass"]
    set_hand(s, 0, ["Canoe"])
    s._ask()
    assert option_ids(s) == ["pass"]
    pass_action(s)
    assert s.phase == "meld"


def test_every_artifact_ability_has_one_behaviour_or_is_plain() -> None:
    abilities = {a.ability for a in R.ARTIFACTS}
    assert artifacts.ACTIONS.problems(abilities) == []
    for a in R.ARTIFACTS:
        # an ability used as an action of the Action phase has a handler naming its rule
        assert (a.ability in artifacts.ACTIONS) == a.action, a.name
        if a.action:
            assert artifacts.ACTIONS.rule(a.ability).startswith("quests.artifact.")
