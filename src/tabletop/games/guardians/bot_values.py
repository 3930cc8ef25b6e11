"""The Guardians bot's tables: what a card, a visit, a fort, a monster and a quest are worth to
it (`bot.py`, `bot_fight.py`)."""

from __future__ import annotations

import math

from tabletop.games.guardians import tables as T
from tabletop.games.guardians.tables import KINDS

# Rough worth of each card in attack-equivalents (for drafting, discarding, trashing).
_BASE = {
    "explore": 1.5,
    "practice-swing": 1.0,
    "bash": 2.0,
    "cleave": 4.5,
    "mastering-slash": 6.0,
    "ice-blast": 3.5,
    "arcane-knowledge": 2.5,
    "fireball": 4.0,
    "shot": 3.0,
    "point-blank-shot": 5.0,
    "aimed-shot": 4.0,
    "daze": 2.5,
    "precise-strike": 3.0,
    "borrow": 2.0,
    "axe": 5.0,
    "wand": 3.0,
    "bow": 3.0,
    "dagger": 4.0,
    "shield": 1.5,
    "potion": 3.0,
    "breastplate": 7.0,
    "robe": 5.0,
    "backpack": 3.0,
    "marbles": 4.0,
    "caterpillar": 2.5,
    "butterfly": 3.5,
    "sapling": 3.5,
    "elder-oak": 6.0,
    "wolf-pup": 2.0,
    "dire-wolf": 5.5,
    "tiger-cub": 3.0,
    "sabertooth-tiger": 6.0,
    "pulverize": 10.0,
    "falling-star": 8.0,
    "rain-of-arrows": 8.0,
    "dramatic-display": 7.0,
    "mystic-ball": 6.0,
    "super-potion": 6.0,
    "sticker": 6.0,
    "ancient-hilt": 7.0,
    "world-spirit": 7.0,
    "immortal-elk": 5.0,
    "elf": 7.0,
    "pixie": 8.0,
    "coward": -3.0,
}
VALUE = tuple(_BASE.get(k.slug, 2.0) for k in KINDS)
# What each SUPER card wants around it: a class or family, and favourite cards.
_PLAN: dict[str, tuple[str, tuple[str, ...]]] = {
    "pulverize": ("knight", ("axe", "breastplate")),
    "falling-star": ("wizard", ("wand", "ice-blast")),
    "rain-of-arrows": ("archer", ("bow",)),
    "dramatic-display": ("rogue", ("dagger",)),
    "mystic-ball": ("wolf", ("sapling", "elder-oak")),
    "super-potion": ("knight", ("point-blank-shot", "cleave", "mastering-slash")),
    "sticker": ("knight", ("axe", "breastplate", "robe")),
    "ancient-hilt": ("plant", ("ice-blast", "robe", "tiger-cub")),
    "world-spirit": ("", ("shot", "ice-blast", "tiger-cub", "bash")),
    "immortal-elk": ("", ("breastplate", "robe", "axe")),
    "elf": ("tiger", ("shot", "point-blank-shot", "bow")),
    "pixie": ("", ("caterpillar", "sapling", "wolf-pup", "tiger-cub")),
}
_VISIT = {
    "hill": 10.0,
    "candy-shop": 6.0,
    "school": 5.0,
    "garage": 5.5,
    "game-store": 5.0,
    "zoo": 4.0,
    "home": 3.5,
    "playground": 3.0,
    "field": 1.0,
    "museum": 2.0,
}
# Rough extra attack a visit that changes the hand brings this round (Hill and Candy Shop are
# worked out from the hand).
_VISIT_ATTACK = {"school": 1.5, "zoo": 1.5, "home": 1.0, "garage": 2.0, "game-store": 1.5}
_GAINS = {"garage": 3, "game-store": 1}  # cards a visit adds to the deck
_FORT = {
    "hill": 10.0,
    "candy-shop": 7.0,
    "garage": 6.0,
    "school": 5.5,
    "game-store": 5.0,
    "zoo": 4.0,
    "playground": 3.0,
    "home": 3.0,
    "museum": 2.0,
    "field": 1.0,
}
_REWARD = {"orc": 0.5, "robot": 2.5, "warlock": 2.0, "spider": 1.5, "zombie": 0.0}
_PERSISTENT = frozenset({"robot", "warlock"})
# Quests decided by the deck alone (checked exactly when choosing).
_DECK_CHECKS = ("skill-class", "familiar-sets", "dual-weapon")
# How often this bot completes each quest in a 1-player Guardian game once it keeps it
# (measured over 1000 seeds); the Slayer quests come from the trophies of each family it takes
# in a game while it hunts that family (a Poisson count of this mean).
_SOLO_ODDS = {
    "most-generics": 0.95,
    "every-family": 0.9,
    "second-wave": 0.1,
    "trophy-family": 0.02,
    "skill-class": 0.05,
    "familiar-sets": 0.05,
    "dual-weapon": 0.05,
}
_SOLO_HUNT = {"zombie": 3.2, "robot": 3.0, "spider": 2.6, "warlock": 2.6, "orc": 2.2}


def _at_least(mean: float, k: int) -> float:
    """P(X >= k) for a Poisson count X of this mean."""
    term = math.exp(-mean)
    below = 0.0
    for i in range(k):
        below += term
        term *= mean / (i + 1)
    return max(0.0, 1.0 - below)


def _monster_value(m: int, turn: int = 0) -> float:
    """Trophy points plus the reward; a persistent energy or attack counts for more the more
    rounds (the Red Boss's included) are left to use it."""
    spec = T.monster(m)
    v = _REWARD[spec.family]
    if turn and spec.family in _PERSISTENT:
        v = max(v, 0.5 * (9 - turn))
    return spec.points + v + 0.5
