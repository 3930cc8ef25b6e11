"""The Librarians: Adventure Card Game (not registered yet): a cooperative card game for 1 to 4
heroes with custom dice, decks built from Disciplines, Mission and Disturbance cards and a
four-adventure campaign (../shared/rulebooks/librarians-adventure-card-game.txt).

So far: the content (`content/*.toml`, loaded and validated by `content.py`; what is printed and
what authored: docs/rules/librarians-content.md); the options, zones, state and set-up
(`rules.py`), the attribute check as declared steps (`check.py`, `change.py`), the effect
handlers it needs (`effects.py`), the round as a declared procedure of its five phases
(`phases.py`: Preparation in `prepare.py`, Adventure in `adventure.py`, the Action window
in `actions.py` (Overcome, Meditate, Rest, Assign Enemy; Card Actions still to come), Enemy
in `enemy.py`, Refresh in `phases.py`), the
view (`view.py`) and a heuristic bot (`bot.py`). The rules matrix: docs/rules/librarians.md.
Until every phase is built the game is not registered.
"""

# The rules modules import each other; loading the state module first puts them in order.
from tabletop.games.librarians import rules as _rules  # noqa: F401
