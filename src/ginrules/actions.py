"""Actions and their notation: the phases of a hand and what a player may do in each.

An :class:`Action` is a value that prints and parses (``Action.parse(str(a)) == a``):
``take``, ``pass``, ``draw stock``, ``draw discard``, ``discard 7H``, ``knock 7H``,
``big gin``. Which actions are legal in a state is the hand's business
(:func:`ginrules.hand.legal_actions`).

>>> from ginrules.actions import Action
>>> Action.parse("Knock 3c"), Action.parse("knock 3C").phase.value
(Action.parse('knock 3C'), 'discard')

Every action also has a stable integer id, :attr:`Action.index` (for reinforcement
learning and game-AI libraries), read back with :meth:`Action.from_index`. The table is
fixed (109 ids) and never changes between versions:

=========  ===========================================================
id         action
=========  ===========================================================
0          ``take``
1          ``pass``
2          ``draw stock``
3          ``draw discard``
4..55      ``discard`` card ``i - 4`` (``i - 4`` is :attr:`Card.index`:
           0 = AC ... 12 = KC, 13 = AD ..., 26 = AH ..., 39 = AS ... 51 = KS)
56..107    ``knock`` card ``i - 56`` (the same card order)
108        ``big gin``
=========  ===========================================================

>>> Action.parse("knock 3C").index, Action.from_index(58)
(58, Action.parse('knock 3C'))
"""

from __future__ import annotations

import enum
import operator

import attrs

from ginrules.cards import CARDS, Card, parse_card
from ginrules.errors import ActionNotationError, GinRulesError, _not_a_member

__all__ = ["Action", "ActionKind", "Phase"]


class Phase(enum.Enum):
    """Where a hand is.

    * ``OFFER``: the first upcard is offered (to the non-dealer, then the dealer);
    * ``DRAW``: the player to move draws from the stock or the discard pile;
    * ``DISCARD``: the player to move holds 11 cards and discards, knocks or declares big gin;
    * ``OVER``: the hand has ended; :attr:`HandState.result` holds what happened.

    >>> [p.value for p in Phase]
    ['offer', 'draw', 'discard', 'over']
    """

    OFFER = "offer"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, GinRulesError)


class ActionKind(enum.Enum):
    """The kinds of action. Their text is the action's text without the card.

    >>> ActionKind.DRAW_STOCK.value
    'draw stock'
    """

    TAKE = "take"
    PASS = "pass"
    DRAW_STOCK = "draw stock"
    DRAW_DISCARD = "draw discard"
    DISCARD = "discard"
    KNOCK = "knock"
    BIG_GIN = "big gin"

    @classmethod
    def _missing_(cls, value: object) -> None:
        raise _not_a_member(cls, value, ActionNotationError)


_PHASE_OF = {
    ActionKind.TAKE: Phase.OFFER,
    ActionKind.PASS: Phase.OFFER,
    ActionKind.DRAW_STOCK: Phase.DRAW,
    ActionKind.DRAW_DISCARD: Phase.DRAW,
    ActionKind.DISCARD: Phase.DISCARD,
    ActionKind.KNOCK: Phase.DISCARD,
    ActionKind.BIG_GIN: Phase.DISCARD,
}
_WITH_CARD = (ActionKind.DISCARD, ActionKind.KNOCK)

# Reading an enum member from its class (``Phase.DRAW``) costs about 0.1 µs on Python 3.11,
# as much as building a small tuple; the hot paths (legal_actions, apply, is_over) test
# phases and kinds several times per action, so they use these module-level aliases.
_OFFER_PHASE, _DRAW_PHASE, _DISCARD_PHASE, _OVER_PHASE = (
    Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.OVER
)
_PASS_KIND, _TAKE_KIND, _KNOCK_KIND, _BIG_GIN_KIND = (
    ActionKind.PASS, ActionKind.TAKE, ActionKind.KNOCK, ActionKind.BIG_GIN
)
_DRAW_STOCK_KIND, _DRAW_DISCARD_KIND, _DISCARD_KIND = (
    ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD, ActionKind.DISCARD
)


def _to_action_kind(value: object) -> ActionKind:
    try:
        return ActionKind(value)
    except ValueError:
        kinds = ", ".join(repr(k.value) for k in ActionKind)
        raise ActionNotationError(f"{value!r} is not an ActionKind; the kinds are {kinds}") from None


