"""Determinization: whole hand states sampled from what one player has seen.

A search player (ISMCTS, a sampling knocker) needs full states to play out, but it sees
only a :class:`~ginrules.players.View`. :func:`sample_hidden` deals the cards it has not
seen at random: a :class:`~ginrules.hand.HandState` that agrees with the view in every
fact the player knows, so that ``view(sample, v.player) == v``:

* the player's own cards, the discard pile, the upcard, the stock size;
* the cards the opponent took from the discard pile and still holds;
* the whole public history: what each player took, passed, declined, drew and discarded
  (every card the opponent discarded was in its hand when it did);
* the player's own stock draws (:attr:`View.drawn_cards
  <ginrules.players.View.drawn_cards>`), each where it was drawn, and so the cards it
  was dealt.

The cards nobody has seen (neither in the player's hand nor ever face up) are shared at
random between the opponent's hidden cards and the stock: every split is equally likely
(the posterior of a deal when the opponent's choices are not read as evidence), so each
unseen card is in the opponent's hand with chance *hidden / unseen*. The stock order is a
uniform shuffle. Pure and reproducible: the same view and seed give the same state.

>>> import ginrules
>>> from ginrules.players import view
>>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
>>> v = view(s, 1)
>>> sampled = sample_hidden(v, seed=3)
>>> view(sampled, 1) == v, sampled.cards(0) == s.cards(0)
(True, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from ginrules._splitmix import MASK64, splitmix64
from ginrules.actions import (
    _DISCARD_KIND,
    _DRAW_DISCARD_KIND,
    _DRAW_STOCK_KIND,
    _KNOCK_KIND,
    _PASS_KIND,
    _TAKE_KIND,
    Phase,
)
from ginrules.cards import CARDS, Card, Deck
from ginrules.errors import GinRulesError, WrongTypeError, _type_name
from ginrules.hand import HandState, _apply_checked, deal
from ginrules.players.views import View, _not_a_view, _own_hands

__all__ = ["hidden_cards", "inference_weights", "sample_hidden", "sample_weighted"]

_ALL = (1 << 52) - 1


def hidden_cards(view: View) -> tuple[tuple[Card, ...], int]:
    """The cards ``view``'s player has not seen (neither held nor ever face up), and how
    many of them the opponent holds (the rest are the stock).

    >>> import ginrules
    >>> from ginrules.players import view
    >>> v = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), 1)
    >>> unseen, held = hidden_cards(v)
    >>> len(unseen), held, v.stock_size
    (41, 10, 31)
    """
    if type(view) is not View:
        raise _not_a_view("hidden_cards", view)
    public = _public(view)
    unseen = _ALL & ~view.mask & ~public
    held = view.opponent_count - len(view.opponent_known)
    return tuple(c for c in CARDS if unseen >> c.index & 1), held


def _public(view: View) -> int:
    """The mask of every card that has been face up (the upcard and every discard)."""
    public = 0 if view.upcard is None else 1 << view.upcard.index
    for _, action in view.history:
        card = action.card
        if card is not None:
            public |= 1 << card.index
    return public


def _stream_of(seed: int | random.Random) -> Iterator[int]:
    if isinstance(seed, random.Random):
        return splitmix64(seed.getrandbits(64))
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise WrongTypeError("sample_hidden takes a seed: an int or a random.Random, not "
                             f"{_type_name(seed)}")
    return splitmix64(seed & MASK64)


def sample_hidden(view: View, seed: int | random.Random) -> HandState:
    """A whole hand state consistent with everything ``view``'s player has seen, the
    unseen cards dealt at random (see the module's documentation).

    ``seed`` is an int (SplitMix64, the same on every platform) or a
    :class:`random.Random`, from which one 64-bit seed is drawn. The hand must be in play
    (once it is over, the result shows the cards that matter).

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("oklahoma"), seed=11, dealer=1)
    >>> for text in ("pass", "pass", "draw stock", "discard " + str(s.deck[21])):
    ...     s = s.apply(text)
    >>> v = view(s, 0)
    >>> [view(sample_hidden(v, seed=k), 0) == v for k in range(3)]
    [True, True, True]
    >>> sample_hidden(view(s, 0), seed=1).stock_size == s.stock_size
    True
    """
    return _sample(view, seed, None)


def _sample(view: View, seed: int | random.Random, weights: list[float] | None) -> HandState:
    """:func:`sample_hidden`, the opponent's unseen cards drawn by ``weights`` (per card
    index; ``None``: uniformly)."""
    if not isinstance(view, View):
        raise WrongTypeError(f"sample_hidden takes a View (see ginrules.players.view), not "
                             f"{_type_name(view)}")
    if view.phase is Phase.OVER:
        raise GinRulesError("sample_hidden needs a hand in play: this hand is over, and its "
                            "result shows the cards that matter")
    stream = _stream_of(seed)
    me = view.player
    dealer = view.dealer
    history = view.history

    # Each card reaches a hand once from a private source: the deal (ten slots each,
    # before any action; eleven for the non-dealer under the eleven-cards opening) or a
    # stock draw (one slot at that moment). A card first seen face up when a player
    # discarded it came from that player's private source before that discard; the
    # cards still held and never seen came from one at any time.
    upcard = view.upcard
    non_dealer = 1 - dealer
    dealt_count = [10, 10]
    if upcard is None:
        dealt_count[non_dealer] = 11
    slots: tuple[list[int], list[int]] = ([-1] * dealt_count[0], [-1] * dealt_count[1])
    due: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])  # (deadline, card)
    seen = 0 if upcard is None else 1 << upcard.index
    for t, (player, action) in enumerate(history):
        kind = action.kind
        if kind is _DRAW_STOCK_KIND:
            slots[player].append(t)
        elif kind is _DISCARD_KIND or kind is _KNOCK_KIND:
            card = action.card
            assert card is not None
            bit = 1 << card.index
            if not seen & bit:
                seen |= bit
                due[player].append((t, card.index))
    public = seen
    unseen = _ALL & ~view.mask & ~public
    pool = [i for i in range(52) if unseen >> i & 1]
    hidden = view.opponent_count - len(view.opponent_known)
    opponent_private = len(slots[1 - me]) - len(due[1 - me])
    if hidden != opponent_private or len(pool) != hidden + view.stock_size:
        raise GinRulesError(
            f"this view does not add up: the opponent holds {hidden} unseen cards by its "
            f"count, {opponent_private} by the history, and {len(pool)} cards are unseen "
            f"with {view.stock_size} in the stock; was it edited?")
    if weights is not None:
        # weighted sampling without replacement (exponential keys): the `hidden` cards
        # with the smallest keys go to the opponent, the rest are shuffled below
        keyed = sorted((_exponential(stream) / weights[i], i) for i in pool)
        pool = [i for _, i in keyed]
    # a uniform shuffle of the unseen cards (of the stock part only when weighted): the
    # first `hidden` go to the opponent
    n = len(pool)
    first = hidden if weights is not None else 0
    for i in range(first, n - 1):
        span = n - i
        limit = (1 << 64) - (1 << 64) % span
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = i + x % span
        pool[i], pool[j] = pool[j], pool[i]
    stock_left = pool[hidden:]

    # the player's own slots: the cards it was dealt, then its stock draws in order; the
    # opponent's filled in time order, the card due soonest first (the greedy order that
    # fits every deadline whenever some order does)
    filled: list[list[int]] = [[], []]
    dealt = _own_hands(view)[0]
    filled[me] = [i for i in range(52) if dealt >> i & 1] + [c.index for c in view.drawn_cards]
    other = 1 - me
    pending = sorted(due[other])
    others = pool[:hidden]
    k = 0
    for time in slots[other]:
        if k < len(pending):
            deadline, index = pending[k]
            if deadline <= time:
                raise GinRulesError(f"this view does not add up: player {other} discarded "
                                    f"{CARDS[index]} before it could have held it")
            filled[other].append(index)
            k += 1
        else:
            filled[other].append(others.pop())
    deck: list[int] = [0] * 52
    for n_slot in range(10):
        deck[2 * n_slot] = filled[non_dealer][n_slot]
        deck[2 * n_slot + 1] = filled[dealer][n_slot]
    # card 20: the upcard, or the non-dealer's eleventh card where none is turned
    deck[20] = filled[non_dealer][10] if upcard is None else upcard.index
    # the stock draws in the order they happened, then the stock left
    position = 21
    cursor = list(dealt_count)
    for player, action in history:
        if action.kind is _DRAW_STOCK_KIND:
            deck[position] = filled[player][cursor[player]]
            cursor[player] += 1
            position += 1
    deck[position:] = stock_left
    state = deal(view.rules, deck=Deck(tuple(CARDS[i] for i in deck)), dealer=dealer)
    for _, action in history:
        state = _apply_checked(state, action)
    if state.masks[me] != view.mask or state.phase is not view.phase:
        raise GinRulesError("this view does not add up: its history does not lead to its "
                            "cards and phase; was it edited?")
    return state


def _exponential(stream: Iterator[int]) -> float:
    """An exponential variate (rate 1) from the next 53 bits of ``stream``."""
    return -math.log(((next(stream) >> 11) + 1) / 9007199254740993.0)


# the cards that make a meld with a card: the same rank, or the same suit within two
_RELATED = tuple(
    tuple(j for j in range(52) if j != i and (j % 13 == i % 13 or (
        j // 13 == i // 13 and abs(j % 13 - i % 13) <= 2)))
    for i in range(52)
)

DECLINED_FACTOR = 0.55
DISCARDED_FACTOR = 0.6
TAKEN_FACTOR = 2.5


def _weights(view: View) -> list[float]:
    """:func:`inference_weights` per card index (1.0 for the cards it does not name)."""
    weights = _evidence(view)[3]
    assert weights is not None
    return weights


def _evidence(view: View, weigh: bool = True) -> tuple[int, int, int, list[float] | None]:
    """What the opponent's play shows, in one pass over the history (no
    :class:`~ginrules.players.Event` is built): the masks of the cards it declined (the
    upcard passed, top discards left for a stock draw) and discarded, how many stock
    cards it drew, and :func:`inference_weights` per card index (``None`` unless
    ``weigh``: the masks alone are cheaper)."""
    w = [1.0] * 52 if weigh else None
    me = view.player
    history = view.history
    pile = [] if view.upcard is None else [view.upcard.index]
    declined = discarded = draws = 0
    for n, (player, action) in enumerate(history):
        kind = action.kind
        if kind is _DISCARD_KIND or kind is _KNOCK_KIND:
            card = action.card
            assert card is not None
            index = card.index
            pile.append(index)
            if player != me:
                discarded |= 1 << index
                if w is not None:
                    for j in _RELATED[index]:
                        w[j] *= DISCARDED_FACTOR
        elif kind is _TAKE_KIND or kind is _DRAW_DISCARD_KIND:
            pile.pop()
        elif player != me and (kind is _PASS_KIND or kind is _DRAW_STOCK_KIND):
            if kind is _DRAW_STOCK_KIND:
                draws += 1
                if n == 2 and history[1][1].kind is _PASS_KIND:
                    continue  # after both passed the upcard, nothing was declined
            if pile:
                index = pile[-1]
                declined |= 1 << index
                if w is not None:
                    for j in _RELATED[index]:
                        w[j] *= DECLINED_FACTOR
    if w is None:
        return declined, discarded, draws, None
    for card in view.opponent_known:
        for j in _RELATED[card.index]:
            w[j] *= TAKEN_FACTOR
    return declined, discarded, draws, [0.05 if x < 0.05 else 5.0 if x > 5.0 else x for x in w]


def inference_weights(view: View) -> dict[Card, float]:
    """How much likelier than the others each unseen card is to be in the opponent's hand,
    read from what the opponent did (1.0: no evidence).

    A player who passes an upcard, leaves a discard for a stock draw or throws a card away
    is unlikely to hold cards that meld with it (the same rank, or the same suit within
    two ranks): each such event multiplies their weight by ``DECLINED_FACTOR`` (passed or
    left) or ``DISCARDED_FACTOR`` (thrown away). A card the opponent took from the discard
    pile and still holds was taken for a meld: the cards that meld with it weigh
    ``TAKEN_FACTOR`` times more. Weights are clamped to 0.05-5. Only the cards
    :func:`hidden_cards` lists are keys.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass")
    >>> w = inference_weights(view(s, 0))
    >>> str(s.upcard), w[ginrules.Card.parse("9S")], w[ginrules.Card.parse("2D")]
    ('TS', 0.55, 1.0)
    """
    if type(view) is not View:
        raise _not_a_view("inference_weights", view)
    unseen, _ = hidden_cards(view)
    w = _weights(view)
    return {card: w[card.index] for card in unseen}


def sample_weighted(view: View, seed: int | random.Random) -> HandState:
    """:func:`sample_hidden`, but the opponent's unseen cards are drawn by the evidence of
    its play (:func:`inference_weights`, by weighted sampling without replacement) rather
    than uniformly; the stock is a uniform shuffle of the rest. Agrees with the view in
    every fact just the same.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("pass")
    >>> v = view(s, 0)
    >>> [view(sample_weighted(v, seed=k), 0) == v for k in range(3)]
    [True, True, True]
    """
    if not isinstance(view, View):
        raise WrongTypeError(f"sample_weighted takes a View (see ginrules.players.view), "
                             f"not {_type_name(view)}")
    return _sample(view, seed, _weights(view))


def _opponent_masks(pool: list[int], hidden: int, known: int, count: int,
                    rng: random.Random, weights: list[float]) -> list[int]:
    """``count`` opponent hands as masks: ``known`` plus ``hidden`` cards of ``pool``
    drawn by ``weights`` without replacement (the fast path of the players), each card in
    turn by its weight among the cards left: the same as keeping the cards with the
    largest keys ``u ** (1 / weight)``, ``u`` uniform (Efraimidis and Spirakis), which is
    how it is done (one key per card, and a sort).

    >>> import random
    >>> hands = _opponent_masks([0, 1, 2, 3], 2, 1 << 51, 3, random.Random(1), [1.0] * 52)
    >>> [bin(h).count("1") for h in hands], all(h >> 51 for h in hands)
    ([3, 3, 3], True)
    """
    if hidden <= 0 or not pool:
        return [known] * count
    if hidden >= len(pool):
        return [known | sum(1 << i for i in pool)] * count
    bits = [1 << i for i in pool]
    inverse = [1.0 / weights[i] if weights[i] > 0 else math.inf for i in pool]
    full = known | sum(bits)
    left_out = len(pool) - hidden
    draw = rng.random
    order = range(len(pool))
    out = []
    for _ in range(count):
        keys = [draw() ** x for x in inverse]
        m = full
        for j in sorted(order, key=keys.__getitem__)[:left_out]:
            m ^= bits[j]
        out.append(m)
    return out
