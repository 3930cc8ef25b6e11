"""Autosaves: every terminal game keeps its record in the user's data directory.

The data directory is `$TABLETOP_DATA_DIR` when set (tests point it at a temporary folder),
else `$XDG_DATA_HOME/tabletop`, else `~/.local/share/tabletop`. Each game being played has
one record file in its `autosave/` folder, rewritten atomically (`record.save`) after every
answer, and beside it `NAME.seats.json` with the seats' agents and the preferences, so that
`tabletop resume` with no file continues the most recent unfinished game as it was played.
A game that ends removes its autosave; at most `KEEP` unfinished ones are kept (the oldest
go first). The digests of the record are computed as the game goes (one replica state
advanced by the new answers), so a save costs the answers since the last one, not the game.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tabletop.engine.errors import RecordError
from tabletop.engine.record import Record, clip, content_of, digest, save, write_json
from tabletop.engine.registry import new_game, options_of
from tabletop.engine.state import State

ENV = "TABLETOP_DATA_DIR"
KEEP = 20  # unfinished autosaves kept
SEATS_SUFFIX = ".seats.json"
# A seats file holds one agent spec per seat and the preference flags: a few hundred bytes.
MAX_SEATS_BYTES = 64 * 1024
MAX_SEATS = 64  # agent specs, and preference flags, in a seats file
MAX_NAME = 200  # characters of one agent spec or flag


def data_dir() -> Path:
    forced = os.environ.get(ENV)
    if forced:
        return Path(forced).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "tabletop"


def folder() -> Path:
    return data_dir() / "autosave"


def _seats_file(path: Path) -> Path:
    return path.with_name(path.name.removesuffix(".json") + SEATS_SUFFIX)


def unfinished() -> list[Path]:
    """The autosaved games, the most recent first."""
    where = folder()
    if not where.is_dir():
        return []
    files = [
        p
        for p in where.glob("*.json")
        if not p.name.endswith(SEATS_SUFFIX) and not p.name.startswith(".") and p.is_file()
    ]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def seats_of(path: Path) -> tuple[str | None, list[str]]:
    """The seats (`human,heuristic,...`) and preference flags an autosave was played with;
    (None, []) when it has no seats file. A seats file that is not one (over
    `MAX_SEATS_BYTES`, not UTF-8 JSON, nested too deeply, not of the shape `start` writes)
    raises `RecordError` naming it, what is wrong and what is allowed; nothing is removed."""
    file = _seats_file(path)
    try:
        with open(file, "rb") as fh:
            raw = fh.read(MAX_SEATS_BYTES + 1)
    except FileNotFoundError:
        return None, []
    except OSError as e:
        raise RecordError(f"cannot read {file}: {e.strerror or e}") from None
    problem = _seats_problem(raw)
    if problem is not None:
        raise RecordError(
            f"{file} is not a seats file: {problem}; a seats file is a JSON object "
            f'{{"seats": [agent, ...], "prefs": [flag, ...]}} of at most '
            f"{MAX_SEATS_BYTES // 1024} KiB with at most {MAX_SEATS} of each: delete it to "
            f"resume with the seats you give (--seats), or name the game: tabletop resume {path}"
        )
    data = json.loads(raw.decode("utf-8"))
    seats, prefs = data["seats"], data.get("prefs", [])
    return (",".join(seats) if seats else None), list(prefs)


def _seats_problem(raw: bytes) -> str | None:
    """What is wrong with the bytes of a seats file, or None."""
    if len(raw) > MAX_SEATS_BYTES:
        return f"it is larger than {MAX_SEATS_BYTES // 1024} KiB"
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return "it is not UTF-8 text"
    except RecursionError:
        return "its JSON is nested too deeply to read"
    except ValueError as e:
        return f"it is not JSON ({clip(str(e))})"
    if not isinstance(data, dict):
        return f"it holds a {type(data).__name__}, not an object"
    extra = sorted(set(data) - {"seats", "prefs"})
    if extra:
        return f"it has the unknown key {clip(repr(extra[0]))}"
    if "seats" not in data:
        return "it has no 'seats'"
    for key in ("seats", "prefs"):
        value = data.get(key, [])
        if not isinstance(value, list) or len(value) > MAX_SEATS:
            return f"its {key!r} is not a list of at most {MAX_SEATS} names"
        if not all(isinstance(v, str) and 0 < len(v) <= MAX_NAME for v in value):
            return f"its {key!r} holds something other than names of 1 to {MAX_NAME} characters"
    return None


class Autosave:
    """The autosave of one game being played (a new file, or the one it was resumed from)."""

    def __init__(self, state: State, path: Path | None = None) -> None:
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = folder() / f"{stamp}-{state.game_id}-{state.seed}-{os.getpid()}.json"
        self.path = path
        self._answers: list[tuple[int, str]] = []
        self._digests: list[str] = []
        self._replica: State | None = None
        self._saved_steps = -1

    def start(self, state: State, seats: list[str], prefs: list[str]) -> None:
        """Write the seats file and the record as they are now; prune old autosaves."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_json(_seats_file(self.path), {"seats": seats, "prefs": prefs})
        self.update(state)
        for old in unfinished()[KEEP:]:
            self.remove(old)

    def _record(self, state: State) -> Record:
        history = state.history or []
        n = len(self._answers)
        if self._replica is None or history[:n] != self._answers:  # first save, or an undo
            self._replica = new_game(
                state.game_id, state.num_players, state.seed, options_of(state), content=state.patch
            )
            self._answers, self._digests = [], [digest(self._replica)]
        replica = self._replica
        for player, option_id in history[len(self._answers) :]:
            replica.apply(player, option_id)
            self._answers.append((player, option_id))
            self._digests.append(digest(replica))
        return Record(
            game=state.game_id,
            version=state.version,
            players=state.num_players,
            seed=state.seed,
            options=options_of(state),
            answers=list(self._answers),
            digests=list(self._digests),
            content=content_of(state.patch),
        )

    def update(self, state: State) -> None:
        """Save the game if it moved since the last save (raises OSError if it cannot)."""
        if state.steps == self._saved_steps and self._replica is not None:
            return
        save(self._record(state), self.path)
        self._saved_steps = state.steps

    @staticmethod
    def remove(path: Path) -> None:
        for p in (path, _seats_file(path)):
            p.unlink(missing_ok=True)

    def finish(self) -> None:
        """The game ended: its autosave goes."""
        self.remove(self.path)


__all__ = ["ENV", "Autosave", "data_dir", "folder", "seats_of", "unfinished"]
