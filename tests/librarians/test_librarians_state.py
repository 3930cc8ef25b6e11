"""The Librarians state: options, set-up, views (nothing hidden leaks), clones, handlers."""

from __future__ import annotations

import json

import pytest
from librarians_rig import BLANK, FAILURE, check_now, game, leaks, passes

from tabletop.engine.errors import OptionError
from tabletop.engine.options import parse_options
from tabletop.engine.rng import Rng
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.content import EFFECTS
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState, zone

# read where they apply, with no handler of their own
PLAIN = {
    "attribute-bonus", "life-bonus", "enemy-life-bonus", "soak", "extra-fate",
    "reduce-discard-cost", "device-haste", "advance-when-defeated",
}  # fmt: skip


def test_every_effect_the_content_names_has_its_handler() -> None:
    assert E.HANDLERS.problems(set(EFFECTS)) == []
    assert E.HANDLERS.ids == set(EFFECTS) - PLAIN
    for i in E.HANDLERS.ids:
        assert E.HANDLERS.rule(i) == f"librarians.effect.{i}"


def test_options_parse_and_refuse() -> None:
    opts = parse_options(
        "librarians", LibrariansOptions, {"heroes": "jacob-stone,eve-baird", "difficulty": "expert"}
    )
    assert opts.heroes == ("jacob-stone", "eve-baird")
    with pytest.raises(OptionError):
        parse_options("librarians", LibrariansOptions, {"heroes": "eve-baird,eve-baird"})
    with pytest.raises(OptionError, match="no_elimination"):
        LibrariansState(1, 0, LibrariansOptions(no_elimination=True), False)
    with pytest.raises(OptionError, match="one hero per seat"):
        LibrariansState(2, 0, LibrariansOptions(heroes=("eve-baird",)), False)
    bad = LibrariansOptions(heroes=("eve-baird",), decks=("a-little-help",))
    with pytest.raises(OptionError, match=r"librarians\.deck"):
        LibrariansState(1, 0, bad, False)


def test_setup_heroes_decks_energy_hands_and_the_adventure() -> None:
    s = game(("eve", "cassandra", "ezekiel", "jacob"))
    z = s.zones
    for p in range(4):
        assert s.t.heroes[p] in z.cards[zone(p, R.AREA)]
        assert len(z.cards[zone(p, R.ENERGY)]) == 4
        assert len(s.hand(p)) == 5
        assert len(z.cards[zone(p, R.DECK)]) == 28 - 9
    assert s.t.aid in z.cards[zone(0, R.AREA)]
    assert [s.name(c) for c in z.cards[R.SPECIAL]] == ["The Library Stands"]
    assert [s.name(c) for c in z.cards[R.UNASSIGNED]] == ["Save the Artifacts!"]
    assert s.name(z.cards[R.MISSION_ZONE][-1]) == "Raise the Alarm"
    assert len(z.cards[zone(1, R.MAGIC)]) == 1  # Cassandra's set-up Focus
    assert s.attribute(s.t.heroes[0], "tactics") == 3 and s.life(s.t.heroes[0]) == 9
    s.check_invariants()


def _hand_names(s: LibrariansState, p: int) -> set[str]:
    return {s.t.slugs[c] for c in s.hand(p)} | {s.name(c) for c in s.hand(p)}


def test_views_hide_other_hands_without_open_hands() -> None:
    s = game(("eve", "cassandra"), open_hands=False)
    v = s.view(1)
    assert "hand" not in v["seats"][0] and v["seats"][0]["hand_size"] == 5
    assert "hand" in v["seats"][1]
    for viewer in (None, 0, 1):
        assert leaks(s, viewer) == []
    assert R.layout(s.opts, 2).sights[zone(0, R.HAND)] == 1


def test_open_hands_shows_teammates_hands_but_not_spectators() -> None:
    s = game(("eve", "cassandra"))
    assert len(s.view(1)["seats"][0]["hand"]) == 5
    assert "hand" not in s.view(None)["seats"][0]
    for viewer in (None, 0, 1):
        assert leaks(s, viewer) == []


