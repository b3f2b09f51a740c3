"""ginrules: the rules of Gin Rummy, exactly.

The package reads top to bottom, one module per job, each depending only on those above:

* :mod:`ginrules.cards`: cards, ranks, suits, notation, the deck and its seeded shuffle;
* :mod:`ginrules.melds`: melds, the exact least-deadwood arrangement, the best discards;
* :mod:`ginrules.rules`: :class:`RuleSet` and the named presets;
* :mod:`ginrules.hand`: one hand as an immutable state, its legal actions, layoffs and
  the facts of its end (:class:`HandResult`);
* :mod:`ginrules.scoring` and :mod:`ginrules.game`: pricing a hand, whole games;
* :mod:`ginrules.records` and :mod:`ginrules.players`: game records and their validator,
  what each player may see and computer players;
* :mod:`ginrules.cli`: the ``ginrules`` command.

The names most scripts need are here at the top level:

>>> import ginrules
>>> ginrules.deadwood("7H 8H 9H KS QS")
20
>>> print(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
7C 7D 7S | 7H 8H 9H | deadwood KS = 10
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> [str(action) for action in ginrules.legal_actions(state)]
['take', 'pass']
>>> result, score = ginrules.showdown("AS 2S 3S 4S 5S 6S 7S 8S 9S KD",
...                                   "TS 5D 5C 5H 7C 8C 9C 2H 3H 4H")
>>> score.winner, score.points, score.undercut
('defender', 35, True)
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
