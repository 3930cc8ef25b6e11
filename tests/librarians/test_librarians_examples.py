"""The rulebook's worked examples of attribute checks, with their numbers."""

from __future__ import annotations

from librarians_rig import (
    BLANK,
    CBLANK,
    DOUBLE,
    SERPENT,
    SUCCESS,
    adventure_card,
    check_now,
    do,
    faces,
    game,
    kind,
    passes,
    player,
    texts,
)

from tabletop.games.librarians import check as C
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.rules import zone


def test_a_pool_of_six_character_dice_is_four_and_removes_two_challenge_dice() -> None:
    # "If you make an attribute check with 6 Character dice, you would add 4 Character dice
    # to your pool and then remove 2 Challenge dice (to a minimum of zero)."
    assert C.pool(6, 3, (), False) == (1, 4)
    assert C.pool(6, 1, (), False) == (0, 4)
    # in play: Cassandra (Insight 3) with 3 more Character dice against difficulty 3
    s = game()
    check_now(s, 0, "insight", 3, mods=(("add", "character", 3),))
    passes(s, "check-change")
    c = C.current(s)
    assert (c.character, c.challenge) == (4, 1)
    assert texts(s, "librarians.check.pool") == ["The pool: 4 Character and 1 Challenge dice"]


def test_cassandras_insight_2_check_gathers_2_challenge_and_3_character_dice() -> None:
    s = game()
    check_now(s, 0, "insight", 2)
    passes(s, "check-change")
    c = C.current(s)
    assert (c.challenge, c.character) == (2, 3)
    assert [k for k, _ in faces(s)] == ["character"] * 3 + ["challenge"] * 2


def test_cassandra_overcomes_serpent_ninjas_with_one_devote() -> None:
    # Tactics 1 against Cassandra's Tactics 2: 1 Challenge die, 2 Character dice; she rolls a
    # double Success and a blank against a Serpent; another player devotes a card to turn the
    # blank to a Success; no Tree of Knowledge; the Ninjas have no Serpent effect, the
    # Disturbance's does nothing; 3 successes against 1 failure: success by 2, 2 Damage.
    s = game(("cassandra", "eve"), dice=[DOUBLE, BLANK, SERPENT])
    ninjas = adventure_card(s, "Serpent Ninjas", zone(0, R.AREA))
    R.ask_again(s)
    do(s, "overcome:hero-0:serpent-ninjas")
    passes(s, "check-change")
    c = C.current(s)
    assert (c.challenge, c.character) == (1, 2)
    assert faces(s) == [
        ("character", ("success", "success")),
        ("character", ()),
        ("challenge", ("serpent",)),
    ]
    assert player(s) == 0
    do(s, "pass")  # Cassandra has nothing that changes dice
    assert player(s) == 1
    devoted = s.hand(1)[0]
    do(s, f"devote:{s.t.slugs[devoted]}")
    assert devoted in s.zones.cards[zone(1, R.DISCARD)]
    assert kind(s) == "check-die"
    do(s, "die:1")  # the blank Character die
    assert faces(s)[1] == ("character", ("success",))
    passes(s)
    assert "No additional effect" in texts(s)
    assert texts(s, "librarians.check.degree") == [
        "3 Success against 1 Failure: the check succeeds by 2"
    ]
    assert "2 Damage on Serpent Ninjas (2 of 2)" in texts(s)
    assert ninjas in s.zones.cards[R.ADV_DISCARD]  # Life 2: defeated
    assert s.check is None
    assert kind(s) == "action"


def test_two_serpents_against_lamia_use_her_effect_then_the_disturbances() -> None:
    # C-4: Lamia (Tactics 3) has her own Serpent effect (the acting character takes 2
    # damage); the Disturbance's adds 1 Fate. Two Serpents: Lamia's first, then the
    # Disturbance's, each once.
    s = game(("cassandra", "eve"), adventure="C-4", dice=[SUCCESS, BLANK, SERPENT, SERPENT, CBLANK])
    lamia = adventure_card(s, "Lamia", zone(0, R.AREA))
    R.ask_again(s)
    do(s, "overcome:hero-0:lamia")
    passes(s)
    assert C.Check._fields  # (the check is over)
    serpent_lines = [t for t in texts(s) if t.startswith("Serpent:")]
    assert serpent_lines == [
        "Serpent: Lamia's Serpent effect",
        "Serpent: Serpents in the Shadows's Serpent effect",
    ]
    assert s.damage[s.t.heroes[0]] == 2
    assert s.fate == 1
    assert lamia in s.zones.cards[zone(0, R.AREA)]
    assert texts(s, "librarians.check.degree") == [
        "1 Success against 2 Failure: the check fails by 1"
    ]


def test_eves_assigning_walkthrough() -> None:
    # Eve has a Relic Looter assigned and Sam Denning in play. (1) She draws a Cult Fanatic:
    # it goes to the Unassigned Region, she has an enemy already. (2) She draws Serpent
    # Ninjas: Ambush, assigned to her anyway. (3) Only her characters may Overcome the Ninjas,
    # nobody the unassigned Fanatic; Eve defeats the Ninjas. (4) Her free Assign Enemy moves
    # the Fanatic to her area, and Sam, still ready, may Overcome it.
    from librarians_rig import card_of, options, pass_responses, put
    from test_librarians_adventure import stack

    from tabletop.engine.flow import settle
    from tabletop.games.librarians.adventure import DrawAdventure

    s = game(("eve", "cassandra"), dice=[DOUBLE, SUCCESS, SUCCESS, CBLANK])
    eve, sam = s.t.heroes[0], card_of(s, 0, "Sam Denning")
    put(s, sam, zone(0, R.AREA))
    adventure_card(s, "Relic Looter", zone(0, R.AREA))
    fanatic, ninjas = stack(s, "Cult Fanatic", "Serpent Ninjas")
    for _ in range(2):
        s.flow.append(DrawAdventure(0))
        settle(s)
        pass_responses(s)
    assert s.where(fanatic) == R.UNASSIGNED and s.area_of(ninjas) == 0
    assert "ambush" in s.record(ninjas).keywords
    assert "overcome:hero-0:serpent-ninjas" in options(s)
    assert "overcome:sidekick-0:cult-fanatic" not in options(s)
    s.apply(0, "pass")
    assert "overcome:hero-1:serpent-ninjas" not in options(s)  # not Cassandra's enemy
    s.apply(1, "pass")  # (the window closes: a new Action phase for the walkthrough)
    from tabletop.games.librarians import phases as P

    s.flow.append(P.Action())
    settle(s)
    do(s, "overcome:hero-0:serpent-ninjas")
    passes(s)
    assert s.where(ninjas) == R.ADV_DISCARD and not s.ready(eve)
    assert player(s) == 1  # the window goes round: Cassandra passes, Eve's turn again
    s.apply(1, "pass")
    do(s, "assign:cult-fanatic")
    assert s.area_of(fanatic) == 0 and s.ready(sam)
    s.apply(1, "pass")
    assert player(s) == 0 and "overcome:sidekick-0:cult-fanatic" in options(s)
