"""Castle Von Loghan: the options of a game, its card table (every card by id, with its record
and owning seat) and its zones with who sees what.

A seat is one Agent (4 to 8 of them); one person may control several seats (engine/table.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tabletop.engine.content import CardList, slugify
from tabletop.engine.errors import OptionError
from tabletop.engine.options import list_option
from tabletop.engine.patch import Patch, same_records
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, ZoneSpec
from tabletop.games.castle.content import load
from tabletop.games.castle.records import EVENT_COLOURS, MODES, TIMELINES, Content

CONTENT: Content = load()
MIN_AGENTS = CONTENT.rules.min_agents
MAX_AGENTS = CONTENT.rules.max_players
AGENT_SLUGS = tuple(a.slug for a in CONTENT.agents)
# The first game's Agents (the rulebook's suggestion), then the others, in this order.
DEFAULT_AGENTS = ("pill", "forzental", "sera", "vigovar", "arvias", "odessa", "brannoc", "lyra")
MISSIONS = tuple(m.number for m in CONTENT.missions)
ROOMS = tuple(r.id for r in CONTENT.boards[0].rooms)  # every board has the same places
COLOURS = ("green", "blue", "red", "violet")


@dataclass(frozen=True)
class CastleOptions:
    """Options of a game of Castle Von Loghan."""

    mode: str = field(
        default="exploration",
        metadata={
            "choices": MODES,
            "help": "campaign (a Mission), exploration, coop-competitive, boss-run, unshackled",
        },
    )
    mission: int = field(
        default=1, metadata={"min": 1, "max": len(MISSIONS), "help": "the campaign's Mission"}
    )
    board: str = field(
        default="past",
        metadata={"choices": TIMELINES, "help": "the board (Timeline) outside the campaign"},
    )
    tokens: int = field(
        default=3,
        metadata={"min": 2, "max": 4, "help": "Random Event tokens of each colour (not campaign)"},
    )
    placement: str = field(
        default="ordered",
        metadata={
            "choices": ("ordered", "random"),
            "help": "tokens in room order from room 1, or shuffled and dealt from room 3",
        },
    )
    agents: tuple[str, ...] = list_option(
        (),
        choices=AGENT_SLUGS,
        max_len=MAX_AGENTS,
        unique=True,
        help="one Agent per seat, in seat order (empty: Pill, Forzental, Sera, Vigovar, ...)",
    )
    no_talk: bool = field(
        default=False,
        metadata={"help": "no talking while voting: bots vote without the others' intentions"},
    )
    carried: tuple[str, ...] = list_option(
        (),
        max_len=256,
        help="campaign carry-over: 'seat:treasure-slug' items and 'seat:upgrade:slug' upgrades",
    )


def who(seat: int | None) -> str:
    """How the log names an Agent's seat (None: the whole group)."""
    return "the group" if seat is None else f"A{seat + 1}"


# -- card kinds ---------------------------------------------------------------------------------
COMBAT, TREASURE, ENEMY, EVENT, TOKEN, ALLY, UPGRADE, CONTRACT, CHASE, WARDEN = range(10)


@dataclass(frozen=True)
class Table:
    """Every card of one game, by card id: its name, id, pool, kind, owning seat and record."""

    names: tuple[str, ...]
    slugs: tuple[str, ...]
    pools: tuple[str, ...]
    kinds: tuple[int, ...]
    owners: tuple[int, ...]
    records: tuple[Any, ...]
    agents: tuple[str, ...]  # the Agent of each seat
    decks: tuple[tuple[int, ...], ...]  # each seat's Combat deck
    treasures: dict[str, tuple[int, ...]]  # colour -> its Treasure cards
    enemies: dict[str, tuple[int, ...]]
    events: dict[str, tuple[int, ...]]
    tokens: dict[str, tuple[int, ...]]
    allies: tuple[int, ...]
    upgrades: tuple[int, ...]
    contracts: tuple[int, ...]
    chase: tuple[int, ...]
    warden: tuple[int, ...]
    agent_records: tuple[Any, ...] = ()  # each seat's Agent record
    # the game's content (patched or shipped): its rules numbers, Missions, modes, boards
    content: Content = field(default_factory=lambda: CONTENT)

    # A state's field (declared OBJECT): made from the options, shared by every copy, nothing
    # of its own to fingerprint (the options are in the record).
    def copy(self) -> Table:
        return self

    def fingerprint(self) -> tuple[()]:
        return ()

    def by_name(self, kind: int, name: str) -> tuple[int, ...]:
        return tuple(
            c
            for c, (k, n) in enumerate(zip(self.kinds, self.names, strict=True))
            if k == kind and n == name
        )


