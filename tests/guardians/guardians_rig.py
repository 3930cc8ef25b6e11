"""Hand-built Guardians states for rule and scenario tests.

`started()` plays the Warm Up with the first option everywhere and stops at the first
decision of round 1. The `put_*` helpers move chosen cards into a zone straight from wherever
a spare copy lies (the supply, the box, the reserve, the trash, decks and discard piles),
keeping every card in exactly one zone; `to_power()` and `to_battle()` jump a player to the
start of that phase's decisions.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine.flow import push
from tabletop.games.guardians import phases
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.battle import BattleStart
from tabletop.games.guardians.city import leave
from tabletop.games.guardians.drive import Turns, drive, together
from tabletop.games.guardians.power import PowerStart
from tabletop.games.guardians.tables import GKIND, pz


def started(players: int = 1, difficulty: str = "guardian", seed: int = 0) -> R.GuardiansState:
    s = R.GuardiansState(players, seed, R.GuardiansOptions(difficulty=difficulty), True)
    while s.phase in ("draft", "keep-super", "keep-quest"):
        for p in s.to_move():
            d = s.pending
            assert d is not None
            s.apply(p, d.options_for(p)[0].id)
    return s


def _spare_zones(s: R.GuardiansState) -> list[int]:
    zones = [T.SUPPLY, T.BOX, T.RESERVE, T.TRASH, T.BLUE_FD, T.BLUE_SHOW]
    for p in range(s.num_players):
        zones += [pz(p, T.DECK), pz(p, T.DISCARD), pz(p, T.COLLECT), pz(p, T.PACK)]
    return zones


def take(s: R.GuardiansState, name: str, avoid: int = -1) -> int:
    """Remove a card of that name from a spare place and return it (not yet in any zone)."""
    k = T.KIND_BY_NAME[name]
    for zone in _spare_zones(s):
        if zone == avoid:
            continue
        for c in s.zones.cards[zone]:
            if c < T.NG and GKIND[c] == k:
                s.zones.cards[zone].remove(c)
                return c
    raise KeyError(f"no spare {name}")


def clear(s: R.GuardiansState, zone: int) -> None:
    """Empty a Guardian-card zone into the trash."""
    for c in list(s.zones.cards[zone]):
        s.zones.cards[zone].remove(c)
        s.zones.cards[T.TRASH].append(c)


def put(s: R.GuardiansState, zone: int, names: Iterable[str]) -> list[int]:
    out = []
    for name in names:
        c = take(s, name, avoid=zone)
        s.zones.cards[zone].append(c)
        out.append(c)
    return out


def set_hand(s: R.GuardiansState, p: int, names: Iterable[str]) -> list[int]:
    clear(s, pz(p, T.HAND))
    return put(s, pz(p, T.HAND), names)


def clear_city(s: R.GuardiansState) -> None:
    for loc in range(T.NLOC):
        for zone in (T.LOC0 + loc, T.FD0 + loc):
            for m in list(s.zones.cards[zone]):
                leave(s, m)
                s.zones.cards[zone].remove(m)
                s.zones.cards[T.RETREAT].append(m)


def put_monster(s: R.GuardiansState, loc: int | str, name: str) -> int:
    if isinstance(loc, str):
        loc = next(i for i, spec in enumerate(T.LOCS) if spec.name == loc)
    for zone in (*T.WAVES, T.RETREAT):
        for m in s.zones.cards[zone]:
            if T.monster(m).name == name:
                s.zones.cards[zone].remove(m)
                s.zones.cards[T.LOC0 + loc].append(m)
                return m
    raise KeyError(f"no spare monster {name}")


def loc_index(name: str) -> int:
    return next(i for i, spec in enumerate(T.LOCS) if spec.name == name)


def reset(s: R.GuardiansState, *rest: object) -> None:
    """Forget every pending step; `rest` is the procedure that follows what comes next."""
    for w in s.work:
        w.clear()
    s.flow.clear()
    s.together = False
    s.final_acts = ()
    s._answers_in = {}
    push(s, *rest)


def to_power(s: R.GuardiansState, players: Iterable[int] = (0,), energy: int = 0) -> None:
    """Jump to the Power Up phase with `players` about to play (their persistent cards and
    trophy rewards applied)."""
    reset(s, phases.BattlePhase(), *phases.ROUND[-3:])
    for p in players:
        s.energy[p] = energy
    together(s, "power", *(PowerStart(p) for p in players), openly=True)
    drive(s)


class _BattleTurns(Turns):
    __slots__ = ()
    first = BattleStart


def to_battle(s: R.GuardiansState, p: int = 0) -> None:
    """Jump to `p`'s Battle Phase decisions."""
    reset(s, _BattleTurns((p,)), *phases.ROUND[-3:])
    s.phase = "battle"
    drive(s)


def play(s: R.GuardiansState, p: int, *ids: str) -> None:
    for oid in ids:
        s.apply(p, oid)
