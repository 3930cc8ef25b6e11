"""Undo never reveals anything (issue 20), for every game: random play at a table of persons
who try to undo at random moments; after any undo the table allows, no seat knows more than
it did before the answer taken back.

What a seat knows is measured here apart from the table's own rule (`State.seen`): per seat,
the card names and ids its `state.view(seat)` shows (as a card's `id` or `name`, or as an item
of a list; a field naming another card, such as a target, is a reference, not a card shown),
counted (two copies of a card are more than one), together with the cards the zones let it
see or know. Knowledge only grows: the most of each name a seat was ever shown at once, and
every card it ever saw. An undo back to before an answer is fair only if every seat's
knowledge is still what it was just before that answer was made.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import new_game
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.engine.table import NothingToUndoError, Table

# game -> (seat counts, options): small games, so that an example runs in a fraction of a second
GAMES: dict[str, tuple[tuple[int, ...], dict[str, Any]]] = {
    "quests": ((2, 3), {"turn_limit": 4}),
    "guardians": ((1, 2), {}),
    "librarians": ((1, 2), {}),
    "castle": ((4,), {}),
}
WARM_UP = 60  # at most this many random answers before the table is set (to reach mid-game)
ANSWERS = 120  # answers made at the table per example
CARD_KEYS = ("id", "name")


def shown(view: Any, cards: frozenset[str]) -> Counter[str]:
    """The card names and ids a view shows, counted, outside its log and its question."""
    out: Counter[str] = Counter()
    stack: list[Any] = [v for k, v in view.items() if k not in ("log", "pending")]
    while stack:
        o = stack.pop()
        if type(o) is dict:
            for k, v in o.items():
                if k in CARD_KEYS and type(v) is str:
                    if v in cards:
                        out[v] += 1
                elif type(v) in (dict, list):
                    stack.append(v)
        elif type(o) is list:
            for v in o:
                if type(v) is str:
                    if v in cards:
                        out[v] += 1
                else:
                    stack.append(v)
    return out


@dataclass
class Knowledge:
    """What each seat was ever shown: the most of each card string at once, every card seen."""

    strings: list[Counter[str]]
    cards: list[set[int]]

    def copy(self) -> Knowledge:
        return Knowledge([Counter(c) for c in self.strings], [set(c) for c in self.cards])

    def learn(self, state: State, names: frozenset[str]) -> None:
        z = state.zones
        layout = z.layout
        # (visible_cards, for every seat at once: by zone, sight or knowledge)
        masks = [
            (c, sight | z.known[c])
            for zone, sight in zip(z.cards, layout.sights, strict=True)
            for c in zone
        ]
        for seat in range(state.num_players):
            cards = {c for c, mask in masks if mask >> seat & 1}
            # a card a zone shows counts as shown even where the view leaves it out (a public
            # box of Upgrades chosen by name)
            zoned = Counter(layout.names[c] for c in cards) + Counter(
                layout.slugs[c] for c in cards
            )
            self.strings[seat] |= shown(state.view(seat), names) | zoned  # (|: the larger)
            self.cards[seat] |= cards

    def beyond(self, earlier: Knowledge) -> list[str]:
        """What each seat knows now that it did not know at `earlier`."""
        out = []
        for seat, (now, then) in enumerate(zip(self.strings, earlier.strings, strict=True)):
            more = now - then
            if more:
                out.append(f"P{seat + 1} was shown {sorted(more.elements())}")
        for seat, (now_c, then_c) in enumerate(zip(self.cards, earlier.cards, strict=True)):
            if now_c - then_c:
                out.append(f"P{seat + 1} saw cards {sorted(now_c - then_c)}")
        return out


@dataclass
class Stats:
    answers: int = 0
    undos: int = 0
    refused: Counter[str] = field(default_factory=Counter)


def play(game: str, seed: int) -> Stats:
    """Random play at a table of one person per seat (each opted in to auto-answers) who try
    to undo at random; checks every undo the table allows (see the module's doc)."""
    counts, options = GAMES[game]
    rng = Rng(seed)
    players = counts[rng.below(len(counts))]
    state = new_game(game, players, seed, options)
    for _ in range(rng.below(WARM_UP + 1)):
        if state.is_over:
            break
        seat = state.to_move()[0]
        ids = state.pending.option_ids(seat)  # type: ignore[union-attr]
        state.apply(seat, ids[rng.below(len(ids))])
    layout = state.zones.layout
    names = frozenset(layout.names) | frozenset(layout.slugs)
    persons = [f"p{seat}" for seat in range(players)]
    know = Knowledge([Counter() for _ in persons], [set() for _ in persons])
    table: Table

    def look(seat: int = -1, option: object = None) -> None:  # also before each auto-answer
        know.learn(table.state, names)

    table = Table(state, persons, auto=range(players), on_auto=look)
    table.drive()
    look()
    before: dict[int, Knowledge] = {}  # state.steps -> knowledge before the answer made there
    stats = Stats()
    last = 0
    for _ in range(ANSWERS):
        if table.state.is_over:
            break
        if rng.below(3) == 0:  # try an undo: mostly the seat that answered last
            seat = last if rng.below(2) else rng.below(players)
            allowed = table.can_undo(persons[seat], seat)
            try:
                table.undo(persons[seat], seat)
            except NothingToUndoError as e:
                assert not allowed
                stats.refused[str(e).split(": ")[-1].split(" (")[0]] += 1
            else:
                assert allowed
                stats.undos += 1
                look()
                earlier = before[table.state.steps]
                leaked = know.beyond(earlier)
                assert not leaked, f"{game} seed {seed}: undo after a reveal: {leaked}"
            continue
        asks = table.asks()
        if not asks:  # only held answers left (a hot-seat screen would hand them over)
            table.drive()
            look()
            continue
        ask = asks[rng.below(len(asks))]
        before[table.state.steps] = know.copy()
        last = ask.seat
        table.answer(ask.controller, ask.seat, ask.options[rng.below(len(ask.options))].id)
        look()
        stats.answers += 1
    return stats


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=6)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_an_undo_the_table_allows_reveals_nothing(game: str, seed: int) -> None:
    play(game, seed)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_random_play_undoes_and_is_refused(game: str) -> None:
    """The property above is not empty: tables allow some undos and refuse others for a
    reveal or a draw of chance."""
    total = Stats()
    for seed in range(4):
        stats = play(game, seed)
        total.answers += stats.answers
        total.undos += stats.undos
        total.refused += stats.refused
    assert total.undos > 0, total
    assert any("revealed by it" in why for why in total.refused), total
