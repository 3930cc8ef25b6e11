"""A toy game for the kernel's table and campaign tests: small, but with each thing they need.

Each round, every seat in turn has two actions: `draw` (a die roll: the seat's secret hand
grows by it; others read "draws a card", the drawer reads the number), `bank` (the hand goes to
the score, openly) or `end`. A seat whose actions are spent is asked `done`, its only option
(a single-option ask). Then everyone answers one simultaneous, secret decision: `double` (a
seat with cards doubles its hand) or `keep`; a seat with an empty hand has only `keep`. After
`rounds` rounds the hands are banked and the highest score wins. The hands are hidden facts
outside any zone: the game tells the table's undo rule who knows them (`_seen`).

Options: `rounds`, and two a campaign carries in: `gold` (every seat starts with that score)
and `unlocks` (a list: each one adds a point to every seat's start, and `lamp` needs `sword`).
`register(monkeypatch)` puts it in the registry as game `toy` for one test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.agents import RandomAgent
from tabletop.engine import registry
from tabletop.engine.decision import SECRET, ActionSpace, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.options import list_option
from tabletop.engine.registry import GameSpec
from tabletop.engine.state import Result, State
from tabletop.engine.zones import Layout, Zones

GAME = "toy"


def _lamp_needs_sword(unlocks: tuple[str, ...]) -> str | None:
    return "the lamp needs the sword" if "lamp" in unlocks and "sword" not in unlocks else None


@dataclass(frozen=True)
class ToyOptions:
    rounds: int = field(default=2, metadata={"min": 1, "max": 9})
    gold: int = field(default=0, metadata={"min": 0, "max": 1000})
    unlocks: tuple[str, ...] = list_option(
        (), choices=("sword", "shield", "lamp"), unique=True, check=_lamp_needs_sword
    )


SPACE = ActionSpace(
    [
        ("draw", "Draw a card"),
        ("bank", "Bank your hand"),
        ("end", "End your turn"),
        ("done", "Done"),
        ("keep", "Keep"),
        ("double", "Double your hand"),
    ]
)
DRAW, BANK, END, DONE, KEEP, DOUBLE = (SPACE[i] for i in SPACE.ids)


def who(p: int) -> str:
    return f"P{p + 1}"


class ToyState(State):
    __slots__ = ("acts", "hands", "phase", "round", "scores", "turn")

    game_id = GAME
    version = "1"

    def __init__(self, players: int, seed: int, opts: ToyOptions, log: bool) -> None:
        super().__init__(players, seed, opts, Zones(Layout([], (), (), (), players)), log)
        start = opts.gold + len(opts.unlocks)
        self.scores = [start] * players
        self.hands = [0] * players
        self.turn = 0
        self.acts = 2
        self.round = 0
        self.phase = "turn"
        self._ask()

    def _ask(self) -> None:
        p = self.turn
        if self.phase == "turn":
            opts = (DRAW, BANK, END) if self.hands[p] else (DRAW, END)
            self._pending = Decision((p,), "act", f"{who(p)}: draw, bank or end", opts, "toy.act")
        elif self.phase == "done":
            self._pending = Decision((p,), "done", f"{who(p)}: end of turn", (DONE,), "toy.done")
        else:
            players = tuple(range(self.num_players))
            asks = tuple(
                Ask(
                    "vote",
                    "Double or keep?",
                    (KEEP, DOUBLE) if self.hands[q] else (KEEP,),
                    "toy.vote",
                )
                for q in players
            )
            self._pending = Decision(
                players, "vote", "Double or keep?", (KEEP, DOUBLE), "toy.vote", SECRET, asks
            )

    def _answer(self, decision: Decision, player: int, option: Option) -> None:
        if option is DRAW:
            value = self.rng.die(6)
            self.hands[player] += value
            self.emit(
                Event(
                    "toy.draw",
                    f"{who(player)} draws a card",
                    player,
                    secret=f"{who(player)} draws a {value}",
                    seen_by=1 << player,
                )
            )
            self.acts -= 1
        elif option is BANK:
            self.emit(Event("toy.bank", f"{who(player)} banks {self.hands[player]}", player))
            self.scores[player] += self.hands[player]
            self.hands[player] = 0
            self.acts -= 1
        elif option is END:
            self.acts = 0
        elif option is DONE:
            self.phase = "turn"
            self.acts = 2
            self.turn += 1
            if self.turn == self.num_players:
                self.turn = 0
                self.phase = "vote"
            self._ask()
            return
        if self.acts == 0:
            self.phase = "done"
        self._ask()

    def _answers(self, decision: Decision, answers: dict[int, Option]) -> None:
        for p in sorted(answers):
            if answers[p] is DOUBLE:
                self.hands[p] *= 2
                self.emit(Event("toy.vote", f"{who(p)} doubles", p))
            else:
                self.emit(Event("toy.vote", f"{who(p)} keeps", p))
        self.round += 1
        self.phase = "turn"
        if self.round < self.opts.rounds:
            self._ask()
            return
        for p in range(self.num_players):
            self.scores[p] += self.hands[p]
            self.hands[p] = 0
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best)
        self._pending = None
        self.result = Result(tuple(float(s) for s in self.scores), winners, "rounds played")
        self.emit(Event("toy.end", "The game ends: " + ", ".join(map(who, winners)) + " win"))

    def _copy_game(self, new: Any) -> None:
        new.scores = self.scores[:]
        new.hands = self.hands[:]
        new.turn = self.turn
        new.acts = self.acts
        new.round = self.round
        new.phase = self.phase

    def _seen(self) -> tuple[frozenset[Any], ...]:
        # The hands are secret, kept outside any zone. A seat always knows its own (which
        # tells it nothing new); of the others' it knows those of 0 (none drawn yet, or
        # just banked openly).
        empty = [p for p, h in enumerate(self.hands) if h == 0]
        return tuple(frozenset(p for p in empty if p != seat) for seat in range(self.num_players))

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "scores": self.scores[:],
            "hand": None if player is None else self.hands[player],
            "round": self.round,
        }

    def fingerprint(self) -> tuple[Any, ...]:
        answers = tuple(sorted((p, o.id) for p, o in self._answers_in.items()))
        return (
            tuple(self.scores),
            tuple(self.hands),
            self.turn,
            self.acts,
            self.round,
            self.phase,
            self.rng.state,
            self._pending,
            answers,
            self.result,
        )


def _factory(players: int, seed: int, opts: Any, log: bool) -> State:
    return ToyState(players, seed, opts, log)


SPEC = GameSpec(
    id=GAME,
    title="Toy",
    version="1",
    min_players=1,
    max_players=4,
    options_type=ToyOptions,
    factory=_factory,
    action_space=SPACE,
    heuristic=RandomAgent,
)


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game as `toy` for the length of one test."""
    monkeypatch.setitem(registry._MODULES, GAME, __name__)
    monkeypatch.setitem(registry._SPECS, GAME, SPEC)


class Scripted:
    """An agent that answers from a list of option ids, then the first option."""

    def __init__(self, answers: list[str] | None = None) -> None:
        self.answers = list(answers or [])
        self.asked = 0

    def choose(self, state: State, player: int) -> str:
        self.asked += 1
        d = state.pending
        assert d is not None
        if self.answers:
            return self.answers.pop(0)
        return d.options_for(player)[0].id
