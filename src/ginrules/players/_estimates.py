"""The advanced player's estimates, on card masks: how much the next card is worth to a
hand (:func:`_potential`), the chance the opponent holds each card (for the danger of a
discard), the opponent's hands improved by its stock draws (:func:`_keep_best`), and a
knocking hand's layoff chains and gin cards. Each is checked against its definition by
the tests (hypothesis, brute force); several remember what they found, since the same
hands come back turn after turn.

A hand with KS its only deadwood, and the twelve other spades to draw from: AS to 9S
would replace KS (saving 9 down to 1), TS, JS and QS save nothing, so the next card saves
45 / 12 on average:

>>> from ginrules import cards_to_mask
>>> _potential(cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"), list(range(39, 51)))
3.75
"""

from __future__ import annotations

import itertools
import operator
from typing import TYPE_CHECKING

from ginrules.knocking import knocker_layout
from ginrules.masks import (
    _DEAD,
    _DROP,
    _best_discard_deadwood,
    _deadwood,
    _drop_table,
)
from ginrules.melds import arrangements_of_mask
from ginrules.players.lookahead import _layoff_chains

if TYPE_CHECKING:
    from ginrules.cards import Card
    from ginrules.players.views import View

_ALL = (1 << 52) - 1
_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # (1 << rank) * this: the rank in every suit


def _meld_pairs(index: int) -> list[tuple[int, int]]:
    """The pairs of cards that make a three-card meld with the card ``index``."""
    rank, suit = index % 13, index // 13
    same = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(same[0], same[1]), (same[0], same[2]), (same[1], same[2])]
    for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if a >= 0 and b <= 12:
            pairs.append((suit * 13 + a, suit * 13 + b))
    return pairs


_PAIRS = tuple(_meld_pairs(i) for i in range(52))
# the cards of a card's rank (itself too), and of its suit within two ranks (not itself)
_SAME_RANK = tuple(sum(1 << (s * 13 + i % 13) for s in range(4)) for i in range(52))
_RUN_NEAR = tuple(sum(1 << (i - i % 13 + r) for r in range(13) if 0 < abs(r - i % 13) <= 2)
                  for i in range(52))
_POINTS = tuple(min(i % 13 + 1, 10) for i in range(52))


# the card indices of each byte of a mask: _BYTES[k][b] for the byte b at bits 8k to 8k+7
_BYTES = tuple(tuple(tuple(8 * k + j for j in range(8) if b >> j & 1) for b in range(256))
               for k in range(7))


