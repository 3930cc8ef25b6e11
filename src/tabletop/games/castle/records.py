"""Castle Von Loghan content: the typed records it is read into (Agents, combat cards,
Treasures, Allies, Upgrades, enemies, Random Events and their tokens, the three boards, the
campaign's Missions and its decks, the game modes), each declared once with what a file may
give (validated by `tabletop.engine.declared`; the names it may use are in `vocab.py`).

Every effect a record names is a handler id of `EFFECTS`, with typed parameters, so the rules
engine implements each in one place; every condition a Story card, Contract or Mission waits
for is an id of `CONDITIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated

from tabletop.engine.content import SOURCES
from tabletop.engine.declared import Count, Field, OneOf, Rule, declared
from tabletop.games.castle.vocab import (
    ALLY,
    BOOL,
    CATEGORIES,
    COLOURS,
    CONDITIONS,
    DAMAGE_TYPES,
    DECKS,
    DOOR,
    DOOR_KINDS,
    EFFECTS,
    ENEMY,
    EVENT_COLOURS,
    EVENT_SUMMONS,
    INT,
    ITEM,
    ITEM_KINDS,
    KEEPS,
    KEYWORDS,
    MODES,
    REFERENCES,
    ROOM,
    SEARCH_KINDS,
    SIGNED,
    SIZES,
    SLOTS,
    SNEAK_FACES,
    STORY,
    STORY_KINDS,
    TEXT,
    TIEBREAKS,
    TIMELINES,
    TOKENS,
    USES,
    WHEN,
    WINDOWS,
    Param,
    ParamSpec,
    base_attack_problem,
    end_problem,
    params_problem,
    rage_attack_problem,
    search_problem,
)

# -- checks across fields -----------------------------------------------------------------------


def _step(s: Step) -> str | None:
    return params_problem(s.effect, EFFECTS[s.effect], s.params)


def _condition(c: Condition) -> str | None:
    return params_problem(c.kind, CONDITIONS[c.kind], c.params)


# -- records (declared once: what a content file may give, and its defaults) --------------------
#
# The field types name the constraints (`Count`: an int >= 0; `OneOf`: the allowed strings;
# `Rule`: a check across fields) and the defaults of fields a file may leave out (aliases such
# as `Steps` and `Zero` below); `tabletop.engine.declared` validates the TOML against them.


@declared
@dataclass(frozen=True, slots=True)
class Step:
    """One effect: a handler, its parameters, when it applies and the Energy paid for it
    (`pay` > 0: an optional effect the Agent may pay for)."""

    effect: Annotated[str, OneOf(tuple(EFFECTS))]
    params: Annotated[Mapping[str, Param], Field(default_factory=dict)]
    when: Annotated[str, OneOf(WHEN)] = "always"
    pay: Count = 0


@declared
@dataclass(frozen=True, slots=True)
class Condition:
    kind: Annotated[str, OneOf(tuple(CONDITIONS))]
    params: Annotated[Mapping[str, Param], Field(default_factory=dict)]


@declared
@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    energy: Count  # Energy cost
    clarity: Count  # minimum Clarity (a threshold, not paid)
    cooldown: Annotated[str, OneOf(("refresh",))]  # until the start of the Refresh Phase
    window: Annotated[str, OneOf(WINDOWS)]
    steps: Steps
    text: str


@declared
@dataclass(frozen=True, slots=True)
class Agent:
    name: str
    slug: str
    colour: str  # the colour of its Combat and Decision decks
    skills: Annotated[tuple[Skill, Skill], Field(alias="skill")]
    items: Names  # starting Treasures
    upgrade_slots: Count
    backpack_slots: Count
    max_energy: Count
    deck: Table  # combat card -> copies
    decisions: Names  # its Decision cards
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def deck_list(self) -> tuple[str, ...]:
        return tuple(name for name, n in self.deck.items() for _ in range(n))


@declared
@dataclass(frozen=True, slots=True)
class CombatCard:
    name: str
    slug: str
    category: Annotated[str, OneOf(CATEGORIES)]
    timing_cost: Count
    damage: Zero
    rage: Zero
    keywords: Annotated[tuple[Annotated[str, OneOf(KEYWORDS)], ...], Field(default=())]
    steps: Steps
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Ability:
    """A Treasure's, Ally's or Upgrade's effect: its window, its costs, how it is spent."""

    window: Annotated[str, OneOf(WINDOWS)]
    energy: Zero
    clarity: Zero
    use: Annotated[str, OneOf(USES)]
    steps: Steps


