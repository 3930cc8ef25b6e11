"""The Combat Phase (castle.combat.*): rounds of ten steps until every enemy is Defeated or the
group falls, then the Rewards.

    Open(weapons) -> Passives -> [StartOfCombat -> Open(start)] -> Draw -> Open(draw)
    -> Open(replace) -> Open(rearrange) -> Open(negate) -> Involuntary -> Execute
    -> Targets -> Activations -> EndRound -> (next round | Rewards -> Finish)

The simultaneous steps are PARALLEL windows (`Open` keeps the Agents who still have something
to do and asks them together; each answer applies at once; `done` leaves the window). The
execution runs card by card from Timing 1, each Agent in turn clockwise from the Leader, with
a window for its own execute-time abilities; targeting asks each Agent in turn. The Combat's
progress is `s.combat` (a `Combat`); Damage, Rage, Negation and the enemies' state are the
state's declared fields. Enemy rules are in `enemy.py`, the sequence's in `sequence.py`, the
handlers in `combat_effects.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields, push
from tabletop.games.castle import abilities
from tabletop.games.castle import combat_effects as fx
from tabletop.games.castle.cards import (
    DECK,
    DISCARD,
    FIGHT,
    INITIATIVE,
    LINE,
    LURKING,
    TREASURE,
    zone,
)
from tabletop.games.castle.effects import Ctx, reach, run_steps
from tabletop.games.castle.enemy import Finish, Rewards, activations, hit, order, remaining, targets
from tabletop.games.castle.items import capacity, combat_power, equipped
from tabletop.games.castle.sequence import (
    MAX_SHIFTS,
    STEP4,
    executed_steps,
    involuntary,
    line,
    paid_step,
    rec,
    shift,
    shifts,
)
from tabletop.games.castle.space import MAX_TIMINGS, OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

MAX_ROUNDS = 40  # castle.interpret.round-limit: a Combat still going after this is lost
MAX_CHANGES = 6  # castle.interpret.weapon-limit: equip/unequip per Agent in Select Weapons


def who(seat: int) -> str:
    return f"A{seat + 1}"


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


def at(s: CastleState, step: str) -> None:
    if s.combat is not None:
        s.combat = s.combat._replace(step=step)


def acting(s: CastleState) -> tuple[int, ...]:
    c = s.combat
    if c is None:
        return ()
    return tuple(p for p in c.fighters if p not in c.skipping)


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


# -- the windows ----------------------------------------------------------------------------------
WINDOW = {
    "weapons": "castle.combat.weapons",
    "start": "castle.combat.start-effects",
    "draw": "castle.combat.draw",
    "replace": "castle.combat.replace",
    "rearrange": "castle.combat.rearrange",
    "negate": "castle.combat.negate",
    "execute": "castle.combat.execute",
    "target": "castle.combat.target",
}
PROMPT = {
    "weapons": "Select Weapons",
    "start": "Start of Combat effects",
    "draw": "Overcharge or draw effects",
    "replace": "Replace or Discard cards",
    "rearrange": "Rearrange the Timing sequence",
    "negate": "Negate cards",
    "execute": "Effects as your sequence executes",
    "target": "Target an enemy",
}


# castle.interpret.any-time: effects usable "any time" (or at any time in Combat) are offered
# while the Agent's sequence executes; each other window offers the effects made for it.
LOOSE = ("any", "combat")


def _window_of(s: CastleState, seat: int, option: Option, window: str) -> bool:
    """Whether an ability option is offered in `window` (its own window, or a loose one in the
    execute step)."""
    wanted = (window, *LOOSE) if window == "execute" else (window,)
    oid = option.id
    if oid.startswith("skill:"):
        return s.agent(seat).skills[int(option.arg)].window in wanted
    if oid.startswith("use:"):
        cards = [c for c in s.inventory(seat) if s.t.slugs[c] == option.arg]
    elif oid.startswith("ally:"):
        from tabletop.games.castle.cards import ALLIES

        cards = [c for c in s.zones.cards[ALLIES] if s.t.slugs[c] == option.arg]
    else:
        return True  # burning
    return any(ab.window in wanted for c in cards for ab in s.record(c).abilities)


def ability_options(s: CastleState, seat: int, window: str, burning: bool = False) -> list[Option]:
    """Skills, Treasures and Allies of `window` (a weapon whose effects are Negated is left
    out)."""
    opts = [
        o
        for o in abilities.options(s, seat, window, burning=burning)
        if _window_of(s, seat, o, window)
    ]
    off = s.combat.weapons_off if s.combat is not None else ()
    if off:
        gone = {f"use:{s.t.slugs[w]}" for w in off}
        opts = [o for o in opts if o.id not in gone]
    return opts


def options(s: CastleState, seat: int, kind: str, acts: int) -> list[Option]:
    """What `seat` may do in window `kind` besides `done` (target: everything it may do)."""
    return OPTIONS[kind](s, seat, acts)


class _Open(NamedTuple):
    kind: str
    players: tuple[int, ...] | None = None
    acts: tuple[int, ...] = ()


class Open(_Open):
    """Open a window for the Agents (`players`; None: all acting) who have something to do
    in it; `acts` counts each seat's actions in it."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.window"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, self.kind)
        players = acting(s) if self.players is None else self.players
        acts = self.acts or (0,) * s.num_players
        keep = tuple(
            p for p in players if self.kind == "target" or options(s, p, self.kind, acts[p])
        )
        if keep:
            push(s, Window(self.kind, keep, acts))


