"""The Guardians: the Power Up phase.

Power Up begins with the persistent cards and trophy rewards (`PowerStart`); then the player
plays cards from the hand in a chain (`Power`: energy requirements are thresholds, never
spent), uses a Potion or Super Potion, and finishes, when the "at the end of your Power Up"
effects apply (`end_power`). What each card does when it enters play, and at the end of the
Power Up, is its handler in `cards.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.cards import END, ON_PLAY, USE, fx_usable, item_benefit
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.state import HAND, NPZ, P0, PERSIST, PLAY, TROPHY, who
from tabletop.games.guardians.tables import GKIND, KINDS, M0, MON_FAMILY

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState


class _Player(NamedTuple):
    player: int


class PowerStart(_Player, PlayerStep):
    """Power Up begins for `p`: trophy rewards and persistent cards give their benefit
    without needing their energy again (guardians.power.persistent)."""

    __slots__ = ()
    auto = True
    kind = "power-start"

    def run(self, s: GuardiansState) -> None:
        p = self.player
        z = s.zones
        robots = warlocks = 0
        for m in z.cards[TROPHY[p]]:
            f = MON_FAMILY[m - M0]
            robots += f == "robot"
            warlocks += f == "warlock"
        s.energy[p] += robots
        s.attack[p] += warlocks
        s.stack(p).append(tuple.__new__(Power, (p,)))  # (made at every player's Power Up)
        for c in list(z.cards[PERSIST[p]]):
            k = GKIND[c]
            if T.IS_ITEM[k]:
                eff = KINDS[k].effect
                if eff == "sticker":
                    tgt = s.attach.get(c)
                    if tgt is not None:
                        item_benefit(s, p, GKIND[tgt], c)
                elif eff != "mystic-ball":
                    item_benefit(s, p, k, c)
            else:
                resolve(s, p, k, c)
        if s.log is not None and (robots or warlocks or z.cards[PERSIST[p]]):
            s._say(
                "guardians.power.persistent",
                f"{who(p)} starts Power Up with {s.energy[p]} energy and {s.attack[p]} attack",
                p,
            )


class Power(_Player, PlayerStep):
    """guardians.power.play: play a card whose energy requirement is met, use a Potion, or
    finish the Power Up."""

    __slots__ = ()
    kind = "power"
    rule = "guardians.power.play"
    text = "Power Up: play a card, or finish"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        p = self.player
        e = s.energy[p]
        play = T.PLAY_O
        opts: list[Option] = [T.DONE]
        # the kinds in the hand, in kind order (s.kinds_in inlined: this is asked of every
        # player after each answer of a Power Up played at once)
        kind_of = T.KIND_OF
        req = s.c.req
        for k in sorted({kind_of[c] for c in s.zones.cards[P0 + p * NPZ + T.HAND]}):
            if k >= 0:
                o = play[k]
                if o is not None and req[k] <= e:
                    opts.append(o)
        fxl = s.fx[p]
        if fxl:
            for fx in ("potion", "super-potion"):
                if any(n == fx for n, _ in fxl) and fx_usable(s, p, fx, False):
                    opts.append(T.USE[fx])
        return tuple(opts)

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.DONE:
            end_power(s, p)
            return
        s.stack(p).append(self)
        arg = option.arg
        if arg.__class__ is str:  # a battle effect
            use_fx(s, p, arg)
        else:  # a card kind
            play(s, p, arg)


def play(s: GuardiansState, p: int, k: int) -> None:
    c = s.card_of_kind(HAND[p], k)
    s._mv(c, HAND[p], PLAY[p], "guardians.power.play", "{who} plays {card}", p=p)
    resolve(s, p, k, c)


def resolve(s: GuardiansState, p: int, k: int, c: int) -> None:
    """The effects of kind `k` entering play for `p` (card `c`, or -1 for a copy): its
    numbers, then its handler (cards.ON_PLAY), then its family's (Sapling, Wolf Pup)."""
    spec = s.c.kinds[k]
    s.energy[p] += spec.energy
    s.attack[p] += spec.attack
    if spec.counters:
        got = min(spec.counters, s.pool)
        s.pool -= got
        s.counters[p] += got
    if spec.draw:
        s._draw(p, spec.draw, f"guardians.card.{spec.slug}")
    if spec.battle_fx and spec.battle_fx != "aimed-shot":
        s.fx[p].append((spec.battle_fx, c))
    eff = spec.effect
    if eff:
        fn = ON_PLAY.get(eff)
        if fn is not None:
            fn(s, p, k, c, f"guardians.card.{spec.slug}")
    g = spec.group
    if g == "plant":
        plants(s, p)
    elif g == "wolf":
        wolves(s, p)


