"""The Librarians: using a card's ability: what it costs, paying, what it aims at, resolving it.

Every way a card is used goes through `use`: an Event played from hand (its Energy cost, less
a discount a card gave, then its extra costs; the card goes face up to its owner's discard
pile), an ability of a card in play (its extra costs, once per round where it says so), a
Device spent once its countdown is done (then discarded), a kept Effect (then shuffled back
into its set). `resolve` then finds what the ability aims at: a character, an enemy, an
Obstacle or the Mission, a player. With one choice it is taken; with several the player is
asked (`Aim`); with none the ability does nothing (and is not offered where that is known).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.games.librarians import copies as X
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import labels as L
from tabletop.games.librarians.content import Ability, AdventureCard, Mission
from tabletop.games.librarians.rules import (
    ADVENTURE,
    AIM,
    AREA,
    DECK,
    DISCARD,
    FOCUS,
    FOCUS_SET,
    HAND,
    HERO,
    MISSION_ZONE,
    PLAYER,
    POWER,
    POWER_SET,
    SEAT,
    UNASSIGNED,
    LibrariansState,
    who,
    zone,
)

_MINE = (PLAYER, HERO, FOCUS, POWER)  # the kinds of card a player may control in their area
CHARACTER_AIMS = ("your-character", "any-character", "other-character")
ENEMY_AIMS = ("assigned-enemy", "any-enemy", "unassigned-enemy", "any-assigned", "others-enemy")
PROGRESS_AIMS = ("obstacle", "mission", "obstacle-or-mission")


def ability(s: LibrariansState, card: int, i: int) -> Ability:
    ab = s.record(card).abilities[i]
    assert isinstance(ab, Ability)
    return ab


def key(card: int, i: int) -> str:
    return f"{card}:{i}"


# -- what a player controls ---------------------------------------------------------------------
def controlled(s: LibrariansState, p: int) -> list[int]:
    """The cards `p` uses abilities of: their hero, the player cards in their area (not the
    Attachments of others), their Attachments wherever they are (librarians.interpret.
    attach-control), the Effects they kept."""
    kinds, owners, attached = s.t.kinds, s.t.owners, s.attached
    out = [
        c
        for c in s.zones.cards[zone(p, AREA)]
        if kinds[c] in _MINE and (kinds[c] != PLAYER or c not in attached or owners[c] == p)
    ]
    if attached:
        for q in range(s.num_players):
            if q != p:
                out += [c for c in s.zones.cards[zone(q, AREA)] if c in attached and owners[c] == p]
    return out


# -- costs --------------------------------------------------------------------------------------
def energy_cost(s: LibrariansState, p: int, card: int, from_hand: bool) -> int:
    """A card played from hand costs its Energy; an Event less `p`'s discount."""
    if not from_hand:
        return 0
    rec = s.record(card)
    n = int(rec.cost)
    if rec.type == "event":
        n = max(n - s.discount[p], 0)
    return n


def top_cost(s: LibrariansState, p: int, n: int) -> int:
    """Cards a "discard from the top of your deck" cost takes, less what cards in play
    take off it (Magic Anchor)."""
    for c in controlled(s, p):
        for ab in getattr(s.record(c), "abilities", ()):
            if ab.kind == "constant" and ab.effect == "reduce-discard-cost":
                n -= int(ab.params["amount"])
    return max(n, 0)


def payable(s: LibrariansState, p: int, card: int, i: int, *, from_hand: bool = False) -> bool:
    """Whether `p` can pay for this ability now (and, for a Device, its countdown is done;
    for a once-per-round ability, it has not been used this round)."""
    ab = ability(s, card, i)
    cost = ab.cost
    if s.out[p]:
        return False
    if energy_cost(s, p, card, from_hand) + cost.get("energy", 0) > s.energy(p):
        return False
    if cost.get("clues", 0) > s.clues[p]:
        return False
    top = top_cost(s, p, cost.get("discard_top", 0))
    if top > len(s.zones.cards[zone(p, DECK)]) + len(s.zones.cards[zone(p, DISCARD)]):
        return False
    if cost.get("discard_hand", 0) > len(s.hand(p)) - (1 if from_hand else 0):
        return False
    if ab.limit == "round" and key(card, i) in s.used:
        return False
    if ab.kind == "spend" and s.countdown.get(card, 1) > 0:
        return False
    return has_aim(s, p, card, ab)


