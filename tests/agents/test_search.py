"""The search's game knowledge (rewards, depth), its budget settings, the progressive bias
toward the heuristic bot's answer, and `hint` as an API: the same answer as the agent, from the
seat's information only. Every search here runs a fixed number of iterations (no clock)."""

from __future__ import annotations

import copy
import importlib
import math

import pytest

from tabletop.agents import make_agent
from tabletop.agents.hint import hint
from tabletop.agents.hooks import (
    DEFAULT_BIAS,
    DEFAULT_DEPTH,
    DEFAULT_MARGIN,
    hooks_for,
    terminal_rewards,
)
from tabletop.agents.ismcts import (
    IsmctsAgent,
    Node,
    Settings,
    best_child,
    parse_settings,
    wider_margin,
)
from tabletop.engine import game_ids, get, new_game
from tabletop.engine.decision import Option
from tabletop.engine.errors import UnknownAgentError
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import Result, State

# the package exports the function `evaluate`, which hides the module of that name
guardians_eval = importlib.import_module("tabletop.games.guardians.evaluate")


def a_choice(game_id: str, players: int, seed: int = 1, skip: int = 3) -> tuple[State, int]:
    """A position of heuristic self-play where the seat to move has several options (the
    `skip`-th such position)."""
    spec = get(game_id)
    s = new_game(game_id, players, seed, log=False)
    bots = [spec.heuristic(p) for p in range(players)]
    seen = 0
    while not s.is_over:
        p = s.to_move()[0]
        if len(s.pending.options_for(p)) > 1:  # type: ignore[union-attr]
            seen += 1
            if seen > skip:
                return s, p
        s.apply(p, bots[p].choose(s, p))
    raise AssertionError("no real choice in the game")


# -- rewards and depth -----------------------------------------------------------------------


def test_guardians_values_the_partys_win_first() -> None:
    lost = Result((20.0, 5.0, 3.0), (), "the final boss survives", team="lost")
    assert guardians_eval.reward(lost, 3) == (0.0, 0.0, 0.0)
    won = Result((20.0, 5.0, 3.0), (0,), "the final boss is defeated", team="won")
    r = guardians_eval.reward(won, 3)
    # every seat is better off when the party wins, the winner most, more points more
    assert r[0] > r[1] > r[2] >= guardians_eval.PARTY > 0.0
    assert all(0.0 <= x <= 1.0 for x in r)
    tie = Result((10.0, 10.0, 3.0), (0, 1), "tie", team="won")
    t = guardians_eval.reward(tie, 3)
    assert t[0] == t[1] and r[0] > t[0] > t[2]
    alone = Result((9.0,), (0,), "solo", team="won")
    assert guardians_eval.reward(alone, 1) == (1.0,)


def test_guardians_evaluation_keeps_the_partys_chance_first() -> None:
    s, _ = a_choice("guardians", 3, skip=20)
    values = guardians_eval.evaluate(s)
    # each seat's value is the party's chance times (PARTY + its share): at least PARTY/(1)
    # of the chance, so the smallest is at least PARTY times the largest
    assert min(values) >= guardians_eval.PARTY * max(values) - 1e-12
    assert all(0.0 < v < 1.0 for v in values)


def test_hooks_come_from_the_games_evaluation_module() -> None:
    assert hooks_for("guardians").reward is guardians_eval.reward
    assert hooks_for("quests").reward is terminal_rewards
    for game_id in game_ids():
        h = hooks_for(game_id)
        assert h.evaluate is get(game_id).evaluate
        assert h.depth >= 1
    assert hooks_for("quests").depth == DEFAULT_DEPTH
    assert hooks_for("quests").bias == DEFAULT_BIAS
    assert hooks_for("guardians").bias == guardians_eval.BIAS
    assert hooks_for("guardians").depth == guardians_eval.DEPTH > 1000  # to the end
    g = make_agent("ismcts:iterations=5", "guardians", 0)
    assert isinstance(g, IsmctsAgent) and g.bias == guardians_eval.BIAS
    g0 = make_agent("ismcts:iterations=5,bias=0", "guardians", 0)
    assert isinstance(g0, IsmctsAgent) and g0.bias == 0.0
    # Castle's answers are dear: a shorter rollout, from its evaluation module
    castle_eval = importlib.import_module("tabletop.games.castle.evaluate")
    assert hooks_for("castle").depth == castle_eval.DEPTH < DEFAULT_DEPTH
    a = make_agent("ismcts:iterations=5", "castle", 0)
    assert isinstance(a, IsmctsAgent) and a.depth == castle_eval.DEPTH
    b = make_agent("ismcts:iterations=5,depth=3", "castle", 0)
    assert isinstance(b, IsmctsAgent) and b.depth == 3


