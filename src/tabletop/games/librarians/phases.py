"""The Librarians: the round as a declared procedure of steps on the kernel's flow stack.

    ROUND = (Preparation, Adventure, Action, Enemy, Refresh, EndRound)

read like the rulebook's round sequence (librarians.round.phases). Each phase is a step kind:
an automatic one `run`s and pushes the steps of its procedure; a question `ask`s and is
`answer`ed. The Action phase is the priority window of `actions.py`.

The phases: Preparation (`prepare.py`), Adventure (`adventure.py`), Action (`actions.py`: Card
Actions still to come), Enemy (`enemy.py`) and Refresh here (ready every card, three rounds of
draw-or-Energy in turn order from the first player, the Aid card passes left). Between the
Adventure cards, the Enemy phase's steps and after the Refresh phase readies the cards, an
`anytime.Anytime` window lets Events be played (librarians.card.anytime).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event, PhaseStarted
from tabletop.engine.flow import NoFields, push
from tabletop.games.librarians import actions as A
from tabletop.games.librarians import adventure as V
from tabletop.games.librarians import anytime as Y
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import prepare as Q
from tabletop.games.librarians.rules import (
    AREA,
    DECK,
    DRAW,
    GAIN_ENERGY,
    HAND,
    KEEP_HAND,
    REDRAW_HAND,
    LibrariansState,
    who,
    zone,
)

REFRESH_DRAWS = 3  # librarians.refresh.draw: "Repeat this 3 times"


def _begin(s: LibrariansState, phase: str, title: str) -> None:
    s.phase = phase
    s.emit(PhaseStarted("librarians.round.phases", f"Round {s.round}: {title} phase", phase=phase))


class Preparation(NoFields):
    """Phase 1: players play Artifacts, Attachments and Sidekicks (`prepare.py`)."""

    __slots__ = ()
    auto = True
    rule = "librarians.preparation.window"

    def run(self, s: LibrariansState) -> None:
        _begin(s, "preparation", "Preparation")
        s.flow.append(Q.Prepare(s.seats_from(s.first)))


class Adventure(NoFields):
    """Phase 2: each player in turn from the first player draws and fully resolves an
    Adventure card (`adventure.py`)."""

    __slots__ = ()
    auto = True
    rule = "librarians.adventure.draw"

    def run(self, s: LibrariansState) -> None:
        _begin(s, "adventure", "Adventure")
        # librarians.card.anytime: Events may be played once a card is fully resolved, so
        # between the draws (before the first is the Preparation window, after the last the
        # Action window)
        steps: list[object] = []
        for p in s.seats_from(s.first):
            if steps:
                steps.append(Y.window(s))
            steps.append(V.DrawAdventure(p))
        push(s, *steps)


class Action(NoFields):
    """Phase 3: the Action window of `actions.py`, round the table from the first player."""

    __slots__ = ()
    auto = True
    rule = "librarians.action.window"

    def run(self, s: LibrariansState) -> None:
        _begin(s, "action", "Action")
        s.flow.append(A.ActionRound(s.seats_from(s.first)))


class Enemy(NoFields):
    """Phase 4: attacks, the Mission's advance, Fate and the Disturbance (`enemy.py`)."""

    __slots__ = ()
    auto = True
    rule = "librarians.enemy.attack"

    def run(self, s: LibrariansState) -> None:
        _begin(s, "enemy", "Enemy")
        N.enemy_phase(s)


class Refresh(NoFields):
    """Phase 5, librarians.refresh.ready: every card readies (and once-per-round abilities
    may be used again); then three rounds of draw-or-Energy in turn order from the first
    player (librarians.refresh.draw); then the Aid card passes left
    (librarians.refresh.pass-aid)."""

    __slots__ = ()
    auto = True
    rule = "librarians.refresh.ready"

    def run(self, s: LibrariansState) -> None:
        _begin(s, "refresh", "Refresh")
        s.exhausted.clear()
        s.used.clear()
        s.discount[:] = [0] * s.num_players
        s.emit(Event("librarians.refresh.ready", "Every card readies"))
        order = s.seats_from(s.first)
        draws = (DrawOrEnergy(p, i) for i in range(REFRESH_DRAWS) for p in order)
        # librarians.card.anytime: a window once the cards are ready (after the Aid card
        # passes comes the Preparation window)
        push(s, Y.window(s), *draws, PassAid())


