"""The Librarians: the Action phase's window (phase 3 of the round, `phases.py`): players in
turn from the first player let a ready character (or the Aid card) Overcome the Mission, an
Obstacle or an Enemy assigned to them, until all pass (Card Action, Meditate, Rest and the free
Assign Enemy come next).
"""

from __future__ import annotations

from tabletop.engine.decision import Option
from tabletop.engine.windows import Priority
from tabletop.games.librarians import check as C  # (read at call time: it may be loading)
from tabletop.games.librarians.content import AdventureCard
from tabletop.games.librarians.rules import (
    AREA,
    MISSION_ZONE,
    OVERCOME,
    PASS,
    UNASSIGNED,
    LibrariansState,
    zone,
)


def overcome_targets(s: LibrariansState, p: int) -> list[tuple[str, int]]:
    """(name, card) of what `p`'s characters may Overcome: the Mission with a Challenge, any
    Obstacle, the Enemies assigned to `p` (librarians.action.overcome); of several copies of
    one name in one place, the one nearest defeat (librarians.interpret.same-name)."""
    out: dict[str, int] = {}
    mission = s.zones.cards[MISSION_ZONE]
    if mission and s.record(mission[-1]).challenge is not None:
        out[""] = mission[-1]
    places = [(UNASSIGNED, "obstacle"), (zone(p, AREA), "enemy")]
    for zi, typ in places:
        for card in sorted(s.zones.cards[zi]):
            rec = s.record(card)
            if isinstance(rec, AdventureCard) and rec.type == typ and rec.challenge is not None:
                best = out.get(rec.name)
                tokens = s.damage if typ == "enemy" else s.progress
                if best is None or tokens.get(card, 0) > tokens.get(best, 0):
                    out[rec.name] = card
    return list(out.items())


def action_options(s: LibrariansState, p: int) -> tuple[Option, ...]:
    opts = [PASS]
    slots: list[tuple[str, int]] = [("hero", p), ("sidekick", p)]
    if s.area_of(s.t.aid) == p:
        slots.append(("aid", -1))
    targets = overcome_targets(s, p)
    for slot in slots:
        actor = s.actor(slot)
        if actor is None or not s.ready(actor):
            continue
        for name, card in targets:
            ch = s.record(card).challenge
            if C.can_declare(s, actor, ch.attribute, ch.difficulty, card):
                opts.append(OVERCOME[(slot, name)])
    return tuple(opts)


class ActionRound(Priority):
    """librarians.action.window: players in turn from the first player let a ready character
    act (for now: Overcome), until all pass; then the round goes on to the Enemy phase."""

    __slots__ = ()
    kind = "action"
    rule = "librarians.action.window"

    def prompt(self, s: LibrariansState, p: int) -> str:
        return "Take an action with a ready character, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        return action_options(s, p)

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        slot, name = option.arg
        actor = s.actor(slot)
        card = dict(overcome_targets(s, p))[name]
        assert actor is not None
        s.exhaust(actor, "librarians.action.overcome")
        ch = s.record(card).challenge
        C.start_check(s, actor, ch.attribute, ch.difficulty, card)