@declared
@dataclass(frozen=True, slots=True)
class Treasure:
    name: str
    slug: str
    colour: Annotated[str, OneOf(COLOURS)]
    copies: Annotated[Count, Field(default=1)]
    kind: Annotated[str, OneOf(ITEM_KINDS)]
    size: Annotated[str, OneOf(SIZES)]
    hands: Zero  # weapons and shields: 1 or 2; items 0
    combat_power: Zero
    damage_type: Empty  # "" for shields and items
    energy: Zero  # the burn value and Gob-li price; 0 for a Timeless item
    timeless: No
    set: Empty  # the Unique Treasure a Timeless set piece is exchanged for, or ""
    abilities: Abilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Ally:
    name: str
    slug: str
    clarity: Count
    abilities: Abilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Upgrade:
    name: str
    slug: str
    copies: Annotated[Count, Field(default=1)]
    abilities: Abilities
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Attack:
    """An enemy's Base Attack (with a countdown of rounds, 0 for none) or one of its Rage
    Attacks (the Rage value for its Timeline)."""

    timeline: Annotated[str, OneOf(TIMELINES), Field(default="")]  # "" for the Base
    rage: Zero
    countdown: Zero
    steps: Steps


@declared
@dataclass(frozen=True, slots=True)
class Enemy:
    name: str
    slug: str
    colour: Annotated[str, OneOf(COLOURS)]
    copies: Annotated[Count, Field(default=1)]
    health: Annotated[int, Field(ge=1)]
    energy: Zero  # the reward shared out when it is Defeated
    treasure: Annotated[  # reward colour -> cards
        Mapping[Annotated[str, OneOf(COLOURS)], Count], Field(default_factory=dict)
    ]
    immune: Annotated[tuple[Annotated[str, OneOf(DAMAGE_TYPES)], ...], Field(default=())]
    weak: Annotated[  # damage type -> extra Damage
        Mapping[Annotated[str, OneOf(DAMAGE_TYPES)], Count], Field(default_factory=dict)
    ]
    passive: Steps
    base: Annotated[Attack, Rule(base_attack_problem)]
    rage: Annotated[tuple[Annotated[Attack, Rule(rage_attack_problem)], ...], Field(default=())]
    shards: int  # Data Shards for the killing blow (Co-op Competitive)
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def rage_attack(self, timeline: str) -> Attack | None:
        return next((a for a in self.rage if a.timeline == timeline), None)


@declared
@dataclass(frozen=True, slots=True)
class EndEvent:
    summon: Annotated[str, OneOf(EVENT_SUMMONS)]
    colour: Empty  # the colour summoned ("" with none)
    count: Zero  # fixed: that many; lurking: Lurking Enemies; group: 0 (Agents minus one)
    steps: Steps


@declared
@dataclass(frozen=True, slots=True)
class RandomEvent:
    name: str
    slug: str
    colour: Annotated[str, OneOf(EVENT_COLOURS)]
    copies: Annotated[Count, Field(default=1)]
    group: No  # a Group Decision: one option for the whole group
    options: tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...], tuple[Step, ...]]
    end: Annotated[EndEvent, Rule(end_problem)]
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def option(self, letter: str) -> tuple[Step, ...]:
        return self.options["ABCD".index(letter)]


@declared
@dataclass(frozen=True, slots=True)
class SearchResult:
    kind: Annotated[str, OneOf(SEARCH_KINDS)]
    amount: Zero
    colour: Empty  # treasure and lurking: the colour ("" otherwise)


Search = Annotated[SearchResult, Rule(search_problem)]


@declared
@dataclass(frozen=True, slots=True)
class EventToken:
    colour: Annotated[str, OneOf(EVENT_COLOURS)]
    number: Count
    sneak: Annotated[str, OneOf(SNEAK_FACES)]  # the diamond in the middle of the face-down side
    search: tuple[Search, Search, Search, Search]  # from upper left
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Room:
    id: str
    name: str
    underground: No
    poi: No  # a Point of Interest room


@declared
@dataclass(frozen=True, slots=True)
class Door:
    id: str
    a: str
    b: str
    kind: Annotated[str, OneOf(DOOR_KINDS), Field(default="door")]


