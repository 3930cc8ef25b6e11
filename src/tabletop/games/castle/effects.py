"""The effect handlers: every effect id the content names (`records.EFFECTS`) has one here, in
`combat_effects.py` (what acts on a Timing sequence or on enemies) or in `story_effects.py`
(the board and the story). A completeness test ties the registry to the content.

Steps run through `run_steps`, which pushes one automatic `Resolve` step: it applies the steps
one at a time, so a handler that must ask (a choice of healing, where a Treasure goes) pushes
its question and the rest of the steps wait under it. `Ctx` says on whose behalf: `seat` (the
Agent who played the card, chose the option or used the Skill; None for the group), `source`
(the card, -1 for none), `colour` (what "same" means: the Event's or token's colour) and
`enemy` (the enemy whose attack this is, -1 for none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.engine.handlers import Handlers
from tabletop.games.castle.cards import (
    ALLIES,
    ALLY_BOX,
    LURKING,
    POD,
    TREASURE_DECK,
    UPGRADES,
    who,
    zone,
)
from tabletop.games.castle.items import Place, best_slot, can_discard, discard, gain_treasure
from tabletop.games.castle.labels import labelled
from tabletop.games.castle.records import Step
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

EFFECTS = Handlers("castle.effect")


class Ctx(NamedTuple):
    seat: int | None = None
    source: int = -1
    colour: str = ""
    enemy: int = -1


def cause(ctx: Ctx) -> int:
    """The card an effect comes from (an Event, a Treasure, a combat card), else the enemy
    whose attack it is, else -1: what a forced question names as its cause."""
    return ctx.source if ctx.source >= 0 else ctx.enemy


def because(s: CastleState, source: int) -> str:
    """` (Rat Nest)`: the cause of a forced question, for its prompt ('' when unknown)."""
    return f" ({s.name(source)})" if source >= 0 else ""


class _Resolve(NamedTuple):
    steps: tuple[Step, ...]
    ctx: Ctx


class Resolve(_Resolve):
    """Apply `steps` in order on behalf of `ctx` (castle.effects.resolve)."""

    __slots__ = ()
    auto = True
    rule = "castle.effects.resolve"

    def run(self, s: CastleState) -> None:
        if s.result is not None or not self.steps:
            return
        first, rest = self.steps[0], self.steps[1:]
        if rest:
            push(s, Resolve(rest, self.ctx))
        apply_step(s, first, self.ctx)


def run_steps(s: CastleState, steps: Sequence[Step], ctx: Ctx) -> None:
    """Push the resolution of `steps` (they run once the driver reaches them)."""
    if steps:
        push(s, Resolve(tuple(steps), ctx))


def apply_step(s: CastleState, step: Step, ctx: Ctx) -> None:
    """Apply one step now (its `when` was checked by the caller, its `pay` paid)."""
    EFFECTS[step.effect](s, ctx, step.params)


def _colour(ctx: Ctx, params: Mapping[str, Any]) -> str:
    col = str(params.get("colour", "same"))
    return ctx.colour or "green" if col == "same" else col


# -- the group and the Agents ---------------------------------------------------------------------
@EFFECTS.handler("health", rule="castle.effect.health")
def _health(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.change_health(int(p["amount"]), ctx.seat, "castle.effect.health")


@EFFECTS.handler("clarity", rule="castle.effect.clarity")
def _clarity(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.change_clarity(int(p["amount"]), ctx.seat, "castle.effect.clarity")


@EFFECTS.handler("energy", rule="castle.effect.energy")
def _energy(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    amount = int(p["amount"])
    whom = str(p.get("who", "self"))
    if whom == "each-agent" or ctx.seat is None:
        # every Agent; in Unshackled only those where it happens (the fight's room)
        seats: Sequence[int] = range(s.num_players) if s.mode.shared else s.pools_of(None)
    elif whom == "reach":
        seats = reach(s, ctx.seat)
    else:
        seats = (ctx.seat,)
    for seat in seats:
        if amount >= 0:
            s.gain_energy(seat, amount, "castle.effect.energy")
        else:
            s.lose_energy(seat, -amount, "castle.effect.energy")


def reach(s: CastleState, seat: int) -> tuple[int, ...]:
    """The Agents in Reach: the ones left and right of `seat` round the table."""
    n = s.num_players
    return tuple(sorted({(seat - 1) % n, (seat + 1) % n} - {seat}))


class _HealChoice(NamedTuple):
    seat: int
    health: int
    clarity: int
    source: int = -1  # the card (or enemy) that asks it, named in the prompt


class HealChoice(_HealChoice):
    """The Agent chooses one healing or the other (castle.effect.heal-choice)."""

    __slots__ = ()
    auto = False
    rule = "castle.effect.heal-choice"

    def ask(self, s: CastleState) -> Decision:
        return labelled(
            s,
            Decision(
                (self.seat,),
                "heal-choice",
                f"{who(self.seat)}{because(s, self.source)}: heal {self.health} Health"
                f" or {self.clarity} Clarity?",
                (OPT["heal:health"], OPT["heal:clarity"]),
                self.rule,
            ),
            {
                "heal:health": f"Heal {self.health} Health",
                "heal:clarity": f"Heal {self.clarity} Clarity",
            },
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.arg == "health":
            s.change_health(self.health, self.seat, self.rule)
        else:
            s.change_clarity(self.clarity, self.seat, self.rule)


@EFFECTS.handler("heal-choice", rule="castle.effect.heal-choice")
def _heal_choice(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seat = s.leader if ctx.seat is None else ctx.seat
    push(s, HealChoice(seat, int(p["health"]), int(p["clarity"]), cause(ctx)))


# Passive effects: read where they apply (Energy capacity, Backpack slots, Skill costs and
# Clarity) while the Upgrade or Treasure is in place; applying one does nothing more.
for _passive in ("max-energy", "backpack-slots", "skill-cost", "skill-clarity"):
    EFFECTS.handler(_passive, rule=f"castle.effect.{_passive}")(lambda s, ctx, p: None)


def _group_or_agent(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> Sequence[int]:
    """Every Agent for `who = "group"` (or an effect no Agent used), else the Agent who used it."""
    return range(s.num_players) if p.get("who") == "group" or ctx.seat is None else (ctx.seat,)


@EFFECTS.handler("initiative", rule="castle.combat.initiative")
def _initiative(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seats = _group_or_agent(s, ctx, p)
    for seat in seats:
        s.initiative[seat] = True
    s.emit(
        Event(
            "castle.combat.initiative",
            f"Initiative for {who(None if len(seats) > 1 else ctx.seat)}",
        )
    )
    if s.combat is not None:
        from tabletop.games.castle.combat import initiative_now

        for seat in seats:
            initiative_now(s, seat)


@EFFECTS.handler("overwhelmed", rule="castle.combat.overwhelmed")
def _overwhelmed(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seats = _group_or_agent(s, ctx, p)
    for seat in seats:
        s.overwhelmed[seat] = True
    s.emit(
        Event(
            "castle.combat.overwhelmed", f"Overwhelmed: {who(None if len(seats) > 1 else ctx.seat)}"
        )
    )


# -- summons ---------------------------------------------------------------------------------------
@EFFECTS.handler("summon", rule="castle.summon.summoned")
def _summon(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    count = int(p["count"]) or s.summon_count()
    s.summon(_colour(ctx, p), count, "castle.summon.summoned")


@EFFECTS.handler("summon-enemy", rule="castle.summon.named")
def _summon_enemy(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    from tabletop.games.castle.cards import ENEMY, ENEMY_DECK, ENEMY_DISCARD

    name = str(p["enemy"])
    places = (*ENEMY_DECK.values(), *ENEMY_DISCARD.values())
    for card in s.t.by_name(ENEMY, name):
        src = next((z for z in places if card in s.zones.cards[z]), None)
        if src is not None:
            s.move(card, src, _fight(), "castle.summon.named", "{card} joins the fight")
            if s.combat is not None:
                s.estate[card] = "fresh"
            return
    s.emit(Event("castle.summon.named", f"No {name} is left to summon"))


def _fight() -> int:
    from tabletop.games.castle.cards import FIGHT

    return FIGHT


@EFFECTS.handler("summon-change", rule="castle.event.summon-change")
def _summon_change(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.summon_change += int(p["amount"])


@EFFECTS.handler("lurking", rule="castle.summon.lurking")
def _lurking(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    lurk(s, _colour(ctx, p), int(p["count"]) or 1, "castle.summon.lurking")


def lurk(s: CastleState, colour: str, count: int, rule: str) -> None:
    """Set `count` enemies of `colour` aside, face down, for the next Combat. A Lurking Enemy
    is summoned (the overview's Summoning Enemies), so in Boss Run a blue or red one brings a
    random Unique enemy, set aside with it (castle.modes.boss-run), as `summon` does."""
    from tabletop.games.castle.cards import ENEMY_DECK

    got = 0
    for _ in range(count):
        card = s.next_enemy(colour)
        if card is None:
            break
        s.move(card, ENEMY_DECK[colour], LURKING, rule, "A Lurking Enemy waits for the next Combat")
        got += 1
    if got and colour in s.mode.unique_with:
        card = s.next_enemy("violet")
        if card is not None:
            s.move(
                card,
                ENEMY_DECK["violet"],
                LURKING,
                "castle.modes.boss-run",
                "A Unique Enemy lurks with it (Boss Run)",
            )


# -- Treasures, Allies, Upgrades -------------------------------------------------------------------
@EFFECTS.handler("gain-treasure", rule="castle.treasures.gain")
def _gain_treasure(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seat = s.leader if ctx.seat is None else ctx.seat
    for _ in range(int(p["count"]) or 1):
        gain_treasure(s, seat, _colour(ctx, p), "castle.treasures.gain")


@EFFECTS.handler("gain-item", rule="castle.treasures.gain-item")
def _gain_item(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    from tabletop.games.castle.cards import TREASURE, TREASURE_DISCARD

    seat = s.leader if ctx.seat is None else ctx.seat
    name = str(p["item"])
    places = (*TREASURE_DECK.values(), *TREASURE_DISCARD.values(), POD)
    for card in s.t.by_name(TREASURE, name):
        src = next((z for z in places if card in s.zones.cards[z]), None)
        if src is not None:
            s.move(
                card,
                src,
                zone(seat, 4),
                "castle.treasures.gain-item",
                f"{who(seat)} finds {{card}}",
            )
            push(s, Place(seat, card))
            return
    s.emit(Event("castle.treasures.gain-item", f"No {name} is left to find"))


class _DiscardTreasure(NamedTuple):
    seat: int
    n: int
    source: int = -1  # the card (or enemy) that asks it, named in the prompt


class DiscardTreasure(_DiscardTreasure):
    """`seat` discards one of its Treasures (not a Timeless one) (castle.treasures.discard)."""

    __slots__ = ()
    auto = False
    rule = "castle.treasures.discard"

    def ask(self, s: CastleState) -> Decision:
        cards = [c for c in s.inventory(self.seat) if can_discard(s, c)]
        opts = tuple(dict.fromkeys(OPT[f"discard:{s.t.slugs[c]}"] for c in cards))
        return Decision(
            (self.seat,),
            "discard-treasure",
            f"{who(self.seat)}{because(s, self.source)}: discard a Treasure",
            opts,
            self.rule,
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        from tabletop.games.castle.items import by_slug

        card = by_slug(s, self.seat, str(option.arg))
        assert card is not None
        discard(s, self.seat, card)
        if self.n > 1 and any(can_discard(s, c) for c in s.inventory(self.seat)):
            push(s, DiscardTreasure(self.seat, self.n - 1, self.source))


@EFFECTS.handler("discard-treasure", rule="castle.treasures.discard")
def _discard_treasure(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seats = range(s.num_players) if ctx.seat is None else (ctx.seat,)
    for seat in seats:
        if any(can_discard(s, c) for c in s.inventory(seat)):
            push(s, DiscardTreasure(seat, int(p["count"]) or 1, cause(ctx)))


@EFFECTS.handler("gain-ally", rule="castle.allies.join")
def _gain_ally(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    from tabletop.games.castle.cards import ALLY

    for card in s.t.by_name(ALLY, str(p["ally"])):
        if card in s.zones.cards[ALLY_BOX]:
            s.move(card, ALLY_BOX, ALLIES, "castle.allies.join", "{card} joins the group")


class _TakeUpgrade(NamedTuple):
    seat: int
    n: int


class TakeUpgrade(_TakeUpgrade):
    """`seat` chooses an Upgrade for a free Upgrade slot, or passes (castle.agent.upgrades)."""

    __slots__ = ()
    auto = False
    rule = "castle.agent.upgrades"

    def ask(self, s: CastleState) -> Decision:
        from tabletop.games.castle.cards import UPGRADE_BOX

        fitted = {s.t.slugs[c] for c in s.zones.cards[zone(self.seat, UPGRADES)]}
        # castle.interpret.upgrade-copies: a suit takes one of each Upgrade (the second copy
        # is another Agent's)
        names = dict.fromkeys(
            s.t.slugs[c] for c in s.zones.cards[UPGRADE_BOX] if s.t.slugs[c] not in fitted
        )
        opts = (*(OPT[f"upgrade:{n}"] for n in sorted(names)), OPT["pass"])
        return labelled(
            s,
            Decision(
                (self.seat,), "upgrade", f"{who(self.seat)}: choose an Upgrade", opts, self.rule
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        from tabletop.games.castle.cards import UPGRADE_BOX

        if option.id == "pass":
            return
        card = next(c for c in s.zones.cards[UPGRADE_BOX] if s.t.slugs[c] == option.arg)
        s.move(
            card,
            UPGRADE_BOX,
            zone(self.seat, UPGRADES),
            self.rule,
            f"{who(self.seat)} fits {{card}}",
        )
        if self.n > 1 and upgrade_room(s, self.seat):
            push(s, TakeUpgrade(self.seat, self.n - 1))


def upgrade_room(s: CastleState, seat: int) -> bool:
    from tabletop.games.castle.cards import UPGRADE_BOX

    fitted = s.zones.cards[zone(seat, UPGRADES)]
    if len(fitted) >= s.agent(seat).upgrade_slots:
        return False
    have = {s.t.slugs[c] for c in fitted}
    return any(s.t.slugs[c] not in have for c in s.zones.cards[UPGRADE_BOX])


@EFFECTS.handler("gain-upgrade", rule="castle.agent.upgrades")
def _gain_upgrade(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    seats = range(s.num_players) if ctx.seat is None else (ctx.seat,)
    for seat in reversed(seats):
        if upgrade_room(s, seat):
            push(s, TakeUpgrade(seat, int(p["count"]) or 1))


@EFFECTS.handler("hint", rule="castle.story.hint")
def _hint(s: CastleState, ctx: Ctx, p: Mapping[str, Any]) -> None:
    s.hints.append(str(p["hint"]))
    s.emit(Event("castle.story.hint", f"Hint: {p['hint']}"))


EFFECTS.handler("none", rule="castle.effects.none")(lambda s, ctx, p: None)

__all__ = [
    "EFFECTS",
    "Ctx",
    "DiscardTreasure",
    "HealChoice",
    "Resolve",
    "TakeUpgrade",
    "apply_step",
    "best_slot",
    "lurk",
    "reach",
    "run_steps",
    "who",
]
