"""Castle Von Loghan: what one viewer may see (`CastleState._view`).

Public: the board (rooms, doors, Locked Door tokens, Story tokens, where the Random Event
tokens lie and their colour, which were Sneaked), the group, Health and Clarity, every Agent's
Energy, Skills and cooldowns, inventory, Upgrades, Timing sequence (with Timing Costs, Negated
and paid cards), Initiative card and discard pile, the enemies of the fight with their Damage,
state and countdown, the front of the Event card (title, colour, text and its four options;
what they do and the End Event are on its back, castle.event.hidden, and show in the log as
they resolve), the votes once revealed, Allies, the P.O.D., the Gob-li Merchant's offer, the
Story's current cards, hints and tallies. Counted only: every deck, the Lurking Enemies (face
down). Private: a Contract (its owner only) and a Sneaked token's face (only the Agents who
peeked at it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.castle.cards import (
    ALLIES,
    CONTRACT_ZONE,
    DECK,
    DISCARD,
    EVENT_ZONE,
    FIGHT,
    INITIATIVE,
    LINE,
    LURKING,
    MERCHANT,
    POD,
    ROOM_ZONE,
    TROPHIES,
    UPGRADES,
    zone,
)
from tabletop.games.castle.event import front
from tabletop.games.castle.items import combat_power, damage_types
from tabletop.games.castle.records import CombatCard, Enemy, Treasure

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState


def view(s: CastleState, viewer: int | None) -> dict[str, Any]:
    z = s.zones

    def treasure(c: int) -> dict[str, Any]:
        rec: Treasure = s.record(c)
        out: dict[str, Any] = {
            "id": s.t.slugs[c],
            "name": rec.name,
            "colour": rec.colour,
            "kind": rec.kind,
            "size": rec.size,
            "energy": rec.energy,
        }
        if rec.kind != "item":
            out.update(hands=rec.hands, power=rec.combat_power, type=rec.damage_type)
        if c in s.slots:
            out["slot"] = s.slots[c]
        if c in s.exhausted:
            out["exhausted"] = True
        if rec.timeless:
            out["timeless"] = True
        return out

    def combat_card(c: int, timing: int) -> dict[str, Any]:
        rec: CombatCard = s.record(c)
        out: dict[str, Any] = {
            "timing": timing,
            "id": s.t.slugs[c],
            "name": rec.name,
            # "attack card", "support card", "strike card", "hazard card" (a card is named
            # "Attack": a bare "attack" would read as that card's id)
            "category": f"{rec.category} card",
            "cost": rec.timing_cost,
            "damage": rec.damage,
            "rage": rec.rage,
        }
        if rec.keywords:
            out["keywords"] = list(rec.keywords)
        if c in s.negated:
            out["negated"] = True
        if c in s.paid:
            out["paid"] = True
        return out

    def enemy(c: int, i: int) -> dict[str, Any]:
        rec: Enemy = s.record(c)
        out: dict[str, Any] = {
            "position": i + 1,
            "id": s.t.slugs[c],
            "name": rec.name,
            "colour": rec.colour,
            "health": rec.health,
            "damage": s.edamage.get(c, 0),
            "state": s.estate.get(c, "active"),
            "immune": list(rec.immune),
            "energy": rec.energy,
        }
        if c in s.ecount:
            out["countdown"] = s.ecount[c]
        if c in s.engaged:
            out["engaged"] = True
        return out

    agents = []
    for p in range(s.num_players):
        ag = s.agent(p)
        entry: dict[str, Any] = {
            "seat": p,
            "agent": ag.name,
            "room": s.room[p],
            "energy": s.energy[p],
            "max_energy": s.max_energy(p),
            "skills": [
                {
                    "name": sk.name,
                    "energy": sk.energy,
                    "clarity": sk.clarity,
                    "cooldown": f"{p}:{i}" in s.cooldown,
                }
                for i, sk in enumerate(ag.skills)
            ],
            "overcharged": f"{p}:2" in s.cooldown,
            "inventory": [treasure(c) for c in s.inventory(p)],
            "upgrades": [s.name(c) for c in z.cards[zone(p, UPGRADES)]],
            "combat_power": combat_power(s, p),
            "damage_types": sorted(damage_types(s, p)),
            "deck": len(z.cards[zone(p, DECK)]),
            "discard": [s.name(c) for c in z.cards[zone(p, DISCARD)]],
            "line": [combat_card(c, i + 1) for i, c in enumerate(z.cards[zone(p, LINE)])],
            "initiative": [s.name(c) for c in z.cards[zone(p, INITIATIVE)]],
            "damage": s.acc[p],
            "target": s.t.slugs[s.target[p]] if s.target[p] >= 0 else None,
            "trophies": [s.name(c) for c in z.cards[zone(p, TROPHIES)]],
            "shards": s.shards[p],
            "leader": p == s.leader,
        }
        if not s.mode.shared:
            entry["health"] = s.health[p]
            entry["clarity"] = s.clarity[p]
        if s.mode.contracts:
            if viewer == p:
                entry["contract"] = [s.name(c) for c in z.cards[zone(p, CONTRACT_ZONE)]]
            else:
                entry["contract"] = len(z.cards[zone(p, CONTRACT_ZONE)])
        agents.append(entry)

    rooms = []
    for r in s.board.rooms:
        entry = {"id": r.id, "name": r.name}
        tokens = z.cards[ROOM_ZONE[r.id]]
        if tokens:
            tok = tokens[-1]
            entry["token"] = s.t.pools[tok].removeprefix("token-")
            if r.id in s.sneaked:
                entry["sneaked"] = True
            if viewer is not None and z.can_see(viewer, ROOM_ZONE[r.id], tok):
                entry["seen"] = s.record(tok).sneak
        if s.marks.get(r.id):
            entry["marks"] = list(s.marks[r.id])
        if r.poi:
            entry["poi"] = True
        rooms.append(entry)

    # the front of the Event card only: its outcomes are on the back (castle.event.hidden)
    event = front(s, z.cards[EVENT_ZONE][-1]) if z.cards[EVENT_ZONE] else None
    out: dict[str, Any] = {
        "mode": s.opts.mode,
        "timeline": s.timeline,
        "board": s.board.name,
        "mission": s.opts.mission if s.opts.mode == "campaign" else None,
        "turn": s.turn,
        "phase": s.phase,
        "leader": s.leader,
        "group_room": s.room[s.leader],
        "health": s.health[0] if s.mode.shared else None,
        "clarity": s.clarity[0] if s.mode.shared else None,
        "agents": agents,
        "rooms": rooms,
        "doors": [
            {"id": d.id, "a": d.a, "b": d.b, "kind": d.kind, "locked": d.id in s.locked}
            for d in s.board.doors
        ],
        "fight": [enemy(c, i) for i, c in enumerate(z.cards[FIGHT])],
        "rage": s.rage,
        "combat_round": getattr(s.combat, "round", 0) if s.combat is not None else 0,
        "lurking": len(z.cards[LURKING]),
        "event": event,
        "votes": list(s.votes),
        "allies": [
            {"name": s.name(c), "clarity": s.record(c).clarity, "exhausted": c in s.exhausted}
            for c in z.cards[ALLIES]
        ],
        "pod": [treasure(c) for c in z.cards[POD]],
        "merchant": [treasure(c) for c in z.cards[MERCHANT]],
        "hints": list(s.hints),
        "counters": dict(sorted(s.counters.items())),
        "story": _story(s),
        "ended": s.ended,
    }
    return out


def _story(s: CastleState) -> dict[str, Any] | None:
    if s.opts.mode != "campaign":
        return None
    from tabletop.games.castle.story import in_deck

    mission = s.t.content.mission(s.opts.mission)
    cards = mission.cards
    nxt = cards[s.story] if s.story < len(cards) else None
    return {
        "mission": mission.name,
        "next": None
        if nxt is None
        else {"number": nxt.number, "title": nxt.title, "text": nxt.text},
        "active": [
            {"number": c.number, "kind": c.kind, "title": c.title, "text": c.text}
            for c in cards
            if c.number not in s.done
            and (c.kind in ("poi", "mission") or (c.kind == "locked" and not in_deck(c)))
        ],
        "done": sorted(s.done),
    }
