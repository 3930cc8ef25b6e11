"""The JSON picture of a Guardians game as one seat (or a spectator) may know it.

Public: the city (face-up monsters with their damage, how many face-down ones, forts and who
stands where), the bosses once revealed, the boss displays once turned face up, trophies,
deck sizes, discard piles (their size and every card), cards in play, energy, attack and
damage counters, the supply cards a Spider reward reveals, and a solo game's rank once it is
over. Private to the seat: its hand, the cards it is looking at, the cards under
its Aimed Shot, its Secret Quests, its SUPER choice, its draft pack and drafted cards, its
secret Museum monster. Hidden from everyone: deck order, the supply, face-down monsters and
bosses, the waves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import PLAYER_COLOURS
from tabletop.games.guardians.tables import BOSSES, GKIND, KINDS, LOCS, M0, pz

if TYPE_CHECKING:
    from tabletop.games.guardians.rules import GuardiansState


def card_info(s: GuardiansState, c: int) -> dict[str, Any]:
    k = s.c.kinds[GKIND[c]]
    out: dict[str, Any] = {
        "id": T.SLUGS[c],
        "kind": k.slug,
        "name": k.name,
        "type": k.type,
        "super": s.is_super(c),
        "req": k.req,
    }
    if k.group:
        out["group"] = k.group
    if k.energy:
        out["energy"] = k.energy
    if k.attack:
        out["attack"] = k.attack
    tgt = s.attach.get(c)
    if tgt is not None:
        out["attached_to"] = T.SLUGS[tgt]
    return out


def monster_info(s: GuardiansState, m: int) -> dict[str, Any]:
    spec = T.monster(m)
    dmg = s.dmg[m - M0]
    attack = s.c.mon_attack[m - M0]
    return {
        "id": T.SLUGS[m],
        "kind": spec.slug,
        "name": spec.name,
        "family": spec.family,
        "tier": spec.tier,
        "attack": attack,
        "damage": dmg,
        "remaining": attack - dmg,
        "points": s.c.mon_points[m - M0],
        "wave": T.MWAVE[m - M0] + 1,
    }


def quest_info(s: GuardiansState, c: int) -> dict[str, Any]:
    q = s.c.quests[c - T.Q0]
    return {"id": T.SLUGS[c], "kind": q.slug, "name": q.name, "points": q.points}


def boss_info(s: GuardiansState, b: int, fighting: bool) -> dict[str, Any]:
    spec = BOSSES[b - T.B0]
    out: dict[str, Any] = {
        "id": T.SLUGS[b],
        "name": spec.name,
        "colour": spec.colour,
        "family": spec.family,
        "attack": s.c.boss_level[b - T.B0] * s.num_players,
    }
    if fighting:
        out["damage"] = s.boss_dmg
        out["battlers"] = {
            str(p): s.contrib[p] + s.gift[p] for p in range(s.num_players) if s.contrib[p] >= 0
        }
    return out


def build_view(s: GuardiansState, viewer: int | None) -> dict[str, Any]:
    z = s.zones.cards
    n = s.num_players
    city = []
    for i, loc in enumerate(LOCS):
        city.append(
            {
                "id": loc.slug,
                "name": loc.name,
                "number": loc.number,
                "colour": loc.colour,
                "row": loc.row,
                "col": loc.col,
                "symbols": s.sym(i),
                "flipped": loc.base and s.home_flipped,
                "safe": s.safe(i),
                "monsters": [monster_info(s, m) for m in z[T.LOC0 + i]],
                "face_down": len(z[T.FD0 + i]),
                "combined": s.combined(i),
                "forts": [p for p in range(n) if s.fort[p] == i],
                "guardians": [p for p in range(n) if s.visited[p] == i],
            }
        )
    bosses: dict[str, Any] = {}
    for colour, hidden, show in (
        ("blue", T.BOSS_BLUE, T.BLUE_SHOW),
        ("red", T.BOSS_RED, T.RED_SHOW),
    ):
        if colour == "red" and s.opts.apprentice:
            continue
        done = [b for b in z[T.BOSS_DONE] + z[T.BOSS_FIGHT] if BOSSES[b - T.B0].colour == colour]
        entry: dict[str, Any] = {"revealed": bool(done), "waiting": bool(z[hidden])}
        if done:
            entry["boss"] = boss_info(s, done[0], done[0] in z[T.BOSS_FIGHT])
        key = f"{colour}_boss"
        if key in s.outcomes:
            entry["outcome"] = s.outcomes[key]
        fd = T.BLUE_FD if colour == "blue" else T.RED_FD
        entry["rewards_face_down"] = len(z[fd])
        entry["rewards"] = (
            [card_info(s, c) for c in z[show]]
            if colour == "blue"
            else [quest_info(s, c) for c in z[show]]
        )
        bosses[colour] = entry
    seats = []
    for p in range(n):
        own = viewer == p
        seat: dict[str, Any] = {
            "seat": p,
            "name": f"P{p + 1}",
            "colour": PLAYER_COLOURS[p],
            "deck": len(z[pz(p, T.DECK)]),
            "hand_size": len(z[pz(p, T.HAND)]),
            "discard_size": len(z[pz(p, T.DISCARD)]),
            "discard": [card_info(s, c) for c in z[pz(p, T.DISCARD)]],
            "play": [card_info(s, c) for c in z[pz(p, T.PLAY)]],
            "persistent": [card_info(s, c) for c in z[pz(p, T.PERSIST)]],
            "copies": [KINDS[k].name for k in s.copies[p]],
            "under_aimed_shot": len(z[pz(p, T.UNDER)]),
            "energy": s.energy[p],
            "attack": s.attack[p],
            "counters": s.counters[p],
            "trophies": [monster_info(s, m) for m in z[pz(p, T.TROPHY)]],
            "trophy_points": s.trophy_points(p),
            "fort": LOCS[s.fort[p]].slug if s.fort[p] >= 0 else None,
            "location": LOCS[s.visited[p]].slug if s.visited[p] >= 0 else None,
            "secret_quests": len(z[pz(p, T.QUEST)]),
            "quests_shown": [quest_info(s, c) for c in z[pz(p, T.QUEST_SHOWN)]],
            "secret_monster": len(z[pz(p, T.MUSEUM)]),
            "pack_size": len(z[pz(p, T.PACK)]),
            "drafted": len(z[pz(p, T.COLLECT)]),
        }
        if own:
            seat["hand"] = [card_info(s, c) for c in z[pz(p, T.HAND)]]
            seat["looking"] = [card_info(s, c) for c in z[pz(p, T.LOOK)]]
            seat["under"] = [card_info(s, c) for c in z[pz(p, T.UNDER)]]
            seat["quests"] = [quest_info(s, c) for c in z[pz(p, T.QUEST)]]
            seat["super_choice"] = [card_info(s, c) for c in z[pz(p, T.SUPERS)]]
            seat["pack"] = [card_info(s, c) for c in z[pz(p, T.PACK)]]
            seat["drafted_cards"] = [card_info(s, c) for c in z[pz(p, T.COLLECT)]]
            seat["museum"] = [monster_info(s, m) for m in z[pz(p, T.MUSEUM)]]
            seat["battle_effects"] = [name for name, _ in s.fx[p]]
        seats.append(seat)
    space = s.track[s.track_pos] if s.track_pos < len(s.track) else "end"
    return {
        "round": s.turn,
        "turn": s.turn,
        "phase": s.phase,
        "difficulty": s.opts.difficulty,
        "cooperative": s.opts.cooperative,
        "timekeeper": {"position": s.track_pos, "space": space, "track": list(s.track)},
        "trailblazer": s.trailblazer,
        "order": list(s.order),
        "city": city,
        "bosses": bosses,
        "boss_fight": s.boss_colour or None,
        "third_wave": s.invade_wave == 2,
        "waves": {"second": len(z[T.WAVE2]), "third": len(z[T.WAVE3])},
        "retreat": [monster_info(s, m) for m in z[T.RETREAT]],
        "supply": len(z[T.SUPPLY]),
        "trash": [card_info(s, c) for c in z[T.TRASH]],
        "revealed": [card_info(s, c) for c in z[T.REVEALED]],
        "counters_on_mat": s.pool,
        "seats": seats,
        "solo_rank": s.result.outcomes.get("rank") if s.result is not None else None,
    }
