"""Castle Von Loghan (`castle`): a cooperative dungeon crawl in which 4 to 8 Agents (seats,
played by 1 to 8 people) move as one group through a castle in three timelines, vote in secret
on events and fight in ten-step combat rounds, rearranging their own Timing sequences for
Energy (../shared/rulebooks/castle-von-loghan.txt).

A turn has four phases: Movement (the Leader moves the group), Event (a Random Event voted A-D
in secret, or the Story), Combat (the round of steps in `combat.py`) and Refresh (one action
per Agent); after each, the Story, Points of Interest, Mission cards and the mode's end are
checked and Treasures may change hands.

Options (`CastleOptions`): `mode` (campaign, exploration, coop-competitive, boss-run,
unshackled), `mission` (1-10), `board` (past, present, future), `tokens` (2-4 per colour),
`placement` (ordered, random), `agents` (one per seat), `no_talk` (voting without talk),
`carried` (a campaign's carry-over).

Modules: the content (`content/*.toml`, read by `content.py`, `records.py`, `vocab.py`,
`parse.py`; what is printed and what authored: docs/rules/castle-content.md); the options,
card table and zones (`cards.py`); the action space (`space.py`); the state and its services
(`rules.py`); set-up (`setup.py`); the turn and movement (`turn.py`); the Event Phase
(`event.py`); the Combat Phase (`combat.py`, `sequence.py`, `enemy.py`); the Refresh Phase
(`refresh.py`); Treasures (`items.py`, `trade.py`), Skills, Treasure effects and Allies
(`abilities.py`); the effect handlers (`effects.py`, `combat_effects.py`,
`story_effects.py`); the Story, Missions and the modes' ends (`story.py`, `ending.py`); the
campaign (`campaign.py`); the view (`view.py`); option labels that explain themselves
(`labels.py`) and what the terminal's auto-passes may pass (`waits.py`); the bot (`bot.py`,
`bot_combat.py`) and the evaluation (`evaluate.py`). The rules matrix and every
interpretation: docs/rules/castle.md.
"""

# The rules modules import each other; loading the state module first puts them in order.
from tabletop.games.castle import rules as _rules  # noqa: F401, I001
from tabletop.games.castle import combat as _combat  # noqa: F401 (registers its handlers)
from tabletop.games.castle import story as _story  # noqa: F401 (registers its handlers)
from tabletop.engine.registry import GameSpec
from tabletop.games.castle import catalog
from tabletop.games.castle.bot import CastleBot
from tabletop.games.castle.cards import CastleOptions
from tabletop.games.castle.evaluate import evaluate
from tabletop.engine.patch import Patch, same_records
from tabletop.games.castle.content import load
from tabletop.games.castle.records import Content


from tabletop.games.castle.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    VERSION,
    CastleState,
    new_patched,
    new_state,
)
from tabletop.games.castle.space import ACTION_SPACE


def patched_content(patch: Patch | None = None) -> Content:
    """The content under `patch`, refused unless Castle can play it."""
    if patch is None:
        return load()
    patched = load(patch)
    same_records(load(), patched, patch.source, "Castle Von Loghan")
    return patched


SPEC = GameSpec(
    id="castle",
    title="Castle Von Loghan",
    version=VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=CastleOptions,
    factory=new_state,
    action_space=ACTION_SPACE,
    heuristic=CastleBot,
    evaluate=evaluate,
    summary="cooperative dungeon crawl with secret votes and timing-sequence combat, 4-8 Agents",
    rules_doc="docs/rules/castle.md",
    catalog=catalog.subjects,
    package=__name__,
    content=patched_content,
    patched_factory=new_patched,
)

__all__ = ["SPEC", "CastleBot", "CastleOptions", "CastleState", "evaluate"]
