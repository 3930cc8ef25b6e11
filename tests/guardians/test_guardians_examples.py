"""The rulebook's worked examples, with their exact numbers."""

from __future__ import annotations

from guardians_rig import (
    clear,
    clear_city,
    loc_index,
    play,
    put,
    put_monster,
    set_hand,
    started,
    to_battle,
    to_power,
)

from tabletop.games.guardians import tables as T
from tabletop.games.guardians.tables import GKIND, pz


def test_attack_of_seventeen_cleave_ice_blast_pulverize_axe() -> None:
    # Three from Cleave, one from Ice Blast, nine from Pulverize, four from Axe (two Knights).
    s = started()
    set_hand(s, 0, ["Cleave", "Ice Blast", "Pulverize", "Axe"])
    to_power(s, energy=1)
    play(s, 0, "play:ice-blast", "play:cleave", "play:pulverize", "play:axe", "done")
    assert s.attack[0] == 17
    clear_city(s)
    put_monster(s, "Candy Shop", "Zombie Sisters")
    assert s.attack_at(0, loc_index("Candy Shop")) == 17  # one monster: no Cleave bonus


def test_axe_counts_two_knights_for_plus_four() -> None:
    s = started()
    set_hand(s, 0, ["Bash", "Cleave", "Axe"])
    to_power(s, energy=5)
    play(s, 0, "play:bash", "play:cleave", "play:axe")
    before = s.attack[0]
    play(s, 0, "done")
    assert s.attack[0] - before == 4


def test_elder_oak_with_two_saplings_makes_fifteen() -> None:
    s = started()
    set_hand(s, 0, ["Sapling", "Sapling", "Elder Oak"])
    to_power(s)
    play(s, 0, "play:sapling", "play:sapling")
    assert s.energy[0] == 10  # 3 + 2 for each Sapling
    play(s, 0, "play:elder-oak", "done")
    assert s.attack[0] == 15
    assert s.energy[0] == 0


def test_mystic_ball_on_a_wolf_pup_with_two_wolf_pups_gives_plus_four() -> None:
    s = started()
    set_hand(s, 0, ["Wolf Pup", "Wolf Pup", "Mystic Ball"])
    to_power(s, energy=2)
    play(s, 0, "play:wolf-pup", "play:wolf-pup", "play:mystic-ball", "attach:wolf-pup")
    before = s.attack[0]
    play(s, 0, "done")
    assert s.attack[0] - before == 4


def test_sticker_on_axe_with_bash_bash_cleave_gives_plus_twelve() -> None:
    s = started()
    set_hand(s, 0, ["Bash", "Bash", "Cleave", "Axe", "Sticker"])
    to_power(s, energy=5)
    play(s, 0, "play:bash", "play:bash", "play:cleave", "play:axe", "play:sticker")
    play(s, 0, "attach:axe")
    before = s.attack[0]
    play(s, 0, "done")
    assert s.attack[0] - before == 12  # 2 per Knight x 3 Knights x 2 Axes


def test_pixie_counts_four_different_familiars_for_plus_twelve() -> None:
    s = started()
    set_hand(s, 0, ["Tiger Cub", "Tiger Cub", "Sapling", "Wolf Pup", "Pixie"])
    to_power(s, energy=1)
    play(s, 0, "play:tiger-cub", "play:tiger-cub", "play:sapling", "play:wolf-pup")
    play(s, 0, "play:pixie")
    before = s.attack[0]
    play(s, 0, "done")
    assert s.attack[0] - before == 12  # the second Tiger Cub does not count


def test_wand_with_two_wizards_puts_two_counters_on_each_monster_there() -> None:
    s = started()
    set_hand(s, 0, ["Ice Blast", "Arcane Knowledge", "Wand"])
    clear(s, pz(0, T.DECK))
    put(s, pz(0, T.DECK), ["Bash", "Bash", "Bash"])
    to_power(s, energy=1)
    play(s, 0, "play:ice-blast", "play:arcane-knowledge", "discard:bash", "discard:bash")
    play(s, 0, "play:wand", "done")
    clear_city(s)
    hill = loc_index("Hill")
    a = put_monster(s, hill, "Orc Soldier")
    b = put_monster(s, hill, "Zombie Club")
    to_battle(s)
    play(s, 0, "use:wand", "at:hill")
    assert s.dmg[a - T.M0] == 2 and s.dmg[b - T.M0] == 2


