"""Game records: `(game id, version, players, options, seed, answers)` plus a digest of the
state after set-up and after every answer. Save, load, resume, replay and verify are built on
them. A record that is malformed, tampered with, or diverges on replay is rejected with the
first point of divergence.

Records are read defensively, since a file may come from anyone: `load` refuses a file above
`MAX_RECORD_BYTES` (16 MiB) before reading it whole, text that is not UTF-8, JSON nested too
deeply to parse and numbers too long to convert, each with a `RecordError` naming the file; an
error message repeats at most `CLIP` characters of any value taken from the record (`clip`).
`save` (`write_json`, which campaign files and autosaves share) removes the temporary files
(`.NAME.xxxxxxxx.tmp`) that an earlier save killed before its rename left next to the target.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.errors import AnswerError, RecordError, TabletopError
from tabletop.engine.patch import MAX_PATCH_BYTES, Patch
from tabletop.engine.registry import get, new_game, options_of
from tabletop.engine.state import State

FORMAT = 1
# The largest record `load` reads: 16 times the largest record measured (a game of Quests
# between eight random bots, 23,000 answers, 1.1 MB); a game people play is under 100 kB.
MAX_RECORD_BYTES = 16 * 1024 * 1024
# The most characters of a value read from a record that an error message repeats.
CLIP = 60


def clip(text: str, limit: int = CLIP) -> str:
    """`text` itself when it has at most `limit` characters, else its start, an ellipsis and
    its length, so an error message never repeats a huge value whole."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def clip_message(message: str, run: int = 120, total: int = 2000) -> str:
    """A message of someone else's making, bounded: every unbroken run of more than `run`
    characters (a value it repeats) is cut short, keeping its closing punctuation, then, if
    it is still over `total` characters, its middle, so the start (what was wrong) and the
    end (what is allowed) stay readable."""

    def cut(m: re.Match[str]) -> str:
        body, tail = m.group(1), m.group(2)
        return clip(body, run) + tail

    message = re.sub(rf"(\S{{{run + 1},}}?)([^\w\s]{{0,3}})(?!\S)", cut, message)
    if len(message) > total:
        half = total // 2
        message = f"{message[:half]} … {message[-half:]}"
    return message


def digest(state: State) -> str:
    """A short hash of the whole state, its game, players, options and content patch (if
    any) included."""
    whole: tuple[Any, ...] = (
        state.game_id,
        state.num_players,
        options_of(state),
        state.fingerprint(),
    )
    if state.patch is not None:
        whole += (state.patch.digest,)
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
    # The content patch the game was played with: {"text", "digest", "source"}; None: the
    # shipped content (and then the record has no "content" field).
    content: dict[str, str] | None = None

    def patch(self) -> Patch | None:
        """The record's content patch, checked against its digest."""
        if self.content is None:
            return None
        patch = Patch.from_text(self.game, self.content["text"], self.content["source"])
        if patch.digest != self.content["digest"]:
            raise RecordError(
                "the record's content patch does not match its digest (the patch was altered)"
            )
        return patch

    def to_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {} if self.content is None else {"content": dict(self.content)}
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "answers": [[p, o] for p, o in self.answers],
            "digests": self.digests,
            **extra,
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
            raise RecordError(
                f"record format {clip(str(data['format']))} is not supported (want {FORMAT})"
            )
        answers = []
        for i, a in enumerate(data["answers"]):
            if (
                not isinstance(a, list)
                or len(a) != 2
                or not isinstance(a[0], int)
                or isinstance(a[0], bool)
                or not isinstance(a[1], str)
            ):
                raise RecordError(f"answer {i} must be [player, option id], not {clip(repr(a))}")
            answers.append((a[0], a[1]))
        if not all(isinstance(d, str) for d in data["digests"]):
            raise RecordError("the record's digests must be strings")
        content = data.get("content")
        if content is not None:
            if (
                not isinstance(content, dict)
                or set(content) != {"text", "digest", "source"}
                or not all(isinstance(v, str) for v in content.values())
            ):
                raise RecordError(
                    "the record's 'content' field must be an object of the strings "
                    "'text', 'digest' and 'source' (the content patch it was played with)"
                )
            if len(content["text"]) > MAX_PATCH_BYTES:
                raise RecordError("the record's content patch is too large")
        return cls(
            game=data["game"],
            version=data["version"],
            players=data["players"],
            seed=data["seed"],
            options=data["options"],
            answers=answers,
            digests=list(data["digests"]),
            content=None if content is None else dict(content),
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
        content=content_of(state.patch),
    )
    fresh = new_game(record.game, record.players, record.seed, record.options, content=state.patch)
    record.digests.append(digest(fresh))
    for player, option_id in record.answers:
        fresh.apply(player, option_id)
        record.digests.append(digest(fresh))
    return record


