"""The record checker's words: how a hand's end and its score are told in a problem, and
declared values as they go into a report.

Package-internal: shared by the validator and its view checks (_views.py).

>>> _who(None), _json_value([1, "x"]), _json_value(float("inf")), _is_whole(True)
('nobody', [1, 'x'], 'inf', False)
"""

from __future__ import annotations

import math
from typing import Any

from ginrules.knocking import EndKind, HandResult
from ginrules.scoring import HandScore


def _is_whole(value: object) -> bool:
    """Whether a JSON value is a whole number (``true`` and ``false`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _json_value(value: Any) -> Any:
    """A declared value as it may go into a report's JSON, which is strict JSON (anything
    else, a NaN or an infinity of a dict made in Python included, as its repr)."""
    if _plain(value):
        return value
    if isinstance(value, list) and all(_plain(v) for v in value):
        return list(value)
    return repr(value)


def _plain(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (bool, int, str))


def _who(player: Any) -> str:
    return "nobody" if player is None else f"player {player}"


def _describe_result(result: HandResult) -> str:
    if result.kind is EndKind.DEAD:
        return "a dead hand"
    return f"{'a ' if result.kind is EndKind.KNOCK else ''}{result.kind.value} by player {result.knocker}"


def _score_text(result: HandResult, score: HandScore) -> str:
    if score.player is None:
        return "nobody scores" if result.kind is EndKind.DEAD else "nobody scores (a tie)"
    parts = f"{score.base}" + (f" + {score.bonus} bonus" if score.bonus else "")
    what = "an undercut" if score.undercut else _describe_result(result)
    doubled = ", doubled" if score.doubled else ""
    return f"player {score.player} scores {score.points} ({what}: {parts}{doubled})"
