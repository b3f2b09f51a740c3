"""The record format: its constants, its JSON Schema, the action notation, reading JSON.

A record holds a whole game or a single hand: the rules (a preset plus overrides), the
players, and for each hand the dealer, the deal, the actions in a compact notation
(``"p0 discard 7H"``) and, optionally, the declared outcome and running totals. The format
is described in the docs (``docs/records.rst``) and by the JSON Schema shipped with the
package (:func:`schema`).

>>> parse_action("p1 draw stock 5c")
(1, Action.parse('draw stock'), '5C')
>>> schema()["properties"]["format"]["const"]
'ginrules-record'
"""

from __future__ import annotations

import codecs
import functools
import json
import math
import os
import re
from collections.abc import Mapping
from json import decoder as json_decoder
from json import scanner as json_scanner
from typing import Any, BinaryIO, Union

from ginrules._files import open_regular, shown
from ginrules.actions import Action, ActionKind
from ginrules.cards import parse_card
from ginrules.errors import (
    ActionNotationError,
    CardNotationError,
    GinRulesError,
    InvalidRecordError,
    NotationError,
    _type_name,
)
from ginrules.knocking import EndKind

__all__ = ["FORMAT", "MAX_DEPTH", "MAX_RECORD_BYTES", "UNKNOWN", "VERSION", "RecordLike",
           "parse_action", "player_text", "schema"]

FORMAT = "ginrules-record"
"""The value of the ``format`` field of every record."""

VERSION = 1
"""The format version this ginrules writes and reads."""

UNKNOWN = "??"
"""How a record of one player's view writes a card that player never saw."""

RecordLike = Union[Mapping[str, Any], str, "os.PathLike[str]", bytes]
"""What :func:`validate` and :func:`load` accept: a parsed record (a dict), JSON text
(a string starting with ``{``), a path, or bytes."""

_TOP_KEYS = frozenset({
    "format", "version", "kind", "rules", "hollywood", "players", "meta", "view", "complete",
    "hands", "final", "winner", "source",
})
_HAND_KEYS = frozenset({
    "dealer", "deck", "deal", "actions", "knocker_melds", "outcome", "totals", "source",
})
_OUTCOME_KEYS = frozenset({"kind", "knocker", "winner", "points", "deadwood"})
_DEAL_KEYS = frozenset({"hands", "upcard"})
_KINDS = {k.value: k for k in EndKind}


