"""Enemy attacks and the answers to them, damage and its prevention, a hero's defeat, player
elimination (and Narrative's no-elimination), an empty player deck."""

from __future__ import annotations

from librarians_rig import (
    adventure_card,
    card_of,
    do,
    game,
    give,
    kind,
    options,
    pass_responses,
    player,
    put,
    texts,
)

from tabletop.engine.flow import settle
from tabletop.games.librarians import damage as D
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansState, zone


def attack_now(s: LibrariansState, seat: int, enemy_name: str) -> int:
    """A ready enemy assigned to `seat` and the Enemy phase's attacks begun."""
    enemy = adventure_card(s, enemy_name, zone(seat, R.AREA))
    s.flow.append(N.Attacks(seat))
    settle(s)
    return enemy


def energy(s: LibrariansState, seat: int, n: int) -> None:
    pile = s.zones.cards[zone(seat, R.ENERGY)]
    while len(pile) < n:
        put(s, s.zones.cards[zone(seat, R.DECK)][0], zone(seat, R.ENERGY))


def test_an_attack_opens_a_window_from_the_attacked_player() -> None:
    s = game(("jacob", "eve"))
    give(s, 0, "Deflection")
    attack_now(s, 0, "Cult Fanatic")  # 2 damage
    assert kind(s) == "respond" and player(s) == 0
    assert "play:deflection" in options(s)
    do(s, "play:deflection")
    assert player(s) == 1
    pass_responses(s)
    assert s.damage.get(s.t.heroes[0], 0) == 0  # 3 prevented of 2
    assert "0 damage" not in " ".join(texts(s))


def test_misdirection_cancels_the_attack_and_unassigns_the_enemy_exhausted() -> None:
    s = game(("ezekiel",))
    give(s, 0, "Misdirection")
    energy(s, 0, 1)
    fanatic = attack_now(s, 0, "Cult Fanatic")
    do(s, "play:misdirection")
    pass_responses(s)
    assert s.where(fanatic) == R.UNASSIGNED and not s.ready(fanatic)
    assert s.damage.get(s.t.heroes[0], 0) == 0


def test_mimikos_mirror_turns_the_attack_on_the_enemy_once_per_round() -> None:
    s = game(("ezekiel",))
    put(s, card_of(s, 0, "Mimiko's Mirror"), zone(0, R.AREA))
    looter = attack_now(s, 0, "Relic Looter")  # 1 damage, Life 3
    do(s, "use:mimikos-mirror")
    pass_responses(s)
    assert s.damage[looter] == 1 and s.damage.get(s.t.heroes[0], 0) == 0
    s.exhausted.pop(looter)
    s.flow.append(N.Attacks(0))
    settle(s)
    assert kind(s) == "respond" and options(s) == ["pass"]  # used this round


def test_get_behind_me_takes_another_players_damage_less_one() -> None:
    s = game(("cassandra", "eve"))
    give(s, 1, '"Get behind me!"')
    attack_now(s, 0, "Cult Fanatic")  # 2 damage at Cassandra
    do(s, "pass")
    assert player(s) == 1 and "play:get-behind-me" in options(s)
    do(s, "play:get-behind-me")
    assert s.damage.get(s.t.heroes[0], 0) == 0 and s.damage[s.t.heroes[1]] == 1


def test_soul_of_a_guardian_answers_damage_to_your_hero() -> None:
    s = game(("eve",))
    give(s, 0, "Soul of a Guardian")
    looter = attack_now(s, 0, "Relic Looter")
    do(s, "pass")  # the attack itself
    assert kind(s) == "respond" and "play:soul-of-a-guardian" in options(s)
    do(s, "play:soul-of-a-guardian")
    assert s.damage[s.t.heroes[0]] == 1 and s.damage[looter] == 2


def test_protection_of_ra_prevents_one_the_first_time_each_round() -> None:
    s = game(("jacob",))
    hero = s.t.heroes[0]
    ra = card_of(s, 0, "Protection of Ra")
    put(s, ra, zone(0, R.AREA))
    s.attached[ra] = hero
    assert D.deal_damage(s, hero, 2, "test") == 1
    assert D.deal_damage(s, hero, 2, "test") == 2
    assert s.damage[hero] == 3 and "Protection of Ra prevents 1 damage" in texts(s)


def test_protective_wards_guard_only_their_character_and_cost_two_from_the_deck() -> None:
    s = game(("cassandra",))
    hero = s.t.heroes[0]
    wards = card_of(s, 0, "Protective Wards")
    put(s, wards, zone(0, R.AREA))
    s.attached[wards] = hero
    discard = len(s.zones.cards[zone(0, R.DISCARD)])
    attack_now(s, 0, "Cult Fanatic")
    do(s, "use:protective-wards")
    assert s.damage.get(hero, 0) == 0
    assert len(s.zones.cards[zone(0, R.DISCARD)]) == discard + 2


