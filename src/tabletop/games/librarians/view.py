"""The Librarians: what one viewer may see (`LibrariansState._view`).

Public: every Player Area, the Unassigned Region, the Mission, the Disturbance, the discard
piles, the set-aside cards, the dice of a check. Counted only: decks, Energy (face down, even
to its owner), Focus and Power cards (by type; their Effect side is down). A hand: its owner's,
and with `open_hands` every player's (never a spectator's); otherwise its size only.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.librarians.content import AdventureCard, Mission
from tabletop.games.librarians.rules import (
    ADV_DECK,
    ADV_DISCARD,
    AREA,
    ATTRIBUTES,
    DECK,
    DISCARD,
    DISTURBANCE_ZONE,
    ENERGY,
    FOCUS,
    MAGIC,
    MISSION_ZONE,
    SET_ASIDE,
    SPECIAL,
    UNASSIGNED,
    LibrariansState,
    zone,
)


def view(s: LibrariansState, viewer: int | None) -> dict[str, Any]:
    from tabletop.games.librarians.check import DIE_KINDS, FACES

    z = s.zones

    def card(c: int) -> dict[str, Any]:
        out: dict[str, Any] = {"id": s.t.slugs[c], "name": s.name(c)}
        if c in s.damage:
            out["damage"] = s.damage[c]
        if c in s.progress:
            out["progress"] = s.progress[c]
        if c in s.exhausted:
            out["exhausted"] = True
        if c in s.attached:
            out["on"] = s.t.slugs[s.attached[c]]
        if c in s.aid_tokens:
            out["aid_tokens"] = s.aid_tokens[c]
        if c in s.countdown:
            out["countdown"] = s.countdown[c]
        rec = s.record(c)
        if isinstance(rec, AdventureCard):
            out["type"] = rec.type
            if s.t.copies[c]:  # its number among copies (librarians.interpret.same-name)
                out["number"] = s.t.copies[c]
        return out

    seats = []
    for p in range(s.num_players):
        hero = s.t.heroes[p]
        hand = s.hand(p)
        seat: dict[str, Any] = {
            "seat": p,
            "hero": s.name(hero),
            "attributes": {a: s.attribute(hero, a) for a in ATTRIBUTES},
            "life": s.life(hero),
            "damage": s.damage.get(hero, 0),
            "first_player": s.first == p,
            "eliminated": s.out[p],
            "area": [card(c) for c in z.cards[zone(p, AREA)]],
            "hand_size": len(hand),
            "deck": len(z.cards[zone(p, DECK)]),
            "energy": len(z.cards[zone(p, ENERGY)]),
            "discard": [card(c) for c in z.cards[zone(p, DISCARD)]],
            "clues": s.clues[p],
            "focus": sum(1 for c in z.cards[zone(p, MAGIC)] if s.t.kinds[c] == FOCUS),
            "power": sum(1 for c in z.cards[zone(p, MAGIC)] if s.t.kinds[c] != FOCUS),
        }
        if viewer is not None and (viewer == p or s.opts.open_hands):
            seat["hand"] = [card(c) for c in sorted(hand)]
        seats.append(seat)
    mission = z.cards[MISSION_ZONE]
    m: dict[str, Any] | None = None
    if mission:
        rec = s.record(mission[-1])
        assert isinstance(rec, Mission)
        m = {
            **card(mission[-1]),
            "progress": s.progress.get(mission[-1], 0),
            "advance": rec.advance_for(s.num_players),
            "challenge": None
            if rec.challenge is None
            else {"attribute": rec.challenge.attribute, "difficulty": rec.challenge.difficulty},
        }
    dist = z.cards[DISTURBANCE_ZONE]
    d = None
    if dist:
        d = {**card(dist[-1]), "fate": s.fate, "advance": s.record(dist[-1]).advance}
    check = None
    c = s.check
    if c is not None:
        check = {
            "actor": s.name(c.actor),
            "player": c.player,
            "attribute": c.attribute,
            "difficulty": c.difficulty,
            "against": s.name(c.source) if c.source >= 0 else None,
            "pool": {"character": c.character, "challenge": c.challenge},
            "dice": [
                {
                    "kind": DIE_KINDS[k],
                    "face": list(FACES[k][f]),
                    "locked": bool((c.locked >> i) & 1),
                }
                for i, (k, f) in enumerate(c.dice)
            ],
            "devoted": [p for p in range(s.num_players) if (c.devoted >> p) & 1],
        }
    return {
        "round": s.round,
        "phase": s.phase,
        "difficulty": s.opts.difficulty,
        "adventure": s.opts.adventure,
        "mission": m,
        "disturbance": d,
        "unassigned": [card(c) for c in z.cards[UNASSIGNED]],
        "special": [card(c) for c in z.cards[SPECIAL]],
        "set_aside": [card(c) for c in z.cards[SET_ASIDE]],
        "adventure_deck": len(z.cards[ADV_DECK]),
        "adventure_discard": [card(c) for c in z.cards[ADV_DISCARD]],
        "check": check,
        "seats": seats,
    }
