"""The observation encoder of The Librarians: Adventure Card Game (`librarians`), read from a
`librarians/1` view. The game is fully cooperative: every seat gets the team's reward.

Pieces (docs/rl.md has the table): the phase and the kind of question put to the observer, the
round, difficulty and adventure, the Mission and the Disturbance (which one, their tokens and
Challenge), the Unassigned Region, Special, set-aside and Adventure discard cards with their
tokens, the check being made (who, the attribute, the pool, the dice by kind and icon, who
devoted), and per seat (relative to the observer) its hero and numbers, its Player Area with
the tokens on each card, its discard pile and, where the view shows it, its hand.

Card vocabularies come from the game's content as its texts catalog lists it
(`tabletop.engine.texts.all_cards`): heroes, player cards, the Aid from the Library card (one
id in the view for its three difficulty versions) and every adventure's cards, Missions and
Disturbances, by the slug the view uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from tabletop.engine.content import slugify
from tabletop.engine.texts import all_cards
from tabletop.rl.encoders import Encoder, Out, Vocab, card_vocab
from tabletop.schemas.librarians import (
    AdventureCode,
    Attribute,
    DieKind,
    Difficulty,
    Icon,
    Kind,
    Phase,
)

SEAT_NUMBERS = (  # (key, cap) of a seat's counts
    ("life", 12),
    ("damage", 12),
    ("hand_size", 10),
    ("deck", 30),
    ("energy", 10),
    ("clues", 5),
    ("focus", 3),
    ("power", 3),
)
TOKENS = ("damage", "progress", "aid_tokens", "countdown")
TOKEN_CAP = 10
PLAYER_CARDS = ("event", "sidekick", "artifact", "attachment", "focus effect", "power effect")
ADVENTURE_CARDS = ("enemy", "obstacle", "complication", "special card")
ROUND_CAP = 20
DIE_CAP = 6  # dice in a pool (the cap is 4 a kind; changes may add)


class LibrariansEncoder(Encoder):
    game_id = "librarians"

    def build(self) -> None:
        self.phases = Vocab(get_args(Phase))
        self.kinds = Vocab(get_args(Kind))
        self.attributes = Vocab(get_args(Attribute))
        self.difficulties = Vocab(get_args(Difficulty))
        self.adventures = Vocab(get_args(AdventureCode))
        self.faces = [(k, i) for k in get_args(DieKind) for i in (*get_args(Icon), "blank")]
        texts = all_cards("librarians")
        self.heroes = Vocab(c.name for c in texts if c.kind == "hero")
        aid = [slugify(c.name.partition(" (")[0]) for c in texts if c.kind == "aid card"]
        self.adventure_cards = card_vocab("librarians", *ADVENTURE_CARDS)
        self.cards = Vocab(
            [
                *card_vocab("librarians", "hero", *PLAYER_CARDS).names,
                *aid,
                *self.adventure_cards.names,
            ]
        )
        self.missions = card_vocab("librarians", "mission")
        self.disturbances = card_vocab("librarians", "disturbance")
        m, nc, na = self.max_players, len(self.cards), len(self.adventure_cards)
        self.piece("phase", len(self.phases))
        self.piece("asked", len(self.kinds))
        self.piece("to_move", 1)
        self.piece("round", 1)
        self.piece("difficulty", len(self.difficulties))
        self.piece("adventure", len(self.adventures))
        self.piece("mission", 4)  # present, progress, advance, challenge difficulty
        self.piece("mission_id", len(self.missions))
        self.piece("mission_attribute", len(self.attributes))
        self.piece("disturbance", 3)  # present, fate, advance
        self.piece("disturbance_id", len(self.disturbances))
        for zone in ("unassigned", "special", "set_aside", "adventure_discard"):
            self.piece(zone, na)
        for token in (*TOKENS, "exhausted"):
            self.piece(f"unassigned_{token}", na)
        self.piece("adventure_deck", 1)
        self.piece("check", 5)  # present, difficulty, character pool, challenge pool, locked
        self.piece("check_player", m)
        self.piece("check_attribute", len(self.attributes))
        self.piece("check_against", nc + len(self.missions))
        self.piece("check_dice", len(self.faces))
        self.piece("check_devoted", m)
        self.seats("seat", 3 + len(SEAT_NUMBERS) + len(self.attributes))
        self.seats("hero", len(self.heroes))
        self.seats("area", nc)
        for token in (*TOKENS, "exhausted"):
            self.seats(f"area_{token}", nc)
        self.seats("area_attached", nc)
        self.seats("discard", nc)
        self.seats("hand", nc)
        self.seats("hand_shown", 1)

    def write(self, view: Mapping[str, Any], seat: int, out: Out) -> None:
        n = view["players"]
        out.one_hot("phase", self.phases.of(view["phase"]))
        mine = self.asked(view)
        if mine is not None:
            out.flag("to_move", True)
            out.one_hot("asked", self.kinds.of(mine["kind"]))
        out.value("round", view["round"], ROUND_CAP)
        out.one_hot("difficulty", self.difficulties.of(view["difficulty"]))
        out.one_hot("adventure", self.adventures.of(view["adventure"]))
        mission = view["mission"]
        if mission is not None:
            out.flag("mission", True, 0)
            out.value("mission", mission["progress"], TOKEN_CAP, 1)
            out.value("mission", mission["advance"] or 0, TOKEN_CAP, 2)
            out.one_hot("mission_id", self.missions.of(mission["id"]))
            challenge = mission["challenge"]
            if challenge is not None:
                out.value("mission", challenge["difficulty"], DIE_CAP, 3)
                out.one_hot("mission_attribute", self.attributes.of(challenge["attribute"]))
        disturbance = view["disturbance"]
        if disturbance is not None:
            out.flag("disturbance", True, 0)
            out.value("disturbance", disturbance["fate"], 15, 1)
            out.value("disturbance", disturbance["advance"], 15, 2)
            out.one_hot("disturbance_id", self.disturbances.of(disturbance["id"]))
        adv = self.adventure_cards
        for zone in ("unassigned", "special", "set_aside", "adventure_discard"):
            out.count(zone, adv.all_of(view[zone]), 2)
        for c in view["unassigned"]:
            i = adv.of(c["id"])
            if i is not None:
                self._tokens(c, "unassigned", i, out)
        out.value("adventure_deck", view["adventure_deck"], 30)
        check = view["check"]
        if check is not None:
            self._check(check, seat, n, out)
        for s in view["seats"]:
            self._seat(s, (s["seat"] - seat) % n, out)

    def _tokens(self, card: Mapping[str, Any], prefix: str, i: int, out: Out) -> None:
        for token in TOKENS:
            if token in card:
                out.value(f"{prefix}_{token}", card[token], TOKEN_CAP, i)
        out.flag(f"{prefix}_exhausted", card.get("exhausted", False), i)

    def _check(self, check: Mapping[str, Any], seat: int, n: int, out: Out) -> None:
        out.flag("check", True, 0)
        out.value("check", check["difficulty"], DIE_CAP, 1)
        out.value("check", check["pool"]["character"], DIE_CAP, 2)
        out.value("check", check["pool"]["challenge"], DIE_CAP, 3)
        out.value("check", sum(d["locked"] for d in check["dice"]), 2, 4)
        out.one_hot("check_player", self.rel(check["player"], seat, n))
        out.one_hot("check_attribute", self.attributes.of(check["attribute"]))
        against = check["against"]
        if against is not None:
            slug = slugify(against)
            if slug in self.missions.index:
                out.one_hot("check_against", len(self.cards) + self.missions.index[slug])
            else:
                out.one_hot("check_against", self.cards.of(slug))
        faces = []
        for d in check["dice"]:
            for icon in d["face"] or ["blank"]:
                faces.append(self.faces.index((d["kind"], icon)))
        out.count("check_dice", faces, DIE_CAP)
        out.count("check_devoted", [(s - seat) % n for s in check["devoted"]])

    def _seat(self, s: Mapping[str, Any], k: int, out: Out) -> None:
        cards = self.cards
        block = f"seat.{k}"
        out.flag(block, True, 0)
        out.flag(block, s["first_player"], 1)
        out.flag(block, s["eliminated"], 2)
        for i, (key, cap) in enumerate(SEAT_NUMBERS, start=3):
            out.value(block, s[key], cap, i)
        base = 3 + len(SEAT_NUMBERS)
        for i, attribute in enumerate(self.attributes.names):
            out.value(block, s["attributes"][attribute], 5, base + i)
        out.one_hot(f"hero.{k}", self.heroes.of(s["hero"]))
        out.count(f"area.{k}", cards.all_of(s["area"]), 2)
        for c in s["area"]:
            j = cards.of(c["id"])
            if j is not None:
                for token in TOKENS:
                    if token in c:
                        out.value(f"area_{token}.{k}", c[token], TOKEN_CAP, j)
                out.flag(f"area_exhausted.{k}", c.get("exhausted", False), j)
                out.flag(f"area_attached.{k}", "on" in c, j)
        out.count(f"discard.{k}", cards.all_of(s["discard"]), 3)
        if "hand" in s:
            out.flag(f"hand_shown.{k}", True)
            out.count(f"hand.{k}", cards.all_of(s["hand"]), 3)

    def cooperative(self, options: Mapping[str, Any]) -> bool:
        return True

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Random four-player games take under 800 answers.
        return 600 * players + 600


ENCODER = LibrariansEncoder