@declared
@dataclass(frozen=True, slots=True)
class Board:
    timeline: Annotated[str, OneOf(TIMELINES)]
    name: str
    colour: str
    year: Count
    rooms: Annotated[tuple[Room, ...], Field(alias="room")]
    doors: Annotated[tuple[Door, ...], Field(alias="door")]
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def room(self, rid: str) -> Room:
        return next(r for r in self.rooms if r.id == rid)

    def neighbours(self, rid: str) -> tuple[str, ...]:
        out = [d.b for d in self.doors if d.a == rid] + [d.a for d in self.doors if d.b == rid]
        return tuple(sorted(out))


@declared
@dataclass(frozen=True, slots=True)
class StoryCard:
    """A card of a Mission's deck: its Intro, Story, Locked and Point of Interest cover cards,
    Mission cards and Outro; `wait` is the condition a cover card's text waits for."""

    number: str  # "NN/MM": card NN of Mission MM
    kind: Annotated[str, OneOf(STORY_KINDS)]
    title: str
    wait: Wait
    steps: Steps
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Mission:
    number: Count
    name: str
    timeline: Annotated[str, OneOf(TIMELINES)]
    deluxe: No
    mechanic: str
    start: Annotated[str, Field(default="outside")]  # where the Group Token starts
    recommended: Names  # the Agents the rulebook suggests, if any
    cards: tuple[StoryCard, ...]
    keeps: Annotated[tuple[Annotated[str, OneOf(KEEPS)], ...], Field(default=())]
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def card(self, number: str) -> StoryCard:
        return next(c for c in self.cards if c.number == number)

    def of_kind(self, kind: str) -> tuple[StoryCard, ...]:
        return tuple(c for c in self.cards if c.kind == kind)


@declared
@dataclass(frozen=True, slots=True)
class DeckCard:
    """A card of a small deck (Contracts, Loghan Chase, Warden)."""

    deck: Annotated[str, OneOf(DECKS)]
    name: str
    slug: str
    wait: Wait
    shards: Zero
    steps: Steps
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Mode:
    id: Annotated[str, OneOf(MODES)]
    name: str
    story: bool  # uses the Story decks
    tokens: tuple[Count, Count]  # Random Event tokens of each colour (campaign: the Mission's)
    upgrades: Zero  # Upgrades each Agent may add at set-up
    treasures_per_agent: Zero
    unique_with: Annotated[  # a Unique enemy joins every summon of these colours
        tuple[Annotated[str, OneOf(EVENT_COLOURS)], ...], Field(default=())
    ]
    shared: bool  # shared Health and Clarity
    health: Zero  # each Agent's own Health and Clarity when not shared (0 when shared)
    contracts: No
    start: Empty  # where the Group Token starts ("": the Mission says)
    ordered_from: Zero  # tokens placed in room order, alternating colours, from this room
    random_from: Zero  # or shuffled and dealt from this room (0: neither)
    tiebreaks: Annotated[  # after the most Data Shards
        tuple[Annotated[str, OneOf(TIEBREAKS)], ...], Field(default=())
    ]
    text: str
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


