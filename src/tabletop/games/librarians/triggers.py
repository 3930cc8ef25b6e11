"""The Librarians: what happens when something happens.

A trigger is a moment of the game: an Obstacle defeated, a Complication resolved, an enemy
attacking, a hero about to be defeated... `fire` resolves the forced abilities of the cards in
play that answer it ("when...", "after...": mandatory), then opens a Response window
(librarians.card.response): every player still in the game, once each in turn from the player
the moment concerns, may play a Response card from hand or use a Response ability of a card
they control. The moment being answered sits on `state.moments` while its window is open, so
a response that causes another moment answers that one first. The check's own moments
(declared, rolled, succeeded, failed) have their windows in the check (`check.py`).

A window opens only where some card of this game answers the moment (the decks in play are
known to all), so nothing about a hand is told by whether a window opens; inside it, every
player is asked, holding something or not (the kernel's window policy).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields
from tabletop.engine.windows import Priority
from tabletop.games.librarians import play as U
from tabletop.games.librarians.content import PlayerCard
from tabletop.games.librarians.rules import (
    AREA,
    DISTURBANCE_ZONE,
    FOCUS,
    MISSION_ZONE,
    PASS,
    PLAY,
    POWER,
    SPECIAL,
    UNASSIGNED,
    USE,
    LibrariansState,
    who,
    zone,
)

# The response triggers a moment opens (the attack: its enemy, and damage to another's
# character, "Get behind me!").
ANSWERS = {"attack": ("enemy-attacks", "other-character-damaged")}


class Moment(NamedTuple):
    trigger: str
    player: int  # whom it concerns: the drawer, the attacked player, the hero's player
    card: int = -1  # what it is about: the defeated card, the attacking enemy, the hero


def in_play(s: LibrariansState) -> list[int]:
    """Every card in play whose abilities may answer a moment: the Special cards, the
    Mission and the Disturbance, the Unassigned Region and every Player Area."""
    z = s.zones.cards
    out = list(z[SPECIAL])
    for zi in (MISSION_ZONE, DISTURBANCE_ZONE):
        out += z[zi][-1:]
    out += z[UNASSIGNED]
    for p in range(s.num_players):
        out += z[zone(p, AREA)]
    return out


def controller(s: LibrariansState, card: int, default: int) -> int:
    """Who uses a player card's ability: the owner of an Attachment, else the player whose
    area holds it; an adventure card's: `default` (the player the moment concerns)."""
    if isinstance(s.record(card), PlayerCard):
        return s.t.owners[card] if card in s.attached else max(s.area_of(card), 0)
    return default


def fire(s: LibrariansState, trigger: str, player: int, card: int = -1) -> None:
    """The moment `trigger` happens: open its Response window (if any card of this game
    answers it, librarians.interpret.response-window), and resolve the forced abilities
    answering it (they resolve first: pushed last, they are on top)."""
    answers = ANSWERS.get(trigger, (trigger,))
    if any(t in s.t.responses for t in answers) and s.seats_from(player):
        s.moments.append(Moment(trigger, player, card))
        s.flow.append(EndMoment())
        s.flow.append(Respond(s.seats_from(player)))
    forced(s, trigger, player, card)


def forced(s: LibrariansState, trigger: str, player: int, card: int = -1) -> None:
    for c in in_play(s):
        for i, ab in enumerate(getattr(s.record(c), "abilities", ())):
            if ab.kind != "forced" or ab.trigger != trigger:
                continue
            if trigger.startswith("self-") and c != card:
                continue
            q = controller(s, c, player)
            if isinstance(s.record(c), PlayerCard) and s.out[q]:
                continue
            s.emit(Event("librarians.card.forced", f"{s.name(c)}: {s.record(c).text}"))
            U.resolve(s, q, c, i, -1, card)


def moment(s: LibrariansState) -> Moment:
    m = s.moments[-1]
    assert isinstance(m, Moment)
    return m


class EndMoment(NoFields):
    __slots__ = ()
    auto = True
    rule = "librarians.card.response"

    def run(self, s: LibrariansState) -> None:
        s.moments.pop()


def _allowed(s: LibrariansState, q: int, card: int, trigger: str, m: Moment) -> bool:
    """Whether `q` may answer `m` with this card's Response of `trigger`."""
    from tabletop.games.librarians.damage import Attack

    att: Attack | None = s.attack
    if trigger == "enemy-attacks":
        if att is None or att.cancelled:
            return False
        if card in s.attached:
            return s.attached[card] == att.target  # an Attachment guards its own character
        if s.t.kinds[card] in (FOCUS, POWER):
            return True  # a kept Effect answers any attack
        return q == att.player  # "one of your characters"
    if trigger == "other-character-damaged":
        return (
            att is not None
            and not att.cancelled
            and att.player != q
            and att.target != s.t.heroes[q]
            and att.amount > 0
        )
    if trigger == "hero-damaged":
        return m.card == s.t.heroes[q]
    if trigger == "complication-resolved":
        return q == m.player  # "a Complication you drew"
    return True


def answers(s: LibrariansState, q: int, m: Moment, from_hand: bool) -> Iterator[tuple[int, int]]:
    """(card, ability index) of what `q` may answer `m` with now: a Response card in hand they
    can pay for (`from_hand`), or an ability of a card they control or an Effect they kept
    (once per round where the card says so)."""
    triggers = ANSWERS.get(m.trigger, (m.trigger,))
    for card in s.hand(q) if from_hand else U.controlled(s, q):
        for i, ab in enumerate(getattr(s.record(card), "abilities", ())):
            if (
                ab.kind == "response"
                and ab.trigger in triggers
                and U.payable(s, q, card, i, from_hand=from_hand)
                and _allowed(s, q, card, ab.trigger, m)
            ):
                yield card, i


def response_options(s: LibrariansState, q: int, m: Moment) -> list[Option]:
    """`q`'s Responses to `m`, as options: Play a card from hand, Use a card in play."""
    out = dict.fromkeys(PLAY[s.name(c)] for c, _ in answers(s, q, m, True))
    out.update(
        dict.fromkeys(USE[s.name(c)] for c, _ in answers(s, q, m, False) if s.name(c) in USE)
    )
    return list(out)


class Respond(Priority):
    """librarians.card.response: every player in turn may answer the moment once."""

    __slots__ = ()
    kind = "respond"
    rule = "librarians.card.response"
    reopens = False

    def prompt(self, s: LibrariansState, p: int) -> str:
        m = moment(s)
        what = {
            "attack": "an enemy attacks",
            "hero-damaged": "a hero was damaged",
            "hero-defeated": "a hero is about to be defeated",
            "obstacle-defeated": "an Obstacle was defeated",
            "complication-resolved": "a Complication was resolved",
        }.get(m.trigger, m.trigger)
        about = f" ({s.name(m.card)})" if m.card >= 0 else ""
        return f"{who(p)}: {what}{about}: respond, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        return (PASS, *response_options(s, p, moment(s)))

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        m = moment(s)
        from_hand = option.id.startswith("play:")
        # of copies, the lowest card id (its first answering ability)
        mine = [(c, i) for c, i in answers(s, p, m, from_hand) if s.name(c) == option.arg]
        if not mine:
            raise AssertionError(f"{option.arg} has no Response to {m.trigger} for {who(p)}")
        card, i = min(mine)
        U.use(s, p, card, i, -1, m.card, from_hand=from_hand)