class _Seat(NamedTuple):
    player: int
    turn: int  # 0, 1, 2: which of the three rounds


class DrawOrEnergy(_Seat):
    """librarians.refresh.draw: draw the top card of your deck (and look at it), or gain it as
    Energy unseen."""

    __slots__ = ()
    auto = False
    rule = "librarians.refresh.draw"

    def ask(self, s: LibrariansState) -> Decision:
        return Decision(
            (self.player,),
            "refresh",
            f"{who(self.player)}: draw a card or gain 1 Energy "
            f"({self.turn + 1} of {REFRESH_DRAWS})",
            (DRAW, GAIN_ENERGY),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is DRAW:
            s.draw(p, self.rule)
        else:
            s.gain_energy(p, self.rule)


class PassAid(NoFields):
    """librarians.refresh.pass-aid: the Aid card passes to the player on the left still in
    the game, who becomes the first player (an eliminated player "no longer participates in
    gameplay in any way", librarians.eliminate.steps)."""

    __slots__ = ()
    auto = True
    rule = "librarians.refresh.pass-aid"

    def run(self, s: LibrariansState) -> None:
        # the holder is still in the game (elimination passes the card on), so the next seat
        # in play after them; alone, they keep it
        left = s.seats_from(s.first + 1)
        nxt = left[0] if left else s.first
        if nxt != s.first:
            s.move(
                s.t.aid,
                zone(s.first, AREA),
                zone(nxt, AREA),
                self.rule,
                f"{who(s.first)} passes the Aid card to {who(nxt)}",
            )
        s.first = nxt


class EndRound(NoFields):
    """librarians.round.next: the round ends and the next begins with Preparation."""

    __slots__ = ()
    auto = True
    rule = "librarians.round.next"

    def run(self, s: LibrariansState) -> None:
        s.emit(Event(self.rule, f"Round {s.round} ends"))
        tick_devices(s)
        s.round += 1
        start_round(s)


def tick_devices(s: LibrariansState) -> None:
    """librarians.device.countdown: one token off each Device at the end of the round."""
    for card in sorted(s.countdown):
        if s.countdown[card] > 0:
            # librarians.device.countdown: one token off each Device at the round's end
            s.countdown[card] -= 1
            left = s.countdown[card]
            s.emit(
                Event(
                    "librarians.device.countdown",
                    f"{s.name(card)}: {left} token{'s' if left != 1 else ''} left"
                    + ("" if left else ": it may be spent"),
                )
            )


# librarians.round.phases: the five phases of a round, in order
ROUND = (Preparation(), Adventure(), Action(), Enemy(), Refresh(), EndRound())


def start_round(s: LibrariansState) -> None:
    push(s, *ROUND)


class Mulligan(_Seat):
    """librarians.setup.mulligan: once, before the first round, each player in turn from the
    first player may shuffle their starting hand back into their deck and draw a new one
    (librarians.interpret.mulligan)."""

    __slots__ = ()
    auto = False
    rule = "librarians.setup.mulligan"

    def ask(self, s: LibrariansState) -> Decision:
        return Decision(
            (self.player,),
            "mulligan",
            f"{who(self.player)}: keep your starting hand, or draw a new one?",
            (KEEP_HAND, REDRAW_HAND),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is KEEP_HAND:
            s.emit(Event(self.rule, f"{who(p)} keeps their hand"))
            return
        n = len(s.hand(p))
        for card in sorted(s.hand(p)):
            s.move(
                card, zone(p, HAND), zone(p, DECK), self.rule, f"{who(p)} shuffles {{card}} back"
            )
        s.zones.shuffle(zone(p, DECK), s.rng)
        s.emit(Event(self.rule, f"{who(p)} draws a new hand of {n}"))
        for _ in range(n):
            s.draw(p, self.rule)


def first_round(s: LibrariansState) -> None:
    """The first round, after every player's mulligan question."""
    start_round(s)
    push(s, *(Mulligan(p, 0) for p in s.seats_from(s.first)))
