"""Game records: save, load and replay round trips; atomic saves; tampered records rejected
with the first point of divergence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import play_game
from tabletop.engine import (
    Record,
    RecordError,
    TabletopError,
    digest,
    load,
    new_game,
    record_of,
    replay,
    save,
)
from tabletop.engine.record import FORMAT, MAX_RECORD_BYTES, clip, clip_message


@pytest.fixture(scope="module")
def played() -> tuple[Any, Record, list[str]]:
    """A finished game, its record, and the digest after set-up and after every answer."""
    digests: list[str] = []
    state = play_game(
        "quests",
        3,
        5,
        ["heuristic", "random", "heuristic"],
        {"turn_limit": 6},
        each_step=lambda s: digests.append(digest(s)),
    )
    record = record_of(state)
    return state, record, digests


def test_record_carries_the_game(played: tuple[Any, Record, list[str]]) -> None:
    state, record, digests = played
    assert record.game == "quests" and record.version == state.version
    assert record.players == 3 and record.seed == 5
    assert record.options == {"length": "short", "artifact_deck": "all", "turn_limit": 6}
    assert record.answers == state.history
    assert len(record.digests) == len(record.answers) + 1
    assert record.digests[1:] == digests
    assert record.digests[0] == digest(new_game("quests", 3, 5, {"turn_limit": 6}))


def test_save_load_replay_round_trip(played: tuple[Any, Record, list[str]], tmp_path: Path) -> None:
    state, record, _ = played
    path = tmp_path / "games" / "one.json"
    save(record, path)
    loaded = load(path)
    assert loaded == record
    assert loaded.to_json() == record.to_json()
    again = replay(loaded, verify=True)
    assert again.fingerprint() == state.fingerprint()
    assert again.result == state.result
    assert again.log_for(0) == state.log_for(0)
    assert [p.name for p in path.parent.iterdir()] == ["one.json"]


def test_replay_upto_stops_at_that_answer(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    for k in (0, 1, 17, len(record.answers) // 2):
        part = replay(record, upto=k)
        assert part.steps == k
        assert digest(part) == record.digests[k]


def test_replayed_game_can_go_on(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    k = len(record.answers) // 2
    part = replay(record, upto=k)
    for player, option in record.answers[k:]:
        part.apply(player, option)
    assert digest(part) == record.digests[-1]


def test_resaving_overwrites_atomically(
    played: tuple[Any, Record, list[str]], tmp_path: Path
) -> None:
    _, record, _ = played
    path = tmp_path / "game.json"
    save(record, path)
    save(record, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_failed_save_leaves_old_file_and_no_temp_file(
    played: tuple[Any, Record, list[str]], tmp_path: Path
) -> None:
    _, record, _ = played
    path = tmp_path / "game.json"
    save(record, path)
    before = path.read_text()
    broken = Record(**{**record.__dict__, "options": {"bad": object()}})
    with pytest.raises(TypeError):
        save(broken, path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_record_of_needs_history() -> None:
    state = new_game("quests", 2, 1, log=False)
    with pytest.raises(RecordError, match="log=False"):
        record_of(state)


# -- tampering ----------------------------------------------------------------------------


def tampered(record: Record, **changes: Any) -> Record:
    data = record.to_json()
    data.update(changes)
    return Record.from_json(json.loads(json.dumps(data)))


def first_choice_point(record: Record) -> tuple[int, str]:
    """The first answer where another option was legal, and that other option."""
    state = new_game(record.game, record.players, record.seed, record.options)
    for i, (player, option) in enumerate(record.answers):
        d = state.pending
        assert d is not None
        others = [o.id for o in d.options_for(player) if o.id != option]
        if others:
            return i, others[0]
        state.apply(player, option)
    raise AssertionError("no choice in the whole game")


def test_changed_answer_is_the_first_divergence(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    i, other = first_choice_point(record)
    answers = [list(a) for a in record.answers]
    answers[i][1] = other
    bad = tampered(record, answers=answers)
    with pytest.raises(RecordError, match=rf"diverges at answer {i} \("):
        replay(bad)


def test_illegal_answer_is_named(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    answers = [list(a) for a in record.answers]
    answers[40][1] = "no-such-option"
    with pytest.raises(
        RecordError, match=r"diverges at answer 40 .*'no-such-option'.*not an option"
    ):
        replay(tampered(record, answers=answers))
    # even without verification an impossible answer cannot be replayed
    with pytest.raises(RecordError, match="answer 40"):
        replay(tampered(record, answers=answers), verify=False)


def test_wrong_player_is_named(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    answers = [list(a) for a in record.answers]
    i = 3
    answers[i][0] = (answers[i][0] + 1) % 3
    with pytest.raises(RecordError, match=f"diverges at answer {i} .*not player"):
        replay(tampered(record, answers=answers))


def test_changed_digest_is_the_first_divergence(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    digests = record.digests[:]
    digests[25] = "0" * 16
    with pytest.raises(RecordError, match=r"diverges at answer 24 .*recorded digest"):
        replay(tampered(record, digests=digests))
    assert replay(tampered(record, digests=digests), verify=False).steps == len(record.answers)


@pytest.mark.parametrize("change", [{"seed": 6}, {"players": 4}])
def test_changed_setup_diverges_at_setup(
    played: tuple[Any, Record, list[str]], change: dict[str, Any]
) -> None:
    _, record, _ = played
    with pytest.raises(RecordError, match="diverges at set-up"):
        replay(tampered(record, **change))


def test_changed_option_diverges_at_set_up(
    played: tuple[Any, Record, list[str]],
) -> None:
    """The options are part of every digest: an altered option is caught before any answer,
    even one (a longer turn limit) that would not change play for a while."""
    _, record, _ = played
    with pytest.raises(RecordError, match="diverges at set-up"):
        replay(tampered(record, options={"turn_limit": 7}))


def test_changed_game_id_is_a_record_error(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(tampered(record, game="chess"))


def test_truncated_digests(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    short = tampered(record, digests=record.digests[:-3])
    with pytest.raises(RecordError, match=rf"{len(record.digests) - 3} digests for"):
        replay(short)


def test_truncated_answers(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    answers = [list(a) for a in record.answers[:-2]]
    with pytest.raises(RecordError, match=rf"digests for {len(answers)} answers"):
        replay(tampered(record, answers=answers))


def test_wrong_version(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    with pytest.raises(RecordError, match=r"version 0.0"):
        replay(tampered(record, version="0.0"))


def test_record_that_cannot_start(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    with pytest.raises(RecordError, match=r"cannot start.*'length'"):
        replay(tampered(record, options={"length": "epic"}))
    with pytest.raises(RecordError, match=r"cannot start.*players"):
        replay(tampered(record, players=1, digests=[]))


def test_unknown_game_in_record(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    with pytest.raises(TabletopError, match="unknown game 'chess'"):
        replay(tampered(record, game="chess"))


def test_malformed_json_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": ')
    with pytest.raises(RecordError, match="not valid JSON"):
        load(path)
    with pytest.raises(RecordError, match="cannot read"):
        load(tmp_path / "missing.json")


def good_json(record: Record) -> dict[str, Any]:
    return json.loads(json.dumps(record.to_json()))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("format", "1", "'format' field must be a int"),
        ("format", True, "'format' field must be a int"),
        ("format", 99, "format 99 is not supported"),
        ("game", 3, "'game' field must be a str"),
        ("players", "3", "'players' field must be a int"),
        ("seed", 1.5, "'seed' field must be a int"),
        ("options", [], "'options' field must be a dict"),
        ("answers", {}, "'answers' field must be a list"),
        ("answers", [[0]], "answer 0 must be"),
        ("answers", [[0, "pass"], ["0", "pass"]], "answer 1 must be"),
        ("answers", [[True, "pass"]], "answer 0 must be"),
        ("answers", [[0, 5]], "answer 0 must be"),
        ("digests", [1, 2], "digests must be strings"),
    ],
)
def test_wrong_types_are_rejected(
    played: tuple[Any, Record, list[str]], key: str, value: object, message: str
) -> None:
    _, record, _ = played
    data = good_json(record)
    data[key] = value
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_missing_field_and_non_object(played: tuple[Any, Record, list[str]]) -> None:
    _, record, _ = played
    data = good_json(record)
    del data["seed"]
    with pytest.raises(RecordError, match="no 'seed' field"):
        Record.from_json(data)
    with pytest.raises(RecordError, match="JSON object"):
        Record.from_json([1, 2])


def test_file_round_trip_keeps_the_format(
    played: tuple[Any, Record, list[str]], tmp_path: Path
) -> None:
    _, record, _ = played
    path = tmp_path / "g.json"
    save(record, path)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT
    assert data["answers"][0] == list(record.answers[0])


# -- hostile files -------------------------------------------------------------------------


def test_a_record_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"game": "qüests"}'.encode("latin-1"))
    with pytest.raises(
        RecordError, match=r"latin1\.json is not a game record: byte 11 is not UTF-8"
    ):
        load(path)


def test_a_record_nested_100000_levels_deep_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match=r"deep\.json is not a game record: its JSON is nested"):
        load(path)


def test_a_number_longer_than_python_converts_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"format": ' + "9" * 5000 + "}")
    with pytest.raises(RecordError, match=r"long\.json is not a game record: it holds a number"):
        load(path)


def test_a_200_mb_record_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        block = b" " * (1024 * 1024)
        for _ in range(200):
            fh.write(block)
    try:
        with pytest.raises(RecordError) as e:
            load(path)
    finally:
        path.unlink()  # pytest keeps the last runs' folders: do not keep 200 MB in them
    assert str(e.value) == (
        f"{path} is too large (209,715,200 bytes): a game record is at most 16 MiB"
    )
    assert MAX_RECORD_BYTES == 16 * 1024 * 1024


def test_an_endless_stream_is_read_only_up_to_the_limit() -> None:
    with pytest.raises(RecordError, match=r"/dev/zero is too large \(more than 16,777,216 bytes\)"):
        load("/dev/zero")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("game", "x" * 100_000),
        ("version", "v" * 100_000),
        ("format", 10**4000),
        ("options", {"length": "y" * 100_000}),
        ("options", {"z" * 100_000: 1}),
        ("answers", [[0, "z" * 100_000]]),
        ("answers", [["z" * 100_000]]),
        ("answers", [[10**4000, "pass"]]),
        ("players", 10**4000),
    ],
)
def test_messages_repeat_only_the_start_of_a_huge_value(
    played: tuple[Any, Record, list[str]], tmp_path: Path, key: str, value: object
) -> None:
    _, record, _ = played
    data = good_json(record)
    data[key] = value
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as e:
        replay(load(path))
    message = str(e.value)
    assert len(message) < 600, message
    assert "characters)" in message and "…" in message


def test_clip_keeps_short_values_and_cuts_long_ones() -> None:
    assert clip("pass") == "pass"
    assert clip("x" * 61) == "x" * 60 + "… (61 characters)"
    message = "unknown game '" + "x" * 1000 + "'; the games are: guardians, quests"
    assert clip_message(message) == (
        "unknown game '" + "x" * 119 + "… (1,001 characters)'; the games are: guardians, quests"
    )
    assert clip_message("short message: kept") == "short message: kept"
    spaced = clip_message("a " * 5000 + "allowed: b")
    assert len(spaced) < 2100 and spaced.endswith("allowed: b")


def test_save_removes_temporary_files_an_earlier_killed_save_left(
    played: tuple[Any, Record, list[str]], tmp_path: Path
) -> None:
    _, record, _ = played
    stale = [".game.json.k3_x9abc.tmp", ".game.json.00000000.tmp"]
    others = [".game.json.notours.tmp", ".other.json.k3_x9abc.tmp", "game.json.k3_x9abc.tmp"]
    for name in stale + others:
        (tmp_path / name).write_text("{")
    save(record, tmp_path / "game.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.json", *others])
    assert load(tmp_path / "game.json") == record
