"""The opponent's whole hand read by a particle filter, under the EAAI baseline's policy.

:func:`read_hand` deals opponent hands from the cards the opponent may hold and carries
each through every turn of the opponent as the baseline (:class:`SimplePlayer
<ginrules.players.SimplePlayer>`) would play it: it takes a face-up card only when it
makes a meld, throws a card leaving the least deadwood (at random among equals) and
knocks as soon as it may. A particle's weight is the chance of the opponent's recorded
moves under that policy; an act the policy would not make weighs 0.02/11 rather than 0,
so any opponent can be read. Each stock draw is proposed in proportion to the chance of
the discard that followed it; a discarded card a particle does not hold was either
drawn and thrown or dealt in place of one of its cards; the particles are resampled
when their effective number falls below half.

The filter is carried through the player's decisions of a hand in turn (after each of
its draws, with the cards it had then), so a reading is a function of the view, the
number of particles and the seed alone, whatever was asked before; the steps of the
last few hands are remembered, so each decision carries on from the one before.

>>> import ginrules
>>> from ginrules.players import view
>>> from ginrules.players.particles import read_hand
>>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0).apply("pass")
>>> reading = read_hand(view(state, 0), particles=200)
>>> len(reading.hands), round(sum(reading.weights) / reading.total, 6)
(200, 1.0)
>>> reading.danger("TS") < 0.001  # TS makes no meld in the hand that passed it
True
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
import zlib
from collections import OrderedDict
from typing import Any

import attrs

from ginrules._splitmix import check_seed
from ginrules.actions import ActionKind
from ginrules.cards import Card
from ginrules.errors import GinRulesError, WrongTypeError, _wrong_type
from ginrules.masks import _best_discards, _deadwood, _discard_deadwoods
from ginrules.players._estimates import _ALL, _POINTS, _indices, _meld_makers
from ginrules.players.views import Event, View, _not_a_view, _own_hands

__all__ = ["HandReading", "read_hand"]

_MISS = 0.02 / 11  # the weight of an act the baseline's policy would not make
_TAKES = (ActionKind.TAKE, ActionKind.DRAW_DISCARD)
_THROWS = (ActionKind.DISCARD, ActionKind.KNOCK)

# the particles' hands come back turn after turn: their deadwood, best discards and
# takes are remembered (bounded: each cache drops its oldest entries when full)
_dead = functools.lru_cache(maxsize=1 << 18)(_deadwood)
_best = functools.lru_cache(maxsize=1 << 18)(_best_discards)


_makers = functools.lru_cache(maxsize=1 << 18)(_meld_makers)


@functools.lru_cache(maxsize=1 << 18)
def _takes(hand: int, card: int) -> bool:
    """Whether the baseline holding ``hand`` takes the card of index ``card``: the card
    is in some meld of the hand with it (it melds with two of the hand's cards), the test
    of ``simple`` and of the EAAI baseline, even when that meld lowers no deadwood."""
    return bool(_makers(hand) >> card & 1)


def _throw_chance(hand: int, card: int, taken: int, knocked: bool, limit: int) -> float:
    """The chance the baseline, holding the eleven ``hand`` (``taken``: the card it has
    just taken from the pile, or -1), throws ``card``, knocking or not as it did."""
    if taken < 0:
        least, which = _best(hand)
    else:
        options = [(d, i) for i, d in _discard_deadwoods(hand) if i != taken]
        least = min(d for d, _ in options)
        which = sum(1 << i for d, i in options if d == least)
    if which >> card & 1 and (least <= limit) == knocked:
        return 1.0 / which.bit_count()
    return _MISS


def _draw_chances(hand: int, free: list[int], card: int, knocked: bool,
                  limit: int) -> list[float]:
    """Per stock card ``c`` of ``free``: :func:`_throw_chance` of ``card`` (held in the
    ten ``hand``) after drawing ``c``. A card that makes no meld with ``hand`` stays
    deadwood in every arrangement, so its chance follows from the ten cards' own best
    discards and its points alone; the solver runs only for the others (a test compares
    the two)."""
    makers = _makers(hand)
    now = _dead(hand)
    least, which = _best(hand)
    # per points of a card that makes no meld: throwing a card of the ten, keeping it
    by_points = [_MISS] * 11
    if which >> card & 1:
        count = which.bit_count()
        for points in range(1, 11):
            after = least + points
            if after <= now and (after <= limit) == knocked:
                by_points[points] = 1.0 / (count + 1) if after == now else 1.0 / count
    return [_throw_chance(hand | 1 << c, card, -1, knocked, limit) if makers >> c & 1
            else by_points[_POINTS[c]] for c in free]


def _universe(me: int, hand: int, upcard: int, events: tuple[Event, ...]) -> int:
    """The cards the opponent may have been dealt or drawn from the stock, once
    ``events`` have happened with the player (``me``) holding ``hand``: those the player
    has not seen (neither its own nor ever face up), and those the opponent threw that
    it had not taken. (``upcard`` is -1 where none was turned.)"""
    seen = hand | (1 << upcard if upcard >= 0 else 0)
    for e in events:
        if e.card is not None:
            seen |= e.card.mask
    cards = _ALL & ~seen
    taken = 0
    for e in events:
        if e.player != me and e.card is not None:
            if e.action.kind in _TAKES:
                taken |= e.card.mask
            elif not taken & e.card.mask:
                cards |= e.card.mask
    return cards


@attrs.define
class _Filter:
    """The particles of one hand: each an opponent hand and the cards of the universe it
    has used (dealt or drawn), with a weight; ``done`` events consumed."""

    hands: list[int]
    used: list[int]
    weights: list[float]
    taken: int = 0  # the cards the opponent took from the pile
    done: int = 0
    cards: int = 0  # the universe it was last carried in

    @classmethod
    def deal(cls, n: int, cards: int, rng: random.Random, size: int = 10,
             opener: int = -1) -> _Filter:
        """``n`` opponent hands of ``size`` cards dealt from ``cards``; under the
        eleven-cards opening, an ``opener`` (the card the opponent, the non-dealer,
        discarded first, its first event) was dealt to it for sure: the hands are the
        ten it kept, and that event is consumed."""
        if opener < 0:
            pool = _indices(cards)
            hands = [sum(1 << i for i in rng.sample(pool, size)) for _ in range(n)]
            return cls(hands, list(hands), [1.0] * n, cards=cards)
        pool = _indices(cards & ~(1 << opener))
        hands = [sum(1 << i for i in rng.sample(pool, 10)) for _ in range(n)]
        return cls(hands, [h | 1 << opener for h in hands], [1.0] * n, done=1, cards=cards)

    def copy(self) -> _Filter:
        return attrs.evolve(self, hands=list(self.hands), used=list(self.used),
                            weights=list(self.weights))

    def restrict(self, cards: int, rng: random.Random) -> None:
        """The cards that left the universe (the player drew them) leave the particles,
        each replaced by an unused card."""
        for j, used in enumerate(self.used):
            gone = used & ~cards
            if gone:
                free = _indices(cards & ~used)
                for g in _indices(gone):
                    self.hands[j] &= ~(1 << g)
                    used &= ~(1 << g)
                    if free:
                        r = free.pop(rng.randrange(len(free)))
                        self.hands[j] |= 1 << r
                        used |= 1 << r
                self.used[j] = used
        self.cards = cards

    def resample(self, rng: random.Random) -> None:
        """Weights normalized; the particles drawn again by weight when their effective
        number is below half (all alike again when every weight is 0)."""
        total = sum(self.weights)
        n = len(self.weights)
        if total <= 0:
            self.weights = [1.0] * n
            return
        if total * total >= n / 2 * sum(w * w for w in self.weights):
            self.weights = [w / total for w in self.weights]
            return
        chosen = rng.choices(range(n), weights=self.weights, k=n)
        self.hands = [self.hands[j] for j in chosen]
        self.used = [self.used[j] for j in chosen]
        self.weights = [1.0] * n

    def step(self, events: tuple[Event, ...], k: int, me: int, limit: int,
             rng: random.Random) -> int:
        """Carry the particles through the opponent's act at ``k`` (a draw with the
        discard after it); the index of the next event."""
        e = events[k]
        kind = e.action.kind
        if e.player == me:
            return k + 1
        hands, ws = self.hands, self.weights
        if e.declined is not None:  # passed, or drew from the stock instead
            f = e.declined.index
            for j, hand in enumerate(hands):
                if _takes(hand, f):
                    ws[j] *= _MISS
        after = events[k + 1] if k + 1 < len(events) else None
        if kind is ActionKind.PASS or after is None or after.player != e.player \
                or after.action.kind not in _THROWS or after.card is None:
            return k + 1  # a pass, or a draw not yet followed by its discard
        d, knocked = after.card.index, after.action.kind is ActionKind.KNOCK
        if kind in _TAKES:
            assert e.card is not None
            self._take(e.card.index, d, knocked, limit, rng)
        else:
            self._draw(d, knocked, limit, rng)
        self.resample(rng)
        return k + 2

    def _take(self, f: int, d: int, knocked: bool, limit: int, rng: random.Random) -> None:
        """The opponent took ``f`` from the pile and threw ``d``."""
        hands, ws, cards = self.hands, self.weights, self.cards
        self.taken |= 1 << f
        for j, hand in enumerate(hands):
            if not _takes(hand, f):
                ws[j] *= _MISS
            hand |= 1 << f
            if not hand >> d & 1:  # d was dealt in place of a card it holds
                spare = _indices(hand & ~self.taken)
                if not spare or not cards >> d & 1 or self.used[j] >> d & 1:
                    ws[j] = 0.0
                    hands[j] = hand & ~(1 << d)
                    continue
                y = spare[rng.randrange(len(spare))]
                hand = (hand & ~(1 << y)) | 1 << d
                self.used[j] = (self.used[j] & ~(1 << y)) | 1 << d
            ws[j] *= _throw_chance(hand, d, f, knocked, limit)
            hands[j] = hand & ~(1 << d)

    def _draw(self, d: int, knocked: bool, limit: int, rng: random.Random) -> None:
        """The opponent drew from the stock and threw ``d``."""
        hands, ws, cards = self.hands, self.weights, self.cards
        memo: dict[tuple[int, int], list[float]] = {}
        for j, hand in enumerate(hands):
            used = self.used[j]
            free = _indices(cards & ~used)
            if not free:
                ws[j] = 0.0
                continue
            if hand >> d & 1:
                chances = memo.get((hand, used))
                if chances is None:
                    chances = memo[(hand, used)] = _draw_chances(hand, free, d, knocked,
                                                                 limit)
                options = free
            else:
                if not cards >> d & 1 or used >> d & 1:
                    ws[j] = 0.0
                    continue
                # d drawn and thrown, or dealt in place of a card y it holds
                thrown = _throw_chance(hand | 1 << d, d, -1, knocked, limit)
                spare = _indices(hand & ~self.taken)
                swapped, y, swap_hand = 0.0, -1, 0
                swap_free: list[int] = []
                swap_chances: list[float] = []
                if spare:
                    y = spare[rng.randrange(len(spare))]
                    swap_hand = (hand & ~(1 << y)) | 1 << d
                    swap_free = [c for c in free if c != d] + [y]
                    swap_chances = _draw_chances(swap_hand, swap_free, d, knocked, limit)
                    swapped = sum(swap_chances)
                if rng.random() * (thrown + swapped) < swapped:
                    hand, used = swap_hand, (used & ~(1 << y)) | 1 << d
                    options, chances = swap_free, swap_chances
                else:
                    options, chances = [d], [thrown]
            total = sum(chances)
            if total <= 0:
                ws[j] = 0.0
                continue
            # weighed by the branch taken (not by both branches' sum): the proposal
            # under which the players page's figures were measured
            ws[j] *= total / len(free)
            # a card drawn by weight, as rng.choices(options, chances) draws it
            cumulative = list(itertools.accumulate(chances))
            c = options[bisect.bisect_right(cumulative, rng.random() * (cumulative[-1] + 0.0),
                                            0, len(cumulative) - 1)]
            hands[j] = (hand | 1 << c) & ~(1 << d)
            self.used[j] = used | 1 << c


@attrs.frozen
class HandReading:
    """The opponent's hand as weighted particles (card masks), from :func:`read_hand`.

    ``hands`` holds the particles whose weight is not 0, as card masks
    (:func:`ginrules.cards_from_mask` names their cards), ``weights`` their relative
    weights and ``total`` the sum of these (both empty, and ``total`` 0, when no
    particle fits the opponent's play). A particle holds the cards the opponent held
    after its last discard, and any card it has taken from the pile since.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0).apply("pass")
    >>> reading = read_hand(view(state, 0), particles=100)
    >>> 0.0 <= reading.chance("9S") <= 1.0, reading.chance("TS")  # TS is face up
    (True, 0.0)
    """

    hands: tuple[int, ...]
    weights: tuple[float, ...]
    total: float
    # per particle, the cards that meld with two of its own (what danger checks first)
    _melders: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    @_melders.default
    def _find_makers(self) -> tuple[int, ...]:
        hands, weights = self.hands, self.weights
        if not isinstance(hands, tuple) or not all(type(h) is int and 0 <= h <= _ALL
                                                   for h in hands):
            raise _wrong_type("HandReading", "hands as a tuple of 52-bit card masks (ints)",
                              hands)
        if not isinstance(weights, tuple) or not all(
                type(w) is float or type(w) is int for w in weights):
            raise _wrong_type("HandReading", "weights as a tuple of numbers", weights)
        if type(self.total) is not float and type(self.total) is not int:
            raise _wrong_type("HandReading", "a total weight (a number)", self.total)
        if len(self.hands) != len(self.weights):
            raise GinRulesError(f"a reading has a weight per hand: {len(self.hands)} "
                                f"hands, {len(self.weights)} weights")
        return tuple(map(_makers, self.hands))

    def danger(self, card: Card | str | int) -> float:
        """The chance the opponent would take ``card`` (a card, its notation or its
        index) from the discard pile: the weighted share of the particles in which it
        makes or extends a meld.

        >>> import ginrules
        >>> from ginrules.players import view
        >>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
        >>> 0.0 <= read_hand(view(state, 1), particles=50).danger("KH") <= 1.0
        True
        """
        index = _index(card)
        return sum(w for h, w, m in zip(self.hands, self.weights, self._melders, strict=True)
                   if m >> index & 1 and _takes(h, index)) / self.total \
            if self.total > 0 else 0.0

    def chance(self, card: Card | str | int) -> float:
        """The chance ``card`` is in the opponent's hand: the weighted share of the
        particles that hold it.

        >>> import ginrules
        >>> from ginrules.players import view
        >>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0).apply("take")
        >>> read_hand(view(state, 0), particles=50).chance("TS")  # it took TS
        1.0
        """
        index = _index(card)
        return sum(w for h, w in zip(self.hands, self.weights, strict=True)
                   if h >> index & 1) / self.total if self.total > 0 else 0.0


def _index(card: Card | str | int) -> int:
    """The index of a card given as a card, its notation or its index."""
    if isinstance(card, Card):
        return card.index
    if type(card) is int:
        if not 0 <= card < 52:
            raise GinRulesError(f"a card index is 0 to 51, not {card}")
        return card
    return Card.parse(card).index  # type: ignore[arg-type]


# the filters of the last few hands, each keyed by what the player had seen at each of
# its decisions (so two games played in one process do not push each other out)
_KEPT: OrderedDict[tuple[Any, ...], dict[tuple[Any, ...], _Filter]] = OrderedDict()
_HANDS_KEPT = 4


def _rng(*key: Any) -> random.Random:
    return random.Random(zlib.crc32(repr(key).encode()))


def read_hand(view: View, particles: int = 800, seed: int = 0) -> HandReading:
    """The opponent's hand in ``view``'s hand now, as ``particles`` weighted particles
    carried through its play under the EAAI baseline's policy (see the module's summary).

    A function of the view, ``particles`` and ``seed``. The cost grows with the number
    of particles and the opponent's turns: with 800 particles, about 45 ms a discard
    when the hand's earlier decisions were read (the steps are remembered), 72 ms on
    average and 240 ms at most read afresh (6 games against the baseline, CPU time).

    >>> import ginrules
    >>> from ginrules.players import view
    >>> state = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0).apply("pass")
    >>> read_hand(view(state, 0), particles=20) == read_hand(view(state, 0), particles=20)
    True
    >>> read_hand(view(state, 0), particles=0)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: particles must be at least 1, not 0
    """
    if type(view) is not View:
        raise _not_a_view("read_hand", view)
    if isinstance(particles, bool) or not isinstance(particles, int) or particles < 1:
        error = GinRulesError if type(particles) is int else WrongTypeError
        raise error(f"particles must be at least 1, not {particles!r}")
    check_seed(seed)
    hands, weights = _particles(view, particles, seed)
    total = sum(weights)
    if total <= 0:
        return HandReading((), (), 0.0)
    known = 0  # a card taken since its last discard (after a discard, already held)
    for card in view.opponent_known:
        known |= card.mask
    kept = [(h | known, w) for h, w in zip(hands, weights, strict=True) if w]
    return HandReading(tuple(h for h, _ in kept), tuple(w for _, w in kept), total)


def _particles(v: View, n: int, seed: int) -> tuple[list[int], list[float]]:
    """The particles of :func:`read_hand`, as the filter left them (weights unscaled)."""
    hands = _own_hands(v)
    me, events, history = v.player, v.events, tuple(v.history)
    upcard = -1 if v.upcard is None else v.upcard.index
    streams = (me, v.dealer, upcard, seed, v.scores, v.knock_limit)
    # under the eleven-cards opening the non-dealer is dealt eleven cards and discards
    # first: the opponent's hands are dealt eleven, or ten and that first discard
    size, opener = 10, -1
    if v.upcard is None and me == v.dealer:
        first = events[0].card if events else None
        size, opener = (11, -1) if first is None else (10, first.index)
    hand = (*streams, n, hands[0])  # the cards it was dealt too
    kept = _KEPT.get(hand)
    if kept is None:
        kept = _KEPT[hand] = {}
        while len(_KEPT) > _HANDS_KEPT:
            _KEPT.popitem(last=False)
    else:
        _KEPT.move_to_end(hand)
    # the player's decisions: after each of its draws (a stock draw, a take)
    points = [k + 1 for k, e in enumerate(events) if e.player == me
              and (e.action.kind in _TAKES or e.action.kind is ActionKind.DRAW_STOCK)]
    if not points or points[-1] != len(events):
        points.append(len(events))
    draws = [0]
    for e in events:
        draws.append(draws[-1] + (e.player == me and e.action.kind is ActionKind.DRAW_STOCK))
    f = None
    todo = []
    for point in reversed(points):
        f = kept.get((history[:point], v.drawn_cards[:draws[point]]))
        if f is not None:
            break
        todo.append(point)
    for point in reversed(todo):
        cards = _universe(me, hands[point], upcard, events[:point])
        rng = _rng(streams, point)
        f = (_Filter.deal(n, cards, rng, size, opener if point else -1) if f is None
             else f.copy())
        f.restrict(cards, rng)
        while f.done < point:
            f.done = f.step(events[:point], f.done, me, v.knock_limit, rng)
        kept[(history[:point], v.drawn_cards[:draws[point]])] = f
    assert f is not None
    return f.hands, f.weights
