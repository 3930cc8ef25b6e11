"""Mission cards whose rules the engine applies beyond their steps: Mission 1's Stay Together
(once inside, the group may not leave the castle) and Mission 8's Critical tokens (2 Damage
more per token on every Direct Attack on The Loghan Armor)."""

from __future__ import annotations

from castle_rig import clear_tokens, game
from test_castle_combat import ARVIAS, Rig

from tabletop.games.castle.turn import reachable


def test_mission_1_once_inside_the_group_may_not_leave() -> None:
    s = game(4, mode="campaign", mission=1)
    clear_tokens(s)
    s.marks.clear()
    assert "outside" in reachable(s, "F") and "pod" in reachable(s, "F")
    s.flags["inside"] = 1
    out = reachable(s, "F")
    assert "outside" not in out and "pod" not in out
    assert any(r.isdigit() for r in out)
    other = game(4, mode="campaign", mission=2)
    clear_tokens(other)
    other.marks.clear()
    other.flags["inside"] = 1
    assert "outside" in reachable(other, "F")  # only Mission 1's card says so


def test_moving_inside_sets_the_mark() -> None:
    s = game(4, mode="campaign", mission=1)
    d = s.pending
    assert d is not None and d.kind == "move"
    room = next(
        o.id
        for o in d.options_for(s.leader)
        if (o.id.startswith("go:") and o.id[3:].isdigit()) or o.id == "go:F"
    )
    s.apply(s.leader, room)
    assert s.flags.get("inside") == 1


def test_critical_tokens_add_two_damage_each_to_direct_attacks_on_the_armor() -> None:
    for tokens in (0, 1, 3):
        r = Rig((ARVIAS,), health=40)
        foe = r.enemy("The Loghan Armor")
        r.s.counters["critical"] = tokens
        r.start()
        r.at(ARVIAS, "combat-draw")
        r.set_line(ARVIAS, "Attack", "Aid", "Steady Breath")
        r.at(ARVIAS, "combat-target")
        r.play(ARVIAS, "target:1")
        # 1 Damage from Attack (the Armor takes the Crossbow's bolt away) + 2 per token
        assert r.s.edamage.get(foe, 0) == 1 + 2 * tokens


def test_two_keybots_met_in_one_room_are_two_caught() -> None:
    from tabletop.games.castle.event import visit_tokens

    s = game(4, mode="campaign", mission=6)
    s.marks = {"12": ("keybot", "keybot"), "14": ("keybot",), "5": ("fire",)}
    visit_tokens(s, "12")
    assert s.counters["visited:keybot"] == 2 and "12" not in s.marks  # picked up
    visit_tokens(s, "5")
    visit_tokens(s, "5")
    assert s.counters["visited:fire"] == 1 and s.marks["5"] == ("fire",)  # a room counts once


def test_wizards_met_in_mission_9_help_in_the_last_mission() -> None:
    from tabletop.games.castle.campaign import kept

    nine = game(4, mode="campaign", mission=9)
    nine.counters["visited:wizard"] = 3
    assert "wizards:3" in kept(nine)
    ten = game(4, mode="campaign", mission=10, carried=("wizards:3",))
    plain = game(4, mode="campaign", mission=10)
    assert ten.health[0] == plain.health[0] + 6  # 2 Health for each Wizard met
    other = game(4, mode="campaign", mission=5, carried=("wizards:3",))
    assert other.health[0] == 14 and "wizards:3" in kept(other)  # carried on, used in the last
