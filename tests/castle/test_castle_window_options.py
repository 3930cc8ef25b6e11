"""The options a window's opening step works out are handed on to its question (issue 26:
`combat_windows.Open` -> `Window`, `anytime.OpenAnytime` -> `Anytime`). The handed options
must be exactly what a fresh computation gives at every such question, never outlive it, and
leave clones, pickles and determinized copies made mid-window playing as the original."""

from __future__ import annotations

import pickle

import pytest

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.flow import top
from tabletop.engine.rng import Rng, derive_seed
from tabletop.games.castle import abilities
from tabletop.games.castle.anytime import Anytime
from tabletop.games.castle.combat_windows import Window
from tabletop.games.castle.rules import CastleState

WINDOWS = (Window, Anytime)
MAX_ANSWERS = 1500  # per game: enough for several Combats and Event windows


def _game(players: int, seed: int, mode: str, log: bool) -> CastleState:
    s = new_game("castle", players, seed, {"mode": mode}, log=log)
    assert isinstance(s, CastleState)
    return s


def _answer(s: CastleState, bots: list[object]) -> None:
    p = s.to_move()[0]
    s.apply(p, bots[p].choose(s, p))  # type: ignore[attr-defined]


class _Count:
    """Counts the options `abilities.handed` hands on (so a test knows they were used)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.hits = 0
        real = abilities.handed

        def counted(s: CastleState, step: object) -> object:
            got = real(s, step)
            self.hits += got is not None
            return got

        monkeypatch.setattr(abilities, "handed", counted)


GAMES = [
    ("random", 4, 1, "exploration", False),
    ("random", 5, 2, "exploration", True),
    ("heuristic", 4, 3, "exploration", False),
    ("heuristic", 6, 4, "boss-run", True),
    ("heuristic", 4, 5, "coop-competitive", False),
    ("random", 4, 6, "unshackled", False),
    ("heuristic", 8, 7, "exploration", True),
    ("heuristic", 5, 8, "unshackled", False),
]


@pytest.mark.parametrize(("bot", "players", "seed", "mode", "log"), GAMES)
def test_the_options_asked_are_those_worked_out_afresh(
    monkeypatch: pytest.MonkeyPatch, bot: str, players: int, seed: int, mode: str, log: bool
) -> None:
    count = _Count(monkeypatch)
    s = _game(players, seed, mode, log)
    bots = [make_agent(bot, "castle", derive_seed(seed, p)) for p in range(players)]
    windows = 0
    for _ in range(MAX_ANSWERS):
        if s.is_over:
            break
        step = top(s)
        if isinstance(step, WINDOWS):
            windows += 1
            # asked again now, nothing is handed on: the question works its options out
            assert step.ask(s) == s.pending, (type(step).__name__, step)
            assert abilities.handed(s, step) is None  # taken when it was first asked
        _answer(s, bots)
    assert windows > 10, windows  # the games went through windows
    assert count.hits > 0  # and the options were handed on there


def test_handed_options_are_taken_once_and_only_by_their_question() -> None:
    s = _game(4, 11, "exploration", False)
    other = s.clone()
    step = Window("start", (0, 1), (0, 0, 0, 0))
    same = Window("start", (0, 1), (0, 0, 0, 0))  # equal, but another step
    per: dict[int, list[object]] = {0: [], 1: []}
    abilities.hand_on(s, step, per)
    assert abilities.handed(other, step) is None  # another state (a clone)
    assert abilities.handed(s, same) is None  # another step object
    s.steps += 1
    assert abilities.handed(s, step) is None  # the state moved on
    s.steps -= 1
    assert abilities.handed(s, step) is per
    assert abilities.handed(s, step) is None  # taken


def _mid_window(players: int, seed: int, count: int) -> list[CastleState]:
    """`count` positions of a heuristic game where a combat or any-time window is asked."""
    s = _game(players, seed, "exploration", False)
    bots = [make_agent("heuristic", "castle", derive_seed(seed, p)) for p in range(players)]
    out: list[CastleState] = []
    seen = 0
    for _ in range(MAX_ANSWERS):
        if s.is_over or len(out) >= count:
            break
        if isinstance(top(s), WINDOWS):
            seen += 1
            if seen % 7 == 0:
                out.append(s.clone())
        _answer(s, bots)
    assert len(out) == count, len(out)
    return out


def _play(s: CastleState, seed: int, answers: int) -> list[tuple[object, ...]]:
    """Play on with fresh random bots; the fingerprint and question after every answer."""
    bots = [make_agent("random", "castle", derive_seed(seed, p)) for p in range(s.num_players)]
    out: list[tuple[object, ...]] = []
    for _ in range(answers):
        if s.is_over:
            break
        _answer(s, bots)
        out.append((s.fingerprint(), s.pending))
    return out


@pytest.mark.parametrize(("players", "seed"), [(4, 21), (5, 22)])
def test_clones_and_pickles_mid_window_play_as_the_original(players: int, seed: int) -> None:
    for i, s in enumerate(_mid_window(players, seed, 4)):
        copies = [s.clone(), pickle.loads(pickle.dumps(s))]
        for c in copies:
            assert c.pending == s.pending and c.fingerprint() == s.fingerprint()
        want = _play(s, i, 120)
        assert want
        for c in copies:
            assert _play(c, i, 120) == want


def test_determinized_copies_mid_window_ask_what_their_state_gives() -> None:
    for i, s in enumerate(_mid_window(4, 31, 5)):
        for seat in range(s.num_players):
            d = s.determinize(seat, Rng(derive_seed(i, seat)))
            step = top(d)
            assert isinstance(step, WINDOWS)
            assert d.pending == step.ask(d)
            _play(d, i, 60)  # and it plays on
