"""Terminal renderer of Quests of the Librarian: the board as one seat sees it.

Draws, from `state.view(seat)` only: the turn, phase and Leader; the Prize and what it does;
the decks and the Fate cards; the Initiative rolls; the card being played and the Escapes
against it; every player's hand size, artifacts (with what they do) and the cards of their
hand this seat knows; this seat's hand grouped by suit, each suit with what its cards do, and
the suits a meld still lacks; the deck cards this seat has seen; and the last few log lines
with their rule ids when the view holds a log.

Every line fits the terminal's width (cut with an ellipsis): at 80 columns a 3-player board
takes about 12 lines (and 6 for the log when the view holds one); at 120 the effect texts
show whole; from 160 columns the table and the players stand left of your hand. Suits and
artifact types have colours, which piped output leaves out.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.ui.style import (
    artifact_style,
    blocks,
    clip,
    emit,
    join,
    label,
    lay_out,
    plural,
    short_effect,
    suit_style,
    wrap,
)

SCORE_LABEL = "artifacts"
# Display order of the eight suits (the rulebook's Action deck list).
SUITS = ("travel", "companion", "knowledge", "location", "danger", "foe", "puzzle", "escape")
RECENT = 5
# From this many columns the table and players stand left of the hand; below it one column
# (at 120 a single column shows the effect texts whole, which two columns of 58 would cut).
SIDE_BY_SIDE = 160


def _who(seat: int) -> str:
    return f"P{seat + 1}"


def card_text(card: dict[str, Any] | None) -> str:
    """`Canoe (Travel)` for an Action card, `Excalibur (Arthurian)` for an artifact."""
    if not card:
        return "-"
    kind = card.get("suit") or card.get("type") or ""
    return f"{card.get('name', '?')} ({str(kind).title()})" if kind else str(card.get("name"))


def card(card: dict[str, Any] | None) -> Text:
    """`card_text` in the colour of the card's suit or artifact type."""
    if not card:
        return Text("-")
    style = suit_style(card.get("suit")) if card.get("suit") else artifact_style(card.get("type"))
    return Text(card_text(card), style=style)


def artifact_text(card: dict[str, Any]) -> str:
    text = f"{card_text(card)}: {card.get('ability', '')}"
    if card.get("spent"):
        text += " [Limited Meld used]"
    return text


def artifact(card: dict[str, Any]) -> Text:
    t = Text(card_text(card), style=artifact_style(card.get("type")))
    t.append(f": {card.get('ability', '')}")
    if card.get("spent"):
        t.append(" [Limited Meld used]", style="dim")
    return t


def _cards(cards: list[dict[str, Any]]) -> Text:
    return join(card(c) for c in cards) if cards else Text("-")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _title(view: dict[str, Any]) -> Text:
    phase = str(view.get("phase", "")).title()
    title = f"Turn {view.get('turn', '?')} · {phase} phase"
    if view.get("phase") != "initiative":  # the Leader of this turn is not known yet
        title += f" · Leader {_who(view.get('leader', 0))}"
    title += f" · first to {view.get('artifacts_to_win', '?')} artifacts wins"
    return Text(title, style="bold")


