"""ginrules: the rules of Gin Rummy, exactly.

The package reads as its architecture. Each module depends only on those listed before it
(an upward convenience, such as the game's use of view players, is imported when used;
but nothing below :mod:`ginrules.interop` ever imports it: it registers with the records
what they use of it, see :func:`ginrules.records.register_explanations`):

===============================  ===========================================================
cards and the exact solver       :mod:`~ginrules.cards` (cards, notation, the deck),
                                 :mod:`~ginrules.masks` (the deadwood solver on card masks),
                                 :mod:`~ginrules.melds` (melds, arrangements, best discards)
the rules                        :mod:`~ginrules.rulesets` (:class:`RuleSet` and the presets)
one hand                         :mod:`~ginrules.actions` (actions and their notation),
                                 :mod:`~ginrules.knocking` (the end of a hand by a knock:
                                 layoffs, the knocker's arrangement, :class:`HandResult`;
                                 pure), :mod:`~ginrules.hand` (the hand's state machine and
                                 its verbs)
pricing                          :mod:`~ginrules.scoring` (a hand's score, showdowns),
                                 :mod:`~ginrules.sheet` (the score sheet of a game)
what players see, who plays      :mod:`ginrules.players` (views, computer players)
whole games                      :mod:`~ginrules.game`
records                          :mod:`ginrules.records` (format, writer, reader, validator)
other projects                   :mod:`ginrules.interop` (OpenSpiel, RLCard)
at scale and in a shell          :mod:`~ginrules.simulate`, :mod:`~ginrules.cli`
===============================  ===========================================================

Errors are one family under :class:`GinRulesError` (:mod:`~ginrules.errors`).

The names most scripts need are here at the top level, the verbs of a hand first:
:func:`deal`, :func:`legal_actions`, :func:`take_upcard`, :func:`pass_upcard`,
:func:`draw`, :func:`discard`, :func:`knock`, :func:`big_gin`, :func:`lay_off`,
:func:`arrange`, :func:`score_hand` and :func:`showdown`. Each verb of a hand is a pure
function from a state to the next one, the same as the state's :meth:`~HandState.apply`
(``ginrules.draw(state)`` is ``state.apply("draw stock")``):

>>> import ginrules
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> [str(action) for action in ginrules.legal_actions(state)]
['take', 'pass']
>>> state = ginrules.draw(ginrules.pass_upcard(ginrules.pass_upcard(state)))
>>> state = ginrules.discard(state, "KS")
>>> str(state.top_discard), state == ginrules.deal(ginrules.rules("classic"), seed=7,
...     dealer=0).apply("pass").apply("pass").apply("draw stock").apply("discard KS")
('KS', True)
>>> ginrules.deadwood("7H 8H 9H KS QS")
20
>>> print(ginrules.arrange("7H 8H 9H 7C 7D 7S KS"))
7C 7D 7S | 7H 8H 9H | deadwood KS = 10
>>> result, score = ginrules.showdown("AS 2S 3S 4S 5S 6S 7S 8S 9S KD",
...                                   "TS 5D 5C 5H 7C 8C 9C 2H 3H 4H")
>>> score.winner, score.points, score.undercut
('defender', 35, True)
"""

# first: the ginrules command ends quietly on Ctrl-C even while it is still importing
# (nothing changes for a program that imports ginrules)
from ginrules import _startup as _startup  # noqa: I001
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
    MoveTextError,
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
    from ginrules.hand import (
        HandState,
        big_gin,
        deal,
        discard,
        draw,
        knock,
        legal_actions,
        pass_upcard,
        take_upcard,
    )
    from ginrules.knocking import EndKind, HandResult, Layoff, lay_off
    from ginrules.players import Hint, View, hint, parse_move, prompt, view
    from ginrules.records import Record, Report, dump, load, validate
    from ginrules.rulesets import (
        PRESETS,
        LineBonusTo,
        NextDealer,
        Opening,
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
    "ginrules.hand": ("HandState", "big_gin", "deal", "discard", "draw", "knock",
                      "legal_actions", "pass_upcard", "take_upcard"),
    "ginrules.knocking": ("EndKind", "HandResult", "Layoff", "lay_off"),
    "ginrules.players": ("Hint", "View", "hint", "parse_move", "prompt", "view"),
    "ginrules.records": ("Record", "Report", "dump", "load", "validate"),
    "ginrules.rulesets": ("PRESETS", "LineBonusTo", "NextDealer", "Opening", "RuleSet",
                          "ShutoutRule", "SpadeDoubling", "rules"),
    "ginrules.scoring": ("HandScore", "score_hand", "showdown"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}
# No submodule is named after a name of __all__ (ginrules.rules is the function, the presets
# are in ginrules.rulesets; ginrules.knock is the verb, the end of a hand by a knock is
# ginrules.knocking): the import system sets every submodule it imports on its package, and
# one named after a public name would replace it (tests/test_public_api.py checks this).
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
    "MoveTextError",
    "NextDealer",
    "NotationError",
    "Opening",
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
    "big_gin",
    "cards_from_mask",
    "cards_to_mask",
    "deadwood",
    "deadwood_of_mask",
    "deal",
    "discard",
    "discard_deadwoods_of_mask",
    "draw",
    "dump",
    "format_cards",
    "hint",
    "knock",
    "lay_off",
    "legal_actions",
    "load",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "pass_upcard",
    "prompt",
    "rules",
    "score_hand",
    "showdown",
    "take_upcard",
    "validate",
    "view",
]

