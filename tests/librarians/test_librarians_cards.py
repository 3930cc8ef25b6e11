"""Using cards outside the check: Card Actions, Events played at any time, free abilities,
Devices and their countdown, Focus and Power, what a card aims at, the forced abilities and
Responses that answer moments of the game, and the mulligan."""

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
from tabletop.games.librarians import adventure as V
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import phases as P
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState, zone


def energy(s: LibrariansState, seat: int, n: int) -> None:
    """Give `seat` exactly `n` Energy (cards from the deck, face down)."""
    pile = s.zones.cards[zone(seat, R.ENERGY)]
    while len(pile) > n:
        put(s, pile[-1], zone(seat, R.DECK))
    while len(pile) < n:
        put(s, s.zones.cards[zone(seat, R.DECK)][0], zone(seat, R.ENERGY))


def in_area(s: LibrariansState, seat: int, name: str, host: int | None = None) -> int:
    card = card_of(s, seat, name)
    put(s, card, zone(seat if host is None else s.area_of(host), R.AREA))
    if host is not None:
        s.attached[card] = host
    return card


def test_an_event_card_action_exhausts_the_character_and_pays_its_energy() -> None:
    s = game(("jacob",))
    looter = adventure_card(s, "Relic Looter", zone(0, R.AREA))
    give(s, 0, "Wall Slam")
    energy(s, 0, 1)
    R.ask_again(s)
    assert "act:hero-0:wall-slam" in options(s)
    do(s, "act:hero-0:wall-slam")
    hero = s.t.heroes[0]
    assert not s.ready(hero) and s.energy(0) == 0
    assert s.damage[looter] == 2 and s.where(card_of(s, 0, "Wall Slam")) == zone(0, R.DISCARD)
    assert "act:hero-0:wall-slam" not in options(s)


def test_a_card_action_needs_its_energy_and_something_to_aim_at() -> None:
    s = game(("jacob",))
    give(s, 0, "Wall Slam")
    energy(s, 0, 1)
    R.ask_again(s)
    assert "act:hero-0:wall-slam" not in options(s)  # no enemy assigned
    adventure_card(s, "Relic Looter", zone(0, R.AREA))
    energy(s, 0, 0)
    R.ask_again(s)
    assert "act:hero-0:wall-slam" not in options(s)  # no Energy


def test_an_attachment_grants_its_action_only_to_its_character() -> None:
    s = game(("jacob",))
    mindy = in_area(s, 0, "Mindy")
    hero = s.t.heroes[0]
    in_area(s, 0, "Improvised Weapon", host=mindy)
    adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    R.ask_again(s)
    assert "act:sidekick-0:improvised-weapon" in options(s)
    assert "act:hero-0:improvised-weapon" not in options(s)
    do(s, "act:sidekick-0:improvised-weapon")
    assert not s.ready(mindy) and s.ready(hero)
    assert kind(s) == "check-modify"
    c = s.check
    assert c is not None and c.actor == mindy and ("add", "character", 1) in c.mods


def test_a_sidekicks_own_action_and_the_aid_cards_action() -> None:
    s = game(("eve",))
    guide = in_area(s, 0, "Trusted Guide")
    mission = s.zones.cards[R.MISSION_ZONE][-1]
    R.ask_again(s)
    do(s, "act:sidekick-0:trusted-guide")
    assert s.progress[mission] == 1 and not s.ready(guide)
    s.damage[s.t.heroes[0]] = 2
    R.ask_again(s)
    do(s, "act:aid:aid-from-the-library")  # Standard: heal 1 from any character
    assert s.damage[s.t.heroes[0]] == 1 and not s.ready(s.t.aid)


def test_an_adventure_cards_action_is_anyones() -> None:
    s = game(("eve", "cassandra"))
    save = next(c for c in s.zones.cards[R.UNASSIGNED] if s.name(c) == "Save the Artifacts!")
    s.apply(0, "pass")
    assert player(s) == 1 and "act:hero-1:save-the-artifacts" in options(s)
    do(s, "act:hero-1:save-the-artifacts")
    assert s.progress[save] == 1


