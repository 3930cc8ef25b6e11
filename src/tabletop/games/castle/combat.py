"""The Combat Phase (castle.combat.*): rounds of ten steps until every enemy is Defeated or the
group falls, then the Rewards.

    Open(weapons) -> Passives -> [StartOfCombat -> Open(start)] -> Draw -> Open(draw)
    -> Open(replace) -> Open(rearrange) -> Open(negate) -> Involuntary -> Execute
    -> Targets -> Activations -> EndRound -> (next round | Rewards -> Finish)

The simultaneous steps are PARALLEL windows (`combat_windows.py`: `Open` keeps the Agents who
still have something to do and asks them together; each answer applies at once; `done` leaves
the window). The execution runs card by card from Timing 1, each Agent in turn clockwise from
the Leader, with a window for its own execute-time abilities; targeting asks each Agent in
turn. The Combat's progress is `s.combat` (a `Combat`); Damage, Rage, Negation and the
enemies' state are the state's declared fields. Enemy rules are in `enemy.py`, the
sequence's in `sequence.py`, the handlers in `combat_effects.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields, push
from tabletop.games.castle import combat_effects as fx
from tabletop.games.castle.cards import (
    DECK,
    DISCARD,
    ENEMY_DISCARD,
    FIGHT,
    INITIATIVE,
    LINE,
    LURKING,
    TREASURE,
    who,
    zone,
)
from tabletop.games.castle.combat_windows import Open, acting, at
from tabletop.games.castle.effects import Ctx, run_steps
from tabletop.games.castle.enemy import Finish, Rewards, activations, order, remaining
from tabletop.games.castle.items import combat_power, equipped
from tabletop.games.castle.sequence import executed_steps, involuntary, line, rec
from tabletop.games.castle.space import MAX_TIMINGS

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

MAX_ROUNDS = 40  # castle.interpret.round-limit: a Combat still going after this is lost


class Combat(NamedTuple):
    """The Combat being fought: its round, step and fighters, and what this round carries
    besides the declared fields (Timing Cost changes, the Damage each card added, the Direct
    Damage per Agent, effects waiting for a target, killing blows, weapons without effects,
    the rewards offered)."""

    round: int
    step: str
    fighters: tuple[int, ...]
    present: int  # enemies present at the start of the Combat
    skipping: tuple[int, ...] = ()  # Agents skipping this round (an empty Combat deck)
    seat_mods: tuple[int, ...] = ()
    card_mods: tuple[tuple[int, int], ...] = ()
    dealt: tuple[tuple[int, int], ...] = ()
    direct: tuple[int, ...] = ()
    later: tuple[tuple[int, str, str, int], ...] = ()
    blows: tuple[tuple[int, int], ...] = ()
    weapons_off: tuple[int, ...] = ()
    offer: tuple[int, ...] = ()


def participants(s: CastleState) -> tuple[int, ...]:
    """Every Agent in the shared modes; in Unshackled the Agents in the fight's room."""
    if s.mode.shared:
        return tuple(range(s.num_players))
    room = s.room[s.flags.get("fight-seat", s.leader)]
    return tuple(p for p in range(s.num_players) if s.room[p] == room and s.health[p] > 0)


def start_combat(s: CastleState) -> None:
    """castle.combat.start: the enemies in the fight (with every Lurking Enemy) are fought."""
    if not s.zones.cards[FIGHT] or s.combat is not None:
        return
    for card in list(s.zones.cards[LURKING]):
        s.move(card, LURKING, FIGHT, "castle.summon.lurking", "{card} leaps out of hiding")
    n = s.num_players
    s.combat = Combat(
        1, "", participants(s), len(s.zones.cards[FIGHT]), seat_mods=(0,) * n, direct=(0,) * n
    )
    s.emit(Event("castle.combat.start", f"Combat against {len(s.zones.cards[FIGHT])} enemies"))
    push(s, *round_steps(True))


def round_steps(first: bool) -> list[object]:
    steps: list[object] = [Open("weapons"), Passives()]
    if first:
        steps += [StartOfCombat(), Open("start")]
    steps += [Draw(), Open("draw"), Open("replace"), Open("rearrange"), Open("negate")]
    steps += [Involuntary(), Execute(), Targets(), Activations(), EndRound()]
    return steps


