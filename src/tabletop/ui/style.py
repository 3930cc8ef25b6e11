"""What the renderers share: colours by suit, card type and family; short effect texts; lines
cut to the width; and a layout of full-width lines plus two blocks side by side on a wide
terminal.

Every board line is built as a `rich.text.Text` no wider than the room it has, so nothing
wraps: at 80 columns no line is longer than 80 characters, and a long text ends in an ellipsis
(the `card NAME` command gives it whole). Styles are rich styles: on a terminal they colour,
and rich drops them (no escape codes at all) when the output is not a terminal or colour is
turned off (`NO_COLOR`), so piped output is plain text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.engine.errors import TabletopError
from tabletop.engine.texts import CardText, all_cards

ELLIPSIS = "…"
WIDE = 120  # from this many columns a board draws two blocks side by side
GAP = 3  # columns between the two blocks

# -- colours ----------------------------------------------------------------------------------

# Quests of the Librarian: the eight suits of Action cards, and the artifact types.
SUIT_STYLE = {
    "travel": "green",
    "companion": "bright_green",
    "knowledge": "blue",
    "location": "cyan",
    "danger": "red",
    "foe": "bright_red",
    "puzzle": "yellow",
    "escape": "magenta",
}
ARTIFACT_STYLE = {
    "biblical": "bright_white",
    "greek": "bright_cyan",
    "arthurian": "bright_blue",
    "renaissance": "bright_magenta",
    "modern": "bright_green",
    "atlantis": "cyan",
    "gold": "bright_yellow",
}

# The Guardians: Explore: monster families, skill classes, familiar families, card types.
FAMILY_STYLE = {
    "zombie": "green",
    "orc": "red",
    "robot": "cyan",
    "warlock": "magenta",
    "spider": "yellow",
    "fiend": "bright_red",
}
GROUP_STYLE = {
    "knight": "bright_red",
    "wizard": "bright_blue",
    "archer": "bright_green",
    "rogue": "bright_magenta",
    "bug": "yellow",
    "plant": "green",
    "wolf": "white",
    "tiger": "bright_yellow",
}
TYPE_STYLE = {
    "generic": "",
    "skill": "bright_white",
    "item": "yellow",
    "familiar": "green",
    "coward": "bold red",
}
SEAT_STYLE = {  # the Guardians player colours
    "red": "red",
    "black": "bright_black",
    "green": "green",
    "blue": "blue",
    "yellow": "yellow",
}


def suit_style(suit: object) -> str:
    return SUIT_STYLE.get(str(suit), "")


def artifact_style(kind: object) -> str:
    return ARTIFACT_STYLE.get(str(kind), "")


def family_style(family: object) -> str:
    return FAMILY_STYLE.get(str(family), "")


def guardians_card_style(card: dict[str, object]) -> str:
    """A card's colour: its class or familiar family, else its type; SUPER cards bold."""
    style = GROUP_STYLE.get(str(card.get("group")), "") or TYPE_STYLE.get(str(card.get("type")), "")
    return f"bold {style}".strip() if card.get("super") else style


# -- short effect texts -----------------------------------------------------------------------


@cache
def _texts(game_id: str) -> dict[str, CardText]:
    """The game's card texts by slug and by lower-case name; empty when it has none."""
    try:
        cards = all_cards(game_id)
    except TabletopError:
        return {}
    out: dict[str, CardText] = {}
    for c in cards:
        out.setdefault(c.slug, c)
        out.setdefault(c.name.casefold(), c)
    return out


def card_info(game_id: str, key: object) -> CardText | None:
    """The text of a card (by slug or name, any case), or None when it has none."""
    if not isinstance(key, str):
        return None
    return _texts(game_id).get(key) or _texts(game_id).get(key.casefold())


# Texts that say a card does nothing beyond its numbers: no effect shown beside it.
_NOTHING = ("Only its", "A starting card", "No special ability", "A big hit")
# "Action phase: discard it to see..." -> "Action: see...", "Out of turn: cancel..."
_WHEN = re.compile(r"^(\w+(?: \w+){0,2}?)(?: phase)?: discard it (?:to |for )?")


def first_clause(text: str) -> str:
    """The first sentence of an effect text, without its asides in brackets."""
    text = re.sub(r"\s*\([^)]*\)", "", text).strip()
    m = re.search(r"[.;](\s|$)", text)
    return (text[: m.start()] if m else text).strip()


@cache
def short_effect(game_id: str, key: str) -> str:
    """A card's effect in a few words (the first clause of its text, in our own words), or ""
    when the card does nothing beyond the numbers shown beside its name."""
    info = card_info(game_id, key)
    if info is None or info.text.startswith(_NOTHING):
        return ""
    return first_clause(_WHEN.sub(r"\1: ", info.text))


