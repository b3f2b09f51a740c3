"""The advanced computer player, and :func:`hint`, which gives its move with a reason.

>>> import ginrules
>>> from ginrules.players import AdvancedPlayer, view
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> print(AdvancedPlayer().decide(view(state, 1)))
pass: TS would not lower your deadwood (63) whatever you discard; a stock card may lower it
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import attrs

from ginrules._fields import check_fields
from ginrules._splitmix import check_seed
from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import CARDS, Card, cards_to_mask
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.masks import (
    _deadwood,
    _discard_deadwoods,
)
from ginrules.players._danger import _stated_danger
from ginrules.players._estimates import (
    _ALL,
    _PAIRS,
    _RUN_NEAR,
    _SAME_RANK,
    _SAVINGS,
    _best_discard_memo,
    _held_chances,
    _indices,
    _keep_best,
    _knock_chains,
    _knock_facts,
    _pool_points,
    _potential,
    _potential_bound,
)
from ginrules.players.computer import (
    Hint,
    KnockEstimate,
    _at_least,
    _high_first,
    _least_deadwood,
    _need_turn,
    _seed,
    _stream,
)
from ginrules.players.determinize import _evidence, _opponent_masks, _weights
from ginrules.players.knock_models import (
    KNOCK_MODELS,
    _model,
    _model_of,
    _tilted,
    undercut_risk,
)
from ginrules.players.lookahead import Table, _defender_deadwood, _held
from ginrules.players.views import View, _not_a_view

if TYPE_CHECKING:
    from ginrules.players.particles import HandReading

__all__ = ["AdvancedPlayer", "hint"]


@attrs.frozen
class _Memory:
    """What the advanced player recalls of the opponent, as card masks."""

    known: int  # taken from the discard pile and still held
    declined: int  # the upcard passed, or top discards left for a stock draw
    discarded: int  # put on the discard pile
    stock_draws: int  # how many stock cards the opponent has drawn
    weights: tuple[float, ...] | None  # inference_weights per card index, when read
    reading: HandReading | None = None  # the master's particles, when read


def _memory(v: View, known: int, weigh: bool) -> _Memory:
    """What ``v`` shows of the opponent's play; ``known`` is the mask of the cards it took
    and still holds (already in the view, see ``View.opponent_known``)."""
    declined, discarded, draws, weights = _evidence(v, weigh)
    return _Memory(known, declined, discarded, draws,
                   None if weights is None else tuple(weights))


def _read_weights(v: View, memory: _Memory) -> list[float]:
    """The inference weights per card index: from ``memory`` when it read them."""
    return _weights(v) if memory.weights is None else list(memory.weights)


def _settled(n: int, sums: list[float]) -> bool:
    """Whether ``n`` sampled hands settle a knock: ``sums`` holds the sum and the sum of
    squares of the knock's points and of its gain over waiting; settled when both means
    lie on the same side of the line, each more than two standard errors (plus half a
    point) away from it, or when either lies that far below it.

    >>> _settled(8, [80.0, 800.0, 40.0, 200.0])  # every hand wins 10, gains 5
    True
    >>> _settled(8, [8.0, 200.0, 0.0, 200.0])  # wins 1 on average, 5 either way
    False
    """
    mean_p, mean_g = sums[0] / n, sums[2] / n
    margin_p = 2 * (math.sqrt(max(0.0, sums[1] / n - mean_p * mean_p) / n) + 0.5)
    margin_g = 2 * (math.sqrt(max(0.0, sums[3] / n - mean_g * mean_g) / n) + 0.5)
    if mean_g + margin_g < 0 or mean_p + margin_p < 0:
        return True  # it waits, whatever the other half would show
    return mean_g - margin_g >= 0 and mean_p - margin_p > 0


@attrs.frozen
class AdvancedPlayer:
    """The advanced computer player (the Polish site's *Zaawansowany* level).

    :func:`hint` gives its move.

    From its view alone it remembers the cards the opponent took from the discard pile
    (and still holds), passed over and discarded, and:

    * **draws** the top discard when it lowers the deadwood more than a stock card is
      expected to (the average over the cards it has not seen);
    * **discards** to balance the deadwood left, the chance that the next card improves
      the hand, and the danger of feeding the opponent a meld (a card that melds with
      cards the opponent is known to hold is all but banned; ranks and neighbours the
      opponent passed over or threw away are safer), weighing the four discards that
      leave the least deadwood;
    * **knocks** after weighing it: it samples hands the opponent may hold (its known
      cards, plus unseen cards improved as many times as it drew from the stock), prices
      the knock against each with layoffs and undercuts, and compares that with waiting
      for gin, by the gin cards still unseen and the stock left. Gin and big gin are
      always taken.

    ``samples`` sets how many opponent hands a knock decision tries at most: half of
    them, then the other half only when the first half leaves the choice in doubt (the
    average points of the knock, or its average gain over waiting, within two standard
    errors, plus half a point, of the line). The other weights are tuning knobs.
    Deterministic for a given ``seed`` and view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(AdvancedPlayer(seed=1).choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)
    samples: int = attrs.field(default=16, validator=_at_least(1))
    potential_weight: float = 0.5
    danger_weight: float = 4.0
    gin_wait: float = 0.5
    take_margin: float = 3.0
    opponent: str | None = attrs.field(default=None, validator=_model)
    # whether its draws and discards read the inference weights (the advanced player
    # reads them only to knock; it draws by its cards and the unseen cards alone)
    _weighs: ClassVar[bool] = False
    # how many of the discards leaving the least deadwood it weighs: weighing six, the
    # discard it chose was among the four lowest in 99.5% of the 7,058 discards of 60
    # games between two advanced players
    _weighed: ClassVar[int] = 4

    def __attrs_post_init__(self) -> None:
        """Each option of its type (the expert's and the master's too).

        >>> AdvancedPlayer(danger_weight="2")
        Traceback (most recent call last):
        ...
        ginrules.errors.WrongTypeError: AdvancedPlayer takes a number as danger_weight, not str
        """
        check_fields(self)

    def choose(self, view: View) -> Action:
        """The advanced player's action in ``view``."""
        return self.decide(view).action

    def decide(self, view: View) -> Hint:
        """The action with a short reason (what :func:`hint` returns).

        >>> import ginrules
        >>> from ginrules.players import view
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> print(AdvancedPlayer().decide(view(s, 1)))
        pass: TS would not lower your deadwood (63) whatever you discard; a stock card may lower it
        """
        actions = _need_turn(view)
        known = cards_to_mask(view.opponent_known)
        unknown = _ALL & ~view.mask & ~known
        for card in view.discard_pile:
            unknown &= ~card.mask
        pool = _indices(unknown)
        phase = view.phase
        if phase is Phase.OFFER or phase is Phase.DRAW:
            top = view.upcard if phase is Phase.OFFER else view.top_discard
            can_take = phase is Phase.OFFER or len(actions) == 2
            if top is None or not can_take:
                return Hint(actions[0], "the discard pile cannot be drawn now")
            take, dont = (actions[0], actions[1]) if phase is Phase.OFFER else (
                actions[1], actions[0])
            if not self._weighs:  # the advanced player draws by the cards alone
                return self._draw(view, top, take, dont, pool)
            memory = _memory(view, known, True)
            return self._draw(view, top, take, dont, pool, self._stock(view, memory, pool))
        if actions[-1].kind is ActionKind.BIG_GIN:
            return Hint(actions[-1], "all eleven cards are melded")
        deadwoods = _discard_deadwoods(view.mask)
        knock = _least_deadwood(view, ActionKind.KNOCK, deadwoods)
        # the weights are read once, here, when a knock (not gin) is to be weighed
        memory = self._recall(view, known, self._weighs or (knock is not None and knock[1] > 0))
        waiting = None
        if knock is not None:
            decided = self._knock(view, knock, memory, pool)
            if isinstance(decided, Hint):
                return decided
            waiting = decided
        plan = self._discard(view, memory, pool, self._stock(view, memory, pool), deadwoods)
        if waiting is None:
            return plan
        why, figures = waiting if isinstance(waiting, tuple) else (waiting, None)
        return Hint(plan.action, f"{why}; among the discards, {_named(plan)}", knock=figures)

    def _recall(self, v: View, known: int, weigh: bool) -> _Memory:
        """What it remembers of the opponent when it is to discard (see :func:`_memory`)."""
        return _memory(v, known, weigh)

    # -- drawing ----------------------------------------------------------------------

    def _stock(self, v: View, memory: _Memory, pool: list[int]) -> list[float] | None:
        """Per card index, the chance each unseen card is in the stock (``None``: the
        advanced player takes every unseen card alike)."""
        return None

    def _draw(self, v: View, top: Card, take: Action, dont: Action, pool: list[int],
              stock: list[float] | None = None) -> Hint:
        mask = v.mask
        now = _deadwood(mask)
        with_top = mask | top.mask
        melds = _deadwood(with_top) < now + top.points  # top makes or extends a meld
        after = _best_discard_memo(with_top)
        if after >= now:  # even the best discard of the eleven leaves no less: no help
            return Hint(dont, f"{top} would not lower your deadwood ({now}) whatever you "
                              "discard; a stock card may lower it")
        # below now, the best discard is not the card taken: after is what taking leaves
        saved = now - after
        expected = _potential(mask, pool, stock)
        if after <= v.knock_limit and now > v.knock_limit and saved > 0:
            return Hint(take, f"{top} lets you knock (deadwood {now} -> {after})")
        if saved > expected and (melds or saved >= expected + self.take_margin):
            what = "makes a meld" if melds else "lowers your deadwood"
            return Hint(take, f"{top} {what} (deadwood {now} -> {after}), saving {saved}; "
                              f"a stock card saves {expected:.1f} on average")
        if saved <= expected:
            return Hint(dont, f"{top} saves only {saved} deadwood ({now} -> {after}); a "
                              f"stock card saves {expected:.1f} on average")
        return Hint(dont, f"{top} saves {saved} deadwood ({now} -> {after}) without making "
                          f"a meld; a stock card saves {expected:.1f} on average, and a card "
                          f"that makes no meld must save {self.take_margin:g} more to be "
                          "taken")

    # -- knocking ---------------------------------------------------------------------

    def _opponent_hands(self, v: View, memory: _Memory, pool: list[int],
                        rng: random.Random, weights: list[float], count: int) -> list[int]:
        """``count`` sampled opponent hands: the known cards plus unseen cards drawn by
        ``weights``, improved once for every stock card the opponent drew (it keeps the
        best ten)."""
        hidden = v.opponent_count - memory.known.bit_count()  # (ten: it is our discard)
        extra = min(memory.stock_draws, 6, max(0, len(pool) - hidden))
        hands = _opponent_masks(pool, hidden + extra, memory.known, count, rng, weights)
        if extra:
            hands = [_keep_best(m, extra, memory.known) for m in hands]
        return hands

    def _knock(self, v: View, knock: tuple[Action, int], memory: _Memory,
               pool: list[int]) -> Hint | str | tuple[str, KnockEstimate] | None:
        """The knock as a hint when it knocks; otherwise why it does not (with the figures
        it weighed, when it weighed any), or None."""
        action, dead = knock
        if dead == 0:
            return Hint(action, "gin: the ten cards left all meld")
        assert action.card is not None
        mine = v.mask & ~action.card.mask
        rules = v.rules
        # waiting: the chance to draw gin before the stock runs out, worth the gin bonus
        # plus the opponent's deadwood, discounted for what can go wrong meanwhile
        draws = max(0, (v.stock_size - rules.dead_hand_stock) // 2)
        # the knock's layoff chains (the same for every sampled hand) and its gin cards
        gin_cards = _knock_facts(mine)[1]
        chains = _knock_chains(v, mine, action.card)
        outs = sum(1 for i in pool if gin_cards >> i & 1)
        p_gin = 1 - (1 - outs / len(pool)) ** min(draws, 5) if pool else 0.0
        gin_weight = self.gin_wait * p_gin
        last_chance = v.stock_size - 1 <= rules.dead_hand_stock
        rng = random.Random(next(_stream(self.seed, v)))
        weights = _read_weights(v, memory)
        # the knock's points and its gain over waiting, per sampled hand: the sums and sums
        # of squares, to stop after the first half of the samples when they settle it
        total = total2 = gains = gains2 = 0.0
        undercut = opp_dead = n = 0
        priced: list[tuple[int, float]] = []
        gin_bonus, undercut_bonus = rules.gin_bonus, rules.undercut_bonus
        on_tie = rules.undercut_on_tie
        only = chains[0] if len(chains) == 1 else None  # the usual case: one arrangement
        first = (self.samples + 1) // 2
        for count in (first, self.samples - first):
            for opp in self._opponent_hands(v, memory, pool, rng, weights, count):
                d = _deadwood(opp)
                if only is not None:
                    diff = _defender_deadwood(only, opp, d) - dead
                else:
                    diff = max(_defender_deadwood(c, opp, d) for c in chains) - dead
                if diff > 0:
                    points = diff
                elif diff < 0 or on_tie:
                    points = diff - undercut_bonus
                    undercut += 1
                else:
                    points = 0
                opp_dead += d
                n += 1
                priced.append((points, 1.0))
                gain = points - gin_weight * (gin_bonus + d)
                total += points
                total2 += points * points
                gains += gain
                gains2 += gain * gain
            if last_chance or _settled(n, [total, total2, gains, gains2]):
                break
        ev = total / n
        risk = undercut / n
        if self.opponent is not None:  # the undercut risk of the opponent's model
            risk = undercut_risk(self.opponent, undercut / n, dead, memory.stock_draws,
                                 v.stock_size)
            tilted = _tilted(priced, risk, dead, Table.of(rules, v.knock_limit))
            ev = KNOCK_MODELS[self.opponent]._points(
                "knock", sum(p * w for p, w in tilted) / sum(w for _, w in tilted))
        wait = gin_weight * (rules.gin_bonus + opp_dead / n)
        figures = KnockEstimate(dead, risk, ev, wait, None, None, n,
                                self.opponent or "evidence")
        sampled = f"over {n} sampled hands of the opponent (undercut risk {risk:.0%})"
        figure = _pointed(_apart(abs(ev), abs(ev), "")[0])
        outcome = (f"wins {figure} on average" if ev > 0 else
                   f"loses {figure} on average" if ev < 0 else
                   "wins nothing on average")
        if ev >= wait and ev > 0:
            return Hint(action, f"knocking with {dead} deadwood {outcome} {sampled}; "
                                f"waiting for gin is worth {wait:.0f}", knock=figures)
        if last_chance and ev > -rules.undercut_bonus / 2:
            return Hint(action, f"the hand dies otherwise: knocking with {dead} deadwood "
                                f"{outcome} {sampled}, and at its last chance this level "
                                f"knocks unless it expects to lose "
                                f"{rules.undercut_bonus / 2:g} points or more", knock=figures)
        if ev > 0:
            return (f"do not knock with {dead} deadwood yet: that {outcome} {sampled}, "
                    f"waiting for gin is worth {wait:.0f}"), figures
        return f"do not knock with {dead} deadwood: that {outcome} {sampled}", figures

    # -- discarding -------------------------------------------------------------------

    def _danger(self, index: int, mine: int, memory: _Memory, dead_cards: int,
                q: float, chance: list[float] | None = None,
                held: list[float] | None = None) -> float:
        """The chance the opponent can meld the card ``index`` if it is discarded: an
        unseen card is in its hand with chance ``q``, or its entry of ``chance`` (per card
        index) when given; ``held`` is :func:`_held_chances` of these, when known."""
        if held is None:
            held = _held_chances(memory.known, mine | dead_cards, q, chance)
        seen = memory.declined | memory.discarded
        safe_set = bool(seen & _SAME_RANK[index])
        safe_run = bool(seen & _RUN_NEAR[index])
        p_none = 1.0
        for n, (a, b) in enumerate(_PAIRS[index]):
            p = held[a] * held[b]
            if p < 1.0 and ((n < 3 and safe_set) or (n >= 3 and safe_run)):
                p *= 0.4
            p_none *= 1.0 - p
        return 1.0 - p_none

    def _chance(self, stock: list[float] | None) -> list[float] | None:
        """Per card index, the chance an unseen card is in the opponent's hand, for the
        danger of a discard (``None``: the advanced player takes every card alike)."""
        return None

    def _said(self, v: View, memory: _Memory, pool: list[int],
              pile: int) -> Callable[[int, float], float]:
        """The chance a discard's reason states that the opponent can use the card
        ``index`` it weighed at ``danger``. Every level states the same figure, measured
        (see :mod:`ginrules.players._danger`): the danger of
        :meth:`AdvancedPlayer._danger`, with each unseen card in the opponent's hand by
        the share of the hands sampled from the evidence that hold it
        (:func:`~ginrules.players.lookahead._held`), mapped as measured."""
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        weights = _read_weights(v, memory)
        chance = [0.0] * 52
        for i, p in zip(pool, _held([weights[i] for i in pool], hidden), strict=True):
            chance[i] = p
        held = _held_chances(memory.known, v.mask | pile, 0.0, chance)

        def said(index: int, danger: float) -> float:
            return _stated_danger(AdvancedPlayer._danger(self, index, 0, memory, pile, 0.0,
                                                         held=held))

        return said

    def _discard(self, v: View, memory: _Memory, pool: list[int],
                 stock: list[float] | None = None,
                 deadwoods: list[tuple[int, int]] | None = None) -> Hint:
        legal = {a.card.index: a for a in v.legal_actions
                 if a.kind is ActionKind.DISCARD and a.card is not None}
        if deadwoods is None:
            deadwoods = _discard_deadwoods(v.mask)
        options = [(d, i) for i, d in deadwoods if i in legal]
        least = min(d for d, _ in options)
        pile = 0
        for card in v.discard_pile:
            pile |= card.mask
        hidden = max(0, v.opponent_count - memory.known.bit_count())
        q = hidden / len(pool) if pool else 0.0
        best: tuple[float, tuple[int, int, int], int] | None = None
        parts: dict[int, tuple[int, float, float]] = {}
        bounded: dict[int, tuple[int, float, float]] = {}  # skipped: potential at most
        counts = _pool_points(pool, stock)
        held = _held_chances(memory.known, v.mask | pile, q, self._chance(stock))
        # the bound lets a discard whose potential cannot make it win skip pricing it
        prune = self.potential_weight >= 0
        for dead, index in sorted(options)[:self._weighed]:
            if dead > least + 8:
                continue
            rest = v.mask & ~(1 << index)
            danger = self._danger(index, rest, memory, pile, q, held=held)
            if prune and best is not None and rest not in _SAVINGS:
                bound = _potential_bound(rest, counts)
                if (dead - self.potential_weight * bound + self.danger_weight * danger
                        > best[0] + 1e-9):
                    bounded[index] = (dead, bound, danger)
                    continue
            potential = _potential(rest, pool, stock, counts)
            score = dead - self.potential_weight * potential + self.danger_weight * danger
            parts[index] = (dead, potential, danger)
            key = (score, _high_first(index), index)
            if best is None or key < best:
                best = key
        assert best is not None
        index = best[2]
        reason = _discard_reason(index, parts, bounded, [i for _, i in options],
                                 deadwoods, self.potential_weight, self.danger_weight,
                                 self._said(v, memory, pool, pile))
        return Hint(legal[index], reason)


def _apart(first: float, second: float, unit: str) -> tuple[str, str]:
    """Two figures written so that they differ when they do, and neither reads as
    nothing when it is not: whole points (or per cents, ``unit="%"``), with as many
    more decimals as it takes, up to three to tell them apart and up to twelve to show
    a figure that is not nothing.

    >>> _apart(0.624, 0.619, "%"), _apart(3.2, 2.9, ""), _apart(0.5, 0.5, "%")
    (('62.4%', '61.9%'), ('3.2', '2.9'), ('50%', '50%'))
    >>> _apart(1.0, -0.4, ""), _apart(0.0, 0.0, "")
    (('1.0', '-0.4'), ('0', '0'))
    >>> _apart(0.00004, 0.0, ""), _apart(1.00001, 1.00002, "")
    (('0.00004', '0.00000'), ('1.000', '1.000'))
    """
    a, b = "", ""
    for digits in range(13):
        if unit == "%":
            a, b = f"{first:.{digits}%}", f"{second:.{digits}%}"
        else:
            a, b = f"{first:.{digits}f}", f"{second:.{digits}f}"
        rounded_away = any(t.strip("-0.%") == "" and v != 0
                           for t, v in ((a, first), (b, second)))
        if not rounded_away and (a != b or first == second or digits >= 3):
            return a, b
    return a, b


def _pointed(figure: str) -> str:
    """A figure of points as a reason writes it, with its unit in the right number.

    >>> _pointed("wins 1"), _pointed("1.5"), _pointed("loses 11"), _pointed("0")
    ('wins 1 point', '1.5 points', 'loses 11 points', '0 points')
    """
    return f"{figure} point" if figure.rsplit(" ", 1)[-1] == "1" else f"{figure} points"


def _named(plan: Hint) -> str:
    """A discard's reason with its card named in place of "it".

    >>> from ginrules import Action
    >>> _named(Hint(Action.parse("discard 7H"), "it is safer"))
    '7H is safer'
    """
    if plan.reason.startswith("it ") and plan.action.card is not None:
        return f"{plan.action.card} {plan.reason[3:]}"
    return plan.reason


def _discard_reason(index: int, parts: dict[int, tuple[int, float, float]],
                    bounded: dict[int, tuple[int, float, float]], others: list[int],
                    deadwoods: list[tuple[int, int]], potential_weight: float,
                    danger_weight: float,
                    stated: Callable[[int, float], float] | None = None) -> str:
    """Why the discard of card ``index`` beats the others, in the terms it was weighed
    in: per discard ``(deadwood left, potential, danger)`` (``parts``: priced; ``bounded``:
    skipped, its potential at most the figure given), each counted as deadwood points
    (the deadwood, less ``potential_weight`` times the potential, plus ``danger_weight``
    times the danger). It compares the discard with the discard leaving the least
    deadwood when it leaves more, otherwise with the next best discard weighed. The
    chance it states that the opponent can use a card is ``stated`` of the card's index
    and danger (see :meth:`AdvancedPlayer._said`; the danger itself unless given).

    >>> from ginrules.cards import parse_card
    >>> s3, h9 = parse_card("3S").index, parse_card("9H").index
    >>> parts = {s3: (12, 2.0, 0.74), h9: (17, 2.0, 0.1)}
    >>> print(_discard_reason(s3, parts, {}, [s3, h9], [(s3, 12), (h9, 17)], 0.5, 4.0))
    it leaves the least deadwood, 12 (9H: 17); the opponent may use it (74% against 10%), but weighing deadwood, chances and danger it costs 14.0 against 16.4 for 9H

    Chances stated in the other order than the dangers weighed are left out:

    >>> flip = lambda index, danger: 1.0 - danger
    >>> print(_discard_reason(s3, parts, {}, [s3, h9], [(s3, 12), (h9, 17)], 0.5, 4.0, flip))
    it leaves the least deadwood, 12 (9H: 17)
    >>> even = {s3: (12, 2.0, 0.1), h9: (12, 2.0, 0.3)}
    >>> print(_discard_reason(s3, even, {}, [s3, h9], [(s3, 12), (h9, 12)], 0.5, 4.0, flip))
    it costs 11.4 against 12.2 for 9H, weighing deadwood, chances and danger
    """
    dead, potential, danger = parts[index]
    card = CARDS[index]
    left = {i: d for i, d in deadwoods}
    rivals = [i for i in others if i != index]
    if not rivals:
        return f"{card} is the only card you may discard"
    least = min(left[i] for i in rivals)
    weighed = {**bounded, **parts}
    if least < dead:  # it leaves more than the least: against the least-deadwood discard
        rival = min((i for i in rivals if left[i] == least and i in weighed),
                    key=lambda i: _high_first(i))
    else:
        def score(i: int) -> float:
            d, p, x = weighed[i]
            return d - potential_weight * p + danger_weight * x

        near = [i for i in rivals if i in weighed]
        if not near:  # the others were not weighed: they leave much more deadwood
            return (f"it leaves the least deadwood ({dead}); every other discard leaves at "
                    f"least {least - dead} more")
        rival = min(near, key=lambda i: (score(i), _high_first(i)))
    other = CARDS[rival]
    r_dead, r_potential, r_danger = weighed[rival]
    pros: list[tuple[float, str]] = []  # (deadwood points in its favour, why)
    cons: list[str] = []
    gap = r_dead - dead
    if gap > 0:
        pros.append((gap, f"it leaves the least deadwood, {dead} ({other}: {r_dead})"
                     if least > dead else
                     f"it leaves {gap} less deadwood than {other} ({dead} against {r_dead})"))
    elif gap < 0:
        cons.append(f"it leaves {-gap} more deadwood")
    if rival in parts and f"{potential:.1f}" != f"{r_potential:.1f}":
        chances = potential_weight * (potential - r_potential)
        if chances > 0:
            pros.append((chances, f"it keeps better chances: your next card saves "
                                  f"{potential:.1f} deadwood on average ({other}: "
                                  f"{r_potential:.1f})"))
        elif chances < 0:
            cons.append(f"it keeps worse chances ({potential:.1f} against "
                        f"{r_potential:.1f})")
    said, r_said = (danger, r_danger) if stated is None else (stated(index, danger),
                                                              stated(rival, r_danger))
    # the chances stated, where they order the two cards as the danger weighed does
    if f"{said:.0%}" != f"{r_said:.0%}" and (r_said - said) * (r_danger - danger) > 0:
        safety = danger_weight * (r_danger - danger)
        if safety > 0:
            pros.append((safety, f"it is safer: the opponent can use it with chance "
                                 f"{said:.0%} ({other}: {r_said:.0%})"))
        elif safety < 0:  # (with a danger weight of 0, danger is neither)
            cons.append(f"the opponent may use it ({said:.0%} against {r_said:.0%})")
    mine = dead - potential_weight * potential + danger_weight * danger
    theirs = r_dead - potential_weight * r_potential + danger_weight * r_danger
    weighing = (f"weighing deadwood, chances and danger it costs {mine:.1f} against "
                f"{'at least ' * (rival in bounded)}{theirs:.1f} for {other}")
    if not pros:
        if f"{mine:.1f}" != f"{theirs:.1f}":  # its danger, not the chance stated, decided
            costs = (f"it costs {mine:.1f} against {'at least ' * (rival in bounded)}"
                     f"{theirs:.1f} for {other}, weighing deadwood, chances and danger")
            return f"{costs}, though {' and '.join(cons)}" if cons else costs
        return (f"it weighs the same as {other} (deadwood {dead}, chance {said:.0%} that "
                "the opponent can use it): a tie, broken by the order of the cards")
    reason = max(pros)[1]
    if cons:
        reason += f"; {' and '.join(cons)}, but {weighing}"
    return reason


# the levels hint may use, strongest first, with the time a decision may take at most
# (measured on a 2-core machine: the expert's slowest decisions, its knocks, take up to
# 31 ms when it plays for the game, over 3,120 decisions of 30 games; the advanced
# player's a few milliseconds, the basic player's well under one)
_HINT_LEVELS = (("expert", 0.05), ("advanced", 0.03), ("basic", 0.0))
_LEVELS = {"basic": "basic", "intermediate": "basic", "advanced": "advanced",
           "expert": "expert", "master": "master"}
# the rule sets whose source names the level of its hint: the Polish site's hint shows
# the advanced level's move ("Podpowiedź podświetla ruch, który wykonałby komputer na
# poziomie Zaawansowanym")
_SOURCE_LEVELS = (("polish", "advanced"),)


def hint(view: View, *, level: str | None = None, opponent: str | None = None,
         seed: int = 0, budget: float = 1.0) -> Hint:
    """The move of a computer level, with a short reason that names the level (the hint
    button of a game site).

    ``level`` is the level to consult: ``basic``, ``advanced``, ``expert`` or
    ``master``. Unless told, it is the level the rules' source names for its hint (the
    Polish preset's: ``advanced``, as the Polish site's hint shows), else by ``budget``
    seconds: the expert (the strongest level measured against every level; the master,
    a point or so stronger against ``simple``, reads every opponent as that baseline),
    below 50 ms the advanced player, below 30 ms the basic player (whose reason is its
    rule).

    A knock (not gin) is weighed against ``opponent``, the level the opponent plays at
    (a key of :data:`~ginrules.players.knock_models.KNOCK_MODELS`; unless told, ``any``,
    a model of the levels together): the undercut risk and the points the hint states
    come from that model, measured against outcomes (see the players page), and
    :attr:`Hint.knock` holds them.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> h = ginrules.hint(view(s, 1))
    >>> str(h.action), h.level
    ('pass', 'expert')
    >>> print(h.reason)
    TS would not lower your deadwood (63) whatever you discard; a stock card may lower it (the expert level's move)
    >>> print(ginrules.hint(view(s, 1), budget=0.001))
    pass: the basic level takes a card only when it makes or extends a meld, and TS does not
    >>> ginrules.hint(view(ginrules.deal(ginrules.rules("polish"), seed=7), 1)).level
    'advanced'
    >>> ginrules.hint(view(s, 1), level="grandmaster")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: hint consults the level basic, intermediate, advanced, expert or master, not 'grandmaster'
    """
    from ginrules.players.computer import BasicPlayer
    from ginrules.players.expert import ExpertPlayer
    from ginrules.players.master import MasterPlayer
    from ginrules.rulesets import rules as preset

    if type(view) is not View:
        raise _not_a_view("hint", view)
    check_seed(seed)
    if not isinstance(budget, (int, float)) or isinstance(budget, bool):
        raise _wrong_type("hint", "a budget in seconds (an int or a float)", budget)
    if not budget >= 0:
        raise GinRulesError(f"the budget is a number of seconds >= 0, not {budget!r}")
    if level is not None:
        if not isinstance(level, str):
            raise _wrong_type("hint", "a level's name (a str)", level)
        name = _LEVELS.get(level.strip().lower())
        if name is None:
            raise GinRulesError(f"hint consults the level {', '.join(list(_LEVELS)[:-1])} "
                                f"or {list(_LEVELS)[-1]}, not {level!r}")
    else:
        name = next((lv for source, lv in _SOURCE_LEVELS if view.rules == preset(source)),
                    None) or next(lv for lv, cost in _HINT_LEVELS if budget >= cost)
    model = "any" if opponent is None else opponent
    _model_of(model)  # an unknown model is refused whatever the level
    if name == "basic":
        action = BasicPlayer(seed=seed).choose(view)
        return Hint(action, _basic_reason(view, action), level=name)
    kind: type[AdvancedPlayer] = {"advanced": AdvancedPlayer, "expert": ExpertPlayer,
                                  "master": MasterPlayer}[name]
    h = kind(seed=seed, opponent=model).decide(view)
    return Hint(h.action, f"{h.reason} (the {name} level's move)", level=name, knock=h.knock)


def _basic_reason(view: View, action: Action) -> str:
    """The basic level's rule that chose ``action`` in ``view``, with its card.

    >>> import ginrules
    >>> from ginrules.players import BasicPlayer, view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> _basic_reason(view(s, 1), BasicPlayer().choose(view(s, 1)))
    'the basic level takes a card only when it makes or extends a meld, and TS does not'
    """
    kind = action.kind
    top = view.upcard if view.phase is Phase.OFFER else view.top_discard
    if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
        return f"the basic level takes a card that makes or extends a meld, as {top} does"
    if kind is ActionKind.PASS or kind is ActionKind.DRAW_STOCK:
        if top is None or len(view.legal_actions) == 1:
            return "the basic level draws from the stock: the discard pile cannot be drawn now"
        return (f"the basic level takes a card only when it makes or extends a meld, and "
                f"{top} does not")
    if kind is ActionKind.BIG_GIN:
        return "the basic level declares big gin whenever it can"
    assert action.card is not None
    left = _deadwood(view.mask & ~action.card.mask)
    if kind is ActionKind.DISCARD:
        return f"the basic level discards to leave the least deadwood ({left})"
    if left == 0:
        return "the basic level goes gin whenever it can"
    return f"the basic level knocks as soon as it may, with the least deadwood ({left})"
