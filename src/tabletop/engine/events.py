"""Typed log events. Each names the rule it applies and knows who may read what."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `text` is what every viewer may read; `secret`, when set, is
    the fuller text shown to the players in the bitmask `seen_by` (a drawn card's name, say)."""

    rule: str
    text: str
    player: int | None = None
    secret: str | None = None
    seen_by: int = 0

    def text_for(self, viewer: int | None) -> str:
        if self.secret is not None and viewer is not None and (self.seen_by >> viewer) & 1:
            return self.secret
        return self.text


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """A card changed zone. `card` is only meaningful to those who may read `secret`."""

    card: int = -1
    src: str = ""
    dst: str = ""


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    value: int = 0


@dataclass(frozen=True, slots=True)
class Answered(Event):
    """A player answered a decision (hidden answers of simultaneous decisions are not logged
    until revealed)."""

    option: str = ""


@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    phase: str = ""


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: tuple[int, ...] = ()