# -- lines to the width -----------------------------------------------------------------------


def clip(text: Text | str, width: int) -> Text:
    """`text` on one line of at most `width` cells, ending in an ellipsis if it was cut."""
    t = Text(text) if isinstance(text, str) else text.copy()
    t.plain = t.plain.replace("\n", " ")
    if t.cell_len > width:
        t.truncate(max(width, 1), overflow="ellipsis")
    return t


_MEASURE = Console(width=400, color_system=None, highlight=False)


def wrap(text: Text | str, width: int, indent: int = 4, most: int = 3) -> list[Text]:
    """`text` over lines of at most `width` cells, the later ones indented; at most `most`
    lines, the last cut with an ellipsis if the text goes on."""
    t = Text(text) if isinstance(text, str) else text.copy()
    first = t.wrap(_MEASURE, max(width, 1), overflow="fold")
    if len(first) <= 1:
        return [clip(line, width) for line in first] or [Text()]
    head = first[0]
    rest = t[len(head.plain) :]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip()) :]
    lines = [clip(head.copy(), width)]
    pad = " " * indent
    for line in rest.wrap(_MEASURE, max(width - indent, 1), overflow="fold"):
        lines.append(Text(pad) + line)
    for line in lines:
        line.rstrip()
    if len(lines) > most:
        last = lines[most - 1]
        last.truncate(max(width - 2, 1))
        last.rstrip()
        last.append(" " + ELLIPSIS)
        lines = lines[:most]
    return [clip(line, width) for line in lines]


def join(parts: Iterable[Text | str], sep: str = ", ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append(part if isinstance(part, Text) else Text(part))
    return out


def label(head: str, body: Text | str, style: str = "bold") -> Text:
    """`head` in its style, then `body`: `Prize: ...`."""
    return Text.assemble((head, style), body if isinstance(body, Text) else Text(body))


def grid(
    items: Sequence[Text],
    width: int,
    min_col: int = 34,
    indent: int = 2,
    lead: Text | None = None,
    max_cols: int = 2,
) -> list[Text]:
    """Items laid out in as many equal columns as fit `width` (each at least `min_col`, at
    most `max_cols`), read row by row, each cut to its column; `lead` (a label) begins the
    first line, and the others are indented as far."""
    if lead is not None:
        indent = lead.cell_len
    room = max(width - indent, 1)
    cols = max(1, min(len(items) or 1, room // min_col, max_cols))
    col_w = room // cols
    lines: list[Text] = []
    for start in range(0, len(items), cols):
        line = lead.copy() if lead is not None and not start else Text(" " * indent)
        row = items[start : start + cols]
        for i, item in enumerate(row):
            cell = clip(item, col_w - (1 if i < len(row) - 1 else 0))
            if i < len(row) - 1:
                cell.pad_right(col_w - cell.cell_len)
            line.append_text(cell)
        lines.append(line)
    return lines


def side_by_side(left: list[Text], right: list[Text], left_w: int, gap: int = GAP) -> list[Text]:
    lines = []
    for i in range(max(len(left), len(right))):
        a = left[i].copy() if i < len(left) else Text()
        a.pad_right(left_w - a.cell_len)
        if i < len(right):
            a.append(" " * gap)
            a.append_text(right[i])
        a.rstrip()
        lines.append(a)
    return lines


def blocks(width: int, wide: int = WIDE) -> tuple[int, int, bool]:
    """The widths of the left and right blocks, and whether they stand side by side (from
    `wide` columns on)."""
    if width >= wide:
        left = (width - GAP) // 2
        return left, width - GAP - left, True
    return width, width, False


def lay_out(left: list[Text], right: list[Text], width: int, wide: int = WIDE) -> list[Text]:
    """Two blocks built for `blocks(width, wide)`: side by side on a wide terminal, else
    stacked."""
    left_w, _, side = blocks(width, wide)
    return side_by_side(left, right, left_w) if side else left + right


def emit(console: Console, lines: Iterable[Text]) -> None:
    """Print board lines as they are: never wrapped, cut at the console's width if need be."""
    for line in lines:
        console.print(line, no_wrap=True, overflow="ellipsis", crop=True, soft_wrap=False)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


__all__ = [
    "card_info",
    "clip",
    "emit",
    "first_clause",
    "grid",
    "lay_out",
    "short_effect",
]


# -- reading a view's values defensively (a renderer never trusts a field's type) -------------
def as_int(value: object, default: int = 0) -> int:
    """`value` when it is an int (a bool is not), else `default`."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_str(value: object, default: str = "?") -> str:
    return value if isinstance(value, str) else default


def as_dicts(value: object) -> list[dict[str, Any]]:
    """The dicts of a list (nothing when it is not a list)."""
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def as_strs(value: object) -> list[str]:
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []
