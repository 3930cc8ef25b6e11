"""Static tables of The Guardians: Explore, built once from the content: card ids, kinds,
zones and the action space. Nothing here changes during a game.

Cards are small integers. Guardian cards (generics, draft cards, SUPER cards, COWARD!) come
first, then monster cards (one per copy, remembering the wave whose back it shows), bosses and
Secret Quests. Copies of one card share a kind; each copy has its own name (`Bash #2`) so that
logs and leak checks can tell copies apart.
"""

from __future__ import annotations

from functools import cache

from tabletop.engine.decision import ActionSpace, Option
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, ZoneSpec
from tabletop.games.guardians.content import (
    CLASSES,
    MONSTER_FAMILIES,
    GuardianCard,
    Location,
    Monster,
    load,
)

CONTENT = load()
KINDS: tuple[GuardianCard, ...] = CONTENT.cards
MONSTERS: tuple[Monster, ...] = CONTENT.monsters
LOCS: tuple[Location, ...] = CONTENT.locations
BOSSES = CONTENT.bosses
QUESTS = CONTENT.quests
NUM = CONTENT.numbers
MIN_PLAYERS, MAX_PLAYERS = 1, 5
NLOC = len(LOCS)
MAX_SLOTS = NUM["max_monsters_per_location"]
HOME = next(i for i, loc in enumerate(LOCS) if loc.base)
KIND_BY_NAME = {k.name: i for i, k in enumerate(KINDS)}
KIND_BY_SLUG = {k.slug: i for i, k in enumerate(KINDS)}
EXPLORE = KIND_BY_NAME["Explore"]
SWING = KIND_BY_NAME["Practice Swing"]
COWARD = next(i for i, k in enumerate(KINDS) if k.type == "coward")
SAPLING = next(i for i, k in enumerate(KINDS) if k.effect == "sapling")
WOLF_PUP = next(i for i, k in enumerate(KINDS) if k.effect == "wolf-pup")
CATERPILLAR = next(i for i, k in enumerate(KINDS) if k.effect == "caterpillar")
TIGER_CUB = next(i for i, k in enumerate(KINDS) if k.group == "tiger" and not k.battle_bonus)
BORROW = next(i for i, k in enumerate(KINDS) if k.effect == "borrow")

# kind predicates (tuples indexed by kind)
IS_ITEM = tuple(k.type == "item" for k in KINDS)
IS_SUPER = tuple(k.super for k in KINDS)
IS_FAMILIAR = tuple(k.type == "familiar" for k in KINDS)
IS_SKILL = tuple(k.type == "skill" for k in KINDS)
IS_GENERIC = tuple(k.type == "generic" for k in KINDS)
DRAFTABLE = tuple(
    not k.super and k.type in ("skill", "item", "familiar") for k in KINDS
)  # the 74-card draft pool
REPLAYABLE = tuple(not k.super and k.type != "item" and k.type != "coward" for k in KINDS)
BORROWABLE = tuple(REPLAYABLE[i] and i != BORROW for i in range(len(KINDS)))
GROUP = tuple(k.group for k in KINDS)

# -- card ids ----------------------------------------------------------------------------------
_names: list[str] = []
_slugs: list[str] = []
_pools: list[str] = []
GKIND: list[int] = []  # guardian card -> kind
for _k, _c in enumerate(KINDS):
    for _i in range(_c.copies):
        _names.append(_c.name if _c.copies == 1 else f"{_c.name} #{_i + 1}")
        _slugs.append(f"{_c.slug}-{_i + 1}")
        # COWARD! cards are a pool of their own: who holds them is public (they are gained
        # face up), so determinization may only swap them with each other
        _pools.append("super" if _c.super else "coward" if _c.type == "coward" else "guardian")
        GKIND.append(_k)
NG = len(_names)
M0 = NG
MKIND: list[int] = []  # monster card - M0 -> monster kind
MWAVE: list[int] = []  # monster card - M0 -> wave (0, 1, 2) its back shows
for _w in range(3):
    for _k, _m in enumerate(MONSTERS):
        for _i in range(_m.waves[_w]):
            _n = sum(_m.waves[:_w]) + _i + 1
            _names.append(_m.name if sum(_m.waves) == 1 else f"{_m.name} #{_n}")
            _slugs.append(f"{_m.slug}-{_n}")
            _pools.append(f"wave{_w + 1}")
            MKIND.append(_k)
            MWAVE.append(_w)
NM = len(MKIND)
B0 = M0 + NM
for _b in BOSSES:
    _names.append(_b.name)
    _slugs.append(f"{_b.slug}-1")
    _pools.append(f"{_b.colour}-boss")
Q0 = B0 + len(BOSSES)
for _q in QUESTS:
    _names.append(_q.name)
    _slugs.append(f"{_q.slug}-1")
    _pools.append("quest")
NCARDS = len(_names)
NAMES: tuple[str, ...] = tuple(_names)
SLUGS: tuple[str, ...] = tuple(_slugs)
POOLS: tuple[str, ...] = tuple(_pools)
CARDS_OF_KIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(NG) if GKIND[c] == k) for k in range(len(KINDS))
)
# the copies of a kind are consecutive card ids: KIND_SPAN[k] = (first, last + 1)
KIND_SPAN: tuple[tuple[int, int], ...] = tuple((cs[0], cs[-1] + 1) for cs in CARDS_OF_KIND)
# the kind of every card, -1 for cards that are not Guardian cards (monsters, bosses, quests)
KIND_OF: tuple[int, ...] = (*GKIND, *([-1] * (NCARDS - NG)))
MON_ATTACK = tuple(MONSTERS[k].attack for k in MKIND)
MON_FAMILY = tuple(MONSTERS[k].family for k in MKIND)
FAMILY_INDEX = {f: i for i, f in enumerate(MONSTER_FAMILIES)}
CLASS_INDEX = {c: i for i, c in enumerate(CLASSES)}


def monster(card: int) -> Monster:
    return MONSTERS[MKIND[card - M0]]


# -- zones -------------------------------------------------------------------------------------
(
    SUPPLY,
    TRASH,
    RESERVE,
    BOX,
    WAVE1,
    WAVE2,
    WAVE3,
    RETREAT,
    BLUE_FD,
    BLUE_SHOW,
    RED_FD,
    RED_SHOW,
    BOSS_BLUE,
    BOSS_RED,
    BOSS_FIGHT,
    BOSS_DONE,
    GHOST_PACK,
    GHOST_DECK,
    REVEALED,
) = range(19)
WAVES = (WAVE1, WAVE2, WAVE3)
LOC0 = 19  # face-up monsters at location i: LOC0 + i
FD0 = LOC0 + NLOC  # face-down monsters at location i: FD0 + i
P0 = FD0 + NLOC
(
    DECK,
    HAND,
    DISCARD,
    PLAY,
    PERSIST,
    UNDER,
    LOOK,
    TROPHY,
    QUEST,
    QUEST_SHOWN,
    SUPERS,
    COLLECT,
    PACK,
    MUSEUM,
) = range(14)
NPZ = 14
_PZ_SPECS = (
    ("deck", HIDDEN),
    ("hand", PRIVATE),
    ("discard", PUBLIC),
    ("play", PUBLIC),
    ("persistent", PUBLIC),
    ("under-aimed-shot", PRIVATE),
    ("looking", PRIVATE),
    ("trophies", PUBLIC),
    ("quests", PRIVATE),
    ("quests-shown", PUBLIC),
    ("super-choice", PRIVATE),
    ("drafted", PRIVATE),
    ("pack", PRIVATE),
    ("museum", PRIVATE),
)


def pz(p: int, z: int) -> int:
    """The zone index of player `p`'s zone `z` (DECK, HAND...)."""
    return P0 + p * NPZ + z


@cache
def layout(n: int) -> Layout:
    specs = [
        ZoneSpec("supply", HIDDEN),
        ZoneSpec("trash", PUBLIC),
        ZoneSpec("reserve", PUBLIC),
        ZoneSpec("box", HIDDEN),
        ZoneSpec("first-wave", HIDDEN),
        ZoneSpec("second-wave", HIDDEN),
        ZoneSpec("third-wave", HIDDEN),
        ZoneSpec("retreat", PUBLIC),
        ZoneSpec("blue-boss-supers", HIDDEN),
        ZoneSpec("blue-boss-display", PUBLIC),
        ZoneSpec("red-boss-quests", HIDDEN),
        ZoneSpec("red-boss-display", PUBLIC),
        ZoneSpec("blue-boss", HIDDEN),
        ZoneSpec("red-boss", HIDDEN),
        ZoneSpec("boss-fight", PUBLIC),
        ZoneSpec("bosses-done", PUBLIC),
        ZoneSpec("ghost-pack", HIDDEN),
        ZoneSpec("ghost-deck", HIDDEN),
        ZoneSpec("revealed", PUBLIC),  # supply cards a Spider reward turns face up
    ]
    specs += [ZoneSpec(f"at-{loc.slug}", PUBLIC) for loc in LOCS]
    specs += [ZoneSpec(f"face-down-at-{loc.slug}", HIDDEN) for loc in LOCS]
    for p in range(n):
        specs += [ZoneSpec(f"{name}-{p}", kind, owner=p) for name, kind in _PZ_SPECS]
    return Layout(specs, NAMES, SLUGS, POOLS, n)


# -- adjacency (Fireball, Falling Star): grid neighbours, diagonals included ------------------
SURROUNDING: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        j
        for j, b in enumerate(LOCS)
        if j != i and abs(a.row - b.row) <= 1 and abs(a.col - b.col) <= 1
    )
    for i, a in enumerate(LOCS)
)

# -- battle effects offered by "use:<fx>" --------------------------------------------------------
FX_LABELS = {
    "mastering-slash": "Mastering Slash: trash a card from hand or discard pile for +3 attack",
    "fireball": "Fireball: 3 damage counters on every monster at a location, 1 around it",
    "falling-star": "Falling Star: 6 damage counters on every monster at a location, 1 around",
    "wand": "Wand: 1 damage counter per Wizard in play on every monster at a location",
    "aimed-shot": "Aimed Shot: damage counters on one monster",
    "marbles": "Marbles: gain 5 damage counters, then trash Marbles",
    "potion": "Potion: play one of your cards in play again, then trash Potion",
    "super-potion": "Super Potion: play one of your cards in play again",
}
FX_NAMES = tuple(FX_LABELS)

LOCATION_LABELS = {
    "home": "draw 2, discard 2, trash up to 2 from your discard pile",
    "candy-shop": "+3 energy",
    "zoo": "look at the top 5 of your deck, take 1, discard the rest, then discard 1",
    "hill": "+5 attack",
    "game-store": "look at the top 5 of the supply, take 1, trash the rest, then discard 1",
    "garage": "gain the top 3 of the supply into your hand, then discard 3",
    "school": "draw 3, then discard 3",
    "field": "retreat up to 2 monsters and invade face-down replacements from a wave",
    "playground": "ignore Overrun this round and trash up to 4 from your discard pile",
    "museum": "draw a secret monster to place at your Battle Phase",
}


