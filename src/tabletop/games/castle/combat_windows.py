"""The simultaneous steps of a Combat round as windows (castle.combat.window): Select
Weapons, Start of Combat, Draw, Replace or Discard, Rearrange and Negate ask every Agent who
has something to do there at once (PARALLEL: each answer applies at once, `done` leaves);
the execute-time effects and the target are asked of one Agent at a time.

`Open(kind)` keeps the Agents with options and pushes `Window(kind, players)`, which asks them
(with the options `Open` worked out, handed on: `abilities.hand_on`);
after every answer but `done` the window opens again for the same Agents (an Agent with
nothing left to do drops out by itself). What each window offers is `OPTIONS[kind]`, what an
answer does `ACTIONS[kind]`; Skills, Treasures and Allies come from `abilities.options` (each
window offers the effects made for it and those usable at any time, and burning, in every
step: castle.interpret.any-time). A change by one Agent in Draw, Replace, Rearrange or Negate
reopens the step for the Agents in its Reach who had left it (castle.interpret.reopen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle import abilities
from tabletop.games.castle import combat_effects as fx
from tabletop.games.castle.cards import ALLIES, DECK, DISCARD, INITIATIVE, LINE, who, zone
from tabletop.games.castle.effects import Ctx, reach, run_steps
from tabletop.games.castle.enemy import hit, targets
from tabletop.games.castle.items import capacity, equipped
from tabletop.games.castle.labels import labelled
from tabletop.games.castle.sequence import MAX_SHIFTS, STEP4, line, paid_step, rec, shift, shifts
from tabletop.games.castle.space import MAX_TIMINGS, OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

MAX_CHANGES = 6  # castle.interpret.weapon-limit: equip/unequip per Agent in Select Weapons
# castle.interpret.reopen: the steps in which the group arranges together; a change by one
# Agent there brings back the Agents in its Reach who had left, at most MAX_REOPENINGS times a
# step (each Agent's own moves are bounded besides: MAX_SHIFTS, its Energy, its cards)
REOPENS = ("draw", "replace", "rearrange", "negate")
MAX_REOPENINGS = 8


def at(s: CastleState, step: str) -> None:
    if s.combat is not None:
        s.combat = s.combat._replace(step=step)


def acting(s: CastleState) -> tuple[int, ...]:
    c = s.combat
    if c is None:
        return ()
    return tuple(p for p in c.fighters if p not in c.skipping)


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


# castle.interpret.any-time: effects usable "any time" (or at any time in Combat) and burning
# are offered in every step of the round (the Overview: "Activate Treasure Effects or Burn
# Treasures for Energy any time during Combat, unless already used during the current Combat
# Round"); an effect made for one step is offered in that step only.
LOOSE = ("any", "combat")


def _window_of(s: CastleState, seat: int, option: Option, window: str) -> bool:
    """Whether an ability option is offered in `window` (its own window, or a loose one)."""
    wanted = (window, *LOOSE)
    oid = option.id
    if oid.startswith("skill:"):
        return s.agent(seat).skills[int(option.arg)].window in wanted
    if oid.startswith("use:"):
        cards = [c for c in s.inventory(seat) if s.t.slugs[c] == option.arg]
    elif oid.startswith("ally:"):
        cards = [c for c in s.zones.cards[ALLIES] if s.t.slugs[c] == option.arg]
    else:
        return True  # burning
    return any(ab.window in wanted for c in cards for ab in s.record(c).abilities)


def ability_options(s: CastleState, seat: int, window: str) -> list[Option]:
    """Skills, Treasures and Allies of `window` or of any time, and burning. A weapon's or
    shield's effect needs it in hand (castle.interpret.weapon-effects), and none whose effects
    are Negated this round."""
    opts = [o for o in abilities.options(s, seat, window) if _window_of(s, seat, o, window)]
    off = s.combat.weapons_off if s.combat is not None else ()
    held = equipped(s, seat)
    out = []
    for o in opts:
        if o.id.startswith("use:"):
            cards = [c for c in s.inventory(seat) if s.t.slugs[c] == o.arg]
            armed = [c for c in cards if s.treasure(c).kind in ("weapon", "shield")]
            if armed and not any(c in held and c not in off for c in armed):
                continue
        out.append(o)
    return out


def options(s: CastleState, seat: int, kind: str, acts: int) -> list[Option]:
    """What `seat` may do in window `kind` besides `done` (target: everything it may do)."""
    return OPTIONS[kind](s, seat, acts)


class _Open(NamedTuple):
    kind: str
    players: tuple[int, ...] | None = None
    acts: tuple[int, ...] = ()
    reopened: int = 0


class Open(_Open):
    """Open a window for the Agents (`players`; None: all acting) who have something to do
    in it; `acts` counts each seat's actions in it, `reopened` the times a change brought
    Agents back into it (castle.interpret.reopen)."""

    __slots__ = ()
    auto = True
    rule = "castle.combat.window"

    def run(self, s: CastleState) -> None:
        if s.result is not None or s.combat is None:
            return
        at(s, self.kind)
        players = acting(s) if self.players is None else self.players
        acts = self.acts or (0,) * s.num_players
        if self.kind == "target":
            if players:
                push(s, Window(self.kind, players, acts, self.reopened))
            return
        # the options worked out here are handed on to the window, asked at once (issue 26)
        per = {}
        for p in players:
            opts = options(s, p, self.kind, acts[p])
            if opts:
                per[p] = opts
        if per:
            window = Window(self.kind, tuple(per), acts, self.reopened)
            push(s, window)
            abilities.hand_on(s, window, per)


class _Window(NamedTuple):
    kind: str
    players: tuple[int, ...]
    acts: tuple[int, ...]
    reopened: int = 0


class Window(_Window):
    """The Agents of `players` act in window `kind` together (one Agent: a plain question)."""

    __slots__ = ()
    auto = False
    rule = "castle.combat.window"

    def own(
        self, s: CastleState, p: int, made: dict[int, list[Option]] | None = None
    ) -> tuple[Option, ...]:
        """What `p` may do here (`made`: the options `Open` worked out for this question)."""
        opts = made[p] if made is not None else options(s, p, self.kind, self.acts[p])
        if self.kind != "target":
            return (*opts, OPT["done"])
        return tuple(opts)

    def ask(self, s: CastleState) -> Decision:
        kind = f"combat-{self.kind}"
        rule = WINDOW[self.kind]
        prompt = PROMPT[self.kind]
        made = abilities.handed(s, self)
        if len(self.players) == 1:
            p = self.players[0]
            own = self.own(s, p, made)
            return labelled(s, Decision((p,), kind, f"{who(p)}: {prompt}", own, rule))
        asks = []
        union: dict[int, Option] = {}
        for p in self.players:
            opts = self.own(s, p, made)
            asks.append(Ask(kind, f"{who(p)}: {prompt}", opts, rule))
            for o in opts:
                union.setdefault(o.action, o)
        return labelled(
            s,
            Decision(
                self.players, kind, prompt, tuple(union.values()), rule, PARALLEL, tuple(asks)
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        rest = tuple(q for q in self.players if q != player)
        if option.id in ("done", "pass") or option.id.startswith("target:"):
            if rest:
                push(s, Open(self.kind, rest, self.acts, self.reopened))
            if option.id.startswith("target:"):
                hit(s, player, int(option.arg))
            return
        acts = list(self.acts)
        acts[player] += 1
        players, reopened = self.players, self.reopened
        if self.kind in REOPENS and reopened < MAX_REOPENINGS and not option.id.startswith("burn:"):
            # castle.interpret.reopen: the Agents in Reach who had left may answer the change
            fighting = acting(s)
            back = [
                q
                for q in reach(s, player)
                if q not in players and q in fighting and options(s, q, self.kind, acts[q])
            ]
            if back:
                players = tuple(q for q in fighting if q in players or q in back)
                reopened += 1
        push(s, Open(self.kind, players, tuple(acts), reopened))
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
        return ability_options(s, seat, "weapons")
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
    return list(dict.fromkeys(out)) + ability_options(s, seat, "weapons")


def _weapons_act(s: CastleState, seat: int, option: Option) -> None:
    if not option.id.startswith(("equip:", "unequip:")):
        abilities.use(s, seat, option, "weapons")
        return
    slug = str(option.arg)
    held = equipped(s, seat)
    if option.id.startswith("equip:"):
        # the copy that can be equipped (two copies may lie in different slots)
        found = None
        for c in s.inventory(seat):
            if s.t.slugs[c] == slug and c not in held and c in s.slots:
                found = (c, equip_plan(s, seat, c))
                if found[1] is not None:
                    break
        assert found is not None and found[1] is not None
        card, plan = found[0], found[1]
    else:
        for card in held:
            if s.t.slugs[card] != slug:
                continue
            plan = {c: s.slots[c] for c in s.inventory(seat) if c in s.slots}
            plan.pop(card)
            if _stow(plan, s, seat, card):
                break
        else:
            raise AssertionError(f"no {slug} can be put away")
    s.slots.update(plan)
    verb = "equips" if option.id.startswith("equip:") else "puts away"
    s.emit(Event("castle.combat.weapons", f"{who(seat)} {verb} {s.name(card)}"))


# -- Step 2: Start of Combat ----------------------------------------------------------------------
def _start_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    return ability_options(s, seat, "start")


def _ability_act(window: str) -> Callable[[CastleState, int, Option], None]:
    def act(s: CastleState, seat: int, option: Option) -> None:
        abilities.use(s, seat, option, window)

    return act


# -- Step 3: Draw and Place -----------------------------------------------------------------------
def _draw_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    out = []
    if (
        f"{seat}:2" not in s.cooldown
        and s.clarity[s.pool(seat)] >= s.t.content.rules.overcharge_clarity
        and s.zones.cards[zone(seat, DECK)]
        and len(line(s, seat)) < MAX_TIMINGS
    ):
        out.append(OPT["overcharge"])
    return out + ability_options(s, seat, "draw")


def _draw_act(s: CastleState, seat: int, option: Option) -> None:
    if option.id == "overcharge":
        s.cooldown[f"{seat}:2"] = 1
        s.emit(Event("castle.agent.overcharge", f"{who(seat)} Overcharges"))
        s.change_clarity(-s.t.content.rules.overcharge_clarity, seat, "castle.agent.overcharge")
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
    return out + ability_options(s, seat, "rearrange")


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


# -- Step 7: Execute ------------------------------------------------------------------------------
def _execute_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    return ability_options(s, seat, "execute")


# -- Step 8: Target -------------------------------------------------------------------------------
def _target_options(s: CastleState, seat: int, acts: int) -> list[Option]:
    aims = [OPT[f"target:{n}"] for n, _ in targets(s, seat)] or [OPT["pass"]]
    return aims + ability_options(s, seat, "target")


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


__all__ = ["ACTIONS", "OPTIONS", "Open", "Window", "acting", "at", "equip_plan", "options"]
