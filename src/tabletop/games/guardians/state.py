"""The Guardians: Explore: the state, what it knows about itself, and its deck services.

The state's own fields are declared once (`__slots__ = declare(...)`), so `clone` and
`fingerprint` are generated from that one list. The round is a declared procedure of steps on
the kernel's flow stack (`phases.py`); while everyone acts at once (the draft, Overrun, Power
Up in the Guardian game, Clean Up) each player's pending steps are a stack of their own,
`work[p]` (plain, immutable steps), driven by one step on the kernel stack (`drive.Together`;
Power Up openly, each play applied as it is made: `drive.OpenTogether`).
Rules that change the game live in the modules named after what they are about (`city`,
`cards`, `battle`, `locations`, `bosses`, `scoring`); the queries bots and views share stay
here. Every rule applied has an id `guardians.<section>.<rule>` (docs/rules/guardians.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.fields import DICT, LIST, LISTS, SHARED, VALUE, declare
from tabletop.engine.patch import Patch
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.engine.zones import PUBLIC, Zones
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.drive import drive
from tabletop.games.guardians.numbers import Numbers, numbers
from tabletop.games.guardians.tables import (
    GKIND,
    KINDS,
    LOCS,
    M0,
    MON_FAMILY,
    NUM,
    Q0,
    pz,
)

VERSION = "1.2"  # 1.1: the round as steps on the flow stack; 1.2: Power Up is played openly
MIN_PLAYERS, MAX_PLAYERS = T.MIN_PLAYERS, T.MAX_PLAYERS
HAND_SIZE = NUM["hand_size"]
COUNTERS = NUM["damage_counters"]
BONUS = tuple(bool(k.battle_bonus) for k in KINDS)
# each player's zones, by seat: HAND[p] is pz(p, T.HAND)
COLLECT = tuple(pz(p, T.COLLECT) for p in range(T.MAX_PLAYERS))
DECK = tuple(pz(p, T.DECK) for p in range(T.MAX_PLAYERS))
DISCARD = tuple(pz(p, T.DISCARD) for p in range(T.MAX_PLAYERS))
HAND = tuple(pz(p, T.HAND) for p in range(T.MAX_PLAYERS))
LOOK = tuple(pz(p, T.LOOK) for p in range(T.MAX_PLAYERS))
MUSEUM = tuple(pz(p, T.MUSEUM) for p in range(T.MAX_PLAYERS))
PACK = tuple(pz(p, T.PACK) for p in range(T.MAX_PLAYERS))
PERSIST = tuple(pz(p, T.PERSIST) for p in range(T.MAX_PLAYERS))
PLAY = tuple(pz(p, T.PLAY) for p in range(T.MAX_PLAYERS))
QUEST = tuple(pz(p, T.QUEST) for p in range(T.MAX_PLAYERS))
QUEST_SHOWN = tuple(pz(p, T.QUEST_SHOWN) for p in range(T.MAX_PLAYERS))
SUPERS = tuple(pz(p, T.SUPERS) for p in range(T.MAX_PLAYERS))
TROPHY = tuple(pz(p, T.TROPHY) for p in range(T.MAX_PLAYERS))
UNDER = tuple(pz(p, T.UNDER) for p in range(T.MAX_PLAYERS))
KIND_OF = T.KIND_OF.__getitem__
P0, NPZ = T.P0, T.NPZ
REQ = tuple(k.req for k in KINDS)
EFFECT = tuple(k.effect for k in KINDS)
# (location, its face-up zone, its face-down zone)
LOC_ZONES = tuple((i, T.LOC0 + i, T.FD0 + i) for i in range(T.NLOC))


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


class GuardiansState(State):
    __slots__ = declare(
        track=VALUE,  # the Timekeeper track of this difficulty
        track_pos=VALUE,
        turn=VALUE,
        phase=VALUE,  # the phase now, for views and bots (the steps drive the play)
        order=VALUE,  # turn order this round, from the Trailblazer
        trailblazer=VALUE,
        together=VALUE,  # everyone acts at once now: steps go on `work[p]`, not the flow
        work=LISTS,  # each player's own stack of pending steps while everyone acts at once
        final_acts=VALUE,  # Shield holders a Final Act waits on, asked before the next question
        energy=LIST,
        attack=LIST,
        counters=LIST,
        visited=LIST,
        fort=LIST,
        copies=LISTS,  # kinds played as copies (Borrow, Potion) this round
        fx=LISTS,  # (battle effect, its card or amount) each player may still use
        sp_used=LIST,  # Super Potion uses this round
        plant_bonus=LIST,
        wolf_draws=LIST,
        contrib=LIST,  # attack given to the boss this round (-1: did not battle it)
        gift=LIST,  # damage counters each player put on the boss this round
        attach=DICT,  # Mystic Ball / Sticker card -> the card it is on
        dmg=LIST,  # damage counters on each monster card
        pool=VALUE,  # damage counters on the mat
        home_flipped=VALUE,
        purify=VALUE,
        playground=VALUE,  # bitmask of players ignoring Overrun this round
        invade_wave=VALUE,  # index into T.WAVES reinforcements come from
        boss_colour=VALUE,
        boss_dmg=VALUE,
        draft_left=VALUE,
        outcomes=DICT,
        c=SHARED,  # the numbers of the content played with (numbers.py)
    )

    game_id = "guardians"
    version = VERSION
    view_schema = 2  # 2: seats' discard_size, solo_rank (docs/views.md)
    opts: GuardiansOptions

    def __init__(
        self,
        num_players: int,
        seed: int,
        opts: GuardiansOptions,
        log: bool,
        patch: Patch | None = None,
    ) -> None:
        super().__init__(num_players, seed, opts, Zones(T.layout(num_players)), log)
        n = num_players
        self.patch = patch
        self.c: Numbers = numbers(patch)
        self.track: tuple[str, ...] = self.c.tracks[opts.difficulty]
        self.track_pos = 0
        self.turn = 0
        self.phase = "setup"
        self.order: tuple[int, ...] = tuple(range(n))
        self.trailblazer = 0
        self.together = False
        self.work: list[list[Any]] = [[] for _ in range(n)]
        self.final_acts: tuple[int, ...] = ()
        self.energy = [0] * n
        self.attack = [0] * n
        self.counters = [0] * n
        self.visited = [-1] * n
        self.fort = [-1] * n
        self.copies: list[list[int]] = [[] for _ in range(n)]
        self.fx: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.sp_used = [0] * n
        self.plant_bonus = [0] * n
        self.wolf_draws = [0] * n
        self.contrib = [-1] * n
        self.gift = [0] * n
        self.attach: dict[int, int] = {}
        self.dmg = [0] * T.NM
        self.pool = self.c.counters
        self.home_flipped = False
        self.purify = False
        self.playground = 0
        self.invade_wave = 1
        self.boss_colour = ""
        self.boss_dmg = 0
        self.draft_left = 0
        self.outcomes: dict[str, str] = {}
        from tabletop.games.guardians.setup import set_up

        set_up(self)
        drive(self)

    # -- where a player's steps go -------------------------------------------------------------
    def stack(self, p: int) -> list[Any]:
        """The stack `p`'s next steps go on: their own while everyone acts at once, else the
        kernel's flow stack."""
        return self.work[p] if self.together else self.flow

    def to_come(self) -> tuple[int, ...]:
        """The players whose turn of the phase played in turn order now is still to finish
        (the current player first)."""
        from tabletop.games.guardians.drive import Turns

        for step in reversed(self.flow):
            if isinstance(step, Turns):
                return step.order[step.at - 1 :]
        return self.order

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
        kind_of = T.KIND_OF
        ks = sorted({kind_of[c] for c in self.zones.cards[zone]})
        if ks and ks[0] < 0:  # (-1: not a Guardian card, the only kind below 0)
            del ks[0]
        return ks

    def card_of_kind(self, zone: int, k: int) -> int:
        """The lowest-numbered card of kind `k` in `zone` (copies are interchangeable:
        guardians.interpret.copies)."""
        lo, best = T.KIND_SPAN[k]
        for c in self.zones.cards[zone]:
            if lo <= c < best:
                best = c
        if best == T.KIND_SPAN[k][1]:
            raise ValueError(f"no card of kind {k} in zone {zone}")
        return best

    def sym(self, loc: int) -> int:
        spec = LOCS[loc]
        return spec.flipped_symbols if spec.base and self.home_flipped else spec.symbols

    def monsters_at(self, loc: int) -> list[int]:
        return self.zones.cards[T.LOC0 + loc]

    def occupied(self, loc: int) -> bool:
        z = self.zones.cards
        return bool(z[T.LOC0 + loc] or z[T.FD0 + loc])

    def remaining(self, m: int) -> int:
        return self.c.mon_attack[m - M0] - self.dmg[m - M0]

    def combined(self, loc: int) -> int:
        dmg = self.dmg
        attack = self.c.mon_attack
        total = 0
        for m in self.zones.cards[T.LOC0 + loc]:
            i = m - M0
            total += attack[i] - dmg[i]
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
        out = list(map(KIND_OF, z[base + T.PLAY]))
        out += map(KIND_OF, z[base + T.PERSIST])
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
        return self.c.boss_level[cards[0] - T.B0] * self.num_players

    def boss_fighting(self) -> bool:
        return bool(self.boss_colour and self.zones.cards[T.BOSS_FIGHT])

    def owned(self, p: int) -> list[int]:
        """Every Guardian card `p` owns: hand, deck, play, persistent area, discard pile and
        the cards under Aimed Shot or being looked at."""
        z = self.zones.cards
        out: list[int] = []
        for zz in (T.HAND, T.DECK, T.DISCARD, T.PLAY, T.PERSIST, T.UNDER, T.LOOK, T.COLLECT):
            out += z[pz(p, zz)]
        return out

    def attack_at(self, p: int, loc: int, ents: list[int] | None = None) -> int:
        """`p`'s attack level battling at `loc` (-1: the boss), with the bonuses that depend
        on where the battle is (cards.BATTLE_BONUS: Cleave, Shot, Point Blank Shot,
        Sabertooth Tiger)."""
        a = self.attack[p]
        if ents is None:
            ents = self.in_play(p)
        if not any(BONUS[k] for k in ents):
            return a
        from tabletop.games.guardians.cards import battle_bonus

        return a + battle_bonus(self, loc, ents)

    def attach_targets(self, p: int, sticker: bool) -> list[int]:
        """Kinds a Sticker (non-SUPER, non-consumable items) or a Mystic Ball (non-SUPER
        familiars) could attach to among `p`'s cards in play."""
        z = self.zones.cards
        taken = set(self.attach.values())
        ks = set()
        for card in z[PLAY[p]] + z[PERSIST[p]]:
            k = GKIND[card]
            if card in taken or T.IS_SUPER[k]:
                continue
            if sticker:
                if T.IS_ITEM[k] and not KINDS[k].consumable:
                    ks.add(k)
            elif T.IS_FAMILIAR[k]:
                ks.add(k)
        return sorted(ks)

    def trophy_points(self, p: int) -> int:
        kinds, mon_points = self.c.kinds, self.c.mon_points
        pts = sum(mon_points[m - M0] for m in self.cards(TROPHY[p]))
        pts += sum(kinds[GKIND[c]].points for c in self.owned(p) if kinds[GKIND[c]].points)
        return pts

    def quest_done(self, p: int, q: int) -> bool:
        """Whether `p` completes quest `q` now (scoring.QUESTS: one check per quest kind)."""
        from tabletop.games.guardians.scoring import quest_done

        return quest_done(self, p, q)

    def quests_of(self, p: int) -> list[int]:
        z = self.zones.cards
        return [c - Q0 for c in z[QUEST[p]] + z[QUEST_SHOWN[p]]]

    # -- decks ------------------------------------------------------------------------------------
    def _refill(self, p: int) -> bool:
        """An empty deck takes the shuffled discard pile (guardians.cleanup.reshuffle)."""
        z = self.zones
        deck, disc = DECK[p], DISCARD[p]
        if z.cards[deck]:
            return True
        if not z.cards[disc]:
            return False
        z.move_all(disc, deck)
        z.shuffle(deck, self.rng)
        if self.log is not None:
            self._say(
                "guardians.cleanup.reshuffle", f"{who(p)} shuffles the discard pile into a deck"
            )
        return True

    def _draw(self, p: int, n: int, rule: str) -> int:
        deck, hand = DECK[p], HAND[p]
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
        deck, look = DECK[p], LOOK[p]
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
            z.move_all(T.TRASH, T.SUPPLY)
            z.shuffle(T.SUPPLY, self.rng)
            self._say("guardians.supply.refill", "The trash is shuffled into a new supply")
        return z.cards[T.SUPPLY][-1]

    def _gain_swing(self, p: int, rule: str) -> None:
        """`p` gains a Practice Swing on top of the deck from those left in the box (25 less
        those dealt); with none left, `p` gains nothing (guardians.interpret.swing-source)."""
        res = T.RESERVE
        found = [c for c in self.zones.cards[res] if GKIND[c] == T.SWING]
        if found:
            self._mv(found[0], res, DECK[p], rule, "{who} puts {card} on top of the deck", p=p)
        elif self.log is not None:
            self._say(rule, f"No Practice Swing is left in the box for {who(p)}")

    def _trash(self, c: int, src: int, rule: str, p: int) -> None:
        self._mv(c, src, T.TRASH, rule, "{who} trashes {card}", p=p)

    def zone_of_play(self, p: int, c: int) -> int:
        for zz in (T.PLAY, T.PERSIST):
            if c in self.zones.cards[pz(p, zz)]:
                return pz(p, zz)
        return -1

    # -- kernel hooks ------------------------------------------------------------------------------
    def _answer(self, decision: Decision, player: int, option: Option) -> None:
        self.flow.pop().answer(self, player, option)
        drive(self)

    def _answers(self, decision: Decision, answers: dict[int, Option]) -> None:
        self.flow.pop().answers(self, decision, answers)
        drive(self)

    def _reask(self) -> None:
        """Ask the question on top again (after its cards were re-dealt or rigged)."""
        if self.result is None:
            drive(self)

    def check_invariants(self) -> None:
        super().check_invariants()
        held = sum(self.counters) + sum(self.dmg) + self.boss_dmg + self.pool
        if held != self.c.counters:
            raise AssertionError(f"damage counters not conserved: {held} != {self.c.counters}")

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

    def _view(self, viewer: int | None) -> dict[str, Any]:
        from tabletop.games.guardians.view import build_view

        return build_view(self, viewer)
