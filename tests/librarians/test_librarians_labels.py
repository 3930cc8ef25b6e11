"""What the Librarians questions say (issue 22): characters by name, an Overcome with its
dice, a check's windows with the check at hand, and "more Successes change nothing" where
that is so (the terminal's pass-settled-checks preference passes there); `moment` names the
check; no card id in any option, question, log line or board."""

from __future__ import annotations

import io
import re

from librarians_rig import (
    BLANK,
    CBLANK,
    DOUBLE,
    SERPENT,
    SUCCESS,
    adventure_card,
    do,
    game,
    kind,
)
from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import zone
from tabletop.ui import librarians as ui

SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


def labels(s: R.LibrariansState, seat: int) -> dict[str, str]:
    assert s.pending is not None
    return {o.id: o.label for o in s.pending.options_for(seat)}


def prompt(s: R.LibrariansState) -> str:
    assert s.pending is not None
    return s.pending.ask(s.pending.players[0]).prompt


def test_action_options_name_the_character_and_the_pool() -> None:
    s = game(("cassandra", "eve"))
    adventure_card(s, "Serpent Ninjas", zone(0, R.AREA))
    R.ask_again(s)
    got = labels(s, 0)
    assert got["overcome:hero-0:serpent-ninjas"] == (
        "Cassandra Cillian overcomes Serpent Ninjas "
        "(Tactics check: 2 Character vs 1 Challenge dice)"
    )
    assert got["meditate:hero-0"] == (
        "Cassandra Cillian meditates (discard your top card, gain 1 Energy)"
    )
    assert not any("P1's hero" in label for label in got.values())


def _ninjas(dice: list[int]) -> R.LibrariansState:
    s = game(("cassandra", "eve"), dice=dice)
    adventure_card(s, "Serpent Ninjas", zone(0, R.AREA))
    R.ask_again(s)
    do(s, "overcome:hero-0:serpent-ninjas")
    while kind(s) != "check-change":
        assert s.pending is not None
        s.apply(s.pending.players[0], "pass")
    return s


def test_check_windows_name_the_check_and_its_pool() -> None:
    s = game(("cassandra", "eve"), dice=[DOUBLE, BLANK, SERPENT])
    adventure_card(s, "Serpent Ninjas", zone(0, R.AREA))
    R.ask_again(s)
    do(s, "overcome:hero-0:serpent-ninjas")
    while kind(s) != "check-modify":
        assert s.pending is not None
        s.apply(s.pending.players[0], "pass")
    assert prompt(s).startswith(
        "Cassandra Cillian's Tactics check against Serpent Ninjas, "
        "2 Character vs 1 Challenge dice: modify it before the roll"
    )


def test_a_check_that_cannot_use_more_successes_says_so_and_is_passed() -> None:
    # Serpent Ninjas have Life 2: a margin of 1 leaves room, a margin of 3 does not.
    close = _ninjas([DOUBLE, BLANK, SERPENT])
    assert "succeeds by 1." in prompt(close) and "change nothing" not in prompt(close)
    won = _ninjas([DOUBLE, SUCCESS, CBLANK])
    assert "succeeds by 3; more Successes change nothing" in prompt(won)
    answer = ui.PREFERENCES["pass-settled-checks"][1]
    assert ui.PREFERENCES["pass-settled-checks"][2]  # on by default
    for s, want in ((close, None), (won, "pass")):
        d = s.pending
        assert d is not None
        for seat in d.players:
            assert answer(s.view(seat), seat, d) == want


def test_moment_names_the_check_with_its_dice() -> None:
    s = _ninjas([DOUBLE, BLANK, SERPENT])
    d = s.pending
    assert d is not None
    line = ui.moment(s.view(1), 1, d)
    assert line == "Cassandra Cillian, Tactics vs Serpent Ninjas: 2+1 dice rolled, net +1"


def test_no_card_id_in_a_whole_game() -> None:
    """Heuristic bots play C-1: no option, question, moment, log line or board shows a card
    id, and every moment fits a line."""
    s = new_game("librarians", 2, 3)
    bots = [make_agent("heuristic", "librarians", q) for q in range(2)]
    slugs = set(s.t.slugs)
    steps = 0
    while s.pending is not None and steps < 3000:
        d = s.pending
        for seat in d.players:
            a = d.ask(seat)
            line = ui.moment(s.view(seat), seat, d) or ""
            assert len(line) <= 78
            for text in (a.prompt, line, *(o.label for o in a.options)):
                assert not slugs & set(SLUG.findall(text)), text
        if steps % 200 == 0:
            out = io.StringIO()
            ui.render(s.view(d.players[0]), Console(file=out, width=80, color_system=None))
            assert not slugs & set(SLUG.findall(out.getvalue()))
        seat = d.players[0]
        s.apply(seat, bots[seat].choose(s, seat))
        steps += 1
    assert s.result is not None
    for e in s.log or []:
        assert not slugs & set(SLUG.findall(e.text_for(None))), e.text_for(None)
