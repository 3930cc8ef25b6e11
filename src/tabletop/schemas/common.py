"""The kernel's part of every view, typed: what `State.view` builds for every game.

Every view is a JSON object with these keys, whatever the game (docs/views.md):

- `game` (the game id), `version` (the game's rules version, `GameSpec.version`), `schema`
  (`"<game>/<n>"`: the shape of the view, this package's version for the game), `players`
  (how many seats), `viewer` (the seat the view is for, or null for a spectator);
- `pending`: null once the game is over; else the decision being waited on: its `kind`,
  `rule`, `waiting_for` (the seats whose answer is still awaited) and `mode` (`one`,
  `secret`, `parallel`). When the viewer is among `waiting_for`, the viewer's own ask is
  shown too (`prompt`, `options` as `{id, label}`), and `kind` and `rule` are then the
  viewer's own; nobody else's ask or options are ever shown;
- `result`: null until the game is over, then `scores`, `winners`, `reason`, `team`;
- `log`: the last 40 events as `{rule, text}`, each text as the viewer may read it.

A game's schema module subclasses `Pending`, `PendingAsk` and `ViewBase`, narrowing `game`,
`schema`, `viewer` and `pending.kind` and adding its own keys. Every model is strict (no
coercion: an int is not a float's string, a bool is not an int) and forbids extra keys, so
a view that gains, loses or retypes a key fails validation: that is a new schema version.
A key that a view sometimes leaves out is typed `X | MISSING` (absent, never null).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Count = Annotated[int, Field(ge=0)]  # a number of cards, a size, a seat number
Seat = Annotated[int, Field(ge=0)]
Mode = Literal["one", "secret", "parallel"]


class Model(BaseModel):
    """The base of every view model: strict types, no extra keys, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class OptionView(Model):
    """One option the viewer may answer: its stable id and its label for people."""

    id: str
    label: str


class Pending(Model):
    """The decision being waited on, as anyone not asked sees it."""

    kind: str
    rule: str
    waiting_for: list[Seat]
    mode: Mode


class PendingAsk(Pending):
    """The decision as a viewer who must answer it sees it: their own ask."""

    prompt: str
    options: Annotated[list[OptionView], Field(min_length=1)]


class ResultView(Model):
    """How the game ended."""

    scores: list[float]
    winners: list[Seat]
    reason: str
    team: Literal["won", "lost"] | None


class LogEntry(Model):
    """One event of the log, in the words the viewer may read."""

    rule: str
    text: str


class ViewBase(Model):
    """The keys every game's view has. Games narrow the types and add their own keys."""

    game: str
    version: str
    schema_: str = Field(alias="schema")
    players: Annotated[int, Field(ge=1)]
    viewer: Seat | None
    pending: PendingAsk | Pending | None
    result: ResultView | None
    log: Annotated[list[LogEntry], Field(max_length=40)]

    @model_validator(mode="after")
    def _kernel_consistent(self) -> ViewBase:
        viewer, pending = self.viewer, self.pending
        if viewer is not None and viewer >= self.players:
            raise ValueError(f"viewer {viewer} is not a seat of a {self.players}-player game")
        if pending is not None:
            if any(p >= self.players for p in pending.waiting_for):
                raise ValueError("pending.waiting_for names a seat the game does not have")
            asked = viewer is not None and viewer in pending.waiting_for
            if asked and not isinstance(pending, PendingAsk):
                raise ValueError("the viewer is waited for but its ask is not shown")
            if not asked and isinstance(pending, PendingAsk):
                raise ValueError("an ask is shown to a viewer who is not waited for")
        if (pending is None) == (self.result is None):
            raise ValueError("exactly one of pending and result is set")
        return self

    def seat_models_ok(self, seats: list[int], own: list[bool]) -> None:
        """Check a game's `seats` list: one entry per seat in seat order, and the viewer's
        own entry (the only one) in its own shape. `own[i]`: entry i is in the own shape."""
        if seats != list(range(self.players)):
            raise ValueError(f"seats must be 0 to {self.players - 1} in order, not {seats}")
        if own != [self.viewer == i for i in range(self.players)]:
            raise ValueError("only the viewer's own seat shows its private keys")
