"""Terminal renderer of Quests of the Librarian: the board as one seat sees it.

Draws, from `state.view(seat)` only: the turn, phase and Leader; the Prize and what it does;
the decks and the Fate cards; the Initiative rolls; the card being played and the Escapes
against it; every player's hand size, artifacts (with what they do) and the cards of their
hand this seat knows; this seat's hand grouped by suit with the suits a meld still lacks; the
deck cards this seat has seen; and the last few log lines with their rule ids.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

SCORE_LABEL = "artifacts"
# Display order of the eight suits (the rulebook's Action deck list).
SUITS = ("travel", "companion", "knowledge", "location", "danger", "foe", "puzzle", "escape")
RECENT = 5


def _who(seat: int) -> str:
    return f"P{seat + 1}"


def card_text(card: dict[str, Any] | None) -> str:
    """`Canoe (Travel)` for an Action card, `Excalibur (Arthurian)` for an artifact."""
    if not card:
        return "-"
    kind = card.get("suit") or card.get("type") or ""
    return f"{card.get('name', '?')} ({str(kind).title()})" if kind else str(card.get("name"))


def artifact_text(card: dict[str, Any]) -> str:
    text = f"{card_text(card)}: {card.get('ability', '')}"
    if card.get("spent"):
        text += " [Limited Meld used]"
    return text


def _cards(cards: list[dict[str, Any]]) -> str:
    return ", ".join(card_text(c) for c in cards) if cards else "-"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _header(view: dict[str, Any], console: Console) -> None:
    phase = str(view.get("phase", "")).title()
    title = f"Turn {view.get('turn', '?')} · {phase} phase"
    if view.get("phase") != "initiative":  # the Leader of this turn is not known yet
        title += f" · Leader {_who(view.get('leader', 0))}"
    title += f" · first to {view.get('artifacts_to_win', '?')} artifacts wins"
    console.rule(Text(title, style="bold"))
    prize = view.get("prize")
    if prize:
        console.print(
            Text.assemble(
                ("Prize: ", "bold"),
                (card_text(prize), "bold magenta"),
                f" — {prize.get('ability', '')}",
            )
        )
    else:
        console.print(Text("Prize: none (the Artifact deck is empty)"))
    discard = view.get("discard") or []
    decks = (
        f"Action deck {view.get('action_deck', '?')} · "
        f"Artifact deck {view.get('artifact_deck', '?')} · discard pile {len(discard)}"
    )
    if discard:
        decks += f" (top: {card_text(discard[-1])})"
    console.print(Text(decks))


def _table_state(view: dict[str, Any], console: Console) -> None:
    fate = view.get("fate") or []
    if fate:
        console.print(Text.assemble(("Fate cards: ", "bold"), _cards(fate)))
    seats = view.get("seats") or []
    if view.get("phase") == "initiative":
        rolls = [f"{s['name']} {s['initiative']}" for s in seats if s.get("initiative")]
        if rolls:
            console.print(Text.assemble(("Initiative rolls: ", "bold"), " · ".join(rolls)))
    playing = view.get("playing")
    if playing:
        line = f"{_who(playing['by'])} is playing a {str(playing['suit']).title()} card"
        if playing.get("target") is not None:
            line += f" at {_who(playing['target'])}"
        escapes = playing.get("escapes") or []
        if escapes:
            line += "; Escaped by " + ", ".join(_who(p) for p in escapes)
            line += " (negated for now)" if len(escapes) % 2 else " (in force again)"
        console.print(Text.assemble(("In play: ", "bold yellow"), line))
    revealed = view.get("revealed") or []
    if revealed:
        console.print(Text.assemble(("Turned over: ", "bold"), _cards(revealed)))


def _players(view: dict[str, Any], console: Console) -> None:
    """One block per player: hand size and limit, artifacts toward victory, each artifact with
    what it does, and the cards of that hand the viewer knows. Plain indented lines rather
    than a table, so long abilities wrap cleanly on a narrow terminal."""
    viewer = view.get("viewer")
    for seat in view.get("seats") or []:
        mine = seat.get("seat") == viewer
        tags = ["you"] if mine else []
        if seat.get("seat") == view.get("leader") and view.get("phase") != "initiative":
            tags.append("Leader")
        label = seat.get("name", _who(seat.get("seat", 0)))
        label += f" ({', '.join(tags)})" if tags else ""
        artifacts = seat.get("artifacts", 0)
        console.print(
            Text.assemble(
                (label, "bold"),
                f" · hand {seat.get('hand_size', '?')}/{seat.get('hand_limit', '?')}",
                f" · {artifacts} artifact{'' if artifacts == 1 else 's'}",
            )
        )
        for artifact in seat.get("library") or []:
            console.print(Padding(Text(artifact_text(artifact)), (0, 0, 0, 4)))
        known = seat.get("known") or []
        if known and not mine:
            console.print(
                Padding(Text(f"you know in this hand: {_cards(known)}", style="cyan"), (0, 0, 0, 4))
            )


def _hand(view: dict[str, Any], console: Console) -> None:
    viewer = view.get("viewer")
    seats = view.get("seats") or []
    if viewer is None or not 0 <= viewer < len(seats):
        return
    hand = seats[viewer].get("hand") or []
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for card in hand:
        by_suit.setdefault(str(card.get("suit")), []).append(str(card.get("name")))
    missing = [s.title() for s, cards in by_suit.items() if not cards]
    head = f"Your hand: {len(hand)} cards"
    head += (
        f"; a meld still lacks {', '.join(missing)}"
        if missing
        else "; one of every suit, enough for a meld"
    )
    console.print(Text(head, style="bold"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("suit", no_wrap=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("cards", overflow="fold")
    for suit, cards in by_suit.items():
        table.add_row(suit.title(), str(len(cards)), Text(", ".join(cards) if cards else "-"))
    console.print(table)


def _known_decks(view: dict[str, Any], console: Console) -> None:
    actions = view.get("action_deck_known") or []
    if actions:
        seen = ", ".join(f"{_ordinal(c['from_top'])} {card_text(c)}" for c in actions)
        console.print(Text.assemble(("You know in the Action deck: ", "bold"), seen))
    artifacts = view.get("artifact_deck_known") or []
    if artifacts:
        seen = "; ".join(f"{_ordinal(c['from_top'])} {artifact_text(c)}" for c in artifacts)
        console.print(Text.assemble(("You know in the Artifact deck: ", "bold"), seen))


def _recent(view: dict[str, Any], console: Console) -> None:
    log = view.get("log") or []
    if not log:
        return
    console.print(Text("Recent:", style="bold"))
    for entry in log[-RECENT:]:
        console.print(
            Text.assemble(("  " + str(entry.get("text", "")), ""), (f"  ({entry['rule']})", "dim"))
        )


def render(view: dict[str, Any], console: Console) -> None:
    _header(view, console)
    _table_state(view, console)
    _players(view, console)
    _hand(view, console)
    _known_decks(view, console)
    _recent(view, console)
