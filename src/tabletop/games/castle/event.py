"""The Event Phase (castle.event.*): a Random Event when the group entered a room holding a
Random Event token, and the visit of the Story tokens of the room it entered.

A Random Event:

1. The card is taken from the BOTTOM of the event deck of the token's colour (an empty deck is
   refilled by shuffling its discard pile) and laid face up (castle.event.draw).
2. Every Agent of the group (in Unshackled, the Agent playing the phase, with any other Agent
   who entered the same room this turn: one token, one card, each Agent affected on its own)
   picks a letter A-D in secret: one SECRET decision of every voter, options `vote:A` ..
   `vote:D`; nothing of the choices shows (not in `s.votes`, not in any view) until the last
   one is in (castle.event.vote). What the options do is on the back of the card, turned over
   only with the Decision cards (rulebook, Event Phase steps 1 and 3): before the vote the
   Agents know the card's title, its text and its four options, never their outcomes or its
   End Event (castle.event.hidden). So every Decision card is offered to every Agent, and an
   Agent that chose an outcome costing more Energy than it has pays what it can (castle.event.pay,
   the rulebook's "cannot pay the full amount, you have to pay as much as you can").
   A Group Decision (`RandomEvent.group`) is one choice, `group:A` ..
   `group:D`, made by the Leader for the group: its outcome resolves once, for the group
   (castle.event.group-decision).
3. The letters are revealed (`s.votes`: a letter per seat, '' for a seat that did not vote;
   a log line says who chose what), and the outcomes resolve from A to D, each once per Agent
   who chose it, on that Agent's behalf (`energy who=self` is that Agent's) (castle.event.reveal,
   castle.event.outcomes).
4. The End Event: its steps, then its summon (castle.event.end): `group` summons the Summon
   table's number (active Agents minus one) of the event's colour, `fixed` the printed number,
   each changed by what the outcomes added or took away (`summon-change`, never below 0);
   `lurking` sets the printed number of Lurking Enemies aside for the next Combat; `none`
   summons nothing. The change is then reset.
5. The card goes to its colour's discard pile; the turn had an Event, so a Refresh Phase
   follows (`flags["evented"]`; in Unshackled `flags["evented-<seat>"]`). The token stays in
   the room: the Refresh Phase's Search uses it and its end discards it.

The `no_talk` option changes nothing here: the votes are always secret until all are in. It
only tells the bots not to coordinate their votes (the rulebook's variant without talking).

Entering a room with Story tokens (`s.marks`) visits them (castle.event.story-tokens): each
token kind counts one more room visited (`counters["visited:<kind>"]`, a room counted once per
kind; a token the group picks up counts once itself), and the tokens the group picks up
(Clues, Key Fragments, Wizards, Mystery tokens, KeyBots) leave the board. What the visit
leads to is a Story card's (story.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.decision import SECRET, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import clockwise, push
from tabletop.games.castle.anytime import window
from tabletop.games.castle.cards import EVENT_DECK, EVENT_DISCARD, EVENT_ZONE, who
from tabletop.games.castle.effects import Ctx, Resolve, lurk
from tabletop.games.castle.labels import labelled, vote_words
from tabletop.games.castle.records import RandomEvent
from tabletop.games.castle.space import LETTERS, OPT
from tabletop.games.castle.turn import token_here

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

# Story tokens the group takes with it when it visits their room (our reading: the Mission FAQ
# speaks of Clues gathered, Key Fragments found, Wizards visited, the Target searched for and
# KeyBots caught); the others (fire, gas, people, the Skull...) stay until a card removes them.
COLLECTED = frozenset({"clue", "key-fragment", "wizard", "mystery", "keybot"})
VOTES = tuple(OPT[f"vote:{x}"] for x in LETTERS)
GROUP_VOTES = tuple(OPT[f"group:{x}"] for x in LETTERS)


def front(s: CastleState, card: int) -> dict[str, Any]:
    """The front of a Random Event card: what every Agent knows before the vote, the title,
    colour, text with its four options, and whether it asks a Group Decision. Its outcomes and
    End Event are on the back (castle.event.hidden): the views and the bots read this."""
    rec: RandomEvent = s.record(card)
    return {"name": rec.name, "colour": rec.colour, "text": rec.text, "group": rec.group}


def colour_of(s: CastleState, token: int) -> str:
    return s.t.pools[token].removeprefix("token-")


def voters(s: CastleState, actor: int | None) -> tuple[int, ...]:
    """Who picks a Decision card: every Agent of the group from the Leader round the table;
    in Unshackled the Agent playing the phase and, after it round the table, every other Agent
    who entered the same room this turn and has had no Event yet (one token, one card: they
    face it together, each choosing for itself)."""
    if actor is None:
        return tuple(p for p in clockwise(s.leader, s.num_players) if s.health[s.pool(p)] > 0)
    room, f = s.room[actor], s.flags
    return tuple(
        p
        for p in clockwise(actor, s.num_players)
        if p == actor
        or (
            f.get(f"entered-{p}")
            and s.room[p] == room
            and s.health[p] > 0
            and not f.get(f"evented-{p}")
        )
    )


def start_event(s: CastleState, actor: int | None) -> None:
    """Called by the turn's Event step: visit the Story tokens of the room entered, then draw
    and resolve a Random Event if a Random Event token lies there."""
    key = "entered" if actor is None else f"entered-{actor}"
    if not s.flags.get(key) or (actor is not None and s.flags.get(f"evented-{actor}")):
        return  # no room entered, or its Event was faced with another Agent (Unshackled)
    seat = s.leader if actor is None else actor
    room = s.room[seat]
    visit_tokens(s, room)
    token = token_here(s, room)
    if token is None:
        return
    colour = colour_of(s, token)
    card = draw_event(s, colour)
    if card is None:
        s.emit(Event("castle.event.draw", f"No {colour} Random Event card is left"))
        return
    s.summon_change = 0
    s.votes = ()
    rec: RandomEvent = s.record(card)
    seats = voters(s, actor)
    before = window(s, "vote", seats)  # castle.agent.any-time: before the Decision cards
    if rec.group:
        push(s, *before, GroupVote(card, colour, actor, () if actor is None else seats))
    else:
        push(s, *before, Vote(card, colour, seats, actor))


def draw_event(s: CastleState, colour: str) -> int | None:
    """The bottom card of `colour`'s event deck, laid face up (castle.event.draw)."""
    deck, discard = EVENT_DECK[colour], EVENT_DISCARD[colour]
    if s.draw_from(deck, discard) is None:  # refills an empty deck from its discard pile
        return None
    card = s.zones.cards[deck][0]
    s.move(
        card,
        deck,
        EVENT_ZONE,
        "castle.event.draw",
        f"The Leader draws {{card}} from the bottom of the {colour} event deck",
    )
    return card


