"""`tabletop play`: whole games driven through piped standard input."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from rich.console import Console
from typer.testing import Result

from tabletop.engine import new_game
from tabletop.ui.terminal import COMMANDS, Session, make_seats, split_seats

Run = Callable[..., Result]
SHORT = ["-o", "turn_limit=5"]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_scripted_game_plays_to_the_end_and_prints_the_result(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--players", "3", "--seed", "3", *SHORT], "1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "P1 (you), P2 heuristic, P3 heuristic" in out
    # The human's own deal is named, the bots' is not.
    assert re.search(r"P1 is dealt (?!a card)\w", out)
    assert "  P2 is dealt a card (6 times)\n" in out  # identical hidden deals merged
    assert "Choose 1-" in out
    # The board: hand by suit, the prize, every player's row.
    assert "Your hand:" in out and "Prize:" in out and "(Leader)" in out
    assert "Result" in out
    table = out[out.rindex("Result") :]
    for seat, agent in (("P1", "human"), ("P2", "heuristic"), ("P3", "heuristic")):
        assert re.search(rf"{seat}\s*│\s*{agent}\s*│\s*\d+", table)
    assert "artifacts" in table
    assert "The game ended:" in out


def test_bots_moves_appear_in_the_log_between_the_persons_questions(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "1\n" * 2000)
    out = result.stdout
    first, second = [m.start() for m in re.finditer(r"Choose 1-\d+: 1", out)][:2]
    between = out[first:second]
    assert re.search(r"P[23] (takes|plays) ", between)


def test_end_of_input_before_the_game_is_over_exits_1_with_an_error(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "1\n")
    assert result.exit_code == 1
    assert "End of input: leaving the game." in result.stdout
    # Every game is autosaved (issue 9): the message says where and how to go on.
    assert re.search(
        r"The game is saved in \S+\.json\. Continue it with: tabletop resume\n", result.stdout
    )
    assert "Result" not in result.stdout
    assert re.fullmatch(
        r"error: standard input ended before the game was over \(waiting for P1\); "
        r"the game is saved in \S+/autosave/\S+\.json: continue it with tabletop resume\n",
        result.stderr,
    )


def test_quit_exits_zero_without_asking_anything(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3"], "quit\n1\n1\n")
    assert result.exit_code == 0
    out = result.stdout
    assert out.count("Choose 1-") == 1
    assert "The game is saved in " in out and "Continue it with: tabletop resume" in out


def test_bad_input_is_refused_and_the_question_asked_again(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "x\n0\n99\n\n" + "1\n" * 2000)
    assert result.exit_code == 0
    out = flat(result.stdout)
    n = re.search(r"Choose 1-(\d+):", out)
    assert n is not None
    allowed = f"type a number from 1 to {n.group(1)}, or {COMMANDS}."
    assert f"'x' is not understood: {allowed}" in out
    assert f"There is no option 0: {allowed}" in out
    assert f"There is no option 99: {allowed}" in out
    assert f"Please {allowed}" in out
    # The same question four more times before the first accepted answer.
    prompts = re.findall(r"Choose 1-\d+: (\S*)", result.stdout)
    assert prompts[:5] == ["x", "0", "99", "", "1"]
    assert "Result" in out


def test_an_option_id_is_accepted_as_an_answer(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3", *SHORT], "pass\nquit\n")
    out = result.stdout
    assert result.exit_code == 0
    # "pass" answered the first question, so a second one was asked.
    assert out.count("Choose 1-") == 2, out


def test_only_decisions_with_a_real_choice_are_asked() -> None:
    """Every question with a single option is answered for the person: the number of prompts
    equals the number of the human's decisions that had two options or more."""
    state = new_game("quests", 3, seed=11, options={"turn_limit": "4"})
    agents, specs = make_seats("quests", 3, None, 11)
    out = io.StringIO()
    console = Console(file=out, width=200)
    session = Session(state, agents, specs, console, io.StringIO("1\n" * 2000), prefs=set())
    assert session.run() == 0
    assert state.is_over and state.history is not None
    replay = new_game("quests", 3, seed=11, options={"turn_limit": "4"})
    real_choices = single = 0
    for player, option in state.history:
        if player == 0:
            assert replay.pending is not None
            if len(replay.pending.options_for(0)) > 1:
                real_choices += 1
            else:
                single += 1
        replay.apply(player, option)
    text = out.getvalue()
    assert single > 0 and real_choices > 0
    assert text.count("Choose 1-") == real_choices
    assert text.count("(your only option, answered for you)") == single


def test_bot_only_seats_run_and_print_the_spectators_log_and_result(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seats", "heuristic,random,heuristic", "--seed", "2"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Choose" not in out and "Pass the screen" not in out
    assert "  P1 is dealt a card (6 times)\n" in out
    assert not re.search(r"P\d is dealt (?!a card)", out)  # nobody's hand is shown
    assert "Game over" in out
    assert re.search(r"P1\s*│\s*heuristic.*\n.*P2\s*│\s*random", out)
    assert "winner" in out[out.rindex("Result") :] or "Nobody wins" in out


def test_seat_specs_keep_their_settings() -> None:
    assert split_seats("human, ismcts:iterations=200,c=0.7 ,heuristic") == [
        "human",
        "ismcts:iterations=200,c=0.7",
        "heuristic",
    ]
    assert split_seats("random,random") == ["random", "random"]
    agents, specs = make_seats("quests", 3, "random,human,heuristic", 0)
    assert specs == ["random", "human", "heuristic"]
    assert agents[1] is None and agents[0] is not None and agents[2] is not None
    assert agents[0].name == "random" and agents[2].name == "heuristic"
