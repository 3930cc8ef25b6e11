"""The Librarians: Adventure Card Game: the options, the card table and zones, the action space,
the state with its set-up, and what each seat may see.

The attribute check, the centre of the rules, is a declared procedure of steps in `check.py`;
the effects the content names (`content.EFFECTS`) have their handlers in `effects.py`. Every
rule the code applies has an id `librarians.<section>.<rule>` listed in docs/rules/librarians.md.
The round is a declared procedure of phase steps in `phases.py` (Preparation, `prepare.py`,
Adventure, `adventure.py`, Action, `actions.py`, Enemy, `enemy.py`, and Refresh; Card Actions
still to come).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.engine.content import slugify
from tabletop.engine.errors import OptionError
from tabletop.engine.events import Event
from tabletop.engine.fields import DICT, LIST, OBJECT, VALUE, declare
from tabletop.engine.flow import all_answered, answered, ask_again, settle
from tabletop.engine.options import list_option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, Zones, ZoneSpec
from tabletop.games.librarians.content import (
    ATTRIBUTES,
    DIFFICULTIES,
    Content,
    DeckError,
    Hero,
    PlayerCard,
    check_deck,
    load,
)
from tabletop.games.librarians.space import (
    ABILITY,
    ACT,
    ACTION_SPACE,
    ACTORS,
    AIM,
    ASSIGN,
    CHAR,
    DEVOTE,
    DIE,
    DISCARD_ADV,
    DISCARD_OPT,
    DONE,
    DRAW,
    ENEMIES,
    ENEMY,
    FLIP_MAGIC,
    GAIN_ENERGY,
    KEEP,
    KEEP_HAND,
    MAX_DICE,
    MEDITATE,
    OVERCOME,
    PASS,
    PASS_ONLY,
    PATH,
    PLAY,
    REDRAW_HAND,
    REST,
    SEAT,
    SERPENTS,
    SPEND_AID,
    TAKE,
    TARGET_CARDS,
    TREE,
    TREE_SOURCES,
    USE,
)

if TYPE_CHECKING:
    from tabletop.games.librarians.check import Check

VERSION = "1.0"
MIN_PLAYERS, MAX_PLAYERS = 1, 4
STARTING_HAND = 5  # librarians.interpret.starting-hand
STARTING_ENERGY = 4  # the Energy Pile starts with 4 cards (setup diagram)
CONTENT: Content = load()  # (the same object as space.CONTENT)
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


def deck_names(opts: LibrariansOptions, seat: int, hero: str) -> tuple[str, ...]:
    spec = opts.decks[seat] if seat < len(opts.decks) else ""
    if not spec:
        return CONTENT.suggested_deck(hero)
    by_slug = {c.slug: c.name for c in CONTENT.cards}
    names = tuple(by_slug[s] for s in spec.split("+"))
    unlocked = {c.name for c in CONTENT.cards if c.slug in opts.unlocked}
    try:
        check_deck(hero, names, unlocked, content=CONTENT)
    except DeckError as e:
        raise OptionError(f"decks: seat {seat + 1}'s deck: {e}") from None
    return names


@cache
def table(opts: LibrariansOptions, n: int) -> Table:
    names: list[str] = []
    pools: list[str] = []
    kinds: list[int] = []
    owners: list[int] = []
    records: list[Any] = []

    def add(name: str, pool: str, kind: int, owner: int, rec: Any) -> int:
        names.append(name)
        pools.append(pool)
        kinds.append(kind)
        owners.append(owner)
        records.append(rec)
        return len(names) - 1

    heroes = hero_names(opts, n)
    hero_ids = tuple(add(h, f"hero-{p}", HERO, p, CONTENT.hero(h)) for p, h in enumerate(heroes))
    aid = add("Aid from the Library", "aid", AID, -1, CONTENT.aid_card(opts.difficulty))
    decks = tuple(
        tuple(add(c, f"seat-{p}", PLAYER, p, CONTENT.card(c)) for c in deck_names(opts, p, h))
        for p, h in enumerate(heroes)
    )
    adv = CONTENT.adventure(opts.adventure)
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
        for e in CONTENT.effect_cards
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
    )


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


def zone(seat: int, which: int) -> int:
    """The zone index of one of a seat's zones (DECK, HAND, ENERGY, DISCARD, AREA, MAGIC)."""
    return FIRST_SEAT + seat * len(SEAT_ZONES) + which


@cache
def layout(opts: LibrariansOptions, n: int) -> Layout:
    t = table(opts, n)
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


def who(p: int) -> str:
    return f"P{p + 1}"


class LibrariansState(State):
    __slots__ = declare(
        phase=VALUE,
        round=VALUE,
        first=VALUE,  # the first player: who holds the Aid from the Library card
        check=VALUE,  # the attribute check being made (check.Check), or None
        fate=VALUE,  # Fate tokens on the Disturbance
        damage=DICT,  # card -> Damage tokens (characters and enemies)
        progress=DICT,  # card -> Progress tokens (obstacles and the Mission)
        exhausted=DICT,  # card -> True while exhausted
        attached=DICT,  # attachment card -> the card it is on
        aid_tokens=DICT,  # character card -> Aid tokens (Eve's Tree of Knowledge effect)
        clues=LIST,  # per seat: Clue tokens
        used=LIST,  # once-per-round keys ("<card>:<ability index>") spent this round
        countdown=DICT,  # Device card -> its tokens left
        out=LIST,  # per seat: eliminated
        discount=LIST,  # per seat: Energy off the next Event played this round
        attack=VALUE,  # the enemy attack being made (damage.Attack), or None
        moments=LIST,  # the moments being answered (triggers.Moment), innermost last
        t=OBJECT,  # the card table of this game (its options and player count)
    )

    game_id = "librarians"
    version = VERSION
    opts: LibrariansOptions

    def __init__(self, num_players: int, seed: int, opts: LibrariansOptions, log: bool) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise OptionError(f"librarians is for 1 to 4 players, not {num_players}")
        if opts.no_elimination and opts.difficulty != "narrative":
            raise OptionError("no_elimination: only in Narrative Mode (difficulty=narrative)")
        super().__init__(num_players, seed, opts, Zones(layout(opts, num_players)), log)
        self.t = table(opts, num_players)
        self.phase = "setup"
        self.round = 0
        self.first = 0
        self.check: Check | None = None
        self.fate = 0
        self.damage: dict[int, int] = {}
        self.progress: dict[int, int] = {}
        self.exhausted: dict[int, bool] = {}
        self.attached: dict[int, int] = {}
        self.aid_tokens: dict[int, int] = {}
        self.clues = [0] * num_players
        self.used: list[str] = []
        self.countdown: dict[int, int] = {}
        self.out = [False] * num_players
        self.discount = [0] * num_players
        self.attack: Any = None
        self.moments: list[Any] = []
        self._setup()

    # -- set-up --------------------------------------------------------------------------------
    def _setup(self) -> None:
        t, z = self.t, self.zones
        # librarians.setup.first-player: seat 1 starts with the Aid card (the rulebook's
        # "most recently visited a library" is the players' call; seat order stands for it)
        z.cards[zone(0, AREA)].append(t.aid)
        for p, h in enumerate(t.heroes):
            z.cards[zone(p, AREA)].append(h)
            z.cards[zone(p, DECK)] = list(t.decks[p])
            z.shuffle(zone(p, DECK), self.rng)
        self.emit(Event("librarians.setup.decks", "Each player shuffles their deck"))
        z.cards[ADV_DECK] = list(t.deck)
        z.shuffle(ADV_DECK, self.rng)
        z.cards[SET_ASIDE] = list(t.set_aside)
        z.cards[MISSIONS] = list(reversed(t.missions[1:]))
        z.cards[MISSION_ZONE] = [t.missions[0]]
        z.cards[DISTURBANCES] = list(reversed(t.disturbances[1:]))
        z.cards[DISTURBANCE_ZONE] = [t.disturbances[0]]
        z.cards[FOCUS_SET] = list(t.focus)
        z.cards[POWER_SET] = list(t.power)
        adv = CONTENT.adventure(self.opts.adventure)
        self.emit(Event("librarians.setup.adventure", f"Adventure {adv.code}: {adv.name}"))
        for step in adv.setup:
            _effects.HANDLERS[step.effect](self, _effects.Use(self.first, -1, step.params))
        for p in range(self.num_players):
            for _ in range(STARTING_ENERGY):
                self.gain_energy(p, "librarians.setup.energy")
            for _ in range(STARTING_HAND):
                self.draw(p, "librarians.setup.hand")
            hero = t.records[t.heroes[p]]
            assert isinstance(hero, Hero)
            for ab in hero.abilities:
                if ab.kind == "setup":
                    _effects.HANDLERS[ab.effect](self, _effects.Use(p, t.heroes[p], ab.params))
        self.phase = "setup"  # until the first Preparation phase (after the mulligans)
        self.round = 1
        self._first_round()
        settle(self)

    def _first_round(self) -> None:
        _phases.first_round(self)

    # -- cards ---------------------------------------------------------------------------------
    def name(self, card: int) -> str:
        return self.t.names[card]

    def record(self, card: int) -> Any:
        return self.t.records[card]

    def where(self, card: int) -> int:
        for zi, cards in enumerate(self.zones.cards):
            if card in cards:
                return zi
        raise AssertionError(f"{self.name(card)} is in no zone")

    def area_of(self, card: int) -> int:
        """The seat whose Player Area holds `card`, or -1."""
        zi = self.where(card)
        if zi >= FIRST_SEAT and (zi - FIRST_SEAT) % len(SEAT_ZONES) == AREA:
            return (zi - FIRST_SEAT) // len(SEAT_ZONES)
        return -1

    def hand(self, p: int) -> list[int]:
        return self.zones.cards[zone(p, HAND)]

    def seats_from(self, start: int) -> tuple[int, ...]:
        """The players still in the game, clockwise from `start` (librarians.eliminate)."""
        n = self.num_players
        return tuple(q for q in ((start + i) % n for i in range(n)) if not self.out[q])

    def top(self, p: int) -> int | None:
        """The top card of `p`'s deck. An empty deck is the shuffled discard pile, and once the
        effect is done `p` draws and resolves an Adventure card (librarians.player-deck.empty); with
        deck and discard both empty `p` is eliminated and there is none (None)."""
        deck = self.zones.cards[zone(p, DECK)]
        if deck:
            return deck[-1]
        if self.out[p]:
            return None
        discard = zone(p, DISCARD)
        if not self.zones.cards[discard]:
            _damage.eliminate(self, p, "their deck and discard pile are empty")
            return None
        self.zones.cards[zone(p, DECK)] = self.zones.cards[discard]
        self.zones.cards[discard] = []
        self.zones.shuffle(zone(p, DECK), self.rng)
        self.emit(
            Event(
                "librarians.player-deck.empty",
                f"{who(p)}'s deck is empty: their discard pile is shuffled into a new one, "
                "and they will draw an Adventure card",
            )
        )
        from tabletop.games.librarians.adventure import DrawAdventure

        self.flow.insert(self._after_current(), DrawAdventure(p))
        return self.zones.cards[zone(p, DECK)][-1]

    def _after_current(self) -> int:
        """Where in the flow a step goes to run once the current effect is done: on top, or
        beneath the attribute check being made (it finishes first)."""
        if self.check is not None:
            from tabletop.games.librarians.check import Finish

            for i in range(len(self.flow) - 1, -1, -1):
                if isinstance(self.flow[i], Finish):
                    return i
        return len(self.flow)

    def draw(self, p: int, rule: str) -> int | None:
        """The top card of `p`'s deck into their hand (None when there is none)."""
        src = zone(p, DECK)
        card = self.top(p)
        if card is None:
            return None
        self.move(
            card, src, zone(p, HAND), rule, f"{who(p)} draws a card", f"{who(p)} draws {{card}}"
        )
        return card

    def gain_energy(self, p: int, rule: str) -> None:
        card = self.top(p)
        if card is not None:
            self.move(card, zone(p, DECK), zone(p, ENERGY), rule, f"{who(p)} gains 1 Energy")

    def discard_top(self, p: int, rule: str) -> None:
        card = self.top(p)
        if card is not None:
            self.move(card, zone(p, DECK), zone(p, DISCARD), rule, f"{who(p)} discards {{card}}")

    def energy(self, p: int) -> int:
        return len(self.zones.cards[zone(p, ENERGY)])

    def spend_energy(self, p: int, n: int, rule: str) -> None:
        """Energy cards go face up onto the discard pile."""
        src = zone(p, ENERGY)
        for _ in range(n):
            self.move(
                self.zones.cards[src][-1],
                src,
                zone(p, DISCARD),
                rule,
                f"{who(p)} spends {{card}} as Energy",
            )

    # -- characters ----------------------------------------------------------------------------
    def sidekick(self, p: int) -> int | None:
        for c in self.zones.cards[zone(p, AREA)]:
            rec = self.t.records[c]
            if isinstance(rec, PlayerCard) and rec.type == "sidekick":
                return c
        return None

    def characters(self, p: int) -> list[int]:
        """`p`'s characters: their hero and sidekick (the Aid card is not a character)."""
        side = self.sidekick(p)
        return [self.t.heroes[p]] + ([side] if side is not None else [])

    def actor(self, slot: tuple[str, int]) -> int | None:
        kind, p = slot
        if kind == "aid":
            return self.t.aid
        if p >= self.num_players:
            return None
        return self.t.heroes[p] if kind == "hero" else self.sidekick(p)

    def attribute(self, card: int, attribute: str) -> int:
        """`card`'s rating in `attribute`: printed, plus attribute bonuses; a dash is 0 and no
        bonus raises it (librarians.check.dash)."""
        attrs = self.t.records[card].attributes
        if attribute in attrs.dashes:
            return 0
        value = int(attrs.get(attribute))
        if card == self.t.aid:
            return value  # not a character: no character effects apply
        for bonus, _whose in self.attribute_bonuses(card):
            if bonus[0] in (attribute, "all"):
                value += bonus[1]
        return value

    def attribute_bonuses(self, card: int) -> list[tuple[tuple[str, int], str]]:
        """(attribute, amount) bonuses on a character: from attachments on it (whose self)
        and from cards in its controller's area (whose yours)."""
        out = []
        p = self.area_of(card)
        for c in self.zones.cards[zone(p, AREA)] if p >= 0 else ():
            rec = self.t.records[c]
            if not isinstance(rec, PlayerCard):
                continue
            for ab in rec.abilities:
                if ab.kind != "constant" or ab.effect != "attribute-bonus":
                    continue
                on_it = self.attached.get(c) == card and ab.params["whose"] == "self"
                if on_it or ab.params["whose"] == "yours":
                    out.append(
                        (
                            (str(ab.params["attribute"]), int(ab.params["amount"])),
                            str(ab.params["whose"]),
                        )
                    )
        return out

    def life(self, card: int) -> int:
        rec = self.t.records[card]
        return int(rec.life) + _effects.life_bonus(self, card)

    def ready(self, card: int) -> bool:
        return card not in self.exhausted

    def exhaust(self, card: int, rule: str) -> None:
        self.exhausted[card] = True
        self.emit(Event(rule, f"{self.name(card)} is exhausted"))

    # -- kernel hooks ----------------------------------------------------------------------
    _answer = answered
    _answers = all_answered

    def _determinize(self, player: int, rng: Rng) -> None:
        # what may be devoted or played depends on the re-dealt hands: ask again
        ask_again(self)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        return _view.view(self, viewer)


def new_state(players: int, seed: int, opts: LibrariansOptions, log: bool) -> LibrariansState:
    return LibrariansState(players, seed, opts, log)


__all__ = [
    "ABILITY",
    "ACT",
    "ACTION_SPACE",
    "ACTORS",
    "AIM",
    "ASSIGN",
    "ATTRIBUTES",
    "CHAR",
    "DEVOTE",
    "DIE",
    "DISCARD_ADV",
    "DISCARD_OPT",
    "DONE",
    "DRAW",
    "ENEMIES",
    "ENEMY",
    "FLIP_MAGIC",
    "GAIN_ENERGY",
    "KEEP",
    "KEEP_HAND",
    "MAX_DICE",
    "MEDITATE",
    "OVERCOME",
    "PASS",
    "PASS_ONLY",
    "PATH",
    "PLAY",
    "REDRAW_HAND",
    "REST",
    "SEAT",
    "SERPENTS",
    "SPEND_AID",
    "TAKE",
    "TARGET_CARDS",
    "TREE",
    "TREE_SOURCES",
    "USE",
    "LibrariansOptions",
    "LibrariansState",
    "new_state",
]

# Loaded last: they read this module's tables and state class.
from tabletop.games.librarians import card_effects as _card_effects  # noqa: E402, F401
from tabletop.games.librarians import damage as _damage  # noqa: E402
from tabletop.games.librarians import effects as _effects  # noqa: E402
from tabletop.games.librarians import phases as _phases  # noqa: E402
from tabletop.games.librarians import view as _view  # noqa: E402
