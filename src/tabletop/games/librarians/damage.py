"""The Librarians: damage, enemy attacks, defeat and player elimination.

- An enemy attack (librarians.enemy.attack) is a small procedure: the attacked player picks
  the character hit; the attack is announced and the players may answer it (prevent some of
  its damage, cancel it, turn it back on the enemy, take it on their own hero); the damage is
  dealt; then a hero it damaged may answer that (librarians.card.response).
- Damage on a character (librarians.damage.defeated): a card may prevent some of it first
  (Protection of Ra); a sidekick at its Life is defeated to its owner's discard pile with its
  attachments; a hero at its Life is about to be defeated: the players may answer that (Hour
  of Need), and if it is still at its Life the player is eliminated, or in Narrative Mode with
  `no_elimination` it heals every damage and the Disturbance takes 1 Fate.
- Elimination (librarians.eliminate): the Aid card passes left if the player had it, their
  enemies go to the Unassigned Region, they take no further part (every window and turn
  order leaves them out); with nobody left the players lose.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields
from tabletop.engine.windows import Priority
from tabletop.games.librarians import labels as L
from tabletop.games.librarians import triggers as T
from tabletop.games.librarians.content import AdventureCard, PlayerCard
from tabletop.games.librarians.rules import (
    AREA,
    DISCARD,
    UNASSIGNED,
    LibrariansState,
    who,
    zone,
)


class Attack(NamedTuple):
    player: int  # the attacked player
    enemy: int
    target: int  # the character hit
    amount: int
    cancelled: bool = False


# -- enemy attacks -----------------------------------------------------------------------------
def attack(s: LibrariansState, p: int, enemy: int, target: int) -> None:
    """`enemy` attacks `target`, a character of `p`: announce it, let the players answer."""
    dmg = int(s.record(enemy).damage)
    s.emit(
        Event("librarians.enemy.attack", f"{s.name(enemy)} attacks {s.name(target)} ({dmg} damage)")
    )
    s.attack = Attack(p, enemy, target, dmg)
    s.flow.append(Strike())
    T.fire(s, "attack", p, enemy)


class Strike(NoFields):
    """The attack's damage is dealt (unless it was cancelled); a damaged hero may answer."""

    __slots__ = ()
    auto = True
    rule = "librarians.enemy.attack"

    def run(self, s: LibrariansState) -> None:
        att = s.attack
        assert isinstance(att, Attack)
        if att.cancelled or att.amount <= 0:
            if not att.cancelled:
                s.emit(Event(self.rule, f"{s.name(att.enemy)}'s attack deals no damage"))
            s.attack = None
            return
        s.flow.append(EndAttack())
        dealt = deal_damage(s, att.target, att.amount, self.rule)
        if dealt and att.target in s.t.heroes:
            T.fire(s, "hero-damaged", att.player, att.target)


class EndAttack(NoFields):
    __slots__ = ()
    auto = True
    rule = "librarians.enemy.attack"

    def run(self, s: LibrariansState) -> None:
        s.attack = None


def cancel_attack(s: LibrariansState, rule: str, text: str) -> None:
    att = s.attack
    assert isinstance(att, Attack)
    s.attack = att._replace(cancelled=True)
    s.emit(Event(rule, text))


class _Hit(NamedTuple):
    player: int
    enemy: int


