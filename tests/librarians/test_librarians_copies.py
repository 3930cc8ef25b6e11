"""Copies of one adventure card in different states are told apart (librarians.interpret.
same-name): the rulebook's Resolving Ties, "If there is ever a tied choice in resolving an
effect, the players choose how to resolve it"."""

from __future__ import annotations

from librarians_rig import adventure_card, do, game, give, kind, options, player

from tabletop.games.librarians import rules as R
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.rules import LibrariansState, zone


def label(s: LibrariansState, option_id: str) -> str:
    d = s.pending
    assert d is not None
    return next(o.label for o in d.options_for(player(s)) if o.id == option_id)


def test_assign_enemy_offers_each_copy_that_differs() -> None:
    """Two Relic Looters unassigned: alike, they share the name's option; once one is worn
    down (2 damage, exhausted) each is an option of its own, its label saying its state, and
    the player may take the fresh one (before, the most damaged was always taken)."""
    s = game(("eve", "cassandra"))
    fresh = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    worn = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    R.ask_again(s)
    assert [o for o in options(s) if o.startswith("assign:relic-looter")] == ["assign:relic-looter"]
    s.damage[worn] = 2
    s.exhausted[worn] = True
    R.ask_again(s)
    n, w = s.t.copies[fresh], s.t.copies[worn]
    assert {n, w} <= {1, 2, 3} and n != w
    assert "assign:relic-looter" not in options(s)
    assert label(s, f"assign:relic-looter:{w}") == (
        f"Assign Relic Looter #{w} (2 damage, exhausted) to yourself"
    )
    assert label(s, f"assign:relic-looter:{n}") == (
        f"Assign Relic Looter #{n} (no damage, ready) to yourself"
    )
    do(s, f"assign:relic-looter:{n}")
    assert s.area_of(fresh) == 0 and s.where(worn) == R.UNASSIGNED
    # the view numbers the copies as the labels do
    shown = {c["number"] for c in s.view(0)["unassigned"] if c["name"] == "Relic Looter"}
    assert shown == {w}


def test_overcome_takes_the_copy_chosen_ready_or_exhausted() -> None:
    """Two Relic Looters assigned to P1, one nearer defeat but exhausted (it will not
    attack): P1 may overcome the ready one."""
    s = game(("eve",))
    ready = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    tired = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    s.damage[tired] = 1
    s.exhausted[tired] = True
    R.ask_again(s)
    r, t = s.t.copies[ready], s.t.copies[tired]
    assert "overcome:hero-0:relic-looter" not in options(s)
    assert label(s, f"overcome:hero-0:relic-looter:{t}") == (
        f"Eve Baird overcomes Relic Looter #{t} (1 damage, exhausted; "
        "Tactics check: 3 Character vs 2 Challenge dice)"
    )
    do(s, f"overcome:hero-0:relic-looter:{r}")
    assert s.check is not None and s.check.source == ready


def test_exhaust_an_enemy_chooses_among_copies_where_they_are() -> None:
    """Staged Distraction ("exhaust any enemy"): a ready Relic Looter unassigned and one
    assigned to P2 are two choices, the labels say where (before, the first in the
    Unassigned Region was always taken)."""
    s = game(("eve", "cassandra"))
    loose = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    held = adventure_card(s, "Relic Looter", zone(1, R.AREA))
    give(s, 0, "Staged Distraction")
    R.ask_again(s)
    do(s, "play:staged-distraction")
    assert kind(s) == "choose-enemy"
    h = s.t.copies[held]
    assert (
        label(s, f"enemy:relic-looter:{h}") == f"Choose Relic Looter #{h} (no damage, ready, P2's)"
    )
    do(s, f"enemy:relic-looter:{h}")
    assert not s.ready(held) and s.ready(loose)


def test_the_bot_assigns_the_copy_nearest_defeat() -> None:
    s = game(("eve", "cassandra"))
    fresh = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    worn = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    s.damage[worn] = 2
    R.ask_again(s)
    d = s.pending
    assert d is not None
    assigns = {o.arg: o for o in d.options_for(0) if o.id.startswith("assign:")}
    bot = LibrariansBot(1)
    fresh_score = bot._score(s, 0, assigns[("Relic Looter", s.t.copies[fresh])])
    worn_score = bot._score(s, 0, assigns[("Relic Looter", s.t.copies[worn])])
    assert worn_score > fresh_score
