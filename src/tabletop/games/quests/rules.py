"""Quests of the Librarian: the state, its set-up and what it knows (what it shows: `view.py`).

The turn (Fate, Initiative, Adventure, Action, Meld, End) is a declared procedure of steps on
the kernel's flow stack (`steps.py`); artifact abilities have one handler each
(`artifacts.py`). Every rule the code applies is named by a rule id
(`quests.<section>.<rule>`) listed in docs/rules/quests.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from typing import Any, NamedTuple

from tabletop.engine.decision import ActionSpace, Option
from tabletop.engine.events import Event, GameEnded
from tabletop.engine.fields import LIST, SHARED, VALUE, declare
from tabletop.engine.flow import all_answered, answered, ask_again, settle, top
from tabletop.engine.patch import Patch
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.engine.zones import HIDDEN, PRIVATE, PUBLIC, Layout, Zones, ZoneSpec
from tabletop.games.quests.content import SUITS, Artifact, load
from tabletop.games.quests.tables import SHIPPED, tables

VERSION = "1.1"  # 1.1: any player re-rolls a tied die; states as flow steps
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
# (the shipped content's; a game's rules read its own content's through `state.t`, tables.py)
CONTENT = load()
ACTIONS = CONTENT.actions
ARTIFACTS = CONTENT.artifacts
NUM_ACTION = len(ACTIONS)
NUM_CARDS = NUM_ACTION + len(ARTIFACTS)
KNOWLEDGE, DANGER, TRAVEL, COMPANION, ESCAPE, FOE, PUZZLE, LOCATION = range(8)
ALL_SUITS_MASK = (1 << len(SUITS)) - 1

SUIT: tuple[int, ...] = SHIPPED.suit
NAMES: tuple[str, ...] = tuple(c.name for c in ACTIONS) + tuple(a.name for a in ARTIFACTS)
SLUGS: tuple[str, ...] = tuple(c.slug for c in ACTIONS) + tuple(a.slug for a in ARTIFACTS)
POOLS: tuple[str, ...] = ("action",) * NUM_ACTION + ("artifact",) * len(ARTIFACTS)


def a_card(suit: str) -> str:
    """'a Danger card', 'an Escape card'."""
    return f"{'an' if suit[0] in 'aeiou' else 'a'} {suit.title()} card"


def cards_word(n: int, noun: str) -> str:
    """'1 Action card', '7 Action cards'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


art = SHIPPED.art
FATE_BONUS = SHIPPED.fate_bonus
HAND_BONUS = SHIPPED.hand_bonus
OPPONENT_HAND = SHIPPED.opponent_hand
FOE_IMMUNE = SHIPPED.foe_immune
LIMITED = SHIPPED.limited
FLIP = SHIPPED.flip
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
    """Every option there can be, each with what it stands for (`Option.arg`): the suit
    played, discarded or stood for, the seat targeted, the card taken, the artifact used."""
    entries: list[tuple[str, str, Any]] = [("pass", "Pass", None)]
    for suit, label in PLAY_LABELS.items():
        entries.append((f"play:{SUITS[suit]}", label, suit))
    entries.append(("escape", "Play an Escape card: negate that card", ESCAPE))
    entries += [(f"target:{p}", f"Target P{p + 1}", p) for p in range(MAX_PLAYERS)]
    entries += [
        (f"pick:{c.slug}", f"Take {c.name} ({c.suit.title()})", i) for i, c in enumerate(ACTIONS)
    ]
    for c in ACTION_ARTS:
        entries.append((f"artifact:{art(c).slug}", f"Use {art(c).name}: {art(c).describe()}", c))
    entries += [("keep", "Keep the card", None), ("toss", "Discard the card", None)]
    entries += [(f"discard:{s}", f"Discard {a_card(s)}", i) for i, s in enumerate(SUITS)]
    entries.append(("meld", "Make a meld: one card of each suit", None))
    entries.append(("hold", "Keep this artifact out of the meld", None))
    entries += [(f"use-as:{s}", f"Use it as the {s.title()} card", i) for i, s in enumerate(SUITS)]
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
    suit: f"{a_card(name).replace('a', 'A', 1)} was just played: negate it with an Escape card?"
    for suit, name in enumerate(SUITS)
}
PASS_OR_ESCAPE = (PASS, ESCAPE_OPT)

# The log texts of the commonest moves, made once (not at every move, log or no log).
SEATS = [f"P{p + 1}" for p in range(MAX_PLAYERS)]
PLAYS_TEXT = [[f"{w} plays {{card}} ({s.title()})" for s in SUITS] for w in SEATS]
ESCAPES_TEXT = [f"{w} plays {{card}} (Escape) to negate it" for w in SEATS]
TAKES_TEXT = [f"{w} takes {{card}}" for w in SEATS]
DISCARDS_TEXT = [f"{w} discards {{card}}" for w in SEATS]

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


class OnePlayer(NamedTuple):
    """The data of a step that concerns one player (steps.py and artifacts.py build on it)."""

    player: int


