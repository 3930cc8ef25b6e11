"""The Guardians: Explore: the rules, by module (this module gathers what others import).

- `state`: the state and its declared fields, the queries bots and views share, decks;
- `drive`: the driver, phases in turn order (`Turns`) and everyone at once (`Together`);
- `phases`: set-up, the Warm Up and the round as declared procedures of steps;
- `steps`: the small steps many cards share (discard, trash, look);
- `city`: monsters, invasions, trophies, monster families, Final Acts and Shields, Overrun;
- `power`, `cards`: Power Up, and what each card does (one handler per behaviour);
- `battle`: a player's Battle phase; `locations`: the Location phase;
- `bosses`: boss reveals, outcome and rewards; `scoring`: quests and the winner.

Every rule applied has an id `guardians.<section>.<rule>` (docs/rules/guardians.md).
"""

from __future__ import annotations

from tabletop.engine.patch import Patch
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.state import (
    COUNTERS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VERSION,
    GuardiansOptions,
    GuardiansState,
    who,
)


def new_state(players: int, seed: int, opts: GuardiansOptions, log: bool) -> GuardiansState:
    return GuardiansState(players, seed, opts, log)


def new_patched(
    players: int, seed: int, opts: GuardiansOptions, log: bool, patch: Patch
) -> GuardiansState:
    """A game on the content under `patch` (numbers.py says what a patch may change)."""
    return GuardiansState(players, seed, opts, log, patch)


ACTION_SPACE = T.ACTION_SPACE

__all__ = [
    "ACTION_SPACE",
    "COUNTERS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VERSION",
    "GuardiansOptions",
    "GuardiansState",
    "new_state",
    "who",
]
