"""Asking a person: stable option numbers within a step, and `hint`."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.agents.hint import hint
from tabletop.engine import registry
from tabletop.engine.decision import Option
from tabletop.ui.asking import Numbering, option_number, span
from tabletop.ui.terminal import Session, make_seats


def opts(*ids: str) -> tuple[Option, ...]:
    return tuple(Option(i, f"Play {i}", n) for n, i in enumerate(ids))


def test_an_option_keeps_its_number_within_a_step_and_new_ones_fill_the_gaps() -> None:
    numbering = Numbering()
    step = (0, "power-up", "play")
    assert numbering.number(step, opts("pass", "a", "b", "c")) == [1, 2, 3, 4]
    assert numbering.number(step, opts("pass", "b", "c")) == [1, 3, 4]  # a was played
    assert numbering.number(step, opts("pass", "c", "d")) == [1, 4, 2]  # d takes a free one
    # Another rule (or seat) is another question: numbered from 1 again.
    assert numbering.number((0, "discard", "discard"), opts("b", "c")) == [1, 2]
    assert numbering.number((1, "discard", "discard"), opts("c")) == [1]


def test_piped_play_numbers_every_question_from_one() -> None:
    numbering = Numbering(stable=False)
    step = (0, "power-up", "play")
    numbering.number(step, opts("pass", "a", "b"))
    assert numbering.number(step, opts("pass", "b")) == [1, 2]


def test_numbers_are_read_only_when_offered() -> None:
    numbers = [1, 3, 4]
    assert span(numbers) == "1, 3-4" and span([1, 2, 3]) == "1-3"
    assert option_number("3", numbers) == 1
    assert option_number("03", numbers) == 1
    assert option_number("2", numbers) is None
    assert option_number("9" * 5000, numbers) is None
    assert option_number("²", numbers) is None


def test_a_hint_is_one_of_the_seats_options_with_its_reason() -> None:
    state = registry.new_game("quests", 3, 4)
    while state.pending is not None and len(state.pending.options_for(state.to_move()[0])) < 2:
        seat = state.to_move()[0]
        state.apply(seat, state.pending.options_for(seat)[0].id)
    seat = state.to_move()[0]
    got = hint(state, seat, seconds=0.2)
    assert got.option_id in {o.id for o in state.pending.options_for(seat)}  # type: ignore[union-attr]
    assert got.iterations > 0 and 0 < got.share <= 1
    assert got.label in got.line() and "expected result" in got.line()


def test_the_hint_command_suggests_an_option_by_its_number() -> None:
    state = registry.new_game("quests", 3, 3, {"turn_limit": "2"})
    agents, specs = make_seats("quests", 3, None, 3)
    out = io.StringIO()
    session = Session(
        state, agents, specs, Console(file=out, width=100), io.StringIO("hint\nquit\n")
    )
    assert session.run() == 0
    text = out.getvalue()
    assert "Hint: " in text and "type " in text and "to play it" in text


def test_identical_events_of_one_run_are_said_once_with_their_count() -> None:
    from tabletop.ui.output import merged

    deal = "g.setup.deal"
    events = [
        (deal, "P1 is dealt Ghosts"),
        (deal, "P2 is dealt a card"),
        (deal, "P1 is dealt Judson"),
        (deal, "P2 is dealt a card"),
        ("g.turn", "Turn 1 begins"),
        ("g.act", "P2 passes"),
        ("g.play", "P1 plays Ghosts"),
        ("g.act", "P2 passes"),
    ]
    assert merged(events) == [
        "P1 is dealt Ghosts",
        "P2 is dealt a card (2 times)",
        "P1 is dealt Judson",
        "Turn 1 begins",
        "P2 passes",  # passes between plays keep their places: each is information
        "P1 plays Ghosts",
        "P2 passes",
    ]
