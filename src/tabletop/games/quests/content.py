"""Quests of the Librarian content: the Action deck and the Artifact deck, read from
`content/*.toml` and validated at load time (a bad file names the file, card and field)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.content import (
    SOURCES,
    ContentError,
    need,
    one_of,
    read_toml,
    slugify,
)
from tabletop.engine.patch import per_patch

SUITS: tuple[str, ...] = (
    "knowledge",
    "danger",
    "travel",
    "companion",
    "escape",
    "foe",
    "puzzle",
    "location",
)
ARTIFACT_TYPES: tuple[str, ...] = (
    "biblical",
    "greek",
    "modern",
    "renaissance",
    "arthurian",
    "atlantis",
    "gold",
)
ABILITIES: dict[str, tuple[str, ...]] = {
    # handler name -> the extra fields it needs
    "fate-bonus": ("amount",),
    "limited-meld": ("suits",),
    "flip": ("suits",),
    "look-artifact-deck": (),
    "look-hand": (),
    "swap-card": (),
    "look-action-deck": ("amount",),
    "bonus": ("bonus_type",),
    "foe-immunity": (),
    "hand-size": ("amount",),
    "opponent-hand-size": ("amount",),
    "also": ("also",),
}


@dataclass(frozen=True, slots=True)
class ActionCard:
    name: str
    slug: str
    suit: str
    source: str


@dataclass(frozen=True, slots=True)
class Artifact:
    name: str
    slug: str
    type: str
    ability: str
    source: str
    amount: int = 0
    suits: tuple[str, ...] = ()
    bonus_type: str = ""
    also: str = ""
    action: bool = False  # used as an action in the Action phase (Flip or "Action:")

    @property
    def types(self) -> tuple[str, ...]:
        """Its own type plus any "also counts as" type."""
        return (self.type, self.also) if self.also else (self.type,)

    def describe(self) -> str:
        """The ability in tabletop's words."""
        a = self.ability
        if a == "fate-bonus":
            return f"Adds {self.amount} to every Fate roll you make."
        if a == "limited-meld":
            return (
                f"Once per game, stands in a meld for a {self.suits[0].title()} or "
                f"{self.suits[1].title()} card, and stays in your Library."
            )
        if a == "flip":
            return (
                "Action (once per Action phase): turn over the top Action card; keep it if it "
                f"is {self.suits[0].title()} or {self.suits[1].title()}, else it is discarded."
            )
        if a == "look-artifact-deck":
            return "Action (once per Action phase): see the next card of the Artifact deck."
        if a == "look-hand":
            return "Action (once per Action phase): see an opponent's hand."
        if a == "swap-card":
            return "Action (once per Action phase): discard a card from hand, then draw one."
        if a == "look-action-deck":
            return f"Action (once per Action phase): see the next {self.amount} Action cards."
        if a == "bonus":
            return (
                f"Counts as 2 artifacts toward victory while you hold another "
                f"{self.bonus_type.title()} artifact."
            )
        if a == "foe-immunity":
            return "Foe cards cannot target you."
        if a == "hand-size":
            return f"Your hand limit is {self.amount:+d}."
        if a == "opponent-hand-size":
            return f"Every opponent's hand limit is {self.amount:+d}."
        return f"Also counts as a {self.also.title()} artifact."


@dataclass(frozen=True, slots=True)
class Content:
    actions: tuple[ActionCard, ...]
    artifacts: tuple[Artifact, ...]


def parse_actions(data: dict[str, Any], file: str = "actions.toml") -> tuple[ActionCard, ...]:
    cards = []
    for i, rec in enumerate(data.get("card", [])):
        name = need(f"{file}: card {i}", rec, "name", str)
        where = f"{file}: card {name!r}"
        suit = one_of(where, "suit", need(where, rec, "suit", str), SUITS)
        source = one_of(where, "source", need(where, rec, "source", str), SOURCES)
        cards.append(ActionCard(name, slugify(name), suit, source))
    return tuple(cards)


def parse_artifacts(data: dict[str, Any], file: str = "artifacts.toml") -> tuple[Artifact, ...]:
    arts = []
    for i, rec in enumerate(data.get("artifact", [])):
        name = need(f"{file}: artifact {i}", rec, "name", str)
        where = f"{file}: artifact {name!r}"
        typ = one_of(where, "type", need(where, rec, "type", str), ARTIFACT_TYPES)
        ability = need(where, rec, "ability", str)
        if ability not in ABILITIES:
            raise ContentError(
                f"{where}: field 'ability' is {ability!r}; allowed: {', '.join(ABILITIES)}"
            )
        source = one_of(where, "source", need(where, rec, "source", str), SOURCES)
        extra: dict[str, Any] = {}
        for key in ABILITIES[ability]:
            if key == "suits":
                suits = need(where, rec, key, list)
                if len(suits) != 2:
                    raise ContentError(f"{where}: field 'suits' must name two suits")
                extra[key] = tuple(one_of(where, key, s, SUITS) for s in suits)
            elif key == "amount":
                extra[key] = need(where, rec, key, int)
            else:
                extra[key] = one_of(where, key, need(where, rec, key, str), ARTIFACT_TYPES)
        action = rec.get("action", ability == "flip")
        if not isinstance(action, bool):
            raise ContentError(f"{where}: field 'action' must be true or false")
        arts.append(Artifact(name, slugify(name), typ, ability, source, action=action, **extra))
    return tuple(arts)


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
