"""Hot-seat: several people at one screen never see each other's hands."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from rich.console import Console
from typer.testing import Result

from tabletop.engine import new_game
from tabletop.games.quests.content import load
from tabletop.ui.terminal import CLEAR_ALL, Session, make_seats

Run = Callable[..., Result]
SEED = 4


def opening_hand(seat: int, players: int = 2) -> list[str]:
    """Names of `seat`'s dealt cards that cannot be mistaken for part of another name."""
    view = new_game("quests", players, seed=SEED).view(seat)
    names = [c.name for c in load().actions]
    hand = [c["name"] for c in view["seats"][seat]["hand"]]
    return [n for n in hand if not any(n != m and n in m for m in names)]


def test_a_hand_is_shown_only_after_its_hand_off(tabletop: Run) -> None:
    result = tabletop(
        [
            "play",
            "quests",
            "--players",
            "2",
            "--seats",
            "human,human",
            "--seed",
            str(SEED),
            "-o",
            "turn_limit=2",
            "--pref",
            "no-auto-pass-initiative",  # P1 is asked first, then P2
        ],
        "1\n" * 2000,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    handoffs = [(m.start(), m.group(1)) for m in re.finditer(r"Pass the screen to (P\d)", out)]
    assert [who for _, who in handoffs[:3]] == ["P1", "P2", "P1"]
    to_p2, back_to_p1 = handoffs[1][0], handoffs[2][0]
    p1_cards, p2_cards = opening_hand(0), opening_hand(1)
    assert len(p1_cards) >= 4 and len(p2_cards) >= 4
    # Before P2 takes the screen: P1's hand was on it, none of P2's cards were.
    before = out[:to_p2]
    assert "P1 is dealt a card" in before and "P2 is dealt a card" in before
    assert all(name in before for name in p1_cards)
    assert [name for name in p2_cards if name in before] == []
    # After the hand-off P2 sees their own hand, and the deal in their own words.
    p2_turn = out[to_p2:back_to_p1]
    assert any(name in p2_turn for name in p2_cards)
    assert "P2 is dealt" in p2_turn
    assert "Your hand:" in p2_turn


def test_each_person_answers_an_escape_window_after_a_hand_off(tabletop: Run) -> None:
    """A bot's card opens a window to both people: each gets the screen in turn, even one
    whose only answer is Pass (so the others cannot tell who holds an Escape)."""
    result = tabletop(
        [
            "play",
            "quests",
            "--players",
            "3",
            "--seats",
            "human,human,heuristic",
            "--seed",
            "3",
            "-o",
            "turn_limit=2",
        ],
        "1\n" * 2000,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    window = re.search(
        r"Pass the screen to P1 and press Enter.*?P3 plays ([^\n]+?) at [^\n]*?"
        r"cancel it with an Escape card\?.*?"
        r"Pass the screen to P2 and press Enter.*?P3 plays \1 at [^\n]*?"
        r"cancel it with an Escape card\?",
        out,
        re.S,
    )
    assert window is not None
    assert "Your only option is Pass: press Enter" in out
    assert "Game over" in out


def hotseat_transcript(terminal: bool) -> str:
    """What a 2-person hot-seat game writes to a terminal (or to a pipe) as it is played."""
    state = new_game("quests", 2, seed=SEED, options={"turn_limit": 2})
    agents, specs = make_seats("quests", 2, "human,human", SEED)
    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=terminal, color_system=None)
    session = Session(state, agents, specs, console, io.StringIO("1\n" * 2000))
    assert session.run() == 0 and state.is_over
    return out.getvalue()


def test_a_hand_off_on_a_terminal_clears_the_screen_and_the_scrollback() -> None:
    out = hotseat_transcript(terminal=True)
    assert CLEAR_ALL == "\x1b[H\x1b[2J\x1b[3J"  # E3 (3J) clears the scrollback
    handoffs = re.findall(r"Pass the screen to P\d and press Enter", out)
    assert len(handoffs) >= 3
    # Every hand-off: clear (the previous hand goes), a rule, the question, clear again (so
    # the question does not stay above the next person's screen either).
    clear = re.escape(CLEAR_ALL)
    framed = re.findall(rf"{clear}─+\nPass the screen to P\d and press Enter 1\n{clear}", out)
    assert len(framed) == len(handoffs)
    assert out.count(CLEAR_ALL) == 2 * len(handoffs)
    # P2's cards appear only after the first hand-off to P2 has cleared the screen.
    hand_off_to_p2 = out.index("Pass the screen to P2")
    first_p2_card = min(out.index(name) for name in opening_hand(1) if name in out)
    assert hand_off_to_p2 < first_p2_card


def test_piped_output_gets_no_control_codes() -> None:
    out = hotseat_transcript(terminal=False)
    assert out.count("Pass the screen to") >= 3
    assert "\x1b" not in out