def test_an_artifacts_overcome_action_with_more_dice_on_an_unassigned_enemy() -> None:
    s = game(("cassandra",))
    energy(s, 0, 0)
    in_area(s, 0, "Jetpack")
    ninjas = adventure_card(s, "Serpent Ninjas", R.UNASSIGNED)
    R.ask_again(s)
    assert "overcome:hero-0:serpent-ninjas" not in options(s)  # not assigned
    do(s, "act:hero-0:jetpack")
    c = s.check
    assert c is not None and c.source == ninjas and ("add", "character", 2) in c.mods


def test_an_event_played_at_any_time_and_its_aim() -> None:
    s = game(("eve",))
    give(s, 0, "Staged Distraction")
    R.ask_again(s)
    assert "play:staged-distraction" not in options(s)  # no enemy to exhaust
    looter = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    fanatic = adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    R.ask_again(s)
    do(s, "play:staged-distraction")
    assert kind(s) == "choose-enemy"
    do(s, "enemy:relic-looter")
    assert not s.ready(looter) and s.ready(fanatic)
    assert kind(s) == "action" and s.ready(s.t.heroes[0])  # playing an Event is no action


def test_free_ability_once_per_round_with_its_discard_cost() -> None:
    s = game(("jacob",))
    in_area(s, 0, "Philosopher's Stone")
    before = s.energy(0)
    hand = len(s.hand(0))
    R.ask_again(s)
    do(s, "use:philosophers-stone")
    assert kind(s) == "discard"
    do(s, options(s)[0])
    assert s.energy(0) == before + 2 and len(s.hand(0)) == hand - 1
    assert "use:philosophers-stone" not in options(s)


def test_mathemagics_costs_damage_and_makes_the_next_event_cheaper() -> None:
    s = game(("cassandra",))
    hero = s.t.heroes[0]
    in_area(s, 0, "Mathemagics", host=hero)
    give(s, 0, "Photographic Memory")
    put(s, card_of(s, 0, "Eureka!"), zone(0, R.DISCARD))
    energy(s, 0, 0)
    R.ask_again(s)
    assert "play:photographic-memory" not in options(s)
    do(s, "use:mathemagics")
    assert s.damage[hero] == 1 and s.discount[0] == 2
    do(s, "play:photographic-memory")
    assert kind(s) == "recover"
    do(s, "take:eureka")
    assert "Eureka!" in {s.name(c) for c in s.hand(0)} and s.discount[0] == 0


def test_eve_takes_an_extra_free_assign_once_per_round() -> None:
    s = game(("eve",))
    adventure_card(s, "Relic Looter", R.UNASSIGNED)
    adventure_card(s, "Cult Fanatic", R.UNASSIGNED)
    R.ask_again(s)
    assert "use:eve-baird" not in options(s)  # her own free Assign comes first
    do(s, "assign:relic-looter")
    do(s, "use:eve-baird")
    do(s, "assign:cult-fanatic")
    assert [s.name(c) for c in s.zones.cards[zone(0, R.AREA)] if s.t.kinds[c] == R.ADVENTURE]
    assert "use:eve-baird" not in options(s)


def test_a_device_counts_down_each_round_then_is_spent() -> None:
    s = game(("ezekiel",))
    card = in_area(s, 0, "Remote Detonation", host=s.t.heroes[0])
    s.countdown[card] = 2
    looter = adventure_card(s, "Relic Looter", R.UNASSIGNED)
    R.ask_again(s)
    assert "use:remote-detonation" not in options(s)  # tokens left
    for left in (1, 0):
        P.tick_devices(s)  # the end of a round
        assert s.countdown[card] == left
    assert (
        texts(s, "librarians.device.countdown")[-1]
        == "Remote Detonation: 0 tokens left: it may be spent"
    )
    R.ask_again(s)
    do(s, "use:remote-detonation")
    assert s.where(card) == zone(0, R.DISCARD) and card not in s.countdown
    assert card not in s.attached and s.where(looter) == R.ADV_DISCARD  # 4 damage on Life 3


