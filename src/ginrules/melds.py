"""Melds, the exact least-deadwood arrangement of a hand, and the best discards.

A *meld* is a set (3 or 4 cards of one rank) or a run (3 or more consecutive cards of one
suit, ace low: A-2-3 is a run, Q-K-A and K-A-2 are not). *Deadwood* is every card in no
meld, valued ace 1, two to ten face value, J/Q/K 10.

>>> import ginrules
>>> ginrules.deadwood("7H 8H 9H KS QS")
20
>>> print(ginrules.arrange("7H 8H 9H 9S 9C KS QS 2D"))
9C 9H 9S | deadwood 2D 7H 8H QS KS = 37

How it is computed (exact, and fast in pure Python): a hand is a 52-bit integer, bit
``suit * 13 + rank - 1`` per card. Without sets, the best runs of a suit are simply all
its stretches of three or more consecutive cards (taking a whole stretch never leaves more
deadwood than taking part of it), which three bit operations find for all four suits at
once; a 8192-entry table then gives each suit's deadwood. Sets are the only choice: for
each rank held three or four times the solver tries no set, the set of all of them, and
(for four) each set of three that frees the fourth card for a run; there are at most a
few hundred combinations in an 11-card hand, and usually none at all.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator

import attrs

from ginrules.cards import (
    CARDS,
    Card,
    CardsLike,
    cards_from_mask,
    format_cards,
    parse_cards,
    to_mask,
)
from ginrules.errors import GinRulesError, InvalidMeldError

__all__ = [
    "Arrangement",
    "BestDiscards",
    "Meld",
    "MeldKind",
    "arrange",
    "arrangements",
    "best_discard_deadwood_of_mask",
    "best_discards",
    "deadwood",
    "deadwood_of_mask",
    "discard_deadwoods_of_mask",
]

_SUIT = 0x1FFF
# A run of three may start at ranks A..J (positions 0..10) of every suit, never across suits.
_STARTS = sum(0x7FF << (13 * s) for s in range(4))
# Bits of each rank in all four suits.
_RANK_BITS = [sum(1 << (13 * s + r) for s in range(4)) for r in range(13)]
_NONE = 1 << 20  # "no such discard": larger than any real deadwood


def _run_cards(m: int) -> int:
    """The cards of ``m`` (a 52-bit mask) that lie in a stretch of 3+ consecutive cards."""
    a = m & (m >> 1) & (m >> 2) & _STARTS
    return a | (a << 1) | (a << 2)


def _build_tables() -> tuple[list[int], list[int], list[int]]:
    """Per one-suit 13-bit mask: its points, its runs-only deadwood, and how much the best
    removal of one of its cards changes that deadwood (``_NONE`` for the empty suit)."""
    points = [0]
    for r in range(13):
        value = min(r + 1, 10)
        points += [p + value for p in points]  # adding bit r doubles the table
    dead = []
    for m in range(1 << 13):
        a = m & (m >> 1) & (m >> 2)
        dead.append(points[m & ~(a | (a << 1) | (a << 2))])
    after = [[dead[m ^ bit] if m & bit else _NONE for m in range(1 << 13)]
             for bit in (1 << r for r in range(13))]
    drop = [best - d for best, d in zip(map(min, *after), dead, strict=True)]
    drop[0] = _NONE
    return points, dead, drop


# _POINTS[m]: points of a one-suit 13-bit mask; _DEAD[m]: its deadwood when only runs are
# used; _DROP[m]: the least change of _DEAD[m] when one of its cards is discarded.
_POINTS, _DEAD, _DROP = _build_tables()


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


def _set_options(m: int, ranks: int) -> list[tuple[int, ...]]:
    """For each rank in ``ranks``, the card masks a set of that rank may take (0 = none).

    All of them, in a fixed order: :func:`arrange` breaks ties by this order.
    """
    options: list[tuple[int, ...]] = []
    while ranks:
        low = ranks & -ranks
        r = low.bit_length() - 1
        cards = [1 << (13 * s + r) for s in range(4) if m >> (13 * s + r) & 1]
        full = sum(cards)
        if len(cards) == 3:
            options.append((0, full))
        else:
            options.append((0, full, *(full ^ c for c in cards)))
        ranks ^= low
    return options


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
    """``build(full, free)`` for every rank held 3 or 4 times, keyed by ``full | free << 52``."""
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


_DEADWOOD_OPTIONS = _option_table(_deadwood_options)
_DISCARD_OPTIONS = _option_table(_discard_options)


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


def deadwood_of_mask(mask: int) -> int:
    """The least deadwood of a hand given as a 52-bit mask (bit ``Card.index`` per card).

    This is the solver's hot path, for callers that keep hands as masks.

    >>> from ginrules import cards_to_mask, parse_cards
    >>> deadwood_of_mask(cards_to_mask(parse_cards("7H 8H 9H KS QS")))
    20
    """
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
    c = mask & 0x1FFF
    d = (mask >> 13) & 0x1FFF
    h = (mask >> 26) & 0x1FFF
    s = mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    dead, drop = _DEAD, _DROP
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
    dead, drop = _DEAD, _DROP
    best = _NONE
    for used in _set_choices(mask, ranks, _DISCARD_OPTIONS):
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


def discard_deadwoods_of_mask(mask: int) -> list[tuple[int, int]]:
    """For every card of a hand given as a 52-bit mask: the least deadwood after discarding it.

    A list of ``(card index, deadwood)`` pairs in canonical card order, for deciding which
    discards allow a knock. Its minimum is :func:`best_discard_deadwood_of_mask`.

    >>> from ginrules import CARDS, cards_to_mask, parse_cards
    >>> hand = cards_to_mask(parse_cards("7H 8H 9H KS 2C"))
    >>> [(str(CARDS[i]), d) for i, d in discard_deadwoods_of_mask(hand)]
    [('2C', 10), ('7H', 29), ('8H', 28), ('9H', 27), ('KS', 2)]
    """
    out: list[tuple[int, int]] = []
    if _set_ranks(mask):
        m = mask
        while m:
            low = m & -m
            out.append((low.bit_length() - 1, deadwood_of_mask(mask ^ low)))
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


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of a hand: the points of the cards left out of the best melds.

    ``cards`` is one string with the whole hand, a :class:`Card`, or an iterable of cards or
    card strings. Any number of cards is fine (a hand in play has 10 or 11).

    >>> deadwood("7H 8H 9H KS QS")
    20
    >>> deadwood(["AS", "2S", "3S", "AC", "AD"])
    2
    >>> deadwood("QH KH AH")  # ace is low: Q-K-A is no run
    21
    """
    return deadwood_of_mask(to_mask(cards))


