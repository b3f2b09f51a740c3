"""An immutable sequence that grows by one item in constant time: the history of a hand
and the rows of a score sheet, so that a long hand or a long game costs time linear in
its length.

Package-internal. Full chunks of ``CHUNK`` items are shared by every sequence that has
them; adding an item copies only the last, partial chunk (and, once every ``CHUNK``
items, the tuple of chunk references, ``1/CHUNK`` of the items). A :class:`Chunked`
equals any sequence of the same items, tuples included, and prints as a tuple.

>>> history = Chunked.EMPTY.plus("a").plus("b")
>>> history == ("a", "b"), len(history), history[-1], history
(True, 2, 'b', ('a', 'b'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, TypeVar, overload

_T = TypeVar("_T")

CHUNK = 64


class Chunked(Sequence[_T], Generic[_T]):
    """An immutable sequence with a constant-time :meth:`plus` (see the module)."""

    __slots__ = ("_chunks", "_tail")

    EMPTY: ClassVar[Chunked[Any]]

    def __init__(self, chunks: tuple[tuple[_T, ...], ...], tail: tuple[_T, ...]) -> None:
        self._chunks = chunks
        self._tail = tail

    @classmethod
    def of(cls, items: Iterable[_T]) -> Chunked[_T]:
        """The items as a chunked sequence (itself, if it is one)."""
        if isinstance(items, Chunked):
            return items
        values = tuple(items)
        cut = len(values) - len(values) % CHUNK
        return cls(tuple(values[i:i + CHUNK] for i in range(0, cut, CHUNK)), values[cut:])

    def plus(self, item: _T) -> Chunked[_T]:
        """The sequence with ``item`` added at the end; this one is unchanged."""
        tail = self._tail + (item,)  # noqa: RUF005 - at most CHUNK references
        if len(tail) == CHUNK:
            return Chunked(self._chunks + (tail,), ())  # noqa: RUF005
        return Chunked(self._chunks, tail)

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> _T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[_T, ...]: ...

    def __getitem__(self, index: int | slice) -> _T | tuple[_T, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index == -1 and self._tail:  # the last item: the usual question
            return self._tail[-1]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("index out of range")
        chunk, offset = divmod(index, CHUNK)
        if chunk == len(self._chunks):
            return self._tail[offset]
        return self._chunks[chunk][offset]

    def startswith(self, prefix: Sequence[_T]) -> bool:
        """Whether this sequence begins with the items of ``prefix``.

        When ``prefix`` is a :class:`Chunked` this one grew from, its full chunks are
        the same objects, so the check costs one identity test per chunk and at most
        ``CHUNK`` item comparisons, not one per item.

        >>> a = Chunked.of(range(100))
        >>> a.plus(100).startswith(a), a.startswith(a.plus(100)), a.startswith((0, 1))
        (True, False, True)
        """
        size = len(prefix)
        if size > len(self):
            return False
        if not isinstance(prefix, Chunked):
            return self[:size] == tuple(prefix)
        full = len(prefix._chunks)
        for mine, theirs in zip(self._chunks[:full], prefix._chunks, strict=True):
            if mine is not theirs and mine != theirs:
                return False
        rest = prefix._tail
        same_place = self._chunks[full] if full < len(self._chunks) else self._tail
        return same_place[:len(rest)] == rest

    def __iter__(self) -> Iterator[_T]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def __bool__(self) -> bool:
        return bool(self._tail or self._chunks)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chunked):
            return self._chunks == other._chunks and self._tail == other._tail
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(
                a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chunked, (self._chunks, self._tail))


Chunked.EMPTY = Chunked((), ())
