"""The Guardians: the bosses.

A boss round reveals its boss (what its reveal does is one handler each, `REVEALS`, by the
boss's reveal id, with its rule id `guardians.boss.<id>`); the party battles it together in
the Battle phase; then `resolve_boss` adds the party's attack and damage counters against its
level. Beaten, its rewards go to the battlers, strongest first (`BossReward`, in turn);
surviving, the Blue Boss flips Home and gives COWARD! cards to those who stayed away, the Red
Boss loses the game and retreats trophies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.handlers import Handlers
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.city import invade_all, retreat
from tabletop.games.guardians.drive import PlayerStep, Turns
from tabletop.games.guardians.state import DISCARD, HAND, QUEST, TROPHY
from tabletop.games.guardians.steps import Discard, Drop, pick
from tabletop.games.guardians.tables import (
    B0,
    BOSSES,
    CARDS_OF_KIND,
    GKIND,
    LOCS,
    M0,
    Q0,
)

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

REVEALS = Handlers("guardians.boss")
Reveal = Callable[["GuardiansState", str], None]


def reveal_boss(s: GuardiansState, colour: str) -> None:
    z = s.zones
    src = T.BOSS_BLUE if colour == "blue" else T.BOSS_RED
    s.boss_colour = colour
    s.boss_dmg = 0
    s.contrib = [-1] * s.num_players
    s.gift = [0] * s.num_players
    if s.log is not None:
        s._say("guardians.boss.display", f"The {colour} boss's rewards are on display")
    b = z.cards[src][0]
    s._mv(
        b,
        src,
        T.BOSS_FIGHT,
        "guardians.boss.reveal",
        f"The {colour.title()} Boss is revealed: {{card}}",
    )
    reveal = BOSSES[b - B0].reveal
    REVEALS[reveal](s, f"guardians.boss.{reveal}")


@REVEALS.handler("patient-zero", rule="guardians.boss.patient-zero")
def patient_zero(s: GuardiansState, rule: str) -> None:
    """Everyone discards the hand and draws as many."""
    z = s.zones
    for p in range(s.num_players):
        hand = HAND[p]
        k = len(z.cards[hand])
        for c in list(z.cards[hand]):
            s._mv(c, hand, DISCARD[p], rule, "{who} discards {card}", p=p)
        s._draw(p, k, rule)


@REVEALS.handler("kiara", rule="guardians.boss.kiara")
def kiara(s: GuardiansState, rule: str) -> None:
    """Everyone gains a Practice Swing, in turn order, should the box run short."""
    for p in s.order:
        s._gain_swing(p, rule)


@REVEALS.handler("purify", rule="guardians.boss.purify")
def purify(s: GuardiansState, rule: str) -> None:
    s.purify = True
    s._say(rule, "Every monster in the city is shielded from damage counters")


@REVEALS.handler("zarkoth", rule="guardians.boss.zarkoth")
def zarkoth(s: GuardiansState, rule: str) -> None:
    """Every Blanket Fort is removed, every monster retreats, replacements invade."""
    z = s.zones
    s.fort = [-1] * s.num_players
    s._say(rule, "Every Blanket Fort is removed")
    for loc in range(T.NLOC):
        for zone in (T.LOC0 + loc, T.FD0 + loc):
            for m in list(z.cards[zone]):
                retreat(s, m, zone, rule)
    invade_all(s, rule)


@REVEALS.handler("araknesh", rule="guardians.boss.araknesh")
def araknesh(s: GuardiansState, rule: str) -> None:
    """Everyone discards a non-SUPER item from play (asked in the reveal phase)."""


@REVEALS.handler("kevin", rule="guardians.boss.kevin")
def kevin(s: GuardiansState, rule: str) -> None:
    """Everyone discards a card (asked in the reveal phase)."""


def reveal_steps(s: GuardiansState) -> None:
    """The reveal effects that ask players something, for everyone at once."""
    b = s.cards(T.BOSS_FIGHT)
    if not b or s.boss_colour == "":
        return
    reveal = BOSSES[b[0] - B0].reveal
    for p in range(s.num_players):
        if reveal == "araknesh":
            s.work[p].append(Drop(p, "guardians.boss.araknesh"))
        elif reveal == "kevin":
            s.work[p].append(Discard(p, 1, "guardians.boss.kevin"))


def resolve_boss(s: GuardiansState) -> tuple[int, ...] | None:
    """guardians.boss.outcome: the party's attack and counters against the boss's level;
    beaten, the battlers who take its rewards, strongest first (`RewardTurns`)."""
    z = s.zones
    n = s.num_players
    level = s.boss_level()
    battlers = [p for p in s.order if s.contrib[p] >= 0]
    total = s.boss_dmg + sum(s.contrib[p] for p in battlers)
    b = z.cards[T.BOSS_FIGHT][0]
    colour = s.boss_colour
    won = total >= level
    if s.log is not None:
        s._say(
            "guardians.boss.outcome",
            f"The party brings {total} against {T.NAMES[b]}'s {level}: "
            + ("the boss is defeated" if won else "the boss survives"),
        )
    s.outcomes[f"{colour}_boss"] = "defeated" if won else "survived"
    s.pool += s.boss_dmg
    s.boss_dmg = 0
    s._mv(b, T.BOSS_FIGHT, T.BOSS_DONE, "guardians.boss.outcome", "{card} leaves")
    s.purify = False
    if won:
        ranked = sorted(battlers, key=lambda q: -(s.contrib[q] + s.gift[q]))
        s.phase = "rewards"
        return tuple(ranked)
    if colour == "blue":
        if not s.home_flipped:
            s.home_flipped = True
            if s.log is not None:
                s._say(
                    "guardians.boss.blue-penalty",
                    f"{LOCS[T.HOME].name} is flipped: monsters can now invade it",
                )
        for p in range(n):
            if s.contrib[p] < 0:
                cow = [c for c in z.cards[T.RESERVE] if GKIND[c] == T.COWARD]
                if cow:
                    s._mv(
                        cow[0],
                        T.RESERVE,
                        DISCARD[p],
                        "guardians.boss.coward",
                        "{who} gains {card}",
                        p=p,
                    )
    else:
        s._say("guardians.boss.red-penalty", "Arthursburg has fallen: the players lose")
        for p in range(n):
            if s.contrib[p] < 0:
                retreat_best(s, p, s.c.num["red_boss_retreats"])
    return None


def retreat_best(s: GuardiansState, p: int, k: int) -> None:
    troph = TROPHY[p]
    points, attack = s.c.mon_points, s.c.mon_attack
    ranked = sorted(s.cards(troph), key=lambda m: (-points[m - M0], -attack[m - M0], m))
    for m in ranked[:k]:
        s._mv(
            m,
            troph,
            T.RETREAT,
            "guardians.boss.red-penalty",
            "{who} retreats the trophy {card}",
            p=p,
        )


class _Player(NamedTuple):
    player: int


class BossReward(_Player, PlayerStep):
    """guardians.boss.reward: a SUPER card (Blue Boss) or a Secret Quest (Red Boss) from the
    display."""

    __slots__ = ()
    kind = "boss-reward"
    rule = "guardians.boss.reward"
    text = "choose your reward from the boss's display"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        if s.boss_colour == "blue" or s.opts.apprentice:
            return pick(T.REWARD, [GKIND[c] for c in sorted(z[T.BLUE_SHOW])])
        return tuple(T.REWARD_QUEST[c - Q0] for c in sorted(z[T.RED_SHOW]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        k = option.arg
        if s.boss_colour == "blue" or s.opts.apprentice:
            c = CARDS_OF_KIND[k][0]
            s._mv(c, T.BLUE_SHOW, DISCARD[p], "guardians.boss.reward", "{who} gains {card}", p=p)
        else:
            s._mv(
                Q0 + k,
                T.RED_SHOW,
                QUEST[p],
                "guardians.boss.reward",
                "{who} gains the Secret Quest {card}",
                p=p,
            )


class RewardTurns(Turns):
    __slots__ = ()
    first = BossReward
