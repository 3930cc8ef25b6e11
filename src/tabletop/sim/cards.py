"""Card impact figures: for each card event a game declares (`sim.impact`: a card drawn, held,
played...), the win rate of the seats it happened to against the seats it did not, each with
its 95% Wilson interval, the difference with its 95% (Newcombe) interval, and the games
behind each figure.

In a cooperative game (every seat of a game wins or loses together) the unit is the team: a
game counts once, with what happened to any of its seats, and the figure is the team's win
rate. In the others the unit is a seat in a game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.sim.impact import split
from tabletop.sim.runner import SeatRow
from tabletop.sim.stats import diff_interval, wilson
from tabletop.sim.summary import by_game

# Figures from fewer units than this with (or without) the event are marked as thin.
MIN_UNITS = 30


@dataclass(frozen=True)
class CardImpact:
    label: str  # what happened: "artifact held", "card played"...
    card: str  # the card's name
    n_with: int  # seats (or teams) it happened to
    wins_with: int
    n_without: int
    wins_without: int
    games: int  # distinct games behind `n_with`

    @property
    def rate_with(self) -> float:
        return self.wins_with / self.n_with if self.n_with else 0.0

    @property
    def rate_without(self) -> float:
        return self.wins_without / self.n_without if self.n_without else 0.0

    @property
    def ci_with(self) -> tuple[float, float]:
        return wilson(self.wins_with, self.n_with)

    @property
    def ci_without(self) -> tuple[float, float]:
        return wilson(self.wins_without, self.n_without)

    @property
    def diff(self) -> float:
        return self.rate_with - self.rate_without

    @property
    def ci_diff(self) -> tuple[float, float]:
        return diff_interval(self.wins_with, self.n_with, self.wins_without, self.n_without)

    @property
    def enough(self) -> bool:
        return min(self.n_with, self.n_without) >= MIN_UNITS


def cooperative(rows: Sequence[SeatRow]) -> bool:
    """Every game's seats won or lost together (and the game reports a team result)."""
    games = by_game(rows)
    return bool(games) and all(
        g[0].team is not None and len({r.win for r in g}) == 1 for g in games.values()
    )


def units(rows: Sequence[SeatRow]) -> tuple[list[tuple[int, bool, frozenset[str]]], bool]:
    """(game index, won, events) per seat, or per game in a cooperative run; and whether the
    run is cooperative."""
    team = cooperative(rows)
    if not team:
        return [(r.index, r.win, frozenset(r.impact)) for r in rows], False
    out = []
    for i, g in by_game(rows).items():
        out.append((i, g[0].win, frozenset(e for r in g for e in r.impact)))
    return out, True


def impacts(rows: Sequence[SeatRow]) -> list[CardImpact]:
    """Every event's figures, by label in order of first appearance, each label's cards
    ranked by the difference (best-backed first)."""
    found, _ = units(rows)
    total = len(found)
    total_wins = sum(1 for _, won, _ in found if won)
    n: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    games: dict[str, set[int]] = defaultdict(set)
    for index, won, events in found:
        for e in events:
            n[e] += 1
            wins[e] += won
            games[e].add(index)
    out = []
    for e in n:
        label, card = split(e)
        out.append(
            CardImpact(
                label, card, n[e], wins[e], total - n[e], total_wins - wins[e], len(games[e])
            )
        )
    order = {label: i for i, label in enumerate(dict.fromkeys(sorted(x.label for x in out)))}
    out.sort(key=lambda x: (order[x.label], not x.enough, -x.diff, x.card))
    return out


def by_label(items: Sequence[CardImpact]) -> dict[str, list[CardImpact]]:
    groups: dict[str, list[CardImpact]] = defaultdict(list)
    for x in items:
        groups[x.label].append(x)
    return dict(groups)
