"""Card impact: which cards (artifacts, familiars, treasures, heroes, Agents...) each seat
drew, held or played in a game, recorded while the simulator plays it.

Each game declares what counts in its module `tabletop.games.<game>.impact` (found through
`GameSpec.package`), with plain data and no import of the simulator:

- `PLAYERS`: the usual number of players (what `tabletop simulate GAME` seats by default);
- `EVENTS`: tuples `(label, how, zones[, to])` whose zone names hold `{p}` for the seat:
  how `"ever"` (a card counts once it has been in one of the seat's zones, looked at after
  every answer), `"end"` (in one of them when the game ends) or `"moved"` (it left one of
  the seat's `zones` for one of the `to` zones between two answers: a card played);
- optionally `card_name(name) -> str` (numbered copies of one card under one name),
  `seat_items(state) -> per seat, (label, name) pairs` for what is not a card in a
  zone (a hero, an Agent), and `limit_reached(state) -> bool`: the game ended on a turn
  limit rather than by its rules' own end.

A seat's events are strings `"<label>|<card name>"` (copies of one name count once). With
impact off (`SimConfig.impact`) none of this runs: the game is driven by the kernel's
`Table` as before, at no cost.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tabletop.engine import registry
from tabletop.engine.decision import PARALLEL
from tabletop.engine.state import State

SEPARATOR = "|"
HOW = ("ever", "end", "moved")


class ImpactDeclarationError(Exception):
    """A game's impact declaration names a zone its layout lacks, or an unknown `how`."""


@dataclass(frozen=True)
class Declared:
    game: str
    players: int
    events: tuple[tuple[Any, ...], ...]
    module: ModuleType | None


_CACHE: dict[str, Declared] = {}


def declared(game: str) -> Declared:
    """The game's declaration; a game without an impact module records nothing and seats its
    minimum number of players by default."""
    found = _CACHE.get(game)
    if found is not None:
        return found
    spec = registry.get(game)
    module: ModuleType | None
    try:
        module = importlib.import_module(f"{spec.package}.impact") if spec.package else None
    except ModuleNotFoundError:
        module = None
    players = getattr(module, "PLAYERS", spec.min_players)
    events = tuple(getattr(module, "EVENTS", ()))
    for ev in events:
        if len(ev) < 3 or ev[1] not in HOW or (ev[1] == "moved" and len(ev) < 4):
            raise ImpactDeclarationError(f"{game}: impact event {ev!r} is not (label, how, zones)")
    found = _CACHE[game] = Declared(game, int(players), events, module)
    return found


def usual_players(game: str) -> int:
    return declared(game).players


def labels(game: str) -> list[str]:
    """Every event label the game declares, in declaration order."""
    d = declared(game)
    out = [str(ev[0]) for ev in d.events]
    out += [str(x) for x in getattr(d.module, "ITEM_LABELS", ())]
    return out


