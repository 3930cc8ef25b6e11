"""The heuristic Quests bot: plays to win by building toward a meld.

A meld needs one card of each suit, so a card is worth playing for its ability only when it is
spare (a second card of its suit). The bot takes Fate cards of missing suits first, plays spare
Puzzles, Foes and Dangers (at the opponent closest to winning, ties broken by its own RNG),
uses every artifact that can bring a card, answers with a spare Escape what hurts it, melds as
soon as it can, and discards its most plentiful suit. It reads only what its seat may know."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.quests import rules as R

# Suits the bot most likes to take when it already holds every suit.
_TAKE_ORDER = (R.PUZZLE, R.FOE, R.ESCAPE, R.DANGER, R.TRAVEL, R.COMPANION, R.KNOWLEDGE, R.LOCATION)
# Suits it gives up first at the hand limit, among equally plentiful ones.
_DROP_ORDER = (R.KNOWLEDGE, R.LOCATION, R.TRAVEL, R.COMPANION, R.DANGER, R.ESCAPE, R.FOE, R.PUZZLE)


class QuestsBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> str:
        assert isinstance(state, R.QuestsState)
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        if len(opts) == 1:
            return opts[0].id
        kind = d.kind
        # (the commonest questions first, before building what they do not read)
        if kind == "escape":
            return self._escape(state, player, state.suit_count(player))
        if kind == "meld":
            return "meld"
        if kind == "flip-keep":
            return "keep"
        ids = dict.fromkeys(o.id for o in opts)  # ordered: bots must not depend on hashing
        counts = state.suit_count(player)
        if kind == "initiative":
            return self._initiative(state, player, counts, ids)
        if kind == "target":
            return self._target(state, player, ids)
        if kind == "adventure":
            return self._pick(state, counts, ids)
        if kind == "action":
            return self._action(state, player, counts, ids)
        if kind in ("swap-discard", "hand-limit"):
            return self._drop(counts, ids)
        if kind == "limited-meld":
            return "hold" if "hold" in ids else opts[-1].id
        return opts[0].id

    def _best(self, seats: list[int], key: Callable[[int], Any]) -> int:
        """The seat with the highest `key`; ties fall to the bot's own RNG, never to seat order
        (always the lowest seat made the seat after the strongest the favourite victim)."""
        keys = [key(q) for q in seats]
        top = max(keys)
        tied = [q for q, k in zip(seats, keys, strict=True) if k == top]
        return tied[0] if len(tied) == 1 else tied[self.rng.below(len(tied))]

    @staticmethod
    def _spare(counts: list[int], suit: int) -> bool:
        return counts[suit] >= 2

    def _initiative(self, s: R.QuestsState, p: int, counts: list[int], ids: dict[str, None]) -> str:
        if not (s.contenders >> p) & 1:
            return "pass"  # out of a tie: nothing to gain from re-rolling the tied dice
        rivals = [q for q in range(s.num_players) if q != p and (s.contenders >> q) & 1]
        best_rival = max(s.rolls[q] for q in rivals)
        mine = s.rolls[p]
        if mine > best_rival:
            return "pass"
        if "play:travel" in ids and self._spare(counts, R.TRAVEL) and mine + 1 > best_rival:
            return "play:travel"
        if "play:companion" in ids and self._spare(counts, R.COMPANION):
            return "play:companion"
        return "pass"

    def _target(self, s: R.QuestsState, p: int, ids: dict[str, None]) -> str:
        targets = [int(i[7:]) for i in ids]
        assert s.played is not None
        suit = s.played[0]
        if suit == R.COMPANION:
            rivals = [q for q in targets if q != p]
            if not rivals:
                return f"target:{p}"
            return f"target:{self._best(rivals, lambda q: s.rolls[q])}"
        z = s.zones

        def threat(q: int) -> tuple[int, int]:
            return (s.victory_value(q), len(z.cards[s.hand(q)]))

        return f"target:{self._best(targets, threat)}"

    def _escape(self, s: R.QuestsState, p: int, counts: list[int]) -> str:
        assert s.played is not None
        suit, by, target = s.played
        stands = len(s.chain) % 2 == 1
        hurts_me = target == p and suit in (R.DANGER, R.FOE, R.COMPANION, R.LOCATION)
        helps_me = by == p
        want = (hurts_me and stands) or (helps_me and not stands)
        if want and (self._spare(counts, R.ESCAPE) or (suit == R.FOE and stands)):
            return "escape"
        return "pass"

    def _pick(self, s: R.QuestsState, counts: list[int], ids: dict[str, None]) -> str:
        fate = s.zones.cards[R.FATE]
        options = [c for c in fate if R.PICK[c].id in ids]

        def score(c: int) -> tuple[int, int, int]:
            suit = s.t.suit[c]
            return (counts[suit] == 0, -counts[suit], -_TAKE_ORDER.index(suit))

        return R.PICK[max(options, key=score)].id

    def _action(self, s: R.QuestsState, p: int, counts: list[int], ids: dict[str, None]) -> str:
        for oid in ids:
            if oid.startswith("artifact:"):
                card = next(c for c, o in R.USE_ART.items() if o.id == oid)
                ability = s.art(card).ability
                if ability == "flip":
                    return oid
                if ability == "swap-card" and max(counts) >= 2:
                    return oid
        for suit in (R.PUZZLE, R.FOE, R.DANGER):
            oid = f"play:{R.SUITS[suit]}"
            if oid in ids and self._spare(counts, suit):
                return oid
        return "pass"

    @staticmethod
    def _drop(counts: list[int], ids: dict[str, None]) -> str:
        choices = [s for s in range(8) if f"discard:{R.SUITS[s]}" in ids]
        best = max(choices, key=lambda s: (counts[s], -_DROP_ORDER.index(s)))
        return f"discard:{R.SUITS[best]}"