def test_a_search_scores_an_ended_game_with_the_games_reward() -> None:
    a = make_agent("ismcts:iterations=2,depth=0", "guardians", 0)
    assert isinstance(a, IsmctsAgent)
    seen: list[tuple[Result, int]] = []

    def reward(result: Result, n: int) -> tuple[float, ...]:
        seen.append((result, n))
        return (0.25,) * n

    a._reward = reward
    s = new_game("guardians", 2, 4, log=False)
    bots = [get("guardians").heuristic(p) for p in range(2)]
    while not s.is_over:
        p = s.to_move()[0]
        s.apply(p, bots[p].choose(s, p))
    assert a._rollout(s) == [0.25, 0.25] and seen == [(s.result, 2)]


# -- budgets -------------------------------------------------------------------------------


def test_seconds_is_another_name_for_time_and_the_smaller_counts() -> None:
    assert parse_settings({"seconds": "0.5"}) == Settings(time=0.5)
    assert parse_settings({"seconds": "0.5", "time": "2"}).time == 0.5
    assert parse_settings({"iterations": "30"}) == Settings(iterations=30, time=None)
    with pytest.raises(UnknownAgentError, match="seconds='0'"):
        make_agent("ismcts:seconds=0", "quests", 0)
    with pytest.raises(UnknownAgentError, match="bias='-1'"):
        make_agent("ismcts:bias=-1", "quests", 0)


def test_an_iteration_budget_never_reads_the_clock() -> None:
    """An iteration budget alone has no time limit: it is reproducible on any machine."""
    a = make_agent("ismcts:iterations=25", "quests", 0)
    assert isinstance(a, IsmctsAgent) and a.settings.time is None
    s, p = a_choice("quests", 3)
    a.choose(s, p)
    assert a.last_iterations == 25


# -- the progressive bias ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["quests", "guardians"])
def test_the_bias_remembers_the_heuristic_answer_and_stays_deterministic(game_id: str) -> None:
    s, p = a_choice(game_id, 3)
    spec = "ismcts:iterations=30,depth=6,bias=0.5"
    roots = []
    for _ in range(2):
        a = make_agent(spec, game_id, 9)
        assert isinstance(a, IsmctsAgent)
        roots.append(a.search(s, p))
    first, second = roots
    ids = s.pending.option_ids(p)  # type: ignore[union-attr]
    assert first.prior in ids and first.prior == second.prior
    stats = [{k: (n.visits, n.total) for k, n in r.children.items()} for r in roots]
    assert stats[0] == stats[1]
    # the heuristic's answer was expanded first and kept at least its share of the visits
    kind = s.pending.kind_for(p)  # type: ignore[union-attr]
    favoured = first.children[(p, kind, first.prior)]
    assert favoured.visits >= 30 // len(ids)


# -- the margin -------------------------------------------------------------------------------


def _root(
    prior: str, stats: dict[str, tuple[int, float]], square: dict[str, float] | None = None
) -> tuple[Node, tuple[Option, ...]]:
    """A root whose children (seat 0, kind "pick") have the given (visits, total reward);
    the sum of the squared rewards is `square`'s, else that of rewards of 0 or 1 (= total)."""
    root = Node(0)
    root.prior = prior
    for oid, (visits, total) in stats.items():
        child = Node(0)
        child.visits, child.total = visits, total
        child.square = (square or {}).get(oid, total)
        root.children[(0, "pick", oid)] = child
    return root, tuple(Option(oid, oid, i) for i, oid in enumerate(stats))


