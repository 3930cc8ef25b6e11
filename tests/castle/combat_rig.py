"""The Combat Phase rig for scenario tests (`test_castle_combat*.py`).

How the scenarios are rigged: the game needs at least 4 Agents, so each test builds a 4-seat
Exploration game (Pill, Arvias, Forzental, Sera), empties its flow, sets Health, Clarity and
Energy, puts the enemies it needs in the fight and stacks the named cards on top of the Combat
decks of the Agents who matter. The Agents who do not matter have their Combat decks set aside
(in the `destroyed` zone), so they draw nothing, and they answer `done`/`pass` (or target the
first enemy with no Damage, which neither hurts nor Engages) whenever they are asked. A `Halt`
question under the Combat stops the game once the Combat is over. Then `start_combat` runs and
every answer goes through `CastleState.apply`, exactly as a player's would.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.flow import push, settle
from tabletop.games.castle.cards import (
    COMBAT,
    CONTENT,
    DECK,
    DESTROYED,
    ENEMY,
    ENEMY_DECK,
    FIGHT,
    INVENTORY,
    LINE,
    TREASURE,
    TREASURE_DECK,
    zone,
)
from tabletop.games.castle.combat import start_combat
from tabletop.games.castle.items import put
from tabletop.games.castle.rules import CastleOptions, CastleState
from tabletop.games.castle.sequence import line
from tabletop.games.castle.space import OPT

PILL, ARVIAS, FORZENTAL, SERA = 0, 1, 2, 3
AGENTS = ("pill", "arvias", "forzental", "sera")


class _Halt(NamedTuple):
    pass


class Halt(_Halt):
    """A question that waits under the Combat: once it is asked, the Combat is over."""

    __slots__ = ()
    auto = False
    rule = "test.halt"

    def ask(self, s: CastleState) -> Decision:
        return Decision((0,), "halt", "the Combat is over", (OPT["pass"],), self.rule)

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        pass


class Rig:
    """A rigged 4-seat game: `main` are the Agents who play; the others sit out."""

    def __init__(
        self,
        main: tuple[int, ...],
        health: int = 10,
        clarity: int = 8,
        energy: int = 8,
        mode: str = "exploration",
        seed: int = 1,
        agents: tuple[str, ...] = AGENTS,
    ) -> None:
        s = CastleState(4, seed, CastleOptions(mode=mode, agents=agents), log=True)
        s.flow.clear()
        push(s, Halt())
        for p in range(4):  # the Exploration Treasure still to be placed goes back
            for c in list(s.inventory(p)):
                if c not in s.slots:
                    colour = s.treasure(c).colour
                    s.move(c, zone(p, INVENTORY), TREASURE_DECK[colour], "test", "back")
        for p in range(4):
            if p not in main:
                for c in list(s.zones.cards[zone(p, DECK)]):
                    s.move(c, zone(p, DECK), DESTROYED, "test", "set aside")
        s.health[0], s.clarity[0] = health, clarity
        s.energy = [energy] * 4
        s.leader = main[-1] if main else 0
        s.phase = "combat"
        self.s = s
        self.main = main

    # -- rigging --------------------------------------------------------------------------------
    def card(self, kind: int, name: str, zones: list[int]) -> int:
        s = self.s
        for z in zones:
            for c in s.zones.cards[z]:
                if s.t.kinds[c] == kind and s.name(c) == name:
                    return c
        raise AssertionError(f"no {name} left in {zones}")

    def where(self, card: int) -> int:
        return next(z for z, cards in enumerate(self.s.zones.cards) if card in cards)

    def stack(self, seat: int, *names: str) -> None:
        """Put these combat cards on top of the seat's deck, the first drawn first."""
        s = self.s
        deck = zone(seat, DECK)
        picked: list[int] = []
        for name in names:
            zones = [deck] + [zone(p, DECK) for p in range(4)] + [DESTROYED]
            pool = [z for z in zones]
            c = next(
                c
                for z in pool
                for c in s.zones.cards[z]
                if s.t.kinds[c] == COMBAT and s.name(c) == name and c not in picked
            )
            src = self.where(c)
            if src != deck:
                s.move(c, src, deck, "test", "stacked")
            picked.append(c)
        cards = s.zones.cards[deck]
        for c in picked:
            cards.remove(c)
        cards.extend(reversed(picked))

    def enemy(self, name: str) -> int:
        s = self.s
        c = self.card(ENEMY, name, [*ENEMY_DECK.values()])
        s.move(c, self.where(c), FIGHT, "test", "joins")
        return c

    def give(self, seat: int, name: str, slot: str) -> int:
        s = self.s
        c = self.card(TREASURE, name, [*TREASURE_DECK.values()])
        put(s, seat, c, slot, "test", "given")
        return c

    def item(self, seat: int, name: str) -> int:
        return next(c for c in self.s.inventory(seat) if self.s.name(c) == name)

    def start(self) -> None:
        start_combat(self.s)
        settle(self.s)

    # -- playing ------------------------------------------------------------------------------
    def sit_out(self) -> bool:
        """Answer for an Agent who does not matter; False when none is asked."""
        s = self.s
        d = s.pending
        assert d is not None
        for p in d.players:
            if p in self.main:
                continue
            ids = d.option_ids(p)
            oid = "done" if "done" in ids else "pass" if "pass" in ids else ids[0]
            s.apply(p, oid)
            return True
        return False

    def play(self, seat: int, oid: str) -> None:
        """Answer `oid` for `seat`, the Agents sitting out answering first; where `oid` is not
        offered yet, every other Agent asked is done with this step, then `seat` (burning and
        what works at any time are offered in every step, so an Agent is asked in steps where
        the script has nothing for it: castle.interpret.any-time)."""
        s = self.s
        for _ in range(200):
            d = s.pending
            assert d is not None and s.result is None
            if seat in d.players and oid in d.option_ids(seat):
                s.apply(seat, oid)
                return
            if self.sit_out():
                continue
            p = next((q for q in d.players if q != seat), seat)
            ids = d.option_ids(p)
            if d.kind_for(p) == "combat-target" and p != seat:
                raise AssertionError(
                    f"{oid} is not offered to A{seat + 1}: {d.kind} "
                    f"{[(q, d.option_ids(q)) for q in d.players]}"
                )
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError(f"{oid} is never offered to A{seat + 1}")

    def at(self, seat: int, kind: str) -> tuple[str, ...]:
        """Everyone says done or passes (and targets the first enemy) until `seat` is asked a
        decision of `kind`; returns its options."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None and s.result is None
            if seat in d.players and d.kind_for(seat) == kind:
                return d.option_ids(seat)
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError(f"A{seat + 1} is not asked {kind}")

    def set_line(self, seat: int, *names: str) -> None:
        """Rig the seat's Timing sequence: its cards go back on its deck, these take their
        place (Timing 1 first)."""
        s = self.s
        for c in list(line(s, seat)):
            s.move(c, zone(seat, LINE), zone(seat, DECK), "test", "back")
        self.stack(seat, *names)
        for _ in names:
            s.move(
                s.zones.cards[zone(seat, DECK)][-1], zone(seat, DECK), zone(seat, LINE), "test", "x"
            )

    def done(self, *seats: int) -> None:
        """Each seat that is asked now (once the Agents sitting out have answered) is done."""
        s = self.s
        for seat in seats:
            while True:
                d = s.pending
                assert d is not None
                if seat in d.players:
                    if "done" in d.option_ids(seat):
                        s.apply(seat, "done")
                    break
                if not self.sit_out():
                    break

    def halt(self) -> None:
        """Everyone says done or passes (and targets the first enemy) until the Combat ends."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None
            if d.kind == "halt" or s.result is not None:
                return
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError("the Combat does not end")

    def to_round(self, k: int) -> None:
        """Everyone says done or passes (and targets the first enemy) until Combat round `k`
        has begun (or the Combat is over)."""
        s = self.s
        for _ in range(500):
            d = s.pending
            assert d is not None
            if d.kind == "halt" or s.result is not None:
                return
            if s.combat is not None and s.combat.round >= k:
                return
            p = d.players[0]
            ids = d.option_ids(p)
            s.apply(p, "done" if "done" in ids else "pass" if "pass" in ids else ids[0])
        raise AssertionError("the round does not end")

    def names(self, seat: int) -> list[str]:
        return [self.s.name(c) for c in line(self.s, seat)]


def aims(ids: tuple[str, ...]) -> tuple[str, ...]:
    """The target options (burning a Treasure is offered besides: castle.interpret.any-time)."""
    return tuple(o for o in ids if o.startswith("target:") or o == "pass")


def solo(*names: str, seat: int = PILL, energy: int = 8, enemy: str = "Forest Wolf") -> Rig:
    """One Agent against one enemy, its sequence rigged to `names` once it has drawn."""
    r = Rig((seat,), health=20, clarity=8, energy=energy)
    r.enemy(enemy)
    r.start()
    r.at(seat, "combat-draw")
    r.set_line(seat, *names)
    return r


def base_loss(name: str) -> tuple[int, int]:
    """The Health and Clarity an enemy's Base Attack takes (read from the content: the
    numbers the rulebook does not print are authored)."""
    e = CONTENT.enemy(name)
    lost = {"health": 0, "clarity": 0}
    for st in e.base.steps:
        if st.effect in lost and st.when == "always":
            lost[st.effect] -= int(st.params["amount"])
    return lost["health"], lost["clarity"]
