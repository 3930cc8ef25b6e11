"""Tables: seats mapped to people and agents, the drive loop, auto-answer, undo points and
per-viewer event cursors; on the toy game (tests/engine/toy.py) and on Quests."""

from __future__ import annotations

from typing import Any

import pytest
from toy import Scripted, ToyOptions, ToyState, register

from tabletop.agents import RandomAgent, make_agent
from tabletop.engine import (
    IllegalOptionError,
    RecordError,
    SeatError,
    WrongPlayerError,
    digest,
    new_game,
    replay,
)
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import State
from tabletop.engine.table import (
    Cursor,
    DriveLimitError,
    NothingToUndoError,
    NotYourSeatError,
    Table,
    TableError,
)


def toy(players: int = 3, seed: int = 1, log: bool = True, **opts: Any) -> ToyState:
    return ToyState(players, seed, ToyOptions(**opts), log)


def snapshot(state: State) -> tuple[Any, ...]:
    return (state.fingerprint(), state.steps, list(state.history or []), len(state.log or []))


# -- seats and drive -------------------------------------------------------------------------
def test_drive_runs_agents_until_a_person_must_answer() -> None:
    bot = Scripted(["end", "done"])
    table = Table(toy(), [bot, "ann", Scripted()])
    assert table.waiting_for() == {}  # the agent is to move: the table has answers to make
    assert table.drive() == 2
    assert bot.asked == 2
    assert table.waiting_for() == {"ann": (1,)}
    (ask,) = table.asks()
    assert (ask.controller, ask.seat, ask.kind, ask.rule, ask.secret) == (
        "ann",
        1,
        "act",
        "toy.act",
        False,
    )
    assert [o.id for o in ask.options] == ["draw", "end"]
    assert table.drive() == 0  # nothing more to do until ann answers
    assert table.persons() == ("ann",) and table.seats_of("ann") == (1,)


def test_one_person_holds_two_seats_and_plays_to_the_end() -> None:
    table = Table(toy(seed=4), ["ann", Scripted(), "ann"])
    rng = Rng(3)
    table.drive()
    asked: set[int] = set()
    while not table.state.is_over:
        waiting = table.waiting_for()
        assert list(waiting) == ["ann"]
        seat = waiting["ann"][0]
        asked.add(seat)
        options = table.asks("ann")[0].options
        table.answer("ann", seat, options[rng.below(len(options))].id)
    assert asked == {0, 2}
    assert table.waiting_for() == {} and table.asks() == ()


def test_answer_checks_the_controller_and_changes_nothing_on_error() -> None:
    table = Table(toy(), ["ann", Scripted(), "ann"])
    state = table.state
    before = snapshot(state)
    with pytest.raises(NotYourSeatError, match="'bob' does not hold seat P1"):
        table.answer("bob", 0, "end")
    with pytest.raises(NotYourSeatError, match="P2 is played by an agent"):
        table.answer("ann", 1, "end")
    for seat in (3, -1, True, "0"):
        with pytest.raises(SeatError):
            table.answer("ann", seat, "end")  # type: ignore[arg-type]
    with pytest.raises(IllegalOptionError):
        table.answer("ann", 0, "bank")  # an empty hand banks nothing
    with pytest.raises(WrongPlayerError):
        table.answer("ann", 2, "end")  # ann's other seat, not yet its turn
    assert snapshot(state) == before and table.state is state
    assert not table.can_undo("ann", 0)


def test_bad_tables_are_refused() -> None:
    with pytest.raises(SeatError, match="3 seats, 2 controllers"):
        Table(toy(), ["ann", "bob"])
    with pytest.raises(TableError, match="neither a person"):
        Table(toy(), ["ann", 5, "bob"])  # type: ignore[list-item]
    with pytest.raises(TableError, match="empty"):
        Table(toy(), ["ann", "", "bob"])
    with pytest.raises(TableError, match="played by an agent"):
        Table(toy(), ["ann", Scripted(), "bob"], auto=[1])


