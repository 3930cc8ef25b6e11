"""The ISMCTS agent: settings, legal answers in every decision kind, determinism, simultaneous
Escape windows, and that it never peeks at what its seat cannot see."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers import refresh
from tabletop.agents import make_agent
from tabletop.agents.ismcts import IsmctsAgent, Settings, parse_settings, terminal_rewards
from tabletop.engine import game_ids, get, new_game
from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.games.quests import rules as R

FAST = "ismcts:iterations=40,depth=8"


def agent(spec: str = FAST, seed: int = 3) -> IsmctsAgent:
    a = make_agent(spec, "quests", seed)
    assert isinstance(a, IsmctsAgent)
    return a


def find_state(
    want: Callable[[R.QuestsState], bool], players: int = 3, seeds: range = range(60)
) -> R.QuestsState:
    """The first position of heuristic self-play games where `want` holds."""
    for seed in seeds:
        s = new_game("quests", players, seed, log=False)
        assert isinstance(s, R.QuestsState)
        bots = [make_agent("heuristic", "quests", seed * 7 + p) for p in range(players)]
        while not s.is_over:
            if want(s):
                return s
            p = s.to_move()[0]
            s.apply(p, bots[p].choose(s, p))
    raise AssertionError("no such position in the games tried")


def root_stats(a: IsmctsAgent, s: State, p: int) -> dict[tuple[int, str, str], tuple[int, float]]:
    root = a.search(s, p)
    return {k: (n.visits, round(n.total, 9)) for k, n in root.children.items()}


# -- settings --------------------------------------------------------------------------------


def test_default_settings() -> None:
    """With no budget the search thinks a fixed time (0.2 s) a decision, with no iteration
    cap; the rollout depth is the game's own."""
    assert parse_settings({}) == Settings(None, 0.2, 0.7, "heuristic", None, "policy", None)
    a = agent("ismcts")
    assert a.settings.iterations is None and a.settings.time == 0.2
    assert a.settings.rollout == "heuristic" and a.depth == 20 and a.bias == 1.0


def test_settings_are_read() -> None:
    s = parse_settings({"iterations": "50", "c": "1.5", "rollout": "random", "depth": "0"})
    assert (s.iterations, s.c, s.rollout, s.depth, s.time) == (50, 1.5, "random", 0, None)
    timed = parse_settings({"time": "0.25"})
    assert timed.time == 0.25 and timed.iterations is None
    both = parse_settings({"time": "2", "iterations": "10"})
    assert both.time == 2.0 and both.iterations == 10


def test_unknown_setting_names_the_allowed_ones() -> None:
    with pytest.raises(UnknownAgentError) as e:
        make_agent("ismcts:iterationz=5", "quests", 0)
    for key in ("iterations", "time", "c", "rollout", "depth", "opponents"):
        assert key in str(e.value)


@pytest.mark.parametrize(
    "setting",
    [
        "iterations=0",
        "iterations=many",
        "iterations=1.5",
        "c=-1",
        "c=nan",
        "c=x",
        "rollout=smart",
        "depth=-2",
        "time=0",
        "time=-1",
        "time=inf",
        "opponents=all",
        "iterations=1000001",
        "iterations=1000000000000",
        "time=3601",
        "time=1e300",
        "depth=1000001",
    ],
)
def test_bad_setting_values_are_refused(setting: str) -> None:
    key, _, value = setting.partition("=")
    with pytest.raises(UnknownAgentError) as e:
        make_agent(f"ismcts:{setting}", "quests", 0)
    assert key in str(e.value) and repr(value) in str(e.value)


