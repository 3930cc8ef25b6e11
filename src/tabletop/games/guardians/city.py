"""The Guardians: the city of Arthursburg and its monsters.

Monsters invade the locations from the waves (an empty wave takes the Retreat pile, then the
next wave), enter play face up or face down, take damage counters, are defeated and become
trophies. What a monster family does is one handler each (`MONSTERS`, by family): Orcs bully
every Orc when they enter and perform a Final Act when defeated (a Shield window lets a holder
ignore it), Spiders reveal two supply cards, Robots and Warlocks give persistent energy and
attack (read at Power Up), Zombies are only points. Overrun and the Third Wave are here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.handlers import Handlers
from tabletop.engine.windows import Priority
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import MONSTER_FAMILIES
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.state import DISCARD, LOC_ZONES, PERSIST, PLAY, TROPHY, who
from tabletop.games.guardians.steps import Discard, Drop, pick
from tabletop.games.guardians.tables import GKIND, KINDS, LOCS, M0, MON_FAMILY

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

# monster symbols per location, before and after Home flips
SYMS = tuple(loc.symbols for loc in LOCS)
SYMS_FLIPPED = tuple(loc.flipped_symbols if loc.base else loc.symbols for loc in LOCS)
# log texts per location, built once
_INVADES = tuple(f"{{card}} invades {loc.name}" for loc in LOCS)
_INVADES_FD = tuple(f"A monster invades {loc.name} face down" for loc in LOCS)
_FLIPS = tuple(f"{{card}} is turned face up at {loc.name}" for loc in LOCS)


# -- invasions --------------------------------------------------------------------------------
def draw_monster(s: GuardiansState, wave: int) -> tuple[int, int] | None:
    """(card, zone) of the next monster from `wave`: an empty wave takes the shuffled
    Retreat pile, then the next wave (guardians.battle.invade-source)."""
    z = s.zones
    w = wave
    while w < 3:
        src = T.WAVES[w]
        if not z.cards[src] and z.cards[T.RETREAT]:
            z.move_all(T.RETREAT, src)
            z.shuffle(src, s.rng)
            s._say(
                "guardians.battle.invade-source",
                "The Retreat pile is shuffled to reinforce the wave",
            )
        if z.cards[src]:
            return z.cards[src][-1], src
        w += 1
    return None


def invade_one(s: GuardiansState, loc: int, wave: int, face_up: bool, rule: str) -> bool:
    got = draw_monster(s, wave)
    if got is None:
        if s.log is not None:
            s._say(rule, f"No monster is left to invade {LOCS[loc].name}")
        return False
    m, src = got
    if face_up:
        s._mv(m, src, T.LOC0 + loc, rule, _INVADES[loc])
        enters(s, m)
    else:
        s._mv(m, src, T.FD0 + loc, rule, _INVADES_FD[loc])
    return True


def enters(s: GuardiansState, m: int) -> None:
    """A monster enters play face up. An Orc damages every Orc in the city, itself
    included, unless it is immune to damage counters (Purify-A1's round); it never places
    the counter that would defeat one (guardians.monster.orc-bully,
    guardians.interpret.orc-bully-cap)."""
    if MON_FAMILY[m - M0] != "orc":
        return
    for loc in range(T.NLOC):
        for o in s.monsters_at(loc):
            if MON_FAMILY[o - M0] == "orc" and s.pool and s.remaining(o) > 1 and not s.immune(o):
                s.dmg[o - M0] += 1
                s.pool -= 1
    if s.log is not None:
        text = (
            f"{T.NAMES[m]} cannot damage the shielded Orcs"
            if s.purify
            else f"{T.NAMES[m]} damages every Orc in the city"
        )
        s._say("guardians.monster.orc-bully", text)


def invade_all(s: GuardiansState, rule: str) -> None:
    """Fill every visible monster symbol (guardians.battle.invade)."""
    forts = s.fort
    z = s.zones.cards
    syms = SYMS_FLIPPED if s.home_flipped else SYMS
    for loc, a, b in LOC_ZONES:
        if loc in forts:
            continue
        need = syms[loc] - len(z[a]) - len(z[b])
        for _ in range(need):
            if not invade_one(s, loc, s.invade_wave, True, rule):
                return


def flip_face_down(s: GuardiansState) -> None:
    """The Battle phase begins: face-down monsters turn face up (guardians.battle.flip)."""
    z = s.zones
    for loc in range(T.NLOC):
        fd = T.FD0 + loc
        for m in list(z.cards[fd]):
            s._mv(m, fd, T.LOC0 + loc, "guardians.battle.flip", _FLIPS[loc])
            enters(s, m)


def leave(s: GuardiansState, m: int) -> None:
    """A monster leaves the city: its damage counters go back to the mat."""
    i = m - M0
    s.pool += s.dmg[i]
    s.dmg[i] = 0


def retreat(s: GuardiansState, m: int, src: int, rule: str) -> None:
    leave(s, m)
    s._mv(m, src, T.RETREAT, rule, "{card} retreats")


# -- damage and trophies ----------------------------------------------------------------------
def place(s: GuardiansState, p: int, m: int, loc: int, n: int, held: bool, rule: str) -> None:
    """Put `n` damage counters on monster `m` (from `p`'s held counters, or from the mat);
    a monster with at least its attack level in counters is defeated by `p`."""
    if held:
        n = min(n, s.counters[p])
        s.counters[p] -= n
    else:
        n = min(n, s.pool)
        s.pool -= n
    if n <= 0:
        return
    s.dmg[m - M0] += n
    if s.log is not None:
        s._say(rule, f"{who(p)} puts {n} damage counter(s) on {T.NAMES[m]}", p)
    if s.remaining(m) <= 0:
        if s.log is not None:
            s._say("guardians.battle.counter-defeat", f"{T.NAMES[m]} falls to its damage")
        collect(s, p, m, loc)


def area(s: GuardiansState, p: int, loc: int, amount: int, around: int, rule: str) -> None:
    """Damage counters from the mat on every monster at `loc` (-1: the boss), and
    `around` on every monster at the surrounding locations."""
    if loc < 0:
        n = min(amount, s.pool)
        s.pool -= n
        s.boss_dmg += n
        s.gift[p] += n
        if s.log is not None:
            s._say(rule, f"{who(p)} puts {n} damage counter(s) on the boss", p)
        return
    targets = (
        [(loc, amount)] + [(o, around) for o in T.SURROUNDING[loc]] if around else [(loc, amount)]
    )
    for where, k in targets:
        for m in list(s.monsters_at(where)):
            if not s.immune(m) and m in s.monsters_at(where):
                place(s, p, m, where, k, False, rule)


def collect(s: GuardiansState, p: int, m: int, loc: int) -> None:
    """`p` takes `m` as a trophy and gains its reward by family (guardians.battle.trophy,
    MONSTERS)."""
    leave(s, m)
    s._mv(
        m,
        T.LOC0 + loc,
        TROPHY[p],
        "guardians.battle.trophy",
        "{who} takes {card} as a trophy",
        p=p,
    )
    reward = MONSTERS.get(MON_FAMILY[m - M0])
    if reward is not None:
        reward(s, p)


# -- monster families -------------------------------------------------------------------------
MONSTERS = Handlers("guardians.monster")
MONSTERS.plain("zombie")  # trophy points only
Reward = Callable[["GuardiansState", int], None]


@MONSTERS.handler("orc", rule="guardians.monster.orc-final-act")
def orc(s: GuardiansState, p: int) -> None:
    """Orcs bully every Orc as they enter (`enters`); defeated, they perform a Final Act."""
    s.stack(p).append(FinalAct(p))


@MONSTERS.handler("spider", rule="guardians.monster.spider-reward")
def spider(s: GuardiansState, p: int) -> None:
    s.stack(p).append(SpiderReveal(p))


@MONSTERS.handler("robot", rule="guardians.monster.robot-reward")
def robot(s: GuardiansState, p: int) -> None:
    """Robots are immune to damage counters (`GuardiansState.immune`); their reward is a
    persistent energy, counted at Power Up (cards.PowerStart)."""
    if s.log is not None:
        s._say("guardians.monster.robot-reward", f"{who(p)} gains a persistent energy")


@MONSTERS.handler("warlock", rule="guardians.monster.warlock-reward")
def warlock(s: GuardiansState, p: int) -> None:
    """Warlocks Overrun (`OverrunPhase`); their reward is a persistent attack."""
    if s.log is not None:
        s._say("guardians.monster.warlock-reward", f"{who(p)} gains a persistent attack")


assert not MONSTERS.problems(MONSTER_FAMILIES)


class _Player(NamedTuple):
    player: int


class FinalAct(_Player, PlayerStep):
    """Orc Final Act: every opponent, from the slayer's left, gains a Practice Swing on top
    of the deck; a Shield lets its holder ignore it (guardians.monster.orc-final-act): the
    holders are asked in a Shield window once the slayer's automatic steps are done."""

    __slots__ = ()
    auto = True
    kind = "final-act"

    def run(self, s: GuardiansState) -> None:
        p = self.player
        n = s.num_players
        waiting = list(s.final_acts)
        for i in range(1, n):
            q = (p + i) % n
            shield = any(
                KINDS[GKIND[c]].effect == "shield" for c in s.cards(PERSIST[q]) + s.cards(PLAY[q])
            )
            if shield:
                waiting.append(q)
            else:
                s._gain_swing(q, "guardians.monster.orc-final-act")
        # each holder answers every Final Act waiting on them before the next holder
        waiting.sort(key=lambda q: (q - p) % n)
        s.final_acts = tuple(waiting)


class ShieldWindow(Priority):
    """guardians.card.shield: a Shield holder may ignore a Final Act; each holder a Final Act
    waits on is asked once per Final Act, from the slayer's left (a window of
    engine/windows.py in which every answer counts and none reopens it)."""

    __slots__ = ()
    kind = "shield"
    rule = "guardians.card.shield"
    reopens = False

    def prompt(self, s: GuardiansState, player: int) -> str:
        return "an Orc's Final Act: ignore it with your Shield, or take the Practice Swing"

    def options(self, s: GuardiansState, player: int) -> tuple[Option, ...]:
        return (T.IGNORE_ACT, T.ACCEPT_ACT)

    def act(self, s: GuardiansState, player: int, option: Option) -> None:
        if option is T.IGNORE_ACT:
            if s.log is not None:
                s._say(
                    "guardians.card.shield", f"{who(player)}'s Shield ignores the Final Act", player
                )
        else:
            s._gain_swing(player, "guardians.monster.orc-final-act")


def open_shields(s: GuardiansState) -> None:
    """The Final Acts waiting on Shield holders are asked now."""
    s.flow.append(ShieldWindow(s.final_acts))
    s.final_acts = ()


class SpiderReveal(_Player, PlayerStep):
    """Spider reward: the top two of the supply, face up for everyone; gain one, trash
    the other (guardians.monster.spider-reward)."""

    __slots__ = ()
    auto = True
    kind = "spider-reveal"

    def run(self, s: GuardiansState) -> None:
        p = self.player
        shown = T.REVEALED
        for _ in range(2):
            c = s._supply_top()
            if c is None:
                break
            s._mv(
                c,
                T.SUPPLY,
                shown,
                "guardians.monster.spider-reward",
                "{who} reveals {card} from the supply",
                p=p,
            )
        if s.cards(shown):
            s.stack(p).append(SpiderGain(p))


class SpiderGain(_Player, PlayerStep):
    __slots__ = ()
    kind = "spider"
    rule = "guardians.monster.spider-reward"
    text = "gain one of the revealed supply cards (the other is trashed), or trash both"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        ks = s.kinds_in(T.REVEALED)
        return (T.DONE, *pick(T.GAIN, ks)) if ks else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        look = T.REVEALED
        if option is not T.DONE:
            s._mv(
                s.card_of_kind(look, option.arg),
                look,
                DISCARD[p],
                "guardians.monster.spider-reward",
                "{who} gains {card}",
                p=p,
            )
        for c in list(s.zones.cards[look]):
            s._trash(c, look, "guardians.monster.spider-reward", p)


# -- Overrun and the Third Wave ---------------------------------------------------------------
def overrun(s: GuardiansState) -> None:
    """Two or more Warlocks: everyone discards a card; two or more Spiders: everyone
    discards a non-SUPER item from play; the Playground visitor ignores both
    (guardians.overrun.warlock, guardians.overrun.spider, guardians.location.playground)."""
    warlocks = spiders = 0
    for loc in range(T.NLOC):
        for m in s.monsters_at(loc):
            f = MON_FAMILY[m - M0]
            if f == "warlock":
                warlocks += 1
            elif f == "spider":
                spiders += 1
    for p in range(s.num_players):
        if (s.playground >> p) & 1:
            if (warlocks >= 2 or spiders >= 2) and s.log is not None:
                s._say(
                    "guardians.location.playground",
                    f"{who(p)} is at the Playground and ignores Overrun",
                    p,
                )
            continue
        if spiders >= 2:
            s.work[p].append(Drop(p, "guardians.overrun.spider"))
        if warlocks >= 2:
            s.work[p].append(Discard(p, 1, "guardians.overrun.warlock"))
    if s.log is not None:
        if warlocks >= 2:
            s._say("guardians.overrun.warlock", f"{warlocks} Warlocks Overrun the city")
        if spiders >= 2:
            s._say("guardians.overrun.spider", f"{spiders} Spiders Overrun the city")


def third_wave(s: GuardiansState) -> None:
    """After the first boss: the monsters on red locations retreat and face-down Third
    Wave monsters replace them; from now on reinforcements come from the Third Wave."""
    rule = "guardians.third-wave"
    z = s.zones
    s.invade_wave = 2
    forts = set(s.fort)
    for loc in range(T.NLOC):
        if LOCS[loc].colour != "red":
            continue
        for zone in (T.LOC0 + loc, T.FD0 + loc):
            for m in list(z.cards[zone]):
                retreat(s, m, zone, rule)
        if loc not in forts:
            for _ in range(s.sym(loc)):
                invade_one(s, loc, 2, False, rule)
    s._say(rule, "The Third Wave begins")
