"""The Librarians: Adventure Card Game (not registered yet): a cooperative card game for 1 to 4
heroes with custom dice, decks built from Disciplines, Mission and Disturbance cards and a
four-adventure campaign (../shared/rulebooks/librarians-adventure-card-game.txt).

So far this package holds the game's content: `content/*.toml` (heroes, player cards, Aid from
the Library and the Focus/Power set, dice, the four adventures, the Season One checklist) and
`content.py`, which loads and validates it and checks decks against the construction rules.
What is printed and what is authored is in docs/rules/librarians-content.md.
"""
