"""The Guardians: Explore: the rules.

The game runs as a phase machine (`phase`, `cur`, `started`, `seq`) over per-player stacks of
pending steps (`work[p]`, a list used as a stack of tuples). A step is either automatic (run
at once) or a decision (its options come from the step and the zones). Phases where players act
at the same time (the draft, the Final Choice, Overrun, Power Up in the Guardian game, Clean
Up) ask every player with a decision step at once, as one simultaneous decision; phases in turn
order (Location, Battle, boss rewards, Power Up in the Apprentice game) ask one player at a
time. So a game can stop at any decision, be saved, cloned or sent, and resume.

Every rule applied has an id `guardians.<section>.<rule>` (docs/rules/guardians.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.decision import SECRET, Ask, Decision, Option
from tabletop.engine.events import Event, GameEnded, PhaseStarted
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.engine.zones import PUBLIC, Zones
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import MONSTER_FAMILIES, PLAYER_COLOURS
from tabletop.games.guardians.tables import (
    B0,
    BOSSES,
    CARDS_OF_KIND,
    GKIND,
    KINDS,
    LOCS,
    M0,
    MON_ATTACK,
    MON_FAMILY,
    NUM,
    Q0,
    QUESTS,
    pz,
)

VERSION = "1.0"
MIN_PLAYERS, MAX_PLAYERS = T.MIN_PLAYERS, T.MAX_PLAYERS
HAND_SIZE = NUM["hand_size"]
COUNTERS = NUM["damage_counters"]
NK = len(KINDS)
BONUS = tuple(bool(k.battle_bonus) for k in KINDS)
SOLO_RANKS = ((30, "True Guardian"), (25, "Guardian"), (20, "Apprentice"), (-(10**9), "Play again"))
# each player's zones, by seat: _HAND[p] is pz(p, T.HAND)
_COLLECT = tuple(pz(p, T.COLLECT) for p in range(T.MAX_PLAYERS))
_DECK = tuple(pz(p, T.DECK) for p in range(T.MAX_PLAYERS))
_DISCARD = tuple(pz(p, T.DISCARD) for p in range(T.MAX_PLAYERS))
_HAND = tuple(pz(p, T.HAND) for p in range(T.MAX_PLAYERS))
_LOOK = tuple(pz(p, T.LOOK) for p in range(T.MAX_PLAYERS))
_MUSEUM = tuple(pz(p, T.MUSEUM) for p in range(T.MAX_PLAYERS))
_PACK = tuple(pz(p, T.PACK) for p in range(T.MAX_PLAYERS))
_PERSIST = tuple(pz(p, T.PERSIST) for p in range(T.MAX_PLAYERS))
_PLAY = tuple(pz(p, T.PLAY) for p in range(T.MAX_PLAYERS))
_QUEST = tuple(pz(p, T.QUEST) for p in range(T.MAX_PLAYERS))
_QUEST_SHOWN = tuple(pz(p, T.QUEST_SHOWN) for p in range(T.MAX_PLAYERS))
_SUPERS = tuple(pz(p, T.SUPERS) for p in range(T.MAX_PLAYERS))
_TROPHY = tuple(pz(p, T.TROPHY) for p in range(T.MAX_PLAYERS))
_UNDER = tuple(pz(p, T.UNDER) for p in range(T.MAX_PLAYERS))
_KIND_OF = T.KIND_OF.__getitem__
# where the cards start, before shuffling
_DRAFT_POOL = tuple(c for c in range(T.NG) if T.DRAFTABLE[GKIND[c]])
_SUPER_CARDS = tuple(c for c in range(T.NG) if T.IS_SUPER[GKIND[c]])
_RESERVE_START = tuple(c for c in range(T.NG) if T.IS_GENERIC[GKIND[c]]) + tuple(
    c for c in range(T.NG) if GKIND[c] == T.COWARD
)
_BOX_START = _SUPER_CARDS + tuple(range(Q0, T.NCARDS))
_WAVE_START = tuple(tuple(M0 + i for i in range(T.NM) if T.MWAVE[i] == w) for w in range(3))
_BLUES = tuple(B0 + i for i, b in enumerate(BOSSES) if b.colour == "blue")
_REDS = tuple(B0 + i for i, b in enumerate(BOSSES) if b.colour == "red")
_TURN_ORDER = frozenset({"location", "battle", "rewards"})
# monster symbols per location, before and after Home flips
_SYMS = tuple(loc.symbols for loc in LOCS)
_SYMS_FLIPPED = tuple(loc.flipped_symbols if loc.base else loc.symbols for loc in LOCS)
P0, NPZ = T.P0, T.NPZ
REQ = tuple(k.req for k in KINDS)
EFFECT = tuple(k.effect for k in KINDS)
# (location, its face-up zone, its face-down zone)
_LOC_ZONES = tuple((i, T.LOC0 + i, T.FD0 + i) for i in range(T.NLOC))
# locations that can hold a Blanket Fort (monster symbols), before and after Home flips
_FORTABLE = tuple(z for z in _LOC_ZONES if LOCS[z[0]].symbols > 0)
_FORTABLE_FLIPPED = tuple(
    z
    for z in _LOC_ZONES
    if (LOCS[z[0]].flipped_symbols if LOCS[z[0]].base else LOCS[z[0]].symbols) > 0
)
# log texts per location, built once
_INVADES = tuple(f"{{card}} invades {loc.name}" for loc in LOCS)
_INVADES_FD = tuple(f"A monster invades {loc.name} face down" for loc in LOCS)
_FLIPS = tuple(f"{{card}} is turned face up at {loc.name}" for loc in LOCS)


@dataclass(frozen=True)
class GuardiansOptions:
    """Options of a game of The Guardians: Explore."""

    difficulty: str = field(
        default="guardian",
        metadata={
            "choices": ("apprentice", "guardian"),
            "help": "apprentice: preconstructed decks, four rounds, Blue Boss only; "
            "guardian: the draft, eight rounds, both bosses",
        },
    )
    cooperative: bool = field(
        default=False,
        metadata={
            "help": "fully cooperative: trophy points crown no one; the party wins or loses",
        },
    )

    @property
    def apprentice(self) -> bool:
        return self.difficulty == "apprentice"


def who(p: int) -> str:
    return f"P{p + 1}"


# Automatic steps (run as soon as they reach the top of a stack).
AUTO = frozenset(
    {"draw", "power-start", "battle-start", "invade", "final-act", "spider-reveal", "cleanup"}
)


class GuardiansState(State):
    __slots__ = (
        "attach",
        "attack",
        "boss_colour",
        "boss_dmg",
        "contrib",
        "copies",
        "counters",
        "cur",
        "dmg",
        "draft_left",
        "energy",
        "fort",
        "fx",
        "gift",
        "home_flipped",
        "invade_wave",
        "lost",
        "order",
        "outcomes",
        "phase",
        "plant_bonus",
        "playground",
        "pool",
        "purify",
        "seq",
        "sp_used",
        "started",
        "track",
        "track_pos",
        "trailblazer",
        "turn",
        "visited",
        "wolf_draws",
        "work",
    )

    game_id = "guardians"
    version = VERSION
    opts: GuardiansOptions

    def __init__(self, num_players: int, seed: int, opts: GuardiansOptions, log: bool) -> None:
        super().__init__(num_players, seed, opts, Zones(T.layout(num_players)), log)
        n = num_players
        self.track: tuple[str, ...] = T.CONTENT.tracks[opts.difficulty]
        self.track_pos = 0
        self.turn = 0
        self.phase = "setup"
        self.cur = 0
        self.started = False
        self.seq: tuple[int, ...] = ()
        self.order: tuple[int, ...] = tuple(range(n))
        self.trailblazer = 0
        self.work: list[list[tuple[Any, ...]]] = [[] for _ in range(n)]
        self.energy = [0] * n
        self.attack = [0] * n
        self.counters = [0] * n
        self.visited = [-1] * n
        self.fort = [-1] * n
        self.copies: list[list[int]] = [[] for _ in range(n)]
        self.fx: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.sp_used = [0] * n  # bitmask-free: how many Super Potion uses this round
        self.plant_bonus = [0] * n
        self.wolf_draws = [0] * n
        self.contrib = [-1] * n  # attack given to the boss this round (-1: did not battle it)
        self.gift = [0] * n  # damage counters each player put on the boss this round
        self.attach: dict[int, int] = {}  # Mystic Ball / Sticker card -> the card it is on
        self.dmg = [0] * T.NM
        self.pool = COUNTERS
        self.home_flipped = False
        self.purify = False
        self.playground = 0  # bitmask of players ignoring Overrun this round
        self.invade_wave = 1  # index into T.WAVES reinforcements come from
        self.boss_colour = ""
        self.boss_dmg = 0
        self.draft_left = 0
        self.lost = False
        self.outcomes: dict[str, str] = {}
        self._setup()
        self._advance()

    # -- small helpers ---------------------------------------------------------------------------
    def cards(self, zone: int) -> list[int]:
        return self.zones.cards[zone]

    def _say(self, rule: str, text: str, player: int | None = None) -> None:
        if self.log is not None:
            self.log.append(Event(rule, text, player=player))

    def _mv(
        self,
        card: int,
        src: int,
        dst: int,
        rule: str,
        public: str,
        secret: str | None = None,
        p: int = -1,
        witnesses: int = -1,
    ) -> None:
        """`State.move`, naming the card only to those who see it whenever it ends in a
        zone that is not public (so a spectator of a one-player game is not shown it).
        `{who}` in the texts names player `p` (seat `num_players` is the Ghost); texts are
        only formatted when the log is on. `witnesses` (a mask) are the only players who see
        which card moves (a face-down draft pick): the others forget it, log on or off."""
        if self.log is None:
            self.zones.move(card, src, dst, witnesses=witnesses)
            return
        if p >= 0:
            name = who(p) if p < self.num_players else "Ghost"
            public = public.replace("{who}", name)
            if secret is not None:
                secret = secret.replace("{who}", name)
        if secret is None and self.zones.layout.specs[dst].kind != PUBLIC:
            secret = public
        self.move(card, src, dst, rule, public, secret, witnesses)

    def kinds_in(self, zone: int) -> list[int]:
        """Distinct Guardian card kinds in a zone, in kind order."""
        ks = set(map(_KIND_OF, self.zones.cards[zone]))
        ks.discard(-1)
        return sorted(ks)

    def card_of_kind(self, zone: int, k: int) -> int:
        """The lowest-numbered card of kind `k` in `zone` (copies are interchangeable:
        guardians.interpret.copies)."""
        lo, hi = T.KIND_SPAN[k]
        return min([c for c in self.zones.cards[zone] if lo <= c < hi])

    def sym(self, loc: int) -> int:
        spec = LOCS[loc]
        return spec.flipped_symbols if spec.base and self.home_flipped else spec.symbols

    def monsters_at(self, loc: int) -> list[int]:
        return self.zones.cards[T.LOC0 + loc]

    def occupied(self, loc: int) -> bool:
        z = self.zones.cards
        return bool(z[T.LOC0 + loc] or z[T.FD0 + loc])

    def remaining(self, m: int) -> int:
        return MON_ATTACK[m - M0] - self.dmg[m - M0]

    def combined(self, loc: int) -> int:
        dmg = self.dmg
        total = 0
        for m in self.zones.cards[T.LOC0 + loc]:
            i = m - M0
            total += MON_ATTACK[i] - dmg[i]
        return total

    def immune(self, m: int) -> bool:
        """Robots are immune to damage counters; so is every city monster while Purify-A1
        is fighting (guardians.monster.robot-shield, guardians.boss.purify)."""
        return self.purify or MON_FAMILY[m - M0] == "robot"

    def safe(self, loc: int) -> bool:
        return not self.occupied(loc)

    def in_play(self, p: int) -> list[int]:
        """Kinds of the cards `p` has in play (play chain, persistent area, copies)."""
        z = self.zones.cards
        base = P0 + p * NPZ
        out = list(map(_KIND_OF, z[base + T.PLAY]))
        out += map(_KIND_OF, z[base + T.PERSIST])
        out += self.copies[p]
        return out

    def count_group(self, p: int, group: str) -> int:
        return sum(1 for k in self.in_play(p) if T.GROUP[k] == group)

    def is_super(self, c: int) -> bool:
        """A SUPER card, or a card a Mystic Ball or Sticker is attached to."""
        return T.IS_SUPER[GKIND[c]] or c in self.attach.values()

    def boss_level(self) -> int:
        cards = self.zones.cards[T.BOSS_FIGHT]
        if not cards:
            return 0
        return BOSSES[cards[0] - B0].per_player * self.num_players

    def owned(self, p: int) -> list[int]:
        """Every Guardian card `p` owns: hand, deck, play, persistent area, discard pile and
        the cards under Aimed Shot or being looked at."""
        z = self.zones.cards
        out: list[int] = []
        for zz in (T.HAND, T.DECK, T.DISCARD, T.PLAY, T.PERSIST, T.UNDER, T.LOOK, T.COLLECT):
            out += z[pz(p, zz)]
        return out

    # -- set-up ------------------------------------------------------------------------------------
    def _setup(self) -> None:
        z = self.zones
        n = self.num_players
        rng = self.rng
        cards = z.cards
        cards[T.RESERVE] = list(_RESERVE_START)
        cards[T.SUPPLY] = list(_DRAFT_POOL)
        z.shuffle(T.SUPPLY, rng)
        cards[T.BOX] = list(_BOX_START)
        for w in range(3):
            cards[T.WAVES[w]] = list(_WAVE_START[w])
            z.shuffle(T.WAVES[w], rng)
        if self.log is not None:
            self._say(
                "guardians.setup.colours",
                "Players take their colours: "
                + ", ".join(f"{who(p)} {PLAYER_COLOURS[p]}" for p in range(n)),
            )
        self._say("guardians.setup.timekeeper", "The Timekeeper is on SET-UP")
        self._say(
            "guardians.setup.locations",
            "The locations are laid out in rows by colour, Home first",
        )
        for loc in range(T.NLOC):
            for _ in range(self.sym(loc)):
                self._invade_one(loc, 0, face_up=True, rule="guardians.setup.first-wave")
        # bosses
        blues, reds = _BLUES, _REDS
        blue = blues[rng.below(len(blues))]
        cards[T.BOSS_BLUE] = [blue]
        rest = [b for b in blues if b != blue]
        if self.opts.apprentice:
            rest += reds
        else:
            red = reds[rng.below(len(reds))]
            cards[T.BOSS_RED] = [red]
            rest += [b for b in reds if b != red]
        cards[T.BOX] += rest
        self._say(
            "guardians.setup.bosses",
            "A Blue Boss"
            + ("" if self.opts.apprentice else " and a Red Boss")
            + " are chosen at random, unseen",
        )
        if self.log is not None:
            self._say("guardians.setup.counters", f"{COUNTERS} damage counters go on the mat")
        self.trailblazer = rng.below(n)
        if self.log is not None:
            self._say("guardians.setup.trailblazer", f"{who(self.trailblazer)} is the Trailblazer")
        self.track_pos = 1
        self._say("guardians.setup.timekeeper-forward", "The Timekeeper moves to the Warm Up")
        self._warm_up()

    def _warm_up(self) -> None:
        z = self.zones
        n = self.num_players
        res = T.RESERVE
        for p in range(n):
            dst = _COLLECT[p]
            for k, count in (
                (T.EXPLORE, NUM["explore_per_player"]),
                (T.SWING, NUM["swings_per_player"]),
            ):
                for _ in range(count):
                    c = self.card_of_kind(res, k)
                    self._mv(c, res, dst, "guardians.warmup.generics", "{who} takes {card}", p=p)
        if self.opts.apprentice:
            self._apprentice_decks()
            return
        self._deal_secret(
            T.Q0,
            T.NCARDS,
            T.QUEST,
            T.RED_FD,
            NUM["quests_dealt"],
            NUM["boss_quests"],
            "guardians.warmup.quests",
            "Secret Quest",
        )
        self._deal_secret(
            _SUPER_CARDS[0],
            _SUPER_CARDS[-1] + 1,
            T.SUPERS,
            T.BLUE_FD,
            NUM["supers_dealt"],
            NUM["boss_supers"],
            "guardians.warmup.supers",
            "SUPER card",
        )
        # the draft packs
        if n == 1:
            size = NUM["solo_draft"]
            self.draft_left = NUM["solo_keep"]
        else:
            size = NUM["draft_pack"]
            self.draft_left = size
        packs = [_PACK[p] for p in range(n)] + ([T.GHOST_PACK] if n == 2 else [])
        for owner, dst in enumerate(packs):
            for _ in range(size):
                c = z.cards[T.SUPPLY][-1]
                self._mv(
                    c,
                    T.SUPPLY,
                    dst,
                    "guardians.warmup.deal-draft",
                    "{who} is dealt a draft card",
                    "{who} is dealt {card}",
                    p=owner,
                )
        self._enter("draft")

    def _deal_secret(
        self,
        lo: int,
        hi: int,
        zone: int,
        boss_zone: int,
        each: int,
        on_boss: int,
        rule: str,
        what: str,
    ) -> None:
        z = self.zones
        pool = [c for c in z.cards[T.BOX] if lo <= c < hi]
        self.rng.shuffle(pool)
        for p in range(self.num_players):
            for _ in range(each):
                c = pool.pop()
                self._mv(
                    c,
                    T.BOX,
                    pz(p, zone),
                    rule,
                    f"{who(p)} is dealt a {what}",
                    "{who} is dealt {card}",
                    p=p,
                )
        for _ in range(on_boss):
            c = pool.pop()
            self._mv(c, T.BOX, boss_zone, rule, f"A {what} goes face down on the boss")

    def _apprentice_decks(self) -> None:
        """Apprentice: each seat takes the preconstructed deck of its colour with the SUPER
        card it is named after; two other SUPER cards go on the Blue Boss
        (guardians.interpret.apprentice-rewards)."""
        z = self.zones
        for p in range(self.num_players):
            pre = T.CONTENT.precons[p]
            dst = _COLLECT[p]
            for name in (*pre.cards, pre.super):
                k = T.KIND_BY_NAME[name]
                src = T.BOX if T.IS_SUPER[k] else T.SUPPLY
                c = self.card_of_kind(src, k)
                self._mv(
                    c,
                    src,
                    dst,
                    "guardians.warmup.precon",
                    f"{who(p)} takes {{card}} ({pre.colour} deck)",
                )
        spare = [c for c in z.cards[T.BOX] if c < T.NG]
        self.rng.shuffle(spare)
        for c in spare[: NUM["boss_supers"]]:
            self._mv(
                c,
                T.BOX,
                T.BLUE_FD,
                "guardians.warmup.supers",
                "A SUPER card goes face down on the Blue Boss",
            )
        self._final_flip()

    def _final_flip(self) -> None:
        """Final Choice done: the boss cards turn face up, decks are shuffled, first hands
        drawn, and the Timekeeper moves to the first round."""
        z = self.zones
        for src, dst in ((T.BLUE_FD, T.BLUE_SHOW), (T.RED_FD, T.RED_SHOW)):
            for c in list(z.cards[src]):
                self._mv(c, src, dst, "guardians.warmup.final-flip", "{card} is shown on the boss")
        if self.num_players == 2:
            for c in list(z.cards[T.GHOST_DECK]):
                self._mv(
                    c,
                    T.GHOST_DECK,
                    T.TRASH,
                    "guardians.two-player.ghost",
                    "Ghost's {card} goes to the trash",
                )
        for p in range(self.num_players):
            deck = _DECK[p]
            for c in list(z.cards[_COLLECT[p]]):
                z.move(c, _COLLECT[p], deck)
            z.shuffle(deck, self.rng)
            if self.log is not None:
                self._say(
                    "guardians.warmup.deck",
                    f"{who(p)} shuffles a deck of {len(z.cards[deck])} cards",
                )
            self._draw(p, HAND_SIZE, "guardians.warmup.first-hand")
        self.track_pos += 1
        self._start_round()

    # -- decks ------------------------------------------------------------------------------------
    def _refill(self, p: int) -> bool:
        """An empty deck takes the shuffled discard pile (guardians.cleanup.reshuffle)."""
        z = self.zones
        deck, disc = _DECK[p], _DISCARD[p]
        if z.cards[deck]:
            return True
        if not z.cards[disc]:
            return False
        for c in list(z.cards[disc]):
            z.move(c, disc, deck)
        z.shuffle(deck, self.rng)
        if self.log is not None:
            self._say(
                "guardians.cleanup.reshuffle", f"{who(p)} shuffles the discard pile into a deck"
            )
        return True

    def _draw(self, p: int, n: int, rule: str) -> int:
        deck, hand = _DECK[p], _HAND[p]
        cards = self.zones.cards
        quiet = self.log is None
        got = 0
        for _ in range(n):
            if not cards[deck] and not self._refill(p):
                break
            c = cards[deck][-1]
            if quiet:
                self.zones.move(c, deck, hand)
            else:
                self._mv(c, deck, hand, rule, "{who} draws a card", "{who} draws {card}", p=p)
            got += 1
        return got

    def _look(self, p: int, n: int, rule: str) -> None:
        deck, look = _DECK[p], _LOOK[p]
        for _ in range(n):
            if not self._refill(p):
                break
            c = self.zones.cards[deck][-1]
            self._mv(
                c,
                deck,
                look,
                rule,
                "{who} looks at the top card of the deck",
                "{who} looks at {card}",
                p=p,
            )

    def _supply_top(self) -> int | None:
        """The top card of the Guardian Supply; an empty supply takes the shuffled trash
        (guardians.supply.refill)."""
        z = self.zones
        if not z.cards[T.SUPPLY]:
            if not z.cards[T.TRASH]:
                return None
            for c in list(z.cards[T.TRASH]):
                z.move(c, T.TRASH, T.SUPPLY)
            z.shuffle(T.SUPPLY, self.rng)
            self._say("guardians.supply.refill", "The trash is shuffled into a new supply")
        return z.cards[T.SUPPLY][-1]

    def _gain_swing(self, p: int, rule: str) -> None:
        """`p` gains a Practice Swing on top of the deck from those left in the box (25 less
        those dealt); with none left, `p` gains nothing (guardians.interpret.swing-source)."""
        res = T.RESERVE
        found = [c for c in self.zones.cards[res] if GKIND[c] == T.SWING]
        if found:
            self._mv(found[0], res, _DECK[p], rule, "{who} puts {card} on top of the deck", p=p)
        elif self.log is not None:
            self._say(rule, f"No Practice Swing is left in the box for {who(p)}")

    def _trash(self, c: int, src: int, rule: str, p: int) -> None:
        self._mv(c, src, T.TRASH, rule, "{who} trashes {card}", p=p)

    # -- monsters -----------------------------------------------------------------------------
    def _draw_monster(self, wave: int) -> tuple[int, int] | None:
        """(card, zone) of the next monster from `wave`: an empty wave takes the shuffled
        Retreat pile, then the next wave (guardians.battle.invade-source)."""
        z = self.zones
        w = wave
        while w < 3:
            src = T.WAVES[w]
            if not z.cards[src] and z.cards[T.RETREAT]:
                for c in list(z.cards[T.RETREAT]):
                    z.move(c, T.RETREAT, src)
                z.shuffle(src, self.rng)
                self._say(
                    "guardians.battle.invade-source",
                    "The Retreat pile is shuffled to reinforce the wave",
                )
            if z.cards[src]:
                return z.cards[src][-1], src
            w += 1
        return None

    def _invade_one(self, loc: int, wave: int, face_up: bool, rule: str) -> bool:
        got = self._draw_monster(wave)
        if got is None:
            if self.log is not None:
                self._say(rule, f"No monster is left to invade {LOCS[loc].name}")
            return False
        m, src = got
        if face_up:
            self._mv(m, src, T.LOC0 + loc, rule, _INVADES[loc])
            self._enters(m)
        else:
            self._mv(m, src, T.FD0 + loc, rule, _INVADES_FD[loc])
        return True

    def _enters(self, m: int) -> None:
        """A monster enters play face up. An Orc damages every Orc in the city, itself
        included, unless it is immune to damage counters (Purify-A1's round); it never places
        the counter that would defeat one (guardians.monster.orc-bully,
        guardians.interpret.orc-bully-cap)."""
        if MON_FAMILY[m - M0] != "orc":
            return
        for loc in range(T.NLOC):
            for o in self.monsters_at(loc):
                if (
                    MON_FAMILY[o - M0] == "orc"
                    and self.pool
                    and self.remaining(o) > 1
                    and not self.immune(o)
                ):
                    self.dmg[o - M0] += 1
                    self.pool -= 1
        if self.log is not None:
            text = (
                f"{T.NAMES[m]} cannot damage the shielded Orcs"
                if self.purify
                else f"{T.NAMES[m]} damages every Orc in the city"
            )
            self._say("guardians.monster.orc-bully", text)

    def _invade_all(self, rule: str) -> None:
        """Fill every visible monster symbol (guardians.battle.invade)."""
        forts = self.fort
        z = self.zones.cards
        syms = _SYMS_FLIPPED if self.home_flipped else _SYMS
        for loc, a, b in _LOC_ZONES:
            if loc in forts:
                continue
            need = syms[loc] - len(z[a]) - len(z[b])
            for _ in range(need):
                if not self._invade_one(loc, self.invade_wave, True, rule):
                    return

    def _leave(self, m: int) -> None:
        """A monster leaves the city: its damage counters go back to the mat."""
        i = m - M0
        self.pool += self.dmg[i]
        self.dmg[i] = 0

    def _retreat(self, m: int, src: int, rule: str) -> None:
        self._leave(m)
        self._mv(m, src, T.RETREAT, rule, "{card} retreats")

    def _place(self, p: int, m: int, loc: int, n: int, held: bool, rule: str) -> None:
        """Put `n` damage counters on monster `m` (from `p`'s held counters, or from the mat);
        a monster with at least its attack level in counters is defeated by `p`."""
        if held:
            n = min(n, self.counters[p])
            self.counters[p] -= n
        else:
            n = min(n, self.pool)
            self.pool -= n
        if n <= 0:
            return
        self.dmg[m - M0] += n
        if self.log is not None:
            self._say(rule, f"{who(p)} puts {n} damage counter(s) on {T.NAMES[m]}", p)
        if self.remaining(m) <= 0:
            if self.log is not None:
                self._say("guardians.battle.counter-defeat", f"{T.NAMES[m]} falls to its damage")
            self._collect(p, m, loc)

    def _collect(self, p: int, m: int, loc: int) -> None:
        """`p` takes `m` as a trophy and gains its reward by family (guardians.battle.trophy,
        guardians.monster.*)."""
        self._leave(m)
        self._mv(
            m,
            T.LOC0 + loc,
            _TROPHY[p],
            "guardians.battle.trophy",
            "{who} takes {card} as a trophy",
            p=p,
        )
        fam = MON_FAMILY[m - M0]
        if fam == "orc":
            self.work[p].append(("final-act",))
        elif fam == "spider":
            self.work[p].append(("spider-reveal",))
        elif self.log is not None:
            if fam == "robot":
                self._say("guardians.monster.robot-reward", f"{who(p)} gains a persistent energy")
            elif fam == "warlock":
                self._say("guardians.monster.warlock-reward", f"{who(p)} gains a persistent attack")

    def _area(self, p: int, loc: int, amount: int, around: int, rule: str) -> None:
        """Damage counters from the mat on every monster at `loc` (-1: the boss), and
        `around` on every monster at the surrounding locations."""
        if loc < 0:
            n = min(amount, self.pool)
            self.pool -= n
            self.boss_dmg += n
            self.gift[p] += n
            if self.log is not None:
                self._say(rule, f"{who(p)} puts {n} damage counter(s) on the boss", p)
            return
        targets = (
            [(loc, amount)] + [(o, around) for o in T.SURROUNDING[loc]]
            if around
            else [(loc, amount)]
        )
        for where, k in targets:
            for m in list(self.monsters_at(where)):
                if not self.immune(m) and m in self.monsters_at(where):
                    self._place(p, m, where, k, False, rule)

    # -- rounds -----------------------------------------------------------------------------------
    def _start_round(self) -> None:
        space = self.track[self.track_pos]
        self.turn += 1
        n = self.num_players
        self.order = tuple((self.trailblazer + i) % n for i in range(n))
        if self.log is not None:
            self.emit(
                PhaseStarted(
                    "guardians.round.phases",
                    f"Round {self.turn} begins ({space}); {who(self.trailblazer)}"
                    " holds the Trailblazer",
                    phase="round",
                )
            )
        self.boss_colour = ""
        if space in ("blue-boss", "red-boss"):
            self._reveal_boss("blue" if space == "blue-boss" else "red")
        self._enter("reveal")

    def _reveal_boss(self, colour: str) -> None:
        z = self.zones
        src = T.BOSS_BLUE if colour == "blue" else T.BOSS_RED
        self.boss_colour = colour
        self.boss_dmg = 0
        self.contrib = [-1] * self.num_players
        self.gift = [0] * self.num_players
        if self.log is not None:
            self._say("guardians.boss.display", f"The {colour} boss's rewards are on display")
        b = z.cards[src][0]
        self._mv(
            b,
            src,
            T.BOSS_FIGHT,
            "guardians.boss.reveal",
            f"The {colour.title()} Boss is revealed: {{card}}",
        )
        reveal = BOSSES[b - B0].reveal
        rule = f"guardians.boss.{reveal}"
        n = self.num_players
        if reveal == "patient-zero":
            for p in range(n):
                hand = _HAND[p]
                k = len(z.cards[hand])
                for c in list(z.cards[hand]):
                    self._mv(c, hand, _DISCARD[p], rule, "{who} discards {card}", p=p)
                self._draw(p, k, rule)
        elif reveal == "kiara":
            for p in self.order:  # in turn order, should the box run short
                self._gain_swing(p, rule)
        elif reveal == "purify":
            self.purify = True
            self._say(rule, "Every monster in the city is shielded from damage counters")
        elif reveal == "zarkoth":
            self.fort = [-1] * n
            self._say(rule, "Every Blanket Fort is removed")
            for loc in range(T.NLOC):
                for zone in (T.LOC0 + loc, T.FD0 + loc):
                    for m in list(z.cards[zone]):
                        self._retreat(m, zone, rule)
            self._invade_all(rule)

    def _reveal_steps(self) -> None:
        """The reveal effects that ask players something, pushed for everyone at once."""
        b = self.cards(T.BOSS_FIGHT)
        if not b or self.boss_colour == "":
            return
        reveal = BOSSES[b[0] - B0].reveal
        for p in range(self.num_players):
            if reveal == "araknesh":
                self.work[p].append(("drop", "guardians.boss.araknesh"))
            elif reveal == "kevin":
                self.work[p].append(("discard", 1, "guardians.boss.kevin"))

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.cur = 0
        self.started = False
        if phase in ("location", "battle") or (phase == "power" and self.opts.apprentice):
            self.seq = self.order
        if phase == "location":
            self.visited = [-1] * self.num_players
            self.playground = 0
        elif phase == "battle":
            self._flip_face_down()

    def _flip_face_down(self) -> None:
        z = self.zones
        for loc in range(T.NLOC):
            fd = T.FD0 + loc
            for m in list(z.cards[fd]):
                self._mv(
                    m,
                    fd,
                    T.LOC0 + loc,
                    "guardians.battle.flip",
                    _FLIPS[loc],
                )
                self._enters(m)

    def _sequential(self) -> bool:
        ph = self.phase
        return ph in _TURN_ORDER or (ph == "power" and self.opts.apprentice)

    def _next(self) -> None:
        """Move the phase machine on one step (nobody has work left)."""
        ph = self.phase
        if self._sequential():
            if self.cur < len(self.seq):
                if not self.started:
                    self.started = True
                    p = self.seq[self.cur]
                    if ph == "location":
                        self.work[p].append(("visit",))
                    elif ph == "battle":
                        self.work[p].append(("battle-start",))
                    elif ph == "rewards":
                        self.work[p].append(("boss-reward",))
                    else:
                        self.work[p].append(("power-start",))
                    return
                self.cur += 1
                self.started = False
                if self.cur < len(self.seq):
                    return
            self._end_phase()
            return
        if not self.started:
            self.started = True
            n = self.num_players
            if ph == "draft":
                for p in range(n):
                    self.work[p].append(("draft",))
            elif ph == "keep-super":
                for p in range(n):
                    self.work[p].append(("keep-super",))
            elif ph == "keep-quest":
                for p in range(n):
                    self.work[p].append(("keep-quest",))
            elif ph == "reveal":
                self._reveal_steps()
            elif ph == "overrun":
                self._overrun()
            elif ph == "power":
                for p in range(n):
                    self.work[p].append(("power-start",))
            elif ph == "cleanup":
                for p in range(n):
                    self.work[p].append(("cleanup",))
            return
        self._end_phase()

    def _end_phase(self) -> None:
        ph = self.phase
        if ph == "draft":
            self._after_draft_round()
        elif ph == "keep-super":
            self._enter("keep-quest")
        elif ph == "keep-quest":
            self._final_flip()
        elif ph == "reveal":
            self._enter("location")
        elif ph == "location":
            self._enter("overrun")
        elif ph == "overrun":
            self._enter("power")
        elif ph == "power":
            self._enter("battle")
        elif ph == "battle":
            if self.boss_colour:
                self._resolve_boss()
            else:
                self._enter("cleanup")
        elif ph == "rewards":
            self._after_boss()
        elif ph == "cleanup":
            self._end_round()

    # -- draft ------------------------------------------------------------------------------------
    def _after_draft_round(self) -> None:
        z = self.zones
        n = self.num_players
        if n == 1:
            self.draft_left -= 1
            if self.draft_left > 0 and z.cards[pz(0, T.PACK)]:
                self.started = False
                return
            for c in list(z.cards[pz(0, T.PACK)]):
                self._mv(
                    c,
                    pz(0, T.PACK),
                    T.TRASH,
                    "guardians.one-player.draft",
                    "{card} goes to the trash face up",
                )
            self._enter("keep-super")
            return
        packs = [_PACK[p] for p in range(n)]
        if n == 2:
            gp = T.GHOST_PACK
            if z.cards[gp]:
                c = z.cards[gp][self.rng.below(len(z.cards[gp]))]
                self._mv(
                    c,
                    gp,
                    T.GHOST_DECK,
                    "guardians.two-player.ghost",
                    "Ghost takes a card at random, unseen",
                    witnesses=0,
                )
            packs.append(gp)
        # pass every pack to the left (the next seat; in 2-player: A -> B -> Ghost -> A)
        held = [list(z.cards[s]) for s in packs]
        k = len(packs)
        for i, cards in enumerate(held):
            dst = packs[(i + 1) % k]
            for c in cards:
                z.move(c, packs[i], dst)
        self._say("guardians.warmup.pass-left", "The packs are passed to the left")
        if any(z.cards[s] for s in packs[:n]):
            self.started = False
            return
        self._enter("keep-super")

    # -- overrun ----------------------------------------------------------------------------------
    def _overrun(self) -> None:
        warlocks = spiders = 0
        for loc in range(T.NLOC):
            for m in self.monsters_at(loc):
                f = MON_FAMILY[m - M0]
                if f == "warlock":
                    warlocks += 1
                elif f == "spider":
                    spiders += 1
        for p in range(self.num_players):
            if (self.playground >> p) & 1:
                if (warlocks >= 2 or spiders >= 2) and self.log is not None:
                    self._say(
                        "guardians.location.playground",
                        f"{who(p)} is at the Playground and ignores Overrun",
                        p,
                    )
                continue
            if spiders >= 2:
                self.work[p].append(("drop", "guardians.overrun.spider"))
            if warlocks >= 2:
                self.work[p].append(("discard", 1, "guardians.overrun.warlock"))
        if self.log is not None:
            if warlocks >= 2:
                self._say("guardians.overrun.warlock", f"{warlocks} Warlocks Overrun the city")
            if spiders >= 2:
                self._say("guardians.overrun.spider", f"{spiders} Spiders Overrun the city")

    # -- power up ----------------------------------------------------------------------------------
    def _power_start(self, p: int) -> None:
        """Power Up begins for `p`: trophy rewards and persistent cards give their benefit
        without needing their energy again (guardians.power.persistent)."""
        z = self.zones
        robots = warlocks = 0
        for m in z.cards[_TROPHY[p]]:
            f = MON_FAMILY[m - M0]
            robots += f == "robot"
            warlocks += f == "warlock"
        self.energy[p] += robots
        self.attack[p] += warlocks
        self.work[p].append(("power",))
        for c in list(z.cards[_PERSIST[p]]):
            k = GKIND[c]
            if T.IS_ITEM[k]:
                eff = KINDS[k].effect
                if eff == "sticker":
                    tgt = self.attach.get(c)
                    if tgt is not None:
                        self._item_benefit(p, GKIND[tgt], c)
                elif eff != "mystic-ball":
                    self._item_benefit(p, k, c)
            else:
                self._resolve(p, k, c)
        if self.log is not None and (robots or warlocks or z.cards[_PERSIST[p]]):
            self._say(
                "guardians.power.persistent",
                f"{who(p)} starts Power Up with {self.energy[p]} energy and "
                f"{self.attack[p]} attack",
                p,
            )

    def _item_benefit(self, p: int, k: int, c: int) -> None:
        spec = KINDS[k]
        self.energy[p] += spec.energy
        self.attack[p] += spec.attack
        if spec.battle_fx:
            self.fx[p].append((spec.battle_fx, c))

    def _play(self, p: int, k: int) -> None:
        c = self.card_of_kind(_HAND[p], k)
        self._mv(c, _HAND[p], _PLAY[p], "guardians.power.play", "{who} plays {card}", p=p)
        self._resolve(p, k, c)

    def _resolve(self, p: int, k: int, c: int) -> None:
        """The effects of kind `k` entering play for `p` (card `c`, or -1 for a copy)."""
        spec = KINDS[k]
        self.energy[p] += spec.energy
        self.attack[p] += spec.attack
        if spec.counters:
            got = min(spec.counters, self.pool)
            self.pool -= got
            self.counters[p] += got
        if spec.draw:
            self._draw(p, spec.draw, f"guardians.card.{spec.slug}")
        if spec.battle_fx and spec.battle_fx != "aimed-shot":
            self.fx[p].append((spec.battle_fx, c))
        eff = spec.effect
        if eff:
            self._effect(p, k, c, eff)
        g = spec.group
        if g == "plant":
            self._plants(p)
        elif g == "wolf":
            self._wolves(p)

    def _plants(self, p: int) -> None:
        """Sapling: +2 energy once another Plant is (or gets) in play."""
        ents = self.in_play(p)
        if sum(1 for k in ents if T.GROUP[k] == "plant") < 2:
            return
        due = ents.count(T.SAPLING) - self.plant_bonus[p]
        if due > 0:
            self.plant_bonus[p] += due
            self.energy[p] += 2 * due
            if self.log is not None:
                self._say(
                    "guardians.card.sapling", f"{who(p)}'s Sapling gives +{2 * due} energy", p
                )

    def _wolves(self, p: int) -> None:
        """Wolf Pup: draw a card once another Wolf is (or gets) in play."""
        ents = self.in_play(p)
        if sum(1 for k in ents if T.GROUP[k] == "wolf") < 2:
            return
        due = ents.count(T.WOLF_PUP) - self.wolf_draws[p]
        if due > 0:
            self.wolf_draws[p] += due
            self._draw(p, due, "guardians.card.wolf-pup")

    def _effect(self, p: int, k: int, c: int, eff: str) -> None:
        z = self.zones
        w = self.work[p]
        rule = f"guardians.card.{KINDS[k].slug}"
        if eff == "arcane-knowledge":
            self._draw(p, 3, rule)
            w.append(("discard", 2, rule))
        elif eff == "aimed-shot":
            self.fx[p].append(("aimed-shot", 0))
            w.append(("under", len(self.fx[p]) - 1))
        elif eff == "look-two":
            self._look(p, 2, rule)
            w.append(("look-toss", rule))
        elif eff == "borrow":
            w.append(("borrow", c))
        elif eff == "caterpillar":
            self._look(p, 2, rule)
            w.append(("trash-pile", 1, rule))
            w.append(("look-take", rule))
        elif eff == "butterfly":
            if T.CATERPILLAR in self.in_play(p):
                w.append(("trash-pile", 6, rule))
        elif eff == "dire-wolf":
            if T.WOLF_PUP in self.in_play(p):
                self.attack[p] += 4
                if self.log is not None:
                    self._say(rule, f"{who(p)}'s Dire Wolf runs with a Wolf Pup: +4 attack", p)
        elif eff == "mystic-ball" or eff == "sticker":
            if c >= 0:
                w.append(("attach", c))
        elif eff == "world-spirit":
            self._look(p, 3, rule)
            w.append(("look-take", rule))
        elif eff == "immortal-elk":
            deck, disc = _DECK[p], _DISCARD[p]
            for card in list(reversed(z.cards[deck])):
                self._mv(card, deck, disc, rule, "{who} discards {card} from the deck", p=p)
            w.append(("draw", 1, rule))
            w.append(("trash-pile", 3, rule))
        elif eff == "elf":
            self._draw(p, 2, rule)
            w.append(("discard", 1, rule))
        # shield, backpack, ancient-hilt, sapling, wolf-pup: passive or handled elsewhere

    def _end_power(self, p: int) -> None:
        """End of `p`'s Power Up: the "at the end of your Power Up Phase" effects."""
        z = self.zones
        ents = self.in_play(p)
        groups: dict[str, int] = {}
        for k in ents:
            g = T.GROUP[k]
            if g:
                groups[g] = groups.get(g, 0) + 1
        before = self.attack[p]
        oak = False
        fxs = [KINDS[k].end_fx for k in ents if KINDS[k].end_fx]
        for c in z.cards[_PLAY[p]] + z.cards[_PERSIST[p]]:
            tgt = self.attach.get(c)
            if tgt is None:
                continue
            if KINDS[GKIND[c]].effect == "sticker" and KINDS[GKIND[tgt]].end_fx:
                fxs.append(KINDS[GKIND[tgt]].end_fx)
        for fx in fxs:
            if fx == "rogue-1":
                self.attack[p] += groups.get("rogue", 0)
            elif fx == "rogue-3":
                self.attack[p] += 3 * groups.get("rogue", 0)
            elif fx == "axe":
                self.attack[p] += 2 * groups.get("knight", 0)
            elif fx == "dagger":
                self.attack[p] += 2 * groups.get("rogue", 0)
            elif fx == "bow":
                got = min(groups.get("archer", 0), self.pool)
                self.pool -= got
                self.counters[p] += got
            elif fx == "world-spirit":
                self.attack[p] += sum(1 for k in ents if not T.IS_ITEM[k])
            elif fx == "pixie":
                self.attack[p] += 3 * len({k for k in ents if T.IS_FAMILIAR[k]})
            elif fx == "elder-oak":
                oak = True
        for c in z.cards[_PLAY[p]] + z.cards[_PERSIST[p]]:
            if KINDS[GKIND[c]].end_fx == "mystic-ball" and c in self.attach:
                fam = T.GROUP[GKIND[self.attach[c]]]
                self.attack[p] += 2 * sum(1 for k in ents if T.IS_FAMILIAR[k] and T.GROUP[k] == fam)
        if oak and T.SAPLING in ents:
            self.attack[p] += self.energy[p]
            self.energy[p] = 0
        if self.log is not None:
            gain = self.attack[p] - before
            if self.log is not None:
                self._say(
                    "guardians.power.end",
                    f"{who(p)} ends Power Up: attack {self.attack[p]}"
                    + (f" (+{gain} from end-of-Power-Up effects)" if gain else "")
                    + f", energy {self.energy[p]}, {self.counters[p]} damage counter(s)",
                    p,
                )

    def _replay_targets(self, p: int) -> list[int]:
        """Kinds of `p`'s non-item, non-SUPER cards in the play chain (Potion, Super Potion)."""
        supers = set(self.attach.values())
        return sorted(
            {GKIND[c] for c in self.cards(_PLAY[p]) if T.REPLAYABLE[GKIND[c]] and c not in supers}
        )

    def _fx_usable(self, p: int, name: str, battle: bool) -> bool:
        if name in ("potion", "super-potion"):
            if name == "super-potion" and self.sp_used[p]:
                return False
            return bool(self._replay_targets(p))
        if not battle:
            return False
        if name == "marbles":
            return True
        if name == "mastering-slash":
            z = self.zones.cards
            return bool(z[_HAND[p]] or z[_DISCARD[p]])
        boss = bool(self.boss_colour and self.cards(T.BOSS_FIGHT))
        if boss:
            return True
        z = self.zones.cards
        return any(not self.immune(m) for loc in range(T.NLOC) for m in z[T.LOC0 + loc])

    def _use_fx(self, p: int, name: str) -> None:
        fxl = self.fx[p]
        i = next(j for j, (n, _) in enumerate(fxl) if n == name)
        _, arg = fxl.pop(i)
        w = self.work[p]
        rule = f"guardians.card.{name}"
        if self.log is not None:
            self._say(rule, f"{who(p)} uses {FX_TITLES[name]}", p)
        if name == "potion" or name == "super-potion":
            w.append(("replay", arg, name))
        elif name == "marbles":
            got = min(5, self.pool)
            self.pool -= got
            self.counters[p] += got
            src = self._zone_of_play(p, arg)
            if src >= 0:
                self._trash(arg, src, rule, p)
        elif name == "mastering-slash":
            w.append(("mslash",))
        elif name == "fireball":
            w.append(("fx-loc", 3, 1, rule))
        elif name == "falling-star":
            w.append(("fx-loc", 6, 1, rule))
        elif name == "wand":
            w.append(("fx-loc", self.count_group(p, "wizard"), 0, rule))
        elif name == "aimed-shot":
            w.append(("fx-target", 3 + 3 * arg, rule))

    def _zone_of_play(self, p: int, c: int) -> int:
        for zz in (T.PLAY, T.PERSIST):
            if c in self.zones.cards[pz(p, zz)]:
                return pz(p, zz)
        return -1

    # -- battle ------------------------------------------------------------------------------------
    def _battle_start(self, p: int) -> None:
        z = self.zones
        w = self.work[p]
        w.append(("invade",))
        w.append(("fort",))
        w.append(("battle",))
        hilts = [
            c
            for c in z.cards[_PLAY[p]] + z.cards[_PERSIST[p]]
            if KINDS[GKIND[c]].effect == "ancient-hilt"
        ]
        if hilts:
            self.attack[p] += self.energy[p]
            if self.log is not None:
                self._say(
                    "guardians.card.ancient-hilt",
                    f"{who(p)}'s Ancient Hilt turns {self.energy[p]} energy into attack",
                    p,
                )
            self.energy[p] = 0
        if z.cards[_MUSEUM[p]]:
            w.append(("museum",))

    def attack_at(self, p: int, loc: int, ents: list[int] | None = None) -> int:
        """`p`'s attack level battling at `loc` (-1: the boss), with the bonuses that depend
        on where the battle is (Cleave, Shot, Point Blank Shot, Sabertooth Tiger)."""
        a = self.attack[p]
        if ents is None:
            ents = self.in_play(p)
        if not any(BONUS[k] for k in ents):
            return a
        if loc >= 0:
            mons = self.monsters_at(loc)
            many = len(mons) > 1
            overrun = any(MON_FAMILY[m - M0] in ("warlock", "spider") for m in mons)
            damaged = any(self.dmg[m - M0] for m in mons)
        else:
            many = overrun = False
            damaged = self.boss_dmg > 0
        cub = T.TIGER_CUB in ents
        for k in ents:
            bb = KINDS[k].battle_bonus
            if not bb:
                continue
            if bb == "cleave":
                a += 3 if many else 0
            elif bb == "shot":
                a += 1 if overrun else 0
            elif bb == "point-blank-shot":
                a += 2 if overrun else 0
            elif bb == "sabertooth":
                a += 6 if cub and damaged else 0
        return a

    def _fight(self, p: int, loc: int) -> None:
        if loc < 0:
            held = self.counters[p]
            if held:
                # held counters turn into attack against a boss, and damage it
                self.counters[p] = 0
                self.boss_dmg += held
                self.gift[p] += held
            a = self.attack_at(p, -1)
            self.contrib[p] = a
            if self.log is not None:
                self._say(
                    "guardians.boss.battle",
                    f"{who(p)} battles the boss with attack {a} and {self.gift[p]} damage "
                    "counter(s)",
                    p,
                )
            return
        if self.log is not None:
            self._say(
                "guardians.battle.move",
                f"{who(p)} battles at {LOCS[loc].name} with attack {self.attack_at(p, loc)} "
                f"against {self.combined(loc)}",
                p,
            )
        self.visited[p] = loc
        for m in list(self.monsters_at(loc)):
            self._collect(p, m, loc)

    def _final_act(self, p: int) -> None:
        """Orc Final Act: every opponent, from the slayer's left, gains a Practice Swing on top
        of the deck; a Shield lets its holder ignore it (guardians.monster.orc-final-act)."""
        n = self.num_players
        for i in range(1, n):
            q = (p + i) % n
            shield = any(
                KINDS[GKIND[c]].effect == "shield"
                for c in self.cards(_PERSIST[q]) + self.cards(_PLAY[q])
            )
            if shield:
                self.work[q].append(("shield",))
            else:
                self._gain_swing(q, "guardians.monster.orc-final-act")

    def _spider_reveal(self, p: int) -> None:
        """Spider reward: the top two of the supply, face up for everyone; gain one, trash
        the other (guardians.monster.spider-reward)."""
        shown = T.REVEALED
        for _ in range(2):
            c = self._supply_top()
            if c is None:
                break
            self._mv(
                c,
                T.SUPPLY,
                shown,
                "guardians.monster.spider-reward",
                "{who} reveals {card} from the supply",
                p=p,
            )
        if self.cards(shown):
            self.work[p].append(("spider",))

    # -- boss --------------------------------------------------------------------------------------
    def _resolve_boss(self) -> None:
        z = self.zones
        n = self.num_players
        level = self.boss_level()
        battlers = [p for p in self.order if self.contrib[p] >= 0]
        total = self.boss_dmg + sum(self.contrib[p] for p in battlers)
        b = z.cards[T.BOSS_FIGHT][0]
        colour = self.boss_colour
        key = f"{colour}_boss"
        won = total >= level
        if self.log is not None:
            self._say(
                "guardians.boss.outcome",
                f"The party brings {total} against {T.NAMES[b]}'s {level}: "
                + ("the boss is defeated" if won else "the boss survives"),
            )
        self.outcomes[key] = "defeated" if won else "survived"
        self.pool += self.boss_dmg
        self.boss_dmg = 0
        self._mv(b, T.BOSS_FIGHT, T.BOSS_DONE, "guardians.boss.outcome", "{card} leaves")
        self.purify = False
        if won:
            ranked = sorted(battlers, key=lambda q: -(self.contrib[q] + self.gift[q]))
            self.seq = tuple(ranked)
            self.phase = "rewards"
            self.cur = 0
            self.started = False
            return
        if colour == "blue":
            if not self.home_flipped:
                self.home_flipped = True
                if self.log is not None:
                    self._say(
                        "guardians.boss.blue-penalty",
                        f"{LOCS[T.HOME].name} is flipped: monsters can now invade it",
                    )
            for p in range(n):
                if self.contrib[p] < 0:
                    cow = [c for c in z.cards[T.RESERVE] if GKIND[c] == T.COWARD]
                    if cow:
                        self._mv(
                            cow[0],
                            T.RESERVE,
                            _DISCARD[p],
                            "guardians.boss.coward",
                            "{who} gains {card}",
                            p=p,
                        )
        else:
            self.lost = True
            self._say("guardians.boss.red-penalty", "Arthursburg has fallen: the players lose")
            for p in range(n):
                if self.contrib[p] < 0:
                    self._retreat_best(p, NUM["red_boss_retreats"])
        self._after_boss()

    def _retreat_best(self, p: int, k: int) -> None:
        troph = _TROPHY[p]
        ranked = sorted(
            self.cards(troph), key=lambda m: (-T.monster(m).points, -MON_ATTACK[m - M0], m)
        )
        for m in ranked[:k]:
            self._mv(
                m,
                troph,
                T.RETREAT,
                "guardians.boss.red-penalty",
                "{who} retreats the trophy {card}",
                p=p,
            )

    def _after_boss(self) -> None:
        nxt = self.track[self.track_pos + 1] if self.track_pos + 1 < len(self.track) else "end"
        if nxt == "end":
            self._finish()
            return
        self._enter("cleanup")

    # -- clean up ----------------------------------------------------------------------------------
    def _cleanup(self, p: int) -> None:
        z = self.zones
        disc = _DISCARD[p]
        play, pers = _PLAY[p], _PERSIST[p]
        targets = self.attach.values()
        for c in list(z.cards[play]):
            if T.IS_ITEM[GKIND[c]] or c in targets:
                self._mv(
                    c, play, pers, "guardians.cleanup.persistent", "{who} keeps {card} in play", p=p
                )
            else:
                self._mv(c, play, disc, "guardians.cleanup.discard", "{who} discards {card}", p=p)
        for src in (_UNDER[p], _HAND[p], _LOOK[p]):
            if z.cards[src]:
                for c in list(z.cards[src]):
                    self._mv(
                        c,
                        src,
                        disc,
                        "guardians.cleanup.discard",
                        "{who} discards {card}",
                        "{who} discards {card}",
                        p=p,
                    )
        self.pool += self.counters[p]
        self.counters[p] = 0
        self.energy[p] = 0
        self.attack[p] = 0
        self.copies[p] = []
        self.fx[p] = []
        self.sp_used[p] = 0
        self.plant_bonus[p] = 0
        self.wolf_draws[p] = 0
        packs = 0
        for c in z.cards[pers]:
            eff = EFFECT[GKIND[c]]
            if eff == "backpack":
                packs += 1
            elif eff == "sticker":
                tgt = self.attach.get(c)
                if tgt is not None and EFFECT[GKIND[tgt]] == "backpack":
                    packs += 1
        extra = packs * NUM["backpack_extra"]
        self._draw(p, HAND_SIZE + extra, "guardians.cleanup.draw")
        if extra:
            self.work[p].append(("discard", extra, "guardians.card.backpack"))

    def _end_round(self) -> None:
        n = self.num_players
        self.trailblazer = (self.trailblazer - 1) % n
        if self.log is not None:
            self._say(
                "guardians.cleanup.trailblazer",
                f"The Trailblazer passes right to {who(self.trailblazer)}",
            )
        self.contrib = [-1] * n
        self.purify = False
        self.track_pos += 1
        space = self.track[self.track_pos]
        if self.log is not None:
            self._say("guardians.cleanup.timekeeper", f"The Timekeeper moves to {space}")
        if space == "third-wave":
            self._third_wave()
            self.track_pos += 1
            space = self.track[self.track_pos]
        if space == "end":
            self._finish()
            return
        self._start_round()

    def _third_wave(self) -> None:
        """After the first boss: the monsters on red locations retreat and face-down Third
        Wave monsters replace them; from now on reinforcements come from the Third Wave."""
        rule = "guardians.third-wave"
        z = self.zones
        self.invade_wave = 2
        forts = set(self.fort)
        for loc in range(T.NLOC):
            if LOCS[loc].colour != "red":
                continue
            for zone in (T.LOC0 + loc, T.FD0 + loc):
                for m in list(z.cards[zone]):
                    self._retreat(m, zone, rule)
            if loc not in forts:
                for _ in range(self.sym(loc)):
                    self._invade_one(loc, 2, False, rule)
        self._say(rule, "The Third Wave begins")

    # -- scoring -----------------------------------------------------------------------------------
    def trophy_points(self, p: int) -> int:
        pts = sum(T.monster(m).points for m in self.cards(_TROPHY[p]))
        pts += sum(KINDS[GKIND[c]].points for c in self.owned(p) if KINDS[GKIND[c]].points)
        return pts

    def quest_done(self, p: int, q: int) -> bool:
        quest = QUESTS[q]
        n = self.num_players
        check = quest.check
        troph = self.cards(_TROPHY[p])
        if check in ("most-generics", "most-family"):

            def count(s: int) -> int:
                if check == "most-generics":
                    return sum(1 for c in self.owned(s) if T.IS_GENERIC[GKIND[c]])
                return sum(1 for m in self.cards(_TROPHY[s]) if MON_FAMILY[m - M0] == quest.family)

            mine = count(p)
            if n == 1:
                return mine >= quest.solo_min
            return all(mine > count(s) for s in range(n) if s != p)
        if check == "every-family":
            fams = {MON_FAMILY[m - M0] for m in troph}
            return all(f in fams for f in MONSTER_FAMILIES)
        if check == "second-wave":
            return sum(1 for m in troph if T.MWAVE[m - M0] == 1) >= quest.amount
        if check == "trophy-family":
            kinds: dict[str, set[int]] = {}
            for m in troph:
                kinds.setdefault(MON_FAMILY[m - M0], set()).add(T.MKIND[m - M0])
            return any(len(v) >= quest.amount for v in kinds.values())
        owned = [GKIND[c] for c in self.owned(p)]
        if check == "skill-class":
            by: dict[str, set[int]] = {}
            for k in owned:
                if T.IS_SKILL[k] and not T.IS_SUPER[k]:
                    by.setdefault(T.GROUP[k], set()).add(k)
            return any(len(v) >= quest.amount for v in by.values())
        if check == "familiar-sets":
            fam: dict[str, set[int]] = {}
            for k in owned:
                if T.IS_FAMILIAR[k] and not T.IS_SUPER[k] and T.GROUP[k]:
                    fam.setdefault(T.GROUP[k], set()).add(k)
            return sum(1 for v in fam.values() if len(v) >= 2) >= quest.amount
        # dual-weapon
        return any(KINDS[k].weapon and owned.count(k) >= quest.amount for k in set(owned))

    def quests_of(self, p: int) -> list[int]:
        z = self.zones.cards
        return [c - Q0 for c in z[_QUEST[p]] + z[_QUEST_SHOWN[p]]]

    def _finish(self) -> None:
        z = self.zones
        n = self.num_players
        for p in range(n):
            for c in list(z.cards[_QUEST[p]]):
                self._mv(
                    c,
                    _QUEST[p],
                    _QUEST_SHOWN[p],
                    "guardians.scoring.quests",
                    "{who} reveals the Secret Quest {card}",
                    p=p,
                )
        done = [[q for q in self.quests_of(p) if self.quest_done(p, q)] for p in range(n)]
        for p in range(n):
            for q in self.quests_of(p):
                ok = q in done[p]
                if self.log is not None:
                    self._say(
                        f"guardians.quest.{QUESTS[q].slug}",
                        f"{who(p)} {'completes' if ok else 'misses'} {QUESTS[q].name}"
                        + (f" (+{QUESTS[q].points})" if ok else ""),
                        p,
                    )
        trophies = [self.trophy_points(p) for p in range(n)]
        qpts = [sum(QUESTS[q].points for q in done[p]) for p in range(n)]
        scores = tuple(float(trophies[p] + qpts[p]) for p in range(n))
        team = "lost" if self._final_boss_survived() else "won"
        if self.opts.cooperative:
            winners: tuple[int, ...] = tuple(range(n)) if team == "won" else ()
            reason = "the party " + ("saves Arthursburg" if team == "won" else "loses")
        else:
            best = max(scores)
            top = [p for p in range(n) if scores[p] == best]
            most = max(len(done[p]) for p in top)
            top = [p for p in top if len(done[p]) == most]
            winners = tuple(top) if team == "won" else ()
            reason = (
                "the final boss is defeated; most trophy points wins"
                if team == "won"
                else "the final boss survives: everyone loses"
            )
        outcomes = dict(self.outcomes)
        if n == 1:
            outcomes["rank"] = next(name for lim, name in SOLO_RANKS if scores[0] >= lim)
        holdings = tuple(
            tuple(
                sorted(
                    {f"super:{KINDS[GKIND[c]].slug}" for c in self.owned(p) if T.IS_SUPER[GKIND[c]]}
                )
            )
            + tuple(f"quest:{QUESTS[q].slug}" for q in self.quests_of(p))
            for p in range(n)
        )
        stats = tuple(
            {
                "quests_completed": float(len(done[p])),
                "trophy_points": float(trophies[p]),
                "quest_points": float(qpts[p]),
                "trophies": float(len(z.cards[_TROPHY[p]])),
            }
            for p in range(n)
        )
        self.result = Result(
            scores,
            winners,
            reason,
            team=team,
            holdings=holdings,
            seat_stats=stats,
            outcomes=outcomes,
        )
        self.phase = "over"
        self._pending = None
        if self.log is not None:
            self.emit(
                GameEnded(
                    "guardians.scoring.winner",
                    f"Game over ({reason}): scores "
                    + ", ".join(f"{who(p)} {int(scores[p])}" for p in range(n))
                    + ("; " + ", ".join(who(p) for p in winners) + " win" if winners else ""),
                    winners=winners,
                )
            )

    def _final_boss_survived(self) -> bool:
        final = "blue_boss" if self.opts.apprentice else "red_boss"
        return self.outcomes.get(final) != "defeated"

    # -- the driver --------------------------------------------------------------------------------
    def _advance(self) -> None:
        work = self.work
        while self.result is None:
            if any(work):  # with no step anywhere, settling has nothing to do
                asks = self._settle()
                if asks:
                    self._ask(asks)
                    return
            self._next()
        self._pending = None

    def _settle(self) -> dict[int, tuple[Option, ...]]:
        """Run automatic steps and drop decision steps without options; return the options of
        every player whose top step is a decision."""
        work = self.work
        auto = AUTO
        while True:
            progressed = True
            while progressed:
                progressed = False
                for p, w in enumerate(work):
                    while w and w[-1][0] in auto:
                        self._auto(p, w.pop())
                        progressed = True
            out: dict[int, tuple[Option, ...]] = {}
            dropped = False
            for p, w in enumerate(work):
                if w:
                    step = w[-1]
                    opts = self._options(p, step)
                    if opts:
                        out[p] = opts
                    else:
                        w.pop()
                        self._skip(p, step)
                        dropped = True
            if not dropped:
                return out

    def _ask(self, asks: dict[int, tuple[Option, ...]]) -> None:
        ph = self.phase
        if ph in _TURN_ORDER or (ph == "power" and self.opts.apprentice):
            seq, cur = self.seq, self.cur
            p = seq[cur] if cur < len(seq) else -1
            if len(asks) == 1 and p in asks:
                q = p
            else:
                others = [q for q in asks if q != p]
                if others:
                    # someone else must answer first (a Shield against a Final Act)
                    start = p if p >= 0 else 0
                    q = min(others, key=lambda s: (s - start) % self.num_players)
                else:
                    q = p
        elif len(asks) == 1:
            (q,) = asks
        else:
            # asks holds the players in seat order
            players = tuple(asks)
            work = self.work
            prompt = _TOGETHER.get(ph, ph)
            each = []
            union: list[Option] = []
            seen: set[int] = set()
            for q, opts in asks.items():
                k = work[q][-1][0]
                each.append(Ask(k, prompt, opts, RULE_OF.get(k, "guardians.round.phases")))
                for o in opts:
                    if o.action not in seen:
                        seen.add(o.action)
                        union.append(o)
            kinds = {a.kind for a in each}
            # the decision as a whole: its players' kind when they share one, else the phase
            kind = kinds.pop() if len(kinds) == 1 else ph
            self._pending = Decision(
                players,
                kind,
                prompt,
                tuple(union),
                RULE_OF.get(kind, "guardians.round.phases"),
                SECRET,
                tuple(each),
            )
            return
        step = self.work[q][-1]
        name = step[0]
        self._pending = Decision(
            (q,),
            name,
            self._prompt(step),
            asks[q],
            RULE_OF.get(name, "guardians.round.phases"),
        )

    def step_kind(self, p: int) -> str:
        """The kind of decision `p` is asked now ("" if none)."""
        w = self.work[p]
        return str(w[-1][0]) if w else ""

    def _reask(self) -> None:
        if self.result is None:
            self._advance()

    def _answer(self, decision: Decision, player: int, option: Option) -> None:
        self._apply_step(player, option)
        # The usual case: the player who answered is the only one with a step, and it is a
        # decision with options; settling would find just that, so ask it at once.
        work = self.work
        w = work[player]
        if w and w[-1][0] not in AUTO:
            for q, other in enumerate(work):
                if other and q != player:
                    break
            else:
                opts = self._options(player, w[-1])
                if opts:
                    self._ask({player: opts})
                    return
        self._advance()

    def _answers(self, decision: Decision, answers: dict[int, Option]) -> None:
        for p in decision.players:
            self._apply_step(p, answers[p])
        self._advance()

    # -- options of each decision step -------------------------------------------------------------
    def _options(self, p: int, step: tuple[Any, ...]) -> tuple[Option, ...]:
        name = step[0]
        z = self.zones.cards
        if name == "power":
            e = self.energy[p]
            play = T.PLAY_O
            opts: list[Option] = [T.DONE]
            for k in self.kinds_in(P0 + p * NPZ + T.HAND):
                o = play[k]
                if o is not None and REQ[k] <= e:
                    opts.append(o)
            fxl = self.fx[p]
            if fxl:
                for fx in ("potion", "super-potion"):
                    if any(n == fx for n, _ in fxl) and self._fx_usable(p, fx, False):
                        opts.append(T.USE[fx])
            return tuple(opts)
        if name == "discard":
            return tuple(map(_DISCARD_OF, self.kinds_in(P0 + p * NPZ + T.HAND)))
        if name == "battle":
            return self._battle_options(p)
        if name == "trash-pile":
            ks = self.kinds_in(P0 + p * NPZ + T.DISCARD)
            return (T.DONE, *map(_TRASH_OF, ks)) if ks else ()
        if name == "visit":
            return tuple([T.VISIT[i] for i, a, b in _LOC_ZONES if not z[a] and not z[b]])
        if name == "draft":
            return _pick(T.PICK, self.kinds_in(_PACK[p]))
        if name == "keep-super":
            return _pick(T.KEEP, self.kinds_in(_SUPERS[p]))
        if name == "keep-quest":
            return tuple(T.KEEP_QUEST[c - Q0] for c in sorted(z[_QUEST[p]]))
        if name == "look-take":
            return _pick(T.TAKE, self.kinds_in(_LOOK[p]))
        if name == "look-toss":
            ks = self.kinds_in(_LOOK[p])
            return (T.DONE, *_pick(T.TOSS, ks)) if ks else ()
        if name == "look-order":
            ks = self.kinds_in(_LOOK[p])
            return _pick(T.TOP, ks) if len(z[_LOOK[p]]) > 1 else ()
        if name == "under":
            ks = self.kinds_in(_HAND[p])
            return (T.DONE, *_pick(T.UNDER_O, ks)) if ks else ()
        if name == "borrow":
            supers = set(self.attach.values())
            seen: set[int] = set()
            for q in range(self.num_players):
                if q != p:  # a card a Mystic Ball made SUPER is not borrowable
                    seen.update(
                        k for c in z[_PLAY[q]] if T.BORROWABLE[k := GKIND[c]] and c not in supers
                    )
            if not seen:
                return ()
            return (T.DONE, *_pick(T.BORROW_O, sorted(seen)))
        if name == "attach":
            return _pick(T.ATTACH, self._attach_targets(p, step[1]))
        if name == "replay":
            ks = self._replay_targets(p)
            return _pick(T.REPLAY, ks)
        if name == "drop":
            ks = [GKIND[c] for c in z[_PERSIST[p]] if T.IS_ITEM[GKIND[c]] and not self.is_super(c)]
            return _pick(T.DROP, sorted(set(ks)))
        if name == "museum":
            return tuple(
                T.PLACE[i]
                for i in range(T.NLOC)
                if z[T.LOC0 + i] and len(z[T.LOC0 + i]) < T.MAX_SLOTS
            )
        if name == "fort":
            taken = self.fort
            opts = [T.FORT_KEEP, T.FORT_REMOVE] if taken[p] >= 0 else [T.FORT_KEEP]
            for i, a, b in _FORTABLE_FLIPPED if self.home_flipped else _FORTABLE:
                if not z[a] and not z[b] and i not in taken:
                    opts.append(T.FORT[i])
            return tuple(opts)
        if name == "fx-loc":
            opts = [
                T.AT[i] for i in range(T.NLOC) if any(not self.immune(m) for m in z[T.LOC0 + i])
            ]
            if self.boss_colour and z[T.BOSS_FIGHT]:
                opts.append(T.AT_BOSS)
            return tuple(opts)
        if name == "fx-target":
            opts = [
                T.TARGET[i][j]
                for i in range(T.NLOC)
                for j, m in enumerate(z[T.LOC0 + i])
                if not self.immune(m)
            ]
            if self.boss_colour and z[T.BOSS_FIGHT]:
                opts.append(T.TARGET_BOSS)
            return tuple(opts)
        if name == "mslash":
            opts = [T.DONE]
            opts += _pick(T.TRASH_HAND, self.kinds_in(_HAND[p]))
            opts += _pick(T.TRASH_O, self.kinds_in(_DISCARD[p]))
            return tuple(opts) if len(opts) > 1 else ()
        if name == "spider":
            ks = self.kinds_in(T.REVEALED)
            return (T.DONE, *_pick(T.GAIN, ks)) if ks else ()
        if name == "shield":
            return (T.IGNORE_ACT, T.ACCEPT_ACT)
        if name == "field-retreat":
            opts = [T.DONE]
            for i in range(T.NLOC):
                opts += [T.RETREAT_O[i][j] for j in range(len(z[T.LOC0 + i]))]
            return tuple(opts) if len(opts) > 1 else ()
        if name == "field-wave":
            ws = [w for w in (2, 3) if z[T.WAVES[w - 1]]]
            return tuple(T.WAVE_O[w] for w in (ws or [2, 3]))
        if name == "boss-reward":
            if self.boss_colour == "blue" or self.opts.apprentice:
                return _pick(T.REWARD, [GKIND[c] for c in sorted(z[T.BLUE_SHOW])])
            return tuple(T.REWARD_QUEST[c - Q0] for c in sorted(z[T.RED_SHOW]))
        raise AssertionError(f"unknown step {name}")

    def _attach_targets(self, p: int, c: int) -> list[int]:
        return self.attach_targets(p, KINDS[GKIND[c]].effect == "sticker")

    def attach_targets(self, p: int, sticker: bool) -> list[int]:
        """Kinds a Sticker (non-SUPER, non-consumable items) or a Mystic Ball (non-SUPER
        familiars) could attach to among `p`'s cards in play."""
        z = self.zones.cards
        taken = set(self.attach.values())
        ks = set()
        for card in z[_PLAY[p]] + z[_PERSIST[p]]:
            k = GKIND[card]
            if card in taken or T.IS_SUPER[k]:
                continue
            if sticker:
                if T.IS_ITEM[k] and not KINDS[k].consumable:
                    ks.add(k)
            elif T.IS_FAMILIAR[k]:
                ks.add(k)
        return sorted(ks)

    def _battle_options(self, p: int) -> tuple[Option, ...]:
        z = self.zones.cards
        opts: list[Option] = []
        held = self.counters[p]
        boss = bool(self.boss_colour and z[T.BOSS_FIGHT])
        if held:
            for i in range(T.NLOC):
                for j, m in enumerate(z[T.LOC0 + i]):
                    if not self.immune(m):
                        opts.append(T.DMG[i][j])
                        if held >= self.remaining(m) > 1:
                            opts.append(T.KILL[i][j])
            if boss:
                opts.append(T.DMG_BOSS)
        seen: set[str] = set()
        for name, _ in self.fx[p]:
            if name not in seen:
                seen.add(name)
                if self._fx_usable(p, name, True):
                    opts.append(T.USE[name])
        must_boss = boss and self.opts.apprentice
        if not must_boss:
            ents = self.in_play(p)
            if any(BONUS[k] for k in ents):
                for i, a, _ in _LOC_ZONES:
                    if z[a] and self.attack_at(p, i, ents) >= self.combined(i):
                        opts.append(T.FIGHT[i])
            else:
                att = self.attack[p]
                dmg = self.dmg
                for i, a, _ in _LOC_ZONES:
                    mons = z[a]
                    if mons:
                        total = 0
                        for m in mons:
                            j = m - M0
                            total += MON_ATTACK[j] - dmg[j]
                        if att >= total:
                            opts.append(T.FIGHT[i])
        if boss:
            opts.append(T.FIGHT_BOSS)
        if not must_boss:
            opts.append(T.NO_FIGHT)
        return tuple(opts)

    def _skip(self, p: int, step: tuple[Any, ...]) -> None:
        """A decision step with nothing to choose ends; some leave something behind."""
        name = step[0]
        if name == "look-order" or name == "look-toss":
            self._look_back(p)
        elif name == "visit":
            if self.log is not None:
                self._say(
                    "guardians.location.none-safe", f"{who(p)} has no safe location to visit", p
                )
        elif name == "museum":
            # no location holds a monster to join: the secret monster retreats
            # (guardians.interpret.museum-nowhere)
            src = _MUSEUM[p]
            for m in list(self.cards(src)):
                self._mv(m, src, T.RETREAT, "guardians.location.museum", "{card} retreats")

    def _look_back(self, p: int) -> None:
        look, deck = _LOOK[p], _DECK[p]
        for c in list(self.cards(look)):
            self._mv(
                c,
                look,
                deck,
                "guardians.card.precise-strike",
                "{who} puts a card back on top of the deck",
                p=p,
            )

    # -- automatic steps ---------------------------------------------------------------------------
    def _auto(self, p: int, step: tuple[Any, ...]) -> None:
        name = step[0]
        if name == "draw":
            self._draw(p, step[1], step[2])
        elif name == "power-start":
            self._power_start(p)
        elif name == "battle-start":
            self._battle_start(p)
        elif name == "invade":
            self._invade_all("guardians.battle.invade")
        elif name == "final-act":
            self._final_act(p)
        elif name == "spider-reveal":
            self._spider_reveal(p)
        elif name == "cleanup":
            self._cleanup(p)

    # -- answering ---------------------------------------------------------------------------------
    def _apply_step(self, p: int, option: Option) -> None:
        w = self.work[p]
        step = w[-1]
        name = step[0]
        z = self.zones
        a = option.action
        k = T.OPT_KIND.get(a, -1)
        if name == "power":
            if option is T.DONE:
                w.pop()
                self._end_power(p)
            elif a in T.OPT_FX:
                self._use_fx(p, T.OPT_FX[a])
            else:
                self._play(p, k)
            return
        if name == "battle":
            self._answer_battle(p, option)
            return
        w.pop()
        if name == "discard":
            hand = _HAND[p]
            c = self.card_of_kind(hand, k)
            self._mv(c, hand, _DISCARD[p], step[2], "{who} discards {card}", p=p)
            if step[1] > 1:
                w.append(("discard", step[1] - 1, step[2]))
        elif name == "trash-pile":
            if option is not T.DONE:
                disc = _DISCARD[p]
                self._trash(self.card_of_kind(disc, k), disc, step[2], p)
                if step[1] > 1:
                    w.append(("trash-pile", step[1] - 1, step[2]))
        elif name == "visit":
            self._visit(p, T.OPT_LOC[a])
        elif name == "draft":
            pack = _PACK[p]
            self._mv(
                self.card_of_kind(pack, k),
                pack,
                _COLLECT[p],
                "guardians.warmup.draft",
                "{who} drafts a card",
                "{who} drafts {card}",
                p=p,
                witnesses=1 << p,  # a pick is face down: those who saw the pack do not see it
            )
        elif name == "keep-super":
            src = _SUPERS[p]
            keep = self.card_of_kind(src, k)
            self._mv(
                keep,
                src,
                _COLLECT[p],
                "guardians.warmup.final-choice",
                "{who} keeps a SUPER card",
                "{who} keeps {card}",
                p=p,
            )
            for c in list(z.cards[src]):
                self._mv(
                    c,
                    src,
                    T.BLUE_FD,
                    "guardians.warmup.final-choice",
                    "{who} puts a SUPER card face down on the Blue Boss",
                    "{who} puts {card} on the Blue Boss",
                    p=p,
                )
        elif name == "keep-quest":
            src = _QUEST[p]
            for c in list(z.cards[src]):
                if c - Q0 != k:
                    self._mv(
                        c,
                        src,
                        T.RED_FD,
                        "guardians.warmup.final-choice",
                        "{who} puts a Secret Quest face down on the Red Boss",
                        "{who} puts {card} on the Red Boss",
                        p=p,
                    )
        elif name == "look-take":
            look = _LOOK[p]
            self._mv(
                self.card_of_kind(look, k),
                look,
                _HAND[p],
                step[1],
                "{who} takes a card into the hand",
                "{who} takes {card}",
                p=p,
            )
            rest_to_trash = step[1] == "guardians.location.game-store"
            for c in list(z.cards[look]):
                if rest_to_trash:
                    self._trash(c, look, step[1], p)
                else:
                    self._mv(c, look, _DISCARD[p], step[1], "{who} discards {card}", p=p)
        elif name == "look-toss":
            if option is T.DONE:
                w.append(("look-order", step[1]))
            else:
                look = _LOOK[p]
                self._mv(
                    self.card_of_kind(look, k),
                    look,
                    _DISCARD[p],
                    step[1],
                    "{who} discards {card} from the top of the deck",
                    p=p,
                )
                w.append(("look-toss", step[1]))
        elif name == "look-order":
            look, deck = _LOOK[p], _DECK[p]
            top = self.card_of_kind(look, k)
            for c in [c for c in z.cards[look] if c != top] + [top]:
                self._mv(c, look, deck, step[1], "{who} puts a card back on the deck", p=p)
        elif name == "under":
            if option is not T.DONE:
                hand = _HAND[p]
                self._mv(
                    self.card_of_kind(hand, k),
                    hand,
                    _UNDER[p],
                    "guardians.card.aimed-shot",
                    "{who} puts a card face down under Aimed Shot",
                    "{who} puts {card} under Aimed Shot",
                    p=p,
                )
                i = step[1]
                fxn, amt = self.fx[p][i]
                self.fx[p][i] = (fxn, amt + 1)
                w.append(step)
        elif name == "borrow":
            if option is not T.DONE:
                if self.log is not None:
                    self._say("guardians.card.borrow", f"{who(p)} borrows {KINDS[k].name}", p)
                self.copies[p].append(k)
                c = step[1]
                if c >= 0 and c in z.cards[_PLAY[p]]:
                    self._mv(
                        c,
                        _PLAY[p],
                        _DISCARD[p],
                        "guardians.card.borrow",
                        "{who} discards {card}",
                        p=p,
                    )
                self._resolve(p, k, -1)
        elif name == "attach":
            c = step[1]
            tgt = min(
                card
                for card in z.cards[_PLAY[p]] + z.cards[_PERSIST[p]]
                if GKIND[card] == k and card not in self.attach.values()
            )
            self.attach[c] = tgt
            rule = f"guardians.card.{KINDS[GKIND[c]].slug}"
            if self.log is not None:
                self._say(rule, f"{who(p)} attaches {T.NAMES[c]} to {T.NAMES[tgt]}", p)
            if KINDS[GKIND[c]].effect == "sticker":
                self._item_benefit(p, k, c)
        elif name == "replay":
            if self.log is not None:
                self._say(f"guardians.card.{step[2]}", f"{who(p)} plays {KINDS[k].name} again", p)
            self.copies[p].append(k)
            c = step[1]
            if step[2] == "potion":
                src = self._zone_of_play(p, c)
                if src >= 0:
                    self._trash(c, src, "guardians.card.potion", p)
            else:
                self.sp_used[p] += 1
            self._resolve(p, k, -1)
        elif name == "drop":
            pers = _PERSIST[p]
            c = min(card for card in z.cards[pers] if GKIND[card] == k and not self.is_super(card))
            self._mv(c, pers, _DISCARD[p], step[1], "{who} discards {card} from play", p=p)
        elif name == "museum":
            loc = T.OPT_LOC[a]
            m = z.cards[_MUSEUM[p]][0]
            self._mv(
                m,
                _MUSEUM[p],
                T.LOC0 + loc,
                "guardians.location.museum",
                f"{who(p)} places {{card}} at {LOCS[loc].name}",
            )
            self._enters(m)
        elif name == "fort":
            if option is T.FORT_REMOVE:
                self.fort[p] = -1
                if self.log is not None:
                    self._say("guardians.battle.fort", f"{who(p)} removes the Blanket Fort", p)
            elif option is not T.FORT_KEEP:
                loc = T.OPT_LOC[a]
                self.fort[p] = loc
                if self.log is not None:
                    self._say(
                        "guardians.battle.fort",
                        f"{who(p)} builds a Blanket Fort at {LOCS[loc].name}",
                        p,
                    )
        elif name == "fx-loc":
            loc = -1 if option is T.AT_BOSS else T.OPT_LOC[a]
            self._area(p, loc, step[1], step[2], step[3])
        elif name == "fx-target":
            if option is T.TARGET_BOSS:
                self._area(p, -1, step[1], 0, step[2])
            else:
                i, j = T.OPT_SLOT[a]
                self._place(p, z.cards[T.LOC0 + i][j], i, step[1], False, step[2])
        elif name == "mslash":
            if option is not T.DONE:
                src = _HAND[p] if option is T.TRASH_HAND[k] else _DISCARD[p]
                self._trash(self.card_of_kind(src, k), src, "guardians.card.mastering-slash", p)
                self.attack[p] += 3
        elif name == "spider":
            look = T.REVEALED
            if option is not T.DONE:
                self._mv(
                    self.card_of_kind(look, k),
                    look,
                    _DISCARD[p],
                    "guardians.monster.spider-reward",
                    "{who} gains {card}",
                    p=p,
                )
            for c in list(z.cards[look]):
                self._trash(c, look, "guardians.monster.spider-reward", p)
        elif name == "shield":
            if option is T.IGNORE_ACT:
                if self.log is not None:
                    self._say(
                        "guardians.card.shield", f"{who(p)}'s Shield ignores the Final Act", p
                    )
            else:
                self._gain_swing(p, "guardians.monster.orc-final-act")
        elif name == "field-retreat":
            if option is T.DONE:
                if step[2]:
                    w.append(("field-wave", step[2]))
            else:
                i, j = T.OPT_SLOT[a]
                self._retreat(z.cards[T.LOC0 + i][j], T.LOC0 + i, "guardians.location.field")
                spots = (*step[2], i)
                if step[1] > 1:
                    w.append(("field-retreat", step[1] - 1, spots))
                else:
                    w.append(("field-wave", spots))
        elif name == "field-wave":
            wave = 1 if option is T.WAVE_O[2] else 2
            for loc in step[1]:
                self._invade_one(loc, wave, False, "guardians.location.field")
        elif name == "boss-reward":
            if self.boss_colour == "blue" or self.opts.apprentice:
                c = CARDS_OF_KIND[k][0]
                self._mv(
                    c,
                    T.BLUE_SHOW,
                    _DISCARD[p],
                    "guardians.boss.reward",
                    "{who} gains {card}",
                    p=p,
                )
            else:
                c = Q0 + k
                self._mv(
                    c,
                    T.RED_SHOW,
                    _QUEST[p],
                    "guardians.boss.reward",
                    "{who} gains the Secret Quest {card}",
                    p=p,
                )

    def _answer_battle(self, p: int, option: Option) -> None:
        z = self.zones.cards
        a = option.action
        w = self.work[p]
        if a in T.OPT_FX:
            self._use_fx(p, T.OPT_FX[a])
        elif option is T.DMG_BOSS:
            self.counters[p] -= 1
            self.boss_dmg += 1
            self.gift[p] += 1
            if self.log is not None:
                self._say(
                    "guardians.boss.counters", f"{who(p)} puts a damage counter on the boss", p
                )
        elif a in T.OPT_SLOT:
            i, j = T.OPT_SLOT[a]
            m = z[T.LOC0 + i][j]
            n = self.remaining(m) if option is T.KILL[i][j] else 1
            self._place(p, m, i, n, True, "guardians.battle.counters")
        elif option is T.NO_FIGHT:
            w.pop()
            if self.log is not None:
                self._say("guardians.battle.move", f"{who(p)} does not battle this round", p)
        elif option is T.FIGHT_BOSS:
            w.pop()
            self._fight(p, -1)
        else:
            w.pop()
            self._fight(p, T.OPT_LOC[a])

    def _visit(self, p: int, loc: int) -> None:
        spec = LOCS[loc]
        self.visited[p] = loc
        rule = f"guardians.location.{spec.effect}"
        if self.log is not None:
            self._say(rule, f"{who(p)} visits {spec.name}", p)
        w = self.work[p]
        eff = spec.effect
        if eff == "home":
            w.append(("trash-pile", 2, rule))
            w.append(("discard", 2, rule))
            self._draw(p, 2, rule)
        elif eff == "candy-shop":
            self.energy[p] += 3
        elif eff == "hill":
            self.attack[p] += 5
        elif eff == "zoo":
            w.append(("discard", 1, rule))
            self._look(p, 5, rule)
            w.append(("look-take", rule))
        elif eff == "game-store":
            w.append(("discard", 1, rule))
            look = _LOOK[p]
            for _ in range(5):
                c = self._supply_top()
                if c is None:
                    break
                self._mv(
                    c,
                    T.SUPPLY,
                    look,
                    rule,
                    "{who} looks at a card of the supply",
                    "{who} looks at {card} from the supply",
                    p=p,
                )
            w.append(("look-take", rule))
        elif eff == "garage":
            for _ in range(3):
                c = self._supply_top()
                if c is None:
                    break
                self._mv(
                    c,
                    T.SUPPLY,
                    _HAND[p],
                    rule,
                    "{who} gains a card from the supply",
                    "{who} gains {card} from the supply",
                    p=p,
                )
            w.append(("discard", 3, rule))
        elif eff == "school":
            self._draw(p, 3, rule)
            w.append(("discard", 3, rule))
        elif eff == "field":
            w.append(("field-retreat", 2, ()))
        elif eff == "playground":
            self.playground |= 1 << p
            w.append(("trash-pile", 4, rule))
        elif eff == "museum":
            got = self._draw_monster(self.invade_wave)
            if got is not None:
                m, src = got
                self._mv(
                    m,
                    src,
                    _MUSEUM[p],
                    rule,
                    "{who} draws a secret monster",
                    "{who} draws {card} as a secret monster",
                    p=p,
                )

    # -- prompts -----------------------------------------------------------------------------------
    def _prompt(self, step: tuple[Any, ...]) -> str:
        """The prompt of a decision step: a constant per kind (the view shows the numbers)."""
        name: str = step[0]
        if name == "discard" or name == "trash-pile":
            text = _COUNTED.get((name, step[1]))
            if text is not None:
                return text
            return f"{PROMPTS[name]} ({step[1]} left)"
        return PROMPTS.get(name, name)

    # -- kernel hooks ------------------------------------------------------------------------------
    def check_invariants(self) -> None:
        super().check_invariants()
        held = sum(self.counters) + sum(self.dmg) + self.boss_dmg + self.pool
        if held != COUNTERS:
            raise AssertionError(f"damage counters not conserved: {held} != {COUNTERS}")

    def _copy_game(self, new: GuardiansState) -> None:
        new.track = self.track
        new.track_pos = self.track_pos
        new.turn = self.turn
        new.phase = self.phase
        new.cur = self.cur
        new.started = self.started
        new.seq = self.seq
        new.order = self.order
        new.trailblazer = self.trailblazer
        new.work = [w[:] for w in self.work]
        new.energy = self.energy[:]
        new.attack = self.attack[:]
        new.counters = self.counters[:]
        new.visited = self.visited[:]
        new.fort = self.fort[:]
        new.copies = [c[:] for c in self.copies]
        new.fx = [f[:] for f in self.fx]
        new.sp_used = self.sp_used[:]
        new.plant_bonus = self.plant_bonus[:]
        new.wolf_draws = self.wolf_draws[:]
        new.contrib = self.contrib[:]
        new.gift = self.gift[:]
        new.attach = dict(self.attach)
        new.dmg = self.dmg[:]
        new.pool = self.pool
        new.home_flipped = self.home_flipped
        new.purify = self.purify
        new.playground = self.playground
        new.invade_wave = self.invade_wave
        new.boss_colour = self.boss_colour
        new.boss_dmg = self.boss_dmg
        new.draft_left = self.draft_left
        new.lost = self.lost
        new.outcomes = dict(self.outcomes)

    def _determinize(self, player: int, rng: Rng) -> None:
        # Hidden cards were re-dealt: ask the pending decision again so other players'
        # options follow their re-dealt hands.
        if self.result is None and self._pending is not None:
            answered = dict(self._answers_in)
            self._reask()
            self._answers_in = {
                q: o
                for q, o in answered.items()
                if self._pending is not None and q in self._pending.players
            }

    def fingerprint(self) -> tuple[Any, ...]:
        return (
            self.track_pos,
            self.turn,
            self.phase,
            self.cur,
            self.started,
            self.seq,
            self.order,
            self.trailblazer,
            tuple(tuple(w) for w in self.work),
            tuple(self.energy),
            tuple(self.attack),
            tuple(self.counters),
            tuple(self.visited),
            tuple(self.fort),
            tuple(tuple(c) for c in self.copies),
            tuple(tuple(f) for f in self.fx),
            tuple(self.sp_used),
            tuple(self.plant_bonus),
            tuple(self.wolf_draws),
            tuple(self.contrib),
            tuple(self.gift),
            tuple(sorted(self.attach.items())),
            tuple(self.dmg),
            self.pool,
            self.home_flipped,
            self.purify,
            self.playground,
            self.invade_wave,
            self.boss_colour,
            self.boss_dmg,
            self.draft_left,
            self.lost,
            tuple(sorted(self.outcomes.items())),
            tuple(tuple(z) for z in self.zones.cards),
            tuple(self.zones.known),
            self.rng.state,
            tuple(sorted((p, o.id) for p, o in self._answers_in.items())),
            self.result,
        )

    def _view(self, viewer: int | None) -> dict[str, Any]:
        from tabletop.games.guardians.view import build_view

        return build_view(self, viewer)


FX_TITLES = {
    "mastering-slash": "Mastering Slash",
    "fireball": "Fireball",
    "falling-star": "Falling Star",
    "wand": "Wand",
    "aimed-shot": "Aimed Shot",
    "marbles": "Marbles",
    "potion": "Potion",
    "super-potion": "Super Potion",
}

PHASE_TITLES = {
    "draft": "Draft",
    "keep-super": "Final Choice (SUPER card)",
    "keep-quest": "Final Choice (Secret Quest)",
    "reveal": "Boss reveal",
    "location": "Location phase",
    "overrun": "Overrun phase",
    "power": "Power Up phase",
    "battle": "Battle phase",
    "rewards": "Boss rewards",
    "cleanup": "Clean Up phase",
}

PROMPTS = {
    "power": "Power Up: play a card, or finish",
    "battle": "Battle: place damage counters, use effects, or choose where to battle",
    "discard": "discard a card from your hand",
    "trash-pile": "trash a card from your discard pile, or stop",
    "visit": "choose a safe location to visit",
    "draft": "draft a card from the pack in front of you",
    "keep-super": "keep one SUPER card; the other goes on the Blue Boss",
    "keep-quest": "keep one Secret Quest; the other goes on the Red Boss",
    "look-take": "take one of the cards you are looking at",
    "look-toss": "discard any of the top cards of your deck, then finish",
    "look-order": "choose the card that goes back on top of your deck",
    "under": "put cards from your hand under Aimed Shot, then finish",
    "borrow": "play a copy of a card another player has in play, or decline",
    "attach": "choose the card to attach it to",
    "replay": "choose one of your cards in play to play again",
    "drop": "discard a non-SUPER item you have in play",
    "museum": "place your secret monster at a location with monsters",
    "fort": "fortify a vacant location with your Blanket Fort, keep it, or remove it",
    "fx-loc": "choose the location to aim at",
    "fx-target": "choose the monster to aim at",
    "mslash": "trash a card from your hand or discard pile for +3 attack, or decline",
    "spider": "gain one of the revealed supply cards (the other is trashed), or trash both",
    "shield": "an Orc's Final Act: ignore it with your Shield, or take the Practice Swing",
    "field-retreat": "retreat a monster, or stop",
    "field-wave": "choose the wave the replacements invade from",
    "boss-reward": "choose your reward from the boss's display",
}

_COUNTED = {
    (name, n): f"{PROMPTS[name]} ({n} left)"
    for name in ("discard", "trash-pile")
    for n in range(1, 9)
}

_TOGETHER = {ph: f"{title}: everyone decides at once" for ph, title in PHASE_TITLES.items()}

RULE_OF = {
    "power": "guardians.power.play",
    "battle": "guardians.battle.move",
    "discard": "guardians.round.discard",
    "trash-pile": "guardians.round.trash",
    "visit": "guardians.location.visit",
    "draft": "guardians.warmup.draft",
    "keep-super": "guardians.warmup.final-choice",
    "keep-quest": "guardians.warmup.final-choice",
    "look-take": "guardians.round.look",
    "look-toss": "guardians.card.precise-strike",
    "look-order": "guardians.card.precise-strike",
    "under": "guardians.card.aimed-shot",
    "borrow": "guardians.card.borrow",
    "attach": "guardians.card.attach",
    "replay": "guardians.card.potion",
    "drop": "guardians.overrun.spider",
    "museum": "guardians.location.museum",
    "fort": "guardians.battle.fort",
    "fx-loc": "guardians.card.fireball",
    "fx-target": "guardians.card.aimed-shot",
    "mslash": "guardians.card.mastering-slash",
    "spider": "guardians.monster.spider-reward",
    "shield": "guardians.card.shield",
    "field-retreat": "guardians.location.field",
    "field-wave": "guardians.location.field",
    "boss-reward": "guardians.boss.reward",
}


def _pick(table: tuple[Option | None, ...], kinds: Any) -> tuple[Option, ...]:
    """The options of `table` for `kinds` (kinds without an option are left out)."""
    return tuple([o for k in kinds if (o := table[k]) is not None])


def _full(table: tuple[Option | None, ...]) -> Any:
    """`table.__getitem__` for a table with an option for every kind."""
    assert all(o is not None for o in table)
    return table.__getitem__


_DISCARD_OF = _full(T.DISCARD_O)
_TRASH_OF = _full(T.TRASH_O)


def new_state(players: int, seed: int, opts: GuardiansOptions, log: bool) -> GuardiansState:
    return GuardiansState(players, seed, opts, log)


ACTION_SPACE = T.ACTION_SPACE

__all__ = ["ACTION_SPACE", "GuardiansOptions", "GuardiansState", "new_state"]
