"""The enemies of a Combat (castle.enemy.*): who may be targeted, Damage and Defeat with its
Energy shared out, the Enemy Activations, and the end of a Combat (Rewards, Data Shards).

- **Immunity** (castle.enemy.immunity): an Agent none of whose equipped weapons (the ones its
  Combat Power came from this round) has a Damage Type the enemy is immune to may target it.
  Special ignores immunities; bare hands have no type. Effects that damage enemies without a
  Direct Attack (Skills, Treasures, neighbouring damage) ignore immunities, as the Combat
  example's Virus on Skeletron shows.
- **Target** (castle.enemy.target): the Agent puts its accumulated Damage on one enemy, plus
  its weapons' passive bonus and the enemy's weakness to a Damage Type of its weapons (both
  only when it has Damage to place). Only Damage from combat cards Engages.
- **Defeat** (castle.enemy.defeat): Damage at or above Health turns the enemy; the Leader
  shares its Energy out one at a time at once; the Story and Contract tallies count it.
- **Activations** (castle.enemy.activate), left to right, skipping the Defeated, Stunned and
  freshly summoned: the Unengaged loss, the Base Attack (after its countdown), the Rage Attack
  of the current Timeline when the group's Rage reaches its value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields, clockwise, push
from tabletop.games.castle.cards import (
    ENEMY_DISCARD,
    FIGHT,
    MERCHANT,
    TREASURE_DECK,
    TREASURE_DISCARD,
    TROPHIES,
    who,
    zone,
)
from tabletop.games.castle.effects import Ctx, run_steps
from tabletop.games.castle.items import Place, damage_types, equipped
from tabletop.games.castle.labels import labelled, offer
from tabletop.games.castle.records import Enemy, Step
from tabletop.games.castle.space import MAX_ENEMIES, MAX_OFFER, OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def erec(s: CastleState, card: int) -> Enemy:
    r: Enemy = s.t.records[card]
    return r


def line_up(s: CastleState) -> list[int]:
    """The enemies of the fight, left to right."""
    return s.zones.cards[FIGHT]


def alive(s: CastleState, card: int) -> bool:
    return s.estate.get(card) != "defeated"


def is_active(s: CastleState, card: int) -> bool:
    """In the Combat and not Stunned or Defeated (Key Combat Terms: Active)."""
    return s.estate.get(card) not in ("defeated", "stunned")


def remaining(s: CastleState) -> list[int]:
    return [e for e in line_up(s) if alive(s, e)]


def lead(s: CastleState) -> int:
    """Who decides for the group in this Combat: the Leader, or the first fighter when the
    Leader is not in the fight (Unshackled)."""
    fighters = s.combat.fighters if s.combat is not None else ()
    return s.leader if s.leader in fighters or not fighters else fighters[0]


def order(s: CastleState) -> tuple[int, ...]:
    """The fighters clockwise from the Leader."""
    fighters = s.combat.fighters if s.combat is not None else ()
    return tuple(p for p in clockwise(s.leader, s.num_players) if p in fighters)


# -- targeting ------------------------------------------------------------------------------------
def can_target(s: CastleState, seat: int, card: int) -> bool:
    """castle.enemy.immunity: no equipped weapon of the Agent has a type the enemy is immune
    to (Special ignores immunities)."""
    if not alive(s, card):
        return False
    immune = erec(s, card).immune
    return not any(t in immune for t in damage_types(s, seat) if t != "special")


def targets(s: CastleState, seat: int) -> list[tuple[int, int]]:
    """(n, enemy) for each enemy the Agent may target, n its place in the line-up."""
    return [(n, e) for n, e in enumerate(line_up(s)[:MAX_ENEMIES], 1) if can_target(s, seat, e)]


def weapon_bonus(s: CastleState, seat: int) -> int:
    """The passive Damage of the Agent's equipped weapons (the Crossbow's bolt), unless their
    effects are Negated this round."""
    off = s.combat.weapons_off if s.combat is not None else ()
    total = 0
    for card in equipped(s, seat):
        if card in off:
            continue
        for ab in s.treasure(card).abilities:
            if ab.use == "passive" and ab.window == "target":
                total += sum(int(st.params["amount"]) for st in ab.steps if st.effect == "damage")
    return total


CRITICAL_TARGET, CRITICAL_DAMAGE = "The Loghan Armor", 2


def hit(s: CastleState, seat: int, n: int) -> None:
    """`seat` targets the n-th enemy with everything it accumulated (castle.enemy.target)."""
    c = s.combat
    card = line_up(s)[n - 1]
    s.target[seat] = card
    amount = s.acc[seat]
    if amount > 0:
        amount += weapon_bonus(s, seat)
        weak = erec(s, card).weak
        amount += sum(weak.get(t, 0) for t in damage_types(s, seat))
        if erec(s, card).name == CRITICAL_TARGET:
            # castle.story.critical (Mission 8's card): each Critical token adds 2 Damage to
            # every Direct Attack on The Loghan Armor; they stack
            amount += CRITICAL_DAMAGE * s.counters.get("critical", 0)
    direct = c.direct[seat] if c is not None and seat < len(c.direct) else 0
    if direct > 0:
        s.engaged[card] = 1
    s.emit(
        Event(
            "castle.enemy.target",
            f"{who(seat)} targets {s.name(card)} with {amount} Damage"
            + (" (Engaged)" if direct > 0 else ""),
        )
    )
    damage(s, seat, card, amount, "castle.enemy.target")
    if c is not None:
        later = [x for x in s.combat.later if x[0] == seat]
        s.combat = s.combat._replace(later=tuple(x for x in s.combat.later if x[0] != seat))
        from tabletop.games.castle.combat_effects import on_enemies

        for _, effect, target, amt in later:
            on_enemies(s, Ctx(seat), effect, target, amt)


# -- Damage and Defeat ----------------------------------------------------------------------------
def damage(s: CastleState, seat: int | None, card: int, amount: int, rule: str) -> None:
    """Put `amount` Damage on an enemy; at its Health it is Defeated (`seat` landed the blow)."""
    if amount <= 0 or not alive(s, card):
        return
    s.edamage[card] = s.edamage.get(card, 0) + amount
    health = erec(s, card).health
    s.emit(Event(rule, f"{s.name(card)} takes {amount} Damage ({s.edamage[card]}/{health})"))
    if s.edamage[card] >= health:
        defeat(s, card, seat)


def defeat(s: CastleState, card: int, seat: int | None) -> None:
    """castle.enemy.defeat: turned out of the Combat, counted for the Story and Contracts, its
    Energy shared out at once by the Leader."""
    e = erec(s, card)
    s.estate[card] = "defeated"
    s.emit(Event("castle.enemy.defeat", f"{s.name(card)} is Defeated"))
    cnt = s.counters
    for key in (f"defeated:{e.name}", f"defeated-colour:{e.colour}"):
        cnt[key] = cnt.get(key, 0) + 1
    if seat is not None:
        key = f"blows:{seat}:{e.colour}"
        cnt[key] = cnt.get(key, 0) + 1
        s.blows[seat] += 1
        if s.combat is not None:
            s.combat = s.combat._replace(blows=(*s.combat.blows, (card, seat)))
    if e.energy > 0 and s.combat is not None:
        push(s, ShareEnergy(card, e.energy))


def heal(s: CastleState, card: int, amount: int, rule: str) -> None:
    if not alive(s, card) or amount <= 0:
        return
    before = s.edamage.get(card, 0)
    s.edamage[card] = max(0, before - amount)
    s.emit(Event(rule, f"{s.name(card)} heals {before - s.edamage[card]} Damage"))


class _ShareEnergy(NamedTuple):
    enemy: int
    left: int


class ShareEnergy(_ShareEnergy):
    """The Leader gives a Defeated enemy's Energy out, one at a time (castle.enemy.energy)."""

    __slots__ = ()
    auto = False
    rule = "castle.enemy.energy"

    def ask(self, s: CastleState) -> Decision:
        fighters = s.combat.fighters if s.combat is not None else tuple(range(s.num_players))
        opts = tuple(OPT[f"share:{p}"] for p in fighters)
        return labelled(
            s,
            Decision(
                (lead(s),),
                "share-energy",
                f"{s.name(self.enemy)} leaves {self.left} Energy: who takes the next one?",
                opts,
                self.rule,
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if self.left > 1:
            push(s, ShareEnergy(self.enemy, self.left - 1))
        s.gain_energy(int(option.arg), 1, self.rule)


# -- Enemy Activations ----------------------------------------------------------------------------
def attack_steps(s: CastleState, card: int, steps: tuple[Step, ...]) -> list[Step]:
    damaged = s.edamage.get(card, 0) > 0
    return [st for st in steps if st.when != "self-damaged" or damaged]


class _Activate(NamedTuple):
    enemy: int


class Activate(_Activate):
    """One enemy acts (castle.enemy.activate): Unengaged loss, Base Attack, Rage Attack."""

    __slots__ = ()
    auto = True
    rule = "castle.enemy.activate"

    def run(self, s: CastleState) -> None:
        card = self.enemy
        if s.result is not None or card not in line_up(s):
            return
        if s.estate.get(card) in ("defeated", "stunned", "fresh"):
            return
        e = erec(s, card)
        if not s.engaged.get(card):
            s.emit(Event("castle.enemy.unengaged", f"{s.name(card)} is Unengaged"))
            h, cl = s.t.content.rules.unengaged
            s.change_health(-h, None, "castle.enemy.unengaged")
            s.change_clarity(-cl, None, "castle.enemy.unengaged")
            if s.result is not None:
                return
        steps: list[Step] = []
        base = e.base
        if base.countdown:
            s.ecount[card] = s.ecount.get(card, 0) + 1
            s.emit(
                Event(
                    "castle.enemy.countdown",
                    f"{s.name(card)}: countdown {s.ecount[card]}/{base.countdown}",
                )
            )
            if s.ecount[card] >= base.countdown:
                s.ecount[card] = 0
                steps += attack_steps(s, card, base.steps)
        else:
            steps += attack_steps(s, card, base.steps)
        rage = e.rage_attack(s.timeline)
        if rage is not None and s.rage >= rage.rage:
            s.emit(Event("castle.enemy.rage", f"{s.name(card)}'s Rage Attack ({s.rage} Rage)"))
            steps += attack_steps(s, card, rage.steps)
        run_steps(s, steps, Ctx(None, enemy=card))


def activations(s: CastleState) -> None:
    """castle.enemy.activate: every enemy from left to right."""
    push(s, *(Activate(card) for card in list(line_up(s))))


# -- the end of the Combat ------------------------------------------------------------------------
class Rewards(NoFields):
    """castle.enemy.rewards: the Defeated enemies' Treasures are drawn by colour and picked
    in turn from the Leader clockwise."""

    __slots__ = ()
    auto = True
    rule = "castle.enemy.rewards"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        offer: list[int] = []
        for card in line_up(s):
            if alive(s, card):
                continue
            for colour, count in erec(s, card).treasure.items():
                for _ in range(count):
                    got = s.next_treasure(colour)
                    if got is None:
                        break
                    s.move(got, TREASURE_DECK[colour], MERCHANT, self.rule, "{card} is a reward")
                    offer.append(got)
        if offer:
            s.combat = s.combat._replace(offer=tuple(offer))
            push(s, Pick(0))


class _Pick(NamedTuple):
    turn: int


class Pick(_Pick):
    """The next Agent in turn takes one of the rewards left (castle.enemy.rewards)."""

    __slots__ = ()
    auto = False
    rule = "castle.enemy.rewards"

    def seat(self, s: CastleState) -> int:
        seats = order(s)
        return seats[self.turn % len(seats)]

    def left(self, s: CastleState) -> list[int]:
        offer = s.combat.offer if s.combat is not None else ()
        return [c for c in offer if c in s.zones.cards[MERCHANT]][:MAX_OFFER]

    def ask(self, s: CastleState) -> Decision:
        left = self.left(s)
        seat = self.seat(s)
        return labelled(
            s,
            Decision(
                (seat,),
                "reward",
                f"{who(seat)}: take a reward of the defeated enemies",
                tuple(OPT[f"take:{n}"] for n in range(1, len(left) + 1)),
                self.rule,
            ),
            offer(left, s),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        left = self.left(s)
        card = left[int(option.arg) - 1]
        if len(left) > 1:
            push(s, Pick(self.turn + 1))
        push(s, Place(player, card))


class Finish(NoFields):
    """castle.enemy.discard: the enemies go to their colour's discard pile (Co-op
    Competitive: the Agent of the killing blow keeps it and its Data Shards); the Combat is
    over."""

    __slots__ = ()
    auto = True
    rule = "castle.enemy.discard"

    def run(self, s: CastleState) -> None:
        c = s.combat
        if c is None:
            return
        blows = dict(c.blows)
        keep = s.opts.mode == "coop-competitive"
        for card in list(line_up(s)):
            e = erec(s, card)
            seat = blows.get(card)
            if keep and seat is not None:
                s.move(
                    card,
                    FIGHT,
                    zone(seat, TROPHIES),
                    "castle.modes.shards",
                    f"{who(seat)} keeps {{card}} as a trophy",
                )
                s.shards[seat] += e.shards
                s.emit(Event("castle.modes.shards", f"{who(seat)} gains {e.shards} Data Shards"))
            else:
                s.move(card, FIGHT, ENEMY_DISCARD[e.colour], self.rule, "{card} is discarded")
            for d in (s.edamage, s.estate, s.ecount, s.engaged):
                d.pop(card, None)
        for offered in c.offer:  # rewards nobody could take go back to their pile
            if offered in s.zones.cards[MERCHANT]:
                s.move(
                    offered,
                    MERCHANT,
                    TREASURE_DISCARD[s.treasure(offered).colour],
                    self.rule,
                    "{card} is left behind",
                )
        s.combat = None
        s.flags["fought"] = 1
        s.emit(Event("castle.combat.end", "The Combat is over"))
