"""Actions and their notation: the phases of a hand and what a player may do in each.

An :class:`Action` is a value that prints and parses (``Action.parse(str(a)) == a``):
``take``, ``pass``, ``draw stock``, ``draw discard``, ``discard 7H``, ``knock 7H``,
``big gin``. Which actions are legal in a state is the hand's business
(:func:`ginrules.hand.legal_actions`).

>>> from ginrules.actions import Action
>>> Action.parse("Knock 3c"), Action.parse("knock 3C").phase.value
(Action.parse('knock 3C'), 'discard')
"""

from __future__ import annotations

import enum

import attrs

from ginrules.cards import CARDS, Card, parse_card
from ginrules.errors import ActionNotationError

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

    def __attrs_post_init__(self) -> None:
        if (self.kind in _WITH_CARD) != (self.card is not None):
            raise ActionNotationError(
                f"action {self.kind.value!r} "
                + ("needs a card" if self.card is None else "takes no card")
            )
        object.__setattr__(self, "phase", _PHASE_OF[self.kind])

    @classmethod
    def parse(cls, text: Action | str) -> Action:
        """Read an action from its text (case-insensitive; ``take upcard`` and ``pass
        upcard`` are accepted too).

        >>> Action.parse("Draw Stock") == Action(ActionKind.DRAW_STOCK)
        True
        """
        if isinstance(text, Action):
            return text
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

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_PLAIN_ACTIONS = {k: Action(k) for k in ActionKind if k not in _WITH_CARD}
_CARD_ACTIONS = {k: tuple(Action(k, c) for c in CARDS) for k in _WITH_CARD}
_TAKE = _PLAIN_ACTIONS[ActionKind.TAKE]
_PASS = _PLAIN_ACTIONS[ActionKind.PASS]
_DRAW_STOCK = _PLAIN_ACTIONS[ActionKind.DRAW_STOCK]
_DRAW_DISCARD = _PLAIN_ACTIONS[ActionKind.DRAW_DISCARD]
_BIG_GIN = _PLAIN_ACTIONS[ActionKind.BIG_GIN]
_DISCARDS = _CARD_ACTIONS[ActionKind.DISCARD]
_KNOCKS = _CARD_ACTIONS[ActionKind.KNOCK]


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
