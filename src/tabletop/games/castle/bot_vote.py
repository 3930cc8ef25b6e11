"""The Castle bot's Event votes, from the front of the card only.

The rulebook keeps what an Event's options do on the back of the card, turned over with the
Decision cards (castle.event.hidden); before the vote the Agents know the card's title, colour
and text with its four options (`view["event"]`). So the bot never reads an outcome: it reads
each option's words as a player would ("smash", "burn" hit something and leave fewer enemies at
a cost in Health; "take", "search" find a Treasure and wake something; "leave", "wait" cost a
little Clarity; the suit's tricks cost Energy) and values what it guesses with the same scale it
uses for what it knows: Health dearer as it runs low, Clarity paid in Health below 0, an enemy
by its colour. The guess is harsher for a red card than a green one, and it assumes the usual
End Event (the group's summon) since the card's End Event is on its back as well.

With talking allowed the Agents follow one plan every bot computes alike from public facts (the
players discuss "the expected results for each action"): each in seat order takes the best
option given what those before it took, so the group spreads its votes instead of all taking
the same cost. In the no-talk variant each votes for its own best.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.games.castle.cards import CONTENT, EVENT_ZONE
from tabletop.games.castle.event import front
from tabletop.games.castle.records import Step

if TYPE_CHECKING:
    from collections.abc import Callable

    from tabletop.games.castle.rules import CastleState

ENEMY_HARM = {"green": 3.0, "blue": 5.0, "red": 7.0, "violet": 8.0}  # a summoned enemy's cost
SEVERITY = {"green": 1.0, "blue": 1.25, "red": 1.6}  # how hard a colour's cards hit

# What a player reads into an option's words: (words, separated by |; the guessed effects as
# (effect, amount)). Every reading whose words appear adds its guess; an option nothing matches
# costs a little Clarity (the castle rarely gives for free).
READINGS: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = (
    # dealing with the threat (hitting, wrecking, driving off, shutting down): fewer enemies
    (
        "smash|break|burn|stamp|topple|kill|shoo|silence|cut|force|smoke|blow|stop|vent|seal|zap|blast"
        "|throw|lure|finish|trail|mark",
        (("health", -1), ("summon-change", -1)),
    ),
    # the suit's tricks: Energy
    ("suit|hover|zap|blast|drain|charge|stoke|tap", (("energy", -2),)),
    # taking or searching: a Treasure, and something notices
    (
        "take|search|grab|pocket|loot|strip|chip|crack|check|open|pick|fill|look for|pull",
        (("gain-treasure", 1), ("summon-change", 1)),
    ),
    # rest and food: Health back, a little Clarity
    ("rest|drink|eat|taste", (("health", 2), ("clarity", -1))),
    # calm: Clarity back
    ("pray|comfort|sing|hum|applaud|bow|water", (("clarity", 1),)),
    # the body's risks
    (
        "run|climb|wade|swim|cross|dive|walk|squeeze|reach|dig|jump|step through|stand|free",
        (("health", -2),),
    ),
    # the mind's risks
    (
        "read|study|answer|stare|speak|join|look into|look through|step into|chant|watch"
        "|listen|play|ask|sit",
        (("clarity", -2),),
    ),
    # keeping out of it
    (
        "leave|move on|pass|go back|turn back|back away|keep out|close|cover|hurry|creep"
        "|tiptoe|sneak|wait|ignore|shelter|go round|another way|hold your breath|look away"
        "|keep watch",
        (("clarity", -1),),
    ),
)
_WORDS = tuple(
    (re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words.split("|")) + r")"), guess)
    for words, guess in READINGS
)
_OPTION = re.compile(r"\(([A-D])\)\s*([^()]*)")


def option_texts(text: str) -> dict[str, str]:
    """The four options of an Event card's text, `(A) run across, (B) ...`, by letter."""
    out: dict[str, str] = {}
    for letter, words in _OPTION.findall(text):
        out[letter] = words.split(".")[0].strip(" ,;:")
    return out


def read_option(words: str, colour: str) -> tuple[Step, ...]:
    """What a player guesses an option does from its words and its card's colour."""
    scale = SEVERITY.get(colour, 1.0)
    found: dict[str, int] = {}
    low = words.lower()
    for pattern, guess in _WORDS:
        if pattern.search(low):
            for effect, amount in guess:
                found[effect] = found.get(effect, 0) + amount
    if not found:
        found["clarity"] = -1
    steps = []
    for effect, amount in found.items():
        if effect in ("health", "clarity", "energy") and amount < 0:
            amount = -round(-amount * scale)
        params: dict[str, str | int] = {"amount": amount}
        if effect == "gain-treasure":
            params = {"count": amount}
        elif effect == "energy":
            params["who"] = "self"
        steps.append(Step(effect, params))
    return tuple(steps)


def _point(h: int) -> float:
    """What one Health point is worth when the group has `h` left."""
    if h >= 12:
        return 0.7
    if h >= 8:
        return 1.0
    if h >= 5:
        return 2.0
    if h >= 2:
        return 4.0
    return 12.0


