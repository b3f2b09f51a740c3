"""Melds, the exact least-deadwood arrangement of a hand, and the best discards.

A *meld* is a set (3 or 4 cards of one rank) or a run (3 or more consecutive cards of one
suit, ace low: A-2-3 is a run, Q-K-A and K-A-2 are not). *Deadwood* is every card in no
meld, valued ace 1, two to ten face value, J/Q/K 10.

>>> import ginrules
>>> ginrules.deadwood("7H 8H 9H KS QS")
20
>>> print(ginrules.arrange("7H 8H 9H 9S 9C KS QS 2D"))
9C 9H 9S | deadwood 2D 7H 8H QS KS = 37

The values here (:class:`Meld`, :class:`Arrangement`, :class:`BestDiscards`) are computed
by the exact solver on card masks in :mod:`ginrules.masks`, whose functions this module
also exports.
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import attrs

from ginrules.cards import (
    _CLUBS,
    _DIAMONDS,
    _HEARTS,
    _SPADES,
    CARDS,
    Card,
    CardsLike,
    _card_values,
    _fast_mask,
    _whole,
    cards_from_mask,
    format_cards,
    parse_cards,
    to_mask,
)
from ginrules.errors import (
    CardNotationError,
    GinRulesError,
    InvalidMeldError,
    WrongTypeError,
    _not_a_member,
)
from ginrules.masks import (
    _ALL_OPTIONS,
    _POINTS,
    _RANK_SPREAD,
    _STARTS,
    _best_discards,
    _deadwood,
    _fill,
    _run_cards,
    _set_choices,
    _set_ranks,
    best_discard_deadwood_of_mask,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
)

__all__ = [
    "MAX_CARDS",
    "Arrangement",
    "BestDiscards",
    "Meld",
    "MeldKind",
    "arrange",
    "arrangement_of_mask",
    "arrangements",
    "arrangements_of_mask",
    "best_discard_deadwood_of_mask",
    "best_discards",
    "deadwood",
    "deadwood_of_mask",
    "discard_deadwoods_of_mask",
]


MAX_CARDS = 11
"""The most cards the hand functions take: a hand in play holds 10, or 11 after drawing."""


def _hand_mask(cards: CardsLike, function: str) -> int:
    """The mask of a hand given as cards (never as an int), of at most :data:`MAX_CARDS`."""
    mask = _fast_mask(cards)
    if mask >= 0:
        return mask
    if isinstance(cards, int):
        raise WrongTypeError(
            f"{function} takes cards, like '7H 8H 9H KS', not an int; for a card mask call "
            f"{'arrangement' if function == 'arrange' else function}_of_mask")
    if isinstance(cards, str) and not cards.strip():
        raise CardNotationError("no cards: the text is empty" if not cards else
                                f"no cards: the text {cards!r} holds only spaces")
    mask = to_mask(cards)
    if mask.bit_count() > MAX_CARDS:
        raise GinRulesError(f"{function} takes a hand of at most {MAX_CARDS} cards (10 in "
                            f"play, 11 after drawing), not {mask.bit_count()}")
    return mask


def _checked_mask(mask: int, function: str) -> int:
    """``mask`` if it is a card mask of at most :data:`MAX_CARDS` cards."""
    if type(mask) is not int or not 0 <= mask < 1 << 52:
        raise CardNotationError(f"{function} takes a 52-bit card mask, not {mask!r}")
    if mask.bit_count() > MAX_CARDS:
        raise GinRulesError(f"{function} takes a hand of at most {MAX_CARDS} cards, "
                            f"not {mask.bit_count()}")
    return mask


def deadwood(cards: CardsLike) -> int:
    """The least deadwood of a hand: the points of the cards left out of the best melds.

    ``cards`` is one string with the whole hand, a :class:`Card`, or an iterable of cards or
    card strings, at most eleven (a hand in play has 10 or 11); a card mask goes to
    :func:`deadwood_of_mask`.

    >>> deadwood("7H 8H 9H KS QS")
    20
    >>> deadwood(["AS", "2S", "3S", "AC", "AD"])
    2
    >>> deadwood("QH KH AH")  # ace is low: Q-K-A is no run
    21
    >>> deadwood(123)
    Traceback (most recent call last):
    ...
    ginrules.errors.WrongTypeError: deadwood takes cards, like '7H 8H 9H KS', not an int; for a card mask call deadwood_of_mask
    """
    mask = _fast_mask(cards)  # the common forms, inline: this is a script's hot path
    return _deadwood(mask if mask >= 0 else _hand_mask(cards, "deadwood"))


# -- melds ----------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """Whether a meld is a set (same rank) or a run (same suit, consecutive ranks).

    >>> MeldKind.RUN.value
    'run'
    """

    SET = "set"
    RUN = "run"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, InvalidMeldError)


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
    items = _card_values(cards, "Meld", "Meld.of")
    return tuple(sorted(items, key=lambda c: (c.rank, c.suit)))


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
    # the order of melds in an arrangement: by the lowest card's rank, then its suit
    _order: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problem = _meld_problem(self.cards)
        if problem is not None:
            raise InvalidMeldError(f"{format_cards(self.cards)} is not a meld: {problem}")
        kind = MeldKind.SET if len({c.rank for c in self.cards}) == 1 else MeldKind.RUN
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "mask", to_mask(self.cards))
        first = self.cards[0]
        object.__setattr__(self, "_order", int(first.rank) * 4 + int(first.suit))

    @classmethod
    def of(cls, cards: CardsLike) -> Meld:
        """A meld from cards in any accepted form (raises :class:`InvalidMeldError`).

        >>> Meld.of("AS 2S 3S").kind
        <MeldKind.RUN: 'run'>
        """
        return cls(parse_cards(cards))

    @classmethod
    def from_mask(cls, mask: int) -> Meld:
        """A meld from a 52-bit card mask. Melds are values, so each of the 329 possible
        melds is made once and shared.

        >>> Meld.from_mask(0b111)
        Meld.of('AC 2C 3C')
        >>> Meld.from_mask(0b111) is Meld.from_mask(0b111)
        True
        """
        if type(mask) is not int:
            mask = _whole(mask, "Meld.from_mask", "a 52-bit card mask (an int)")
        meld = _MELDS.get(mask)
        if meld is None:
            meld = cls(cards_from_mask(mask))
            if type(meld) is Meld:  # a subclass makes its own
                _MELDS[mask] = meld
        return meld

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

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.meld(self)


_MELDS: dict[int, Meld] = {}  # every meld made from a mask, by its mask


# -- arrangements ---------------------------------------------------------------------


@attrs.frozen(repr=False)
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

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.arrangement(self)

    def __repr__(self) -> str:
        from ginrules.text import arrangement_repr

        return arrangement_repr(self)

    def __str__(self) -> str:
        parts = [str(m) for m in self.melds]
        dead = format_cards(self.deadwood_cards) if self.deadwood_cards else "none"
        parts.append(f"deadwood {dead} = {self.deadwood}")
        return " | ".join(parts)


def _candidates(mask: int, ranks: int) -> list[tuple[tuple[int, int, int, int], int, int]]:
    """Every set choice of a hand with sets (``ranks``: the ranks held 3 or 4 times): its
    tie-break key, its deadwood mask and the mask of the cards in its sets.

    The key orders arrangements: least deadwood, then fewest deadwood cards, then fewest
    cards in sets, then the set choice with the smaller card mask.
    """
    out = []
    points = _POINTS
    for used in _set_choices(mask, ranks, _ALL_OPTIONS or _fill(_ALL_OPTIONS)):
        rest = mask ^ used
        a = rest & (rest >> 1) & (rest >> 2) & _STARTS
        dead = rest & ~(a | (a << 1) | (a << 2))
        value = (points[dead & 0x1FFF] + points[(dead >> 13) & 0x1FFF]
                 + points[(dead >> 26) & 0x1FFF] + points[dead >> 39])
        out.append(((value, dead.bit_count(), used.bit_count(), used), dead, used))
    return out


class _SuitRuns(dict[int, tuple[Meld, ...]]):
    """The run melds of one suit's 13-bit mask of run cards, made on first use."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.shift = 13 * suit

    def __missing__(self, m: int) -> tuple[Meld, ...]:
        runs = []
        rest = m
        while rest:
            low = rest & -rest
            stretch = rest & ~(rest + low)  # the lowest block of consecutive bits
            runs.append(Meld.from_mask(stretch << self.shift))
            rest ^= stretch
        self[m] = out = tuple(runs)
        return out