@declared
@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of set-up and of the turn the rulebook prints."""

    min_agents: Count
    max_players: Count
    start_energy: Count
    health_base: Count  # starting Health = this + active Agents
    clarity: Count
    overcharge_clarity: Count
    clarity_zero_health: Count  # Health lost at the start of Refresh with Clarity 0
    unengaged: tuple[Count, Count]  # Health and Clarity each Unengaged enemy costs
    summon: Mapping[int, Count]  # active Agents -> enemies summoned
    shards: Annotated[  # enemy colour -> Data Shards
        Mapping[Annotated[str, OneOf(COLOURS)], Count], Field(default_factory=dict)
    ]
    refresh: Names  # Refresh actions
    rest: tuple[Count, Count]  # Health and Clarity per resting Agent
    recharge: Count
    searchers: Count
    hand_slots: Count
    belt_slots: Count
    bare_hand_power: Count
    counts: Table  # the component list
    tokens: Table  # the token list
    source: Source
    field_sources: Mapping[str, str] = field(default_factory=dict)


# The declared field kinds the records above use.
Source = Annotated[str, OneOf(SOURCES)]
Steps = Annotated[tuple[Annotated[Step, Rule(_step)], ...], Field(default=())]
Wait = Annotated[
    Condition, Rule(_condition), Field(default_factory=lambda: Condition("always", {}))
]
Abilities = Annotated[tuple[Ability, ...], Field(default=(), alias="ability")]
Names = Annotated[tuple[str, ...], Field(default=())]
Table = Annotated[Mapping[str, Count], Field(default_factory=dict)]
Zero = Annotated[Count, Field(default=0)]
No = Annotated[bool, Field(default=False)]
Empty = Annotated[str, Field(default="")]


@dataclass(frozen=True, slots=True)
class Content:
    rules: Rules
    agents: tuple[Agent, ...]
    combat_cards: tuple[CombatCard, ...]
    treasures: tuple[Treasure, ...]
    allies: tuple[Ally, ...]
    upgrades: tuple[Upgrade, ...]
    enemies: tuple[Enemy, ...]
    events: tuple[RandomEvent, ...]
    tokens: tuple[EventToken, ...]
    boards: tuple[Board, ...]
    missions: tuple[Mission, ...]
    decks: tuple[DeckCard, ...]
    modes: tuple[Mode, ...]

    def agent(self, name: str) -> Agent:
        return next(a for a in self.agents if a.name == name)

    def card(self, name: str) -> CombatCard:
        return next(c for c in self.combat_cards if c.name == name)

    def treasure(self, name: str) -> Treasure:
        return next(t for t in self.treasures if t.name == name)

    def ally(self, name: str) -> Ally:
        return next(a for a in self.allies if a.name == name)

    def enemy(self, name: str) -> Enemy:
        return next(e for e in self.enemies if e.name == name)

    def event(self, name: str) -> RandomEvent:
        return next(e for e in self.events if e.name == name)

    def board(self, timeline: str) -> Board:
        return next(b for b in self.boards if b.timeline == timeline)

    def mission(self, number: int) -> Mission:
        return next(m for m in self.missions if m.number == number)

    def mode(self, mid: str) -> Mode:
        return next(m for m in self.modes if m.id == mid)

    def deck(self, name: str) -> tuple[DeckCard, ...]:
        return tuple(c for c in self.decks if c.deck == name)

    def treasure_deck(self, colour: str) -> tuple[str, ...]:
        """A Treasure deck before shuffling: one name per copy."""
        return tuple(t.name for t in self.treasures if t.colour == colour for _ in range(t.copies))

    def sorting_numbers(self, colour: str) -> tuple[tuple[str, int], ...]:
        """A Treasure deck's cards with their sorting numbers (lower right; the highest green
        one drawn picks the first Leader): every copy of the 130 numbered 1 up in file order."""
        numbered = [t.name for t in self.treasures for _ in range(t.copies)]
        return tuple(
            (name, i) for i, name in enumerate(numbered, 1) if self.treasure(name).colour == colour
        )

    def enemy_deck(self, colour: str) -> tuple[str, ...]:
        return tuple(e.name for e in self.enemies if e.colour == colour for _ in range(e.copies))

    def event_deck(self, colour: str) -> tuple[str, ...]:
        return tuple(e.name for e in self.events if e.colour == colour for _ in range(e.copies))


# Re-exported: the content vocabulary the records use, declared in `vocab.py`.
__all__ = [
    "ALLY",
    "BOOL",
    "CATEGORIES",
    "COLOURS",
    "CONDITIONS",
    "DAMAGE_TYPES",
    "DECKS",
    "DOOR",
    "DOOR_KINDS",
    "EFFECTS",
    "ENEMY",
    "EVENT_COLOURS",
    "EVENT_SUMMONS",
    "INT",
    "ITEM",
    "ITEM_KINDS",
    "KEEPS",
    "KEYWORDS",
    "MODES",
    "REFERENCES",
    "ROOM",
    "SEARCH_KINDS",
    "SIGNED",
    "SIZES",
    "SLOTS",
    "SNEAK_FACES",
    "STORY",
    "STORY_KINDS",
    "TEXT",
    "TIEBREAKS",
    "TIMELINES",
    "TOKENS",
    "USES",
    "WHEN",
    "WINDOWS",
    "Abilities",
    "Ability",
    "Agent",
    "Ally",
    "Attack",
    "Board",
    "CombatCard",
    "Condition",
    "Content",
    "DeckCard",
    "Door",
    "Empty",
    "EndEvent",
    "Enemy",
    "EventToken",
    "Mission",
    "Mode",
    "Names",
    "No",
    "Param",
    "ParamSpec",
    "RandomEvent",
    "Room",
    "Rules",
    "Search",
    "SearchResult",
    "Skill",
    "Source",
    "Step",
    "Steps",
    "StoryCard",
    "Table",
    "Treasure",
    "Upgrade",
    "Wait",
    "Zero",
    "params_problem",
]