def test_the_margin_keeps_the_rule_bots_answer_without_evidence() -> None:
    # b is visited most and its mean is 0.1 above the rule bot's answer a. Rewards of 0 or 1:
    # a's spread is 20 - 20^2/40 = 10, b's 30 - 30^2/50 = 12, so the standard error of the
    # difference is sqrt((10 + 1/4)/40^2 + (12 + 1/4)/50^2) = 0.1064
    root, options = _root("a", {"a": (40, 20.0), "b": (50, 30.0)})
    assert best_child(root, 0, "pick", options)[0] == 1
    assert best_child(root, 0, "pick", options, margin=0.93)[0] == 1  # 0.1 > 0.93 x 0.1064
    assert best_child(root, 0, "pick", options, margin=0.95)[0] == 0  # 0.1 < 0.95 x 0.1064
    # a large enough gain passes the margin; the rule bot's answer, most visited, always stands
    root, options = _root("a", {"a": (40, 12.0), "b": (50, 30.0)})
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 1
    root, options = _root("b", {"a": (40, 40.0), "b": (50, 5.0)})
    assert best_child(root, 0, "pick", options, margin=3.0)[0] == 1
    # no rule bot's answer known (bias 0), or not searched: the margin has nothing to keep
    root, options = _root("", {"a": (40, 20.0), "b": (50, 30.0)})
    assert best_child(root, 0, "pick", options, margin=5.0)[0] == 1
    root, options = _root("z", {"a": (40, 20.0), "b": (50, 30.0)})
    assert best_child(root, 0, "pick", options, margin=5.0)[0] == 1


def test_the_margin_reads_the_spread_of_the_rewards() -> None:
    # 400 visits each, every reward 0.70 for a and 0.72 for b (an outcome all but settled):
    # the standard error is sqrt(2 x (0 + 1/4) / 400^2) = 0.00177, so a gain of 0.02 is 11
    # standard errors. Rewards as spread as can be would need a gain of 0.07 at margin 2.
    settled = {"a": 400 * 0.70**2, "b": 401 * 0.72**2}
    root, options = _root("a", {"a": (400, 280.0), "b": (401, 288.72)}, settled)
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 1
    assert best_child(root, 0, "pick", options, margin=12.0)[0] == 0
    # the same means from rewards of 0 or 1: 0.02 is far inside two standard errors (0.064)
    root, options = _root("a", {"a": (400, 280.0), "b": (401, 288.72)})
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 0
    assert best_child(root, 0, "pick", options, margin=0.3)[0] == 1


def test_the_margin_widens_with_the_other_answers_searched() -> None:
    # a: 100 visits, 50 wins; b: 120 visits, 77 wins. Spreads 50 - 50^2/100 = 25 and
    # 77 - 77^2/120 = 27.59, so the gain 0.1417 is 0.1417 / sqrt(25.25/100^2 + 27.84/120^2)
    # = 2.12 standard errors: past a margin of 2 with one other answer searched, short of
    # the 2.28 it becomes with two (the best-looking of two alternatives is lucky more often)
    assert wider_margin(2.0, 0) == wider_margin(2.0, 1) == 2.0
    assert [round(wider_margin(2.0, k), 2) for k in (2, 5, 12)] == [2.28, 2.61, 2.89]
    assert wider_margin(math.inf, 12) == math.inf  # the hint's "never leave the rule bot"
    root, options = _root("a", {"a": (100, 50.0), "b": (120, 77.0)})
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 1
    root, options = _root("a", {"a": (100, 50.0), "b": (120, 77.0), "c": (6, 1.0)})
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 0
    assert best_child(root, 0, "pick", options, margin=2.1)[0] == 0
    assert best_child(root, 0, "pick", options, margin=1.8)[0] == 1  # 1.8 -> 2.09 < 2.12
    # an answer listed but never searched is no alternative
    root, options = _root("a", {"a": (100, 50.0), "b": (120, 77.0), "c": (0, 0.0)})
    assert best_child(root, 0, "pick", options, margin=2.0)[0] == 1


def test_a_searched_node_sums_its_rewards_and_their_squares() -> None:
    a = make_agent("ismcts:iterations=30,depth=4", "guardians", 3)
    assert isinstance(a, IsmctsAgent)
    state = new_game("guardians", 3, 11, log=False)
    p = state.to_move()[0]
    root = a.search(state, p)
    children = list(root.children.values())
    assert sum(c.visits for c in children) == 30
    for c in children:
        assert 0.0 <= c.total <= c.visits
        # rewards lie in [0, 1]: each square is at most the reward, and by Cauchy-Schwarz
        # the sum of squares is at least the squared sum over the visits
        assert c.total**2 / c.visits - 1e-9 <= c.square <= c.total + 1e-9


