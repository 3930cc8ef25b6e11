"""The effect handlers of a Combat (registered on `effects.EFFECTS`): what acts on a Timing
sequence (Damage, Rage, Negate, Replace, Discard, extra cards, Timing Costs, doubled Damage)
and what acts on enemies (Damage without a Direct Attack, Stun, healing, the Energy an enemy
drains per neighbour).

Each handler takes `(s, ctx, params)`; `ctx.seat` is the Agent (None for an enemy's attack,
then `ctx.enemy` is the enemy) and `ctx.source` the card. A handler that needs a choice
pushes a question (`ChooseCard`, `ChooseEnemy`). Effects aimed at the Agent's target wait
until it has chosen one (`Combat.later`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle.cards import DECK, DISCARD, LINE, who, zone
from tabletop.games.castle.effects import EFFECTS, Ctx, because, cause, reach
from tabletop.games.castle.enemy import alive, damage, heal, is_active, line_up, remaining
from tabletop.games.castle.items import equipped
from tabletop.games.castle.labels import labelled
from tabletop.games.castle.sequence import (
    active,
    is_combat,
    line,
    negatable,
    negate_card,
    negate_relative,
)
from tabletop.games.castle.space import MAX_ENEMIES, MAX_TIMINGS, OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

P = Mapping[str, Any]


def fighters(s: CastleState) -> tuple[int, ...]:
    return s.combat.fighters if s.combat is not None else tuple(range(s.num_players))


# -- moving combat cards --------------------------------------------------------------------------
def draw_into(s: CastleState, seat: int, index: int | None, rule: str) -> int | None:
    """Draw the top card of the Agent's Combat deck into its sequence at `index` (None: the
    last Timing); None when the deck is empty (no shuffle: castle.combat.empty-deck)."""
    deck = s.zones.cards[zone(seat, DECK)]
    if not deck:
        s.emit(Event(rule, f"{who(seat)}'s Combat deck is empty"))
        return None
    card = deck[-1]
    s.move(card, zone(seat, DECK), zone(seat, LINE), rule, f"{who(seat)} draws {{card}}")
    seq = line(s, seat)
    if index is not None:
        seq.remove(card)
        seq.insert(index, card)
    return card


def owner_of(s: CastleState, card: int) -> int | None:
    for p in range(s.num_players):
        if card in line(s, p):
            return p
    return None


def replace_card(s: CastleState, card: int, rule: str = "castle.combat.replace") -> None:
    """Discard a card of a sequence and draw its owner a new one into its Timing."""
    seat = owner_of(s, card)
    if seat is None:
        return
    idx = line(s, seat).index(card)
    s.move(card, zone(seat, LINE), zone(seat, DISCARD), rule, f"{who(seat)} replaces {{card}}")
    draw_into(s, seat, idx, rule)


def discard_card(s: CastleState, card: int, rule: str = "castle.combat.discard") -> None:
    """Discard a card of a sequence; the cards after it move up a Timing."""
    seat = owner_of(s, card)
    if seat is None:
        return
    s.move(card, zone(seat, LINE), zone(seat, DISCARD), rule, f"{who(seat)} discards {{card}}")


class _ChooseCard(NamedTuple):
    seat: int
    action: str
    times: int
    reach: bool = False
    source: int = -1  # the card (or enemy) that asks it, named in the prompt


class ChooseCard(_ChooseCard):
    """`seat` picks a card for an effect (castle.combat.choose): `action` replace, discard
    (its own cards, `card:<t>`, or an Agent in Reach's, `help:<seat>:<t>` when `reach`),
    negate (its own, with a Negate ability) or double (an active card that dealt Damage)."""

    __slots__ = ()
    auto = False
    rule = "castle.combat.choose"

    def choices(self, s: CastleState) -> list[Option]:
        seat = self.seat
        if self.reach:
            return [
                OPT[f"help:{p}:{t}"]
                for p in reach(s, seat)
                if p != seat and p in fighters(s)
                for t in range(1, min(len(line(s, p)), MAX_TIMINGS) + 1)
            ]
        seq = line(s, seat)[:MAX_TIMINGS]
        if self.action == "negate":
            return [OPT[f"card:{t}"] for t in negatable(s, seat) if t <= MAX_TIMINGS]
        if self.action == "double":
            dealt = dict(s.combat.dealt) if s.combat is not None else {}
            return [
                OPT[f"card:{t}"] for t, c in enumerate(seq, 1) if active(s, c) and dealt.get(c, 0)
            ]
        return [OPT[f"card:{t}"] for t in range(1, len(seq) + 1)]

    def ask(self, s: CastleState) -> Decision:
        """The Agent chooses (the choice is its own, never made at random); the prompt names
        the card on each Timing offered, since an option says only its Timing."""
        choices = self.choices(s)
        named = {}
        for o in choices:
            p, t = o.arg if self.reach else (self.seat, int(o.arg))
            name = s.name(line(s, p)[t - 1])
            verb = self.action.capitalize()
            named[o.id] = (
                f"{verb} {who(p)}'s {name} (Timing {t})"
                if self.reach
                else (f"{verb} {name} (Timing {t})")
            )
        return labelled(
            s,
            Decision(
                (self.seat,),
                "combat-card",
                f"{who(self.seat)}{because(s, self.source)}: choose a card to {self.action}",
                tuple(choices or [OPT["pass"]]),
                self.rule,
            ),
            named,
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.id == "pass":
            return
        if self.reach:
            p, t = option.arg
            card = line(s, p)[t - 1]
        else:
            card = line(s, self.seat)[int(option.arg) - 1]
        if self.action == "replace":
            replace_card(s, card)
        elif self.action == "discard":
            discard_card(s, card)
        elif self.action == "negate":
            negate_card(s, card, "castle.combat.negate")
        else:
            double(s, self.seat, card)
        if self.times > 1:
            nxt = self._replace(times=self.times - 1)
            if nxt.choices(s):
                push(s, nxt)


def double(s: CastleState, seat: int, card: int) -> None:
    """castle.effect.double-card-damage: the card's Damage counts twice."""
    c = s.combat
    if c is None:
        return
    amount = dict(c.dealt).get(card, 0)
    add_damage(s, seat, card, amount)
    s.emit(Event("castle.effect.double-card-damage", f"{s.name(card)} deals {amount} more Damage"))


def add_damage(s: CastleState, seat: int, source: int, amount: int) -> None:
    """Accumulate Damage for the Agent; a combat card's counts as Direct (it Engages)."""
    s.acc[seat] += amount
    c = s.combat
    if c is not None and is_combat(s, source):
        direct = list(c.direct)
        direct[seat] += amount
        dealt = dict(c.dealt)
        dealt[source] = dealt.get(source, 0) + amount
        s.combat = c._replace(direct=tuple(direct), dealt=tuple(dealt.items()))


# -- the Agent's sequence -------------------------------------------------------------------------
@EFFECTS.handler("damage", rule="castle.effect.damage")
def _damage(s: CastleState, ctx: Ctx, p: P) -> None:
    if ctx.seat is not None:
        add_damage(s, ctx.seat, ctx.source, int(p["amount"]))


@EFFECTS.handler("rage", rule="castle.effect.rage")
def _rage(s: CastleState, ctx: Ctx, p: P) -> None:
    s.rage += int(p["amount"])
    s.emit(Event("castle.effect.rage", f"Rage {s.rage}"))


@EFFECTS.handler("negate", rule="castle.effect.negate")
def _negate(s: CastleState, ctx: Ctx, p: P) -> None:
    target = str(p["target"])
    if ctx.seat is None:
        return
    if target == "any":
        if negatable(s, ctx.seat):
            push(s, ChooseCard(ctx.seat, "negate", 1, source=cause(ctx)))
        return
    seq = line(s, ctx.seat)
    if ctx.source in seq:
        negate_relative(s, ctx.seat, seq.index(ctx.source), target, "castle.effect.negate")


@EFFECTS.handler("protect", rule="castle.effect.protect")
def _protect(s: CastleState, ctx: Ctx, p: P) -> None:
    if ctx.source >= 0:
        s.paid[ctx.source] = 1


def _card_effect(action: str, rule: str) -> Any:
    def handler(s: CastleState, ctx: Ctx, p: P) -> None:
        if ctx.seat is None:
            return
        which, count = str(p["card"]), int(p["count"]) or 1
        if which == "this":
            if ctx.source in line(s, ctx.seat):
                (replace_card if action == "replace" else discard_card)(s, ctx.source, rule)
        elif which == "own":
            if line(s, ctx.seat):
                push(s, ChooseCard(ctx.seat, action, count, source=cause(ctx)))
        else:
            step = ChooseCard(ctx.seat, action, count, reach=True, source=cause(ctx))
            if step.choices(s):
                push(s, step)

    return handler


EFFECTS.handler("replace", rule="castle.combat.replace")(
    _card_effect("replace", "castle.combat.replace")
)
EFFECTS.handler("discard-card", rule="castle.combat.discard")(
    _card_effect("discard", "castle.combat.discard")
)


@EFFECTS.handler("draw-card", rule="castle.effect.draw-card")
def _draw_card(s: CastleState, ctx: Ctx, p: P) -> None:
    if ctx.seat is None:
        return
    for _ in range(int(p["count"]) or 1):
        if len(line(s, ctx.seat)) >= MAX_TIMINGS:
            break
        draw_into(s, ctx.seat, None, "castle.effect.draw-card")


@EFFECTS.handler("timing-cost", rule="castle.sequence.timing-cost")
def _timing_cost(s: CastleState, ctx: Ctx, p: P) -> None:
    c = s.combat
    if c is None or ctx.seat is None:
        return
    amount, target = int(p["amount"]), str(p["target"])
    if target == "this":
        s.combat = c._replace(card_mods=(*c.card_mods, (ctx.source, amount)))
    else:
        mods = list(c.seat_mods)
        for seat in (ctx.seat,) if target == "own" else reach(s, ctx.seat):
            mods[seat] += amount
        s.combat = c._replace(seat_mods=tuple(mods))
    s.emit(Event("castle.sequence.timing-cost", f"Timing Costs {amount:+d} for {who(ctx.seat)}"))


@EFFECTS.handler("negate-weapon-effect", rule="castle.effect.negate-weapon-effect")
def _negate_weapon_effect(s: CastleState, ctx: Ctx, p: P) -> None:
    """Each Agent hit loses the effects of one equipped weapon that has any, this round
    (the first such weapon: castle.interpret.negated-weapon)."""
    c = s.combat
    if c is None:
        return
    off = list(c.weapons_off)
    for seat in fighters(s) if ctx.seat is None else (ctx.seat,):
        cands = [w for w in equipped(s, seat) if s.treasure(w).abilities and w not in off]
        if cands:
            off.append(cands[0])
            s.emit(
                Event(
                    "castle.effect.negate-weapon-effect",
                    f"{who(seat)}'s {s.name(cands[0])} loses its effects this round",
                )
            )
    s.combat = c._replace(weapons_off=tuple(off))


@EFFECTS.handler("double-card-damage", rule="castle.effect.double-card-damage")
def _double(s: CastleState, ctx: Ctx, p: P) -> None:
    if ctx.seat is None:
        return
    step = ChooseCard(ctx.seat, "double", 1, source=cause(ctx))
    if step.choices(s):
        push(s, step)


@EFFECTS.handler("energy-per-enemy", rule="castle.effect.energy-per-enemy")
def _energy_per_enemy(s: CastleState, ctx: Ctx, p: P) -> None:
    if ctx.seat is None or s.combat is None:
        return
    s.gain_energy(ctx.seat, int(p["amount"]) * s.combat.present, "castle.effect.energy-per-enemy")


# -- enemies --------------------------------------------------------------------------------------
def _aimed(s: CastleState, ctx: Ctx, target: str) -> list[int] | None:
    """The enemies an effect aims at; None when it must wait for the Agent's target or ask."""
    ups = line_up(s)
    if target == "all":
        return [e for e in ups if alive(s, e)]
    if target in ("self", "adjacent") and ctx.enemy >= 0 and ctx.enemy in ups:
        if target == "self":
            return [ctx.enemy]
        i = ups.index(ctx.enemy)
        return [ups[k] for k in (i - 1, i + 1) if 0 <= k < len(ups) and alive(s, ups[k])]
    if ctx.seat is None:
        return []
    aim = s.target[ctx.seat]
    if target in ("target", "self", "adjacent", "adjacent-to-target"):
        if aim < 0 or aim not in ups:
            return None
        if target in ("target", "self"):
            return [aim]
        i = ups.index(aim)
        return [ups[k] for k in (i - 1, i + 1) if 0 <= k < len(ups) and alive(s, ups[k])]
    return None  # any-one


def on_enemies(s: CastleState, ctx: Ctx, effect: str, target: str, amount: int) -> None:
    """Apply an enemy effect now, or hold it for the Agent's target, or ask for one enemy."""
    aimed = _aimed(s, ctx, target)
    if aimed is None:
        if ctx.seat is None or s.combat is None:
            return
        if target == "any-one":
            if remaining(s):
                push(s, ChooseEnemy(ctx.seat, effect, amount, cause(ctx)))
            return
        later = (*s.combat.later, (ctx.seat, effect, target, amount))
        s.combat = s.combat._replace(later=later)
        return
    for card in aimed:
        apply_on(s, ctx.seat, card, effect, amount)


def apply_on(s: CastleState, seat: int | None, card: int, effect: str, amount: int) -> None:
    if effect == "enemy-damage":
        damage(s, seat, card, amount, "castle.effect.enemy-damage")
    elif effect == "stun":
        if alive(s, card):
            s.estate[card] = "stunned"
            s.emit(Event("castle.effect.stun", f"{s.name(card)} is Stunned"))
    else:
        heal(s, card, amount, "castle.effect.heal-enemy")


class _ChooseEnemy(NamedTuple):
    seat: int
    effect: str
    amount: int
    source: int = -1  # the card that asks it, named in the prompt


class ChooseEnemy(_ChooseEnemy):
    """`seat` picks any one enemy for an effect (castle.combat.choose-enemy)."""

    __slots__ = ()
    auto = False
    rule = "castle.combat.choose-enemy"

    def ask(self, s: CastleState) -> Decision:
        opts = [
            OPT[f"target:{n}"] for n, e in enumerate(line_up(s)[:MAX_ENEMIES], 1) if alive(s, e)
        ]
        what = f"{self.effect.replace('-', ' ')} {self.amount}" if self.amount else self.effect
        return labelled(
            s,
            Decision(
                (self.seat,),
                "combat-enemy",
                f"{who(self.seat)}{because(s, self.source)}: choose an enemy ({what})",
                tuple(opts) or (OPT["pass"],),
                self.rule,
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.id != "pass":
            apply_on(s, self.seat, line_up(s)[int(option.arg) - 1], self.effect, self.amount)


@EFFECTS.handler("enemy-damage", rule="castle.effect.enemy-damage")
def _enemy_damage(s: CastleState, ctx: Ctx, p: P) -> None:
    on_enemies(s, ctx, "enemy-damage", str(p["target"]), int(p["amount"]))


@EFFECTS.handler("stun", rule="castle.effect.stun")
def _stun(s: CastleState, ctx: Ctx, p: P) -> None:
    on_enemies(s, ctx, "stun", str(p["target"]), 0)


@EFFECTS.handler("heal-enemy", rule="castle.effect.heal-enemy")
def _heal_enemy(s: CastleState, ctx: Ctx, p: P) -> None:
    on_enemies(s, ctx, "heal-enemy", str(p["target"]), int(p["amount"]))


@EFFECTS.handler("energy-per-adjacent-enemy", rule="castle.effect.energy-per-adjacent-enemy")
def _energy_per_adjacent(s: CastleState, ctx: Ctx, p: P) -> None:
    """Each fighting Agent loses `amount` Energy per active enemy beside this one."""
    ups = line_up(s)
    if ctx.enemy not in ups:
        return
    i = ups.index(ctx.enemy)
    near = [ups[k] for k in (i - 1, i + 1) if 0 <= k < len(ups) and is_active(s, ups[k])]
    loss = int(p["amount"]) * len(near)
    s.emit(
        Event(
            "castle.effect.energy-per-adjacent-enemy",
            f"{s.name(ctx.enemy)}: {len(near)} active enemies beside it, {loss} Energy each",
        )
    )
    if loss:
        for seat in fighters(s) if ctx.seat is None else (ctx.seat,):
            s.lose_energy(seat, loss, "castle.effect.energy-per-adjacent-enemy")
