"""Quests of the Librarian: the words of the questions that depend on the moment (who plays
what at whom, who leads the Initiative, why a card must go), so that a question says what it
is about without a look at the board. Plain text only: names, never card ids."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.quests.rules import (
    COMPANION,
    DANGER,
    DISCARD_PILE,
    FOE,
    KNOWLEDGE,
    LOCATION,
    NAMES,
    PUZZLE,
    SUITS,
    TRAVEL,
    who,
)

if TYPE_CHECKING:
    from tabletop.games.quests.rules import QuestsState

CANCEL = "cancel it with an Escape card?"
# A state without a log (a search's or a simulation's copy, which nobody reads) asks in the
# short words below: the questions' words cost time at every card played, and only people
# read them. Options, ids and answers are the same either way.
INITIATIVE_PROMPT = "Initiative: play a Travel or Companion card, or pass"


def whom(q: int, viewer: int) -> str:
    """'you' to the seat itself, 'P3' to the others."""
    return "you" if q == viewer else who(q)


def whose(q: int, viewer: int) -> str:
    return "your" if q == viewer else f"{who(q)}'s"


def played(suit: int, p: int, target: int, name: str, viewer: int) -> str:
    """'P2 plays Ghosts (Danger) at you', 'P3 plays Judson (Companion) to re-roll P1's die'."""
    verb = "You play" if p == viewer else f"{who(p)} plays"
    head = f"{verb} {name} ({SUITS[suit].title()})"
    if suit in (DANGER, FOE, LOCATION) and target >= 0:
        return f"{head} at {whom(target, viewer)}"
    if suit == COMPANION and target >= 0:
        return f"{head} to re-roll {whose(target, viewer)} die"
    if suit == TRAVEL:
        return f"{head} for +1 to {'your' if p == viewer else 'their'} Initiative"
    if suit == KNOWLEDGE:
        return f"{head} to look at the next 7 Action cards"
    if suit == PUZZLE:
        return f"{head} to draw a card"
    return head


def escape_prompt(
    s: QuestsState, about: tuple[int, int, int], chain: tuple[int, ...], q: int
) -> str:
    """Seat `q`'s question in an Escape window: what was just played, by whom, at whom.
    The card played, then each Escape against it, lie on top of the discard pile."""
    suit, p, target = about
    pile = s.zones.cards[DISCARD_PILE]
    depth = len(chain)
    if len(pile) < depth:  # (never: the cards of the chain are the top of the pile)
        return f"{who(chain[-1])} just played a card: {CANCEL}"
    if depth == 1:
        return f"{played(suit, p, target, NAMES[pile[-1]], q)}: {CANCEL}"
    first = NAMES[pile[-depth]]
    e, before = chain[-1], chain[-2]
    against = first if depth == 2 else f"{NAMES[pile[-2]]} (Escape)"
    negated = f"{whose(before, q)} {against}"
    head = "You play" if e == q else f"{who(e)} plays"
    return f"{head} {NAMES[pile[-1]]} (Escape) to negate {negated}: {CANCEL}"


def escape_summary(s: QuestsState, about: tuple[int, int, int], chain: tuple[int, ...]) -> str:
    """The window as a spectator sees it asked."""
    return escape_prompt(s, about, chain, -1)


def standing(s: QuestsState, p: int) -> str:
    """Who leads the Initiative as `p` sees the dice: 'you lead with 5', 'you rolled 2, P3
    leads with 6', 'P1 and P2 tie at 4'."""
    contenders = [q for q in range(s.num_players) if (s.contenders >> q) & 1]
    if not contenders:
        return "no dice rolled"
    best = max(s.rolls[q] for q in contenders)
    top = [q for q in contenders if s.rolls[q] == best]
    if top == [p]:
        return f"you lead with {best}"
    if len(top) > 1:
        lead = f"{' and '.join(whom(q, p) for q in top)} tie at {best}"
    else:
        lead = f"{who(top[0])} leads with {best}"
    if p in contenders and p not in top:
        return f"you rolled {s.rolls[p]}, {lead}"
    return lead


def initiative_prompt(s: QuestsState, p: int) -> str:
    return f"Initiative ({standing(s, p)}): play a Travel or Companion card, or pass"


def hand_limit_prompt(p: int, held: int, limit: int) -> str:
    over = held - limit
    left = f" ({over} to go)" if over > 1 else ""
    return (
        f"End phase: {who(p)} holds {held} cards, over the hand limit of {limit}: "
        f"discard a card{left}"
    )