def who(p: int) -> str:
    return f"P{p + 1}"


class QuestsState(State):
    __slots__ = declare(
        phase=VALUE,  # the phase now, for views and bots (the steps drive the play)
        turn=VALUE,
        leader=VALUE,
        roller=VALUE,  # who rolls the Fate die: the previous Leader (seat 0 on turn 1)
        rolls=LIST,  # Initiative rolls this turn
        contenders=VALUE,  # bitmask of players still in the running for Leader
        used=VALUE,  # bitmask over artifact cards: abilities used this Action phase
        limited_used=VALUE,  # bitmask over artifact cards: Limited Melds spent this game
        t=SHARED,  # the tables of the content played with (tables.py)
    )

    game_id = "quests"
    version = VERSION
    opts: QuestsOptions

    def __init__(
        self,
        num_players: int,
        seed: int,
        opts: QuestsOptions,
        log: bool,
        patch: Patch | None = None,
    ) -> None:
        super().__init__(num_players, seed, opts, Zones(layout(num_players)), log)
        self.patch = patch
        self.t = tables(patch)
        self.phase = "setup"
        self.turn = 0
        self.leader = 0
        self.roller = 0
        self.rolls = [0] * num_players
        self.contenders = 0
        self.used = 0
        self.limited_used = 0
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
            if self.log is not None:
                self.emit(Event("quests.setup.random18", "9 artifacts are set aside unseen"))
        z.cards[ADECK] = arts
        if self.log is not None:
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

    def _start_turn(self) -> None:
        _steps.start_turn(self)
        settle(self)

    # -- helpers -----------------------------------------------------------------------------
    def art(self, card: int) -> Artifact:
        return self.t.artifacts[card - NUM_ACTION]

    @property
    def played(self) -> tuple[int, int, int] | None:
        """The card being played, (suit, player, target), while its target is chosen (target
        -1; suit -1 for the Crystal Skull) or its Escape window is open."""
        step = top(self)
        if type(step) is _steps.Escape:
            return step.about
        if type(step) is _steps.Target:
            return (step.suit, step.player, -1)
        return None

    @property
    def chain(self) -> tuple[int, ...]:
        """In an Escape window: who played the card, then who escaped, in order."""
        step = top(self)
        return step.chain if type(step) is _steps.Escape else ()

    def hand(self, p: int) -> int:
        return FIRST_HAND + p

    def library(self, p: int) -> int:
        return FIRST_HAND + self.num_players + p

    def owns(self, p: int, card: int) -> bool:
        return card in self.zones.cards[self.library(p)]

    def suit_count(self, p: int) -> list[int]:
        counts = [0] * 8
        suit = self.t.suit
        for c in self.zones.cards[FIRST_HAND + p]:
            counts[suit[c]] += 1
        return counts

    def _card_of_suit(self, p: int, suit: int) -> int:
        """The card a player gives up when playing a suit: suits are what matter, so the
        engine takes the lowest-numbered card of that suit (quests.interpret.card-of-suit)."""
        table = self.t.suit
        return min(c for c in self.zones.cards[self.hand(p)] if table[c] == suit)

    def victory_value(self, p: int) -> int:
        """Artifacts toward victory: 1 each, 2 for a Bonus artifact while its owner holds
        another artifact of the named type (counting "also counts as")."""
        lib = self.zones.cards[self.library(p)]
        arts = self.t.artifacts
        total = 0
        for c in lib:
            a = arts[c - NUM_ACTION]
            if a.ability == "bonus" and any(
                o != c and a.bonus_type in arts[o - NUM_ACTION].types for o in lib
            ):
                total += 2
            else:
                total += 1
        return total

    def hand_limit(self, p: int) -> int:
        limit = HAND_LIMIT
        for c in self.zones.cards[self.library(p)]:
            limit += self.t.hand_bonus.get(c, 0)
        for q in range(self.num_players):
            if q != p:
                for c in self.zones.cards[self.library(q)]:
                    limit += self.t.opponent_hand.get(c, 0)
        return limit

    def _draw_card(self, rule: str) -> int | None:
        """The top Action card, reshuffling the discard pile into a new deck when the deck is
        empty (quests.deck.reshuffle). None when both are empty."""
        z = self.zones
        if not z.cards[DECK]:
            if not z.cards[DISCARD_PILE]:
                return None
            z.move_all(DISCARD_PILE, DECK)
            z.shuffle(DECK, self.rng)
            if self.log is not None:
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
            if c in self.t.limited and not (self.limited_used >> (c - NUM_ACTION)) & 1
        ]

    def can_meld(
        self, p: int, plan: tuple[tuple[int, int], ...] = (), todo: list[int] | None = None
    ) -> bool:
        """Whether `p` can complete a meld given artifacts already placed (`plan`) and the
        Limited Meld artifacts still free to use (`todo`, default: all unused ones)."""
        have = 0
        suit = self.t.suit
        for c in self.zones.cards[self.hand(p)]:
            have |= 1 << suit[c]
        for _, s in plan:
            have |= 1 << s
        missing = [s for s in range(8) if not (have >> s) & 1]
        if not missing:
            return True
        free = self._unused_limited(p) if todo is None else todo
        if len(missing) > len(free):
            return False
        for chosen in permutations(free, len(missing)):
            if all(s in self.t.limited[c] for c, s in zip(chosen, missing, strict=True)):
                return True
        return False

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
        self.flow.clear()  # nothing of the turn is left to do
        self.phase = "over"
        if self.log is not None:
            self.emit(
                GameEnded(
                    rule,
                    f"Game over ({reason}): "
                    + (", ".join(who(p) for p in winners) + " wins" if winners else "nobody wins"),
                    winners=winners,
                )
            )

    def _new_prize(self, rule: str, said: str = "") -> None:
        """Turn up the next Prize; `said` leads the log line (what the last meld won)."""
        z = self.zones
        if z.cards[ADECK]:
            self.move(z.cards[ADECK][-1], ADECK, PRIZE, rule, said + "{card} is the new Prize")
        else:
            if self.log is not None:
                said += "the Artifact deck is empty: there is no new Prize"
                self.emit(Event(rule, said[0].upper() + said[1:]))

    def _opponents_with_cards(self, p: int) -> list[int]:
        cards = self.zones.cards
        return [q for q in range(self.num_players) if q != p and cards[FIRST_HAND + q]]

    def _action_options(self, p: int) -> tuple[Option, ...]:
        z = self.zones
        cards = z.cards
        counts = self.suit_count(p)
        targets = any(cards[FIRST_HAND + q] for q in range(self.num_players) if q != p)
        deck_or_discard = bool(cards[DECK] or cards[DISCARD_PILE])
        # (every menu lists the suits in one order: their order in SUITS)
        opts = [PASS]
        if counts[KNOWLEDGE] and cards[DECK]:
            opts.append(PLAY[KNOWLEDGE])
        if counts[DANGER] and targets:
            opts.append(PLAY[DANGER])
        if counts[FOE] and self._foe_targets(p):
            opts.append(PLAY[FOE])
        if counts[PUZZLE] and deck_or_discard:
            opts.append(PLAY[PUZZLE])
        if counts[LOCATION] and targets:
            opts.append(PLAY[LOCATION])
        for c in z.cards[self.library(p)]:
            if c not in USE_ART or (self.used >> (c - NUM_ACTION)) & 1:
                continue
            ability = self.t.artifacts[c - NUM_ACTION].ability
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
        cards = self.zones.cards
        first_library = FIRST_HAND + self.num_players
        return [
            q
            for q in self._opponents_with_cards(p)
            if self.t.foe_immune.isdisjoint(cards[first_library + q])
        ]

    def _target_choices(self, suit: int, p: int) -> list[int]:
        if suit == COMPANION:
            return [q for q in range(self.num_players) if (self.contenders >> q) & 1]
        if suit == FOE:
            return self._foe_targets(p)
        return self._opponents_with_cards(p)

    # -- effects the steps share -------------------------------------------------------
    def _discard_suit(self, p: int, suit: int, rule: str) -> None:
        card = self._card_of_suit(p, suit)
        self.move(card, FIRST_HAND + p, DISCARD_PILE, rule, DISCARDS_TEXT[p])

    def _look_hand(self, p: int, target: int, rule: str) -> None:
        cards = self.zones.cards[self.hand(target)]
        self.zones.learn(p, cards)
        if self.log is not None:
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
        if self.log is not None:
            self.emit(
                Event(
                    rule,
                    f"{who(p)} looks at the next {cards_word(len(top), 'Action card')}",
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

    # -- kernel hooks ------------------------------------------------------------------------
    _answer = answered  # the question on top of the flow stack takes the answer
    _answers = all_answered

    def _determinize(self, player: int, rng: Rng) -> None:
        # The pending decision's options may depend on re-dealt cards (who may Escape in a
        # window): ask it again from the re-dealt hands, so they are neither stale nor a leak.
        self._ask()

    def _ask(self) -> None:
        """Ask the question on top of the stack again (its cards were re-dealt or rigged)."""
        ask_again(self)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        from tabletop.games.quests.view import view

        return view(self, viewer)


def new_state(players: int, seed: int, opts: QuestsOptions, log: bool) -> QuestsState:
    return QuestsState(players, seed, opts, log)


def new_patched(
    players: int, seed: int, opts: QuestsOptions, log: bool, patch: Patch
) -> QuestsState:
    """A game on the content under `patch` (tables.py says what a patch may change)."""
    return QuestsState(players, seed, opts, log, patch)


__all__ = ["ACTION_SPACE", "SUITS", "QuestsOptions", "QuestsState", "Rng", "new_state"]

# The steps read this module's tables and state class; loaded last, once those exist.
from tabletop.games.quests import steps as _steps  # noqa: E402
