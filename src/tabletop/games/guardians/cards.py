"""The Guardians: what each Guardian card does beyond its numbers, one place per card.

A card's record (content/cards.toml) gives its numbers (energy, attack, cards drawn, damage
counters taken) and names its behaviours: `effect` when it enters play, `battle_fx` an
effect it lets its player use later (in the Battle phase, or a Potion in Power Up), `end_fx`
at the end of the Power Up, `battle_bonus` attack that depends on where the battle is. Each
behaviour has one handler, registered under that name with its rule id, in the four
registries below; the card's section groups them (Aimed Shot: its effect, its use and the
step that puts cards under it). Behaviours read where they apply are declared plain with the
place that reads them. tests/guardians/test_guardians_registries.py checks every card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.handlers import Handlers
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.city import area, place
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.state import DECK, DISCARD, HAND, PERSIST, PLAY, UNDER, who
from tabletop.games.guardians.steps import Discard, Draw, LookTake, LookToss, TrashPile, pick
from tabletop.games.guardians.tables import GKIND, KINDS, M0, MON_FAMILY

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

# effect(s, p, kind, card or -1 for a copy, rule) when the card enters play
ON_PLAY = Handlers("guardians.card.effect")
# use(s, p, the card or amount it was noted with, rule)
USE = Handlers("guardians.card.battle-fx")
# end(s, p, class and family counts in play, kinds in play) at the end of the Power Up
END = Handlers("guardians.card.end-fx")
# bonus(s, many monsters there, an Overrun family there, damage there, a Tiger Cub in play)
BATTLE_BONUS = Handlers("guardians.card.battle-bonus")

# read where they apply: Shield (city.FinalAct), Backpack (phases.CleanUp), Ancient Hilt
# (battle.BattleStart), Sapling and Wolf Pup (power.plants, power.wolves)
ON_PLAY.plain("shield", "backpack", "ancient-hilt", "sapling", "wolf-pup")


def item_benefit(s: GuardiansState, p: int, k: int, c: int) -> None:
    """A persistent item's numbers and battle effect, again at Power Up."""
    spec = s.c.kinds[k]
    s.energy[p] += spec.energy
    s.attack[p] += spec.attack
    if spec.battle_fx:
        s.fx[p].append((spec.battle_fx, c))


def replay_targets(s: GuardiansState, p: int) -> list[int]:
    """Kinds of `p`'s non-item, non-SUPER cards in the play chain (Potion, Super Potion)."""
    supers = set(s.attach.values())
    return sorted(
        {GKIND[c] for c in s.cards(PLAY[p]) if T.REPLAYABLE[GKIND[c]] and c not in supers}
    )


def fx_usable(s: GuardiansState, p: int, name: str, battle: bool) -> bool:
    if name in ("potion", "super-potion"):
        if name == "super-potion" and s.sp_used[p]:
            return False
        return bool(replay_targets(s, p))
    if not battle:
        return False
    if name == "marbles":
        return True
    if name == "mastering-slash":
        z = s.zones.cards
        return bool(z[HAND[p]] or z[DISCARD[p]])
    if s.boss_fighting():
        return True
    z = s.zones.cards
    return any(not s.immune(m) for loc in range(T.NLOC) for m in z[T.LOC0 + loc])


class _Player(NamedTuple):
    player: int


class _PlayerCard(NamedTuple):
    player: int
    card: int


