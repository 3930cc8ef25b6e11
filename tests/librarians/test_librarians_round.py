"""The round of The Librarians as a declared procedure: its phases in order, and the Refresh
phase (ready every card, three rounds of draw-or-Energy from the first player, the Aid card
passes left)."""

from __future__ import annotations

from librarians_rig import (
    adventure_card,
    do,
    game,
    give,
    kind,
    options,
    pass_responses,
    player,
    texts,
)

from tabletop.games.librarians import damage as D
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import phases as P
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansState, zone


def no_complications(s: LibrariansState) -> None:
    """Take the Complications out of the Adventure deck (no check interrupts)."""
    deck = s.zones.cards[R.ADV_DECK]
    s.zones.cards[R.BANISHED] += [c for c in deck if s.record(c).type == "complication"]
    deck[:] = [c for c in deck if s.record(c).type != "complication"]


def pass_preparation(s: LibrariansState) -> None:
    """Everyone passes the Preparation window (nobody plays a card) and the windows between
    the Adventure cards."""
    while kind(s) in ("prepare", "anytime"):
        s.apply(player(s), "pass")


def end_action_phase(s: LibrariansState) -> None:
    """Everyone passes the Action window (nobody acts); no Fate stays on the Disturbance, so it
    never advances in these tests."""
    assert kind(s) == "action"
    s.fate = -99
    for _ in s.seats_from(0):
        s.apply(player(s), "pass")
    pass_responses(s)  # the windows between the Enemy phase's steps and in the Refresh phase


def test_the_round_runs_the_five_phases_in_order() -> None:
    assert [type(step).__name__ for step in P.ROUND] == [
        "Preparation",
        "Adventure",
        "Action",
        "Enemy",
        "Refresh",
        "EndRound",
    ]
    s = game(("eve", "cassandra"))
    no_complications(s)
    assert s.round == 1 and s.phase == "action"
    end_action_phase(s)
    assert kind(s) == "refresh" and s.phase == "refresh"
    phases = [e.phase for e in s.log or [] if e.rule == "librarians.round.phases"]
    assert phases == ["enemy", "refresh"]
    for _ in range(P.REFRESH_DRAWS * 2):
        do(s, "draw")
    pass_preparation(s)
    assert s.round == 2 and kind(s) == "action"
    phases = [e.phase for e in s.log or [] if e.rule == "librarians.round.phases"]
    assert phases == ["enemy", "refresh", "preparation", "adventure", "action"]
    assert texts(s, "librarians.round.next") == ["Round 1 ends"]


def test_refresh_readies_every_card_and_forgets_once_per_round_uses() -> None:
    s = game(("eve", "cassandra"))
    hero = s.t.heroes[0]
    s.exhaust(hero, "test")
    s.exhausted[s.t.aid] = True
    s.used.append(f"{hero}:0")
    end_action_phase(s)
    assert s.exhausted == {} and s.used == []
    assert texts(s, "librarians.refresh.ready") == ["Every card readies"]


def test_refresh_three_rounds_of_draw_or_energy_from_the_first_player() -> None:
    s = game(("eve", "cassandra", "jacob"))
    end_action_phase(s)
    asked = []
    hands = [len(s.hand(p)) for p in range(3)]
    energy = [s.energy(p) for p in range(3)]
    for _ in range(9):
        assert kind(s) == "refresh"
        assert options(s) == ["draw", "gain-energy"]
        asked.append(player(s))
        do(s, "draw" if player(s) != 1 else "gain-energy")
    assert asked == [0, 1, 2] * 3
    assert [len(s.hand(p)) for p in range(3)] == [hands[0] + 3, hands[1], hands[2] + 3]
    assert [s.energy(p) for p in range(3)] == [energy[0], energy[1] + 3, energy[2]]


def test_refresh_draw_takes_the_top_card_and_energy_takes_it_unseen() -> None:
    s = game(("eve",))
    end_action_phase(s)
    top = s.zones.cards[zone(0, R.DECK)][-1]
    do(s, "draw")
    assert top in s.hand(0)
    top = s.zones.cards[zone(0, R.DECK)][-1]
    do(s, "gain-energy")
    assert top in s.zones.cards[zone(0, R.ENERGY)]


