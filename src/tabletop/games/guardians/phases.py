"""The Guardians: the round, as a declared procedure of steps (set-up and the Warm Up that
come before it are in `setup.py`).

    ROUND = (StartRound, RevealPhase, LocationPhase, OverrunPhase, PowerPhase,
             BattlePhase, BossOutcome, CleanUpPhase, EndRound)

as the rulebook's round summary reads (guardians.round.phases): the boss reveal (a boss
round), then Location, Overrun, Power Up, Battle (the boss's outcome after it), Clean Up.
Location, Battle and boss rewards are played in turn order from the Trailblazer
(`drive.Turns`); the others, and Power Up in the Guardian game, by everyone at once
(`drive.Together`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.events import PhaseStarted
from tabletop.engine.flow import NoFields, push
from tabletop.games.guardians import tables as T
from tabletop.games.guardians import texts
from tabletop.games.guardians.battle import BattleStart
from tabletop.games.guardians.bosses import RewardTurns, resolve_boss, reveal_boss, reveal_steps
from tabletop.games.guardians.city import flip_face_down, overrun, third_wave
from tabletop.games.guardians.drive import PlayerStep, Turns, together
from tabletop.games.guardians.locations import Visit
from tabletop.games.guardians.power import PowerStart
from tabletop.games.guardians.scoring import finish
from tabletop.games.guardians.state import (
    DISCARD,
    EFFECT,
    HAND,
    LOOK,
    PERSIST,
    PLAY,
    UNDER,
    who,
)
from tabletop.games.guardians.steps import Discard
from tabletop.games.guardians.tables import GKIND

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState


# -- the round --------------------------------------------------------------------------------
class StartRound(NoFields):
    """guardians.round.phases: a round begins; on a boss space its boss is revealed."""

    __slots__ = ()
    auto = True
    rule = "guardians.round.phases"

    def run(self, s: GuardiansState) -> None:
        space = s.track[s.track_pos]
        s.turn += 1
        n = s.num_players
        s.order = tuple((s.trailblazer + i) % n for i in range(n))
        if s.log is not None:
            s.emit(
                PhaseStarted(
                    "guardians.round.phases",
                    f"Round {s.turn} begins"
                    + (f": {texts.space(space)} round" if space.endswith("boss") else "")
                    + f"; {who(s.trailblazer)} holds the Trailblazer"
                    + ("; this is the last round" if last_round(s) else ""),
                    phase="round",
                )
            )
        s.boss_colour = ""
        if space in ("blue-boss", "red-boss"):
            reveal_boss(s, "blue" if space == "blue-boss" else "red")


class RevealPhase(NoFields):
    """The boss reveal effects that ask everyone something (Araknesh, Kevin)."""

    __slots__ = ()
    auto = True
    rule = "guardians.boss.reveal"

    def run(self, s: GuardiansState) -> None:
        together(s, "reveal")
        reveal_steps(s)


class LocationTurns(Turns):
    __slots__ = ()
    first = Visit


class LocationPhase(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.location.visit"

    def run(self, s: GuardiansState) -> None:
        s.phase = "location"
        s.visited = [-1] * s.num_players
        s.playground = 0
        s.flow.append(LocationTurns(s.order))


class OverrunPhase(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.overrun.warlock"

    def run(self, s: GuardiansState) -> None:
        together(s, "overrun")
        overrun(s)


class PowerTurns(Turns):
    __slots__ = ()
    first = PowerStart


class PowerPhase(NoFields):
    """guardians.power.play: everyone powers up at once, openly, each play applied as it is
    made (guardians.interpret.parallel-power-up); in the Apprentice game, in turn order."""

    __slots__ = ()
    auto = True
    rule = "guardians.power.play"

    def run(self, s: GuardiansState) -> None:
        if s.opts.apprentice:
            s.phase = "power"
            s.flow.append(PowerTurns(s.order))
        else:
            together(s, "power", *(PowerStart(p) for p in range(s.num_players)), openly=True)


class BattleTurns(Turns):
    __slots__ = ()
    first = BattleStart


class BattlePhase(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.battle.move"

    def run(self, s: GuardiansState) -> None:
        s.phase = "battle"
        flip_face_down(s)
        s.flow.append(BattleTurns(s.order))


def last_round(s: GuardiansState) -> bool:
    nxt = s.track[s.track_pos + 1] if s.track_pos + 1 < len(s.track) else "end"
    return nxt == "end"


class BossOutcome(NoFields):
    """After a boss's Battle phase: its outcome, rewards in turn (strongest first), and
    the end of the game when it was the last round."""

    __slots__ = ()
    auto = True
    rule = "guardians.boss.outcome"

    def run(self, s: GuardiansState) -> None:
        if not s.boss_colour:
            return
        ranked = resolve_boss(s)
        if ranked is None:
            AfterBoss().run(s)
        else:
            push(s, RewardTurns(ranked), AfterBoss())


class AfterBoss(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.boss.outcome"

    def run(self, s: GuardiansState) -> None:
        if last_round(s):
            finish(s)


class _Player(NamedTuple):
    player: int


class CleanUp(_Player, PlayerStep):
    """guardians.cleanup.*: cards in play are discarded (items and cards a Mystic Ball or
    Sticker is on stay in play), the hand too; draw four (six with a Backpack, then discard
    two)."""

    __slots__ = ()
    auto = True
    kind = "cleanup"

    def run(self, s: GuardiansState) -> None:
        cleanup(s, self.player)


def cleanup(s: GuardiansState, p: int) -> None:
    z = s.zones
    disc = DISCARD[p]
    play, pers = PLAY[p], PERSIST[p]
    targets = s.attach.values()
    for c in list(z.cards[play]):
        if T.IS_ITEM[GKIND[c]] or c in targets:
            s._mv(c, play, pers, "guardians.cleanup.persistent", "{who} keeps {card} in play", p=p)
        else:
            s._mv(c, play, disc, "guardians.cleanup.discard", "{who} discards {card}", p=p)
    for src in (UNDER[p], HAND[p], LOOK[p]):
        if s.log is None:
            z.move_all(src, disc)
        elif z.cards[src]:
            for c in list(z.cards[src]):
                s._mv(
                    c,
                    src,
                    disc,
                    "guardians.cleanup.discard",
                    "{who} discards {card}",
                    "{who} discards {card}",
                    p=p,
                )
    s.pool += s.counters[p]
    s.counters[p] = 0
    s.energy[p] = 0
    s.attack[p] = 0
    s.copies[p] = []
    s.fx[p] = []
    s.sp_used[p] = 0
    s.plant_bonus[p] = 0
    s.wolf_draws[p] = 0
    packs = 0
    for c in z.cards[pers]:
        eff = EFFECT[GKIND[c]]
        if eff == "backpack":
            packs += 1
        elif eff == "sticker":
            tgt = s.attach.get(c)
            if tgt is not None and EFFECT[GKIND[tgt]] == "backpack":
                packs += 1
    extra = packs * s.c.num["backpack_extra"]
    s._draw(p, s.c.hand_size + extra, "guardians.cleanup.draw")
    if extra:
        s.stack(p).append(Discard(p, extra, "guardians.card.backpack"))


class CleanUpPhase(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.cleanup.discard"

    def run(self, s: GuardiansState) -> None:
        together(s, "cleanup", *(CleanUp(p) for p in range(s.num_players)))


class EndRound(NoFields):
    """guardians.cleanup.trailblazer, guardians.cleanup.timekeeper: the Trailblazer passes
    right, the Timekeeper moves on (the Third Wave after the first boss); the next round,
    or the end."""

    __slots__ = ()
    auto = True
    rule = "guardians.cleanup.timekeeper"

    def run(self, s: GuardiansState) -> None:
        n = s.num_players
        s.trailblazer = (s.trailblazer - 1) % n
        if s.log is not None:
            s._say(
                "guardians.cleanup.trailblazer",
                f"The Trailblazer passes right to {who(s.trailblazer)}",
            )
        s.contrib = [-1] * n
        s.purify = False
        s.track_pos += 1
        space = s.track[s.track_pos]
        if s.log is not None:
            s._say(
                "guardians.cleanup.timekeeper", f"The Timekeeper moves on to {texts.space(space)}"
            )
        if space == "third-wave":
            third_wave(s)
            s.track_pos += 1
            space = s.track[s.track_pos]
        if space == "end":
            finish(s)
            return
        push(s, *ROUND)


ROUND = (
    StartRound(),
    RevealPhase(),
    LocationPhase(),
    OverrunPhase(),
    PowerPhase(),
    BattlePhase(),
    BossOutcome(),
    CleanUpPhase(),
    EndRound(),
)
