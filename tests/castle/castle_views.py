"""Hand-made Castle Von Loghan views in exactly the shape of `games/castle/view.py` (what
`state.view(seat)` returns), for the renderer and schema tests: a fight in its second round
with Timing sequences, a revealed vote, the campaign's Story, Unshackled's own Health, Co-op
Competitive's Contracts and a Sneaked token seen by its peeker. Real games are drawn and
validated too where the game can be played (tests/cli/test_cli_castle.py,
tests/schemas/test_schemas_castle.py)."""

from __future__ import annotations

import copy
from typing import Any

ROOMS = [
    ("outside", "Outside the castle"),
    ("pod", "The P.O.D."),
    ("F", "Foyer"),
    ("1", "Gatehouse"),
    ("2", "Stables"),
    ("3", "Smithy"),
    ("4", "Kitchens"),
    ("5", "Great Hall"),
    ("6", "Chapel"),
    ("7", "Well Yard"),
]
DOORS = [("outside", "F"), ("outside", "pod"), ("F", "1"), ("F", "2"), ("1", "3"), ("3", "5")]


def weapon(slug: str, name: str, power: int, typ: str, slot: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": slug,
        "name": name,
        "colour": "green",
        "kind": "weapon",
        "size": "small",
        "energy": 2,
        "hands": 1,
        "power": power,
        "type": typ,
    }
    if slot is not None:
        out["slot"] = slot
    return out


def item(slug: str, name: str, slot: str | None = "belt") -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": slug,
        "name": name,
        "colour": "blue",
        "kind": "item",
        "size": "small",
        "energy": 3,
    }
    if slot is not None:
        out["slot"] = slot
    return out


def card(timing: int, name: str, category: str, cost: int, damage: int = 0) -> dict[str, Any]:
    return {
        "timing": timing,
        "id": name.lower().replace(" ", "-"),
        "name": name,
        "category": f"{category} card",
        "cost": cost,
        "damage": damage,
        "rage": 1 if category == "strike" else 0,
    }


AGENTS = ("Pill", "Forzental", "Sera", "Vigovar", "Arvias", "Odessa")


def agent(p: int) -> dict[str, Any]:
    line = [
        card(1, "Attack", "attack", 1, 1),
        card(2, "Riposte Strike", "strike", 1),
        {**card(3, "Block", "support", 2), "negated": True},
        {**card(4, "Union Attack", "attack", 1, 2), "paid": True, "keywords": ["cannot-be-moved"]},
    ]
    return {
        "seat": p,
        "agent": AGENTS[p],
        "room": "5",
        "energy": 3 + p,
        "max_energy": 12,
        "skills": [
            {"name": f"Skill One {p + 1}", "energy": 3, "clarity": 6, "cooldown": p == 1},
            {"name": f"Skill Two {p + 1}", "energy": 2, "clarity": 3, "cooldown": False},
        ],
        "overcharged": p == 2,
        "inventory": [
            weapon("whip", "Whip", 1, "ranged", "hand"),
            item("nano-med-bots", "Nano Med-Bots"),
            weapon("crossbow", "Crossbow", 2, "ranged", None),
        ],
        "upgrades": ["Targeting Lens"] if p == 0 else [],
        "combat_power": 2,
        "damage_types": ["ranged"],
        "deck": 28,
        "discard": ["Attack", "Block"],
        "line": line if p < 3 else line[:2],
        "initiative": ["Energy Attack"] if p == 0 else [],
        "damage": 3 if p == 0 else 0,
        "target": "ghoul" if p == 0 else None,
        "trophies": ["Ghoul"] if p == 1 else [],
        "shards": 0,
        "leader": p == 1,
    }


def enemy(i: int, slug: str, name: str, colour: str, **extra: Any) -> dict[str, Any]:
    return {
        "position": i,
        "id": slug,
        "name": name,
        "colour": colour,
        "health": 6,
        "damage": 2,
        "state": "active",
        "immune": [],
        "energy": 2,
        **extra,
    }


