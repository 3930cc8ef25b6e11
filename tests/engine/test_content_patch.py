"""Content patches (engine/patch.py): reading, addressing, combining, and the kernel keeping a
patch with a state, its clones, pickles, records and replays."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tabletop.agents.base import RandomAgent
from tabletop.engine import record as rec
from tabletop.engine.errors import RecordError, TabletopError
from tabletop.engine.patch import (
    MAX_PATCH_BYTES,
    Patch,
    PatchError,
    apply,
    combine,
    dumps,
    load_patch,
)
from tabletop.engine.registry import new_game
from tabletop.engine.state import State

SPEAR = "artifact.spear-of-destiny.amount"  # Quests: the Spear's Fate bonus (1 shipped)


def play(state: State, answers: int, seed: int = 1) -> State:
    agent = RandomAgent(seed)
    for _ in range(answers):
        if state.is_over:
            break
        p = state.to_move()[0]
        state.apply(p, agent.choose(state, p))
    return state


def test_assignments_write_toml_that_reads_back_the_same() -> None:
    p = Patch.from_assignments("quests", [f"{SPEAR}=3", 'artifact.excalibur.type="greek"'])
    assert p.source == "<assignments>"
    again = Patch.from_text("quests", p.text, "again.toml")
    assert again.digest == p.digest
    assert again.data() == {
        "artifact": {"spear-of-destiny": {"amount": 3}, "excalibur": {"type": "greek"}}
    }


def test_digest_is_of_the_parsed_patch_not_its_spelling() -> None:
    a = Patch.from_text("quests", "[artifact.spear-of-destiny]\namount = 3\n")
    b = Patch.from_text("quests", "# a comment\nartifact.spear-of-destiny.amount=3")
    c = Patch.from_text("quests", "artifact.spear-of-destiny.amount = 4")
    assert a.digest == b.digest != c.digest
    assert len(a.digest) == 64


@pytest.mark.parametrize(
    "bad", ["no-equals-sign", "=3", "artifact=", "a..b=1", "artifact.x.amount.y=1"]
)
def test_bad_assignments_are_refused_by_name(bad: str) -> None:
    with pytest.raises(PatchError, match="assignments"):
        p = Patch.from_assignments("quests", [f"{SPEAR}=3", bad])
        apply(p, {"artifacts.toml": {"artifact": [{"name": "Spear of Destiny"}]}})


def test_combine_lets_the_second_win_and_keeps_both() -> None:
    a = Patch.from_assignments("quests", [f"{SPEAR}=3", "artifact.excalibur.type=greek"])
    b = Patch.from_assignments("quests", [f"{SPEAR}=5"])
    both = combine(a, b)
    assert both is not None
    assert both.data()["artifact"] == {
        "spear-of-destiny": {"amount": 5},
        "excalibur": {"type": "greek"},
    }
    assert combine(None, b) is b and combine(a, None) is a
    with pytest.raises(PatchError, match="guardians"):
        combine(a, Patch.from_text("guardians", "x.y.z = 1"))


def test_apply_changes_adds_and_removes_records_without_touching_the_input() -> None:
    files = {
        "cards.toml": {
            "card": [{"name": "Bash", "copies": 2}, {"name": "Bonk", "copies": 1}],
            "numbers": {"hand": 5, "track": [1, 2, 3]},
        }
    }
    p = Patch.from_text(
        "g",
        """
