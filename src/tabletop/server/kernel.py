"""What a room takes from the kernel: its refusals as the protocol's error codes
(`RoomError`, `answer_error_code`), and a stored table's game replayed (`replay_stored`)."""

from __future__ import annotations

from tabletop.engine.errors import (
    AlreadyAnsweredError,
    GameOverError,
    IllegalOptionError,
    MalformedAnswerError,
    TabletopError,
    WrongPlayerError,
)
from tabletop.engine.record import Record, clip_message, digest, replay
from tabletop.engine.state import State
from tabletop.engine.table import NothingToUndoError, NotYourSeatError
from tabletop.server.protocol import ErrorCode
from tabletop.server.schema import StoredTable


class RoomError(Exception):
    """A request the room refuses, with the protocol's error code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


def answer_error_code(e: TabletopError) -> ErrorCode:
    if isinstance(e, GameOverError):
        return "game_over"
    if isinstance(e, WrongPlayerError):
        return "wrong_player"
    if isinstance(e, IllegalOptionError):
        return "illegal_option"
    if isinstance(e, AlreadyAnsweredError):
        return "already_answered"
    if isinstance(e, MalformedAnswerError):
        return "malformed"
    if isinstance(e, NothingToUndoError):
        return "nothing_to_undo"
    if isinstance(e, NotYourSeatError):
        return "not_your_seat"
    return "bad_request"


def replay_stored(stored: StoredTable) -> State:
    """The game a stored table's answers lead to (checked against its stored digest)."""
    record = Record(
        game=stored.game,
        version=stored.version,
        players=stored.players,
        seed=stored.seed,
        options=stored.options,
        answers=stored.answers,
        content=stored.content,
    )
    try:
        state = replay(record, verify=False)
    except TabletopError as e:
        raise RoomError(
            "internal", f"table {stored.id} cannot be resumed: {clip_message(str(e))}"
        ) from None
    if digest(state) != stored.digest:
        raise RoomError(
            "internal",
            f"table {stored.id} cannot be resumed: its {len(stored.answers)} answers do not "
            "lead to the position stored with them (a different version of the game?)",
        )
    return state