def test_deck_order_and_face_down_energy_never_shown() -> None:
    s = game(("eve",))
    v = json.dumps(s.view(0))
    energy = s.zones.cards[zone(0, R.ENERGY)]
    deck = s.zones.cards[zone(0, R.DECK)]
    hidden = {s.t.slugs[c] for c in energy + deck} - {s.t.slugs[c] for c in s.hand(0)}
    assert not any(f'"{x}"' in v for x in hidden)
    assert s.view(0)["seats"][0]["energy"] == 4
    assert leaks(s, 0) == []  # its own Energy too: nobody looks at it


def test_views_during_a_check_are_json_and_leak_nothing() -> None:
    s = game(("eve", "cassandra"), open_hands=False, dice=[BLANK, BLANK, BLANK, FAILURE])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-change")
    for viewer in (None, 0, 1):
        json.dumps(s.view(viewer))
        assert leaks(s, viewer) == []
    assert len(s.view(None)["check"]["dice"]) == 4


def test_clones_play_apart_and_fingerprints_follow() -> None:
    s = game(("eve", "cassandra"), dice=[BLANK, BLANK, BLANK, FAILURE])
    check_now(s, 0, "tactics", 1)
    passes(s, "check-change")
    c = s.clone()
    assert c.fingerprint() == s.fingerprint()
    c.apply(0, f"devote:{c.t.slugs[c.hand(0)[0]]}")
    c.apply(0, "die:0")
    assert c.fingerprint() != s.fingerprint()
    assert s.check is not None and s.check.devoted == 0 and len(s.hand(0)) == 5
    assert isinstance(c, LibrariansState) and c.check is not None and c.check.devoted == 1


def test_determinize_keeps_what_the_seat_sees() -> None:
    for open_hands in (True, False):
        s = game(("eve", "cassandra"), open_hands=open_hands)
        d = s.determinize(0, Rng(3))
        assert isinstance(d, LibrariansState)
        assert sorted(d.hand(0)) == sorted(s.hand(0))
        assert (sorted(d.hand(1)) == sorted(s.hand(1))) or not open_hands
        d.check_invariants()


def test_bot_devotes_only_when_it_turns_a_failure_into_a_success() -> None:
    s = game(("eve", "cassandra"), dice=[BLANK, SUCCESS_ONE, SUCCESS_ONE, FAILURE, FAILURE])
    check_now(s, 0, "tactics", 2)
    passes(s, "check-change")
    bot = LibrariansBot(0)
    # 2 Success against 2 Failure: one devote (the blank to a Success) wins it
    assert bot.choose(s, 0).startswith("devote:")
    s.apply(0, bot.choose(s, 0))
    assert bot.choose(s, 0) == "die:0"
    s.apply(0, "die:0")
    assert bot.choose(s, 1) == "pass"  # already winning


SUCCESS_ONE = 1


def test_random_and_bot_play_keeps_every_invariant() -> None:
    for seed in range(6):
        for n in (1, 2, 4):
            diff = ("narrative", "standard", "expert")[seed % 3]
            s = LibrariansState(
                n, seed, LibrariansOptions(difficulty=diff, adventure=f"C-{seed % 4 + 1}"), True
            )
            rng = Rng(seed)
            bots = [LibrariansBot(seed + p) for p in range(n)]
            for step in range(150):
                d = s.pending
                if s.result is not None:
                    break
                assert d is not None
                p = d.players[0]
                if step % 2:
                    s.apply(p, bots[p].choose(s, p))
                else:
                    s.apply(p, rng.choice(d.options_for(p)).id)
                s.check_invariants()
                for o in d.options_for(p):
                    assert o.id in R.ACTION_SPACE
            for viewer in (None, *range(n)):
                assert leaks(s, viewer) == []
