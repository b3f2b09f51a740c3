"""RLCard's ``gin-rummy`` card ids in ginrules' terms.

RLCard orders the suits spades, hearts, diamonds, clubs (0..3) and the ranks ace to king
(0..12); a card's id is ``suit * 13 + rank``.

>>> from ginrules import Card
>>> rlcard_id(Card.parse("AS")), rlcard_id(Card.parse("KC"))
(0, 51)
>>> str(card_from_rlcard_id(13))
'AH'
"""

from __future__ import annotations

from ginrules.cards import CARDS, Card, Suit
from ginrules.errors import CardNotationError, _wrong_type

__all__ = ["card_from_rlcard_id", "rlcard_id"]

_RLCARD_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RLCARD_SUIT = {s: i for i, s in enumerate(_RLCARD_SUITS)}


def rlcard_id(card: Card) -> int:
    """The card's id in RLCard's ``gin-rummy``.

    >>> rlcard_id(Card.parse("2H"))
    14
    """
    if not isinstance(card, Card):
        raise _wrong_type("rlcard_id", "a Card (see ginrules.Card.parse)", card)
    return _RLCARD_SUIT[card.suit] * 13 + int(card.rank) - 1


def card_from_rlcard_id(card_id: int) -> Card:
    """The card for an RLCard ``gin-rummy`` card id (0..51).

    >>> card_from_rlcard_id(-1)
    Traceback (most recent call last):
    ...
    ginrules.errors.CardNotationError: RLCard card id -1 is not in 0..51
    """
    if type(card_id) is not int or not 0 <= card_id < 52:
        raise CardNotationError(f"RLCard card id {card_id!r} is not in 0..51")
    suit = _RLCARD_SUITS[card_id // 13]
    return CARDS[int(suit) * 13 + card_id % 13]