[cards.card.bash]
copies = 4
[cards.card.bonk]
_remove = true
[cards.card.zap]
name = "Zap"
copies = 1
[cards.numbers]
track = [3, 2]
""",
    )
    out = apply(p, files)
    assert out["cards.toml"]["card"] == [
        {"name": "Bash", "copies": 4},
        {"name": "Zap", "copies": 1},
    ]
    assert out["cards.toml"]["numbers"] == {"hand": 5, "track": [3, 2]}
    assert files["cards.toml"]["card"][0]["copies"] == 2  # unchanged
    # a table that only one file has may be named without its file
    short = apply(Patch.from_text("g", "card.bash.copies = 9"), files)
    assert short["cards.toml"]["card"][0]["copies"] == 9


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nofile.x.y = 1", "nofile: names no content file; the files are: cards"),
        ("cards.card.bsh.copies = 1", "record 'bsh': no such record; the records are: bash"),
        ("cards.card = 3", "is a list of records"),
        ("cards.card.bash = 3", "give a table of field changes"),
        ("cards.card.zap._remove = true", "no such record to remove"),
        ('[cards.card.zip]\nname = "Zap"', "a new record's key must be its id ('zap')"),
    ],
)
def test_patches_that_fit_nothing_name_the_patch_and_place(text: str, message: str) -> None:
    files = {"cards.toml": {"card": [{"name": "Bash", "copies": 2}]}}
    with pytest.raises(PatchError) as e:
        apply(Patch.from_text("g", text, "mine.toml"), files)
    assert str(e.value).startswith("mine.toml: ")
    assert message in str(e.value)


def test_load_patch_reads_checks_and_bounds_files(tmp_path: Path) -> None:
    good = tmp_path / "spear.toml"
    good.write_text("[artifact.spear-of-destiny]\namount = 2\n")
    p = load_patch(good, "quests")
    assert (p.game_id, p.source) == ("quests", "spear.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('[artifact.spear-of-destiny]\namount = "two"\n')
    with pytest.raises(PatchError) as e:
        load_patch(bad, "quests")
    msg = str(e.value)
    assert msg.startswith("bad.toml: artifacts.toml: artifact 'Spear of Destiny'")
    assert "field 'amount' must be int" in msg
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_PATCH_BYTES)
    with pytest.raises(PatchError, match=r"big\.toml is too large"):
        load_patch(big, "quests")
    broken = tmp_path / "broken.toml"
    broken.write_text("[artifact\n")
    with pytest.raises(PatchError, match=r"broken\.toml: not valid TOML"):
        load_patch(broken, "quests")
    with pytest.raises(PatchError, match="cannot read"):
        load_patch(tmp_path / "missing.toml", "quests")
    assert isinstance(PatchError("x"), TabletopError)


def test_dumps_quotes_keys_that_need_it() -> None:
    text = dumps({"missions/m01": {"mission": {"name": 'say "hi"', "n": [1, 2], "f": 0.5}}})
    assert text.startswith('"missions/m01".mission.f = 0.5\n')
    assert 'name = "say \\"hi\\""' in text


# -- the kernel keeps the patch ---------------------------------------------------------------
def spear(amount: int) -> Patch:
    return Patch.from_assignments("quests", [f"{SPEAR}={amount}"])


def test_new_game_keeps_the_patch_through_clones_pickles_and_determinize() -> None:
    p = spear(4)
    s = play(new_game("quests", 3, 11, content=p), 30)
    assert s.patch is p
    assert s.clone().patch is p
    back = pickle.loads(pickle.dumps(s))
    assert back.patch == p
    assert back.t.fate_bonus == s.t.fate_bonus  # type: ignore[attr-defined]
    from tabletop.engine.rng import Rng

    assert s.determinize(0, Rng(3)).patch is p
    assert rec.digest(back) == rec.digest(s)
    # the same game on the shipped content has another digest, from set-up on
    assert rec.digest(new_game("quests", 3, 11)) != rec.digest(new_game("quests", 3, 11, content=p))


def test_new_game_refuses_a_patch_for_another_game() -> None:
    with pytest.raises(PatchError, match="is a patch for quests, not for guardians"):
        new_game("guardians", 2, 1, content=spear(2))


def test_records_keep_the_patch_and_replay_with_it(tmp_path: Path) -> None:
    p = spear(6)
    s = play(new_game("quests", 3, 5, content=p), 60)
    r = rec.record_of(s)
    assert r.content == {"text": p.text, "digest": p.digest, "source": p.source}
    path = tmp_path / "game.json"
    rec.save(r, path)
    assert json.loads(path.read_text())["content"]["digest"] == p.digest
    loaded = rec.load(path)
    again = rec.replay(loaded)  # verified, with the record's own patch
    assert again.patch is not None and again.patch.digest == p.digest
    assert rec.digest(again) == rec.digest(s)
    rec.replay(loaded, content=p)  # the same patch given again: fine
    with pytest.raises(RecordError, match="played with content <assignments>") as e:
        rec.replay(loaded, content=spear(7))
    assert "not with content <assignments>" in str(e.value)
    plain = rec.record_of(play(new_game("quests", 3, 5), 10))
    assert plain.content is None and "content" not in plain.to_json()
    with pytest.raises(RecordError, match="played with the shipped content"):
        rec.replay(plain, content=p)


def test_a_record_whose_patch_was_altered_is_refused() -> None:
    r = rec.record_of(play(new_game("quests", 3, 5, content=spear(3)), 20))
    data = r.to_json()
    data["content"]["text"] = data["content"]["text"].replace("3", "5")
    with pytest.raises(RecordError, match="does not match its digest"):
        rec.replay(rec.Record.from_json(data))
    data["content"] = {"text": 3}
    with pytest.raises(RecordError, match="'content' field must be"):
        rec.Record.from_json(data)


def test_patched_and_shipped_games_coexist_in_one_process() -> None:
    plain = new_game("quests", 3, 2)
    strong = new_game("quests", 3, 2, content=spear(9))
    weak = new_game("quests", 3, 2, content=spear(0))
    for s in (plain, strong, weak):
        assert s.t.fate_bonus[80] == {plain: 1, strong: 9, weak: 0}[s]  # type: ignore[attr-defined]
    # and each keeps its own numbers after the others were built
    assert plain.t.fate_bonus[80] == 1  # type: ignore[attr-defined]