def test_drive_is_bounded() -> None:
    table = Table(toy(rounds=9), [RandomAgent(1), RandomAgent(2), RandomAgent(3)], max_steps=5)
    with pytest.raises(DriveLimitError, match=r"drive made 5 answers .* for P\d"):
        table.drive()
    assert table.state.steps == 5 and not table.state.is_over
    table.drive(max_steps=10_000)
    assert table.state.is_over
    assert table.drive() == 0  # a finished game has nothing to drive


# -- auto-answer -------------------------------------------------------------------------------
def test_single_option_ask_is_answered_only_for_seats_that_opt_in() -> None:
    table = Table(toy(), ["ann", "bob", "cat"], auto=[0])
    table.answer("ann", 0, "end")
    assert table.state.history == [(0, "end"), (0, "done")]  # "done" answered for ann
    assert table.waiting_for() == {"bob": (1,)}
    table.answer("bob", 1, "end")
    assert table.waiting_for() == {"bob": (1,)}  # bob did not opt in: he confirms himself
    assert table.asks()[0].kind == "done"
    table.set_auto("bob", 1)
    assert table.auto(1)
    table.drive()
    assert table.waiting_for() == {"cat": (2,)}
    with pytest.raises(NotYourSeatError):
        table.set_auto("bob", 2)


def to_vote(table: Table, draws: dict[int, bool]) -> None:
    """Play the toy's first turns: each seat draws (if `draws[seat]`) and ends."""
    for seat in range(table.state.num_players):
        ctrl = table.controller(seat)
        if not isinstance(ctrl, str):
            continue
        if draws.get(seat):
            table.answer(ctrl, seat, "draw")
        table.answer(ctrl, seat, "end")
        if table.state.pending is not None and table.state.pending.kind == "done":
            table.answer(ctrl, seat, "done")


def test_secret_single_option_is_held_until_the_others_answered() -> None:
    # ann has no cards, so "keep" is her only option in the secret vote; she opted in
    table = Table(toy(), ["ann", "bob", "cat"], auto=[0, 1])
    to_vote(table, {1: True, 2: True})
    state = table.state
    assert state.pending is not None and state.pending.kind == "vote"
    assert table.held() == (0,)  # bob opted in too, but he has a choice: he is asked
    assert table.waiting_for() == {"bob": (1,), "cat": (2,)}
    # to everyone else she looks like a person still thinking
    for viewer in (1, 2, None):
        assert 0 in state.view(viewer)["pending"]["waiting_for"]
    table.answer("bob", 1, "double")
    assert state.to_move() == (0, 2) and state.pending.kind == "vote"  # type: ignore[union-attr]
    round_before = state.round
    table.answer("cat", 2, "keep")
    # her answer came last, completing the decision
    assert state.history[-3:] == [(1, "double"), (2, "keep"), (0, "keep")]  # type: ignore[index]
    assert state.round == round_before + 1


def test_held_answers_of_one_person_are_given_when_only_they_remain() -> None:
    # one person holds both seats: nobody else could learn from the timing
    table = Table(toy(), ["ann", Scripted(["end", "done", "keep"]), "ann"], auto=[0, 2])
    to_vote(table, {})  # nobody drew: everyone has only "keep"
    # the agent answered, then both held seats, with no person asked
    assert table.state.round == 1 and table.state.pending.kind == "act"  # type: ignore[union-attr]
    assert table.state.history[-3:] == [(1, "keep"), (0, "keep"), (2, "keep")]  # type: ignore[index]


def test_when_no_person_has_a_choice_at_a_table_of_several_each_is_asked() -> None:
    # answering ann and cat at once would tell each that the other had no choice either
    table = Table(toy(), ["ann", Scripted(["end", "done", "keep"]), "cat"], auto=[0, 2])
    to_vote(table, {})
    state = table.state
    assert state.pending is not None and state.pending.kind == "vote"
    assert table.held() == ()
    assert table.waiting_for() == {"ann": (0,), "cat": (2,)}
    assert [len(a.options) for a in table.asks()] == [1, 1]
    table.answer("ann", 0, "keep")
    assert table.waiting_for() == {"cat": (2,)}  # still asked, though ann has confirmed
    assert state.to_move() == (2,)  # the agent, seated after ann, answered after her
    table.answer("cat", 2, "keep")
    assert state.round == 1
    assert state.history[-3:] == [(0, "keep"), (1, "keep"), (2, "keep")]  # type: ignore[index]


