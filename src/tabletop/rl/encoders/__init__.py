"""Observation encoders: one per game, each turning what a seat's `view` shows into a flat
vector of float32 values in [0, 1] with a fixed size per game.

A game's encoder is the module `tabletop.rl.encoders.<game id>`, found by name and imported
on first use (`encoder(game_id)`); it defines `ENCODER`, a subclass of `Encoder` that declares
its pieces in `build` and fills them from a view in `write`. That file is all a registered
game needs to get every environment of `tabletop.rl` (PettingZoo, Gymnasium, OpenSpiel).

An encoder reads nothing but the view it is given, so an observation can only hold what the
seat may know: two states that differ only in what the seat cannot see give the same view,
hence the same observation. Seats are encoded relative to the observer (block 0 is the
observer, block 1 the next seat in seat order...), padded to the game's most players, so one
size serves every player count. Vocabularies (cards, suits, phases) come from the game's
content (`tabletop.engine.texts.all_cards`) and its view schema (`tabletop.schemas`), never
typed in. Each game's encoding is described in docs/rl.md.

The view is the reference, and it is slow to build: a game's encoder may also read the state
directly (`write_state`), writing exactly the vector `write` makes of the seat's view, which
is what the environments then use (`observe`). Such a direct encoder reads only what the view
would show the seat; `tests/rl/test_rl_direct.py` checks, over many states of random and
heuristic games of every player count and states re-drawn by `determinize`, that the two
vectors are equal element for element, so whatever holds of the view-based observation (no
hidden information) holds of the direct one.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from tabletop.engine import registry
from tabletop.engine.errors import SeatError, TabletopError
from tabletop.engine.state import State
from tabletop.engine.texts import all_cards

Array = npt.NDArray[np.float32]
# What a direct encoder remembers between observations of one game (`Encoder.observe`): per
# section and observer, what the section read (a copy) and the values it wrote.
Memo = dict[Any, tuple[Any, Array]]
Places = npt.NDArray[np.intp]
Section = slice | Places  # the places of a section of the vector


class NoEncoderError(TabletopError):
    """A registered game without an observation encoder module."""


class Out:
    """The vector being written, with the encoder's named pieces. Every write clips to [0, 1],
    so the observation always lies in its space."""

    __slots__ = ("array", "offsets", "sizes")

    def __init__(self, offsets: dict[str, int], sizes: dict[str, int], size: int) -> None:
        self.array: Array = np.zeros(size, dtype=np.float32)
        self.offsets = offsets
        self.sizes = sizes

    def flag(self, piece: str, on: object, at: int = 0) -> None:
        """Set slot `at` of `piece` to 1 when `on` is true."""
        if on:
            self.array[self._at(piece, at)] = 1.0

    def one_hot(self, piece: str, index: int | None) -> None:
        """Set slot `index` of `piece` (nothing when `index` is None)."""
        if index is not None:
            self.array[self._at(piece, index)] = 1.0

    def value(self, piece: str, x: float, cap: float, at: int = 0) -> None:
        """Slot `at` of `piece` holds `x / cap`, clipped to [0, 1]."""
        v = x / cap
        self.array[self._at(piece, at)] = 0.0 if v < 0 else 1.0 if v > 1 else v

    def count(self, piece: str, indices: Iterable[int], cap: float = 1.0) -> None:
        """Add `1 / cap` at each index (repeats count), clipped to 1."""
        base = self.offsets[piece]
        a = self.array
        step = 1.0 / cap
        for i in indices:
            j = base + i
            a[j] = min(1.0, a[j] + step)

    def _at(self, piece: str, index: int) -> int:
        if not 0 <= index < self.sizes[piece]:
            raise IndexError(f"slot {index} outside piece {piece!r} of {self.sizes[piece]}")
        return self.offsets[piece] + index


# Names outside a vocabulary are skipped (a view may carry more than an encoder reads); tests
# set this to make them an error, so that no card of a view goes unencoded unnoticed.
STRICT = False


class Vocab:
    """A fixed list of names (card slugs, suits, phases) and each one's index."""

    __slots__ = ("index", "names")

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(dict.fromkeys(names))
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def of(self, name: object) -> int | None:
        """The index of `name`, None for None or a name outside the vocabulary."""
        if not isinstance(name, str):
            return None
        i = self.index.get(name)
        if i is None and STRICT:
            raise KeyError(f"{name!r} is not in the vocabulary {self.names[:3]}...")
        return i

    def all_of(self, items: Iterable[Mapping[str, Any]], key: str = "id") -> list[int]:
        """Indices of `item[key]` for each item (unknown names skipped)."""
        index = self.index
        if STRICT:
            return [self.index[i[key]] for i in items]
        return [index[i[key]] for i in items if i[key] in index]


