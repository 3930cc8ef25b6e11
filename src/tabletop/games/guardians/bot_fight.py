"""The Guardians bot's fighting: the battle, its effects (damage counters, Mastering Slash, the
field's retreat and wave), the fort, the Shield, the Museum and the boss's rewards. A part of
`GuardiansBot` (`bot.py`), which it is mixed into."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.bot_values import _FORT, VALUE, _monster_value
from tabletop.games.guardians.tables import GKIND, LOCS, pz


class FightMixin:
    """The fighting decisions of `GuardiansBot` (which defines what is declared here)."""

    rng: Rng
    if TYPE_CHECKING:

        @staticmethod
        def _kinds(opts: tuple[Option, ...]) -> list[tuple[int, Option]]: ...
        @staticmethod
        def _has_quest(s: R.GuardiansState, p: int, check: str) -> bool: ...
        @staticmethod
        def _best_fight(
            s: R.GuardiansState, wants: Callable[[int], float], att: float
        ) -> float: ...
        def _worth(self, s: R.GuardiansState, p: int, k: int) -> float: ...
        def _keep_quest(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option: ...
        def _quest_wants(self, s: R.GuardiansState, p: int) -> Callable[[int], float]: ...

    def _battle(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        ids = {o.id: o for o in opts}
        boss = "fight:boss" in ids
        for fx in ("falling-star", "fireball", "wand", "aimed-shot", "marbles", "potion"):
            o = ids.get(f"use:{fx}")
            if o is not None:
                return o
        o = ids.get("use:super-potion")
        if o is not None:
            return o
        o = ids.get("use:mastering-slash")
        if o is not None and self._slash_pays(s, p, boss):
            return o
        held = s.counters[p]
        z = s.zones.cards
        if boss:
            # counters the boss can do without may take trophies in the city; the rest go
            # to the boss (fighting it converts every held counter)
            held = max(0, min(held, self._boss_spare(s)))
        if held:
            kills = [
                (_monster_value(m) / max(1, s.remaining(m)), T.KILL[i][j])
                for o in opts
                if o.arg.__class__ is tuple
                for i, j in (o.arg,)
                if o.action == T.KILL[i][j].action
                for m in (z[T.LOC0 + i][j],)
                if s.remaining(m) <= held
            ]
            ones = [
                (_monster_value(z[T.LOC0 + i][j]), o)
                for o in opts
                if o.arg.__class__ is tuple
                for i, j in (o.arg,)
                if o.action == T.DMG[i][j].action
                if s.remaining(z[T.LOC0 + i][j]) <= 1
            ]
            if ones:
                return max(ones, key=lambda t: t[0])[1]
            if kills:
                return max(kills, key=lambda t: t[0])[1]
            if boss and "dmg:boss" in ids:
                return ids["dmg:boss"]
            # bring a location within reach
            for i in range(T.NLOC):
                mons = z[T.LOC0 + i]
                if not mons or T.FIGHT[i].id in ids:
                    continue
                gap = s.combined(i) - s.attack_at(p, i)
                if 0 < gap <= held:
                    for j in range(len(mons)):
                        if T.DMG[i][j].id in ids:
                            return T.DMG[i][j]
        if boss:
            return ids["fight:boss"]
        # (a location to battle at: no boss is fought here)
        fights = [o for o in opts if o.arg.__class__ is int]
        if fights:
            wants = self._quest_wants(s, p)

            def worth(o: Option) -> float:
                i = o.arg
                v = sum(_monster_value(m, s.turn) + wants(m) for m in z[T.LOC0 + i])
                return v + _FORT[LOCS[i].effect] * 0.2

            return max(fights, key=worth)
        return ids.get("no-fight", opts[-1])

    @staticmethod
    def _final_boss(s: R.GuardiansState) -> bool:
        """Whether the boss fighting this round is the last one (its defeat decides whether
        anyone wins)."""
        return s.boss_colour == ("blue" if s.opts.apprentice else "red")

    @staticmethod
    def _boss_spare(s: R.GuardiansState) -> int:
        """The attack the party brings to the boss beyond its attack level (negative: short
        by that much) if everyone still to battle this round joins it with the attack and
        damage counters on their mat, counting what those who battled already gave. Attack
        levels and held counters are public."""
        total = s.boss_dmg + sum(c for c in s.contrib if c >= 0)
        for q in s.to_come():
            if s.contrib[q] < 0:
                total += s.attack_at(q, -1) + s.counters[q]
        return total - s.boss_level()

    def _fx_loc(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        if T.AT_BOSS in opts and s.boss_colour:
            return T.AT_BOSS
        z = s.zones.cards

        def worth(o: Option) -> float:
            i = o.arg
            own = sum(_monster_value(m) for m in z[T.LOC0 + i] if not s.immune(m))
            near = sum(
                0.2 * _monster_value(m)
                for j in T.SURROUNDING[i]
                for m in z[T.LOC0 + j]
                if not s.immune(m)
            )
            return own + near

        return max(opts, key=worth)

    def _fx_target(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        if T.TARGET_BOSS in opts and s.boss_colour:
            return T.TARGET_BOSS
        z = s.zones.cards
        amount = int(s.stack(p)[-1].amount)

        def worth(o: Option) -> float:
            if o.arg.__class__ is not tuple:  # the boss
                return -1.0
            i, j = o.arg
            m = z[T.LOC0 + i][j]
            v = _monster_value(m)
            return v * 2 if s.remaining(m) <= amount else v * 0.3

        return max(opts, key=worth)

    def _slash_pays(self, s: R.GuardiansState, p: int, boss: bool) -> bool:
        """Mastering Slash trashes a card for +3 attack: worth it to thin out a junk card, or
        when the extra attack takes a better location (or counts against the boss)."""
        if boss and self._final_boss(s) and self._boss_spare(s) < 0:
            return True  # the game ends with this battle: no card is worth losing it for
        z = s.zones.cards
        cards = z[pz(p, T.HAND)] + z[pz(p, T.DISCARD)]
        worst = min((self._worth(s, p, GKIND[c]) for c in cards), default=99.0)
        if worst <= 1.0:
            return True
        if worst > 3.0:
            return False
        if boss:
            return True
        wants = self._quest_wants(s, p)
        att = float(s.attack_at(p, -1))
        return self._best_fight(s, wants, att + 3) > self._best_fight(s, wants, att)

    def _mslash(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        cands = self._kinds(opts)
        worst = min(cands, key=lambda ko: self._worth(s, p, ko[0]), default=None)
        if worst is None:
            return T.DONE
        if self._worth(s, p, worst[0]) <= 3.0:
            return worst[1]
        boss = bool(s.boss_colour and s.zones.cards[T.BOSS_FIGHT])
        if boss and self._final_boss(s) and self._boss_spare(s) < 0:
            return worst[1]
        return T.DONE

    def _fort(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        cur = s.fort[p]
        cur_v = _FORT[LOCS[cur].effect] if cur >= 0 else 0.0
        best = max(
            (o for o in opts if o.arg is not None),
            key=lambda o: _FORT[LOCS[o.arg].effect],
            default=None,
        )
        if best is not None and _FORT[LOCS[best.arg].effect] > cur_v:
            return best
        return T.FORT_KEEP

    def _shield(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return T.ACCEPT_ACT if self._has_quest(s, p, "most-generics") else T.IGNORE_ACT

    def _field_retreat(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        z = s.zones.cards
        best = None
        best_v = 0.0
        for o in opts:
            if o.arg is not None:
                i, j = o.arg
                v = float(s.remaining(z[T.LOC0 + i][j])) - 12.0
                if v > best_v:
                    best, best_v = o, v
        return best if best is not None else T.DONE

    def _field_wave(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return opts[0]

    def _museum(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return min(opts, key=lambda o: s.combined(o.arg))

    def _boss_reward(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        if s.boss_colour == "red":
            # the game ends with these rewards: take the quest already completed that is worth
            # the most, if any
            done = [(k, o) for k, o in self._kinds(opts) if s.quest_done(p, k)]
            if done:
                return max(done, key=lambda ko: T.QUESTS[ko[0]].points)[1]
            return self._keep_quest(s, p, opts)
        return max(self._kinds(opts), key=lambda ko: VALUE[ko[0]])[1]