def test_an_agent_after_a_person_in_a_secret_decision_waits_for_them() -> None:
    bot = Scripted(["end", "done", "keep"])
    table = Table(toy(), ["ann", bot, "cat"])
    to_vote(table, {0: True})
    state = table.state
    assert state.pending is not None and state.pending.kind == "vote"
    assert state.to_move() == (0, 1, 2) and table.waiting_for() == {"ann": (0,), "cat": (2,)}
    table.answer("cat", 2, "keep")
    assert state.to_move() == (0, 1)  # the agent waits for ann, seated before it
    table.answer("ann", 0, "double")
    assert state.round == 1
    assert state.history[-3:] == [(2, "keep"), (0, "double"), (1, "keep")]  # type: ignore[index]


def test_drive_without_release_stops_before_held_answers() -> None:
    notes: list[tuple[int, str]] = []
    table = Table(
        toy(), ["ann", "bob", "cat"], auto=[0], on_auto=lambda s, o: notes.append((s, o.id))
    )
    to_vote(table, {1: True, 2: True})
    assert notes == [(0, "done")]  # ann's lone "done" after her "end", answered for her
    table.answer("bob", 1, "keep", drive=False)
    table.answer("cat", 2, "keep", drive=False)
    assert table.held() == (0,) and table.waiting_for() == {}
    assert table.drive(release=False) == 0 and table.state.round == 0
    assert table.drive() == 1 and table.state.round == 1
    assert notes == [(0, "done"), (0, "keep")]


def test_a_person_without_auto_answers_a_secret_single_option_themselves() -> None:
    table = Table(toy(), ["ann", "bob", "cat"])
    to_vote(table, {1: True})
    assert table.state.pending is not None and table.state.pending.kind == "vote"
    assert table.held() == ()
    assert table.waiting_for() == {"ann": (0,), "bob": (1,), "cat": (2,)}
    table.answer("ann", 0, "keep")
    assert table.waiting_for() == {"bob": (1,), "cat": (2,)}


# -- undo ----------------------------------------------------------------------------------------
def test_undo_returns_to_the_exact_earlier_state() -> None:
    table = Table(toy(players=1), ["ann"])
    table.answer("ann", 0, "draw")  # a die roll: it can never be taken back
    first = snapshot(table.state)
    table.answer("ann", 0, "end")
    table.answer("ann", 0, "done")  # a lone option: no choice, taken back with "end"
    second = snapshot(table.state)
    table.answer("ann", 0, "double")  # the vote: secret, but nobody else's answer to reveal
    assert table.state.round == 1
    assert table.undo("ann", 0) == 1
    assert snapshot(table.state) == second
    assert table.undo("ann", 0) == 2
    assert snapshot(table.state) == first
    with pytest.raises(NothingToUndoError):
        table.undo("ann", 0)
    table.answer("ann", 0, "end")  # and play goes on from there
    assert [o for _, o in table.state.history or []] == ["draw", "end"]


def test_the_answer_completing_a_secret_decision_cannot_be_undone() -> None:
    # it revealed the others' answers: answering again would be answering knowing them
    table = Table(toy(), ["ann", "bob", "cat"])
    to_vote(table, {0: True, 1: True})
    table.answer("ann", 0, "double")
    table.answer("bob", 1, "keep")
    assert table.can_undo("bob", 1)  # cat has not answered: nothing is revealed yet
    table.answer("cat", 2, "keep")
    assert table.state.round == 1 and not table.can_undo("cat", 2)