def pay(s: LibrariansState, p: int, card: int, i: int, from_hand: bool) -> None:
    ab = ability(s, card, i)
    cost = ab.cost
    n = energy_cost(s, p, card, from_hand) + cost.get("energy", 0)
    if from_hand and s.record(card).type == "event" and s.discount[p]:
        s.discount[p] = 0  # the discount is for the next Event only
    if n:
        s.spend_energy(p, n, "librarians.card.cost")
    if cost.get("clues"):
        s.clues[p] -= cost["clues"]
        s.emit(Event("librarians.card.cost", f"{who(p)} spends {cost['clues']} Clue tokens"))
    for _ in range(top_cost(s, p, cost.get("discard_top", 0))):
        s.discard_top(p, "librarians.card.cost")
    if cost.get("damage"):
        E.deal_damage(s, s.t.heroes[p], cost["damage"], "librarians.card.cost")
    if ab.limit == "round":
        s.used.append(key(card, i))
    for _ in range(cost.get("discard_hand", 0)):
        s.flow.append(E.DiscardCard(p, card))


def use(
    s: LibrariansState,
    p: int,
    card: int,
    i: int,
    actor: int = -1,
    target: int = -1,
    *,
    from_hand: bool = False,
) -> None:
    """`p` uses ability `i` of `card`: pay, put the card where it goes, resolve."""
    ab = ability(s, card, i)
    name = s.name(card)
    if from_hand:
        pay(s, p, card, i, True)
        s.move(
            card,
            zone(p, HAND),
            zone(p, DISCARD),
            "librarians.card.play",
            f"{who(p)} plays {{card}}",
        )
    else:
        s.emit(Event("librarians.card.use", f"{who(p)} uses {name}", player=p))
        pay(s, p, card, i, False)
        if s.t.kinds[card] in (FOCUS, POWER):
            back = FOCUS_SET if s.t.kinds[card] == FOCUS else POWER_SET
            s.move(
                card, s.where(card), back, "librarians.magic.used", "{card} goes back to its set"
            )
            s.zones.shuffle(back, s.rng)
        elif ab.kind == "spend":
            discard_device(s, card)
    resolve(s, p, card, i, actor, target)


def discard_device(s: LibrariansState, card: int) -> None:
    """A Device spent is discarded (librarians.interpret.device-spend)."""
    s.countdown.pop(card, None)
    s.attached.pop(card, None)
    s.move(
        card,
        s.where(card),
        zone(s.t.owners[card], DISCARD),
        "librarians.device.spend",
        "{card} is spent and discarded",
    )


# -- aims ---------------------------------------------------------------------------------------
def aim_kind(ab: Ability) -> str:
    """What the ability's player chooses ('' for nothing)."""
    if ab.effect == "unassign-enemy":
        return "any-assigned"
    if ab.effect == "take-enemy":
        return "others-enemy"
    if ab.effect == "exhaust-enemy" and ab.params.get("target") == "all-assigned-enemies":
        return "seat-with-enemies"
    if ab.effect in (
        "deal-damage",
        "damage-by-attribute",
        "defeat-enemy",
        "heal",
        "ready",
        "add-progress",
        "overcome-with",
    ):
        t = str(ab.params["target"])
        return "" if t in ("your-hero", "hero-and-sidekick", "that-character", "this") else t
    return ""


def _enemies(s: LibrariansState, zones: list[int]) -> list[int]:
    return [
        c
        for zi in zones
        for c in s.zones.cards[zi]
        if isinstance(s.record(c), AdventureCard) and s.record(c).type == "enemy"
    ]


def aims(s: LibrariansState, p: int, card: int, ab: Ability, actor: int = -1) -> list[int]:
    """The cards (or, for a player, the seats) the ability may aim at."""
    kind = aim_kind(ab)
    live = s.seats_from(0)
    areas = [zone(q, AREA) for q in live]
    if kind in CHARACTER_AIMS:
        seats = {"your-character": [p], "other-character": [q for q in live if q != p]}.get(
            kind, list(live)
        )
        out = [c for q in seats for c in s.characters(q)]
        if ab.effect == "heal":
            out = [c for c in out if s.damage.get(c, 0) > 0]
        elif ab.effect == "ready":
            out = [c for c in out if not s.ready(c)]
        return out
    if kind == "seat-with-enemies":
        return [q for q in live if _enemies(s, [zone(q, AREA)])]
    if ab.effect == "overcome-with":
        from tabletop.games.librarians.actions import can_overcome, overcome_cards

        return [c for c in overcome_cards(s, p, kind) if actor < 0 or can_overcome(s, actor, c, ab)]
    if kind in ENEMY_AIMS:
        zones = {
            "assigned-enemy": [zone(p, AREA)],
            "unassigned-enemy": [UNASSIGNED],
            "any-assigned": areas,
            "others-enemy": [zone(q, AREA) for q in live if q != p],
        }.get(kind, [UNASSIGNED, *areas])
        out = _enemies(s, zones)
        if ab.effect == "defeat-enemy":
            out = [c for c in out if s.life(c) - s.damage.get(c, 0) <= int(ab.params["max_life"])]
        return out
    if kind in PROGRESS_AIMS:
        out = []
        if kind != "mission":
            out += [c for c in s.zones.cards[UNASSIGNED] if s.record(c).type == "obstacle"]
        mission = s.zones.cards[MISSION_ZONE]
        if kind != "obstacle" and mission and s.record(mission[-1]).advance is not None:
            out.append(mission[-1])
        return out
    return []


