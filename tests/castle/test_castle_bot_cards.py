"""When an effect takes a card (`ChooseCard`: Negate, Double, Replace, Discard) the choice
belongs to the Agent: it is asked, its prompt naming the card on each Timing offered, and the
heuristic bot makes it well rather than at random (issue 21: the Titanium Shield hit the
harmful Riposte Strike in 9 of 30 seeds)."""

from __future__ import annotations

from test_castle_combat import ARVIAS, PILL, Rig, example  # noqa: F401 (the fixture)

from tabletop.engine.flow import ask_again, push
from tabletop.games.castle.bot import CastleBot
from tabletop.games.castle.combat_effects import ChooseCard
from tabletop.games.castle.sequence import line

SEEDS = range(30)


def to_step_6(r: Rig) -> None:
    """The Combat example's round 1 up to its Negate step (as `round_one` plays it)."""
    r.done(PILL, ARVIAS)
    r.at(ARVIAS, "combat-start")
    r.done(ARVIAS)
    r.at(ARVIAS, "combat-draw")
    r.done(PILL, ARVIAS)
    r.play(ARVIAS, "card:2")
    r.play(ARVIAS, "initiative:1")
    r.play(ARVIAS, "shift:3:2")
    r.play(ARVIAS, "pay:2")
    r.done(ARVIAS, PILL)


def test_the_titanium_shield_negates_the_riposte_strike(example: Rig) -> None:  # noqa: F811
    """Step 6 of the example: Arvias' Titanium Shield Negates Riposte Strike (Timing 3)."""
    s = example.s
    to_step_6(example)
    assert example.names(ARVIAS) == ["Aggressive Attack", "Energy Attack", "Riposte Strike"]
    example.play(ARVIAS, "use:titanium-shield")
    d = s.pending
    assert d is not None and d.kind_for(ARVIAS) == "combat-card"
    assert set(d.option_ids(ARVIAS)) == {"card:1", "card:2", "card:3"}  # the choice is asked
    # the prompt names its cause, each option its card (issue 22)
    assert d.ask(ARVIAS).prompt == "A2 (Titanium Shield): choose a card to negate"
    assert [o.label for o in d.options_for(ARVIAS)] == [
        "Negate Aggressive Attack (Timing 1)",
        "Negate Energy Attack (Timing 2)",
        "Negate Riposte Strike (Timing 3)",
    ]
    assert {CastleBot(seed).choose(s, ARVIAS) for seed in SEEDS} == {"card:3"}


def test_double_takes_the_card_that_dealt_the_most_damage(example: Rig) -> None:  # noqa: F811
    """After Step 7 of the example Arvias' Aggressive Attack dealt 2, his Energy Attack 3 (its
    paid +2): Doubling takes the Energy Attack."""
    s = example.s
    to_step_6(example)
    example.play(ARVIAS, "use:titanium-shield")
    example.play(ARVIAS, "card:3")
    example.at(ARVIAS, "combat-target")
    assert s.combat is not None
    dealt = dict(s.combat.dealt)
    aggressive, energy = line(s, ARVIAS)[:2]
    assert (dealt[aggressive], dealt[energy]) == (2, 3)
    push(s, ChooseCard(ARVIAS, "double", 1))
    ask_again(s)
    d = s.pending
    assert d is not None and set(d.option_ids(ARVIAS)) == {"card:1", "card:2"}
    assert {CastleBot(seed).choose(s, ARVIAS) for seed in SEEDS} == {"card:2"}
