"""Zones: where every card is, who can see it, and who knows it.

Cards are small integers (indices into a game's card table). Every card is in exactly one zone
at all times; `Zones.move` is the only way to move one. A zone is public (everyone sees its
cards), private to an owner (a hand), or hidden (a deck).

Knowledge: besides what a zone shows, a card may be *known* to some players (a looked-at hand,
the next seven cards of a deck). `known[card]` is a bitmask of those players. Knowledge follows a
card while it stays in sight of the player: after a move, a card is known to everyone who could
see it before the move and can see it after (a card stolen from your hand is still known to
you in the thief's hand); a shuffle clears it. A move that only some players witness (a card
taken at random and face down) makes everyone else forget the moved card and the whole zone it
left: knowing which cards a hand held no longer says which of them are still there.

Contents: a player may also know *which cards* a hidden zone holds without knowing their order
(a deckbuilder's own deck: every card in it passed through its owner's hand or discard pile).
`sets[zone]` is the bitmask of those players. It follows the moves: a zone that was empty is
known to everyone; a card moving in or out keeps the zone known only to players who know which
card it is (who knew it where it was, or see it where it lands); moving a whole zone onto
another passes the knowledge of its contents on; a shuffle changes the order, not the contents,
so it keeps it. Cards written into a zone directly (a game's set-up) leave it unknown, the safe
side. `determinize` re-deals the hidden cards of such a zone among that zone's own places only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tabletop.engine.rng import Rng

PUBLIC: Final = 0
PRIVATE: Final = 1
HIDDEN: Final = 2


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    name: str
    kind: int
    owner: int = -1
    pool: str = ""  # cards of one pool may be exchanged by determinization


class Layout:
    """The static description of a game's zones and cards: shared, never copied."""

    __slots__ = (
        "all_mask",
        "by_name",
        "names",
        "num_players",
        "pools",
        "sights",
        "slugs",
        "specs",
    )

    def __init__(
        self,
        specs: list[ZoneSpec],
        names: tuple[str, ...],
        slugs: tuple[str, ...],
        pools: tuple[str, ...],
        num_players: int,
    ) -> None:
        self.specs = tuple(specs)
        self.by_name = {s.name: i for i, s in enumerate(specs)}
        self.names = names
        self.slugs = slugs
        self.pools = pools
        self.num_players = num_players
        self.all_mask = all_mask = (1 << num_players) - 1
        # who sees each zone's cards by the zone's nature
        self.sights = tuple(
            all_mask if s.kind == PUBLIC else (1 << s.owner) if s.kind == PRIVATE else 0
            for s in specs
        )