def initiative_now(s: CastleState, seat: int) -> None:
    """castle.combat.initiative: an Agent with Initiative before the first round's Replace
    step draws its card now, face up; otherwise it keeps it for the next Combat."""
    c = s.combat
    if c is None or c.round != 1 or seat not in c.fighters:
        return
    if c.step not in ("", "weapons", "passives", "start", "draw"):
        return
    deck = s.zones.cards[zone(seat, DECK)]
    if not deck:
        return
    s.move(
        deck[-1],
        zone(seat, DECK),
        zone(seat, INITIATIVE),
        "castle.combat.initiative",
        f"{who(seat)} draws {{card}} for Initiative",
    )
    s.initiative[seat] = False


# -- Step 2: Start of Combat ----------------------------------------------------------------------
class Passives(NoFields):
    """castle.enemy.passive: the enemies' passive effects apply for this round."""

    __slots__ = ()
    auto = True
    rule = "castle.enemy.passive"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, "passives")
        for card in reversed(remaining(s)):
            run_steps(s, s.t.records[card].passive, Ctx(None, enemy=card))


class StartOfCombat(NoFields):
    """castle.combat.start-effects: Initiative draws its card (first round only)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.start-effects"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, "start")
        for seat in s.combat.fighters:
            if s.initiative[seat]:
                initiative_now(s, seat)


# -- Step 3: Draw and Place -----------------------------------------------------------------------
class Draw(NoFields):
    """castle.combat.draw: each Agent draws its Combat Power in cards onto Timings 1, 2, ...
    (Overwhelmed: one fewer in the first round). Running out of cards skips the Agent's next
    round, when its discard pile is shuffled into its deck instead (castle.combat.empty-deck)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.draw"

    def run(self, s: CastleState) -> None:
        c = s.combat
        if s.result is not None or c is None:
            return
        skipping = []
        for seat in c.fighters:
            if s.skip[seat]:
                s.skip[seat] = False
                skipping.append(seat)
                deck, pile = zone(seat, DECK), zone(seat, DISCARD)
                for card in list(s.zones.cards[pile]):
                    s.move(
                        card,
                        pile,
                        deck,
                        "castle.combat.empty-deck",
                        f"{who(seat)} gathers {{card}}",
                    )
                s.zones.shuffle(deck, s.rng)
                s.emit(
                    Event(
                        "castle.combat.empty-deck",
                        f"{who(seat)} skips this round and shuffles its discard pile",
                    )
                )
                continue
            for card in equipped(s, seat):
                s.used[card] = 1  # its Combat Power is used: it cannot burn this round
            n = combat_power(s, seat)
            if c.round == 1 and s.overwhelmed[seat]:
                n -= 1
                s.overwhelmed[seat] = False
                s.emit(Event("castle.combat.overwhelmed", f"{who(seat)} is Overwhelmed"))
            n = max(0, min(n, MAX_TIMINGS))
            got = 0
            for _ in range(n):
                if fx.draw_into(s, seat, None, self.rule) is None:
                    break
                got += 1
            if got < n:
                s.skip[seat] = True
                s.emit(Event("castle.combat.empty-deck", f"{who(seat)} ran out of Combat cards"))
        s.combat = s.combat._replace(skipping=tuple(skipping))
        at(s, "draw")


# -- Step 6: Negate -------------------------------------------------------------------------------
class Involuntary(NoFields):
    """castle.sequence.negate: the cards' own Negate effects, from the lowest Timing."""

    __slots__ = ()
    auto = True
    rule = "castle.sequence.negate"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        for seat in acting(s):
            involuntary(s, seat)


# -- Step 7: Execute ------------------------------------------------------------------------------
class Execute(NoFields):
    """castle.combat.execute: each Agent's sequence, clockwise from the Leader."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.execute"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, "execute")
        seats = [p for p in order(s) if p in acting(s)]
        push(s, *(x for p in seats for x in (Card(p, 0), Open("execute", (p,)))))


class _Card(NamedTuple):
    seat: int
    idx: int


class Card(_Card):
    """The card on index `idx` of `seat`'s sequence executes, unless Negated: its Damage and
    Rage accumulate, its effects apply, then its line is logged with the Agent's Damage and
    the Rage so far, its own effects included (`Executed`) (castle.combat.execute)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.execute"

    def run(self, s: CastleState) -> None:
        seq = line(s, self.seat)
        if s.result is not None or self.idx >= len(seq):
            return
        push(s, Card(self.seat, self.idx + 1))
        card = seq[self.idx]
        if card in s.negated:
            return
        r = rec(s, card)
        if r.damage:
            fx.add_damage(s, self.seat, card, r.damage)
        if r.rage:
            s.rage += r.rage
        push(s, Executed(self.seat, self.idx, card))  # below the card's effects: logged after them
        run_steps(s, executed_steps(s, self.seat, self.idx), Ctx(self.seat, card))


