"""The heuristic bot's Combat decisions (`CombatMixin`, mixed into `CastleBot`).

- **Select Weapons**: put away a weapon whose Damage Type every enemy left is immune to, and
  take up a stowed one that adds Combat Power without such a problem.
- **Replace**: play the Initiative card over the weakest card, use Replace cards on
  themselves, pay a Charge Support's second effect to take a Strike off a neighbour's line.
- **Rearrange**: values each move its Energy allows (and each paid effect) by what the whole
  sequence then does, Negation included (Damage, Health, Clarity and Energy, less Rage),
  against the Energy it costs, and takes the best while it gains enough; then `done`.
- **Negate**: a Negate ability takes the worst active card.
- **A card for an effect** (Negate, Replace, Discard, Double): the worst card, or for Double
  the one that dealt the most Damage.
- **Target**: first an enemy its Damage defeats (the one worth most), else one no Agent has
  engaged yet (an unengaged enemy costs the group 1 Health and 1 Clarity), else the most
  damaged.
- **Rewards**: Energy to the Agent with least, the Treasure worth most.
Skills and Treasures that heal, give Energy or deal Damage are used when they help.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.games.castle.cards import CONTENT, FIGHT, LINE, MERCHANT, zone
from tabletop.games.castle.records import Enemy, Step

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

W_DAMAGE, W_HEALTH, W_CLARITY, W_ENERGY, W_RAGE = 1.0, 1.2, 0.8, 0.3, 0.25
MIN_GAIN = 0.3  # a move must gain this much value to be worth making


class CombatMixin:
    rng: Rng

    def best(self, opts: Sequence[Option], score: Callable[[Option], float]) -> Option:
        """The option with the highest score, ties broken by this bot's RNG."""
        scored = [(score(o), o) for o in opts]
        top = max(v for v, _ in scored)
        tied = [o for v, o in scored if v >= top - 1e-9]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]

    def pick(self, opts: Sequence[Option], *ids: str) -> Option | None:
        for oid in ids:
            for o in opts:
                if o.id == oid:
                    return o
        return None

    def combat_choice(
        self, s: CastleState, p: int, kind: str, opts: tuple[Option, ...]
    ) -> Option | None:
        if kind == "combat-weapons":
            return self._weapons(s, p, opts)
        if kind == "combat-replace":
            return self._replace(s, p, opts)
        if kind == "combat-rearrange":
            return self._rearrange(s, p, opts)
        if kind == "combat-negate":
            return self._negate(s, p, opts)
        if kind == "combat-target":
            return self._target(s, p, opts)
        if kind == "combat-card":
            return self._card_for_effect(s, p, opts)
        if kind in ("combat-start", "combat-draw", "combat-execute"):
            return self._helpful(s, p, opts)
        if kind == "share-energy":
            return self.best(
                opts, lambda o: -s.energy[int(o.arg)] / max(1, s.max_energy(int(o.arg)))
            )
        if kind == "reward":
            offer = s.combat.offer if s.combat is not None else ()
            left = [c for c in offer if c in s.zones.cards[MERCHANT]]

            def worth(o: Option) -> float:
                n = int(o.arg) - 1
                if n >= len(left):
                    return 0.0
                t = s.treasure(left[n])
                return t.energy + 2 * t.combat_power + len(t.abilities)

            return self.best(opts, worth)
        return None

    # -- the line's value ----------------------------------------------------------------------
    def line_value(self, s: CastleState, seat: int, seq: list[int]) -> float:
        """What `seq` as `seat`'s sequence would do this round, Negation applied."""
        from tabletop.games.castle import sequence as S

        zi = zone(seat, LINE)
        old_line, old_neg, old_log = s.zones.cards[zi], s.negated, s.log
        s.zones.cards[zi] = seq
        s.negated = dict(old_neg)
        s.log = None
        try:
            S.involuntary(s, seat)
            value = 0.0
            for idx, card in enumerate(seq):
                if card in s.negated:
                    continue
                r = S.rec(s, card)
                value += W_DAMAGE * r.damage - W_RAGE * r.rage
                for st in S.executed_steps(s, seat, idx):
                    value += self._step(st)
                    if st.pay:
                        value -= W_ENERGY * st.pay
        finally:
            s.zones.cards[zi], s.negated, s.log = old_line, old_neg, old_log
        return value

    def _step(self, st: Step) -> float:
        e, q = st.effect, st.params
        amount = int(q.get("amount", 0) or 0)
        if e == "damage":
            return W_DAMAGE * amount
        if e == "rage":
            return -W_RAGE * amount
        if e == "health":
            return W_HEALTH * amount
        if e == "clarity":
            return W_CLARITY * amount
        if e == "energy":
            return W_ENERGY * amount
        if e == "heal-choice":
            return W_HEALTH * int(q.get("health", 0) or 0)
        if e == "enemy-damage":
            return 0.8 * amount
        return 0.0

    # -- the steps -------------------------------------------------------------------------------
    def _rearrange(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle import sequence as S

        seq = list(s.zones.cards[zone(p, LINE)])
        base = self.line_value(s, p, seq)
        best_gain, best_opt = MIN_GAIN, None
        for o in opts:
            if o.id.startswith("shift:"):
                i, j = o.arg
                cost = S.shift_cost(s, p, i, j)
                if cost is None:
                    continue
                new = seq[:]
                new.insert(j - 1, new.pop(i - 1))
                gain = self.line_value(s, p, new) - base - W_ENERGY * cost
            elif o.id.startswith("pay:"):
                card = seq[int(o.arg) - 1]
                st = S.paid_step(s, card)
                if st is None:
                    continue
                s.paid[card] = 1
                try:
                    gain = self.line_value(s, p, seq) - base - W_ENERGY * st.pay
                finally:
                    del s.paid[card]
            else:
                continue
            if gain > best_gain + 1e-9:
                best_gain, best_opt = gain, o
        if best_opt is not None:
            return best_opt
        return self.pick(opts, "done") or opts[0]

    def _replace(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle import sequence as S

        seq = list(s.zones.cards[zone(p, LINE)])

        def card_value(card: int) -> float:
            r = S.rec(s, card)
            return r.damage + sum(self._step(st) for st in r.steps if not st.pay)

        inits = [o for o in opts if o.id.startswith("initiative:")]
        if inits:
            from tabletop.games.castle.cards import INITIATIVE

            init = s.zones.cards[zone(p, INITIATIVE)]
            if init:
                worst = min(inits, key=lambda o: card_value(seq[int(o.arg) - 1]))
                if card_value(seq[int(worst.arg) - 1]) < card_value(init[-1]):
                    return worst
        own = next((o for o in opts if o.id.startswith("card:")), None)
        if own is not None:
            return own
        helps = [o for o in opts if o.id.startswith("help:")]
        if helps and s.energy[p] >= 4:
            from tabletop.games.castle.cards import LINE as L

            def bad(o: Option) -> float:
                q, t = o.arg
                return -card_value(s.zones.cards[zone(q, L)][t - 1])

            worst_help = self.best(helps, bad)
            if bad(worst_help) > 0.5:
                return worst_help
        return self._helpful(s, p, opts)

    def _negate(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle import sequence as S

        seq = s.zones.cards[zone(p, LINE)]
        negs = [o for o in opts if o.id.startswith("negate:")]
        if negs:
            worst = min(
                negs,
                key=lambda o: (
                    S.rec(s, seq[int(o.arg) - 1]).damage - self._harm(s, seq[int(o.arg) - 1])
                ),
            )
            if self._harm(s, seq[int(worst.arg) - 1]) > 0:
                return worst
        uses = [o for o in opts if o.id.startswith("use:")]
        for o in uses:
            rec = next(t for t in CONTENT.treasures if t.slug == o.arg)
            negates = any(st.effect == "negate" for ab in rec.abilities for st in ab.steps)
            if negates and any(self._harm(s, c) > 0 and c not in s.negated for c in seq):
                return o
        return self.pick(opts, "done") or opts[0]

    def _card_for_effect(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        """The card an effect takes (`combat_effects.ChooseCard`): Double the one that dealt
        the most Damage; Negate, Replace or Discard the worst (its Damage and unpaid effects
        valued as in `_replace`: a Strike that costs Health is the worst), its own or, when
        helping, an Agent in Reach's."""
        from tabletop.engine.flow import top
        from tabletop.games.castle import sequence as S

        def card_of(o: Option) -> int | None:
            if o.id.startswith("help:"):
                q, t = o.arg
                return int(s.zones.cards[zone(q, LINE)][t - 1])
            if o.id.startswith("card:"):
                return s.zones.cards[zone(p, LINE)][int(o.arg) - 1]
            return None

        if getattr(top(s), "action", "") == "double":
            dealt = dict(s.combat.dealt) if s.combat is not None else {}
            return self.best(opts, lambda o: float(dealt.get(card_of(o), 0)))

        def badness(o: Option) -> float:
            card = card_of(o)
            if card is None:
                return -99.0
            r = S.rec(s, card)
            return -(r.damage + sum(self._step(st) for st in r.steps if not st.pay))

        return self.best(opts, badness)

    def _harm(self, s: CastleState, card: int) -> float:
        from tabletop.games.castle import sequence as S

        r = S.rec(s, card)
        return (
            -sum(self._step(st) for st in r.steps if st.effect in ("health", "clarity"))
            if r.category in ("strike", "hazard")
            else 0.0
        )

    def _weapons(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle.items import damage_types

        enemies = [c for c in s.zones.cards[FIGHT] if s.estate.get(c) != "defeated"]
        if not enemies:
            return self.pick(opts, "done") or opts[0]
        types = damage_types(s, p)
        blocked = {
            t for t in types if t != "special" and all(t in s.record(e).immune for e in enemies)
        }
        for o in opts:
            if o.id.startswith("unequip:"):
                rec = next(t for t in CONTENT.treasures if t.slug == o.arg)
                if rec.damage_type in blocked:
                    return o
        for o in opts:
            if o.id.startswith("equip:"):
                rec = next(t for t in CONTENT.treasures if t.slug == o.arg)
                if (
                    rec.combat_power >= 2
                    and not any(rec.damage_type in s.record(e).immune for e in enemies)
                    and not blocked
                    and rec.combat_power
                    > max(
                        (
                            s.treasure(c).combat_power
                            for c in s.inventory(p)
                            if s.slots.get(c) == "hand"
                        ),
                        default=1,
                    )
                ):
                    return o
        return self.pick(opts, "done") or opts[0]

    def _target(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle.enemy import line_up, weapon_bonus

        aims = [o for o in opts if o.id.startswith("target:")]
        if not aims:
            helpful = self._helpful(s, p, opts)
            return helpful
        lineup = line_up(s)
        amount = s.acc[p] + (weapon_bonus(s, p) if s.acc[p] > 0 else 0)
        engaged = {s.target[q] for q in range(s.num_players) if q != p and s.target[q] >= 0}

        def score(o: Option) -> float:
            card = lineup[int(o.arg) - 1]
            rec: Enemy = s.record(card)
            left = rec.health - s.edamage.get(card, 0)
            threat = self.threat(s, card)
            if amount and amount >= left:
                return 100.0 + threat + rec.energy - left / 10  # defeat the worst one it can
            value: float = (
                threat - left / 2
            )  # else wear down the most dangerous, nearest to falling
            if card not in engaged and card not in s.engaged:
                value += 1.5  # an unengaged enemy costs the group 1 Health and 1 Clarity
            return value

        return self.best(aims, score)

    def threat(self, s: CastleState, card: int) -> float:
        """What the enemy's Base Attack costs the group each round, roughly."""
        rec: Enemy = s.record(card)
        total = 0.0
        for st in rec.base.steps:
            amount = abs(int(st.params.get("amount", 0) or 0))
            if st.effect in ("health", "clarity"):
                total += amount
            elif st.effect == "energy":
                total += 0.4 * amount * s.num_players
            elif st.effect in ("summon", "summon-enemy"):
                total += 3.0
            elif st.effect == "heal-enemy":
                total += amount
        if rec.base.countdown:
            total /= rec.base.countdown
        return total + 1.0

    def _helpful(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        """A Skill or Treasure effect that heals when needed, gives Energy or deals Damage;
        Overcharge when Clarity is high; else done."""
        start = CONTENT.rules.health_base + s.num_players
        pool = s.pool(p)
        low = s.health[pool] < start * 0.6 or s.clarity[pool] <= 4
        for o in opts:
            # Overcharge costs the group 2 Clarity: only while it keeps 7 or more, so that
            # one Agent a round at most Overcharges from a full track (issue 21: four of ten
            # were spent in a first round)
            if o.id == "overcharge" and s.clarity[pool] - CONTENT.rules.overcharge_clarity >= 7:
                return o
            if o.id.startswith(("use:", "skill:")):
                steps = self._steps_of(s, p, o)
                effects = {st.effect for st in steps}
                if effects & {"energy-per-enemy", "damage", "initiative"}:
                    return o
                if "enemy-damage" in effects and len(s.zones.cards[FIGHT]) >= 2:
                    return o
                if low and effects & {"health", "clarity", "heal-choice"}:
                    return o
        return self.pick(opts, "done", "pass") or opts[0]

    def _steps_of(self, s: CastleState, p: int, o: Option) -> Sequence[Step]:
        if o.id.startswith("skill:"):
            return s.agent(p).skills[int(o.arg)].steps
        rec = next((t for t in CONTENT.treasures if t.slug == o.arg), None)
        if rec is None:
            return ()
        return [st for ab in rec.abilities for st in ab.steps]
