"""The Guardians: the end of the game, Secret Quests and the winner.

At the end the Secret Quests are revealed and checked (one check per quest kind: `QUESTS`,
by the quest's check id, each quest's rule id `guardians.quest.<slug>`); trophy points plus
completed quests score; the most points wins, ties to the most quests completed, and nobody
wins if the final boss survived (guardians.scoring.*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.events import GameEnded
from tabletop.engine.handlers import Handlers
from tabletop.engine.state import Result
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import MONSTER_FAMILIES, Quest
from tabletop.games.guardians.state import QUEST, QUEST_SHOWN, TROPHY, who
from tabletop.games.guardians.tables import GKIND, KINDS, M0, MON_FAMILY, QUESTS

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

SOLO_RANKS = ((30, "True Guardian"), (25, "Guardian"), (20, "Apprentice"), (-(10**9), "Play again"))
QUEST_CHECKS = Handlers("guardians.quest")


def quest_done(s: GuardiansState, p: int, q: int) -> bool:
    quest = s.c.quests[q]
    done: bool = QUEST_CHECKS[quest.check](s, p, quest)
    return done


def _most(s: GuardiansState, p: int, quest: Quest, count: object) -> bool:
    assert callable(count)
    mine = count(p)
    if s.num_players == 1:
        return bool(mine >= quest.solo_min)
    return all(mine > count(q) for q in range(s.num_players) if q != p)


@QUEST_CHECKS.handler("most-generics", rule="guardians.quest.generic-master")
def most_generics(s: GuardiansState, p: int, quest: Quest) -> bool:
    return _most(s, p, quest, lambda q: sum(1 for c in s.owned(q) if T.IS_GENERIC[GKIND[c]]))


@QUEST_CHECKS.handler("most-family", rule="guardians.quest.slayers")
def most_family(s: GuardiansState, p: int, quest: Quest) -> bool:
    """The Slayer quests: the most trophies of one family (alone: at least `solo_min`)."""
    return _most(
        s,
        p,
        quest,
        lambda q: sum(1 for m in s.cards(TROPHY[q]) if MON_FAMILY[m - M0] == quest.family),
    )


@QUEST_CHECKS.handler("every-family", rule="guardians.quest.versatile-hunter")
def every_family(s: GuardiansState, p: int, quest: Quest) -> bool:
    fams = {MON_FAMILY[m - M0] for m in s.cards(TROPHY[p])}
    return all(f in fams for f in MONSTER_FAMILIES)


@QUEST_CHECKS.handler("second-wave", rule="guardians.quest.weakling-hunter")
def second_wave(s: GuardiansState, p: int, quest: Quest) -> bool:
    return sum(1 for m in s.cards(TROPHY[p]) if T.MWAVE[m - M0] == 1) >= quest.amount


@QUEST_CHECKS.handler("trophy-family", rule="guardians.quest.trophy-specialist")
def trophy_family(s: GuardiansState, p: int, quest: Quest) -> bool:
    kinds: dict[str, set[int]] = {}
    for m in s.cards(TROPHY[p]):
        kinds.setdefault(MON_FAMILY[m - M0], set()).add(T.MKIND[m - M0])
    return any(len(v) >= quest.amount for v in kinds.values())


@QUEST_CHECKS.handler("skill-class", rule="guardians.quest.skill-specialist")
def skill_class(s: GuardiansState, p: int, quest: Quest) -> bool:
    by: dict[str, set[int]] = {}
    for c in s.owned(p):
        k = GKIND[c]
        if T.IS_SKILL[k] and not T.IS_SUPER[k]:
            by.setdefault(T.GROUP[k], set()).add(k)
    return any(len(v) >= quest.amount for v in by.values())


@QUEST_CHECKS.handler("familiar-sets", rule="guardians.quest.familiar-specialist")
def familiar_sets(s: GuardiansState, p: int, quest: Quest) -> bool:
    fam: dict[str, set[int]] = {}
    for c in s.owned(p):
        k = GKIND[c]
        if T.IS_FAMILIAR[k] and not T.IS_SUPER[k] and T.GROUP[k]:
            fam.setdefault(T.GROUP[k], set()).add(k)
    return sum(1 for v in fam.values() if len(v) >= 2) >= quest.amount


@QUEST_CHECKS.handler("dual-weapon", rule="guardians.quest.dual-wielder")
def dual_weapon(s: GuardiansState, p: int, quest: Quest) -> bool:
    owned = [GKIND[c] for c in s.owned(p)]
    return any(KINDS[k].weapon and owned.count(k) >= quest.amount for k in set(owned))


def finish(s: GuardiansState) -> None:
    """guardians.scoring.*: reveal and check the Secret Quests, score, name the winners."""
    z = s.zones
    n = s.num_players
    for p in range(n):
        for c in list(z.cards[QUEST[p]]):
            s._mv(
                c,
                QUEST[p],
                QUEST_SHOWN[p],
                "guardians.scoring.quests",
                "{who} reveals the Secret Quest {card}",
                p=p,
            )
    done = [[q for q in s.quests_of(p) if s.quest_done(p, q)] for p in range(n)]
    for p in range(n):
        for q in s.quests_of(p):
            ok = q in done[p]
            if s.log is not None:
                s._say(
                    f"guardians.quest.{QUESTS[q].slug}",
                    f"{who(p)} {'completes' if ok else 'misses'} {QUESTS[q].name}"
                    + (f" (+{s.c.quests[q].points})" if ok else ""),
                    p,
                )
    trophies = [s.trophy_points(p) for p in range(n)]
    qpts = [sum(s.c.quests[q].points for q in done[p]) for p in range(n)]
    scores = tuple(float(trophies[p] + qpts[p]) for p in range(n))
    final = "blue_boss" if s.opts.apprentice else "red_boss"
    team = "lost" if s.outcomes.get(final) != "defeated" else "won"
    if s.opts.cooperative:
        winners: tuple[int, ...] = tuple(range(n)) if team == "won" else ()
        reason = "the party " + ("saves Arthursburg" if team == "won" else "loses")
    else:
        best = max(scores)
        top = [p for p in range(n) if scores[p] == best]
        most = max(len(done[p]) for p in top)
        top = [p for p in top if len(done[p]) == most]
        winners = tuple(top) if team == "won" else ()
        reason = (
            "the final boss is defeated; most trophy points wins"
            if team == "won"
            else "the final boss survives: everyone loses"
        )
    outcomes = dict(s.outcomes)
    if n == 1:
        outcomes["rank"] = next(name for lim, name in SOLO_RANKS if scores[0] >= lim)
        reason += f"; solo rank: {outcomes['rank']} ({int(scores[0])} points)"
    holdings = tuple(
        tuple(sorted({f"super:{KINDS[GKIND[c]].slug}" for c in s.owned(p) if T.IS_SUPER[GKIND[c]]}))
        + tuple(f"quest:{QUESTS[q].slug}" for q in s.quests_of(p))
        for p in range(n)
    )
    stats = tuple(
        {
            "quests_completed": float(len(done[p])),
            "trophy_points": float(trophies[p]),
            "quest_points": float(qpts[p]),
            "trophies": float(len(z.cards[TROPHY[p]])),
        }
        for p in range(n)
    )
    s.result = Result(
        scores, winners, reason, team=team, holdings=holdings, seat_stats=stats, outcomes=outcomes
    )
    s.phase = "over"
    s._pending = None
    if s.log is not None:
        s.emit(
            GameEnded(
                "guardians.scoring.winner",
                f"Game over ({reason}): scores "
                + ", ".join(f"{who(p)} {int(scores[p])}" for p in range(n))
                + ("; " + ", ".join(who(p) for p in winners) + " win" if winners else ""),
                winners=winners,
            )
        )