def test_undo_takes_back_the_auto_answers_after_it() -> None:
    table = Table(toy(), ["ann", "bob", "cat"], auto=[0])
    before = snapshot(table.state)
    table.answer("ann", 0, "end")
    assert table.state.history == [(0, "end"), (0, "done")]
    assert table.undo("ann", 0) == 2
    assert snapshot(table.state) == before


def test_no_undo_after_chance() -> None:
    table = Table(toy(), ["ann", "bob", "cat"])
    table.answer("ann", 0, "draw")  # a die roll
    before = snapshot(table.state)
    assert table.waiting_for() == {"ann": (0,)}
    assert not table.can_undo("ann", 0)
    with pytest.raises(NothingToUndoError, match="chance was drawn by it or after it"):
        table.undo("ann", 0)
    assert snapshot(table.state) == before
    table.answer("ann", 0, "end")  # an answer after the roll may be taken back
    assert table.undo("ann", 0) == 1 and snapshot(table.state) == before


def test_no_undo_once_a_hidden_fact_outside_the_zones_is_revealed() -> None:
    # the toy's hands are no cards: the game says who knows them (State._seen)
    table = Table(toy(), ["ann", "bob", "cat"])
    table.answer("ann", 0, "draw")
    table.answer("ann", 0, "end")
    assert table.can_undo("ann", 0)
    table.undo("ann", 0)
    before = snapshot(table.state)
    table.answer("ann", 0, "bank")  # the hand goes to the score openly: everyone knows it now
    assert not table.can_undo("ann", 0)
    with pytest.raises(
        NothingToUndoError,
        match=r"nothing to undo for P1: your last choice can no longer be taken back: "
        r"something hidden was revealed by it or after it \(P2 now knows what they did not "
        r"know before it\)",
    ):
        table.undo("ann", 0)
    assert snapshot(table.state) != before


def test_undo_names_why_it_finds_nothing() -> None:
    table = Table(toy(), ["ann", "bob", "cat"])
    with pytest.raises(NothingToUndoError, match="no choice of yours at this table can be"):
        table.undo("ann", 0)
    table.answer("ann", 0, "end")
    table.answer("ann", 0, "done")  # a lone option: no choice, "end" may still be undone
    table.answer("bob", 1, "end")
    with pytest.raises(NothingToUndoError, match=r"taken back: P2 answered after it$"):
        table.undo("ann", 0)
    table.answer("bob", 1, "done")
    table.answer("cat", 2, "end")
    table.state.apply(2, "done")  # behind the table's back
    with pytest.raises(NothingToUndoError, match=r"the game moved on outside this table$"):
        table.undo("cat", 2)
    # after undoing all it may, the reason for the choice before them is given again
    table2 = Table(toy(players=1), ["ann"])
    table2.answer("ann", 0, "draw")
    table2.answer("ann", 0, "end")
    assert table2.undo("ann", 0) == 1
    with pytest.raises(NothingToUndoError, match="taken back: chance was drawn by it or after"):
        table2.undo("ann", 0)


def test_no_undo_after_someone_else_answered() -> None:
    table = Table(toy(), ["ann", Scripted(["end"]), "ann"])
    table.answer("ann", 0, "end")
    table.answer("ann", 0, "done")  # then the agent answers "end" for P2
    assert table.state.history[-2:] == [(1, "end"), (1, "done")]  # type: ignore[index]
    assert not table.can_undo("ann", 0)
    # one person, two seats: undo is per seat, since hot-seat players are different people
    table2 = Table(toy(), ["ann", "ann", "cat"])
    table2.answer("ann", 0, "end")
    table2.answer("ann", 0, "done")
    table2.answer("ann", 1, "end")
    assert table2.can_undo("ann", 1) and not table2.can_undo("ann", 0)
    with pytest.raises(NotYourSeatError):
        table2.can_undo("cat", 1)


def test_an_apply_behind_the_tables_back_drops_undo_points() -> None:
    table = Table(toy(), ["ann", "bob", "cat"])
    table.answer("ann", 0, "end")
    table.state.apply(0, "done")
    table.state.apply(1, "end")
    assert not table.can_undo("ann", 0)