def test_a_device_played_enters_with_its_tokens() -> None:
    s = game(("ezekiel",))
    give(s, 0, "Hard Wired Access")
    energy(s, 0, 3)
    s.flow.append(P.Preparation())
    settle(s)
    do(s, "play:hard-wired-access")
    if kind(s) == "attach":
        do(s, "char:hero-0")
    card = card_of(s, 0, "Hard Wired Access")
    assert s.countdown[card] == s.record(card).countdown == 2
    assert "Hard Wired Access enters with 2 tokens" in texts(s, "librarians.device.countdown")


def test_schmidt_makes_devices_enter_with_fewer_tokens_and_emergency_activation() -> None:
    s = game(("ezekiel",))
    in_area(s, 0, "Schmidt, Tech Wizard")
    give(s, 0, "Satellite Hookup", "Emergency Activation")
    energy(s, 0, 3)
    s.flow.append(P.Preparation())
    settle(s)
    do(s, "play:satellite-hookup")
    if kind(s) == "attach":
        do(s, "char:hero-0")
    hookup = card_of(s, 0, "Satellite Hookup")
    assert s.countdown[hookup] == 2  # Device (3), one fewer
    do(s, "play:emergency-activation")
    assert s.countdown[hookup] == 0
    hand = len(s.hand(0))
    do(s, "use:satellite-hookup")
    assert len(s.hand(0)) == hand + 3


def test_flip_a_focus_and_a_power_keep_one_effect_use_it_and_it_goes_back() -> None:
    s = game(("cassandra",))
    for card in s.zones.cards[zone(0, R.MAGIC)][:]:
        put(s, card, R.FOCUS_SET if s.t.kinds[card] == R.FOCUS else R.POWER_SET)
    put(s, s.zones.cards[R.FOCUS_SET][0], zone(0, R.MAGIC))
    R.ask_again(s)
    assert "flip-magic" not in options(s)  # a Focus but no Power
    put(s, next(c for c in s.zones.cards[R.POWER_SET] if s.name(c) == "Surge"), zone(0, R.MAGIC))
    energy(s, 0, 2)
    R.ask_again(s)
    do(s, "flip-magic")
    assert kind(s) == "keep-effect" and s.energy(0) == 1
    shown = [c for c in s.zones.cards[zone(0, R.AREA)] if s.t.kinds[c] in (R.FOCUS, R.POWER)]
    assert len(shown) == 2  # face up for everyone
    assert {c["name"] for c in s.view(None)["seats"][0]["area"]} >= {s.name(c) for c in shown}
    do(s, "keep:surge")
    focus = next(c for c in shown if s.t.kinds[c] == R.FOCUS)
    surge = next(c for c in shown if s.t.kinds[c] == R.POWER)
    assert s.where(focus) == R.FOCUS_SET and s.where(surge) == zone(0, R.AREA)
    before = s.energy(0)
    do(s, "use:surge")
    assert s.energy(0) == before + 3 and s.where(surge) == R.POWER_SET
    assert not s.zones.cards[zone(0, R.MAGIC)]


def test_a_second_sidekick_makes_the_player_discard_one() -> None:
    s = game(("eve",))
    sam = in_area(s, 0, "Sam Denning")
    give(s, 0, "Local Security")
    energy(s, 0, 3)
    s.flow.append(P.Preparation())
    settle(s)
    do(s, "play:local-security")
    assert kind(s) == "limit" and options(s) == ["discard:local-security", "discard:sam-denning"]
    do(s, "discard:sam-denning")
    assert s.where(sam) == zone(0, R.DISCARD)
    assert s.sidekick(0) == card_of(s, 0, "Local Security")