def agent_names(opts: CastleOptions, n: int) -> tuple[str, ...]:
    slugs = opts.agents or DEFAULT_AGENTS[:n]
    if len(slugs) != n:
        raise OptionError(f"agents: give one Agent per seat ({n}), not {len(slugs)}")
    return tuple(next(a.name for a in CONTENT.agents if a.slug == s) for s in slugs)


@cache
def table(opts: CastleOptions, n: int, patch: Patch | None = None) -> Table:
    """The card table of a game with these options (on the content under `patch`, if any:
    its records, and the copies of each, come from the patched content)."""
    content = CONTENT
    if patch is not None:
        content = load(patch)
        same_records(CONTENT, content, patch.source, "Castle Von Loghan")
    cards = CardList()
    add = cards.add
    names, pools, kinds, owners, records = (
        cards.names,
        cards.pools,
        cards.kinds,
        cards.owners,
        cards.records,
    )

    agents = agent_names(opts, n)
    decks = tuple(
        tuple(add(c, f"combat-{p}", COMBAT, p, content.card(c)) for c in content.agent(a).deck_list)
        for p, a in enumerate(agents)
    )

    def coloured(recs: tuple[Any, ...], kind: int, prefix: str, colours: tuple[str, ...]) -> Any:
        """colour -> a card per copy of each record of that colour (pool `prefix-colour`)."""
        return {
            col: tuple(
                add(r.name, f"{prefix}-{col}", kind, -1, r)
                for r in recs
                if r.colour == col
                for _ in range(r.copies)
            )
            for col in colours
        }

    treasures = coloured(content.treasures, TREASURE, "treasure", COLOURS)
    enemies = coloured(content.enemies, ENEMY, "enemy", COLOURS)
    events = coloured(content.events, EVENT, "event", EVENT_COLOURS)
    tokens = {
        col: tuple(
            add(f"{col} token {t.number}", f"token-{col}", TOKEN, -1, t)
            for t in content.tokens
            if t.colour == col
        )
        for col in EVENT_COLOURS
    }
    allies = tuple(add(a.name, "ally", ALLY, -1, a) for a in content.allies)
    upgrades = tuple(
        add(u.name, "upgrade", UPGRADE, -1, u) for u in content.upgrades for _ in range(u.copies)
    )
    contracts = tuple(add(c.name, "contract", CONTRACT, -1, c) for c in content.deck("contract"))
    chase = tuple(add(c.name, "chase", CHASE, -1, c) for c in content.deck("chase"))
    warden = tuple(add(c.name, "warden", WARDEN, -1, c) for c in content.deck("warden"))
    return Table(
        tuple(names),
        tuple(slugify(x) for x in names),
        tuple(pools),
        tuple(kinds),
        tuple(owners),
        tuple(records),
        agents,
        decks,
        treasures,
        enemies,
        events,
        tokens,
        allies,
        upgrades,
        contracts,
        chase,
        warden,
        tuple(content.agent(a) for a in agents),
        content,
    )