def test_bounds_are_named_and_a_huge_value_is_not_repeated_whole() -> None:
    assert parse_settings({"iterations": "1000000", "depth": "1000000", "time": "3600"}) == (
        Settings(iterations=1_000_000, depth=1_000_000, time=3600.0)
    )
    with pytest.raises(UnknownAgentError) as e:
        make_agent("ismcts:iterations=" + "9" * 5000, "quests", 0)
    assert str(e.value) == (
        f"ismcts setting iterations='{'9' * 59}… (5,002 characters) is not valid: "
        "it must be a whole number from 1 to 1,000,000"
    )
    with pytest.raises(UnknownAgentError, match="from 0 to 1,000,000"):
        make_agent("ismcts:depth=10000000", "quests", 0)
    with pytest.raises(UnknownAgentError, match="above 0 and at most 3600"):
        make_agent("ismcts:time=86400", "quests", 0)


def test_bad_rollout_names_the_choices() -> None:
    with pytest.raises(UnknownAgentError, match="heuristic or random"):
        make_agent("ismcts:rollout=greedy", "quests", 0)


# -- rewards ---------------------------------------------------------------------------------


def test_terminal_rewards() -> None:
    assert terminal_rewards(Result((3, 1, 0), (0,), "won"), 3) == [1.0, 0.0, 0.0]
    assert terminal_rewards(Result((2, 2, 0), (0, 1), "tie"), 3) == [0.5, 0.5, 0.0]
    assert terminal_rewards(Result((0, 0, 0, 0), (), "draw"), 4) == [0.25] * 4
    team = Result((1, 1), (0, 1), "beat the boss", team="won")
    assert terminal_rewards(team, 2) == [1.0, 1.0]
    lost = Result((0, 0), (), "lost", team="lost")
    assert terminal_rewards(lost, 2) == [0.0, 0.0]


# -- playing ---------------------------------------------------------------------------------


def test_one_legal_option_is_answered_without_search() -> None:
    s = find_state(
        lambda s: s.pending is not None and len(s.pending.options_for(s.to_move()[0])) == 1
    )
    a = agent("ismcts:iterations=1000000")
    p = s.to_move()[0]
    assert a.choose(s, p) == s.pending.options_for(p)[0].id  # type: ignore[union-attr]
    assert a.last_iterations == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_answers_in_every_decision_kind(players: int) -> None:
    """Whole short games with ISMCTS in every seat: every answer is legal (apply would raise),
    the search ran at each real choice, and the common decision kinds were all searched."""
    kinds: set[str] = set()
    for seed in range(2):
        s = new_game("quests", players, seed, {"turn_limit": 4}, log=False)
        # both opponent models: the policy's in even seats, tree nodes in odd ones
        specs = ["ismcts:iterations=12,depth=6", "ismcts:iterations=12,depth=6,opponents=tree"]
        seats = [agent(specs[p % 2], seed * 10 + p) for p in range(players)]
        while not s.is_over:
            d = s.pending
            assert d is not None
            for p in s.to_move():
                if p not in s.to_move():
                    continue  # a PARALLEL answer may leave fewer seats asked
                choice = seats[p].choose(s, p)
                assert choice in d.option_ids(p)
                if len(d.options_for(p)) > 1:
                    assert seats[p].last_iterations == 12
                    kinds.add(d.kind)
                s.apply(p, choice)
                if s.is_over:
                    break
            s.check_invariants()
    assert {"initiative", "adventure", "action", "target"} <= kinds


def test_random_rollouts_and_timed_search_give_legal_answers() -> None:
    s = find_state(
        lambda s: (
            s.pending is not None
            and s.pending.kind == "action"
            and len(s.pending.options_for(s.to_move()[0])) > 2
        )
    )
    p = s.to_move()[0]
    assert agent("ismcts:iterations=30,rollout=random,depth=20").choose(
        s, p
    ) in s.pending.option_ids(p)  # type: ignore[union-attr]
    timed = agent("ismcts:time=0.02")
    assert timed.choose(s, p) in s.pending.option_ids(p)  # type: ignore[union-attr]
    assert timed.last_iterations >= 1


def test_search_leaves_the_state_untouched() -> None:
    s = find_state(lambda s: s.pending is not None and s.pending.kind == "adventure")
    before = s.fingerprint()
    agent().choose(s, s.to_move()[0])
    assert s.fingerprint() == before


