"""Issue 9, "a terminal game a person wants to play again": a new deal each game, card and
rules texts at every prompt, preferences that answer for you, autosave and bare `resume`."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import Result

from tabletop.agents import make_agent
from tabletop.engine import load, new_game
from tabletop.engine.decision import Decision
from tabletop.engine.registry import options_of
from tabletop.engine.table import Table
from tabletop.ui.prefs import Preferences, available, choose
from tabletop.ui.terminal import Session, make_seats

Run = Callable[..., Result]
SHORT = ["-o", "turn_limit=3"]


def seed_of(out: str) -> int:
    found = re.search(r"^Seed (\d+) \(the same deal again: --seed \1\)\.$", out, re.M)
    assert found is not None, out[:300]
    return int(found.group(1))


# -- a new deal each game ----------------------------------------------------------------------
def test_two_default_games_differ_and_the_printed_seed_replays_one(tabletop: Run) -> None:
    first = tabletop(["play", "quests", *SHORT], "1\n" * 3000)
    second = tabletop(["play", "quests", *SHORT], "1\n" * 3000)
    assert first.exit_code == second.exit_code == 0, first.output
    seed = seed_of(first.stdout)
    assert seed != seed_of(second.stdout)
    assert first.stdout != second.stdout
    assert f"Seed {seed} (play it again with --seed {seed})." in first.stdout  # in the result
    again = tabletop(["play", "quests", "--seed", str(seed), *SHORT], "1\n" * 3000)
    assert again.stdout == first.stdout


def test_the_seed_is_kept_in_the_record(tabletop: Run, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = tabletop(["play", "quests", *SHORT], f"save {path}\nquit\n")
    assert load(path).seed == seed_of(result.stdout)


# -- card, cards, rules ------------------------------------------------------------------------
def test_card_cards_and_rules_answer_at_a_prompt(tabletop: Run) -> None:
    script = "card canoe\ncard e\ncard zzz\ncard\ncards\nrules\nrules initiative\nrules x\nquit\n"
    result = tabletop(["play", "quests", "--seed", "3"], script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Canoe (action card) · Travel card" in out
    assert "Initiative phase: discard it for +1 to your own Initiative roll." in out
    assert re.search(r"\d+ cards match 'e': .*Escape \(suit\).*Type more of the name\.", out)
    assert "No card is called 'zzz': type cards to list them all." in out
    assert "Say which card: card NAME" in out
    assert re.search(r"artifact \(27\): .*Excalibur", out)
    assert "1. Fate phase" in out and "5. Meld phase" in out  # the whole summary
    assert "rules PHASE shows one section: play-here, victory" in out
    one = out[out.index("Choose 1-4: rules initiative") :]
    assert one.index("2. Initiative phase") < one.index("Choose", 1)
    assert "'x' names no section; the sections are: play-here" in out
    assert out.count("Choose 1-") == 9  # each command asks the same question again
    help_ = tabletop(["play", "guardians", "--players", "1", "--seed", "1"], "help\ncard zomb\n")
    assert "card NAME    a card's effect" in help_.stdout and "rules PHASE" in help_.stdout
    assert "Zombie (monster family)" in help_.stdout


# -- preferences -------------------------------------------------------------------------------
def play(game: str, players: int, seed: int, prefs: set[str], **options: Any) -> tuple[str, Any]:
    state = new_game(game, players, seed=seed, options=options)
    agents, specs = make_seats(game, players, None, seed)
    out = io.StringIO()
    session = Session(
        state, agents, specs, Console(file=out, width=200), io.StringIO("1\n" * 5000), prefs=prefs
    )
    assert session.run() == 0 and state.is_over
    return out.getvalue(), state


def preference_answers(game: str, state: Any, name: str) -> tuple[int, int]:
    """Replaying P1's answers: (choices the preference `name` made, choices left to P1)."""
    answer = available(game)[name][1]
    replay = new_game(game, state.num_players, seed=state.seed, options=options_of(state))
    made = asked = 0
    for player, option in state.history:
        d: Decision | None = replay.pending
        assert d is not None
        if player == 0 and len(d.options_for(0)) > 1:
            wanted = answer(replay.view(0), 0, d)
            if wanted is None:
                asked += 1
            else:
                assert option == wanted
                made += 1
        replay.apply(player, option)
    return made, asked


def test_auto_pass_escape_passes_only_windows_against_others(tabletop: Run) -> None:
    out, state = play("quests", 3, 11, {"auto-pass-escape"}, turn_limit=4)
    made, asked = preference_answers("quests", state, "auto-pass-escape")
    assert made > 0
    assert out.count("Choose 1-") == asked
    assert out.count("(your preference: prefs to change it, answered for you)") == made
    # Off, the same game asks each of those windows.
    out_off, _ = play("quests", 3, 11, set(), turn_limit=4)
    assert out_off.count("Choose 1-") == asked + made


