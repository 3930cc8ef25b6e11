"""Observation encoders: every registered game has one, its observations have the fixed size
in [0, 1], and they hold nothing a seat cannot see: a state re-drawn by `determinize(seat)`
(everything hidden from the seat re-dealt) gives that seat the same observation, while a
state re-drawn for another seat does change what the seat sees (so the check bites)."""

from __future__ import annotations

import numpy as np
import pytest
from rl_cases import counts, games, hidden, positions, rng, short

from tabletop.engine import registry
from tabletop.rl import encoders, observe
from tabletop.rl.encoders import NoEncoderError, encoder


@pytest.mark.parametrize("game_id", games())
def test_every_registered_game_has_an_encoder(game_id: str) -> None:
    enc = encoder(game_id)
    assert enc.game_id == game_id
    assert enc.size == sum(size for _, _, size in enc.pieces)
    assert enc.max_players == registry.get(game_id).max_players


def test_a_game_without_an_encoder_module_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._MODULES, "no_encoder_yet", "tabletop.games.quests")
    monkeypatch.setitem(registry._SPECS, "no_encoder_yet", registry.get("quests"))
    with pytest.raises(NoEncoderError, match=r"write src/tabletop/rl/encoders/no_encoder_yet\.py"):
        encoder.__wrapped__("no_encoder_yet")


@pytest.mark.parametrize("game_id", games())
def test_observations_have_the_fixed_size_in_unit_range(game_id: str) -> None:
    size = encoder(game_id).size
    for n in counts(game_id):
        for state in positions(game_id, n, seed=n, every=5):
            for p in range(n):
                obs = observe(state, p)
                assert obs.shape == (size,) and obs.dtype == np.float32
                assert obs.min() >= 0.0 and obs.max() <= 1.0


@pytest.mark.parametrize("game_id", games())
def test_every_name_a_view_shows_is_in_the_encoder_vocabularies(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encoders, "STRICT", True)
    for n in counts(game_id):
        for options in ({}, short(game_id)):
            for state in positions(game_id, n, 20 + n, 3, 400, options):
                for p in range(n):
                    observe(state, p)


@pytest.mark.parametrize("game_id", games())
def test_observations_never_contain_hidden_information(game_id: str) -> None:
    changed = 0
    checked = 0
    variants = ({}, short(game_id), hidden(game_id))
    for n, options in [(n, o) for n in counts(game_id) for o in variants]:
        for i, state in enumerate(positions(game_id, n, 10 + n, 11, 400, options)):
            if state.is_over:
                continue
            for p in range(n):
                mine = observe(state, p)
                for k in range(2):
                    same = state.determinize(p, rng(1000 * i + 10 * p + k))
                    assert np.array_equal(observe(same, p), mine), (game_id, n, i, p)
                    checked += 1
                if n > 1:
                    other = state.determinize((p + 1) % n, rng(7 * i + p))
                    changed += not np.array_equal(observe(other, p), mine)
    assert checked > 20
    if max(counts(game_id)) > 1:
        assert changed > 0, "re-drawing another seat's hidden cards never changed anything"


def test_secret_answers_do_not_show_in_the_next_seat_observation() -> None:
    """Quests' Escape window is SECRET: after one seat answers, the other's observation is
    the one it had before."""
    for state in positions("quests", 3, seed=4, every=1, limit=3000):
        d = state.pending
        if d is not None and d.secret and len(state.to_move()) >= 2:
            first, second = state.to_move()[:2]
            before = observe(state, second)
            for opt in d.options_for(first):
                after = state.clone()
                after.apply(first, opt.id)
                assert np.array_equal(observe(after, second), before)
            return
    pytest.fail("no secret decision with two seats in the game")
