"""Reading records: :func:`load` replays a record strictly and gives back its hands and
game; :func:`replay` gives the hands alone.

>>> import ginrules
>>> from ginrules.records import load, to_record
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> load(to_record(state)).hands[0] == state
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import attrs

from ginrules.game import GameState
from ginrules.hand import HandState
from ginrules.records.format import RecordLike, _read
from ginrules.records.report import _error
from ginrules.records.validator import _Checker, _Stop
from ginrules.rulesets import RuleSet

__all__ = ["Record", "load", "replay"]


@attrs.frozen(eq=False)
class Record:
    """A record read and replayed by :func:`load`: its data (the JSON), the rules, and
    every hand as replayed (the final :class:`~ginrules.HandState` of each), plus the
    game (for game records).

    >>> import ginrules
    >>> from ginrules import game
    >>> from ginrules.records import dump
    >>> g = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
    >>> record = load(dump(g))
    >>> record.hands == g.finished, record.game.sheet == g.sheet
    (True, True)
    """

    data: Mapping[str, Any]
    rules: RuleSet
    hands: tuple[HandState, ...]
    game: GameState | None


def load(source: RecordLike) -> Record:
    """Read a record (a path, JSON text, bytes or a dict) and replay it strictly.

    Raises :class:`~ginrules.InvalidRecordError` at the first problem: a corrupt record
    is rejected, never trusted.

    >>> load('{"format": "ginrules-record", "version": 2}')
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: unsupported format version 2 (this ginrules reads version 1)
    """
    data, name = _read(source)
    checker = _Checker(name, strict=True)
    with contextlib.suppress(_Stop):
        checker.check(data)
    if checker.problems:
        raise _error(checker.problems[0])
    assert checker.rules is not None
    return Record(data, checker.rules, tuple(checker.states), checker.game)


def replay(source: RecordLike) -> tuple[HandState, ...]:
    """The hands of a record as replayed (strict; see :func:`load`).

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> from ginrules.records import to_record
    >>> replay(to_record(state))[0] == state
    True
    """
    return load(source).hands