def _indices(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first (a byte at a time, from tables).

    >>> _indices(0b1011 | 1 << 51)
    [0, 1, 3, 51]
    """
    b0, b1, b2, b3, b4, b5, b6 = _BYTES
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255],
            *b3[mask >> 24 & 255], *b4[mask >> 32 & 255], *b5[mask >> 40 & 255],
            *b6[mask >> 48]]


_RANKS = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
# the cards worth 1 to 10 points (T, J, Q and K are worth 10)
_POINT_RANKS = (*_RANKS[:9], _RANKS[9] | _RANKS[10] | _RANKS[11] | _RANKS[12])
_ONE_TO_TEN = tuple(range(1, 11))
_STARTS = sum(0x7FF << (13 * s) for s in range(4))
# the ranks at the ends of each suit, to keep shifted masks within their suits
_NOT_ACES = _ALL & ~_RANKS[0]
_NOT_KINGS = _ALL & ~_RANKS[12]
_NOT_LOW2 = _ALL & ~(_RANKS[0] | _RANKS[1])
_NOT_HIGH2 = _ALL & ~(_RANKS[11] | _RANKS[12])


def _melded(mask: int) -> int:
    """The cards of ``mask`` in a run of three or more or a rank held three times or more
    (a quick over-estimate of the melded cards, without the solver)."""
    a = mask & (mask >> 1) & (mask >> 2) & _STARTS
    out = a | (a << 1) | (a << 2)
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    three = (c & d & (h | s)) | (h & s & (c | d))  # the ranks held three times or more
    return out | (mask & (three | three << 13 | three << 26 | three << 39))


def _partnered(mask: int) -> int:
    """The cards of ``mask`` that could share a meld with another of its cards: another
    card of their rank, or of their suit within two ranks."""
    near = (((mask << 1) & _NOT_ACES) | ((mask >> 1) & _NOT_KINGS)
            | ((mask << 2) & _NOT_LOW2) | ((mask >> 2) & _NOT_HIGH2))
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    same = (d | h | s) | (c | h | s) << 13 | (c | d | s) << 26 | (c | d | h) << 39
    return mask & (near | same)


def _keep_best(mask: int, drop: int, keep: int) -> int:
    """``mask`` less ``drop`` cards, as a player keeping its best cards would throw them:
    unmelded cards with no partner first, then unmelded cards with one, then melded
    cards, the highest first (the higher rank, then the higher suit); never the cards of
    ``keep``.

    >>> from ginrules import cards_from_mask, cards_to_mask
    >>> hand = cards_to_mask("AC 2C 3C 9D TD KS QH 5H")
    >>> " ".join(map(str, cards_from_mask(_keep_best(hand, 2, 0))))  # KS, then QH
    'AC 2C 3C 9D TD 5H'
    >>> " ".join(map(str, cards_from_mask(_keep_best(hand, 4, cards_to_mask("5H")))))
    'AC 2C 3C 5H'
    """
    if drop <= 0:
        return mask
    melded = _melded(mask)
    partnered = _partnered(mask)
    rest = mask & ~keep
    for group in (rest & ~melded & ~partnered, rest & ~melded & partnered, rest & melded):
        ranks = (group | group >> 13 | group >> 26 | group >> 39) & 0x1FFF
        while ranks:
            rank = ranks.bit_length() - 1  # the highest rank first
            ranks ^= 1 << rank
            cards = group & _RANKS[rank]
            while cards:
                top = 1 << (cards.bit_length() - 1)  # the highest suit first
                mask ^= top
                cards ^= top
                drop -= 1
                if not drop:
                    return mask
    return mask


_MEMO: dict[int, int] = {}


def _best_discard_memo(mask: int) -> int:
    """:func:`~ginrules.masks._best_discard_deadwood`, remembered (the same hands come
    back turn after turn); the memory is dropped when it grows large."""
    value = _MEMO.get(mask)
    if value is None:
        if len(_MEMO) > 200_000:
            _MEMO.clear()
        value = _MEMO[mask] = _best_discard_deadwood(mask)
    return value


def _meld_makers(mask: int) -> int:
    """The cards not in ``mask`` that make a meld with two of its cards.

    >>> from ginrules import cards_from_mask, cards_to_mask
    >>> " ".join(map(str, cards_from_mask(_meld_makers(cards_to_mask("KC KD 2S 3S")))))
    'KH AS 4S KS'
    """
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    two = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s)
    up1 = (mask << 1) & _NOT_ACES  # a card whose rank below is held
    up2 = (mask << 2) & _NOT_LOW2
    down1 = (mask >> 1) & _NOT_KINGS  # a card whose rank above is held
    down2 = (mask >> 2) & _NOT_HIGH2
    runs = (up1 & up2) | (down1 & up1) | (down1 & down2)
    return (two * _RANK_SPREAD | runs) & ~mask


# a pool's mask; the weight of its cards worth fewer than k points and the sum of their
# points times their weight, for k from 0 to 11; and its whole weight
_Counts = tuple[int, list[float], list[float], float]


def _pool_points(pool: list[int], stock: list[float] | None) -> _Counts:
    """What :func:`_potential` needs of ``pool``, found once for all the discards it
    compares (each card weighs its entry of ``stock``, or 1): see ``_Counts``."""
    mask = 0
    for index in pool:
        mask |= 1 << index
    by_points: list[float]
    if stock is None:  # counted a rank at a time
        by_points = [(mask & rank).bit_count() for rank in _POINT_RANKS]
    else:
        by_points = [0.0] * 10
        for index in pool:
            by_points[_POINTS[index] - 1] += stock[index]
    weights = [0.0, 0.0, *itertools.accumulate(by_points)]
    points = [0.0, 0.0, *itertools.accumulate(map(operator.mul, by_points, _ONE_TO_TEN))]
    return mask, weights, points, weights[-1]


def _potential(mask: int, pool: list[int], stock: list[float] | None = None,
               counts: _Counts | None = None) -> float:
    """The expected deadwood saved by drawing one card of ``pool`` into ``mask``.

    A card that makes no meld with two cards of ``mask`` saves only by replacing the card
    whose discard costs least: ``base - points - best_discard(mask)``, when positive, so
    those cards are counted by their points; the others are priced by
    :func:`_savings`. ``stock``, per card index, weighs each card by the chance it is in
    the stock (``None``: all alike); ``counts`` is :func:`_pool_points` of the pool and
    ``stock``, when known."""
    if not pool:
        return 0.0
    facts = _SAVINGS.get(mask)
    if facts is None:
        facts = _savings(mask)
    base, room, savings = facts
    if not base:
        return 0.0
    pool_mask, weights, points, whole = counts if counts is not None else _pool_points(
        pool, stock)
    if not whole:
        return 0.0
    # the cards worth fewer points than room save room - points each
    k = room if room < 11 else 11
    total = room * weights[k] - points[k]
    for index, saved in savings:
        if pool_mask >> index & 1:
            total += saved if stock is None else saved * stock[index]
    return total / whole


def _potential_bound(mask: int, counts: _Counts) -> float:
    """An upper bound of :func:`_potential` of ``mask`` for the pool of ``counts``, much
    cheaper when the hand has not been priced before: the cards that make no meld
    counted exactly, and each card that makes one as if it saved the whole deadwood
    (with a weight of at most 1)."""
    pool_mask, weights, points, whole = counts
    if not whole:
        return 0.0
    base = _deadwood(mask)
    room = base - _best_discard_memo(mask)
    k = room if room < 11 else 11
    makers = (_meld_makers(mask) & pool_mask).bit_count()
    return (room * weights[k] - points[k] + makers * base) / whole


# per hand of ten cards: _savings of it (the same hands come back turn after turn)
_SAVINGS: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}


def _savings(mask: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """What :func:`_potential` needs of the ten cards ``mask``, whatever the pool: its
    deadwood ``base``; ``room``, the deadwood its best discard saves; and for each card
    that makes a meld with two of its cards, ``(index, saved)``: the deadwood drawing it
    saves (throwing the best discard), less what :func:`_potential` counts it for as a
    card that melds with nothing (``room - points``, when positive), when not zero.
    Remembered; the memory is dropped when it grows large.

    When no rank is held three times, the deadwood is a sum over the suits (see
    :func:`~ginrules.masks._best_discard_deadwood`): a card changes only its own suit's
    term, or makes a set of three of a rank held twice, so every card is priced from the
    suit tables; with a rank held three times the solver prices them.

    >>> from ginrules import CARDS, cards_to_mask
    >>> base, room, savings = _savings(cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"))
    >>> # 4C makes gin (saves 10) but as a lone card it would have replaced KS (saving 6)
    >>> base, room, [(str(CARDS[i]), saved) for i, saved in savings][:3]
    (10, 10, [('4C', 4), ('3D', 3), ('7D', 7)])
    """
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    dead, drop = _DEAD, _DROP or _drop_table()
    dc, dd, dh, ds = dead[c], dead[d], dead[h], dead[s]
    xc, xd, xh, xs = drop[c], drop[d], drop[h], drop[s]
    held_thrice = (c & d & (h | s)) | (h & s & (c | d))
    base = _deadwood(mask) if held_thrice else dc + dd + dh + ds
    # base less the deadwood after the best discard
    room = base - _best_discard_memo(mask) if held_thrice else -min(xc, xd, xh, xs)
    makers = _meld_makers(mask)
    savings = []
    if held_thrice:
        memo = _MEMO
        while makers:
            low = makers & -makers
            makers ^= low
            index = low.bit_length() - 1
            after = memo.get(mask | low)
            if after is None:
                after = _best_discard_memo(mask | low)
            saved = (base - after if base > after else 0) - (
                room - _POINTS[index] if room > _POINTS[index] else 0)
            if saved:
                savings.append((index, saved))
    else:
        # a card of a rank held twice makes a set of three (the only rank held three
        # times): the best discard with it is the better of leaving that set unmade
        # (its suit's term changes, as for a run) and making it (the rank's cards out of
        # every suit), as the solver would find
        two = (c & d) | (c & h) | (c & s) | (d & h) | (d & s) | (h & s)
        sets = makers & two * _RANK_SPREAD
        suits = ((0, c, dc, min(xd, xh, xs)), (13, d, dd, min(xc, xh, xs)),
                 (26, h, dh, min(xc, xd, xs)), (39, s, ds, min(xc, xd, xh)))
        for group, makes_set in ((sets, True), (makers & ~sets, False)):
            for shift, suit, suit_dead, other_drop in suits:
                these = (group >> shift) & 0x1FFF
                while these:
                    low = these & -these
                    these ^= low
                    grown = suit | low
                    drop_grown = drop[grown]
                    after = base - suit_dead + dead[grown] + (
                        drop_grown if drop_grown < other_drop else other_drop)
                    if makes_set:
                        c1, d1, h1, s1 = c & ~low, d & ~low, h & ~low, s & ~low
                        with_set = dead[c1] + dead[d1] + dead[h1] + dead[s1] + min(
                            drop[c1], drop[d1], drop[h1], drop[s1])
                        if with_set < after:
                            after = with_set
                    rank = low.bit_length() - 1
                    worth = rank + 1 if rank < 10 else 10
                    saved = (base - after if base > after else 0) - (
                        room - worth if room > worth else 0)
                    if saved:
                        savings.append((shift + rank, saved))
    if len(_SAVINGS) > 20_000:
        _SAVINGS.clear()
    facts = _SAVINGS[mask] = (base, room, tuple(savings))
    return facts


def _held_chances(known: int, blocked: int, q: float, chance: list[float] | None) -> list[float]:
    """Per card index, the chance the opponent holds the card: 1 for the cards of
    ``known``, else 0 for the cards of ``blocked`` (the player's, the discard pile's),
    else ``q``, or the card's entry of ``chance`` when given.

    >>> held = _held_chances(0b100, 0b110, 0.25, None)
    >>> held[:4]
    [0.25, 0.0, 1.0, 0.25]
    """
    held = [q] * 52 if chance is None else list(chance)
    for index in _indices(blocked & ~known):
        held[index] = 0.0
    for index in _indices(known):
        held[index] = 1.0
    return held


# per arrangement, its layoff chains (see layoff_chains)
_Chains = tuple[tuple[tuple[int, ...], ...], ...]
_KNOCKS: dict[int, tuple[_Chains, int]] = {}


def _knock_chains(v: View, mine: int, card: Card) -> _Chains:
    """The layoff chains of the arrangements that may score a knock of ``card`` leaving
    the ten cards ``mine``: each best arrangement where the rules lay the hand out (the
    engine takes the knocker's best), else the one the knocker lays out itself, from its
    cards and the discard pile (:func:`ginrules.knocking.knocker_layout`).

    >>> import ginrules
    >>> from ginrules import cards_to_mask, parse_card
    >>> v = ginrules.deal(ginrules.rules("eaai"), seed=1).view(0)
    >>> mine = cards_to_mask("3C 4C 5C 3D 4D 5D 3H 4H 5H KC")
    >>> len(_knock_chains(v, mine, parse_card("QS")))  # three sets, as the knocker shows
    1
    >>> len(_knock_chains(ginrules.deal(ginrules.rules("classic"), seed=1).view(0), mine,
    ...                   parse_card("QS")))  # runs or sets: the engine takes the best
    2
    """
    if v.rules.auto_layout:
        return _knock_facts(mine)[0]
    pile = card.mask
    for c in v.discard_pile:
        pile |= c.mask
    return (_layoff_chains(knocker_layout(mine, discard_pile=pile)),)


def _knock_facts(mine: int) -> tuple[_Chains, int]:
    """For a knock with the ten cards ``mine``: the layoff chains of each of its best
    arrangements (the same for every opponent hand it is tried against), and the mask of
    the cards that would make it gin. Remembered: a player waiting for gin weighs the
    same knock turn after turn (about two knocks in three, in games between advanced
    players); the memory is dropped when it grows large.

    >>> from ginrules import CARDS, cards_to_mask
    >>> chains, gin = _knock_facts(cards_to_mask("AC 2C 3C 4D 5D 6D 7H 8H 9H KS"))
    >>> [str(c) for c in CARDS if gin >> c.index & 1]  # each extends a run; KS goes
    ['4C', '3D', '7D', '6H', 'TH']
    """
    facts = _KNOCKS.get(mine)
    if facts is None:
        if len(_KNOCKS) > 20_000:
            _KNOCKS.clear()
        # only a card that makes a meld can bring gin (another would stay deadwood)
        makers = _meld_makers(mine)
        gin = 0
        for index in _indices(makers):
            if _best_discard_deadwood(mine | 1 << index) == 0:
                gin |= 1 << index
        facts = _KNOCKS[mine] = (
            tuple(_layoff_chains(a) for a in arrangements_of_mask(mine)), gin)
    return facts
