"""Typed errors. Every error leaves the game state untouched and says what is allowed."""

from __future__ import annotations


class TabletopError(Exception):
    """Base class of every error tabletop raises on purpose."""


class UnknownGameError(TabletopError):
    """A game id that is not registered."""


class OptionError(TabletopError):
    """A game option that does not exist or has a value outside its allowed values."""


class PlayerCountError(TabletopError):
    """A number of players the game does not support."""


class UnknownAgentError(TabletopError):
    """An agent spec that names no known agent or carries bad settings."""


class SeatError(TabletopError):
    """A seat argument (to `view`, `determinize`, `log_for`) that names no seat of the game."""


class AnswerError(TabletopError):
    """Base class of the errors raised by `State.apply`."""


class MalformedAnswerError(AnswerError):
    """The answer is not even of the right shape (not an int player, not a str option id)."""


class WrongPlayerError(AnswerError):
    """The player is not among those the game is waiting for."""


class IllegalOptionError(AnswerError):
    """The option id is not one of the options of the pending decision."""


class AlreadyAnsweredError(AnswerError):
    """The player already answered this simultaneous decision."""


class GameOverError(AnswerError):
    """The game has ended: nothing more can be applied."""


class RecordError(TabletopError):
    """A game record that is malformed, tampered with, or diverges when replayed."""
