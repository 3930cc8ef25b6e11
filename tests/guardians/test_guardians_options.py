"""Every Guardians option carries what it stands for (`Option.arg`), so that rules and bots
never decode option ids nor look actions up in reverse tables."""

from __future__ import annotations

from tabletop.games.guardians import tables as T

_PLAIN = {"done", "no-fight", "fort-keep", "fort-remove", "ignore-final-act", "accept-final-act"}


def test_every_option_but_the_plain_ones_has_a_payload() -> None:
    for o in T.ACTION_SPACE.options:
        assert (o.arg is None) == (o.id in _PLAIN), o.id


def test_payloads_name_the_card_quest_location_slot_effect_or_wave() -> None:
    for tab in (T.PICK, T.KEEP, T.REWARD, T.DISCARD_O, T.TRASH_O, T.PLAY_O, T.BORROW_O, T.ATTACH):
        for k, o in enumerate(tab):
            if o is not None:
                assert o.arg == k and o.id.endswith(":" + T.KINDS[k].slug)
    for i, q in enumerate(T.QUESTS):
        assert T.KEEP_QUEST[i].arg == T.REWARD_QUEST[i].arg == i
        assert T.KEEP_QUEST[i].id == f"keep-quest:{q.slug}"
    for i, loc in enumerate(T.LOCS):
        for tab2 in (T.VISIT, T.AT, T.FIGHT, T.FORT, T.PLACE):
            assert tab2[i].arg == i and tab2[i].id.endswith(":" + loc.slug)
        for j in range(T.MAX_SLOTS):
            for tab3 in (T.DMG, T.KILL, T.TARGET, T.RETREAT_O):
                assert tab3[i][j].arg == (i, j)
                assert tab3[i][j].id.endswith(f":{loc.slug}:{j}")
    for boss in (T.AT_BOSS, T.FIGHT_BOSS, T.DMG_BOSS, T.TARGET_BOSS):
        assert boss.arg == -1
    assert {fx: o.arg for fx, o in T.USE.items()} == {fx: fx for fx in T.FX_NAMES}
    assert {w: o.arg for w, o in T.WAVE_O.items()} == {2: 2, 3: 3}


def test_no_reverse_tables_are_left() -> None:
    for name in ("OPT_KIND", "OPT_LOC", "OPT_SLOT", "OPT_FX"):
        assert not hasattr(T, name)
