"""Strict, bounded JSON for the messages programs exchange with ginrules (the player
protocol of ``ginrules serve`` and ``cmd:`` players, the web page's bridge).

:func:`loads` reads one message: its nesting is measured before it is parsed (so no
input reaches the parser's recursion), NaN and Infinity are refused (they are not JSON),
as are numbers too large for a float and integers of more digits than Python converts.
:func:`dumps` writes strict JSON or raises. Every refusal is a :class:`MessageError`
whose text is one line.

>>> loads('{"op": "hello", "id": [1, 2]}', max_depth=8)
{'op': 'hello', 'id': [1, 2]}
>>> loads("[" * 100 + "]" * 100, max_depth=64)
Traceback (most recent call last):
...
ginrules._jsonlines.MessageError: the message nests 100 levels deep, more than 64
>>> loads('{"id": NaN}', max_depth=8)
Traceback (most recent call last):
...
ginrules._jsonlines.MessageError: NaN is not a JSON value
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from ginrules.errors import GinRulesError

__all__ = ["MessageError", "dumps", "loads", "nesting"]


class MessageError(GinRulesError):
    """A message that is not strict JSON within the bounds.

    >>> issubclass(MessageError, GinRulesError)
    True
    """


# a JSON string (its escapes included), or an unterminated one to the end of the text
# (which always matches, so no quote is ever scanned twice: linear, where a string that
# had to be closed would rescan the rest of the text from every quote of an unterminated
# one); and the brackets that remain once strings are gone
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deeply ``text`` nests lists and objects (brackets inside strings do not count),
    in one linear pass that never recurses.

    >>> nesting('{"a": [1, {"b": "[[["}]}')
    3
    >>> nesting("7")
    0

    The brackets of an unterminated string do not count (it is no JSON anyway):

    >>> nesting('["[[[')
    1
    """
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _constant(name: str) -> Any:
    raise MessageError(f"{name} is not a JSON value")


def _number(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise MessageError(f"the number {text[:40]} is too large")
    return value


_DECODER = json.JSONDecoder(parse_constant=_constant, parse_float=_number)
# (made once: json.dumps(value, allow_nan=False) builds an encoder for every call)
_ENCODER = json.JSONEncoder(allow_nan=False)


def loads(text: str | bytes, max_depth: int) -> Any:
    """One message parsed: strict JSON nested at most ``max_depth`` levels deep; anything
    else is a :class:`MessageError` saying what is wrong in one line.

    >>> loads(b'{"a": 1', max_depth=8)
    Traceback (most recent call last):
    ...
    ginrules._jsonlines.MessageError: not valid JSON: Expecting ',' delimiter: line 1 column 8 (char 7)
    >>> loads("1" * 5000, max_depth=8)
    Traceback (most recent call last):
    ...
    ginrules._jsonlines.MessageError: not valid JSON: an integer of more than 4300 digits
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise MessageError(f"not UTF-8 text (byte {error.start + 1})") from None
    if not isinstance(text, str):
        raise MessageError(f"a message is text, not {type(text).__name__}")
    # (no deeper than its opening brackets, counted at C speed: most messages need no more)
    if text.count("[") + text.count("{") > max_depth:
        depth = nesting(text)
        if depth > max_depth:
            raise MessageError(f"the message nests {depth} levels deep, more than "
                               f"{max_depth}")
    try:
        return _DECODER.decode(text)
    except MessageError:
        raise
    except json.JSONDecodeError as error:
        raise MessageError(f"not valid JSON: {error}") from None
    except ValueError as error:  # an integer of more digits than int() converts
        why = str(error)
        if "digits" in why:
            why = "an integer of more than 4300 digits"
        raise MessageError(f"not valid JSON: {why.splitlines()[0][:200]}") from None
    except RecursionError:  # (not reached: the nesting was measured first)
        raise MessageError("the message nests too deeply") from None


def dumps(value: Any) -> str:
    """``value`` as strict JSON on one line (NaN and Infinity are refused with a
    :class:`MessageError`, never written).

    >>> dumps({"id": 1.5, "ok": True})
    '{"id": 1.5, "ok": true}'
    >>> dumps({"id": float("nan")})
    Traceback (most recent call last):
    ...
    ginrules._jsonlines.MessageError: the reply holds a number that is not JSON (NaN or Infinity)
    """
    try:
        return _ENCODER.encode(value)
    except ValueError:
        raise MessageError("the reply holds a number that is not JSON (NaN or "
                           "Infinity)") from None
