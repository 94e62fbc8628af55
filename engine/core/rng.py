"""Portolan's own seeded PRNG.

Python's ``random`` may change its sequences between versions; a saved game must replay the same
dice forever, so the generator is ours: SplitMix64, a 64-bit state advanced by a fixed odd
constant and mixed on output. The whole state is one integer that serializes with the game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class _Drawing:
    """What every generator here draws, from its own ``next_u64``."""

    __slots__ = ()

    def next_u64(self) -> int:
        raise NotImplementedError

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        if high < low:
            raise ValueError("randint() needs low <= high")
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Rng(_Drawing, BaseModel):
    """A serializable generator. It lives inside a game's state, and its state is a secret:
    views never carry it (whoever knows it knows every future die roll)."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=_mix(seed & _MASK))

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and a salt, leaving this one
        untouched (used for bot choices, which must not disturb the game's dice)."""
        return Rng(state=_mix(self.state ^ _mix(salt & _MASK)))


class Draws(_Drawing):
    """The same generator on a plain integer, for code that draws many numbers in a row and
    keeps no state (a search's samples): no model attribute is written per number. Seeded
    from an ``Rng``, it is as reproducible as the ``Rng`` it came from."""

    __slots__ = ("state",)

    def __init__(self, rng: Rng) -> None:
        self.state = rng.next_u64()

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)
