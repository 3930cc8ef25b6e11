"""The flow layer with a small toy game built on it: steps and the driver, priority and reaction
windows, triggers, handler registries and declared fields.

The toy: each seat has a hand of coins (a number). A round is a procedure: everyone gains a
coin (automatic), then a priority window from the round's first seat in which a seat may `give`
one coin to the next seat or `pass` (it closes after a round of passes); a `give` opens a
reaction window in which every other seat may `block` it at the cost of a coin (and a block can
be blocked again). After `rounds` rounds the most coins wins.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from tabletop.engine.decision import PARALLEL, ActionSpace, Ask, Decision, Option
from tabletop.engine.errors import WrongPlayerError
from tabletop.engine.events import Event
from tabletop.engine.fields import DICT, LIST, LISTS, OBJECT, VALUE, declare
from tabletop.engine.flow import (
    NoFields,
    after,
    all_answered,
    answered,
    ask_again,
    clockwise,
    find,
    push,
    settle,
    top,
)
from tabletop.engine.handlers import Handlers
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.engine.windows import Priority, Reaction, Triggers
from tabletop.engine.zones import Layout, Zones

SPACE = ActionSpace([("pass", "Pass"), ("give", "Give a coin", 1), ("block", "Block it")])
PASS, GIVE, BLOCK = SPACE["pass"], SPACE["give"], SPACE["block"]
EFFECTS = Handlers("toy.effect")


@EFFECTS.handler("bonus", rule="toy.bonus")
def bonus(state: Any, context: dict[str, Any]) -> None:
    state.coins[context["seat"]] += 1
    state.emit(Event("toy.bonus", f"P{context['seat'] + 1} gains a bonus coin"))


class Toy(State):
    __slots__ = declare(
        round=VALUE, coins=LIST, seen=LISTS, notes=DICT, triggers=OBJECT, rounds=VALUE
    )
    game_id = "toy-flow"
    version = "1"

    def __init__(self, n: int, rounds: int = 2) -> None:
        super().__init__(n, 1, None, Zones(Layout([], (), (), (), n)), True)
        self.round = 0
        self.coins = [1] * n
        self.seen: list[list[int]] = [[] for _ in range(n)]
        self.notes: dict[str, int] = {}
        self.triggers = Triggers()
        self.rounds = rounds
        push(self, Round())
        settle(self)

    _answer = answered
    _answers = all_answered

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"coins": list(self.coins)}


class Round(NoFields):
    __slots__ = ()
    auto = True
    rule = "toy.round"

    def run(self, s: Toy) -> None:
        if s.round == s.rounds:
            best = max(s.coins)
            s.result = Result(
                tuple(float(c) for c in s.coins),
                tuple(p for p, c in enumerate(s.coins) if c == best),
                "rounds over",
            )
            return
        s.round += 1
        for p in range(s.num_players):
            s.coins[p] += 1
            s.triggers.fire(s, "after", "gain", EFFECTS.__getitem__, seat=p)
        push(s, Gives(clockwise(s.round % s.num_players, s.num_players)), Round())


class Gives(Priority):
    __slots__ = ()
    kind = "give"
    rule = "toy.give"

    def options(self, s: Toy, p: int) -> tuple[Option, ...]:
        return (PASS, GIVE) if s.coins[p] else (PASS,)

    def act(self, s: Toy, p: int, option: Option) -> None:
        s.coins[p] -= option.arg
        s.flow.append(Block((p,), (p,), s.num_players))


class Block(Reaction):
    __slots__ = ()
    kind = "block"
    rule = "toy.block"

    def options(self, s: Toy, q: int) -> tuple[Option, ...]:
        return (PASS, BLOCK) if s.coins[q] else (PASS,)

    def respond(self, s: Toy, q: int) -> None:
        s.coins[q] -= 1

    def close(self, s: Toy) -> None:
        giver = self.about[0]
        if self.answered:
            s.coins[giver] += 1  # blocked: the coin comes back
        else:
            s.coins[(giver + 1) % s.num_players] += 1


def test_a_procedure_runs_in_order_and_stops_at_each_question() -> None:
    s = Toy(3)
    assert s.round == 1 and s.coins == [2, 2, 2]
    d = s.pending
    assert d is not None and d.players == (1,) and d.kind == "give" and d.rule == "toy.give"
    # the window, then the next round, wait on the stack beneath the question
    assert [type(x).__name__ for x in s.flow] == ["Round", "Gives"]
    assert find(s, Round) == Round() and top(s) == Gives((1, 2, 0), 0, 0)


def test_a_priority_window_closes_after_a_round_of_passes_and_reopens_on_an_action() -> None:
    s = Toy(3)
    s.apply(1, "pass")
    s.apply(2, "give")  # P3 gives: everyone else may block
    d = s.pending
    assert d is not None and d.secret and d.players == (0, 1)
    s.apply(0, "pass")
    s.apply(1, "pass")
    assert s.coins == [3, 2, 1]  # the coin went to the next seat
    # the window reopened: P1 is next, and P2 (who passed before the give) is asked again
    asked = []
    while s.round == 1:
        asked.append(s.to_move()[0])
        s.apply(s.to_move()[0], "pass")
    assert asked == [0, 1, 2]


def test_a_reaction_chain_against_itself_lets_the_first_action_stand() -> None:
    s = Toy(3)
    s.apply(1, "give")  # P2 gives to P3
    s.apply(0, "block")
    s.apply(2, "pass")
    # P1 blocked: a new window against the block, asked of P2 and P3
    d = s.pending
    assert d is not None and d.players == (1, 2)
    s.apply(1, "pass")
    s.apply(2, "block")
    s.apply(0, "pass")
    s.apply(1, "pass")
    # two blocks (each paid a coin): the give stands, and P3 gets the coin
    assert s.coins == [1, 1, 2]


def test_simultaneous_responders_the_first_after_the_actor_acts() -> None:
    s = Toy(4)
    s.apply(1, "give")
    for q in (2, 3, 0):
        s.apply(q, "block")
    # P3 (the first after P2) blocks and pays; P4 and P1 keep their coins
    assert s.coins == [2, 1, 1, 2]
    assert s.pending is not None and s.pending.players == (3, 0, 1)


def test_triggers_fire_their_handlers_and_cost_nothing_unheard() -> None:
    s = Toy(2)
    assert s.triggers.fire(s, "after", "gain", EFFECTS.__getitem__, seat=0) == 0
    s.triggers.listen("after", "gain", "bonus")
    s.apply(1, "pass")
    s.apply(0, "pass")  # round 2: each gains a coin and a bonus
    assert s.coins == [4, 4]
    assert "P2 gains a bonus coin" in [e.text for e in s.log or []]
    s.triggers.forget("after", "gain", "bonus")
    assert s.triggers.index == {}


def test_handler_registries_know_what_has_behaviour() -> None:
    reg = Handlers("toy.card")

    @reg.handler("a", "b", rule="toy.ab")
    def ab() -> None: ...

    reg.plain("c")
    assert reg["a"] is ab and reg.rule("b") == "toy.ab" and "c" not in reg
    assert reg.problems(["a", "b", "c"]) == []
    assert reg.problems(["a", "b", "c", "d"]) == ["toy.card: 'd' has no handler and is not plain"]
    assert reg.problems(["a", "c"]) == ["toy.card: 'b' is in no content"]
    with pytest.raises(ValueError, match="two behaviours"):
        reg.handler("a", rule="x")(ab)
    with pytest.raises(ValueError, match="declared plain"):
        reg.plain("b")


def test_declared_fields_make_clone_independent_and_fingerprint_whole() -> None:
    s = Toy(3)
    s.seen[0].append(5)
    s.notes["x"] = 1
    c = s.clone()
    assert c.fingerprint() == s.fingerprint()
    c.coins[0] += 9
    c.seen[0].append(7)
    c.notes["y"] = 2
    c.apply(1, "pass")
    assert s.coins == [2, 2, 2] and s.seen[0] == [5] and s.notes == {"x": 1}
    assert s.pending is not None and s.pending.players == (1,)
    assert c.fingerprint() != s.fingerprint()
    # every declared field is in the fingerprint, the step stack too
    assert s.fingerprint()[:6] == (1, (2, 2, 2), ((5,), (), ()), (("x", 1),), (), 2)
    assert ("Gives", (1, 2, 0), 0, 0) in s.fingerprint()[6]
    # an OBJECT field is copied with its own copy(): the clone's listeners are its own
    c.triggers.listen("after", "gain", "bonus")
    assert s.triggers.index == {}


def test_an_empty_stack_before_the_end_is_a_bug_named_as_such() -> None:
    s = Toy(2)
    s.flow.clear()
    with pytest.raises(AssertionError, match="nothing left to do"):
        settle(s)


def test_whole_games_terminate_and_replay_from_their_answers() -> None:
    for seed in range(30):
        s, again = Toy(3, rounds=4), Toy(3, rounds=4)
        rng = Rng(seed)
        answers = []
        while not s.is_over:
            p = s.to_move()[0]
            opts = s.pending.options_for(p)  # type: ignore[union-attr]
            o = opts[rng.below(len(opts))].id
            answers.append((p, o))
            s.apply(p, o)
            assert sum(s.coins) >= 0 and s.steps < 500
        for p, o in answers:
            again.apply(p, o)
        assert again.fingerprint() == s.fingerprint()


def test_a_decision_from_a_step_is_asked_again_after_a_rig() -> None:
    s = Toy(2)
    s.coins[1] = 0
    assert s.pending is not None and s.pending.option_ids(1) == ("pass", "give")
    ask_again(s)
    assert s.pending.option_ids(1) == ("pass",)
    assert isinstance(s.pending, Decision)


# -- PARALLEL: everyone acts openly, in their own time, until all are done ------------------
SPACE2 = ActionSpace([("tidy", "Tidy a coin", 1), ("done", "Done")])
TIDY, DONE = SPACE2["tidy"], SPACE2["done"]


class _Done(NamedTuple):
    done: int  # bitmask of the seats that said done


class Tidy(_Done):
    __slots__ = ()
    auto = False
    rule = "toy.tidy"

    def ask(self, s: Toy) -> Decision:
        players = tuple(p for p in range(s.num_players) if not (self.done >> p) & 1)
        asks = tuple(
            Ask("tidy", f"P{p + 1}: tidy or done", (TIDY, DONE) if s.coins[p] else (DONE,))
            for p in players
        )
        return Decision(players, "tidy", "Everyone tidies", (TIDY, DONE), self.rule, PARALLEL, asks)

    def answer(self, s: Toy, p: int, option: Option) -> None:
        if option is DONE:
            done = self.done | 1 << p
            if done != (1 << s.num_players) - 1:
                s.flow.append(Tidy(done))
            return
        s.coins[p] -= 1
        s.notes[f"P{p + 1}"] = s.notes.get(f"P{p + 1}", 0) + 1
        s.flow.append(Tidy(self.done))


def test_parallel_answers_apply_at_once_in_any_order_until_all_are_done() -> None:
    s = Toy(3)
    s.flow[-1:] = [Tidy(0)]  # (in place of the give window)
    settle(s)
    d = s.pending
    assert d is not None and d.mode == PARALLEL and not d.secret
    assert s.to_move() == (0, 1, 2)
    s.apply(2, "tidy")  # P3 first: applied at once, seen by all
    assert s.coins == [2, 2, 1] and s.view(0)["pending"]["waiting_for"] == [0, 1, 2]
    s.apply(2, "tidy")
    s.apply(0, "done")
    assert s.to_move() == (1, 2) and s.pending.options_for(2) == (DONE,)  # type: ignore[union-attr]
    with pytest.raises(WrongPlayerError):
        s.apply(0, "tidy")  # P1 is done
    s.apply(1, "done")
    assert s.coins == [2, 2, 0] and s.notes == {"P3": 2}
    s.apply(2, "done")
    # the parallel step is over: the next round begins (a coin each) with its give window
    assert s.round == 2 and s.coins == [3, 3, 1] and type(top(s)).__name__ == "Gives"


@pytest.mark.parametrize("n", range(1, 20))
def test_after_is_every_other_seat_from_the_next(n: int) -> None:
    """`after` reads tables up to 16 seats and computes beyond; both say the same."""
    for seat in range(-n, 2 * n):
        assert after(seat, n) == tuple((seat + i) % n for i in range(1, n))


def test_options_hash_by_their_action_and_equal_options_hash_alike() -> None:
    a, b = Option("x", "X", 3), Option("x", "X", 3)
    assert a == b and hash(a) == hash(b) == hash(3)
    assert Option("y", "Y", 4) != a
    assert list(dict.fromkeys([GIVE, PASS, GIVE, BLOCK, PASS])) == [GIVE, PASS, BLOCK]
    assert SPACE.by_id["give"] is GIVE
    with pytest.raises(TypeError):
        SPACE.by_id["give"] = PASS  # type: ignore[index]
