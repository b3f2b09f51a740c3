"""An immutable sequence that grows by one item in constant time: the history of a hand
and the rows of a score sheet, so that a long hand or a long game costs time linear in
its length.

Package-internal. Items are kept in chunks of ``CHUNK``; full chunks hang in a trie of
fan-out ``CHUNK`` (a persistent vector), shared by every sequence that has them. Adding
an item copies only the last, partial chunk, and once every ``CHUNK`` items, one path of
the trie (``CHUNK`` references per level; three levels hold 16 million items). A
:class:`Chunked` equals any sequence of the same items, tuples included, and prints as a
tuple.

>>> history = Chunked.EMPTY.plus("a").plus("b")
>>> history == ("a", "b"), len(history), history[-1], history
(True, 2, 'b', ('a', 'b'))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, TypeVar, overload

_T = TypeVar("_T")

BITS = 6  # a chunk and a trie node hold 2**BITS references
CHUNK = 1 << BITS


class Chunked(Sequence[_T], Generic[_T]):
    """An immutable sequence with a constant-time :meth:`plus` (see the module)."""

    __slots__ = ("_full", "_height", "_root", "_tail")

    EMPTY: ClassVar[Chunked[Any]]

    def __init__(self, root: tuple[Any, ...], height: int, full: int,
                 tail: tuple[_T, ...]) -> None:
        # root: a trie node of height >= 1 whose leaves (height 0) are full chunks;
        # full: the number of items in the trie (a multiple of CHUNK)
        self._root = root
        self._height = height
        self._full = full
        self._tail = tail

    @classmethod
    def of(cls, items: Iterable[_T]) -> Chunked[_T]:
        """The items as a chunked sequence (itself, if it is one)."""
        if isinstance(items, Chunked):
            return items
        values = tuple(items)
        out: Chunked[_T] = cls.EMPTY
        cut = len(values) - len(values) % CHUNK
        for start in range(0, cut, CHUNK):
            out = out._with_chunk(values[start:start + CHUNK])
        return Chunked(out._root, out._height, out._full, values[cut:])

    def plus(self, item: _T) -> Chunked[_T]:
        """The sequence with ``item`` added at the end; this one is unchanged."""
        tail = self._tail + (item,)  # noqa: RUF005 - at most CHUNK references
        if len(tail) == CHUNK:
            return self._with_chunk(tail)
        return Chunked(self._root, self._height, self._full, tail)

    def _with_chunk(self, chunk: tuple[_T, ...]) -> Chunked[_T]:
        """This sequence's trie with one more full chunk, and an empty tail."""
        root, height, full = self._root, self._height, self._full
        if full == 1 << (BITS * (height + 1)):  # the trie is full: one level more
            root, height = (root,), height + 1
        return Chunked(_push(root, height, full, chunk), height, full + CHUNK, ())

    def _chunks(self) -> Iterator[tuple[_T, ...]]:
        """The full chunks, in order."""
        return _leaves(self._root, self._height) if self._full else iter(())

    def __len__(self) -> int:
        return self._full + len(self._tail)

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
        if index >= self._full:
            return self._tail[index - self._full]
        if self._height == 1:  # up to CHUNK**2 items: most hands and games
            return self._root[index >> BITS][index & (CHUNK - 1)]  # type: ignore[no-any-return]
        node = self._root
        for shift in range(BITS * self._height, 0, -BITS):
            node = node[(index >> shift) & (CHUNK - 1)]
        return node[index & (CHUNK - 1)]  # type: ignore[no-any-return]

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
        mine = self._chunks()
        for theirs in prefix._chunks():
            chunk = next(mine)
            if chunk is not theirs and chunk != theirs:
                return False
        rest = prefix._tail
        same_place = next(mine, self._tail)
        return same_place[:len(rest)] == rest

    def since(self, start: int) -> Iterator[_T]:
        """The items from index ``start`` (``>= 0``) on, without a lookup per item when
        they are in the last, partial chunk (the new actions of a history, usually).

        >>> list(Chunked.of(range(70)).since(62))
        [62, 63, 64, 65, 66, 67, 68, 69]
        """
        full = self._full
        if start >= full:
            return iter(self._tail[start - full:])
        return itertools.chain((self[i] for i in range(start, full)), self._tail)

    def __iter__(self) -> Iterator[_T]:
        for chunk in self._chunks():
            yield from chunk
        yield from self._tail

    def __bool__(self) -> bool:
        return bool(self._tail or self._full)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chunked):
            return (self._full == other._full and self._tail == other._tail
                    and all(a is b or a == b for a, b in zip(
                        self._chunks(), other._chunks(), strict=True)))
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(
                a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Chunked, (self._root, self._height, self._full, self._tail))


def _push(node: tuple[Any, ...], height: int, count: int, chunk: tuple[Any, ...]
          ) -> tuple[Any, ...]:
    """``node`` (of ``height``, holding ``count`` items, not full) with ``chunk`` added
    after its last leaf: a copy of the one path that changes."""
    if height == 1:
        return node + (chunk,)  # noqa: RUF005 - at most CHUNK references
    span = 1 << (BITS * height)  # the items a child holds
    child = count // span
    if child == len(node):
        return (*node, _push((), height - 1, 0, chunk))
    return (*node[:child], _push(node[child], height - 1, count - child * span, chunk))


def _leaves(node: tuple[Any, ...], height: int) -> Iterator[tuple[Any, ...]]:
    if height == 1:
        yield from node
    else:
        for child in node:
            yield from _leaves(child, height - 1)


Chunked.EMPTY = Chunked((), 1, 0, ())
