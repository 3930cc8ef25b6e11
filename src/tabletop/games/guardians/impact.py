"""What the simulator's card-impact report counts in the Guardians (see
`tabletop.sim.impact`): cards a seat drafted (supers among them), drew and played, villains
it defeated (its trophies) and quests it held at the end. Numbered copies ("Axe #2") count
as one card."""

from __future__ import annotations

import re

PLAYERS = 3

EVENTS = (
    ("card drafted", "ever", ("drafted-{p}",)),
    ("card drawn", "ever", ("hand-{p}",)),
    ("card played", "ever", ("play-{p}",)),
    ("villain defeated", "ever", ("trophies-{p}",)),
    ("quest held at the end", "end", ("quests-{p}", "quests-shown-{p}")),
)

_COPY = re.compile(r" #\d+$")


def card_name(name: str) -> str:
    return _COPY.sub("", name)
