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

from ginrules.cards import Card, format_cards
from ginrules.errors import UnknownCardsError
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

    A record of one player's view (``view`` is that player) may write the other
    player's cards as ``??``. To replay it, those are filled with made-up stand-ins:
    ``stand_ins`` gives them for each hand, and ``hands`` refuses such a record with an
    :class:`~ginrules.UnknownCardsError` (anything computed from its states, a score,
    a deadwood, a picture, would rest on made-up cards);
    ``replayed_with_stand_ins`` gives the states to a caller who knows that, one for
    each hand of the record, ``None`` for a hand that could not be replayed (a knock by
    the player whose cards are unknown).

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
    replayed_with_stand_ins: tuple[HandState | None, ...]
    game: GameState | None
    view: int | None = None
    stand_ins: tuple[frozenset[Card], ...] = ()

    @property
    def hands(self) -> tuple[HandState, ...]:
        """Every hand as replayed; an :class:`~ginrules.UnknownCardsError` if a hand was
        replayed with made-up cards (see ``stand_ins``).

        >>> import ginrules
        >>> from ginrules.records import to_record
        >>> data = to_record(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0),
        ...                  deal_form="hands")
        >>> data["view"], data["hands"][0]["deal"]["hands"][1] = 0, " ".join(["??"] * 10)
        >>> record = load(data)
        >>> record.hands
        Traceback (most recent call last):
        ...
        ginrules.errors.UnknownCardsError: this record is player 0's view: hand 1 was replayed with 10 made-up cards standing in for player 1's unknown ones (AC 3C 6C 7C 8C 9C TC JC QC KC), so its states are not facts; record.stand_ins says which, and record.replayed_with_stand_ins gives the states to a caller who knows that
        >>> len(record.stand_ins[0]), record.replayed_with_stand_ins[0].phase.name
        (10, 'OFFER')
        """
        for number, cards in enumerate(self.stand_ins, 1):
            if cards:
                who = 1 - (self.view or 0)
                raise UnknownCardsError(
                    f"this record is player {self.view}'s view: hand {number} was replayed "
                    f"with {len(cards)} made-up card{'s' * (len(cards) != 1)} standing in "
                    f"for player {who}'s unknown ones ({format_cards(sorted(cards))}), so its "
                    "states are not facts; record.stand_ins says which, and "
                    "record.replayed_with_stand_ins gives the states to a caller who knows that")
        # (a hand is not replayed, None, only in a view record with unknown cards)
        return tuple(state for state in self.replayed_with_stand_ins if state is not None)


def load(source: RecordLike) -> Record:
    """Read a record (a path, JSON text, bytes or a dict) and replay it strictly.

    Raises :class:`~ginrules.InvalidRecordError` at the first problem: a corrupt record
    is rejected, never trusted.

    >>> load('{"format": "ginrules-record", "version": 2}')
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidRecordError: unsupported format version 2 (this ginrules reads version 1)
    """
    data, _ = _read(source)
    checker = _Checker(strict=True)
    with contextlib.suppress(_Stop):
        checker.check(data)
    if checker.problems:
        raise _error(checker.problems[0])
    assert checker.rules is not None
    view = data.get("view") if isinstance(data, Mapping) else None
    return Record(data, checker.rules, tuple(checker.states), checker.game,
                  view if type(view) is int else None, tuple(checker.states_stand_ins))


def replay(source: RecordLike) -> tuple[HandState, ...]:
    """The hands of a record as replayed (strict; see :func:`load`).

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> from ginrules.records import to_record
    >>> replay(to_record(state))[0] == state
    True
    """
    return load(source).hands