def test_undo_works_without_a_log() -> None:
    table = Table(toy(log=False), ["ann", "bob", "cat"])
    before = table.state.fingerprint()
    table.answer("ann", 0, "end")
    table.undo("ann", 0)
    assert table.state.fingerprint() == before
    table.answer("ann", 0, "end")
    table.answer("ann", 0, "done")
    table.answer("bob", 1, "end")  # no history to read: the table knows bob answered
    assert not table.can_undo("ann", 0) and table.can_undo("bob", 1)
    table.undo("bob", 1)
    assert table.events_since(Cursor(), 0) == ([], Cursor(0, 2))
    with pytest.raises(RecordError, match="log=False"):
        table.record()


def reference_play(state: State, agents: list[Any]) -> None:
    """The simulator's loop before it played through tables."""
    while not state.is_over:
        for p in state.to_move():
            state.apply(p, agents[p].choose(state, p))
            if state.is_over:
                break


@pytest.mark.parametrize("game", ["toy", "quests", "guardians"])
def test_an_agents_only_table_plays_the_simulators_games(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch)
    # random and heuristic seats, so that open (PARALLEL) decisions see several agents act
    for players, seed in ((3, 0), (3, 1), (4, 2), (4, 3)):
        games = []
        for play in (reference_play, lambda s, a: Table(s, a).drive()):
            state = new_game(game, players, seed, log=False)
            agents = [
                make_agent("heuristic" if p % 2 and game != "toy" else "random", game, seed + p)
                for p in range(players)
            ]
            play(state, agents)
            games.append((state.steps, state.fingerprint()))
        assert games[0] == games[1]


# -- events --------------------------------------------------------------------------------------
def test_events_since_reads_each_viewers_words() -> None:
    table = Table(toy(), ["ann", "bob", "cat"])
    table.answer("ann", 0, "draw")
    roll = table.state.hands[0]  # type: ignore[attr-defined]
    mine, c0 = table.events_since(Cursor(), 0)
    theirs, c1 = table.events_since(Cursor(), 1)
    spectator, _ = table.events_since(Cursor(), None)
    assert mine == [("toy.draw", f"P1 draws a {roll}")]
    assert theirs == spectator == [("toy.draw", "P1 draws a card")]
    assert c0 == c1 == table.cursor() == Cursor(1, 0)
    assert table.events_since(c0, 0) == ([], c0)
    table.answer("ann", 0, "bank")
    assert table.events_since(c1, 1) == ([("toy.bank", f"P1 banks {roll}")], Cursor(2, 0))
    with pytest.raises(SeatError):
        table.events_since(c0, 3)
    for bad in (Cursor(9, 0), Cursor(0, 1), (0,), "x", Cursor(-1, 0)):
        with pytest.raises(TableError, match="cursor"):
            table.events_since(bad, 0)  # type: ignore[arg-type]


def test_cursors_survive_undo() -> None:
    # one seat: a bank tells nobody else the hand (three seats would be told: no undo then)
    table = Table(toy(players=1), ["ann"], auto=[0])
    table.answer("ann", 0, "draw")
    start = table.cursor()  # Cursor(1, 0): the spectator has read the draw
    table.answer("ann", 0, "bank")  # then "done" and the vote's lone "keep" are answered
    read, after_bank = table.events_since(start, None)
    assert [r for r, _ in read] == ["toy.bank", "toy.vote"]
    assert table.undo("ann", 0) == 3  # the bank, and the answers made for ann after it
    table.answer("ann", 0, "end")
    events, cursor = table.events_since(after_bank, None)
    assert events[0][0] == "table.undo" and "P1 took back an answer" in events[0][1]
    assert events[1:] == []  # "end" logs nothing; the bank is gone
    assert cursor == Cursor(1, 1) == table.cursor()
    # a viewer who never read the bank sees no notice
    assert table.events_since(start, 0) == ([], cursor)
    # and the whole log, read from the start, is what the log now says
    assert table.events_since(Cursor(), None)[0] == [("toy.draw", "P1 draws a card")]


