"""ginrules: the rules of Gin Rummy, exactly.

>>> import ginrules
>>> ginrules.deadwood("7H 8H 9H KS QS")
20
"""

from ginrules.cards import (
    CARDS,
    Card,
    CardsLike,
    Deck,
    Rank,
    Suit,
    cards_from_mask,
    cards_to_mask,
    format_cards,
    parse_card,
    parse_cards,
)
from ginrules.errors import (
    CardNotationError,
    GinRulesError,
    IllegalActionError,
    InvalidMeldError,
    InvalidRecordError,
    RuleSetError,
)
from ginrules.melds import (
    Arrangement,
    BestDiscards,
    Meld,
    MeldKind,
    arrange,
    arrangements,
    best_discards,
    deadwood,
    deadwood_of_mask,
)

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "Arrangement",
    "BestDiscards",
    "Card",
    "CardNotationError",
    "CardsLike",
    "Deck",
    "GinRulesError",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidRecordError",
    "Meld",
    "MeldKind",
    "Rank",
    "RuleSetError",
    "Suit",
    "__version__",
    "arrange",
    "arrangements",
    "best_discards",
    "cards_from_mask",
    "cards_to_mask",
    "deadwood",
    "deadwood_of_mask",
    "format_cards",
    "parse_card",
    "parse_cards",
]
