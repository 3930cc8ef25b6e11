"""`--content` on `tabletop play`, `resume` and `replay`: a patched game is played, saved with
its patch, replayed and resumed with it; another patch, or a bad one, is refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app
from tabletop.engine import record as rec

SPEAR = "[artifact.spear-of-destiny]\namount = 3\n"


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(where))
    return where


def tabletop(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})


def flat(text: str) -> str:
    return " ".join(text.split())


def test_play_save_replay_and_resume_keep_the_patch(tmp_path: Path) -> None:
    spear = tmp_path / "spear.toml"
    spear.write_text(SPEAR)
    other = tmp_path / "other.toml"
    other.write_text("artifact.spear-of-destiny.amount = 5\n")
    saved = tmp_path / "game.json"
    args = ["play", "quests", "--seed", "6", "-o", "turn_limit=5", "--content", str(spear)]
    result = tabletop(*args, stdin=f"1\n1\nsave {saved}\nquit\n")
    assert result.exit_code == 0, result.output
    data = json.loads(saved.read_text())
    patch = rec.load(saved).patch()
    assert patch is not None and data["content"]["digest"] == patch.digest
    assert patch.data() == {"artifact": {"spear-of-destiny": {"amount": 3}}}

    replayed = tabletop("replay", str(saved), "--verify")
    assert replayed.exit_code == 0, replayed.output
    assert f"content spear.toml ({patch.digest[:12]})" in flat(replayed.stdout)
    assert "every recorded digest matches" in replayed.stdout
    same = tabletop("replay", str(saved), "--verify", "--content", str(spear))
    assert same.exit_code == 0, same.output

    refused = tabletop("replay", str(saved), "--verify", "--content", str(other))
    assert refused.exit_code == 2
    assert "the record was played with content spear.toml" in flat(refused.stderr)
    assert "not with content other.toml" in flat(refused.stderr)

    resumed = tabletop("resume", str(saved), "--seats", "heuristic,heuristic,heuristic")
    assert resumed.exit_code == 0, resumed.output
    assert "replayed and verified" in flat(resumed.stdout)
    wrong = tabletop("resume", str(saved), "--content", str(other))
    assert wrong.exit_code == 2 and "not with content other.toml" in flat(wrong.stderr)


def test_play_refuses_a_bad_patch_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[artifact.spear-of-destiny]\namount = "three"\n')
    result = tabletop("play", "quests", "--seats", "random,random", "--players", "2",
                      "--content", str(bad))  # fmt: skip
    assert result.exit_code == 2
    assert flat(result.stderr) == (
        "error: bad.toml: artifacts.toml: artifact 'Spear of Destiny': field 'amount' must be "
        "int, not 'three'"
    )
    missing = tabletop("play", "quests", "--content", str(tmp_path / "nope.toml"))
    assert missing.exit_code == 2 and "cannot read the content patch" in missing.stderr
    wrong_game = tmp_path / "guardians.toml"
    wrong_game.write_text("[cards.card.bash]\nattack = 3\n")
    other = tabletop("play", "quests", "--content", str(wrong_game))
    assert other.exit_code == 2
    assert "guardians.toml: cards: names no content file; the files are: actions, artifacts" in (
        flat(other.stderr)
    )
