"""Game records: a documented JSON format, a writer, a reader and a strict validator.

* :mod:`ginrules.records.format`: the format's constants, its JSON Schema, the action
  notation (``"p0 discard 7H"``);
* :mod:`ginrules.records.writer`: :func:`to_record` and :func:`dump`;
* :mod:`ginrules.records.reader`: :func:`load` (replayed strictly) and :func:`replay`;
* :mod:`ginrules.records.validator`: :func:`validate`, every problem with its place, and
  :func:`validate_many` for many records, over processes or a cluster; the explanations
  of records from other engines (:func:`register_explanations`);
* :mod:`ginrules.records.report`: :class:`Problem` and :class:`Report`, and the problem
  :data:`CODES`.

OpenSpiel histories are imported by :func:`ginrules.interop.openspiel.from_openspiel`
(the records never import :mod:`ginrules.interop`, which is above them).

>>> import ginrules
>>> from ginrules import records
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> for text in ("pass", "pass", "draw stock"):
...     state = ginrules.hand.apply(state, text)
>>> data = records.to_record(state)
>>> data["hands"][0]["actions"]
['p1 pass', 'p0 pass', 'p1 draw stock 9S']
>>> records.validate(data).valid
True

:func:`validate` replays a record and reports every problem with its place (hand and
action numbers count from 1); strict by default, it stops at the first problem:

>>> data["hands"][0]["actions"][2] = "p1 discard 7H"
>>> print(records.validate(data))
invalid: hand 1, action 3: cannot discard 7H: player 1 must draw now
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrules.records.format import (
        FORMAT,
        MAX_DEPTH,
        MAX_RECORD_BYTES,
        UNKNOWN,
        VERSION,
        RecordLike,
        parse_action,
        player_text,
        schema,
    )
    from ginrules.records.reader import Record, load, replay
    from ginrules.records.report import CODES, MAX_PROBLEMS, Problem, Report
    from ginrules.records.validator import (
        Explanations,
        register_explanations,
        validate,
        validate_many,
    )
    from ginrules.records.writer import dump, to_record

# Each name is imported from its module when it is first used (as in ginrules itself):
# what imports one module of the records (the validator, the format) does not import the
# others (the writer, the reader), so that ``ginrules validate`` starts lighter.
_LAZY = {
    "ginrules.records.format": ("FORMAT", "MAX_DEPTH", "MAX_RECORD_BYTES", "UNKNOWN",
                                "VERSION", "RecordLike", "parse_action", "player_text",
                                "schema"),
    "ginrules.records.reader": ("Record", "load", "replay"),
    "ginrules.records.report": ("CODES", "MAX_PROBLEMS", "Problem", "Report"),
    "ginrules.records.validator": ("Explanations", "register_explanations", "validate",
                                   "validate_many"),
    "ginrules.records.writer": ("dump", "to_record"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}
# the submodules that importing the package used to import (so they were its attributes)
_SUBMODULES = frozenset({"format", "reader", "report", "validator", "writer", "_deal",
                         "_parallel", "_views", "_words"})

__all__ = [
    "CODES",
    "FORMAT",
    "MAX_DEPTH",
    "MAX_PROBLEMS",
    "MAX_RECORD_BYTES",
    "UNKNOWN",
    "VERSION",
    "Explanations",
    "Problem",
    "Record",
    "RecordLike",
    "Report",
    "dump",
    "load",
    "parse_action",
    "player_text",
    "register_explanations",
    "replay",
    "schema",
    "to_record",
    "validate",
    "validate_many",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is not None:
        value = getattr(_importlib.import_module(module), name)
        globals()[name] = value  # the next use is an ordinary attribute
        return value
    if name in _SUBMODULES:
        return _importlib.import_module(f"ginrules.records.{name}")
    if name == "from_openspiel":  # it would be an import of ginrules.interop from below it
        raise AttributeError("module 'ginrules.records' has no attribute 'from_openspiel': "
                             "since 0.2.0 it is ginrules.interop.openspiel.from_openspiel")
    raise AttributeError(f"module 'ginrules.records' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF, *_SUBMODULES})
