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

from collections.abc import Callable

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.bot_fight import FightMixin
from tabletop.games.guardians.bot_values import (
    _DECK_CHECKS,
    _GAINS,
    _PLAN,
    _SOLO_HUNT,
    _SOLO_ODDS,
    _VISIT,
    _VISIT_ATTACK,
    VALUE,
    _at_least,
    _monster_value,
)
from tabletop.games.guardians.content import FAMILIES_OF_FAMILIARS
from tabletop.games.guardians.numbers import SHIPPED
from tabletop.games.guardians.tables import GKIND, KINDS, LOCS, M0, pz


def _synergy_of(plan: str, k: int) -> float:
    """How well a card kind fits the plan of building toward one SUPER card."""
    group, fav = _PLAN[plan]
    bonus = 0.0
    if group and T.GROUP[k] == group:
        bonus += 2.5
    if KINDS[k].slug in fav:
        bonus += 2.0
    if plan == "pixie" and T.IS_FAMILIAR[k]:
        bonus += 1.5
    return bonus


# per plan, each card kind's synergy (read at every draft pick and plan of a search)
_SYNERGY = {plan: tuple(_synergy_of(plan, k) for k in range(len(KINDS))) for plan in _PLAN}
# each card kind's energy given when played (shipped content; `s.c` has a patch's)
_ENERGY = tuple(k.energy for k in KINDS)
# decision kind -> the name of the bot's method that answers it
_HANDLER: dict[str, str] = {}


class GuardiansBot(FightMixin):
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
        name = _HANDLER.get(kind)
        if name is None:
            name = _HANDLER[kind] = "_" + kind.replace("-", "_")
        handler = getattr(self, name, None)
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
        row = _SYNERGY.get(plan)
        return 0.0 if row is None else row[k]

    def _fit(self, plan: str, kinds: list[int]) -> float:
        row = _SYNERGY.get(plan)
        return 0.0 if row is None else sum(map(row.__getitem__, kinds))

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

        kinds = s.c.kinds  # (the numbers of the content played with)

        def score(k: int) -> float:
            spec = kinds[k]
            v = VALUE[k] + self._synergy(plan, k) + 0.6 * spec.energy
            if spec.weapon and k in mine:
                v += 2.0  # toward Dual Wielder
            if T.IS_ITEM[k] and mine.count(k) >= 1 and not spec.weapon:
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
        kinds = s.c.kinds
        e = s.energy[p] + energy
        a = s.attack[p] + attack
        counters = 0
        played: list[int] = []
        for c in z[pz(p, T.PERSIST)]:
            k = GKIND[c]
            e += kinds[k].energy
            a += kinds[k].attack
            played.append(k)
        for m in z[pz(p, T.TROPHY)]:
            f = T.MON_FAMILY[m - M0]
            e += f == "robot"
            a += f == "warlock"
        rest = [k for k in hand if k != T.COWARD]
        while True:
            playable = [k for k in rest if kinds[k].req <= e]
            if not playable:
                break
            locked = len(playable) < len(rest)
            k = max(playable, key=lambda k: (kinds[k].energy if locked else 0, VALUE[k]))
            rest.remove(k)
            spec = kinds[k]
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
        req, coward = s.c.req, T.COWARD
        gives = _ENERGY if s.c is SHIPPED else tuple(k.energy for k in s.c.kinds)
        while True:
            playable = [k for k in hand if req[k] <= e and k != coward]
            if not playable:
                break
            if len(playable) < len(hand):  # something is locked: energy first
                k = max(playable, key=lambda k: (gives[k], VALUE[k]))
            else:
                k = max(playable, key=VALUE.__getitem__)
            hand.remove(k)
            e += gives[k]
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
        sources = sum(1 for k in owned if s.c.kinds[k].energy >= 2)
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
        kinds = s.c.kinds
        locked = [k for k in hand if kinds[k].req > s.energy[p] and k != T.COWARD]
        for o in opts:
            if o.arg.__class__ is str:  # a battle effect
                return o
        if not plays:
            return T.DONE

        def score(k: int) -> float:
            spec = kinds[k]
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
            self._kinds(opts),
            key=lambda ko: s.c.kinds[ko[0]].attack + s.c.kinds[ko[0]].energy * 0.5,
        )[1]

    def _attach(self, s: R.GuardiansState, p: int, opts: tuple[Option, ...]) -> Option:
        ents = s.in_play(p)

        def score(k: int) -> float:
            if T.IS_FAMILIAR[k]:
                return sum(1 for e in ents if T.IS_FAMILIAR[e] and T.GROUP[e] == T.GROUP[k])
            return VALUE[k]

        return max(self._kinds(opts), key=lambda ko: score(ko[0]))[1]

    # -- battle -----------------------------------------------------------------------------

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
