"""The Librarians: the options of a game, the card table of one game (every card by id, with its
record and owner) and its zones with who sees what.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tabletop.engine.content import CardList, slugify
from tabletop.engine.errors import OptionError
from tabletop.engine.options import list_option
from tabletop.engine.patch import Patch, PatchError
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, ZoneSpec
from tabletop.games.librarians.content import DIFFICULTIES, Content, DeckError, check_deck, load
from tabletop.games.librarians.space import CONTENT

MIN_PLAYERS, MAX_PLAYERS = 1, 4
HERO_SLUGS = tuple(h.slug for h in CONTENT.heroes)
ADVENTURES = tuple(a.code for a in CONTENT.adventures)


def _deck_spec(value: str) -> str | None:
    if not value:
        return None
    names = {c.slug for c in CONTENT.cards}
    for slug in value.split("+"):
        if slug not in names:
            return f"no player card has the id {slug!r}"
    return None


@dataclass(frozen=True)
class LibrariansOptions:
    """Options of a game of The Librarians: Adventure Card Game."""

    difficulty: str = field(
        default="standard",
        metadata={
            "choices": DIFFICULTIES,
            "help": "narrative (Serpents are no failures), standard, expert (a devote rerolls)",
        },
    )
    adventure: str = field(
        default="C-1", metadata={"choices": ADVENTURES, "help": "the adventure to play"}
    )
    heroes: tuple[str, ...] = list_option(
        (),
        choices=HERO_SLUGS,
        max_len=MAX_PLAYERS,
        unique=True,
        help="one hero per seat, in seat order (empty: Eve, Cassandra, Ezekiel, Jacob)",
    )
    decks: tuple[str, ...] = list_option(
        (),
        max_len=MAX_PLAYERS,
        check=lambda v: next((e for e in map(_deck_spec, v) if e), None),
        help="a custom deck per seat: card ids joined by '+', one per copy ('' = suggested)",
    )
    unlocked: tuple[str, ...] = list_option(
        (),
        choices=tuple(c.slug for c in CONTENT.cards if c.unlockable),
        unique=True,
        help="unlocked cards a custom deck may use (from the campaign)",
    )
    open_hands: bool = field(
        default=True,
        metadata={"help": "teammates see each other's hands (players may show them)"},
    )
    no_elimination: bool = field(
        default=False,
        metadata={"help": "Narrative only: a defeated hero heals and adds 1 Fate instead"},
    )


# -- the card table of one game -----------------------------------------------------------------
PLAYER, HERO, AID, ADVENTURE, MISSION, DISTURBANCE, FOCUS, POWER = range(8)


@dataclass(frozen=True)
class Table:
    """Every card of one game, by card id: its name, id, pool, kind, owning seat and record."""

    names: tuple[str, ...]
    slugs: tuple[str, ...]
    pools: tuple[str, ...]
    kinds: tuple[int, ...]
    owners: tuple[int, ...]
    records: tuple[Any, ...]
    heroes: tuple[int, ...]  # the hero card of each seat
    aid: int
    decks: tuple[tuple[int, ...], ...]  # each seat's player cards
    deck: tuple[int, ...]  # the Adventure deck before shuffling
    set_aside: tuple[int, ...]
    missions: tuple[int, ...]
    disturbances: tuple[int, ...]
    focus: tuple[int, ...]
    power: tuple[int, ...]
    responses: frozenset[str]  # the moments some card of this game may answer
    # an adventure card's number among the copies of its name in this game (1, 2...; 0 for a
    # name with one card), and the card of each (name, number): librarians.interpret.same-name
    copies: tuple[int, ...]
    by_copy: dict[tuple[str, int], int]
    # the game's content (patched or shipped), for what the rules read beyond the cards
    content: Content = field(default_factory=lambda: CONTENT)

    # A state's field (`LibrariansState.t`, declared OBJECT): made from the options, shared
    # by every copy, nothing of its own to fingerprint (the options are in the record).
    def copy(self) -> Table:
        return self

    def fingerprint(self) -> tuple[()]:
        return ()


def hero_names(opts: LibrariansOptions, n: int) -> tuple[str, ...]:
    slugs = opts.heroes or HERO_SLUGS[:n]
    if len(slugs) != n:
        raise OptionError(f"heroes: give one hero per seat ({n}), not {len(slugs)}")
    return tuple(next(h.name for h in CONTENT.heroes if h.slug == s) for s in slugs)


def deck_names(
    opts: LibrariansOptions, seat: int, hero: str, content: Content = CONTENT
) -> tuple[str, ...]:
    spec = opts.decks[seat] if seat < len(opts.decks) else ""
    if not spec:
        return content.suggested_deck(hero)
    by_slug = {c.slug: c.name for c in content.cards}
    names = tuple(by_slug[s] for s in spec.split("+"))
    unlocked = {c.name for c in content.cards if c.slug in opts.unlocked}
    try:
        check_deck(hero, names, unlocked, content=content)
    except DeckError as e:
        raise OptionError(f"decks: seat {seat + 1}'s deck: {e}") from None
    return names


def same_cards(shipped: Content, patched: Content, source: str) -> None:
    """Refuse a patch that adds, removes or renames heroes, player cards, Focus and Power
    cards or adventure cards: their names fix the action space (one option per card). How
    many copies of an adventure card a deck holds (`deck`, `set_aside`) may change."""
    for what, old, new in (
        ("heroes.toml: heroes", shipped.heroes, patched.heroes),
        ("cards.toml: player cards", shipped.cards, patched.cards),
        ("aid.toml: Focus and Power cards", shipped.effect_cards, patched.effect_cards),
        (
            "adventures: adventure cards",
            [c for a in shipped.adventures for c in a.cards],
            [c for a in patched.adventures for c in a.cards],
        ),
    ):
        a, b = [r.name for r in old], [r.name for r in new]
        if a != b:
            added = sorted(set(b) - set(a))
            gone = sorted(set(a) - set(b))
            raise PatchError(
                f"{source}: {what}: the Librarians play a patch that changes the records' "
                f"fields, not which records there are (added: {', '.join(added) or 'none'}; "
                f"removed or renamed: {', '.join(gone) or 'none'})"
            )
    if shipped.dice != patched.dice:
        raise PatchError(
            f"{source}: dice.toml: the dice's faces fix the attribute check's faces and cannot "
            "be patched"
        )


@cache
def table(opts: LibrariansOptions, n: int, patch: Patch | None = None) -> Table:
    """The card table of a game with these options (on the content under `patch`, if any)."""
    content = CONTENT
    if patch is not None:
        content = load(patch)
        same_cards(CONTENT, content, patch.source)
    cards = CardList()
    add = cards.add
    names, pools, kinds, owners, records = (
        cards.names,
        cards.pools,
        cards.kinds,
        cards.owners,
        cards.records,
    )

    heroes = hero_names(opts, n)
    hero_ids = tuple(add(h, f"hero-{p}", HERO, p, content.hero(h)) for p, h in enumerate(heroes))
    aid = add("Aid from the Library", "aid", AID, -1, content.aid_card(opts.difficulty))
    decks = tuple(
        tuple(
            add(c, f"seat-{p}", PLAYER, p, content.card(c)) for c in deck_names(opts, p, h, content)
        )
        for p, h in enumerate(heroes)
    )
    adv = content.adventure(opts.adventure)
    deck = tuple(
        add(c.name, "adventure", ADVENTURE, -1, c) for c in adv.cards for _ in range(c.deck)
    )
    aside = tuple(
        add(c.name, "adventure", ADVENTURE, -1, c) for c in adv.cards for _ in range(c.set_aside)
    )
    missions = tuple(add(m.name, f"mission-{m.id}", MISSION, -1, m) for m in adv.missions)
    dists = tuple(add(d.name, f"disturbance-{d.id}", DISTURBANCE, -1, d) for d in adv.disturbances)
    magic = [
        (e, add(e.name, e.kind, FOCUS if e.kind == "focus" else POWER, -1, e))
        for e in content.effect_cards
    ]
    slugs = [slugify(x) for x in names]
    return Table(
        tuple(names),
        tuple(slugs),
        tuple(pools),
        tuple(kinds),
        tuple(owners),
        tuple(records),
        hero_ids,
        aid,
        decks,
        deck,
        aside,
        missions,
        dists,
        tuple(i for e, i in magic if e.kind == "focus"),
        tuple(i for e, i in magic if e.kind == "power"),
        _responses(records, kinds),
        *_copies(names, kinds),
        content,
    )


def _copies(
    names: list[str], kinds: list[int]
) -> tuple[tuple[int, ...], dict[tuple[str, int], int]]:
    """Each adventure card's copy number, in card-id order, and the card of each number."""
    count: dict[str, int] = {}
    for name, kind in zip(names, kinds, strict=True):
        if kind == ADVENTURE:
            count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    numbers = []
    by_copy: dict[tuple[str, int], int] = {}
    for card, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        if kind == ADVENTURE and count[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            by_copy[(name, seen[name])] = card
            numbers.append(seen[name])
        else:
            numbers.append(0)
    return tuple(numbers), by_copy


def _responses(records: list[Any], kinds: list[int]) -> frozenset[str]:
    """The response triggers of the game's player cards, and of the Effects when some card
    of the game gains Focus or Power."""
    players = [r for r, k in zip(records, kinds, strict=True) if k in (PLAYER, HERO)]
    out = {ab.trigger for r in players for ab in r.abilities if ab.kind == "response"}
    if any(ab.effect == "gain-focus-power" for r in players for ab in r.abilities):
        out |= {
            ab.trigger
            for r, k in zip(records, kinds, strict=True)
            if k in (FOCUS, POWER)
            for ab in r.abilities
            if ab.kind == "response"
        }
    return frozenset(out)


# -- zones --------------------------------------------------------------------------------------
GLOBAL_ZONES = (
    ("adventure-deck", HIDDEN),
    ("adventure-discard", PUBLIC),
    ("set-aside", PUBLIC),  # listed on the Setup card's back: known to all
    ("unassigned", PUBLIC),
    ("special", PUBLIC),
    ("mission", PUBLIC),
    ("missions", HIDDEN),  # the Mission cards still to come, unread
    ("mission-discard", PUBLIC),
    ("disturbance", PUBLIC),
    ("disturbances", HIDDEN),
    ("disturbance-discard", PUBLIC),
    ("focus-set", HIDDEN),
    ("power-set", HIDDEN),
    ("banished", PUBLIC),
)
(
    ADV_DECK,
    ADV_DISCARD,
    SET_ASIDE,
    UNASSIGNED,
    SPECIAL,
    MISSION_ZONE,
    MISSIONS,
    MISSION_DISCARD,
    DISTURBANCE_ZONE,
    DISTURBANCES,
    DISTURBANCE_DISCARD,
    FOCUS_SET,
    POWER_SET,
    BANISHED,
) = range(len(GLOBAL_ZONES))
SEAT_ZONES = ("deck", "hand", "energy", "discard", "area", "magic")
DECK, HAND, ENERGY, DISCARD, AREA, MAGIC = range(len(SEAT_ZONES))
FIRST_SEAT = len(GLOBAL_ZONES)
_PER_SEAT = len(SEAT_ZONES)


def zone(seat: int, which: int) -> int:
    """The zone index of one of a seat's zones (DECK, HAND, ENERGY, DISCARD, AREA, MAGIC)."""
    return FIRST_SEAT + seat * _PER_SEAT + which


@cache
def layout(opts: LibrariansOptions, n: int, patch: Patch | None = None) -> Layout:
    t = table(opts, n, patch)
    specs = [ZoneSpec(name, kind) for name, kind in GLOBAL_ZONES]
    for p in range(n):
        specs += [
            ZoneSpec(f"deck-{p}", HIDDEN),
            ZoneSpec(f"hand-{p}", PRIVATE, owner=p),
            ZoneSpec(f"energy-{p}", HIDDEN),  # face down: not even its owner looks
            ZoneSpec(f"discard-{p}", PUBLIC),
            ZoneSpec(f"area-{p}", PUBLIC),
            ZoneSpec(f"magic-{p}", HIDDEN),  # Focus and Power cards, Effect side down
        ]
    lay = Layout(specs, t.names, t.slugs, t.pools, n)
    if opts.open_hands:
        # librarians.setup.open-hands: every player sees every hand (spectators do not)
        lay.sights = tuple(
            lay.all_mask if i >= FIRST_SEAT and (i - FIRST_SEAT) % len(SEAT_ZONES) == HAND else s
            for i, s in enumerate(lay.sights)
        )
    return lay