def health_value(health: int, amount: int) -> float:
    if amount >= 0:
        return sum(_point(health + i) for i in range(amount)) * 0.8
    return -sum(_point(health - i - 1) for i in range(-amount))


def clarity_value(health: int, clarity: int, amount: int) -> float:
    if amount >= 0:
        return 0.6 * min(amount, CONTENT.rules.clarity - clarity)
    value = 0.0
    for i in range(-amount):
        c = clarity - i - 1
        if c < 0:
            value -= _point(health + c)  # paid in Health below 0
        else:
            value -= 0.5 if c >= 6 else 0.9 if c >= 3 else 1.6
    return value


class Outlook(NamedTuple):
    """The group's prospects while a vote is planned."""

    health: int
    clarity: int
    summoned: int  # enemies the End Event is expected to summon, as things stand
    enemy: float  # what one of them costs

    def after(self, steps: tuple[Step, ...]) -> Outlook:
        h, c, n = self.health, self.clarity, self.summoned
        for st in steps:
            amount = int(st.params.get("amount", 0) or 0)
            if st.effect == "health":
                h += amount
            elif st.effect == "clarity":
                c += amount
                if c < 0:
                    h, c = h + c, 0
            elif st.effect == "summon-change":
                n = max(0, n + amount)
        return Outlook(h, c, n, self.enemy)


class Card(NamedTuple):
    """The front of the Event card being voted on: what the Agents may know."""

    colour: str
    options: dict[str, tuple[Step, ...]]  # the guessed outcome of each letter


class VoteMixin:
    """The Event votes of `CastleBot`. (Its helpers' names must not be `_<decision kind>`:
    the bot answers a decision of kind `k` with its method `_k` when it has one.)"""

    rng: Rng
    best: Callable[[Sequence[Option], Callable[[Option], float]], Option]

    def _event_front(self, s: CastleState) -> Card | None:
        cards = s.zones.cards[EVENT_ZONE]
        if not cards:
            return None
        view = front(s, cards[-1])
        texts = option_texts(view["text"])
        colour = view["colour"]
        return Card(colour, {x: read_option(texts.get(x, ""), colour) for x in "ABCD"})

    def step_value(self, s: CastleState, p: int, st: Step, look: Outlook) -> float:
        """What one step of an outcome is worth to the group, given the outlook (Health,
        Clarity and the enemies still to be summoned after the choices before it)."""
        e, q = st.effect, st.params
        amount = int(q.get("amount", 0) or 0)
        if e == "health":
            return health_value(look.health, amount)
        if e == "clarity":
            return clarity_value(look.health, look.clarity, amount)
        if e == "energy":
            if amount < 0 and s.energy[p] < -amount:
                return amount * 0.2  # paid only as far as it goes
            return amount * 0.4 * (1 if q.get("who") != "each-agent" else s.num_players)
        if e in ("gain-treasure", "gain-item"):
            return 2.5 * max(1, int(q.get("count", 1) or 1))
        if e == "summon-change":
            if amount < 0:  # fewer enemies: worth an enemy's harm while some are left to cut
                return look.enemy * min(-amount, look.summoned)
            return -look.enemy * amount
        return 0.0

    def _outlook(self, s: CastleState, p: int, card: Card) -> Outlook:
        pool = s.pool(p)
        summoned = max(0, s.summon_count() + s.summon_change)  # the usual End Event
        return Outlook(s.health[pool], s.clarity[pool], summoned, ENEMY_HARM.get(card.colour, 3.0))

    def _option_value(
        self, s: CastleState, p: int, card: Card, letter: str, look: Outlook
    ) -> float:
        return sum(self.step_value(s, p, st, look) for st in card.options[letter])

    def _vote(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        card = self._event_front(s)
        if card is None:
            return opts[self.rng.below(len(opts))]
        look = self._outlook(s, p, card)
        if s.opts.no_talk or not s.mode.shared:
            return self.best(opts, lambda o: self._option_value(s, p, card, str(o.arg), look))
        # One plan for the group, computed alike by every bot from public facts: each Agent in
        # seat order takes the best option given what those before it took.
        plan: dict[int, str] = {}
        for q in range(s.num_players):
            values = {x: self._option_value(s, q, card, x, look) for x in "ABCD"}
            top = max(values.values())
            choice = min(x for x in "ABCD" if values[x] >= top - 1e-9)
            plan[q] = choice
            look = look.after(card.options[choice])
        chosen = next((o for o in opts if o.arg == plan[p]), None)
        if chosen is not None:
            return chosen
        return self.best(opts, lambda o: self._option_value(s, p, card, str(o.arg), look))

    def _group_vote(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        card = self._event_front(s)
        if card is None:
            return opts[self.rng.below(len(opts))]
        look = self._outlook(s, p, card)
        return self.best(opts, lambda o: self._option_value(s, p, card, str(o.arg), look))


__all__ = [
    "ENEMY_HARM",
    "READINGS",
    "Card",
    "Outlook",
    "VoteMixin",
    "clarity_value",
    "health_value",
    "option_texts",
    "read_option",
]