def test_same_seed_same_choice() -> None:
    s = find_state(
        lambda s: (
            s.pending is not None and s.pending.kind == "adventure" and len(s.pending.options) > 3
        )
    )
    p = s.to_move()[0]
    assert root_stats(agent(seed=5), s, p) == root_stats(agent(seed=5), s, p)
    assert agent(seed=5).choose(s, p) == agent(seed=5).choose(s, p)
    # another seed searches differently
    assert root_stats(agent(seed=6), s, p) != root_stats(agent(seed=5), s, p)


def test_without_an_evaluation_a_cut_rollout_is_neutral() -> None:
    s = find_state(lambda s: s.pending is not None and s.pending.kind == "action")
    a = agent("ismcts:iterations=5,depth=0")
    a._evaluate = None
    assert a._rollout(s.clone()) == [1 / 3] * 3
    with_eval = agent("ismcts:iterations=5,depth=0")
    values = with_eval._rollout(s.clone())
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)


# -- simultaneous Escape windows ----------------------------------------------------------


def _window_with_escape(s: R.QuestsState) -> bool:
    """An Escape window where the first player asked may Escape and another is still asked."""
    d = s.pending
    if d is None or d.kind != "escape" or len(s.to_move()) < 2:
        return False
    return len(d.options_for(s.to_move()[0])) == 2


def test_escape_window_with_other_players_to_answer() -> None:
    s = find_state(_window_with_escape)
    me = s.to_move()[0]
    before = s.fingerprint()
    choice = agent().choose(s, me)
    assert choice in ("pass", "escape")
    assert s.fingerprint() == before


def test_escape_window_where_another_player_has_answered() -> None:
    """Whatever the other player answered (hidden from the searcher), the search is the
    same."""
    base = find_state(_window_with_escape)
    first, me = base.to_move()[0], base.to_move()[1]
    answers = {}
    for answer in base.pending.option_ids(first):  # type: ignore[union-attr]
        s = base.clone()
        s.apply(first, answer)
        assert s.to_move() == tuple(p for p in base.to_move() if p != first)
        a = agent(seed=11)
        answers[answer] = (a.choose(s, me), root_stats(agent(seed=11), s, me))
        assert answers[answer][0] in s.pending.option_ids(me)  # type: ignore[union-attr]
    assert len(answers) == 2 and answers["pass"] == answers["escape"]


# -- it never peeks ------------------------------------------------------------------------


def _swap_hidden(s: R.QuestsState, me: int, other: int, pick: Callable[[int], bool]) -> State:
    """A copy of `s` where every card of `other`'s hand that `pick` accepts trades places with
    a deck card that `pick` refuses: cards nobody but `other` knows."""
    t = s.clone()
    z = t.zones
    owner = 1 << other
    hand, deck = z.cards[t.hand(other)], z.cards[R.DECK]
    out = [c for c in hand if pick(c) and not z.known[c] & ~owner]
    into = [c for c in deck if not pick(c) and not z.known[c]][: len(out)]
    assert out and len(into) == len(out), "no hidden cards to swap"
    for a, b in zip(out, into, strict=True):
        assert not z.can_see(me, t.hand(other), a) and not z.can_see(me, R.DECK, b)
        hand[hand.index(a)], deck[deck.index(b)] = b, a
        z.known[a], z.known[b] = 0, owner
    refresh(t)  # the pending decision follows the hands, as the game would have asked it
    return t


