"""The Castle Von Loghan view schema (src/tabletop/schemas/castle.py): it takes every view the
game gives, for a seat and for a spectator, dumps each back to exactly that view, and refuses
a key too many, a Contract named to anyone but its owner, a token's face in a spectator's view
and Health given both ways."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError

from helpers import random_walk
from tabletop.engine import registry
from tabletop.schemas.castle import VERSION, CastlePlayerView, CastleSpectatorView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "castle"))  # the hand-made views
from castle_views import all_views, contract_view, fight_view, unshackled_view


def validate(view: dict[str, Any]) -> Any:
    model = CastleSpectatorView if view["viewer"] is None else CastlePlayerView
    return model.model_validate(view)


def fails(view: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        validate(view)


def test_the_version_is_the_views() -> None:
    assert VERSION == 1
    assert fight_view()["schema"] == f"castle/{VERSION}"


def test_every_hand_made_view_validates_and_dumps_back() -> None:
    for view in all_views():
        assert validate(view).model_dump(mode="json", by_alias=True) == view


def test_an_extra_or_missing_key_fails_anywhere() -> None:
    for path in ([], ["agents", 0], ["agents", 0, "line", 0], ["fight", 1], ["rooms", 3]):
        v = fight_view(0)
        node: Any = v
        for step in path:
            node = node[step]
        node["extra"] = 1
        fails(v)
    for key in ("fight", "votes", "lurking"):
        v = fight_view(0)
        del v[key]
        fails(v)


def test_wrong_types_fail() -> None:
    for change in (
        lambda v: v.update(turn="3"),
        lambda v: v["agents"][0].update(energy=True),
        lambda v: v["fight"][0].update(state="angry"),
        lambda v: v["agents"][0]["line"][2].update(negated=False),  # only ever true
        lambda v: v["rooms"][3].update(token="violet"),
        lambda v: v.update(phase="lunch"),
    ):
        v = fight_view(0)
        change(v)
        fails(v)


def test_a_contract_is_named_only_in_its_owners_view() -> None:
    validate(contract_view(0))
    v = contract_view(0)
    v["agents"][1]["contract"] = ["Pest Control"]
    fails(v)
    v = contract_view(None)
    v["agents"][0]["contract"] = ["Pest Control"]
    fails(v)
    v = fight_view(0)
    v["agents"][0]["contract"] = 1  # no Contracts outside Co-op Competitive
    fails(v)


def test_a_spectator_sees_no_tokens_face() -> None:
    v = fight_view(None)
    v["rooms"][5]["seen"] = "treasure"
    fails(v)


def test_health_is_the_groups_or_each_agents_never_both() -> None:
    v = unshackled_view(0)
    v["health"] = 5
    fails(v)
    v = fight_view(0)
    v["agents"][0]["health"] = v["agents"][0]["clarity"] = 3
    fails(v)


def test_the_line_up_and_the_leader_are_consistent() -> None:
    v = fight_view(0)
    v["fight"][1]["position"] = 5
    fails(v)
    v = fight_view(0)
    v["agents"][0]["leader"] = True
    fails(v)


def test_the_json_schema_accepts_the_views() -> None:
    both: Any = TypeAdapter(CastlePlayerView | CastleSpectatorView)
    schema = both.json_schema(by_alias=True)
    for view in all_views():
        jsonschema.validate(json.loads(json.dumps(view)), schema)


# -- real games, once the game can be played ---------------------------------------------------
@pytest.mark.parametrize(
    ("players", "mode"),
    [(4, "exploration"), (5, "unshackled"), (6, "coop-competitive"), (4, "campaign")],
)
def test_every_view_of_a_random_game_validates(players: int, mode: str) -> None:
    state = registry.new_game("castle", players, seed=3, options={"mode": mode})
    for _ in random_walk(state, 4, 600):
        for viewer in (*range(players), None):
            view = json.loads(json.dumps(state.view(viewer)))
            assert validate(copy.deepcopy(view)).model_dump(mode="json", by_alias=True) == view