_CLUB_RUNS, _DIAMOND_RUNS, _HEART_RUNS, _SPADE_RUNS = (_SuitRuns(s) for s in range(4))
_ORDER = operator.attrgetter("_order")


def _build(mask: int, dead_mask: int, used: int) -> Arrangement:
    """The arrangement whose sets are the cards of ``used`` (one set per rank) and whose
    deadwood is ``dead_mask``; every other card is in a run (a maximal stretch)."""
    runs = mask & ~dead_mask & ~used
    melds: tuple[Meld, ...] = ()
    if runs:  # most ten-card hands have no run at all
        melds = (_CLUB_RUNS[runs & 0x1FFF] + _DIAMOND_RUNS[(runs >> 13) & 0x1FFF]
                 + _HEART_RUNS[(runs >> 26) & 0x1FFF] + _SPADE_RUNS[runs >> 39])
    while used:  # one set per rank
        low = used & -used
        rank = used & (_RANK_SPREAD << ((low.bit_length() - 1) % 13))
        melds += (_MELDS.get(rank) or Meld.from_mask(rank),)
        used ^= rank
    if len(melds) > 1:
        melds = tuple(sorted(melds, key=_ORDER))
    points = _POINTS
    c, d = dead_mask & 0x1FFF, (dead_mask >> 13) & 0x1FFF
    h, s = (dead_mask >> 26) & 0x1FFF, dead_mask >> 39
    return Arrangement(melds, _CLUBS[c] + _DIAMONDS[d] + _HEARTS[h] + _SPADES[s],
                       points[c] + points[d] + points[h] + points[s])


