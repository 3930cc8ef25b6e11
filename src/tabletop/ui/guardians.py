"""Terminal renderer of The Guardians: Explore: the board as one seat sees it.

Draws, from `state.view(seat)` only: the round, phase, Timekeeper space and Trailblazer; the
city grid (each location with its face-up monsters and their damage, face-down monsters,
Blanket Forts and who stands there); the bosses and their displayed rewards; every seat's
energy, attack, damage counters, cards in play (play chain, persistent area, copies) and
trophies; this seat's hand, the cards it is looking at and, only to this seat, its Secret
Quests (and SUPER choice or draft pack during the Warm Up); and the last log lines.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

SCORE_LABEL = "trophy points"
RECENT = 5
_FAMILY_STYLE = {
    "zombie": "green",
    "orc": "red",
    "robot": "cyan",
    "warlock": "magenta",
    "spider": "yellow",
}


def _who(seat: int) -> str:
    return f"P{seat + 1}"


def card_text(card: dict[str, Any]) -> str:
    """`Cleave (req 2, +1E +3A)`; SUPER cards get a star."""
    bits = [f"req {card.get('req', 0)}"]
    if card.get("energy"):
        bits.append(f"+{card['energy']}E")
    if card.get("attack"):
        bits.append(f"+{card['attack']}A")
    star = "*" if card.get("super") else ""
    return f"{card.get('name', '?')}{star} ({', '.join(bits)})"


def _cards(cards: list[dict[str, Any]] | None) -> str:
    return ", ".join(str(c.get("name", "?")) + ("*" if c.get("super") else "") for c in cards or [])


def monster_text(m: dict[str, Any]) -> Text:
    t = Text(str(m.get("name", "?")), style=_FAMILY_STYLE.get(str(m.get("family")), ""))
    dmg = m.get("damage", 0)
    t.append(f" {m.get('remaining', '?')}/{m.get('attack', '?')}")
    if dmg:
        t.append(f" ({dmg} dmg)")
    return t


def _header(view: dict[str, Any], console: Console) -> None:
    tk = view.get("timekeeper") or {}
    title = (
        f"Round {view.get('round', '?')} · {str(view.get('phase', '')).title()} · "
        f"Timekeeper: {tk.get('space', '?')} · Trailblazer {_who(view.get('trailblazer', 0))}"
        f" · {view.get('difficulty', '')}"
    )
    if view.get("cooperative"):
        title += " (cooperative)"
    console.rule(Text(title, style="bold"))


def _city(view: dict[str, Any], console: Console) -> None:
    city = view.get("city") or []
    if not city:
        return
    rows = max(int(loc.get("row", 0)) for loc in city) + 1
    cols = max(int(loc.get("col", 0)) for loc in city) + 1
    grid = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(cols):
        grid.add_column(min_width=22)
    cells: list[list[Text]] = [[Text("") for _ in range(cols)] for _ in range(rows)]
    for loc in city:
        t = Text(f"{loc.get('number', '')}. {loc.get('name', '?')}", style="bold")
        t.append(f" [{loc.get('colour', '')}]", style="dim")
        if loc.get("flipped"):
            t.append(" (flipped)", style="red")
        forts = loc.get("forts") or []
        if forts:
            t.append("\n fort: " + ", ".join(_who(p) for p in forts), style="blue")
        for m in loc.get("monsters") or []:
            t.append("\n ")
            t.append_text(monster_text(m))
        if loc.get("face_down"):
            t.append(f"\n {loc['face_down']} face down", style="dim")
        if not loc.get("monsters") and not loc.get("face_down"):
            t.append("\n safe", style="green")
        guardians = loc.get("guardians") or []
        if guardians:
            t.append("\n here: " + ", ".join(_who(p) for p in guardians), style="italic")
        cells[int(loc.get("row", 0))][int(loc.get("col", 0))] = t
    for row in cells:
        grid.add_row(*row)
    console.print(grid)
    waves = view.get("waves") or {}
    console.print(
        Text(
            f"Second Wave {waves.get('second', '?')} · Third Wave {waves.get('third', '?')}"
            f"{' (reinforcing)' if view.get('third_wave') else ''} · "
            f"Retreat {len(view.get('retreat') or [])} · supply {view.get('supply', '?')} · "
            f"trash {len(view.get('trash') or [])} · damage counters on the mat "
            f"{view.get('counters_on_mat', '?')}",
            style="dim",
        )
    )
    revealed = view.get("revealed") or []
    if revealed:
        console.print(
            Text("Revealed from the supply (Spider reward): ", style="bold")
            + Text("; ".join(card_text(c) for c in revealed))
        )


def _bosses(view: dict[str, Any], console: Console) -> None:
    for colour, entry in (view.get("bosses") or {}).items():
        t = Text(f"{colour.title()} Boss: ", style=f"bold {colour}")
        boss = entry.get("boss")
        if boss:
            t.append(f"{boss.get('name', '?')} (attack {boss.get('attack', '?')})")
            if "damage" in boss:
                t.append(f", {boss.get('damage', 0)} damage")
                battlers = boss.get("battlers") or {}
                if battlers:
                    t.append(
                        "; battling: "
                        + ", ".join(f"{_who(int(p))} {a}" for p, a in battlers.items())
                    )
        else:
            t.append("face down")
        if entry.get("outcome"):
            t.append(f" [{entry['outcome']}]")
        rewards = entry.get("rewards") or []
        if rewards:
            t.append(" · rewards: " + ", ".join(str(r.get("name", "?")) for r in rewards))
        elif entry.get("rewards_face_down"):
            t.append(f" · {entry['rewards_face_down']} rewards face down")
        console.print(t)


def _seats(view: dict[str, Any], console: Console) -> None:
    table = Table(show_header=True, box=None, pad_edge=False)
    for col in ("seat", "E/A/dmg", "deck/hand", "in play", "trophies", "pts"):
        table.add_column(col)
    me = view.get("viewer")
    for seat in view.get("seats") or []:
        p = seat.get("seat", 0)
        name = _who(p) + (" (you)" if p == me else "") + f" {seat.get('colour', '')}"
        play = _cards(seat.get("persistent"))
        chain = _cards(seat.get("play"))
        if chain:
            play = (play + " | " if play else "") + chain
        copies = seat.get("copies") or []
        if copies:
            play += " + copies: " + ", ".join(copies)
        trophies = ", ".join(str(m.get("name", "?")) for m in seat.get("trophies") or [])
        table.add_row(
            name,
            f"{seat.get('energy', 0)}/{seat.get('attack', 0)}/{seat.get('counters', 0)}",
            f"{seat.get('deck', 0)}/{seat.get('hand_size', 0)}",
            play or "-",
            trophies or "-",
            str(seat.get("trophy_points", 0)),
        )
    console.print(table)


def _mine(view: dict[str, Any], console: Console) -> None:
    me = view.get("viewer")
    if me is None:
        return
    seats = view.get("seats") or []
    seat = next((s for s in seats if s.get("seat") == me), None)
    if seat is None:
        return
    hand = seat.get("hand") or []
    console.print(Text("Your hand: ", style="bold") + Text("; ".join(card_text(c) for c in hand)))
    for key, label in (
        ("looking", "Looking at"),
        ("under", "Under Aimed Shot"),
        ("super_choice", "SUPER cards to choose from"),
        ("pack", "Draft pack"),
        ("drafted_cards", "Drafted so far"),
        ("museum", "Secret monster"),
    ):
        cards = seat.get(key) or []
        if cards:
            names = "; ".join(
                card_text(c) if "req" in c else str(c.get("name", "?")) for c in cards
            )
            console.print(Text(f"{label}: ", style="bold") + Text(names))
    quests = (seat.get("quests") or []) + (seat.get("quests_shown") or [])
    if quests:
        console.print(
            Text("Your Secret Quest: ", style="bold")
            + Text(", ".join(f"{q.get('name', '?')} ({q.get('points', '?')})" for q in quests))
        )
    fx = seat.get("battle_effects") or []
    if fx:
        console.print(Text("Battle effects ready: ", style="bold") + Text(", ".join(fx)))


def _log(view: dict[str, Any], console: Console) -> None:
    for entry in (view.get("log") or [])[-RECENT:]:
        console.print(Text(f"  {entry.get('text', '')}", style="dim"))


def render(view: dict[str, Any], console: Console) -> None:
    _header(view, console)
    _city(view, console)
    _bosses(view, console)
    _seats(view, console)
    _mine(view, console)
    _log(view, console)