# -- the schema -----------------------------------------------------------------------


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format (shipped as ``ginrules/records/record.schema.json``).

    >>> schema()["properties"]["version"]["const"]
    1
    """
    loaded: dict[str, Any] = json.loads(_schema_text())
    return loaded


@functools.cache
def _schema_text() -> str:
    """The text of the schema file, read once, by the loader of this module (as
    :func:`pkgutil.get_data` does, so that a zipped install reads it too), not by
    :mod:`importlib.resources`, whose imports (pathlib, tempfile, zipfile, urllib) would
    weigh on the start of ``ginrules validate``."""
    path = os.path.join(os.path.dirname(__file__), "record.schema.json")
    get_data = getattr(getattr(__spec__, "loader", None), "get_data", None)
    if get_data is None:  # pragma: no cover - a loader that reads no data: the file
        with open(path, "rb") as file:
            return file.read().decode("utf-8")
    data: bytes = get_data(path)
    return data.decode("utf-8")


@functools.cache
def _pattern(name: str) -> re.Pattern[str]:
    """The pattern of the schema's definition ``name`` (``action``, ``card``,
    ``endKind``): the validator holds a record's text to the very patterns the schema
    states, so that the two never disagree on how a field is written.

    >>> bool(_pattern("action").fullmatch("P1 Draw Stock 5c")), bool(_pattern("card").fullmatch(" 7H"))
    (True, False)
    """
    found: str = schema()["$defs"][name]["pattern"]
    return re.compile(found)


def _written_as(name: str, text: object) -> bool:
    """Whether ``text`` is a string written as the schema's pattern ``name`` says,
    whole: ``fullmatch``, so that a final newline is not taken for the end."""
    return isinstance(text, str) and _pattern(name).fullmatch(text) is not None


# -- actions --------------------------------------------------------------------------

_ACTION_CACHE: dict[str, tuple[int, Action, str | None]] = {}
_NAMED = {"take": ActionKind.TAKE, "draw stock": ActionKind.DRAW_STOCK,
          "draw discard": ActionKind.DRAW_DISCARD, "take upcard": ActionKind.TAKE}


def parse_action(text: object) -> tuple[int, Action, str | None]:
    """Read one action of a record: ``"p0 discard 7H"``, ``"p1 draw stock 5C"`` (the
    card drawn), ``"p1 draw stock ??"`` (unknown to the viewer), ``"p0 take 7H"``.

    Returns the player, the action and the named card's text (or ``None``).

    >>> parse_action("p1 draw stock 5c")
    (1, Action.parse('draw stock'), '5C')
    >>> parse_action("p2 pass")
    Traceback (most recent call last):
    ...
    ginrules.errors.ActionNotationError: bad action 'p2 pass': it must start with the player, p0 or p1
    """
    if not isinstance(text, str):
        raise ActionNotationError(
            f"an action must be a string like 'p0 discard 7H', not {text!r}")
    cached = _ACTION_CACHE.get(text)
    if cached is not None:
        return cached
    head, _, rest = text.strip().partition(" ")
    if head.lower() not in ("p0", "p1"):
        raise ActionNotationError(
            f"bad action {text!r}: it must start with the player, p0 or p1")
    player = int(head[1])
    named: str | None = None
    try:
        action = Action.parse(rest) if rest.strip() else Action.parse("?")
    except NotationError as error:
        words = rest.split()
        kind = _NAMED.get(" ".join(words[:-1]).lower()) if len(words) >= 2 else None
        if kind is None:
            raise type(error)(f"bad action {text!r}: {_reason(error)}") from None
        if words[-1] == UNKNOWN:
            named = UNKNOWN
        else:
            try:
                named = str(parse_card(words[-1]))
            except CardNotationError as bad:
                raise CardNotationError(f"bad action {text!r}: {bad}") from None
        action = Action(kind)
    out = (player, action, named)
    if len(_ACTION_CACHE) < 10000:
        _ACTION_CACHE[text] = out
    return out


def _reason(error: Exception) -> str:
    text = str(error)
    return text.split(": ", 1)[1] if text.startswith("bad action") and ": " in text else text


def player_text(player: int, action: Action) -> str:
    """An action with its player, as a record writes it.

    >>> player_text(1, Action.parse("knock 3C"))
    'p1 knock 3C'
    """
    return f"p{player} {action}"


# -- reading JSON ---------------------------------------------------------------------


MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The most a record may hold, in bytes of UTF-8 (64 MiB, some six thousand times a
typical game); a larger one is refused before it is read."""

MAX_DEPTH = 64
"""How deeply a record's JSON may nest (a record itself nests five levels deep; the rest
is for ``meta``); deeper is malformed."""


def _read(source: RecordLike) -> tuple[Any, str | None]:
    """The parsed JSON and a name for the source; raises InvalidRecordError."""
    if isinstance(source, Mapping):
        return source, None
    if not isinstance(source, (str, bytes, os.PathLike)):
        raise _read_error("not-a-record", f"a record is a dict, JSON text, bytes or a path, "
                          f"not {_type_name(source)}")
    text, name = _text(source)
    if type(text) is _Parsed:  # a large file, read a window at a time
        return text.data, name
    assert isinstance(text, str)
    if "\x00" in text:
        raise _read_error("malformed-json", "malformed JSON: the text holds a NUL character")
    try:
        data = _decode(text)
    except json.JSONDecodeError as error:
        raise _read_error("malformed-json", _json_message(error)) from None
    except RecursionError:
        raise _read_error("malformed-json", _too_deep()) from None
    except InvalidRecordError:
        raise
    except ValueError as error:  # an integer of more digits than Python converts
        raise _read_error("malformed-json", f"malformed JSON: {error}".split(";")[0]
                          ) from None
    # a text of at most MAX_DEPTH brackets cannot nest deeper (a record of single hands,
    # or of one long hand, has a dozen): the depth is checked only when it could be over
    containers = text.count("[") + text.count("{")
    del text  # the parse alone from here (a text the caller gave stays the caller's)
    if containers > MAX_DEPTH:
        _check_depth(data)
    return data, name


def _streamed(handle: BinaryIO) -> _Parsed | None:
    """The parsed JSON of an open record file, read a window at a time (see
    :class:`_Stream`); ``None`` (and the file back at its start) for a file that is no
    record of the usual shape or is wrong in any way, which is read whole, as before:
    whatever is wrong is told by that reading, in the same words."""
    try:
        return _Parsed(_Stream(handle).record())
    except Exception:  # (malformed, too deep, too large, not UTF-8, unreadable: see above)
        handle.seek(0)
        return None


class _Parsed:
    """A record's JSON parsed as it was read (by :func:`_streamed`)."""

    __slots__ = ("data",)

    def __init__(self, data: Any) -> None:
        self.data = data


