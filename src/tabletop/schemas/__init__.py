"""Typed, versioned view schemas, one per game, so a client can rely on a view's shape.

`state.view(seat)` and `state.view(None)` return JSON-ready dicts; each names its shape in its
`"schema"` key (`"<game>/<n>"`, `State.view_schema`). This package holds, for each game, the
pydantic models of exactly what those views contain, for a player and for a spectator
(strict types, no extra keys), with the kernel's part shared (`common`). docs/views.md says
what every key means and who sees what.

    from tabletop.schemas import validate_view, json_schema
    model = validate_view(state.view(0))    # raises pydantic.ValidationError if off-shape
    schema = json_schema("quests")          # JSON Schema (draft 2020-12) for clients

**Versioning.** When what a game's view contains changes shape (a key added, removed,
renamed or retyped, a new value of an enumerated key), bump the game's `view_schema` and its
schema module's `VERSION` (and the `"<game>/<n>"` literal in its models) together, in the
same commit, and say what changed in docs/views.md. The tests check that every registered
game has a schema whose version is its `view_schema`, and that every view of seeded games
validates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any

from pydantic import Discriminator, Tag, TypeAdapter

from tabletop.schemas import castle, guardians, librarians, quests
from tabletop.schemas.common import Model, ViewBase


@dataclass(frozen=True)
class ViewSchema:
    """One game's view schema: its version and its two models."""

    game: str
    version: int
    player: type[ViewBase]  # the view of a seat: view(seat)
    spectator: type[ViewBase]  # the view of a spectator: view(None)

    @property
    def name(self) -> str:
        """What the game's views carry as their `"schema"`."""
        return f"{self.game}/{self.version}"


SCHEMAS: dict[str, ViewSchema] = {
    "quests": ViewSchema(
        "quests", quests.VERSION, quests.QuestsPlayerView, quests.QuestsSpectatorView
    ),
    "guardians": ViewSchema(
        "guardians",
        guardians.VERSION,
        guardians.GuardiansPlayerView,
        guardians.GuardiansSpectatorView,
    ),
    "librarians": ViewSchema(
        "librarians",
        librarians.VERSION,
        librarians.LibrariansPlayerView,
        librarians.LibrariansSpectatorView,
    ),
    "castle": ViewSchema(
        "castle", castle.VERSION, castle.CastlePlayerView, castle.CastleSpectatorView
    ),
}


class UnknownSchemaError(ValueError):
    """A view names no game (or a game) this package has no schema for."""


def _who(view: Any) -> str:
    return "spectator" if isinstance(view, Mapping) and view.get("viewer") is None else "player"


@cache
def _adapter(game_id: str) -> TypeAdapter[Any]:
    s = schema_of(game_id)
    both: Any = Annotated[
        Annotated[s.player, Tag("player")] | Annotated[s.spectator, Tag("spectator")],
        Discriminator(_who),
    ]
    return TypeAdapter(both)


def schema_of(game_id: str) -> ViewSchema:
    """The view schema of a game."""
    s = SCHEMAS.get(game_id) if isinstance(game_id, str) else None
    if s is None:
        raise UnknownSchemaError(
            f"no view schema for game {str(game_id)[:40]!r}; the games are: "
            + ", ".join(sorted(SCHEMAS))
        )
    return s


def validate_view(view: Mapping[str, Any]) -> ViewBase:
    """Check a view against its game's schema and return it as a model (a player's view or
    a spectator's, chosen by `viewer`). Raises `pydantic.ValidationError` when the view has a
    key too many or too few or a value of the wrong type, and `UnknownSchemaError` when it
    names no known game."""
    game = view.get("game") if isinstance(view, Mapping) else None
    if not isinstance(game, str):
        raise UnknownSchemaError("a view names its game in its 'game' key; this one does not")
    model: ViewBase = _adapter(schema_of(game).game).validate_python(view)
    return model


def json_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game's views, player and spectator (a `oneOf`
    chosen by `viewer`: null for a spectator, a seat number otherwise)."""
    s = schema_of(game_id)
    out = _adapter(game_id).json_schema(by_alias=True)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"tabletop:view/{s.name}",
        "title": f"{game_id} view, schema {s.name}",
        **out,
    }


__all__ = [
    "SCHEMAS",
    "Model",
    "UnknownSchemaError",
    "ViewBase",
    "ViewSchema",
    "json_schema",
    "schema_of",
    "validate_view",
]
