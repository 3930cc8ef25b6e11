"""The Librarians: a heuristic co-operative bot (for now: the attribute check and Overcome).

It devotes a card only when that changes the check's outcome (a failure turned into a
success), the cheapest card of its hand; changes the worst die; uses every Tree of Knowledge
effect that does not put its hero in danger; overcomes with the character whose attribute
beats the difficulty by the most. It reads only what its seat may know (its view's facts).
"""

from __future__ import annotations

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.librarians import check as C
from tabletop.games.librarians.actions import overcome_targets
from tabletop.games.librarians.rules import CONTENT, DONE, PASS, LibrariansState


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


class LibrariansBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> str:
        assert isinstance(state, LibrariansState)
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        return self._choose(state, player, d.kind_for(player), opts).id

    def _choose(self, s: LibrariansState, p: int, kind: str, opts: tuple[Option, ...]) -> Option:
        if len(opts) == 1:
            return opts[0]
        if kind == "check-change":
            devotes = [o for o in opts if o.id.startswith("devote:")]
            m = margin(s)
            if devotes and m <= 0 < m + devote_gain(s):
                return min(devotes, key=lambda o: (self._cost(o.arg), o.id))
            return PASS
        if kind == "check-die":
            return self._die(s, opts)
        if kind == "check-tree":
            for o in opts:
                if o.id.startswith("tree:") and self._safe_tree(s, p, o.arg):
                    return o
            return next(o for o in opts if o is DONE)
        if kind == "action":
            return self._overcome(s, opts)
        if kind in ("check-modify", "check-after"):
            return PASS if PASS in opts else opts[0]
        return opts[0]

    @staticmethod
    def _cost(name: str) -> int:
        return int(CONTENT.card(name).cost)

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

    @staticmethod
    def _overcome(s: LibrariansState, opts: tuple[Option, ...]) -> Option:
        best, score = PASS, 0
        targets = {
            name: card for p in range(s.num_players) for name, card in overcome_targets(s, p)
        }
        for o in opts:
            if not o.id.startswith("overcome:"):
                continue
            slot, name = o.arg
            actor = s.actor(slot)
            card = targets.get(name)
            if actor is None or card is None:
                continue
            ch = s.record(card).challenge
            edge = s.attribute(actor, ch.attribute) - ch.difficulty + 1
            if edge > score:
                best, score = o, edge
        return best
