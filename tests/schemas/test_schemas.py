"""The view schemas (src/tabletop/schemas): one per registered game, at the game's
`view_schema` version, strict (an extra key, a missing key or a wrong type fails), and
readable as JSON Schema by a client."""

from __future__ import annotations

import copy
import json
from typing import Any, get_args

import jsonschema
import pytest
from pydantic import ValidationError

from tabletop.engine import game_ids, get, new_game
from tabletop.engine.state import State
from tabletop.schemas import SCHEMAS, UnknownSchemaError, json_schema, schema_of, validate_view

# Options that give a game's seats something private to show (Castle: secret Contracts).
OPTIONS: dict[str, dict[str, object]] = {"castle": {"mode": "coop-competitive"}}


def state_of(game_id: str, players: int = 3) -> State:
    return new_game(game_id, max(players, get(game_id).min_players), 1, OPTIONS.get(game_id))


# Where each game lists its seats in a view (Castle's seats are Agents), and a key of a seat's
# entry that can never be negative.
SEATS: dict[str, str] = {"castle": "agents"}
COUNT: dict[str, str] = {"castle": "energy"}


def seats(view: dict[str, Any]) -> Any:
    return view[SEATS.get(view["game"], "seats")]


def views(game_id: str) -> list[dict[str, Any]]:
    """A spectator's view, then a waited-for seat's, then a seat's not waited for (if any)."""
    s = state_of(game_id)
    waiting = s.to_move()
    out = [s.view(None), s.view(waiting[0])]
    idle = [p for p in range(s.num_players) if p not in waiting]
    return [*out, s.view(idle[0])] if idle else out