class _Window(NamedTuple):
    kind: str
    players: tuple[int, ...]
    acts: tuple[int, ...]


class Window(_Window):
    """The Agents of `players` act in window `kind` together (one Agent: a plain question)."""

    __slots__ = ()
    auto = False
    rule = "castle.combat.window"

    def own(self, s: CastleState, p: int) -> tuple[Option, ...]:
        opts = options(s, p, self.kind, self.acts[p])
        if self.kind != "target":
            opts.append(OPT["done"])
        return tuple(opts)

    def ask(self, s: CastleState) -> Decision:
        kind = f"combat-{self.kind}"
        rule = WINDOW[self.kind]
        prompt = PROMPT[self.kind]
        if len(self.players) == 1:
            p = self.players[0]
            return Decision((p,), kind, f"{who(p)}: {prompt}", self.own(s, p), rule)
        asks = []
        union: dict[int, Option] = {}
        for p in self.players:
            opts = self.own(s, p)
            asks.append(Ask(kind, f"{who(p)}: {prompt}", opts, rule))
            for o in opts:
                union.setdefault(o.action, o)
        return Decision(
            self.players, kind, prompt, tuple(union.values()), rule, PARALLEL, tuple(asks)
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        rest = tuple(q for q in self.players if q != player)
        if option.id in ("done", "pass") or option.id.startswith("target:"):
            if rest:
                push(s, Open(self.kind, rest, self.acts))
            if option.id.startswith("target:"):
                hit(s, player, int(option.arg))
            return
        acts = list(self.acts)
        acts[player] += 1
        push(s, Open(self.kind, self.players, tuple(acts)))
        ACTIONS[self.kind](s, player, option)


# -- Step 1: Select Weapons -----------------------------------------------------------------------
def _used(plan: dict[int, str], s: CastleState, seat: int, slot: str) -> int:
    n = 0
    for card in s.inventory(seat):
        if plan.get(card) == slot:
            n += max(1, s.treasure(card).hands) if slot == "hand" else 1
    return n


def _fits(plan: dict[int, str], s: CastleState, seat: int, card: int, slot: str) -> bool:
    t = s.treasure(card)
    if slot == "backpack" and t.size != "small":
        return False
    need = max(1, t.hands) if slot == "hand" else 1
    return _used(plan, s, seat, slot) + need <= capacity(s, seat, slot)


def _stow(plan: dict[int, str], s: CastleState, seat: int, card: int) -> bool:
    for slot in ("belt", "backpack"):
        if _fits(plan, s, seat, card, slot):
            plan[card] = slot
            return True
    return False


def equip_plan(s: CastleState, seat: int, card: int) -> dict[int, str] | None:
    """The slots after equipping `card`: what is in the Hands goes to the Belt or Backpack
    when the weapon needs both Hands (or the only Hand taken); None when it cannot be done or
    the Agent must first choose what to put away."""
    plan = {c: s.slots[c] for c in s.inventory(seat) if c in s.slots}
    plan.pop(card, None)
    need = max(1, s.treasure(card).hands)
    in_hand = [c for c in s.inventory(seat) if plan.get(c) == "hand"]
    free = 2 - _used(plan, s, seat, "hand")
    if free < need:
        if need == 1 and len(in_hand) > 1:
            return None  # which hand to empty is the Agent's choice: unequip first
        for c in in_hand:
            if not _stow(plan, s, seat, c):
                return None
    plan[card] = "hand"
    return plan


def _weapons_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    if acts >= MAX_CHANGES:
        return []
    out = []
    held = equipped(s, seat)
    for card in s.inventory(seat):
        t = s.treasure(card)
        if card not in s.slots or t.kind not in ("weapon", "shield"):
            continue
        if card in held:
            plan = {c: s.slots[c] for c in s.inventory(seat) if c in s.slots}
            plan.pop(card)
            if _stow(plan, s, seat, card):
                out.append(OPT[f"unequip:{t.slug}"])
        elif equip_plan(s, seat, card) is not None:
            out.append(OPT[f"equip:{t.slug}"])
    return list(dict.fromkeys(out))


def _weapons_act(s: CastleState, seat: int, option: Option) -> None:
    slug = str(option.arg)
    held = equipped(s, seat)
    if option.id.startswith("equip:"):
        card = next(
            c for c in s.inventory(seat) if s.t.slugs[c] == slug and c not in held and c in s.slots
        )
        plan = equip_plan(s, seat, card)
        assert plan is not None
    else:
        card = next(c for c in held if s.t.slugs[c] == slug)
        plan = {c: s.slots[c] for c in s.inventory(seat) if c in s.slots}
        plan.pop(card)
        assert _stow(plan, s, seat, card)
    s.slots.update(plan)
    verb = "equips" if option.id.startswith("equip:") else "puts away"
    s.emit(Event("castle.combat.weapons", f"{who(seat)} {verb} {s.name(card)}"))


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


def _start_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    return ability_options(s, seat, "start")


def _ability_act(window: str) -> Callable[[CastleState, int, Option], None]:
    def act(s: CastleState, seat: int, option: Option) -> None:
        abilities.use(s, seat, option, window)

    return act


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


def _draw_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    from tabletop.games.castle.rules import RULES

    out = []
    if (
        f"{seat}:2" not in s.cooldown
        and s.clarity[s.pool(seat)] >= RULES.overcharge_clarity
        and s.zones.cards[zone(seat, DECK)]
        and len(line(s, seat)) < MAX_TIMINGS
    ):
        out.append(OPT["overcharge"])
    return out + ability_options(s, seat, "draw")


def _draw_act(s: CastleState, seat: int, option: Option) -> None:
    from tabletop.games.castle.rules import RULES

    if option.id == "overcharge":
        s.cooldown[f"{seat}:2"] = 1
        s.emit(Event("castle.agent.overcharge", f"{who(seat)} Overcharges"))
        s.change_clarity(-RULES.overcharge_clarity, seat, "castle.agent.overcharge")
        fx.draw_into(s, seat, None, "castle.agent.overcharge")
        return
    abilities.use(s, seat, option, "draw")


# -- Step 4: Replace or Discard -------------------------------------------------------------------
def _step4(s: CastleState, card: int, paid: bool) -> bool:
    return any(st.effect in STEP4 and bool(st.pay) == paid for st in rec(s, card).steps)


def _replace_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    c = s.combat
    assert c is not None
    seq = line(s, seat)[:MAX_TIMINGS]
    out = []
    if c.round == 1 and s.zones.cards[zone(seat, INITIATIVE)]:
        out += [OPT[f"initiative:{t}"] for t in range(1, len(seq) + 1)]
    out += [OPT[f"card:{t}"] for t, card in enumerate(seq, 1) if _step4(s, card, False)]
    helper = next((card for card in seq if _step4(s, card, True)), None)
    if helper is not None:
        pay = max(st.pay for st in rec(s, helper).steps if st.effect in STEP4)
        if s.energy[seat] + _gain(s, helper) >= pay:
            out += [
                OPT[f"help:{p}:{t}"]
                for p in reach(s, seat)
                if p != seat and p in acting(s)
                for t in range(1, min(len(line(s, p)), MAX_TIMINGS) + 1)
            ]
    return out + ability_options(s, seat, "replace")


def _gain(s: CastleState, card: int) -> int:
    return sum(
        int(st.params["amount"])
        for st in rec(s, card).steps
        if st.effect == "energy" and not st.pay and int(st.params["amount"]) > 0
    )


class _Help(NamedTuple):
    seat: int
    pay: int
    card: int


class Help(_Help):
    """The paid second effect of a Replace card: pay, then the Agent in Reach's card is
    replaced (castle.combat.help)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.help"

    def run(self, s: CastleState) -> None:
        s.lose_energy(self.seat, self.pay, self.rule)
        fx.replace_card(s, self.card, self.rule)


def _replace_act(s: CastleState, seat: int, option: Option) -> None:
    oid = option.id
    seq = line(s, seat)
    if oid.startswith("initiative:"):
        t = int(option.arg)
        old = seq[t - 1]
        init = s.zones.cards[zone(seat, INITIATIVE)][-1]
        s.move(
            old,
            zone(seat, LINE),
            zone(seat, DISCARD),
            "castle.combat.initiative",
            f"{who(seat)} discards {{card}} for its Initiative card",
        )
        s.move(
            init,
            zone(seat, INITIATIVE),
            zone(seat, LINE),
            "castle.combat.initiative",
            f"{who(seat)} plays {{card}} on Timing {t}",
        )
        seq.remove(init)
        seq.insert(t - 1, init)
    elif oid.startswith("card:"):
        card = seq[int(option.arg) - 1]
        s.emit(Event("castle.combat.replace", f"{who(seat)} uses {s.name(card)}"))
        run_steps(s, [st for st in rec(s, card).steps if not st.pay], Ctx(seat, card))
    elif oid.startswith("help:"):
        p, t = option.arg
        helper = next(card for card in seq if _step4(s, card, True))
        pay = max(st.pay for st in rec(s, helper).steps if st.effect in STEP4)
        s.emit(Event("castle.combat.help", f"{who(seat)} uses {s.name(helper)} for {who(p)}"))
        push(s, Help(seat, pay, line(s, p)[t - 1]))
        run_steps(s, [st for st in rec(s, helper).steps if not st.pay], Ctx(seat, helper))
    else:
        abilities.use(s, seat, option, "replace")


# -- Step 5: Rearrange ----------------------------------------------------------------------------
def _rearrange_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    out = []
    if acts < MAX_SHIFTS:
        out += [OPT[f"shift:{i}:{j}"] for i, j in shifts(s, seat, MAX_TIMINGS)]
    for t, card in enumerate(line(s, seat)[:MAX_TIMINGS], 1):
        st = paid_step(s, card)
        if st is not None and card not in s.paid and s.energy[seat] >= st.pay:
            out.append(OPT[f"pay:{t}"])
    return out + ability_options(s, seat, "rearrange", burning=True)


def _rearrange_act(s: CastleState, seat: int, option: Option) -> None:
    oid = option.id
    if oid.startswith("shift:"):
        i, j = option.arg
        shift(s, seat, i, j)
    elif oid.startswith("pay:"):
        card = line(s, seat)[int(option.arg) - 1]
        st = paid_step(s, card)
        assert st is not None
        s.lose_energy(seat, st.pay, "castle.combat.pay")
        s.paid[card] = 1
        s.emit(Event("castle.combat.pay", f"{who(seat)} pays for {s.name(card)}'s second effect"))
    else:
        abilities.use(s, seat, option, "rearrange")


# -- Step 6: Negate -------------------------------------------------------------------------------
def _negate_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    return ability_options(s, seat, "negate")


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
    Rage accumulate, its effects apply (castle.combat.execute)."""

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
        s.emit(
            Event(
                self.rule,
                f"{who(self.seat)}'s {r.name} (Timing {self.idx + 1}): "
                f"Damage {s.acc[self.seat]}, Rage {s.rage}",
            )
        )
        run_steps(s, executed_steps(s, self.seat, self.idx), Ctx(self.seat, card))


def _execute_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    return ability_options(s, seat, "execute")


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


def _target_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    aims = [OPT[f"target:{n}"] for n, _ in targets(s, seat)] or [OPT["pass"]]
    return aims + ability_options(s, seat, "target")


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
        if remaining(s):
            if c.round >= MAX_ROUNDS:
                s.lose(f"the Combat did not end in {MAX_ROUNDS} rounds")
                return
            s.combat = s.combat._replace(round=c.round + 1, step="")
            s.emit(Event("castle.combat.round", f"Combat round {c.round + 1}"))
            push(s, *round_steps(False))
        else:
            push(s, Rewards(), Finish())


OPTIONS: dict[str, Callable[[CastleState, int, int], list[Option]]] = {
    "weapons": _weapons_options,
    "start": _start_options,
    "draw": _draw_options,
    "replace": _replace_options,
    "rearrange": _rearrange_options,
    "negate": _negate_options,
    "execute": _execute_options,
    "target": _target_options,
}
ACTIONS: dict[str, Callable[[CastleState, int, Option], None]] = {
    "weapons": _weapons_act,
    "start": _ability_act("start"),
    "draw": _draw_act,
    "replace": _replace_act,
    "rearrange": _rearrange_act,
    "negate": _ability_act("negate"),
    "execute": _ability_act("execute"),
    "target": _ability_act("target"),
}

__all__ = ["Combat", "initiative_now", "participants", "start_combat"]