# -- zones --------------------------------------------------------------------------------------
def _global_zones() -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for col in COLOURS:
        out += [(f"treasure-deck-{col}", HIDDEN), (f"treasure-discard-{col}", PUBLIC)]
    for col in COLOURS:
        out += [(f"enemy-deck-{col}", HIDDEN), (f"enemy-discard-{col}", PUBLIC)]
    for col in EVENT_COLOURS:
        out += [
            (f"event-deck-{col}", HIDDEN),
            (f"event-discard-{col}", PUBLIC),
            (f"token-bag-{col}", HIDDEN),
        ]
    out += [
        ("fight", PUBLIC),  # the enemies of the Combat, left to right
        ("lurking", HIDDEN),  # Lurking Enemies set aside, face down, for the next Combat
        ("event", PUBLIC),  # the Event card being resolved
        ("merchant", PUBLIC),  # the Gob-li Merchant's offer
        ("pod", PUBLIC),  # Treasures stored in the P.O.D.
        ("allies", PUBLIC),  # the group's Allies
        ("ally-box", PUBLIC),  # Allies not met yet
        ("upgrade-box", PUBLIC),  # Upgrades not taken: chosen by name
        ("contract-deck", HIDDEN),
        ("chase-deck", HIDDEN),
        ("warden-deck", HIDDEN),
        ("deck-discard", PUBLIC),  # Loghan Chase and Warden cards resolved
        ("destroyed", PUBLIC),  # out of the game (Treasure Set pieces exchanged)
        ("spent", PUBLIC),  # Random Event tokens resolved
    ]
    out += [(f"room-{r}", HIDDEN) for r in ROOMS]  # Random Event tokens lying face down
    return out


GLOBAL_ZONES = tuple(_global_zones())
_INDEX = {name: i for i, (name, _) in enumerate(GLOBAL_ZONES)}
FIGHT, LURKING, EVENT_ZONE, MERCHANT, POD = (
    _INDEX[k] for k in ("fight", "lurking", "event", "merchant", "pod")
)
ALLIES, ALLY_BOX, UPGRADE_BOX = _INDEX["allies"], _INDEX["ally-box"], _INDEX["upgrade-box"]
CONTRACT_DECK, CHASE_DECK, WARDEN_DECK = (
    _INDEX[k] for k in ("contract-deck", "chase-deck", "warden-deck")
)
DECK_DISCARD, DESTROYED, SPENT = _INDEX["deck-discard"], _INDEX["destroyed"], _INDEX["spent"]
TREASURE_DECK = {c: _INDEX[f"treasure-deck-{c}"] for c in COLOURS}
TREASURE_DISCARD = {c: _INDEX[f"treasure-discard-{c}"] for c in COLOURS}
ENEMY_DECK = {c: _INDEX[f"enemy-deck-{c}"] for c in COLOURS}
ENEMY_DISCARD = {c: _INDEX[f"enemy-discard-{c}"] for c in COLOURS}
EVENT_DECK = {c: _INDEX[f"event-deck-{c}"] for c in EVENT_COLOURS}
EVENT_DISCARD = {c: _INDEX[f"event-discard-{c}"] for c in EVENT_COLOURS}
TOKEN_BAG = {c: _INDEX[f"token-bag-{c}"] for c in EVENT_COLOURS}
ROOM_ZONE = {r: _INDEX[f"room-{r}"] for r in ROOMS}
SEAT_ZONES = (
    ("combat-deck", HIDDEN),
    ("combat-discard", PUBLIC),
    ("line", PUBLIC),  # the Timing sequence, Timing 1 first
    ("initiative", PUBLIC),  # the Initiative card, face up on the Agent's board
    ("inventory", PUBLIC),
    ("upgrades", PUBLIC),
    ("contract", PRIVATE),
    ("trophies", PUBLIC),  # Co-op Competitive: enemies whose killing blow the Agent landed
)
DECK, DISCARD, LINE, INITIATIVE, INVENTORY, UPGRADES, CONTRACT_ZONE, TROPHIES = range(
    len(SEAT_ZONES)
)
FIRST_SEAT = len(GLOBAL_ZONES)
_PER_SEAT = len(SEAT_ZONES)


def zone(seat: int, which: int) -> int:
    """The zone index of one of a seat's zones (DECK, DISCARD, LINE, ...)."""
    return FIRST_SEAT + seat * _PER_SEAT + which


@cache
def layout(opts: CastleOptions, n: int, patch: Patch | None = None) -> Layout:
    t = table(opts, n, patch)
    specs = [ZoneSpec(name, kind) for name, kind in GLOBAL_ZONES]
    for p in range(n):
        specs += [
            ZoneSpec(f"{name}-{p}", kind, owner=p if kind == PRIVATE else -1)
            for name, kind in SEAT_ZONES
        ]
    return Layout(specs, t.names, t.slugs, t.pools, n)
