"""The Adventure phase: each player in turn draws an Adventure card and resolves it fully
(Complication, Obstacle, Enemy placement, Ambush); an empty Adventure deck is remade."""

from __future__ import annotations

from librarians_rig import game, kind, pass_responses, player, texts

from tabletop.engine.flow import push, settle
from tabletop.games.librarians import adventure as V
from tabletop.games.librarians import phases as P
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState


def stack(s: LibrariansState, *names: str) -> list[int]:
    """Put Adventure cards of these names on top of the Adventure deck, the first on top."""
    deck = s.zones.cards[R.ADV_DECK]
    out = []
    for name in names:
        card = next(c for c in deck if s.name(c) == name and c not in out)
        out.append(card)
    for card in reversed(out):
        deck.remove(card)
        deck.append(card)
    return out


def adventure_phase(s: LibrariansState) -> None:
    """Run the Adventure phase now (on top of the Action window)."""
    s.flow.append(P.Adventure())
    settle(s)
    pass_responses(s)


def test_the_first_round_draws_one_adventure_card_per_player() -> None:
    s = LibrariansState(2, 3, LibrariansOptions(), True)
    pass_responses(s)  # every player keeps their starting hand
    assert s.log is not None and kind(s) == "prepare"
    s.apply(0, "pass")
    s.apply(1, "pass")
    pass_responses(s)  # the window between the two draws
    drawn = [e.text for e in s.log if e.rule.startswith("librarians.adventure.")]
    assert drawn[0].startswith("P1 draws") and drawn[1].startswith("P2 draws")


def test_each_player_in_turn_from_the_first_draws_and_resolves_one() -> None:
    s = game(("eve", "cassandra", "jacob"))
    s.first = 1
    looter, stacks, fanatic = stack(s, "Relic Looter", "Collapsing Stacks", "Cult Fanatic")
    adventure_phase(s)
    assert s.area_of(looter) == 1  # P2 first
    assert s.where(stacks) == R.UNASSIGNED  # P3: an Obstacle, unassigned and ready
    assert s.ready(stacks)
    assert s.area_of(fanatic) == 0  # then P1
    assert texts(s, "librarians.adventure.obstacle") == [
        "P3 draws Collapsing Stacks: an Obstacle enters the Unassigned Region"
    ]


def test_an_enemy_goes_unassigned_when_the_drawer_has_one_already() -> None:
    s = game(("eve",))
    first, second = stack(s, "Relic Looter", "Cult Fanatic")
    adventure_phase(s)
    assert s.area_of(first) == 0
    push(s, V.DrawAdventure(0))
    settle(s)
    assert s.where(second) == R.UNASSIGNED
    assert texts(s, "librarians.adventure.enemy")[-1].endswith("an Enemy enters, unassigned")


def test_ambush_is_always_assigned_to_the_drawer() -> None:
    s = game(("eve",))
    looter, ninjas = stack(s, "Relic Looter", "Serpent Ninjas")
    adventure_phase(s)
    push(s, V.DrawAdventure(0))
    settle(s)
    assert s.area_of(looter) == 0 and s.area_of(ninjas) == 0
    assert texts(s, "librarians.adventure.ambush") == [
        "P1 draws Serpent Ninjas: an Enemy enters, Ambush: assigned"
    ]
    assert V.enemies_assigned(s, 0) == [looter, ninjas]


def test_an_enemy_that_adds_fate_when_it_enters() -> None:
    s = game(("eve",))
    (fanatic,) = stack(s, "Cult Fanatic")
    before = s.fate
    adventure_phase(s)
    assert s.area_of(fanatic) == 0 and s.fate == before + 1


def test_a_complication_resolves_and_goes_to_the_discard_pile() -> None:
    s = game(("eve", "cassandra"))
    bells, looter = stack(s, "Alarm Bells", "Relic Looter")
    before = s.fate
    adventure_phase(s)
    assert s.where(bells) == R.ADV_DISCARD and s.fate == before + 1
    assert s.area_of(looter) == 1


def test_a_complications_check_is_resolved_before_the_next_player_draws() -> None:
    s = game(("eve", "cassandra"))
    shelves, looter = stack(s, "Toppling Shelves", "Relic Looter")
    adventure_phase(s)
    assert s.where(shelves) == R.ADV_DISCARD
    assert kind(s) != "action" and player(s) == 0  # P1's forced check is asked
    assert looter in s.zones.cards[R.ADV_DECK]  # P2 has not drawn yet


def test_reinforcements_draw_another_adventure_card() -> None:
    s = game(("eve",))
    more, looter = stack(s, "Brotherhood Reinforcements", "Relic Looter")
    adventure_phase(s)
    assert s.where(more) == R.ADV_DISCARD and s.area_of(looter) == 0


def test_an_empty_adventure_deck_is_its_shuffled_discard_pile() -> None:
    s = game(("eve",))
    (last,) = stack(s, "Relic Looter")
    deck = s.zones.cards[R.ADV_DECK]
    s.zones.cards[R.ADV_DISCARD] = deck[:-1]
    del deck[:-1]
    size = len(s.zones.cards[R.ADV_DISCARD])
    adventure_phase(s)  # draws the last card
    assert s.area_of(last) == 0 and s.zones.cards[R.ADV_DECK] == []
    push(s, V.DrawAdventure(0))
    settle(s)
    assert texts(s, "librarians.adventure.empty-deck") == [
        "The Adventure deck is empty: its discard pile is shuffled into a new one"
    ]
    assert len(s.zones.cards[R.ADV_DECK]) + len(s.zones.cards[R.ADV_DISCARD]) >= size - 1
