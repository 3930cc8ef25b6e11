"""The Story (castle.story.*): a campaign Mission's deck of Intro, Locked, Point of Interest,
Story, Mission and Outro cards, checked after every phase; the end of the other modes; and the
conditions (`met`) Story cards and Contracts wait for.

How a Mission's deck is read (docs/rules/castle.md lists each decision):

- The **Intro** resolves at set-up, before the first turn (`intro`).
- A cover card (Locked or Point of Interest) resolves once, when its condition is met at the
  end of a phase; with it resolve the Story cards right after it in deck order. Resolving one
  is an Event for the turn: a Refresh Phase follows.
- The **Locked** cards form the Story deck: only the top one (`s.story`, the index of the next
  one in deck order) is checked; when it resolves the next becomes the top. A Locked card that
  waits for visiting tokens does not hold back the deck: it is checked at every phase like a
  Point of Interest (the Mission FAQ: three Clue rooms of five are enough, not every Wizard
  need be visited).
- **Points of Interest** are checked from the start.
- A `turns` condition counts the turns completed since the card came into play (the top of
  the deck, or put back by another card); `visit-tokens` counts the rooms visited with such a
  token (since the card was put back, for one put back).
- **Mission cards** apply their steps at the end of every turn (after the Refresh Phase,
  played or skipped): `always` every turn, `turns n` every n-th turn, any other condition
  every turn it is met. Mission cards without steps are rules text only.
- The **Outro** (its condition the Mission's goal) is checked once no Locked card of the
  deck is left; its steps win the Mission.
- `story-card` names a card: a cover card is put back in play (it waits again, counted from
  now: Mission 7's "Not Here" sends the group to search again), any other card resolves now.

The other modes end (castle.modes.end) when every Random Event token placed has been resolved
(none lies in a room any more) and no enemy is left to fight; in Co-op Competitive also when
the enemy decks ran out, once that Combat is over. `ending.finish` scores Co-op Competitive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle.cards import FIGHT, INVENTORY, ROOM_ZONE, TREASURE, zone
from tabletop.games.castle.effects import Ctx, Resolve
from tabletop.games.castle.records import Condition, Mission, StoryCard

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

COVERS = ("locked", "poi")


def mission(s: CastleState) -> Mission:
    mission: Mission = s.t.content.mission(s.opts.mission)
    return mission


def turns_done(s: CastleState) -> int:
    return s.counters.get("turns-done", 0)


# -- conditions ---------------------------------------------------------------------------------
def met(s: CastleState, condition: Condition | None, seat: int | None = None) -> bool:
    """Whether `condition` holds now (`seat`: the Agent a Contract belongs to)."""
    if condition is None:
        return True
    kind, p = condition.kind, condition.params
    c = s.counters
    if kind == "always":
        return True
    if kind == "enter-room":
        return s.room[s.leader] == str(p["room"])
    if kind == "counter-at-least":
        return c.get(str(p["name"]), 0) >= int(p["amount"])
    if kind == "defeat-enemy":
        return c.get(f"defeated:{p['enemy']}", 0) >= 1
    if kind == "visit-tokens":
        return c.get(f"visited:{p['token']}", 0) >= int(p["count"])
    if kind == "turns":
        return turns_done(s) >= int(p["count"])
    seats = range(s.num_players) if seat is None else (seat,)
    if kind == "defeat-colour":
        got = sum(c.get(f"blows:{q}:{p['colour']}", 0) for q in seats)
        return got >= int(p["count"])
    if kind == "treasures-held":
        held = sum(
            1
            for q in seats
            for card in s.zones.cards[zone(q, INVENTORY)]
            if s.t.kinds[card] == TREASURE
        )
        return held >= int(p["count"])
    if kind == "energy-at-least":
        return all(s.energy[q] >= int(p["amount"]) for q in seats)
    if kind == "burned":
        return sum(s.burned[q] for q in seats) >= int(p["count"])
    if kind == "killing-blows":
        return sum(s.blows[q] for q in seats) >= int(p["count"])
    raise AssertionError(f"unknown condition {kind!r}")


def cover_met(s: CastleState, card: StoryCard) -> bool:
    """A cover card's condition, counted since it came into play for `turns` and, when it
    was put back, for `visit-tokens`."""
    wait = card.wait
    if wait.kind == "turns":
        since = s.counters.get(f"since:{card.number}", 0)
        return turns_done(s) - since >= int(wait.params["count"])
    if wait.kind == "visit-tokens":
        base = s.counters.get(f"base:{card.number}", 0)
        got = s.counters.get(f"visited:{wait.params['token']}", 0)
        return got - base >= int(wait.params["count"])
    return met(s, wait)


# -- the deck -----------------------------------------------------------------------------------
def in_deck(card: StoryCard) -> bool:
    """A Locked card that holds back the ones after it (not one waiting for token visits)."""
    return card.kind == "locked" and card.wait.kind != "visit-tokens"


def next_locked(m: Mission, start: int) -> int:
    """Index of the first Locked card of the deck at or after `start` (len when none)."""
    for i in range(start, len(m.cards)):
        if in_deck(m.cards[i]):
            return i
    return len(m.cards)


def story_of(m: Mission, index: int) -> tuple[StoryCard, ...]:
    """The Story cards right after the cover card at `index`, in deck order."""
    out = []
    for card in m.cards[index + 1 :]:
        if card.kind != "story":
            break
        out.append(card)
    return tuple(out)


def intro(s: CastleState) -> None:
    """Campaign set-up: the Mission's Intro steps (before the first turn), and the first
    Locked card on top of the Story deck (castle.story.intro)."""
    m = mission(s)
    s.emit(Event("castle.story.intro", f"Mission {m.number}: {m.name}"))
    s.story = next_locked(m, 0)
    steps = []
    for card in m.of_kind("intro"):
        s.done[card.number] = 1
        s.emit(Event("castle.story.intro", f"{card.number} {card.title}: {card.text}"))
        steps.append(Resolve(card.steps, Ctx()))
    push(s, *steps)


def check(s: CastleState, phase: str) -> None:
    """After every phase (castle.story.check): the Mission's cards in a campaign, the end of
    the other modes."""
    if s.result is not None:
        return
    if not s.mode.story:
        mode_end(s, phase)
        return
    if phase == "refresh":
        s.counters["turns-done"] = turns_done(s) + 1
        push(s, Recheck(phase))
        mission_cards(s)
        return
    scan(s)


class _Recheck(NamedTuple):
    phase: str


class Recheck(_Recheck):
    """Check the Story deck again after a card resolved: the next one may be met already
    (castle.story.check)."""

    __slots__ = ()
    auto = True
    rule = "castle.story.check"

    def run(self, s: CastleState) -> None:
        if s.result is None:
            scan(s)


def scan(s: CastleState) -> None:
    """Resolve the first card met: the top Locked card, a Point of Interest (or a Locked card
    waiting for token visits), then the Outro once the deck is through."""
    m = mission(s)
    cards = m.cards
    if s.story < len(cards) and cover_met(s, cards[s.story]):
        index = s.story
        s.story = next_locked(m, index + 1)
        if s.story < len(cards):
            s.counters[f"since:{cards[s.story].number}"] = turns_done(s)
        resolve_cover(s, m, index)
        return
    for i, card in enumerate(cards):
        free = card.kind in COVERS and not in_deck(card) and card.number not in s.done
        if free and cover_met(s, card):
            resolve_cover(s, m, i)
            return
    if s.story >= len(cards):
        for card in m.of_kind("outro"):
            if card.number not in s.done and met(s, card.wait):
                s.done[card.number] = 1
                s.emit(Event("castle.story.outro", f"{card.number} {card.title}: {card.text}"))
                push(s, Resolve(card.steps, Ctx()))
                return


def resolve_cover(s: CastleState, m: Mission, index: int) -> None:
    """A cover card's condition is met: it and its Story cards resolve, then the deck is
    checked again; the turn had an Event (castle.story.resolve)."""
    card = m.cards[index]
    s.done[card.number] = 1
    s.flags["evented"] = 1
    s.emit(Event("castle.story.resolve", f"{card.number} {card.title}: {card.text}"))
    steps: list[object] = [Resolve(card.steps, Ctx())] if card.steps else []
    for story in story_of(m, index):
        s.done[story.number] = 1
        steps.append(Tell(story.number))
        steps.append(Resolve(story.steps, Ctx()))
    push(s, *steps, Recheck(""))


class _Tell(NamedTuple):
    number: str


class Tell(_Tell):
    """Read a Story card aloud as it resolves (castle.story.resolve)."""

    __slots__ = ()
    auto = True
    rule = "castle.story.resolve"

    def run(self, s: CastleState) -> None:
        card = mission(s).card(self.number)
        s.emit(Event(self.rule, f"{card.number} {card.title}: {card.text}"))


def mission_cards(s: CastleState) -> None:
    """The end of a turn: every Mission card applies its steps when due (castle.story.mission)."""
    done = turns_done(s)
    steps: list[object] = []
    for card in mission(s).of_kind("mission"):
        if not card.steps:
            continue
        wait = card.wait
        if wait.kind == "turns":
            due = done % max(1, int(wait.params["count"])) == 0
        else:
            due = met(s, wait)
        if due:
            s.emit(Event("castle.story.mission", f"{card.number} {card.title} applies"))
            steps.append(Resolve(card.steps, Ctx()))
    push(s, *steps)


def resolve_named(s: CastleState, number: str) -> None:
    """`story-card`: a cover card is put back in play (its condition counted from now); any
    other card of the Mission resolves now (castle.story.story-card)."""
    m = mission(s)
    card = m.card(number)
    if card.kind in COVERS:
        s.done.pop(number, None)
        s.counters[f"since:{number}"] = turns_done(s)
        if card.wait.kind == "visit-tokens":
            key = f"visited:{card.wait.params['token']}"
            s.counters[f"base:{number}"] = s.counters.get(key, 0)
        if in_deck(card) and m.cards.index(card) < s.story:
            s.story = m.cards.index(card)
        s.emit(Event("castle.story.story-card", f"{number} {card.title} waits again"))
        return
    s.done[number] = 1
    s.emit(Event("castle.story.story-card", f"{number} {card.title}: {card.text}"))
    push(s, Resolve(card.steps, Ctx()))


# -- the other modes ----------------------------------------------------------------------------
def mode_end(s: CastleState, phase: str) -> None:
    """Exploration, Co-op Competitive, Boss Run, Unshackled: the game ends when every Random
    Event token placed is resolved and no enemy is left to fight; Co-op Competitive also ends
    when the enemy decks ran out, once that Combat is over (castle.modes.end)."""
    fighting = bool(s.zones.cards[FIGHT]) or s.combat is not None
    if fighting:
        return
    if s.mode.contracts and s.counters.get("out-of-enemies"):
        reason = "the enemy decks ran out"
    elif not any(s.zones.cards[z] for z in ROOM_ZONE.values()):
        reason = "every Random Event token is resolved"
    else:
        return
    s.emit(Event("castle.modes.end", f"The game ends: {reason}"))
    s.win(reason)


__all__ = [
    "Recheck",
    "check",
    "cover_met",
    "intro",
    "met",
    "mission_cards",
    "mode_end",
    "resolve_named",
    "scan",
]

from tabletop.games.castle import story_effects as _story_effects  # noqa: E402, F401  (handlers)