def visit_tokens(s: CastleState, room: str) -> None:
    """The group is in a room with Story tokens: each kind counts this room as visited once,
    each token picked up counts itself; those leave the board (castle.event.story-tokens)."""
    marks = s.marks.get(room, ())
    if not marks:
        return
    for kind in dict.fromkeys(marks):
        seen = f"visited:{kind}:{room}"
        key = f"visited:{kind}"
        if kind in COLLECTED:
            # each token picked up counts (two KeyBots met in one room are two caught)
            s.counters[key] = s.counters.get(key, 0) + marks.count(kind)
        elif not s.counters.get(seen):
            s.counters[seen] = 1
            s.counters[key] = s.counters.get(key, 0) + 1
        s.emit(Event("castle.event.story-tokens", f"The group visits the {kind} token in {room}"))
    kept = tuple(k for k in marks if k not in COLLECTED)
    if kept:
        s.marks[room] = kept
    else:
        del s.marks[room]


class _Vote(NamedTuple):
    card: int
    colour: str
    seats: tuple[int, ...]
    actor: int | None


class Vote(_Vote):
    """Every voter picks a Decision card A-D face down; all are revealed together
    (castle.event.vote)."""

    __slots__ = ()
    auto = False
    rule = "castle.event.vote"

    def ask(self, s: CastleState) -> Decision:
        # every card to every Agent: what each costs is on the card's back (castle.event.pay)
        prompt = f"{s.name(self.card)}: each Agent picks a Decision card (A-D) in secret"
        words = vote_words(s.record(self.card).text)
        extra = {f"vote:{k}": f"{k}: {v}" for k, v in words.items()}
        return labelled(s, Decision(self.seats, "vote", prompt, VOTES, self.rule, SECRET), extra)

    def answers(self, s: CastleState, decision: Decision, answers: dict[int, Option]) -> None:
        reveal(s, self.card, self.colour, self.actor, {p: str(o.arg) for p, o in answers.items()})

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        reveal(s, self.card, self.colour, self.actor, {player: str(option.arg)})


class _GroupVote(NamedTuple):
    card: int
    colour: str
    actor: int | None
    seats: tuple[int, ...]  # Unshackled: the Agents facing it (each resolves the choice)


