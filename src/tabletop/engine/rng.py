"""The random number generator that lives inside a game state.

SplitMix64: a 64-bit counter-based generator whose whole state is one integer, so copying a
state copies its RNG for free, and the same seed gives the same stream on every machine and
Python version (unlike `random.Random`, whose 625-word state is expensive to clone).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """A well-mixed 63-bit seed derived from integers (a master seed, a game index, a seat)."""
    z = 0
    for part in parts:
        z = _mix((z + _GOLDEN + (part & _MASK)) & _MASK)
    return z >> 1


class Rng:
    """Deterministic RNG. `state` is a plain int: part of the game state, copied by `clone`."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new.state = self.state
        return new

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Multiply-shift; the bias is below n / 2**64."""
        if n <= 1:
            if n == 1:
                # the answer is 0 whatever the draw: advance the stream as a draw would
                self.state = (self.state + _GOLDEN) & _MASK
                return 0
            raise ValueError("below() needs a positive bound")
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place: `below(i + 1)` for each i from the top down, inlined."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def sample_index(self, n: int, k: int) -> list[int]:
        """k distinct indices from range(n), in draw order."""
        pool = list(range(n))
        out = []
        for _ in range(k):
            j = self.below(len(pool))
            out.append(pool[j])
            pool[j] = pool[-1]
            pool.pop()
        return out
