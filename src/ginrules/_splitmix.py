"""SplitMix64 and the bounded integers drawn from it: the package's one source of randomness.

Package-internal (the leading underscore): ginrules' seeded shuffle
(:meth:`ginrules.Deck.shuffled`), hand and game seeds (:func:`ginrules.game.hand_seed`,
:func:`ginrules.simulate.game_seed`), the first dealer, and the random computer players all
draw from here, so that every result is the same on every Python version and platform.
The standard :mod:`random` module is not used: its algorithms may change between versions.

>>> stream = splitmix64(1)
>>> next(stream) == next(splitmix64(1))
True
>>> below(splitmix64(1), 6) in range(6)
True
>>> sample(splitmix64(2), [10, 20, 30, 40], 2)
[30, 40]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from ginrules.errors import WrongTypeError, _type_name

__all__ = ["GOLDEN", "MASK64", "below", "check_seed", "mix", "sample", "splitmix64"]

MASK64 = (1 << 64) - 1
"""The 64-bit mask: states and outputs are integers modulo 2**64."""

GOLDEN = 0x9E3779B97F4A7C15
"""SplitMix64's increment (2**64 divided by the golden ratio), also used to space seeds."""

_T = TypeVar("_T")


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is an int (not a bool); a :class:`~ginrules.errors.WrongTypeError`
    (a :class:`TypeError` too) naming ``what`` if not.

    >>> check_seed(7)
    7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: seed must be an int, not str
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WrongTypeError(f"{what} must be an int, not {_type_name(seed)}")
    return seed


def mix(state: int) -> int:
    """The first output of :func:`splitmix64` for ``state``, without making a generator.

    >>> mix(0) == next(splitmix64(0))
    True
    """
    z = (state + GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix64(state: int) -> Iterator[int]:
    """SplitMix64 (Steele, Lea and Flood 2014): a tiny, portable 64-bit generator.

    ``state`` is taken modulo 2**64.

    >>> hex(next(splitmix64(0)))
    '0xe220a8397b1dcdaf'
    """
    state &= MASK64
    while True:
        state = (state + GOLDEN) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def below(stream: Iterator[int], n: int) -> int:
    """An unbiased integer in ``range(n)`` by rejection sampling.

    >>> sorted({below(splitmix64(s), 3) for s in range(20)})
    [0, 1, 2]
    """
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def sample(stream: Iterator[int], pool: Sequence[_T], count: int) -> list[_T]:
    """``count`` distinct items of ``pool`` (all of them if it has fewer), by a partial
    Fisher-Yates shuffle of a copy.

    >>> sorted(sample(splitmix64(5), "abcde", 9))
    ['a', 'b', 'c', 'd', 'e']
    """
    items = list(pool)
    n = len(items)
    count = min(count, n)
    for i in range(count):
        j = i + below(stream, n - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]
