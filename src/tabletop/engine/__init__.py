"""The game-agnostic kernel: the contract every game offers (see DESIGN.md)."""

from tabletop.engine.decision import ActionSpace, Decision, Option
from tabletop.engine.errors import (
    AlreadyAnsweredError,
    AnswerError,
    GameOverError,
    IllegalOptionError,
    MalformedAnswerError,
    OptionError,
    PlayerCountError,
    RecordError,
    SeatError,
    TabletopError,
    UnknownAgentError,
    UnknownGameError,
    WrongPlayerError,
)
from tabletop.engine.events import Event
from tabletop.engine.record import Record, digest, load, record_of, replay, save
from tabletop.engine.registry import GameSpec, game_ids, get, new_game, options_of
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import Result, State

__all__ = [
    "ActionSpace",
    "AlreadyAnsweredError",
    "AnswerError",
    "Decision",
    "Event",
    "GameOverError",
    "GameSpec",
    "IllegalOptionError",
    "MalformedAnswerError",
    "Option",
    "OptionError",
    "PlayerCountError",
    "Record",
    "RecordError",
    "Result",
    "Rng",
    "SeatError",
    "State",
    "TabletopError",
    "UnknownAgentError",
    "UnknownGameError",
    "WrongPlayerError",
    "derive_seed",
    "digest",
    "game_ids",
    "get",
    "load",
    "new_game",
    "options_of",
    "record_of",
    "replay",
    "save",
]
