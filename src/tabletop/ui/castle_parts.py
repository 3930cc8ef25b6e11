"""Castle Von Loghan's terminal renderer, its parts (`tabletop.ui.castle` draws the board
from them): how a view's seats, rooms and names read, the colours, and every Agent's panel."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text

from tabletop.ui.style import (
    as_dicts,
    as_int,
    as_str,
    as_strs,
    clip,
    join,
    label,
    short_effect,
    wrap,
)

GAME = "castle"
COLOUR_STYLE = {"green": "green", "blue": "blue", "red": "red", "violet": "magenta"}
CATEGORY_STYLE = {
    "attack card": "bold green",
    "support card": "cyan",
    "strike card": "red",
    "hazard card": "magenta",
}
TYPE_SHORT = {"melee": "melee", "ranged": "ranged", "shock": "shock", "special": "special"}


def agent_name(seat: object) -> str:
    return f"A{seat + 1}" if isinstance(seat, int) and not isinstance(seat, bool) else "A?"


def counted(names: list[str]) -> str:
    """`Ghoul ×2, Bat`: names in first-seen order, copies counted."""
    return ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in Counter(names).items())


def room_names(view: dict[str, Any]) -> dict[str, str]:
    return {as_str(r.get("id")): as_str(r.get("name")) for r in as_dicts(view.get("rooms"))}


def place(view: dict[str, Any], rid: object) -> str:
    """`5 Great Hall`, `the Foyer`, `the P.O.D.`, `outside`."""
    r = as_str(rid)
    name = room_names(view).get(r, r)
    if r.isdigit():
        return f"{r} {name}"
    return {"outside": "outside", "pod": "the P.O.D.", "F": "the Foyer"}.get(r, name)


# -- the Agents -------------------------------------------------------------------------------


def treasure_text(c: dict[str, Any], slot: bool = True) -> Text:
    """`hand: Whip (ranged 1)`, `Health Potion`, `Iron Buckler (shield 1, 2 hands)`."""
    t = Text()
    if slot and isinstance(c.get("slot"), str):
        t.append(f"{c['slot']}:", style="dim")
    t.append(as_str(c.get("name")), style=COLOUR_STYLE.get(as_str(c.get("colour"), ""), ""))
    bits = []
    if c.get("kind") in ("weapon", "shield"):
        typ = as_str(c.get("type"), "")
        bits.append(f"{TYPE_SHORT.get(typ, typ) or 'shield'} {as_int(c.get('power'))}")
        if as_int(c.get("hands")) > 1:
            bits.append("2 hands")
    if c.get("exhausted"):
        bits.append("exhausted")
    if c.get("timeless"):
        bits.append("Timeless")
    if bits:
        t.append(f" ({', '.join(bits)})", style="dim")
    return t


def timing_card(c: dict[str, Any]) -> Text:
    """`2 Block t2` (Timing, name, Timing Cost, then Damage `d1`, Rage `r1`), struck through
    and marked `negated` when Negated, `paid` when its optional effect is paid for."""
    t = Text(f"{as_int(c.get('timing'))} ", style="bold")
    name = Text(as_str(c.get("name")), style=CATEGORY_STYLE.get(as_str(c.get("category"), ""), ""))
    if c.get("negated"):
        name.stylize("strike dim")
    t.append_text(name)
    nums = f" t{as_int(c.get('cost'))}"
    if as_int(c.get("damage")):
        nums += f" d{c['damage']}"
    if as_int(c.get("rage")):
        nums += f" r{c['rage']}"
    t.append(nums, style="dim")
    if c.get("negated"):
        t.append(" negated", style="bold yellow")
    if c.get("paid"):
        t.append(" paid", style="bold green")
    return t


def _target_name(view: dict[str, Any], target: object) -> str:
    for e in as_dicts(view.get("fight")):
        if e.get("id") == target:
            return f"{as_int(e.get('position'))} {as_str(e.get('name'))}"
    return as_str(target)


def agent_lines(view: dict[str, Any], a: dict[str, Any], width: int) -> list[Text]:
    """One Agent: its head line, Skills and piles, inventory, and in a fight its Timing."""
    me = view.get("viewer")
    p = a.get("seat")
    head = Text(f"{agent_name(p)} ", style="bold")
    head.append(as_str(a.get("agent")), style="bold")
    tags = [t for t, on in (("you", p == me), ("leader", a.get("leader"))) if on]
    if tags:
        head.append(f" ({', '.join(tags)})", style="bold")
    energy, most = as_int(a.get("energy")), as_int(a.get("max_energy"))
    head.append(" · ")
    head.append(f"Energy {energy}/{most}", style="bold yellow")
    if isinstance(a.get("health"), int):
        head.append(" · ")
        head.append(f"Health {a['health']}", style="bold red" if a["health"] <= 3 else "bold")
        head.append(f" · Clarity {as_int(a.get('clarity'))}", style="bold cyan")
    if as_str(a.get("room"), "") != as_str(view.get("group_room"), ""):
        head.append(f" · in {place(view, a.get('room'))}")
    if isinstance(a.get("health"), int) and a["health"] <= 0:
        head.append(" · out", style="bold red")
    piles = [f"deck {as_int(a.get('deck'))}", f"discard {len(a.get('discard') or [])}"]
    if as_strs(a.get("trophies")):
        piles.append(f"trophies {len(a['trophies'])}")
    if as_int(a.get("shards")):
        piles.append(f"Data Shards {a['shards']}")
    head.append(" · " + ", ".join(piles), style="dim")
    if a.get("overcharged"):
        head.append(" · Overcharge used", style="yellow")
    lines = [clip(head, width)]

    skills_shown = me is None or p == me  # another Agent's Skills are a `card` away
    skills = []
    for sk in as_dicts(a.get("skills")) if skills_shown else []:
        s = Text(as_str(sk.get("name")))
        s.append(f" {as_int(sk.get('energy'))}E C{as_int(sk.get('clarity'))}+", style="dim")
        if sk.get("cooldown"):
            s.append(" cooling", style="yellow")
            s.stylize("dim", 0, len(as_str(sk.get("name"))))
        skills.append(s)
    if skills:
        lines += wrap(label("  Skills ", join(skills), "dim"), width, indent=4, most=2)

    inv = [treasure_text(c) for c in as_dicts(a.get("inventory"))]
    carry = label("  Carries ", join(inv) if inv else Text("nothing", style="dim"), "dim")
    power = as_int(a.get("combat_power"))
    types = "/".join(as_strs(a.get("damage_types"))) or "bare hands"
    carry.append(f" · power {power} {types}", style="dim")
    upgrades = as_strs(a.get("upgrades"))
    if upgrades:
        carry.append(" · Upgrades: ", style="dim")
        carry.append(counted(upgrades))
    lines += wrap(carry, width, indent=4, most=2 if p == me or me is None else 1)

    contract = a.get("contract")
    if isinstance(contract, list) and contract:
        c = label("  Contract (secret): ", ", ".join(as_strs(contract)), "bold magenta")
        eff = short_effect(GAME, as_strs(contract)[0]) if as_strs(contract) else ""
        if eff:
            c.append(": " + eff, style="dim")
        lines.append(clip(c, width))
    elif isinstance(contract, int) and contract and p == me:
        lines.append(clip(Text(f"  Contract: {contract} (secret)", style="dim"), width))

    line = as_dicts(a.get("line"))
    initiative = as_strs(a.get("initiative"))
    if line or initiative or as_int(a.get("damage")) or a.get("target"):
        row = label("  Timing ", join((timing_card(c) for c in line), " | ") or Text("-"), "dim")
        if initiative:
            row.append(" · Initiative: ", style="bold")
            row.append(counted(initiative))
        if as_int(a.get("damage")) or a.get("target"):
            row.append(f" · Damage {as_int(a.get('damage'))}", style="bold red")
            if a.get("target"):
                row.append(f" → {_target_name(view, a['target'])}")
        lines += wrap(row, width, indent=4, most=3)
    return lines


LEGEND = "Skills: E Energy cost, C6+ Clarity needed"
TIMING_LEGEND = " · Timing: t Timing Cost, d Damage, r Rage"


def agents_lines(view: dict[str, Any], width: int) -> list[Text]:
    """Every Agent in seat order, then a line saying what the short numbers mean."""
    lines: list[Text] = []
    agents = as_dicts(view.get("agents"))
    for a in agents:
        lines += agent_lines(view, a, width)
    if agents:
        legend = LEGEND + (TIMING_LEGEND if any(as_dicts(a.get("line")) for a in agents) else "")
        lines.append(clip(Text(legend, style="dim"), width))
    return lines
