"""The observation encoder of The Guardians: Explore (`guardians`), read from a `guardians/2`
view.

Pieces (docs/rl.md has the table): the phase and the kind of question put to the observer,
the round, difficulty and mode, the Timekeeper, the Trailblazer and turn order, each location
of the city (its state, its monsters by kind, whose forts and visitors), both bosses and their
rewards, the waves, retreat, supply, trash and revealed cards; per seat (relative to the
observer) its public counts, discard pile, play area, persistent cards, copies, trophies,
fort, location and shown quests; and the observer's own private keys (hand, cards looked at,
under Aimed Shot, Secret Quests, SUPER choice, draft pack and drafted cards, Museum monster,
battle effects). Cards are counted by kind (their slug), monsters by kind too.

`write_state` reads the same from the state directly (cards by number, each mapped once to
its kind's slot), equal to `write` over the view (tests/rl/test_rl_direct.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any, get_args

from tabletop.engine.texts import all_cards
from tabletop.games.guardians import tables as T
from tabletop.rl.encoders import Array, DirectEncoder, Memo, Out, Vocab, card_vocab, clip
from tabletop.schemas.guardians import BattleEffect, Kind, Phase, TrackSpace

CARD_KINDS = ("generic card", "skill", "item", "familiar", "SUPER card", "penalty card")
SEAT_COUNTS = (  # (key, cap) of a seat's public numbers
    ("deck", 20),
    ("hand_size", 10),
    ("discard_size", 30),
    ("under_aimed_shot", 3),
    ("energy", 20),
    ("attack", 40),
    ("counters", 10),
    ("trophy_points", 60),
    ("secret_quests", 2),
    ("secret_monster", 1),
    ("pack_size", 36),
    ("drafted", 13),
)
OWN_CARDS = (  # (key, cap) of the observer's private card lists
    ("hand", 4),
    ("looking", 2),
    ("under", 2),
    ("super_choice", 1),
    ("pack", 3),
    ("drafted_cards", 4),
)
PUBLIC_CARDS = (("discard", 4), ("play", 3), ("persistent", 2))
OWN_ZONES = (  # the zone of each of OWN_CARDS
    T.HAND,
    T.LOOK,
    T.UNDER,
    T.SUPERS,
    T.PACK,
    T.COLLECT,
)
OWNED = (T.HAND, T.DECK, T.DISCARD, T.PLAY, T.PERSIST, T.UNDER, T.LOOK, T.COLLECT)
SEAT_ZONES = (  # the zone counted by each of SEAT_COUNTS, or None for a number of the state
    T.DECK,
    T.HAND,
    T.DISCARD,
    T.UNDER,
    None,
    None,
    None,
    None,
    T.QUEST,
    T.MUSEUM,
    T.PACK,
    T.COLLECT,
)
ATTACK_CAP = 60  # boss attack and damage
COLOURS = ("blue", "red")


def _slug(instance_id: str) -> str:
    """`patient-zero-1` -> `patient-zero` (a physical copy's id less its number)."""
    base, _, number = instance_id.rpartition("-")
    return base if number.isdigit() else instance_id


class GuardiansEncoder(DirectEncoder):
    game_id = "guardians"

    def build(self) -> None:
        self.phases = Vocab(get_args(Phase))
        self.kinds = Vocab(get_args(Kind))
        self.spaces = Vocab(get_args(TrackSpace))
        self.effects = Vocab(get_args(BattleEffect))
        self.cards = card_vocab("guardians", *CARD_KINDS)
        self.by_name = {
            c.name: self.cards.index[c.slug] for c in all_cards("guardians") if c.kind in CARD_KINDS
        }
        self.monsters = card_vocab("guardians", "monster")
        self.locations = card_vocab("guardians", "location")
        self.bosses = card_vocab("guardians", "boss")
        self.quests = card_vocab("guardians", "secret quest")
        m, nc, nm, nl = self.max_players, len(self.cards), len(self.monsters), len(self.locations)
        self.piece("phase", len(self.phases))
        self.piece("asked", len(self.kinds))
        self.piece("to_move", 1)
        self.piece("round", 1)
        self.piece("mode", 3)  # apprentice, guardian, cooperative
        self.piece("timekeeper", 1)
        self.piece("space", len(self.spaces))
        self.piece("trailblazer", m)
        self.piece("order", m)
        for i in range(nl):
            self.piece(f"city.{i}", 6)  # symbols, flipped, safe, face down, combined, damage
            self.piece(f"city_monsters.{i}", nm)
            self.piece(f"city_forts.{i}", m)
            self.piece(f"city_guardians.{i}", m)
        for colour in COLOURS:
            self.piece(f"boss_{colour}", 7)
            self.piece(f"boss_{colour}_id", len(self.bosses))
            self.piece(f"boss_{colour}_battlers", m)
        self.piece("boss_blue_rewards", nc)
        self.piece("boss_red_rewards", len(self.quests))
        self.piece("boss_fight", len(COLOURS))
        self.piece("waves", 3)  # third wave out, second and third left
        self.piece("retreat", nm)
        self.piece("table", 2)  # supply, counters on the mat
        self.piece("trash", nc)
        self.piece("revealed", nc)
        self.seats("seat", 1 + len(SEAT_COUNTS))
        for key, _ in PUBLIC_CARDS:
            self.seats(key, nc)
        self.seats("copies", nc)
        self.seats("trophies", nm)
        self.seats("fort", nl)
        self.seats("location", nl)
        self.seats("quests_shown", len(self.quests))
        for key, _ in OWN_CARDS:
            self.piece(key, nc)
        self.piece("quests", len(self.quests))
        self.piece("museum", nm)
        self.piece("battle_effects", len(self.effects))
        self._tables()

    def _tables(self) -> None:
        """For `write_state`: per card number its place in each piece (the sink for cards
        outside the piece's vocabulary), per relative seat k its pieces' places, and the
        count caps of the pieces."""
        nc = T.NCARDS
        kind = [-1] * nc
        mon = [-1] * nc
        quest = [-1] * nc
        for c in range(T.NG):
            kind[c] = self.cards.index.get(T.KINDS[T.GKIND[c]].slug, -1)
        for c in range(T.M0, T.B0):
            mon[c] = self.monsters.index.get(T.monster(c).slug, -1)
        for c in range(T.Q0, nc):
            quest[c] = self.quests.index.get(T.QUESTS[c - T.Q0].slug, -1)
        self.t_boss = [self.bosses.index.get(_slug(x), -1) for x in T.SLUGS]
        m = range(self.max_players)
        loc = [self.locations.index.get(x.slug, -1) for x in T.LOCS]
        self.t_loc = [self.offsets[f"city.{j}"] for j in loc]
        self.t_loc_monsters = [self.slots(f"city_monsters.{j}", mon) for j in loc]
        self.t_forts = [self.offsets[f"city_forts.{j}"] for j in loc]
        self.t_guardians = [self.offsets[f"city_guardians.{j}"] for j in loc]
        self.t_blue_rewards = self.slots("boss_blue_rewards", kind)
        self.t_red_rewards = self.slots("boss_red_rewards", quest)
        self.t_retreat = self.slots("retreat", mon)
        self.t_trash = self.slots("trash", kind)
        self.t_revealed = self.slots("revealed", kind)
        self.t_public = [[self.slots(f"{key}.{k}", kind) for k in m] for key, _ in PUBLIC_CARDS]
        by_name = [self.by_name.get(x.name) for x in T.KINDS]
        self.t_copies = [self.slots(f"copies.{k}", by_name) for k in m]
        self.t_trophies = [self.slots(f"trophies.{k}", mon) for k in m]
        self.t_fort = [self.slots(f"fort.{k}", loc) for k in m]
        self.t_location = [self.slots(f"location.{k}", loc) for k in m]
        self.t_shown = [self.slots(f"quests_shown.{k}", quest) for k in m]
        self.t_seat = [self.offsets[f"seat.{k}"] for k in m]
        self.t_own = [self.slots(key, kind) for key, _ in OWN_CARDS]
        self.t_quests = self.slots("quests", quest)
        self.t_museum = self.slots("museum", mon)
        self.t_effects = self.places("battle_effects", self.effects)
        self.t_phase = self.places("phase", self.phases)
        self.t_asked = self.places("asked", self.kinds)
        self.t_space = self.places("space", self.spaces)
        self.t_symbols = [
            [clip(x.symbols, 3) for x in T.LOCS],
            [clip(x.flipped_symbols if x.base else x.symbols, 3) for x in T.LOCS],
        ]
        self.t_points = [0] * nc  # what each card is worth at the end (`trophy_points`)
        for c in range(T.NG):
            self.t_points[c] = T.KINDS[T.GKIND[c]].points
        for c in range(T.M0, T.B0):
            self.t_points[c] = T.monster(c).points
        caps: dict[str, float] = {"retreat": 3, "trash": 8, "revealed": 4}
        caps.update({f"city_monsters.{j}": 2 for j in range(len(self.locations))})
        for k in m:
            caps.update({f"{key}.{k}": cap for key, cap in PUBLIC_CARDS})
            caps.update({f"copies.{k}": 2, f"trophies.{k}": 3})
        caps.update(dict(OWN_CARDS))
        self.count_caps(caps)
        nl = len(self.locations)
        self.s_city = self.spread(f"{x}.{i}" for i in range(nl) for x in ("city", "city_monsters"))
        board = [x for x in self.offsets if x.startswith("boss_") and not x.endswith("battlers")]
        board += ["boss_fight", "waves", "retreat", "table", "trash", "revealed"]
        self.s_board = self.spread(dict.fromkeys(board))
        public = ("seat", *(key for key, _ in PUBLIC_CARDS), "copies", "trophies", "fort")
        public += ("location", "quests_shown")
        private = [key for key, _ in OWN_CARDS] + ["quests", "museum", "battle_effects"]
        self.s_seat = [
            (
                self.spread(f"{x}.{k}" for x in public),
                self.spread([f"{x}.{k}" for x in public] + private),
            )
            for k in m
        ]

    def write_state(self, state: Any, seat: int, a: Array, memo: Memo | None) -> None:
        s = state
        o = self.offsets
        sink = self.size
        n = s.num_players
        z = s.zones.cards
        opts = s.opts
        counted: list[int] = []  # places counted (repeats count), by their pieces' caps
        put = counted.append
        put(self.t_phase.get(s.phase, sink))
        d = s.pending
        if d is not None and seat in s.to_move():
            put(o["to_move"])
            put(self.t_asked.get(d.kind_for(seat), sink))
        a[o["round"]] = clip(s.turn, 8)
        mode = o["mode"]
        if opts.difficulty == "apprentice":
            put(mode)
        if opts.difficulty == "guardian":
            put(mode + 1)
        if opts.cooperative:
            put(mode + 2)
        a[o["timekeeper"]] = clip(s.track_pos, len(s.track))
        space = s.track[s.track_pos] if s.track_pos < len(s.track) else "end"
        put(self.t_space.get(space, sink))
        if s.trailblazer is not None:
            put(o["trailblazer"] + (s.trailblazer - seat) % n)
        base = o["order"]
        for i, p in enumerate(s.order):
            a[base + (p - seat) % n] = clip(i + 1, self.max_players)
        # Sections without relative seats are shared by every observer (named without one).
        city = (z[T.LOC0 : T.FD0 + T.NLOC], s.dmg, s.home_flipped)
        if not self.reused(memo, ("city",), city, a, self.s_city):
            self._city(s, a)
            if memo is not None:
                copy = ([x[:] for x in city[0]], s.dmg[:], city[2])
                self.remember(memo, ("city",), copy, a, self.s_city)
        for p in range(n):
            k = (p - seat) % n
            if s.fort[p] >= 0:
                put(self.t_forts[s.fort[p]] + k)
            if s.visited[p] >= 0:
                put(self.t_guardians[s.visited[p]] + k)
        board = (z[: T.LOC0], s.outcomes, s.boss_dmg, s.boss_colour, s.pool, s.invade_wave)
        if not self.reused(memo, ("board",), board, a, self.s_board):
            self._board(s, a)
            if memo is not None:
                kept = ([x[:] for x in board[0]], dict(s.outcomes), *board[2:])
                self.remember(memo, ("board",), kept, a, self.s_board)
        self._battlers(s, seat, a)
        self.fill(a, counted)
        for p in range(n):
            k = (p - seat) % n
            zp = z[T.P0 + p * T.NPZ : T.P0 + (p + 1) * T.NPZ]
            own = p == seat
            live = (zp, s.energy[p], s.attack[p], s.counters[p], s.copies[p], s.fort[p])
            key = (live, s.visited[p], s.fx[p] if own else None)
            places = self.s_seat[k][own]
            # seat p's section is the same seen from anywhere, only placed at k
            if not self.reused(memo, ("seat", p, own), key, a, places):
                self._seat_state(s, p, k, zp, a)
                if memo is None:
                    continue
                held = ([x[:] for x in zp], *live[1:4], s.copies[p][:], s.fort[p])
                then = (held, s.visited[p], s.fx[p][:] if own else None)
                self.remember(memo, ("seat", p, own), then, a, places)

    def _seat_state(self, s: Any, p: int, k: int, zp: list[list[int]], a: Array) -> None:
        """Seat `p`'s pieces at relative position `k`, and the observer's own when it is
        `p` (the section `s_seat[k][own]`)."""
        counted: list[int] = []
        put = counted.append
        block = self.t_seat[k]
        put(block)
        # trophy_points(p): its trophies' points and those of the cards it owns
        owned = chain(zp[T.TROPHY], *(zp[zone] for zone in OWNED))
        worth = sum(map(self.t_points.__getitem__, owned))
        numbers = [len(zp[zone]) if zone is not None else 0 for zone in SEAT_ZONES]
        numbers[4:8] = s.energy[p], s.attack[p], s.counters[p], worth
        a[block + 1 : block + 1 + len(SEAT_COUNTS)] = [
            clip(x, cap) for x, (_, cap) in zip(numbers, SEAT_COUNTS, strict=True)
        ]
        t_public = self.t_public
        counted += map(t_public[0][k].__getitem__, zp[T.DISCARD])
        counted += map(t_public[1][k].__getitem__, zp[T.PLAY])
        counted += map(t_public[2][k].__getitem__, zp[T.PERSIST])
        counted += map(self.t_copies[k].__getitem__, s.copies[p])
        counted += map(self.t_trophies[k].__getitem__, zp[T.TROPHY])
        if s.fort[p] >= 0:
            put(self.t_fort[k][s.fort[p]])
        if s.visited[p] >= 0:
            put(self.t_location[k][s.visited[p]])
        counted += map(self.t_shown[k].__getitem__, zp[T.QUEST_SHOWN])
        if k == 0:
            for table, zone in zip(self.t_own, OWN_ZONES, strict=True):
                counted += map(table.__getitem__, zp[zone])
            counted += map(self.t_quests.__getitem__, zp[T.QUEST])
            counted += map(self.t_museum.__getitem__, zp[T.MUSEUM])
            counted += [self.t_effects.get(name, self.size) for name, _ in s.fx[p]]
        self.fill(a, counted)

    def _city(self, s: Any, a: Array) -> None:
        """The city's locations but who has a fort or visited there (the section `s_city`)."""
        z = s.zones.cards
        counted: list[int] = []
        put = counted.append
        dmg = s.dmg
        m0 = T.M0
        attack = T.MON_ATTACK
        flipped = s.home_flipped
        fd0, loc0 = T.FD0, T.LOC0
        for i, block in enumerate(self.t_loc):
            here = z[loc0 + i]
            a[block] = self.t_symbols[flipped and T.LOCS[i].base][i]
            if flipped and T.LOCS[i].base:
                put(block + 1)
            face_down = len(z[fd0 + i])
            if face_down:
                a[block + 3] = clip(face_down, 4)
            if here:
                hurt = [dmg[x - m0] for x in here]
                a[block + 4] = clip(sum([attack[x - m0] for x in here]) - sum(hurt), 40)
                a[block + 5] = clip(sum(hurt), 20)
                counted += map(self.t_loc_monsters[i].__getitem__, here)
            elif not face_down:
                put(block + 2)  # safe
        self.fill(a, counted)

    def _board(self, s: Any, a: Array) -> None:
        """The bosses, waves, retreat, supply, trash and revealed cards (`s_board`)."""
        z = s.zones.cards
        o = self.offsets
        counted: list[int] = []
        put = counted.append
        self._boss_state(s, a, counted)
        if s.boss_colour:
            put(o["boss_fight"] + COLOURS.index(s.boss_colour))
        waves = o["waves"]
        if s.invade_wave == 2:
            put(waves)
        a[waves + 1] = clip(len(z[T.WAVE2]), 40)
        a[waves + 2] = clip(len(z[T.WAVE3]), 40)
        counted += map(self.t_retreat.__getitem__, z[T.RETREAT])
        a[o["table"]] = clip(len(z[T.SUPPLY]), 40)
        a[o["table"] + 1] = clip(s.pool, 30)
        counted += map(self.t_trash.__getitem__, z[T.TRASH])
        counted += map(self.t_revealed.__getitem__, z[T.REVEALED])
        self.fill(a, counted)

    def _battlers(self, s: Any, seat: int, a: Array) -> None:
        """The attack each relative seat put into the boss being fought."""
        z = s.zones.cards
        fighting = z[T.BOSS_FIGHT]
        if not fighting:
            return
        n = s.num_players
        for colour in COLOURS:
            if colour == "red" and s.opts.apprentice:
                continue
            done = [b for b in z[T.BOSS_DONE] + fighting if T.BOSSES[b - T.B0].colour == colour]
            if done and done[0] in fighting:
                base = self.offsets[f"boss_{colour}_battlers"]
                for p in range(n):
                    if s.contrib[p] >= 0:
                        a[base + (p - seat) % n] = clip(s.contrib[p] + s.gift[p], ATTACK_CAP)

    def _boss_state(self, s: Any, a: Array, counted: list[int]) -> None:
        z = s.zones.cards
        o = self.offsets
        n = s.num_players
        for colour, hidden, show, fd in (
            ("blue", T.BOSS_BLUE, T.BLUE_SHOW, T.BLUE_FD),
            ("red", T.BOSS_RED, T.RED_SHOW, T.RED_FD),
        ):
            if colour == "red" and s.opts.apprentice:
                continue
            block = o[f"boss_{colour}"]
            fighting = z[T.BOSS_FIGHT]
            done = [b for b in z[T.BOSS_DONE] + fighting if T.BOSSES[b - T.B0].colour == colour]
            if done:
                counted.append(block)
            if z[hidden]:
                counted.append(block + 1)
            outcome = s.outcomes.get(f"{colour}_boss")
            if outcome == "defeated":
                counted.append(block + 2)
            if outcome == "survived":
                counted.append(block + 3)
            a[block + 4] = clip(len(z[fd]), 5)
            if done:
                b = done[0]
                spec = T.BOSSES[b - T.B0]
                fights = b in fighting
                a[block + 5] = clip(s.boss_dmg if fights else 0, ATTACK_CAP)
                a[block + 6] = clip(spec.per_player * n, ATTACK_CAP)
                j = self.t_boss[b]
                if j >= 0:
                    counted.append(o[f"boss_{colour}_id"] + j)
            if colour == "blue":
                counted += map(self.t_blue_rewards.__getitem__, z[show])
            else:
                counted += map(self.t_red_rewards.__getitem__, z[show])

    def write(self, view: Mapping[str, Any], seat: int, out: Out) -> None:
        n = view["players"]
        cards, monsters, locations = self.cards, self.monsters, self.locations
        out.one_hot("phase", self.phases.of(view["phase"]))
        mine = self.asked(view)
        if mine is not None:
            out.flag("to_move", True)
            out.one_hot("asked", self.kinds.of(mine["kind"]))
        out.value("round", view["round"], 8)
        out.flag("mode", view["difficulty"] == "apprentice", 0)
        out.flag("mode", view["difficulty"] == "guardian", 1)
        out.flag("mode", view["cooperative"], 2)
        keeper = view["timekeeper"]
        out.value("timekeeper", keeper["position"], len(keeper["track"]))
        out.one_hot("space", self.spaces.of(keeper["space"]))
        out.one_hot("trailblazer", self.rel(view["trailblazer"], seat, n))
        for i, s in enumerate(view["order"]):
            out.value("order", i + 1, self.max_players, (s - seat) % n)
        for loc in view["city"]:
            i = locations.index[loc["id"]]
            block = f"city.{i}"
            out.value(block, loc["symbols"], 3, 0)
            out.flag(block, loc["flipped"], 1)
            out.flag(block, loc["safe"], 2)
            out.value(block, loc["face_down"], 4, 3)
            out.value(block, loc["combined"], 40, 4)
            out.value(block, sum(x["damage"] for x in loc["monsters"]), 20, 5)
            out.count(f"city_monsters.{i}", monsters.all_of(loc["monsters"], "kind"), 2)
            out.count(f"city_forts.{i}", [(s - seat) % n for s in loc["forts"]])
            out.count(f"city_guardians.{i}", [(s - seat) % n for s in loc["guardians"]])
        self._bosses(view["bosses"], seat, n, out)
        fight = view["boss_fight"]
        out.one_hot("boss_fight", None if fight is None else COLOURS.index(fight))
        out.flag("waves", view["third_wave"], 0)
        out.value("waves", view["waves"]["second"], 40, 1)
        out.value("waves", view["waves"]["third"], 40, 2)
        out.count("retreat", monsters.all_of(view["retreat"], "kind"), 3)
        out.value("table", view["supply"], 40, 0)
        out.value("table", view["counters_on_mat"], 30, 1)
        out.count("trash", cards.all_of(view["trash"], "kind"), 8)
        out.count("revealed", cards.all_of(view["revealed"], "kind"), 4)
        for s in view["seats"]:
            self._seat(s, (s["seat"] - seat) % n, out)
            if "hand" in s:
                self._own(s, out)

    def _bosses(self, bosses: Mapping[str, Any], seat: int, n: int, out: Out) -> None:
        for colour in COLOURS:
            slot = bosses.get(colour)
            if slot is None:
                continue
            block = f"boss_{colour}"
            out.flag(block, slot["revealed"], 0)
            out.flag(block, slot["waiting"], 1)
            out.flag(block, slot.get("outcome") == "defeated", 2)
            out.flag(block, slot.get("outcome") == "survived", 3)
            out.value(block, slot["rewards_face_down"], 5, 4)
            boss = slot.get("boss")
            if boss is not None:
                out.value(block, boss.get("damage", 0), ATTACK_CAP, 5)
                out.value(block, boss["attack"], ATTACK_CAP, 6)
                out.one_hot(f"boss_{colour}_id", self.bosses.of(_slug(boss["id"])))
                for who, attack in boss.get("battlers", {}).items():
                    out.value(f"boss_{colour}_battlers", attack, ATTACK_CAP, (int(who) - seat) % n)
            vocab = self.cards if colour == "blue" else self.quests
            out.count(f"boss_{colour}_rewards", vocab.all_of(slot["rewards"], "kind"))

    def _seat(self, s: Mapping[str, Any], k: int, out: Out) -> None:
        cards = self.cards
        block = f"seat.{k}"
        out.flag(block, True, 0)
        for i, (key, cap) in enumerate(SEAT_COUNTS, start=1):
            out.value(block, s[key], cap, i)
        for key, cap in PUBLIC_CARDS:
            out.count(f"{key}.{k}", cards.all_of(s[key], "kind"), cap)
        by_name = self.by_name
        out.count(f"copies.{k}", [by_name[c] for c in s["copies"] if c in by_name], 2)
        out.count(f"trophies.{k}", self.monsters.all_of(s["trophies"], "kind"), 3)
        out.one_hot(f"fort.{k}", self.locations.of(s["fort"]))
        out.one_hot(f"location.{k}", self.locations.of(s["location"]))
        out.count(f"quests_shown.{k}", self.quests.all_of(s["quests_shown"], "kind"))

    def _own(self, s: Mapping[str, Any], out: Out) -> None:
        cards = self.cards
        for key, cap in OWN_CARDS:
            out.count(key, cards.all_of(s[key], "kind"), cap)
        out.count("quests", self.quests.all_of(s["quests"], "kind"))
        out.count("museum", self.monsters.all_of(s["museum"], "kind"))
        effects = [self.effects.of(e) for e in s["battle_effects"]]
        out.count("battle_effects", [i for i in effects if i is not None])

    def cooperative(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("cooperative", False))

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Random five-player games take under 500 answers; heuristic ones fewer.
        return 400 * players + 400


ENCODER = GuardiansEncoder