def test_a_defeated_hero_may_be_saved_by_hour_of_need() -> None:
    s = game(("jacob", "eve"))
    give(s, 0, "Hour of Need")
    hero = s.t.heroes[0]
    s.damage[hero] = s.life(hero) - 1
    D.deal_damage(s, hero, 1, "test")
    settle(s)
    assert kind(s) == "respond" and "play:hour-of-need" in options(s)
    do(s, "play:hour-of-need")
    pass_responses(s)
    assert s.damage[hero] == s.life(hero) - 3 and not s.out[0]


def test_elimination_passes_the_aid_card_unassigns_enemies_and_leaves_the_player_out() -> None:
    s = game(("eve", "cassandra", "jacob"))
    fanatic = adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    hero = s.t.heroes[0]
    D.deal_damage(s, hero, s.life(hero), "test")
    settle(s)
    pass_responses(s)
    assert s.out[0] and s.first == 1 and s.area_of(s.t.aid) == 1
    assert s.where(fanatic) == R.UNASSIGNED
    assert s.seats_from(0) == (1, 2)
    assert texts(s, "librarians.eliminate.steps")[0] == "P1 is eliminated: Eve Baird was defeated"
    assert kind(s) == "action" and player(s) == 1  # the window goes on without P1
    do(s, "pass")
    assert player(s) == 2


def test_everyone_eliminated_loses_the_game() -> None:
    s = game(("eve",))
    hero = s.t.heroes[0]
    D.deal_damage(s, hero, s.life(hero), "test")
    settle(s)
    pass_responses(s)
    assert s.result is not None and s.result.team == "lost"
    assert "every player has been eliminated" in s.result.reason


def test_narrative_no_elimination_heals_the_hero_and_adds_fate() -> None:
    s = game(("eve",), difficulty="narrative", no_elimination=True)
    s.fate = 0
    hero = s.t.heroes[0]
    D.deal_damage(s, hero, s.life(hero) + 2, "test")
    settle(s)
    pass_responses(s)
    assert not s.out[0] and s.damage.get(hero, 0) == 0 and s.fate == 1


def test_a_defeated_sidekick_angry_bar_patron_deals_damage_first() -> None:
    s = game(("jacob",))
    patron = card_of(s, 0, "Angry Bar Patron")
    put(s, patron, zone(0, R.AREA))
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    D.deal_damage(s, patron, 9, "test")
    settle(s)
    assert s.where(patron) == zone(0, R.DISCARD) and s.damage[looter] == 1


def test_an_empty_deck_is_the_shuffled_discard_pile_then_an_adventure_card() -> None:
    s = game(("eve",))
    deck, discard = zone(0, R.DECK), zone(0, R.DISCARD)
    for c in list(s.zones.cards[deck]):
        put(s, c, discard)
    n = len(s.zones.cards[discard])
    adventure = len(s.zones.cards[R.ADV_DECK])
    s.draw(0, "test")
    assert len(s.zones.cards[deck]) == n - 1 and not s.zones.cards[discard]
    settle(s)
    pass_responses(s)
    assert len(s.zones.cards[R.ADV_DECK]) == adventure - 1  # drawn and resolved
    assert any("deck is empty" in t for t in texts(s, "librarians.player-deck.empty"))


def test_deck_and_discard_both_empty_eliminate_the_player() -> None:
    s = game(("eve", "cassandra"))
    for c in list(s.zones.cards[zone(0, R.DECK)]):
        put(s, c, R.BANISHED)
    assert s.draw(0, "test") is None
    assert s.out[0] and s.first == 1


def test_a_deck_emptied_during_a_check_draws_its_adventure_card_after_the_check() -> None:
    s = game(("eve",))
    deck, discard = zone(0, R.DECK), zone(0, R.DISCARD)
    for c in list(s.zones.cards[deck]):
        put(s, c, discard)
    from tabletop.games.librarians import check as C

    C.start_check(s, s.t.heroes[0], "tactics", 1)
    s.draw(0, "test")  # during the check: the deck is remade, the Adventure card waits
    assert isinstance(s.flow[-1], C.Declare)
    finish = max(i for i, step in enumerate(s.flow) if isinstance(step, C.Finish))
    from tabletop.games.librarians.adventure import DrawAdventure

    assert isinstance(s.flow[finish - 1], DrawAdventure)
