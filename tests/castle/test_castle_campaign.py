"""The campaign of Castle Von Loghan (castle.campaign.*): ten Missions in order, a won Mission
handing the next its Treasures, Upgrades and Allies, Timeless items always coming back, and
the `carried` option put into place at set-up."""

from __future__ import annotations

import pytest

from tabletop.engine import registry
from tabletop.engine.campaign import CampaignError
from tabletop.engine.errors import OptionError
from tabletop.engine.flow import settle
from tabletop.games.castle import campaign as C
from tabletop.games.castle.cards import (
    ALLIES,
    ALLY_BOX,
    INVENTORY,
    POD,
    TREASURE,
    TREASURE_DECK,
    UPGRADE_BOX,
    UPGRADES,
    CastleOptions,
    zone,
)
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.story import check


def mission(number: int, carried: tuple[str, ...] = (), n: int = 4) -> CastleState:
    opts = CastleOptions(mode="campaign", mission=number, carried=carried)
    return CastleState(n, 1, opts, log=True)


def slugs(s: CastleState, seat: int) -> list[str]:
    return sorted(s.t.slugs[c] for c in s.zones.cards[zone(seat, INVENTORY)])


def win_mission_1(s: CastleState) -> None:
    """Walk Mission 1's Story deck to its Outro (the rooms its cards wait for)."""
    for room in ("12", "6", "17", "22", "23"):
        s.room = [room] * s.num_players
        check(s, "movement")
        settle(s)
        while s.pending is not None and s.pending.kind == "place-treasure":
            seat = s.to_move()[0]
            s.apply(seat, s.pending.option_ids(seat)[0])
    assert s.result is not None and s.result.team == "won"


def test_chapters_are_the_ten_missions() -> None:
    chapters = C.chapters(4, 7, {"no_talk": True})
    assert [c.options["mission"] for c in chapters] == list(range(1, 11))
    assert all(c.options["mode"] == "campaign" and c.options["no_talk"] for c in chapters)
    assert len({c.seed for c in chapters}) == 10
    with pytest.raises(Exception, match="set by the campaign"):
        C.chapters(4, 7, {"mission": 3})


def test_a_won_mission_hands_on_treasures_upgrades_and_allies() -> None:
    s = mission(1)
    upgrade = s.zones.cards[UPGRADE_BOX][-1]
    s.move(upgrade, UPGRADE_BOX, zone(2, UPGRADES), "test", "{card}")
    ally = s.zones.cards[ALLY_BOX][-1]
    s.move(ally, ALLY_BOX, ALLIES, "test", "{card}")
    win_mission_1(s)
    held = {p: slugs(s, p) for p in range(4)}
    out = C.carry(s, C.START)
    assert out["played"] == [{"mission": 1, "won": True, "turns": s.turn}]
    for p in range(4):
        mine = [e for e in out["carried"] if e.startswith(f"{p}:") and ":upgrade:" not in e]
        assert sorted(e.split(":")[1] for e in mine) == held[p]
    assert f"2:upgrade:{s.t.slugs[upgrade]}" in out["carried"]
    assert f"ally:{s.t.slugs[ally]}" in out["carried"]
    nxt = mission(2, tuple(out["carried"]))
    for p in range(4):
        assert slugs(nxt, p) == held[p]  # what was carried, not the starting kit again
    assert [nxt.t.slugs[c] for c in nxt.zones.cards[zone(2, UPGRADES)]] == [s.t.slugs[upgrade]]
    assert [nxt.t.slugs[c] for c in nxt.zones.cards[ALLIES]] == [s.t.slugs[ally]]
    nxt.zones.check_conservation()


def test_timeless_items_in_the_pod_come_back_others_stay() -> None:
    s = mission(3)
    src, gear = next(
        (z, c)
        for z in TREASURE_DECK.values()
        for c in s.zones.cards[z]
        if s.name(c) == "Brass Gear"
    )
    s.move(gear, src, POD, "test", "{card}")
    plain = next(c for c in s.zones.cards[TREASURE_DECK["green"]] if not s.treasure(c).timeless)
    s.move(plain, TREASURE_DECK["green"], POD, "test", "{card}")
    s.win("test")
    out = C.carry(s, C.START)
    assert "pod:brass-gear" in out["carried"]
    assert f"pod:{s.t.slugs[plain]}" not in out["carried"]
    nxt = mission(4, tuple(out["carried"]))
    assert [nxt.name(c) for c in nxt.zones.cards[POD]] == ["Brass Gear"]


def test_destroyed_set_pieces_stay_out_of_the_campaign() -> None:
    from tabletop.games.castle.cards import DESTROYED

    s = mission(3)
    src, gear = next(
        (z, c)
        for z in TREASURE_DECK.values()
        for c in s.zones.cards[z]
        if s.name(c) == "Brass Gear"
    )
    s.move(gear, src, DESTROYED, "test", "{card}")
    s.win("test")
    out = C.carry(s, C.START)
    assert "destroyed:brass-gear" in out["carried"]
    nxt = mission(4, tuple(out["carried"]))
    assert [nxt.name(c) for c in nxt.zones.cards[DESTROYED]] == ["Brass Gear"]
    nxt.win("test")
    assert "destroyed:brass-gear" in C.carry(nxt, out)["carried"]


