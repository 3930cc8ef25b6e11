"""Scenario tests: whole turns of Quests of the Librarian, told the way the rulebook tells
them, with rigged dice and decks."""

from __future__ import annotations

from helpers import (
    R,
    action_game,
    answer,
    choose,
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
    pass_window,
    rigged,
    to_decide,
    window,
)

P3_HAND = [
    "Astronomy",
    "Bottomless Pit",
    "Mountain Climbing",
    "Female Bodyguard",
    "Judson",
    "Brawl",
    "Earthquake",
    "Language of the Birds",
    "Museum",
    "Former Professor",
]


def test_a_whole_turn() -> None:
    """Three Librarians. P1 rolls 2 for Fate: with 3 players, 5 Fate cards. Initiative: P1 2,
    P2 5, P3 4. P3 discards a Companion to have P2's die re-rolled (1) and leads. Picking from
    P3 round the table, P3 takes the Thugs with Guns. In the Action phase P3 plays its spare
    Foe on P1, who answers with an Escape; P3 answers that Escape with its own, so the Foe
    stands and P3 steals P1's Mombasa. P3 melds and claims the Prize; P2 could meld too, but
    the Prize is gone for this turn."""
    s = rigged(
        3,
        dice=[2, 2, 5, 4, 1],
        belows=[0],
        hands={0: ["Catch Train", "Mombasa"], 1: one_of_each(1), 2: P3_HAND},
        deck_top=["Thugs with Guns", "Canoe", "Cairo", "Asp", "Hiking"],
        prize="Excalibur",
        artifact_deck=["Holy Grail"],
    )
    assert len(s.zones.cards[R.FATE]) == 5
    # Initiative, round from the Fate roller (P1)
    answer(s, "pass")
    answer(s, "pass")
    choose(s, 2, "Play a Companion card")
    choose(s, 2, "Target P2")
    pass_window(s)
    assert s.rolls == [2, 1, 4]
    assert "Female Bodyguard" not in hand_names(s, 2)  # the lowest-numbered Companion went
    for _ in range(3):
        answer(s, "pass")
    assert s.leader == 2 and events(s, "quests.initiative.leader") == ["P3 is the Leader"]
    # Adventure: P3, P1, P2, P3, P1
    choose(s, 2, "Take Thugs with Guns")
    choose(s, 0, "Take Canoe")
    choose(s, 1, "Take Cairo")
    choose(s, 2, "Take Asp")
    choose(s, 0, "Take Hiking")
    assert s.phase == "action" and to_decide(s) == 2
    # Action: P3's spare Foe at P1; an Escape, and an Escape against it
    choose(s, 2, "play:foe")
    choose(s, 2, "target:0")
    window(s, escapes=[0])
    window(s, escapes=[2])
    pass_window(s)
    assert hand_names(s, 0) == ["Canoe", "Hiking"]
    assert "Mombasa" in hand_names(s, 2)
    assert len(events(s, "quests.escape.negate")) == 2
    assert events(s, "quests.escape.chain") == []
    while s.phase == "action":
        answer(s, "pass")
    # Meld: P3 first, and only P3
    assert to_decide(s) == 2 and option_ids(s) == ["meld", "pass"]
    answer(s, "meld")
    assert names(library(s, 2)) == ["Excalibur"]
    assert R.NAMES[s.zones.cards[R.PRIZE][0]] == "Holy Grail"
    assert s.turn == 2 and s.roller == 2  # P3, the Leader, rolls the next Fate die
    assert len(hand(s, 1)) == 9  # P2 never got to meld


def test_an_escape_war() -> None:
    """P1 sends a Danger at P2. P2 and P3 both reach for an Escape at once: P2 comes first
    after P1, so P2's Escape is played and P3 keeps its card. P1 escapes the Escape; P3 now
    escapes P1's Escape. Three Escapes: the Danger is negated."""
    s = action_game(
        3,
        hands={0: ["Asp", "Slip Bonds"], 1: ["Brawl", "Canoe"], 2: ["Earthquake", "Boat"]},
    )
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    window(s, escapes=[1, 2])
    assert hand_names(s, 2) == ["Boat", "Earthquake"]
    window(s, escapes=[0])
    window(s, escapes=[2])
    pass_window(s)
    assert hand_names(s, 1) == ["Canoe"]
    assert events(s, "quests.escape.chain") == ["P1's Danger card is negated"]
    assert [t.split(" plays")[0] for t in events(s, "quests.escape.negate")] == ["P2", "P1", "P3"]


def test_the_last_artifact() -> None:
    """The Artifact deck is empty and the Prize is the last artifact. P2 melds for it with the
    help of the Jet Pack (as its Escape). No new Prize can be turned up: the game ends when
    the turn ends. P1 and P2 both hold two artifacts and share the win."""
    p2 = [n for n in one_of_each(1) if R.SUIT[R.NAMES.index(n)] != R.ESCAPE]
    s = meld_game(
        3,
        leader=1,
        hands={0: [], 1: p2, 2: []},
        libraries={0: ["Spear of Destiny", "Medusas Head"], 1: ["Jet Pack"]},
        prize="Crystal Skull",
        artifact_deck=[],
        options={"length": "mid"},
    )
    answer(s, "meld")
    assert kind(s) == "limited-meld" and option_ids(s) == ["use-as:escape"]
    answer(s, "use-as:escape")
    assert s.is_over and s.result is not None
    assert s.result.reason == "the Artifact deck ran out"
    assert s.result.winners == (0, 1)
    assert names(library(s, 1)) == ["Jet Pack", "Crystal Skull"]


def test_a_bonus_wins_a_short_game() -> None:
    """Short game: 3 artifacts win. P1 holds Pan's Flute (Bonus Greek) and melds for the
    Golden Fleece, a Greek artifact that also counts as Gold: two cards, worth three."""
    s = meld_game(
        2, hands={0: one_of_each(), 1: []}, libraries={0: ["Pan's Flute"]}, prize="Golden Fleece"
    )
    answer(s, "meld")
    assert s.is_over and s.result is not None and s.result.winners == (0,)
    assert s.result.scores == (3.0, 0.0)


def test_the_leader_with_the_spear() -> None:
    """P2 owns the Spear of Destiny and wins Initiative; on the next turn P2 rolls the Fate
    die: 3 + 2 players + 1 = 6 Fate cards."""
    s = meld_game(
        2, leader=1, hands={0: [], 1: []}, libraries={1: ["Spear of Destiny"]}, dice=[3, 1, 1]
    )
    while s.turn == 1:
        answer(s, "pass")
    assert (
        events(s, "quests.fate.roll")[-1]
        == "P2 rolls 3 for Fate (+1 Spear of Destiny): 6 Fate cards"
    )
    assert len(s.zones.cards[R.FATE]) == 6


def test_hand_limit_under_tesla() -> None:
    """P1 holds Tesla's Death Ray: P2's hand limit is 9. P2 ends the turn with 11 cards and
    discards two, choosing the suits."""
    s = meld_game(
        2,
        hands={0: [], 1: of_suit("foe", 6) + of_suit("puzzle", 5)},
        libraries={0: ["Tesla's Death Ray"]},
    )
    while s.phase == "meld":
        answer(s, "pass")
    assert to_decide(s) == 1 and option_ids(s) == ["discard:foe", "discard:puzzle"]
    answer(s, "discard:puzzle")
    answer(s, "discard:foe")
    assert s.turn == 2