class Tracker:
    """Collects each seat's events of one game; `observe()` after every answer."""

    def __init__(self, state: State, decl: Declared) -> None:
        zones: Any = getattr(state, "zones", None)
        self.state = state
        self.decl = decl
        n = state.num_players
        by_name = zones.layout.by_name if zones is not None else {}
        self.names: Sequence[str] = _names(zones.layout, decl) if zones is not None else ()

        def resolve(names: Sequence[str], p: int) -> list[int]:
            out = []
            for name in names:
                z = by_name.get(name.format(p=p))
                if z is None:
                    raise ImpactDeclarationError(
                        f"{decl.game}: the impact declaration names zone "
                        f"{name.format(p=p)!r}, which the game's layout lacks"
                    )
                out.append(z)
            return out

        self.ever: list[tuple[str, list[list[int]]]] = []
        self.end: list[tuple[str, list[list[int]]]] = []
        self.moved: list[tuple[str, list[list[int]], list[list[int]]]] = []
        for ev in decl.events:
            label, how, names = str(ev[0]), ev[1], ev[2]
            per_seat = [resolve(names, p) for p in range(n)]
            if how == "ever":
                self.ever.append((label, per_seat))
            elif how == "end":
                self.end.append((label, per_seat))
            else:
                self.moved.append((label, per_seat, [resolve(ev[3], p) for p in range(n)]))
        self.seen: list[list[set[int]]] = [[set() for _ in range(n)] for _ in self.ever]
        self.played: list[list[set[int]]] = [[set() for _ in range(n)] for _ in self.moved]
        # flat lists for `observe`, the hot path: (zone, the set it adds to) per zone watched,
        # and [source zone, destination zones, the source's cards last time, the set of cards
        # played] per source zone
        self._watch = [
            (z, acc)
            for (_, per_seat), seen in zip(self.ever, self.seen, strict=True)
            for zs, acc in zip(per_seat, seen, strict=True)
            for z in zs
        ]
        self._moves: list[list[Any]] = [
            [z, tuple(dst[p]), [], self.played[r][p]]
            for r, (_, src, dst) in enumerate(self.moved)
            for p, zs in enumerate(src)
            for z in zs
        ]
        self.observe()

    def observe(self) -> None:
        cards: list[list[int]] = self.state.zones.cards
        for z, acc in self._watch:
            acc.update(cards[z])
        for move in self._moves:
            now = cards[move[0]]
            before = move[2]
            if now == before:
                continue
            if before:
                for c in set(before).difference(now):
                    for t in move[1]:
                        if c in cards[t]:
                            move[3].add(c)
                            break
            move[2] = now[:]

    def events(self) -> list[tuple[str, ...]]:
        """Each seat's events, sorted; call once the game has ended."""
        n = self.state.num_players
        names = self.names
        out: list[set[str]] = [set() for _ in range(n)]
        for (label, _), seen in zip(self.ever, self.seen, strict=True):
            for p in range(n):
                out[p].update(f"{label}{SEPARATOR}{names[c]}" for c in seen[p])
        for (label, _, _), played in zip(self.moved, self.played, strict=True):
            for p in range(n):
                out[p].update(f"{label}{SEPARATOR}{names[c]}" for c in played[p])
        cards: list[list[int]] = self.state.zones.cards
        for label, per_seat in self.end:
            for p, zs in enumerate(per_seat):
                out[p].update(f"{label}{SEPARATOR}{names[c]}" for z in zs for c in cards[z])
        items = getattr(self.decl.module, "seat_items", None)
        if items is not None:
            for p, pairs in enumerate(items(self.state)):
                out[p].update(f"{label}{SEPARATOR}{name}" for label, name in pairs)
        return [tuple(sorted(s)) for s in out]


_NAMES: dict[int, tuple[str, ...]] = {}


def _names(layout: Any, decl: Declared) -> tuple[str, ...]:
    """Card names as the report shows them (`card_name(name)` of the game's module, where it
    has one, merges numbered copies), computed once per layout."""
    found = _NAMES.get(id(layout))
    if found is None or len(found) != len(layout.names):
        rename = getattr(decl.module, "card_name", None)
        found = tuple(layout.names if rename is None else (rename(n) for n in layout.names))
        if len(_NAMES) > 64:
            _NAMES.clear()
        _NAMES[id(layout)] = found
    return found


def limit_reached(state: State, decl: Declared) -> bool:
    check = getattr(decl.module, "limit_reached", None)
    return bool(check(state)) if check is not None else False


def drive(state: State, agents: Sequence[Any], limit: int, tracker: Tracker) -> bool:
    """Play `state` to its end between `agents` (the kernel's `Table._drive_agents` loop,
    with `tracker.observe()` after each answer). False when `limit` answers did not end it."""
    made = 0
    while (d := state.pending) is not None:
        parallel = d.mode == PARALLEL
        for seat in state.to_move():
            if made >= limit:
                return False
            if parallel and seat not in state.to_move():
                continue
            state.apply(seat, agents[seat].choose(state, seat))
            tracker.observe()
            made += 1
            if state.pending is None:
                break
    return True


def split(event: str) -> tuple[str, str]:
    """`"artifact held|Golden Idol"` -> `("artifact held", "Golden Idol")`."""
    label, _, name = event.partition(SEPARATOR)
    return label, name
