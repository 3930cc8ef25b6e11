"""Game records: `(game id, version, players, options, seed, answers)` plus a digest of the
state after set-up and after every answer. Save, load, resume, replay and verify are built on
them. A record that is malformed, tampered with, or diverges on replay is rejected with the
first point of divergence."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.errors import AnswerError, RecordError, TabletopError
from tabletop.engine.registry import get, new_game, options_of
from tabletop.engine.state import State

FORMAT = 1


def digest(state: State) -> str:
    """A short hash of the whole state, its game, players and options included."""
    whole = (state.game_id, state.num_players, options_of(state), state.fingerprint())
    return hashlib.blake2b(repr(whole).encode(), digest_size=8).hexdigest()


@dataclass
class Record:
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    answers: list[tuple[int, str]] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)  # after set-up, then after each answer

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "answers": [[p, o] for p, o in self.answers],
            "digests": self.digests,
        }

    @classmethod
    def from_json(cls, data: object) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        want = {
            "format": int,
            "game": str,
            "version": str,
            "players": int,
            "seed": int,
            "options": dict,
            "answers": list,
            "digests": list,
        }
        for key, typ in want.items():
            if key not in data:
                raise RecordError(f"the record has no {key!r} field")
            if not isinstance(data[key], typ) or isinstance(data[key], bool):
                raise RecordError(f"the record's {key!r} field must be a {typ.__name__}")
        if data["format"] != FORMAT:
            raise RecordError(f"record format {data['format']} is not supported (want {FORMAT})")
        answers = []
        for i, a in enumerate(data["answers"]):
            if (
                not isinstance(a, list)
                or len(a) != 2
                or not isinstance(a[0], int)
                or isinstance(a[0], bool)
                or not isinstance(a[1], str)
            ):
                raise RecordError(f"answer {i} must be [player, option id], not {a!r}")
            answers.append((a[0], a[1]))
        if not all(isinstance(d, str) for d in data["digests"]):
            raise RecordError("the record's digests must be strings")
        return cls(
            game=data["game"],
            version=data["version"],
            players=data["players"],
            seed=data["seed"],
            options=data["options"],
            answers=answers,
            digests=list(data["digests"]),
        )


def record_of(state: State) -> Record:
    """The record of a game played with its history on (the default), digests included."""
    if state.history is None:
        raise RecordError("this game was started with log=False and keeps no history")
    record = Record(
        game=state.game_id,
        version=state.version,
        players=state.num_players,
        seed=state.seed,
        options=options_of(state),
        answers=list(state.history),
    )
    fresh = new_game(record.game, record.players, record.seed, record.options)
    record.digests.append(digest(fresh))
    for player, option_id in record.answers:
        fresh.apply(player, option_id)
        record.digests.append(digest(fresh))
    return record


def save(record: Record, path: str | os.PathLike[str]) -> None:
    """Write atomically: a crash never leaves half a file."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(record.to_json(), fh, indent=1)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: str | os.PathLike[str]) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
    return Record.from_json(data)


def replay(record: Record, *, verify: bool = True, upto: int | None = None) -> State:
    """Rebuild the game from its record. With `verify`, every digest must match; the first
    mismatch raises a `RecordError` naming the answer where the replay diverges."""
    try:
        spec = get(record.game)
    except TabletopError as e:
        raise RecordError(f"the record cannot be replayed: {e}") from None
    if verify and record.version != spec.version:
        raise RecordError(
            f"the record is from {record.game} version {record.version}; "
            f"this is version {spec.version}"
        )
    try:
        state = new_game(record.game, record.players, record.seed, record.options)
    except TabletopError as e:
        raise RecordError(f"the record cannot start a game: {e}") from None
    if verify and record.digests and record.digests[0] != digest(state):
        raise RecordError("the record diverges at set-up (seed, players or options altered)")
    answers = record.answers if upto is None else record.answers[:upto]
    for i, (player, option_id) in enumerate(answers):
        try:
            state.apply(player, option_id)
        except AnswerError as e:
            raise RecordError(
                f"the record diverges at answer {i} (player {player}, {option_id!r}): {e}"
            ) from None
        if verify and i + 1 < len(record.digests) and record.digests[i + 1] != digest(state):
            raise RecordError(
                f"the record diverges at answer {i} (player {player}, {option_id!r}): "
                "the state after it does not match the recorded digest"
            )
    if verify and upto is None and len(record.digests) not in (0, len(record.answers) + 1):
        raise RecordError(
            f"the record has {len(record.digests)} digests for {len(record.answers)} answers"
        )
    return state