def _table_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The Prize, the decks, the Fate cards, the Initiative rolls and the card in play."""
    lines: list[Text] = []
    prize = view.get("prize")
    if prize:
        t = label(
            "Prize: ", Text(card_text(prize), style=f"bold {artifact_style(prize.get('type'))}")
        )
        t.append(f" — {prize.get('ability', '')}")
        lines.append(t)
    else:
        lines.append(Text("Prize: none (the Artifact deck is empty)"))
    discard = view.get("discard") or []
    decks = Text(
        f"Action deck {view.get('action_deck', '?')} · "
        f"Artifact deck {view.get('artifact_deck', '?')} · discard pile {len(discard)}"
    )
    if discard:
        decks.append(" (top: ")
        decks.append_text(card(discard[-1]))
        decks.append(")")
    lines.append(clip(decks, width))
    fate = view.get("fate") or []
    if fate:
        lines.append(label("Fate cards: ", _cards(fate)))
    seats = view.get("seats") or []
    if view.get("phase") == "initiative":
        rolls = [f"{s['name']} {s['initiative']}" for s in seats if s.get("initiative")]
        if rolls:
            lines.append(label("Initiative rolls: ", " · ".join(rolls)))
    playing = view.get("playing")
    if playing:
        suit = str(playing.get("suit", ""))
        t = Text(f"{_who(playing.get('by', 0))} is playing a ")
        t.append(f"{suit.title()} card", style=f"bold {suit_style(suit)}")
        if playing.get("target") is not None:
            t.append(f" at {_who(playing['target'])}")
        escapes = playing.get("escapes") or []
        if escapes:
            t.append("; Escaped by " + ", ".join(_who(p) for p in escapes))
            t.append(" (negated for now)" if len(escapes) % 2 else " (in force again)")
        lines.append(label("In play: ", t, "bold yellow"))
    revealed = view.get("revealed") or []
    if revealed:
        lines.append(label("Turned over: ", _cards(revealed)))
    return [out for line in lines for out in wrap(line, width)]


def _player_lines(view: dict[str, Any], width: int) -> list[Text]:
    """A line per player: hand size and limit, artifacts toward victory, the cards of that
    hand the viewer knows; then a line per artifact with what it does."""
    viewer = view.get("viewer")
    lines: list[Text] = []
    for seat in view.get("seats") or []:
        mine = seat.get("seat") == viewer
        tags = ["you"] if mine else []
        if seat.get("seat") == view.get("leader") and view.get("phase") != "initiative":
            tags.append("Leader")
        name = seat.get("name", _who(seat.get("seat", 0)))
        name += f" ({', '.join(tags)})" if tags else ""
        artifacts = seat.get("artifacts", 0)
        t = Text.assemble(
            (name, "bold"),
            f" · hand {seat.get('hand_size', '?')}/{seat.get('hand_limit', '?')}",
            f" · {artifacts} artifact{'' if artifacts == 1 else 's'}",
        )
        lines.append(clip(t, width))
        for item in seat.get("library") or []:
            lines.append(clip(Text("   ") + artifact(item), width))
        known = seat.get("known") or []
        if known and not mine:
            lines += wrap(label("   you know in this hand: ", _cards(known), "cyan"), width, 6)
    return lines


def _hand_lines(view: dict[str, Any], width: int) -> list[Text]:
    """This seat's hand, one line per suit it holds: the suit, its cards, what they do."""
    viewer = view.get("viewer")
    seats = view.get("seats") or []
    if not isinstance(viewer, int) or not 0 <= viewer < len(seats):
        return []
    hand = seats[viewer].get("hand") or []
    by_suit: dict[str, list[dict[str, Any]]] = {s: [] for s in SUITS}
    for c in hand:
        by_suit.setdefault(str(c.get("suit")), []).append(c)
    missing = [s.title() for s, cards in by_suit.items() if not cards]
    head = Text(f"Your hand: {plural(len(hand), 'card')}", style="bold")
    if missing:
        head.append("; a meld still lacks ")
        head.append_text(join(Text(s, style=suit_style(s.lower())) for s in missing))
    else:
        head.append("; one of every suit, enough for a meld")
    lines = [clip(head, width)]
    held = [(s, cards) for s, cards in by_suit.items() if cards]
    names = [", ".join(str(c.get("name", "?")) for c in cards) for _, cards in held]
    lead = 14  # "  Knowledge 3 "
    # The card names' column: as wide as the longest, leaving room for some effect text;
    # names never get cut: a suit with more names than fit goes on over more lines.
    name_w = max(min(max((len(n) for n in names), default=0), width - lead - 24), 12)
    for (suit, cards), text in zip(held, names, strict=True):
        t = Text(f"  {suit.title():<10}", style=f"bold {suit_style(suit)}")
        t.append(f"{len(cards)} ")
        cells = wrap(Text(text, style=suit_style(suit)), name_w, indent=0, most=len(text))
        first = cells[0]
        first.pad_right(name_w - first.cell_len)
        t.append_text(first)
        effect = short_effect("quests", suit)
        if effect:
            t.append("  " + effect, style="dim")
        lines.append(clip(t, width))
        lines += [clip(Text(" " * lead) + cell, width) for cell in cells[1:]]
    return lines


def _known_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    actions = view.get("action_deck_known") or []
    if actions:
        seen = join(Text(f"{_ordinal(c['from_top'])} ") + card(c) for c in actions)
        lines.append(label("You know in the Action deck: ", seen))
    artifacts = view.get("artifact_deck_known") or []
    if artifacts:
        seen = join((Text(f"{_ordinal(c['from_top'])} ") + artifact(c) for c in artifacts), "; ")
        lines.append(label("You know in the Artifact deck: ", seen))
    return [out for line in lines for out in wrap(line, width)]


def _recent_lines(view: dict[str, Any], width: int) -> list[Text]:
    log = view.get("log") or []
    if not log:
        return []
    lines = [Text("Recent:", style="bold")]
    for entry in log[-RECENT:]:
        t = Text("  " + str(entry.get("text", "")))
        t.append(f"  ({entry.get('rule', '')})", style="dim")
        lines.append(clip(t, width))
    return lines


