"""The Librarians: Adventure Card Game: the state with its set-up, its card services (drawing,
Energy, an empty deck, characters, attributes) and what each seat may see.

The options, the card table and the zones are in `cards.py`, the action space in `space.py`
(both re-exported here). The attribute check, the centre of the rules, is a declared procedure
of steps in `check.py`; the round is a declared procedure of phase steps in `phases.py`; the
effects the content names (`content.EFFECTS`) have their handlers in `effects.py` and
`card_effects.py`. Every rule the code applies has an id `librarians.<section>.<rule>` listed
in docs/rules/librarians.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import OptionError
from tabletop.engine.events import Event
from tabletop.engine.fields import DICT, LIST, OBJECT, VALUE, declare
from tabletop.engine.flow import all_answered, answered, ask_again, settle
from tabletop.engine.patch import Patch
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.engine.zones import Zones
from tabletop.games.librarians.cards import (  # the options, card table and zones
    ADV_DECK,
    ADV_DISCARD,
    ADVENTURE,
    ADVENTURES,
    AID,
    AREA,
    BANISHED,
    DECK,
    DISCARD,
    DISTURBANCE,
    DISTURBANCE_DISCARD,
    DISTURBANCE_ZONE,
    DISTURBANCES,
    ENERGY,
    FIRST_SEAT,
    FOCUS,
    FOCUS_SET,
    GLOBAL_ZONES,
    HAND,
    HERO,
    HERO_SLUGS,
    MAGIC,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MISSION,
    MISSION_DISCARD,
    MISSION_ZONE,
    MISSIONS,
    PLAYER,
    POWER,
    POWER_SET,
    SEAT_ZONES,
    SET_ASIDE,
    SPECIAL,
    UNASSIGNED,
    LibrariansOptions,
    Table,
    deck_names,
    hero_names,
    layout,
    table,
    zone,
)
from tabletop.games.librarians.content import (
    ATTRIBUTES,
    Content,
    Hero,
    PlayerCard,
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
STARTING_HAND = 5  # librarians.interpret.starting-hand
STARTING_ENERGY = 4  # the Energy Pile starts with 4 cards (setup diagram)
CONTENT: Content = load()  # (the same object as space.CONTENT)


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

    def __init__(
        self,
        num_players: int,
        seed: int,
        opts: LibrariansOptions,
        log: bool,
        patch: Patch | None = None,
    ) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise OptionError(f"librarians is for 1 to 4 players, not {num_players}")
        if opts.no_elimination and opts.difficulty != "narrative":
            raise OptionError("no_elimination: only in Narrative Mode (difficulty=narrative)")
        super().__init__(num_players, seed, opts, Zones(layout(opts, num_players, patch)), log)
        self.patch = patch
        self.t = table(opts, num_players, patch)
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


def new_patched(
    players: int, seed: int, opts: LibrariansOptions, log: bool, patch: Patch
) -> LibrariansState:
    """A game on the content under `patch`: its card records (heroes, player cards, the Aid,
    adventure cards, Missions, Disturbances, Focus and Power cards) come from the patched
    content (cards.same_cards says what a patch may change)."""
    return LibrariansState(players, seed, opts, log, patch)


__all__ = [
    "ABILITY",
    "ACT",
    "ACTION_SPACE",
    "ACTORS",
    "ADVENTURE",
    "ADVENTURES",
    "ADV_DECK",
    "ADV_DISCARD",
    "AID",
    "AIM",
    "AREA",
    "ASSIGN",
    "ATTRIBUTES",
    "BANISHED",
    "CHAR",
    "DECK",
    "DEVOTE",
    "DIE",
    "DISCARD",
    "DISCARD_ADV",
    "DISCARD_OPT",
    "DISTURBANCE",
    "DISTURBANCES",
    "DISTURBANCE_DISCARD",
    "DISTURBANCE_ZONE",
    "DONE",
    "DRAW",
    "ENEMIES",
    "ENEMY",
    "ENERGY",
    "FIRST_SEAT",
    "FLIP_MAGIC",
    "FOCUS",
    "FOCUS_SET",
    "GAIN_ENERGY",
    "GLOBAL_ZONES",
    "HAND",
    "HERO",
    "HERO_SLUGS",
    "KEEP",
    "KEEP_HAND",
    "MAGIC",
    "MAX_DICE",
    "MAX_PLAYERS",
    "MEDITATE",
    "MIN_PLAYERS",
    "MISSION",
    "MISSIONS",
    "MISSION_DISCARD",
    "MISSION_ZONE",
    "OVERCOME",
    "PASS",
    "PASS_ONLY",
    "PATH",
    "PLAY",
    "PLAYER",
    "POWER",
    "POWER_SET",
    "REDRAW_HAND",
    "REST",
    "SEAT",
    "SEAT_ZONES",
    "SERPENTS",
    "SET_ASIDE",
    "SPECIAL",
    "SPEND_AID",
    "TAKE",
    "TARGET_CARDS",
    "TREE",
    "TREE_SOURCES",
    "UNASSIGNED",
    "USE",
    "LibrariansOptions",
    "LibrariansState",
    "Table",
    "deck_names",
    "hero_names",
    "layout",
    "new_state",
    "table",
    "zone",
]

# Loaded last: they read this module's tables and state class.
from tabletop.games.librarians import card_effects as _card_effects  # noqa: E402, F401
from tabletop.games.librarians import damage as _damage  # noqa: E402
from tabletop.games.librarians import effects as _effects  # noqa: E402
from tabletop.games.librarians import phases as _phases  # noqa: E402
from tabletop.games.librarians import view as _view  # noqa: E402
