"""The Story of Castle Von Loghan (castle.story.*): each Mission's Intro, its Story deck checked
after every phase, Points of Interest, Mission cards, the Outro; the story effects; the end of
the other modes and Co-op Competitive's scoring."""

from __future__ import annotations

from typing import Any

import pytest
from test_castle_event import enter_event, to_kind, vote

from tabletop.engine.flow import settle
from tabletop.games.castle.cards import (
    CONTENT,
    CONTRACT_DECK,
    CONTRACT_ZONE,
    DECK_DISCARD,
    ENEMY_DECK,
    FIGHT,
    ROOM_ZONE,
    SPENT,
    TOKEN_BAG,
    TROPHIES,
    CastleOptions,
    zone,
)
from tabletop.games.castle.records import Condition, Mission
from tabletop.games.castle.refresh import start_refresh
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.story import check, in_deck, met, story_of


def campaign(mission: int, n: int = 4, seed: int = 1) -> CastleState:
    return CastleState(n, seed, CastleOptions(mode="campaign", mission=mission), log=True)


def fulfil(s: CastleState, wait: Condition) -> None:
    """Make a card's condition true (rigging the state as play would)."""
    p = wait.params
    if wait.kind == "enter-room":
        s.room = [str(p["room"])] * s.num_players
    elif wait.kind == "counter-at-least":
        s.counters[str(p["name"])] = int(p["amount"])
    elif wait.kind == "visit-tokens":
        s.counters[f"visited:{p['token']}"] = int(p["count"])
    elif wait.kind == "turns":
        s.counters["turns-done"] = s.counters.get("turns-done", 0) + int(p["count"])
    elif wait.kind == "defeat-enemy":
        s.counters[f"defeated:{p['enemy']}"] = 1
    else:
        raise AssertionError(wait.kind)


def run_check(s: CastleState, phase: str = "movement") -> None:
    """Check the Story after `phase`, and keep what the cards give (the first slot offered)."""
    check(s, phase)
    settle(s)
    while s.pending is not None and s.pending.kind in ("place-treasure", "upgrade"):
        seat = s.to_move()[0]
        s.apply(seat, s.pending.option_ids(seat)[0])


def placed(s: CastleState) -> tuple[int, int]:
    """(Random Event tokens on the board, Story tokens on the board)."""
    tokens = sum(len(s.zones.cards[z]) for z in ROOM_ZONE.values())
    return tokens, sum(len(m) for m in s.marks.values())


# -- Intros and the first cover cards ---------------------------------------------------------
@pytest.mark.parametrize("number", range(1, 11))
def test_intro_runs_and_first_cover_card_fires(number: int) -> None:
    s = campaign(number)
    m: Mission = CONTENT.mission(number)
    intro = m.of_kind("intro")[0]
    assert intro.number in s.done
    want = [st for st in intro.steps if st.effect == "place-token"]
    events = sum(1 for st in want if str(st.params["token"]).startswith("event-"))
    assert placed(s) == (events, len(want) - events)
    for st in intro.steps:
        if st.effect == "lock-door":
            assert str(st.params["door"]) in s.locked
        if st.effect == "move-group":
            assert s.room == [str(st.params["room"])] * 4
    top = m.cards[s.story]
    assert top.kind == "locked" and in_deck(top)
    assert top.number not in s.done
    fulfil(s, top.wait)
    run_check(s)
    assert top.number in s.done
    assert all(c.number in s.done for c in story_of(m, m.cards.index(top)))
    assert s.flags.get("evented") == 1  # a Story Event: a Refresh Phase follows
    assert m.cards.index(top) < s.story


def test_mission_1_won_by_its_outro() -> None:
    """Mission 1 played through its Story deck: the Skull (12), the Chapel (6), the Keep
    (17), the Crypt (22), the Shimmer (23), then the Outro wins."""
    s = campaign(1)
    assert not s.zones.cards[FIGHT]
    for room in ("12", "6", "17", "22"):
        s.room = [room] * 4
        run_check(s)
        assert s.result is None
    assert "9-11" not in s.locked  # the Skull unlocked it
    assert "skull" not in s.marks.get("12", ())
    assert any(s.name(c) == "Lost Warrior" for c in s.zones.cards[FIGHT])  # the Keep's ambush
    assert s.marks.get("23") == ("anomaly-past",)
    clarity = s.clarity[0]
    s.room = ["23"] * 4
    run_check(s)
    assert s.clarity[0] == clarity - 2  # Into the Anomaly resolves first
    assert s.result is not None and s.result.team == "won"
    assert s.result.reason == "Mission 1 is won"


def test_outro_waits_for_the_locked_cards() -> None:
    """Mission 2 starts outside, where its Outro waits: it fires only once the Story deck's
    Locked cards are through."""
    s = campaign(2)
    assert s.room[0] == "outside"
    run_check(s)
    assert s.result is None