def board_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The board under its title, as lines no wider than `width`."""
    left_w, right_w, _ = blocks(width, SIDE_BY_SIDE)
    left = _table_lines(view, left_w) + _player_lines(view, left_w)
    right = _hand_lines(view, right_w) + _known_lines(view, right_w)
    return lay_out(left, right, width, SIDE_BY_SIDE) + _recent_lines(view, width)


def render(view: dict[str, Any], console: Console) -> None:
    console.rule(_title(view))
    emit(console, board_lines(view, console.width))


# -- what is happening now (the full-screen table pins it by the question) --------------------
MOMENT_WIDTH = 78


def _short(text: str) -> str:
    return text if len(text) <= MOMENT_WIDTH else text[: MOMENT_WIDTH - 1] + "…"


def _named(seat: object, viewer: object) -> str:
    return "you" if seat == viewer else _who(seat if isinstance(seat, int) else 0)


def _mine(view: dict[str, Any]) -> dict[str, Any]:
    seats = view.get("seats") or []
    viewer = view.get("viewer")
    return seats[viewer] if isinstance(viewer, int) and 0 <= viewer < len(seats) else {}


def _in_play(view: dict[str, Any], seat: int) -> str | None:
    """'P2 plays Ghosts (Danger) at you; P3 escaped it' from the view's card in play."""
    playing = view.get("playing") or {}
    if not playing:
        return None
    discard = view.get("discard") or []
    escapes = playing.get("escapes") or []
    depth = 1 + len(escapes)
    first = discard[-depth] if len(discard) >= depth else None
    name = str(first.get("name", "a card")) if first else "a card"
    suit = str(playing.get("suit", "")).title()
    by = playing.get("by")
    text = f"{'You play' if by == seat else _who(by or 0) + ' plays'} {name} ({suit})"
    if playing.get("target") is not None:
        text += f" at {_named(playing['target'], seat)}"
    if escapes:
        text += "; Escaped by " + ", ".join(_named(q, seat) for q in escapes)
        text += " (negated for now)" if len(escapes) % 2 else " (in force again)"
    return text


def moment(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """One line on what this question is about: who plays what at whom, who leads the
    Initiative, what the meld would win; None where the last log line says it."""
    ask = decision.ask(seat)
    kind = ask.kind
    prize = (view.get("prize") or {}).get("name")
    me = _mine(view)
    hand = me.get("hand") or []
    if kind == "escape":
        return _short(_in_play(view, seat) or ask.prompt)
    if kind == "initiative":
        rolls = [
            f"{_named(s.get('seat'), seat)} {s['initiative']}"
            for s in view.get("seats") or []
            if s.get("initiative")
        ]
        return _short("Initiative dice: " + " · ".join(rolls)) if rolls else None
    if kind == "target":
        discard = view.get("discard") or []
        top = card_text(discard[-1]) if discard else "a card"
        return _short(f"You play {top}: choose its target")
    if kind in ("meld", "limited-meld"):
        have = f"{me.get('artifacts', 0)} of {view.get('artifacts_to_win', '?')} artifacts"
        return _short(f"Meld phase: the Prize is {prize or 'gone'}; you hold {have}")
    if kind == "hand-limit":
        return _short(
            f"End phase: you hold {len(hand)} cards, your limit is {me.get('hand_limit', '?')}"
        )
    if kind == "adventure":
        fate = view.get("fate") or []
        return _short(f"Adventure phase: {plural(len(fate), 'Fate card')} left to take")
    if kind == "action":
        leader = view.get("leader")
        return _short(
            f"Turn {view.get('turn', '?')} Action phase, Leader {_named(leader, seat)}: "
            f"{plural(len(hand), 'card')} in hand; Prize {prize or '-'}"
        )
    return None


# -- preferences (see tabletop.ui.prefs) ------------------------------------------------------
def _auto_pass_escape(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """Pass an Escape window unless the card in play targets this seat or is its own."""
    if decision.ask(seat).kind != "escape":
        return None
    playing = view.get("playing") or {}
    if seat in (playing.get("target"), playing.get("by")):
        return None
    return "pass"


_LEADING = re.compile(r"^Initiative \(you lead with")
_BEHIND = re.compile(r"^Initiative \(you rolled (\d+), .* (?:leads with|tie at) (\d+)\)")


def _auto_pass_initiative(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """Pass the Initiative window when no card can help you: you already lead outright (a
    card could only undo it; if someone changes the dice you are asked again), or you hold
    no Companion and even all your Travel cards cannot reach the best roll."""
    ask = decision.ask(seat)
    if ask.kind != "initiative" or not any(o.id == "pass" for o in ask.options):
        return None
    if _LEADING.match(ask.prompt):
        return "pass"
    behind = _BEHIND.match(ask.prompt)
    if behind is None or any(o.id == "play:companion" for o in ask.options):
        return None
    travels = sum(1 for c in _mine(view).get("hand") or [] if c.get("suit") == "travel")
    mine, best = int(behind.group(1)), int(behind.group(2))
    return "pass" if mine + travels < best else None


PREFERENCES = {
    "auto-pass-escape": (
        "pass Escape windows unless the card just played targets you (or is yours)",
        _auto_pass_escape,
        True,
    ),
    "auto-pass-initiative": (
        "pass the Initiative window when you already lead, or no card of yours can get you "
        "the lead",
        _auto_pass_initiative,
        True,
    ),
}