class _Executed(NamedTuple):
    seat: int
    idx: int
    card: int


class Executed(_Executed):
    """The log line of a card just executed, once its effects (and any question they asked)
    are done, so its Damage and Rage count them (castle.combat.execute)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.execute"

    def run(self, s: CastleState) -> None:
        if s.result is not None:
            return
        s.emit(
            Event(
                self.rule,
                f"{who(self.seat)}'s {s.name(self.card)} (Timing {self.idx + 1}): "
                f"Damage {s.acc[self.seat]}, Rage {s.rage}",
            )
        )


# -- Step 8: Target -------------------------------------------------------------------------------
class Targets(NoFields):
    """castle.enemy.target: each Agent in turn from the Leader targets one enemy."""

    __slots__ = ()
    auto = True
    rule = "castle.enemy.target"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, "target")
        push(s, *(Open("target", (p,)) for p in order(s) if p in acting(s)))


# -- Steps 9 and 10: Enemy Activations, End Combat ------------------------------------------------
class Activations(NoFields):
    __slots__ = ()
    auto = True
    rule = "castle.enemy.activate"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, "enemies")
        activations(s)


class EndRound(NoFields):
    """castle.combat.end-round: Stun is removed, the used combat cards (and any unused
    Initiative card) are discarded, the round's tallies reset, Treasures refresh; then the
    next round, or the Rewards."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.end-round"

    def run(self, s: CastleState) -> None:
        c = s.combat
        if s.result is not None or c is None:
            return
        at(s, "end")
        for card in s.zones.cards[FIGHT]:
            if s.estate.get(card) in ("stunned", "fresh"):
                del s.estate[card]
        for seat in range(s.num_players):
            for z in (zone(seat, LINE), zone(seat, INITIATIVE)):
                for card in list(s.zones.cards[z]):
                    s.move(
                        card, z, zone(seat, DISCARD), self.rule, f"{who(seat)} discards {{card}}"
                    )
        n = s.num_players
        s.acc = [0] * n
        s.rage = 0
        s.target = [-1] * n
        s.negated.clear()
        s.paid.clear()
        s.engaged.clear()
        s.used.clear()
        s.exhausted = {k: 1 for k in s.exhausted if s.t.kinds[k] != TREASURE}
        s.combat = c._replace(
            seat_mods=(0,) * n,
            card_mods=(),
            dealt=(),
            direct=(0,) * n,
            later=(),
            weapons_off=(),
            skipping=(),
        )
        standing = tuple(p for p in c.fighters if s.health[s.pool(p)] > 0)
        if remaining(s) and not standing:
            # castle.interpret.fallen-fighters (Unshackled): every Agent of this fight has
            # fallen while others play on elsewhere: the enemies leave with the fight
            s.emit(Event("castle.combat.end", "No Agent is left standing in this fight"))
            for card in list(s.zones.cards[FIGHT]):
                s.estate.pop(card, None)
                s.edamage.pop(card, None)
                s.ecount.pop(card, None)
                colour = s.record(card).colour
                s.move(card, FIGHT, ENEMY_DISCARD[colour], self.rule, "{card} leaves the fight")
            s.combat = None
            s.flags["fought"] = 1
            return
        if remaining(s):
            if c.round >= MAX_ROUNDS:
                s.lose(f"the Combat did not end in {MAX_ROUNDS} rounds")
                return
            s.combat = s.combat._replace(round=c.round + 1, step="")
            s.emit(Event("castle.combat.round", f"Combat round {c.round + 1}"))
            push(s, *round_steps(False))
        else:
            push(s, Rewards(), Finish())


__all__ = ["Combat", "initiative_now", "participants", "start_combat"]
