"""ginrules: the rules of Gin Rummy, exactly.

The package reads as its architecture. Each module depends only on those listed before it
(an upward convenience, such as the game's use of view players, is imported when used):

===============================  ===========================================================
cards and the exact solver       :mod:`~ginrules.cards` (cards, notation, the deck),
                                 :mod:`~ginrules.masks` (the deadwood solver on card masks),
                                 :mod:`~ginrules.melds` (melds, arrangements, best discards)
the rules                        :mod:`~ginrules.rulesets` (:class:`RuleSet` and the presets)
one hand                         :mod:`~ginrules.actions` (actions and their notation),
                                 :mod:`~ginrules.knocking` (the end of a hand by a knock:
                                 layoffs, the knocker's arrangement, :class:`HandResult`;
                                 pure), :mod:`~ginrules.hand` (the hand's state machine)
pricing                          :mod:`~ginrules.scoring` (a hand's score, showdowns),
                                 :mod:`~ginrules.sheet` (the score sheet of a game)
what players see, who plays      :mod:`ginrules.players` (views, computer players)
whole games                      :mod:`~ginrules.game`
records                          :mod:`ginrules.records` (format, writer, reader, validator)
other projects                   :mod:`ginrules.interop` (OpenSpiel, RLCard)
at scale and in a shell          :mod:`~ginrules.simulate`, :mod:`~ginrules.cli`
===============================  ===========================================================

Errors are one family under :class:`GinRulesError` (:mod:`~ginrules.errors`).

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

import importlib as _importlib
import typing as _typing

from ginrules._version import __version__
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
    ActionNotationError,
    CardNotationError,
    GinRulesError,
    IllegalActionError,
    InvalidMeldError,
    InvalidRecordError,
    NotationError,
    RuleSetError,
    UnknownCardsError,
    WrongTypeError,
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

if _typing.TYPE_CHECKING:  # what the module __getattr__ below loads on first use
    from ginrules.actions import Action, ActionKind, Phase
    from ginrules.game import GameState, new_game
    from ginrules.hand import HandState, deal, legal_actions
    from ginrules.knocking import EndKind, HandResult, Layoff
    from ginrules.players import Hint, View, hint, view
    from ginrules.records import Record, Report, dump, load, validate
    from ginrules.rulesets import (
        PRESETS,
        LineBonusTo,
        NextDealer,
        RuleSet,
        ShutoutRule,
        SpadeDoubling,
        rules,
    )
    from ginrules.scoring import HandScore, score_hand, showdown

# A script that computes deadwood needs the cards and the solver, imported above; the rest
# of the package is imported when one of its names is first used (as attrs does), so
# ``import ginrules`` stays light.
_LAZY = {
    "ginrules.actions": ("Action", "ActionKind", "Phase"),
    "ginrules.game": ("GameState", "new_game"),
    "ginrules.hand": ("HandState", "deal", "legal_actions"),
    "ginrules.knocking": ("EndKind", "HandResult", "Layoff"),
    "ginrules.players": ("Hint", "View", "hint", "view"),
    "ginrules.records": ("Record", "Report", "dump", "load", "validate"),
    "ginrules.rulesets": ("PRESETS", "LineBonusTo", "NextDealer", "RuleSet", "ShutoutRule",
                          "SpadeDoubling", "rules"),
    "ginrules.scoring": ("HandScore", "score_hand", "showdown"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}
_SUBMODULES = frozenset({
    "actions", "cards", "cli", "errors", "game", "hand", "history", "interop", "knocking",
    "masks", "melds", "players", "records", "rulesets", "scoring", "sheet", "simulate", "svg",
    "terminal", "text",
})


def __getattr__(name: str) -> _typing.Any:
    module = _MODULE_OF.get(name)
    if module is not None:
        value = getattr(_importlib.import_module(module), name)
    elif name in _SUBMODULES:
        value = _importlib.import_module(f"ginrules.{name}")
    else:
        raise AttributeError(f"module 'ginrules' has no attribute {name!r}")
    globals()[name] = value  # the next use is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF, *_SUBMODULES})


__all__ = [
    "CARDS",
    "PRESETS",
    "Action",
    "ActionKind",
    "ActionNotationError",
    "Arrangement",
    "BestDiscards",
    "Card",
    "CardNotationError",
    "CardsLike",
    "Deck",
    "EndKind",
    "GameState",
    "GinRulesError",
    "HandResult",
    "HandScore",
    "HandState",
    "Hint",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidRecordError",
    "Layoff",
    "LineBonusTo",
    "Meld",
    "MeldKind",
    "NextDealer",
    "NotationError",
    "Phase",
    "Rank",
    "Record",
    "Report",
    "RuleSet",
    "RuleSetError",
    "ShutoutRule",
    "SpadeDoubling",
    "Suit",
    "UnknownCardsError",
    "View",
    "WrongTypeError",
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
    "new_game",
    "parse_card",
    "parse_cards",
    "rules",
    "score_hand",
    "showdown",
    "validate",
    "view",
]