def test_lady_of_the_lake_gains_a_power_when_she_enters_play() -> None:
    s = game(("cassandra",))
    give(s, 0, "Lady of the Lake")
    energy(s, 0, 3)
    magic = len(s.zones.cards[zone(0, R.MAGIC)])
    s.flow.append(P.Preparation())
    settle(s)
    do(s, "play:lady-of-the-lake")
    assert len(s.zones.cards[zone(0, R.MAGIC)]) == magic + 1


def test_scry_looks_discards_one_and_orders_the_rest() -> None:
    s = game(("cassandra",))
    give(s, 0, "Glimpse the Beyond")
    deck = s.zones.cards[R.ADV_DECK]
    top3 = deck[-3:]
    R.ask_again(s)
    do(s, "play:glimpse-the-beyond")
    assert s.damage[s.t.heroes[0]] == 1  # its cost
    assert all(s.zones.can_see(0, R.ADV_DECK, c) for c in top3)
    assert not any(s.zones.can_see(None, R.ADV_DECK, c) for c in top3)
    assert kind(s) == "scry"
    discard = next(o for o in options(s) if o.startswith("adv-discard:"))
    do(s, discard)
    left = [c for c in top3 if c in deck]
    assert len(left) == 2 and len(s.zones.cards[R.ADV_DISCARD]) == 1
    bottom = min(left, key=deck.index)
    do(s, f"aim:{s.t.slugs[bottom]}")  # the one chosen goes on top
    assert deck[-1] == bottom and kind(s) == "action"


def test_cycle_hand_discards_up_to_two_then_draws_as_many_and_gains_energy() -> None:
    s = game(("jacob",))
    give(s, 0, '"Too bad it\'s a fake"')
    R.ask_again(s)
    do(s, "play:too-bad-its-a-fake")
    hand, before = len(s.hand(0)), s.energy(0)
    do(s, options(s)[0])
    do(s, "done")
    assert len(s.hand(0)) == hand and s.energy(0) == before + 1


def test_an_obstacle_defeated_fires_forced_abilities_and_opens_responses() -> None:
    s = game(("jacob", "eve"))
    in_area(s, 0, "Sarina Bhonsle")
    give(s, 0, "Art We Live In")
    obstacle = adventure_card(s, "Collapsing Stacks", R.UNASSIGNED)
    from tabletop.games.librarians.effects import place

    place(s, obstacle, 9, "test")
    settle(s)
    assert s.clues[0] == 1  # Sarina: forced
    assert kind(s) == "respond" and player(s) == s.first
    assert "play:art-we-live-in" in options(s)
    hand = len(s.hand(0))
    do(s, "play:art-we-live-in")
    assert len(s.hand(0)) == hand  # played one, drew one
    assert kind(s) == "respond" and player(s) == 1 and options(s) == ["pass"]


def test_an_enemy_defeated_the_library_stands_removes_fate_and_the_mission_progresses() -> None:
    s = game(("eve",))
    s.fate = 3
    fanatic = adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    from tabletop.games.librarians.effects import place

    place(s, fanatic, 5, "test")
    settle(s)
    pass_responses(s)
    assert s.fate == 2  # The Library Stands (C-1's Special card)


def test_an_obstacle_entering_the_living_labyrinth_adds_fate() -> None:
    s = game(("eve",), adventure="C-2")
    s.fate = 0
    walls = next(c for c in s.zones.cards[R.ADV_DECK] if s.name(c) == "Shifting Walls")
    s.zones.cards[R.ADV_DECK].remove(walls)
    s.zones.cards[R.ADV_DECK].append(walls)
    s.flow.append(V.DrawAdventure(0))
    settle(s)
    pass_responses(s)
    assert s.fate == 1 and s.where(walls) == R.UNASSIGNED


