"""What a seat of Quests (or a spectator) sees: the game's part of `State.view`."""

from __future__ import annotations

from typing import Any

from tabletop.engine.flow import top
from tabletop.games.quests import steps as S
from tabletop.games.quests.content import SUITS
from tabletop.games.quests.rules import (
    ADECK,
    DECK,
    DISCARD_PILE,
    FATE,
    NAMES,
    NUM_ACTION,
    PRIZE,
    REVEALED,
    SLUGS,
    QuestsState,
    who,
)


def view(s: QuestsState, viewer: int | None) -> dict[str, Any]:
    """The picture of the game `viewer` (a seat, or None for a spectator) may see."""
    z = s.zones

    def card(c: int) -> dict[str, Any]:
        if c < NUM_ACTION:
            return {"id": SLUGS[c], "name": NAMES[c], "suit": s.t.actions[c].suit}
        a = s.t.artifacts[c - NUM_ACTION]
        return {
            "id": a.slug,
            "name": a.name,
            "type": a.type,
            "ability": a.describe(),
            "spent": bool((s.limited_used >> (c - NUM_ACTION)) & 1) if c in s.t.limited else False,
        }

    def known_in(zone: int) -> list[dict[str, Any]]:
        if viewer is None:
            return []
        cards = z.cards[zone]
        out = []
        for depth, c in enumerate(reversed(cards)):
            if (z.known[c] >> viewer) & 1:
                out.append({"from_top": depth + 1, **card(c)})
        return out

    seats = []
    for p in range(s.num_players):
        hand = z.cards[s.hand(p)]
        seat: dict[str, Any] = {
            "seat": p,
            "name": who(p),
            "hand_size": len(hand),
            "hand_limit": s.hand_limit(p),
            "library": [card(c) for c in z.cards[s.library(p)]],
            "artifacts": s.victory_value(p),
            "initiative": s.rolls[p] if s.phase == "initiative" else None,
        }
        if viewer == p:
            seat["hand"] = [card(c) for c in sorted(hand, key=lambda c: (s.t.suit[c], c))]
        elif viewer is not None:
            seat["known"] = [card(c) for c in sorted(hand) if (z.known[c] >> viewer) & 1]
        seats.append(seat)
    played = None
    step = top(s)
    if type(step) is S.Escape:
        suit, p, target = step.about
        played = {
            "suit": SUITS[suit],
            "by": p,
            "target": target if target >= 0 else None,
            "escapes": list(step.chain[1:]),
        }
    return {
        "turn": s.turn,
        "phase": s.phase,
        "leader": s.leader,
        "artifacts_to_win": s.opts.target,
        "prize": card(z.cards[PRIZE][-1]) if z.cards[PRIZE] else None,
        "action_deck": len(z.cards[DECK]),
        "artifact_deck": len(z.cards[ADECK]),
        "discard": [card(c) for c in z.cards[DISCARD_PILE]],
        "fate": [card(c) for c in z.cards[FATE]],
        "revealed": [card(c) for c in z.cards[REVEALED]],
        "action_deck_known": known_in(DECK),
        "artifact_deck_known": known_in(ADECK),
        "playing": played,
        "seats": seats,
    }
