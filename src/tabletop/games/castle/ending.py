"""The end of a game (castle.end.*): the group wins or loses together; in Co-op Competitive the
Agent with the most Data Shards (enemies' killing blows and fulfilled Contracts) wins a group
win, ties broken by the most enemy cards, then the most Energy, then shared
(castle.modes.coop-competitive); in Unshackled the Agents still standing win
(castle.interpret.unshackled-winners)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.events import GameEnded
from tabletop.engine.state import Result
from tabletop.games.castle.cards import CONTRACT_ZONE, TROPHIES, zone

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def contract_shards(s: CastleState, seat: int) -> int:
    """The Data Shards of the Agent's fulfilled Contract."""
    from tabletop.games.castle.story import met

    total = 0
    for card in s.zones.cards[zone(seat, CONTRACT_ZONE)]:
        rec = s.record(card)
        if met(s, rec.wait, seat):
            total += rec.shards
    return total


def finish(s: CastleState, won: bool, reason: str) -> None:
    if s.result is not None:
        return
    n = s.num_players
    s.ended = reason
    s.phase = "over"
    stats = tuple(
        {
            "energy": float(s.energy[p]),
            "health": float(s.health[s.pool(p)]),
            "shards": float(s.shards[p]),
            "blows": float(s.blows[p]),
        }
        for p in range(n)
    )
    outcomes = {"turns": str(s.turn), "cause": reason if not won else "won"}
    if won and s.mode.contracts:
        scores = [float(s.shards[p] + contract_shards(s, p)) for p in range(n)]
        for p in range(n):
            stats[p]["shards"] = scores[p]
        key = [(scores[p], len(s.zones.cards[zone(p, TROPHIES)]), s.energy[p]) for p in range(n)]
        best = max(key)
        winners = tuple(p for p in range(n) if key[p] == best)
    elif won and not s.mode.shared:
        # castle.interpret.unshackled-winners: each Agent plays on its own; the fallen lost
        scores = [1.0 if s.health[p] > 0 else 0.0 for p in range(n)]
        winners = tuple(p for p in range(n) if s.health[p] > 0)
    elif won:
        scores = [1.0] * n
        winners = tuple(range(n))
    else:
        scores = [0.0] * n
        winners = ()
    s.result = Result(
        tuple(scores),
        winners,
        reason,
        team="won" if won else "lost",
        seat_stats=stats,
        outcomes=outcomes,
    )
    s._pending = None
    s.emit(
        GameEnded(
            "castle.end", f"The group {'wins' if won else 'loses'}: {reason}", winners=winners
        )
    )