def test_borrow_plays_the_ice_blast_another_player_has_in_play() -> None:
    s = started(players=2)
    put(s, pz(1, T.PLAY), ["Ice Blast"])
    set_hand(s, 0, ["Borrow", "Point Blank Shot"])
    set_hand(s, 1, [])
    to_power(s, players=(0,), energy=1)
    play(s, 0, "play:borrow")
    assert "point-blank-shot" not in [o.id[5:] for o in s.pending.options_for(0)]
    play(s, 0, "borrow:ice-blast")
    assert s.energy[0] == 4 and s.attack[0] == 1
    assert [GKIND[c] for c in s.zones.cards[pz(0, T.DISCARD)]][-1] == T.BORROW
    assert [T.KINDS[GKIND[c]].name for c in s.zones.cards[pz(1, T.PLAY)]] == ["Ice Blast"]
    play(s, 0, "play:point-blank-shot")  # now there is enough energy for the rest


def test_potion_plays_point_blank_shot_again_and_is_trashed() -> None:
    s = started()
    set_hand(s, 0, ["Potion", "Point Blank Shot", "Breastplate"])
    to_power(s, energy=3)
    play(s, 0, "play:potion", "play:point-blank-shot")
    assert (s.energy[0], s.attack[0]) == (5, 3)
    play(s, 0, "use:potion", "replay:point-blank-shot")
    assert (s.energy[0], s.attack[0]) == (7, 6)  # Point Blank Shot's +2 energy, +3 attack again
    assert any(T.KINDS[GKIND[c]].name == "Potion" for c in s.zones.cards[T.TRASH])
    assert "use:potion" not in [o.id for o in s.pending.options_for(0)]
    play(s, 0, "play:breastplate", "done")
    assert s.attack[0] == 11


def _owning(s, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    for z in (T.HAND, T.DECK, T.DISCARD, T.PLAY, T.PERSIST):
        clear(s, pz(0, z))
    put(s, pz(0, T.DISCARD), names)


def _quest(name: str) -> int:
    return next(i for i, q in enumerate(T.QUESTS) if q.name == name)


def test_skill_specialist_examples() -> None:
    s = started()
    _owning(s, ["Bash", "Cleave", "Mastering Slash"])
    assert s.quest_done(0, _quest("Skill Specialist"))
    _owning(s, ["Ice Blast", "Ice Blast", "Fireball"])
    assert not s.quest_done(0, _quest("Skill Specialist"))


def test_familiar_specialist_examples() -> None:
    s = started()
    _owning(s, ["Wolf Pup", "Dire Wolf", "Sapling", "Elder Oak"])
    assert s.quest_done(0, _quest("Familiar Specialist"))
    _owning(s, ["Wolf Pup", "Wolf Pup", "Sapling", "Tiger Cub"])
    assert not s.quest_done(0, _quest("Familiar Specialist"))


def _trophies(s, names: list[str]) -> None:  # type: ignore[no-untyped-def]
    zone = pz(0, T.TROPHY)
    for m in list(s.zones.cards[zone]):
        s.zones.cards[zone].remove(m)
        s.zones.cards[T.RETREAT].append(m)
    clear_city(s)
    for name in names:
        m = put_monster(s, 0, name)
        s.zones.cards[T.LOC0].remove(m)
        s.zones.cards[zone].append(m)


def test_trophy_specialist_examples() -> None:
    s = started()
    _trophies(s, ["Zombie Sisters", "Zombie Club", "Zombie Class"])
    assert s.quest_done(0, _quest("Trophy Specialist"))
    _trophies(s, ["Zombie Sisters", "Zombie Sisters", "Zombie Class"])
    assert not s.quest_done(0, _quest("Trophy Specialist"))