def _entries() -> list[tuple[str, str, object]]:
    """Every option, each with what it stands for (`Option.arg`): a card option its kind
    (an index into KINDS), a Secret Quest option its index into QUESTS, a location option its
    index into LOCS (-1: the boss), a monster option its place `(location, slot)` (-1: the
    boss), a battle effect its name, a wave its number; None for the rest."""
    from tabletop.games.guardians.texts import stats  # (it reads this module's tables)

    e: list[tuple[str, str, object]] = [("done", "Done", None)]
    for k, c in enumerate(KINDS):
        if DRAFTABLE[k]:
            e.append((f"pick:{c.slug}", f"Draft {c.name} ({stats(c)})", k))
    for k, c in enumerate(KINDS):
        if c.super:
            e.append((f"keep:{c.slug}", f"Keep the SUPER card {c.name} ({stats(c)})", k))
            e.append((f"reward:{c.slug}", f"Gain the SUPER card {c.name} ({stats(c)})", k))
    for i, q in enumerate(QUESTS):
        e.append((f"keep-quest:{q.slug}", f"Keep the Secret Quest {q.name}", i))
        e.append((f"reward-quest:{q.slug}", f"Gain the Secret Quest {q.name}", i))
    for i, loc in enumerate(LOCS):
        e.append((f"visit:{loc.slug}", f"Visit {loc.name}: {LOCATION_LABELS[loc.effect]}", i))
    verbs = (
        ("discard", "Discard {} from your hand"),
        ("trash", "Trash {} from your discard pile"),
        ("trash-hand", "Trash {} from your hand"),
        ("take", "Take {} ({})"),
        ("gain", "Gain {} into your discard pile"),
        ("toss", "Discard {} from the top of your deck"),
        ("top", "Put {} back on top of your deck"),
        ("under", "Put {} face down under Aimed Shot"),
    )
    for verb, label in verbs:
        for k, c in enumerate(KINDS):
            e.append((f"{verb}:{c.slug}", label.format(c.name, stats(c)), k))
    for k, c in enumerate(KINDS):
        if c.type != "coward":
            e.append((f"play:{c.slug}", f"Play {c.name}", k))
    for k, c in enumerate(KINDS):
        if IS_ITEM[k] and not c.super:
            e.append((f"drop:{c.slug}", f"Discard {c.name} from play", k))
    for k, c in enumerate(KINDS):
        if BORROWABLE[k]:
            e.append((f"borrow:{c.slug}", f"Borrow {c.name}", k))
    for k, c in enumerate(KINDS):
        if REPLAYABLE[k]:
            e.append((f"replay:{c.slug}", f"Play {c.name} again", k))
    for k, c in enumerate(KINDS):
        if not c.super and (IS_ITEM[k] or IS_FAMILIAR[k]):
            e.append((f"attach:{c.slug}", f"Attach it to {c.name}", k))
    for fx, label in FX_LABELS.items():
        e.append((f"use:{fx}", f"Use {label}", fx))
    for i, loc in enumerate(LOCS):
        e.append((f"at:{loc.slug}", f"Aim at {loc.name}", i))
    e.append(("at:boss", "Aim at the boss", -1))
    for verb, label in (
        ("dmg", "Place a damage counter on {}"),
        ("kill", "Place enough damage counters to defeat {}"),
        ("target", "Target {}"),
        ("retreat", "Retreat {}"),
    ):
        for i, loc in enumerate(LOCS):
            for j in range(MAX_SLOTS):
                e.append(
                    (
                        f"{verb}:{loc.slug}:{j}",
                        label.format(f"monster {j + 1} at {loc.name}"),
                        (i, j),
                    )
                )
    e.append(("dmg:boss", "Place a damage counter on the boss", -1))
    e.append(("target:boss", "Target the boss", -1))
    for i, loc in enumerate(LOCS):
        e.append((f"fight:{loc.slug}", f"Battle the monsters at {loc.name}", i))
    e.append(("fight:boss", "Battle the boss", -1))
    e.append(("no-fight", "Do not battle this round", None))
    for i, loc in enumerate(LOCS):
        e.append((f"fort:{loc.slug}", f"Build your Blanket Fort at {loc.name}", i))
    e.append(("fort-keep", "Leave your Blanket Fort as it is", None))
    e.append(("fort-remove", "Remove your Blanket Fort from play", None))
    for w in (2, 3):
        e.append((f"wave:{w}", f"Invade from the {'Second' if w == 2 else 'Third'} Wave", w))
    for i, loc in enumerate(LOCS):
        e.append((f"place:{loc.slug}", f"Place the secret monster at {loc.name}", i))
    e.append(("ignore-final-act", "Ignore the Final Act (Shield)", None))
    e.append(("accept-final-act", "Take the Practice Swing", None))
    return e