def content_of(patch: Patch | None) -> dict[str, str] | None:
    """What a record keeps of a content patch."""
    if patch is None:
        return None
    return {"text": patch.text, "digest": patch.digest, "source": patch.source}


def save(record: Record, path: str | os.PathLike[str]) -> None:
    """Write atomically (`write_json`): a crash never leaves half a file."""
    write_json(path, record.to_json(), indent=1)


def write_json(path: str | os.PathLike[str], data: object, indent: int | None = None) -> None:
    """Write `data` as JSON to `path` atomically: into a temporary file beside it, synced,
    then renamed over it, so a crash never leaves half a file (raises OSError if it cannot).
    The temporary files that earlier writes to the same target left behind (killed between
    writing and renaming) are removed. Game records, campaign files and autosaves all use it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=indent)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _remove_stale_temporaries(target)


def _remove_stale_temporaries(target: Path) -> None:
    """Delete `.NAME.xxxxxxxx.tmp` next to `target`: the names `write_json` gives its
    temporary files (`tempfile.mkstemp` draws the 8 characters from a-z, 0-9 and _). Runs
    after this write's own rename, so it never loses a saved file; a file it cannot remove
    stays."""
    own = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}\.tmp\Z")
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if own.match(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)


def load(path: str | os.PathLike[str]) -> Record:
    """Read a record file. Anything but a well-formed record of at most `MAX_RECORD_BYTES`
    raises a `RecordError` that names the file and what is wrong with it."""
    limit = f"a game record is at most {MAX_RECORD_BYTES // (1024 * 1024)} MiB"
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size  # 0 for pipes and devices: read() bounds them
            if size > MAX_RECORD_BYTES:
                raise RecordError(f"{path} is too large ({size:,} bytes): {limit}")
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{path} is too large (more than {MAX_RECORD_BYTES:,} bytes): {limit}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(
            f"{path} is not a game record: byte {e.start:,} is not UTF-8 "
            "(a record is JSON text in UTF-8)"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError(
            f"{path} is not a game record: its JSON is nested too deeply to read "
            "(a record nests lists and objects three levels deep)"
        ) from None
    except ValueError:  # an integer longer than Python converts
        raise RecordError(
            f"{path} is not a game record: it holds a number of more than "
            f"{sys.get_int_max_str_digits():,} digits"
        ) from None
    return Record.from_json(data)


def replay(
    record: Record,
    *,
    verify: bool = True,
    upto: int | None = None,
    content: Patch | None = None,
) -> State:
    """Rebuild the game from its record, with the content patch it carries. With `verify`,
    every digest must match; the first mismatch raises a `RecordError` naming the answer
    where the replay diverges. `content`: the patch the caller means to replay with (None:
    the record's own); with `verify`, one that is not the record's is refused."""
    try:
        spec = get(record.game)
    except TabletopError as e:
        raise RecordError(f"the record cannot be replayed: {clip_message(str(e))}") from None
    if verify and record.version != spec.version:
        raise RecordError(
            f"the record is from {record.game} version {clip(record.version)}; "
            f"this is version {spec.version}"
        )
    try:
        patch = record.patch()
    except TabletopError as e:
        raise RecordError(
            f"the record's content patch is invalid: {clip_message(str(e))}"
        ) from None
    if content is not None:
        if verify and (patch is None or patch.digest != content.digest):
            played = "the shipped content" if patch is None else f"content {patch.describe()}"
            raise RecordError(
                f"the record was played with {played}, not with content {content.describe()}; "
                "replay it without --content (it carries its own) or with the same patch"
            )
        patch = content
    try:
        state = new_game(record.game, record.players, record.seed, record.options, content=patch)
    except TabletopError as e:
        raise RecordError(f"the record cannot start a game: {clip_message(str(e))}") from None
    if verify and record.digests and record.digests[0] != digest(state):
        raise RecordError("the record diverges at set-up (seed, players or options altered)")
    answers = record.answers if upto is None else record.answers[:upto]
    for i, (player, option_id) in enumerate(answers):
        try:
            state.apply(player, option_id)
        except AnswerError as e:
            raise RecordError(
                f"the record diverges at answer {i} (player {clip(str(player))}, "
                f"{clip(repr(option_id))}): {clip_message(str(e))}"
            ) from None
        if verify and i + 1 < len(record.digests) and record.digests[i + 1] != digest(state):
            raise RecordError(
                f"the record diverges at answer {i} (player {player}, {clip(repr(option_id))}): "
                "the state after it does not match the recorded digest"
            )
    if verify and upto is None and len(record.digests) not in (0, len(record.answers) + 1):
        raise RecordError(
            f"the record has {len(record.digests)} digests for {len(record.answers)} answers"
        )
    return state