def plants(s: GuardiansState, p: int) -> None:
    """Sapling: +2 energy once another Plant is (or gets) in play."""
    ents = s.in_play(p)
    if sum(1 for k in ents if T.GROUP[k] == "plant") < 2:
        return
    due = ents.count(T.SAPLING) - s.plant_bonus[p]
    if due > 0:
        s.plant_bonus[p] += due
        s.energy[p] += 2 * due
        if s.log is not None:
            s._say("guardians.card.sapling", f"{who(p)}'s Sapling gives +{2 * due} energy", p)


def wolves(s: GuardiansState, p: int) -> None:
    """Wolf Pup: draw a card once another Wolf is (or gets) in play."""
    ents = s.in_play(p)
    if sum(1 for k in ents if T.GROUP[k] == "wolf") < 2:
        return
    due = ents.count(T.WOLF_PUP) - s.wolf_draws[p]
    if due > 0:
        s.wolf_draws[p] += due
        s._draw(p, due, "guardians.card.wolf-pup")


def use_fx(s: GuardiansState, p: int, name: str) -> None:
    """`p` uses a battle effect (or a Potion): its handler in cards.USE."""
    fxl = s.fx[p]
    i = next(j for j, (n, _) in enumerate(fxl) if n == name)
    _, arg = fxl.pop(i)
    rule = f"guardians.card.{name}"
    if s.log is not None:
        s._say(rule, f"{who(p)} uses {FX_TITLES[name]}", p)
    USE[name](s, p, arg, rule)


FX_TITLES = {
    "mastering-slash": "Mastering Slash",
    "fireball": "Fireball",
    "falling-star": "Falling Star",
    "wand": "Wand",
    "aimed-shot": "Aimed Shot",
    "marbles": "Marbles",
    "potion": "Potion",
    "super-potion": "Super Potion",
}


def end_power(s: GuardiansState, p: int) -> None:
    """End of `p`'s Power Up: the "at the end of your Power Up Phase" effects
    (cards.END), a Sticker lending its item's; Mystic Balls, then Elder Oak, last."""
    z = s.zones
    ents = s.in_play(p)
    groups: dict[str, int] = {}
    for k in ents:
        g = T.GROUP[k]
        if g:
            groups[g] = groups.get(g, 0) + 1
    before = s.attack[p]
    fxs = [KINDS[k].end_fx for k in ents if KINDS[k].end_fx]
    for c in z.cards[PLAY[p]] + z.cards[PERSIST[p]]:
        tgt = s.attach.get(c)
        if tgt is None:
            continue
        if KINDS[GKIND[c]].effect == "sticker" and KINDS[GKIND[tgt]].end_fx:
            fxs.append(KINDS[GKIND[tgt]].end_fx)
    for fx in fxs:
        if fx not in _LAST:
            END[fx](s, p, groups, ents)
    END["mystic-ball"](s, p, groups, ents)
    if "elder-oak" in fxs:
        END["elder-oak"](s, p, groups, ents)
    if s.log is not None:
        gain = s.attack[p] - before
        s._say(
            "guardians.power.end",
            f"{who(p)} ends Power Up: attack {s.attack[p]}"
            + (f" (+{gain} from end-of-Power-Up effects)" if gain else "")
            + f", energy {s.energy[p]}, {s.counters[p]} damage counter(s)",
            p,
        )


_LAST = frozenset({"mystic-ball", "elder-oak"})
