"""The Preparation phase: Artifacts, Attachments and Sidekicks from hand, paid with Energy,
in any order until all pass; card limits; an Attachment's host."""

from __future__ import annotations

from librarians_rig import card_of, do, game, give, kind, options, pass_responses, player, put

from tabletop.engine.flow import settle
from tabletop.games.librarians import phases as P
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansState, zone


def preparation(s: LibrariansState) -> None:
    """Open the Preparation window now (on top of the Action window)."""
    s.flow.append(P.Preparation())
    settle(s)


def test_the_preparation_window_is_the_first_phase_and_goes_round_until_all_pass() -> None:
    s = R.LibrariansState(2, 0, R.LibrariansOptions(), True)
    pass_responses(s)  # every player keeps their starting hand
    assert s.phase == "preparation" and kind(s) == "prepare" and player(s) == 0
    s.apply(0, "pass")
    assert player(s) == 1
    s.apply(1, "pass")
    assert s.phase != "preparation"


def test_a_sidekick_is_paid_with_energy_and_enters_play_ready() -> None:
    s = game(("eve",))
    give(s, 0, "Sam Denning")
    sam = card_of(s, 0, "Sam Denning")
    cost = s.record(sam).cost
    energy = s.energy(0)
    preparation(s)
    do(s, "play:sam-denning")
    assert s.area_of(sam) == 0 and s.ready(sam) and s.sidekick(0) == sam
    assert s.energy(0) == energy - cost
    assert kind(s) == "prepare" and "play:sam-denning" not in options(s)


def test_a_card_that_costs_more_than_your_energy_cannot_be_played() -> None:
    s = game(("eve",))
    give(s, 0, "Sam Denning")
    for c in list(s.zones.cards[zone(0, R.ENERGY)]):
        put(s, c, zone(0, R.DECK))
    preparation(s)
    assert "play:sam-denning" not in options(s)


def test_one_sidekick_each_and_a_unique_name_once_in_play() -> None:
    s = game(("eve", "cassandra"))
    give(s, 0, "Sam Denning")
    preparation(s)
    do(s, "play:sam-denning")
    do(s, "pass")  # P2
    # a second sidekick of P1's is refused while Sam is in play
    assert s.sidekick(0) is not None
    assert all(not o.startswith("play:") or "sam" not in o for o in options(s))


def test_an_attachment_on_any_character_asks_its_host() -> None:
    s = game(("eve", "cassandra"))
    att = next(
        c
        for c in s.t.decks[0]
        if s.record(c).type == "attachment" and s.record(c).attach_to == "any-character"
    )
    give(s, 0, s.name(att))
    for c in s.zones.cards[zone(0, R.DECK)][-max(s.record(att).cost, 1) :]:
        put(s, c, zone(0, R.ENERGY))  # enough Energy to pay for it
    preparation(s)
    do(s, f"play:{s.t.slugs[att]}")
    assert kind(s) == "attach" and options(s) == ["char:hero-0", "char:hero-1"]
    do(s, "char:hero-1")
    assert s.attached[att] == s.t.heroes[1] and s.area_of(att) == 1
    assert kind(s) == "prepare"