# -- melds ----------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """Whether a meld is a set (same rank) or a run (same suit, consecutive ranks).

    >>> MeldKind.RUN.value
    'run'
    """

    SET = "set"
    RUN = "run"


def _meld_problem(cards: tuple[Card, ...]) -> str | None:
    """Why ``cards`` is not a meld, or None if it is one."""
    if len(cards) < 3:
        return f"a meld has at least 3 cards, not {len(cards)}"
    if len(set(cards)) != len(cards):
        return "a card appears twice"
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        if len(cards) > 4:
            return "a set has at most 4 cards"
        return None
    if len(suits) != 1:
        return "a set needs one rank and a run needs one suit"
    values = sorted(int(c.rank) for c in cards)
    if values != list(range(values[0], values[0] + len(values))):
        return "the ranks of a run must be consecutive, and the ace is low only"
    return None


def _sort_meld_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, c.suit)))


@attrs.frozen(repr=False)
class Meld:
    """A validated meld: a set of 3-4 cards of one rank, or a run of 3+ cards of one suit.

    The cards are kept sorted (by rank, then suit), so equal melds compare equal whatever
    order they were given in.

    >>> run = Meld.of("9H 7H 8H")
    >>> run, run.kind, run.points
    (Meld.of('7H 8H 9H'), <MeldKind.RUN: 'run'>, 24)
    >>> [str(c) for c in run.layoff_cards()]
    ['6H', 'TH']
    >>> Meld.of("7C 7D 7S").layoff_cards()
    (Card.parse('7H'),)
    >>> Meld.of("7C 7D 8S")
    Traceback (most recent call last):
    ...
    ginrules.errors.InvalidMeldError: 7C 7D 8S is not a meld: a set needs one rank and a run ...
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sort_meld_cards)
    kind: MeldKind = attrs.field(init=False, eq=False)
    mask: int = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        problem = _meld_problem(self.cards)
        if problem is not None:
            raise InvalidMeldError(f"{format_cards(self.cards)} is not a meld: {problem}")
        kind = MeldKind.SET if len({c.rank for c in self.cards}) == 1 else MeldKind.RUN
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "mask", to_mask(self.cards))

    @classmethod
    def of(cls, cards: CardsLike) -> Meld:
        """A meld from cards in any accepted form (raises :class:`InvalidMeldError`).

        >>> Meld.of("AS 2S 3S").kind
        <MeldKind.RUN: 'run'>
        """
        return cls(parse_cards(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Meld:
        """A meld from a 52-bit card mask.

        >>> Meld.from_mask(0b111)
        Meld.of('AC 2C 3C')
        """
        return cls(cards_from_mask(mask))

    @property
    def points(self) -> int:
        """The total deadwood value of the meld's cards.

        >>> Meld.of("KC KD KH").points
        30
        """
        return sum(c.points for c in self.cards)

    def to_list(self) -> list[str]:
        """The cards as ASCII text, JSON-ready (how records and ``--json`` write a meld).

        >>> Meld.of("9H 7H 8H").to_list()
        ['7H', '8H', '9H']
        """
        return [str(c) for c in self.cards]

    def layoff_cards(self) -> tuple[Card, ...]:
        """The cards that can be laid off onto this meld right now, in canonical order.

        For a three-card set, the fourth card of the rank; for a four-card set, none; for a
        run, the next card at either end (after laying one off, the meld it makes offers
        the next: use :meth:`extended` to chain).

        >>> Meld.of("AS 2S 3S").layoff_cards()
        (Card.parse('4S'),)
        >>> Meld.of("JD QD KD").layoff_cards()
        (Card.parse('TD'),)
        """
        if self.kind is MeldKind.SET:
            if len(self.cards) == 4:
                return ()
            held = {c.suit for c in self.cards}
            rank = self.cards[0].rank
            return tuple(Card(rank, s) for s in sorted(set(range(4)) - held))
        low, high = self.cards[0], self.cards[-1]
        out = []
        if low.rank > 1:
            out.append(CARDS[low.index - 1])
        if high.rank < 13:
            out.append(CARDS[high.index + 1])
        return tuple(out)

    def extended(self, card: Card) -> Meld:
        """The meld with ``card`` laid off onto it.

        >>> Meld.of("4H 5H 6H").extended(Card.parse("7H")).extended(Card.parse("8H"))
        Meld.of('4H 5H 6H 7H 8H')
        >>> Meld.of("4H 5H 6H").extended(Card.parse("9H"))
        Traceback (most recent call last):
        ...
        ginrules.errors.InvalidMeldError: 9H cannot be laid off onto 4H 5H 6H
        """
        if card not in self.layoff_cards():
            raise InvalidMeldError(f"{card} cannot be laid off onto {self}")
        return Meld((*self.cards, card))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.of({str(self)!r})"


# -- arrangements ---------------------------------------------------------------------


def _meld_order(meld: Meld) -> tuple[int, int]:
    first = meld.cards[0]
    return (int(first.rank), int(first.suit))


@attrs.frozen
class Arrangement:
    """A hand split into melds and deadwood.

    ``melds`` are ordered by their lowest card (rank, then suit); ``deadwood_cards`` are in
    canonical order; ``deadwood`` is their total value.

    >>> a = arrange("7H 8H 9H 7C 7D 7S KS")
    >>> a.melds
    (Meld.of('7C 7D 7S'), Meld.of('7H 8H 9H'))
    >>> a.deadwood_cards, a.deadwood
    ((Card.parse('KS'),), 10)
    >>> print(a)
    7C 7D 7S | 7H 8H 9H | deadwood KS = 10
    """

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the hand, in canonical order.

        >>> [str(c) for c in arrange("9H 7H 8H").cards]
        ['7H', '8H', '9H']
        """
        return tuple(sorted([*itertools.chain.from_iterable(self.melds), *self.deadwood_cards]))

    @property
    def is_gin(self) -> bool:
        """True when no card is left out of the melds.

        >>> arrange("AS 2S 3S 4D 4H 4C").is_gin
        True
        """
        return not self.deadwood_cards

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: ``deadwood``, ``melds`` and ``deadwood_cards`` as ASCII cards.

        >>> arrange("7H 8H 9H KS QS").to_dict()
        {'deadwood': 20, 'melds': [['7H', '8H', '9H']], 'deadwood_cards': ['QS', 'KS']}
        """
        return {
            "deadwood": self.deadwood,
            "melds": [m.to_list() for m in self.melds],
            "deadwood_cards": [str(c) for c in self.deadwood_cards],
        }

    def __str__(self) -> str:
        parts = [str(m) for m in self.melds]
        dead = format_cards(self.deadwood_cards) if self.deadwood_cards else "none"
        parts.append(f"deadwood {dead} = {self.deadwood}")
        return " | ".join(parts)


def _runs_of(mask: int) -> list[Meld]:
    """The run melds (maximal stretches of 3+) of a mask that holds only run cards."""
    runs = []
    for s in range(4):
        m = (mask >> (13 * s)) & _SUIT
        while m:
            low = m & -m
            stretch = m & ~(m + low)  # the lowest block of consecutive bits
            runs.append(Meld.from_mask(stretch << (13 * s)))
            m ^= stretch
    return runs


def _candidates(mask: int) -> Iterator[tuple[tuple[int, int, int, int], int, tuple[int, ...]]]:
    """Every set choice of a hand, with its tie-break key and its set masks.

    The key orders arrangements: least deadwood, then fewest deadwood cards, then fewest
    cards in sets, then the set choice with the smaller card mask.
    """
    ranks = _set_ranks(mask)
    for choice in itertools.product(*_set_options(mask, ranks)):
        used = 0
        for set_mask in choice:
            used |= set_mask
        rest = mask & ~used
        dead_mask = rest & ~_run_cards(rest)
        key = (_points(dead_mask), dead_mask.bit_count(), used.bit_count(), used)
        yield key, dead_mask, choice


def _build(mask: int, dead_mask: int, choice: tuple[int, ...]) -> Arrangement:
    melds = [Meld.from_mask(s) for s in choice if s]
    used = sum(choice)
    melds += _runs_of(mask & ~used & ~dead_mask)
    melds.sort(key=_meld_order)
    return Arrangement(tuple(melds), cards_from_mask(dead_mask), _points(dead_mask))


def arrange(cards: CardsLike | int) -> Arrangement:
    """The melds that leave the least deadwood, with the deadwood cards and their value.

    Exact for any number of cards. When several arrangements leave the same least
    deadwood, the tie-break is: fewest deadwood cards, then fewest cards in sets (runs are
    preferred, since they keep both ends open), then a fixed order of the set choices.
    :func:`arrangements` lists all of them.

    >>> print(arrange("AS 2S 3S 8S AC 2C 8C AD 2D 3D 2H 8H"))
    AD 2D 3D | AS 2S 3S | 8C 8H 8S | deadwood AC 2C 2H = 5
    """
    mask = to_mask(cards)
    _, dead_mask, choice = min(_candidates(mask), key=lambda item: item[0])
    return _build(mask, dead_mask, choice)


def arrangements(cards: CardsLike | int) -> tuple[Arrangement, ...]:
    """Every arrangement that leaves the least deadwood, best tie-break first.

    Runs are kept whole (a run of six is one meld: splitting it changes nothing), so two
    arrangements differ in which cards form sets. The first is :func:`arrange`'s.

    >>> for a in arrangements("3C 4C 5C 3D 4D 5D 3H 4H 5H"):
    ...     print(a)
    3C 4C 5C | 3D 4D 5D | 3H 4H 5H | deadwood none = 0
    3C 3D 3H | 4C 4D 4H | 5C 5D 5H | deadwood none = 0
    """
    mask = to_mask(cards)
    ranked = sorted(_candidates(mask), key=lambda item: item[0])
    best = ranked[0][0][0]
    return tuple(_build(mask, d, c) for k, d, c in ranked if k[0] == best)


# -- best discards --------------------------------------------------------------------


@attrs.frozen
class BestDiscards:
    """The discards that leave the least deadwood, and that deadwood.

    >>> best_discards("As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h")
    BestDiscards(deadwood=0, discards=(Card.parse('3D'),))
    """

    deadwood: int
    discards: tuple[Card, ...]


def best_discards(cards: CardsLike) -> BestDiscards:
    """Every discard that leaves the least deadwood (in canonical order), and that value.

    Exact: the minimum over all discards, each arranged optimally. Usually called with the
    eleven cards held after drawing.

    >>> r = best_discards("2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h")
    >>> r.deadwood, [str(c) for c in r.discards]
    (6, ['6H'])
    """
    mask = to_mask(cards)
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
        drop = _DROP
        least = min(drop[c], drop[d], drop[h], drop[s])
        if drop[c] == least:
            best_mask = _suit_discards(c)[1]
        if drop[d] == least:
            best_mask |= _suit_discards(d)[1] << 13
        if drop[h] == least:
            best_mask |= _suit_discards(h)[1] << 26
        if drop[s] == least:
            best_mask |= _suit_discards(s)[1] << 39
        best = _DEAD[c] + _DEAD[d] + _DEAD[h] + _DEAD[s] + least
        return BestDiscards(best, cards_from_mask(best_mask))
    best = _best_discard_with_sets(mask, ranks)
    m = mask
    while m:
        low = m & -m
        rest = mask ^ low
        if rest & (rest >> 13) & (rest >> 26) & (rest >> 39) & 0x1FFF:  # a rank held 4 times
            if _deadwood_with_sets(rest, _set_ranks(rest), best) == best:
                best_mask |= low
        elif deadwood_of_mask(rest) == best:
            best_mask |= low
        m ^= low
    return BestDiscards(best, cards_from_mask(best_mask))


@functools.cache
def _suit_discards(m: int) -> tuple[int, int]:
    """For a one-suit mask: the least runs-only deadwood after removing one of its cards,
    and the mask of the cards whose removal gives it."""
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
    return best, best_mask
