"""The Guardians: set-up and the Warm Up (the draft and the Final Choice).

    WARM_UP = (DraftPass, KeepSupers, KeepQuests, FinalFlip)

Set-up (guardians.setup.*) lays out the city with its First Wave, the bosses, the counters and
the Trailblazer; the Warm Up deals the generics, the Secret Quests and SUPER cards and the
draft packs; everyone drafts at once, passing left, keeps a SUPER card and a Secret Quest,
and the boss cards turn face up (`FinalFlip`), which starts the first round
(`phases.ROUND`). The Apprentice game deals the preconstructed decks instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.flow import NoFields, push
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.city import invade_one
from tabletop.games.guardians.content import PLAYER_COLOURS
from tabletop.games.guardians.drive import PlayerStep, together
from tabletop.games.guardians.state import (
    COLLECT,
    DECK,
    PACK,
    QUEST,
    SUPERS,
    who,
)
from tabletop.games.guardians.steps import pick
from tabletop.games.guardians.tables import B0, BOSSES, GKIND, M0, Q0, pz

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

# where the cards start, before shuffling
_DRAFT_POOL = tuple(c for c in range(T.NG) if T.DRAFTABLE[GKIND[c]])
_SUPER_CARDS = tuple(c for c in range(T.NG) if T.IS_SUPER[GKIND[c]])
_RESERVE_START = tuple(c for c in range(T.NG) if T.IS_GENERIC[GKIND[c]]) + tuple(
    c for c in range(T.NG) if GKIND[c] == T.COWARD
)
_BOX_START = _SUPER_CARDS + tuple(range(Q0, T.NCARDS))
_WAVE_START = tuple(tuple(M0 + i for i in range(T.NM) if T.MWAVE[i] == w) for w in range(3))
_BLUES = tuple(B0 + i for i, b in enumerate(BOSSES) if b.colour == "blue")
_REDS = tuple(B0 + i for i, b in enumerate(BOSSES) if b.colour == "red")


# -- set-up -----------------------------------------------------------------------------------
def set_up(s: GuardiansState) -> None:
    """guardians.setup.*: colours, the city and its First Wave, the bosses, the counters,
    the Trailblazer; then the Warm Up deals (the draft, or the Apprentice decks)."""
    z = s.zones
    n = s.num_players
    rng = s.rng
    cards = z.cards
    cards[T.RESERVE] = list(_RESERVE_START)
    cards[T.SUPPLY] = list(_DRAFT_POOL)
    z.shuffle(T.SUPPLY, rng)
    cards[T.BOX] = list(_BOX_START)
    for w in range(3):
        cards[T.WAVES[w]] = list(_WAVE_START[w])
        z.shuffle(T.WAVES[w], rng)
    if s.log is not None:
        s._say(
            "guardians.setup.colours",
            "Players take their colours: "
            + ", ".join(f"{who(p)} {PLAYER_COLOURS[p]}" for p in range(n)),
        )
    s._say("guardians.setup.timekeeper", "The Timekeeper is on SET-UP")
    s._say("guardians.setup.locations", "The locations are laid out in rows by colour, Home first")
    for loc in range(T.NLOC):
        for _ in range(s.sym(loc)):
            invade_one(s, loc, 0, face_up=True, rule="guardians.setup.first-wave")
    blue = _BLUES[rng.below(len(_BLUES))]
    cards[T.BOSS_BLUE] = [blue]
    rest = [b for b in _BLUES if b != blue]
    if s.opts.apprentice:
        rest += _REDS
    else:
        red = _REDS[rng.below(len(_REDS))]
        cards[T.BOSS_RED] = [red]
        rest += [b for b in _REDS if b != red]
    cards[T.BOX] += rest
    s._say(
        "guardians.setup.bosses",
        "A Blue Boss"
        + ("" if s.opts.apprentice else " and a Red Boss")
        + " are chosen at random, unseen",
    )
    if s.log is not None:
        s._say("guardians.setup.counters", f"{s.c.counters} damage counters go on the mat")
    s.trailblazer = rng.below(n)
    if s.log is not None:
        s._say("guardians.setup.trailblazer", f"{who(s.trailblazer)} is the Trailblazer")
    s.track_pos = 1
    s._say("guardians.setup.timekeeper-forward", "The Timekeeper moves to the Warm Up")
    warm_up(s)


def warm_up(s: GuardiansState) -> None:
    z = s.zones
    n = s.num_players
    res = T.RESERVE
    num = s.c.num
    for p in range(n):
        dst = COLLECT[p]
        for k, count in (
            (T.EXPLORE, num["explore_per_player"]),
            (T.SWING, num["swings_per_player"]),
        ):
            for _ in range(count):
                c = s.card_of_kind(res, k)
                s._mv(c, res, dst, "guardians.warmup.generics", "{who} takes {card}", p=p)
    if s.opts.apprentice:
        apprentice_decks(s)
        s.flow.append(FinalFlip())
        return
    deal_secret(
        s, T.Q0, T.NCARDS, T.QUEST, T.RED_FD, num["quests_dealt"], num["boss_quests"],
        "guardians.warmup.quests", "Secret Quest",
    )  # fmt: skip
    deal_secret(
        s, _SUPER_CARDS[0], _SUPER_CARDS[-1] + 1, T.SUPERS, T.BLUE_FD, num["supers_dealt"],
        num["boss_supers"], "guardians.warmup.supers", "SUPER card",
    )  # fmt: skip
    # the draft packs
    if n == 1:
        size = num["solo_draft"]
        s.draft_left = num["solo_keep"]
    else:
        size = num["draft_pack"]
        s.draft_left = size
    packs = [PACK[p] for p in range(n)] + ([T.GHOST_PACK] if n == 2 else [])
    for owner, dst in enumerate(packs):
        if s.log is None:
            z.deal(T.SUPPLY, dst, size)
            continue
        for _ in range(size):
            c = z.cards[T.SUPPLY][-1]
            s._mv(
                c,
                T.SUPPLY,
                dst,
                "guardians.warmup.deal-draft",
                "{who} is dealt a draft card",
                "{who} is dealt {card}",
                p=owner,
            )
    push(s, *WARM_UP)


def deal_secret(
    s: GuardiansState,
    lo: int,
    hi: int,
    zone: int,
    boss_zone: int,
    each: int,
    on_boss: int,
    rule: str,
    what: str,
) -> None:
    pool = [c for c in s.zones.cards[T.BOX] if lo <= c < hi]
    s.rng.shuffle(pool)
    for p in range(s.num_players):
        for _ in range(each):
            c = pool.pop()
            s._mv(
                c, T.BOX, pz(p, zone), rule, f"{who(p)} is dealt a {what}", "{who} is dealt {card}",
                p=p,
            )  # fmt: skip
    for _ in range(on_boss):
        c = pool.pop()
        s._mv(c, T.BOX, boss_zone, rule, f"A {what} goes face down on the boss")


def apprentice_decks(s: GuardiansState) -> None:
    """Apprentice: each seat takes the preconstructed deck of its colour with the SUPER
    card it is named after; two other SUPER cards go on the Blue Boss
    (guardians.interpret.apprentice-rewards)."""
    z = s.zones
    for p in range(s.num_players):
        pre = s.c.precons[p]
        dst = COLLECT[p]
        for name in (*pre.cards, pre.super):
            k = T.KIND_BY_NAME[name]
            src = T.BOX if T.IS_SUPER[k] else T.SUPPLY
            c = s.card_of_kind(src, k)
            s._mv(
                c,
                src,
                dst,
                "guardians.warmup.precon",
                f"{who(p)} takes {{card}} ({pre.colour} deck)",
            )
    spare = [c for c in z.cards[T.BOX] if c < T.NG]
    s.rng.shuffle(spare)
    for c in spare[: s.c.num["boss_supers"]]:
        s._mv(
            c, T.BOX, T.BLUE_FD, "guardians.warmup.supers",
            "A SUPER card goes face down on the Blue Boss",
        )  # fmt: skip


# -- the Warm Up: the draft and the Final Choice ----------------------------------------------
class _Player(NamedTuple):
    player: int


class Draft(_Player, PlayerStep):
    __slots__ = ()
    kind = "draft"
    rule = "guardians.warmup.draft"
    text = "draft a card from the pack in front of you"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return pick(T.PICK, s.kinds_in(PACK[self.player]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        pack = PACK[p]
        s._mv(
            s.card_of_kind(pack, option.arg),
            pack,
            COLLECT[p],
            "guardians.warmup.draft",
            "{who} drafts a card",
            "{who} drafts {card}",
            p=p,
            witnesses=1 << p,  # a pick is face down: those who saw the pack do not see it
        )


class DraftPass(NoFields):
    """guardians.warmup.draft: everyone drafts a card from the pack in front of them."""

    __slots__ = ()
    auto = True
    rule = "guardians.warmup.draft"

    def run(self, s: GuardiansState) -> None:
        # (tuple.__new__: steps made at every pick of the draft)
        s.flow.append(tuple.__new__(PassLeft, ()))
        together(s, "draft", *[tuple.__new__(Draft, (p,)) for p in range(s.num_players)])


class PassLeft(NoFields):
    """guardians.warmup.pass-left: the packs go to the left (the Ghost takes a random card
    first); alone, the player keeps drafting until 13 are kept, the rest are trashed."""

    __slots__ = ()
    auto = True
    rule = "guardians.warmup.pass-left"

    def run(self, s: GuardiansState) -> None:
        z = s.zones
        n = s.num_players
        if n == 1:
            s.draft_left -= 1
            if s.draft_left > 0 and z.cards[pz(0, T.PACK)]:
                s.flow.append(tuple.__new__(DraftPass, ()))
                return
            pack = pz(0, T.PACK)
            if s.log is None:
                z.move_all(pack, T.TRASH)
                return
            for c in list(z.cards[pack]):
                s._mv(
                    c,
                    pack,
                    T.TRASH,
                    "guardians.one-player.draft",
                    "{card} goes to the trash face up",
                )
            return
        packs = [PACK[p] for p in range(n)]
        if n == 2:
            gp = T.GHOST_PACK
            if z.cards[gp]:
                c = z.cards[gp][s.rng.below(len(z.cards[gp]))]
                s._mv(
                    c,
                    gp,
                    T.GHOST_DECK,
                    "guardians.two-player.ghost",
                    "Ghost takes a card at random, unseen",
                    witnesses=0,
                )
            packs.append(gp)
        # pass every pack to the left (the next seat; in 2-player: A -> B -> Ghost -> A)
        z.pass_on(packs)
        s._say("guardians.warmup.pass-left", "The packs are passed to the left")
        if any(z.cards[x] for x in packs[:n]):
            s.flow.append(DraftPass())


class KeepSuper(_Player, PlayerStep):
    __slots__ = ()
    kind = "keep-super"
    rule = "guardians.warmup.final-choice"
    text = "keep one SUPER card; the other goes on the Blue Boss"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return pick(T.KEEP, s.kinds_in(SUPERS[self.player]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        src = SUPERS[p]
        keep = s.card_of_kind(src, option.arg)
        s._mv(
            keep,
            src,
            COLLECT[p],
            "guardians.warmup.final-choice",
            "{who} keeps a SUPER card",
            "{who} keeps {card}",
            p=p,
        )
        for c in list(s.zones.cards[src]):
            s._mv(
                c,
                src,
                T.BLUE_FD,
                "guardians.warmup.final-choice",
                "{who} puts a SUPER card face down on the Blue Boss",
                "{who} puts {card} on the Blue Boss",
                p=p,
            )


class KeepQuest(_Player, PlayerStep):
    __slots__ = ()
    kind = "keep-quest"
    rule = "guardians.warmup.final-choice"
    text = "keep one Secret Quest; the other goes on the Red Boss"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return tuple(T.KEEP_QUEST[c - Q0] for c in sorted(s.zones.cards[QUEST[self.player]]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        src = QUEST[p]
        k = option.arg
        for c in list(s.zones.cards[src]):
            if c - Q0 != k:
                s._mv(
                    c,
                    src,
                    T.RED_FD,
                    "guardians.warmup.final-choice",
                    "{who} puts a Secret Quest face down on the Red Boss",
                    "{who} puts {card} on the Red Boss",
                    p=p,
                )


class KeepSupers(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.warmup.final-choice"

    def run(self, s: GuardiansState) -> None:
        together(s, "keep-super", *(KeepSuper(p) for p in range(s.num_players)))


class KeepQuests(NoFields):
    __slots__ = ()
    auto = True
    rule = "guardians.warmup.final-choice"

    def run(self, s: GuardiansState) -> None:
        together(s, "keep-quest", *(KeepQuest(p) for p in range(s.num_players)))


class FinalFlip(NoFields):
    """guardians.warmup.final-flip: the boss cards turn face up, decks are shuffled, first
    hands drawn, and the Timekeeper moves to the first round."""

    __slots__ = ()
    auto = True
    rule = "guardians.warmup.final-flip"

    def run(self, s: GuardiansState) -> None:
        z = s.zones
        for src, dst in ((T.BLUE_FD, T.BLUE_SHOW), (T.RED_FD, T.RED_SHOW)):
            if s.log is None:
                z.move_all(src, dst)
                continue
            for c in list(z.cards[src]):
                s._mv(c, src, dst, "guardians.warmup.final-flip", "{card} is shown on the boss")
        if s.num_players == 2:
            for c in list(z.cards[T.GHOST_DECK]):
                s._mv(
                    c,
                    T.GHOST_DECK,
                    T.TRASH,
                    "guardians.two-player.ghost",
                    "Ghost's {card} goes to the trash",
                )
        for p in range(s.num_players):
            deck = DECK[p]
            z.move_all(COLLECT[p], deck)
            z.shuffle(deck, s.rng)
            if s.log is not None:
                s._say(
                    "guardians.warmup.deck",
                    f"{who(p)} shuffles a deck of {len(z.cards[deck])} cards",
                )
            s._draw(p, s.c.hand_size, "guardians.warmup.first-hand")
        s.track_pos += 1
        from tabletop.games.guardians.phases import ROUND

        push(s, *ROUND)


WARM_UP = (DraftPass(), KeepSupers(), KeepQuests(), FinalFlip())
