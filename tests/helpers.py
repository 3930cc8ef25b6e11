"""Shared test helpers: rigged dice, hand-built Quests states, choosing options by id or label,
driving games with agents, and the hidden-information checks the conformance battery uses.

A hand-built Quests state starts from `new_game`, then has its zones re-dealt to chosen cards
(keeping every card in exactly one zone) and its RNG swapped for a `ScriptedRng` that returns
chosen dice, before the turn is (re)started. Tests then play forward by choosing options.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from tabletop.agents import make_agent
from tabletop.engine import new_game
from tabletop.engine.decision import Option
from tabletop.engine.events import CardMoved
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.engine.zones import PUBLIC
from tabletop.games.quests import rules as R

# -- dice ----------------------------------------------------------------------------------


class ScriptedRng(Rng):
    """An Rng that returns scripted dice (`die`) and scripted picks (`below`, as used for a
    random card from a hand) while its scripts last, then falls back to the seeded stream.
    Shuffles always use the seeded stream, so scripts only cover dice and random picks."""

    def __init__(self, dice: Iterable[int] = (), belows: Iterable[int] = (), seed: int = 0):
        super().__init__(seed)
        self.dice = list(dice)
        self.belows = list(belows)
        self.dice_used = 0

    def die(self, sides: int = 6) -> int:
        if self.dice:
            v = self.dice.pop(0)
            assert 1 <= v <= sides, f"scripted die {v} is not a d{sides} face"
            self.dice_used += 1
            return v
        return Rng.below(self, sides) + 1

    def below(self, n: int) -> int:
        if self.belows:
            v = self.belows.pop(0)
            assert 0 <= v < n, f"scripted pick {v} is not below {n}"
            return v
        return Rng.below(self, n)

    def shuffle(self, seq: Any) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = Rng.below(self, i + 1)
            seq[i], seq[j] = seq[j], seq[i]


# -- cards ---------------------------------------------------------------------------------


def card(name: str) -> int:
    """A Quests card by name or slug."""
    if name in R.SLUGS:
        return R.SLUGS.index(name)
    if name in R.NAMES:
        return R.NAMES.index(name)
    raise KeyError(f"no Quests card {name!r}")


def cards(names: Iterable[str]) -> list[int]:
    return [card(n) for n in names]


def names(cs: Iterable[int]) -> list[str]:
    return [R.NAMES[c] for c in cs]


def of_suit(suit: str, k: int = 10, skip: int = 0) -> list[str]:
    """The names of `k` Action cards of `suit`, lowest-numbered first, skipping `skip`."""
    s = R.SUITS.index(suit)
    return [R.NAMES[c] for c in range(R.NUM_ACTION) if R.SUIT[c] == s][skip : skip + k]


def one_of_each(skip: int = 0) -> list[str]:
    """One Action card of every suit (a meld)."""
    return [of_suit(s, 1, skip)[0] for s in R.SUITS]


def zone_of(state: R.QuestsState, c: int) -> int:
    for zi, zone in enumerate(state.zones.cards):
        if c in zone:
            return zi
    raise AssertionError(f"card {R.NAMES[c]} is in no zone")


def hand(state: R.QuestsState, p: int) -> list[int]:
    return state.zones.cards[state.hand(p)]


def library(state: R.QuestsState, p: int) -> list[int]:
    return state.zones.cards[state.library(p)]


def hand_names(state: R.QuestsState, p: int) -> list[str]:
    return sorted(names(hand(state, p)))


# -- rigging -------------------------------------------------------------------------------


def _put(state: R.QuestsState, zone: int, chosen: Sequence[int], *, on_top: bool) -> None:
    """Move `chosen` into `zone` (appended in order: the last is the top of a deck)."""
    z = state.zones
    for c in chosen:
        z.cards[zone_of(state, c)].remove(c)
    if on_top:
        z.cards[zone].extend(chosen)
    else:
        z.cards[zone][:0] = chosen


def set_zone(state: R.QuestsState, zone: int, chosen: Sequence[int]) -> None:
    """Make `zone` hold exactly `chosen` (in order). Displaced Action cards go to the bottom of
    the Action deck, displaced artifacts to the box, so every card stays in exactly one zone."""
    z = state.zones
    out = [c for c in z.cards[zone] if c not in chosen]
    for c in out:
        z.cards[zone].remove(c)
        dump = R.DECK if c < R.NUM_ACTION else R.BOX
        z.cards[dump].insert(0, c)
    _put(state, zone, chosen, on_top=True)


def set_hand(state: R.QuestsState, p: int, hand_cards: Iterable[str]) -> None:
    set_zone(state, state.hand(p), cards(hand_cards))


def set_library(state: R.QuestsState, p: int, arts: Iterable[str]) -> None:
    set_zone(state, state.library(p), cards(arts))


def set_deck_top(state: R.QuestsState, top_first: Sequence[str]) -> None:
    """Put these Action cards on top of the Action deck, the first named on top."""
    chosen = cards(top_first)
    _put(state, R.DECK, list(reversed(chosen)), on_top=True)


def set_deck(state: R.QuestsState, top_first: Sequence[str]) -> None:
    """Make the Action deck exactly these cards (the first named on top); every other Action
    card not in a hand or elsewhere goes to the bottom of the discard pile."""
    z = state.zones
    wanted = list(reversed(cards(top_first)))
    set_zone(state, R.DECK, wanted)
    rest = [c for c in z.cards[R.DECK] if c not in wanted]
    for c in rest:
        z.cards[R.DECK].remove(c)
    z.cards[R.DISCARD_PILE][:0] = rest


def forget_all(state: State) -> None:
    state.zones.known[:] = [0] * len(state.zones.known)


def refresh(state: R.QuestsState) -> None:
    """Ask the current decision again after rigging the zones it depends on."""
    state._ask()


def rigged(
    players: int = 3,
    *,
    dice: Sequence[int] = (),
    belows: Sequence[int] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    libraries: Mapping[int, Sequence[str]] | None = None,
    prize: str | None = None,
    artifact_deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    deck: Sequence[str] | None = None,
    roller: int = 0,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    log: bool = True,
) -> R.QuestsState:
    """A Quests game whose first turn starts from chosen cards and dice.

    `dice` are consumed in order: the Fate roll, then one Initiative roll per player (seat
    order), then any re-rolls. `hands`, `libraries` set those zones exactly; `deck_top` lists
    the top Action cards (top first: the Fate cards come from there); `deck`, when given, is
    the whole Action deck (top first; the rest of the Action cards then go to the discard pile
    unless in a hand or `discard`); `artifact_deck` the whole Artifact deck (top first; the
    other artifacts go to the box). The turn starts with `roller` rolling for Fate."""
    s = new_game("quests", players, seed, options, log=log)
    assert isinstance(s, R.QuestsState)
    z = s.zones
    # Undo the start of turn 1: the Fate cards go back on top of the deck.
    fate = z.cards[R.FATE][:]
    z.cards[R.FATE].clear()
    z.cards[R.DECK].extend(reversed(fate))
    for p, hs in (hands or {}).items():
        set_hand(s, p, hs)
    for p, arts in (libraries or {}).items():
        set_library(s, p, arts)
    if artifact_deck is not None:
        set_zone(s, R.ADECK, list(reversed(cards(artifact_deck))))
    if prize is not None:
        set_zone(s, R.PRIZE, [card(prize)])
    elif not z.cards[R.PRIZE]:
        z.cards[R.PRIZE].append(z.cards[R.ADECK].pop())
    if discard is not None:
        set_zone(s, R.DISCARD_PILE, cards(discard))
    if deck is not None:
        set_deck(s, deck)
    set_deck_top(s, deck_top)
    forget_all(s)
    s.zones.check_conservation()
    s.rng = ScriptedRng(dice, belows, seed=seed + 1)
    s.turn = 0
    s.roller = roller
    if s.log is not None:
        s.log.clear()
    s.flow.clear()  # the first turn starts again, from the rigged cards and dice
    s._start_turn()
    return s


def action_game(
    players: int = 3,
    *,
    leader: int = 0,
    hands: Mapping[int, Sequence[str]] | None = None,
    libraries: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    parked: int | None = None,
    dice: Sequence[int] = (),
    belows: Sequence[int] = (),
    prize: str | None = None,
    artifact_deck: Sequence[str] | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> R.QuestsState:
    """A game at the start of its first Action phase, `leader` to play, with these hands
    (set after the Fate cards were taken), decks and libraries. `deck` (top first) makes the
    Action deck exactly those cards, the others going to the discard pile, unless `discard` is
    given too: then the Action cards named nowhere are parked in the hand of `parked`. Later
    dice and random picks come from `dice` and `belows`."""
    init = [6 if p == leader else 1 for p in range(players)]
    s = rigged(
        players,
        dice=[1, *init],
        libraries=libraries,
        prize=prize,
        artifact_deck=artifact_deck,
        options=options,
        seed=seed,
        roller=leader,
    )
    to_action(s)
    for p, h in (hands or {}).items():
        set_hand(s, p, h)
    if deck is not None and discard is not None:
        # Both piles chosen: every other Action card is parked in the hand of `parked`.
        assert parked is not None, "say whose hand holds the Action cards left over"
        z = s.zones
        named = set(cards(deck)) | set(cards(discard))
        for p in hands or {}:
            named |= set(z.cards[s.hand(p)])
        rest = [c for c in range(R.NUM_ACTION) if c not in named]
        set_zone(s, s.hand(parked), rest)
        set_zone(s, R.DECK, list(reversed(cards(deck))))
        set_zone(s, R.DISCARD_PILE, cards(discard))
    elif discard is not None:
        set_zone(s, R.DISCARD_PILE, cards(discard))
    elif deck is not None:
        set_deck(s, deck)
    set_deck_top(s, deck_top)
    forget_all(s)
    s.zones.check_conservation()
    assert isinstance(s.rng, ScriptedRng)
    s.rng.dice += dice
    s.rng.belows += belows
    if s.log is not None:
        s.log.clear()
    refresh(s)
    return s


def meld_game(players: int = 3, **kwargs: Any) -> R.QuestsState:
    """`action_game`, then everyone passes: the Meld phase starts with the Leader."""
    s = action_game(players, **kwargs)
    pass_action(s)
    assert s.phase == "meld", s.phase
    return s


# -- answering -----------------------------------------------------------------------------


def find_option(state: State, player: int, wanted: str) -> Option:
    """The option of `player` whose id is `wanted`, or whose label is (or, uniquely, contains)
    `wanted`, ignoring case."""
    d = state.pending
    assert d is not None, "the game is over"
    opts = d.options_for(player)
    for o in opts:
        if o.id == wanted:
            return o
    low = wanted.lower()
    exact = [o for o in opts if o.label.lower() == low]
    if len(exact) == 1:
        return exact[0]
    near = [o for o in opts if low in o.label.lower()]
    if len(near) == 1:
        return near[0]
    listed = "; ".join(f"{o.id} ({o.label})" for o in opts)
    raise AssertionError(
        f"{'several' if near else 'no'} options of P{player + 1} match {wanted!r}: {listed}"
    )


def option_ids(state: State, player: int | None = None) -> list[str]:
    d = state.pending
    assert d is not None
    if player is None:
        player = d.players[0]
    return [o.id for o in d.options_for(player)]


def choose(state: State, player: int, wanted: str) -> None:
    state.apply(player, find_option(state, player, wanted).id)


def answer(state: State, wanted: str) -> None:
    """Answer the pending single-player decision."""
    d = state.pending
    assert d is not None and not d.secret, f"not a single-player decision: {d}"
    choose(state, d.players[0], wanted)


def kind(state: State) -> str | None:
    d = state.pending
    return None if d is None else d.kind


def to_decide(state: State) -> int:
    d = state.pending
    assert d is not None
    return d.players[0]


def window(state: State, escapes: Iterable[int] = ()) -> None:
    """Answer an open Escape window: the players in `escapes` play an Escape, the rest pass."""
    d = state.pending
    assert d is not None and d.kind == "escape", f"no Escape window open: {d}"
    esc = set(escapes)
    for p in state.to_move():
        state.apply(p, "escape" if p in esc else "pass")


def pass_window(state: State) -> None:
    window(state, ())


def pass_initiative(state: R.QuestsState) -> None:
    while state.phase == "initiative" and kind(state) == "initiative":
        answer(state, "pass")


def take_fate(state: R.QuestsState, picks: Iterable[str] = ()) -> None:
    """Answer the Adventure phase: the named Fate cards first (by whoever is to pick), then
    the first option, until the Action phase starts."""
    queue = list(picks)
    while state.phase == "adventure":
        if queue:
            answer(state, f"pick:{R.SLUGS[card(queue.pop(0))]}")
        else:
            answer(state, option_ids(state)[0])


def to_action(state: R.QuestsState, picks: Iterable[str] = ()) -> None:
    pass_initiative(state)
    take_fate(state, picks)
    assert state.phase == "action", state.phase


def pass_action(state: R.QuestsState) -> None:
    while state.phase == "action" and kind(state) == "action":
        answer(state, "pass")


def pass_melds(state: R.QuestsState) -> None:
    while state.phase == "meld" and kind(state) == "meld":
        answer(state, "pass")


def events(state: State, rule: str | None = None) -> list[str]:
    """The public text of the logged events (of one rule id)."""
    return [e.text for e in state.log or [] if rule is None or e.rule == rule]


def rules_logged(state: State) -> set[str]:
    return {e.rule for e in state.log or []}


# -- playing whole games -------------------------------------------------------------------


def play_game(
    game_id: str,
    players: int,
    seed: int,
    agents: Sequence[str],
    options: Mapping[str, object] | None = None,
    *,
    log: bool = True,
    each_step: Any = None,
    max_steps: int = 200_000,
) -> State:
    """Play a whole game with agents (one spec per seat), calling `each_step(state)` after
    every answer."""
    state = new_game(game_id, players, seed, options, log=log)
    seats = [make_agent(a, game_id, seed * 31 + i) for i, a in enumerate(agents)]
    while not state.is_over:
        for p in state.to_move():
            if p not in state.to_move():
                continue  # a PARALLEL answer may leave fewer seats asked
            state.apply(p, seats[p].choose(state, p))
            if each_step is not None:
                each_step(state)
            assert state.steps <= max_steps, "the game does not end"
            if state.is_over:
                break
    return state


def random_walk(state: State, seed: int, answers: int) -> Iterator[int]:
    """Answer `state` at random, at most `answers` times: the first seat asked, an option
    drawn by `Rng(seed)`. Yields the answers made so far before each answer, and once more
    when the game is over (then stops)."""
    rng = Rng(seed)
    for answer in range(answers):
        yield answer
        if state.is_over:
            return
        p = state.to_move()[0]
        assert state.pending is not None
        ids = state.pending.option_ids(p)
        state.apply(p, ids[rng.below(len(ids))])


# -- hidden information --------------------------------------------------------------------

_NAME_RE: dict[tuple[str, ...], re.Pattern[str]] = {}


def name_pattern(all_names: tuple[str, ...]) -> re.Pattern[str]:
    """Matches whole card names, longest first ("Catch Train" before "Train")."""
    pat = _NAME_RE.get(all_names)
    if pat is None:
        alts = sorted(all_names, key=len, reverse=True)
        pat = re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(n) for n in alts) + r")(?![\w'])")
        _NAME_RE[all_names] = pat
    return pat


def visibility(state: State) -> dict[int | None, set[int]]:
    """The cards each viewer can see (players by seat, the spectator as None), in one pass."""
    z = state.zones
    n = state.num_players
    specs = z.layout.specs
    out: dict[int | None, set[int]] = {v: set() for v in (*range(n), None)}
    for zi, zone in enumerate(z.cards):
        public = specs[zi].kind == PUBLIC
        for c in zone:
            mask = z.seen_by(zi, c)
            for v in range(n):
                if (mask >> v) & 1:
                    out[v].add(c)
            if public:
                out[None].add(c)
    return out


def visible_cards(state: State, viewer: int | None) -> set[int]:
    z = state.zones
    return {c for zi, zone in enumerate(z.cards) for c in zone if z.can_see(viewer, zi, c)}


def hidden_cards(state: State, viewer: int | None) -> set[int]:
    z = state.zones
    return {z.cards[zi][pos] for zi, pos in z.hidden_from(viewer)}


def json_strings(obj: Any, skip: tuple[str, ...] = ("log",)) -> set[str]:
    """Every string (key or value) in a JSON-ready object, leaving out the top-level keys in
    `skip`."""
    out: set[str] = set()
    if isinstance(obj, dict):
        stack: list[Any] = [v for k, v in obj.items() if k not in skip]
        out.update(k for k in obj if isinstance(k, str) and k not in skip)
    else:
        stack = [obj]
    while stack:
        o = stack.pop()
        t = type(o)
        if t is str:
            out.add(o)
        elif t is dict:
            out.update(o)
            stack.extend(o.values())
        elif t is list or t is tuple:
            stack.extend(o)
    return out


def view_leaks(
    state: State,
    viewer: int | None,
    hidden: set[int] | None = None,
    view: dict[str, Any] | None = None,
    seen: set[int] | None = None,
) -> list[str]:
    """Ids or names of cards hidden from `viewer` that appear as strings in its view (outside
    the log, which `log_leaks` checks). `hidden`, `view` and `seen` (the cards the viewer
    sees, as `visibility` gives them) may be given when already known."""
    layout = state.zones.layout
    if hidden is None:
        hidden = hidden_cards(state, viewer)
    if not hidden:
        return []
    banned = {layout.slugs[c] for c in hidden} | {layout.names[c] for c in hidden}
    # copies of a card share its name and id: a name is no leak while the viewer sees a copy
    if seen is None:
        seen = visible_cards(state, viewer)
    banned -= {layout.slugs[c] for c in seen} | {layout.names[c] for c in seen}
    return sorted(json_strings(state.view(viewer) if view is None else view) & banned)


def log_leaks(
    state: State, viewer: int | None, start: int, allowed: set[int]
) -> list[tuple[str, str]]:
    """Log events from index `start` whose text, as `viewer` reads it, names a card outside
    `allowed` (the cards the viewer could see before or after the step, or that passed through
    a public zone during it)."""
    layout = state.zones.layout
    pat = name_pattern(layout.names)
    # copies of a card share its name: a name is allowed when one of its cards is
    names = {layout.names[c] for c in allowed}
    out = []
    for e in (state.log or [])[start:]:
        text = e.text_for(viewer)
        for m in pat.findall(text):
            if m not in names:
                out.append((e.rule, text))
    return out


def public_passers(state: State, start: int) -> set[int]:
    """Cards that moved into or out of a public zone in the log events from `start`."""
    specs = state.zones.layout.specs
    by_name = state.zones.layout.by_name
    out = set()
    for e in (state.log or [])[start:]:
        if isinstance(e, CardMoved) and (
            specs[by_name[e.src]].kind == PUBLIC or specs[by_name[e.dst]].kind == PUBLIC
        ):
            out.add(e.card)
    return out


# -- the golden/perft regenerate script -----------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def regenerate_script() -> ModuleType:
    """scripts/regenerate_golden.py as a module (it is a script, not part of the package)."""
    name = "regenerate_golden"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "regenerate_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
