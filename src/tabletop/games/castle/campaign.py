"""The campaign of Castle Von Loghan: Missions 1 to 10 in order, each a chapter of a
`tabletop.engine.campaign.Campaign` (`tabletop campaign castle FILE`), and the carry-over fed
into a Mission's set-up (castle.campaign.*).

- `chapters(players, seed, options)`: ten chapters, Mission i in chapter i (mode `campaign`),
  each with the campaign's options (Agents, `no_talk`); chapter i's seed is
  `derive_seed(seed, i)`. `mode`, `mission` and `carried` belong to the campaign.
- `carry(state, carried)`: what a finished Mission hands the next. A Mission won hands on what
  its `keeps` names: each Agent's Treasures (`"seat:treasure-slug"`), Upgrades
  (`"seat:upgrade:slug"`) and the group's Allies (`"ally:slug"`); Timeless Treasures always
  come back, the ones left in the P.O.D. too (`"pod:slug"`, found in the P.O.D. again; held
  ones too when a Mission keeps no Treasures). Other Treasures in the P.O.D. stay behind (the
  rulebook: they cannot be taken into the next Mission). Treasure Set pieces exchanged for
  their Unique Treasure stay out of the rest of the campaign (`"destroyed:slug"`). A Mission
  lost hands on what was carried into it (our reading: the group jumps back in time, nothing
  of the lost Mission is kept), and the campaign goes on with the next Mission, as The
  Librarians' does (the engine's campaign has a fixed list of chapters, so the rulebook's
  "try the Mission again" is not offered); `played` records each Mission's result.
- `carried` is an option of the game, so the engine's default feed hands it to the next
  chapter, where `apply_carried` (called by the set-up) takes those cards out of the decks
  and the Upgrade and Ally boxes into place; when anything is carried, each Agent's starting
  Treasures go back into their decks first (the Agent's inventory is what it carried, not its
  starting kit again).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from tabletop.engine.campaign import Campaign, CampaignError, CarryOver, Chapter, players_options
from tabletop.engine.errors import OptionError
from tabletop.engine.events import Event
from tabletop.engine.record import clip
from tabletop.engine.rng import derive_seed
from tabletop.engine.state import State
from tabletop.games.castle.cards import (
    ALLIES,
    ALLY,
    ALLY_BOX,
    CONTENT,
    DESTROYED,
    INVENTORY,
    POD,
    TREASURE,
    TREASURE_DECK,
    UPGRADE,
    UPGRADE_BOX,
    UPGRADES,
    zone,
)
from tabletop.games.castle.items import best_slot, put
from tabletop.games.castle.turn import MAX_TURNS

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

GAME = "castle"
MISSIONS = tuple(m.number for m in CONTENT.missions)
CAMPAIGN_OPTIONS = ("mode", "mission", "carried")  # set by the campaign, not by the players
CHAPTER_OPTION = "mission"  # the option that names a chapter (ui/campaign.py's title)
DEFAULT_PLAYERS = 4  # the fewest Agents a game has (ui/campaign.py's default)
START: dict[str, Any] = {"carried": [], "played": []}
MAX_CARRIED = 256  # entries carried (the `carried` option's bound)
MAX_ENTRY = 120  # characters of one entry ('seat:upgrade:slug' is under 40)


LAST_MISSION = 10
MAX_WIZARDS = 6  # Mission 9 places six Wizard tokens
WIZARD_HEALTH = 2  # authored: what each Wizard met gives the group in the last Mission


class PlayedMission(CarryOver):
    """One Mission played: its number, whether the group won it, in how many turns."""

    mission: Annotated[StrictInt, Field(ge=1, le=LAST_MISSION)]
    won: StrictBool
    turns: Annotated[StrictInt, Field(ge=0, le=MAX_TURNS)]


class Carried(CarryOver):
    """What a Castle campaign carries from one Mission to the next (`carry`)."""

    SHAPE = (
        "a Castle Von Loghan carry-over is an object {carried: [entry, ...], played: "
        f"[{{mission: 1-{LAST_MISSION}, won: true or false, turns: 0-{MAX_TURNS}}}, ...]}} "
        f"with at most {MAX_CARRIED} entries of at most {MAX_ENTRY} characters and "
        f"{len(MISSIONS)} Missions played"
    )
    carried: list[Annotated[StrictStr, Field(max_length=MAX_ENTRY)]] = Field(
        default_factory=list, max_length=MAX_CARRIED
    )
    played: list[PlayedMission] = Field(default_factory=list, max_length=len(MISSIONS))


CARRIED = Carried  # the carry-over's model, for the campaign file (ui/campaign.py)


# -- the set-up of a Mission --------------------------------------------------------------------
def apply_carried(s: CastleState) -> None:
    """Put what the Mission before handed on into place (castle.campaign.carried): each entry
    `"seat:treasure-slug"` takes that Treasure from its deck into the Agent's inventory (the
    P.O.D. when no slot fits), `"seat:upgrade:slug"` that Upgrade into the Agent's Upgrade
    slots, `"ally:slug"` that Ally to the group, `"pod:slug"` that Treasure into the P.O.D.,
    `"destroyed:slug"` that Treasure out of the game (a Treasure Set piece exchanged earlier
    in the campaign). A bad entry raises OptionError."""
    entries = s.opts.carried
    if not entries:
        return
    wizards = [e for e in entries if e.startswith("wizards:")]
    for entry in wizards:
        met = _number(entry[8:], MAX_WIZARDS)
        if met is None:
            raise OptionError(
                f"carried: {clip(repr(entry))} is not 'wizards:N' with N from 0 to {MAX_WIZARDS}"
            )
        s.counters["wizards-met"] = met
        if s.opts.mission == LAST_MISSION and met:
            # castle.campaign.wizards (Mission 9's card "Wizard Tokens"): every Wizard met
            # there helps in the last Mission: 2 Health more for the group at its start
            s.change_health(WIZARD_HEALTH * met, None, "castle.campaign.wizards")
    entries = tuple(e for e in entries if not e.startswith("wizards:"))
    if not entries:
        return
    parsed = [_parse(s, e) for e in entries]
    _return_starting_items(s)
    for where, kind, slug, entry in parsed:
        if kind == "upgrade":
            card = _take(s, UPGRADE, slug, (UPGRADE_BOX,), entry)
            assert isinstance(where, int)
            if len(s.zones.cards[zone(where, UPGRADES)]) >= s.agent(where).upgrade_slots:
                raise OptionError(
                    f"carried: {clip(repr(entry))}: Agent {where} has no free Upgrade slot"
                )
            s.move(
                card,
                UPGRADE_BOX,
                zone(where, UPGRADES),
                "castle.campaign.carried",
                f"A{where + 1} keeps the Upgrade {{card}}",
            )
        elif kind == "ally":
            card = _take(s, ALLY, slug, (ALLY_BOX,), entry)
            s.move(
                card, ALLY_BOX, ALLIES, "castle.campaign.carried", "{card} is still with the group"
            )
        else:
            card = _take(s, TREASURE, slug, tuple(TREASURE_DECK.values()), entry)
            if where == "destroyed":
                src = next(z for z in TREASURE_DECK.values() if card in s.zones.cards[z])
                s.move(
                    card,
                    src,
                    DESTROYED,
                    "castle.campaign.carried",
                    "{card} stays out of the campaign",
                )
                continue
            slot = None if where == "pod" else best_slot(s, int(where), card)
            if slot is None:
                src = next(z for z in TREASURE_DECK.values() if card in s.zones.cards[z])
                s.move(card, src, POD, "castle.campaign.carried", "{card} waits in the P.O.D.")
            else:
                put(
                    s,
                    int(where),
                    card,
                    slot,
                    "castle.campaign.carried",
                    f"A{int(where) + 1} keeps {{card}}",
                )
    s.emit(Event("castle.campaign.carried", f"{len(parsed)} cards carried from the Mission before"))


def _parse(s: CastleState, entry: str) -> tuple[int | str, str, str, str]:
    """(seat or "pod" or "group", kind, slug, entry) of one carried entry."""
    parts = entry.split(":")
    if len(parts) == 2 and parts[0] == "ally":
        if not any(a.slug == parts[1] for a in CONTENT.allies):
            raise OptionError(f"carried: {clip(repr(entry))} names no Ally")
        return "group", "ally", parts[1], entry
    if len(parts) == 2 and parts[0] in ("pod", "destroyed"):
        return parts[0], "treasure", _treasure_slug(parts[1], entry), entry
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[1] != "upgrade"):
        raise OptionError(
            f"carried: {clip(repr(entry))} is not 'seat:treasure', 'seat:upgrade:upgrade', "
            "'ally:ally', 'pod:treasure' or 'destroyed:treasure'"
        )
    seat = _number(parts[0], s.num_players - 1)
    if seat is None:
        raise OptionError(
            f"carried: {clip(repr(entry))}: the seat must be a number from 0 to {s.num_players - 1}"
        )
    if len(parts) == 3:
        if not any(u.slug == parts[2] for u in CONTENT.upgrades):
            raise OptionError(f"carried: {clip(repr(entry))} names no Upgrade")
        return seat, "upgrade", parts[2], entry
    return seat, "treasure", _treasure_slug(parts[1], entry), entry


def _number(text: str, top: int) -> int | None:
    """`text` as a number from 0 to `top` written in the digits 0-9, else None (so neither
    '²', which `isdigit` accepts, nor thousands of digits ever reach `int`)."""
    if not 0 < len(text) <= len(str(top)) or not all("0" <= ch <= "9" for ch in text):
        return None
    n = int(text)
    return n if n <= top else None


def _treasure_slug(slug: str, entry: str) -> str:
    if not any(t.slug == slug for t in CONTENT.treasures):
        raise OptionError(f"carried: {clip(repr(entry))} names no Treasure")
    return slug


def _take(s: CastleState, kind: int, slug: str, places: tuple[int, ...], entry: str) -> int:
    """A card of this kind and id lying in one of `places`, or OptionError."""
    for z in places:
        for card in s.zones.cards[z]:
            if s.t.kinds[card] == kind and s.t.slugs[card] == slug:
                return card
    raise OptionError(f"carried: {clip(repr(entry))}: no copy of it is left to carry")


def _return_starting_items(s: CastleState) -> None:
    """The Agents' starting Treasures go back into their decks (what they carried replaces
    them), the decks shuffled again."""
    colours: set[str] = set()
    for p in range(s.num_players):
        for card in list(s.zones.cards[zone(p, INVENTORY)]):
            colour = s.treasure(card).colour
            s.slots.pop(card, None)
            s.move(
                card,
                zone(p, INVENTORY),
                TREASURE_DECK[colour],
                "castle.campaign.carried",
                f"A{p + 1} puts back the starting {{card}}",
            )
            colours.add(colour)
    for colour in sorted(colours):
        s.zones.shuffle(TREASURE_DECK[colour], s.rng)


# -- the campaign -------------------------------------------------------------------------------
def chapters(players: int, seed: int, options: Mapping[str, Any] | None = None) -> list[Chapter]:
    """Missions 1 to 10 in order, each with `options`."""
    how = "Missions 1 to 10 in order, Treasures and Upgrades carried on"
    options = players_options(options, CAMPAIGN_OPTIONS, how)
    return [
        Chapter(players, derive_seed(seed, i), {**options, "mode": "campaign", "mission": n})
        for i, n in enumerate(MISSIONS)
    ]


def kept(state: CastleState) -> list[str]:
    """What a won Mission hands on, by its `keeps`."""
    from tabletop.games.castle.rules import CastleState

    assert isinstance(state, CastleState)
    keeps = set(CONTENT.mission(state.opts.mission).keeps)
    out: list[str] = []
    t = state.t
    pod: list[str] = []
    for p in range(state.num_players):
        for card in state.zones.cards[zone(p, INVENTORY)]:
            if "treasures" in keeps:
                out.append(f"{p}:{t.slugs[card]}")
            elif state.treasure(card).timeless:
                pod.append(f"pod:{t.slugs[card]}")
        if "upgrades" in keeps:
            out += [f"{p}:upgrade:{t.slugs[c]}" for c in state.zones.cards[zone(p, UPGRADES)]]
    if "allies" in keeps:
        out += [f"ally:{t.slugs[c]}" for c in state.zones.cards[ALLIES]]
    out += pod + [f"pod:{t.slugs[c]}" for c in state.zones.cards[POD] if state.treasure(c).timeless]
    out += [
        f"destroyed:{t.slugs[c]}" for c in state.zones.cards[DESTROYED] if t.kinds[c] == TREASURE
    ]
    met = state.counters.get("wizards-met", 0) + state.counters.get("visited:wizard", 0)
    if met:
        out.append(f"wizards:{min(met, MAX_WIZARDS)}")  # the Wizards met, for the last Mission
    return out


def carry(state: State, carried: Mapping[str, Any]) -> dict[str, Any]:
    """What a finished Mission hands the next, and its line in the Missions played."""
    from tabletop.games.castle.rules import CastleState

    if not isinstance(state, CastleState) or state.result is None:
        raise CampaignError("a Castle Von Loghan campaign carries on from a finished game")
    if state.opts.mode != "campaign":
        raise CampaignError("a Castle Von Loghan campaign is played in the campaign mode")
    before = Carried.check(carried, "what was carried into this Mission")
    won = state.result.team == "won"
    played = [p.model_dump() for p in before.played]
    played.append({"mission": state.opts.mission, "won": won, "turns": state.turn})
    return {"carried": kept(state) if won else list(before.carried), "played": played}


def new_campaign(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Campaign:
    return Campaign(GAME, chapters(players, seed, options), carry=carry, start=START, model=Carried)


def title(mission: str | int) -> str:
    """A chapter's title: its Mission's number and name."""
    try:
        m = CONTENT.mission(int(mission))
    except (StopIteration, ValueError):
        return str(mission)
    return f"Mission {m.number}: {m.name}"


def describe(carried: Mapping[str, Any]) -> list[str]:
    """Lines for people: each Mission played, and what the group carries."""
    what = Carried.check(carried, "what the campaign carries")
    lines = []
    for entry in what.played:
        how = "won" if entry.won else "lost"
        lines.append(f"{title(entry.mission)}: {how} in {entry.turns} turns")
    things = what.carried
    lines.append("Carried into the next Mission: " + (", ".join(things) or "nothing yet"))
    return lines


__all__ = [
    "CAMPAIGN_OPTIONS",
    "CARRIED",
    "CHAPTER_OPTION",
    "MISSIONS",
    "START",
    "Carried",
    "PlayedMission",
    "apply_carried",
    "carry",
    "chapters",
    "describe",
    "kept",
    "new_campaign",
    "title",
]
