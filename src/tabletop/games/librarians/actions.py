"""The Librarians: the Action phase's window (phase 3 of the round, `phases.py`): players in
turn from the first player let a ready character (or the Aid card) take an action by exhausting
(Overcome the Mission, an Obstacle or an Enemy assigned to them; a Card Action; Meditate;
Rest), use their free Assign Enemy, or do what may be done at any time (`anytime.py`: play an
Event, use a card in play), until all pass.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.decision import Option
from tabletop.engine.events import Event
from tabletop.engine.windows import Priority
from tabletop.games.librarians import anytime as Y
from tabletop.games.librarians import check as C  # (read at call time: it may be loading)
from tabletop.games.librarians import copies as X
from tabletop.games.librarians import labels as L
from tabletop.games.librarians import play as U
from tabletop.games.librarians import triggers as T
from tabletop.games.librarians.content import Ability, AdventureCard, Mission, PlayerCard
from tabletop.games.librarians.rules import (
    ACT,
    AREA,
    ASSIGN,
    DECK,
    DISCARD,
    MEDITATE,
    MISSION_ZONE,
    OVERCOME,
    PASS,
    REST,
    UNASSIGNED,
    LibrariansState,
    who,
    zone,
)


def overcome_targets(s: LibrariansState, p: int) -> list[tuple[str, int, int]]:
    """(name, copy number, card) of what `p`'s characters may Overcome: the Mission with a
    Challenge (name ""), any Obstacle, the Enemies assigned to `p` (librarians.action.overcome);
    copies of one name in different states each (number 0 where they are alike:
    librarians.interpret.same-name)."""
    out: list[tuple[str, int, int]] = []
    mission = s.zones.cards[MISSION_ZONE]
    if mission and s.record(mission[-1]).challenge is not None:
        out.append(("", 0, mission[-1]))
    cards = []
    for zi, typ in ((UNASSIGNED, "obstacle"), (zone(p, AREA), "enemy")):
        for card in sorted(s.zones.cards[zi]):
            rec = s.record(card)
            if isinstance(rec, AdventureCard) and rec.type == typ and rec.challenge is not None:
                cards.append(card)
    out += [(s.name(c), k, c) for c, k in X.distinct(s, cards)]
    return out


def overcome_card(s: LibrariansState, p: int, arg: tuple[Any, ...]) -> int | None:
    """The card an Overcome option (`arg`: actor, name and maybe copy number) is against."""
    name, number = arg[1], arg[2] if len(arg) > 2 else 0
    return next((c for n, k, c in overcome_targets(s, p) if n == name and k == number), None)


def overcome_cards(s: LibrariansState, p: int, kind: str) -> list[int]:
    """What a card's overcome action may aim at: `any` is what Overcome may (the Mission,
    Obstacles, enemies assigned to `p`); the others as their names say."""
    if kind == "any":
        return [c for _, _, c in overcome_targets(s, p)]
    out = []
    mission = s.zones.cards[MISSION_ZONE]
    wants_mission = kind in ("mission", "obstacle-or-mission")
    if wants_mission and mission and s.record(mission[-1]).challenge is not None:
        out.append(mission[-1])
    zones = {
        "obstacle": [UNASSIGNED],
        "obstacle-or-mission": [UNASSIGNED],
        "assigned-enemy": [zone(p, AREA)],
        "unassigned-enemy": [UNASSIGNED],
        "any-enemy": [UNASSIGNED, *(zone(q, AREA) for q in s.seats_from(0))],
    }.get(kind, [])
    typ = "obstacle" if "obstacle" in kind else "enemy"
    for zi in zones:
        for c in s.zones.cards[zi]:
            rec = s.record(c)
            if isinstance(rec, AdventureCard) and rec.type == typ and rec.challenge is not None:
                out.append(c)
    return out


def can_overcome(s: LibrariansState, actor: int, card: int, ab: Ability) -> bool:
    ch = s.record(card).challenge
    return C.can_declare(s, actor, ch.attribute, ch.difficulty, card, with_mods(ab))


def with_mods(ab: Ability) -> tuple[tuple[str, str, int], ...]:
    mods: tuple[tuple[str, str, int], ...] = ()
    if ab.params.get("attribute"):
        mods += (("attribute", str(ab.params["attribute"]), 0),)
    if ab.params.get("character_dice"):
        mods += (("add", "character", int(ab.params["character_dice"])),)
    return mods


# -- Card Actions -------------------------------------------------------------------------------
def action_sources(
    s: LibrariansState, p: int, slot: tuple[str, int]
) -> list[tuple[int, int, bool]]:
    """(card, ability index, from hand) of the Card Actions a ready `slot` of `p` may take:
    the Aid card its own; a character the Events in hand, its own (a sidekick's), those of
    the Attachments on it, the Artifacts of its player, those of the adventure cards in play
    (librarians.action.card; librarians.interpret.artifact-action)."""
    actor = s.actor(slot)
    if actor is None or not s.ready(actor):
        return []
    if slot[0] == "aid":
        cards = [(actor, False)]
    else:
        cards = [(c, True) for c in sorted(s.hand(p)) if s.record(c).type == "event"]
        cards.append((actor, False))
        cards += [(c, False) for c, host in sorted(s.attached.items()) if host == actor]
        cards += [
            (c, False)
            for c in s.zones.cards[zone(p, AREA)]
            if isinstance(s.record(c), PlayerCard) and s.record(c).type == "artifact"
        ]
        cards += [
            (c, False) for c in T.in_play(s) if isinstance(s.record(c), (AdventureCard, Mission))
        ]
    out = []
    for c, hand in cards:
        for i, ab in enumerate(getattr(s.record(c), "abilities", ())):
            if ab.kind != "action" or not U.payable(s, p, c, i, from_hand=hand):
                continue
            if not U.has_aim(s, p, c, ab, actor):
                continue
            if ab.effect == "overcome-with" and not U.aims(s, p, c, ab, actor):
                continue
            out.append((c, i, hand))
    return out


def card_action_options(s: LibrariansState, p: int, slot: tuple[str, int]) -> list[Option]:
    """One option per card name; an adventure card's copies that differ, one each."""
    sources = action_sources(s, p, slot)
    numbers = dict(X.distinct(s, [c for c, _, _ in sources if s.t.copies[c]]))
    out: dict[Option, None] = {}
    for c, _, _ in sources:
        if not s.t.copies[c]:
            out[ACT[(slot, s.name(c))]] = None
        elif c in numbers:
            out[X.option(s, ACT, (slot, s.name(c)), c, numbers[c])] = None
    return list(out)


def action_source(
    s: LibrariansState, p: int, slot: tuple[str, int], name: str, number: int = 0
) -> tuple[int, int, bool] | None:
    """(card, ability index, from hand) of the Card Action an option names."""
    want = X.card_of(s, name, number) if number else None
    for x in action_sources(s, p, slot):
        if (x[0] == want) if number else s.name(x[0]) == name:
            return x
    return None


def card_action(
    s: LibrariansState, p: int, slot: tuple[str, int], name: str, number: int = 0
) -> None:
    """librarians.action.card: the character exhausts and the card's Action resolves."""
    actor = s.actor(slot)
    assert actor is not None
    found = action_source(s, p, slot, name, number)
    assert found is not None
    card, i, hand = found
    s.exhaust(actor, "librarians.action.card")
    U.use(s, p, card, i, actor, from_hand=hand)


def action_options(s: LibrariansState, p: int) -> tuple[Option, ...]:
    opts = [PASS]
    slots: list[tuple[str, int]] = [("hero", p), ("sidekick", p)]
    if s.area_of(s.t.aid) == p:
        slots.append(("aid", -1))
    targets = overcome_targets(s, p)
    for slot in slots:
        actor = s.actor(slot)
        if actor is None or not s.ready(actor):
            continue
        for name, number, card in targets:
            ch = s.record(card).challenge
            if C.can_declare(s, actor, ch.attribute, ch.difficulty, card):
                o = X.option(s, OVERCOME, (slot, name), card, number)
                opts.append(L.action(s, o, card))
        opts += [L.action(s, o) for o in card_action_options(s, p, slot)]
        if s.zones.cards[zone(p, DECK)] or s.zones.cards[zone(p, DISCARD)]:
            opts.append(L.action(s, MEDITATE[slot]))
        if slot in REST and s.damage.get(actor, 0) > 0:
            opts.append(L.action(s, REST[slot]))
    if f"assign:{p}" not in s.used:
        enemies = X.distinct(s, unassigned_enemies(s))
        opts += sorted((X.option(s, ASSIGN, s.name(c), c, k) for c, k in enemies), key=_by_id)
    opts += Y.anytime_options(s, p)
    return tuple(opts)


def unassigned_enemies(s: LibrariansState) -> list[int]:
    return [
        c
        for c in s.zones.cards[UNASSIGNED]
        if isinstance(s.record(c), AdventureCard) and s.record(c).type == "enemy"
    ]


def _by_id(o: Option) -> str:
    return o.id


def assign_enemy(s: LibrariansState, p: int, arg: str | tuple[str, int]) -> None:
    """librarians.action.assign: once per Action phase, free, a player moves an unassigned
    Enemy to their area: the copy the option numbers, or any of copies alike."""
    if isinstance(arg, tuple):
        card = X.card_of(s, *arg)
    else:
        card = min(c for c in unassigned_enemies(s) if s.name(c) == arg)
    s.used.append(f"assign:{p}")
    s.move(
        card,
        UNASSIGNED,
        zone(p, AREA),
        "librarians.action.assign",
        f"{who(p)} assigns {{card}} to themselves",
    )


def meditate(s: LibrariansState, p: int, actor: int) -> None:
    """librarians.action.meditate: discard the top card of your deck, then gain 1 Energy."""
    rule = "librarians.action.meditate"
    s.exhaust(actor, rule)
    s.discard_top(p, rule)
    s.gain_energy(p, rule)


def rest(s: LibrariansState, actor: int) -> None:
    """librarians.action.rest: heal 1 damage from the resting character."""
    rule = "librarians.action.rest"
    s.exhaust(actor, rule)
    s.damage[actor] -= 1
    if not s.damage[actor]:
        del s.damage[actor]
    s.emit(Event(rule, f"{s.name(actor)} heals 1 damage"))


class ActionRound(Priority):
    """librarians.action.window: players in turn from the first player let a ready character
    act (Overcome, Meditate, Rest) or assign themselves an Enemy, until all pass; then the round
    goes on to the Enemy phase."""

    __slots__ = ()
    kind = "action"
    rule = "librarians.action.window"

    def prompt(self, s: LibrariansState, p: int) -> str:
        return "Take an action with a ready character, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        return action_options(s, p)

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        kind = option.id.split(":")[0]
        if Y.anytime_act(s, p, option):
            return
        if kind == "act":
            card_action(s, p, *option.arg)
            return
        if kind == "assign":
            assign_enemy(s, p, option.arg)
            return
        if kind in ("meditate", "rest"):
            actor = s.actor(option.arg)
            assert actor is not None
            if kind == "meditate":
                meditate(s, p, actor)
            else:
                rest(s, actor)
            return
        actor = s.actor(option.arg[0])
        card = overcome_card(s, p, option.arg)
        assert actor is not None and card is not None
        s.exhaust(actor, "librarians.action.overcome")
        ch = s.record(card).challenge
        C.start_check(s, actor, ch.attribute, ch.difficulty, card)