@attrs.frozen(repr=False)
class Action:
    """An action value: ``take``, ``pass``, ``draw stock``, ``draw discard``,
    ``discard 7H``, ``knock 7H`` (discard 7H and end the hand; gin if no deadwood is left)
    or ``big gin``. Actions print and parse: ``Action.parse(str(a)) == a``.

    >>> Action.parse("knock 3c")
    Action.parse('knock 3C')
    >>> Action.parse("discard")
    Traceback (most recent call last):
    ...
    ginrules.errors.ActionNotationError: bad action 'discard': say which card, like 'discard 7H'
    """

    kind: ActionKind = attrs.field(converter=_to_action_kind)
    card: Card | None = None
    phase: Phase = attrs.field(init=False, eq=False, repr=False)
    _index: int = attrs.field(init=False, eq=False, repr=False)  # see index

    def __attrs_post_init__(self) -> None:
        if (self.kind in _WITH_CARD) != (self.card is not None):
            raise ActionNotationError(
                f"action {self.kind.value!r} "
                + ("needs a card" if self.card is None else "takes no card")
            )
        object.__setattr__(self, "phase", _PHASE_OF[self.kind])
        object.__setattr__(self, "_index", _INDEX_BASE[self.kind]
                           + (0 if self.card is None else self.card.index))

    @classmethod
    def parse(cls, text: Action | str) -> Action:
        """Read an action from its text (case-insensitive; ``take upcard`` and ``pass
        upcard`` are accepted too).

        >>> Action.parse("Draw Stock") == Action(ActionKind.DRAW_STOCK)
        True
        """
        if isinstance(text, Action):
            return text
        known = _BY_TEXT.get(text) if type(text) is str else None
        if known is not None:  # an action's own text, as a program sends it back
            return known
        if not isinstance(text, str):
            raise ActionNotationError(
                f"an action must be an Action or a string like 'discard 7H', not {text!r}"
            )
        words = text.strip().lower().split()
        if words[-1:] == ["upcard"] and words[:1] in (["take"], ["pass"]):
            words = words[:1]
        if len(words) == 2 and words[0] in ("discard", "knock"):
            return _CARD_ACTIONS[ActionKind(words[0])][parse_card(words[1]).index]
        joined = " ".join(words)
        if joined in ("discard", "knock"):
            raise ActionNotationError(
                f"bad action {text!r}: say which card, like '{joined} 7H'"
            )
        try:
            return _PLAIN_ACTIONS[ActionKind(joined)]
        except ValueError:
            raise ActionNotationError(
                f"bad action {text!r}: expected take, pass, draw stock, draw discard, "
                "discard CARD, knock CARD or big gin"
            ) from None

    @property
    def index(self) -> int:
        """The action's stable integer id, 0..108 (the table is in the module's
        documentation): 0 take, 1 pass, 2 draw stock, 3 draw discard, 4 + card index for a
        discard, 56 + card index for a knock, 108 big gin.

        >>> [Action.parse(t).index for t in ("take", "pass", "draw stock", "draw discard",
        ...                                   "discard AC", "discard KS", "knock AC", "big gin")]
        [0, 1, 2, 3, 4, 55, 56, 108]
        """
        return self._index

    @classmethod
    def from_index(cls, index: int) -> Action:
        """The action with the integer id ``index`` (0..108; see :attr:`index`).

        >>> Action.from_index(3), Action.from_index(55)
        (Action.parse('draw discard'), Action.parse('discard KS'))
        >>> Action.from_index(109)
        Traceback (most recent call last):
        ...
        ginrules.errors.ActionNotationError: action id 109 is not in 0..108 (0 take, 1 pass, 2 draw stock, 3 draw discard, 4..55 discard, 56..107 knock, 108 big gin)
        """
        try:
            i = operator.index(index)  # an int, or an integer such as numpy's int64
        except TypeError:
            i = -1
        if isinstance(index, bool) or not 0 <= i < 109:
            raise ActionNotationError(
                f"action id {index!r} is not in 0..108 (0 take, 1 pass, 2 draw stock, "
                "3 draw discard, 4..55 discard, 56..107 knock, 108 big gin)")
        return _BY_INDEX[i]

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_INDEX_BASE = {
    ActionKind.TAKE: 0,
    ActionKind.PASS: 1,
    ActionKind.DRAW_STOCK: 2,
    ActionKind.DRAW_DISCARD: 3,
    ActionKind.DISCARD: 4,
    ActionKind.KNOCK: 56,
    ActionKind.BIG_GIN: 108,
}


_PLAIN_ACTIONS = {k: Action(k) for k in ActionKind if k not in _WITH_CARD}
_CARD_ACTIONS = {k: tuple(Action(k, c) for c in CARDS) for k in _WITH_CARD}
_BY_TEXT = {str(a): a for a in (*_PLAIN_ACTIONS.values(),
                                  *(a for row in _CARD_ACTIONS.values() for a in row))}
_TAKE = _PLAIN_ACTIONS[ActionKind.TAKE]
_PASS = _PLAIN_ACTIONS[ActionKind.PASS]
_DRAW_STOCK = _PLAIN_ACTIONS[ActionKind.DRAW_STOCK]
_DRAW_DISCARD = _PLAIN_ACTIONS[ActionKind.DRAW_DISCARD]
_BIG_GIN = _PLAIN_ACTIONS[ActionKind.BIG_GIN]
_DISCARDS = _CARD_ACTIONS[ActionKind.DISCARD]
_KNOCKS = _CARD_ACTIONS[ActionKind.KNOCK]
_BY_INDEX = (_TAKE, _PASS, _DRAW_STOCK, _DRAW_DISCARD, *_DISCARDS, *_KNOCKS, _BIG_GIN)
# the (player, action) entries of a hand's history, made once: a long hand costs one
# reference per action rather than a new tuple (history[i][1] == the action applied)
_HISTORY_ENTRIES = tuple(tuple((player, a) for a in _BY_INDEX) for player in (0, 1))


class _SuitDiscards(dict[int, tuple[Action, ...]]):
    """The discard actions of the cards of one suit's 13-bit mask, made on first use."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.offset = 13 * suit

    def __missing__(self, m: int) -> tuple[Action, ...]:
        actions = tuple(_DISCARDS[self.offset + r] for r in range(13) if m >> r & 1)
        self[m] = actions
        return actions


_SUIT_DISCARDS = tuple(_SuitDiscards(s) for s in range(4))
