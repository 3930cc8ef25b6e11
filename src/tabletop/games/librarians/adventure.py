"""The Librarians: the Adventure phase (phase 2 of the round, `phases.py`).

Each player in turn from the first player draws the top Adventure card and resolves it fully
before the next player draws (librarians.adventure.draw): a Complication does what it says
and goes to the Adventure discard pile; an Obstacle enters the Unassigned Region ready; an
Enemy enters ready, assigned to the drawer if they have none assigned, else unassigned, and
with Ambush always assigned to the drawer. An empty Adventure deck is made again from its
shuffled discard pile.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import triggers as T
from tabletop.games.librarians.content import AdventureCard
from tabletop.games.librarians.rules import (
    ADV_DECK,
    ADV_DISCARD,
    AREA,
    UNASSIGNED,
    LibrariansState,
    who,
    zone,
)


def enemies_assigned(s: LibrariansState, p: int) -> list[int]:
    return [
        c
        for c in s.zones.cards[zone(p, AREA)]
        if isinstance(s.record(c), AdventureCard) and s.record(c).type == "enemy"
    ]


def refill(s: LibrariansState) -> bool:
    """librarians.adventure.empty-deck: an empty Adventure deck is its discard pile, shuffled.
    False when both are empty."""
    z = s.zones
    if z.cards[ADV_DECK]:
        return True
    if not z.cards[ADV_DISCARD]:
        return False
    z.cards[ADV_DECK] = z.cards[ADV_DISCARD]
    z.cards[ADV_DISCARD] = []
    z.shuffle(ADV_DECK, s.rng)
    s.emit(
        Event(
            "librarians.adventure.empty-deck",
            "The Adventure deck is empty: its discard pile is shuffled into a new one",
        )
    )
    return True


def _fire(s: LibrariansState, p: int, card: int, trigger: str) -> None:
    """Run `card`'s forced abilities with this trigger (pushed: they resolve before the next
    step of the phase)."""
    rec = s.record(card)
    for ab in rec.abilities:
        if ab.kind == "forced" and ab.trigger == trigger:
            E.HANDLERS[ab.effect](s, E.Use(p, card, ab.params))


class _Player(NamedTuple):
    player: int


class DrawAdventure(_Player):
    """librarians.adventure.draw: `player` draws the top Adventure card and resolves it."""

    __slots__ = ()
    auto = True
    rule = "librarians.adventure.draw"

    def run(self, s: LibrariansState) -> None:
        p = self.player
        if s.out[p]:
            return
        if not refill(s):
            s.emit(Event(self.rule, "The Adventure deck and its discard pile are empty"))
            return
        card = s.zones.cards[ADV_DECK][-1]
        rec = s.record(card)
        assert isinstance(rec, AdventureCard)
        s.exhausted.pop(card, None)  # it enters play ready
        if rec.type == "complication":
            s.move(
                card,
                ADV_DECK,
                ADV_DISCARD,
                "librarians.adventure.complication",
                f"{who(p)} draws {{card}}: a Complication",
            )
            s.flow.append(Resolved(p, card))
            _fire(s, p, card, "revealed")
        elif rec.type == "obstacle":
            s.move(
                card,
                ADV_DECK,
                UNASSIGNED,
                "librarians.adventure.obstacle",
                f"{who(p)} draws {{card}}: an Obstacle enters the Unassigned Region",
            )
            T.fire(s, "obstacle-enters", p, card)
        else:
            assert rec.type == "enemy", rec.type
            if "ambush" in rec.keywords:
                dst, rule, how = zone(p, AREA), "librarians.adventure.ambush", "Ambush: assigned"
            elif enemies_assigned(s, p):
                dst, rule, how = UNASSIGNED, "librarians.adventure.enemy", "unassigned"
            else:
                dst, rule, how = zone(p, AREA), "librarians.adventure.enemy", "assigned"
            s.move(card, ADV_DECK, dst, rule, f"{who(p)} draws {{card}}: an Enemy enters, {how}")
            _fire(s, p, card, "self-enters")


class _Drawn(NamedTuple):
    player: int
    card: int


class Resolved(_Drawn):
    """A Complication has done what it says: the moment "complication resolved"."""

    __slots__ = ()
    auto = True
    rule = "librarians.adventure.complication"

    def run(self, s: LibrariansState) -> None:
        T.fire(s, "complication-resolved", self.player, self.card)


@E.HANDLERS.handler("draw-adventure", rule="librarians.effect.draw-adventure")
def draw_adventure(s: LibrariansState, u: E.Use) -> None:
    """The player who drew the card draws and resolves more Adventure cards."""
    push(s, *(DrawAdventure(u.player) for _ in range(int(u.params["amount"]))))
