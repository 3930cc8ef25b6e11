"""The Librarians campaign: the adventures C-1 to C-4 in order, each a chapter of a
`tabletop.engine.campaign.Campaign`, with what the Season One checklist unlocks carried on.

- `chapters(players, seed, options)`: the four chapters, in order, each with the campaign's
  options (heroes, decks, difficulty...) and its adventure; chapter i's seed is
  `derive_seed(seed, i)`. `adventure` and `unlocked` belong to the campaign and may not be
  given.
- `carry(state, carried)`: from a finished chapter, what the next one gets: `unlocked` (every
  card unlocked so far, by id, in content order) and `played` (per chapter: the adventure,
  whether it was won, the path it was won by, what it unlocked). `unlocked` is an option of
  the game, so the engine's default feed hands it to the next chapter, where custom decks may
  use those cards (`LibrariansOptions.unlocked`, checked by the deck rules).
- A won adventure unlocks what its winning Mission's `unlocks` names (content/campaign.toml's
  checklist, checked against the Missions at load time): C-3's two winning Missions, one per
  path, unlock different cards. A lost adventure unlocks nothing and the campaign goes on to
  the next (our reading: the rulebook recommends playing C-1 to C-4 in order and unlocks cards
  only for a success; it does not say a lost adventure must be played again).
- `new_campaign(...)`, `START`, `describe(carried)` for the terminal command
  (`tabletop campaign librarians FILE`, `tabletop.ui.campaign`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictStr

from tabletop.engine.campaign import Campaign, CampaignError, CarryOver, Chapter, players_options
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.games.librarians.records import Mission
from tabletop.games.librarians.rules import CONTENT, MISSION_DISCARD, LibrariansState

GAME = "librarians"
ADVENTURES = tuple(a.code for a in CONTENT.adventures)  # C-1 to C-4, in order
CAMPAIGN_OPTIONS = ("adventure", "unlocked")  # set by the campaign, not by the players
START: dict[str, Any] = {"unlocked": [], "played": []}
_SLUG = {c.name: c.slug for c in CONTENT.cards}
_ORDER = [c.slug for c in CONTENT.cards if c.unlockable]
MAX_NAME = 80  # characters of a card id, an adventure code or a path's name
Name = Annotated[StrictStr, Field(max_length=MAX_NAME)]


class PlayedAdventure(CarryOver):
    """One adventure played: its code, whether it was won, by which path, what it unlocked."""

    adventure: Name
    won: StrictBool
    path: Name = ""
    unlocked: list[Name] = Field(default_factory=list, max_length=len(_ORDER))


class Carried(CarryOver):
    """What a Librarians campaign carries from one adventure to the next (`carry`)."""

    SHAPE = (
        "a Librarians carry-over is an object {unlocked: [card id, ...], played: [{adventure, "
        "won: true or false, path, unlocked: [card id, ...]}, ...]} with at most "
        f"{len(_ORDER)} cards unlocked and {len(ADVENTURES)} adventures played"
    )
    unlocked: list[Name] = Field(default_factory=list, max_length=len(_ORDER))
    played: list[PlayedAdventure] = Field(default_factory=list, max_length=len(ADVENTURES))


CARRIED = Carried  # the carry-over's model, for the campaign file (ui/campaign.py)


def chapters(players: int, seed: int, options: Mapping[str, Any] | None = None) -> list[Chapter]:
    """The campaign's chapters: C-1 to C-4, each with `options` and its adventure."""
    how = "adventures C-1 to C-4 in order, cards unlocked as they are won"
    options = players_options(options, CAMPAIGN_OPTIONS, how)
    return [
        Chapter(players, derive_seed(seed, i), {**options, "adventure": code})
        for i, code in enumerate(ADVENTURES)
    ]


def winning_mission(state: LibrariansState) -> Mission | None:
    """The Mission whose advance won the game (None unless the players won)."""
    result = state.result
    if result is None or result.team != "won":
        return None
    discard = state.zones.cards[MISSION_DISCARD]
    rec = state.record(discard[-1]) if discard else None
    if not isinstance(rec, Mission) or not rec.win:
        raise CampaignError("the players won, but no winning Mission was advanced")
    return rec


def unlocks_of(state: LibrariansState) -> tuple[str, ...]:
    """The ids of the cards a finished adventure unlocks (none unless it was won)."""
    m = winning_mission(state)
    return () if m is None else tuple(_SLUG[name] for name in m.unlocks)


def carry(state: State, carried: Mapping[str, Any]) -> dict[str, Any]:
    """What a finished chapter hands the next: every card unlocked so far, and its line in
    the list of chapters played."""
    if not isinstance(state, LibrariansState) or state.result is None:
        raise CampaignError("a Librarians campaign carries on from a finished Librarians game")
    was = Carried.check(carried, "what was carried into this adventure")
    new = unlocks_of(state)
    m = winning_mission(state)
    before = set(was.unlocked)
    played: list[dict[str, Any]] = [p.model_dump() for p in was.played]
    played.append(
        {
            "adventure": state.opts.adventure,
            "won": m is not None,
            "path": m.path if m is not None else "",
            "unlocked": list(new),
        }
    )
    return {"unlocked": [s for s in _ORDER if s in before or s in new], "played": played}


def new_campaign(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Campaign:
    return Campaign(GAME, chapters(players, seed, options), carry=carry, start=START, model=Carried)


def card_names(slugs: list[str]) -> list[str]:
    names = {c.slug: c.name for c in CONTENT.cards}
    return [names.get(s, s) for s in slugs]


def describe(carried: Mapping[str, Any]) -> list[str]:
    """Lines for people: each chapter played, and what is unlocked."""
    what = Carried.check(carried, "what the campaign carries")
    lines = []
    titles = {a.code: a.name for a in CONTENT.adventures}
    for entry in what.played:
        code = entry.adventure
        how = "won" if entry.won else "lost"
        if entry.path:
            how += f" by the {entry.path} path"
        got = card_names(list(entry.unlocked))
        unlocked = f"; unlocked {', '.join(got)}" if got else ""
        lines.append(f"{code} {titles.get(code, '?')}: {how}{unlocked}")
    cards = card_names(list(what.unlocked))
    lines.append(
        "Unlocked cards (custom decks may use 2 of them): " + (", ".join(cards) or "none yet")
    )
    return lines


def title(code: str) -> str:
    return f"{code} {next(a.name for a in CONTENT.adventures if a.code == code)}"


__all__ = [
    "ADVENTURES",
    "CARRIED",
    "START",
    "Carried",
    "PlayedAdventure",
    "carry",
    "chapters",
    "describe",
    "new_campaign",
    "unlocks_of",
    "winning_mission",
]
