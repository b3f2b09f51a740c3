"""The chance a discard's reason states that the opponent can use the card, measured.

A level weighs a discard by its *danger*, the chance the opponent holds two cards that
meld with it (:meth:`AdvancedPlayer._danger <ginrules.players.AdvancedPlayer>`), each
level with its own reading of the opponent's hand. As chances, those readings were not
true to what opponents held: the expert's takes a card its inference weights favour for
certain, and stated 78% where 62-65% could be used; the advanced level's takes every
unseen card alike, and understated above 50%. So the chance a reason states ("the
opponent can use it with chance 11% (JH: 18%)") is one figure for every level: the
danger with each unseen card in the opponent's hand by the share of the hands sampled
from the evidence that hold it (:func:`~ginrules.players.lookahead._held`), mapped by a
line on the logit,

    logit(stated) = a + b * logit(danger),

fit by ``python research/hint_figures.py --fit`` on the positions of the expert's hints
against ``simple``, ``advanced`` and ``expert`` (what the opponent held) and checked on
other seeds, per opponent and per level, on the players page. 0 and 1 stay as they are:
a card nobody can meld with, and a card the opponent has shown two cards for. The level
still weighs its discards by its own reading; where the two readings order two cards
differently, its reason leaves the chances out (see
:func:`~ginrules.players.advanced._discard_reason`).

>>> _stated_danger(0.0), _stated_danger(1.0)
(0.0, 1.0)
>>> 0.0 < _stated_danger(0.5) < 1.0
True
"""

from __future__ import annotations

import math

# (a, b), fit as the module's summary says: ``python research/hint_figures.py --fit
# --games 100`` (seeds 0-99 under classic and eaai, 10,096 positions)
_MAP: tuple[float, float] | None = (-0.2447, 0.7567)


def _stated_danger(danger: float) -> float:
    """The chance a reason states for the evidence's ``danger`` (see the module)."""
    if _MAP is None or danger <= 0.0 or danger >= 1.0:
        return danger
    a, b = _MAP
    z = a + b * math.log(danger / (1.0 - danger))
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0
