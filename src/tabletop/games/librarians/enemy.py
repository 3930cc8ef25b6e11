"""The Librarians: the Enemy phase (phase 4 of the round, `phases.py`), its three steps in order:

1. attacks (librarians.enemy.attack): from the first player round the table, each ready Enemy
   assigned to a player exhausts and deals its Damage to one of that player's characters, the
   player's pick;
2. the Mission advances (librarians.enemy.mission-advance) once its Progress reaches its
   advance value for the number of players that started: tokens off, its back done, the next
   stage up (the players pick the path where it offers one), or the players win;
3. Fate (librarians.enemy.fate): 1, plus 1 per ready unassigned Enemy, plus the Fate of every
   ready Obstacle; the Disturbance advances at its advance value (its back done, the next
   stage up), or the players lose.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event, GameEnded
from tabletop.engine.flow import NoFields, push
from tabletop.engine.state import Result
from tabletop.games.librarians import anytime as Y
from tabletop.games.librarians import damage as D
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import triggers as T
from tabletop.games.librarians.adventure import enemies_assigned
from tabletop.games.librarians.content import AdventureCard
from tabletop.games.librarians.rules import (
    ADV_DECK,
    ADV_DISCARD,
    DISTURBANCE_DISCARD,
    DISTURBANCE_ZONE,
    DISTURBANCES,
    MISSION_DISCARD,
    MISSION_ZONE,
    MISSIONS,
    PATH,
    SET_ASIDE,
    UNASSIGNED,
    LibrariansState,
    who,
)


def end_game(s: LibrariansState, won: bool, rule: str, reason: str, ending: str) -> None:
    """The players win or lose together; `ending` names how (the Mission completed, the
    Disturbance that advanced, or "eliminated"), for the simulator's outcome counts."""
    seats = tuple(range(s.num_players))
    s.result = Result(
        tuple(1.0 if won else 0.0 for _ in seats),
        seats if won else (),
        reason,
        team="won" if won else "lost",
        outcomes={"ending": ending},
    )
    s._pending = None
    s.flow.clear()
    s.phase = "over"
    s.emit(GameEnded(rule, f"Game over: {reason}", winners=seats if won else ()))


# -- 1. attacks ---------------------------------------------------------------------------------
class _Seat(NamedTuple):
    player: int


class Attacks(_Seat):
    """librarians.enemy.attack: the next ready Enemy assigned to `player` attacks (`damage.py`:
    the character hit, the answers to the attack, the damage)."""

    __slots__ = ()
    auto = True
    rule = "librarians.enemy.attack"

    def run(self, s: LibrariansState) -> None:
        p = self.player
        ready = [c for c in enemies_assigned(s, p) if s.ready(c)]
        if not ready or s.out[p]:
            return
        enemy = ready[0]
        s.exhaust(enemy, self.rule)
        s.flow.append(self)  # then the next ready one
        targets = s.characters(p)
        if len(targets) == 1:
            D.attack(s, p, enemy, targets[0])
        else:
            s.flow.append(D.Hit(p, enemy))


# -- 2. the Mission -----------------------------------------------------------------------------
def flip(s: LibrariansState, card: int) -> None:
    for step in s.record(card).flip:
        E.HANDLERS[step.effect](s, E.Use(s.first, card, step.params))


def next_mission(s: LibrariansState, mission_id: str) -> None:
    card = next(c for c in s.zones.cards[MISSIONS] if s.record(c).id == mission_id)
    s.move(
        card, MISSIONS, MISSION_ZONE, "librarians.enemy.mission-advance", "The next Mission: {card}"
    )


class AdvanceMission(NoFields):
    """librarians.enemy.mission-advance: a Mission with enough Progress advances."""

    __slots__ = ()
    auto = True
    rule = "librarians.enemy.mission-advance"

    def run(self, s: LibrariansState) -> None:
        card = s.zones.cards[MISSION_ZONE][-1]
        m = s.record(card)
        if not complete(s, card):
            return
        s.progress.pop(card, None)
        s.move(card, MISSION_ZONE, MISSION_DISCARD, self.rule, "Mission complete: {card}")
        flip(s, card)
        if m.win:
            end_game(
                s, True, "librarians.enemy.win", f"{m.name} is complete: the players win", m.name
            )
            return
        T.fire(s, "mission-advanced", s.first, card)
        if m.choices:
            s.flow.append(ChoosePath(card))
        else:
            next_mission(s, m.next)


