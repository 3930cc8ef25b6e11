"""Guardians hidden information: what each seat and a spectator may read of draft picks and
of the Spider reward, in the view, the log and the knowledge behind determinization."""

from __future__ import annotations

from guardians_rig import clear_city, play, put_monster, started, to_battle

from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.tables import GKIND, pz


def _draft_round(s: R.GuardiansState) -> None:
    for p in s.to_move():
        s.apply(p, s.pending.options_for(p)[0].id)  # type: ignore[union-attr]


def test_a_draft_pick_is_face_down_to_those_who_saw_the_pack() -> None:
    s = R.GuardiansState(3, 1, R.GuardiansOptions(), True)
    _draft_round(s)  # P1's pack now lies in front of P2 (seat 1): P1 has seen all of it
    mark = len(s.log or [])
    _draft_round(s)
    pick = s.zones.cards[pz(1, T.COLLECT)][-1]
    name = T.NAMES[pick]
    picks = [(r, t) for r, t in s.log_for(0)[mark:] if r == "guardians.warmup.draft"]
    assert ("guardians.warmup.draft", "P2 drafts a card") in picks
    assert all(name not in t for _, t in s.log_for(0)[mark:] if "P2" in t)
    assert ("guardians.warmup.draft", f"P2 drafts {name}") in s.log_for(1)[mark:]
    assert ("guardians.warmup.draft", "P2 drafts a card") in s.log_for(None)[mark:]
    # nor does P1 still know the card (determinization reads the same knowledge)
    assert not s.zones.known[pick] & 1
    assert not s.zones.can_see(0, pz(1, T.COLLECT), pick)


def test_the_ghost_pick_is_unseen_by_both_players() -> None:
    s = R.GuardiansState(2, 3, R.GuardiansOptions(), True)
    while s.phase == "draft":
        _draft_round(s)
        assert all(s.zones.known[c] == 0 for c in s.zones.cards[T.GHOST_DECK])


def test_spider_reward_reveals_two_supply_cards_to_everyone() -> None:
    s = started(players=3)
    clear_city(s)
    put_monster(s, "Zoo", "Spider Swarm")
    top2 = s.zones.cards[T.SUPPLY][-2:]
    names = {T.NAMES[c] for c in top2}
    s.attack[0] = 10
    to_battle(s, 0)
    mark = len(s.log or [])
    play(s, 0, "fight:zoo")
    assert sorted(s.zones.cards[T.REVEALED]) == sorted(top2)
    for viewer in (0, 1, 2, None):
        shown = {c["name"] for c in s.view(viewer)["revealed"]}
        assert shown == {T.KINDS[GKIND[c]].name for c in top2}
        log = [t for r, t in s.log_for(viewer)[mark:] if r == "guardians.monster.spider-reward"]
        assert {t for t in log if "reveals" in t} == {
            f"P1 reveals {n} from the supply" for n in names
        }
        assert all(s.zones.can_see(viewer, T.REVEALED, c) for c in top2)
    d = s.pending
    assert d is not None and d.kind == "spider" and d.players == (0,)
    gain = next(o for o in d.options_for(0) if o.id.startswith("gain:"))
    s.apply(0, gain.id)
    assert not s.zones.cards[T.REVEALED]
    kept = s.zones.cards[pz(0, T.DISCARD)][-1]
    assert kept in top2
    assert next(c for c in top2 if c != kept) in s.zones.cards[T.TRASH]
