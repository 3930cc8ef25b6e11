"""The observation encoder of Quests of the Librarian (`quests`), read from a `quests/1` view.

Pieces (docs/rl.md has the table): the phase, the kind of question put to the observer, the
turn, the Leader, the Prize, deck sizes, the discard pile, Fate cards and revealed cards (one
slot per Action card), the deck cards the observer knows (1 / position from the top), the
card in play in an Escape window, and per seat (relative to the observer) its counts, its
library of artifacts and the cards of its hand the observer sees (all of its own hand; the
known cards of another's).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from tabletop.rl.encoders import Encoder, Out, Vocab, card_vocab
from tabletop.schemas.quests import Kind, Phase, Suit

HAND_CAP = 12  # hand sizes and limits are scaled by this (and clipped)
TURN_CAP = 150  # the default turn limit
ARTIFACT_CAP = 9  # the most artifacts a game can need (full length)
DIE_CAP = 12  # an Initiative die with Travels played on it


class QuestsEncoder(Encoder):
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

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Random play takes about 14 answers per seat and turn; 60 leaves a wide margin.
        limit = int(options.get("turn_limit", TURN_CAP)) or 1_000
        return limit * players * 60


ENCODER = QuestsEncoder