ACTION_SPACE = ActionSpace(_entries())
_O = ACTION_SPACE.__getitem__


def _by_kind(verb: str, pred: tuple[bool, ...] | None = None) -> tuple[Option | None, ...]:
    return tuple(
        _O(f"{verb}:{c.slug}") if pred is None or pred[k] else None for k, c in enumerate(KINDS)
    )


DONE = _O("done")
PICK = _by_kind("pick", DRAFTABLE)
KEEP = _by_kind("keep", IS_SUPER)
REWARD = _by_kind("reward", IS_SUPER)
KEEP_QUEST = tuple(_O(f"keep-quest:{q.slug}") for q in QUESTS)
REWARD_QUEST = tuple(_O(f"reward-quest:{q.slug}") for q in QUESTS)
VISIT = tuple(_O(f"visit:{loc.slug}") for loc in LOCS)
DISCARD_O = _by_kind("discard")
TRASH_O = _by_kind("trash")
TRASH_HAND = _by_kind("trash-hand")
TAKE = _by_kind("take")
GAIN = _by_kind("gain")
TOSS = _by_kind("toss")
TOP = _by_kind("top")
UNDER_O = _by_kind("under")
PLAY_O = _by_kind("play", tuple(c.type != "coward" for c in KINDS))
DROP = _by_kind("drop", tuple(IS_ITEM[k] and not KINDS[k].super for k in range(len(KINDS))))
BORROW_O = _by_kind("borrow", BORROWABLE)
REPLAY = _by_kind("replay", REPLAYABLE)
ATTACH = _by_kind(
    "attach", tuple(not c.super and (IS_ITEM[k] or IS_FAMILIAR[k]) for k, c in enumerate(KINDS))
)
USE = {fx: _O(f"use:{fx}") for fx in FX_NAMES}
AT = tuple(_O(f"at:{loc.slug}") for loc in LOCS)
AT_BOSS = _O("at:boss")
DMG = tuple(tuple(_O(f"dmg:{loc.slug}:{i}") for i in range(MAX_SLOTS)) for loc in LOCS)
KILL = tuple(tuple(_O(f"kill:{loc.slug}:{i}") for i in range(MAX_SLOTS)) for loc in LOCS)
TARGET = tuple(tuple(_O(f"target:{loc.slug}:{i}") for i in range(MAX_SLOTS)) for loc in LOCS)
RETREAT_O = tuple(tuple(_O(f"retreat:{loc.slug}:{i}") for i in range(MAX_SLOTS)) for loc in LOCS)
DMG_BOSS = _O("dmg:boss")
TARGET_BOSS = _O("target:boss")
FIGHT = tuple(_O(f"fight:{loc.slug}") for loc in LOCS)
FIGHT_BOSS = _O("fight:boss")
NO_FIGHT = _O("no-fight")
FORT = tuple(_O(f"fort:{loc.slug}") for loc in LOCS)
FORT_KEEP = _O("fort-keep")
FORT_REMOVE = _O("fort-remove")
WAVE_O = {2: _O("wave:2"), 3: _O("wave:3")}
PLACE = tuple(_O(f"place:{loc.slug}") for loc in LOCS)
IGNORE_ACT = _O("ignore-final-act")
ACCEPT_ACT = _O("accept-final-act")


def monster_label(m: int, dmg: int) -> str:
    """A face-up monster as a battle option names it: `Zombie Sisters #2 (attack 3, 1
    damage on it)`."""
    spec = MONSTERS[MKIND[m - M0]]
    return f"{NAMES[m]} (attack {spec.attack}" + (f", {dmg} damage on it)" if dmg else ")")


def named(o: Option, label: str) -> Option:
    """Option `o` with a label for this decision (the id, action and arg stay those of the
    action space: only what people read names the monsters there now)."""
    return Option(o.id, label, o.action, o.arg)
