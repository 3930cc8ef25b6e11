"""The Librarians view schema (src/tabletop/schemas/librarians.py, `librarians/1`): every view
of played games validates, as a seat's or a spectator's, and dumps back to exactly the view;
a key too many, too few or of the wrong type fails; who sees which hand is checked; the
Device countdown on cards and `eliminated` on seats are accepted; the JSON Schema describes
the views."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from tabletop.engine.rng import Rng
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState, new_state
from tabletop.schemas.common import ViewBase
from tabletop.schemas.librarians import (
    VERSION,
    LibrariansPlayerView,
    LibrariansSpectatorView,
)

DIFFICULTIES = ("narrative", "standard", "expert")


def model(view: dict[str, Any]) -> ViewBase:
    kind = LibrariansSpectatorView if view.get("viewer") is None else LibrariansPlayerView
    return kind.model_validate(view)


def fails(view: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        model(view)


def play(
    players: int, seed: int, *, steps: int = 100_000, bot_every: int = 2, **options: Any
) -> list[LibrariansState]:
    """A game of random and bot answers (every `bot_every`-th answer the bot's), and a clone
    of its state after every answer, until it ends or after `steps` answers."""
    s = new_state(players, seed, LibrariansOptions(**options), log=True)
    rng = Rng(seed)
    bots = [LibrariansBot(seed + p) for p in range(players)]
    states = [s.clone()]
    for step in range(steps):
        if s.is_over:
            break
        d = s.pending
        assert d is not None
        p = d.players[0]
        if step % bot_every == 0:
            s.apply(p, bots[p].choose(s, p))
        else:
            s.apply(p, rng.choice(d.options_for(p)).id)
        states.append(s.clone())
    return states


@pytest.fixture(scope="module")
def game() -> list[LibrariansState]:
    return play(3, 5, adventure="C-2")


def views_of(s: LibrariansState) -> list[dict[str, Any]]:
    return [s.view(v) for v in (None, *range(s.num_players))]


def a_view(states: list[LibrariansState], test: Any) -> dict[str, Any]:
    for s in states:
        for v in views_of(s):
            if test(v):
                return v
    raise AssertionError("no view of the game passes the test")


# -- every view of played games -------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_view_of_played_games_validates_and_dumps_back(players: int) -> None:
    seen_kinds: set[str] = set()
    seen_keys: set[str] = set()
    for i in range(3):
        seed = players * 10 + i
        states = play(
            players,
            seed,
            bot_every=i + 1,
            difficulty=DIFFICULTIES[(players + i) % 3],
            adventure=f"C-{(players + i) % 4 + 1}",
            open_hands=i != 1,
        )
        assert states[-1].is_over
        for s in states:
            for view in views_of(s):
                m = model(view)
                assert type(m) is (
                    LibrariansSpectatorView if view["viewer"] is None else LibrariansPlayerView
                )
                assert m.model_dump(mode="json", by_alias=True) == view
                if view["pending"] is not None:
                    seen_kinds.add(view["pending"]["kind"])
                for seat in view["seats"]:
                    seen_keys.update(k for c in seat["area"] for k in c)
        # as a client receives it: JSON text
        last = states[-1].view(0)
        assert model(json.loads(json.dumps(last))).model_dump(mode="json", by_alias=True) == last
    assert {"prepare", "action", "refresh"} <= seen_kinds
    if players >= 3:  # Ezekiel (seat 3 by default) plays Devices
        assert "countdown" in seen_keys


def test_the_views_name_their_schema(game: list[LibrariansState]) -> None:
    for view in views_of(game[0]):
        assert view["schema"] == f"librarians/{VERSION}"
        assert view["game"] == "librarians"
    v = copy.deepcopy(game[0].view(0))
    v["schema"] = f"librarians/{VERSION + 1}"
    fails(v)


# -- strictness -----------------------------------------------------------------------------------
def test_an_extra_key_fails_anywhere(game: list[LibrariansState]) -> None:
    view = a_view(game, lambda v: v["viewer"] == 0 and v["unassigned"] and v["mission"])
    for where in (
        lambda v: v,
        lambda v: v["seats"][0],
        lambda v: v["seats"][0]["area"][0],
        lambda v: v["seats"][0]["hand"][0],
        lambda v: v["unassigned"][0],
        lambda v: v["mission"],
        lambda v: v["mission"]["challenge"] or v["mission"],
        lambda v: v["disturbance"],
        lambda v: v["pending"],
        lambda v: v["seats"][0]["attributes"],
    ):
        v = copy.deepcopy(view)
        where(v)["extra"] = 1
        fails(v)


def test_a_missing_key_fails(game: list[LibrariansState]) -> None:
    view = game[0].view(1)
    for key in view:
        if key == "game":
            continue
        v = copy.deepcopy(view)
        del v[key]
        fails(v)
    for seat in (0, 1):
        for key in view["seats"][seat]:
            v = copy.deepcopy(view)
            del v["seats"][seat][key]
            fails(v)
    for key in ("progress", "advance", "challenge"):
        v = copy.deepcopy(view)
        del v["mission"][key]
        fails(v)


def test_a_check_validates_and_its_keys_are_typed(game: list[LibrariansState]) -> None:
    view = a_view(game, lambda v: v["check"] is not None and v["check"]["dice"])
    model(view)
    check = view["check"]
    for key, bad in (
        ("player", True),
        ("player", -1),
        ("attribute", "charm"),
        ("difficulty", "2"),
        ("pool", {"character": 2}),
        ("dice", [{"kind": "white", "face": [], "locked": False}]),
        ("dice", [{"kind": "character", "face": ["star"], "locked": False}]),
        ("dice", [{"kind": "character", "face": [], "locked": 0}]),
        ("devoted", [0.0]),
    ):
        v = copy.deepcopy(view)
        v["check"][key] = bad
        fails(v)
    v = copy.deepcopy(view)
    v["check"]["player"] = view["players"]
    fails(v)
    for key in check:
        v = copy.deepcopy(view)
        del v["check"][key]
        fails(v)


def test_a_wrong_type_fails(game: list[LibrariansState]) -> None:
    view = game[0].view(0)
    for key, bad in (
        ("round", "1"),
        ("round", True),
        ("phase", "battle"),
        ("difficulty", "easy"),
        ("adventure", "C-5"),
        ("adventure_deck", -1),
        ("unassigned", tuple(view["unassigned"])),
        ("mission", {"id": "x", "name": "x"}),
        ("check", {}),
    ):
        v = copy.deepcopy(view)
        v[key] = bad
        fails(v)
    for key, bad in (
        ("hand_size", -1),
        ("first_player", 1),
        ("energy", "4"),
        ("attributes", {"guile": 1, "insight": 1, "lore": 1}),
        ("eliminated", 0),
    ):
        v = copy.deepcopy(view)
        v["seats"][0][key] = bad
        fails(v)
    v = copy.deepcopy(view)
    v["pending"]["kind"] = "not-a-kind"
    fails(v)
    for key, bad in (("exhausted", False), ("damage", -1), ("type", "artifact"), ("on", 3)):
        v = copy.deepcopy(view)
        v["seats"][0]["area"][0][key] = bad
        fails(v)


def test_countdown_and_eliminated_are_accepted(game: list[LibrariansState]) -> None:
    view = game[0].view(0)
    assert all(seat["eliminated"] is False for seat in view["seats"])
    v = copy.deepcopy(view)
    v["seats"][0]["area"][0]["countdown"] = 2
    v["seats"][1]["hand"][0]["countdown"] = 0
    for seat in v["seats"]:
        seat["eliminated"] = seat["seat"] == 1
    assert model(v).model_dump(mode="json", by_alias=True) == v
    for bad in (-1, "2", None, 1.0):
        w = copy.deepcopy(v)
        w["seats"][0]["area"][0]["countdown"] = bad
        fails(w)


# -- who sees which hand --------------------------------------------------------------------------
def test_a_spectator_sees_no_hand_and_a_seat_its_own() -> None:
    s = new_state(3, 2, LibrariansOptions(open_hands=False), log=True)
    spectator, mine = s.view(None), s.view(1)
    assert "hand" in mine["seats"][1] and "hand" not in mine["seats"][0]
    model(spectator)
    model(mine)
    v = copy.deepcopy(spectator)
    v["seats"][1] = mine["seats"][1]
    fails(v)
    v = copy.deepcopy(mine)
    del v["seats"][1]["hand"]
    fails(v)
    v = copy.deepcopy(mine)
    v["seats"][1]["hand"] = v["seats"][1]["hand"][:-1]  # not hand_size cards
    fails(v)


def test_open_hands_show_every_other_hand_or_none() -> None:
    s = new_state(3, 2, LibrariansOptions(open_hands=True), log=True)
    view = s.view(0)
    assert all("hand" in seat for seat in view["seats"])
    model(view)
    v = copy.deepcopy(view)
    del v["seats"][2]["hand"]  # seat 1's hand shown, seat 2's not
    fails(v)
    v = copy.deepcopy(view)
    del v["seats"][1]["hand"], v["seats"][2]["hand"]  # as with open_hands off
    model(v)


def test_seats_in_order_and_one_first_player(game: list[LibrariansState]) -> None:
    view = game[0].view(0)
    v = copy.deepcopy(view)
    v["seats"] = v["seats"][:-1]
    fails(v)
    v = copy.deepcopy(view)
    v["seats"][0], v["seats"][1] = v["seats"][1], v["seats"][0]
    fails(v)
    v = copy.deepcopy(view)
    for seat in v["seats"]:
        seat["first_player"] = True
    fails(v)


def test_the_end_of_the_game_is_phase_over(game: list[LibrariansState]) -> None:
    last = game[-1].view(None)
    assert last["phase"] == "over" and last["result"] is not None
    model(last)
    v = copy.deepcopy(last)
    v["phase"] = "enemy"
    fails(v)


# -- JSON Schema ----------------------------------------------------------------------------------
def test_json_schema_describes_the_views(game: list[LibrariansState]) -> None:
    for kind, viewer in ((LibrariansPlayerView, 0), (LibrariansSpectatorView, None)):
        schema = TypeAdapter(kind).json_schema(by_alias=True)
        text = json.dumps(schema)
        assert '"additionalProperties": true' not in text
        validator = jsonschema.Draft202012Validator(schema)
        for s in game[:: max(len(game) // 20, 1)]:
            view = s.view(viewer)
            validator.validate(view)
            v = copy.deepcopy(view)
            v["seats"][0]["extra"] = 1
            assert not validator.is_valid(v)
