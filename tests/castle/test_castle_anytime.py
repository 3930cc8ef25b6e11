"""Skills, Treasures and Allies "at any time" (issue 21): an effect made for the Event or the
Refresh Phase is offered there (the General FAQ: "at any time ... unless it requires a specific
Phase"), before the vote and once the card is turned over; burning is offered before the vote
and in every step of a Combat round (the Overview: "Burn Treasures for Energy any time during
Combat"); and a change by one Agent reopens a simultaneous combat step for the Agents in its
Reach who had left it (castle.interpret.reopen)."""

from __future__ import annotations

import pytest
from castle_rig import take
from test_castle_combat import ARVIAS, PILL, Rig, example  # noqa: F401 (the fixture)
from test_castle_event import game, pass_windows, rig_event, to_kind, token_in

from tabletop.engine.flow import ask_again, top
from tabletop.games.castle import combat_windows
from tabletop.games.castle.bot import CastleBot
from tabletop.games.castle.cards import ALLIES, FIGHT, INVENTORY, ROOM_ZONE, TOKEN_BAG, zone
from tabletop.games.castle.rules import CastleState

SEAT_SERA, SEAT_BRANNOC = 2, 2  # the default Agents: Pill, Forzental, Sera, Vigovar


def to_event_window(s: CastleState, name: str) -> None:
    """The group enters a room whose token draws `name`; stop at the window before the vote."""
    card = rig_event(s, name)
    token_in(s, s.record(card).colour, "1")
    to_kind(s, "move")
    s.apply(s.leader, "go:1")
    while s.pending is not None and s.pending.kind == "between":  # the set-up's Treasure
        s.apply(s.to_move()[0], "done")
    d = s.pending
    assert d is not None and d.kind == "anytime" and top(s).when == "vote"
    assert sorted(d.players) == [0, 1, 2, 3]  # every Agent, by position (from the Leader)


def done_all(s: CastleState) -> None:
    d = s.pending
    assert d is not None and d.kind == "anytime"
    pass_windows(s)


def vote_all(s: CastleState, letter: str) -> None:
    """Every Agent votes `letter`; the group's Clarity is then set back to 10 (D costs
    Clarity), and the window before the End Event is asked again."""
    d = s.pending
    assert d is not None and d.kind == "vote"
    for p in d.players:
        s.apply(p, f"vote:{letter}")
    s.clarity[0] = 10
    ask_again(s)
    d = s.pending
    assert d is not None and d.kind == "anytime" and top(s).when == "end"  # the card is turned


def give(s: CastleState, seat: int, name: str) -> int:
    card = take(s, name, zone(seat, INVENTORY))
    s.slots[card] = "belt" if s.treasure(card).size == "large" else "backpack"
    return card


def test_seras_evasion_takes_one_enemy_from_the_summon() -> None:
    s = game(4)
    to_kind(s, "move")
    to_event_window(s, "Collapsing Gallery")  # D: Clarity only; the End Event summons 3
    assert "skill:2" in s.pending.option_ids(SEAT_SERA)  # type: ignore[union-attr]
    done_all(s)
    vote_all(s, "D")
    energy = s.energy[SEAT_SERA]
    s.apply(SEAT_SERA, "skill:2")  # Evasion, once the End Event is known
    assert s.energy[SEAT_SERA] == energy - 3 and f"{SEAT_SERA}:1" in s.cooldown
    pass_windows(s)
    assert len(s.zones.cards[FIGHT]) == 2


def test_the_lantern_gives_clarity_before_the_vote_and_treasures_burn_then() -> None:
    s = game(4)
    to_kind(s, "move")
    lantern = give(s, 0, "Lantern")
    potion = give(s, 1, "Health Potion")
    s.clarity[0] = 6
    to_event_window(s, "Collapsing Gallery")
    assert {"use:lantern", "burn:lantern"} <= set(s.pending.option_ids(0))  # type: ignore[union-attr]
    assert "burn:health-potion" in s.pending.option_ids(1)  # type: ignore[union-attr]
    s.apply(0, "use:lantern")
    assert s.clarity[0] == 7 and lantern in s.exhausted
    assert "use:lantern" not in s.pending.option_ids(0)  # type: ignore[union-attr]
    assert "burn:lantern" not in s.pending.option_ids(0)  # type: ignore[union-attr] (used)
    s.energy[1] = 0
    s.apply(1, "burn:health-potion")
    assert s.energy[1] == s.treasure(potion).energy and potion not in s.inventory(1)
    done_all(s)
    assert s.pending is not None and s.pending.kind == "vote"


def test_a_smoke_bomb_is_discarded_for_one_enemy_fewer() -> None:
    s = game(4)
    to_kind(s, "move")
    bomb = give(s, 1, "Smoke Bomb")
    to_event_window(s, "Collapsing Gallery")
    done_all(s)
    vote_all(s, "D")
    assert "use:smoke-bomb" in s.pending.option_ids(1)  # type: ignore[union-attr]
    s.apply(1, "use:smoke-bomb")
    assert bomb not in s.inventory(1)
    pass_windows(s)
    assert len(s.zones.cards[FIGHT]) == 2


