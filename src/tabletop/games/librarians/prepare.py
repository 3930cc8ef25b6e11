"""The Librarians: the Preparation phase (phase 1 of the round, `phases.py`).

Players in turn from the first player play Artifacts, Attachments and Sidekicks from their
hands, paying their Energy cost, in any order and as many as they wish, until all pass in a row
(librarians.preparation.window). A card enters play ready in its player's area; an Attachment
goes on a character (its own hero, or any character in play, the player's pick). Each player
controls one Artifact and one Sidekick at most, and a Unique name is in play once at most
(librarians.preparation.limits).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.windows import Priority
from tabletop.games.librarians import anytime as Y
from tabletop.games.librarians import labels as L
from tabletop.games.librarians import play as U
from tabletop.games.librarians.content import PlayerCard
from tabletop.games.librarians.rules import (
    AREA,
    DISCARD_OPT,
    HAND,
    PASS,
    PLAY,
    LibrariansState,
    who,
    zone,
)

PERMANENTS = ("artifact", "attachment", "sidekick")


def in_play(s: LibrariansState) -> list[int]:
    """Every player card in a Player Area."""
    return [
        c
        for p in range(s.num_players)
        for c in s.zones.cards[zone(p, AREA)]
        if isinstance(s.record(c), PlayerCard)
    ]


def may_play(s: LibrariansState, p: int, card: int) -> bool:
    """librarians.preparation.limits: affordable, a Unique name once in play (a second
    Artifact or Sidekick may be played: the player then discards one of the two)."""
    rec = s.record(card)
    if rec.type not in PERMANENTS or int(rec.cost) > s.energy(p):
        return False
    return not (rec.unique and any(s.name(c) == rec.name for c in in_play(s)))


def over_limit(s: LibrariansState, p: int, typ: str) -> list[int]:
    """`p`'s cards of `typ` in play when they control more than one (Artifact, Sidekick)."""
    mine = [
        c
        for c in s.zones.cards[zone(p, AREA)]
        if isinstance(s.record(c), PlayerCard) and s.record(c).type == typ and c not in s.attached
    ]
    return mine if len(mine) > 1 else []


def hosts(s: LibrariansState, p: int, card: int) -> list[tuple[str, int]]:
    """The character slots an Attachment may go on."""
    if s.record(card).attach_to == "your-hero":
        return [("hero", p)]
    out = []
    for q in range(s.num_players):
        out.append(("hero", q))
        if s.sidekick(q) is not None:
            out.append(("sidekick", q))
    return out


def enter_play(s: LibrariansState, p: int, card: int, host: int | None) -> None:
    rule = "librarians.preparation.window"
    rec = s.record(card)
    s.spend_energy(p, int(rec.cost), "librarians.card.cost")
    s.exhausted.pop(card, None)
    if host is None:
        s.move(card, zone(p, HAND), zone(p, AREA), rule, f"{who(p)} plays {{card}}")
    else:
        q = s.area_of(host)
        s.attached[card] = host
        s.move(
            card,
            zone(p, HAND),
            zone(q, AREA),
            rule,
            f"{who(p)} attaches {{card}} to {s.name(host)}",
        )
    if rec.countdown:
        # librarians.device.countdown: a Device enters with its tokens (fewer with haste)
        haste = sum(
            int(ab.params["amount"])
            for c in U.controlled(s, p)
            for ab in getattr(s.record(c), "abilities", ())
            if ab.effect == "device-haste"
        )
        s.countdown[card] = max(rec.countdown - haste, 0)
        s.emit(
            Event(
                "librarians.device.countdown",
                f"{rec.name} enters with {s.countdown[card]} token"
                + ("" if s.countdown[card] == 1 else "s"),
            )
        )
    if rec.type in ("artifact", "sidekick") and over_limit(s, p, rec.type):
        s.flow.append(OverLimit(p, rec.type))
    for i, ab in enumerate(rec.abilities):
        if ab.kind == "play":  # "when it enters play"
            U.resolve(s, p, card, i)


class Prepare(Priority):
    """librarians.preparation.window: play an Artifact, Attachment or Sidekick, or pass."""

    __slots__ = ()
    kind = "prepare"
    rule = "librarians.preparation.window"

    def prompt(self, s: LibrariansState, p: int) -> str:
        return "Play an Artifact, Attachment or Sidekick, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        names = sorted({s.name(c) for c in s.hand(p) if may_play(s, p, c)})
        return tuple(dict.fromkeys((PASS, *(PLAY[n] for n in names), *Y.anytime_options(s, p))))

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        card = next(
            (c for c in sorted(s.hand(p)) if s.name(c) == option.arg and may_play(s, p, c)), None
        )
        if card is None:
            assert Y.anytime_act(s, p, option), option.id
            return
        if s.record(card).type != "attachment":
            enter_play(s, p, card, None)
            return
        slots = hosts(s, p, card)
        if len(slots) == 1:
            host = s.actor(slots[0])
            assert host is not None
            enter_play(s, p, card, host)
        else:
            s.flow.append(ChooseHost(p, card))


class _Play(NamedTuple):
    player: int
    card: int


class ChooseHost(_Play):
    """librarians.preparation.attach: the player picks the character an Attachment goes on."""

    __slots__ = ()
    auto = False
    rule = "librarians.preparation.attach"

    def ask(self, s: LibrariansState) -> Decision:
        return Decision(
            (self.player,),
            "attach",
            f"{who(self.player)}: attach {s.name(self.card)} to which character?",
            tuple(L.char(s, slot) for slot in hosts(s, self.player, self.card)),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        host = s.actor(option.arg)
        assert host is not None
        enter_play(s, p, self.card, host)


class _Limit(NamedTuple):
    player: int
    typ: str


class OverLimit(_Limit):
    """librarians.preparation.limits: over one Artifact or Sidekick, the player discards one."""

    __slots__ = ()
    auto = False
    rule = "librarians.preparation.limits"

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in over_limit(s, self.player, self.typ)})
        return Decision(
            (self.player,),
            "limit",
            f"{who(self.player)}: one {self.typ.title()} at a time: discard which?",
            tuple(DISCARD_OPT[n] for n in names),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        from tabletop.games.librarians.damage import leave_play

        card = min(c for c in over_limit(s, p, self.typ) if s.name(c) == option.arg)
        leave_play(s, card, self.rule)
