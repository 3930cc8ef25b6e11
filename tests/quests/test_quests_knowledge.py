"""What each player knows: looks, steals, views and the log never show a hidden card."""

from __future__ import annotations

from helpers import (
    R,
    action_game,
    answer,
    card,
    choose,
    hand_names,
    meld_game,
    one_of_each,
    pass_window,
    view_leaks,
    window,
)
from tabletop.engine import new_game
from tabletop.engine.rng import Rng


def known(s: R.QuestsState, viewer: int, seat: int) -> list[str]:
    return sorted(c["name"] for c in s.view(viewer)["seats"][seat].get("known", []))


def no_leaks(s: R.QuestsState) -> None:
    for viewer in (*range(s.num_players), None):
        assert view_leaks(s, viewer) == [], viewer


def look(s: R.QuestsState, p: int, target: int) -> None:
    choose(s, p, "play:location")
    choose(s, p, f"target:{target}")
    pass_window(s)


def test_a_looked_at_hand_stays_known_until_its_cards_leave() -> None:
    s = action_game(
        3,
        hands={0: ["Museum", "Boat"], 1: ["Canoe", "Judson", "Asp"], 2: []},
        belows=[0],
    )
    look(s, 0, 1)
    assert known(s, 0, 1) == ["Asp", "Canoe", "Judson"]
    assert known(s, 2, 1) == []
    # P2 plays the Asp (at P1): it is public now, the rest stays known
    choose(s, 1, "play:danger")
    choose(s, 1, "target:0")
    pass_window(s)
    assert known(s, 0, 1) == ["Canoe", "Judson"]
    no_leaks(s)


def test_a_new_card_in_a_looked_at_hand_is_not_known() -> None:
    s = action_game(
        3, hands={0: ["Museum"], 1: ["Canoe", "Break Code"], 2: []}, deck_top=["Hippos"]
    )
    look(s, 0, 1)
    choose(s, 1, "play:puzzle")
    pass_window(s)
    assert hand_names(s, 1) == ["Canoe", "Hippos"]
    assert known(s, 0, 1) == ["Canoe"]
    assert s.log_for(0)[-1][1] == "P2 draws a card"
    assert s.log_for(1)[-1][1] == "P2 draws Hippos"
    no_leaks(s)


def test_a_random_steal_makes_bystanders_forget() -> None:
    s = action_game(
        3,
        hands={0: ["Museum"], 1: ["Canoe", "Judson", "Asp"], 2: ["Thugs with Guns"]},
        belows=[0],
    )
    look(s, 0, 1)
    answer(s, "pass")  # P2
    choose(s, 2, "play:foe")
    choose(s, 2, "target:1")
    pass_window(s)
    # P1 saw P2's hand but not which card P3 took: it knows neither the rest nor the stolen one
    assert known(s, 0, 1) == [] and known(s, 0, 2) == []
    stolen = hand_names(s, 2)
    assert len(stolen) == 1
    assert known(s, 1, 2) == stolen  # the victim knows what it lost
    no_leaks(s)


def test_a_random_steal_makes_a_bystander_forget_cards_it_knew_even_if_not_the_stolen_one() -> None:
    # P3 saw two of P2's cards (say, Fate cards P2 took); P1's Foe takes one of P2's three
    # cards at random, the one P3 never saw. P3 must not be left "knowing" both cards it saw,
    # which would tell it the stolen card was the third.
    s = action_game(
        3,
        hands={0: ["Thugs with Guns"], 1: ["Canoe", "Judson", "Asp"], 2: []},
        belows=[2],  # the third card of P2's hand: the Asp
    )
    s.zones.learn(2, [card("Canoe"), card("Judson")])
    assert known(s, 2, 1) == ["Canoe", "Judson"]
    choose(s, 0, "play:foe")
    choose(s, 0, "target:1")
    pass_window(s)
    assert hand_names(s, 0) == ["Asp"]
    assert known(s, 2, 1) == [] and known(s, 2, 0) == []
    # and a search bot of P3's seat does not keep the two cards in P2's hand either
    held = {tuple(sorted(hand_names(s.determinize(2, Rng(k)), 1))) for k in range(40)}
    assert len(held) > 1
    no_leaks(s)


def test_a_random_discard_is_seen_by_all() -> None:
    s = action_game(
        3, hands={0: ["Museum"], 1: ["Canoe", "Judson", "Asp"], 2: ["Hippos"]}, belows=[0]
    )
    look(s, 0, 1)
    answer(s, "pass")
    choose(s, 2, "play:danger")
    choose(s, 2, "target:1")
    pass_window(s)
    assert len(known(s, 0, 1)) == 2  # the discarded card went face up; the rest stays known
    no_leaks(s)