def test_the_margin_is_a_setting_and_the_games_default() -> None:
    assert hooks_for("quests").margin == DEFAULT_MARGIN == 0.0
    assert hooks_for("guardians").margin == guardians_eval.MARGIN > 0
    a = make_agent("ismcts:iterations=5", "guardians", 0)
    assert isinstance(a, IsmctsAgent) and a.margin == guardians_eval.MARGIN
    b = make_agent("ismcts:iterations=5,margin=0", "guardians", 0)
    assert isinstance(b, IsmctsAgent) and b.margin == 0.0
    assert parse_settings({"margin": "1.5"}).margin == 1.5
    for bad in ("-1", "x", "nan"):
        with pytest.raises(UnknownAgentError, match=f"margin='{bad}'"):
            make_agent(f"ismcts:margin={bad}", "quests", 0)


def test_at_the_games_rule_kinds_the_search_bot_answers_as_the_rule_bot_unsearched() -> None:
    assert hooks_for("quests").rule_kinds == frozenset()
    kinds = hooks_for("guardians").rule_kinds
    assert kinds == frozenset(guardians_eval.RULE_KINDS) == {"power", "battle"}
    s = new_game("guardians", 3, derive_seed(26, 4), log=False)
    bots = [get("guardians").heuristic(p) for p in range(3)]
    a = make_agent("ismcts:iterations=6,depth=4,reuse=on", "guardians", 5)
    assert isinstance(a, IsmctsAgent)
    seen = {"rule": 0, "searched": 0}
    while not s.is_over and min(seen.values()) < 6:
        d = s.pending
        assert d is not None
        p = s.to_move()[0]
        if p == 0 and len(d.options_for(0)) > 1:
            # the agent's own rule bot for the seat, copied with its RNG: what it would say
            expected = copy.deepcopy(a._bots[0]).choose(s, 0)
            answer = a.choose(s, 0)
            if d.kind_for(0) in kinds:
                assert answer == expected and a.last_iterations == 0
                assert a._kept is None  # no subtree outlives a decision it does not stand for
                seen["rule"] += 1
            else:
                assert a.last_iterations == 6
                seen["searched"] += 1
        s.apply(p, bots[p].choose(s, p))
    assert min(seen.values()) >= 6


def test_with_a_huge_margin_the_search_answers_as_the_rule_bot() -> None:
    """Every searched answer is the rule bot's answer at the root (`Node.prior`)."""
    s = new_game("guardians", 3, derive_seed(26, 3), log=False)
    bots = [get("guardians").heuristic(p) for p in range(3)]
    a = make_agent("ismcts:iterations=12,depth=4,margin=1000", "guardians", 5)
    assert isinstance(a, IsmctsAgent)
    asked = 0
    while not s.is_over and asked < 25:
        p = s.to_move()[0]
        if p == 0 and len(s.pending.options_for(0)) > 1:  # type: ignore[union-attr]
            root = a.search(s, 0)
            kind = s.pending.kind_for(0)  # type: ignore[union-attr]
            options = s.pending.options_for(0)  # type: ignore[union-attr]
            index, _ = best_child(root, 0, kind, options, a.bias, a.margin)
            assert options[index].id == root.prior
            asked += 1
        s.apply(p, bots[p].choose(s, p))
    assert asked == 25


# -- hint -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["quests", "guardians", "librarians"])
def test_a_hint_is_the_agents_answer_with_its_share_and_value(game_id: str) -> None:
    players = 2 if game_id == "librarians" else 3
    s, p = a_choice(game_id, players)
    got = hint(s, p, seed=5, iterations=40)
    settings = Settings(iterations=40, time=10.0)
    agent = IsmctsAgent(game_id, derive_seed(5, 7_000 + s.steps), settings)
    assert got.option_id == agent.choose(s, p)
    again = IsmctsAgent(game_id, derive_seed(5, 7_000 + s.steps), settings)
    root = again.search(s, p)
    d = s.pending
    assert d is not None
    index, child = best_child(root, p, d.kind_for(p), d.options_for(p), again.bias, again.margin)
    assert child is not None and d.options_for(p)[index].id == got.option_id
    assert got.share == pytest.approx(child.visits / 40)
    assert got.value == pytest.approx(child.total / child.visits)
    assert got.iterations == 40 and 0 < got.share <= 1 and 0 <= got.value <= 1
    data = got.as_dict()
    assert data["option"] == got.option_id and data["why"] == got.line()