def test_auto_pass_escape_asks_when_the_card_targets_you() -> None:
    answer = available("quests")["auto-pass-escape"][1]

    class D:
        def ask(self, seat: int) -> Any:
            return type("A", (), {"kind": "escape"})()

    d: Any = D()
    assert answer({"playing": {"by": 1, "target": 0}}, 0, d) is None
    assert answer({"playing": {"by": 0, "target": 2}}, 0, d) is None
    assert answer({"playing": {"by": 1, "target": 2}}, 0, d) == "pass"
    assert answer({"playing": {"by": 1, "target": None}}, 0, d) == "pass"


def test_guardians_play_all_answers_every_power_up_play() -> None:
    assert choose("guardians") == {"skip-last-fort"}  # play-all is off by default
    assert choose("quests") == {"auto-pass-escape", "auto-pass-initiative"}
    out, state = play("guardians", 1, 0, {"play-all"})
    made, asked = preference_answers("guardians", state, "play-all")
    assert made > 0
    assert out.count("Choose 1-") == asked


def test_guardians_skip_last_fort_keeps_the_fort_in_the_last_round_only() -> None:
    """A heuristic bot plays solo seed 0 (it builds forts) up to the last round's Blanket
    Fort question, which has a real choice; then a person takes the seat."""
    state = new_game("guardians", 1, seed=0)
    bot = make_agent("heuristic", "guardians", 0)
    forts = 0
    while True:
        d = state.pending
        assert d is not None
        if d.ask(0).kind == "fort" and len(d.options_for(0)) > 1:
            tk = state.view(0)["timekeeper"]
            if tk["track"][tk["position"] + 1] == "end":
                break
            forts += 1
            assert Preferences("guardians", {"skip-last-fort"}, lambda: state)(0, d) is None
        state.apply(0, bot.choose(state, 0))
    assert forts > 0  # earlier rounds asked
    prefs = Preferences("guardians", {"skip-last-fort"}, lambda: table.state)
    table = Table(state, ["ann"], auto=[0], prefer=prefs)
    steps = state.steps
    table.drive()
    assert state.history is not None and state.history[steps] == (0, "fort-keep")


def test_prefs_command_and_flag(tabletop: Run) -> None:
    result = tabletop(["play", "quests", "--seed", "3"], "prefs\nprefs auto-pass-escape\nquit\n")
    out = result.stdout
    assert "on   auto-pass-escape: pass Escape windows" in out
    assert "auto-pass-escape is off now." in out
    off = tabletop(["play", "quests", "--seed", "3", "--pref", "no-auto-pass-escape"], "prefs\n")
    assert "off  auto-pass-escape" in off.stdout
    bad = tabletop(["play", "quests", "--pref", "wizard"], "")
    assert bad.exit_code == 2
    assert "quests has no preference 'wizard'; its preferences are: auto-pass-escape" in bad.stderr


# -- autosave and bare resume ------------------------------------------------------------------
def test_every_game_is_autosaved_and_bare_resume_continues_it(
    tabletop: Run, data_dir: Path
) -> None:
    none = tabletop(["resume"], "")
    assert none.exit_code == 2
    assert "there is no unfinished game to resume" in none.stderr
    first = tabletop(["play", "quests", "--seats", "human,random,random", *SHORT], "1\n1\nquit\n")
    assert first.exit_code == 0
    saved = list((data_dir / "autosave").glob("*-quests-*.json"))
    saved = [p for p in saved if not p.name.endswith(".seats.json")]
    assert len(saved) == 1
    record = load(saved[0])
    assert record.seed == seed_of(first.stdout) and len(record.answers) >= 2
    assert f"The game is saved in {saved[0]}. Continue it with: tabletop resume" in first.stdout
    again = tabletop(["resume"], "1\nquit\n")
    assert again.exit_code == 0, again.output
    assert f"from {saved[0]}: {len(record.answers)} answers replayed" in again.stdout
    assert "P2 random, P3 random" in again.stdout  # the seats it was played with
    assert len(load(saved[0]).answers) > len(record.answers)
    # Played to its end, the game leaves no autosave behind.
    end = tabletop(["resume"], "1\n" * 3000)
    assert end.exit_code == 0 and "Result" in end.stdout
    assert list((data_dir / "autosave").glob("*.json")) == []


def test_end_of_input_says_the_game_is_autosaved(tabletop: Run, data_dir: Path) -> None:
    result = tabletop(["play", "quests", *SHORT], "1\n")
    assert result.exit_code == 1
    assert "continue it with tabletop resume" in result.stderr
    (path,) = [p for p in (data_dir / "autosave").glob("*.json") if ".seats" not in p.name]
    assert load(path).answers  # the answer given is in it
