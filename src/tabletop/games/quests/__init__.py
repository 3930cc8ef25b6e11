"""Quests of the Librarian (`quests`): a competitive card game of set collection for 2 to 8
players. Each turn the players roll for Fate and Initiative, take Fate cards in turn from the
Leader, play Action cards for their abilities (Escape negates a card just played), and race to
meld one card of each of the eight suits: the first meld of a turn claims the Prize artifact.
The first to hold the agreed number of artifacts wins.

Options (`QuestsOptions`):
- `length`: short (3 artifacts), mid (5), long (7) or full (9). Default short.
- `artifact_deck`: `all` (the 27 listed artifacts) or `random18` (18 of them at random).
- `turn_limit`: end after this many turns, most artifacts winning (0: none). Default 150.

Rules coverage matrix, rule ids and every interpretation: docs/rules/quests.md.
"""

from tabletop.engine.patch import Patch
from tabletop.engine.registry import GameSpec
from tabletop.games.quests import catalog
from tabletop.games.quests.bot import QuestsBot
from tabletop.games.quests.content import Content, load
from tabletop.games.quests.evaluate import evaluate
from tabletop.games.quests.rules import (
    ACTION_SPACE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VERSION,
    QuestsOptions,
    QuestsState,
    new_patched,
    new_state,
)
from tabletop.games.quests.tables import tables


def patched_content(patch: Patch | None = None) -> Content:
    """The content under `patch`, refused unless Quests can play it (tables.py)."""
    if patch is not None:
        tables(patch)
    return load(patch)


SPEC = GameSpec(
    id="quests",
    title="Quests of the Librarian",
    version=VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=QuestsOptions,
    factory=new_state,
    action_space=ACTION_SPACE,
    heuristic=QuestsBot,
    evaluate=evaluate,
    summary="competitive set collection with dice and hidden hands, 2-8 players",
    rules_doc="docs/rules/quests.md",
    catalog=catalog.subjects,
    package=__name__,
    content=patched_content,
    patched_factory=new_patched,
)

__all__ = ["SPEC", "QuestsBot", "QuestsOptions", "QuestsState"]
