"""The Librarians: the action space (every option there can be, fixed by the content) and the
option tables the rules read, each option carrying what it stands for (`Option.arg`)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.content import slugify
from tabletop.engine.decision import ActionSpace
from tabletop.games.librarians.content import AdventureCard, Content, Hero, PlayerCard, load

CONTENT: Content = load()
MAX_PLAYERS = 4


def _actor_slots() -> list[tuple[str, tuple[str, int]]]:
    out = [(f"hero-{p}", ("hero", p)) for p in range(MAX_PLAYERS)]
    out += [(f"sidekick-{p}", ("sidekick", p)) for p in range(MAX_PLAYERS)]
    return [*out, ("aid", ("aid", -1))]


ACTORS = _actor_slots()
ACTOR_LABEL = {"hero": "P{}'s hero", "sidekick": "P{}'s sidekick", "aid": "the Aid card"}
TARGET_CARDS: tuple[AdventureCard, ...] = tuple(
    {c.slug: c for a in CONTENT.adventures for c in a.cards if c.challenge is not None}.values()
)
ENEMIES = tuple(c for c in TARGET_CARDS if c.type == "enemy")
_NAMED: tuple[Hero | PlayerCard, ...] = (*CONTENT.heroes, *CONTENT.cards)
TREE_SOURCES = tuple(
    (slugify(r.name), r.name) for r in _NAMED if any(a.kind == "tree" for a in r.abilities)
)
MAX_DICE = 8
MAGIC_EFFECTS = CONTENT.effect_cards


def _records(*groups: Any) -> list[Any]:
    return [r for g in groups for r in g]


# cards whose abilities are used from play (free, spend, response in play) or Effects kept
USABLE: tuple[str, ...] = tuple(
    dict.fromkeys(
        r.name
        for r in _records(CONTENT.heroes, CONTENT.cards, CONTENT.effect_cards)
        if any(a.kind in ("free", "spend", "response", "play") for a in r.abilities)
    )
)
# cards with an "Action:" ability a character may take
ACTION_SOURCES: tuple[str, ...] = tuple(
    dict.fromkeys(
        r.name
        for r in _records(
            CONTENT.cards, CONTENT.aid, [c for a in CONTENT.adventures for c in a.cards]
        )
        if any(ab.kind == "action" for ab in r.abilities)
    )
)
ADVENTURE_NAMES = tuple(dict.fromkeys(c.name for a in CONTENT.adventures for c in a.cards))
MAX_PATHS = 2  # a Mission offers at most two paths
# the most copies of each adventure card name in any one adventure: copies in different
# states get an option each, by number (librarians.interpret.same-name)
COPIES: dict[str, int] = {}
for _a in CONTENT.adventures:
    for _c in _a.cards:
        COPIES[_c.name] = max(COPIES.get(_c.name, 0), _c.deck + _c.set_aside)


def _numbered(names: Any) -> list[tuple[str, str, int]]:
    """(name, slug, copy number) of every copy of these names that has others."""
    return [
        (n, slugify(n), k) for n in names if COPIES.get(n, 0) > 1 for k in range(1, COPIES[n] + 1)
    ]


def _who(slot: tuple[str, int]) -> str:
    kind, p = slot
    return ACTOR_LABEL[kind].format(p + 1)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _action_space() -> ActionSpace:
    """Every option there can be, each with what it stands for (`Option.arg`)."""
    e: list[tuple[str, str, Any]] = [
        ("pass", "Pass", None),
        ("done", "Done", None),
        ("serpents", "Resolve the Serpent effects now", None),
        ("spend-aid", "Spend an Aid token: roll 1 more Character die", None),
        ("draw", "Draw a card", None),
        ("gain-energy", "Gain 1 Energy", None),
        *((f"path:{i}", f"Choose path {i + 1}", i) for i in range(MAX_PATHS)),
    ]
    e += [(f"devote:{c.slug}", f"Devote {c.name}", c.name) for c in CONTENT.cards]
    e += [(f"play:{c.slug}", f"Play {c.name}", c.name) for c in CONTENT.cards]
    e += [(f"discard:{c.slug}", f"Discard {c.name}", c.name) for c in CONTENT.cards]
    e += [
        (f"ability:{h.slug}", f"Use {h.name}'s ability", h.name)
        for h in CONTENT.heroes
        if any(a.kind == "response" for a in h.abilities)
    ]
    e += [(f"die:{i}", f"Die {i + 1}", i) for i in range(MAX_DICE)]
    e += [(f"tree:{s}", f"Tree of Knowledge: {n}", n) for s, n in TREE_SOURCES]
    e += [(f"char:{s}", f"Choose {_who(a)}", a) for s, a in ACTORS if a[0] != "aid"]
    e += [(f"enemy:{c.slug}", f"Choose {c.name}", c.name) for c in ENEMIES]
    e += [(f"assign:{c.slug}", f"Assign {c.name} to yourself", c.name) for c in ENEMIES]
    e += [(f"meditate:{s}", f"{_cap(_who(a))} meditates", a) for s, a in ACTORS]
    e += [(f"rest:{s}", f"{_cap(_who(a))} rests", a) for s, a in ACTORS if a[0] != "aid"]
    e += [
        (f"overcome:{s}:mission", f"{_cap(_who(a))} overcomes the Mission", (a, ""))
        for s, a in ACTORS
    ]
    e += [
        (f"overcome:{s}:{c.slug}", f"{_cap(_who(a))} overcomes {c.name}", (a, c.name))
        for s, a in ACTORS
        for c in TARGET_CARDS
    ]
    e += [("keep-hand", "Keep this starting hand", None)]
    e += [("redraw-hand", "Shuffle your hand back and draw a new one", None)]
    e += [("flip-magic", "Spend 1 Energy: flip a Focus and a Power card", None)]
    e += [(f"keep:{slugify(x.name)}", f"Keep the Effect {x.name}", x.name) for x in MAGIC_EFFECTS]
    e += [(f"use:{slugify(n)}", f"Use {n}", n) for n in USABLE]
    e += [
        (f"act:{s}:{slugify(n)}", f"{_cap(_who(a))}: {n} (Action)", (a, n))
        for s, a in ACTORS
        for n in ACTION_SOURCES
    ]
    e += [("aim:mission", "The Mission", "")]
    e += [(f"aim:{slugify(n)}", n, n) for n in ADVENTURE_NAMES]
    e += [(f"adv-discard:{slugify(n)}", f"Discard {n}", n) for n in ADVENTURE_NAMES]
    e += [(f"take:{c.slug}", f"Take {c.name}", c.name) for c in CONTENT.cards]
    e += [(f"seat:{p}", f"P{p + 1}", p) for p in range(MAX_PLAYERS)]
    # one copy of several in different states (the labels then add the copy's state)
    enemies = _numbered(c.name for c in ENEMIES)
    e += [(f"enemy:{s}:{k}", f"Choose {n} #{k}", (n, k)) for n, s, k in enemies]
    e += [(f"assign:{s}:{k}", f"Assign {n} #{k} to yourself", (n, k)) for n, s, k in enemies]
    e += [
        (f"overcome:{a}:{s}:{k}", f"{_cap(_who(slot))} overcomes {n} #{k}", (slot, n, k))
        for a, slot in ACTORS
        for n, s, k in _numbered(c.name for c in TARGET_CARDS)
    ]
    adventure_actions = [n for n in ACTION_SOURCES if n in COPIES]
    e += [
        (f"act:{a}:{s}:{k}", f"{_cap(_who(slot))}: {n} #{k} (Action)", (slot, n, k))
        for a, slot in ACTORS
        for n, s, k in _numbered(adventure_actions)
    ]
    e += [(f"aim:{s}:{k}", f"{n} #{k}", (n, k)) for n, s, k in _numbered(ADVENTURE_NAMES)]
    return ActionSpace(e)


ACTION_SPACE = _action_space()
_O = ACTION_SPACE.__getitem__
PASS, DONE, SERPENTS, SPEND_AID = _O("pass"), _O("done"), _O("serpents"), _O("spend-aid")
DRAW, GAIN_ENERGY = _O("draw"), _O("gain-energy")
PATH = tuple(_O(f"path:{i}") for i in range(MAX_PATHS))
PASS_ONLY = (PASS,)
DEVOTE = {c.name: _O(f"devote:{c.slug}") for c in CONTENT.cards}
PLAY = {c.name: _O(f"play:{c.slug}") for c in CONTENT.cards}
DISCARD_OPT = {c.name: _O(f"discard:{c.slug}") for c in CONTENT.cards}
ABILITY = {
    h.name: _O(f"ability:{h.slug}") for h in CONTENT.heroes if f"ability:{h.slug}" in ACTION_SPACE
}
DIE = tuple(_O(f"die:{i}") for i in range(MAX_DICE))
TREE = {n: _O(f"tree:{s}") for s, n in TREE_SOURCES}
CHAR = {a: _O(f"char:{s}") for s, a in ACTORS if a[0] != "aid"}
# by name, or by (name, copy number) (`copies.py`: librarians.interpret.same-name)
ENEMY = {o.arg: o for o in ACTION_SPACE.options if o.id.startswith("enemy:")}
ASSIGN = {o.arg: o for o in ACTION_SPACE.options if o.id.startswith("assign:")}
# by (actor, name) or (actor, name, copy number)
OVERCOME = {o.arg: o for o in ACTION_SPACE.options if o.id.startswith("overcome:")}
MEDITATE = {a: _O(f"meditate:{s}") for s, a in ACTORS}
REST = {a: _O(f"rest:{s}") for s, a in ACTORS if a[0] != "aid"}
KEEP_HAND, REDRAW_HAND, FLIP_MAGIC = _O("keep-hand"), _O("redraw-hand"), _O("flip-magic")
KEEP = {x.name: _O(f"keep:{slugify(x.name)}") for x in MAGIC_EFFECTS}
USE = {n: _O(f"use:{slugify(n)}") for n in USABLE}
ACT = {o.arg: o for o in ACTION_SPACE.options if o.id.startswith("act:")}
AIM = {o.arg: o for o in ACTION_SPACE.options if o.id.startswith("aim:")}
TAKE = {c.name: _O(f"take:{c.slug}") for c in CONTENT.cards}
SEAT = tuple(_O(f"seat:{p}") for p in range(MAX_PLAYERS))
DISCARD_ADV = {n: _O(f"adv-discard:{slugify(n)}") for n in ADVENTURE_NAMES}