def count_table(cap: float) -> tuple[float, ...]:
    """The value `Out.count` leaves in a slot after k adds of `1 / cap` (float32 sums, clipped
    to 1), for k from 0 until it reaches 1: direct encoders look counts up here so that their
    vectors equal the view-based ones to the last bit."""
    a = np.zeros(1, dtype=np.float32)
    step = 1.0 / cap
    values = [0.0]
    while values[-1] < 1.0:
        a[0] = min(1.0, a[0] + step)
        values.append(float(a[0]))
    return tuple(values)


def put_counts(a: Array, base: int, slots: Iterable[int], table: tuple[float, ...]) -> None:
    """Write into `a` from `base` what `Out.count` would for these slot indices (repeats
    count; negative indices, names outside the vocabulary, are skipped); `table` is the
    piece's `count_table`."""
    seen: dict[int, int] = {}
    for i in slots:
        if i >= 0:
            seen[i] = seen.get(i, 0) + 1
    top = len(table)
    for i, k in seen.items():
        a[base + i] = table[k] if k < top else 1.0


def clip(x: float, cap: float) -> float:
    """`x / cap` clipped to [0, 1], as `Out.value` stores it."""
    v = x / cap
    return 0.0 if v < 0 else 1.0 if v > 1 else v


def card_vocab(game_id: str, *kinds: str) -> Vocab:
    """The slugs of the game's content of those kinds (`all_cards`), in content order."""
    return Vocab(c.slug for c in all_cards(game_id) if c.kind in kinds)


