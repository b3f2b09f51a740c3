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
from ginrules.hand import (
    Action,
    ActionKind,
    EndKind,
    HandResult,
    HandState,
    Layoff,
    Phase,
    deal,
    legal_actions,
)
from ginrules.melds import (
    Arrangement,
    BestDiscards,
    Meld,
    MeldKind,
    arrange,
    arrangements,
    best_discard_deadwood_of_mask,
    best_discards,
    deadwood,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
)
from ginrules.players import Hint, View, hint, view
from ginrules.records import Record, Report, dump, load, validate
from ginrules.rules import PRESETS, NextDealer, RuleSet, ShutoutRule, SpadeDoubling, rules
from ginrules.scoring import HandScore, score_hand, showdown

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "PRESETS",
    "Action",
    "ActionKind",
    "Arrangement",
    "BestDiscards",
    "Card",
    "CardNotationError",
    "CardsLike",
    "Deck",
    "EndKind",
    "GinRulesError",
    "HandResult",
    "HandScore",
    "HandState",
    "Hint",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidRecordError",
    "Layoff",
    "Meld",
    "MeldKind",
    "NextDealer",
    "Phase",
    "Rank",
    "Record",
    "Report",
    "RuleSet",
    "RuleSetError",
    "ShutoutRule",
    "SpadeDoubling",
    "Suit",
    "View",
    "__version__",
    "arrange",
    "arrangements",
    "best_discard_deadwood_of_mask",
    "best_discards",
    "cards_from_mask",
    "cards_to_mask",
    "deadwood",
    "deadwood_of_mask",
    "deal",
    "discard_deadwoods_of_mask",
    "dump",
    "format_cards",
    "hint",
    "legal_actions",
    "load",
    "parse_card",
    "parse_cards",
    "rules",
    "score_hand",
    "showdown",
    "validate",
    "view",
]