def test_a_complication_resolved_the_story_takes_hold_and_underprepared() -> None:
    s = game(("cassandra",), adventure="C-3")
    s.fate = 0
    give(s, 0, "Underprepared")
    twist = next(c for c in s.zones.cards[R.ADV_DECK] if s.name(c) == "Happily Never After")
    s.zones.cards[R.ADV_DECK].remove(twist)
    s.zones.cards[R.ADV_DECK].append(twist)
    s.flow.append(V.DrawAdventure(0))
    settle(s)
    assert s.fate == 2  # 1 from the card, 1 from The Story Takes Hold
    assert kind(s) == "respond" and "play:underprepared" in options(s)
    hand = len(s.hand(0))
    do(s, "play:underprepared")
    assert len(s.hand(0)) == hand - 1 + 2


def test_the_minotaur_mission_advances_once_the_minotaur_is_defeated() -> None:
    s = game(("eve",), adventure="C-2")
    face = next(c for c in s.zones.cards[R.MISSIONS] if s.name(c) == "Face the Minotaur")
    put(s, s.zones.cards[R.MISSION_ZONE][-1], R.MISSION_DISCARD)
    put(s, face, R.MISSION_ZONE)
    assert not N.complete(s, face)
    minotaur = next(c for c in s.zones.cards[R.SET_ASIDE] if s.name(c) == "The Minotaur")
    put(s, minotaur, R.ADV_DISCARD)
    assert N.complete(s, face)


def test_the_mulligan_redraws_a_starting_hand_once() -> None:
    s = LibrariansState(2, 5, LibrariansOptions(), True)
    assert kind(s) == "mulligan" and player(s) == 0
    assert options(s) == ["keep-hand", "redraw-hand"]
    before = sorted(s.hand(0))
    do(s, "redraw-hand")
    assert len(s.hand(0)) == R.STARTING_HAND and sorted(s.hand(0)) != before
    assert kind(s) == "mulligan" and player(s) == 1
    do(s, "keep-hand")
    assert kind(s) == "prepare"
    assert texts(s, "librarians.setup.mulligan")[-1] == "P2 keeps their hand"


def test_a_kept_effect_answers_a_check_and_goes_back_to_its_set() -> None:
    s = game(("cassandra",))
    intent = next(c for c in s.zones.cards[R.FOCUS_SET] if s.name(c) == "Intent")
    put(s, intent, zone(0, R.AREA))
    from librarians_rig import check_now

    check_now(s, 0, "insight", 2)
    assert kind(s) == "check-modify" and "use:intent" in options(s)
    do(s, "use:intent")  # 2 more Character dice
    c = s.check
    assert c is not None and ("add", "character", 2) in c.mods
    assert s.where(intent) == R.FOCUS_SET


def test_drive_back_the_brotherhood_progresses_when_an_enemy_is_defeated() -> None:
    s = game(("eve",))
    drive = next(c for c in s.zones.cards[R.MISSIONS] if s.name(c) == "Drive Back the Brotherhood")
    put(s, s.zones.cards[R.MISSION_ZONE][-1], R.MISSION_DISCARD)
    put(s, drive, R.MISSION_ZONE)
    fanatic = adventure_card(s, "Cult Fanatic", zone(0, R.AREA))
    from tabletop.games.librarians.effects import place

    place(s, fanatic, 5, "test")
    settle(s)
    pass_responses(s)
    assert s.progress[drive] == 1


def test_jamie_heyer_draws_two_when_a_mission_advances() -> None:
    suggested = R.CONTENT.suggested_deck("Eve Baird")
    slug = {c.name: c.slug for c in R.CONTENT.cards}
    deck = "+".join([slug[n] for n in suggested] + ["jamie-heyer"])
    s = game(("eve",), decks=(deck,), unlocked=("jamie-heyer",))
    put(s, card_of(s, 0, "Jamie Heyer"), zone(0, R.AREA))
    mission = s.zones.cards[R.MISSION_ZONE][-1]
    s.progress[mission] = 99
    hand = len(s.hand(0))
    N.AdvanceMission().run(s)
    settle(s)
    assert s.where(mission) == R.MISSION_DISCARD and len(s.hand(0)) == hand + 2
