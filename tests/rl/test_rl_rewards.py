"""The reward scheme (docs/rl.md "Rewards"): +1 to winners and -1 to the others, the team's
outcome to every seat of a cooperative game, -1 to all on a team loss, 0 to all on a draw
(Quests at its turn limit with no artifact anywhere), 0 on truncation, and -1 to the seat
that played an illegal action under `illegal="lose"` (0 to the others)."""

from __future__ import annotations

from rl_cases import short

from tabletop.agents import make_agent
from tabletop.rl.core import GameConfig, Match


def _random_game(config: GameConfig, seed: int) -> Match:
    match = config.new_match(seed)
    agents = [make_agent("random", config.game_id, seed + p) for p in range(config.players)]
    while not match.done:
        seat = match.current()
        assert seat is not None
        match.answer(seat, agents[seat].choose(match.state, seat))
    return match


def test_quests_draws_at_the_turn_limit_pay_zero_and_wins_pay_one() -> None:
    config = GameConfig("quests", 2, {"turn_limit": 2})
    draws = wins = 0
    for seed in range(40):
        match = _random_game(config, seed)
        result = match.state.result
        assert result is not None
        if not result.winners:
            assert match.returns() == [0.0, 0.0]
            draws += 1
        else:
            assert match.returns() == [1.0 if p in result.winners else -1.0 for p in range(2)]
            wins += 1
    assert draws > 0


def test_a_team_outcome_goes_to_every_seat() -> None:
    seen = set()
    for game_id, options in (
        ("guardians", short("guardians")),
        ("librarians", {}),
    ):
        config = GameConfig(game_id, 2, options)
        for seed in range(3):
            match = _random_game(config, seed)
            result = match.state.result
            assert result is not None and result.team in ("won", "lost")
            returns = match.returns()
            if result.team == "lost":
                assert returns == [-1.0, -1.0]  # Guardians' final boss survives: all lose
            elif config.cooperative:
                assert returns == [1.0, 1.0]
            seen.add((game_id, result.team))
    assert ("guardians", "lost") in seen


def test_truncation_and_an_illegal_action_under_lose() -> None:
    config = GameConfig("quests", 3, short("quests"), max_steps=3)
    match = _random_game(config, 1)
    assert match.truncated and match.returns() == [0.0, 0.0, 0.0]
    match = GameConfig("quests", 3, short("quests")).new_match(2)
    seat = match.current()
    assert seat is not None
    match.lose(seat)
    assert match.done and match.acting() == () and match.current() is None
    assert match.returns() == [-1.0 if p == seat else 0.0 for p in range(3)]
