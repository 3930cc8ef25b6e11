"""Castle Von Loghan content: the names the content may use and the typed records it is read
into (Agents, combat cards, Treasures, Allies, Upgrades, enemies, Random Events and their
tokens, the three boards, the campaign's Missions and its decks, the game modes).
`content.load()` reads them.

Every effect a record names is a handler id of `EFFECTS`, with typed parameters, so the rules
engine implements each in one place; every condition a Story card, Contract or Mission waits
for is an id of `CONDITIONS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

COLOURS = ("green", "blue", "red", "violet")  # violet: Unique enemies and Treasures
EVENT_COLOURS = ("green", "blue", "red")
TIMELINES = ("past", "present", "future")
DAMAGE_TYPES = ("melee", "ranged", "shock", "special")
CATEGORIES = ("attack", "support", "strike", "hazard")  # attack, support: yours; the rest grey
KEYWORDS = ("cannot-be-moved", "ignores-timing-cost", "cannot-be-negated")
SIZES = ("small", "large")
ITEM_KINDS = ("weapon", "shield", "item")
SLOTS = ("hand", "belt", "backpack")
USES = ("exhaust", "discard", "passive")  # how a Treasure's effect is spent
# When a Skill, Treasure, Ally or Upgrade effect may be used: any time, or one combat step
# (start = Start of Combat, first round), or an event, or the Refresh Phase.
WINDOWS: tuple[str, ...] = (
    "any",
    "combat",
    "start",
    "draw",
    "replace",
    "rearrange",
    "negate",
    "execute",
)
WINDOWS += ("target", "event", "refresh", "outside-combat")
# When a step of a combat card (or an enemy attack) applies: the card's position and its
# neighbours at execution, another Agent in Reach at the same Timing, the enemy damaged.
WHEN: tuple[str, ...] = (
    "always",
    "first-card",
    "last-card",
    "not-first-card",
    "adjacent-active-attack",
)
WHEN += ("adjacent-active-strike-or-hazard", "reach-attack-same-timing", "self-damaged")
SNEAK_FACES = ("empty", "lurking", "treasure")
SEARCH_KINDS = ("treasure", "energy", "clarity", "health", "nothing", "lurking", "gob-li")
EVENT_SUMMONS = ("none", "group", "fixed", "lurking")  # End Event: no combat, Agents - 1, n
STORY_KINDS = ("intro", "story", "locked", "poi", "mission", "outro")
TIEBREAKS = ("enemy-cards", "energy")
MODES = ("campaign", "exploration", "coop-competitive", "boss-run", "unshackled")
TOKENS: tuple[str, ...] = (
    "tracker",
    "locked-door",
    "destroyed",
    "agent-face",
    "mystery",
    "gas",
    "fire",
)
TOKENS += ("wizard", "clue", "key-fragment", "stun", "deacon", "keybot", "person", "skull")
TOKENS += ("loghan", "anomaly-past", "anomaly-present", "anomaly-future", "leader", "group")
TOKENS += ("event-blue", "event-red", "event-green")
DOOR_KINDS = ("door", "elevator")

# Parameter kinds: INT (>= 0), SIGNED (any int), BOOL, TEXT, or a reference checked after
# loading (ROOM and DOOR of the record's board, or "here"; ENEMY, ITEM, ALLY by name; STORY a
# card number of the same Mission, "NN/MM"), or a tuple of the allowed strings.
INT, SIGNED, BOOL, TEXT = "int", "signed", "bool", "text"
ROOM, DOOR, ENEMY, ITEM, ALLY, STORY = "room", "door", "enemy", "item", "ally", "story"
REFERENCES = (ROOM, DOOR, ENEMY, ITEM, ALLY, STORY)
ParamSpec = str | tuple[str, ...]
Param = int | bool | str

_WHO = ("self", "each-agent", "reach")
_CARD = ("this", "own", "reach")
_ENEMY_TARGET = ("target", "adjacent-to-target", "all", "any-one", "self", "adjacent")

# Every effect handler the rules engine must implement, with its parameters.
EFFECTS: dict[str, dict[str, ParamSpec]] = {
    # -- the group and the Agents
    "health": {"amount": SIGNED},  # group Health; a loss below Clarity 0 is the engine's
    "clarity": {"amount": SIGNED},  # group Clarity; loss at 0 is paid in Health
    "energy": {"amount": SIGNED, "who": _WHO},  # a loss pays what it can
    "heal-choice": {"health": INT, "clarity": INT},  # one or the other, the Agent's choice
    "max-energy": {"amount": INT},
    "backpack-slots": {"amount": INT},
    "skill-cost": {"skill": ("first", "second", "both"), "amount": SIGNED},
    "skill-clarity": {"amount": SIGNED},  # the minimum Clarity of the Agent's Skills
    "initiative": {"who": ("agent", "group")},
    "overwhelmed": {"who": ("agent", "group")},
    # -- the Agent's own Timing sequence
    "damage": {"amount": INT},  # added to the Agent's accumulated Damage
    "rage": {"amount": INT},
    "negate": {"target": ("self", "right-attack", "adjacent-attacks", "adjacent-strike", "any")},
    "protect": {},  # this card cannot be Negated
    "replace": {"card": _CARD, "count": INT},  # draw a new card into its Timing
    "discard-card": {"card": _CARD, "count": INT},
    "draw-card": {"count": INT},  # extra cards, placed on the last Timing
    "timing-cost": {"target": ("this", "own", "reach"), "amount": SIGNED},
    "negate-weapon-effect": {},
    "double-card-damage": {},  # one of the Agent's active cards deals twice its Damage
    "energy-per-enemy": {"amount": INT},  # per enemy present at the start of Combat
    # -- enemies
    "enemy-damage": {"target": _ENEMY_TARGET, "amount": INT},  # not a Direct Attack
    "stun": {"target": _ENEMY_TARGET},
    "heal-enemy": {"target": _ENEMY_TARGET, "amount": INT},
    "energy-per-adjacent-enemy": {"amount": INT},  # each Agent loses it per adjacent active
    "summon": {"colour": ("same", *COLOURS), "count": INT},  # count 0: Agents minus one
    "summon-enemy": {"enemy": ENEMY},
    "summon-change": {"amount": SIGNED},  # an event outcome: more or fewer summoned
    "lurking": {"colour": ("same", *EVENT_COLOURS), "count": INT},
    # -- Treasures, Allies, Upgrades
    "gain-treasure": {"colour": ("same", *COLOURS), "count": INT},
    "gain-item": {"item": ITEM},
    "discard-treasure": {"count": INT},
    "gain-ally": {"ally": ALLY},
    "gain-upgrade": {"count": INT},
    # -- the board and the story
    "hint": {"hint": TEXT},
    "skip-refresh": {},
    "move-group": {"room": ROOM},
    "place-token": {"token": TOKENS, "room": ROOM},
    "remove-token": {"token": TOKENS, "room": ROOM},
    "lock-door": {"door": DOOR},
    "unlock-door": {"door": DOOR},
    "story-card": {"card": STORY},
    "counter": {"name": TEXT, "amount": SIGNED},  # a Mission's tally (Clues, Critical tokens)
    "move-keybots": {},
    "summon-lost-agents": {},  # one Lost Agent per active Agent
    "warden-deck": {},  # from now on Refresh Phases are skipped
    "deck-card": {"deck": ("chase", "warden")},  # draw and resolve a Loghan Chase or Warden card
    "win-mission": {},
    "lose-mission": {},
    "none": {},
}

# What a Story, Locked, Point of Interest or Mission card, or a Contract, waits for.
CONDITIONS: dict[str, dict[str, ParamSpec]] = {
    "always": {},
    "enter-room": {"room": ROOM},
    "counter-at-least": {"name": TEXT, "amount": INT},
    "defeat-enemy": {"enemy": ENEMY},
    "visit-tokens": {"token": TOKENS, "count": INT},
    "turns": {"count": INT},
    "defeat-colour": {"colour": COLOURS, "count": INT},
    "treasures-held": {"count": INT},
    "energy-at-least": {"amount": INT},
    "burned": {"count": INT},
    "killing-blows": {"count": INT},
}


# -- records ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One effect: a handler, its parameters, when it applies and the Energy paid for it
    (`pay` > 0: an optional effect the Agent may pay for)."""

    effect: str
    params: Mapping[str, Param]
    when: str = "always"
    pay: int = 0


