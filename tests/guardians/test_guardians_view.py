"""What the Guardians view and the battle questions show (issue 9: deck and discard counts,
the discard's contents, battle options naming the monsters, the solo rank)."""

from __future__ import annotations

from guardians_rig import clear_city, loc_index, put, put_monster, started, to_battle

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.tables import pz
from tabletop.schemas import validate_view


def _labels(s: R.GuardiansState, p: int = 0) -> dict[str, str]:
    d = s.pending
    assert d is not None
    return {o.id: o.label for o in d.options_for(p)}


def test_every_viewer_sees_each_seats_deck_count_and_whole_discard_pile() -> None:
    s = started(players=3)
    put(s, pz(1, T.DISCARD), ["Cleave", "Axe"])
    pile = [T.SLUGS[c] for c in s.zones.cards[pz(1, T.DISCARD)]]
    deck = len(s.zones.cards[pz(1, T.DECK)])
    for viewer in (0, 1, 2, None):
        seat = s.view(viewer)["seats"][1]
        assert seat["deck"] == deck
        assert seat["discard_size"] == len(pile) >= 2
        assert [c["id"] for c in seat["discard"]] == pile
        validate_view(s.view(viewer))


def test_no_viewer_sees_the_order_of_any_deck() -> None:
    s = started(players=2)
    for viewer in (0, 1, None):
        v = s.view(viewer)
        for p in range(2):
            seat = v["seats"][p]
            assert isinstance(seat["deck"], int)  # a count, never the cards
            deck = {T.SLUGS[c] for c in s.zones.cards[pz(p, T.DECK)]}
            shown = {c["id"] for key in ("hand", "looking", "under") for c in seat.get(key, [])}
            assert not deck & shown


def test_battle_options_name_the_monsters_and_their_attack_ids_unchanged() -> None:
    s = started()
    clear_city(s)
    m = put_monster(s, "Zoo", "Zombie Sisters")
    put_monster(s, "Zoo", "Spider Swarm")
    s.dmg[m - T.M0] = 1
    s.counters[0] = 3
    s.pool -= 3
    s.attack[0] = 20
    to_battle(s)
    labels = _labels(s)
    sisters, spider = T.monster(m), T.MONSTERS[T.MKIND[s.zones.cards[T.LOC0 + 2][1] - T.M0]]
    assert "dmg:zoo:0" in labels and "kill:zoo:0" in labels and "fight:zoo" in labels
    assert labels["dmg:zoo:0"] == (
        f"Place a damage counter on {T.NAMES[m]} (attack {sisters.attack}, 1 damage on it) at Zoo"
    )
    assert labels["kill:zoo:0"].startswith(f"Place {sisters.attack - 1} damage counters to defeat")
    fight = labels["fight:zoo"]
    assert T.NAMES[m] in fight and spider.name in fight
    pts = sisters.points + spider.points
    assert fight.endswith(
        f"(attack {s.combined(loc_index('Zoo'))} against your 20; "
        f"{pts} trophy point{'' if pts == 1 else 's'})"
    )
    d = s.pending
    assert d is not None and "attack 20, 3 damage counters held" in d.prompt
    # the ids and actions are the action space's: only the labels say more
    for o in d.options_for(0):
        assert T.ACTION_SPACE[o.id].action == o.action
    s.apply(0, "kill:zoo:0")
    assert m in s.zones.cards[pz(0, T.TROPHY)]


def _solo_game(seed: int) -> R.GuardiansState:
    s = new_game("guardians", 1, seed)
    bot = make_agent("heuristic", "guardians", seed)
    while not s.is_over:
        for p in s.to_move():
            s.apply(p, bot.choose(s, p))
    assert isinstance(s, R.GuardiansState)
    return s


def test_the_solo_rank_is_shown_at_the_end_in_the_view_and_the_result() -> None:
    s = _solo_game(3)
    assert s.result is not None
    rank = s.result.outcomes["rank"]
    for viewer in (0, None):
        v = s.view(viewer)
        assert v["solo_rank"] == rank
        assert f"solo rank: {rank}" in v["result"]["reason"]
        validate_view(v)
    assert s.view(0)["solo_rank"] is not None


def test_no_rank_before_the_end_nor_with_several_players() -> None:
    assert started().view(0)["solo_rank"] is None
    s = new_game("guardians", 2, 1)
    bots = [make_agent("heuristic", "guardians", p) for p in range(2)]
    while not s.is_over:
        for p in s.to_move():
            s.apply(p, bots[p].choose(s, p))
    assert s.result is not None and "rank" not in s.result.reason
    assert s.view(None)["solo_rank"] is None
