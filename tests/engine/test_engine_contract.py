"""The kernel's game contract: typed errors that leave the state untouched, the registry,
agents, clones, determinization, views and the fixed action space."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import play_game
from tabletop.agents import RandomAgent, check_spec, make_agent, parse_spec
from tabletop.engine import (
    AlreadyAnsweredError,
    AnswerError,
    GameOverError,
    IllegalOptionError,
    MalformedAnswerError,
    OptionError,
    PlayerCountError,
    State,
    TabletopError,
    UnknownAgentError,
    UnknownGameError,
    WrongPlayerError,
    game_ids,
    get,
    new_game,
)
from tabletop.engine.decision import ActionSpace, Decision
from tabletop.engine.rng import Rng


def snapshots(seed: int = 2, players: int = 3) -> list[State]:
    """Clones of a random game at every step, the finished game last."""
    out: list[State] = []
    play_game(
        "quests",
        players,
        seed,
        ["random"] * players,
        {"turn_limit": 3},
        each_step=lambda s: out.append(s.clone()),
    )
    return out


@pytest.fixture(scope="module")
def states() -> list[State]:
    return snapshots()


def untouched(state: State, bad: Any, error: type[AnswerError]) -> None:
    before = (state.fingerprint(), state.steps, list(state.history or []), len(state.log or []))
    with pytest.raises(error):
        bad()
    after = (state.fingerprint(), state.steps, list(state.history or []), len(state.log or []))
    assert after == before


def test_malformed_answers(states: list[State]) -> None:
    s = states[10].clone()
    p = s.to_move()[0]
    opt = s.pending.options_for(p)[0].id  # type: ignore[union-attr]
    for player in ("0", None, 0.0, True, False):
        untouched(s, lambda pl=player: s.apply(pl, opt), MalformedAnswerError)
    for option in (None, 0, b"pass", ["pass"]):
        untouched(s, lambda o=option: s.apply(p, o), MalformedAnswerError)


def test_wrong_player(states: list[State]) -> None:
    s = next(x for x in states if x.pending and not x.pending.secret).clone()
    p = s.to_move()[0]
    other = (p + 1) % s.num_players
    opt = s.pending.options_for(p)[0].id  # type: ignore[union-attr]
    for player in (other, -1, 99):
        untouched(s, lambda pl=player: s.apply(pl, opt), WrongPlayerError)
    with pytest.raises(WrongPlayerError, match=f"waiting for player\\(s\\) {p}"):
        s.apply(other, opt)


def test_illegal_option(states: list[State]) -> None:
    s = states[5].clone()
    p = s.to_move()[0]
    for option in ("", "no-such", "meld ", "PASS"):
        untouched(s, lambda o=option: s.apply(p, o), IllegalOptionError)
    with pytest.raises(IllegalOptionError, match="the options are: "):
        s.apply(p, "nope")


def escape_window(states: list[State]) -> State:
    return next(
        x.clone()
        for x in states
        if x.pending is not None and x.pending.secret and len(x.to_move()) >= 2
    )


def test_already_answered_simultaneous(states: list[State]) -> None:
    s = escape_window(states)
    first = s.to_move()[0]
    s.apply(first, "pass")
    assert first not in s.to_move()
    untouched(s, lambda: s.apply(first, "pass"), AlreadyAnsweredError)


def test_simultaneous_answers_are_not_revealed(states: list[State]) -> None:
    s = escape_window(states)
    first = s.to_move()[0]
    log_before = len(s.log or [])
    s.apply(first, "pass")
    assert len(s.log or []) == log_before
    view = s.view(s.to_move()[0])
    assert view["pending"]["waiting_for"] == list(s.to_move())
    assert first not in view["pending"]["waiting_for"]


def test_escape_window_options_only_for_the_viewer(states: list[State]) -> None:
    s = escape_window(states)
    waiting = s.to_move()
    for viewer in range(s.num_players):
        pend = s.view(viewer)["pending"]
        if viewer in waiting:
            ids = [o["id"] for o in pend["options"]]
            assert ids == list(s.pending.option_ids(viewer))  # type: ignore[union-attr]
        else:
            assert "options" not in pend and "prompt" not in pend
    assert "options" not in s.view(None)["pending"]


def test_game_over(states: list[State]) -> None:
    s = states[-1]
    assert s.is_over and s.pending is None and s.to_move() == ()
    untouched(s, lambda: s.apply(0, "pass"), GameOverError)
    with pytest.raises(GameOverError, match="over"):
        s.apply(0, "pass")


@settings(max_examples=60)
@given(
    st.integers(min_value=0, max_value=10_000),
    st.one_of(st.integers(min_value=-2, max_value=9), st.booleans(), st.text(max_size=3)),
    st.one_of(st.sampled_from(["pass", "meld", "escape", "target:1", "x"]), st.integers()),
)
def test_any_answer_is_applied_or_rejected_cleanly(
    states: list[State], at: int, player: Any, option: Any
) -> None:
    s = states[at % len(states)].clone()
    before = s.fingerprint()
    try:
        s.apply(player, option)
    except AnswerError:
        assert s.fingerprint() == before
    else:
        assert s.steps == states[at % len(states)].steps + 1
        s.check_invariants()


def test_errors_are_tabletop_errors() -> None:
    for e in (
        MalformedAnswerError,
        WrongPlayerError,
        IllegalOptionError,
        AlreadyAnsweredError,
        GameOverError,
    ):
        assert issubclass(e, AnswerError) and issubclass(e, TabletopError)
    for e in (UnknownGameError, OptionError, PlayerCountError, UnknownAgentError):
        assert issubclass(e, TabletopError)


# -- registry, players, agents ------------------------------------------------------------


def test_registry_lists_quests() -> None:
    assert "quests" in game_ids()
    assert game_ids() == sorted(game_ids())
    spec = get("quests")
    assert spec.id == "quests" and (spec.min_players, spec.max_players) == (2, 8)
    assert spec.rules_doc == "docs/rules/quests.md"


@pytest.mark.parametrize("bad", ["chess", "", "Quests", None, 3])
def test_unknown_game(bad: Any) -> None:
    with pytest.raises(UnknownGameError, match=r"the games are: .*quests"):
        new_game(bad, 3)


@pytest.mark.parametrize("players", [0, 1, 9, -3, True, "3", 2.0])
def test_bad_player_count(players: Any) -> None:
    with pytest.raises(PlayerCountError, match="2 to 8 players"):
        new_game("quests", players)


@pytest.mark.parametrize("seed", ["1", 1.0, None, False])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(PlayerCountError, match="seed must be an integer"):
        new_game("quests", 3, seed)


def test_unknown_option() -> None:
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        new_game("quests", 3, 0, {"speed": 2})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown agent 'alphazero'; the agents are: .*heuristic.*random"),
        ("", "must be a name"),
        ("random:depth=3", "takes no settings"),
        ("heuristic:fast", "write key=value"),
        ("random:=3", "write key=value"),
    ],
)
def test_unknown_agent(spec: str, message: str) -> None:
    with pytest.raises(UnknownAgentError, match=message):
        make_agent(spec, "quests", 0)
    with pytest.raises(UnknownAgentError):
        check_spec(spec, "quests")


def test_parse_spec() -> None:
    assert parse_spec("ismcts:iterations=100, c=0.7") == (
        "ismcts",
        {"iterations": "100", "c": "0.7"},
    )
    assert parse_spec(" random ") == ("random", {})


def test_agents_are_seeded() -> None:
    s = new_game("quests", 3, 4)
    for spec in ("random", "heuristic"):
        picks = {make_agent(spec, "quests", 9).choose(s, s.to_move()[0]) for _ in range(3)}
        assert len(picks) == 1
    a, b = RandomAgent(1), RandomAgent(1)
    assert [a.rng.below(100) for _ in range(5)] == [b.rng.below(100) for _ in range(5)]


# -- determinism, clone, determinize, views ------------------------------------------------


def test_same_seed_same_game() -> None:
    a = play_game("quests", 4, 11, ["random"] * 4, {"turn_limit": 4})
    b = play_game("quests", 4, 11, ["random"] * 4, {"turn_limit": 4})
    assert a.fingerprint() == b.fingerprint() and a.history == b.history
    c = play_game("quests", 4, 12, ["random"] * 4, {"turn_limit": 4})
    assert c.fingerprint() != a.fingerprint()


def test_log_off_plays_the_same_game() -> None:
    a = play_game("quests", 3, 8, ["heuristic"] * 3, {"turn_limit": 5})
    b = play_game("quests", 3, 8, ["heuristic"] * 3, {"turn_limit": 5}, log=False)
    assert b.log is None and b.history is None
    assert a.fingerprint() == b.fingerprint()


def test_clone_is_independent(states: list[State]) -> None:
    s = states[30]
    before = s.fingerprint()
    twin = s.clone()
    assert twin.fingerprint() == before and twin.history == s.history
    agent = RandomAgent(3)
    for _ in range(40):
        if twin.is_over:
            break
        p = twin.to_move()[0]
        twin.apply(p, agent.choose(twin, p))
    assert s.fingerprint() == before
    assert twin.fingerprint() != before
    assert len(twin.history or []) > len(s.history or [])


def test_determinize_keeps_what_the_viewer_knows(states: list[State]) -> None:
    for s in states[::25]:
        if s.is_over:
            continue
        for viewer in range(s.num_players):
            d = s.determinize(viewer, Rng(viewer))
            d.check_invariants()
            z, dz = s.zones, d.zones
            assert [len(x) for x in dz.cards] == [len(x) for x in z.cards]
            for zi, zone in enumerate(z.cards):
                for pos, c in enumerate(zone):
                    if z.can_see(viewer, zi, c):
                        assert dz.cards[zi][pos] == c
            assert d.view(viewer)["seats"] == s.view(viewer)["seats"]
            assert s.fingerprint() != d.fingerprint() or not z.hidden_from(viewer)


def test_view_is_json_ready(states: list[State]) -> None:
    import json

    for s in states[::40]:
        for viewer in (*range(s.num_players), None):
            v = s.view(viewer)
            assert json.loads(json.dumps(v)) == v
            assert v["game"] == "quests" and v["viewer"] == viewer
            assert len(v["log"]) <= 40


def test_action_space() -> None:
    space = get("quests").action_space
    assert len(space) == len(set(space.ids))
    assert [o.action for o in space.options] == list(range(len(space)))
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace([("a", "A"), ("a", "B")])
    d = Decision((0,), "k", "p", (space["pass"], space["meld"]))
    mask = space.mask(d)
    assert sum(mask) == 2 and mask[space["meld"].action]
    assert "pass" in space and "nonsense" not in space


def test_every_option_asked_is_in_the_action_space(states: list[State]) -> None:
    space = get("quests").action_space
    for s in states:
        d = s.pending
        if d is None:
            continue
        for p in d.players:
            for o in d.options_for(p):
                assert space[o.id] == o


# Games whose state still lists its fields by hand; each moves onto declared fields in turn.
HAND_WRITTEN_FIELDS: set[str] = set()


@pytest.mark.parametrize("game_id", game_ids())
def test_declared_fields_cover_every_slot_and_copy_apart(game_id: str) -> None:
    """A game's fields are declared once (`__slots__ = declare(...)`): every slot of its state
    class is declared, so clone and fingerprint cannot forget one, and a clone played on
    leaves the original as it was."""
    state = new_game(game_id, max(3, get(game_id).min_players), 4)
    cls = type(state)
    if game_id in HAND_WRITTEN_FIELDS:
        assert cls._fields is None
        return
    assert cls._fields is not None
    own = {n for k in cls.__mro__ if k is not State and issubclass(k, State) for n in k.__slots__}
    assert own == set(cls._fields)
    before = state.fingerprint()
    copy = state.clone()
    for name in cls._fields:
        assert getattr(copy, name) == getattr(state, name), name
    bot = RandomAgent(1)
    for _ in range(60):
        if copy.is_over:
            break
        p = copy.to_move()[0]
        copy.apply(p, bot.choose(copy, p))
    assert state.fingerprint() == before