def test_a_hint_reads_only_the_seats_information() -> None:
    """A hint on the real position and on the seat's determinization of it (everything the
    seat cannot see re-dealt) is the same hint."""
    for game_id in ("quests", "guardians"):
        s, p = a_choice(game_id, 3, skip=6)
        real = hint(s, p, seed=3, iterations=30)
        world = s.determinize(p, Rng(77))
        assert hint(world, p, seed=3, iterations=30) == real


def test_at_a_rule_kind_a_hint_is_the_rule_bots_answer_unsearched() -> None:
    """Where the search bot answers as the rule bot (Guardians' Power Up and Battle), the hint
    gives the answer the search bot gives there, searches nothing and says why; elsewhere in
    the same game it searches. A lone option is the hint, with its reason."""
    kinds = hooks_for("guardians").rule_kinds
    s = new_game("guardians", 3, derive_seed(26, 4), log=False)
    bots = [get("guardians").heuristic(p) for p in range(3)]
    seen = {"rule": 0, "searched": 0, "lone": 0}
    while not s.is_over and min(seen.values()) < 3:
        d = s.pending
        assert d is not None
        p = s.to_move()[0]
        options = d.options_for(p)
        got = hint(s, p, seed=9, iterations=8)
        if len(options) == 1:
            assert got.option_id == options[0].id and got.iterations == 0
            assert got.line() == f"Hint: {options[0].label} (the only option)"
            seen["lone"] += 1
        elif d.kind_for(p) in kinds:
            agent = IsmctsAgent(
                "guardians", derive_seed(9, 7_000 + s.steps), Settings(iterations=8, time=10.0)
            )
            assert got.option_id == agent.choose(s, p) and agent.last_iterations == 0
            assert got.iterations == 0 and "the search leaves this kind of decision" in got.line()
            seen["rule"] += 1
        else:
            assert got.iterations == 8 and not got.reason and "simulated" in got.line()
            seen["searched"] += 1
        s.apply(p, bots[p].choose(s, p))
    assert min(seen.values()) >= 3


def test_a_hint_for_a_seat_not_asked_is_refused() -> None:
    s, _ = a_choice("quests", 3)
    other = next(q for q in range(3) if q not in s.to_move())
    with pytest.raises(ValueError, match="nothing for this seat"):
        hint(s, other, iterations=5)


# -- tree reuse -------------------------------------------------------------------------------


def test_reuse_starts_the_next_search_from_the_subtree_of_the_answer_given() -> None:
    s, p = a_choice("quests", 3)
    bots = [get("quests").heuristic(q) for q in range(3)]
    for reuse in ("on", "off"):
        a = make_agent(f"ismcts:iterations=40,depth=6,reuse={reuse}", "quests", 2)
        assert isinstance(a, IsmctsAgent)
        t = s.clone()
        answer = a.choose(t, p)
        kept = a._kept
        if reuse == "off":
            assert kept is None
            continue
        assert kept is not None and kept[3].visits > 0
        root = a.search(t, p)  # the same position again: no reuse, a fresh root
        assert root is not kept[3] and a._kept is None
        a._kept = kept
        t.apply(p, answer)
        while not t.is_over:  # on to this seat's next real choice
            q = t.to_move()[0]
            if q == p and len(t.pending.options_for(q)) > 1:  # type: ignore[union-attr]
                break
            t.apply(q, bots[q].choose(t, q))
        before = {k: n.visits for k, n in kept[3].children.items()}
        root = a.search(t, p)
        assert root is kept[3] and a.last_iterations == 40
        after = {k: n.visits for k, n in root.children.items()}
        assert sum(before.values()) < sum(after.values()) <= sum(before.values()) + 40
        # another game (another seed) never reuses
        a._kept = (p, s.seed + 1, 0, kept[3])
        assert a.search(t, p) is not kept[3]