# -- skills: knights ------------------------------------------------------------------------
@USE.handler("mastering-slash", rule="guardians.card.mastering-slash")
def mastering_slash(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    s.stack(p).append(MasteringSlash(p))


class MasteringSlash(_Player, PlayerStep):
    __slots__ = ()
    kind = "mslash"
    rule = "guardians.card.mastering-slash"
    text = "trash a card from your hand or discard pile for +3 attack, or decline"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        p = self.player
        opts = [T.DONE]
        opts += pick(T.TRASH_HAND, s.kinds_in(HAND[p]))
        opts += pick(T.TRASH_O, s.kinds_in(DISCARD[p]))
        return tuple(opts) if len(opts) > 1 else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is not T.DONE:
            k = option.arg
            src = HAND[p] if option is T.TRASH_HAND[k] else DISCARD[p]
            s._trash(s.card_of_kind(src, k), src, "guardians.card.mastering-slash", p)
            s.attack[p] += 3


@BATTLE_BONUS.handler("cleave", rule="guardians.card.cleave")
def cleave(s: GuardiansState, many: bool, overrun: bool, damaged: bool, cub: bool) -> int:
    return 3 if many else 0


# -- skills: wizards ------------------------------------------------------------------------
@ON_PLAY.handler("arcane-knowledge", rule="guardians.card.arcane-knowledge")
def arcane_knowledge(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    s._draw(p, 3, rule)
    s.stack(p).append(Discard(p, 2, rule))


@USE.handler("fireball", rule="guardians.card.fireball")
def fireball(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    s.stack(p).append(AimAt(p, 3, 1, rule))


@USE.handler("falling-star", rule="guardians.card.falling-star")
def falling_star(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    s.stack(p).append(AimAt(p, 6, 1, rule))


@USE.handler("wand", rule="guardians.card.wand")
def wand(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    s.stack(p).append(AimAt(p, s.count_group(p, "wizard"), 0, rule))


class _Aim(NamedTuple):
    player: int
    amount: int
    around: int
    why: str


class AimAt(_Aim, PlayerStep):
    """Fireball, Falling Star, Wand: counters on every monster at a location (and `around`
    on those surrounding it), or on the boss."""

    __slots__ = ()
    kind = "fx-loc"
    rule = "guardians.card.fireball"
    text = "choose the location to aim at"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        dmg = s.dmg
        opts = [
            T.named(
                T.AT[i],
                f"Aim at {T.LOCS[i].name}: "
                + ", ".join(T.monster_label(m, dmg[m - T.M0]) for m in z[T.LOC0 + i]),
            )
            for i in range(T.NLOC)
            if any(not s.immune(m) for m in z[T.LOC0 + i])
        ]
        if s.boss_fighting():
            opts.append(T.AT_BOSS)
        return tuple(opts)

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        loc = option.arg  # a location, or -1: the boss
        area(s, p, loc, self.amount, self.around, self.why)


# -- skills: archers ------------------------------------------------------------------------
@BATTLE_BONUS.handler("shot", rule="guardians.card.shot")
def shot(s: GuardiansState, many: bool, overrun: bool, damaged: bool, cub: bool) -> int:
    return 1 if overrun else 0


@BATTLE_BONUS.handler("point-blank-shot", rule="guardians.card.point-blank-shot")
def point_blank_shot(s: GuardiansState, many: bool, overrun: bool, damaged: bool, cub: bool) -> int:
    return 2 if overrun else 0


@ON_PLAY.handler("aimed-shot", rule="guardians.card.aimed-shot")
def aimed_shot(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    """Aimed Shot: cards put face down under it each add 3 counters to its 3 (`Under`), used
    in the Battle phase on one monster or the boss (`aimed_shot_use`, `AimShot`)."""
    s.fx[p].append(("aimed-shot", 0))
    s.stack(p).append(Under(p, len(s.fx[p]) - 1))


class _Under(NamedTuple):
    player: int
    slot: int  # which of the player's battle effects is this Aimed Shot


class Under(_Under, PlayerStep):
    __slots__ = ()
    kind = "under"
    rule = "guardians.card.aimed-shot"
    text = "put cards from your hand under Aimed Shot, then finish"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        ks = s.kinds_in(HAND[self.player])
        return (T.DONE, *pick(T.UNDER_O, ks)) if ks else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.DONE:
            return
        hand = HAND[p]
        s._mv(
            s.card_of_kind(hand, option.arg),
            hand,
            UNDER[p],
            "guardians.card.aimed-shot",
            "{who} puts a card face down under Aimed Shot",
            "{who} puts {card} under Aimed Shot",
            p=p,
        )
        i = self.slot
        fxn, amt = s.fx[p][i]
        s.fx[p][i] = (fxn, amt + 1)
        s.stack(p).append(self)


@USE.handler("aimed-shot", rule="guardians.card.aimed-shot")
def aimed_shot_use(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    s.stack(p).append(AimShot(p, 3 + 3 * arg, rule))


class _Shot(NamedTuple):
    player: int
    amount: int
    why: str


class AimShot(_Shot, PlayerStep):
    __slots__ = ()
    kind = "fx-target"
    rule = "guardians.card.aimed-shot"
    text = "choose the monster to aim at"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        dmg = s.dmg
        opts = [
            T.named(
                T.TARGET[i][j], f"Target {T.monster_label(m, dmg[m - T.M0])} at {T.LOCS[i].name}"
            )
            for i in range(T.NLOC)
            for j, m in enumerate(z[T.LOC0 + i])
            if not s.immune(m)
        ]
        if s.boss_fighting():
            opts.append(T.TARGET_BOSS)
        return tuple(opts)

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option.arg == -1:  # the boss
            area(s, p, -1, self.amount, 0, self.why)
        else:
            i, j = option.arg
            place(s, p, s.zones.cards[T.LOC0 + i][j], i, self.amount, False, self.why)


# -- skills: rogues -------------------------------------------------------------------------
@ON_PLAY.handler("look-two", rule="guardians.card.precise-strike")
def look_two(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    """Precise Strike, Dramatic Display: look at the top two, discard any, put the rest
    back in any order (steps.LookToss, steps.LookOrder)."""
    s._look(p, 2, rule)
    s.stack(p).append(LookToss(p, rule))


@END.handler("rogue-1", rule="guardians.card.daze")
def rogue_1(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += groups.get("rogue", 0)


@END.handler("rogue-3", rule="guardians.card.dramatic-display")
def rogue_3(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += 3 * groups.get("rogue", 0)


@ON_PLAY.handler("borrow", rule="guardians.card.borrow")
def borrow(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    s.stack(p).append(Borrow(p, c))


class Borrow(_PlayerCard, PlayerStep):
    """Play a copy of a non-SUPER, non-item card another player has in play (a card a
    Mystic Ball made SUPER is not borrowable); Borrow itself is discarded."""

    __slots__ = ()
    kind = "borrow"
    rule = "guardians.card.borrow"
    text = "play a copy of a card another player has in play, or decline"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        p = self.player
        z = s.zones.cards
        supers = set(s.attach.values())
        seen: set[int] = set()
        for q in range(s.num_players):
            if q != p:
                for c in z[PLAY[q]]:
                    k = GKIND[c]
                    if T.BORROWABLE[k] and c not in supers:
                        seen.add(k)
        if not seen:
            return ()
        return (T.DONE, *pick(T.BORROW_O, sorted(seen)))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.DONE:
            return
        from tabletop.games.guardians.power import resolve

        k = option.arg
        if s.log is not None:
            s._say("guardians.card.borrow", f"{who(p)} borrows {KINDS[k].name}", p)
        s.copies[p].append(k)
        c = self.card
        if c >= 0 and c in s.zones.cards[PLAY[p]]:
            s._mv(c, PLAY[p], DISCARD[p], "guardians.card.borrow", "{who} discards {card}", p=p)
        resolve(s, p, k, -1)


# -- items ----------------------------------------------------------------------------------
@END.handler("axe", rule="guardians.card.axe")
def axe(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += 2 * groups.get("knight", 0)


@END.handler("dagger", rule="guardians.card.dagger")
def dagger(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += 2 * groups.get("rogue", 0)


@END.handler("bow", rule="guardians.card.bow")
def bow(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    got = min(groups.get("archer", 0), s.pool)
    s.pool -= got
    s.counters[p] += got


@USE.handler("marbles", rule="guardians.card.marbles")
def marbles(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    got = min(5, s.pool)
    s.pool -= got
    s.counters[p] += got
    src = s.zone_of_play(p, arg)
    if src >= 0:
        s._trash(arg, src, rule, p)


@USE.handler("potion", "super-potion", rule="guardians.card.potion")
def potion(s: GuardiansState, p: int, arg: int, rule: str) -> None:
    """Potion (then trashed) and Super Potion (once a round): play a card in play again."""
    s.stack(p).append(Replay(p, arg, rule.removeprefix("guardians.card.")))


class _Replay(NamedTuple):
    player: int
    card: int  # the Potion or Super Potion
    name: str  # "potion" or "super-potion"


class Replay(_Replay, PlayerStep):
    __slots__ = ()
    kind = "replay"
    rule = "guardians.card.potion"
    text = "choose one of your cards in play to play again"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return pick(T.REPLAY, replay_targets(s, self.player))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        from tabletop.games.guardians.power import resolve

        k = option.arg
        if s.log is not None:
            s._say(f"guardians.card.{self.name}", f"{who(p)} plays {KINDS[k].name} again", p)
        s.copies[p].append(k)
        c = self.card
        if self.name == "potion":
            src = s.zone_of_play(p, c)
            if src >= 0:
                s._trash(c, src, "guardians.card.potion", p)
        else:
            s.sp_used[p] += 1
        resolve(s, p, k, -1)


@ON_PLAY.handler("mystic-ball", "sticker", rule="guardians.card.attach")
def attach(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    """Mystic Ball (on a non-SUPER familiar) and Sticker (on a non-SUPER, non-consumable
    item) attach to a card in play, which becomes SUPER."""
    if c >= 0:
        s.stack(p).append(Attach(p, c))


class Attach(_PlayerCard, PlayerStep):
    __slots__ = ()
    kind = "attach"
    rule = "guardians.card.attach"
    text = "choose the card to attach it to"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        sticker = KINDS[GKIND[self.card]].effect == "sticker"
        return pick(T.ATTACH, s.attach_targets(self.player, sticker))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        z = s.zones
        k = option.arg
        c = self.card
        tgt = min(
            card
            for card in z.cards[PLAY[p]] + z.cards[PERSIST[p]]
            if GKIND[card] == k and card not in s.attach.values()
        )
        s.attach[c] = tgt
        rule = f"guardians.card.{KINDS[GKIND[c]].slug}"
        if s.log is not None:
            s._say(rule, f"{who(p)} attaches {T.NAMES[c]} to {T.NAMES[tgt]}", p)
        if KINDS[GKIND[c]].effect == "sticker":
            item_benefit(s, p, k, c)


@END.handler("mystic-ball", rule="guardians.card.mystic-ball")
def mystic_ball(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    """+2 attack for each familiar in play of the family of the one it is attached to."""
    z = s.zones.cards
    for c in z[PLAY[p]] + z[PERSIST[p]]:
        if KINDS[GKIND[c]].end_fx == "mystic-ball" and c in s.attach:
            fam = T.GROUP[GKIND[s.attach[c]]]
            s.attack[p] += 2 * sum(1 for k in ents if T.IS_FAMILIAR[k] and T.GROUP[k] == fam)


# -- familiars ------------------------------------------------------------------------------
@ON_PLAY.handler("caterpillar", rule="guardians.card.caterpillar")
def caterpillar(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    s._look(p, 2, rule)
    w = s.stack(p)
    w.append(TrashPile(p, 1, rule))
    w.append(LookTake(p, rule))


@ON_PLAY.handler("butterfly", rule="guardians.card.butterfly")
def butterfly(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    if T.CATERPILLAR in s.in_play(p):
        s.stack(p).append(TrashPile(p, 6, rule))


@ON_PLAY.handler("dire-wolf", rule="guardians.card.dire-wolf")
def dire_wolf(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    if T.WOLF_PUP in s.in_play(p):
        s.attack[p] += 4
        if s.log is not None:
            s._say(rule, f"{who(p)}'s Dire Wolf runs with a Wolf Pup: +4 attack", p)


@END.handler("elder-oak", rule="guardians.card.elder-oak")
def elder_oak(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    """Last of all: with a Sapling in play, every energy left becomes attack."""
    if T.SAPLING in ents:
        s.attack[p] += s.energy[p]
        s.energy[p] = 0


@BATTLE_BONUS.handler("sabertooth", rule="guardians.card.sabertooth-tiger")
def sabertooth(s: GuardiansState, many: bool, overrun: bool, damaged: bool, cub: bool) -> int:
    return 6 if cub and damaged else 0


@ON_PLAY.handler("world-spirit", rule="guardians.card.world-spirit")
def world_spirit(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    s._look(p, 3, rule)
    s.stack(p).append(LookTake(p, rule))


@END.handler("world-spirit", rule="guardians.card.world-spirit")
def world_spirit_end(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += sum(1 for k in ents if not T.IS_ITEM[k])


@ON_PLAY.handler("immortal-elk", rule="guardians.card.immortal-elk")
def immortal_elk(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    z = s.zones
    deck, disc = DECK[p], DISCARD[p]
    for card in list(reversed(z.cards[deck])):
        s._mv(card, deck, disc, rule, "{who} discards {card} from the deck", p=p)
    w = s.stack(p)
    w.append(Draw(p, 1, rule))
    w.append(TrashPile(p, 3, rule))


@ON_PLAY.handler("elf", rule="guardians.card.elf")
def elf(s: GuardiansState, p: int, k: int, c: int, rule: str) -> None:
    s._draw(p, 2, rule)
    s.stack(p).append(Discard(p, 1, rule))


@END.handler("pixie", rule="guardians.card.pixie")
def pixie(s: GuardiansState, p: int, groups: dict[str, int], ents: list[int]) -> None:
    s.attack[p] += 3 * len({k for k in ents if T.IS_FAMILIAR[k]})


def battle_bonus(s: GuardiansState, loc: int, ents: list[int]) -> int:
    """The attack `ents` add battling at `loc` (-1: the boss) (BATTLE_BONUS)."""
    if loc >= 0:
        mons = s.monsters_at(loc)
        many = len(mons) > 1
        overrun = any(MON_FAMILY[m - M0] in ("warlock", "spider") for m in mons)
        damaged = any(s.dmg[m - M0] for m in mons)
    else:
        many = overrun = False
        damaged = s.boss_dmg > 0
    cub = T.TIGER_CUB in ents
    a = 0
    for k in ents:
        bb = KINDS[k].battle_bonus
        if bb:
            a += BATTLE_BONUS[bb](s, many, overrun, damaged, cub)
    return a
