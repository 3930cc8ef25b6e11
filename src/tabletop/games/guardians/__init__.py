"""The Guardians: Explore (`guardians`): a semi-cooperative deckbuilder for 1 to 5 players.

Each player drafts a deck (thirteen cards, all players picking at once and passing left),
keeps one of two SUPER cards and one of two Secret Quests, then defends Arthursburg for eight
rounds (four in the Apprentice game). A round has five phases: visit a safe location for its
benefit; suffer the Overrun of Warlocks and Spiders; Power Up by playing cards in a chain
(energy requirements are thresholds, never spent; items are Persistent); battle the monsters
of one location with your attack and damage counters, take them as trophies and fortify a
vacant location with your Blanket Fort; clean up and draw four. Two bosses (Blue, then Red)
fight in the last round of each half: the party adds its attack together, and the Red Boss
surviving loses the game for everyone. The most trophy points (plus completed Secret Quests)
wins; ties go to the most quests completed.

Options (`GuardiansOptions`):
- `difficulty`: `guardian` (the draft, eight rounds, both bosses; default) or `apprentice`
  (preconstructed decks by seat colour, four rounds, the Blue Boss only, everyone battles the
  boss, Power Up in turn order).
- `cooperative`: `true` plays fully cooperatively: trophy points crown no one and the party
  wins or loses together.

One player: the draft is 36 cards, keep 13; the result's `outcomes["rank"]` gives the rank
(True Guardian 30+, Guardian 25+, Apprentice 20+, else "Play again"). Two players: a Ghost
seat takes a random card from the pack in front of it each pick.

The rulebook leaves out energy requirements, copy counts, trophy points, the Timekeeper track,
location colours and rows and more: those are authored in `content/*.toml` (each record says
`source = "rulebook"` or `"authored"`). Rules coverage matrix, rule ids and every
interpretation: docs/rules/guardians.md.
"""

from tabletop.engine.patch import Patch
from tabletop.engine.registry import GameSpec
from tabletop.games.guardians import catalog
from tabletop.games.guardians.bot import GuardiansBot
from tabletop.games.guardians.content import Content, load
from tabletop.games.guardians.evaluate import evaluate
from tabletop.games.guardians.numbers import numbers
from tabletop.games.guardians.rules import (
    ACTION_SPACE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VERSION,
    GuardiansOptions,
    GuardiansState,
    new_patched,
    new_state,
)


def patched_content(patch: Patch | None = None) -> Content:
    """The content under `patch`, refused unless the Guardians can play it (numbers.py)."""
    if patch is not None:
        numbers(patch)
    return load(patch)


SPEC = GameSpec(
    id="guardians",
    title="The Guardians: Explore",
    version=VERSION,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=GuardiansOptions,
    factory=new_state,
    action_space=ACTION_SPACE,
    heuristic=GuardiansBot,
    evaluate=evaluate,
    summary="semi-cooperative deckbuilder with a draft, bosses and secret quests, 1-5 players",
    rules_doc="docs/rules/guardians.md",
    catalog=catalog.subjects,
    package=__name__,
    content=patched_content,
    patched_factory=new_patched,
)

__all__ = ["SPEC", "GuardiansBot", "GuardiansOptions", "GuardiansState", "evaluate"]
