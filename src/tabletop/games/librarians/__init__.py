"""The Librarians: Adventure Card Game (`librarians`): a cooperative card game for 1 to 4 heroes
with custom dice, per-hero decks built from Disciplines, Mission and Disturbance cards that tell
a story, and a four-adventure campaign (../shared/rulebooks/librarians-adventure-card-game.txt).

A round has five phases: Preparation (play Artifacts, Attachments and Sidekicks), Adventure
(each player draws and resolves an Adventure card), Action (ready characters exhaust to
Overcome, take a Card Action, Meditate or Rest; a free Assign Enemy each), Enemy (assigned
enemies attack, the Mission advances, Fate goes on the Disturbance) and Refresh (ready all,
draw or gain Energy three times, the Aid card passes left). The attribute check at the heart of
it rolls Character dice against Challenge dice; every player may devote a card to it.

Options (`LibrariansOptions`): `difficulty` (narrative, standard, expert), `adventure` (C-1 to
C-4), `heroes` (one per seat), `decks` (custom decks), `unlocked` (campaign unlocks),
`open_hands` (teammates see each other's hands, default on), `no_elimination` (Narrative only).

Modules: the content (`content/*.toml`, loaded and validated by `content.py`, `records.py`,
`parse.py`, `decks.py`; what is printed and what authored:
docs/rules/librarians-content.md); the action space (`space.py`); the options, card table and
zones (`cards.py`); the state and
set-up (`rules.py`); the attribute check (`check.py`, `change.py`); the round (`phases.py`:
Preparation in `prepare.py`, Adventure in `adventure.py`, Action in `actions.py`, Enemy in
`enemy.py`); using cards (`play.py`: costs, aims; `anytime.py`: Events and free abilities,
Focus and Power; `copies.py`: copies of a card told apart); moments, forced abilities and
Responses (`triggers.py`); attacks, damage, defeat and elimination (`damage.py`); the effect
handlers (`effects.py`, `card_effects.py`); the view (`view.py`); the bot (`bot.py`), the
evaluation (`evaluate.py`) and the campaign (`campaign.py`). The rules matrix and every
interpretation: docs/rules/librarians.md.
"""

# The rules modules import each other; loading the state module first puts them in order.
from tabletop.games.librarians import rules as _rules  # noqa: F401, I001
from tabletop.engine.registry import GameSpec
from tabletop.games.librarians import catalog
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.evaluate import evaluate
from tabletop.games.librarians.rules import (
    ACTION_SPACE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VERSION,
    LibrariansOptions,
    LibrariansState,
    new_patched,
    new_state,
)
from tabletop.engine.patch import Patch
from tabletop.games.librarians.cards import same_cards
from tabletop.games.librarians.content import Content, load


def patched_content(patch: Patch | None = None) -> Content:
    """The content under `patch`, refused unless the Librarians can play it."""
    if patch is None:
        return load()
    patched = load(patch)
    same_cards(load(), patched, patch.source)
    return patched


SPEC = GameSpec(
    id="librarians",
    title="The Librarians: Adventure Card Game",
    version=VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=LibrariansOptions,
    factory=new_state,
    action_space=ACTION_SPACE,
    heuristic=LibrariansBot,
    evaluate=evaluate,
    summary="cooperative adventure card game with custom dice and a campaign, 1-4 heroes",
    rules_doc="docs/rules/librarians.md",
    catalog=catalog.subjects,
    package=__name__,
    content=patched_content,
    patched_factory=new_patched,
)

__all__ = ["SPEC", "LibrariansBot", "LibrariansOptions", "LibrariansState", "evaluate"]