def test_the_ghost_child_is_the_leaders_call_two_enemies_fewer() -> None:
    s = game(4)
    to_kind(s, "move")
    child = take(s, "The Ghost Child", ALLIES)
    to_event_window(s, "Collapsing Gallery")
    others = [p for p in range(4) if p != s.leader]
    assert "ally:the-ghost-child" in s.pending.option_ids(s.leader)  # type: ignore[union-attr]
    assert all("ally:the-ghost-child" not in s.pending.option_ids(p) for p in others)  # type: ignore[union-attr]
    done_all(s)
    vote_all(s, "D")
    s.apply(s.leader, "ally:the-ghost-child")
    assert s.clarity[0] == 10 - 4 and child in s.exhausted
    pass_windows(s)
    assert len(s.zones.cards[FIGHT]) == 1


def test_the_bot_takes_enemies_off_once_the_card_is_turned() -> None:
    s = game(4)
    to_kind(s, "move")
    give(s, 1, "Smoke Bomb")
    to_event_window(s, "Collapsing Gallery")
    assert CastleBot(1).choose(s, 1) == "done"  # before the vote: the End Event is hidden
    done_all(s)
    vote_all(s, "D")
    assert CastleBot(1).choose(s, 1) == "use:smoke-bomb"
    assert CastleBot(1).choose(s, SEAT_SERA) == "skill:2"


def another_token(s: CastleState) -> None:
    """A second token elsewhere, so that the game goes on to the Refresh Phase."""
    room = next(r for r in ROOM_ZONE if r not in ("1", "outside", "pod"))
    s.zones.cards[ROOM_ZONE[room]].append(s.zones.cards[TOKEN_BAG["green"]].pop())


def test_brannocs_field_repairs_in_the_refresh_phase() -> None:
    s = game(4, agents=("pill", "forzental", "brannoc", "vigovar"))
    to_kind(s, "move")
    to_event_window(s, "Old Well")
    another_token(s)  # no enemy: a Refresh Phase follows
    assert "skill:2" not in s.pending.option_ids(SEAT_BRANNOC)  # type: ignore[union-attr]
    done_all(s)
    vote_all(s, "D")
    while top(s).when == "end":
        s.apply(s.to_move()[0], "done")
    to_kind(s, "anytime")
    assert top(s).when == "refresh" and len(s.pending.players) == 4  # type: ignore[union-attr]
    assert "skill:2" in s.pending.option_ids(SEAT_BRANNOC)  # type: ignore[union-attr]
    s.energy[1] = s.energy[3] = 1
    s.apply(SEAT_BRANNOC, "skill:2")
    assert s.energy[1] == s.energy[3] == 3  # each Agent in Reach gains 2
    pass_windows(s)
    assert s.pending is not None and s.pending.kind == "refresh"


def test_the_star_map_draws_a_treasure_in_the_refresh_phase() -> None:
    s = game(4)
    to_kind(s, "move")
    give(s, 0, "Star Map")
    to_event_window(s, "Old Well")
    another_token(s)
    assert "use:star-map" not in s.pending.option_ids(0)  # type: ignore[union-attr]
    done_all(s)
    vote_all(s, "D")
    while top(s).when == "end":
        s.apply(s.to_move()[0], "done")
    to_kind(s, "anytime")
    assert "use:star-map" in s.pending.option_ids(0)  # type: ignore[union-attr]


# -- Combat ---------------------------------------------------------------------------------------
STEPS = (
    "combat-weapons",
    "combat-start",
    "combat-draw",
    "combat-replace",
    "combat-rearrange",
    "combat-negate",
    "combat-execute",
    "combat-target",
)


def test_burning_and_any_time_effects_in_every_combat_step() -> None:
    r = Rig((PILL,), health=20)
    r.enemy("Forest Wolf")
    r.give(PILL, "Lantern", "belt")
    r.give(PILL, "Health Potion", "backpack")
    r.start()
    for kind in STEPS:
        ids = r.at(PILL, kind)
        assert {"burn:lantern", "use:health-potion"} <= set(ids), kind


def test_a_change_reopens_the_step_for_the_agent_in_reach(example: Rig) -> None:  # noqa: F811
    r = example
    s = r.s
    r.done(PILL, ARVIAS)
    r.at(ARVIAS, "combat-start")
    r.done(ARVIAS)
    r.at(ARVIAS, "combat-draw")
    r.done(PILL, ARVIAS)
    r.play(ARVIAS, "card:2")
    r.play(ARVIAS, "initiative:1")
    r.at(ARVIAS, "combat-rearrange")
    assert PILL in s.to_move()
    s.apply(PILL, "done")  # content, for now
    assert PILL not in s.to_move()
    s.apply(ARVIAS, "shift:3:2")  # his Energy Attack beside her Union Attack's Timing
    d = s.pending
    assert d is not None and PILL in d.players and d.kind_for(PILL) == "combat-rearrange"


def test_reopening_is_bounded(example: Rig, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setattr(combat_windows, "MAX_REOPENINGS", 1)
    r = example
    s = r.s
    r.done(PILL, ARVIAS)
    r.at(ARVIAS, "combat-start")
    r.done(ARVIAS)
    r.at(ARVIAS, "combat-draw")
    r.done(PILL, ARVIAS)
    r.play(ARVIAS, "card:2")
    r.play(ARVIAS, "initiative:1")
    r.at(ARVIAS, "combat-rearrange")
    s.apply(PILL, "done")
    s.apply(ARVIAS, "shift:3:2")
    assert PILL in s.to_move()  # the one reopening
    s.apply(PILL, "done")
    s.apply(ARVIAS, "pay:2")
    assert PILL not in s.to_move()  # no more
