"""Terminal renderer of The Guardians: Explore: the board as one seat sees it.

Draws, from `state.view(seat)` only: the round, phase, Timekeeper space and Trailblazer; the
city grid (each location with its face-up monsters, coloured by family, and their attack
left, face-down monsters, Blanket Forts and who stands there), with the bosses in the grid's
two free cells and their displayed rewards below; every seat's energy, attack, damage
counters, deck, hand and discard counts, trophies by family and cards in play; this seat's
hand and cards in play with what each does (numbers and a short effect from the game's
texts), its discard pile, the cards it is looking at and, only to this seat, its Secret
Quests (and SUPER choice or draft pack during the Warm Up); the solo rank once the view
gives one; and the last log lines when the view holds a log.

Every line fits the terminal's width, cut with an ellipsis where it must: at 80 columns the
city grid takes 80 columns and a 3-player board about 24 lines; from 120 columns the grid's
cells name each location's visit and your cards' effects show longer; from 160 the seats
stand left of your own cards. Card types,
classes and families have colours, which piped output leaves out.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.engine.texts import TextsError
from tabletop.ui.style import (
    FAMILY_STYLE,
    SEAT_STYLE,
    blocks,
    card_info,
    clip,
    emit,
    family_style,
    grid,
    guardians_card_style,
    join,
    label,
    lay_out,
    plural,
    short_effect,
    wrap,
)

SCORE_LABEL = "trophy points"
RECENT = 5
_FAMILY_STYLE = FAMILY_STYLE
_ROW_STYLE = {"blue": "bold blue", "yellow": "bold yellow", "red": "bold red"}
# From this many columns the seats stand left of your own cards; below it one column (at 120
# the city's cells name each visit and your cards' effects show longer).
SIDE_BY_SIDE = 160
LEGEND = "(n) energy needed · +E energy · +A attack · +C cards · +D damage counters"


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


def _name(card: dict[str, Any]) -> str:
    return str(card.get("name", "?")) + ("*" if card.get("super") else "")


def _cards(cards: list[dict[str, Any]] | None) -> str:
    return ", ".join(_name(c) for c in cards or [])


def _extra_numbers(card: dict[str, Any]) -> str:
    """Cards drawn and damage counters given, from the card's summary in the game's texts
    (the view holds energy and attack only)."""
    try:
        info = card_info("guardians", card.get("kind") or card.get("name"))
    except TextsError:
        return ""
    if info is None:
        return ""
    out = ""
    for part in info.summary.split(" · "):
        for bit in part.split(", "):
            n, _, what = bit.partition(" ")
            if n.startswith("+") and n[1:].isdigit():
                if what.startswith("card"):
                    out += f" {n}C"
                elif what.startswith("damage"):
                    out += f" {n}D"
    return out


def numbers(card: dict[str, Any]) -> str:
    """`(1) +1E +3A`: energy needed, then energy, attack, cards and damage counters given."""
    out = f"({card.get('req', 0)})"
    if card.get("energy"):
        out += f" +{card['energy']}E"
    if card.get("attack"):
        out += f" +{card['attack']}A"
    return out + _extra_numbers(card)


def card_line(card: dict[str, Any], count: int = 1, effect: bool = True) -> Text:
    """`Cleave (1) +1E +3A: Gives 3 attack more when...`, in the card's colour."""
    t = Text(_name(card), style=guardians_card_style(card))
    if count > 1:
        t.append(f" ×{count}")
    t.append(" " + numbers(card), style="dim")
    if card.get("attached_to"):
        t.append(f" on {card['attached_to']}", style="dim")
    text = short_effect("guardians", str(card.get("kind", ""))) if effect else ""
    if text:
        t.append(": " + text)
    return t


def _grouped(cards: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """Cards of one kind together (`Practice Swing ×3`), in the order they first appear."""
    counts: Counter[tuple[str, bool, str]] = Counter()
    first: dict[tuple[str, bool, str], dict[str, Any]] = {}
    for c in cards:
        key = (str(c.get("kind", c.get("name"))), bool(c.get("super")), str(c.get("attached_to")))
        counts[key] += 1
        first.setdefault(key, c)
    return [(first[k], n) for k, n in counts.items()]


def _names(cards: list[dict[str, Any]]) -> Text:
    return join(
        Text(_name(c) + (f" ×{n}" if n > 1 else ""), style=guardians_card_style(c))
        for c, n in _grouped(cards)
    )


def monster_text(m: dict[str, Any], width: int = 0) -> Text:
    """`Orc Grunt 5/7`: the attack left, of its attack; the name cut to `width` if given."""
    left, attack = m.get("remaining", "?"), m.get("attack", "?")
    nums = f" {attack}" if left == attack else f" {left}/{attack}"
    full = str(m.get("name", "?"))
    if width and len(full) + len(nums) > width and " " in full:
        family, rest = full.split(" ", 1)  # "W. Scholar": the family's initial, then the rest
        full = f"{family[0]}. {rest}"
    name = Text(full, style=family_style(m.get("family")))
    if width:
        name = clip(name, max(width - len(nums), 4))
    return name + Text(nums)


# -- the top: title and city ------------------------------------------------------------------


def _title(view: dict[str, Any]) -> Text:
    tk = view.get("timekeeper") or {}
    phase = str(view.get("phase", "")).replace("-", " ").title()
    space = str(tk.get("space", "?")).replace("-", " ").title()
    track = tk.get("track") or []
    pos = tk.get("position")
    if isinstance(pos, int) and track:
        space += f" {min(pos + 1, len(track))}/{len(track)}"
    title = (
        f"Round {view.get('round', '?')} · {phase} · Timekeeper {space} · "
        f"Trailblazer {_who(view.get('trailblazer', 0))} · {view.get('difficulty', '')}"
    )
    if view.get("cooperative"):
        title += " (cooperative)"
    return Text(title, style="bold")


def _location_cell(loc: dict[str, Any], w: int) -> list[Text]:
    head = Text(f"{loc.get('number', '')} {loc.get('name', '?')}")
    head.stylize(_ROW_STYLE.get(str(loc.get("colour")), "bold"))
    if loc.get("flipped"):
        head.append(" flipped", style="red")
    if w >= 26:
        visit = short_effect("guardians", str(loc.get("id", ""))).removeprefix("Visit: ")
        if visit:
            head.append(": " + visit, style="dim")
    cell = [clip(head, w)]
    for m in loc.get("monsters") or []:
        cell.append(monster_text(m, w))
    last: Text | None = None
    if loc.get("face_down"):
        last = Text(f"+{loc['face_down']} face down", style="dim")
    if not loc.get("monsters") and not loc.get("face_down"):
        last = Text("safe", style="green")
    marks = []
    forts = loc.get("forts") or []
    if forts:
        marks.append(Text("fort " + ",".join(_who(p) for p in forts), style="blue"))
    here = loc.get("guardians") or []
    if here:
        marks.append(Text("here " + ",".join(_who(p) for p in here), style="italic"))
    if marks:
        both = join(marks, " · ")
        if last is not None and last.cell_len + 3 + both.cell_len <= w:
            last = join([last, both], " · ")  # "safe · fort P1" on one line
        else:
            cell += [last] if last is not None else []
            last = both
    if last is not None:
        cell.append(last)
    return [clip(line, w) for line in cell]


def _boss_cell(colour: str, entry: dict[str, Any] | None, w: int) -> list[Text]:
    if entry is None:
        return []
    style = f"bold {colour}"
    cell = [Text(f"{colour.title()} Boss", style=style)]
    boss = entry.get("boss")
    if boss:
        cell.append(
            Text(str(boss.get("name", "?")), style=family_style(boss.get("family")))
            + Text(f" {boss.get('attack', '?')}")
        )
        if "damage" in boss:
            cell.append(Text(f"{boss.get('damage', 0)} damage", style="red"))
    else:
        cell.append(Text("face down", style="dim"))
    if entry.get("outcome"):
        cell.append(Text(str(entry["outcome"]), style="bold"))
    shown = len(entry.get("rewards") or [])
    hidden = entry.get("rewards_face_down") or 0
    if shown:
        cell.append(Text(f"{plural(shown, 'reward')} below", style="dim"))
    elif hidden:
        cell.append(Text(f"{hidden} rewards hidden", style="dim"))
    return [clip(line, w) for line in cell]


def city_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The city as a grid of cells `│`-separated, fitting `width`; the bosses stand in the
    free cells of the grid's right column when there are any."""
    city = view.get("city") or []
    if not city:
        return []
    rows = max(int(loc.get("row", 0)) for loc in city) + 1
    cols = max(int(loc.get("col", 0)) for loc in city) + 1
    col_w = max((width - (cols - 1)) // cols, 8)
    inner = col_w - 2  # a space before and after each cell's text
    cells: list[list[list[Text]]] = [[[] for _ in range(cols)] for _ in range(rows)]
    for loc in city:
        cells[int(loc.get("row", 0))][int(loc.get("col", 0))] = _location_cell(loc, inner)
    bosses = view.get("bosses") or {}
    free = [(r, c) for c in range(cols - 1, -1, -1) for r in range(rows) if not cells[r][c]]
    for (r, c), colour in zip(free, ("blue", "red"), strict=False):
        cells[r][c] = _boss_cell(colour, bosses.get(colour), inner)
    lines: list[Text] = []
    for r, row in enumerate(cells):
        if r:
            lines.append(Text("┼".join("─" * col_w for _ in range(cols)), style="dim"))
        for i in range(max(len(cell) for cell in row)):
            line = Text()
            for c, cell in enumerate(row):
                part = Text(" ") + (cell[i] if i < len(cell) else Text())
                if c < cols - 1:
                    part.pad_right(col_w - part.cell_len)
                    part.append("│", style="dim")
                line.append_text(part)
            line.rstrip()
            lines.append(line)
    return lines


def _table_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The waves, supply and trash; the boss displays; the supply cards a Spider revealed."""
    waves = view.get("waves") or {}
    lines = [
        clip(
            Text(
                f"Waves: 2nd {waves.get('second', '?')} · 3rd {waves.get('third', '?')}"
                f"{' (reinforcing)' if view.get('third_wave') else ''} · "
                f"retreat {len(view.get('retreat') or [])} · supply {view.get('supply', '?')} · "
                f"trash {len(view.get('trash') or [])} · "
                f"pool {view.get('counters_on_mat', '?')} counters",
                style="dim",
            ),
            width,
        )
    ]
    shown = []
    for colour, entry in (view.get("bosses") or {}).items():
        boss = (entry or {}).get("boss") or {}
        battlers = boss.get("battlers") or {}
        if battlers:
            fight = ", ".join(f"{_who(int(p))} {a}" for p, a in battlers.items())
            lines.append(clip(label(f"{colour.title()} Boss battling: ", fight), width))
        rewards = (entry or {}).get("rewards") or []
        if rewards:
            names = join(
                Text(_name(r), style=guardians_card_style(r)) if "req" in r else Text(_name(r))
                for r in rewards
            )
            shown.append(label(f"{colour} ", names, f"bold {colour}"))
    if shown:
        lines += wrap(label("Boss rewards: ", join(shown, " · ")), width, most=2)
    revealed = view.get("revealed") or []
    if revealed:
        lines += wrap(
            label("Revealed from the supply (Spider reward): ", join(map(card_line, revealed))),
            width,
        )
    rank = _solo_rank(view)
    if rank:
        lines.append(clip(label("Solo rank: ", Text(rank, style="bold green")), width))
    return lines


def _solo_rank(view: dict[str, Any]) -> str:
    """The solo rank, wherever the view gives it (under `result` or at the top)."""
    result = view.get("result") or {}
    for where in (result, result.get("outcomes") or {}, view):
        if isinstance(where, dict):
            for key in ("solo_rank", "rank"):
                if isinstance(where.get(key), str) and where[key]:
                    return str(where[key])
    return ""


# -- the seats --------------------------------------------------------------------------------


def _count(value: Any) -> int:
    """A count the view gives as a number or as the list itself."""
    if isinstance(value, list):
        return len(value)
    return value if isinstance(value, int) else 0


def _trophies(trophies: list[dict[str, Any]]) -> Text:
    by = Counter(str(m.get("family", "?")) for m in trophies)
    return join((Text(f"{fam.title()} {n}", style=family_style(fam)) for fam, n in by.items()), " ")


def seat_lines(view: dict[str, Any], width: int) -> list[Text]:
    """A line per seat: energy, attack, damage counters, deck, hand and discard counts,
    trophy points, trophies by family and (for the others) the cards in play."""
    me = view.get("viewer")
    head = Text("seat            E   A   D  deck hand disc  pts  trophies · in play", "dim")
    lines = [clip(head, width)]
    for seat in view.get("seats") or []:
        p = int(seat.get("seat", 0))
        colour = str(seat.get("colour", ""))
        name = Text(_who(p), style="bold") + Text(f" {colour}", style=SEAT_STYLE.get(colour, ""))
        if p == me:
            name.append(" (you)", style="bold")
        name.pad_right(14 - name.cell_len)
        t = name + Text(
            f"{seat.get('energy', 0):>3} {seat.get('attack', 0):>3} {seat.get('counters', 0):>3} "
            f"{_count(seat.get('deck')):>5}{seat.get('hand_size', 0):>5}"
            f"{_count(seat.get('discard_size', seat.get('discard'))):>5}"
            f"{seat.get('trophy_points', 0):>5}  "
        )
        rest = []
        trophies = seat.get("trophies") or []
        if trophies:
            rest.append(_trophies(trophies))
        if p != me:
            play = (seat.get("persistent") or []) + (seat.get("play") or [])
            if play:
                rest.append(_names(play))
            if seat.get("copies"):
                rest.append(Text("copies " + ", ".join(map(str, seat["copies"]))))
        t.append_text(join(rest, " · ") if rest else Text("-"))
        lines.append(clip(t, width))
    return lines


# -- this seat's own cards --------------------------------------------------------------------


def mine_lines(view: dict[str, Any], width: int) -> list[Text]:
    me = view.get("viewer")
    seat = next((s for s in view.get("seats") or [] if s.get("seat") == me), None)
    if seat is None:
        return []
    lines: list[Text] = []
    hand = seat.get("hand") or []
    head = label(f"Your hand ({len(hand)}): ", Text(LEGEND, style="dim"))
    lines.append(clip(head, width))
    lines += grid([card_line(c, n) for c, n in _grouped(hand)], width)
    play = (seat.get("persistent") or []) + (seat.get("play") or [])
    if play or seat.get("copies"):
        items = [card_line(c, n) for c, n in _grouped(play)]
        lines += grid(items, width, lead=Text("In play: ", style="bold"))
        if seat.get("copies"):
            lines.append(clip(Text("  copies: " + ", ".join(map(str, seat["copies"]))), width))
    for key, title, effect in (
        ("looking", "Looking at", True),
        ("under", "Under Aimed Shot", False),
        ("super_choice", "SUPER cards to choose from", True),
        ("pack", "Draft pack", True),
    ):
        cards = seat.get(key) or []
        if cards:
            lines.append(Text(f"{title}:", style="bold"))
            lines += grid([card_line(c, n, effect) for c, n in _grouped(cards)], width)
    drafted = seat.get("drafted_cards") or []
    if drafted:
        lines += wrap(label(f"Drafted so far ({len(drafted)}): ", _names(drafted)), width)
    discard = seat.get("discard")
    if isinstance(discard, list) and discard:
        pile = label(f"Your discard pile ({len(discard)}): ", _names(discard))
        lines += wrap(pile, width, most=1 if width < 120 else 2)
    museum = seat.get("museum") or []
    if museum:
        lines.append(clip(label("Secret monster: ", join(monster_text(m) for m in museum)), width))
    quests = (seat.get("quests") or []) + (seat.get("quests_shown") or [])
    if quests:
        lines.append(clip(label("Your Secret Quest: ", join(map(_quest, quests), "; ")), width))
    fx = seat.get("battle_effects") or []
    if fx:
        lines.append(clip(label("Battle effects ready: ", ", ".join(map(str, fx))), width))
    return lines


def _quest(q: dict[str, Any]) -> Text:
    """`Zombie Slayer (7): most Zombie trophies`."""
    t = Text(f"{q.get('name', '?')} ({q.get('points', '?')})")
    info = card_info("guardians", q.get("kind") or q.get("name"))
    if info is not None:
        parts = info.summary.split(" · ")
        if len(parts) > 1:
            t.append(": " + parts[1], style="dim")
    return t


def _log_lines(view: dict[str, Any], width: int) -> list[Text]:
    return [
        clip(Text(f"  {entry.get('text', '')}", style="dim"), width)
        for entry in (view.get("log") or [])[-RECENT:]
    ]


def board_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The board under its title, as lines no wider than `width`."""
    left_w, right_w, _ = blocks(width, SIDE_BY_SIDE)
    left = _table_lines(view, left_w) + seat_lines(view, left_w)
    right = mine_lines(view, right_w)
    return (
        city_lines(view, width)
        + lay_out(left, right, width, SIDE_BY_SIDE)
        + _log_lines(view, width)
    )


def render(view: dict[str, Any], console: Console) -> None:
    console.rule(_title(view))
    emit(console, board_lines(view, console.width))


# -- what is happening now (the full-screen table pins it by the question) --------------------
MOMENT_WIDTH = 78


def _short(text: str) -> str:
    return text if len(text) <= MOMENT_WIDTH else text[: MOMENT_WIDTH - 1] + "…"


def _boss_at_hand(view: dict[str, Any]) -> dict[str, Any] | None:
    colour = view.get("boss_fight")
    entry = (view.get("bosses") or {}).get(colour) if isinstance(colour, str) else None
    boss = entry.get("boss") if isinstance(entry, dict) else None
    return boss if isinstance(boss, dict) else None


def moment(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """One line on the battle or boss at hand, the draft or the Power Up; None elsewhere
    (the last log line says what asks a discard or a trash)."""
    ask = decision.ask(seat)
    seats = view.get("seats") or []
    me = seats[seat] if 0 <= seat < len(seats) and isinstance(seats[seat], dict) else {}
    attack, counters = _count(me.get("attack")), _count(me.get("counters"))
    kind = ask.kind
    if kind == "battle":
        boss = _boss_at_hand(view)
        held = f", {plural(counters, 'damage counter')} held" if counters else ""
        if boss is not None:
            return _short(
                f"Boss battle: {boss.get('name', '?')} needs {boss.get('attack', '?')} from "
                f"the party; your attack {attack}{held}"
            )
        wins = sum(1 for o in ask.options if str(o.id).startswith("fight:"))
        return _short(
            f"Battle phase: your attack {attack}{held}; you can win at {plural(wins, 'location')}"
        )
    if kind == "boss-reward":
        return "The boss is beaten: choose your reward from its display"
    if kind == "draft":
        return _short(
            f"Draft: {plural(_count(me.get('pack_size')), 'card')} in your pack, "
            f"{_count(me.get('drafted'))} drafted so far"
        )
    if kind == "power":
        return _short(f"Power Up: energy {_count(me.get('energy'))}, attack {attack}")
    if kind == "visit":
        return _short(f"Location phase, round {view.get('round', '?')}: where will you go?")
    return None


# -- preferences (see tabletop.ui.prefs) ------------------------------------------------------
def _play_all(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """In a Power Up, play every playable card, in the order offered; then finish, unless a
    Potion may still be used (that is left to the person)."""
    ask = decision.ask(seat)
    if ask.kind != "power":
        return None
    ids: list[str] = [str(o.id) for o in ask.options]
    plays = [i for i in ids if i.startswith("play:")]
    if plays:
        return plays[0]
    if any(i.startswith("use:") for i in ids) or "done" not in ids:
        return None
    return "done"


def _no_last_fort(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """In the last round a Blanket Fort protects nothing (the game ends after the battle):
    leave it as it is instead of asking."""
    ask = decision.ask(seat)
    if ask.kind != "fort":
        return None
    tk = view.get("timekeeper") or {}
    track = tk.get("track") or []
    position = tk.get("position")
    if not isinstance(position, int):
        return None
    if position + 1 < len(track) and track[position + 1] != "end":  # not the last round
        return None
    return "fort-keep" if any(o.id == "fort-keep" for o in ask.options) else None


PREFERENCES = {
    "play-all": (
        "in a Power Up, play every playable card in the order offered, then finish",
        _play_all,
        False,
    ),
    "skip-last-fort": (
        "in the last round, leave your Blanket Fort as it is without asking",
        _no_last_fort,
        True,
    ),
}
