"""The Guardians: the Location phase and what each location gives its visitor.

In turn order each player visits a safe location (one without monsters, face up or face
down) for its benefit (guardians.location.visit); with none safe, the player skips it
(guardians.location.none-safe). Each location's benefit is one handler (`LOCATIONS`, by
the location's effect id, with its rule id `guardians.location.<id>`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.engine.handlers import Handlers
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.city import draw_monster, invade_one, retreat
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.state import HAND, LOC_ZONES, LOOK, MUSEUM, who
from tabletop.games.guardians.steps import Discard, LookTake, TrashPile
from tabletop.games.guardians.tables import LOCS

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

LOCATIONS = Handlers("guardians.location")


class _Player(NamedTuple):
    player: int


class Visit(_Player, PlayerStep):
    __slots__ = ()
    kind = "visit"
    rule = "guardians.location.visit"
    text = "choose a safe location to visit"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        return tuple([T.VISIT[i] for i, a, b in LOC_ZONES if not z[a] and not z[b]])

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        loc = option.arg
        spec = LOCS[loc]
        s.visited[p] = loc
        rule = f"guardians.location.{spec.effect}"
        if s.log is not None:
            s._say(rule, f"{who(p)} visits {spec.name}", p)
        LOCATIONS[spec.effect](s, p, rule)

    def skip(self, s: GuardiansState) -> None:
        if s.log is not None:
            p = self.player
            s._say("guardians.location.none-safe", f"{who(p)} has no safe location to visit", p)


@LOCATIONS.handler("home", rule="guardians.location.home")
def home(s: GuardiansState, p: int, rule: str) -> None:
    w = s.stack(p)
    w.append(TrashPile(p, 2, rule))
    w.append(Discard(p, 2, rule))
    s._draw(p, 2, rule)


@LOCATIONS.handler("candy-shop", rule="guardians.location.candy-shop")
def candy_shop(s: GuardiansState, p: int, rule: str) -> None:
    s.energy[p] += 3


@LOCATIONS.handler("hill", rule="guardians.location.hill")
def hill(s: GuardiansState, p: int, rule: str) -> None:
    s.attack[p] += 5


@LOCATIONS.handler("zoo", rule="guardians.location.zoo")
def zoo(s: GuardiansState, p: int, rule: str) -> None:
    w = s.stack(p)
    w.append(Discard(p, 1, rule))
    s._look(p, 5, rule)
    w.append(LookTake(p, rule))


@LOCATIONS.handler("game-store", rule="guardians.location.game-store")
def game_store(s: GuardiansState, p: int, rule: str) -> None:
    w = s.stack(p)
    w.append(Discard(p, 1, rule))
    look = LOOK[p]
    for _ in range(5):
        c = s._supply_top()
        if c is None:
            break
        s._mv(
            c,
            T.SUPPLY,
            look,
            rule,
            "{who} looks at a card of the supply",
            "{who} looks at {card} from the supply",
            p=p,
        )
    w.append(LookTake(p, rule))


@LOCATIONS.handler("garage", rule="guardians.location.garage")
def garage(s: GuardiansState, p: int, rule: str) -> None:
    for _ in range(3):
        c = s._supply_top()
        if c is None:
            break
        s._mv(
            c,
            T.SUPPLY,
            HAND[p],
            rule,
            "{who} gains a card from the supply",
            "{who} gains {card} from the supply",
            p=p,
        )
    s.stack(p).append(Discard(p, 3, rule))


@LOCATIONS.handler("school", rule="guardians.location.school")
def school(s: GuardiansState, p: int, rule: str) -> None:
    s._draw(p, 3, rule)
    s.stack(p).append(Discard(p, 3, rule))


@LOCATIONS.handler("field", rule="guardians.location.field")
def field(s: GuardiansState, p: int, rule: str) -> None:
    s.stack(p).append(FieldRetreat(p, 2, ()))


@LOCATIONS.handler("playground", rule="guardians.location.playground")
def playground(s: GuardiansState, p: int, rule: str) -> None:
    s.playground |= 1 << p
    s.stack(p).append(TrashPile(p, 4, rule))


@LOCATIONS.handler("museum", rule="guardians.location.museum")
def museum(s: GuardiansState, p: int, rule: str) -> None:
    """Draw a secret monster, placed in the Battle phase (battle.Museum)."""
    got = draw_monster(s, s.invade_wave)
    if got is not None:
        m, src = got
        s._mv(
            m,
            src,
            MUSEUM[p],
            rule,
            "{who} draws a secret monster",
            "{who} draws {card} as a secret monster",
            p=p,
        )


class _Field(NamedTuple):
    player: int
    n: int  # monsters still to retreat
    spots: tuple[int, ...]  # the locations retreated from, to refill


class FieldRetreat(_Field, PlayerStep):
    """The Field: retreat up to two monsters; face-down replacements invade from a wave."""

    __slots__ = ()
    kind = "field-retreat"
    rule = "guardians.location.field"
    text = "retreat a monster, or stop"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        opts = [T.DONE]
        for i in range(T.NLOC):
            opts += [
                T.named(
                    T.RETREAT_O[i][j],
                    f"Retreat {T.monster_label(m, s.dmg[m - T.M0])} from {T.LOCS[i].name}",
                )
                for j, m in enumerate(z[T.LOC0 + i])
            ]
        return tuple(opts) if len(opts) > 1 else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.DONE:
            if self.spots:
                s.stack(p).append(FieldWave(p, self.spots))
            return
        i, j = option.arg
        retreat(s, s.zones.cards[T.LOC0 + i][j], T.LOC0 + i, "guardians.location.field")
        spots = (*self.spots, i)
        if self.n > 1:
            s.stack(p).append(FieldRetreat(p, self.n - 1, spots))
        else:
            s.stack(p).append(FieldWave(p, spots))


class _Spots(NamedTuple):
    player: int
    spots: tuple[int, ...]


class FieldWave(_Spots, PlayerStep):
    __slots__ = ()
    kind = "field-wave"
    rule = "guardians.location.field"
    text = "choose the wave the replacements invade from"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        ws = [w for w in (2, 3) if z[T.WAVES[w - 1]]]
        return tuple(T.WAVE_O[w] for w in (ws or [2, 3]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        wave = option.arg - 1  # the wave index (1: second, 2: third)
        for loc in self.spots:
            invade_one(s, loc, wave, False, "guardians.location.field")