def test_points_of_interest_are_active_from_the_start() -> None:
    s = campaign(1)
    s.room = ["6"] * 4  # The Old Chapel, while the Skull's Locked card is on top
    health = s.health[0]
    run_check(s)
    assert "04/01" in s.done and "05/01" in s.done
    assert s.health[0] == health + 2
    assert s.marks["17"] == ("person",)
    assert "02/01" not in s.done


def test_visit_locked_cards_do_not_hold_back_the_deck() -> None:
    """Mission 5's FAQ: three Clue rooms are enough; All Five (06/05) is a bonus."""
    s = campaign(5)
    m = CONTENT.mission(5)
    assert m.cards[s.story].number == "10/05"  # Corner It: the Clue cards wait aside
    s.counters["visited:clue"] = 3
    run_check(s)
    assert "02/05" in s.done and "06/05" not in s.done
    assert s.counters["clues"] == 3


def test_turns_count_from_the_card_on_top() -> None:
    """Mission 4: the Cell Door opens after one full turn."""
    s = campaign(4)
    assert s.room == ["12"] * 4
    run_check(s)
    assert "02/04" not in s.done
    run_check(s, "refresh")  # the end of turn 1
    assert "02/04" in s.done
    assert "10-12" not in s.locked and "19-21" in s.locked


def test_mission_4_warden_deck_skips_refresh() -> None:
    s = campaign(4)
    s.room = ["14"] * 4  # The Guest Suite: The Alarm
    run_check(s)
    assert s.flags.get("warden") == 1
    s.flags["evented"] = 1
    s.flow.pop()  # the Movement question: play the Refresh Phase on its own
    start_refresh(s, None)
    settle(s)
    assert s.pending is None or s.pending.kind != "refresh"
    texts = [e.text_for(None) for e in s.log or []]
    assert "The Refresh Phase is skipped" in texts


def test_mission_4_warden_card_each_turn_once_triggered() -> None:
    s = campaign(4)
    run_check(s, "refresh")
    assert not s.zones.cards[DECK_DISCARD]  # not triggered yet
    s.flags["warden"] = 1
    run_check(s, "refresh")
    assert len(s.zones.cards[DECK_DISCARD]) >= 1


def test_mission_card_every_n_turns() -> None:
    """Mission 8's Heavy Steps: 1 Health every 2 turns."""
    s = campaign(8)
    health = s.health[0]
    run_check(s, "refresh")
    assert s.health[0] == health
    run_check(s, "refresh")
    assert s.health[0] == health - 1


def test_mission_7_not_here_puts_the_search_back() -> None:
    s = campaign(7)
    s.counters["visited:mystery"] = 1
    run_check(s)
    assert "03/07" in s.done and "02/07" not in s.done  # waiting again
    clarity = s.clarity[0]
    run_check(s)
    assert s.clarity[0] == clarity  # not again for the same visit
    s.counters["visited:mystery"] = 2
    run_check(s)
    assert s.clarity[0] == clarity - 1


def test_mission_7_lost_to_the_hunters() -> None:
    s = campaign(7)
    s.counters["turns-done"] = 11
    run_check(s, "refresh")
    assert s.result is not None and s.result.team == "lost"


def test_mission_10_summons_a_lost_agent_per_agent() -> None:
    s = campaign(10, n=5)
    for room in ("5", "21"):
        s.room = [room] * 5
        run_check(s)
    names = sorted(s.name(c) for c in s.zones.cards[FIGHT])
    assert names == sorted(f"Lost {a}" for a in s.t.agents)


def test_mission_6_keybots_move_every_turn() -> None:
    """Every KeyBot moves through one door (never a lift) at the end of each turn."""
    s = campaign(6)
    doors = {frozenset((d.a, d.b)) for d in s.board.doors if d.kind == "door"}
    for _ in range(2):
        before = sorted(r for r, m in s.marks.items() for k in m if k == "keybot")
        log = len(s.log or [])
        run_check(s, "refresh")
        moves = [e.text_for(None) for e in (s.log or [])[log:] if e.rule.endswith("move-keybots")]
        assert len(moves) == 3
        after = sorted(r for r, m in s.marks.items() for k in m if k == "keybot")
        assert len(after) == 3 and s.room[0] not in after
        for text in moves:
            a, b = text.removeprefix("A KeyBot moves from ").split(" to ")
            assert frozenset((a, b)) in doors and a in before


