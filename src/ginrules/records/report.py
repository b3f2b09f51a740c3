"""What the validator reports: each :class:`Problem` with its place, and the
:class:`Report` of a record.

>>> print(Report("a.json", (Problem(1, 3, "bad"),), (), 1, 3))
a.json: invalid: hand 1, action 3: bad
"""

from __future__ import annotations

from typing import Any

import attrs

from ginrules._fields import check_fields
from ginrules.errors import InvalidRecordError

__all__ = ["CODES", "MAX_PROBLEMS", "Problem", "Report"]

MAX_PROBLEMS = 100
"""The most problems a lenient check lists for one record; the rest are counted
(:attr:`Report.omitted`), so that a file of a million bad actions gives a short report."""

CODES: dict[str, str] = {
    # reading
    "unreadable": "the file cannot be read (missing, a folder, no permission, not UTF-8, "
                  "not a regular file)",
    "too-large": "the record is larger than the most a record may hold (MAX_RECORD_BYTES)",
    "malformed-json": "the text is not JSON",
    "not-a-record": "the JSON is not a ginrules record (not an object, or another format)",
    "unsupported-version": "a format version this ginrules does not read",
    # the fields
    "unknown-field": "a field the format does not have",
    "bad-field": "a field of the wrong type or shape",
    "bad-rules": "the rules are not a preset with valid overrides",
    # the deal and the actions
    "bad-card": "a card written badly in the deal",
    "bad-deal": "the deal is missing, or not the 52 cards once each, or a hand of not 10",
    "bad-action": "an action written badly",
    "unknown-card": "a card written as unknown (??) where it must be known",
    "wrong-card": "a card drawn or discarded that is not where the record says",
    "illegal-action": "an action the rules do not allow there (the engine's reason)",
    "play-after-end": "actions after the hand was over",
    "hand-incomplete": "a hand that stops before it is over (in a complete record)",
    "hand-not-over": "an outcome declared for a hand that is not over (in a record still in "
                     "play)",
    "unseen-card": "a record of one player's view names a card of the other player's that "
                   "its player cannot know (a stock draw, a dealt card; or the whole deck)",
    "bad-melds": "knocker_melds that are not melds of the knocker's cards, or no knock",
    "worse-melds": "knocker_melds that leave more deadwood than the best layout, under "
                   "rules that lay hands out for the players (auto_layout)",
    # the declared outcome of a hand
    "wrong-dealer": "the dealer is not the one the rules name",
    "wrong-kind": "the declared kind of the hand's end is wrong",
    "wrong-knocker": "the declared knocker is wrong",
    "wrong-deadwood": "a declared deadwood count is wrong",
    "wrong-winner": "the declared winner of the hand is wrong",
    "wrong-points": "the declared points of the hand are wrong",
    # the game
    "wrong-totals": "the declared running totals are wrong",
    "game-continues": "hands after a player reached the target",
    "game-incomplete": "the record stops before the game is over (in a complete record)",
    "game-not-over": "the final scores or the winner are declared, but the game is not over",
    "wrong-final": "the declared final scores are wrong",
    "wrong-game-winner": "the declared winner of the game is wrong",
    # asked for: validate(fail_unchecked=True), ginrules validate --fail-unchecked
    "unchecked": "a claim the record makes that could not be checked (a record of one "
                 "player's view), reported as a problem only when asked (fail_unchecked)",
}
"""Every problem code the validator reports, with what it means. The codes are stable:
a new check gets a new code, and a code keeps its meaning.

>>> CODES["wrong-points"]
'the declared points of the hand are wrong'
"""


