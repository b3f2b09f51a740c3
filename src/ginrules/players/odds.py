"""The chance of winning a game from its scores, for a player that plays for the game.

A knock that wins 12 points is worth little at 40-40 and everything at 90-40; an undercut
costs little at 10-10 and the game when the opponent is at 80. :func:`game_chance` prices
the scores between hands with a simple model of the hands to come: each hand that is not
dead is won by either player with the same chance, for points drawn from
:data:`HAND_POINTS`, until a total reaches the target (a dead hand changes nothing). The
chances are found once by dynamic programming over the points both players still need.

>>> round(game_chance(0, 0, 100), 3)  # the model is symmetric
0.5
>>> round(game_chance(90, 40, 100), 2), round(game_chance(40, 90, 100), 2)
(0.83, 0.17)
"""

from __future__ import annotations

import functools

from ginrules.errors import WrongTypeError

__all__ = ["HAND_POINTS", "game_chance"]

HAND_POINTS: tuple[tuple[int, float], ...] = (
    (2, 0.113), (5, 0.111), (8, 0.089), (11, 0.065), (14, 0.052), (17, 0.042),
    (20, 0.032), (23, 0.029), (26, 0.146), (29, 0.111), (32, 0.064), (35, 0.031),
    (38, 0.032), (41, 0.019), (44, 0.015), (47, 0.012), (50, 0.010), (53, 0.007),
    (56, 0.005), (59, 0.003), (68, 0.013),
)
"""The points a won hand scores, as (points, chance) pairs: a coarse histogram of the
7857 hands won in 1000 games between the expert and the simple player under the ``eaai``
rules (seed 99, either player winning; 20.4 points on average), in bins of three points
(1-3, 4-6, ..., 58-60, then 61 and more) each at its mean. Gins and undercuts (25 points
and more) make the bump at 26-29."""

_LARGEST = 500  # the points a player still needs are counted up to this many


@functools.lru_cache(maxsize=4)
def _table(size: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that the player who needs ``a`` more points wins
    against one who needs ``b`` more, at the start of a hand (``a``, ``b`` up to
    ``size``; ``table[0][b]`` is 1 and ``table[a][0]`` is 0)."""
    total = 2 * sum(p for _, p in HAND_POINTS)
    half = [(x, p / total) for x, p in HAND_POINTS]
    rows: list[list[float]] = [[1.0] * (size + 1)]
    rows[0][0] = 0.5  # never reached: both players cannot need nothing
    for a in range(1, size + 1):
        row = [0.0] * (size + 1)
        for b in range(1, size + 1):
            row[b] = sum(p * (rows[a - x][b] if x < a else 1.0)
                         + p * (row[b - x] if x < b else 0.0) for x, p in half)
        rows.append(row)
    return tuple(tuple(r) for r in rows)


def game_chance(mine: int, theirs: int, target: int) -> float:
    """The chance that a player whose game total is ``mine`` wins the game to ``target``
    against one whose total is ``theirs``, at the start of a hand (1 once ``mine`` reaches
    the target, else 0 once ``theirs`` does), by the model above. Totals further than 500
    points from the target count as 500 away.

    >>> game_chance(100, 95, 100), game_chance(95, 100, 100)
    (1.0, 0.0)
    >>> game_chance(95, 40, 100) > game_chance(80, 40, 100) > game_chance(80, 60, 100)
    True
    >>> game_chance(95.5, 40, 100)
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: game_chance takes whole-number totals and target, not (95.5, 40, 100)
    """
    if type(mine) is not int or type(theirs) is not int or type(target) is not int:
        raise WrongTypeError(f"game_chance takes whole-number totals and target, not "
                            f"{(mine, theirs, target)!r}")
    a, b = target - mine, target - theirs
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    need = max(a, b)
    size = min(_LARGEST, -(-need // 50) * 50)  # one table per 50 points of target
    return _table(size)[min(a, size)][min(b, size)]
