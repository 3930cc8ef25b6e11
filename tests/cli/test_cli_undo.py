"""`undo` at the terminal: a person takes back their own last answer when that is safe."""

from __future__ import annotations

import io

from rich.console import Console

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.state import State
from tabletop.ui.terminal import Session, make_seats

TARGETED = ("play:danger", "play:foe", "play:location")


def _at_a_targeted_play() -> State:
    """A game stopped where P1 may play a card that asks for a target next."""
    for seed in range(50):
        state = new_game("quests", 3, seed=seed)
        bots = [make_agent("heuristic", "quests", seed * 10 + s) for s in range(3)]
        while not state.is_over:
            d = state.pending
            assert d is not None
            seat = state.to_move()[0]
            if seat == 0 and d.kind == "action" and set(d.option_ids(0)) & set(TARGETED):
                return state
            state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("no seed reached a targeted play")


def _session(state: State, lines: str) -> tuple[Session, io.StringIO]:
    agents, specs = make_seats("quests", 3, None, 1)
    out = io.StringIO()
    session = Session(state, agents, specs, Console(file=out, width=200), io.StringIO(lines))
    return session, out


def test_undo_takes_back_a_play_before_its_target_is_chosen() -> None:
    state = _at_a_targeted_play()
    before = state.fingerprint()
    decision = state.pending
    assert decision is not None
    pick = next(i for i, o in enumerate(decision.options_for(0), 1) if o.id in TARGETED)
    session, out = _session(state.clone(), f"{pick}\nundo\nquit\n")
    assert session.run() == 0
    text = out.getvalue()
    assert "Undone: back to before your answer (1 taken back)" in text
    assert session.state.fingerprint() == before
    # The target question was asked, then the action question again.
    assert text.count("Choose 1-") == 3


def test_undo_is_refused_once_someone_else_has_answered() -> None:
    state = _at_a_targeted_play()
    decision = state.pending
    assert decision is not None
    pass_index = decision.option_ids(0).index("pass") + 1
    # Pass, let the bots play until P1 is asked again, then try to undo.
    session, out = _session(state.clone(), f"{pass_index}\nundo\nquit\n")
    assert session.run() == 0
    text = out.getvalue()
    assert "Nothing to undo" in text
    assert "Undone" not in text


def test_undo_with_nothing_answered_says_so() -> None:
    state = _at_a_targeted_play()
    session, out = _session(state.clone(), "undo\nquit\n")
    assert session.run() == 0
    assert "Nothing to undo" in out.getvalue()


def _at_the_last_answer_of_a_secret_decision() -> tuple[State, int]:
    """A game stopped where P1's answer completes a secret decision (the others have
    answered) and P1 is asked again right after, with nothing left to chance between."""
    for seed in range(60):
        state = new_game("quests", 3, seed=seed)
        bots = [make_agent("heuristic", "quests", seed * 10 + s) for s in range(3)]
        while not state.is_over:
            d = state.pending
            assert d is not None
            mine = d.options_for(0) if state.to_move() == (0,) else ()
            if d.secret and len(d.players) > 1 and len(mine) > 1:
                for i, option in enumerate(mine, 1):
                    after = state.clone()
                    after.apply(0, option.id)
                    nxt = after.pending
                    if (
                        nxt is not None
                        and after.to_move() == (0,)
                        and after.rng.state == state.rng.state
                        and len(nxt.options_for(0)) > 1
                    ):
                        return state, i
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("no seed reached such a secret decision")


def test_undo_never_takes_back_the_answer_that_revealed_secret_answers() -> None:
    """Deliberate since the terminal plays through `Table`: the last answer of a secret
    decision revealed the others' answers, so answering it again would be answering knowing
    them (the terminal used to allow it)."""
    state, pick = _at_the_last_answer_of_a_secret_decision()
    session, out = _session(state.clone(), f"{pick}\nundo\nquit\n")
    assert session.run() == 0
    text = out.getvalue()
    assert "Nothing to undo" in text
    assert "Undone" not in text


def _at_a_librarians_refresh_draw() -> State:
    """A solo Librarians game stopped where P1 draws a card or gains Energy."""
    state = new_game("librarians", 1, seed=1)
    bot = make_agent("heuristic", "librarians", 10)
    while state.pending is not None and state.pending.rule != "librarians.refresh.draw":
        state.apply(0, bot.choose(state, 0))
    assert state.pending is not None, "the game ended before a Refresh draw"
    return state


def test_undo_never_takes_back_a_card_drawn_and_says_why() -> None:
    """Issue 20: the top card of a shuffled deck draws no chance, but the drawer saw it."""
    state = _at_a_librarians_refresh_draw()
    agents, specs = make_seats("librarians", 1, None, 1)
    out = io.StringIO()
    lines = io.StringIO("draw\nundo\nquit\n")
    session = Session(state.clone(), agents, specs, Console(file=out, width=300), lines)
    assert session.run() == 0
    text = out.getvalue()
    assert (
        "Nothing to undo for P1: your last choice can no longer be taken back: a card was "
        "revealed by it or after it (P1 now sees a card they did not see before it)."
    ) in text
    assert "Undone" not in text