# -- conditions -------------------------------------------------------------------------------
def test_met_conditions() -> None:
    s = campaign(1)
    c = Condition
    assert met(s, c("always", {}))
    assert met(s, c("enter-room", {"room": "outside"}))
    assert not met(s, c("counter-at-least", {"name": "keys", "amount": 1}))
    s.counters["blows:1:green"] = 2
    assert met(s, c("defeat-colour", {"colour": "green", "count": 2}), 1)
    assert not met(s, c("defeat-colour", {"colour": "green", "count": 2}), 0)
    s.burned[2] = 3
    assert met(s, c("burned", {"count": 3}), 2)
    s.blows[0] = 4
    assert met(s, c("killing-blows", {"count": 4}), 0)
    assert met(s, c("energy-at-least", {"amount": 5}), 0)
    assert not met(s, c("energy-at-least", {"amount": 6}), 0)
    held = len(s.inventory(0))
    assert met(s, c("treasures-held", {"count": held}), 0)
    assert not met(s, c("treasures-held", {"count": held + 1}), 0)


# -- the other modes' end ---------------------------------------------------------------------
def _clear_board(s: CastleState) -> None:
    for zi in ROOM_ZONE.values():
        for card in list(s.zones.cards[zi]):
            s.zones.cards[zi].remove(card)
            s.zones.cards[TOKEN_BAG[s.t.pools[card].removeprefix("token-")]].append(card)


def test_exploration_ends_when_every_token_is_resolved() -> None:
    s = CastleState(4, 1, CastleOptions(), log=True)
    enter_event(s, "Old Well")  # the only token left: room 1's
    vote(s, "DDDD")
    assert s.result is None
    to_kind(s, "refresh")  # the Event is followed by a Refresh Phase
    for seat in range(4):
        s.apply(seat, "rest")
    assert s.zones.cards[SPENT]
    assert s.result is not None and s.result.team == "won"
    assert s.result.reason == "every Random Event token is resolved"


def test_exploration_not_over_while_enemies_remain() -> None:
    s = CastleState(4, 1, CastleOptions(), log=True)
    _clear_board(s)
    card = s.zones.cards[ENEMY_DECK["green"]][-1]
    s.move(card, ENEMY_DECK["green"], FIGHT, "test", "{card}")
    check(s, "event")
    assert s.result is None
    s.move(card, FIGHT, ENEMY_DECK["green"], "test", "{card}")
    check(s, "combat")
    assert s.result is not None and s.result.team == "won"


def test_unshackled_winners_are_the_agents_still_standing() -> None:
    """Unshackled: each Agent plays on its own, so when the game is won an Agent whose
    Health fell to 0 is not among the winners (it was: issue 21)."""
    s = CastleState(4, 1, CastleOptions(mode="unshackled"), log=True)
    _clear_board(s)
    s.health[2] = 0
    check(s, "combat")
    assert s.result is not None and s.result.team == "won"
    assert s.result.winners == (0, 1, 3)
    assert s.result.scores == (1.0, 1.0, 0.0, 1.0)


def coop(**kw: Any) -> CastleState:
    s = CastleState(4, 1, CastleOptions(mode="coop-competitive", **kw), log=True)
    for p in range(4):  # no Contract counts: the test sets the scores
        for card in list(s.zones.cards[zone(p, CONTRACT_ZONE)]):
            s.move(card, zone(p, CONTRACT_ZONE), CONTRACT_DECK, "test", "{card}")
    return s


def trophies(s: CastleState, seat: int, k: int) -> None:
    for _ in range(k):
        card = s.zones.cards[ENEMY_DECK["green"]][-1]
        s.move(card, ENEMY_DECK["green"], zone(seat, TROPHIES), "test", "{card}")


def rigged_end(s: CastleState) -> None:
    s.counters["out-of-enemies"] = 1
    check(s, "combat")


def test_coop_most_shards_wins() -> None:
    s = coop()
    s.shards[:] = [2, 5, 3, 1]
    rigged_end(s)
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.reason == "the enemy decks ran out"


def test_coop_tie_broken_by_enemy_cards() -> None:
    s = coop()
    s.shards[:] = [4, 4, 1, 0]
    trophies(s, 0, 2)
    trophies(s, 1, 3)
    rigged_end(s)
    assert s.result is not None and s.result.winners == (1,)


def test_coop_tie_broken_by_energy() -> None:
    s = coop()
    s.shards[:] = [4, 4, 1, 0]
    trophies(s, 0, 2)
    trophies(s, 1, 2)
    s.energy[:] = [7, 3, 9, 9]
    rigged_end(s)
    assert s.result is not None and s.result.winners == (0,)


def test_coop_full_tie_all_win() -> None:
    s = coop()
    s.shards[:] = [4, 4, 1, 4]
    trophies(s, 0, 2)
    trophies(s, 1, 2)
    trophies(s, 3, 2)
    s.energy[:] = [6, 6, 9, 6]
    rigged_end(s)
    assert s.result is not None and s.result.winners == (0, 1, 3)


def test_coop_not_over_during_a_fight() -> None:
    s = coop()
    card = s.zones.cards[ENEMY_DECK["green"]][-1]
    s.move(card, ENEMY_DECK["green"], FIGHT, "test", "{card}")
    rigged_end(s)
    assert s.result is None
