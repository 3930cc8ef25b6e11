"""The Guardians: a player's Battle phase.

In turn order, each player places a secret Museum monster, then places held damage counters,
uses battle effects, and battles the monsters of one location their attack level matches (or
the boss, or not at all); then fortifies a vacant location with the Blanket Fort, and the
monsters invade every free symbol:

    BattleStart -> Museum -> Battle -> Fort -> Invade
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.cards import fx_usable
from tabletop.games.guardians.city import collect, enters, invade_all, place
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.power import use_fx
from tabletop.games.guardians.state import BONUS, LOC_ZONES, MUSEUM, PERSIST, PLAY, who
from tabletop.games.guardians.tables import GKIND, KINDS, LOCS, M0, named

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

# locations that can hold a Blanket Fort (monster symbols), before and after Home flips
_FORTABLE = tuple(z for z in LOC_ZONES if LOCS[z[0]].symbols > 0)
_FORTABLE_FLIPPED = tuple(
    z
    for z in LOC_ZONES
    if (LOCS[z[0]].flipped_symbols if LOCS[z[0]].base else LOCS[z[0]].symbols) > 0
)


class _Player(NamedTuple):
    player: int


class BattleStart(_Player, PlayerStep):
    """A player's Battle phase begins (Ancient Hilt turns energy into attack)."""

    __slots__ = ()
    auto = True
    kind = "battle-start"

    def run(self, s: GuardiansState) -> None:
        p = self.player
        z = s.zones
        w = s.stack(p)
        # (tuple.__new__: steps made at every player's battle)
        w.append(tuple.__new__(Invade, (p,)))
        w.append(tuple.__new__(Fort, (p,)))
        w.append(tuple.__new__(Battle, (p,)))
        hilts = [
            c
            for c in z.cards[PLAY[p]] + z.cards[PERSIST[p]]
            if KINDS[GKIND[c]].effect == "ancient-hilt"
        ]
        if hilts:
            s.attack[p] += s.energy[p]
            if s.log is not None:
                s._say(
                    "guardians.card.ancient-hilt",
                    f"{who(p)}'s Ancient Hilt turns {s.energy[p]} energy into attack",
                    p,
                )
            s.energy[p] = 0
        if z.cards[MUSEUM[p]]:
            w.append(Museum(p))


class Museum(_Player, PlayerStep):
    """guardians.location.museum: the secret monster joins a location with monsters, or
    retreats when none has room (guardians.interpret.museum-nowhere)."""

    __slots__ = ()
    kind = "museum"
    rule = "guardians.location.museum"
    text = "place your secret monster at a location with monsters"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        return tuple(
            T.PLACE[i] for i in range(T.NLOC) if z[T.LOC0 + i] and len(z[T.LOC0 + i]) < T.MAX_SLOTS
        )

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        loc = option.arg
        m = s.zones.cards[MUSEUM[p]][0]
        s._mv(
            m,
            MUSEUM[p],
            T.LOC0 + loc,
            "guardians.location.museum",
            f"{who(p)} places {{card}} at {LOCS[loc].name}",
        )
        enters(s, m)

    def skip(self, s: GuardiansState) -> None:
        src = MUSEUM[self.player]
        for m in list(s.cards(src)):
            s._mv(m, src, T.RETREAT, "guardians.location.museum", "{card} retreats")