def test_never_peeks_at_an_opponents_hand() -> None:
    s = find_state(
        lambda s: (
            s.pending is not None
            and s.pending.kind == "action"
            and len(s.pending.options_for(s.to_move()[0])) > 2
        )
    )
    me = s.to_move()[0]
    other = (me + 1) % 3
    suit = R.SUIT[s.zones.cards[s.hand(other)][0]]
    t = _swap_hidden(s, me, other, lambda c: R.SUIT[c] == suit)
    assert s.fingerprint() != t.fingerprint()
    assert s.view(me) == t.view(me)
    for spec in (FAST, FAST + ",opponents=tree", FAST + ",rollout=random"):
        assert agent(spec, 2).choose(s, me) == agent(spec, 2).choose(t, me)
        assert root_stats(agent(spec, 2), s, me) == root_stats(agent(spec, 2), t, me)


def test_never_peeks_at_who_holds_an_escape() -> None:
    """In an Escape window the other players' options show who holds an Escape card; moving
    an opponent's Escape into the deck must not change the search."""

    def ready(s: R.QuestsState) -> bool:
        if not _window_with_escape(s):
            return False
        me = s.to_move()[0]
        return any(hidden_escape(s, q) for q in s.to_move() if q != me)

    def hidden_escape(s: R.QuestsState, q: int) -> bool:
        """`q` holds an Escape card nobody else knows of."""
        z = s.zones
        return any(R.SUIT[c] == R.ESCAPE and not z.known[c] & ~(1 << q) for c in z.cards[s.hand(q)])

    s = find_state(ready)
    me = s.to_move()[0]
    other = next(q for q in s.to_move() if q != me and hidden_escape(s, q))
    t = _swap_hidden(s, me, other, lambda c: R.SUIT[c] == R.ESCAPE)
    assert s.pending.options_for(other) != t.pending.options_for(other)  # type: ignore[union-attr]
    assert s.view(me) == t.view(me)
    for spec in (FAST, FAST + ",opponents=tree", FAST + ",rollout=random"):
        assert root_stats(agent(spec, 4), s, me) == root_stats(agent(spec, 4), t, me)


# -- every game ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game(game_id: str) -> None:
    """Through the contract alone: legal answers for a stretch of each game, in both opponent
    models, from the fewest players the game allows (at least two) to one more."""
    spec = get(game_id)
    low = max(spec.min_players, 2)
    for players in range(low, min(low + 1, spec.max_players) + 1):
        s = new_game(game_id, players, seed=players, log=False)
        seats = [
            make_agent(f"ismcts:iterations=6,depth=5,opponents={m}", game_id, p)
            for p, m in zip(range(players), ["policy", "tree"] * players, strict=False)
        ]
        searched = 0
        while not s.is_over and s.steps < 60:
            for p in s.to_move():
                if p not in s.to_move():
                    continue  # a PARALLEL answer may leave fewer seats asked
                d = s.pending
                assert d is not None
                choice = seats[p].choose(s, p)
                assert choice in d.option_ids(p)
                searched += len(d.options_for(p)) > 1
                s.apply(p, choice)
                if s.is_over:
                    break
        assert searched > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_determinized_positions_play_on(game_id: str) -> None:
    """What the search relies on: a determinization for any player to move can be played on
    with any legal answers (the pending decision follows the re-dealt cards)."""
    spec = get(game_id)
    players = min(max(spec.min_players, 3), spec.max_players)
    rng = Rng(5)
    for seed in range(2):
        s = new_game(game_id, players, seed=seed, log=False)
        bots = [spec.heuristic(p) for p in range(players)]
        while not s.is_over and s.steps < 300:
            movers = s.to_move()
            # every decision of several players, and every fifth other one
            for me in movers if len(movers) > 1 or s.steps % 5 == 0 else ():
                t = s.determinize(me, rng)
                for _ in range(12):
                    if t.is_over:
                        break
                    for q in t.to_move():
                        if q not in t.to_move():
                            continue  # a PARALLEL answer may leave fewer seats asked
                        d = t.pending
                        assert d is not None
                        options = d.options_for(q)
                        t.apply(q, options[rng.below(len(options))].id)
                        if t.is_over:
                            break
                t.check_invariants()
            p = movers[0]
            s.apply(p, bots[p].choose(s, p))
