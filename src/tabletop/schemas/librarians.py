"""The view of a game of The Librarians: Adventure Card Game, typed (schema `librarians/1`;
docs/views.md).

Everything on the table is public: the Mission, the Disturbance, the Unassigned Region, the
Special cards, the set-aside cards, the Adventure discard pile, every Player Area and discard
pile, and the dice of a check. Decks, Energy (face down, even to its owner) and Focus and Power
cards (Effect side down) are counts only. A hand is shown to its owner; with the `open_hands`
option (on by default) every player sees every hand, so in a player's view the other seats
show their hands all together or not at all. A spectator sees no hand (`SpectatorSeat`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import MISSING, Field, model_validator

from tabletop.schemas.common import Count, Model, Pending, PendingAsk, Seat, ViewBase

VERSION = 1

Attribute = Literal["guile", "insight", "lore", "tactics"]
Difficulty = Literal["narrative", "standard", "expert"]
AdventureCode = Literal["C-1", "C-2", "C-3", "C-4"]
AdventureType = Literal["complication", "obstacle", "enemy", "special"]
Icon = Literal["success", "failure", "tree", "serpent"]
DieKind = Literal["character", "challenge"]
Phase = Literal["setup", "preparation", "adventure", "action", "enemy", "refresh", "over"]
Kind = Literal[
    "mulligan",  # keep the starting hand or draw a new one (set-up)
    "prepare",  # play an Artifact, Attachment or Sidekick, an Event or ability, or pass
    "attach",  # the character an Attachment goes on
    "limit",  # one Artifact and one Sidekick at a time: the one to discard
    "action",  # a character's action, an Event or ability, the free Assign Enemy, or pass
    "anytime",  # between the other phases' steps: an Event or ability, or pass
    "aim",  # what a card played or used aims at
    "respond",  # a Response to what just happened, or pass
    "check-modify",  # modifiers before the roll
    "check-change",  # change results: devote, card effects, or pass
    "check-die",  # the die a change applies to
    "check-tree",  # spend Tree of Knowledge results, or done
    "check-after",  # responses after a check
    "choose-character",  # the character an effect targets
    "choose-enemy",  # the Enemy an effect targets
    "discard",  # a card to discard (a cost, an effect)
    "cycle",  # discard a card to draw another, or done
    "recover",  # the card to take back from a discard pile
    "scry",  # Adventure cards looked at: which to discard
    "device",  # the Device whose countdown finishes
    "keep-effect",  # the Focus or Power Effect to keep
    "attack",  # the character an attacking Enemy hits
    "path",  # the first player picks a Mission's path
    "refresh",  # draw a card or gain 1 Energy
]


class Card(Model):
    """A card in play or in a public pile: its id (the slug of its name, shared by copies)
    and name, plus, *left out* when they do not apply: the tokens on it (`damage`,
    `progress`, `aid_tokens`, `countdown`: a Device's tokens left), `exhausted` (only ever
    true), `on` (the id of the card it is attached to), `type` (adventure cards only) and
    `number` (an adventure card's number among the copies of its name in the game, as the
    option labels number it: "Relic Looter #2")."""

    id: str
    name: str
    damage: Count | MISSING = MISSING
    progress: Count | MISSING = MISSING
    exhausted: Literal[True] | MISSING = MISSING
    on: str | MISSING = MISSING
    aid_tokens: Count | MISSING = MISSING
    countdown: Count | MISSING = MISSING
    type: AdventureType | MISSING = MISSING
    number: Annotated[int, Field(ge=1)] | MISSING = MISSING


class Challenge(Model):
    attribute: Attribute
    difficulty: Count


class MissionCard(Card):
    """The Mission in play: its Progress, the Progress that advances it for the number of
    players that started (null: its text says how), and its Challenge (null: none)."""

    progress: Count
    advance: Count | None
    challenge: Challenge | None


class DisturbanceCard(Card):
    """The Disturbance in play: the Fate on it and the Fate that advances it."""

    fate: Count
    advance: Count


class Pool(Model):
    character: Count
    challenge: Count


class Die(Model):
    """A rolled die: its kind, the icons of the face it shows ([] blank) and whether it is
    locked (Expert's rerolled die, not to be changed again)."""

    kind: DieKind
    face: list[Icon]
    locked: bool


class Check(Model):
    """The attribute check being made: who makes it (the character's name and the seat),
    the attribute and difficulty, the card it is made against (null: none), the dice pool,
    the dice rolled so far and the seats that have devoted a card to it."""

    actor: str
    player: Seat
    attribute: Attribute
    difficulty: Count
    against: str | None
    pool: Pool
    dice: list[Die]
    devoted: list[Seat]


class Attributes(Model):
    guile: int
    insight: int
    lore: int
    tactics: int


class SpectatorSeat(Model):
    """A seat as everyone sees it: the hero and its numbers, the Player Area, counts of the
    hidden piles (deck, Energy, Focus and Power cards), the discard pile and the Clue tokens."""

    seat: Seat
    hero: str
    attributes: Attributes
    life: Count
    damage: Count
    first_player: bool
    eliminated: bool
    area: list[Card]
    hand_size: Count
    deck: Count
    energy: Count
    discard: list[Card]
    clues: Count
    focus: Count
    power: Count


class HandSeat(SpectatorSeat):
    """A seat whose hand the viewer sees: its own, or a teammate's with `open_hands`."""

    hand: list[Card]


class LibrariansPending(Pending):
    kind: Kind


class LibrariansPendingAsk(PendingAsk):
    kind: Kind


class _LibrariansView(ViewBase):
    game: Literal["librarians"]
    schema_: Literal["librarians/1"] = Field(alias="schema")
    pending: LibrariansPendingAsk | LibrariansPending | None
    round: Count
    phase: Phase
    difficulty: Difficulty
    adventure: AdventureCode
    mission: MissionCard | None
    disturbance: DisturbanceCard | None
    unassigned: list[Card]
    special: list[Card]
    set_aside: list[Card]
    adventure_deck: Count
    adventure_discard: list[Card]
    check: Check | None

    def _seats_consistent(self, seats: list[SpectatorSeat]) -> None:
        if [s.seat for s in seats] != list(range(self.players)):
            raise ValueError(f"seats must be 0 to {self.players - 1} in order")
        if sum(s.first_player for s in seats) > 1:
            raise ValueError("at most one seat holds the Aid from the Library card")
        for s in seats:
            if isinstance(s, HandSeat) and len(s.hand) != s.hand_size:
                raise ValueError(f"seat {s.seat}: hand_size is not the size of its hand")
        if self.check is not None and self.check.player >= self.players:
            raise ValueError("check.player is not a seat of the game")
        if (self.phase == "over") != (self.result is not None):
            raise ValueError("the phase is 'over' exactly when the game has a result")


class LibrariansPlayerView(_LibrariansView):
    """What one seat may know: its own hand, and every teammate's with `open_hands`."""

    viewer: Seat
    seats: list[HandSeat | SpectatorSeat]

    @model_validator(mode="after")
    def _consistent(self) -> LibrariansPlayerView:
        self._seats_consistent(list(self.seats))
        shown = [isinstance(s, HandSeat) for s in self.seats]
        if not shown[self.viewer]:
            raise ValueError("the viewer's own seat must show its hand")
        others = {v for i, v in enumerate(shown) if i != self.viewer}
        if len(others) > 1:
            raise ValueError("the other seats show their hands all together (open_hands) or none")
        return self


class LibrariansSpectatorView(_LibrariansView):
    """What a spectator may know: no hand."""

    viewer: None
    seats: list[SpectatorSeat]

    @model_validator(mode="after")
    def _consistent(self) -> LibrariansSpectatorView:
        self._seats_consistent(self.seats)
        return self


__all__ = [
    "VERSION",
    "Card",
    "HandSeat",
    "LibrariansPlayerView",
    "LibrariansSpectatorView",
    "SpectatorSeat",
]