def test_record_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    state = new_game("toy", 2, 9, {"rounds": 1})
    table = Table(state, ["ann", RandomAgent(1)], auto=[0])
    while not table.state.is_over:
        seat = table.waiting_for()["ann"][0]
        table.answer("ann", seat, table.asks()[0].options[0].id)
    record = table.record()
    assert digest(replay(record, verify=True)) == digest(table.state) == record.digests[-1]


# -- Quests --------------------------------------------------------------------------------------
SEATS = ("ann", "bot", "ann")


def quests_table(seed: int) -> Table:
    state = new_game("quests", 3, seed, {"turn_limit": 4})
    bot = make_agent("heuristic", "quests", derive_seed(seed, 1))
    return Table(state, ["ann", bot, "ann"], auto=[0, 2])


def expected_texts(state: State, viewer: int | None) -> list[tuple[str, str]]:
    return [(e.rule, e.text_for(viewer)) for e in state.log or []]


@pytest.mark.parametrize("seed", [3, 11])
def test_quests_person_with_two_seats_undo_and_private_events(seed: int) -> None:
    table = quests_table(seed)
    assert table.drive() >= 0
    rng = Rng(seed)
    cursors: dict[int | None, Cursor] = {0: Cursor(), 2: Cursor(), None: Cursor()}
    read: dict[int | None, list[tuple[str, str]]] = {v: [] for v in cursors}
    undos = refused = 0
    for _ in range(2000):
        if table.state.is_over:
            break
        waiting = table.waiting_for()
        assert set(waiting) == {"ann"}, "drive stops only at ann's decisions"
        ask = table.asks()[0]
        assert ask.seat in (0, 2) and len(ask.options) >= 1
        option = ask.options[rng.below(len(ask.options))].id
        before = (digest(table.state), snapshot(table.state))
        table.answer("ann", ask.seat, option)
        if table.can_undo("ann", ask.seat):
            history = table.state.history or []
            assert all(p == ask.seat for p, _ in history[before[1][1] :])
            table.undo("ann", ask.seat)
            assert (digest(table.state), snapshot(table.state)) == before
            undos += 1
            table.answer("ann", ask.seat, option)  # the same answer again: the game goes on
        else:
            refused += 1
        for viewer in cursors:
            events, cursors[viewer] = table.events_since(cursors[viewer], viewer)
            read[viewer].extend(events)
    state = table.state
    assert state.is_over
    assert undos > 0 and refused > 0
    # each viewer read exactly the log in their own words (an undo came before anyone read
    # what it took back, so no notice), never a secret of another seat
    secrets_hidden = 0
    for viewer, seen in read.items():
        assert seen == expected_texts(state, viewer)
        for e in state.log or []:
            hidden = viewer is None or not (e.seen_by >> viewer) & 1
            if e.secret is not None and e.secret != e.text and hidden:
                secrets_hidden += 1
                assert (e.rule, e.secret) not in seen
    assert secrets_hidden > 0
    record = table.record()
    assert digest(replay(record, verify=True)) == digest(state)


def test_quests_events_since_matches_the_log_for_every_viewer() -> None:
    table = quests_table(5)
    rng = Rng(5)
    cursors: dict[int | None, Cursor] = {v: Cursor() for v in (0, 1, 2, None)}
    read: dict[int | None, list[tuple[str, str]]] = {v: [] for v in cursors}
    table.drive()
    while not table.state.is_over:
        ask = table.asks()[0]
        table.answer("ann", ask.seat, ask.options[rng.below(len(ask.options))].id)
        for viewer in cursors:
            events, cursors[viewer] = table.events_since(cursors[viewer], viewer)
            read[viewer].extend(events)
    state = table.state
    for viewer, seen in read.items():
        assert seen == expected_texts(state, viewer)
    leaks = [
        e
        for e in state.log or []
        if e.secret is not None and e.secret != e.text and not (e.seen_by >> 0) & 1
    ]
    assert leaks, "the game should hold secrets P1 does not see"
    assert all((e.rule, e.secret) not in read[0] for e in leaks)