def test_a_thief_keeps_what_it_knew() -> None:
    s = action_game(
        3, hands={0: ["Museum", "Thugs with Guns"], 1: ["Canoe", "Judson"], 2: []}, belows=[0]
    )
    look(s, 0, 1)
    answer(s, "pass")
    answer(s, "pass")
    choose(s, 0, "play:foe")
    choose(s, 0, "target:1")
    pass_window(s)
    assert len(known(s, 0, 1)) == 1  # P1 saw which card it took, so it knows the other


def test_a_deck_look_reveals_what_others_draw() -> None:
    top = ["Hippos", "Mombasa", "Canoe"]
    s = action_game(3, hands={0: ["History"], 1: ["Break Code"], 2: []}, deck_top=top)
    choose(s, 0, "play:knowledge")
    pass_window(s)
    choose(s, 1, "play:puzzle")
    pass_window(s)
    assert known(s, 0, 1) == ["Hippos"]
    assert known(s, 2, 1) == []
    assert s.log_for(0)[-1][1] == "P2 draws Hippos"
    assert s.log_for(2)[-1][1] == "P2 draws a card"
    assert [k["name"] for k in s.view(0)["action_deck_known"]][:2] == ["Mombasa", "Canoe"]
    no_leaks(s)


def test_the_next_artifact_is_known_until_it_is_the_prize() -> None:
    s = meld_game(
        2,
        hands={0: one_of_each(), 1: []},
        libraries={0: ["HG Wells Time Machine"]},
        artifact_deck=["Excalibur", "Holy Grail"],
        prize="Jet Pack",
    )
    # (the Time Machine is used in the Action phase; rig a look directly for the Meld phase)
    s.zones.learn(0, [card("Excalibur")])
    assert [k["name"] for k in s.view(0)["artifact_deck_known"]] == ["Excalibur"]
    answer(s, "meld")
    assert s.view(0)["artifact_deck_known"] == []
    assert s.view(1)["prize"]["name"] == "Excalibur"


def test_escape_window_does_not_reveal_who_holds_an_escape() -> None:
    s = action_game(3, hands={0: ["Break Code"], 1: ["Brawl"], 2: ["Canoe"]})
    choose(s, 0, "play:puzzle")
    v1, v2 = s.view(1)["pending"], s.view(2)["pending"]
    assert v1["prompt"] == v2["prompt"] and v1["waiting_for"] == v2["waiting_for"] == [1, 2]
    assert [o["id"] for o in v1["options"]] == ["pass", "escape"]
    assert [o["id"] for o in v2["options"]] == ["pass"]
    spectator = s.view(None)["pending"]
    assert "options" not in spectator
    window(s, escapes=[])


def test_own_hand_is_shown_by_suit_and_others_only_by_size() -> None:
    s = action_game(2, hands={0: ["Break Code", "Canoe", "Asp"], 1: ["Judson"]})
    me = s.view(0)["seats"]
    assert [c["name"] for c in me[0]["hand"]] == ["Asp", "Canoe", "Break Code"]
    assert "hand" not in me[1] and me[1]["hand_size"] == 1
    spectator = s.view(None)["seats"]
    assert all("hand" not in seat and "known" not in seat for seat in spectator)
    no_leaks(s)


def test_spectator_log_never_names_a_dealt_card() -> None:
    s = new_game("quests", 3, 5)
    deals = [text for rule, text in s.log_for(None) if rule == "quests.setup.deal"]
    assert deals and all(t.endswith("is dealt a card") for t in deals)
    mine = [text for rule, text in s.log_for(0) if rule == "quests.setup.deal"]
    assert sum(not t.endswith("a card") for t in mine) == 6


def test_determinize_keeps_a_looked_at_hand() -> None:
    s = action_game(3, hands={0: ["Museum"], 1: ["Canoe", "Judson", "Asp"], 2: ["Hippos"]})
    look(s, 0, 1)
    mine = [s.determinize(0, Rng(k)) for k in range(8)]
    assert all(hand_names(d, 1) == ["Asp", "Canoe", "Judson"] for d in mine)  # type: ignore[arg-type]
    theirs = {tuple(hand_names(s.determinize(2, Rng(k)), 1)) for k in range(8)}  # type: ignore[arg-type]
    assert len(theirs) > 1
