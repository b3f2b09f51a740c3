"""The exact deadwood solver on 52-bit card masks: the fast path under every hand function.

A hand is a 52-bit integer, bit ``suit * 13 + rank - 1`` per card (:attr:`Card.index
<ginrules.Card.index>`). Without sets, the best runs of a suit are simply all its
stretches of three or more consecutive cards (taking a whole stretch never leaves more
deadwood than taking part of it), which three bit operations find for all four suits at
once; an 8192-entry table then gives each suit's deadwood. Sets are the only choice: for
each rank held three or four times the solver tries no set, the set of all of them, and
(for four) each set of three that frees the fourth card for a run; there are at most a
few hundred combinations in an 11-card hand, and usually none at all.

>>> from ginrules.masks import deadwood_of_mask, best_discard_deadwood_of_mask
>>> from ginrules import cards_to_mask
>>> deadwood_of_mask(cards_to_mask("7H 8H 9H KS QS"))
20
>>> best_discard_deadwood_of_mask(cards_to_mask("7H 8H 9H KS QS 2C"))
12
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from ginrules.errors import CardNotationError, GinRulesError, WrongTypeError, _type_name

__all__ = [
    "best_discard_deadwood_of_mask",
    "best_discards_of_mask",
    "deadwood_of_mask",
    "discard_deadwoods_of_mask",
]

_SUIT = 0x1FFF
# A run of three may start at ranks A..J (positions 0..10) of every suit, never across suits.
_STARTS = sum(0x7FF << (13 * s) for s in range(4))
_NONE = 1 << 20  # "no such discard": larger than any real deadwood


def _run_cards(m: int) -> int:
    """The cards of ``m`` (a 52-bit mask) that lie in a stretch of 3+ consecutive cards."""
    a = m & (m >> 1) & (m >> 2) & _STARTS
    return a | (a << 1) | (a << 2)


def _build_tables() -> tuple[list[int], list[int], list[int]]:
    """Per one-suit 13-bit mask: its points, its runs-only deadwood, and how much the best
    removal of one of its cards changes that deadwood (``_NONE`` for the empty suit).

    The last table is built on first use (see :func:`_drop_table`): a script that only
    computes deadwood never needs it."""
    points, dead = _base_tables()
    # after[r][m]: the deadwood of m without card r (_NONE if m lacks it). Built from
    # slices of ``dead``: in every block of 2 * bit masks, the second half has the bit and
    # drops it by pointing at the first half.
    after = []
    for r in range(13):
        bit = 1 << r
        pad = [_NONE] * bit
        row: list[int] = []
        for k in range(0, 1 << 13, 2 * bit):
            row += pad
            row += dead[k : k + bit]
        after.append(row)
    drop = [best - d for best, d in zip(map(min, *after), dead, strict=True)]
    drop[0] = _NONE
    return points, dead, drop


def _base_tables() -> tuple[list[int], list[int]]:
    """Per one-suit 13-bit mask: its points, and its deadwood when only runs are used.

    Both are built a bit at a time, adding the top card r to every mask below ``1 << r``.
    If the mask lacks r-1 or r-2, the new card is dead: ``+ value``. Otherwise (the last
    quarter of the masks below ``1 << r``) it makes a run with them: if the mask also
    holds r-3, r-1 and r-2 were in a run already and nothing changes; if not, they were
    dead and now leave the deadwood: ``- pair``.
    """
    points = [0]
    dead = [0]
    for r in range(13):
        value = min(r + 1, 10)
        points += [p + value for p in points]  # adding bit r doubles the table
        if r < 2:
            dead += [d + value for d in dead]
            continue
        quarter = 1 << (r - 2)
        start = 3 * quarter  # the first mask holding r-1 and r-2
        without = max(quarter >> 1, 1)  # how many of those lack r-3
        pair = min(r, 10) + min(r - 1, 10)  # the values of bits r-1 and r-2
        dead += ([d + value for d in dead[:start]]
                 + [d - pair for d in dead[start:start + without]]
                 + dead[start + without:])
    return points, dead


# _POINTS[m]: points of a one-suit 13-bit mask; _DEAD[m]: its deadwood when only runs are
# used; _DROP[m]: the least change of _DEAD[m] when one of its cards is discarded (empty
# until the first best-discard call fills it: ``_DROP or _drop_table()``).
_POINTS, _DEAD = _base_tables()
_DROP: list[int] = []


def _drop_table() -> list[int]:
    """:data:`_DROP`, built on first use."""
    if not _DROP:
        _DROP.extend(_build_tables()[2])
    return _DROP


def _per_suit_sum(table: list[int], m: int) -> int:
    """The sum of ``table`` over the four 13-bit suit masks of ``m``."""
    return table[m & _SUIT] + table[(m >> 13) & _SUIT] + table[(m >> 26) & _SUIT] + table[m >> 39]


def _points(m: int) -> int:
    """The points of the cards of a 52-bit mask."""
    return _per_suit_sum(_POINTS, m)


def _set_ranks(m: int) -> int:
    """13-bit mask of the ranks held in three or four suits."""
    c = m & _SUIT
    d = (m >> 13) & _SUIT
    h = (m >> 26) & _SUIT
    s = m >> 39
    return (c & d & (h | s)) | (h & s & (c | d))


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low)
        m ^= low
    return out


def _deadwood_options(full: int, free: int) -> tuple[int, ...]:
    """The sets worth trying, for the least deadwood, at a rank held as ``full`` (3 or 4
    cards), of which the cards in ``free`` lie in a stretch of three of the hand.

    A card outside every stretch of three of the whole hand is in no run of any
    arrangement, so: a rank none of whose cards can be in a run always makes its set
    (nothing is lost), and a four-card rank only frees a card that can be in a run (a freed
    dead card is worse than the four-card set). 0 means no set.
    """
    if not free:
        return (full,)
    if full.bit_count() == 3:
        return (full, 0)
    return (full, *(full ^ bit for bit in _bits(free)), 0)


def _discard_options(full: int, free: int) -> tuple[int, ...]:
    """The sets worth trying, for the best discard, at a rank (see :func:`_deadwood_options`).

    The discard is taken from the cards outside the chosen sets, so a four-card rank may
    also free a card to be discarded; freeing any one of its cards that can be in no run
    gives the same result, so one such option is enough. A four-card rank with no card in a
    run needs no "no set" option (freeing one card and discarding it is never worse).
    """
    if full.bit_count() == 3:
        return (full, 0)
    stuck = full ^ free
    opts = [full]
    if stuck:
        opts.append(full ^ (stuck & -stuck))
    opts += [full ^ bit for bit in _bits(free)]
    if free:
        opts.append(0)
    return tuple(opts)


_RANK_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # (1 << rank) * this: the rank in every suit


def _option_table(build: Callable[[int, int], tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
    """``build(full, free)`` for every rank held 3 or 4 times, keyed by ``full | free << 52``
    (``free == 0`` gives the key ``full``)."""
    table = {}
    for r in range(13):
        rank = _RANK_SPREAD << r
        for full in [rank, *(rank ^ bit for bit in _bits(rank))]:
            free = full
            while True:
                table[full | free << 52] = build(full, free)
                if not free:
                    break
                free = (free - 1) & full
    return table


def _all_options(full: int, free: int) -> tuple[int, ...]:
    """Every set a rank held as ``full`` may make: none, all of it, or (for four cards)
    each three of them. Exhaustive, for listing every best discard."""
    if full.bit_count() == 3:
        return (0, full)
    return (0, full, *(full ^ bit for bit in _bits(full)))


# The deadwood call needs the first table; the other two are built on first use
# (``_DISCARD_OPTIONS or _fill(_DISCARD_OPTIONS)``), so ``import ginrules`` stays light.
_DEADWOOD_OPTIONS = _option_table(_deadwood_options)
_DISCARD_OPTIONS: dict[int, tuple[int, ...]] = {}
_ALL_OPTIONS: dict[int, tuple[int, ...]] = {}


def _fill(table: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, ...]]:
    """:data:`_DISCARD_OPTIONS` or :data:`_ALL_OPTIONS`, built on first use."""
    if not table:
        table.update(_option_table(_discard_options if table is _DISCARD_OPTIONS
                                   else _all_options))
    return table


def _set_choices(
    mask: int, ranks: int, table: dict[int, tuple[int, ...]]
) -> Iterable[int]:
    """The card masks of every combination of the sets worth trying (one per choice)."""
    a = mask & (mask >> 1) & (mask >> 2) & _STARTS
    runnable = a | (a << 1) | (a << 2)
    low = ranks & -ranks
    full = mask & low * _RANK_SPREAD
    choices = table[full | (full & runnable) << 52]
    ranks ^= low
    if not ranks:
        return choices
    options = [choices]
    while ranks:
        low = ranks & -ranks
        full = mask & low * _RANK_SPREAD
        options.append(table[full | (full & runnable) << 52])
        ranks ^= low
    return map(sum, itertools.product(*options))


def _deadwood(mask: int) -> int:
    """The unchecked body of :func:`deadwood_of_mask` (for callers whose masks are valid)."""
    c = mask & 0x1FFF
    d = (mask >> 13) & 0x1FFF
    h = (mask >> 26) & 0x1FFF
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    dead = _DEAD
    if not ranks:
        return dead[c] + dead[d] + dead[h] + dead[s]
    if c & d & h & s:  # a rank held four times
        return _deadwood_with_sets(mask, ranks)
    # Only ranks held three times: each makes its set or not; try every combination.
    best = dead[c] + dead[d] + dead[h] + dead[s]
    sets = ranks
    while sets:
        keep = ~sets
        v = dead[c & keep] + dead[d & keep] + dead[h & keep] + dead[s & keep]
        if v < best:
            best = v
        sets = (sets - 1) & ranks
    return best


def _deadwood_with_sets(mask: int, ranks: int, enough: int = 0) -> int:
    """The least deadwood of a hand with sets; returns early with any value <= ``enough``."""
    dead = _DEAD
    best = _NONE
    for used in _set_choices(mask, ranks, _DEADWOOD_OPTIONS):
        m = mask ^ used
        v = dead[m & 0x1FFF] + dead[(m >> 13) & 0x1FFF] + dead[(m >> 26) & 0x1FFF] + dead[m >> 39]
        if v < best:
            if v <= enough:
                return v
            best = v
    return best


def _best_discard_deadwood(mask: int) -> int:
    """The unchecked body of :func:`best_discard_deadwood_of_mask` (for callers whose masks are valid)."""
    c = mask & 0x1FFF
    d = (mask >> 13) & 0x1FFF
    h = (mask >> 26) & 0x1FFF
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    dead, drop = _DEAD, _DROP or _drop_table()
    if not ranks:
        if not mask:
            raise GinRulesError("cannot discard from an empty hand")
        return dead[c] + dead[d] + dead[h] + dead[s] + min(drop[c], drop[d], drop[h], drop[s])
    if c & d & h & s:  # a rank held four times
        return _best_discard_with_sets(mask, ranks)
    # Only ranks held three times: each makes its set or not; try every combination.
    best = dead[c] + dead[d] + dead[h] + dead[s] + min(drop[c], drop[d], drop[h], drop[s])
    sets = ranks
    while sets:
        keep = ~sets
        c1 = c & keep
        d1 = d & keep
        h1 = h & keep
        s1 = s & keep
        v = dead[c1] + dead[d1] + dead[h1] + dead[s1] + min(drop[c1], drop[d1], drop[h1], drop[s1])
        if v < best:
            best = v
        sets = (sets - 1) & ranks
    return best


def _best_discard_with_sets(mask: int, ranks: int) -> int:
    dead, drop = _DEAD, _DROP or _drop_table()
    best = _NONE
    for used in _set_choices(mask, ranks, _DISCARD_OPTIONS or _fill(_DISCARD_OPTIONS)):
        m = mask ^ used
        c = m & 0x1FFF
        d = (m >> 13) & 0x1FFF
        h = (m >> 26) & 0x1FFF
        s = m >> 39
        v = dead[c] + dead[d] + dead[h] + dead[s] + min(drop[c], drop[d], drop[h], drop[s])
        if v < best:
            if not v:
                return 0
            best = v
    return best


def _discard_deadwoods(mask: int) -> list[tuple[int, int]]:
    """The unchecked body of :func:`discard_deadwoods_of_mask` (for callers whose masks are valid)."""
    out: list[tuple[int, int]] = []
    if _set_ranks(mask):
        m = mask
        while m:
            low = m & -m
            out.append((low.bit_length() - 1, _deadwood(mask ^ low)))
            m ^= low
        return out
    dead = _DEAD
    total = _per_suit_sum(dead, mask)
    for shift in (0, 13, 26, 39):
        suit = (mask >> shift) & 0x1FFF
        rest = total - dead[suit]
        m = suit
        while m:
            low = m & -m
            out.append((low.bit_length() - 1 + shift, rest + dead[suit ^ low]))
            m ^= low
    return out



def _best_discards(mask: int) -> tuple[int, int]:
    """The unchecked body of :func:`best_discards_of_mask` (for callers whose masks are valid)."""
    if not mask:
        raise GinRulesError("cannot discard from an empty hand")
    c = mask & 0x1FFF
    d = (mask >> 13) & 0x1FFF
    h = (mask >> 26) & 0x1FFF
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    best_mask = 0
    if not ranks:
        # No sets, with or without any card: only the discarded card's suit changes, so
        # the answer comes from each suit's best single removal.
        drop = _DROP or _drop_table()
        dc, dd, dh, ds = drop[c], drop[d], drop[h], drop[s]
        least = min(dc, dd, dh, ds)
        which = _BEST_SUIT_DISCARDS
        if dc == least:
            best_mask = which[c]
        if dd == least:
            best_mask |= which[d] << 13
        if dh == least:
            best_mask |= which[h] << 26
        if ds == least:
            best_mask |= which[s] << 39
        dead = _DEAD
        return dead[c] + dead[d] + dead[h] + dead[s] + least, best_mask
    # Every set choice (all of them: the pruned tables may skip a choice that ties), and
    # in each one that reaches the best, the best discards of its suits: a discard from a
    # chosen set is the same as the choice without that card in the set.
    dead, drop = _DEAD, _DROP or _drop_table()
    best = _NONE
    reaching: list[tuple[int, int, int, int, int]] = []
    options = _ALL_OPTIONS or _fill(_ALL_OPTIONS)
    if ranks & (ranks - 1):
        choices = _set_choices(mask, ranks, options)
    else:  # one rank held three or four times (the usual case): its options directly
        full = mask & ranks * _RANK_SPREAD
        choices = options[full]
    for used in choices:
        m = mask ^ used
        c = m & 0x1FFF
        d = (m >> 13) & 0x1FFF
        h = (m >> 26) & 0x1FFF
        s = m >> 39
        least = min(drop[c], drop[d], drop[h], drop[s])
        v = dead[c] + dead[d] + dead[h] + dead[s] + least
        if v < best:
            best = v
            reaching = [(least, c, d, h, s)]
        elif v == best:
            reaching.append((least, c, d, h, s))
    for least, c, d, h, s in reaching:
        if drop[c] == least:
            best_mask |= _BEST_SUIT_DISCARDS[c]
        if drop[d] == least:
            best_mask |= _BEST_SUIT_DISCARDS[d] << 13
        if drop[h] == least:
            best_mask |= _BEST_SUIT_DISCARDS[h] << 26
        if drop[s] == least:
            best_mask |= _BEST_SUIT_DISCARDS[s] << 39
    return best, best_mask



class _DiscardsOfSuit(dict[int, int]):
    """For a one-suit 13-bit mask: the mask of the cards whose removal leaves the least
    runs-only deadwood (made on first use)."""

    def __missing__(self, m: int) -> int:
        best, best_mask = 1 << 30, 0
        rest = m
        while rest:
            low = rest & -rest
            d = _DEAD[m ^ low]
            if d < best:
                best, best_mask = d, low
            elif d == best:
                best_mask |= low
            rest ^= low
        self[m] = best_mask
        return best_mask


_BEST_SUIT_DISCARDS = _DiscardsOfSuit()



def deadwood_of_mask(mask: int) -> int:
    """The least deadwood of a hand given as a 52-bit mask (bit ``Card.index`` per card).

    This is the solver's hot path, for callers that keep hands as masks.

    >>> from ginrules import cards_to_mask, parse_cards
    >>> deadwood_of_mask(cards_to_mask(parse_cards("7H 8H 9H KS QS")))
    20
    """
    if type(mask) is not int or mask >> 52 or mask.bit_count() > 11:
        raise _bad_mask(mask, "deadwood_of_mask")
    return _deadwood(mask)


def best_discard_deadwood_of_mask(mask: int) -> int:
    """The least deadwood left after the best discard from a hand given as a 52-bit mask.

    The mask-level twin of ``best_discards(mask).deadwood``, as :func:`deadwood_of_mask`
    is of :func:`deadwood`: exact (the minimum over every discard of the least deadwood of
    the cards kept), and fast. Usually called with the eleven cards held after drawing.

    >>> from ginrules import cards_to_mask, parse_cards
    >>> best_discard_deadwood_of_mask(cards_to_mask(parse_cards("7H 8H 9H KS QS 2C")))
    12
    >>> hand = parse_cards("AS 2S 3S AC 2C 5C 2D 5D AH 2H 5H")
    >>> best_discard_deadwood_of_mask(cards_to_mask(hand))  # discard 3S: gin
    0
    """
    if type(mask) is not int or mask >> 52 or mask.bit_count() > 11:
        raise _bad_mask(mask, "best_discard_deadwood_of_mask")
    return _best_discard_deadwood(mask)


def discard_deadwoods_of_mask(mask: int) -> list[tuple[int, int]]:
    """For every card of a hand given as a 52-bit mask: the least deadwood after discarding it.

    A list of ``(card index, deadwood)`` pairs in canonical card order, for deciding which
    discards allow a knock. Its minimum is :func:`best_discard_deadwood_of_mask`.

    >>> from ginrules import CARDS, cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("7H 8H 9H KS 2C"))
    >>> [(str(CARDS[i]), d) for i, d in discard_deadwoods_of_mask(hand)]
    [('2C', 10), ('7H', 29), ('8H', 28), ('9H', 27), ('KS', 2)]
    """
    if type(mask) is not int or mask >> 52 or mask.bit_count() > 11:
        raise _bad_mask(mask, "discard_deadwoods_of_mask")
    return _discard_deadwoods(mask)


def best_discards_of_mask(mask: int) -> tuple[int, int]:
    """The least deadwood after the best discard, and the mask of every card whose discard
    leaves it: the mask-level twin of :func:`ginrules.best_discards`.

    >>> from ginrules import cards_from_mask, cards_to_mask
    >>> dead, which = best_discards_of_mask(cards_to_mask("2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h"))
    >>> dead, [str(c) for c in cards_from_mask(which)]
    (6, ['6H'])
    """
    if type(mask) is not int or mask >> 52 or mask.bit_count() > 11:
        raise _bad_mask(mask, "best_discards_of_mask")
    return _best_discards(mask)


def _bad_mask(mask: object, function: str) -> GinRulesError:
    """The error for a mask that is no hand: not an int, not 52 bits, or over 11 cards."""
    if type(mask) is not int:
        return WrongTypeError(f"{function} takes a 52-bit card mask (an int), "
                              f"not {_type_name(mask)}")
    if mask >> 52:
        return CardNotationError(f"{function}: {mask} is not a 52-bit card mask")
    return GinRulesError(f"{function} takes a hand of at most 11 cards, not "
                         f"{mask.bit_count()}")