@attrs.frozen
class Problem:
    """One problem of a record: where (``hand`` and ``action`` numbers from 1, ``None``
    when the problem is not tied to one), a reason a person understands, a stable
    ``code`` for machines (``illegal-action``, ``wrong-points``, ``unreadable``, ...; the
    codes are listed in the records documentation) and, where the record declares a value
    that is wrong, the ``expected`` and the ``declared`` value (JSON values; ``None``
    otherwise).

    >>> str(Problem(2, 14, "cannot discard 7H: 7H is not in player 1's hand", "illegal-action"))
    "hand 2, action 14: cannot discard 7H: 7H is not in player 1's hand"
    >>> str(Problem(None, None, "unsupported format version 2"))
    'unsupported format version 2'
    >>> Problem(1, None, "the declared points are 30, but ...", "wrong-points", 25, 30).declared
    30
    """

    hand: int | None
    action: int | None
    message: str
    code: str = "invalid"
    expected: Any = None
    declared: Any = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    @property
    def place(self) -> str:
        """Where the problem is, as text (empty for the record as a whole).

        >>> Problem(3, None, "x").place
        'hand 3'
        """
        parts = []
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.action is not None:
            parts.append(f"action {self.action}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        """The problem as a JSON-ready dict.

        >>> Problem(1, 2, "bad").to_dict()
        {'hand': 1, 'action': 2, 'code': 'invalid', 'message': 'bad', 'expected': None, 'declared': None}
        """
        return {"hand": self.hand, "action": self.action, "code": self.code,
                "message": self.message, "expected": self.expected, "declared": self.declared}

    def __str__(self) -> str:
        place = self.place
        return f"{place}: {self.message}" if place else self.message


@attrs.frozen
class Report:
    """The result of :func:`validate`: whether the record is valid, its problems (with
    their places), notes on what could not be checked, and what was replayed.

    >>> report = Report("a.json", (Problem(1, 3, "bad"),), (), 1, 3)
    >>> report.valid, str(report)
    (False, 'a.json: invalid: hand 1, action 3: bad')
    """

    source: str | None
    problems: tuple[Problem, ...]
    notes: tuple[str, ...] = ()
    hands: int = 0
    actions: int = 0
    #: problems found past :data:`MAX_PROBLEMS` (a lenient check lists the first ones)
    omitted: int = 0

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    @property
    def valid(self) -> bool:
        """Whether the record has no problem.

        >>> Report(None, ()).valid
        True
        """
        return not self.problems

    def summary(self) -> str:
        """One line: the source, valid or invalid, and the first problem or the size.

        >>> Report("a.json", (), (), 2, 150).summary()
        'a.json: valid (2 hands, 150 actions)'
        """
        head = f"{self.source}: " if self.source else ""
        if self.valid:
            size = (f"{self.hands} hand{'s' * (self.hands != 1)}, "
                    f"{self.actions} action{'s' * (self.actions != 1)}")
            extra = f"; {len(self.notes)} unchecked" if self.notes else ""
            return f"{head}valid ({size}{extra})"
        more = len(self.problems) - 1 + self.omitted
        tail = f" (and {more} more problem{'s' * (more != 1)})" if more else ""
        return f"{head}invalid: {self.problems[0]}{tail}"

    def to_dict(self) -> dict[str, object]:
        """The report as a JSON-ready dict.

        >>> Report("a.json", ()).to_dict()["valid"]
        True
        """
        return {
            "file": self.source,
            "valid": self.valid,
            "hands": self.hands,
            "actions": self.actions,
            "problems": [p.to_dict() for p in self.problems],
            "omitted_problems": self.omitted,
            "notes": list(self.notes),
        }

    def raise_if_invalid(self) -> None:
        """Raise :class:`~ginrules.InvalidRecordError` for the first problem, if any.

        >>> Report(None, (Problem(1, 2, "bad"),)).raise_if_invalid()
        Traceback (most recent call last):
        ...
        ginrules.errors.InvalidRecordError: hand 1, action 2: bad
        """
        if self.problems:
            raise _error(self.problems[0])

    def __str__(self) -> str:
        lines = [self.summary()]
        if len(self.problems) > 1:  # the summary gave the first
            lines += [f"  {p}" for p in self.problems[1:]]
        if self.omitted:
            lines.append(f"  ... and {self.omitted} more problems, not listed")
        lines += [f"  note: {n}" for n in self.notes]
        return "\n".join(lines)


def _error(problem: Problem) -> InvalidRecordError:
    error = InvalidRecordError(str(problem))
    error.hand = problem.hand  # type: ignore[attr-defined]
    error.action = problem.action  # type: ignore[attr-defined]
    error.problem = problem  # type: ignore[attr-defined]
    return error

