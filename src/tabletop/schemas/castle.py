"""The view of a game of Castle Von Loghan, typed (schema `castle/1`; docs/views.md).

Public to everyone: the board (rooms with the Random Event token lying there, its colour and
whether it was Sneaked, Story tokens, Points of Interest; doors and Locked Door tokens), the
group's room, Health and Clarity (the group's, or each Agent's in Unshackled), every Agent's
Energy, Skills and cooldowns, inventory, Upgrades, Timing sequence, Initiative card, discard
pile and trophies, the fight's line-up, the Event card and the last revealed votes, the Allies,
the P.O.D., the Gob-li Merchant's offer and the Story's current cards. Counted only: Combat
decks and the Lurking Enemies. Private: a Contract (its owner sees its name, everyone else a
count; a spectator counts every Contract) and the face of a Sneaked token (`seen`: only for
an Agent who peeked at it; never in a spectator's view).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import MISSING, Field, model_validator

from tabletop.schemas.common import Count, Model, Pending, PendingAsk, Seat, ViewBase

VERSION = 1

GameMode = Literal["campaign", "exploration", "coop-competitive", "boss-run", "unshackled"]
Timeline = Literal["past", "present", "future"]
Colour = Literal["green", "blue", "red", "violet"]
EventColour = Literal["green", "blue", "red"]
Phase = Literal["setup", "movement", "event", "combat", "refresh", "over"]
TreasureKind = Literal["weapon", "shield", "item"]
Size = Literal["small", "large"]
Slot = Literal["hand", "belt", "backpack"]
DamageType = Literal["melee", "ranged", "shock", "special"]
Category = Literal["attack card", "support card", "strike card", "hazard card"]
Keyword = Literal["cannot-be-moved", "ignores-timing-cost", "cannot-be-negated"]
EnemyState = Literal["active", "defeated", "stunned", "fresh"]
SneakFace = Literal["empty", "lurking", "treasure"]
DoorKind = Literal["door", "elevator"]
StoryKind = Literal["intro", "story", "locked", "poi", "mission", "outro"]
# A decision's kind (docs/views.md says what each asks).
Kind = Literal[
    "move",
    "vote",
    "group-vote",
    "place-treasure",
    "heal-choice",
    "discard-treasure",
    "upgrade",
    "refresh",
    "buy",
    "between",
    "anytime",
    "combat-weapons",
    "combat-start",
    "combat-draw",
    "combat-replace",
    "combat-rearrange",
    "combat-negate",
    "combat-execute",
    "combat-target",
    "combat-card",
    "combat-enemy",
    "share-energy",
    "reward",
]


class Skill(Model):
    """One of an Agent's two Skills: its Energy cost, the minimum Clarity to use it (a
    threshold, not paid) and whether it is cooling down until the Refresh Phase."""

    name: str
    energy: Count
    clarity: Count
    cooldown: bool


class Treasure(Model):
    """A Treasure card (in an inventory, the P.O.D. or the Gob-li Merchant's offer): its id
    (the slug of its name, shared by copies), name, colour, kind, size and Energy (its burn
    value and price). Weapons and shields add `hands`, `power` (Combat Power) and `type` (the
    damage type, "" for a shield). Left out when they do not apply: `slot` (where it lies in an
    inventory; left out for a carried weapon not yet equipped, an offered or stored card),
    `exhausted` and `timeless` (only ever true)."""

    id: str
    name: str
    colour: Colour
    kind: TreasureKind
    size: Size
    energy: Count
    hands: Count | MISSING = MISSING
    power: Count | MISSING = MISSING
    type: DamageType | Literal[""] | MISSING = MISSING
    slot: Slot | MISSING = MISSING
    exhausted: Literal[True] | MISSING = MISSING
    timeless: Literal[True] | MISSING = MISSING


class TimingCard(Model):
    """A card of an Agent's Timing sequence: its Timing (1 = first), id, name, category, Timing
    Cost, Damage and Rage; `keywords` (left out when none), `negated` and `paid` (only ever
    true: Negated, and its optional effect paid for)."""

    timing: Annotated[int, Field(ge=1)]
    id: str
    name: str
    category: Category
    cost: int
    damage: int
    rage: int
    keywords: list[Keyword] | MISSING = MISSING
    negated: Literal[True] | MISSING = MISSING
    paid: Literal[True] | MISSING = MISSING


class AgentView(Model):
    """An Agent (one seat). `health` and `clarity` are left out when the group shares them
    (every mode but Unshackled). `contract` is left out outside Co-op Competitive; there it is
    the names of the Agent's Contract cards in its owner's view, and their count in anyone
    else's (a spectator's too)."""

    seat: Seat
    agent: str
    room: str
    energy: Count
    max_energy: Count
    skills: list[Skill]
    overcharged: bool
    inventory: list[Treasure]
    upgrades: list[str]
    combat_power: int
    damage_types: list[DamageType]
    deck: Count
    discard: list[str]
    line: list[TimingCard]
    initiative: list[str]
    damage: int
    target: str | None
    trophies: list[str]
    shards: Count
    leader: bool
    health: Count | MISSING = MISSING
    clarity: Count | MISSING = MISSING
    contract: list[str] | Count | MISSING = MISSING


class RoomView(Model):
    """A place of the board (rooms 1 to 25, the Foyer `F`, `pod`, `outside`). Left out when
    they do not apply: `token` (the colour of the Random Event token lying there), `sneaked`
    (a Sneak turned it sideways, still face down; only ever true), `seen` (the face a peeking
    viewer saw), `marks` (Story tokens lying there) and `poi` (a Point of Interest; only ever
    true)."""

    id: str
    name: str
    token: EventColour | MISSING = MISSING
    sneaked: Literal[True] | MISSING = MISSING
    seen: SneakFace | MISSING = MISSING
    marks: list[str] | MISSING = MISSING
    poi: Literal[True] | MISSING = MISSING


class DoorView(Model):
    """A door (or elevator) between places `a` and `b`, and whether a Locked Door token
    blocks it."""

    id: str
    a: str
    b: str
    kind: DoorKind
    locked: bool


class EnemyView(Model):
    """An enemy of the fight's line-up: its position (1 = leftmost), id, name, colour,
    Health, the Damage on it, its state, its immunities and its Energy reward; `countdown`
    (Tracker tokens on its Base Attack) and `engaged` (only ever true) left out when they do
    not apply."""

    position: Annotated[int, Field(ge=1)]
    id: str
    name: str
    colour: Colour
    health: Count
    damage: Count
    state: EnemyState
    immune: list[str]
    energy: Count
    countdown: Count | MISSING = MISSING
    engaged: Literal[True] | MISSING = MISSING


class EventCard(Model):
    """The Random Event card in play: its text (the situation and options A to D) and
    whether it is a Group Decision (one option for the whole group)."""

    name: str
    colour: EventColour
    text: str
    group: bool


class AllyView(Model):
    name: str
    clarity: Count
    exhausted: bool


class StoryNext(Model):
    number: str
    title: str
    text: str


class StoryCard(Model):
    number: str
    kind: StoryKind
    title: str
    text: str


class Story(Model):
    """The campaign's Story deck: the Mission, its next cover card (null: none left), the
    Point of Interest and Mission cards in play, and the numbers of the cards resolved."""

    mission: str
    next: StoryNext | None
    active: list[StoryCard]
    done: list[str]


class CastlePending(Pending):
    kind: Kind


class CastlePendingAsk(PendingAsk):
    kind: Kind


class _CastleView(ViewBase):
    game: Literal["castle"]
    schema_: Literal["castle/1"] = Field(alias="schema")
    pending: CastlePendingAsk | CastlePending | None
    mode: GameMode
    timeline: Timeline
    board: str
    mission: Annotated[int, Field(ge=1)] | None
    turn: Count
    phase: Phase
    leader: Seat
    group_room: str
    health: Count | None
    clarity: Count | None
    agents: list[AgentView]
    rooms: list[RoomView]
    doors: list[DoorView]
    fight: list[EnemyView]
    rage: int
    combat_round: Count
    lurking: Count
    event: EventCard | None
    votes: list[str]
    allies: list[AllyView]
    pod: list[Treasure]
    merchant: list[Treasure]
    hints: list[str]
    counters: dict[str, int]
    story: Story | None
    ended: str

    @model_validator(mode="after")
    def _consistent(self) -> _CastleView:
        agents = self.agents
        if [a.seat for a in agents] != list(range(self.players)):
            raise ValueError(f"agents must be seats 0 to {self.players - 1} in order")
        if self.leader >= self.players or not agents[self.leader].leader:
            raise ValueError("leader must be a seat whose Agent is marked as the leader")
        if sum(a.leader for a in agents) != 1:
            raise ValueError("exactly one Agent leads")
        shared = self.mode != "unshackled"
        if not all((x is not None) == shared for x in (self.health, self.clarity)):
            raise ValueError("the group's health and clarity are given exactly when shared")
        for a in agents:
            own = a.health is not MISSING and a.clarity is not MISSING
            if own == shared:
                raise ValueError(f"seat {a.seat}: own health and clarity only in Unshackled")
            if (a.contract is MISSING) == (self.mode == "coop-competitive"):
                raise ValueError(f"seat {a.seat}: a contract exactly in Co-op Competitive")
            if isinstance(a.contract, list) and a.seat != self.viewer:
                raise ValueError(f"seat {a.seat}: only the owner sees its Contract by name")
        if [e.position for e in self.fight] != list(range(1, len(self.fight) + 1)):
            raise ValueError("fight positions must run 1, 2, ... in line-up order")
        if (self.mode == "campaign") != (self.mission is not None and self.story is not None):
            raise ValueError("mission and story are given exactly in the campaign")
        if (self.phase == "over") != (self.result is not None):
            raise ValueError("the phase is 'over' exactly when the game has a result")
        if self.viewer is None and any(r.seen is not MISSING for r in self.rooms):
            raise ValueError("a spectator sees no Sneaked token's face")
        return self


class CastlePlayerView(_CastleView):
    """What one seat may know: its own Contract by name, and the faces of the Sneaked tokens
    its Agent peeked at."""

    viewer: Seat


class CastleSpectatorView(_CastleView):
    """What a spectator may know: no Contract by name, no token's face."""

    viewer: None


__all__ = [
    "VERSION",
    "AgentView",
    "CastlePlayerView",
    "CastleSpectatorView",
    "Treasure",
]