def complete(s: LibrariansState, card: int) -> bool:
    """A Mission advances at its advance value for the players that started, or, where it
    says so, once a named card has been defeated (librarians.enemy.mission-advance)."""
    m = s.record(card)
    for ab in m.abilities:
        if ab.effect == "advance-when-defeated":
            name = str(ab.params["card"])
            return any(s.name(c) == name for c in s.zones.cards[ADV_DISCARD])
    return m.advance is not None and s.progress.get(card, 0) >= m.advance[s.num_players - 1]


class _Card(NamedTuple):
    card: int


class ChoosePath(_Card):
    """librarians.enemy.mission-path: the first player picks the path the Mission offers."""

    __slots__ = ()
    auto = False
    rule = "librarians.enemy.mission-path"

    def ask(self, s: LibrariansState) -> Decision:
        choices = s.record(self.card).choices
        labels = "; ".join(f"{i + 1}: {c.label}" for i, c in enumerate(choices))
        return Decision(
            (s.first,),
            "path",
            f"{who(s.first)}: choose the path ({labels})",
            PATH[: len(choices)],
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        choice = s.record(self.card).choices[option.arg]
        s.emit(Event(self.rule, f"The players choose: {choice.label}"))
        next_mission(s, choice.next)


# -- 3. Fate ------------------------------------------------------------------------------------
def fate_due(s: LibrariansState) -> int:
    """1, plus each ready unassigned Enemy, plus each ready Obstacle's Fate."""
    n = 1
    for c in s.zones.cards[UNASSIGNED]:
        rec = s.record(c)
        if isinstance(rec, AdventureCard) and s.ready(c):
            n += 1 if rec.type == "enemy" else rec.fate if rec.type == "obstacle" else 0
            # librarians.interpret.extra-fate: a ready unassigned enemy's own extra Fate
            n += sum(int(ab.params["amount"]) for ab in rec.abilities if ab.effect == "extra-fate")
    return n


class AddFate(NoFields):
    """librarians.enemy.fate, librarians.enemy.disturbance-advance."""

    __slots__ = ()
    auto = True
    rule = "librarians.enemy.fate"

    def run(self, s: LibrariansState) -> None:
        n = fate_due(s)
        s.fate += n
        s.emit(Event(self.rule, f"{n} Fate is added: {s.fate} on the Disturbance"))
        card = s.zones.cards[DISTURBANCE_ZONE][-1]
        d = s.record(card)
        if s.fate < d.advance:
            return
        rule = "librarians.enemy.disturbance-advance"
        s.fate = 0
        s.move(
            card, DISTURBANCE_ZONE, DISTURBANCE_DISCARD, rule, "The Disturbance advances: {card}"
        )
        flip(s, card)
        if d.lose:
            end_game(s, False, "librarians.enemy.lose", f"{d.name}: the players lose", d.name)
            return
        nxt = next(c for c in s.zones.cards[DISTURBANCES] if s.record(c).id == d.next)
        s.move(nxt, DISTURBANCES, DISTURBANCE_ZONE, rule, "The next Disturbance: {card}")


def enemy_phase(s: LibrariansState) -> None:
    """The three steps; between them (never during one) Events may be played and abilities
    used (librarians.card.anytime; before the first is the Action window)."""
    attacks = (Attacks(p) for p in s.seats_from(s.first))
    push(s, *attacks, Y.window(s), AdvanceMission(), Y.window(s), AddFate())


@E.HANDLERS.handler("shuffle-into-deck", rule="librarians.effect.shuffle-into-deck")
def shuffle_into_deck(s: LibrariansState, u: E.Use) -> None:
    """A set-aside card is shuffled into the Adventure deck."""
    name = str(u.params["card"])
    card = next((c for c in s.zones.cards[SET_ASIDE] if s.name(c) == name), None)
    if card is None:
        return
    s.move(
        card, SET_ASIDE, ADV_DECK, "librarians.effect.shuffle-into-deck", "{card} is shuffled in"
    )
    s.zones.shuffle(ADV_DECK, s.rng)