_STREAM_FROM = 1_000_000  # bytes of a file from which it is read a window at a time
_WINDOW = 1 << 14  # bytes read at a time (more while one value is longer)
# the longest value read so (the whole reading takes a longer one): the window's strings
# stay small, and a long hand given up early leaves no large block of freed memory
# behind, which would add to the whole reading's peak
_LONGEST = 1 << 15
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_BETWEEN = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")  # between two values of a list


class _Fallback(Exception):
    """A record file that :class:`_Stream` leaves to the whole reading."""


class _Stream:
    """A record file read a window of its text at a time: its top-level object member by
    member, and its ``hands`` one hand at a time, each parsed by the reader of
    :func:`_decode` (the same values, the same strings shared), so that the text of the
    hands read is let go as they are read. A game of many short hands then peaks at its
    parse and a window, not its parse and its whole text (2.44 times the file's size, not
    2). A value longer than :data:`_LONGEST` characters (a long hand), or any text that
    is not JSON of that shape, is a :class:`_Fallback`."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.utf8 = codecs.getincrementaldecoder("utf-8")()
        self.decoder, self.read_object = _decoder(as_read=False, keys=True)
        self.text = ""  # the window: the text from the place reached on
        self.at = 0  # the place in the window
        self.size = 0  # bytes read
        self.ended = False

    def more(self, at_least: int = 0) -> bool:
        """Read :data:`_WINDOW` more bytes into the window (or ``at_least``, if more);
        False at the end of the file."""
        if self.ended:
            return False
        data = self.handle.read(max(_WINDOW, at_least))
        self.size += len(data)
        if self.size > MAX_RECORD_BYTES:
            raise _Fallback
        self.ended = not data
        chunk = self.utf8.decode(data, final=self.ended)
        if "\x00" in chunk:
            raise _Fallback
        self.text = self.text[self.at:] + chunk
        self.at = 0
        if len(self.text) > _LONGEST:  # a long value (a long hand): read whole
            raise _Fallback
        return True

    def next_char(self) -> str:
        """The next character after whitespace (the place is left on it)."""
        while True:
            self.at = _WHITESPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text):
                return self.text[self.at]
            if not self.more():
                raise _Fallback

    def value(self, level: int = 1) -> Any:
        """The JSON value at the place, read whole (the window grows while it is cut),
        that the record holds ``level`` lists and objects deep (see :meth:`deep`)."""
        while True:
            try:
                value, end = self.decoder.raw_decode(self.text, self.at)
            except json.JSONDecodeError:  # cut by the window's end, or malformed
                if not self.more(len(self.text) - self.at):  # (the value's text, doubled)
                    raise _Fallback from None
                continue
            if end == len(self.text) and self.more():  # (a number may go on)
                continue
            self.deep(self.at, end, level)
            self.at = end
            return value

    def deep(self, start: int, end: int, level: int) -> None:
        """A :class:`_Fallback` if the value of ``text[start:end]``, ``level`` deep, may
        nest deeper than :data:`MAX_DEPTH`: it opens no more lists and objects than that
        (counted at C speed, strings' brackets included), or is read whole, which says
        whether it does (as :func:`_read` tells a record whose brackets are that many)."""
        text = self.text
        if text.count("[", start, end) + text.count("{", start, end) > MAX_DEPTH - level:
            raise _Fallback

    def hands(self) -> list[Any]:
        """The list of hands at the place, each an object."""
        self.at += 1
        out: list[Any] = []
        if self.next_char() == "]":
            self.at += 1
            return out
        scan, between = self.decoder.scan_once, _BETWEEN.match  # type: ignore[attr-defined]
        while True:  # the place is on the next hand's first character
            text, at = self.text, self.at
            if text[at] != "{":
                raise _Fallback
            try:  # (the usual hand, whole in the window, read at once)
                value, end = scan(text, at)
            except (StopIteration, json.JSONDecodeError):
                end = -1
            if end < 0 or end == len(text):
                value = self.value(2)
                text, end = self.text, self.at
            else:
                self.deep(at, end, 2)
            out.append(value)
            comma = between(text, end)
            if comma is not None and comma.end() < len(text):
                self.at = comma.end()
                continue
            self.at = end
            last = self.next_char()
            self.at += 1
            if last == "]":
                return out
            if last != ",":
                raise _Fallback
            self.next_char()

    def record(self) -> Any:
        """The whole record's JSON, checked as :func:`_read` checks it."""
        if self.next_char() != "{":
            raise _Fallback
        self.at += 1
        pairs: list[tuple[str, Any]] = []
        if self.next_char() == "}":
            self.at += 1
        else:
            while True:
                if self.next_char() != '"':
                    raise _Fallback
                key = self.value()
                if self.next_char() != ":":
                    raise _Fallback
                self.at += 1
                if key == "hands" and self.next_char() == "[":
                    pairs.append((key, self.hands()))
                else:
                    self.next_char()
                    pairs.append((key, self.value()))
                end = self.next_char()
                self.at += 1
                if end == "}":
                    break
                if end != ",":
                    raise _Fallback
        data = self.read_object(pairs)
        while True:  # nothing but whitespace after it
            self.at = _WHITESPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text):
                raise _Fallback
            if not self.more():
                break
        return data


