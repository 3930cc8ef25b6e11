"""The observation encoder of Castle Von Loghan (`castle`), read from a `castle/1` view. The
group wins or loses together (every seat gets the team's reward), except in Co-op Competitive,
where the Agent with the most Data Shards wins alone.

Pieces (docs/rl.md has the table): the phase and the kind of question put to the observer, the
mode, board (Timeline) and Mission, the group's numbers (turn, Health, Clarity, Rage, combat
round, Lurking Enemies, the size of the line-up), the Leader, the group's room; per place of
the board the Random Event token's colour, whether it was Sneaked, the face the observer saw
when it peeked, Points of Interest and Story tokens; the Locked Doors; the fight's line-up (per
position the enemy, its Health, Damage, state, countdown and whether it is engaged; and a count
per enemy); the Event card; the revealed votes; the Allies; the P.O.D. and the Gob-li
Merchant's offer; the Story's hints, tallies, defeated enemies and its cards (next, active,
resolved); and per seat (relative to the observer) its numbers, Agent, room, Damage Types,
inventory by slot, exhausted Treasures, Upgrades, discard pile, Timing sequence (per Timing the
card, Negated, paid), Initiative card, target, trophies, killing blows by colour and, for the
observer only, its Contract by name.

Vocabularies come from the game's content (`cards.CONTENT`, the view schema `castle/1` and the
records' token kinds): Agents, combat cards, Treasures, enemies, Random Events, Allies,
Upgrades, Contracts, rooms, doors, Story cards, hints and Story counters. The decision kinds
are the list docs/views.md gives (the schema takes any dashed name): a new kind is left out
of `asked`, and the strict test says so.

`write_state` reads the same from the state directly (through the same writer, so the values
are equal to the last bit; tests/rl/test_rl_direct.py), never reading what the seat may not
see: deck orders, another seat's Contract, a Sneaked token's face it did not peek at
(`zones.can_see`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, get_args

from tabletop.engine.content import slugify
from tabletop.games.castle import cards as C
from tabletop.games.castle.items import combat_power, damage_types
from tabletop.games.castle.records import TOKENS, Step
from tabletop.rl.encoders import Array, DirectEncoder, Memo, Out, Vocab, clip
from tabletop.schemas.castle import (
    Colour,
    DamageType,
    EnemyState,
    EventColour,
    GameMode,
    Kind,
    Phase,
    SneakFace,
    Timeline,
)

KINDS = get_args(Kind)  # every decision kind the view schema allows
LETTERS = ("A", "B", "C", "D")
SLOTS = ("hand", "belt", "backpack", "")  # "": carried, not in a slot
FIGHT_CAP = 24  # line-up positions encoded one by one (the action space's `target:<n>`)
LINE_CAP = 10  # Timings encoded per Agent (more are rare: Combat Power, Overcharge)
TURN_CAP = 100
HEALTH_CAP = 50  # the group's Health (it has no cap; 12 + Agents at the start)
CLARITY_CAP = 10
AGENT_HEALTH_CAP = 20  # an Agent's own Health and Clarity in Unshackled
ENERGY_CAP = 20
POWER_CAP = 8
DECK_CAP = 40
ACC_CAP = 20  # Damage accumulated in a round
SHARD_CAP = 20
ENEMY_CAP = 30  # an enemy's Health and Damage
COUNTER_CAP = 10
GROUP_NUMBERS = 7  # turn, health, clarity, rage, combat round, lurking, line-up size
SEAT_NUMBERS = 15
FIGHT_NUMBERS = 4 + 4  # health, damage, countdown, engaged; state one-hot


def _content_params(effect: str, key: str) -> list[str]:
    """Every `key` parameter of the content's steps with that effect (hints, counters)."""
    found: dict[str, None] = {}

    def walk(x: Any) -> None:
        if isinstance(x, Step):
            if x.effect == effect and key in x.params:
                found[str(x.params[key])] = None
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        elif isinstance(x, tuple | list):
            for y in x:
                walk(y)
        elif isinstance(x, Mapping):
            for y in x.values():
                walk(y)

    walk(C.CONTENT)
    return sorted(found)


