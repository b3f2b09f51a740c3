"""Integer action ids and legal-action masks, for reinforcement-learning and game-AI code.

The ids are :attr:`Action.index <ginrules.actions.Action.index>` (the table is in
:mod:`ginrules.actions`): ``0`` take, ``1`` pass, ``2`` draw stock, ``3`` draw discard,
``4 + i`` discard card ``i``, ``56 + i`` knock with card ``i``, ``108`` big gin, where
``i`` is :attr:`Card.index <ginrules.cards.Card.index>`. Core only: plain tuples of 0 and
1 (the numpy adapters in :mod:`ginrules.interop.observation` make arrays of them).

>>> import ginrules
>>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> mask = legal_action_mask(s)
>>> len(mask), mask[:4], legal_action_ids(s)
(109, (1, 1, 0, 0), (0, 1))
"""

from __future__ import annotations

from ginrules.actions import Action
from ginrules.errors import WrongTypeError, _type_name
from ginrules.hand import HandState, legal_actions
from ginrules.players.views import View

__all__ = ["NUM_ACTIONS", "action_from_id", "legal_action_ids", "legal_action_mask"]

NUM_ACTIONS = 109
"""How many action ids there are (0..108)."""

_ZERO = (0,) * NUM_ACTIONS


def _legal(state_or_view: HandState | View) -> tuple[Action, ...]:
    if isinstance(state_or_view, View):
        return state_or_view.legal_actions
    if isinstance(state_or_view, HandState):
        return legal_actions(state_or_view)
    raise WrongTypeError("a legal-action mask is of a HandState or a View, not "
                         f"{_type_name(state_or_view)} (for a game, pass game.hand)")


def legal_action_ids(state_or_view: HandState | View) -> tuple[int, ...]:
    """The ids of the legal actions, ascending. A view has actions only on its player's
    turn; a state's are those of the player to move.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).apply("take")
    >>> legal_action_ids(s)[:3], legal_action_ids(s.view(0))
    ((10, 13, 20), ())
    """
    return tuple(a.index for a in _legal(state_or_view))


def legal_action_mask(state_or_view: HandState | View) -> tuple[int, ...]:
    """A tuple of 109 zeros and ones: 1 at the id of every legal action.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> sum(legal_action_mask(s)), sum(legal_action_mask(s.view(0)))
    (2, 0)
    """
    mask = list(_ZERO)
    for action in _legal(state_or_view):
        mask[action.index] = 1
    return tuple(mask)


def action_from_id(action_id: int) -> Action:
    """The action with id ``action_id`` (the same as :meth:`Action.from_index
    <ginrules.actions.Action.from_index>`).

    >>> str(action_from_id(108))
    'big gin'
    """
    return Action.from_index(action_id)
