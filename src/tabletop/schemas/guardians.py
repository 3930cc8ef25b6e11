"""The view of a Guardians: Explore game, typed (schema `guardians/2`; docs/views.md).

A player's view (`GuardiansPlayerView`) shows the viewer's own seat with its private keys
(`OwnSeat`: hand, cards looked at, cards under Aimed Shot, Secret Quests, SUPER choice, draft
pack and drafted cards, secret Museum monster, battle effects); every other seat, and every
seat of a spectator's view (`GuardiansSpectatorView`), shows only the public keys (`Seat`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import MISSING, Field, model_validator

from tabletop.schemas.common import Count, Model, Pending, PendingAsk, Seat, ViewBase

VERSION = 2

CardType = Literal["generic", "skill", "item", "familiar", "coward"]
Group = Literal["knight", "wizard", "archer", "rogue", "bug", "plant", "wolf", "tiger"]
MonsterFamily = Literal["zombie", "orc", "robot", "warlock", "spider"]
BossFamily = Literal["zombie", "orc", "robot", "warlock", "spider", "fiend"]
BossColour = Literal["blue", "red"]
LocationColour = Literal["blue", "yellow", "red"]
PlayerColour = Literal["red", "black", "green", "blue", "yellow"]
SoloRank = Literal["True Guardian", "Guardian", "Apprentice", "Play again"]
TrackSpace = Literal["setup", "warm-up", "round", "blue-boss", "third-wave", "red-boss", "end"]
BattleEffect = Literal[
    "mastering-slash",
    "fireball",
    "falling-star",
    "wand",
    "aimed-shot",
    "marbles",
    "potion",
    "super-potion",
]
Phase = Literal[
    "setup",
    "draft",
    "keep-super",
    "keep-quest",
    "reveal",
    "location",
    "overrun",
    "power",
    "battle",
    "rewards",
    "cleanup",
    "over",
]
# A decision's kind: a player's step, or (when the players of a decision are asked different
# kinds of step at once) the phase.
Kind = Literal[
    "power",
    "battle",
    "discard",
    "trash-pile",
    "visit",
    "draft",
    "keep-super",
    "keep-quest",
    "look-take",
    "look-toss",
    "look-order",
    "under",
    "borrow",
    "attach",
    "replay",
    "drop",
    "museum",
    "fort",
    "fx-loc",
    "fx-target",
    "mslash",
    "spider",
    "shield",
    "field-retreat",
    "field-wave",
    "boss-reward",
    # phases, for a decision whose players are asked different kinds at once
    "reveal",
    "location",
    "overrun",
    "rewards",
    "cleanup",
]


class Card(Model):
    """A player card (one physical copy). `group` (a class or a familiar family), `energy`
    and `attack` are left out when the card has none (absent means none, 0); `attached_to`
    only while it is attached to another card (that card's id)."""

    id: str
    kind: str
    name: str
    type: CardType
    super: bool
    req: int
    group: Group | MISSING = MISSING
    energy: int | MISSING = MISSING
    attack: int | MISSING = MISSING
    attached_to: str | MISSING = MISSING


class Monster(Model):
    """A face-up monster: its attack, the damage on it and what is left to deal (`remaining`
    = `attack` - `damage`), its trophy points and the wave (1-3) it came with."""

    id: str
    kind: str
    name: str
    family: MonsterFamily
    tier: int
    attack: int
    damage: Count
    remaining: int
    points: int
    wave: Annotated[int, Field(ge=1, le=3)]


class Quest(Model):
    """A Secret Quest card."""

    id: str
    kind: str
    name: str
    points: int


class Boss(Model):
    """A revealed boss; `damage` and `battlers` (seat number as a string -> attack it put
    in) only while it is being fought."""

    id: str
    name: str
    colour: BossColour
    family: BossFamily
    attack: int
    damage: Count | MISSING = MISSING
    battlers: dict[str, int] | MISSING = MISSING


class _BossSlot(Model):
    revealed: bool  # the boss has been turned face up (`boss` then shows it)
    waiting: bool  # the face-down boss is still waiting to be revealed
    boss: Boss | MISSING = MISSING
    outcome: Literal["defeated", "survived"] | MISSING = MISSING  # once fought
    rewards_face_down: Count

    @model_validator(mode="after")
    def _consistent(self) -> _BossSlot:
        if self.revealed != (self.boss is not MISSING):
            raise ValueError("a boss is shown exactly when it is revealed")
        return self


class BlueBossSlot(_BossSlot):
    """The Blue Boss: its display of rewards (player cards) once turned face up."""

    rewards: list[Card]


class RedBossSlot(_BossSlot):
    """The Red Boss: its display of rewards (Secret Quests) once turned face up."""

    rewards: list[Quest]


class Bosses(Model):
    """The bosses; `red` is left out of the Apprentice game, which has none."""

    blue: BlueBossSlot
    red: RedBossSlot | MISSING = MISSING


class Location(Model):
    """A location of Arthursburg."""

    id: str
    name: str
    number: int
    colour: LocationColour
    row: int
    col: int
    symbols: int  # its monster symbols as shown now (a flipped base location's when flipped)
    flipped: bool  # a base location turned to its flipped side
    safe: bool  # no monsters: it may be visited
    monsters: list[Monster]
    face_down: Count  # face-down monsters waiting there
    combined: int  # the combined attack of its monsters
    forts: list[Seat]  # whose Blanket Fort stands here
    guardians: list[Seat]  # who visited it this round


class Timekeeper(Model):
    """The Timekeeper: its `position` on the `track` and the space there (`end` past it)."""

    position: Count
    space: TrackSpace
    track: list[TrackSpace]


class Waves(Model):
    """How many monsters are left in the second and third waves (face down)."""

    second: Count
    third: Count


class PublicSeat(Model):
    """A seat as everyone sees it."""

    seat: Seat
    name: str
    colour: PlayerColour
    deck: Count
    hand_size: Count
    discard_size: Count  # = len(discard)
    discard: list[Card]  # the whole pile, bottom first: public
    play: list[Card]
    persistent: list[Card]
    copies: list[str]  # NAMES (not ids) of cards played as copies this round (Borrow, Potion)
    under_aimed_shot: Count
    energy: int
    attack: int
    counters: Count
    trophies: list[Monster]
    trophy_points: int
    fort: str | None  # the location id of its Blanket Fort
    location: str | None  # the location id it visited this round
    secret_quests: Count
    quests_shown: list[Quest]
    secret_monster: Count
    pack_size: Count
    drafted: Count


class OwnSeat(PublicSeat):
    """The viewer's own seat, with what only its player knows."""

    hand: list[Card]
    looking: list[Card]
    under: list[Card]
    quests: list[Quest]
    super_choice: list[Card]
    pack: list[Card]
    drafted_cards: list[Card]
    museum: list[Monster]
    battle_effects: list[BattleEffect]


class GuardiansPending(Pending):
    kind: Kind


class GuardiansPendingAsk(PendingAsk):
    kind: Kind


class _GuardiansView(ViewBase):
    game: Literal["guardians"]
    schema_: Literal["guardians/2"] = Field(alias="schema")
    pending: GuardiansPendingAsk | GuardiansPending | None
    round: Count
    turn: Count  # the same number as `round`
    phase: Phase
    difficulty: Literal["guardian", "apprentice"]
    cooperative: bool
    timekeeper: Timekeeper
    trailblazer: Seat
    order: list[Seat]
    city: list[Location]
    bosses: Bosses
    boss_fight: BossColour | None
    third_wave: bool
    waves: Waves
    retreat: list[Monster]
    supply: Count
    trash: list[Card]
    revealed: list[Card]
    counters_on_mat: Count
    solo_rank: SoloRank | None  # a one-player game's rank, once it is over

    def _guardians_consistent(self, seats: list[PublicSeat]) -> None:
        self.seat_models_ok([s.seat for s in seats], [isinstance(s, OwnSeat) for s in seats])
        if any(s.discard_size != len(s.discard) for s in seats):
            raise ValueError("discard_size counts the discard pile")
        if self.solo_rank is not None and (self.players != 1 or self.result is None):
            raise ValueError("a rank is shown only at the end of a one-player game")
        if self.round != self.turn:
            raise ValueError("round and turn are the same number")
        if (self.bosses.red is MISSING) != (self.difficulty == "apprentice"):
            raise ValueError("the Red Boss is shown in every game but the Apprentice one")


class GuardiansPlayerView(_GuardiansView):
    """What one seat may know."""

    viewer: Seat
    seats: list[OwnSeat | PublicSeat]

    @model_validator(mode="after")
    def _consistent(self) -> GuardiansPlayerView:
        self._guardians_consistent(list(self.seats))
        return self


class GuardiansSpectatorView(_GuardiansView):
    """What a spectator may know: every seat's public keys only."""

    viewer: None
    seats: list[PublicSeat]

    @model_validator(mode="after")
    def _consistent(self) -> GuardiansSpectatorView:
        self._guardians_consistent(self.seats)
        return self
