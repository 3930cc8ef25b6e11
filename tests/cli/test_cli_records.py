"""`save` during play, `tabletop resume` and `tabletop replay [--verify]`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from typer.testing import Result

from tabletop.agents import make_agent
from tabletop.engine import load, new_game, record_of, save
from tabletop.engine.state import State

Run = Callable[..., Result]
SHORT = ["-o", "turn_limit=5"]


def flat(text: str) -> str:
    return " ".join(text.split())


def bot_game(seed: int = 4, turn_limit: int = 3) -> State:
    state = new_game("quests", 3, seed=seed, options={"turn_limit": turn_limit})
    agents = [make_agent("heuristic", "quests", seed * 10 + p) for p in range(3)]
    while not state.is_over:
        p = state.to_move()[0]
        state.apply(p, agents[p].choose(state, p))
    return state


def test_help_log_save_then_resume_continues_to_the_end(tabletop: Run, tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    second = tmp_path / "second.json"
    script = f"1\n1\nhelp\nlog\nboard\nsave {first}\nquit\n"
    result = tabletop(["play", "quests", "--seed", "6", *SHORT], script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "save FILE    save the game to FILE" in out  # help
    # board: the board and the question are drawn again.
    redrawn = re.search(r"Choose 1-(\d+): board\n(.*?)Choose 1-\1: ", out, re.S)
    assert redrawn is not None
    assert "Your hand:" in redrawn.group(2) and "Prize:" in redrawn.group(2)
    assert f"  {redrawn.group(1)}. " in redrawn.group(2)
    # log: the whole log as P1 may read it, with rule ids, P1's own cards named.
    assert re.search(r"P1 is dealt (?!a card)[^\n]*\(quests\.setup\.deal\)", out)
    assert "P2 is dealt a card  (quests.setup.deal)" in out
    assert f"Continue it with: tabletop resume {first}" in flat(out)
    assert flat(f"The game is saved in {first}.") in flat(out)
    saved = load(first)
    assert saved.game == "quests" and saved.seed == 6 and saved.options["turn_limit"] == 5
    assert len(saved.answers) >= 2 and len(saved.digests) == len(saved.answers) + 1

    # Resume, answer twice more, save again: the new record extends the first one.
    result = tabletop(["resume", str(first)], f"1\n1\nsave {second}\nquit\n")
    assert result.exit_code == 0, result.output
    assert flat(f"{len(saved.answers)} answers replayed and verified") in flat(result.stdout)
    again = load(second)
    assert again.answers[: len(saved.answers)] == saved.answers
    assert len(again.answers) > len(saved.answers)

    # Resume once more and play to the end.
    result = tabletop(["resume", str(second)], "1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "Choose 1-" in result.stdout
    assert "The game ended:" in result.stdout and "Result" in result.stdout


def test_quitting_after_moves_made_since_the_save_says_so(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = tabletop(["play", "quests", "--seed", "6", *SHORT], f"save {path}\n1\n1\nquit\n")
    assert result.exit_code == 0
    assert re.search(r"answers made after that are not in it", flat(result.stdout))


def test_save_without_a_file_name_or_to_a_bad_place_asks_again(
    tabletop: Run, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = tabletop(["play", "quests", "--seed", "6"], f"save\nsave {blocker}/x.json\nquit\n")
    assert result.exit_code == 0
    out = flat(result.stdout)
    assert "Say where to save: save FILE" in out
    assert f"Could not save to {blocker}/x.json" in out
    assert result.stdout.count("Choose 1-") == 3
    assert "The game is saved in " in out  # the autosave (issue 9)


def test_resume_with_other_seats(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    tabletop(["play", "quests", "--seed", "6", *SHORT], f"1\nsave {path}\nquit\n")
    result = tabletop(["resume", str(path), "--seats", "random,heuristic,heuristic"])
    assert result.exit_code == 0, result.output
    assert "Choose" not in result.stdout and "The game ended:" in result.stdout
    assert re.search(r"P1\s*│\s*random", result.stdout)


def test_replay_prints_the_spectators_log_and_result(tabletop: Run, tmp_path: Path) -> None:
    state = bot_game()
    path = tmp_path / "done.json"
    save(record_of(state), path)
    result = tabletop(["replay", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for rule, text in state.log_for(None):
        assert f"{text}  ({rule})" in out
    assert not re.search(r"P\d is dealt (?!a card)", out)
    assert "Result" in out and "OK" not in out
    assert state.result is not None
    assert f"The game ended: {state.result.reason}." in flat(out)


def test_replay_verify_ok(tabletop: Run, tmp_path: Path) -> None:
    state = bot_game()
    path = tmp_path / "done.json"
    save(record_of(state), path)
    result = tabletop(["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    assert f"OK: {state.steps} answers replayed; every recorded digest matches." in flat(
        result.stdout
    )


def test_replay_of_an_unfinished_game_says_who_is_to_move(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    tabletop(["play", "quests", "--seed", "6"], f"1\nsave {path}\nquit\n")
    result = tabletop(["replay", str(path), "--verify"])
    assert result.exit_code == 0
    assert "The game is not over: waiting for P" in result.stdout
    assert "OK:" in result.stdout


def _tamper(path: Path, change: Callable[[dict[str, object]], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_replay_verify_fails_on_a_changed_seed(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save(record_of(bot_game()), path)
    _tamper(path, lambda d: d.update(seed=int(str(d["seed"])) + 1))
    result = tabletop(["replay", str(path), "--verify"])
    assert result.exit_code == 2
    assert "the record diverges at set-up" in flat(result.stderr)
    assert "OK" not in result.stdout


def test_replay_verify_names_the_first_changed_answer(tabletop: Run, tmp_path: Path) -> None:
    state = bot_game()
    record = record_of(state)
    # Find an answer that had another legal option and swap it for that option.
    probe = new_game("quests", 3, seed=record.seed, options=record.options)
    index = other = None
    for i, (player, option) in enumerate(record.answers):
        assert probe.pending is not None
        ids = [o.id for o in probe.pending.options_for(player)]
        if i > 10 and len(ids) > 1:
            index, other = i, next(o for o in ids if o != option)
            break
        probe.apply(player, option)
    assert index is not None and other is not None
    record.answers[index] = (record.answers[index][0], other)
    path = tmp_path / "tampered.json"
    save(record, path)
    result = tabletop(["replay", str(path), "--verify"])
    assert result.exit_code == 2
    assert f"the record diverges at answer {index} " in flat(result.stderr)
    assert repr(other) in flat(result.stderr)
    # Resuming the tampered record is refused the same way.
    result = tabletop(["resume", str(path)], "quit\n")
    assert result.exit_code == 2
    assert f"diverges at answer {index}" in flat(result.stderr)


def test_malformed_records_are_refused(tabletop: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "quests", ')
    for command in (["replay", str(broken)], ["replay", str(broken), "--verify"]):
        result = tabletop(command)
        assert result.exit_code == 2
        assert f"{broken} is not valid JSON" in flat(result.stderr)
    result = tabletop(["resume", str(broken)])
    assert result.exit_code == 2 and "is not valid JSON" in flat(result.stderr)

    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"format": 1, "game": "quests", "version": "1.0"}))
    result = tabletop(["replay", str(partial)])
    assert result.exit_code == 2
    assert "the record has no 'players' field" in flat(result.stderr)

    missing = tmp_path / "missing.json"
    result = tabletop(["replay", str(missing)])
    assert result.exit_code == 2 and f"cannot read {missing}" in flat(result.stderr)