def has_aim(s: LibrariansState, p: int, card: int, ab: Ability, actor: int = -1) -> bool:
    """Whether the ability has something to work on (not offered otherwise)."""
    if ab.effect == "exhaust-enemy" and not aim_kind(ab):
        return bool(E._ready_enemies(s))
    if ab.effect == "finish-countdown":
        return any(s.countdown.get(c, 0) > 0 for c in controlled(s, p))
    if ab.effect == "recover-card":
        typ = ab.params["card_type"]
        return any(c != card and s.record(c).type == typ for c in s.zones.cards[zone(p, DISCARD)])
    if not aim_kind(ab) or (ab.effect == "overcome-with" and actor < 0):
        return True
    return bool(aims(s, p, card, ab, actor))


def aim_options(
    s: LibrariansState, p: int, card: int, ab: Ability, actor: int
) -> dict[Option, int]:
    """Each choice as an option: a character by its slot, a player by seat, an adventure card
    by name (copies that differ by their numbers, librarians.interpret.same-name), the
    Mission."""
    out: dict[Option, int] = {}
    if aim_kind(ab) == "seat-with-enemies":
        return {SEAT[q]: q for q in aims(s, p, card, ab, actor)}
    cards = aims(s, p, card, ab, actor)
    numbers = dict(X.distinct(s, [c for c in cards if s.t.kinds[c] == ADVENTURE]))
    for c in cards:
        rec = s.record(c)
        if isinstance(rec, Mission):
            out[AIM[""]] = c
        elif isinstance(rec, AdventureCard):
            if c in numbers:
                out[X.option(s, AIM, rec.name, c, numbers[c], places=True)] = c
        else:
            q = s.area_of(c)
            slot = ("hero", q) if c == s.t.heroes[q] else ("sidekick", q)
            out[L.char(s, slot)] = c
    return out


def resolve(
    s: LibrariansState, p: int, card: int, i: int, actor: int = -1, target: int = -1
) -> None:
    """Resolve ability `i` of `card` for `p`: choose its aim if it has one, then its handler."""
    ab = ability(s, card, i)
    t = ab.params.get("target")
    if t == "this":
        target = card
    elif t == "your-hero":
        target = s.t.heroes[p]
    elif aim_kind(ab) and not (t == "that-character" and target >= 0):
        choices = aim_options(s, p, card, ab, actor)
        if not choices:
            s.emit(Event("librarians.card.no-aim", f"{s.name(card)} has nothing to aim at"))
            return
        if len(choices) > 1:
            s.flow.append(Aim(p, card, i, actor))
            return
        target = next(iter(choices.values()))
    E.HANDLERS[ab.effect](s, E.Use(p, card, ab.params, actor, target))


class _Aim(NamedTuple):
    player: int
    card: int
    which: int
    actor: int


class Aim(_Aim):
    """librarians.card.aim: the player chooses what the ability aims at."""

    __slots__ = ()
    auto = False
    rule = "librarians.card.aim"

    def ask(self, s: LibrariansState) -> Decision:
        ab = ability(s, self.card, self.which)
        opts = tuple(aim_options(s, self.player, self.card, ab, self.actor))
        return Decision(
            (self.player,),
            "aim",
            f"{who(self.player)}: {s.name(self.card)} aims at",
            opts,
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        ab = ability(s, self.card, self.which)
        choices = aim_options(s, p, self.card, ab, self.actor)
        target = next(c for o, c in choices.items() if o.id == option.id)
        E.HANDLERS[ab.effect](s, E.Use(p, self.card, ab.params, self.actor, target))
