"""The Guardians: the small steps many cards, locations and bosses share: draw, discard, trash
from the discard pile, take one of the cards looked at, put looked-at cards back.

Each is a `drive.PlayerStep`: its data a `NamedTuple` (the player first, then what the step
needs: how many are left, the rule id it applies for, `why`), its kind a class with its
options, its answer and, for a question with nothing to choose, what skipping it leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import Option
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.drive import PlayerStep
from tabletop.games.guardians.state import DECK, DISCARD, HAND, LOOK, NPZ, P0, PERSIST
from tabletop.games.guardians.tables import GKIND
from tabletop.games.guardians.texts import because

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState


def pick(table: tuple[Option | None, ...], kinds: list[int]) -> tuple[Option, ...]:
    """The options of `table` for `kinds` (kinds without an option are left out)."""
    return tuple([o for k in kinds if (o := table[k]) is not None])


def _full(table: tuple[Option | None, ...]) -> list[Option]:
    """`table` as a list, for a table with an option for every kind."""
    out = [o for o in table if o is not None]
    assert len(out) == len(table)
    return out


_DISCARD_OF = _full(T.DISCARD_O).__getitem__
_TRASH_OF = _full(T.TRASH_O).__getitem__


class _Player(NamedTuple):
    player: int


class _Why(NamedTuple):
    player: int
    why: str  # the rule id the step applies for (the card, location or boss asking it)


class _Count(NamedTuple):
    player: int
    n: int  # how many are left
    why: str


def counted(text: str) -> dict[int, str]:
    return {n: f"{text} ({n} left)" for n in range(1, 9)}


class Draw(_Count, PlayerStep):
    __slots__ = ()
    auto = True
    kind = "draw"

    def run(self, s: GuardiansState) -> None:
        s._draw(self.player, self.n, self.why)


class Discard(_Count, PlayerStep):
    """Discard `n` cards from the hand, one at a time (guardians.round.discard)."""

    __slots__ = ()
    kind = "discard"
    rule = "guardians.round.discard"
    text = "discard a card from your hand"
    _COUNTED = counted(text)

    def prompt(self, s: GuardiansState) -> str:
        return because(self.why, self._COUNTED.get(self.n) or f"{self.text} ({self.n} left)")

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return tuple(map(_DISCARD_OF, s.kinds_in(P0 + self.player * NPZ + T.HAND)))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        hand = HAND[p]
        c = s.card_of_kind(hand, option.arg)
        s._mv(c, hand, DISCARD[p], self.why, "{who} discards {card}", p=p)
        if self.n > 1:
            s.stack(p).append(Discard(p, self.n - 1, self.why))


class TrashPile(_Count, PlayerStep):
    """Trash up to `n` cards from the discard pile, or stop (guardians.round.trash)."""

    __slots__ = ()
    kind = "trash-pile"
    rule = "guardians.round.trash"
    text = "trash a card from your discard pile, or stop"
    _COUNTED = counted(text)

    def prompt(self, s: GuardiansState) -> str:
        return because(self.why, self._COUNTED.get(self.n) or f"{self.text} ({self.n} left)")

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        ks = s.kinds_in(P0 + self.player * NPZ + T.DISCARD)
        return (T.DONE, *map(_TRASH_OF, ks)) if ks else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is not T.DONE:
            disc = DISCARD[p]
            s._trash(s.card_of_kind(disc, option.arg), disc, self.why, p)
            if self.n > 1:
                s.stack(p).append(TrashPile(p, self.n - 1, self.why))


class LookTake(_Why, PlayerStep):
    """Take one of the cards looked at into the hand; the rest are discarded (trashed at the
    Game Store) (guardians.round.look)."""

    __slots__ = ()
    kind = "look-take"
    rule = "guardians.round.look"
    text = "take one of the cards you are looking at"

    def prompt(self, s: GuardiansState) -> str:
        return because(self.why, self.text)

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        return pick(T.TAKE, s.kinds_in(LOOK[self.player]))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        look = LOOK[p]
        why = self.why
        s._mv(
            s.card_of_kind(look, option.arg),
            look,
            HAND[p],
            why,
            "{who} takes a card into the hand",
            "{who} takes {card}",
            p=p,
        )
        rest_to_trash = why == "guardians.location.game-store"
        for c in list(s.zones.cards[look]):
            if rest_to_trash:
                s._trash(c, look, why, p)
            else:
                s._mv(c, look, DISCARD[p], why, "{who} discards {card}", p=p)


def look_back(s: GuardiansState, p: int) -> None:
    look, deck = LOOK[p], DECK[p]
    for c in list(s.cards(look)):
        s._mv(
            c,
            look,
            deck,
            "guardians.card.precise-strike",
            "{who} puts a card back on top of the deck",
            p=p,
        )


class LookToss(_Why, PlayerStep):
    """Discard any of the cards looked at from the top of the deck, then finish
    (guardians.card.precise-strike)."""

    __slots__ = ()
    kind = "look-toss"
    rule = "guardians.card.precise-strike"
    text = "discard any of the top cards of your deck, then finish"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        ks = s.kinds_in(LOOK[self.player])
        return (T.DONE, *pick(T.TOSS, ks)) if ks else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        if option is T.DONE:
            s.stack(p).append(LookOrder(p, self.why))
            return
        look = LOOK[p]
        s._mv(
            s.card_of_kind(look, option.arg),
            look,
            DISCARD[p],
            self.why,
            "{who} discards {card} from the top of the deck",
            p=p,
        )
        s.stack(p).append(LookToss(p, self.why))

    def skip(self, s: GuardiansState) -> None:
        look_back(s, self.player)


class LookOrder(_Why, PlayerStep):
    """The card that goes back on top of the deck (the others go under it)."""

    __slots__ = ()
    kind = "look-order"
    rule = "guardians.card.precise-strike"
    text = "choose the card that goes back on top of your deck"

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        look = LOOK[self.player]
        return pick(T.TOP, s.kinds_in(look)) if len(s.zones.cards[look]) > 1 else ()

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        look, deck = LOOK[p], DECK[p]
        top = s.card_of_kind(look, option.arg)
        for c in [c for c in s.zones.cards[look] if c != top] + [top]:
            s._mv(c, look, deck, self.why, "{who} puts a card back on the deck", p=p)

    def skip(self, s: GuardiansState) -> None:
        look_back(s, self.player)


class Drop(_Why, PlayerStep):
    """Discard a non-SUPER item from play (a Spider Overrun, Araknesh)."""

    __slots__ = ()
    kind = "drop"
    rule = "guardians.overrun.spider"
    text = "discard a non-SUPER item you have in play"

    def prompt(self, s: GuardiansState) -> str:
        return because(self.why, self.text)

    def options(self, s: GuardiansState) -> tuple[Option, ...]:
        z = s.zones.cards
        ks = [
            GKIND[c] for c in z[PERSIST[self.player]] if T.IS_ITEM[GKIND[c]] and not s.is_super(c)
        ]
        return pick(T.DROP, sorted(set(ks)))

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        pers = PERSIST[p]
        k = option.arg
        c = min(card for card in s.zones.cards[pers] if GKIND[card] == k and not s.is_super(card))
        s._mv(c, pers, DISCARD[p], self.why, "{who} discards {card} from play", p=p)