def _text(source: str | bytes | os.PathLike[str]) -> tuple[str | _Parsed, str | None]:
    """The text of a record given as JSON text, bytes or a path, and its name (a path's);
    raises InvalidRecordError. A file of :data:`_STREAM_FROM` bytes or more is parsed
    as it is read instead, where it can be (:func:`_streamed`)."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        if len(source) > MAX_RECORD_BYTES:  # (a character is one byte or more)
            raise _read_error("too-large", _too_large("the record"))
        return source, None
    if isinstance(source, bytes):
        if len(source) > MAX_RECORD_BYTES:
            raise _read_error("too-large", _too_large("the record"))
        try:
            return source.decode("utf-8"), None
        except UnicodeDecodeError as error:
            raise _not_utf8("the record", error.start) from None
    name = os.fspath(source) if not isinstance(source, str) else source
    what = shown(name)
    try:
        handle = open_regular(name)
    except GinRulesError as error:
        raise _read_error("unreadable", str(error)) from None
    try:
        with handle:
            if os.fstat(handle.fileno()).st_size >= _STREAM_FROM:
                parsed = _streamed(handle)
                if parsed is not None:
                    return parsed, name
            return _decoded(handle, what), name
    except OSError as error:
        raise _read_error("unreadable",
                          f"cannot read {what}: {error.strerror or error}") from None


def _decoded(handle: BinaryIO, what: str) -> str:
    """The text of an open file, to at most :data:`MAX_RECORD_BYTES` (a file that grew
    past it is too large). Only the text is returned: the file's bytes are gone before
    the JSON is read (both at once, then the parse beside them, made the peak of
    validating a record of one long hand about 2.5 times the file's size, not 2)."""
    size = os.fstat(handle.fileno()).st_size
    if size > MAX_RECORD_BYTES:
        raise _read_error("too-large", _too_large(what))
    # (a read of the bound itself would allocate the bound each time)
    data = handle.read(size + 1)
    if len(data) > size:  # it grew since: the rest, to the bound
        data += handle.read(MAX_RECORD_BYTES + 1 - len(data))
    if len(data) > MAX_RECORD_BYTES:
        raise _read_error("too-large", _too_large(what))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(what, error.start) from None


def _not_utf8(what: str, at: int) -> InvalidRecordError:
    """The error of a record whose byte ``at`` (from 0) is not UTF-8."""
    return _read_error("unreadable", f"{what} is not UTF-8 text (byte {at + 1})")


def _json_message(error: json.JSONDecodeError) -> str:
    r"""The whole of a JSON reader's message, with its line and column: some of
    :mod:`json`'s messages end with "at", the place being left to its ``str()``.

    >>> import json
    >>> def message(text):
    ...     try:
    ...         json.loads(text)
    ...     except json.JSONDecodeError as error:
    ...         return _json_message(error)
    >>> message('{"rules": "cl')
    'malformed JSON: line 1, column 11: Unterminated string starting at line 1, column 11 (the text ends before its closing quote)'
    >>> message('{"rules": "a\nb"}')
    'malformed JSON: line 1, column 13: Invalid control character at line 1, column 13 (U+000A, written \\n in a JSON string)'
    >>> message('{"a" 1}')
    "malformed JSON: line 1, column 6: Expecting ':' delimiter"
    """
    place = f"line {error.lineno}, column {error.colno}"
    what = error.msg
    if what.endswith(" at"):  # "Unterminated string starting at", "Invalid control ..."
        what = f"{what} {place}"
        if what.startswith("Unterminated string"):
            what += " (the text ends before its closing quote)"
        elif what.startswith("Invalid control character") and error.pos < len(error.doc):
            char = error.doc[error.pos]
            what += f" (U+{ord(char):04X}, written {json.dumps(char)[1:-1]} in a JSON string)"
    return f"malformed JSON: {place}: {what}"


def _too_large(what: str) -> str:
    return f"{what} is larger than {MAX_RECORD_BYTES:,} bytes, the most a record may hold"


def _too_deep() -> str:
    return f"malformed JSON: nested too deeply (a record nests at most {MAX_DEPTH} levels)"


def _check_depth(data: Any) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH`: one pass over its objects and
    lists, level by level; a list or object of plain values (a hand's actions) is passed
    over at C speed."""
    level, depth = [data] if type(data) is dict or type(data) is list else [], 1
    while level:
        if depth > MAX_DEPTH:
            raise _read_error("malformed-json", _too_deep())
        deeper = []
        for value in level:
            items = value.values() if type(value) is dict else value
            if not _PLAIN.issuperset(map(type, items)):
                deeper += [item for item in items if type(item) is dict or type(item) is list]
        level, depth = deeper, depth + 1


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _finite(text: str) -> float:
    """A JSON number with a fraction or an exponent; one too large for a float (1e999)
    is refused rather than read as infinity, which is not JSON."""
    value = float(text)
    if math.isinf(value):
        raise _read_error("malformed-json", f"malformed JSON: the number {text[:40]} is "
                          "too large")
    return value


def _decode(text: str) -> Any:
    """Strict JSON that keeps one copy of each short string in a list (a hand's actions).

    A record repeats a few dozen action texts ("p0 draw discard") thousands of times;
    the standard reader makes a new string object for every one, about four times the
    size of the file. Here each object, once read, has the strings of its lists replaced
    by the first copy of each; and where a hand's actions run to a megabyte or more, the
    strings are shared as they are read (the pure-Python scanner of :mod:`json`, whose
    string scanning is still in C, and five times slower), so that no hand, however
    long, takes much more memory than its text.
    """
    as_read = len(text) >= _SHARING_FROM * max(1, text.count('"actions"'))
    return _decoder(as_read)[0].decode(text)


def _decoder(as_read: bool, keys: bool = False) -> tuple[json.JSONDecoder, Any]:
    """The reader of :func:`_decode` (sharing strings as they are read, ``as_read``, or
    once each object is read), and its hook for an object's pairs; with ``keys``, the
    objects' keys are shared too (:mod:`json` shares them within one reading, and
    :class:`_Stream` reads each hand by itself)."""
    seen: dict[str, str] = {}

    def share(value: str) -> str:
        if len(value) <= _SHARED_LENGTH and len(seen) < _SHARED_COUNT:
            return seen.setdefault(value, value)
        return value

    names: dict[str, str] | None = {} if keys else None

    def read_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = _no_duplicate_keys(pairs, names)
        for key, value in () if as_read else out.items():
            if type(value) is list and value and type(value[0]) is str:
                value[:] = [share(v) if type(v) is str else v for v in value]
            elif type(value) is str:  # an outcome's kind, in every hand of a game
                out[key] = share(value)
        return out

    decoder = json.JSONDecoder(object_pairs_hook=read_object, parse_constant=_no_constant,
                               parse_float=_finite)
    if as_read:
        scan: Any = json_decoder.scanstring  # type: ignore[attr-defined]

        def read_string(text: str, end: int, strict: bool) -> tuple[str, int]:
            value, end = scan(text, end, strict)
            return share(value), end

        decoder.parse_string = read_string  # type: ignore[attr-defined]
        decoder.scan_once = json_scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder, read_object


_SHARING_FROM = 1_000_000  # characters of a hand from which strings are shared as read
_SHARED_LENGTH = 40  # longer strings are rarely repeated
_SHARED_COUNT = 100_000  # a bound on the reader's table, whatever the record holds


def _no_duplicate_keys(pairs: list[tuple[str, Any]], names: dict[str, str] | None = None
                       ) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (JSON readers disagree on which wins);
    with ``names``, each key is the first copy of it there (up to a bound)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if names is not None:
            shared = names.get(key)
            if shared is not None:
                key = shared
            elif len(names) < _SHARED_COUNT:
                names[key] = key
        if key in out:
            raise _read_error("malformed-json", f"malformed JSON: the key {key!r} is given "
                              "twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON."""
    raise _read_error("malformed-json", f"malformed JSON: {name} is not a JSON value")


def _read_error(code: str, message: str) -> InvalidRecordError:
    """An error of reading a record, with the problem code the validator reports."""
    error = InvalidRecordError(message)
    error.code = code  # type: ignore[attr-defined]
    return error



def _name_of(source: RecordLike) -> str | None:
    if not isinstance(source, (str, os.PathLike)):
        return None
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return None
    return os.fsdecode(source)  # a path object may name itself in bytes

