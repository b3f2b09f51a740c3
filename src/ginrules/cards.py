"""Cards, ranks and suits; reading and writing them; the deck and its seeded shuffle.

A card is written as its rank then its suit: ``7H``, ``TH`` (or ``10H``), ``QS``, ``AC``.
Ranks are ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is read as ``T``), suits are ``C D H S``
(clubs, diamonds, hearts, spades) or the symbols ``♣ ♦ ♥ ♠``; case does not matter.

>>> from ginrules import Card, parse_card, parse_cards
>>> parse_card("10h")
Card.parse('TH')
>>> str(parse_card("7♥")), parse_card("7♥").unicode
('7H', '7♥')
>>> [str(c) for c in parse_cards("7h,8h 9h")]
['7H', '8H', '9H']

**Order.** Cards have one documented total order, the *canonical order*: by suit
(clubs < diamonds < hearts < spades), then by rank (ace low). It is the order of
:meth:`Deck.standard` and of :attr:`Card.index` (``suit * 13 + rank - 1``), which is also
the bit of a card in the 52-bit masks that :mod:`ginrules.melds` computes with.

>>> sorted(parse_cards("2C KS AH AC"))
[Card.parse('AC'), Card.parse('2C'), Card.parse('AH'), Card.parse('KS')]
"""

from __future__ import annotations

import enum
import operator
import re
import warnings
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Union, overload

import attrs

from ginrules._splitmix import below, check_seed, splitmix64
from ginrules.errors import CardNotationError, _not_a_member, _type_name, _wrong_type

__all__ = [
    "CARDS",
    "Card",
    "CardsLike",
    "Deck",
    "Rank",
    "Suit",
    "cards_from_mask",
    "cards_to_mask",
    "format_cards",
    "parse_card",
    "parse_cards",
    "to_mask",
]


class Suit(enum.IntEnum):
    """The four suits, in canonical order.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol
    ('H', '♥')
    >>> list(Suit)
    [<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>]
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter ASCII name: ``C``, ``D``, ``H`` or ``S``.

        >>> Suit.SPADES.letter
        'S'
        """
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol.

        >>> Suit.CLUBS.symbol
        '♣'
        """
        return "♣♦♥♠"[self]

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, CardNotationError)


class Rank(enum.IntEnum):
    """The thirteen ranks, ace low (ace = 1, king = 13).

    >>> Rank.ACE.points, Rank.SEVEN.points, Rank.QUEEN.points
    (1, 7, 10)
    >>> Rank.TEN.letter
    'T'
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character ASCII name: ``A 2 ... 9 T J Q K``.

        >>> Rank.KING.letter
        'K'
        """
        return "A23456789TJQK"[self - 1]

    @property
    def points(self) -> int:
        """The deadwood value: ace 1, two to ten their face value, J/Q/K 10.

        >>> Rank.JACK.points
        10
        """
        return min(int(self), 10)

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, CardNotationError)


_SUIT_BY_TEXT = {
    **{s.letter: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_BY_TEXT = {**{r.letter: r for r in Rank}, "10": Rank.TEN}
_SPLIT = re.compile(r"[\s,]+")


def _to_rank(value: Any) -> Rank:
    if type(value) is bool:  # True would be the ace
        raise _wrong_type("Card", "a Rank (or its number, 1 to 13) as rank", value)
    try:
        return Rank(value)
    except ValueError:
        raise CardNotationError(
            f"rank {value!r} is not a Rank: 1 (ace) to 13 (king)"
        ) from None


def _to_suit(value: Any) -> Suit:
    if type(value) is bool:  # False would be clubs
        raise _wrong_type("Card", "a Suit (or its number, 0 to 3) as suit", value)
    try:
        return Suit(value)
    except ValueError:
        raise CardNotationError(
            f"suit {value!r} is not a Suit: 0 to 3 (clubs, diamonds, hearts, spades)"
        ) from None


def _whole(value: object, function: str, wanted: str) -> int:
    """``value`` as an int if it is a whole number of another type (numpy's ints: an
    index or a mask often comes from an array); a WrongTypeError if not (a bool too)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise _wrong_type(function, wanted, value)
    return operator.index(value)  # type: ignore[arg-type]


