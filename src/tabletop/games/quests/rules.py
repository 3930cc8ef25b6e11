"""Quests of the Librarian: the rules.

The turn has six phases (Fate, Initiative, Adventure, Action, Meld, End). Progress through a
phase lives in the state (`phase`, `sub`, `current`, `passes`, the Escape `chain`...), so the
game can stop at any decision, be saved, cloned or sent, and resume. Every rule the code
applies is named by a rule id (`quests.<section>.<rule>`) listed in docs/rules/quests.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from typing import Any

from tabletop.engine.decision import ActionSpace, Decision, Option
from tabletop.engine.events import DiceRolled, Event, GameEnded, PhaseStarted
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, Zones, ZoneSpec
from tabletop.games.quests.content import SUITS, Artifact, load

VERSION = "1.0"
LENGTHS = {"short": 3, "mid": 5, "long": 7, "full": 9}
HAND_LIMIT = 10
OPENING_HAND = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 8


@dataclass(frozen=True)
class QuestsOptions:
    """Options of a game of Quests of the Librarian."""

    length: str = field(
        default="short",
        metadata={
            "choices": tuple(LENGTHS),
            "help": "artifacts needed to win: short 3, mid 5, long 7, full 9",
        },
    )
    artifact_deck: str = field(
        default="all",
        metadata={
            "choices": ("all", "random18"),
            "help": "play with all 27 listed artifacts, or 18 drawn at random",
        },
    )
    turn_limit: int = field(
        default=150,
        metadata={
            "min": 0,
            "max": 100_000,
            "help": "end the game after this many turns (0: no limit); most artifacts wins",
        },
    )

    @property
    def target(self) -> int:
        return LENGTHS[self.length]


# -- static tables, built once from the content ---------------------------------------------
CONTENT = load()
ACTIONS = CONTENT.actions
ARTIFACTS = CONTENT.artifacts
NUM_ACTION = len(ACTIONS)
NUM_CARDS = NUM_ACTION + len(ARTIFACTS)
KNOWLEDGE, DANGER, TRAVEL, COMPANION, ESCAPE, FOE, PUZZLE, LOCATION = range(8)
ALL_SUITS_MASK = (1 << len(SUITS)) - 1

SUIT: tuple[int, ...] = tuple(SUITS.index(c.suit) for c in ACTIONS)
NAMES: tuple[str, ...] = tuple(c.name for c in ACTIONS) + tuple(a.name for a in ARTIFACTS)
SLUGS: tuple[str, ...] = tuple(c.slug for c in ACTIONS) + tuple(a.slug for a in ARTIFACTS)
POOLS: tuple[str, ...] = ("action",) * NUM_ACTION + ("artifact",) * len(ARTIFACTS)


def art(card: int) -> Artifact:
    return ARTIFACTS[card - NUM_ACTION]


def _art_cards(ability: str) -> dict[int, Artifact]:
    return {NUM_ACTION + i: a for i, a in enumerate(ARTIFACTS) if a.ability == ability}


FATE_BONUS = {c: a.amount for c, a in _art_cards("fate-bonus").items()}
HAND_BONUS = {c: a.amount for c, a in _art_cards("hand-size").items()}
OPPONENT_HAND = {c: a.amount for c, a in _art_cards("opponent-hand-size").items()}
FOE_IMMUNE = frozenset(_art_cards("foe-immunity"))
LIMITED: dict[int, tuple[int, ...]] = {
    c: tuple(SUITS.index(s) for s in a.suits) for c, a in _art_cards("limited-meld").items()
}
FLIP: dict[int, tuple[int, ...]] = {
    c: tuple(SUITS.index(s) for s in a.suits) for c, a in _art_cards("flip").items()
}
ACTION_ARTS: tuple[int, ...] = tuple(NUM_ACTION + i for i, a in enumerate(ARTIFACTS) if a.action)

# Suits whose card may be played in the Action phase, and the effect's rule id.
ACTION_PLAYS: dict[int, str] = {
    LOCATION: "quests.action.location",
    DANGER: "quests.action.danger",
    KNOWLEDGE: "quests.action.knowledge",
    FOE: "quests.action.foe",
    PUZZLE: "quests.action.puzzle",
}
NEEDS_TARGET = frozenset({LOCATION, DANGER, FOE, COMPANION})
KNOWLEDGE_LOOK = 7

PLAY_LABELS = {
    LOCATION: "Play a Location card: look at an opponent's hand",
    DANGER: "Play a Danger card: an opponent discards a random card",
    KNOWLEDGE: "Play a Knowledge card: look at the next 7 Action cards",
    FOE: "Play a Foe card: steal a random card from an opponent",
    PUZZLE: "Play a Puzzle card: draw the top Action card",
    TRAVEL: "Play a Travel card: +1 to your Initiative roll",
    COMPANION: "Play a Companion card: have a die re-rolled",
}


def _action_space() -> ActionSpace:
    entries: list[tuple[str, str]] = [("pass", "Pass")]
    for suit, label in PLAY_LABELS.items():
        entries.append((f"play:{SUITS[suit]}", label))
    entries.append(("escape", "Play an Escape card: negate that card"))
    entries += [(f"target:{p}", f"Target P{p + 1}") for p in range(MAX_PLAYERS)]
    entries += [(f"pick:{c.slug}", f"Take {c.name} ({c.suit.title()})") for c in ACTIONS]
    for c in ACTION_ARTS:
        entries.append((f"artifact:{art(c).slug}", f"Use {art(c).name}: {art(c).describe()}"))
    entries += [("keep", "Keep the card"), ("toss", "Discard the card")]
    entries += [(f"discard:{s}", f"Discard a {s.title()} card") for s in SUITS]
    entries.append(("meld", "Make a meld: one card of each suit"))
    entries.append(("hold", "Keep this artifact out of the meld"))
    entries += [(f"use-as:{s}", f"Use it as the {s.title()} card") for s in SUITS]
    return ActionSpace(entries)


ACTION_SPACE = _action_space()
_O = ACTION_SPACE.__getitem__
PASS = _O("pass")
PLAY = {suit: _O(f"play:{SUITS[suit]}") for suit in PLAY_LABELS}
ESCAPE_OPT = _O("escape")
TARGET = tuple(_O(f"target:{p}") for p in range(MAX_PLAYERS))
PICK = tuple(_O(f"pick:{c.slug}") for c in ACTIONS)
USE_ART = {c: _O(f"artifact:{art(c).slug}") for c in ACTION_ARTS}
KEEP, TOSS = _O("keep"), _O("toss")
DISCARD = tuple(_O(f"discard:{s}") for s in SUITS)
MELD = _O("meld")
HOLD = _O("hold")
USE_AS = tuple(_O(f"use-as:{s}") for s in SUITS)
PASS_ONLY = (PASS,)
WINDOW_PROMPT = {
    suit: f"A {name.title()} card was just played: negate it with an Escape card?"
    for suit, name in enumerate(SUITS)
}
PASS_OR_ESCAPE = (PASS, ESCAPE_OPT)

# zones
DECK, DISCARD_PILE, FATE, ADECK, PRIZE, BOX, REVEALED = range(7)
FIRST_HAND = 7


@cache
def layout(n: int) -> Layout:
    specs = [
        ZoneSpec("action-deck", HIDDEN, pool="action"),
        ZoneSpec("discard", PUBLIC),
        ZoneSpec("fate", PUBLIC),
        ZoneSpec("artifact-deck", HIDDEN, pool="artifact"),
        ZoneSpec("prize", PUBLIC),
        ZoneSpec("box", HIDDEN, pool="artifact"),
        ZoneSpec("revealed", PUBLIC),
    ]
    specs += [ZoneSpec(f"hand-{p}", PRIVATE, owner=p) for p in range(n)]
    specs += [ZoneSpec(f"library-{p}", PUBLIC) for p in range(n)]
    return Layout(specs, NAMES, SLUGS, POOLS, n)


def who(p: int) -> str:
    return f"P{p + 1}"


class QuestsState(State):
    __slots__ = (
        "chain",
        "contenders",
        "current",
        "leader",
        "limited_used",
        "meld_plan",
        "meld_todo",
        "passes",
        "phase",
        "played",
        "roller",
        "rolls",
        "sub",
        "turn",
        "used",
    )

    game_id = "quests"
    version = VERSION
    opts: QuestsOptions

    def __init__(self, num_players: int, seed: int, opts: QuestsOptions, log: bool) -> None:
        super().__init__(num_players, seed, opts, Zones(layout(num_players)), log)
        self.phase = "setup"
        self.sub = ""
        self.turn = 0
        self.leader = 0
        self.roller = 0  # who rolls the Fate die: the previous Leader (seat 0 on turn 1)
        self.current = 0
        self.passes = 0
        self.rolls = [0] * num_players
        self.contenders = 0  # bitmask of players still in the running for Leader
        self.used = 0  # bitmask over artifact cards: abilities used this Action phase
        self.limited_used = 0  # bitmask over artifact cards: Limited Melds spent this game
        # A card being played: (suit, player, target) with the chain of players who played
        # it and the Escapes against it.
        self.played: tuple[int, int, int] | None = None
        self.chain: tuple[int, ...] = ()
        self.meld_plan: tuple[tuple[int, int], ...] = ()  # (artifact card, suit) in a meld
        self.meld_todo: tuple[int, ...] = ()  # Limited Meld artifacts still to decide on
        self._setup()

    # -- set-up ----------------------------------------------------------------------------
    def _setup(self) -> None:
        z = self.zones
        z.cards[DECK] = list(range(NUM_ACTION))
        z.shuffle(DECK, self.rng)
        arts = list(range(NUM_ACTION, NUM_CARDS))
        self.rng.shuffle(arts)
        if self.opts.artifact_deck == "random18":
            z.cards[BOX] = arts[18:]
            arts = arts[:18]
            self.emit(Event("quests.setup.random18", "9 artifacts are set aside unseen"))
        z.cards[ADECK] = arts
        self.emit(Event("quests.setup.shuffle", "Both decks are shuffled"))
        for _ in range(OPENING_HAND):
            for p in range(self.num_players):
                self.move(
                    z.cards[DECK][-1],
                    DECK,
                    self.hand(p),
                    "quests.setup.deal",
                    f"{who(p)} is dealt a card",
                    f"{who(p)} is dealt {{card}}",
                )
        self._new_prize("quests.setup.prize")
        self._start_turn()

    # -- helpers -----------------------------------------------------------------------------
    def hand(self, p: int) -> int:
        return FIRST_HAND + p

    def library(self, p: int) -> int:
        return FIRST_HAND + self.num_players + p

    def owns(self, p: int, card: int) -> bool:
        return card in self.zones.cards[self.library(p)]

    def suit_count(self, p: int) -> list[int]:
        counts = [0] * 8
        for c in self.zones.cards[self.hand(p)]:
            counts[SUIT[c]] += 1
        return counts

    def _card_of_suit(self, p: int, suit: int) -> int:
        """The card a player gives up when playing a suit: suits are what matter, so the
        engine takes the lowest-numbered card of that suit (quests.interpret.card-of-suit)."""
        return min(c for c in self.zones.cards[self.hand(p)] if SUIT[c] == suit)

    def victory_value(self, p: int) -> int:
        """Artifacts toward victory: 1 each, 2 for a Bonus artifact while its owner holds
        another artifact of the named type (counting "also counts as")."""
        lib = self.zones.cards[self.library(p)]
        total = 0
        for c in lib:
            a = ARTIFACTS[c - NUM_ACTION]
            if a.ability == "bonus" and any(
                o != c and a.bonus_type in ARTIFACTS[o - NUM_ACTION].types for o in lib
            ):
                total += 2
            else:
                total += 1
        return total

    def hand_limit(self, p: int) -> int:
        limit = HAND_LIMIT
        for c in self.zones.cards[self.library(p)]:
            limit += HAND_BONUS.get(c, 0)
        for q in range(self.num_players):
            if q != p:
                for c in self.zones.cards[self.library(q)]:
                    limit += OPPONENT_HAND.get(c, 0)
        return limit

    def _draw_card(self, rule: str) -> int | None:
        """The top Action card, reshuffling the discard pile into a new deck when the deck is
        empty (quests.deck.reshuffle). None when both are empty."""
        z = self.zones
        if not z.cards[DECK]:
            if not z.cards[DISCARD_PILE]:
                return None
            for c in list(z.cards[DISCARD_PILE]):
                z.move(c, DISCARD_PILE, DECK)
            z.shuffle(DECK, self.rng)
            self.emit(
                Event("quests.deck.reshuffle", "The discard pile is shuffled into a new deck")
            )
        return z.cards[DECK][-1]

    def _next_player(self, p: int) -> int:
        return (p + 1) % self.num_players

    def _unused_limited(self, p: int) -> list[int]:
        return [
            c
            for c in self.zones.cards[self.library(p)]
            if c in LIMITED and not (self.limited_used >> (c - NUM_ACTION)) & 1
        ]

    def can_meld(
        self, p: int, plan: tuple[tuple[int, int], ...] = (), todo: list[int] | None = None
    ) -> bool:
        """Whether `p` can complete a meld given artifacts already placed (`plan`) and the
        Limited Meld artifacts still free to use (`todo`, default: all unused ones)."""
        have = 0
        for c in self.zones.cards[self.hand(p)]:
            have |= 1 << SUIT[c]
        for _, s in plan:
            have |= 1 << s
        missing = [s for s in range(8) if not (have >> s) & 1]
        if not missing:
            return True
        free = self._unused_limited(p) if todo is None else todo
        if len(missing) > len(free):
            return False
        for chosen in permutations(free, len(missing)):
            if all(s in LIMITED[c] for c, s in zip(chosen, missing, strict=True)):
                return True
        return False

    # -- turn structure ----------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.emit(PhaseStarted("quests.turn.phases", f"Turn {self.turn} begins", phase="fate"))
        self._fate()

    def _fate(self) -> None:
        self.phase = "fate"
        roll = self.rng.die()
        bonus = sum(a for c, a in FATE_BONUS.items() if self.owns(self.roller, c))
        fate = roll + self.num_players + bonus
        self.emit(
            DiceRolled(
                "quests.fate.roll",
                f"{who(self.roller)} rolls {roll} for Fate"
                + (f" (+{bonus} Spear of Destiny)" if bonus else "")
                + f": {fate} Fate cards",
                player=self.roller,
                value=roll,
            )
        )
        for turned in range(fate):
            card = self._draw_card("quests.fate.flip")
            if card is None:
                self.emit(
                    Event("quests.fate.flip", f"Only {turned} Action cards were left to turn over")
                )
                break
            self.move(card, DECK, FATE, "quests.fate.flip", "{card} is turned over as a Fate card")
        self._initiative(all_players=True)

    def _initiative(self, all_players: bool) -> None:
        self.phase = "initiative"
        if all_players:
            self.contenders = (1 << self.num_players) - 1
        for p in range(self.num_players):
            if (self.contenders >> p) & 1:
                self.rolls[p] = v = self.rng.die()
                self.emit(
                    DiceRolled(
                        "quests.initiative.roll",
                        f"{who(p)} rolls {v} for Initiative",
                        player=p,
                        value=v,
                    )
                )
        # Modifications go round the whole table from the Fate roller until every player passes
        # in a row: in a tie, those out of the running may still re-roll a tied die
        # (quests.interpret.initiative-tie).
        self.current = self.roller
        self.passes = 0
        self.sub = ""
        self._ask()

    def _initiative_done(self) -> None:
        contenders = [p for p in range(self.num_players) if (self.contenders >> p) & 1]
        best = max(self.rolls[p] for p in contenders)
        top = [p for p in contenders if self.rolls[p] == best]
        if len(top) > 1:
            self.contenders = sum(1 << p for p in top)
            self.emit(
                Event(
                    "quests.initiative.tie",
                    "Tie for Leader between "
                    + ", ".join(who(p) for p in top)
                    + ": they roll again",
                )
            )
            self._initiative(all_players=False)
            return
        self.leader = top[0]
        self.emit(Event("quests.initiative.leader", f"{who(self.leader)} is the Leader"))
        self.phase = "adventure"
        self.current = self.leader
        if not self.zones.cards[FATE]:
            # The Action deck and its discard pile were both empty: no Fate card to take.
            self.emit(Event("quests.adventure.no-fate", "There are no Fate cards to take"))
            self._start_action()
            return
        self._ask()

    def _from_leader(self, phase: str) -> None:
        """Open a phase played round the table from the Leader."""
        self.phase = phase
        self.sub = ""
        self.current = self.leader
        self.passes = 0

    def _start_action(self) -> None:
        self._from_leader("action")
        self.used = 0
        self.emit(PhaseStarted("quests.action.turns", "The Action phase begins", phase="action"))
        self._ask()

    def _start_meld(self) -> None:
        self._from_leader("meld")
        self._ask()

    def _start_end(self) -> None:
        self._from_leader("end")
        self._continue_end()

    def _end_turn(self) -> None:
        limit = self.opts.turn_limit
        if not self.zones.cards[PRIZE]:
            self._finish("quests.victory.artifact-deck-out", "the Artifact deck ran out")
        elif limit and self.turn >= limit:
            self._finish("quests.victory.turn-limit", f"the turn limit of {limit} was reached")
        else:
            self.roller = self.leader
            self._start_turn()

    def _finish(self, rule: str, reason: str, winner: int | None = None) -> None:
        values = tuple(self.victory_value(p) for p in range(self.num_players))
        if winner is None:
            # Most artifacts wins; a tie shares the win; nobody wins with none at all
            # (quests.interpret.game-end).
            best = max(values)
            winners = tuple(p for p in range(self.num_players) if best and values[p] == best)
        else:
            winners = (winner,)
        self.result = Result(
            tuple(float(v) for v in values),
            winners,
            reason,
            holdings=tuple(
                tuple(SLUGS[c] for c in self.zones.cards[self.library(p)])
                for p in range(self.num_players)
            ),
        )
        self._pending = None
        self.phase = "over"
        self.emit(
            GameEnded(
                rule,
                f"Game over ({reason}): "
                + (", ".join(who(p) for p in winners) + " wins" if winners else "nobody wins"),
                winners=winners,
            )
        )

    def _new_prize(self, rule: str) -> None:
        z = self.zones
        if z.cards[ADECK]:
            self.move(z.cards[ADECK][-1], ADECK, PRIZE, rule, "{card} is the new Prize")
        else:
            self.emit(Event(rule, "The Artifact deck is empty: there is no new Prize"))

    # -- asking ------------------------------------------------------------------------------
    def _ask(self) -> None:
        """Set `_pending` to the next decision for the current phase and step."""
        p = self.current
        phase, sub = self.phase, self.sub
        if sub == "window":
            self._ask_window()
        elif sub == "target":
            self._ask_target()
        elif phase == "initiative":
            counts = self.suit_count(p)
            opts = [PASS]
            if counts[TRAVEL] and (self.contenders >> p) & 1:  # +1 only to a die still rolling
                opts.append(PLAY[TRAVEL])
            if counts[COMPANION]:
                opts.append(PLAY[COMPANION])
            self._pending = Decision(
                (p,),
                "initiative",
                "Initiative: play a Travel or Companion card, or pass",
                tuple(opts),
                "quests.initiative.modify",
            )
        elif phase == "adventure":
            fate = self.zones.cards[FATE]
            self._pending = Decision(
                (p,),
                "adventure",
                "Take a Fate card",
                tuple(PICK[c] for c in sorted(fate)),
                "quests.adventure.pick",
            )
        elif phase == "action":
            if sub == "flip":
                self._pending = Decision(
                    (p,),
                    "flip-keep",
                    f"{who(p)}: keep {NAMES[self.zones.cards[REVEALED][-1]]}?",
                    (KEEP, TOSS),
                    "quests.artifact.flip",
                )
            elif sub == "swap":
                counts = self.suit_count(p)
                self._pending = Decision(
                    (p,),
                    "swap-discard",
                    f"{who(p)}: discard a card to draw one",
                    tuple(DISCARD[s] for s in range(8) if counts[s]),
                    "quests.artifact.book-of-solomon",
                )
            else:
                self._pending = Decision(
                    (p,),
                    "action",
                    "Play an Action card, use an artifact, or pass",
                    self._action_options(p),
                    "quests.action.turns",
                )
        elif phase == "meld":
            if sub == "limited":
                self._ask_limited()
            else:
                self._pending = Decision(
                    (p,),
                    "meld",
                    f"{who(p)}: make a meld for the Prize, {NAMES[self.zones.cards[PRIZE][-1]]}?",
                    (PASS, MELD) if self.can_meld(p) else PASS_ONLY,
                    "quests.meld.make",
                )
        elif phase == "end":
            counts = self.suit_count(p)
            over = sum(counts) - self.hand_limit(p)
            self._pending = Decision(
                (p,),
                "hand-limit",
                f"{who(p)}: your hand is over its limit by {over}; discard a card",
                tuple(DISCARD[s] for s in range(8) if counts[s]),
                "quests.end.hand-limit",
            )

    def _opponents_with_cards(self, p: int) -> list[int]:
        cards = self.zones.cards
        return [q for q in range(self.num_players) if q != p and cards[FIRST_HAND + q]]

    def _action_options(self, p: int) -> tuple[Option, ...]:
        z = self.zones
        counts = self.suit_count(p)
        targets = self._opponents_with_cards(p)
        deck_or_discard = bool(z.cards[DECK] or z.cards[DISCARD_PILE])
        opts = [PASS]
        if counts[LOCATION] and targets:
            opts.append(PLAY[LOCATION])
        if counts[DANGER] and targets:
            opts.append(PLAY[DANGER])
        if counts[KNOWLEDGE] and z.cards[DECK]:
            opts.append(PLAY[KNOWLEDGE])
        if counts[FOE] and self._foe_targets(p):
            opts.append(PLAY[FOE])
        if counts[PUZZLE] and deck_or_discard:
            opts.append(PLAY[PUZZLE])
        for c in z.cards[self.library(p)]:
            if c not in USE_ART or (self.used >> (c - NUM_ACTION)) & 1:
                continue
            ability = ARTIFACTS[c - NUM_ACTION].ability
            if (
                (ability == "flip" and deck_or_discard)
                or (ability == "look-artifact-deck" and z.cards[ADECK])
                or (ability == "look-hand" and targets)
                or (ability == "swap-card" and sum(counts) and deck_or_discard)
                or (ability == "look-action-deck" and z.cards[DECK])
            ):
                opts.append(USE_ART[c])
        return tuple(opts)

    def _foe_targets(self, p: int) -> list[int]:
        return [
            q for q in self._opponents_with_cards(p) if not any(self.owns(q, c) for c in FOE_IMMUNE)
        ]

    def _target_choices(self, suit: int, p: int) -> list[int]:
        if suit == COMPANION:
            return [q for q in range(self.num_players) if (self.contenders >> q) & 1]
        if suit == FOE:
            return self._foe_targets(p)
        return self._opponents_with_cards(p)

    def _ask_target(self) -> None:
        assert self.played is not None
        suit, p, _ = self.played
        verb = {
            COMPANION: "whose die is re-rolled",
            LOCATION: "whose hand you look at",
            DANGER: "who discards a random card",
            FOE: "whom you steal a random card from",
            -1: "whose hand you look at",
        }[suit]
        self._pending = Decision(
            (p,),
            "target",
            f"{who(p)}: choose {verb}",
            tuple(TARGET[q] for q in self._target_choices(suit if suit >= 0 else LOCATION, p)),
            "quests.action.target",
        )

    def _ask_window(self) -> None:
        """Everyone but the player of the last card may answer it with an Escape. All are
        asked, holders of an Escape or not, so the question itself reveals nothing."""
        last = self.chain[-1]
        players = tuple(q % self.num_players for q in range(last + 1, last + self.num_players))
        cards = self.zones.cards
        per = tuple(
            PASS_OR_ESCAPE if any(SUIT[c] == ESCAPE for c in cards[FIRST_HAND + q]) else PASS_ONLY
            for q in players
        )
        assert self.played is not None
        self._pending = Decision(
            players,
            "escape",
            WINDOW_PROMPT[self.played[0] if len(self.chain) == 1 else ESCAPE],
            PASS_OR_ESCAPE,
            "quests.escape.negate",
            simultaneous=True,
            per_player=per,
        )

    def _ask_limited(self) -> None:
        p = self.current
        c = self.meld_todo[0]
        covered = {s for _, s in self.meld_plan}
        rest = list(self.meld_todo[1:])
        opts = []
        if self.can_meld(p, self.meld_plan, rest):
            opts.append(HOLD)
        for s in LIMITED[c]:
            if s not in covered and self.can_meld(p, (*self.meld_plan, (c, s)), rest):
                opts.append(USE_AS[s])
        self._pending = Decision(
            (p,),
            "limited-meld",
            f"{who(p)}: use {NAMES[c]} (Limited Meld, once per game) in this meld?",
            tuple(opts),
            "quests.artifact.limited-meld",
        )

    # -- answering ---------------------------------------------------------------------------
    def _answer(self, decision: Decision, player: int, option: Option) -> None:
        oid = option.id
        phase, sub = self.phase, self.sub
        if sub == "target":
            assert self.played is not None
            suit, p, _ = self.played
            target = int(oid[7:])
            if suit < 0:  # Crystal Skull
                self._look_hand(p, target, "quests.artifact.crystal-skull")
                self.played = None
                self.sub = ""
                self._after_action_play()
                return
            self.played = (suit, p, target)
            self._open_window()
        elif phase == "initiative":
            if option is PASS:
                self._pass_initiative()
            elif option is PLAY[TRAVEL]:
                self._play_card(player, TRAVEL, -1)
            else:
                self._play_card(player, COMPANION, None)
        elif phase == "adventure":
            card = next(c for c in self.zones.cards[FATE] if PICK[c] is option)
            self.move(
                card,
                FATE,
                self.hand(player),
                "quests.adventure.pick",
                f"{who(player)} takes {{card}}",
            )
            if self.zones.cards[FATE]:
                self.current = self._next_player(player)
                self._ask()
            else:
                self._start_action()
        elif phase == "action":
            self._answer_action(player, option, sub)
        elif phase == "meld":
            self._answer_meld(player, option, sub)
        elif phase == "end":
            self._discard_suit(
                player, int(option.action - DISCARD[0].action), "quests.end.hand-limit"
            )
            self._continue_end()

    def _discard_suit(self, p: int, suit: int, rule: str) -> None:
        card = self._card_of_suit(p, suit)
        self.move(card, self.hand(p), DISCARD_PILE, rule, f"{who(p)} discards {{card}}")

    def _pass_initiative(self) -> None:
        self.passes += 1
        if self.passes >= self.num_players:
            self._initiative_done()
            return
        self._advance_initiative()

    def _advance_initiative(self) -> None:
        self.current = self._next_player(self.current)
        self._ask()

    def _play_card(self, p: int, suit: int, target: int | None) -> None:
        """`p` plays (discards) a card of `suit` for its ability. Target first if needed;
        then the Escape window opens."""
        card = self._card_of_suit(p, suit)
        self.move(
            card,
            self.hand(p),
            DISCARD_PILE,
            "quests.action.play",
            f"{who(p)} plays {{card}} ({SUITS[suit].title()})",
        )
        self.passes = 0
        if target is None:
            self.played = (suit, p, -1)
            self.chain = (p,)
            self.sub = "target"
            self._ask()
        else:
            self.played = (suit, p, target)
            self._open_window()

    def _open_window(self) -> None:
        assert self.played is not None
        self.chain = (self.played[1],)
        self.sub = "window"
        self._ask()

    def _answers(self, decision: Decision, answers: dict[int, Option]) -> None:
        """The Escape window closed. If several chose to Escape at once, the first of them in
        turn order after the last player plays it; the others keep their cards."""
        escaper = next((q for q in decision.players if answers[q] is ESCAPE_OPT), None)
        if escaper is not None:
            card = self._card_of_suit(escaper, ESCAPE)
            self.move(
                card,
                self.hand(escaper),
                DISCARD_PILE,
                "quests.escape.negate",
                f"{who(escaper)} plays {{card}} (Escape) to negate it",
            )
            self.chain = (*self.chain, escaper)
            self._ask()
            return
        assert self.played is not None
        suit, p, target = self.played
        negated = (len(self.chain) - 1) % 2 == 1
        self.chain = ()
        self.played = None
        self.sub = ""
        if negated:
            self.emit(
                Event("quests.escape.chain", f"{who(p)}'s {SUITS[suit].title()} card is negated")
            )
        else:
            self._resolve(suit, p, target)
        if self.phase == "initiative":
            self._advance_initiative()
        else:
            self._after_action_play()

    def _resolve(self, suit: int, p: int, target: int) -> None:
        z = self.zones
        if suit == TRAVEL:
            self.rolls[p] += 1
            self.emit(
                Event("quests.initiative.travel", f"{who(p)}'s Initiative is now {self.rolls[p]}")
            )
        elif suit == COMPANION:
            self.rolls[target] = v = self.rng.die()
            self.emit(
                DiceRolled(
                    "quests.initiative.companion",
                    f"{who(target)} re-rolls: {v}",
                    player=target,
                    value=v,
                )
            )
        elif suit == LOCATION:
            self._look_hand(p, target, "quests.action.location")
        elif suit == DANGER:
            hand = z.cards[self.hand(target)]
            if hand:
                card = hand[self.rng.below(len(hand))]
                self.move(
                    card,
                    self.hand(target),
                    DISCARD_PILE,
                    "quests.action.danger",
                    f"{who(target)} discards {{card}} at random",
                )
        elif suit == FOE:
            hand = z.cards[self.hand(target)]
            if hand:
                card = hand[self.rng.below(len(hand))]
                self.move(
                    card,
                    self.hand(target),
                    self.hand(p),
                    "quests.action.foe",
                    f"{who(p)} steals a card from {who(target)}",
                    f"{who(p)} steals {{card}} from {who(target)}",
                    witnesses=(1 << p) | (1 << target),
                )
        elif suit == KNOWLEDGE:
            self._look_deck(p, KNOWLEDGE_LOOK, "quests.action.knowledge")
        elif suit == PUZZLE:
            self._draw_to_hand(p, "quests.action.puzzle")

    def _look_hand(self, p: int, target: int, rule: str) -> None:
        cards = self.zones.cards[self.hand(target)]
        self.zones.learn(p, cards)
        self.emit(
            Event(
                rule,
                f"{who(p)} looks at {who(target)}'s hand",
                player=p,
                secret=f"{who(p)} looks at {who(target)}'s hand: "
                + ", ".join(NAMES[c] for c in sorted(cards)),
                seen_by=(1 << p) | (1 << target),
            )
        )

    def _look_deck(self, p: int, n: int, rule: str) -> None:
        """Look at the next `n` Action cards (fewer if the deck is shorter; a look does not
        reshuffle the discard pile: quests.interpret.look-short-deck)."""
        top = self.zones.cards[DECK][-n:]
        self.zones.learn(p, top)
        self.emit(
            Event(
                rule,
                f"{who(p)} looks at the next {len(top)} Action cards",
                player=p,
                secret=f"{who(p)} sees, from the top: "
                + ", ".join(NAMES[c] for c in reversed(top)),
                seen_by=1 << p,
            )
        )

    def _draw_to_hand(self, p: int, rule: str) -> None:
        card = self._draw_card(rule)
        if card is not None:
            self.move(
                card, DECK, self.hand(p), rule, f"{who(p)} draws a card", f"{who(p)} draws {{card}}"
            )

    def _after_action_play(self) -> None:
        self.current = self._next_player(self.current)
        self._ask()

    def _answer_action(self, p: int, option: Option, sub: str) -> None:
        z = self.zones
        if sub == "flip":
            card = z.cards[REVEALED][-1]
            if option is KEEP:
                self.move(
                    card, REVEALED, self.hand(p), "quests.artifact.flip", f"{who(p)} keeps {{card}}"
                )
            else:
                self.move(
                    card, REVEALED, DISCARD_PILE, "quests.artifact.flip", "{card} is discarded"
                )
            self.sub = ""
            self._after_action_play()
            return
        if sub == "swap":
            self._discard_suit(
                p, option.action - DISCARD[0].action, "quests.artifact.book-of-solomon"
            )
            self._draw_to_hand(p, "quests.artifact.book-of-solomon")
            self.sub = ""
            self._after_action_play()
            return
        if option is PASS:
            self.passes += 1
            if self.passes >= self.num_players:
                self._start_meld()
            else:
                self._after_action_play()
            return
        self.passes = 0
        for suit, opt in PLAY.items():
            if opt is option:
                self._play_card(p, suit, -1 if suit in (KNOWLEDGE, PUZZLE) else None)
                return
        card = next(c for c, o in USE_ART.items() if o is option)
        self.used |= 1 << (card - NUM_ACTION)
        a = ARTIFACTS[card - NUM_ACTION]
        self.emit(Event("quests.artifact.action", f"{who(p)} uses {a.name}", player=p))
        if a.ability == "flip":
            top = self._draw_card("quests.artifact.flip")
            assert top is not None
            self.move(top, DECK, REVEALED, "quests.artifact.flip", "{card} is turned over")
            if SUIT[top] in FLIP[card]:
                self.sub = "flip"
                self._ask()
            else:
                self.move(
                    top,
                    REVEALED,
                    DISCARD_PILE,
                    "quests.artifact.flip",
                    "{card} does not match and is discarded",
                )
                self._after_action_play()
        elif a.ability == "look-artifact-deck":
            top = z.cards[ADECK][-1]
            z.learn(p, [top])
            self.emit(
                Event(
                    "quests.artifact.hg-wells",
                    f"{who(p)} looks at the next artifact",
                    player=p,
                    secret=f"{who(p)} sees the next artifact: {NAMES[top]}",
                    seen_by=1 << p,
                )
            )
            self._after_action_play()
        elif a.ability == "look-hand":
            self.played = (-1, p, -1)
            self.sub = "target"
            self._ask()
        elif a.ability == "swap-card":
            self.sub = "swap"
            self._ask()
        else:  # look-action-deck
            self._look_deck(p, a.amount, "quests.artifact.tree-of-knowledge")
            self._after_action_play()

    def _answer_meld(self, p: int, option: Option, sub: str) -> None:
        if sub == "limited":
            c = self.meld_todo[0]
            if option is not HOLD:
                self.meld_plan = (*self.meld_plan, (c, option.action - USE_AS[0].action))
            self.meld_todo = self.meld_todo[1:]
            self._next_limited()
            return
        if option is PASS:
            self.passes += 1
            if self.passes >= self.num_players:
                self._start_end()
            else:
                self.current = self._next_player(p)
                self._ask()
            return
        self.meld_plan = ()
        self.meld_todo = tuple(self._unused_limited(p))
        self.sub = "limited"
        self._next_limited()

    def _next_limited(self) -> None:
        if self.meld_todo:
            self._ask()
        else:
            self._meld(self.current)

    def _meld(self, p: int) -> None:
        z = self.zones
        covered = {s for _, s in self.meld_plan}
        for c, s in self.meld_plan:
            self.limited_used |= 1 << (c - NUM_ACTION)
            self.emit(
                Event(
                    "quests.artifact.limited-meld",
                    f"{who(p)} uses {NAMES[c]} as the {SUITS[s].title()} card of the meld",
                )
            )
        for s in range(8):
            if s not in covered:
                self._discard_suit(p, s, "quests.meld.discard")
        self.meld_plan = ()
        self.meld_todo = ()
        prize = z.cards[PRIZE][-1]
        self.move(
            prize,
            PRIZE,
            self.library(p),
            "quests.meld.first-claims",
            f"{who(p)} melds and claims {{card}}",
        )
        value = self.victory_value(p)
        if value >= self.opts.target:
            self._finish("quests.victory.artifacts", f"{who(p)} holds {value} artifacts", winner=p)
            return
        self._new_prize("quests.meld.new-prize")
        self._start_end()

    def _continue_end(self) -> None:
        """Players discard down to their hand limit, from the Leader round the table."""
        start = self.current
        p = start
        while True:
            if len(self.zones.cards[self.hand(p)]) > self.hand_limit(p):
                self.current = p
                self._ask()
                return
            p = self._next_player(p)
            if p == self.leader:
                break
        self._end_turn()

    # -- kernel hooks ------------------------------------------------------------------------
    def _determinize(self, player: int, rng: Rng) -> None:
        # The pending decision's options may depend on re-dealt cards (who may Escape in a
        # window): ask it again from the re-dealt hands, so they are neither stale nor a leak.
        if self._pending is not None:
            self._ask()

    def _copy_game(self, new: QuestsState) -> None:
        new.phase = self.phase
        new.sub = self.sub
        new.turn = self.turn
        new.leader = self.leader
        new.roller = self.roller
        new.current = self.current
        new.passes = self.passes
        new.rolls = self.rolls[:]
        new.contenders = self.contenders
        new.used = self.used
        new.limited_used = self.limited_used
        new.played = self.played
        new.chain = self.chain
        new.meld_plan = self.meld_plan
        new.meld_todo = self.meld_todo

    def fingerprint(self) -> tuple[Any, ...]:
        return (
            self.phase,
            self.sub,
            self.turn,
            self.leader,
            self.roller,
            self.current,
            self.passes,
            tuple(self.rolls),
            self.contenders,
            self.used,
            self.limited_used,
            self.played,
            self.chain,
            self.meld_plan,
            self.meld_todo,
            tuple(tuple(z) for z in self.zones.cards),
            tuple(self.zones.known),
            self.rng.state,
            tuple(sorted((p, o.id) for p, o in self._answers_in.items())),
            self.result,
        )

    def _view(self, viewer: int | None) -> dict[str, Any]:
        z = self.zones

        def card(c: int) -> dict[str, Any]:
            if c < NUM_ACTION:
                return {"id": SLUGS[c], "name": NAMES[c], "suit": ACTIONS[c].suit}
            a = ARTIFACTS[c - NUM_ACTION]
            return {
                "id": a.slug,
                "name": a.name,
                "type": a.type,
                "ability": a.describe(),
                "spent": bool((self.limited_used >> (c - NUM_ACTION)) & 1)
                if c in LIMITED
                else False,
            }

        def known_in(zone: int) -> list[dict[str, Any]]:
            if viewer is None:
                return []
            cards = z.cards[zone]
            out = []
            for depth, c in enumerate(reversed(cards)):
                if (z.known[c] >> viewer) & 1:
                    out.append({"from_top": depth + 1, **card(c)})
            return out

        seats = []
        for p in range(self.num_players):
            hand = z.cards[self.hand(p)]
            seat: dict[str, Any] = {
                "seat": p,
                "name": who(p),
                "hand_size": len(hand),
                "hand_limit": self.hand_limit(p),
                "library": [card(c) for c in z.cards[self.library(p)]],
                "artifacts": self.victory_value(p),
                "initiative": self.rolls[p] if self.phase == "initiative" else None,
            }
            if viewer == p:
                seat["hand"] = [card(c) for c in sorted(hand, key=lambda c: (SUIT[c], c))]
            elif viewer is not None:
                seat["known"] = [card(c) for c in sorted(hand) if (z.known[c] >> viewer) & 1]
            seats.append(seat)
        played = None
        if self.played is not None and self.played[0] >= 0 and self.sub == "window":
            suit, p, target = self.played
            played = {
                "suit": SUITS[suit],
                "by": p,
                "target": target if target >= 0 else None,
                "escapes": list(self.chain[1:]),
            }
        return {
            "turn": self.turn,
            "phase": self.phase,
            "leader": self.leader,
            "artifacts_to_win": self.opts.target,
            "prize": card(z.cards[PRIZE][-1]) if z.cards[PRIZE] else None,
            "action_deck": len(z.cards[DECK]),
            "artifact_deck": len(z.cards[ADECK]),
            "discard": [card(c) for c in z.cards[DISCARD_PILE]],
            "fate": [card(c) for c in z.cards[FATE]],
            "revealed": [card(c) for c in z.cards[REVEALED]],
            "action_deck_known": known_in(DECK),
            "artifact_deck_known": known_in(ADECK),
            "playing": played,
            "seats": seats,
        }


def new_state(players: int, seed: int, opts: QuestsOptions, log: bool) -> QuestsState:
    return QuestsState(players, seed, opts, log)


__all__ = ["ACTION_SPACE", "SUITS", "QuestsOptions", "QuestsState", "Rng", "new_state"]