def test_a_lost_mission_keeps_what_was_carried_into_it() -> None:
    before = {"carried": ["0:whip"], "played": []}
    s = mission(2, ("0:whip",))
    s.lose("test")
    out = C.carry(s, before)
    assert out["carried"] == ["0:whip"]
    assert out["played"][-1]["won"] is False


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("9:whip", "seat must be a number"),
        ("x:whip", "seat must be a number"),
        ("0:no-such-thing", "names no Treasure"),
        ("0:upgrade:no-such-thing", "names no Upgrade"),
        ("0:whip:extra", "is not 'seat:treasure'"),
        ("ally:nobody", "names no Ally"),
        ("whip", "is not 'seat:treasure'"),
        # digits that str.isdigit() takes but int() does not, or too many for int() (issue 21)
        ("²:whip", "seat must be a number from 0 to 3"),
        ("9" * 5000 + ":whip", r"'99+… \(5,007 characters\): the seat must be a number"),
        ("wizards:²", "is not 'wizards:N' with N from 0 to 6"),
        ("wizards:" + "1" * 5000, r"\(5,010 characters\) is not 'wizards:N'"),
        ("wizards:7", "is not 'wizards:N' with N from 0 to 6"),
    ],
)
def test_bad_carried_entries(entry: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        mission(2, (entry,))


@pytest.mark.parametrize(
    ("carried", "message"),
    [
        ({"carried": [], "played": 5}, r"\(played: Input should be a valid list\)"),
        ({"carried": "0:whip", "played": []}, r"\(carried: Input should be a valid list\)"),
        ({"played": [{"mission": "1", "won": True, "turns": 3}]}, "played.0.mission"),
        ({"played": [{"mission": 1, "won": 1, "turns": 3}]}, "played.0.won"),
        ({"carried": [], "played": [], "gold": 3}, "gold: Extra inputs are not permitted"),
        ({"carried": ["x" * 500]}, "carried.0: String should have at most 120 characters"),
    ],
)
def test_carry_and_describe_refuse_a_carry_over_of_another_shape(
    carried: dict[str, object], message: str
) -> None:
    """What a Mission is handed is checked whole before it is read (a `played` that is not a
    list was a traceback in carry and describe: issue 21); the message says what a Castle
    carry-over is."""
    s = mission(2)
    s.lose("test")
    with pytest.raises(CampaignError, match=message) as e:
        C.carry(s, carried)
    assert "a Castle Von Loghan carry-over is an object {carried:" in str(e.value)
    with pytest.raises(CampaignError, match=message):
        C.describe(carried)
    assert C.describe({}) == ["Carried into the next Mission: nothing yet"]


def test_carried_upgrade_needs_a_free_slot() -> None:
    s = mission(1)
    names = sorted({s.t.slugs[c] for c in s.zones.cards[UPGRADE_BOX]})
    slots = s.agent(0).upgrade_slots
    with pytest.raises(OptionError, match="no free Upgrade slot"):
        mission(2, tuple(f"0:upgrade:{n}" for n in names[: slots + 1]))


def test_carried_without_room_waits_in_the_pod() -> None:
    s = mission(1)
    smalls = [
        s.t.slugs[c] for c in s.zones.cards[TREASURE_DECK["green"]] if s.treasure(c).size == "small"
    ]
    many = tuple(f"0:{slug}" for slug in smalls[:9])
    nxt = mission(2, many)
    total = len(nxt.zones.cards[zone(0, INVENTORY)]) + len(nxt.zones.cards[POD])
    assert total == 9 and nxt.zones.cards[POD]
    assert all(nxt.t.kinds[c] == TREASURE for c in nxt.zones.cards[POD])


def test_engine_campaign_goes_on_after_a_lost_mission(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the engine's Campaign: Mission 1 played (the group never moves: the turn limit
    loses it), finished, and Mission 2 set up with what was carried into Mission 1."""
    from tabletop.games.castle.turn import MAX_TURNS

    monkeypatch.setitem(registry._MODULES, "castle", "tabletop.games.castle")
    camp = C.new_campaign(4, 11)
    assert len(camp.chapters) == 10
    state = camp.start()
    assert isinstance(state, CastleState) and state.opts.mission == 1
    while state.result is None:
        d = state.pending
        assert d is not None
        seat = state.to_move()[0]
        state.apply(seat, "stay" if d.kind == "move" else "done")
    assert state.turn == MAX_TURNS
    carried = camp.finish(state)
    assert carried["played"] == [{"mission": 1, "won": False, "turns": MAX_TURNS}]
    assert carried["carried"] == []
    assert camp.options()["mission"] == 2
    nxt = camp.start()
    assert isinstance(nxt, CastleState) and nxt.opts.mission == 2
    lines = C.describe(carried)
    assert lines[0] == f"Mission 1: Through the Forest Gate: lost in {MAX_TURNS} turns"
    assert C.title(2) == "Mission 2: The Burning Year"
