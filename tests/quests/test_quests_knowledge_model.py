"""What each seat knows, tracked from what it saw, against the kernel's knowledge model.

An observer built here, independently of `Zones.known`, follows every game through its log: the
cards that move (and who could see which card moved), the hands looked at, the deck tops seen,
the reshuffles. For every seat it keeps the facts that seat is sure of ("the Asp is in P2's
hand", "Canoe is third from the top of the deck"). After every answer of many random and
heuristic games, full of steals, random discards and reshuffles, the kernel must claim exactly
those facts: no more (a leak, which search bots would also profit from through `determinize`),
and no fewer (a seat forgetting what it saw).
"""

from __future__ import annotations

import re

import pytest

from helpers import R
from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.events import CardMoved
from tabletop.engine.state import State
from tabletop.engine.zones import PUBLIC

LOOK_HAND = re.compile(r"^P(\d+) looks at P(\d+)'s hand")
LOOK_DECK = re.compile(r"^P(\d+) looks at the next (\d+) Action cards?")
HAND_RULES = ("quests.action.location", "quests.artifact.crystal-skull")
DECK_RULES = ("quests.action.knowledge", "quests.artifact.tree-of-knowledge")


class Observer:
    """Where every card is (from the log alone) and what each seat is sure of."""

    def __init__(self, state: State) -> None:
        layout = state.zones.layout
        self.names = [s.name for s in layout.specs]
        self.public = {s.name for s in layout.specs if s.kind == PUBLIC}
        self.n = state.num_players
        self.where = {c: self.names[zi] for zi, zone in enumerate(state.zones.cards) for c in zone}
        # seat -> card -> the zone that seat is sure the card lies in (only where the seat could
        # not see it anyway: another seat's hand, a deck)
        self.facts: list[dict[int, str]] = [{} for _ in range(self.n)]
        self.read = len(state.log or [])  # the set-up deal is seen only by each hand's owner
        self.steals = self.discards = self.reshuffles = self.looks = 0

    def sees(self, seat: int, zone: str) -> bool:
        return zone in self.public or zone == f"hand-{seat}"

    def cards_in(self, zone: str) -> list[int]:
        return [c for c, z in self.where.items() if z == zone]

    def follow(self, state: State) -> None:
        log = state.log or []
        for e in log[self.read :]:
            if isinstance(e, CardMoved):
                self._moved(e)
            elif e.rule == "quests.deck.reshuffle":
                self.reshuffles += 1
                for c in self.cards_in("discard"):
                    self.where[c] = "action-deck"
                for f in self.facts:
                    for c in [c for c, z in f.items() if z == "action-deck"]:
                        del f[c]
            elif e.rule in HAND_RULES:
                m = LOOK_HAND.match(e.text)
                assert m, e.text
                self.looks += 1
                looker, target = int(m[1]) - 1, int(m[2]) - 1
                for c in self.cards_in(f"hand-{target}"):
                    self.facts[looker][c] = f"hand-{target}"
            elif e.rule in DECK_RULES:
                m = LOOK_DECK.match(e.text)
                assert m, e.text
                self.looks += 1
                # a look is the last thing its answer does, so the deck is still as it was seen
                deck = state.zones.cards[R.DECK]
                for c in deck[len(deck) - int(m[2]) :]:
                    self.facts[int(m[1]) - 1][c] = "action-deck"
            elif e.rule == "quests.artifact.hg-wells":
                top = state.zones.cards[R.ADECK][-1]
                self.facts[e.player or 0][top] = "artifact-deck"
        self.read = len(log)

    def _moved(self, e: CardMoved) -> None:
        c, src, dst = e.card, e.src, e.dst
        assert self.where[c] == src, (c, src, self.where[c])
        self.where[c] = dst
        if e.rule == "quests.action.foe":
            # taken face down at random: only the thief and the victim see which card it was
            self.steals += 1
            thief, victim = int(dst[5:]), int(src[5:])
            left = self.cards_in(src)
            for seat, f in enumerate(self.facts):
                f.pop(c, None)
                if seat in (thief, victim):
                    continue
                for other in left:
                    f.pop(other, None)
            self.facts[victim][c] = dst
            return
        if e.rule == "quests.action.danger":
            self.discards += 1
        face_up = src in self.public or dst in self.public
        for seat, f in enumerate(self.facts):
            saw = face_up or self.sees(seat, src) or self.sees(seat, dst) or f.get(c) == src
            f.pop(c, None)
            if saw and not self.sees(seat, dst):
                f[c] = dst

    def check(self, state: State, views: bool = True) -> None:
        z = state.zones
        for zi, zone in enumerate(z.cards):
            for c in zone:
                assert self.where[c] == self.names[zi], "the log missed a move"
        for seat in range(self.n):
            claimed = {
                c: self.names[zi]
                for zi, zone in enumerate(z.cards)
                if not self.sees(seat, self.names[zi])
                for c in zone
                if (z.known[c] >> seat) & 1
            }
            assert claimed == self.facts[seat], (seat, claimed, self.facts[seat])
            if not views:
                continue
            # the view shows a seat the same facts about the other hands
            v = state.view(seat)
            shown = {
                (k["id"], f"hand-{q}")
                for q, s in enumerate(v["seats"])
                if q != seat
                for k in s.get("known", [])
            }
            wanted = {
                (z.layout.slugs[c], where)
                for c, where in self.facts[seat].items()
                if where.startswith("hand-")
            }
            assert shown == wanted, seat


def follow_games(seeds: range, players: int, agents: tuple[str, ...], turns: int) -> dict[str, int]:
    seen = dict.fromkeys(("steals", "discards", "reshuffles", "looks"), 0)
    for seed in seeds:
        state = new_game("quests", players, seed, {"length": "short", "turn_limit": turns})
        seats = [make_agent(a, "quests", seed * 31 + i) for i, a in enumerate(agents)]
        o = Observer(state)
        o.check(state)
        while not state.is_over:
            p = state.to_move()[0]
            state.apply(p, seats[p].choose(state, p))
            o.follow(state)
            o.check(state, views=state.steps % 8 == 0 or state.is_over)
            assert state.steps < 100_000, "the game does not end"
        for k in seen:
            seen[k] += getattr(o, k)
    return seen


@pytest.mark.parametrize(
    ("players", "agents", "seeds", "turns", "least"),
    [
        # random seats play every look; heuristic ones steal and discard the way people do
        (3, ("random",) * 3, range(0, 40), 20, (20, 20, 5, 20)),
        (4, ("random", "heuristic", "random", "heuristic"), range(100, 130), 25, (20, 20, 5, 20)),
        (3, ("heuristic",) * 3, range(200, 260), 150, (20, 20, 5, 0)),
    ],
)
def test_every_seat_knows_exactly_what_it_saw(
    players: int, agents: tuple[str, ...], seeds: range, turns: int, least: tuple[int, ...]
) -> None:
    seen = follow_games(seeds, players, agents, turns)
    # the games really did steal, discard at random, reshuffle and look
    assert all(seen[k] >= n for k, n in zip(seen, least, strict=True)), seen
