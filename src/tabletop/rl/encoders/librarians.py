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

`write_state` reads the same from the state directly (each card number mapped once per card
table to its slots), equal to `write` over the view (tests/rl/test_rl_direct.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from tabletop.engine.content import slugify
from tabletop.engine.texts import all_cards
from tabletop.games.librarians import cards as C
from tabletop.games.librarians.check import DIE_KINDS, FACES
from tabletop.rl.encoders import Array, DirectEncoder, Encoder, Memo, Out, Vocab, card_vocab, clip
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
ADVENTURE_ZONES = ("unassigned", "special", "set_aside", "adventure_discard")
ADVENTURE_ZONE_IDS = (C.UNASSIGNED, C.SPECIAL, C.SET_ASIDE, C.ADV_DISCARD)


class _Tokens:
    """Where the tokens of a row of cards go: each card's slot, the token pieces' offsets."""

    __slots__ = ("attached", "exhausted", "slot", "tokens")

    def __init__(self, enc: Encoder, prefix: str, suffix: str, slot: list[int]) -> None:
        self.slot = slot
        self.tokens = [enc.offsets[f"{prefix}_{token}{suffix}"] for token in TOKENS]
        self.exhausted = enc.offsets[f"{prefix}_exhausted{suffix}"]
        self.attached = enc.offsets.get(f"{prefix}_attached{suffix}", -1)


class _Places:
    """The places of the cards of one card table (`cards.Table`) in every piece."""

    def __init__(self, enc: LibrariansEncoder, t: C.Table) -> None:
        cards = [enc.cards.index.get(x, -1) for x in t.slugs]
        adv = [enc.adventure_cards.index.get(x, -1) for x in t.slugs]
        self.mission = enc.slots("mission_id", [enc.missions.index.get(x) for x in t.slugs])
        self.disturbance = enc.slots(
            "disturbance_id", [enc.disturbances.index.get(x) for x in t.slugs]
        )
        self.adventure = [enc.slots(zone, adv) for zone in ADVENTURE_ZONES]
        self.unassigned = _Tokens(enc, "unassigned", "", adv)
        m = range(enc.max_players)
        heroes = [enc.heroes.index.get(x) for x in t.names]
        self.hero = [enc.slots(f"hero.{k}", heroes) for k in m]
        self.area = [enc.slots(f"area.{k}", cards) for k in m]
        self.area_tokens = [_Tokens(enc, "area", f".{k}", cards) for k in m]
        self.discard = [enc.slots(f"discard.{k}", cards) for k in m]
        self.hand = [enc.slots(f"hand.{k}", cards) for k in m]
        against = []
        for name in t.names:
            slug = slugify(name)
            if slug in enc.missions.index:
                against.append(len(enc.cards) + enc.missions.index[slug])
            else:
                against.append(enc.cards.index.get(slug, -1))
        self.against = enc.slots("check_against", against)


class LibrariansEncoder(DirectEncoder):
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
        caps: dict[str, float] = {zone: 2 for zone in ADVENTURE_ZONES}
        caps["check_dice"] = DIE_CAP
        for k in range(m):
            caps.update({f"area.{k}": 2, f"discard.{k}": 3, f"hand.{k}": 3})
        self.count_caps(caps)
        self.t_phase = self.places("phase", self.phases)
        self.t_asked = self.places("asked", self.kinds)
        self.t_difficulty = self.places("difficulty", self.difficulties)
        self.t_adventure = self.places("adventure", self.adventures)
        self.t_attribute = self.places("mission_attribute", self.attributes)
        self.t_check_attribute = self.places("check_attribute", self.attributes)
        base = self.offsets["check_dice"]
        self.t_faces = [
            [[base + self.faces.index((kind, i)) for i in face or ("blank",)] for face in faces]
            for kind, faces in zip(DIE_KINDS, FACES, strict=True)
        ]
        self.t_seat = [self.offsets[f"seat.{k}"] for k in range(m)]
        self._by_table: dict[int, tuple[C.Table, _Places]] = {}
        self.s_adventure = self.span("mission", "adventure_deck")
        per_seat = ["seat", "hero", "area"] + [f"area_{x}" for x in (*TOKENS, "exhausted")]
        per_seat += ["area_attached", "discard", "hand", "hand_shown"]
        self.s_seat = [self.spread(f"{x}.{k}" for x in per_seat) for k in range(m)]

    def _places(self, t: C.Table) -> _Places:
        """The places of a card table's cards (made once per table: tables are shared)."""
        got = self._by_table.get(id(t))
        if got is None or got[0] is not t:
            got = (t, _Places(self, t))
            self._by_table[id(t)] = got
        return got[1]

    def write_state(self, state: Any, seat: int, a: Array, memo: Memo | None) -> None:
        s = state
        o = self.offsets
        sink = self.size
        n = s.num_players
        z = s.zones.cards
        t = s.t
        tp = self._places(t)
        counted: list[int] = []  # places counted (repeats count), by their pieces' caps
        put = counted.append
        put(self.t_phase.get(s.phase, sink))
        d = s.pending
        if d is not None and seat in s.to_move():
            put(o["to_move"])
            put(self.t_asked.get(d.kind_for(seat), sink))
        a[o["round"]] = clip(s.round, ROUND_CAP)
        put(self.t_difficulty.get(s.opts.difficulty, sink))
        put(self.t_adventure.get(s.opts.adventure, sink))
        tokens = (s.damage, s.progress, s.aid_tokens, s.countdown, s.exhausted)
        board = (*(z[i] for i in ADVENTURE_ZONE_IDS), z[C.MISSION_ZONE], z[C.DISTURBANCE_ZONE])
        key = (board, len(z[C.ADV_DECK]), s.fate, tokens)
        # the adventure's cards hold no relative seats: one section for every observer
        if not self.reused(memo, ("adventure",), key, a, self.s_adventure):
            self._adventure_state(s, tp, a)
            if memo is not None:
                kept = (tuple(x[:] for x in board), key[1], s.fate, tuple(map(dict, tokens)))
                self.remember(memo, ("adventure",), kept, a, self.s_adventure)
        if s.check is not None:
            self._check_state(s, seat, tp, a, counted)
        self.fill(a, counted)
        open_hands = s.opts.open_hands
        width = len(C.SEAT_ZONES)
        for p in range(n):
            k = (p - seat) % n
            shown = seat == p or open_hands
            held = z[C.zone(p, 0) : C.zone(p, 0) + width]
            live = (held, tokens, s.attached, s.first == p, s.out[p], s.clues[p])
            # seat p's section is the same seen from anywhere, only placed at k
            if not self.reused(memo, ("seat", p, shown), live, a, self.s_seat[k]):
                self._seat_state(s, p, k, shown, tp, a)
                if memo is not None:
                    state_then = (tuple(map(dict, tokens)), dict(s.attached), *live[3:])
                    then = ([x[:] for x in held], *state_then)
                    self.remember(memo, ("seat", p, shown), then, a, self.s_seat[k])

    def _adventure_state(self, s: Any, tp: _Places, a: Array) -> None:
        """The Mission, the Disturbance, the adventure cards and their tokens."""
        o = self.offsets
        z = s.zones.cards
        t = s.t
        n = s.num_players
        counted: list[int] = []
        put = counted.append
        mission = z[C.MISSION_ZONE]
        if mission:
            c = mission[-1]
            rec = t.records[c]
            block = o["mission"]
            put(block)
            a[block + 1] = clip(s.progress.get(c, 0), TOKEN_CAP)
            a[block + 2] = clip(rec.advance_for(n) or 0, TOKEN_CAP)
            put(tp.mission[c])
            if rec.challenge is not None:
                a[block + 3] = clip(rec.challenge.difficulty, DIE_CAP)
                put(self.t_attribute.get(rec.challenge.attribute, self.size))
        dist = z[C.DISTURBANCE_ZONE]
        if dist:
            c = dist[-1]
            block = o["disturbance"]
            put(block)
            a[block + 1] = clip(s.fate, 15)
            a[block + 2] = clip(t.records[c].advance, 15)
            put(tp.disturbance[c])
        for table, zi in zip(tp.adventure, ADVENTURE_ZONE_IDS, strict=True):
            counted += map(table.__getitem__, z[zi])
        self._state_tokens(s, z[C.UNASSIGNED], tp.unassigned, a, counted)
        a[o["adventure_deck"]] = clip(len(z[C.ADV_DECK]), 30)
        self.fill(a, counted)

    def _seat_state(self, s: Any, p: int, k: int, shown: bool, tp: _Places, a: Array) -> None:
        """Seat `p`'s numbers, hero, Player Area with its tokens, discard pile and (where the
        view shows it) hand, at relative position `k` (the section `s_seat[k]`)."""
        z = s.zones.cards
        t = s.t
        counted: list[int] = []
        put = counted.append
        kinds = t.kinds
        block = self.t_seat[k]
        hero = t.heroes[p]
        put(block)
        if s.first == p:
            put(block + 1)
        if s.out[p]:
            put(block + 2)
        magic = z[C.zone(p, C.MAGIC)]
        focus = sum(1 for c in magic if kinds[c] == C.FOCUS)
        numbers = (
            s.life(hero),
            s.damage.get(hero, 0),
            len(z[C.zone(p, C.HAND)]),
            len(z[C.zone(p, C.DECK)]),
            len(z[C.zone(p, C.ENERGY)]),
            s.clues[p],
            focus,
            len(magic) - focus,
        )
        for i, (x, (_, cap)) in enumerate(zip(numbers, SEAT_NUMBERS, strict=True), start=3):
            if x:
                a[block + i] = clip(x, cap)
        base = block + 3 + len(SEAT_NUMBERS)
        for i, value in enumerate(self._attributes(s, hero)):
            if value:
                a[base + i] = clip(value, 5)
        put(tp.hero[k][hero])
        area = z[C.zone(p, C.AREA)]
        counted += map(tp.area[k].__getitem__, area)
        self._state_tokens(s, area, tp.area_tokens[k], a, counted)
        counted += map(tp.discard[k].__getitem__, z[C.zone(p, C.DISCARD)])
        if shown:
            put(self.offsets[f"hand_shown.{k}"])
            counted += map(tp.hand[k].__getitem__, z[C.zone(p, C.HAND)])
        self.fill(a, counted)

    def _attributes(self, s: Any, hero: int) -> list[int]:
        """`s.attribute(hero, a)` for each attribute, the bonuses found once."""
        attrs = s.t.records[hero].attributes
        bonuses = () if hero == s.t.aid else s.attribute_bonuses(hero)
        out = []
        for name in self.attributes.names:
            if name in attrs.dashes:
                out.append(0)
                continue
            value = int(attrs.get(name))
            for bonus, _whose in bonuses:
                if bonus[0] in (name, "all"):
                    value += bonus[1]
            out.append(value)
        return out

    @staticmethod
    def _state_tokens(
        s: Any, cards: list[int], places: _Tokens, a: Array, counted: list[int]
    ) -> None:
        """The tokens on these cards, exhausted and attached, as `_tokens` and `_seat` write
        them from the view (a later card of a kind overwrites an earlier one's tokens)."""
        slot = places.slot
        for c in cards:
            j = slot[c]
            if j < 0:
                continue
            for store, base in zip(
                (s.damage, s.progress, s.aid_tokens, s.countdown), places.tokens, strict=True
            ):
                if c in store:
                    a[base + j] = clip(store[c], TOKEN_CAP)
            if c in s.exhausted:
                counted.append(places.exhausted + j)
            if places.attached >= 0 and c in s.attached:
                counted.append(places.attached + j)

    def _check_state(self, s: Any, seat: int, tp: _Places, a: Array, counted: list[int]) -> None:
        c = s.check
        o = self.offsets
        n = s.num_players
        block = o["check"]
        counted.append(block)
        a[block + 1] = clip(c.difficulty, DIE_CAP)
        a[block + 2] = clip(c.character, DIE_CAP)
        a[block + 3] = clip(c.challenge, DIE_CAP)
        locked = sum((c.locked >> i) & 1 for i in range(len(c.dice)))
        a[block + 4] = clip(locked, 2)
        if c.player is not None:
            counted.append(o["check_player"] + (c.player - seat) % n)
        counted.append(self.t_check_attribute.get(c.attribute, self.size))
        if c.source >= 0:
            counted.append(tp.against[c.source])
        faces = self.t_faces
        for kind, face in c.dice:
            counted += faces[kind][face]
        base = o["check_devoted"]
        counted += [base + (p - seat) % n for p in range(n) if (c.devoted >> p) & 1]

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
