"""Reading the JSON wire formats back (``View.from_dict``, ``HandResult.from_dict``):
each field checked, and every problem a :class:`~ginrules.GinRulesError` naming the field.

Package-internal. JSON from a client is untrusted input: a wrong type, a missing field or
a bad card is an error that says where, never an ``AttributeError`` from inside.

>>> field({"stock_size": 31}, "stock_size", int, "view")
31
>>> field({}, "stock_size", int, "view")
Traceback (most recent call last):
...
ginrules.errors.GinRulesError: view: "stock_size" is missing
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ginrules.cards import Card, parse_card
from ginrules.errors import CardNotationError, GinRulesError, WrongTypeError, _type_name

_T = TypeVar("_T")


def mapping(data: object, where: str) -> Mapping[str, Any]:
    """``data`` if it is a JSON object."""
    if not isinstance(data, Mapping):
        raise WrongTypeError(f"{where} must be a JSON object (a dict), "
                             f"not {_type_name(data)}")
    return data


def field(data: Mapping[str, Any], key: str, kind: type[_T], where: str) -> _T:
    """``data[key]``, which must be present and a ``kind`` (an int is never a bool)."""
    if key not in data:
        raise GinRulesError(f'{where}: "{key}" is missing')
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise WrongTypeError(f'{where}: "{key}" must be {_kind_name(kind)}, '
                             f"not {value!r}")
    return value


def _kind_name(kind: type) -> str:
    return {int: "an int", str: "a string", list: "a list", bool: "true or false",
            dict: "an object"}.get(kind, kind.__name__)


def player(data: Mapping[str, Any], key: str, where: str) -> int:
    """A player number, 0 or 1."""
    value = field(data, key, int, where)
    if value not in (0, 1):
        raise GinRulesError(f'{where}: "{key}" must be player 0 or 1, not {value!r}')
    return value


def card(value: object, where: str) -> Card:
    """One card from its text."""
    if not isinstance(value, str):
        raise CardNotationError(f"{where}: a card must be a string like '7H', not {value!r}")
    try:
        return parse_card(value)
    except CardNotationError as error:
        raise CardNotationError(f"{where}: {error}", token=error.token) from None


def cards(data: Mapping[str, Any], key: str, where: str) -> tuple[Card, ...]:
    """A list of card texts."""
    values = field(data, key, list, where)
    return tuple(card(v, f'{where}: "{key}"') for v in values)


def optional_player(data: Mapping[str, Any], key: str, where: str) -> int | None:
    """A player number, or None for null."""
    return None if data.get(key, 0) is None else player(data, key, where)