class Battle(_Player, PlayerStep):
    """guardians.battle.move: place damage counters, use battle effects, then battle a
    location (or the boss), or not at all."""

    __slots__ = ()
    kind = "battle"
    rule = "guardians.battle.move"
    text = "Battle: place damage counters, use effects, or choose where to battle"

    def prompt(self, s: GuardiansState) -> str:
        p = self.player
        held = s.counters[p]
        return (
            f"Battle (attack {s.attack[p]}, {held} damage counter{'' if held == 1 else 's'}"
            " held): place damage counters, use effects, or choose where to battle"
        )

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        p = self.player
        z = s.zones.cards
        opts: list[Option] = []
        held = s.counters[p]
        boss = s.boss_fighting()
        dmg = s.dmg
        if held:
            for i in range(T.NLOC):
                for j, m in enumerate(z[T.LOC0 + i]):
                    if not s.immune(m):
                        at = f"{T.monster_label(m, dmg[m - M0])} at {LOCS[i].name}"
                        opts.append(named(T.DMG[i][j], f"Place a damage counter on {at}"))
                        left = s.remaining(m)
                        if held >= left > 1:
                            opts.append(
                                named(T.KILL[i][j], f"Place {left} damage counters to defeat {at}")
                            )
            if boss:
                opts.append(T.DMG_BOSS)
        seen: set[str] = set()
        for name, _ in s.fx[p]:
            if name not in seen:
                seen.add(name)
                if fx_usable(s, p, name, True):
                    opts.append(T.USE[name])
        must_boss = boss and s.opts.apprentice
        if not must_boss:
            ents = s.in_play(p)
            if any(BONUS[k] for k in ents):
                for i, a, _ in LOC_ZONES:
                    if z[a]:
                        att = s.attack_at(p, i, ents)
                        total = s.combined(i)
                        if att >= total:
                            opts.append(_fight(s, i, z[a], total, att))
            else:
                att = s.attack[p]
                attack = s.c.mon_attack
                for i, a, _ in LOC_ZONES:
                    mons = z[a]
                    if mons:
                        total = 0
                        for m in mons:
                            j = m - M0
                            total += attack[j] - dmg[j]
                        if att >= total:
                            opts.append(_fight(s, i, mons, total, att))
        if boss:
            opts.append(_fight_boss(s, p))
        if not must_boss:
            opts.append(T.NO_FIGHT)
        return tuple(opts)

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.NO_FIGHT:
            if s.log is not None:
                s._say("guardians.battle.move", f"{who(p)} does not battle this round", p)
            return
        if option is T.DMG_BOSS:
            s.stack(p).append(self)  # not yet battling: asked again
            s.counters[p] -= 1
            s.boss_dmg += 1
            s.gift[p] += 1
            if s.log is not None:
                s._say("guardians.boss.counters", f"{who(p)} puts a damage counter on the boss", p)
            return
        arg = option.arg
        if arg.__class__ is int:  # a location, or -1: the boss
            fight(s, p, arg)
            return
        s.stack(p).append(self)  # not yet battling: asked again
        if arg.__class__ is str:  # a battle effect
            use_fx(s, p, arg)
        else:  # a monster's place: (location, slot)
            i, j = arg
            m = s.zones.cards[T.LOC0 + i][j]
            n = s.remaining(m) if option.action == T.KILL[i][j].action else 1
            place(s, p, m, i, n, True, "guardians.battle.counters")


def _fight(s: GuardiansState, i: int, mons: list[int], total: int, att: int) -> Option:
    """The option to battle at location `i`, its label naming the monsters there and the
    trophy points they are worth."""
    names = ", ".join(T.NAMES[m] for m in mons)
    pts = sum(s.c.mon_points[m - M0] for m in mons)
    return named(
        T.FIGHT[i],
        f"Battle the monsters at {LOCS[i].name}: {names} (attack {total} against your {att}; "
        f"{pts} trophy point{'' if pts == 1 else 's'})",
    )


def _fight_boss(s: GuardiansState, p: int) -> Option:
    """The option to battle the boss, naming it, its level and this player's attack."""
    b = s.zones.cards[T.BOSS_FIGHT][0]
    return named(
        T.FIGHT_BOSS,
        f"Battle the boss, {T.NAMES[b]} (the party needs {s.boss_level()} in all; your attack "
        f"{s.attack_at(p, -1)})",
    )


def fight(s: GuardiansState, p: int, loc: int) -> None:
    """`p` battles the monsters at `loc` and takes them all as trophies, or the boss (-1):
    held damage counters turn into attack against it (guardians.boss.battle)."""
    if loc < 0:
        held = s.counters[p]
        if held:
            s.counters[p] = 0
            s.boss_dmg += held
            s.gift[p] += held
        a = s.attack_at(p, -1)
        s.contrib[p] = a
        if s.log is not None:
            s._say(
                "guardians.boss.battle",
                f"{who(p)} battles the boss with attack {a} and {s.gift[p]} damage counter(s)",
                p,
            )
        return
    if s.log is not None:
        s._say(
            "guardians.battle.move",
            f"{who(p)} battles at {LOCS[loc].name} with attack {s.attack_at(p, loc)} "
            f"against {s.combined(loc)}",
            p,
        )
    s.visited[p] = loc
    for m in list(s.monsters_at(loc)):
        collect(s, p, m, loc)


class Fort(_Player, PlayerStep):
    __slots__ = ()
    kind = "fort"
    rule = "guardians.battle.fort"
    text = "fortify a vacant location with your Blanket Fort, keep it, or remove it"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        p = self.player
        z = s.zones.cards
        taken = s.fort
        opts = [T.FORT_KEEP, T.FORT_REMOVE] if taken[p] >= 0 else [T.FORT_KEEP]
        for i, a, b in _FORTABLE_FLIPPED if s.home_flipped else _FORTABLE:
            if not z[a] and not z[b] and i not in taken:
                opts.append(T.FORT[i])
        return tuple(opts)

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.FORT_REMOVE:
            s.fort[p] = -1
            if s.log is not None:
                s._say("guardians.battle.fort", f"{who(p)} removes the Blanket Fort", p)
        elif option is not T.FORT_KEEP:
            loc = option.arg
            s.fort[p] = loc
            if s.log is not None:
                s._say(
                    "guardians.battle.fort",
                    f"{who(p)} builds a Blanket Fort at {LOCS[loc].name}",
                    p,
                )


class Invade(_Player, PlayerStep):
    __slots__ = ()
    auto = True
    kind = "invade"

    def run(self, s: GuardiansState) -> None:
        invade_all(s, "guardians.battle.invade")
