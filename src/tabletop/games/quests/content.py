"""Quests of the Librarian content: the Action deck and the Artifact deck, read from
`content/*.toml` and validated at load time (a bad file names the file, card and field)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.content import (
    ContentError,
    read_toml,
)
from tabletop.engine.patch import per_patch
from tabletop.games.quests.records import (
    ABILITIES,
    ARTIFACT_TYPES,
    SUITS,
    ActionCard,
    Artifact,
    parse_actions,
    parse_artifacts,
)


@dataclass(frozen=True, slots=True)
class Content:
    actions: tuple[ActionCard, ...]
    artifacts: tuple[Artifact, ...]


FILES = ("actions.toml", "artifacts.toml")


def build(files: dict[str, dict[str, Any]]) -> Content:
    """Validate parsed TOML documents (by file name, as in `FILES`) into `Content`."""
    actions = parse_actions(files["actions.toml"])
    artifacts = parse_artifacts(files["artifacts.toml"])
    slugs = [c.slug for c in actions] + [a.slug for a in artifacts]
    if len(set(slugs)) != len(slugs):
        raise ContentError("two cards share a name")
    return Content(actions, artifacts)


def _read() -> dict[str, dict[str, Any]]:
    return {name: read_toml("tabletop.games.quests", name) for name in FILES}


# The content, shipped (`load()`) or under a patch (`load(patch)`): built once per patch.
load = per_patch("quests", _read, build)

__all__ = [
    "ABILITIES",
    "ARTIFACT_TYPES",
    "FILES",
    "SUITS",
    "ActionCard",
    "Artifact",
    "Content",
    "build",
    "load",
    "parse_actions",
    "parse_artifacts",
]