@dataclass(frozen=True, slots=True)
class Condition:
    kind: str
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    energy: int  # Energy cost
    clarity: int  # minimum Clarity (a threshold, not paid)
    cooldown: str  # until the start of the Refresh Phase
    window: str
    steps: tuple[Step, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Agent:
    name: str
    slug: str
    colour: str  # the colour of its Combat and Decision decks
    skills: tuple[Skill, Skill]
    items: tuple[str, ...]  # starting Treasures
    upgrade_slots: int
    backpack_slots: int
    max_energy: int
    deck: Mapping[str, int]  # combat card -> copies
    decisions: tuple[str, ...]  # its Decision cards
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def deck_list(self) -> tuple[str, ...]:
        return tuple(name for name, n in self.deck.items() for _ in range(n))


@dataclass(frozen=True, slots=True)
class CombatCard:
    name: str
    slug: str
    category: str
    timing_cost: int
    damage: int
    rage: int
    keywords: tuple[str, ...]
    steps: tuple[Step, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ability:
    """A Treasure's, Ally's or Upgrade's effect: its window, its costs, how it is spent."""

    window: str
    energy: int
    clarity: int
    use: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Treasure:
    name: str
    slug: str
    colour: str
    copies: int
    kind: str
    size: str
    hands: int  # weapons and shields: 1 or 2; items 0
    combat_power: int
    damage_type: str  # "" for shields and items
    energy: int  # the burn value and Gob-li price; 0 for a Timeless item
    timeless: bool
    set: str  # the Unique Treasure a Timeless set piece is exchanged for, or ""
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ally:
    name: str
    slug: str
    clarity: int
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Upgrade:
    name: str
    slug: str
    copies: int
    abilities: tuple[Ability, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Attack:
    """An enemy's Base Attack (with a countdown of rounds, 0 for none) or one of its Rage
    Attacks (the Rage value for its Timeline)."""

    timeline: str  # "" for the Base Attack
    rage: int
    countdown: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Enemy:
    name: str
    slug: str
    colour: str
    copies: int
    health: int
    energy: int  # the reward shared out when it is Defeated
    treasure: Mapping[str, int]  # reward colour -> cards
    immune: tuple[str, ...]
    weak: Mapping[str, int]  # damage type -> extra Damage
    passive: tuple[Step, ...]
    base: Attack
    rage: tuple[Attack, ...]
    shards: int  # Data Shards for the killing blow (Co-op Competitive)
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def rage_attack(self, timeline: str) -> Attack | None:
        return next((a for a in self.rage if a.timeline == timeline), None)


@dataclass(frozen=True, slots=True)
class EndEvent:
    summon: str
    colour: str  # the colour summoned ("" with none)
    count: int  # fixed: that many; lurking: Lurking Enemies; group: 0 (Agents minus one)
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class RandomEvent:
    name: str
    slug: str
    colour: str
    copies: int
    group: bool  # a Group Decision: one option for the whole group
    options: tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...], tuple[Step, ...]]
    end: EndEvent
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def option(self, letter: str) -> tuple[Step, ...]:
        return self.options["ABCD".index(letter)]


@dataclass(frozen=True, slots=True)
class SearchResult:
    kind: str
    amount: int
    colour: str  # treasure and lurking: the colour ("" otherwise)


@dataclass(frozen=True, slots=True)
class EventToken:
    colour: str
    number: int
    sneak: str  # the diamond in the middle of the face-down side
    search: tuple[SearchResult, SearchResult, SearchResult, SearchResult]  # from upper left
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Room:
    id: str
    name: str
    underground: bool
    poi: bool  # a Point of Interest room


@dataclass(frozen=True, slots=True)
class Door:
    id: str
    a: str
    b: str
    kind: str


@dataclass(frozen=True, slots=True)
class Board:
    timeline: str
    name: str
    colour: str
    year: int
    rooms: tuple[Room, ...]
    doors: tuple[Door, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def room(self, rid: str) -> Room:
        return next(r for r in self.rooms if r.id == rid)

    def neighbours(self, rid: str) -> tuple[str, ...]:
        out = [d.b for d in self.doors if d.a == rid] + [d.a for d in self.doors if d.b == rid]
        return tuple(sorted(out))


@dataclass(frozen=True, slots=True)
class StoryCard:
    """A card of a Mission's deck: its Intro, Story, Locked and Point of Interest cover cards,
    Mission cards and Outro; `wait` is the condition a cover card's text waits for."""

    number: str  # "NN/MM": card NN of Mission MM
    kind: str
    title: str
    wait: Condition
    steps: tuple[Step, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Mission:
    number: int
    name: str
    timeline: str
    deluxe: bool
    mechanic: str
    start: str  # where the Group Token starts
    recommended: tuple[str, ...]  # the Agents the rulebook suggests, if any
    cards: tuple[StoryCard, ...]
    keeps: tuple[str, ...]  # what is carried into the next Mission
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)

    def card(self, number: str) -> StoryCard:
        return next(c for c in self.cards if c.number == number)

    def of_kind(self, kind: str) -> tuple[StoryCard, ...]:
        return tuple(c for c in self.cards if c.kind == kind)


@dataclass(frozen=True, slots=True)
class DeckCard:
    """A card of a small deck (Contracts, Loghan Chase, Warden)."""

    deck: str
    name: str
    slug: str
    wait: Condition
    shards: int
    steps: tuple[Step, ...]
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Mode:
    id: str
    name: str
    story: bool  # uses the Story decks
    tokens: tuple[int, int]  # Random Event tokens of each colour (campaign: the Mission's)
    upgrades: int  # Upgrades each Agent may add at set-up
    treasures_per_agent: int
    unique_with: tuple[str, ...]  # a Unique enemy joins every summon of these colours
    shared: bool  # shared Health and Clarity
    health: int  # each Agent's own Health and Clarity when not shared (0 when shared)
    contracts: bool
    start: str  # where the Group Token starts ("": the Mission says)
    ordered_from: int  # tokens placed in room order, alternating colours, from this room
    random_from: int  # or shuffled and dealt from this room (0: neither)
    tiebreaks: tuple[str, ...]  # after the most Data Shards
    text: str
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of set-up and of the turn the rulebook prints."""

    min_agents: int
    max_players: int
    start_energy: int
    health_base: int  # starting Health = this + active Agents
    clarity: int
    overcharge_clarity: int
    clarity_zero_health: int  # Health lost at the start of Refresh with Clarity 0
    unengaged: tuple[int, int]  # Health and Clarity each Unengaged enemy costs
    summon: Mapping[int, int]  # active Agents -> enemies summoned
    shards: Mapping[str, int]  # enemy colour -> Data Shards
    refresh: tuple[str, ...]  # Refresh actions
    rest: tuple[int, int]  # Health and Clarity per resting Agent
    recharge: int
    searchers: int
    hand_slots: int
    belt_slots: int
    bare_hand_power: int
    counts: Mapping[str, int]  # the component list
    tokens: Mapping[str, int]  # the token list
    source: str
    field_sources: Mapping[str, str] = field(default_factory=dict)


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