class Encoder(ABC):
    """A game's observation encoder. Subclasses set `game_id`, declare their pieces in
    `build` (with `piece`) and fill them from a view in `write`."""

    game_id: ClassVar[str] = ""

    def __init__(self) -> None:
        spec = registry.get(self.game_id)
        self.max_players = spec.max_players
        self.offsets: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        self.size = 0
        self.build()

    def piece(self, name: str, size: int) -> None:
        """Declare the next `size` slots as the piece `name`."""
        if name in self.offsets:
            raise ValueError(f"piece {name!r} declared twice")
        self.offsets[name] = self.size
        self.sizes[name] = size
        self.size += size

    def seats(self, name: str, size: int) -> None:
        """Declare one piece `name.<k>` of `size` slots per seat position k, 0 (the observer)
        to the game's most players less one."""
        for k in range(self.max_players):
            self.piece(f"{name}.{k}", size)

    @property
    def pieces(self) -> list[tuple[str, int, int]]:
        """(name, offset, size) of every piece, in order."""
        return [(n, self.offsets[n], self.sizes[n]) for n in self.offsets]

    def encode(self, view: Mapping[str, Any], seat: int) -> Array:
        """The observation of `view` for `seat` (the view's viewer, or any seat's perspective
        on a spectator's view): the reference encoding."""
        out = Out(self.offsets, self.sizes, self.size)
        self.write(view, seat, out)
        return out.array

    @property
    def direct(self) -> bool:
        """Whether this encoder reads states directly (a `DirectEncoder`)."""
        return isinstance(self, DirectEncoder)

    def observe(self, state: State, seat: int, memo: Memo | None = None) -> Array:
        """`seat`'s observation of `state`: read from the state directly where the encoder
        can (equal to `encode(state.view(seat), seat)`, which it is otherwise). A `memo`
        kept for the states of one game (an environment keeps one per episode) lets a direct
        encoder copy the sections whose inputs did not change since it last wrote them."""
        if seat.__class__ is not int or not 0 <= seat < state.num_players:
            raise SeatError(f"{seat!r} is not a seat of this game")
        if not isinstance(self, DirectEncoder):
            return self.encode(state.view(seat), seat)
        a: Array = np.zeros(self.size + 1, dtype=np.float32)
        self.write_state(state, seat, a, memo)
        return a[: self.size]

    def span(self, first: str, last: str) -> slice:
        """The places from piece `first` to the end of piece `last` (a section's)."""
        return slice(self.offsets[first], self.offsets[last] + self.sizes[last])

    def spread(self, pieces: Iterable[str]) -> Places:
        """The places of several pieces (a section spread over the vector)."""
        return np.concatenate(
            [np.arange(self.offsets[x], self.offsets[x] + self.sizes[x]) for x in pieces]
        )

    @staticmethod
    def reused(memo: Memo | None, name: Any, key: Any, a: Array, places: Section) -> bool:
        """Copy the section `name` from `memo` into `a` if what it read then equals `key`
        (live values: compared, not copied) and say whether it did."""
        if memo is None:
            return False
        got = memo.get(name)
        if got is None or got[0] != key:
            return False
        a[places] = got[1]
        return True

    @staticmethod
    def remember(memo: Memo | None, name: Any, key: Any, a: Array, places: Section) -> None:
        """Keep the section `name` just written, with `key`, a copy of what it read."""
        if memo is not None:
            memo[name] = (key, a[places].copy())

    def count_caps(self, caps: Mapping[str, float]) -> None:
        """Set up `fill`: the count table (`count_table`) of every place of the vector from
        its piece's cap, 1 for pieces not named."""
        pad = 1024  # longer than any pile can be: the tables run on at 1 to there
        made: dict[float, tuple[float, ...]] = {}

        def table(cap: float) -> tuple[float, ...]:
            if cap not in made:
                t = count_table(cap)
                made[cap] = t + (1.0,) * (pad - len(t))
            return made[cap]

        tabs = [table(1.0)] * (self.size + 1)
        for piece, cap in caps.items():
            off = self.offsets[piece]
            tabs[off : off + self.sizes[piece]] = [table(cap)] * self.sizes[piece]
        self.tabs = tabs

    def fill(self, a: Array, places: Iterable[int]) -> None:
        """Write what `Out.count` would for every place counted (repeats count), each by its
        piece's cap (`count_caps`)."""
        tabs = self.tabs
        for i, k in Counter(places).items():
            a[i] = tabs[i][k]

    def places(self, piece: str, vocab: Vocab) -> dict[str, int]:
        """The place in the vector of each name of `vocab` in `piece`."""
        base = self.offsets[piece]
        return {x: base + i for x, i in vocab.index.items()}

    def slots(self, piece: str, indices: Iterable[int | None]) -> list[int]:
        """The places in the vector of these slots of `piece` (None or -1: the sink)."""
        base = self.offsets[piece]
        return [self.size if j is None or j < 0 else base + j for j in indices]

    @staticmethod
    def rel(seat: int | None, observer: int, players: int) -> int | None:
        """A seat's position relative to the observer (0: the observer), None for None."""
        return None if seat is None else (seat - observer) % players

    @staticmethod
    def asked(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The viewer's own part of the pending decision, when the game waits for it."""
        pending = view.get("pending")
        return pending if pending is not None and "options" in pending else None

    @abstractmethod
    def build(self) -> None:
        """Declare the pieces (`piece`, `seats`)."""

    @abstractmethod
    def write(self, view: Mapping[str, Any], seat: int, out: Out) -> None:
        """Fill `out` from `view`, seats relative to `seat`."""

    def cooperative(self, options: Mapping[str, Any]) -> bool:
        """Whether the game with these (complete) options is won or lost by all together, so
        that every seat gets the same reward."""
        return False

    def max_decisions(self, players: int, options: Mapping[str, Any]) -> int:
        """A bound on the answers of one game; the environments truncate a game there."""
        return 100_000


class DirectEncoder(Encoder):
    """An encoder that can also fill its vector straight from the state: exactly the vector
    `write` makes of the seat's view (tests/rl/test_rl_direct.py proves it)."""

    @abstractmethod
    def write_state(self, state: Any, seat: int, a: Array, memo: Memo | None) -> None:
        """Fill the zeroed `a` from `state` as `write` would from `state.view(seat)`. `a` has
        one slot more than the observation, the sink `self.size`, where writes for names
        outside the vocabularies go (`slots` maps them there), so that no write needs a test.
        With a `memo`, a section may be copied from the memo where what it reads is equal
        (`reused`, `remember`)."""


@cache
def encoder(game_id: str) -> Encoder:
    """The encoder of a registered game (`UnknownGameError` for an unknown id,
    `NoEncoderError` when the game has no encoder module yet)."""
    registry.get(game_id)
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise NoEncoderError(
            f"game {game_id!r} has no observation encoder: write src/tabletop/rl/encoders/"
            f"{game_id}.py (see docs/rl.md)"
        ) from None
    enc: Encoder = module.ENCODER()
    return enc


__all__ = [
    "Array",
    "Encoder",
    "Memo",
    "NoEncoderError",
    "Out",
    "Vocab",
    "card_vocab",
    "clip",
    "count_table",
    "encoder",
    "put_counts",
]
