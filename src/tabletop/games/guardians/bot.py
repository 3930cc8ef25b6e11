"""The heuristic Guardians bot.

It drafts toward the SUPER card its picks suit best (cards of the SUPER's class or family, the
items that feed it) and toward the quests its deck alone decides (three skills of a class, two
familiar pairs, a pair of weapons); keeps the SUPER and the Secret Quest most likely to score
(alone: the chance this bot completes it, times its points); visits the location that lets
this hand take the most this round (it estimates the attack the hand reaches, with Hill's
attack or Candy Shop's energy; the Playground when an Overrun threatens); plays every card it
can, energy first when that unlocks more; spends its damage counters and battle effects where
they take trophies, and Mastering Slash only on junk or when the +3 takes more; battles the
location worth the most trophy points it can beat (hunting its Slayer quest's family until the
quest is done), or the boss in a boss round; takes a completed quest from the Red Boss's
rewards; fortifies the most useful vacant location; and trashes its weakest cards. It reads
only what its seat may know: its own zones, the public board and the options it is offered.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import FAMILIES_OF_FAMILIARS
from tabletop.games.guardians.tables import GKIND, KINDS, LOCS, M0, pz

# Rough worth of each card in attack-equivalents (for drafting, discarding, trashing).
_BASE = {
    "explore": 1.5,
    "practice-swing": 1.0,
    "bash": 2.0,
    "cleave": 4.5,
    "mastering-slash": 6.0,
    "ice-blast": 3.5,
    "arcane-knowledge": 2.5,
    "fireball": 4.0,
    "shot": 3.0,
    "point-blank-shot": 5.0,
    "aimed-shot": 4.0,
    "daze": 2.5,
    "precise-strike": 3.0,
    "borrow": 2.0,
    "axe": 5.0,
    "wand": 3.0,
    "bow": 3.0,
    "dagger": 4.0,
    "shield": 1.5,
    "potion": 3.0,
    "breastplate": 7.0,
    "robe": 5.0,
    "backpack": 3.0,
    "marbles": 4.0,
    "caterpillar": 2.5,
    "butterfly": 3.5,
    "sapling": 3.5,
    "elder-oak": 6.0,
    "wolf-pup": 2.0,
    "dire-wolf": 5.5,
    "tiger-cub": 3.0,
    "sabertooth-tiger": 6.0,
    "pulverize": 10.0,
    "falling-star": 8.0,
    "rain-of-arrows": 8.0,
    "dramatic-display": 7.0,
    "mystic-ball": 6.0,
    "super-potion": 6.0,
    "sticker": 6.0,
    "ancient-hilt": 7.0,
    "world-spirit": 7.0,
    "immortal-elk": 5.0,
    "elf": 7.0,
    "pixie": 8.0,
    "coward": -3.0,
}
VALUE = tuple(_BASE.get(k.slug, 2.0) for k in KINDS)
# What each SUPER card wants around it: a class or family, and favourite cards.
_PLAN: dict[str, tuple[str, tuple[str, ...]]] = {
    "pulverize": ("knight", ("axe", "breastplate")),
    "falling-star": ("wizard", ("wand", "ice-blast")),
    "rain-of-arrows": ("archer", ("bow",)),
    "dramatic-display": ("rogue", ("dagger",)),
    "mystic-ball": ("wolf", ("sapling", "elder-oak")),
    "super-potion": ("knight", ("point-blank-shot", "cleave", "mastering-slash")),
    "sticker": ("knight", ("axe", "breastplate", "robe")),
    "ancient-hilt": ("plant", ("ice-blast", "robe", "tiger-cub")),
    "world-spirit": ("", ("shot", "ice-blast", "tiger-cub", "bash")),
    "immortal-elk": ("", ("breastplate", "robe", "axe")),
    "elf": ("tiger", ("shot", "point-blank-shot", "bow")),
    "pixie": ("", ("caterpillar", "sapling", "wolf-pup", "tiger-cub")),
}
_VISIT = {
    "hill": 10.0,
    "candy-shop": 6.0,
    "school": 5.0,
    "garage": 5.5,
    "game-store": 5.0,
    "zoo": 4.0,
    "home": 3.5,
    "playground": 3.0,
    "field": 1.0,
    "museum": 2.0,
}
# Rough extra attack a visit that changes the hand brings this round (Hill and Candy Shop are
# worked out from the hand).
_VISIT_ATTACK = {"school": 1.5, "zoo": 1.5, "home": 1.0, "garage": 2.0, "game-store": 1.5}
_GAINS = {"garage": 3, "game-store": 1}  # cards a visit adds to the deck
_FORT = {
    "hill": 10.0,
    "candy-shop": 7.0,
    "garage": 6.0,
    "school": 5.5,
    "game-store": 5.0,
    "zoo": 4.0,
    "playground": 3.0,
    "home": 3.0,
    "museum": 2.0,
    "field": 1.0,
}
_REWARD = {"orc": 0.5, "robot": 2.5, "warlock": 2.0, "spider": 1.5, "zombie": 0.0}
_PERSISTENT = frozenset({"robot", "warlock"})
# Quests decided by the deck alone (checked exactly when choosing).
_DECK_CHECKS = ("skill-class", "familiar-sets", "dual-weapon")
# How often this bot completes each quest in a 1-player Guardian game once it keeps it
# (measured over 1000 seeds); the Slayer quests come from the trophies of each family it takes
# in a game while it hunts that family (a Poisson count of this mean).
_SOLO_ODDS = {
    "most-generics": 0.95,
    "every-family": 0.9,
    "second-wave": 0.1,
    "trophy-family": 0.02,
    "skill-class": 0.05,
    "familiar-sets": 0.05,
    "dual-weapon": 0.05,
}
_SOLO_HUNT = {"zombie": 3.2, "robot": 3.0, "spider": 2.6, "warlock": 2.6, "orc": 2.2}


def _at_least(mean: float, k: int) -> float:
    """P(X >= k) for a Poisson count X of this mean."""
    term = math.exp(-mean)
    below = 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - below)


def _monster_value(m: int, turn: int = 0) -> float:
    """Trophy points plus the reward; a persistent energy or attack counts for more the more
    rounds (the Red Boss's included) are left to use it."""
    spec = T.monster(m)
    v = _REWARD[spec.family]
    if turn and spec.family in _PERSISTENT:
        v = max(v, 0.5 * (9 - turn))
    return spec.points + v + 0.5


class GuardiansBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    # -- entry point ------------------------------------------------------------------------
    def choose(self, state: State, player: int) -> str:
        assert isinstance(state, R.GuardiansState)
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        if len(opts) == 1:
            return opts[0].id
        kind = d.kind_for(player)
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is None:
            return opts[0].id
        choice: Option = handler(state, player, opts)
        return choice.id

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _kinds(opts: tuple[Option, ...]) -> list[tuple[int, Option]]:
        """The card (or Secret Quest) options with the kind (quest) each stands for."""
        return [(o.arg, o) for o in opts if o.arg.__class__ is int]

    def _plan(self, s: R.GuardiansState, p: int) -> str:
        """The SUPER card the bot builds toward (its kind slug)."""
        z = s.zones.cards
        supers = [GKIND[c] for c in z[pz(p, T.SUPERS)]]
        if not supers:
            supers = [GKIND[c] for c in s.owned(p) if T.IS_SUPER[GKIND[c]]]
        if not supers:
            return ""
        mine = [GKIND[c] for c in z[pz(p, T.COLLECT)]]
        return KINDS[max(supers, key=lambda k: (self._fit(KINDS[k].slug, mine), k))].slug

    @staticmethod
    def _synergy(plan: str, k: int) -> float:
        if plan not in _PLAN:
            return 0.0
        group, fav = _PLAN[plan]
        bonus = 0.0
        if group and T.GROUP[k] == group:
            bonus += 2.5
        if KINDS[k].slug in fav:
            bonus += 2.0
        if plan == "pixie" and T.IS_FAMILIAR[k]:
            bonus += 1.5
        return bonus

    def _fit(self, plan: str, kinds: list[int]) -> float:
        return sum(self._synergy(plan, k) for k in kinds)

    def _worth(self, s: R.GuardiansState, p: int, k: int) -> float:
        v = VALUE[k]
        if T.IS_GENERIC[k] and self._has_quest(s, p, "most-generics"):
            v += 4.0
        return v

    @staticmethod
    def _has_quest(s: R.GuardiansState, p: int, check: str) -> bool:
        z = s.zones.cards
        return any(T.QUESTS[c - T.Q0].check == check for c in z[pz(p, T.QUEST)])

    # -- warm up ----------------------------------------------------------------------------
    def _draft(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        plan = self._plan(s, p)
        mine = [GKIND[c] for c in s.zones.cards[pz(p, T.COLLECT)]]
        checks = {T.QUESTS[c - T.Q0].check for c in s.zones.cards[pz(p, T.QUEST)]}

        def score(k: int) -> float:
            spec = KINDS[k]
            v = VALUE[k] + self._synergy(plan, k) + 0.6 * spec.energy
            if KINDS[k].weapon and k in mine:
                v += 2.0  # toward Dual Wielder
            if T.IS_ITEM[k] and mine.count(k) >= 1 and not KINDS[k].weapon:
                v -= 1.0
            v += self._quest_draft(checks, mine, k)
            return v + self.rng.random() * 0.1

        return max(self._kinds(opts), key=lambda ko: score(ko[0]))[1]

    @staticmethod
    def _quest_draft(checks: set[str], mine: list[int], k: int) -> float:
        """A draft bonus for cards that complete the quests decided by the deck: three
        different skills of a class, two families with two different familiars each, two of
        the same weapon."""
        v = 0.0
        group = T.GROUP[k]
        if "skill-class" in checks and T.IS_SKILL[k] and k not in mine:
            have = len({j for j in mine if T.IS_SKILL[j] and T.GROUP[j] == group})
            if have < 3:
                v += (1.0, 2.5, 4.0)[have]
        if "familiar-sets" in checks and T.IS_FAMILIAR[k] and group and k not in mine:
            have = len({j for j in mine if T.IS_FAMILIAR[j] and T.GROUP[j] == group})
            sets = sum(
                1
                for g in FAMILIES_OF_FAMILIARS
                if len({j for j in mine if T.IS_FAMILIAR[j] and T.GROUP[j] == g}) >= 2
            )
            if have < 2 and sets < 2:
                v += (1.5, 3.5)[have]
        if "dual-weapon" in checks and KINDS[k].weapon:
            have = mine.count(k)
            owned_pair = any(KINDS[j].weapon and mine.count(j) >= 2 for j in set(mine))
            if not owned_pair:
                v += (1.0, 3.0)[min(have, 1)]
        return v

    def _keep_super(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        mine = [GKIND[c] for c in s.zones.cards[pz(p, T.COLLECT)]]
        return max(
            self._kinds(opts),
            key=lambda ko: self._fit(KINDS[ko[0]].slug, mine) + VALUE[ko[0]],
        )[1]

    def _keep_quest(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        n = s.num_players

        def score(q: int) -> float:
            quest = T.QUESTS[q]
            if s.quest_done(p, q) and quest.check in _DECK_CHECKS:
                return 100.0 + quest.points
            if n == 1:
                # expected points: the chance a solo game completes the quest from here
                odds = _SOLO_ODDS.get(quest.check, 0.0)
                if quest.check == "most-family":
                    have = sum(
                        1
                        for m in s.zones.cards[pz(p, T.TROPHY)]
                        if T.monster(m).family == quest.family
                    )
                    odds = _at_least(_SOLO_HUNT[quest.family], max(0, quest.solo_min - have))
                return odds * quest.points
            base = {
                "most-generics": 2.0,
                "every-family": 5.0,
                "second-wave": 1.0,
                "trophy-family": 1.0,
                "most-family": 3.0,
            }.get(quest.check, 0.5)
            return base + quest.points * 0.3

        return max(self._kinds(opts), key=lambda ko: score(ko[0]))[1]

    # -- location ---------------------------------------------------------------------------
    def _visit(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        warlocks = spiders = 0
        for loc in range(T.NLOC):
            for m in s.monsters_at(loc):
                f = T.MON_FAMILY[m - M0]
                warlocks += f == "warlock"
                spiders += f == "spider"
        items = [c for c in s.zones.cards[pz(p, T.PERSIST)] if not s.is_super(c)]
        threat = (warlocks >= 2) + (spiders >= 2 and bool(items)) * 2
        hand = [GKIND[c] for c in s.zones.cards[pz(p, T.HAND)]]
        boss = bool(s.boss_colour)
        wants = self._quest_wants(s, p)
        # the attack this hand reaches with each kind of visit, and what that attack takes
        reach = {
            "": self._attack_estimate(s, p, hand, 0, 0),
            "hill": self._attack_estimate(s, p, hand, 0, 5),
            "candy-shop": self._attack_estimate(s, p, hand, 3, 0),
        }
        gains: dict[float, float] = {}
        # cards a visit adds to the deck dilute it for the Red Boss (several players: the
        # supply is deep and every seat's deck is weaker)
        bloat = 1.0 if s.num_players > 1 and len(s.owned(p)) > 16 else 0.0

        def score(o: Option) -> float:
            eff = LOCS[o.arg].effect
            att = reach.get(eff, reach[""]) + _VISIT_ATTACK.get(eff, 0.0)
            if att not in gains:
                # a boss round wants attack; another round, the best location within reach
                gains[att] = att if boss else self._best_fight(s, wants, att)
            v = gains[att] + 0.1 * _VISIT[eff] - bloat * _GAINS.get(eff, 0)
            if eff == "playground":
                v += 2.0 * threat
            return v

        return max(opts, key=score)

    @staticmethod
    def _best_fight(s: R.GuardiansState, wants: Callable[[int], float], att: float) -> float:
        """The most a battle with attack `att` can take this round (trophy value)."""
        z = s.zones.cards
        best = 0.0
        for i in range(T.NLOC):
            mons = z[T.LOC0 + i]
            if mons and s.combined(i) <= att:
                best = max(best, sum(_monster_value(m, s.turn) + wants(m) for m in mons))
        return best

    @staticmethod
    def _attack_estimate(
        s: R.GuardiansState, p: int, hand: list[int], energy: int, attack: int
    ) -> float:
        """The attack `p` would reach this round with `hand` and the visit's extra energy and
        attack: persistent cards and trophy rewards, then the hand played greedily (energy
        first while a card is locked), then the end-of-Power-Up bonuses, roughly."""
        z = s.zones.cards
        e = s.energy[p] + energy
        a = s.attack[p] + attack
        counters = 0
        played: list[int] = []
        for c in z[pz(p, T.PERSIST)]:
            k = GKIND[c]
            e += KINDS[k].energy
            a += KINDS[k].attack
            played.append(k)
        for m in z[pz(p, T.TROPHY)]:
            f = T.MON_FAMILY[m - M0]
            e += f == "robot"
            a += f == "warlock"
        rest = [k for k in hand if k != T.COWARD]
        while True:
            playable = [k for k in rest if KINDS[k].req <= e]
            if not playable:
                break
            locked = len(playable) < len(rest)
            k = max(playable, key=lambda k: (KINDS[k].energy if locked else 0, VALUE[k]))
            rest.remove(k)
            spec = KINDS[k]
            e += spec.energy
            a += spec.attack
            counters += spec.counters
            played.append(k)
        groups: dict[str, int] = {}
        for k in played:
            g = T.GROUP[k]
            if g:
                groups[g] = groups.get(g, 0) + 1
        for k in played:
            spec = KINDS[k]
            fx = spec.end_fx
            if fx == "rogue-1":
                a += groups.get("rogue", 0)
            elif fx == "rogue-3":
                a += 3 * groups.get("rogue", 0)
            elif fx == "axe":
                a += 2 * groups.get("knight", 0)
            elif fx == "dagger":
                a += 2 * groups.get("rogue", 0)
            elif fx == "bow":
                counters += groups.get("archer", 0)
            elif fx == "pixie":
                a += 3 * len({j for j in played if T.IS_FAMILIAR[j]})
            elif fx == "world-spirit":
                a += sum(1 for j in played if not T.IS_ITEM[j])
            elif fx == "elder-oak" and T.SAPLING in played:
                a += e
            if spec.effect == "dire-wolf" and T.WOLF_PUP in played:
                a += 4
            elif spec.effect == "ancient-hilt":
                a += e
        return float(a) + 0.8 * counters

    def _hand_power(self, s: R.GuardiansState, p: int, kinds: list[int]) -> float:
        """What a hand is worth this round: play greedily (energy first while something is
        locked) and add up the cards played."""
        hand = list(kinds)
        e = s.energy[p]
        total = 0.0
        while True:
            playable = [k for k in hand if KINDS[k].req <= e and k != T.COWARD]
            if not playable:
                break
            locked = len(playable) < len(hand)
            k = max(playable, key=lambda k: (KINDS[k].energy if locked else 0, VALUE[k]))
            hand.remove(k)
            e += KINDS[k].energy
            total += VALUE[k]
        return total

    def _discard(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        hand = [GKIND[c] for c in s.zones.cards[pz(p, T.HAND)]]
        if s.phase in ("location", "overrun", "reveal", "power"):

            def keep(k: int) -> float:
                rest = list(hand)
                rest.remove(k)
                return self._hand_power(s, p, rest) - 0.01 * self._worth(s, p, k)

            return max(self._kinds(opts), key=lambda ko: keep(ko[0]))[1]
        return min(self._kinds(opts), key=lambda ko: self._worth(s, p, ko[0]))[1]

    def _drop(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return min(self._kinds(opts), key=lambda ko: VALUE[ko[0]])[1]

    def _trash_pile(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        kinds = self._kinds(opts)
        for k, o in kinds:
            if k == T.COWARD:
                return o
        if self._has_quest(s, p, "most-generics"):
            return T.DONE
        owned = [GKIND[c] for c in s.owned(p)]
        sources = sum(1 for k in owned if KINDS[k].energy >= 2)
        for k, o in kinds:
            if k == T.SWING and (
                (s.turn >= 2 and sources >= 5 and len(owned) > 14)
                or (s.num_players > 1 and len(owned) > 16)
            ):
                return o
        if s.num_players > 1 and len(owned) > 16:
            worst = min(kinds, key=lambda ko: self._worth(s, p, ko[0]))
            if self._worth(s, p, worst[0]) <= 2.0:
                return worst[1]
        return T.DONE

    def _look_take(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        hand = [GKIND[c] for c in s.zones.cards[pz(p, T.HAND)]]

        def score(k: int) -> float:
            return self._hand_power(s, p, [*hand, k]) + 0.3 * self._worth(s, p, k)

        return max(self._kinds(opts), key=lambda ko: score(ko[0]))[1]

    def _spider(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        best = max(self._kinds(opts), key=lambda ko: self._worth(s, p, ko[0]), default=None)
        if best is not None and self._worth(s, p, best[0]) >= (3.0 if s.num_players == 1 else 4.5):
            return best[1]
        return T.DONE

    def _look_toss(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        worst = min(self._kinds(opts), key=lambda ko: self._worth(s, p, ko[0]), default=None)
        if worst is not None and self._worth(s, p, worst[0]) <= 1.6:
            return worst[1]
        return T.DONE

    def _look_order(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return max(self._kinds(opts), key=lambda ko: self._worth(s, p, ko[0]))[1]

    def _under(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        worst = min(self._kinds(opts), key=lambda ko: self._worth(s, p, ko[0]), default=None)
        if worst is not None and self._worth(s, p, worst[0]) <= 2.0:
            return worst[1]
        return T.DONE

    # -- power up ---------------------------------------------------------------------------
    def _power(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        plays = self._kinds(opts)
        hand = s.kinds_in(pz(p, T.HAND))
        locked = [k for k in hand if KINDS[k].req > s.energy[p] and k != T.COWARD]
        for o in opts:
            if o.arg.__class__ is str:  # a battle effect
                return o
        if not plays:
            return T.DONE

        def score(k: int) -> float:
            spec = KINDS[k]
            v = VALUE[k]
            if locked and spec.energy:
                v += 10.0 + spec.energy
            if spec.effect == "elder-oak" or spec.end_fx == "elder-oak":
                v -= 5.0  # after the energy cards, so nothing is left locked
            if spec.effect == "aimed-shot":
                v += 3.0  # before the weak cards it wants under it are played
            if spec.effect in ("mystic-ball", "sticker") and not s.attach_targets(
                p, spec.effect == "sticker"
            ):
                v -= 20.0
            return v

        best = max(plays, key=lambda ko: score(ko[0]))
        if score(best[0]) < -5.0:
            return T.DONE
        return best[1]

    def _borrow(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return max(self._kinds(opts), key=lambda ko: VALUE[ko[0]])[1]

    def _replay(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        return max(
            self._kinds(opts), key=lambda ko: KINDS[ko[0]].attack + KINDS[ko[0]].energy * 0.5
        )[1]

    def _attach(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        ents = s.in_play(p)

        def score(k: int) -> float:
            if T.IS_FAMILIAR[k]:
                return sum(1 for e in ents if T.IS_FAMILIAR[e] and T.GROUP[e] == T.GROUP[k])
            return VALUE[k]

        return max(self._kinds(opts), key=lambda ko: score(ko[0]))[1]

    # -- battle -----------------------------------------------------------------------------
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

    def _quest_wants(self, s: R.GuardiansState, p: int) -> Callable[[int], float]:
        """A bonus per monster for the bot's trophy quests."""
        z = s.zones.cards
        quests = [T.QUESTS[c - T.Q0] for c in z[pz(p, T.QUEST)]]
        fams = [T.MON_FAMILY[m - M0] for m in z[pz(p, T.TROPHY)]]
        have = set(fams)
        solo = s.num_players == 1
        box = sum(1 for c in z[T.RESERVE] if c < T.NG and GKIND[c] == T.SWING)
        act = 2.0 * min(s.num_players - 1, box)  # a Final Act's Practice Swings hurt the party

        def bonus(m: int) -> float:
            fam = T.MON_FAMILY[m - M0]
            v = -act if fam == "orc" else 0.0
            for q in quests:
                if q.check == "most-family" and q.family == fam:
                    # alone, a Slayer quest is done at `solo_min` trophies of the family
                    v += 0.5 if solo and fams.count(fam) >= q.solo_min else 3.0
                elif q.check == "every-family" and fam not in have:
                    v += 3.0
                elif q.check == "second-wave" and T.MWAVE[m - M0] == 1:
                    v += 1.5
            return v

        return bonus

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
