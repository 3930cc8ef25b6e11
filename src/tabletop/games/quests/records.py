"""Quests of the Librarian content declared once: the Action cards and Artifacts as frozen
dataclasses whose field types say what a content file may give (validated by
`tabletop.engine.declared`: a bad field is an error naming the file, the card and the field),
and their parsers. `content.py` builds the game's `Content` from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from tabletop.engine.content import SOURCES, slugify
from tabletop.engine.declared import Field, OneOf, declared, record, records

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
EXTRA = ("amount", "suits", "bonus_type", "also")  # the fields an ability may need

Source = Annotated[str, OneOf(SOURCES)]
Type = Annotated[str, OneOf(ARTIFACT_TYPES)]


@declared
@dataclass(frozen=True, slots=True)
class ActionCard:
    name: str
    slug: str
    suit: Annotated[str, OneOf(SUITS)]
    source: Source


@declared
@dataclass(frozen=True, slots=True)
class Artifact:
    name: str
    slug: str
    type: Type
    ability: Annotated[str, OneOf(tuple(ABILITIES))]
    source: Source
    amount: int = 0
    suits: Annotated[tuple[Annotated[str, OneOf(SUITS)], ...], Field(max_length=2)] = ()
    bonus_type: Annotated[str, OneOf(ARTIFACT_TYPES)] = ""
    also: Annotated[str, OneOf(ARTIFACT_TYPES)] = ""
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


def parse_actions(data: dict[str, Any], file: str = "actions.toml") -> tuple[ActionCard, ...]:
    return tuple(
        record(ActionCard, rec, where, slug=slugify(name))
        for where, name, rec in records(data, file, "card")
    )


def _artifact(rec: dict[str, Any]) -> Any:
    """The check of an artifact's ability fields: exactly those its handler needs."""

    def check(a: Artifact) -> str | None:
        need = ABILITIES[a.ability]
        for key in EXTRA:
            if key in need and key not in rec:
                return f"missing field {key!r} (ability {a.ability!r} needs it)"
            if key not in need and key in rec:
                return f"field {key!r} is not for ability {a.ability!r}"
        if "suits" in need and len(a.suits) != 2:
            return "field 'suits' must name two suits"
        return None

    return check


def parse_artifacts(data: dict[str, Any], file: str = "artifacts.toml") -> tuple[Artifact, ...]:
    out = []
    for where, name, rec in records(data, file, "artifact"):
        flip = {"action": rec.get("ability") == "flip"} if "action" not in rec else {}
        out.append(record(Artifact, {**rec, **flip}, where, _artifact(rec), slug=slugify(name)))
    return tuple(out)
