"""The Librarians: the effect handlers of cards outside the check: damage and healing, enemies,
attacks, characters, Energy and cards, Devices, the Mission, the Disturbance and the Adventure
deck. Each is registered in `effects.HANDLERS` under the name the content uses; what it aims
at has been chosen (`play.resolve`) and comes as `Use.target`.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.games.librarians import damage as D
from tabletop.games.librarians.effects import HANDLERS, Use, place
from tabletop.games.librarians.rules import (
    ADV_DECK,
    ADV_DISCARD,
    AIM,
    AREA,
    DISCARD,
    DISCARD_ADV,
    DISCARD_OPT,
    DONE,
    HAND,
    TAKE,
    UNASSIGNED,
    USE,
    LibrariansState,
    who,
    zone,
)

# read where they apply: soak (damage.soaked), extra-fate (enemy.fate_due), reduce-discard-cost
# (play.top_cost), device-haste (prepare.enter_play), advance-when-defeated (enemy.AdvanceMission)
HANDLERS.plain("soak", "extra-fate", "reduce-discard-cost", "device-haste", "advance-when-defeated")


# -- damage on enemies ----------------------------------------------------------------------------
@HANDLERS.handler("deal-damage", rule="librarians.effect.deal-damage")
def deal_damage(s: LibrariansState, u: Use) -> None:
    place(s, u.target, int(u.params["amount"]), "librarians.effect.deal-damage")


@HANDLERS.handler("damage-by-attribute", rule="librarians.effect.damage-by-attribute")
def damage_by_attribute(s: LibrariansState, u: Use) -> None:
    actor = u.actor if u.actor >= 0 else s.t.heroes[u.player]
    n = s.attribute(actor, str(u.params["attribute"]))
    if n:
        place(s, u.target, n, "librarians.effect.damage-by-attribute")


@HANDLERS.handler("defeat-enemy", rule="librarians.effect.defeat-enemy")
def defeat_enemy(s: LibrariansState, u: Use) -> None:
    left = s.life(u.target) - s.damage.get(u.target, 0)
    place(s, u.target, max(left, 1), "librarians.effect.defeat-enemy")


# -- attacks ------------------------------------------------------------------------------------
def _attack(s: LibrariansState) -> D.Attack:
    att = s.attack
    assert isinstance(att, D.Attack), "no attack is being made"
    return att


@HANDLERS.handler("prevent-damage", rule="librarians.effect.prevent-damage")
def prevent_damage(s: LibrariansState, u: Use) -> None:
    att = _attack(s)
    n = min(int(u.params["amount"]), att.amount)
    s.attack = att._replace(amount=att.amount - n)
    s.emit(Event("librarians.effect.prevent-damage", f"{n} of the attack's damage is prevented"))


@HANDLERS.handler("cancel-attack", rule="librarians.effect.cancel-attack")
def cancel_attack(s: LibrariansState, u: Use) -> None:
    att = _attack(s)
    D.cancel_attack(
        s, "librarians.effect.cancel-attack", f"{s.name(att.enemy)}'s attack is cancelled"
    )
    if u.params["unassign"] and s.area_of(att.enemy) >= 0:
        s.exhausted[att.enemy] = True
        s.move(
            att.enemy,
            s.where(att.enemy),
            UNASSIGNED,
            "librarians.effect.cancel-attack",
            "{card} goes to the Unassigned Region, exhausted",
        )


@HANDLERS.handler("reflect-attack", rule="librarians.effect.reflect-attack")
def reflect_attack(s: LibrariansState, u: Use) -> None:
    att = _attack(s)
    D.cancel_attack(
        s, "librarians.effect.reflect-attack", f"{s.name(att.enemy)} takes its own attack"
    )
    if att.amount:
        place(s, att.enemy, att.amount, "librarians.effect.reflect-attack")


@HANDLERS.handler("redirect-damage", rule="librarians.effect.redirect-damage")
def redirect_damage(s: LibrariansState, u: Use) -> None:
    att = _attack(s)
    hero = s.t.heroes[u.player]
    n = max(att.amount - int(u.params["reduce"]), 0)
    s.attack = att._replace(target=hero, amount=n)
    s.emit(
        Event(
            "librarians.effect.redirect-damage",
            f"{s.name(hero)} takes the attack instead ({n} damage)",
        )
    )


@HANDLERS.handler("retaliate", rule="librarians.effect.retaliate")
def retaliate(s: LibrariansState, u: Use) -> None:
    att = s.attack
    if isinstance(att, D.Attack) and s.where(att.enemy) != ADV_DISCARD:
        place(s, att.enemy, int(u.params["amount"]), "librarians.effect.retaliate")


# -- characters ---------------------------------------------------------------------------------
@HANDLERS.handler("heal", rule="librarians.effect.heal")
def heal(s: LibrariansState, u: Use) -> None:
    card = u.target
    n = min(int(u.params["amount"]), s.damage.get(card, 0))
    if not n:
        return
    s.damage[card] -= n
    if not s.damage[card]:
        del s.damage[card]
    s.emit(Event("librarians.effect.heal", f"{s.name(card)} heals {n} damage"))


def _ready(s: LibrariansState, card: int, rule: str) -> None:
    if card in s.exhausted:
        del s.exhausted[card]
        s.emit(Event(rule, f"{s.name(card)} readies"))


@HANDLERS.handler("ready", rule="librarians.effect.ready")
def ready(s: LibrariansState, u: Use) -> None:
    cards = s.characters(u.player) if u.params["target"] == "hero-and-sidekick" else [u.target]
    for card in cards:
        _ready(s, card, "librarians.effect.ready")


@HANDLERS.handler("ready-and-draw", rule="librarians.effect.ready-and-draw")
def ready_and_draw(s: LibrariansState, u: Use) -> None:
    _ready(s, u.target, "librarians.effect.ready-and-draw")
    for _ in range(int(u.params["draw"])):
        s.draw(u.player, "librarians.effect.ready-and-draw")


# -- enemies ------------------------------------------------------------------------------------
@HANDLERS.handler("unassign-enemy", rule="librarians.effect.unassign-enemy")
def unassign_enemy(s: LibrariansState, u: Use) -> None:
    if u.params["exhaust"]:
        s.exhausted[u.target] = True
    s.move(
        u.target,
        s.where(u.target),
        UNASSIGNED,
        "librarians.effect.unassign-enemy",
        "{card} goes to the Unassigned Region" + (", exhausted" if u.params["exhaust"] else ""),
    )


@HANDLERS.handler("take-enemy", rule="librarians.effect.take-enemy")
def take_enemy(s: LibrariansState, u: Use) -> None:
    s.move(
        u.target,
        s.where(u.target),
        zone(u.player, AREA),
        "librarians.effect.take-enemy",
        f"{who(u.player)} takes {{card}} into their area",
    )


@HANDLERS.handler("extra-assign", rule="librarians.effect.extra-assign")
def extra_assign(s: LibrariansState, u: Use) -> None:
    """Another free Assign Enemy this phase."""
    if f"assign:{u.player}" in s.used:
        s.used.remove(f"assign:{u.player}")
    s.emit(Event("librarians.effect.extra-assign", f"{who(u.player)} may assign one more enemy"))


# -- Energy and cards ---------------------------------------------------------------------------
@HANDLERS.handler("gain-energy", rule="librarians.effect.gain-energy")
def gain_energy(s: LibrariansState, u: Use) -> None:
    for _ in range(int(u.params["amount"])):
        s.gain_energy(u.player, "librarians.effect.gain-energy")


@HANDLERS.handler("draw-and-energy", rule="librarians.effect.draw-and-energy")
def draw_and_energy(s: LibrariansState, u: Use) -> None:
    for _ in range(int(u.params["draw"])):
        s.draw(u.player, "librarians.effect.draw-and-energy")
    for _ in range(int(u.params["energy"])):
        s.gain_energy(u.player, "librarians.effect.draw-and-energy")


@HANDLERS.handler("cost-reduction", rule="librarians.effect.cost-reduction")
def cost_reduction(s: LibrariansState, u: Use) -> None:
    s.discount[u.player] += int(u.params["amount"])
    s.emit(
        Event(
            "librarians.effect.cost-reduction",
            f"{who(u.player)}'s next Event this round costs {u.params['amount']} less",
        )
    )


@HANDLERS.handler("cycle-hand", rule="librarians.effect.cycle-hand")
def cycle_hand(s: LibrariansState, u: Use) -> None:
    s.flow.append(Cycle(u.player, int(u.params["max"]), 0, int(u.params["energy"])))


class _Cycle(NamedTuple):
    player: int
    left: int
    discarded: int
    energy: int


class Cycle(_Cycle):
    """librarians.effect.cycle-hand: discard up to `left` more cards, then draw as many as
    were discarded and gain the Energy."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.cycle-hand"

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in s.hand(self.player)}) if self.left else []
        opts = (*(DISCARD_OPT[n] for n in names), DONE)
        return Decision(
            (self.player,),
            "cycle",
            f"{who(self.player)}: discard a card to draw another (up to {self.left} more), or done",
            opts,
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is not DONE:
            card = min(x for x in s.hand(p) if s.name(x) == option.arg)
            s.move(card, zone(p, HAND), zone(p, DISCARD), self.rule, f"{who(p)} discards {{card}}")
            s.flow.append(self._replace(left=self.left - 1, discarded=self.discarded + 1))
            return
        for _ in range(self.discarded):
            s.draw(p, self.rule)
        for _ in range(self.energy):
            s.gain_energy(p, self.rule)


@HANDLERS.handler("recover-card", rule="librarians.effect.recover-card")
def recover_card(s: LibrariansState, u: Use) -> None:
    s.flow.append(Recover(u.player, u.card, str(u.params["card_type"]), int(u.params["amount"])))


class _Recover(NamedTuple):
    player: int
    card: int  # the card recovering (not itself)
    card_type: str
    left: int


def _recoverable(s: LibrariansState, r: _Recover) -> list[int]:
    return [
        c
        for c in s.zones.cards[zone(r.player, DISCARD)]
        if c != r.card and s.record(c).type == r.card_type
    ]


class Recover(_Recover):
    """librarians.effect.recover-card: take a card of the type from your discard pile."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.recover-card"

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in _recoverable(s, self)})
        opts = tuple(TAKE[n] for n in names) or (DONE,)
        return Decision(
            (self.player,),
            "recover",
            f"{who(self.player)}: take a card from your discard pile",
            opts,
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is DONE:
            return
        card = min(c for c in _recoverable(s, self) if s.name(c) == option.arg)
        s.move(
            card,
            zone(p, DISCARD),
            zone(p, HAND),
            self.rule,
            f"{who(p)} takes {{card}} into their hand",
        )
        if self.left > 1 and _recoverable(s, self):
            s.flow.append(self._replace(left=self.left - 1))


# -- Devices ------------------------------------------------------------------------------------
def devices(s: LibrariansState, p: int, waiting: bool) -> list[int]:
    """`p`'s Devices in play (with tokens left, when `waiting`)."""
    from tabletop.games.librarians.play import controlled

    return [c for c in controlled(s, p) if c in s.countdown and (s.countdown[c] > 0) == waiting]


@HANDLERS.handler("finish-countdown", rule="librarians.effect.finish-countdown")
def finish_countdown(s: LibrariansState, u: Use) -> None:
    cards = devices(s, u.player, True)
    if len(cards) == 1:
        _finish(s, cards[0])
    elif cards:
        s.flow.append(Finish(u.player))


def _finish(s: LibrariansState, card: int) -> None:
    s.countdown[card] = 0
    s.emit(
        Event(
            "librarians.effect.finish-countdown",
            f"Every token comes off {s.name(card)}: it may be spent",
        )
    )


class _Seat(NamedTuple):
    player: int


class Finish(_Seat):
    """librarians.effect.finish-countdown: which of your Devices loses every token."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.finish-countdown"

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in devices(s, self.player, True)})
        return Decision(
            (self.player,),
            "device",
            f"{who(self.player)}: which Device finishes its countdown?",
            tuple(USE[n] for n in names),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        _finish(s, min(c for c in devices(s, p, True) if s.name(c) == option.arg))


# -- the Mission, the Disturbance and the Adventure deck ----------------------------------------
@HANDLERS.handler("add-progress", rule="librarians.effect.add-progress")
def add_progress(s: LibrariansState, u: Use) -> None:
    place(s, u.target, int(u.params["amount"]), "librarians.effect.add-progress")


@HANDLERS.handler("remove-fate", rule="librarians.effect.remove-fate")
def remove_fate(s: LibrariansState, u: Use) -> None:
    n = min(int(u.params["amount"]), s.fate)
    s.fate -= n
    s.emit(
        Event("librarians.effect.remove-fate", f"{n} Fate is removed: {s.fate} on the Disturbance")
    )


@HANDLERS.handler("scry-adventure", rule="librarians.effect.scry-adventure")
def scry_adventure(s: LibrariansState, u: Use) -> None:
    """Look at the top cards of the Adventure deck (the player alone), discard up to
    `may_discard` of them, put the rest back in the order the player chooses."""
    from tabletop.games.librarians.adventure import refill

    if not refill(s):
        return
    top = s.zones.cards[ADV_DECK][-int(u.params["look"]) :]
    s.zones.learn(u.player, top)
    s.emit(
        Event(
            "librarians.effect.scry-adventure",
            f"{who(u.player)} looks at the top {len(top)} Adventure cards",
            secret=f"{who(u.player)} sees: " + ", ".join(s.name(c) for c in reversed(top)),
            seen_by=1 << u.player,
        )
    )
    s.flow.append(Scry(u.player, len(top), int(u.params["may_discard"])))


class _Scry(NamedTuple):
    player: int
    cards: int  # how many of the cards looked at are still to place
    discards: int  # how many may still be discarded
    placed: int = 0  # how many have been put back, on top of the deck


class Scry(_Scry):
    """librarians.effect.scry-adventure: discard one of the cards looked at, or choose the next
    one to put back (the first chosen goes on top, the next beneath it...), until one is
    left."""

    __slots__ = ()
    auto = False
    rule = "librarians.effect.scry-adventure"

    def looked(self, s: LibrariansState) -> list[int]:
        deck = s.zones.cards[ADV_DECK]
        end = len(deck) - self.placed
        return deck[end - self.cards : end]

    def ask(self, s: LibrariansState) -> Decision:
        names = sorted({s.name(c) for c in self.looked(s)})
        opts: list[Option] = [AIM[n] for n in names]
        if self.discards:
            opts += [DISCARD_ADV[n] for n in names]
        prompt = f"{who(self.player)}: choose the next card to put back on the Adventure deck"
        prompt += ", or one to discard" if self.discards else ""
        return Decision((self.player,), "scry", prompt, tuple(opts), self.rule)

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        deck = s.zones.cards[ADV_DECK]
        card = max(c for c in self.looked(s) if s.name(c) == option.arg)
        if option.id.startswith("adv-discard:"):
            s.move(
                card,
                ADV_DECK,
                ADV_DISCARD,
                self.rule,
                f"{who(p)} discards {{card}} from the Adventure deck",
            )
            rest = self._replace(cards=self.cards - 1, discards=self.discards - 1)
        else:
            deck.remove(card)
            deck.insert(len(deck) - self.placed, card)
            rest = self._replace(cards=self.cards - 1, placed=self.placed + 1)
            s.emit(Event(self.rule, f"{who(p)} puts a card back on the Adventure deck"))
        if rest.cards > 1 or (rest.cards == 1 and rest.discards):
            s.flow.append(rest)