def arrange(cards: CardsLike) -> Arrangement:
    """The melds that leave the least deadwood, with the deadwood cards and their value.

    Exact, for a hand of up to eleven cards. When several arrangements leave the same
    least deadwood, the tie-break is: fewest deadwood cards, then fewest cards in sets (runs
    are preferred, since they keep both ends open), then a fixed order of the set choices.
    :func:`arrangements` lists all of them.

    >>> print(arrange("AS 2S 3S AC 2C 8C AD 2D 3D 2H 8H"))
    AD 2D 3D | AS 2S 3S | deadwood AC 2C 8C 2H 8H = 21
    >>> arrange("")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: no cards: the text is empty
    """
    mask = _fast_mask(cards)  # the common forms, inline
    return _arrange(mask if mask >= 0 else _hand_mask(cards, "arrange"))


def arrangement_of_mask(mask: int) -> Arrangement:
    """:func:`arrange` for a hand given as a 52-bit card mask (at most eleven cards).

    >>> print(arrangement_of_mask(0b111))
    AC 2C 3C | deadwood none = 0
    """
    return _arrange(_checked_mask(mask, "arrangement_of_mask"))


def _arrange(mask: int) -> Arrangement:
    c, d, h, s = mask & 0x1FFF, (mask >> 13) & 0x1FFF, (mask >> 26) & 0x1FFF, mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    if not ranks:  # no rank held three times: the runs are the only melds
        a = mask & (mask >> 1) & (mask >> 2) & _STARTS
        return _build(mask, mask & ~(a | (a << 1) | (a << 2)), 0)
    _, dead_mask, used = min(_candidates(mask, ranks))
    return _build(mask, dead_mask, used)


def arrangements(cards: CardsLike) -> tuple[Arrangement, ...]:
    """Every arrangement that leaves the least deadwood, best tie-break first.

    Runs are kept whole (a run of six is one meld: splitting it changes nothing), so two
    arrangements differ in which cards form sets. The first is :func:`arrange`'s.

    >>> for a in arrangements("3C 4C 5C 3D 4D 5D 3H 4H 5H"):
    ...     print(a)
    3C 4C 5C | 3D 4D 5D | 3H 4H 5H | deadwood none = 0
    3C 3D 3H | 4C 4D 4H | 5C 5D 5H | deadwood none = 0
    """
    return arrangements_of_mask(_hand_mask(cards, "arrangements"))


def arrangements_of_mask(mask: int) -> tuple[Arrangement, ...]:
    """:func:`arrangements` for a hand given as a 52-bit card mask (at most eleven cards).

    >>> len(arrangements_of_mask(0b111))
    1
    """
    mask = _checked_mask(mask, "arrangements_of_mask")
    ranks = _set_ranks(mask)
    if not ranks:
        return (_build(mask, mask & ~_run_cards(mask), 0),)
    ranked = sorted(_candidates(mask, ranks))
    best = ranked[0][0][0]
    return tuple(_build(mask, d, used) for k, d, used in ranked if k[0] == best)


# -- best discards --------------------------------------------------------------------


class BestDiscards(NamedTuple):
    """The discards that leave the least deadwood, and that deadwood: an immutable pair
    (a named tuple, the cheapest value to make on this hot path).

    >>> best_discards("As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h")
    BestDiscards(deadwood=0, discards=(Card.parse('3D'),))
    """

    deadwood: int
    discards: tuple[Card, ...]


_new_tuple = tuple.__new__


def best_discards(cards: CardsLike) -> BestDiscards:
    """Every discard that leaves the least deadwood (in canonical order), and that value.

    Exact: the minimum over all discards, each arranged optimally. Usually called with the
    eleven cards held after drawing.

    >>> r = best_discards("2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h")
    >>> r.deadwood, [str(c) for c in r.discards]
    (6, ['6H'])
    """
    mask = _fast_mask(cards)  # the common forms, inline
    best, which = _best_discards(mask if mask >= 0 else _hand_mask(cards,
                                                                           "best_discards"))
    # the discards' cards from the suit tables (the mask came from a checked hand)
    cards = (_CLUBS[which & 0x1FFF] + _DIAMONDS[(which >> 13) & 0x1FFF]
             + _HEARTS[(which >> 26) & 0x1FFF] + _SPADES[which >> 39])
    return _new_tuple(BestDiscards, (best, cards))  # BestDiscards(best, cards), without
    # the Python-level __new__ that NamedTuple generates
