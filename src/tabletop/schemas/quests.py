"""The view of a Quests of the Librarian game, typed (schema `quests/1`; docs/views.md).

A player's view (`QuestsPlayerView`) and a spectator's (`QuestsSpectatorView`) differ only in
the seats and the known deck cards: the viewer's own seat shows its `hand`, every other seat
the cards of its hand the viewer knows (`known`); a spectator sees neither, and knows no deck
card.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabletop.schemas.common import (
    Count,
    Model,
    Pending,
    PendingAsk,
    Seat,
    ViewBase,
)

VERSION = 1

Suit = Literal["knowledge", "danger", "travel", "companion", "escape", "foe", "puzzle", "location"]
ArtifactType = Literal[
    "biblical", "greek", "modern", "renaissance", "arthurian", "atlantis", "gold"
]
Phase = Literal["setup", "fate", "initiative", "adventure", "action", "meld", "end", "over"]
Kind = Literal[
    "initiative",  # play a Travel or Companion on the Initiative dice, or pass
    "adventure",  # take a Fate card
    "action",  # play an Action card, use an artifact, or pass
    "target",  # choose the player a card is played at
    "escape",  # negate the card just played with an Escape, or pass (secret)
    "meld",  # meld for the Prize, or pass
    "limited-meld",  # use a Limited Meld artifact in this meld, or hold it
    "flip-keep",  # keep or discard the card an artifact turned over
    "swap-discard",  # Book of Solomon: discard a card to draw one
    "hand-limit",  # discard down to the hand limit
]


class ActionCard(Model):
    """An Action card: its id (the slug of its name; every Action card is one of a kind),
    name and suit."""

    id: str
    name: str
    suit: Suit


class ArtifactCard(Model):
    """An artifact: id, name, type, its ability in words, and whether it is spent (a Limited
    Meld artifact used this game; always false for the others)."""

    id: str
    name: str
    type: ArtifactType
    ability: str
    spent: bool


class KnownAction(ActionCard):
    """An Action deck card the viewer knows, `from_top` (1: the top card)."""

    from_top: Annotated[int, Field(ge=1)]


class KnownArtifact(ArtifactCard):
    """An Artifact deck card the viewer knows, `from_top` (1: the next Prize)."""

    from_top: Annotated[int, Field(ge=1)]


class Playing(Model):
    """The card whose Escape window is open: its suit, who played it, at whom (null: no
    target), and who has escaped so far, in order (each Escape negates the one before)."""

    suit: Suit
    by: Seat
    target: Seat | None
    escapes: list[Seat]


class PublicSeat(Model):
    """A seat as everyone sees it."""

    seat: Seat
    name: str
    hand_size: Count
    hand_limit: Count
    library: list[ArtifactCard]
    artifacts: Count  # artifacts toward victory (a Bonus artifact may count 2)
    initiative: Annotated[int, Field(ge=1)] | None  # the die (+Travels): Initiative only


class RivalSeat(PublicSeat):
    """Another player's seat in a player's view: the cards of its hand the viewer knows."""

    known: list[ActionCard]


class OwnSeat(PublicSeat):
    """The viewer's own seat: its whole hand, sorted by suit."""

    hand: list[ActionCard]


class QuestsPending(Pending):
    kind: Kind


class QuestsPendingAsk(PendingAsk):
    kind: Kind


class _QuestsView(ViewBase):
    game: Literal["quests"]
    schema_: Literal["quests/1"] = Field(alias="schema")
    pending: QuestsPendingAsk | QuestsPending | None
    turn: Count
    phase: Phase
    leader: Seat
    artifacts_to_win: Annotated[int, Field(ge=1)]
    prize: ArtifactCard | None
    action_deck: Count
    artifact_deck: Count
    discard: list[ActionCard]
    fate: list[ActionCard]
    revealed: list[ActionCard]
    playing: Playing | None

    def _quests_consistent(self, seats: list[PublicSeat]) -> None:
        self.seat_models_ok([s.seat for s in seats], [isinstance(s, OwnSeat) for s in seats])
        for s in seats:
            if (s.initiative is None) != (self.phase != "initiative"):
                raise ValueError("initiative is shown for every seat in the Initiative phase only")


class QuestsPlayerView(_QuestsView):
    """What one seat may know."""

    viewer: Seat
    action_deck_known: list[KnownAction]
    artifact_deck_known: list[KnownArtifact]
    seats: list[OwnSeat | RivalSeat]

    @model_validator(mode="after")
    def _consistent(self) -> QuestsPlayerView:
        self._quests_consistent(list(self.seats))
        return self


class QuestsSpectatorView(_QuestsView):
    """What a spectator may know: no hand, no known deck card."""

    viewer: None
    action_deck_known: Annotated[list[KnownAction], Field(max_length=0)]
    artifact_deck_known: Annotated[list[KnownArtifact], Field(max_length=0)]
    seats: list[PublicSeat]

    @model_validator(mode="after")
    def _consistent(self) -> QuestsSpectatorView:
        self._quests_consistent(self.seats)
        return self
