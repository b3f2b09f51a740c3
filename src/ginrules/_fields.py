"""A value class's fields checked against their annotations, when it is made.

The value classes a user may make by hand (a :class:`~ginrules.scoring.HandScore` for
:func:`~ginrules.sheet.score_sheet`, a :class:`~ginrules.knocking.HandResult` to price
again, a player's options) call :func:`check_fields` from ``__attrs_post_init__``: a
wrong value is refused where it is given, with a :class:`~ginrules.WrongTypeError` that
names the class, the field and what it takes, rather than accepted to fail later, deep in
another call. The states the library makes on every action (``HandState``, ``View``,
``GameState``, ``Arrangement``) are made by its functions and are not checked here: the
check would cost every move.

>>> import attrs
>>> @attrs.frozen
... class Pair:
...     points: int
...     cards: tuple[str, ...] = ()
...     def __attrs_post_init__(self) -> None:
...         check_fields(self)
>>> Pair(3, ("7H",))
Pair(points=3, cards=('7H',))
>>> Pair("3")
Traceback (most recent call last):
...
ginrules.errors.WrongTypeError: Pair takes an int as points, not str
>>> Pair(3, ("7H", 8))
Traceback (most recent call last):
...
ginrules.errors.WrongTypeError: Pair takes a tuple of str values as cards, not tuple (an item is int)
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from ginrules.errors import WrongTypeError, _type_name, _wrong_type

__all__ = ["check_fields"]


def check_fields(value: Any) -> None:
    """Raise a :class:`~ginrules.WrongTypeError` for the first field of the attrs instance
    ``value`` whose value is not of its annotated type (an int is no bool, a bool no int;
    a tuple's items are checked too).

    >>> from ginrules.sheet import FinalScore
    >>> FinalScore(59, 25, 100, "59")
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: FinalScore takes an int as shutout, not str
    """
    cls: type = type(value)
    for name, fits, tp in _fields(cls):
        field = getattr(value, name)
        if not fits(field):
            error = _wrong_type(cls.__name__, f"{_describe(tp)} as {name}", field)
            item = _wrong_item(field, tp)
            raise error if item is None else WrongTypeError(
                f"{error} (an item is {_type_name(item)})")


_Fits = Callable[[Any], bool]


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, _Fits, Any], ...]:
    """The name, the test of a value and the resolved annotation of each field of
    ``cls`` its constructor takes."""
    hints = typing.get_type_hints(cls)  # each class's own by its module's names
    return tuple((field.name, _fits(hints[field.name]), hints[field.name])
                 for field in attrs.fields(cls) if field.init and field.name in hints)


@functools.cache
def _fits(tp: Any) -> _Fits:
    """The test of whether a value is of the type ``tp`` (every item of a tuple too),
    made once per type (a field is checked every time its class is made).

    >>> [_fits(int | str)(v) for v in (3, "x", None, True)]
    [True, True, False, False]
    >>> _fits(tuple[int, float])((1, 2.5)), _fits(tuple[int, int])((1, 2, 3))
    (True, False)
    """
    if tp is Any or tp is object:
        return lambda value: True
    if tp is int:
        return lambda value: isinstance(value, int) and type(value) is not bool
    if tp is float:
        return lambda value: isinstance(value, (int, float)) and type(value) is not bool
    if tp is bool:
        return lambda value: type(value) is bool
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if len(args) == 2 and type(None) in args:  # X | None, the common case
            other = _fits(args[0] if args[1] is type(None) else args[1])
            return lambda value: value is None or other(value)
        alternatives = tuple(_fits(a) for a in args)
        return lambda value: any(fits(value) for fits in alternatives)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _fits(args[0])
            return lambda value: type(value) is tuple and all(map(each, value))
        places = tuple(_fits(a) for a in args)
        return lambda value: type(value) is tuple and len(value) == len(places) and all(
            fits(v) for fits, v in zip(places, value, strict=True))
    kind = origin if origin is not None else tp  # a class, or a generic's own class
    return lambda value: isinstance(value, kind)


def _wrong_item(value: object, tp: Any) -> object | None:
    """The first item of the tuple ``value`` that is not of its place's type in ``tp``,
    when ``value`` is a tuple of the right length (``None`` otherwise)."""
    for candidate in (typing.get_args(tp) if typing.get_origin(tp) in (
            typing.Union, types.UnionType) else (tp,)):
        if typing.get_origin(candidate) is not tuple or type(value) is not tuple:
            continue
        args = typing.get_args(candidate)
        places = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else args
        if len(places) == len(value):
            for item, place in zip(value, places, strict=True):
                if not _fits(place)(item):
                    return typing.cast(object, item)
    return None


def _describe(tp: Any) -> str:
    """What ``tp`` takes, in words: "an int", "a Card or None", "a tuple of int values"."""
    if tp is float:
        return "a number"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        words = [_describe(a) for a in args if a is not type(None)]
        return " or ".join(words + (["None"] if type(None) in args else []))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_name(args[0])} values"
        return f"a tuple ({', '.join(_name(a) for a in args)})"
    name = _name(tp)
    return f"{'an' if name[0] in 'AEIOUaeiou' else 'a'} {name}"


def _name(tp: Any) -> str:
    """The short name of ``tp``: its class's name, or its words for a union or a tuple."""
    return tp.__name__ if isinstance(tp, type) else _describe(tp)
