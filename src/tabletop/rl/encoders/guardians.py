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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from tabletop.engine.texts import all_cards
from tabletop.rl.encoders import Encoder, Out, Vocab, card_vocab
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
ATTACK_CAP = 60  # boss attack and damage
COLOURS = ("blue", "red")


def _slug(instance_id: str) -> str:
    """`patient-zero-1` -> `patient-zero` (a physical copy's id less its number)."""
    base, _, number = instance_id.rpartition("-")
    return base if number.isdigit() else instance_id


class GuardiansEncoder(Encoder):
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