def test_the_aid_card_passes_left_and_its_holder_goes_first() -> None:
    s = game(("eve", "cassandra", "jacob"))
    no_complications(s)
    assert s.first == 0 and s.area_of(s.t.aid) == 0
    end_action_phase(s)
    for _ in range(9):
        do(s, "draw")
    pass_preparation(s)
    assert s.first == 1 and s.area_of(s.t.aid) == 1
    assert texts(s, "librarians.refresh.pass-aid") == ["P1 passes the Aid card to P2"]
    assert kind(s) == "action" and player(s) == 1
    end_action_phase(s)
    assert player(s) == 1  # round 2's Refresh asks from the new first player
    for _ in range(9):
        do(s, "draw")
    pass_preparation(s)
    assert s.first == 2 and s.area_of(s.t.aid) == 2
    end_action_phase(s)
    for _ in range(9):
        do(s, "draw")
    pass_preparation(s)
    assert s.first == 0 and s.area_of(s.t.aid) == 0


def test_alone_the_first_player_keeps_the_aid_card() -> None:
    s = game(("eve",))
    end_action_phase(s)
    for _ in range(3):
        do(s, "gain-energy")
    assert s.first == 0 and s.area_of(s.t.aid) == 0
    assert texts(s, "librarians.refresh.pass-aid") == []


def test_the_aid_card_skips_an_eliminated_player() -> None:
    """librarians.refresh.pass-aid with Player Elimination: an eliminated player "no longer
    participates in gameplay in any way", so the Aid card passes to the next player on the
    left still in the game; in a 2-player game the survivor keeps it every round."""
    s = game(("eve", "cassandra", "jacob"))
    no_complications(s)
    D.eliminate(s, 1, "test")
    assert s.first == 0
    end_action_phase(s)
    for _ in range(6):
        do(s, "draw")
    pass_preparation(s)
    assert s.first == 2 and s.area_of(s.t.aid) == 2
    assert texts(s, "librarians.refresh.pass-aid") == ["P1 passes the Aid card to P3"]
    duo = game(("eve", "cassandra"))
    no_complications(duo)
    D.eliminate(duo, 1, "test")
    for _ in range(2):  # two rounds: P1 holds it in each
        end_action_phase(duo)
        for _ in range(3):
            do(duo, "draw")
        pass_preparation(duo)
        assert duo.first == 0 and duo.area_of(duo.t.aid) == 0
    assert texts(duo, "librarians.refresh.pass-aid") == []


def test_events_are_played_in_any_phase_between_its_steps() -> None:
    """librarians.card.anytime: "Event cards can be played during any phase", never while an
    Adventure card or a step of the Enemy phase resolves: after the attacks and before the
    Fate, Staged Distraction exhausts the ready unassigned Relic Looter, which then adds no
    Fate; the windows also come once the Refresh phase readies the cards and between the
    Adventure cards."""
    s = game(("eve", "cassandra"))
    no_complications(s)
    looter = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    give(s, 0, "Staged Distraction")
    R.ask_again(s)
    for _ in range(2):
        s.apply(player(s), "pass")  # the Action window closes, the Event kept
    assert kind(s) == "anytime" and s.phase == "enemy" and player(s) == 0
    due = N.fate_due(s)
    do(s, "play:staged-distraction")
    if kind(s) == "choose-enemy":
        do(s, "enemy:relic-looter")
    assert not s.ready(looter) and N.fate_due(s) == due - 2  # its 1 Fate and its own 1 more
    fate, seen = s.fate, []
    while kind(s) == "anytime":
        seen.append(s.phase)
        s.apply(player(s), "pass")
    # the window goes on after the Event, then one after the Mission's step, one in Refresh
    assert seen == ["enemy"] * 4 + ["refresh"] * 2
    assert s.fate == fate + due - 2 and kind(s) == "refresh"
    for _ in range(6):
        do(s, "draw")
    while kind(s) in ("prepare", "respond"):
        s.apply(player(s), "pass")
    assert kind(s) == "anytime" and s.phase == "adventure"
    assert s.log is not None
    drawn = [e.text for e in s.log if e.rule.startswith("librarians.adventure.")]
    assert len(drawn) == 1 and drawn[0].startswith("P2 draws")  # P1 draws after the window
