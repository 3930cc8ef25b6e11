"""The observation encoder of Quests of the Librarian (`quests`), read from a `quests/1` view.

Pieces (docs/rl.md has the table): the phase, the kind of question put to the observer, the
turn, the Leader, the Prize, deck sizes, the discard pile, Fate cards and revealed cards (one
slot per Action card), the deck cards the observer knows (1 / position from the top), the
card in play in an Escape window, and per seat (relative to the observer) its counts, its
library of artifacts and the cards of its hand the observer sees (all of its own hand; the
known cards of another's).

`write_state` reads the same from the state directly (the cards by number, what the seat
knows from the zones' knowledge bits), equal to `write` over the view (tests/rl/
test_rl_direct.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from typing import Any, get_args

from tabletop.engine.flow import top
from tabletop.games.quests import rules, steps
from tabletop.rl.encoders import Array, DirectEncoder, Memo, Out, Vocab, card_vocab, clip
from tabletop.schemas.quests import Kind, Phase, Suit

HAND_CAP = 12  # hand sizes and limits are scaled by this (and clipped)
TURN_CAP = 150  # the default turn limit
ARTIFACT_CAP = 9  # the most artifacts a game can need (full length)
DIE_CAP = 12  # an Initiative die with Travels played on it


class QuestsEncoder(DirectEncoder):
    game_id = "quests"

    def build(self) -> None:
        self.phases = Vocab(get_args(Phase))
        self.kinds = Vocab(get_args(Kind))
        self.suits = Vocab(get_args(Suit))
        self.cards = card_vocab("quests", "action card")
        self.artifacts = card_vocab("quests", "artifact")
        n, a, m = len(self.cards), len(self.artifacts), self.max_players
        self.piece("phase", len(self.phases))
        self.piece("asked", len(self.kinds))
        self.piece("to_move", 1)
        self.piece("turn", 1)
        self.piece("leader", m)
        self.piece("artifacts_to_win", 1)
        self.piece("prize", a)
        self.piece("prize_spent", 1)
        self.piece("decks", 2)  # action deck, artifact deck
        self.piece("discard", n)
        self.piece("fate", n)
        self.piece("revealed", n)
        self.piece("action_deck_known", n)
        self.piece("artifact_deck_known", a)
        self.piece("playing", 2)  # a card in play, escapes so far
        self.piece("playing_suit", len(self.suits))
        self.piece("playing_by", m)
        self.piece("playing_target", m)
        self.piece("escaped", m)
        self.seats("seat", 6)  # present, hand size, hand limit, artifacts, initiative shown, die
        self.seats("library", a)
        self.seats("spent", a)
        self.seats("hand", n)

    def write(self, view: Mapping[str, Any], seat: int, out: Out) -> None:
        n = view["players"]
        cards, artifacts = self.cards, self.artifacts
        out.one_hot("phase", self.phases.of(view["phase"]))
        mine = self.asked(view)
        if mine is not None:
            out.flag("to_move", True)
            out.one_hot("asked", self.kinds.of(mine["kind"]))
        out.value("turn", view["turn"], TURN_CAP)
        out.one_hot("leader", self.rel(view["leader"], seat, n))
        out.value("artifacts_to_win", view["artifacts_to_win"], ARTIFACT_CAP)
        prize = view["prize"]
        if prize is not None:
            out.one_hot("prize", artifacts.of(prize["id"]))
            out.flag("prize_spent", prize["spent"])
        out.value("decks", view["action_deck"], len(cards), 0)
        out.value("decks", view["artifact_deck"], len(artifacts), 1)
        out.count("discard", cards.all_of(view["discard"]))
        out.count("fate", cards.all_of(view["fate"]))
        out.count("revealed", cards.all_of(view["revealed"]))
        for c in view["action_deck_known"]:
            out.value("action_deck_known", 1, c["from_top"], cards.index[c["id"]])
        for c in view["artifact_deck_known"]:
            out.value("artifact_deck_known", 1, c["from_top"], artifacts.index[c["id"]])
        playing = view["playing"]
        if playing is not None:
            out.flag("playing", True)
            out.value("playing", len(playing["escapes"]), 4, 1)
            out.one_hot("playing_suit", self.suits.of(playing["suit"]))
            out.one_hot("playing_by", self.rel(playing["by"], seat, n))
            out.one_hot("playing_target", self.rel(playing["target"], seat, n))
            out.count("escaped", [(s - seat) % n for s in playing["escapes"]])
        for s in view["seats"]:
            k = (s["seat"] - seat) % n
            block = f"seat.{k}"
            out.flag(block, True, 0)
            out.value(block, s["hand_size"], HAND_CAP, 1)
            out.value(block, s["hand_limit"], HAND_CAP, 2)
            out.value(block, s["artifacts"], ARTIFACT_CAP, 3)
            if s["initiative"] is not None:
                out.flag(block, True, 4)
                out.value(block, s["initiative"], DIE_CAP, 5)
            out.count(f"library.{k}", artifacts.all_of(s["library"]))
            out.count(f"spent.{k}", artifacts.all_of(a for a in s["library"] if a["spent"]))
            held = s.get("hand", s.get("known", ()))
            out.count(f"hand.{k}", cards.all_of(held))

    def _tables(self) -> None:
        """Per card number, its place in each card piece (the sink for cards outside the
        piece's vocabulary), per relative seat k its pieces' places."""
        slugs = rules.SLUGS
        cards = [self.cards.index.get(x, -1) for x in slugs]
        arts = [self.artifacts.index.get(x, -1) for x in slugs]
        self.t_discard = self.slots("discard", cards)
        self.t_fate = self.slots("fate", cards)
        self.t_revealed = self.slots("revealed", cards)
        self.t_deck_known = self.slots("action_deck_known", cards)
        self.t_adeck_known = self.slots("artifact_deck_known", arts)
        self.t_prize = self.slots("prize", arts)
        m = range(self.max_players)
        self.t_hand = [self.slots(f"hand.{k}", cards) for k in m]
        self.t_library = [self.slots(f"library.{k}", arts) for k in m]
        self.t_spent = [self.slots(f"spent.{k}", arts) for k in m]
        self.t_seat = [self.offsets[f"seat.{k}"] for k in m]
        self.t_phase = self.places("phase", self.phases)
        self.t_asked = self.places("asked", self.kinds)
        self.t_suit = self.slots("playing_suit", [self.suits.of(x) for x in rules.SUITS])
        self.limited = frozenset(rules.LIMITED)
        # per card number: the hand size it adds to its owner's limit, and to the others'
        self.t_hand_bonus = [rules.HAND_BONUS.get(c, 0) for c in range(rules.NUM_CARDS)]
        self.t_foe_hand = [rules.OPPONENT_HAND.get(c, 0) for c in range(rules.NUM_CARDS)]
        self.s_piles = self.span("discard", "revealed")
        # Artifacts that may count 2 toward victory (the others count 1: `victory_value`)
        self.bonus = frozenset(
            c for c in range(rules.NUM_ACTION, rules.NUM_CARDS) if rules.art(c).ability == "bonus"
        )

    def write_state(self, state: Any, seat: int, a: Array, memo: Memo | None) -> None:
        if not hasattr(self, "t_seat"):
            self._tables()
        s: rules.QuestsState = state
        o = self.offsets
        n = s.num_players
        z = s.zones
        zc = z.cards
        na = rules.NUM_ACTION
        limited = self.limited
        # Places set to 1, and places with their values: each written with one numpy call at
        # the end (the sections are disjoint, so the order of the writes does not matter).
        ones: list[int] = []
        put = ones.append
        at: list[int] = []
        values: list[float] = []
        put(self.t_phase.get(s.phase, self.size))
        d = s.pending
        if d is not None and seat in s.to_move():
            put(o["to_move"])
            put(self.t_asked.get(d.kind_for(seat), self.size))
        if s.leader is not None:
            put(o["leader"] + (s.leader - seat) % n)
        used = s.limited_used
        prize = zc[rules.PRIZE]
        if prize:
            c = prize[-1]
            put(self.t_prize[c])
            if c in limited and (used >> (c - na)) & 1:
                put(o["prize_spent"])
        decks = o["decks"]
        at += (o["turn"], o["artifacts_to_win"], decks, decks + 1)
        values += (
            clip(s.turn, TURN_CAP),
            clip(s.opts.target, ARTIFACT_CAP),
            clip(len(zc[rules.DECK]), len(self.cards)),
            clip(len(zc[rules.ADECK]), len(self.artifacts)),
        )
        piles = (zc[rules.DISCARD_PILE], zc[rules.FATE], zc[rules.REVEALED])
        if not self.reused(memo, ("piles",), piles, a, self.s_piles):
            ones_piles = list(map(self.t_discard.__getitem__, piles[0]))
            ones_piles += map(self.t_fate.__getitem__, piles[1])
            ones_piles += map(self.t_revealed.__getitem__, piles[2])
            a[ones_piles] = 1.0
            if memo is not None:
                self.remember(memo, ("piles",), tuple(x[:] for x in piles), a, self.s_piles)
        # (the seat's own sections are written afresh: most answers move a card or change
        # what a seat knows, so a memo of them costs more than it saves; docs/rl.md)
        self._known(s, seat, at, values)
        step = top(s)
        if type(step) is steps.Escape:
            suit, by, target = step.about
            escapes = step.chain[1:]
            put(o["playing"])
            at.append(o["playing"] + 1)
            values.append(clip(len(escapes), 4))
            put(self.t_suit[suit])
            put(o["playing_by"] + (by - seat) % n)
            if target >= 0:
                put(o["playing_target"] + (target - seat) % n)
            base = o["escaped"]
            ones += [base + (q - seat) % n for q in escapes]
        self._seats(s, seat, ones, at, values)
        a[ones] = 1.0
        a[at] = values

    def _known(self, s: Any, seat: int, at: list[int], values: list[float]) -> None:
        """The deck cards the seat knows: 1 / their position from the top."""
        zc = s.zones.cards
        known = s.zones.known
        bit = 1 << seat
        for zone, table in ((rules.DECK, self.t_deck_known), (rules.ADECK, self.t_adeck_known)):
            deck = zc[zone]
            size = len(deck)
            for i in compress(range(size), map(bit.__and__, map(known.__getitem__, deck))):
                at.append(table[deck[i]])
                values.append(1 / (size - i))

    def _seats(
        self, s: Any, seat: int, ones: list[int], at: list[int], values: list[float]
    ) -> None:
        """Every seat's counts, library and the cards of its hand the observer sees."""
        n = s.num_players
        zc = s.zones.cards
        known = s.zones.known
        na = rules.NUM_ACTION
        limited = self.limited
        used = s.limited_used
        bit = 1 << seat
        put = ones.append
        initiative = s.phase == "initiative"
        first = rules.FIRST_HAND
        libraries = zc[first + n : first + 2 * n]
        hand_bonus, foe_hand = self.t_hand_bonus, self.t_foe_hand
        own_bonus = [sum(map(hand_bonus.__getitem__, lib)) for lib in libraries]
        foe_bonus = [sum(map(foe_hand.__getitem__, lib)) for lib in libraries]
        all_foe = sum(foe_bonus)
        bonus = self.bonus
        for p in range(n):
            k = (p - seat) % n
            hand = zc[first + p]
            library = libraries[p]
            block = self.t_seat[k]
            put(block)
            limit = rules.HAND_LIMIT + own_bonus[p] + all_foe - foe_bonus[p]
            worth = len(library) if bonus.isdisjoint(library) else s.victory_value(p)
            at += (block + 1, block + 2, block + 3)
            values += (clip(len(hand), HAND_CAP), clip(limit, HAND_CAP), clip(worth, ARTIFACT_CAP))
            if initiative:
                put(block + 4)
                at.append(block + 5)
                values.append(clip(s.rolls[p], DIE_CAP))
            ones += map(self.t_library[k].__getitem__, library)
            if used:
                spent = self.t_spent[k]
                ones += [spent[c] for c in library if c in limited and (used >> (c - na)) & 1]
            if p == seat:
                ones += map(self.t_hand[k].__getitem__, hand)
            else:
                ones += [self.t_hand[k][c] for c in hand if known[c] & bit]

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Random play takes about 14 answers per seat and turn; 60 leaves a wide margin.
        limit = int(options.get("turn_limit", TURN_CAP)) or 1_000
        return limit * players * 60


ENCODER = QuestsEncoder