class CastleEncoder(DirectEncoder):
    game_id = "castle"

    def build(self) -> None:
        content = C.CONTENT
        self.phases = Vocab(get_args(Phase))
        self.kinds = Vocab(KINDS)
        self.modes = Vocab(get_args(GameMode))
        self.timelines = Vocab(get_args(Timeline))
        self.missions = Vocab(str(m) for m in C.MISSIONS)
        self.rooms = Vocab(C.ROOMS)
        self.doors = Vocab(d.id for b in content.boards for d in b.doors)
        self.event_colours = Vocab(get_args(EventColour))
        self.faces = Vocab(get_args(SneakFace))
        self.marks = Vocab(TOKENS)
        self.agents = Vocab(a.name for a in content.agents)
        self.combat_cards = Vocab(c.name for c in content.combat_cards)
        self.treasures = Vocab(t.slug for t in content.treasures)
        self.enemies = Vocab(slugify(e.name) for e in content.enemies)
        self.enemy_names = Vocab(e.name for e in content.enemies)
        self.events = Vocab(e.name for e in content.events)
        self.allies = Vocab(a.name for a in content.allies)
        self.upgrades = Vocab(u.name for u in content.upgrades)
        self.contracts = Vocab(c.name for c in content.deck("contract"))
        self.stories = Vocab(c.number for m in content.missions for c in m.cards)
        self.hints = Vocab(_content_params("hint", "hint"))
        self.states = Vocab(get_args(EnemyState))
        self.types = Vocab(get_args(DamageType))
        self.colours = Vocab(get_args(Colour))
        self.slot_names = Vocab(SLOTS)
        counters = _content_params("counter", "name")
        counters += ["turns-done", "moves", "out-of-enemies"]
        counters += [f"visited:{x}" for x in TOKENS]
        counters += [f"defeated-colour:{x}" for x in self.colours.names]
        self.counters = Vocab(counters)
        nr, ne, nt, ncc = (
            len(self.rooms),
            len(self.enemies),
            len(self.treasures),
            len(self.combat_cards),
        )
        m = self.max_players
        self.piece("phase", len(self.phases))
        self.piece("asked", len(self.kinds))
        self.piece("to_move", 1)
        self.piece("mode", len(self.modes))
        self.piece("timeline", len(self.timelines))
        self.piece("mission", len(self.missions))
        self.piece("group", GROUP_NUMBERS)
        self.piece("leader", m)
        self.piece("group_room", nr)
        for colour in self.event_colours.names:
            self.piece(f"room_token_{colour}", nr)
        self.piece("room_sneaked", nr)
        for face in self.faces.names:
            self.piece(f"room_seen_{face}", nr)
        self.piece("room_poi", nr)
        self.piece("room_marks", nr * len(self.marks))  # room r, mark k at r * marks + k
        self.piece("locked", len(self.doors))
        self.piece("fight_enemy", FIGHT_CAP * ne)  # position i, enemy e at i * enemies + e
        self.piece("fight_numbers", FIGHT_CAP * FIGHT_NUMBERS)
        self.piece("fight_count", ne)
        self.piece("event", len(self.events))
        self.piece("event_group", 1)
        self.piece("votes", m * len(LETTERS))  # relative seat k, letter x at k * 4 + x
        self.piece("allies", len(self.allies))
        self.piece("allies_exhausted", len(self.allies))
        self.piece("pod", nt)
        self.piece("merchant", nt)
        self.piece("hints", len(self.hints))
        self.piece("counters", len(self.counters))
        self.piece("defeated", ne)
        self.piece("story_next", len(self.stories))
        self.piece("story_active", len(self.stories))
        self.piece("story_done", len(self.stories))
        self.seats("seat", SEAT_NUMBERS)
        self.seats("agent", len(self.agents))
        self.seats("room", nr)
        self.seats("damage_types", len(self.types))
        self.seats("inventory", nt * len(SLOTS))  # treasure t, slot j at t * slots + j
        self.seats("exhausted", nt)
        self.seats("upgrades", len(self.upgrades))
        self.seats("discard", ncc)
        self.seats("line", LINE_CAP * ncc)  # Timing i, card c at i * cards + c
        self.seats("line_marks", LINE_CAP * 2)  # Timing i: negated at 2i, paid at 2i + 1
        self.seats("initiative", ncc)
        self.seats("target", ne)
        self.seats("trophies", ne)
        self.seats("blows", len(self.colours))
        self.seats("contract", len(self.contracts))

    # -- the reference: the view ---------------------------------------------------------------
    def write(self, view: Mapping[str, Any], seat: int, out: Out) -> None:
        n = view["players"]
        out.one_hot("phase", self.phases.of(view["phase"]))
        mine = self.asked(view)
        if mine is not None:
            out.flag("to_move", True)
            out.one_hot("asked", self.kinds.of(mine["kind"]))
        out.one_hot("mode", self.modes.of(view["mode"]))
        out.one_hot("timeline", self.timelines.of(view["timeline"]))
        mission = view["mission"]
        out.one_hot("mission", None if mission is None else self.missions.of(str(mission)))
        keys = ("turn", "health", "clarity", "rage", "combat_round", "lurking")
        self._group(out, (*(view[x] for x in keys), len(view["fight"])))
        out.one_hot("leader", self.rel(view["leader"], seat, n))
        out.one_hot("group_room", self.rooms.of(view["group_room"]))
        nm = len(self.marks)
        for r in view["rooms"]:
            i = self.rooms.of(r["id"])
            if i is None:
                continue
            if "token" in r:
                out.flag(f"room_token_{r['token']}", True, i)
            out.flag("room_sneaked", r.get("sneaked", False), i)
            if "seen" in r:
                out.flag(f"room_seen_{r['seen']}", True, i)
            out.flag("room_poi", r.get("poi", False), i)
            marks = [self.marks.of(x) for x in r.get("marks", ())]
            out.count("room_marks", [i * nm + k for k in marks if k is not None], 3)
        for d in view["doors"]:
            if d["locked"]:
                out.one_hot("locked", self.doors.of(d["id"]))
        ne = len(self.enemies)
        fight = view["fight"]
        for i, e in enumerate(fight[:FIGHT_CAP]):
            j = self.enemies.of(e["id"])
            if j is not None:
                out.flag("fight_enemy", True, i * ne + j)
            numbers = (e["health"], e["damage"], e.get("countdown", 0))
            self._enemy(out, i, numbers, e.get("engaged", False), e["state"])
        out.count("fight_count", self.enemies.all_of(fight), 4)
        event = view["event"]
        if event is not None:
            out.one_hot("event", self.events.of(event["name"]))
            out.flag("event_group", event["group"])
        for p, letter in enumerate(view["votes"]):
            if letter in LETTERS:
                out.flag("votes", True, ((p - seat) % n) * 4 + LETTERS.index(letter))
        for a in view["allies"]:
            out.one_hot("allies", self.allies.of(a["name"]))
            if a["exhausted"]:
                out.one_hot("allies_exhausted", self.allies.of(a["name"]))
        out.count("pod", self.treasures.all_of(view["pod"]), 2)
        out.count("merchant", self.treasures.all_of(view["merchant"]), 2)
        for h in view["hints"]:
            out.one_hot("hints", self.hints.of(h))
        self._counters(out, view["counters"], seat, n)
        story = view["story"]
        if story is not None:
            nxt = story["next"]
            if nxt is not None:
                out.one_hot("story_next", self.stories.of(nxt["number"]))
            for c in story["active"]:
                out.one_hot("story_active", self.stories.of(c["number"]))
            for number in story["done"]:
                out.one_hot("story_done", self.stories.of(number))
        for a in view["agents"]:
            self._agent(a, (a["seat"] - seat) % n, out)

    def _agent(self, a: Mapping[str, Any], k: int, out: Out) -> None:
        skills = a["skills"]
        contract = a.get("contract")
        held = len(contract) if isinstance(contract, list) else contract or 0
        flags = (a["leader"], a["overcharged"], skills[0]["cooldown"], skills[1]["cooldown"])
        keys = ("energy", "max_energy", "combat_power", "deck", "damage", "shards")
        values = (*(a[x] for x in keys), a.get("health"), a.get("clarity"), held)
        self._numbers(out, k, flags, (*values, int(a["target"] is not None)))
        out.one_hot(f"agent.{k}", self.agents.of(a["agent"]))
        out.one_hot(f"room.{k}", self.rooms.of(a["room"]))
        for x in a["damage_types"]:
            out.one_hot(f"damage_types.{k}", self.types.of(x))
        ns = len(SLOTS)
        inv = []
        for item in a["inventory"]:
            t = self.treasures.of(item["id"])
            if t is not None:
                inv.append(t * ns + SLOTS.index(item.get("slot", "")))
        out.count(f"inventory.{k}", inv, 2)
        out.count(
            f"exhausted.{k}",
            self.treasures.all_of(x for x in a["inventory"] if "exhausted" in x),
            2,
        )
        out.count(f"upgrades.{k}", self._names(self.upgrades, a["upgrades"]), 2)
        out.count(f"discard.{k}", self._names(self.combat_cards, a["discard"]), 4)
        nc = len(self.combat_cards)
        for i, c in enumerate(a["line"][:LINE_CAP]):
            j = self.combat_cards.of(c["name"])
            if j is not None:
                out.flag(f"line.{k}", True, i * nc + j)
            out.flag(f"line_marks.{k}", c.get("negated", False), 2 * i)
            out.flag(f"line_marks.{k}", c.get("paid", False), 2 * i + 1)
        out.count(f"initiative.{k}", self._names(self.combat_cards, a["initiative"]), 2)
        out.one_hot(f"target.{k}", self.enemies.of(a["target"]))
        out.count(f"trophies.{k}", self._names(self.enemy_names, a["trophies"]), 3)
        if isinstance(contract, list):
            for name in contract:
                out.one_hot(f"contract.{k}", self.contracts.of(name))

    @staticmethod
    def _names(vocab: Vocab, names: list[str]) -> list[int]:
        return [i for i in map(vocab.of, names) if i is not None]

    # -- shared writers: the view and the state give them the same values ------------------------
    # (cap, piece slot) of the group's numbers: turn, Health, Clarity, Rage, combat round,
    # Lurking Enemies, line-up size (None: not shown, as Health and Clarity in Unshackled)
    GROUP = (TURN_CAP, HEALTH_CAP, CLARITY_CAP, 10, 20, 8, FIGHT_CAP)

    def _group(self, out: Out, values: tuple[int | None, ...]) -> None:
        for i, (x, cap) in enumerate(zip(values, self.GROUP, strict=True)):
            if x is not None:
                out.value("group", x, cap, i)

    def _enemy(
        self, out: Out, i: int, numbers: tuple[int, int, int], engaged: bool, state: str
    ) -> None:
        """Line-up position i: Health, Damage, countdown, engaged, state."""
        base = i * FIGHT_NUMBERS
        health, damage, countdown = numbers
        out.value("fight_numbers", health, ENEMY_CAP, base)
        out.value("fight_numbers", damage, ENEMY_CAP, base + 1)
        out.value("fight_numbers", countdown, 5, base + 2)
        out.flag("fight_numbers", engaged, base + 3)
        j = self.states.of(state)
        if j is not None:
            out.flag("fight_numbers", True, base + 4 + j)

    def _counters(self, out: Out, counters: Mapping[str, int], seat: int, n: int) -> None:
        """The Story's tallies, enemies defeated by name and killing blows by seat and colour
        (other keys, such as a Story card's own bookkeeping, are left out)."""
        index = self.counters.index
        enemies = self.enemy_names.index
        colours = self.colours.index
        for key, x in counters.items():
            i = index.get(key)
            if i is not None:
                out.value("counters", x, COUNTER_CAP, i)
            elif key.startswith("defeated:"):
                j = enemies.get(key[9:])
                if j is not None:
                    out.value("defeated", x, 5, j)
            elif key.startswith("blows:"):
                p, _, colour = key[6:].partition(":")
                c = colours.get(colour)
                if c is not None and p.isdigit() and int(p) < n:
                    out.value(f"blows.{(int(p) - seat) % n}", x, 6, c)

    # caps of a seat's numbers after its flags (present, leader, overcharged, two cooldowns):
    # Energy, max Energy, Combat Power, deck, Damage this round, Data Shards, Health and Clarity
    # (Unshackled; None elsewhere), Contract cards, whether it targets an enemy
    SEAT: tuple[int, ...] = (ENERGY_CAP, ENERGY_CAP, POWER_CAP, DECK_CAP, ACC_CAP, SHARD_CAP)
    SEAT += (AGENT_HEALTH_CAP, CLARITY_CAP, 2, 1)

    def _numbers(
        self, out: Out, k: int, flags: tuple[bool, ...], values: tuple[int | None, ...]
    ) -> None:
        # (written straight into the array: what `Out.flag` and `Out.value` write)
        a = out.array
        base = self.offsets[f"seat.{k}"]
        a[base] = 1.0
        for i, on in enumerate(flags, start=1):
            if on:
                a[base + i] = 1.0
        for i, (x, cap) in enumerate(zip(values, self.SEAT, strict=True), start=5):
            if x is not None:
                a[base + i] = clip(x, cap)

    # -- the direct path: the state --------------------------------------------------------------
    def write_state(self, state: Any, seat: int, a: Array, memo: Memo | None) -> None:
        s = state
        out = Out(self.offsets, self.sizes, 0)
        out.array = a
        z = s.zones
        zc = z.cards
        t = s.t
        n = s.num_players
        out.one_hot("phase", self.phases.of(s.phase))
        d = s.pending
        if d is not None and seat in s.to_move():
            out.flag("to_move", True)
            out.one_hot("asked", self.kinds.of(d.kind_for(seat)))
        mode = s.opts.mode
        out.one_hot("mode", self.modes.of(mode))
        out.one_hot("timeline", self.timelines.of(s.timeline))
        if mode == "campaign":
            out.one_hot("mission", self.missions.of(str(s.opts.mission)))
        shared = s.mode.shared
        fight = zc[C.FIGHT]
        rnd = getattr(s.combat, "round", 0) if s.combat is not None else 0
        health, clarity = (s.health[0], s.clarity[0]) if shared else (None, None)
        self._group(out, (s.turn, health, clarity, s.rage, rnd, len(zc[C.LURKING]), len(fight)))
        out.one_hot("leader", (s.leader - seat) % n)
        out.one_hot("group_room", self.rooms.of(s.room[s.leader]))
        self._board(s, seat, out)
        ne = len(self.enemies)
        slugs = t.slugs
        for i, c in enumerate(fight[:FIGHT_CAP]):
            j = self.enemies.of(slugs[c])
            if j is not None:
                out.flag("fight_enemy", True, i * ne + j)
            numbers = (t.records[c].health, s.edamage.get(c, 0), s.ecount.get(c, 0))
            self._enemy(out, i, numbers, c in s.engaged, s.estate.get(c, "active"))
        out.count("fight_count", self._names(self.enemies, [slugs[c] for c in fight]), 4)
        ev = zc[C.EVENT_ZONE]
        if ev:
            rec = t.records[ev[-1]]
            out.one_hot("event", self.events.of(rec.name))
            out.flag("event_group", rec.group)
        for p, letter in enumerate(s.votes):
            if letter in LETTERS:
                out.flag("votes", True, ((p - seat) % n) * 4 + LETTERS.index(letter))
        for c in zc[C.ALLIES]:
            out.one_hot("allies", self.allies.of(t.names[c]))
            if c in s.exhausted:
                out.one_hot("allies_exhausted", self.allies.of(t.names[c]))
        out.count("pod", self._names(self.treasures, [slugs[c] for c in zc[C.POD]]), 2)
        out.count("merchant", self._names(self.treasures, [slugs[c] for c in zc[C.MERCHANT]]), 2)
        for h in s.hints:
            out.one_hot("hints", self.hints.of(h))
        self._counters(out, dict(sorted(s.counters.items())), seat, n)
        if mode == "campaign":
            self._story_state(s, out)
        for p in range(n):
            self._agent_state(s, p, (p - seat) % n, p == seat, out)

    def _board(self, s: Any, seat: int, out: Out) -> None:
        """The places (tokens, Sneaked, seen faces, Points of Interest, Story tokens) and the
        Locked Doors, as the view's `rooms` and `doors` show them."""
        z = s.zones
        zc = z.cards
        t = s.t
        a = out.array
        nm = len(self.marks)
        rooms, poi, doors = self._board_places(s.board)
        sneaked = s.sneaked
        sneak_at = self.offsets["room_sneaked"]
        for i, zi, rid in rooms:
            tokens = zc[zi]
            if tokens:
                tok = tokens[-1]
                out.flag(f"room_token_{t.pools[tok].removeprefix('token-')}", True, i)
                if rid in sneaked:
                    a[sneak_at + i] = 1.0
                if z.can_see(seat, zi, tok):
                    out.flag(f"room_seen_{t.records[tok].sneak}", True, i)
        a[poi] = 1.0
        if s.marks:
            for i, _, rid in rooms:
                here = s.marks.get(rid)
                if here:
                    marks = [self.marks.of(x) for x in here]
                    out.count("room_marks", [i * nm + k for k in marks if k is not None], 3)
        locked = s.locked
        if locked:
            for did, j in doors:
                if did in locked:
                    out.one_hot("locked", j)

    def _board_places(
        self, board: Any
    ) -> tuple[list[tuple[int, int, str]], list[int], list[tuple[str, int | None]]]:
        """A board's rooms in the vocabulary (index, zone, id), the places of its Points of
        Interest and its doors (id, index): made once per board."""
        cache: dict[int, tuple[Any, Any]] = self.__dict__.setdefault("_boards", {})
        got = cache.get(id(board))
        if got is not None and got[0] is board:
            return got[1]  # type: ignore[no-any-return]
        rooms = []
        poi = []
        for r in board.rooms:
            i = self.rooms.of(r.id)
            if i is not None:
                rooms.append((i, C.ROOM_ZONE[r.id], r.id))
                if r.poi:
                    poi.append(self.offsets["room_poi"] + i)
        doors = [(d.id, self.doors.of(d.id)) for d in board.doors]
        cache[id(board)] = (board, (rooms, poi, doors))
        return rooms, poi, doors

    def _story_state(self, s: Any, out: Out) -> None:
        from tabletop.games.castle.story import in_deck

        cards = C.CONTENT.mission(s.opts.mission).cards
        if s.story < len(cards):
            out.one_hot("story_next", self.stories.of(cards[s.story].number))
        done = s.done
        for c in cards:
            if c.number not in done and (
                c.kind in ("poi", "mission") or (c.kind == "locked" and not in_deck(c))
            ):
                out.one_hot("story_active", self.stories.of(c.number))
        for number in sorted(done):
            out.one_hot("story_done", self.stories.of(number))

    def _agent_state(self, s: Any, p: int, k: int, own: bool, out: Out) -> None:
        zc = s.zones.cards
        t = s.t
        names, slugs = t.names, t.slugs
        cooldown = s.cooldown
        unshackled = not s.mode.shared
        contract = zc[C.zone(p, C.CONTRACT_ZONE)] if s.mode.contracts else []
        flags = (p == s.leader, *(f"{p}:{i}" in cooldown for i in (2, 0, 1)))
        deck = len(zc[C.zone(p, C.DECK)])
        values = (s.energy[p], s.max_energy(p), combat_power(s, p), deck, s.acc[p], s.shards[p])
        own_hc = (s.health[p], s.clarity[p]) if unshackled else (None, None)
        self._numbers(out, k, flags, (*values, *own_hc, len(contract), int(s.target[p] >= 0)))
        out.one_hot(f"agent.{k}", self.agents.of(t.agents[p]))
        out.one_hot(f"room.{k}", self.rooms.of(s.room[p]))
        for x in sorted(damage_types(s, p)):
            out.one_hot(f"damage_types.{k}", self.types.of(x))
        ns = len(SLOTS)
        inv = []
        tired = []
        slots = s.slots
        for c in s.inventory(p):
            i = self.treasures.of(slugs[c])
            if i is not None:
                inv.append(i * ns + SLOTS.index(slots.get(c, "")))
                if c in s.exhausted:
                    tired.append(i)
        out.count(f"inventory.{k}", inv, 2)
        out.count(f"exhausted.{k}", tired, 2)
        upgrades = [names[c] for c in zc[C.zone(p, C.UPGRADES)]]
        out.count(f"upgrades.{k}", self._names(self.upgrades, upgrades), 2)
        discard = [names[c] for c in zc[C.zone(p, C.DISCARD)]]
        out.count(f"discard.{k}", self._names(self.combat_cards, discard), 4)
        nc = len(self.combat_cards)
        for i, c in enumerate(zc[C.zone(p, C.LINE)][:LINE_CAP]):
            j = self.combat_cards.of(names[c])
            if j is not None:
                out.flag(f"line.{k}", True, i * nc + j)
            out.flag(f"line_marks.{k}", c in s.negated, 2 * i)
            out.flag(f"line_marks.{k}", c in s.paid, 2 * i + 1)
        initiative = [names[c] for c in zc[C.zone(p, C.INITIATIVE)]]
        out.count(f"initiative.{k}", self._names(self.combat_cards, initiative), 2)
        if s.target[p] >= 0:
            out.one_hot(f"target.{k}", self.enemies.of(slugs[s.target[p]]))
        trophies = [names[c] for c in zc[C.zone(p, C.TROPHIES)]]
        out.count(f"trophies.{k}", self._names(self.enemy_names, trophies), 3)
        if own:
            for c in contract:
                out.one_hot(f"contract.{k}", self.contracts.of(names[c]))

    def cooperative(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("mode", "exploration") != "coop-competitive")

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        # Heuristic games of 4 to 8 Agents take under 1,700 answers.
        return 600 * players + 2000


ENCODER = CastleEncoder