def fight_view(viewer: int | None = 0, players: int = 4) -> dict[str, Any]:
    """Exploration, turn 3, the second round of a fight: three enemies, Timing sequences,
    the Event card of the turn with its revealed votes; the group in room 5, a Sneaked token
    in room 3 (seen by seat 0), a Story token and a Locked door."""
    rooms: list[dict[str, Any]] = []
    for rid, name in ROOMS:
        r: dict[str, Any] = {"id": rid, "name": name}
        if rid.isdigit():
            r["token"] = ("green", "blue", "red")[(int(rid) - 1) % 3]
        if rid == "3":
            r["sneaked"] = True
            if viewer == 0:
                r["seen"] = "treasure"
        if rid == "6":
            r["poi"] = True
            r["marks"] = ["clue", "skull"]
        rooms.append(r)
    return {
        "game": "castle",
        "version": "1.0",
        "schema": "castle/1",
        "players": players,
        "viewer": viewer,
        "pending": {
            "kind": "combat-rearrange",
            "rule": "castle.combat.rearrange",
            "waiting_for": list(range(players)),
            "mode": "parallel",
            **(
                {
                    "prompt": "Rearrange your Timing sequence",
                    "options": [
                        {"id": "shift:1:2", "label": "Move the card on Timing 1 to Timing 2"},
                        {"id": "target:2", "label": "Target enemy 2"},
                        {"id": "done", "label": "Done"},
                    ],
                }
                if viewer is not None
                else {}
            ),
        },
        "result": None,
        "log": [
            {"rule": "castle.event.reveal", "text": "The votes: A1 A, A2 C, A3 A, A4 D"},
            {"rule": "castle.combat.draw", "text": "A1 draws 4 Combat cards"},
        ],
        "mode": "exploration",
        "timeline": "past",
        "board": "Castle Von Loghan, 1077",
        "mission": None,
        "turn": 3,
        "phase": "combat",
        "leader": 1,
        "group_room": "5",
        "health": 11,
        "clarity": 7,
        "agents": [agent(p) for p in range(players)],
        "rooms": rooms,
        "doors": [
            {"id": f"{a}-{b}", "a": a, "b": b, "kind": "door", "locked": (a, b) == ("3", "5")}
            for a, b in DOORS
        ],
        "fight": [
            enemy(1, "ghoul", "Ghoul", "green", countdown=2, engaged=True),
            enemy(2, "iron-golem", "Iron Golem", "blue", immune=["melee"], state="stunned"),
            enemy(3, "ghoul", "Ghoul", "green", state="defeated", damage=6),
        ],
        "rage": 4,
        "combat_round": 2,
        "lurking": 1,
        "event": {
            "name": "Collapsing Gallery",
            "colour": "green",
            "text": "The floor gives way. (A) run across, (B) hover, (C) climb, (D) go back.",
            "group": False,
        },
        "votes": ["A", "C", "A", "D", "B", "B"][:players],
        "allies": [{"name": "Brother Anselm", "clarity": 3, "exhausted": False}],
        "pod": [item("health-potion", "Health Potion", None)],
        "merchant": [item("bandages", "Bandages", None), weapon("whip", "Whip", 1, "ranged", None)],
        "hints": ["The Chapel hides something"],
        "counters": {"keys": 1},
        "story": None,
        "ended": "",
    }


def unshackled_view(viewer: int | None = 0) -> dict[str, Any]:
    """Unshackled: each Agent its own Health and Clarity, one Agent apart from the group."""
    v = fight_view(viewer)
    v["mode"] = "unshackled"
    v["health"] = v["clarity"] = None
    for a in v["agents"]:
        a["health"], a["clarity"] = 6 - a["seat"], 4
    v["agents"][3]["room"] = "2"
    v["agents"][3]["health"] = 0
    return v


def contract_view(viewer: int | None = 0) -> dict[str, Any]:
    """Co-op Competitive: the viewer's Contract by name, the others' counted."""
    v = fight_view(viewer)
    v["mode"] = "coop-competitive"
    for a in v["agents"]:
        a["contract"] = ["Pest Control"] if a["seat"] == viewer else 1
        a["shards"] = a["seat"]
    return v


def campaign_view(viewer: int | None = 0) -> dict[str, Any]:
    """The campaign, out of a fight: the Story's next card and a Point of Interest card."""
    v = fight_view(viewer)
    v.update(mode="campaign", mission=1, phase="movement", fight=[], rage=0, combat_round=0)
    v.update(event=None, votes=[])
    for a in v["agents"]:
        a.update(line=[], initiative=[], damage=0, target=None)
    v["story"] = {
        "mission": "The Forest Gate",
        "next": {"number": "03/01", "title": "The Drawbridge", "text": "Wait for the key."},
        "active": [{"number": "05/01", "kind": "poi", "title": "Old Well", "text": "Search it."}],
        "done": ["01/01", "02/01"],
    }
    return v


def all_views() -> list[dict[str, Any]]:
    """Every hand-made view, for a seat and for a spectator."""
    out = []
    for make in (fight_view, unshackled_view, contract_view, campaign_view):
        for viewer in (0, 2, None):
            out.append(copy.deepcopy(make(viewer)))
    return out