class Zones:
    __slots__ = ("cards", "known", "layout", "sets")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.cards: list[list[int]] = [[] for _ in layout.specs]
        self.known: list[int] = [0] * len(layout.names)
        # who knows each zone's contents as a set (see the module docstring); 0 until a move
        # into an empty zone says more, so contents written by a set-up are never claimed
        self.sets: list[int] = [0] * len(layout.specs)

    def copy(self) -> Zones:
        new = Zones.__new__(Zones)
        new.layout = self.layout
        new.cards = [z[:] for z in self.cards]
        new.known = self.known[:]
        new.sets = self.sets[:]
        return new

    # -- sight ---------------------------------------------------------------------------
    def sight(self, zone: int) -> int:
        """Bitmask of players who see every card of `zone` by the zone's nature."""
        return self.layout.sights[zone]

    def seen_by(self, zone: int, card: int) -> int:
        """Bitmask of players who know `card` while it lies in `zone`."""
        return self.sight(zone) | self.known[card]

    def can_see(self, player: int | None, zone: int, card: int) -> bool:
        mask = self.seen_by(zone, card)
        if player is None:
            return mask == self.layout.all_mask and self.layout.specs[zone].kind == PUBLIC
        return bool((mask >> player) & 1)

    def seen(self) -> list[int]:
        """Per card, the mask of players who see or know it now (`seen_by` for every card at
        once): what the table's undo rule compares, so that undo never follows a reveal."""
        out = self.known[:]
        for zone, sight in zip(self.cards, self.layout.sights, strict=True):
            if sight:
                for c in zone:
                    out[c] |= sight
        return out

    def knows_contents(self, player: int, zone: int) -> bool:
        """Does `player` know which cards `zone` holds (as a set, not their order)?"""
        return bool(((self.layout.sights[zone] | self.sets[zone]) >> player) & 1)

    def learn(self, player: int, cards: list[int]) -> None:
        """`player` has looked at `cards`."""
        bit = 1 << player
        for c in cards:
            self.known[c] |= bit

    # -- moves ---------------------------------------------------------------------------
    def move(
        self, card: int, src: int, dst: int, *, index: int | None = None, witnesses: int = -1
    ) -> int:
        """Move `card` from zone `src` to zone `dst` (on top, or at `index`).

        `witnesses` is the mask of players who see *which* card moves when that is fewer than
        everyone (a card taken at random from a hand, face down): every other player forgets
        the moved card and every card left behind in `src`, whether or not they knew the moved
        one, since they no longer know which card went (see DESIGN.md, Knowledge).
        Returns the mask of players who know the card after the move or saw it leave.
        """
        known = self.known
        sights = self.layout.sights
        before = sights[src] | known[card]
        cards = self.cards
        here = cards[src]
        if here and here[-1] == card:
            here.pop()  # (the top card, as most moves take: no scan of the zone)
        else:
            here.remove(card)
        there = cards[dst]
        sets = self.sets
        all_mask = self.layout.all_mask
        entered = sets[dst] if there else all_mask  # an empty zone's contents are known
        if index is None:
            there.append(card)
        else:
            there.insert(index, card)
        after = sights[dst]
        if witnesses != -1:
            lost = all_mask & ~witnesses
            if lost:
                keep = ~lost
                for c in here:
                    known[c] &= keep
            before &= witnesses
        saw = before | after
        if src != dst:
            # Only those who know which card moved still know what each zone holds.
            sets[src] &= saw
            sets[dst] = entered & saw
        # A public destination makes knowledge moot; otherwise those who knew it keep it.
        known[card] = 0 if after == all_mask else saw
        return saw

    def move_all(self, src: int, dst: int) -> None:
        """Move every card of `src` on top of `dst`, keeping their order: what moving them one
        at a time from the bottom of `src` does (knowledge included), in one list operation."""
        moved = self.cards[src]
        if not moved:
            return
        sights = self.layout.sights
        known = self.known
        after = sights[dst]
        all_mask = self.layout.all_mask
        saw = sights[src] | after
        told = all_mask  # who knows every card moved, one by one
        for c in moved:
            told &= known[c] | saw
        if after == all_mask:
            for c in moved:
                known[c] = 0
        else:
            for c in moved:
                known[c] |= saw
        # who knew what `src` held, or each card of it, knows what `dst` gained
        sets = self.sets
        entered = sets[dst] if self.cards[dst] else all_mask
        sets[dst] = entered & (sets[src] | told)
        self.cards[dst] += moved
        moved.clear()

    def deal(self, src: int, dst: int, n: int) -> None:
        """Move the top `n` cards of `src` onto `dst` one at a time (so they land in reverse
        order), with the knowledge moving each card gives, in one list operation."""
        here = self.cards[src]
        if n > len(here):
            raise IndexError(f"{n} cards to deal from a zone of {len(here)}")
        if n <= 0:
            return
        moved = here[-n:]
        moved.reverse()
        del here[-n:]
        sights = self.layout.sights
        known = self.known
        after = sights[dst]
        saw = sights[src] | after
        all_mask = self.layout.all_mask
        told = all_mask  # who knows every card dealt
        for c in moved:
            told &= known[c] | saw
            known[c] = 0 if after == all_mask else known[c] | saw
        sets = self.sets
        sets[src] &= told
        sets[dst] = (sets[dst] if self.cards[dst] else all_mask) & told
        self.cards[dst] += moved

    def pass_on(self, zones: list[int]) -> None:
        """Every zone of `zones` passes all its cards to the next one (the last to the first),
        keeping their order: what moving them one at a time, zone after zone, does."""
        cards = self.cards
        held = [cards[z][:] for z in zones]
        sights = self.layout.sights
        all_mask = self.layout.all_mask
        known = self.known
        sets = self.sets
        k = len(zones)
        # a whole zone moves: who knew what it held, or each card of it, knows what its next
        # one holds
        held_sets = []
        for i, z in enumerate(zones):
            saw = sights[z] | sights[zones[(i + 1) % k]]
            told = all_mask
            for c in cards[z]:
                told &= known[c] | saw
            held_sets.append((sets[z] | told) if cards[z] else all_mask)
        for i, moved in enumerate(held):
            dst = zones[(i + 1) % k]
            after = sights[dst]
            saw = sights[zones[i]] | after
            for c in moved:
                known[c] = 0 if after == all_mask else known[c] | saw
            cards[dst][:] = moved
            sets[dst] = held_sets[i]

    def draw(self, src: int, dst: int) -> tuple[int, int]:
        """Move the top card of `src` to `dst`. Returns (card, mask of who saw it)."""
        card = self.cards[src][-1]
        return card, self.move(card, src, dst)

    def shuffle(self, zone: int, rng: Rng) -> None:
        """Shuffle `zone`: every card's knowledge is cleared; what the zone holds is not
        changed, so whoever knew its contents as a set still does."""
        cards = self.cards[zone]
        rng.shuffle(cards)
        known = self.known
        for c in cards:
            known[c] = 0

    # -- invariants and hidden information -------------------------------------------------
    def check_conservation(self) -> None:
        n = len(self.layout.names)
        total = 0
        every: set[int] = set()
        for zone in self.cards:
            total += len(zone)
            every.update(zone)
        if total == n == len(every) and min(every, default=0) >= 0 and max(every, default=0) < n:
            return  # the usual case, checked cheaply (this runs after every test step)
        seen = [0] * n
        for zone in self.cards:
            for c in zone:
                seen[c] += 1
        bad = [self.layout.slugs[c] for c, n in enumerate(seen) if n != 1]
        if bad:
            raise AssertionError(f"cards not in exactly one zone: {bad[:10]}")

    def hidden_from(self, player: int | None) -> list[tuple[int, int]]:
        """(zone, position) of every card `player` cannot see."""
        if player is None:
            return [
                (zi, pos)
                for zi, zone in enumerate(self.cards)
                for pos, c in enumerate(zone)
                if not self.can_see(None, zi, c)
            ]
        bit = 1 << player
        known = self.known
        out = []
        for zi, (zone, sight) in enumerate(zip(self.cards, self.layout.sights, strict=True)):
            if sight & bit:
                continue  # the player sees this whole zone
            for pos, c in enumerate(zone):
                if not known[c] & bit:
                    out.append((zi, pos))
        return out

    def determinize(self, player: int, rng: Rng) -> None:
        """Re-deal, in place, every card `player` cannot see among the places they cannot see,
        within each pool; the hidden cards of a zone whose contents `player` knows (`sets`) are
        only re-ordered within it. Knowledge of the re-dealt cards is dropped."""
        # The places of `hidden_from(player)`, in its order, grouped by the pool of the card
        # there (written out here: a search determinizes at every iteration).
        groups: dict[str, tuple[list[list[int]], list[int], list[int]]] = {}
        pools = self.layout.pools
        bit = 1 << player
        known = self.known
        for zone, sight, kept in zip(self.cards, self.layout.sights, self.sets, strict=True):
            if sight & bit or not zone:
                continue  # the player sees this whole zone (or it is empty)
            if kept & bit:
                # the player knows which cards are here: only their order is re-drawn
                hidden = [pos for pos, c in enumerate(zone) if not known[c] & bit]
                if len(hidden) == len(zone):
                    zone.sort()
                    rng.shuffle(zone)
                    for c in zone:
                        known[c] = 0
                elif hidden:
                    mine = sorted(zone[pos] for pos in hidden)
                    rng.shuffle(mine)
                    for pos, c in zip(hidden, mine, strict=True):
                        zone[pos] = c
                        known[c] = 0
                continue
            if not any(map(bit.__and__, map(known.__getitem__, zone))):
                kinds = set(map(pools.__getitem__, zone))
                if len(kinds) == 1:  # all hidden, of one pool (a deck): in one go
                    (pool,) = kinds
                    group = groups.get(pool)
                    if group is None:
                        group = groups[pool] = ([], [], [])
                    group[0].extend([zone] * len(zone))
                    group[1].extend(range(len(zone)))
                    group[2].extend(zone)
                    continue
            for pos, c in enumerate(zone):
                if not known[c] & bit:
                    group = groups.get(pools[c])
                    if group is None:
                        group = groups[pools[c]] = ([], [], [])
                    group[0].append(zone)
                    group[1].append(pos)
                    group[2].append(c)
        for zones, places, cards in groups.values():
            # Sorted first, so the deal depends only on what `player` knows, never on where
            # the hidden cards really are.
            cards.sort()
            rng.shuffle(cards)
            for zone, pos, c in zip(zones, places, cards, strict=True):
                zone[pos] = c
                known[c] = 0