def fails(view: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        validate_view(view)


# -- one schema per game, at the game's view_schema version -------------------------------------
def test_every_registered_game_has_a_schema() -> None:
    assert sorted(SCHEMAS) == sorted(game_ids())


@pytest.mark.parametrize("game_id", game_ids())
def test_schema_version_is_the_games_view_schema(game_id: str) -> None:
    """Changing what a view contains means bumping the game's `view_schema`; this ties the
    schema's version to it, so the schema must be bumped (and rewritten) in the same commit."""
    s = state_of(game_id, get(game_id).min_players)
    schema = SCHEMAS[game_id]
    assert schema.game == game_id
    assert schema.version == type(s).view_schema
    assert s.view(None)["schema"] == schema.name
    for model in (schema.player, schema.spectator):
        assert get_args(model.model_fields["schema_"].annotation) == (schema.name,)
        assert get_args(model.model_fields["game"].annotation) == (game_id,)


@pytest.mark.parametrize("game_id", game_ids())
def test_views_validate_as_player_or_spectator(game_id: str) -> None:
    schema = SCHEMAS[game_id]
    for view in views(game_id):
        model = validate_view(view)
        assert type(model) is (schema.spectator if view["viewer"] is None else schema.player)
        assert model.model_dump(mode="json", by_alias=True) == view


# -- strictness -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_an_extra_key_fails_anywhere(game_id: str) -> None:
    for view in views(game_id):
        v = copy.deepcopy(view)
        v["extra"] = 1
        fails(v)
        v = copy.deepcopy(view)
        seats(v)[1]["extra"] = 1
        fails(v)
        if v["pending"] is not None:
            v = copy.deepcopy(view)
            v["pending"]["extra"] = 1
            fails(v)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_missing_key_fails(game_id: str) -> None:
    for view in views(game_id):
        for key in view:
            v = copy.deepcopy(view)
            del v[key]
            if key == "game":
                with pytest.raises(UnknownSchemaError):
                    validate_view(v)
            else:
                fails(v)
        for key in seats(view)[0]:
            v = copy.deepcopy(view)
            del seats(v)[0][key]
            fails(v)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_wrong_type_fails(game_id: str) -> None:
    view = views(game_id)[1]
    for key, bad in (
        ("players", True),  # a bool is not a number
        ("players", 3.0),
        ("players", "3"),
        ("turn", "1"),
        ("phase", "not-a-phase"),
        (SEATS.get(game_id, "seats"), tuple(seats(view))),  # JSON has no tuples
        ("log", [{"rule": "x", "text": 1}]),
        ("result", {"scores": [], "winners": [], "reason": "", "team": "drawn"}),
        ("viewer", None),  # a seat's view with a spectator's viewer
        ("schema", f"{game_id}/{SCHEMAS[game_id].version + 1}"),
    ):
        v = copy.deepcopy(view)
        v[key] = bad
        fails(v)
    v = copy.deepcopy(view)
    seats(v)[0][COUNT.get(game_id, "hand_size")] = -1
    fails(v)
    v = copy.deepcopy(view)
    v["pending"]["mode"] = "together"
    fails(v)
    v = copy.deepcopy(view)
    v["pending"]["kind"] = "not-a-kind"
    fails(v)


@pytest.mark.parametrize("game_id", game_ids())
def test_who_sees_what_is_checked(game_id: str) -> None:
    spectator, asked = views(game_id)[:2]
    me = asked["viewer"]
    # the ask is shown exactly to the seats waited for
    v = copy.deepcopy(asked)
    del v["pending"]["prompt"], v["pending"]["options"]
    fails(v)
    v = copy.deepcopy(spectator)
    v["pending"] = asked["pending"]
    fails(v)
    # a seat's private keys show on its own seat only, never to a spectator
    v = copy.deepcopy(spectator)
    seats(v)[me] = seats(asked)[me]
    fails(v)
    v = copy.deepcopy(asked)
    other = (me + 1) % asked["players"]
    seats(v)[me], seats(v)[other] = seats(asked)[other], seats(asked)[me]
    fails(v)
    # seats in seat order, one each
    v = copy.deepcopy(asked)
    v[SEATS.get(game_id, "seats")] = seats(v)[:-1]
    fails(v)


def test_unknown_games_and_non_views_are_refused() -> None:
    with pytest.raises(UnknownSchemaError, match="the games are"):
        validate_view({"game": "chess"})
    with pytest.raises(UnknownSchemaError):
        validate_view([])  # type: ignore[arg-type]
    with pytest.raises(UnknownSchemaError):
        schema_of("x" * 1000)


# -- game-specific keys the seeded games seldom reach -----------------------------------------
def test_quests_known_artifact_deck_cards() -> None:
    """H.G. Wells lets a player look at the next artifact: the viewer's view lists it with
    its depth; a spectator's never lists any."""
    view = views("quests")[1]
    known = {"from_top": 1, **view["prize"]}
    v = copy.deepcopy(view)
    v["artifact_deck_known"] = [known]
    validate_view(v)
    v = copy.deepcopy(views("quests")[0])
    v["artifact_deck_known"] = [known]
    fails(v)
    v = copy.deepcopy(view)
    v["artifact_deck_known"] = [{**known, "from_top": 0}]
    fails(v)


def test_quests_initiative_shows_in_its_phase_only() -> None:
    view = views("quests")[1]
    assert view["phase"] == "initiative"
    v = copy.deepcopy(view)
    v["seats"][0]["initiative"] = None
    fails(v)


def test_guardians_left_out_keys_are_absent_never_null() -> None:
    view = views("guardians")[1]
    pack = view["seats"][view["viewer"]]["pack"]
    lean = next(c for c in pack if "energy" not in c)
    v = copy.deepcopy(view)
    next(c for c in v["seats"][v["viewer"]]["pack"] if c["id"] == lean["id"])["energy"] = None
    fails(v)
    v = copy.deepcopy(view)
    v["bosses"]["red"]["boss"] = None
    fails(v)
    # the Red Boss is shown in every game but the Apprentice one
    v = copy.deepcopy(view)
    del v["bosses"]["red"]
    fails(v)
    apprentice = new_game("guardians", 3, 1, {"difficulty": "apprentice"}).view(None)
    assert "red" not in apprentice["bosses"]
    validate_view(apprentice)
    v = copy.deepcopy(apprentice)
    v["bosses"]["red"] = view["bosses"]["red"]
    fails(v)


# -- JSON Schema ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", game_ids())
def test_json_schema_is_generated_and_describes_the_views(game_id: str) -> None:
    schema = json_schema(game_id)
    text = json.dumps(schema)  # JSON-ready
    assert schema["$id"] == f"tabletop:view/{SCHEMAS[game_id].name}"
    assert len(schema["oneOf"]) == 2  # a seat's view, a spectator's
    assert '"additionalProperties": true' not in text
    validator = jsonschema.Draft202012Validator(schema)
    for view in views(game_id):
        validator.validate(view)
        v = copy.deepcopy(view)
        v["extra"] = 1
        assert not validator.is_valid(v)
