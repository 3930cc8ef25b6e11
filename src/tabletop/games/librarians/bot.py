"""The Librarians: a heuristic co-operative bot that plays any hero.

It reads only what its seat may know (the cards in play, its hand, with `open_hands` its
teammates' hands). Each option of a question gets a score from what it would do (the expected
result of a check from the dice's faces, the Fate it saves, the damage it deals or prevents,
the Energy and cards it brings); the best is taken, ties broken by the bot's own RNG. In a
check it devotes only when that turns a failure into a success, plays its dice cards on a
check that would fail, spends Tree of Knowledge effects that do not put its hero in danger;
in the Action phase it defeats the enemies assigned to it first, assigns itself an enemy when
a character of its can take it on, overcomes Obstacles by their Fate (those it can defeat
first) and the Mission, of copies of a card that differ takes the one nearest defeat, rests a
wounded hero and meditates for Energy otherwise (it plays its Events there and in the
Preparation window, passing the windows between the other phases' steps); it answers attacks
that would hurt, saves a falling hero, balances drawing and Energy in the Refresh phase.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.librarians import check as C
from tabletop.games.librarians.actions import action_source, overcome_card, with_mods
from tabletop.games.librarians.content import Ability, AdventureCard
from tabletop.games.librarians.copies import card_of
from tabletop.games.librarians.rules import (
    AREA,
    CONTENT,
    DONE,
    KEEP_HAND,
    MISSION_ZONE,
    PASS,
    UNASSIGNED,
    LibrariansState,
    zone,
)

# expected Successes of a Character die, Failures of a Challenge die (a Serpent counts
# as a Failure but in Narrative Mode)
E_SUCCESS = sum(f.count("success") for f in C.FACES[C.CHARACTER]) / len(C.FACES[C.CHARACTER])
E_FAILURE = sum(f.count("failure") for f in C.FACES[C.CHALLENGE]) / len(C.FACES[C.CHALLENGE])
E_SERPENT = sum(f.count("serpent") for f in C.FACES[C.CHALLENGE]) / len(C.FACES[C.CHALLENGE])
KEEP_RANK = ("Unmaking", "Precision", "Renewal", "Clarity", "Intent", "Ward", "Surge", "Momentum")
PASS_SCORE = 0.25


def _value(kind: int, face: int) -> int:
    """What a die face is worth to the acting side: successes minus failures and Serpents."""
    icons = C.FACES[kind][face]
    return icons.count("success") - icons.count("failure") - icons.count("serpent")


def devote_gain(s: LibrariansState) -> int:
    """How much one devote would raise the margin at best (Standard: the worst Character die
    rotated to a single Success; Expert: a reroll, counted only for a die showing nothing)."""
    c = C.current(s)
    worst = [_value(*c.dice[i]) for i in C.devotable(s)]
    if not worst:
        return 0
    if s.opts.difficulty == "expert":
        return 1 if min(worst) <= 0 else 0
    return max(1 - min(worst), 0)


def margin(s: LibrariansState) -> int:
    c = C.current(s)
    narrative = s.opts.difficulty == "narrative"
    fail = c.icons("failure") + (0 if narrative else c.icons("serpent"))
    return c.icons("success") - fail


def expected(s: LibrariansState, actor: int, card: int, mods: tuple[Any, ...] = ()) -> float:
    """The expected margin of a check by `actor` against `card` (before any card is played)."""
    chal, char = _pool(s, actor, card, mods)
    fail = E_FAILURE + (0 if s.opts.difficulty == "narrative" else E_SERPENT)
    return char * E_SUCCESS - chal * fail


def _pool(s: LibrariansState, actor: int, card: int, mods: tuple[Any, ...]) -> tuple[int, int]:
    ch = s.record(card).challenge
    mods = (*mods, *C.constant_mods(s, actor, card))
    return C.pool_of(s, C.Check(actor, 0, ch.attribute, ch.difficulty, card, mods=mods))


def _counts(kind: int, icon: str, also: str = "") -> list[int]:
    return [f.count(icon) + (f.count(also) if also else 0) for f in C.FACES[kind]]


@cache
def chances(char: int, chal: int, narrative: bool) -> tuple[float, float]:
    """(probability of success, expected margin when it succeeds) of a pool, from the faces."""
    succ = _counts(C.CHARACTER, "success")
    fail = _counts(C.CHALLENGE, "failure", "" if narrative else "serpent")
    dist: dict[int, float] = {0: 1.0}
    for faces, sign, n in ((succ, 1, char), (fail, -1, chal)):
        for _ in range(n):
            new: dict[int, float] = {}
            for total, pr in dist.items():
                for v in faces:
                    k = total + sign * v
                    new[k] = new.get(k, 0.0) + pr / len(faces)
            dist = new
    p = sum(pr for k, pr in dist.items() if k > 0)
    mean = sum(k * pr for k, pr in dist.items() if k > 0) / p if p else 0.0
    return p, mean


class LibrariansBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> str:
        assert isinstance(state, LibrariansState)
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        return self._choose(state, player, d.kind_for(player), opts).id

    # -- dispatch -------------------------------------------------------------------------------
    def _choose(self, s: LibrariansState, p: int, kind: str, opts: tuple[Option, ...]) -> Option:
        if len(opts) == 1:
            return opts[0]
        if kind == "check-change":
            return self._change(s, p, opts)
        if kind == "check-die":
            return self._die(s, opts)
        if kind == "check-tree":
            for o in opts:
                if o.id.startswith("tree:") and self._safe_tree(s, p, o.arg):
                    return o
            return next(o for o in opts if o is DONE)
        if kind == "check-modify":
            return self._modify(s, p, opts)
        if kind == "check-after":
            return self._after(s, opts)
        if kind == "mulligan":
            return KEEP_HAND
        if kind == "refresh":
            return self._refresh(s, p, opts)
        if kind == "attack":
            return self._hit(s, p, opts)
        if kind == "respond":
            return self._respond(s, p, opts)
        if kind in ("action", "prepare"):
            return self._best(opts, lambda o: self._score(s, p, o))
        if kind == "anytime":
            return PASS  # its Events wait for the Preparation and Action windows
        if kind == "limit" or kind == "discard":
            return self._best(opts, lambda o: -self._cost(o.arg))
        if kind == "keep-effect":
            return min(opts, key=lambda o: KEEP_RANK.index(o.arg))
        if kind == "scry":
            return self._scry(s, opts)
        if kind == "cycle":
            return DONE if DONE in opts else opts[0]
        if kind in ("aim", "choose-enemy", "choose-character"):
            return self._best(opts, lambda o: self._aim(s, p, o))
        return self._best(opts, lambda o: 0.0)

    def _best(self, opts: tuple[Option, ...], score: Any) -> Option:
        """The highest score; ties by the bot's own RNG."""
        scored = [(score(o), self.rng.below(1 << 30), o) for o in opts]
        return max(scored, key=lambda x: (x[0], x[1]))[2]

    @staticmethod
    def _cost(name: str) -> int:
        return int(getattr(_RECORDS.get(name), "cost", 0) or 0)

    # -- the check --------------------------------------------------------------------------
    def _change(self, s: LibrariansState, p: int, opts: tuple[Option, ...]) -> Option:
        m = margin(s)
        if m > 0:
            return PASS
        devotes = [o for o in opts if o.id.startswith("devote:")]
        if devotes and m + devote_gain(s) > 0:
            return min(devotes, key=lambda o: (self._cost(o.arg), o.id))
        helps = [o for o in opts if o.id.startswith(("play:", "use:", "ability:"))]
        if helps:
            return helps[0]
        return PASS

    def _modify(self, s: LibrariansState, p: int, opts: tuple[Option, ...]) -> Option:
        c = C.current(s)
        if c.source < 0 or c.forced:
            return PASS
        if expected(s, c.actor, c.source, c.mods) > 0.8:
            return PASS
        cards = [o for o in opts if o is not PASS]
        return cards[0] if cards else PASS

    @staticmethod
    def _after(s: LibrariansState, opts: tuple[Option, ...]) -> Option:
        cards = [o for o in opts if o is not PASS]
        return cards[0] if cards else PASS

    @staticmethod
    def _die(s: LibrariansState, opts: tuple[Option, ...]) -> Option:
        c = C.current(s)
        dice = [o for o in opts if o.id.startswith("die:")]
        if not dice:
            return opts[0]
        # the worst die for the acting side (a reroll or a rotation helps it most)
        return min(dice, key=lambda o: (_value(*c.dice[o.arg]), o.arg))

    @staticmethod
    def _safe_tree(s: LibrariansState, p: int, name: str) -> bool:
        hero = s.t.heroes[p]
        if name == s.name(hero) and s.record(hero).name == "Eve Baird":
            return s.damage.get(hero, 0) + 2 < s.life(hero)
        return True

    # -- the round ----------------------------------------------------------------------------
    @staticmethod
    def _refresh(s: LibrariansState, p: int, opts: tuple[Option, ...]) -> Option:
        energy, hand = s.energy(p), len(s.hand(p))
        want_energy = energy < 2 or (hand >= 4 and energy < 5)
        return next(o for o in opts if (o.id == "gain-energy") == want_energy)

    @staticmethod
    def _hit(s: LibrariansState, p: int, opts: tuple[Option, ...]) -> Option:
        def left(o: Option) -> int:
            card = s.actor(o.arg)
            assert card is not None
            return s.life(card) - s.damage.get(card, 0)

        hero = opts[0]
        side = opts[1]
        # a sidekick takes the blow when the hero is in danger
        return side if left(hero) <= 3 and left(side) > 0 else hero

    def _respond(self, s: LibrariansState, p: int, opts: tuple[Option, ...]) -> Option:
        cards = [o for o in opts if o is not PASS]
        if not cards:
            return PASS
        att = s.attack
        if att is not None and not att.cancelled:
            target_left = s.life(att.target) - s.damage.get(att.target, 0)
            mine = s.area_of(att.target) == p
            if att.amount >= 2 or att.amount >= target_left:
                for o in cards:
                    if o.id == "play:get-behind-me" and (mine or target_left > att.amount):
                        continue
                    return o
            return PASS
        return cards[0]

    def _scry(self, s: LibrariansState, opts: tuple[Option, ...]) -> Option:
        def bad(o: Option) -> float:
            rec = CONTENT_ADVENTURE.get(o.arg)
            worst = (
                {"complication": 2.0, "enemy": 1.5, "obstacle": 1.0}.get(rec.type, 0.0)
                if rec
                else 0.0
            )
            return worst if o.id.startswith("adv-discard:") else -worst

        return self._best(opts, bad)

    def _aim(self, s: LibrariansState, p: int, o: Option) -> float:
        if o.id.startswith("char:"):
            card = s.actor(o.arg)
            if card is None:
                return 0.0
            return s.damage.get(card, 0) + (1 if s.area_of(card) == p else 0) + (not s.ready(card))
        if o.id.startswith("seat:"):
            return float(sum(1 for c in s.zones.cards[zone(o.arg, AREA)] if s.ready(c)))
        # an adventure card by name, or one copy of several that differ by its number
        name = o.arg[0] if isinstance(o.arg, tuple) else o.arg
        if name == "":
            return 1.0  # the Mission
        rec = CONTENT_ADVENTURE.get(name)
        if rec is None:
            return 0.0
        if isinstance(o.arg, tuple):
            cards = [card_of(s, *o.arg)]
        else:
            cards = [c for c in _in_play(s) if s.name(c) == name]
        if rec.type == "obstacle":  # (of copies that differ, the one nearest defeat)
            done = s.progress.get(cards[0], 0) if isinstance(o.arg, tuple) else 0
            return 1.0 + rec.fate + 0.1 * done
        # an enemy: the one nearest defeat, unassigned ones first (they add Fate)
        near = max((s.damage.get(c, 0) - s.life(c) for c in cards), default=-9)
        unassigned = any(s.where(c) == UNASSIGNED for c in cards)
        return 3.0 + near * 0.3 + (1.0 if unassigned else 0.0)

    # -- scoring a play ---------------------------------------------------------------------
    def _score(self, s: LibrariansState, p: int, o: Option) -> float:
        if o is PASS:
            return PASS_SCORE
        kind = o.id.split(":")[0]
        if kind == "overcome":
            actor = s.actor(o.arg[0])
            card = overcome_card(s, p, o.arg)
            if actor is None or card is None:
                return 0.0
            return self._overcome_value(s, actor, card, ())
        if kind == "act":
            actor = s.actor(o.arg[0])
            found = action_source(s, p, *o.arg) if actor is not None else None
            if actor is None or found is None:
                return 0.0
            ab = s.record(found[0]).abilities[found[1]]
            # an adventure card's own (Progress "here"): of copies, the one nearest defeat
            near = 0.1 * s.progress.get(found[0], 0) if ab.params.get("target") == "this" else 0
            return self._effect_value(s, p, ab, actor) - 0.1 + near
        if kind == "assign":
            # of copies that differ: the one nearest defeat, then a ready one (it adds Fate)
            if not isinstance(o.arg, tuple):
                return self._assign_value(s, p)
            card = card_of(s, *o.arg)
            return self._assign_value(s, p) + 0.02 * s.damage.get(card, 0) + 0.01 * s.ready(card)
        if kind == "meditate":
            return 0.4 if s.energy(p) < 6 else 0.1
        if kind == "rest":
            actor = s.actor(o.arg)
            assert actor is not None
            left = s.life(actor) - s.damage.get(actor, 0)
            return 1.2 if left <= 3 else 0.35
        if kind == "flip-magic":
            return 0.8
        if kind in ("play", "use"):
            return self._card_value(s, p, o.arg, kind == "play")
        return 0.0

    def _overcome_value(
        self, s: LibrariansState, actor: int, card: int, mods: tuple[Any, ...]
    ) -> float:
        chal, char = _pool(s, actor, card, mods)
        p, mean = chances(char, chal, s.opts.difficulty == "narrative")
        rec = s.record(card)
        if isinstance(rec, AdventureCard):
            if rec.type == "enemy":
                left = s.life(card) - s.damage.get(card, 0)
                gain = 1.5 + min(mean, left) * 0.5 + (1.0 if mean >= left else 0.0)
            else:  # (defeated, it adds no more Fate: of copies, the one nearest defeat)
                left = rec.progress - s.progress.get(card, 0)
                gain = 0.6 + 0.5 * rec.fate + min(mean, left) * 0.4
                gain += 0.5 + 0.5 * rec.fate if mean >= left else 0.0
        else:  # the Mission: 1 Progress a success, the way to win
            gain = 2.2
        return p * gain

    def _assign_value(self, s: LibrariansState, p: int) -> float:
        hero = s.t.heroes[p]
        left = s.life(hero) - s.damage.get(hero, 0)
        ready = [c for c in s.characters(p) if s.ready(c)]
        strong = any(s.attribute(c, "tactics") >= 2 for c in ready)
        return 0.9 if strong and left > 4 else (0.3 if left > 6 else 0.0)

    def _card_value(self, s: LibrariansState, p: int, name: str, from_hand: bool) -> float:
        rec = _record(name)
        if rec is None:
            return 0.0
        if from_hand and getattr(rec, "type", "") in ("artifact", "attachment", "sidekick"):
            return 1.0 + 0.1 * int(rec.cost)
        best = 0.0
        for ab in rec.abilities:
            if ab.kind in ("play", "free", "spend"):
                best = max(best, self._effect_value(s, p, ab, s.t.heroes[p]))
        return best

    def _effect_value(self, s: LibrariansState, p: int, ab: Ability, actor: int) -> float:
        hero = s.t.heroes[p]
        hurt = s.damage.get(hero, 0)
        if ab.cost.get("damage") and s.life(hero) - hurt <= 3:
            return 0.0
        return self._effect_gain(s, p, ab, actor) - self._cost_of(ab)

    @staticmethod
    def _cost_of(ab: Ability) -> float:
        c = ab.cost
        return (
            0.5 * c.get("discard_hand", 0)
            + 0.1 * c.get("discard_top", 0)
            + 0.3 * c.get("damage", 0)
            + 0.2 * c.get("clues", 0)
        )

    def _effect_gain(self, s: LibrariansState, p: int, ab: Ability, actor: int) -> float:
        e = ab.effect
        if e == "overcome-with":
            from tabletop.games.librarians.play import aims

            cards = aims(s, p, -1, ab, actor)
            return max(
                (self._overcome_value(s, actor, c, with_mods(ab)) for c in cards), default=0.0
            )
        if e in ("deal-damage", "defeat-enemy", "damage-by-attribute"):
            return 2.0
        if e == "remove-fate":
            return 1.6 if s.fate >= 1 else 0.0
        if e == "add-progress":
            return 1.3
        if e == "exhaust-enemy":
            return 0.9
        if e == "heal":
            hurt_any = max(
                (s.damage.get(c, 0) for q in s.seats_from(0) for c in s.characters(q)), default=0
            )
            return 1.1 if hurt_any >= 2 else 0.0
        if e in ("gain-energy", "draw-and-energy", "ready-and-draw"):
            return 0.7
        if e == "gain-focus-power":
            return 0.6
        if e == "ready":
            return 0.9 if any(not s.ready(c) for c in s.characters(p)) else 0.0
        if e == "unassign-enemy":
            return 0.5
        if e == "finish-countdown":
            return 1.0
        if e in ("scry-adventure", "recover-card"):
            return 0.35
        if e == "extra-assign":
            return self._assign_value(s, p) - 0.1
        if e == "cost-reduction":
            return 0.0
        return 0.1


def _in_play(s: LibrariansState) -> list[int]:
    out = list(s.zones.cards[UNASSIGNED]) + list(s.zones.cards[MISSION_ZONE])
    for q in range(s.num_players):
        out += s.zones.cards[zone(q, AREA)]
    return out


CONTENT_ADVENTURE = {c.name: c for a in CONTENT.adventures for c in a.cards}
_RECORDS: dict[str, Any] = {
    **{h.name: h for h in CONTENT.heroes},
    **{c.name: c for c in CONTENT.cards},
    **{e.name: e for e in CONTENT.effect_cards},
}


def _record(name: str) -> Any:
    return _RECORDS.get(name)