class GroupVote(_GroupVote):
    """A Group Decision: the Leader (in Unshackled, the Agent playing) picks one option for
    the whole group; it resolves once, for the group (in Unshackled, once for each Agent
    facing the Event, each being affected on its own) (castle.event.group-decision)."""

    __slots__ = ()
    auto = False
    rule = "castle.event.group-decision"

    def ask(self, s: CastleState) -> Decision:
        chooser = s.leader if self.actor is None else self.actor
        words = vote_words(s.record(self.card).text)
        extra = {f"group:{k}": f"{k} for the group: {v}" for k, v in words.items()}
        return labelled(
            s,
            Decision(
                (chooser,),
                "group-vote",
                f"{s.name(self.card)}: {who(chooser)} makes one Group Decision (A-D)",
                GROUP_VOTES,
                self.rule,
            ),
            extra,
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        letter = str(option.arg)
        s.votes = tuple(letter if p == player else "" for p in range(s.num_players))
        s.emit(Event(self.rule, f"{who(player)} decides {letter} for the group"))
        rec: RandomEvent = s.record(self.card)
        steps = [
            Resolve(rec.option(letter), Ctx(seat=p, source=self.card, colour=self.colour))
            for p in (self.seats or (None,))
        ]
        after = window(s, "end", voters(s, self.actor))  # castle.agent.any-time
        push(s, *steps, *after, EndEvent(self.card, self.colour, self.actor, self.seats))


def reveal(
    s: CastleState, card: int, colour: str, actor: int | None, letters: dict[int, str]
) -> None:
    """Turn the Decision cards face up and resolve the outcomes from A to D, each once per
    Agent who chose it (castle.event.reveal, castle.event.outcomes)."""
    s.votes = tuple(letters.get(p, "") for p in range(s.num_players))
    said = ", ".join(f"{who(p)} {letters[p]}" for p in sorted(letters))
    s.emit(Event("castle.event.reveal", f"The Decision cards are revealed: {said}"))
    rec: RandomEvent = s.record(card)
    order = [p for p in clockwise(s.leader, s.num_players) if p in letters]
    steps: list[object] = []
    for letter in LETTERS:
        for p in order:
            if letters[p] == letter and rec.option(letter):
                ctx = Ctx(seat=p, source=card, colour=colour)
                steps += [Outcome(letter, p), Resolve(rec.option(letter), ctx)]
    after = window(s, "end", tuple(order))  # castle.agent.any-time: the card is turned over
    push(s, *steps, *after, EndEvent(card, colour, actor, () if actor is None else tuple(order)))


class _Outcome(NamedTuple):
    letter: str
    seat: int


class Outcome(_Outcome):
    """One chosen outcome resolves, on behalf of the Agent who chose it
    (castle.event.outcomes)."""

    __slots__ = ()
    auto = True
    rule = "castle.event.outcomes"

    def run(self, s: CastleState) -> None:
        cards = s.zones.cards[EVENT_ZONE]
        words = vote_words(s.record(cards[-1]).text).get(self.letter) if cards else None
        said = f" ({words})" if words else ""
        s.emit(Event(self.rule, f"Outcome {self.letter}{said} for {who(self.seat)}"))


class _EndEvent(NamedTuple):
    card: int
    colour: str
    actor: int | None
    seats: tuple[int, ...]  # Unshackled: the Agents who faced it; () for the group


class EndEvent(_EndEvent):
    """The End Event's own steps (for the group; in Unshackled for each Agent who faced the
    Event), then its summon (castle.event.end)."""

    __slots__ = ()
    auto = True
    rule = "castle.event.end"

    def run(self, s: CastleState) -> None:
        rec: RandomEvent = s.record(self.card)
        steps = [
            Resolve(rec.end.steps, Ctx(seat=p, source=self.card, colour=self.colour))
            for p in (self.seats or (None,))
        ]
        push(s, *steps, Summon(*self))


class Summon(_EndEvent):
    """The End Event's summon, changed by the outcomes; then the card is discarded and the
    turn counts as one with an Event (castle.event.summon, castle.event.discard)."""

    __slots__ = ()
    auto = True
    rule = "castle.event.summon"

    def run(self, s: CastleState) -> None:
        rec: RandomEvent = s.record(self.card)
        end = rec.end
        colour = self.colour if end.colour in ("", "same") else end.colour
        change, s.summon_change = s.summon_change, 0
        summoned = 0
        if end.summon == "group":
            count = max(0, s.summon_count() + change)
            summoned = s.summon(colour, count, "castle.summon.group") if count else 0
            s.emit(Event(self.rule, f"The End Event summons {count} {colour} enemies"))
        elif end.summon == "fixed":
            count = max(0, end.count + change)
            summoned = s.summon(colour, count, "castle.summon.fixed") if count else 0
            s.emit(Event(self.rule, f"The End Event summons {count} {colour} enemies"))
        elif end.summon == "lurking":
            lurk(s, colour, end.count or 1, "castle.summon.lurking")
        else:
            s.emit(Event(self.rule, "The End Event summons no enemy"))
        if summoned and self.actor is not None:
            s.flags["fight-seat"] = self.actor
        if self.card in s.zones.cards[EVENT_ZONE]:
            s.move(
                self.card,
                EVENT_ZONE,
                EVENT_DISCARD[self.colour],
                "castle.event.discard",
                "{card} is discarded",
            )
        if self.actor is None:
            s.flags["evented"] = 1
        for p in self.seats:
            s.flags[f"evented-{p}"] = 1


__all__ = [
    "COLLECTED",
    "EndEvent",
    "GroupVote",
    "Outcome",
    "Summon",
    "Vote",
    "draw_event",
    "front",
    "reveal",
    "start_event",
    "visit_tokens",
    "voters",
]
