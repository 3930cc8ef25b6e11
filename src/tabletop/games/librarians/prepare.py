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
from tabletop.engine.windows import Priority
from tabletop.games.librarians.content import PlayerCard
from tabletop.games.librarians.rules import (
    AREA,
    CHAR,
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
    """librarians.preparation.limits: affordable, one Artifact and one Sidekick each, a Unique
    name once in play."""
    rec = s.record(card)
    if rec.type not in PERMANENTS or int(rec.cost) > s.energy(p):
        return False
    mine = [s.record(c) for c in s.zones.cards[zone(p, AREA)]]
    if rec.type in ("artifact", "sidekick") and any(
        isinstance(r, PlayerCard) and r.type == rec.type for r in mine
    ):
        return False
    return not (rec.unique and any(s.name(c) == rec.name for c in in_play(s)))


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
    s.spend_energy(p, int(s.record(card).cost), "librarians.card.cost")
    s.exhausted.pop(card, None)
    if host is None:
        s.move(card, zone(p, HAND), zone(p, AREA), rule, f"{who(p)} plays {{card}}")
        return
    q = s.area_of(host)
    s.attached[card] = host
    s.move(
        card,
        zone(p, HAND),
        zone(q, AREA),
        rule,
        f"{who(p)} attaches {{card}} to {s.name(host)}",
    )


class Prepare(Priority):
    """librarians.preparation.window: play an Artifact, Attachment or Sidekick, or pass."""

    __slots__ = ()
    kind = "prepare"
    rule = "librarians.preparation.window"

    def prompt(self, s: LibrariansState, p: int) -> str:
        return "Play an Artifact, Attachment or Sidekick, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        names = sorted({s.name(c) for c in s.hand(p) if may_play(s, p, c)})
        return (PASS, *(PLAY[n] for n in names))

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        card = next(c for c in sorted(s.hand(p)) if s.name(c) == option.arg)
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
            tuple(CHAR[slot] for slot in hosts(s, self.player, self.card)),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        host = s.actor(option.arg)
        assert host is not None
        enter_play(s, p, self.card, host)