class Hit(_Hit):
    """librarians.enemy.attack-target: the attacked player picks the character hit."""

    __slots__ = ()
    auto = False
    rule = "librarians.enemy.attack-target"

    def ask(self, s: LibrariansState) -> Decision:
        p = self.player
        opts = [L.char(s, ("hero", p))]
        if s.sidekick(p) is not None:
            opts.append(L.char(s, ("sidekick", p)))
        return Decision(
            (p,),
            "attack",
            f"{who(p)}: which character does {s.name(self.enemy)} hit?",
            tuple(opts),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        card = s.actor(option.arg)
        assert card is not None
        attack(s, p, self.enemy, card)


# -- damage ---------------------------------------------------------------------------------------
def soaked(s: LibrariansState, card: int, n: int) -> int:
    """What a card in play prevents of damage to `card` (the first time each round)."""
    for att, host in list(s.attached.items()):
        if host != card:
            continue
        for i, ab in enumerate(s.record(att).abilities):
            k = f"{att}:{i}"
            if ab.effect == "soak" and n > 0 and k not in s.used:
                s.used.append(k)
                prevented = min(int(ab.params["amount"]), n)
                s.emit(
                    Event("librarians.damage.soak", f"{s.name(att)} prevents {prevented} damage")
                )
                n -= prevented
    return n


def deal_damage(s: LibrariansState, card: int, n: int, rule: str) -> int:
    """Damage on a character (the Aid card is none: its holder's hero takes it,
    librarians.interpret.aid-damage); returns the damage dealt."""
    if card == s.t.aid:
        card = s.t.heroes[s.area_of(card)]
    n = soaked(s, card, n)
    if n <= 0:
        return 0
    s.damage[card] = total = s.damage.get(card, 0) + n
    s.emit(Event(rule, f"{s.name(card)} takes {n} damage ({total} of {s.life(card)})"))
    if total < s.life(card):
        return n
    rec = s.record(card)
    if isinstance(rec, PlayerCard):
        sidekick_defeated(s, card)
        return n
    p = s.t.heroes.index(card)
    if s.out[p] or any(isinstance(x, HeroDown) and x.hero == card for x in s.flow):
        return n
    s.flow.append(HeroDown(card))
    T.fire(s, "hero-defeated", p, card)
    return n


def leave_play(s: LibrariansState, card: int, rule: str) -> None:
    """A player card leaves play to its owner's discard pile, with the Attachments on it."""
    for att in [a for a, host in s.attached.items() if host == card]:
        leave_play(s, att, rule)
    s.damage.pop(card, None)
    s.attached.pop(card, None)
    s.countdown.pop(card, None)
    s.exhausted.pop(card, None)
    s.move(card, s.where(card), zone(s.t.owners[card], DISCARD), rule, "{card} is discarded")


def sidekick_defeated(s: LibrariansState, card: int) -> None:
    p = s.area_of(card)
    s.emit(Event("librarians.damage.defeated", f"{s.name(card)} is defeated"))
    T.forced(s, "self-defeated", p, card)  # "when he is defeated": while still in play
    leave_play(s, card, "librarians.damage.defeated")


class _Hero(NamedTuple):
    hero: int


class HeroDown(_Hero):
    """A hero at its Life, once the players had their chance to answer, is defeated."""

    __slots__ = ()
    auto = True
    rule = "librarians.damage.defeated"

    def run(self, s: LibrariansState) -> None:
        card = self.hero
        p = s.t.heroes.index(card)
        if s.out[p] or s.damage.get(card, 0) < s.life(card):
            return
        if s.opts.no_elimination:
            s.damage.pop(card, None)
            s.fate += 1
            s.emit(
                Event(
                    "librarians.eliminate.narrative",
                    f"{s.name(card)} would be defeated: instead every damage on them heals "
                    f"and 1 Fate is added ({s.fate})",
                )
            )
            return
        s.emit(Event(self.rule, f"{s.name(card)} is defeated"))
        eliminate(s, p, f"{s.name(card)} was defeated")


# -- elimination --------------------------------------------------------------------------------
def eliminate(s: LibrariansState, p: int, why: str) -> None:
    """librarians.eliminate: the three steps, then `p` is left out of every turn and window."""
    from tabletop.games.librarians.enemy import end_game

    rule = "librarians.eliminate.steps"
    s.out[p] = True
    s.emit(Event(rule, f"{who(p)} is eliminated: {why}"))
    left = s.seats_from(p)
    if s.first == p and left:
        nxt = left[0]
        s.move(s.t.aid, zone(p, AREA), zone(nxt, AREA), rule, f"The Aid card passes to {who(nxt)}")
        s.first = nxt
    for c in list(s.zones.cards[zone(p, AREA)]):
        rec = s.record(c)
        if isinstance(rec, AdventureCard) and rec.type == "enemy":
            s.move(c, zone(p, AREA), UNASSIGNED, rule, "{card} is no longer assigned")
    if not left:
        end_game(
            s,
            False,
            "librarians.eliminate.all",
            "every player has been eliminated: the players lose",
            "eliminated",
        )
        return
    _leave_out(s, p)


def _leave_out(s: LibrariansState, p: int) -> None:
    """Take `p` out of the steps waiting: their own steps go, windows ask the others."""
    kept = []
    for step in s.flow:
        if isinstance(step, Priority):
            step = _without(step, p)
            if step is None:
                continue
        elif getattr(step, "player", -1) == p:
            continue
        kept.append(step)
    s.flow[:] = kept


def _without(step: Priority, p: int) -> Priority | None:
    old = step.order
    order = tuple(q for q in old if q != p)
    if not order:
        return None
    at = step.at
    if old[at] == p:
        later = [q for q in old[at + 1 :] if q != p]
        if later:
            at = order.index(later[0])
        elif step.reopens:
            at = 0
        else:
            return None  # everyone else has been asked already
    else:
        at = order.index(old[at])
    new: Priority = tuple.__new__(type(step), (order, at, 0))
    return new
