"""The Quests position evaluation used by depth-limited search: values in [0, 1] that sum to
1, higher for more artifacts and for a meld in hand."""

from __future__ import annotations

from helpers import R, of_suit, one_of_each, play_game, rigged
from tabletop.engine import get, new_game
from tabletop.engine.state import State
from tabletop.games.quests.evaluate import evaluate

PLAIN = [a.name for a in R.ARTIFACTS if a.ability != "bonus"]


def seven_suits(skip: int) -> list[str]:
    """Eight cards of seven suits (two Knowledge cards, no Location)."""
    return [*one_of_each(skip)[:7], of_suit("knowledge", 1, skip + 3)[0]]


def assert_shares(values: tuple[float, ...], n: int) -> None:
    assert len(values) == n
    assert all(0.0 <= v <= 1.0 for v in values)
    assert abs(sum(values) - 1.0) < 1e-9


def test_it_is_the_games_evaluation() -> None:
    assert get("quests").evaluate is evaluate


def test_values_are_shares_over_a_whole_game() -> None:
    seen: list[State] = []
    play_game("quests", 4, 3, ["heuristic"] * 4, log=False, each_step=seen.append)
    for s in [new_game("quests", 2, 1), *seen[::17]]:
        if not s.is_over:
            assert_shares(evaluate(s), s.num_players)


def test_equal_seats_are_valued_equally() -> None:
    s = rigged(3, hands={0: seven_suits(0), 1: seven_suits(1), 2: seven_suits(2)})
    values = evaluate(s)
    assert_shares(values, 3)
    assert abs(values[0] - values[1]) < 1e-12 and abs(values[1] - values[2]) < 1e-12


def test_an_artifact_is_worth_more_than_a_full_set() -> None:
    s = rigged(
        3,
        hands={0: seven_suits(0), 1: one_of_each(1), 2: seven_suits(2)},
        libraries={0: PLAIN[:1]},
    )
    values = evaluate(s)
    assert values[0] > values[1] > values[2]


def test_a_full_set_beats_seven_suits_and_more_artifacts_beat_fewer() -> None:
    s = rigged(
        3,
        hands={0: one_of_each(0), 1: seven_suits(1), 2: seven_suits(2)},
        libraries={1: PLAIN[:2], 2: PLAIN[2:3]},
    )
    values = evaluate(s)
    assert values[1] > values[2]
    t = rigged(3, hands={0: one_of_each(0), 1: seven_suits(1), 2: seven_suits(2)})
    assert evaluate(t)[0] > evaluate(t)[1]
