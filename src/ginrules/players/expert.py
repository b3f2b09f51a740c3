"""The expert computer player: the advanced player's heuristics, with the discards it
hesitates between priced against opponent hands sampled from the evidence.

>>> import ginrules
>>> from ginrules.players import ExpertPlayer, view
>>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
>>> str(ExpertPlayer().choose(view(state, 1)))
'pass'
"""

from __future__ import annotations

import random

import attrs

from ginrules.actions import Action, ActionKind
from ginrules.cards import CARDS
from ginrules.masks import _deadwood, _discard_deadwoods
from ginrules.players.advanced import (
    _ALL,
    _HIGH,
    _POINTS,
    AdvancedPlayer,
    _keep_best,
    _Memory,
    _pool_points,
    _potential,
)
from ginrules.players.computer import Hint, _seed, _stream
from ginrules.players.determinize import _opponent_masks
from ginrules.players.views import View

__all__ = ["ExpertPlayer"]


@attrs.frozen
class ExpertPlayer(AdvancedPlayer):
    """The expert computer player (stronger than the advanced level; the strongest level).

    It draws and knocks as :class:`~ginrules.players.AdvancedPlayer` does (its knock
    samples opponent hands weighted by the evidence of the opponent's play, see
    :func:`~ginrules.players.determinize.inference_weights`), and it discards with more
    care: it ranks the discards by the deadwood left and the chance the next card improves
    the hand, then prices the best ``candidates`` of them against ``danger_samples``
    opponent hands sampled from the evidence (the cards the opponent took, passed over,
    left for a stock draw and threw away, each hand improved once per stock draw): the
    share of those hands that can meld the card is its danger. Decides from the view
    alone; deterministic for a given ``seed`` and view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    >>> ExpertPlayer(seed=1).choose(view(s, 1)) == ExpertPlayer(seed=1).choose(view(s, 1))
    True
    """

    seed: int = attrs.field(default=0, validator=_seed)
    samples: int = 16
    potential_weight: float = 1.0
    danger_weight: float = 2.0
    gin_wait: float = 2.0
    take_margin: float = 3.0
    candidates: int = 0
    danger_samples: int = 24
    knock_at: int = 10

    def choose(self, view: View) -> Action:
        """The expert player's action in ``view``.

        >>> import ginrules
        >>> from ginrules.players import view
        >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
        >>> str(ExpertPlayer().choose(view(s, 1)))
        'pass'
        """
        return self.decide(view).action

    def _knock(self, v: View, knock: tuple[Action, int], memory: _Memory,
               pool: list[int]) -> Hint | None:
        dead = knock[1]
        if dead > max(0, self.knock_at) and v.stock_size - 1 > v.rules.dead_hand_stock:
            return None
        return super()._knock(v, knock, memory, pool)

    def _stock(self, v: View, memory: _Memory, pool: list[int]) -> list[float] | None:
        """Per card index, the chance an unseen card is in the stock rather than the
        opponent's hand, by :func:`~ginrules.players.determinize.inference_weights`."""
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        w = memory.weights
        total = sum(w[i] for i in pool)
        if not total:
            return None
        return [max(0.0, 1.0 - min(1.0, hidden * x / total)) for x in w]

    def _discard(self, v: View, memory: _Memory, pool: list[int],
                 stock: list[float] | None = None) -> Hint:
        if self.candidates <= 0:
            return super()._discard(v, memory, pool, stock)
        legal = {a.card.index: a for a in v.legal_actions
                 if a.kind is ActionKind.DISCARD and a.card is not None}
        options = [(d, i) for i, d in _discard_deadwoods(v.mask) if i in legal]
        least = min(d for d, _ in options)
        counts = _pool_points(pool, stock)
        ranked = []
        for dead, index in options:
            if dead > least + 8:
                continue
            rest = v.mask & ~(1 << index)
            score = dead - self.potential_weight * _potential(rest, pool, stock, counts)
            ranked.append((score, _HIGH[index], index, dead))
        ranked.sort()
        short = ranked[:max(1, self.candidates)]
        hands = self._sampled(v, memory, pool) if len(short) > 1 else []
        best: tuple[float, tuple[int, int, int], int] | None = None
        dangers: dict[int, float] = {}
        deads: dict[int, int] = {}
        for score, high, index, dead in short:
            danger = 0.0
            if hands:
                bit = 1 << index
                points = _POINTS[index]
                melds = sum(1 for h in hands if _deadwood(h | bit) < _deadwood(h) + points)
                danger = melds / len(hands)
            dangers[index] = danger
            deads[index] = dead
            key = (score + self.danger_weight * danger, high, index)
            if best is None or key < best:
                best = key
        assert best is not None
        index = best[2]
        card = CARDS[index]
        reason = f"discard {card}: leaves deadwood {deads[index]}"
        if deads[index] > least:
            reason += f" (the least is {least}) but keeps better chances"
        reason += (f"; it melds in {dangers[index]:.0%} of the opponent hands the play so "
                   "far suggests")
        if v.knock_limit and least <= v.knock_limit:
            reason = "wait for a better knock; " + reason
        return Hint(legal[index], reason)

    def _sampled(self, v: View, memory: _Memory, pool: list[int]) -> list[int]:
        """Opponent hands sampled by the evidence, improved once per stock draw."""
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        extra = min(memory.stock_draws, 6, max(0, len(pool) - hidden))
        rng = random.Random(next(_stream(self.seed ^ 0x5EED, v)))
        hands = _opponent_masks(pool, hidden + extra, memory.known & _ALL,
                                self.danger_samples, rng, list(memory.weights))
        return [_keep_best(m, extra, memory.known) if extra else m for m in hands]