def _card_values(cards: object, function: str, reader: str) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card` values, or a WrongTypeError naming
    ``function`` and the ``reader`` that makes cards from text."""
    wanted = f"cards (Card values: {reader} reads them from text)"
    if isinstance(cards, (str, Card)) or not isinstance(cards, Iterable):
        raise _wrong_type(function, wanted, cards)
    items = tuple(cards)
    for card in items:
        if not isinstance(card, Card):
            raise _wrong_type(function, wanted, card)
    return items


def _moved(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated since 0.2.0: use {new}", DeprecationWarning,
                  stacklevel=3)


def _index_of(card: Card) -> int:
    return int(card.suit) * 13 + int(card.rank) - 1


# The suit orders of the peers' card ids, for the deprecated Card.openspiel_id,
# Card.rlcard_id and their inverses only: a peer's id is ``suit * 13 + rank - 1`` in its
# order. The mappings live in ginrules.interop.openspiel and ginrules.interop.rlcard; this
# frozen copy goes with the deprecated methods (tests/test_deprecations.py checks that it
# agrees with interop on every card and every id).
_PEER_SUITS = {
    "OpenSpiel": (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
    "RLCard": (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
}


def _peer_id(peer: str, card: Card) -> int:
    return _PEER_SUITS[peer].index(card.suit) * 13 + int(card.rank) - 1


def _card_of_peer_id(peer: str, card_id: object) -> Card:
    if type(card_id) is not int or not 0 <= card_id < 52:
        raise CardNotationError(f"{peer} card id {card_id!r} is not in 0..51")
    return CARDS[int(_PEER_SUITS[peer][card_id // 13]) * 13 + card_id % 13]


@attrs.frozen(order=False, repr=False, unsafe_hash=False)
class Card:
    """A playing card: an immutable, hashable value with a rank and a suit.

    Build one from its parts or, more often, parse it from text; the 52 cards also exist
    as ready-made values in :data:`CARDS`, in canonical order.

    >>> card = Card(Rank.SEVEN, Suit.HEARTS)
    >>> card == parse_card("7h") == CARDS[card.index]
    True
    >>> str(card), card.unicode, card.points, card.index
    ('7H', '7♥', 7, 32)
    >>> Card(Rank.ACE, Suit.SPADES) < Card(Rank.TWO, Suit.CLUBS)
    False
    >>> Card(14, Suit.SPADES)
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: rank 14 is not a Rank: 1 (ace) to 13 (king)
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit = attrs.field(converter=_to_suit)
    index: int = attrs.field(init=False, eq=False, repr=False)
    #: the card's bit in a 52-bit card mask, ``1 << index`` (kept, not computed: the hand
    #: functions sum the bits of a hand's cards)
    mask: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        index = _index_of(self)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", 1 << index)

    def __hash__(self) -> int:
        # equal cards have the same index; hashing it is three times faster than the
        # generated hash of (rank, suit), and records and hands hash cards constantly
        return self.index

    @property
    def points(self) -> int:
        """The card's deadwood value (ace 1, J/Q/K 10).

        >>> parse_card("KD").points
        10
        """
        return self.rank.points

    @property
    def unicode(self) -> str:
        """The card with its suit symbol, and ``10`` for a ten.

        >>> parse_card("TS").unicode
        '10♠'
        """
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card; the same as :func:`parse_card`.

        >>> Card.parse("Qs")
        Card.parse('QS')
        """
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given canonical index (0 = AC ... 51 = KS).

        >>> str(Card.from_index(51))
        'KS'
        """
        if type(index) is not int:
            index = _whole(index, "Card.from_index", "a card index, an int in 0..51")
        if not 0 <= index < 52:
            raise CardNotationError(f"card index {index} is not in 0..51")
        return CARDS[index]

    # -- other projects' ids (deprecated here since 0.2.0) ------------------------------
    # Their home is ginrules.interop (openspiel, rlcard), which this module must not import
    # (the core never reaches up into the adapters): until they go, they compute the ids
    # with _PEER_SUITS below.

    @property
    def openspiel_id(self) -> int:
        """Deprecated: use :func:`ginrules.interop.openspiel.openspiel_id`."""
        _moved("Card.openspiel_id", "ginrules.interop.openspiel.openspiel_id(card)")
        return _peer_id("OpenSpiel", self)

    @classmethod
    def from_openspiel_id(cls, card_id: int) -> Card:
        """Deprecated: use :func:`ginrules.interop.openspiel.card_from_openspiel_id`."""
        _moved("Card.from_openspiel_id", "ginrules.interop.openspiel.card_from_openspiel_id")
        return _card_of_peer_id("OpenSpiel", card_id)

    @property
    def rlcard_id(self) -> int:
        """Deprecated: use :func:`ginrules.interop.rlcard.rlcard_id`."""
        _moved("Card.rlcard_id", "ginrules.interop.rlcard.rlcard_id(card)")
        return _peer_id("RLCard", self)

    @classmethod
    def from_rlcard_id(cls, card_id: int) -> Card:
        """Deprecated: use :func:`ginrules.interop.rlcard.card_from_rlcard_id`."""
        _moved("Card.from_rlcard_id", "ginrules.interop.rlcard.card_from_rlcard_id")
        return _card_of_peer_id("RLCard", card_id)

    # -- order and text ----------------------------------------------------------------

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.card(self)


CARDS: tuple[Card, ...] = tuple(Card(Rank(i % 13 + 1), Suit(i // 13)) for i in range(52))
"""The 52 cards in canonical order; ``CARDS[i].index == i``."""

_CARD_BY_TEXT: dict[str, Card] = {
    r + s: CARDS[suit * 13 + rank - 1]
    for r, rank in _RANK_BY_TEXT.items()
    for s, suit in _SUIT_BY_TEXT.items()
}


def parse_card(text: str) -> Card:
    """Read one card such as ``7H``, ``7h``, ``7♥``, ``10H``, ``TH`` or ``Th``.

    Raises :class:`~ginrules.CardNotationError` naming the bad token and what is wrong.

    >>> parse_card("th") == parse_card("10♥")
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad card '1H': rank '1' is not one of A 2 3 ... K
    >>> parse_card("7H8H9H")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad card '7H8H9H': it reads as 3 cards run together (7H 8H 9H); separate cards with spaces or commas
    """
    if not isinstance(text, str):
        if isinstance(text, Card):
            return text  # as its message says, a Card is a card
        raise CardNotationError(f"a card must be a Card or a string, not {_type_name(text)}")
    token = text.strip()
    card = _CARD_BY_TEXT.get(token.upper())
    if card is not None:
        return card
    raise CardNotationError(f"bad card {token!r}: {_why_not_a_card(token)}", token=token)


def _why_not_a_card(token: str) -> str:
    if not token:
        return "the card is empty"
    if len(token) == 1:
        return "a card is a rank and a suit, like 7H"
    run_together = _split_run_together(token)
    if run_together is not None and len(run_together) > 1:
        return (f"it reads as {len(run_together)} cards run together "
                f"({' '.join(run_together)}); separate cards with spaces or commas")
    if len(token) > 3:
        return ("a card is a rank (A 2 3 4 5 6 7 8 9 10 T J Q K) and a suit (C D H S), "
                "like 7H; there are no jokers")
    rank, suit = token[:-1].upper(), token[-1].upper()
    if suit not in _SUIT_BY_TEXT:
        return f"suit {suit!r} is not one of C D H S (or ♣ ♦ ♥ ♠)"
    return f"rank {rank!r} is not one of A 2 3 4 5 6 7 8 9 10 T J Q K"


def _split_run_together(token: str) -> list[str] | None:
    """``token`` read as cards written without separators (``7H8H9H``), or None."""
    out: list[str] = []
    rest = token
    while rest:
        for size in (3, 2):  # "10H" before "10"
            card = _CARD_BY_TEXT.get(rest[:size].upper())
            if card is not None:
                out.append(str(card))
                rest = rest[size:]
                break
        else:
            return None
    return out


def _not_a_card(value: object) -> bool:
    try:
        parse_card(value)  # type: ignore[arg-type]
    except CardNotationError:
        return True
    return False


CardsLike = Union[str, Card, Iterable[Union[Card, str]]]  # noqa: UP007 (a runtime alias)
"""What functions that take cards accept: one string with the whole hand (cards separated by
spaces or commas), a single :class:`Card`, or an iterable of cards and card strings."""


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read a hand: one string (``"7H 8H 9H"``, ``"7h,8h,9h"``) or an iterable of cards.

    The cards keep the order they were given in. A duplicate card is an error (unless
    ``allow_duplicates``), and so is an empty token.

    >>> [str(c) for c in parse_cards(["7h", Card.parse("8H"), "9♥"])]
    ['7H', '8H', '9H']
    >>> parse_cards("")
    ()
    >>> parse_cards("7H 8H 7h")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: duplicate card 7H in '7H 8H 7h'
    >>> parse_cards("7H,,8H")
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: bad hand '7H,,8H': it has two commas with no card between them (card 2 is empty)
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        text = cards.strip()
        if not text:
            return ()
        tokens = _SPLIT.split(text)
        if "," in text:
            # an empty field between commas ("7H,,8H") is a mistake worth naming
            position = 0
            fields = text.split(",")
            for number, field in enumerate(fields):
                words = field.split()
                if not words:
                    where = ("ends with a comma" if number == len(fields) - 1 else
                             "starts with a comma" if number == 0 else
                             f"has two commas with no card between them (card "
                             f"{position + 1} is empty)")
                    raise CardNotationError(f"bad hand {text!r}: it {where}",
                                            position=position + 1)
                position += len(words)
        try:
            parsed = tuple(map(parse_card, tokens))
        except CardNotationError:
            for position, token in enumerate(tokens, 1):
                try:
                    parse_card(token)
                except CardNotationError as error:
                    raise CardNotationError(f"{error} (card {position} of {text!r})",
                                            token=error.token, position=position) from None
            raise  # pragma: no cover - one token raised above
        source = repr(text)
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardNotationError(
                f"cards must be a string, a Card or an iterable of them, "
                f"not {_type_name(cards)}"
            ) from None
        try:
            parsed = tuple(c if isinstance(c, Card) else parse_card(c) for c in items)
        except CardNotationError as error:
            bad = next(i for i, c in enumerate(items, 1)
                       if not isinstance(c, Card) and _not_a_card(c))
            raise CardNotationError(f"{error} (card {bad} of the hand)", token=error.token,
                                    position=bad) from None
        source = "the hand"
    if not allow_duplicates and len(set(parsed)) != len(parsed):
        seen: set[Card] = set()
        for card in parsed:
            if card in seen:
                raise CardNotationError(f"duplicate card {card} in {source}")
            seen.add(card)
    return parsed


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Write cards as text, in the order given.

    >>> format_cards(parse_cards("7H 8H TH"))
    '7H 8H TH'
    >>> format_cards(parse_cards("7H 8H TH"), unicode=True)
    '7♥ 8♥ 10♥'
    """
    if not isinstance(sep, str):
        raise _wrong_type("format_cards", "a string as sep", sep)
    if not isinstance(unicode, bool):
        raise _wrong_type("format_cards", "True or False as unicode", unicode)
    items = _card_values(cards, "format_cards", "parse_cards")
    return sep.join([c.unicode for c in items] if unicode else map(str, items))


def cards_to_mask(cards: CardsLike) -> int:
    """The 52-bit mask of a collection of cards (bit ``card.index`` set for each card).

    ``cards`` is anything :func:`parse_cards` reads; a card given twice counts once.

    >>> cards_to_mask(parse_cards("AC 2C"))
    3
    >>> cards_to_mask("AC 2C AC")
    3
    """
    if isinstance(cards, (str, Card)):
        cards = parse_cards(cards, allow_duplicates=True)
    try:
        items = iter(cards)
    except TypeError:
        parse_cards(cards)  # raises the error that says what cards may be
        raise
    mask = 0
    for card in items:
        mask |= 1 << (card if isinstance(card, Card) else parse_card(card)).index
    return mask


_ALL_CARDS = (1 << 52) - 1


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, in canonical order.

    >>> [str(c) for c in cards_from_mask(0b101)]
    ['AC', '3C']
    >>> cards_from_mask(1 << 52)
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: card mask 4503599627370496 is not a 52-bit mask
    """
    if type(mask) is not int:
        mask = _whole(mask, "cards_from_mask", "a 52-bit card mask (an int; ginrules."
                      "cards_to_mask makes one)")
    if mask & ~_ALL_CARDS:
        raise CardNotationError(f"card mask {mask} is not a 52-bit mask")
    # four lookups of a suit's cards by its 13-bit mask (each made on first use)
    return (_CLUBS[mask & 0x1FFF] + _DIAMONDS[(mask >> 13) & 0x1FFF]
            + _HEARTS[(mask >> 26) & 0x1FFF] + _SPADES[mask >> 39])


class _SuitCards(dict[int, tuple[Card, ...]]):
    """The cards of one suit's 13-bit masks, in canonical order, made on first use."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.offset = 13 * suit

    def __missing__(self, m: int) -> tuple[Card, ...]:
        cards = tuple(CARDS[self.offset + r] for r in range(13) if m >> r & 1)
        self[m] = cards
        return cards


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_SuitCards(s) for s in range(4))


# Every spelling parse_card reads without stripping or case folding (7H 7h 7♥ 10h Th ...)
# -> the card's bit: the fast path of the hand functions looks whole hands up in it.
_BIT_BY_TEXT: dict[str, int] = {
    spelling: 1 << card.index
    for text, card in _CARD_BY_TEXT.items()
    for spelling in {text, text.lower(), text[:-1] + text[-1].lower(),
                     text[:-1].lower() + text[-1]}
}


def _fast_mask(cards: object) -> int:
    """The mask of a hand in the common forms (a list or tuple of card strings or of
    :data:`CARDS` values, or one string of cards separated by spaces), of 1 to 11 cards
    with no card twice; -1 for anything else, which the careful path then reads (and
    explains). It is the hot path of ``deadwood("7H 8H ...")``: no Python-level loop."""
    kind = type(cards)
    if kind is str:
        if "," in cards:  # type: ignore[operator]
            return -1
        cards = cards.split()  # type: ignore[attr-defined]
    elif kind is not list and kind is not tuple:
        return -1
    n = len(cards)  # type: ignore[arg-type]
    if not 0 < n <= 11:
        return -1
    first = type(cards[0])  # type: ignore[index]
    try:
        if first is str:
            mask: int = sum(map(_BIT_BY_TEXT.__getitem__, cards))  # type: ignore[call-overload]
        elif first is Card:
            mask = sum(map(_MASK_OF, cards))  # type: ignore[call-overload]
        else:
            return -1
    except (KeyError, TypeError, AttributeError):
        return -1
    # a card given twice carries into another bit, so the count tells
    return mask if mask.bit_count() == n else -1


_MASK_OF = operator.attrgetter("mask")
_CARD_TYPE = {Card}
# id() of each of the 52 objects in CARDS (alive for good, so their ids are stable) -> bit
_BIT_BY_ID = {id(c): 1 << c.index for c in CARDS}


def to_mask(cards: CardsLike | int) -> int:
    """The 52-bit mask of a hand given in any accepted form, or as a mask already.

    The one converter at the boundary of the mask-based functions (:func:`ginrules.deadwood`,
    :func:`ginrules.arrange`, :func:`ginrules.knocking.lay_off`, ...): a duplicate card, a bool
    or an integer that is not a 52-bit mask is a :class:`~ginrules.CardNotationError`. A
    tuple of :data:`CARDS` values (what :func:`parse_cards` returns) takes a fast path.

    >>> to_mask("AC 2C"), to_mask(parse_cards("AC 2C")), to_mask(3)
    (3, 3, 3)
    >>> to_mask(-1)
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: card mask -1 is not a 52-bit mask
    """
    if type(cards) is tuple:
        try:  # the fast path: a tuple of the 52 canonical Card objects (parse_card's)
            mask: int = sum(map(_BIT_BY_ID.__getitem__, map(id, cards)))
        except KeyError:
            pass
        else:
            if mask.bit_count() != len(cards):  # a repeated card carries into another bit
                parse_cards(cards)  # raises the duplicate-card error
            return mask
    if isinstance(cards, bool):
        raise CardNotationError("cards must be cards, card strings or a card mask, not a bool")
    if isinstance(cards, int):
        if not 0 <= cards <= _ALL_CARDS:
            raise CardNotationError(f"card mask {cards} is not a 52-bit mask")
        return cards
    if type(cards) is tuple and set(map(type, cards)) == _CARD_TYPE:
        other: int = sum([1 << c.index for c in cards])
        if other.bit_count() != len(cards):
            parse_cards(cards)  # raises the duplicate-card error
        return other
    return cards_to_mask(parse_cards(cards))


# -- the deck -------------------------------------------------------------------------

def _is_deck(cards: Sequence[object]) -> bool:
    """Whether ``cards`` are 52 distinct :class:`Card` values, checked at C speed (the
    usual case of a deck, before the careful path that explains what is wrong)."""
    return len(cards) == 52 and set(map(type, cards)) == _CARD_TYPE and len(set(cards)) == 52


def _deck_cards(given: CardsLike) -> tuple[Card, ...]:
    if type(given) is tuple and _is_deck(given):
        return given
    cards = parse_cards(given, allow_duplicates=True)
    if len(cards) != 52 or len(set(cards)) != 52:
        missing = sorted(set(CARDS) - set(cards))
        raise CardNotationError(
            f"a deck holds the 52 cards once each; got {len(cards)} cards"
            + (f", missing {format_cards(missing)}" if missing else "")
        )
    return cards


@attrs.frozen
class Deck:
    """The 52 cards in some order: the canonical order, a seeded shuffle, or an order you give.

    The seeded shuffle is the same on every Python version and platform: a Fisher-Yates
    shuffle of the canonical order (from the last position down to the second, swapping
    position ``i`` with an unbiased ``j`` in ``0..i``), driven by SplitMix64 seeded with the
    integer seed modulo 2**64, with rejection sampling for the bounded integers. It does not
    use :mod:`random`, whose algorithms may change between Python versions.

    >>> deck = Deck.shuffled(seed=1)
    >>> len(deck), deck == Deck.shuffled(seed=1), deck == Deck.standard()
    (52, True, False)
    >>> format_cards(Deck.shuffled(seed=2026).cards[:5])
    '8H KH 4D 5S 9D'
    >>> Deck(parse_cards("AC 2C"))
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: a deck holds the 52 cards once each; got 2 cards, missing ...
    """

    cards: tuple[Card, ...] = attrs.field(converter=_deck_cards)

    @classmethod
    def standard(cls) -> Deck:
        """The deck in canonical order: clubs A..K, diamonds, hearts, spades.

        >>> str(Deck.standard()[0]), str(Deck.standard()[-1])
        ('AC', 'KS')
        """
        return cls(CARDS)

    @classmethod
    def shuffled(cls, seed: int) -> Deck:
        """The canonical deck shuffled by the documented seeded generator.

        >>> Deck.shuffled(7) == Deck.shuffled(7) != Deck.shuffled(8)
        True
        """
        stream = splitmix64(check_seed(seed))
        order = list(CARDS)
        for i in range(51, 0, -1):
            j = below(stream, i + 1)
            order[i], order[j] = order[j], order[i]
        return cls(tuple(order))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self.cards[index]

    def __str__(self) -> str:
        return format_cards(self.cards)
