"""Castle Von Loghan content vocabulary: the names the content may use (colours, Timelines,
windows, tokens...), every effect handler and condition the rules engine implements with its
typed parameters, and the checks across a record's fields (a handler's parameters, an End
Event's summon, a search result's colour). `records.py` declares the records
that use them (and re-exports these names).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.games.castle.records import Attack, EndEvent, SearchResult

COLOURS = ("green", "blue", "red", "violet")  # violet: Unique enemies and Treasures
EVENT_COLOURS = ("green", "blue", "red")
TIMELINES = ("past", "present", "future")
DAMAGE_TYPES = ("melee", "ranged", "shock", "special")
CATEGORIES = ("attack", "support", "strike", "hazard")  # attack, support: yours; the rest grey
KEYWORDS = ("cannot-be-moved", "ignores-timing-cost", "cannot-be-negated")
SIZES = ("small", "large")
ITEM_KINDS = ("weapon", "shield", "item")
SLOTS = ("hand", "belt", "backpack")
USES = ("exhaust", "discard", "passive")  # how a Treasure's effect is spent
# When a Skill, Treasure, Ally or Upgrade effect may be used: any time, or one combat step
# (start = Start of Combat, first round), or an event, or the Refresh Phase.
WINDOWS: tuple[str, ...] = (
    "any",
    "combat",
    "start",
    "draw",
    "replace",
    "rearrange",
    "negate",
    "execute",
)
WINDOWS += ("target", "event", "refresh", "outside-combat")
# When a step of a combat card (or an enemy attack) applies: the card's position and its
# neighbours at execution, another Agent in Reach at the same Timing, the enemy damaged.
WHEN: tuple[str, ...] = (
    "always",
    "first-card",
    "last-card",
    "not-first-card",
    "adjacent-active-attack",
)
WHEN += ("adjacent-active-strike-or-hazard", "reach-attack-same-timing", "self-damaged")
SNEAK_FACES = ("empty", "lurking", "treasure")
SEARCH_KINDS = ("treasure", "energy", "clarity", "health", "nothing", "lurking", "gob-li")
EVENT_SUMMONS = ("none", "group", "fixed", "lurking")  # End Event: no combat, Agents - 1, n
STORY_KINDS = ("intro", "story", "locked", "poi", "mission", "outro")
TIEBREAKS = ("enemy-cards", "energy")
MODES = ("campaign", "exploration", "coop-competitive", "boss-run", "unshackled")
TOKENS: tuple[str, ...] = (
    "tracker",
    "locked-door",
    "destroyed",
    "agent-face",
    "mystery",
    "gas",
    "fire",
)
TOKENS += ("wizard", "clue", "key-fragment", "stun", "deacon", "keybot", "person", "skull")
TOKENS += ("loghan", "anomaly-past", "anomaly-present", "anomaly-future", "leader", "group")
TOKENS += ("event-blue", "event-red", "event-green")
DOOR_KINDS = ("door", "elevator")
KEEPS = ("treasures", "upgrades", "allies", "energy", "timeless")  # into the next Mission
DECKS = ("contract", "chase", "warden")

# Parameter kinds: INT (>= 0), SIGNED (any int), BOOL, TEXT, or a reference checked after
# loading (ROOM and DOOR of the record's board, or "here"; ENEMY, ITEM, ALLY by name; STORY a
# card number of the same Mission, "NN/MM"), or a tuple of the allowed strings.
INT, SIGNED, BOOL, TEXT = "int", "signed", "bool", "text"
ROOM, DOOR, ENEMY, ITEM, ALLY, STORY = "room", "door", "enemy", "item", "ally", "story"
REFERENCES = (ROOM, DOOR, ENEMY, ITEM, ALLY, STORY)
ParamSpec = str | tuple[str, ...]
Param = int | bool | str

_WHO = ("self", "each-agent", "reach")
_CARD = ("this", "own", "reach")
_ENEMY_TARGET = ("target", "adjacent-to-target", "all", "any-one", "self", "adjacent")

# Every effect handler the rules engine must implement, with its parameters.
EFFECTS: dict[str, dict[str, ParamSpec]] = {
    # -- the group and the Agents
    "health": {"amount": SIGNED},  # group Health; a loss below Clarity 0 is the engine's
    "clarity": {"amount": SIGNED},  # group Clarity; loss at 0 is paid in Health
    "energy": {"amount": SIGNED, "who": _WHO},  # a loss pays what it can
    "heal-choice": {"health": INT, "clarity": INT},  # one or the other, the Agent's choice
    "max-energy": {"amount": INT},
    "backpack-slots": {"amount": INT},
    "skill-cost": {"skill": ("first", "second", "both"), "amount": SIGNED},
    "skill-clarity": {"amount": SIGNED},  # the minimum Clarity of the Agent's Skills
    "initiative": {"who": ("agent", "group")},
    "overwhelmed": {"who": ("agent", "group")},
    # -- the Agent's own Timing sequence
    "damage": {"amount": INT},  # added to the Agent's accumulated Damage
    "rage": {"amount": INT},
    "negate": {"target": ("self", "right-attack", "adjacent-attacks", "adjacent-strike", "any")},
    "protect": {},  # this card cannot be Negated
    "replace": {"card": _CARD, "count": INT},  # draw a new card into its Timing
    "discard-card": {"card": _CARD, "count": INT},
    "draw-card": {"count": INT},  # extra cards, placed on the last Timing
    "timing-cost": {"target": ("this", "own", "reach"), "amount": SIGNED},
    "negate-weapon-effect": {},
    "double-card-damage": {},  # one of the Agent's active cards deals twice its Damage
    "energy-per-enemy": {"amount": INT},  # per enemy present at the start of Combat
    # -- enemies
    "enemy-damage": {"target": _ENEMY_TARGET, "amount": INT},  # not a Direct Attack
    "stun": {"target": _ENEMY_TARGET},
    "heal-enemy": {"target": _ENEMY_TARGET, "amount": INT},
    "energy-per-adjacent-enemy": {"amount": INT},  # each Agent loses it per adjacent active
    "summon": {"colour": ("same", *COLOURS), "count": INT},  # count 0: Agents minus one
    "summon-enemy": {"enemy": ENEMY},
    "summon-change": {"amount": SIGNED},  # an event outcome: more or fewer summoned
    "lurking": {"colour": ("same", *EVENT_COLOURS), "count": INT},
    # -- Treasures, Allies, Upgrades
    "gain-treasure": {"colour": ("same", *COLOURS), "count": INT},
    "gain-item": {"item": ITEM},
    "discard-treasure": {"count": INT},
    "gain-ally": {"ally": ALLY},
    "gain-upgrade": {"count": INT},
    # -- the board and the story
    "hint": {"hint": TEXT},
    "skip-refresh": {},
    "move-group": {"room": ROOM},
    "place-token": {"token": TOKENS, "room": ROOM},
    "remove-token": {"token": TOKENS, "room": ROOM},
    "lock-door": {"door": DOOR},
    "unlock-door": {"door": DOOR},
    "story-card": {"card": STORY},
    "counter": {"name": TEXT, "amount": SIGNED},  # a Mission's tally (Clues, Critical tokens)
    "move-keybots": {},
    "summon-lost-agents": {},  # one Lost Agent per active Agent
    "warden-deck": {},  # from now on Refresh Phases are skipped
    "deck-card": {"deck": ("chase", "warden")},  # draw and resolve a Loghan Chase or Warden card
    "win-mission": {},
    "lose-mission": {},
    "none": {},
}

# What a Story, Locked, Point of Interest or Mission card, or a Contract, waits for.
CONDITIONS: dict[str, dict[str, ParamSpec]] = {
    "always": {},
    "enter-room": {"room": ROOM},
    "counter-at-least": {"name": TEXT, "amount": INT},
    "defeat-enemy": {"enemy": ENEMY},
    "visit-tokens": {"token": TOKENS, "count": INT},
    "turns": {"count": INT},
    "defeat-colour": {"colour": COLOURS, "count": INT},
    "treasures-held": {"count": INT},
    "energy-at-least": {"amount": INT},
    "burned": {"count": INT},
    "killing-blows": {"count": INT},
}


def params_problem(
    handler: str, spec: Mapping[str, ParamSpec], vals: Mapping[str, Any]
) -> str | None:
    """What is wrong with a handler's parameters (exactly its declared ones, each of its kind;
    references are strings here, resolved by `content.build`), or None."""
    if set(vals) != set(spec):
        want = ", ".join(spec) or "none"
        return (
            f"field 'params' of {handler!r} must be exactly ({want}), "
            f"not ({', '.join(vals) or 'none'})"
        )
    for key, kind in spec.items():
        val, name = vals[key], f"params.{key}"
        if kind in (INT, SIGNED) and type(val) is not int:
            return f"field {name!r} must be int, not {val!r}"
        if kind == INT and val < 0:
            return f"field {name!r} must not be negative, not {val}"
        if kind == BOOL and type(val) is not bool:
            return f"field {name!r} must be bool, not {val!r}"
        if isinstance(kind, tuple) and val not in kind:
            return f"field {name!r} is {val!r}; allowed: {', '.join(repr(a) for a in kind)}"
        if kind not in (INT, SIGNED, BOOL) and not isinstance(kind, tuple):
            if type(val) is not str:
                return f"field {name!r} must be str, not {val!r}"
            if not val and kind != TEXT:
                return f"field {name!r} must name something"
    return None


# -- checks across a record's fields (what `records.py` declares with `Rule`) -------------------


def base_attack_problem(a: Attack) -> str | None:
    return "a Base Attack has no Timeline or Rage" if a.timeline or a.rage else None


def rage_attack_problem(a: Attack) -> str | None:
    return None if a.timeline else "missing field 'timeline'"


def end_problem(e: EndEvent) -> str | None:
    if e.summon == "none":
        return "field 'summon' is 'none': no colour or count" if e.colour or e.count else None
    if e.colour not in ("same", *EVENT_COLOURS, "violet"):
        shown = ", ".join(repr(a) for a in ("same", *EVENT_COLOURS, "violet"))
        return f"field 'colour' is {e.colour!r}; allowed: {shown}"
    if (e.summon == "group") != (e.count == 0):
        return "field 'count' is 0 exactly for a group summon"
    return None


def search_problem(r: SearchResult) -> str | None:
    if r.kind in ("treasure", "lurking"):
        if r.colour not in ("same", *EVENT_COLOURS):
            shown = ", ".join(repr(a) for a in ("same", *EVENT_COLOURS))
            return f"field 'colour' is {r.colour!r}; allowed: {shown}"
    elif r.colour:
        return "field 'colour' is for a Treasure or a Lurking Enemy"
    if (r.kind in ("nothing", "lurking", "gob-li")) != (r.amount == 0):
        return f"field 'amount' must be 0 exactly for {r.kind!r}"
    return None
