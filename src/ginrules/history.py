"""The states of a game as it is played, for undo that follows the rules of the table.

A :class:`History` is an immutable value: :meth:`History.apply` returns a longer history,
:meth:`History.undo` a shorter one. A person may take back their own moves, one at a
time, as far back as the last moment that showed them something new: a card drawn from
the stock, a move of the opponent, or a new deal. Those moments are the limit because the
person has seen what the move revealed; taking it back would let them play it again
knowing more.

>>> import ginrules
>>> from ginrules.history import History
>>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3))
>>> player = h.state.hand.turn
>>> h = h.apply("take")
>>> h.can_undo(player), h.undo(player).state == h.start
(True, True)
>>> h.undo(1 - player)
Traceback (most recent call last):
...
ginrules.errors.GinRulesError: player 0 has no move to take back: the last move was player 1's
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ginrules.actions import Action, ActionKind
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.game import GameState
from ginrules.game import apply as apply_to_game

__all__ = ["History"]


@attrs.frozen
class _Step:
    """One move: the state before it, who made it and what it was, and the step before."""

    before: GameState
    player: int
    action: Action
    previous: _Step | None


@attrs.frozen
class History:
    """A game and the moves that led to its current state; a value, like the states.

    Each move is kept in a linked list, so :meth:`apply` and :meth:`undo` take the same
    time however long the game.

    >>> import ginrules
    >>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3))
    >>> len(h), h.state is h.start
    (0, True)
    """

    state: GameState
    _last: _Step | None = None
    _length: int = 0

    @property
    def start(self) -> GameState:
        """The state before the first move kept.

        >>> import ginrules
        >>> g = ginrules.new_game(ginrules.rules("classic"), seed=3)
        >>> History(g).apply("pass").start == g
        True
        """
        step = self._last
        state = self.state
        while step is not None:
            state = step.before
            step = step.previous
        return state

    def __len__(self) -> int:
        return self._length

    def moves(self) -> Iterator[tuple[int, Action]]:
        """The moves, most recent first, as ``(player, action)``.

        >>> import ginrules
        >>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3)).apply("pass")
        >>> [(p, str(a)) for p, a in h.moves()]
        [(1, 'pass')]
        """
        step = self._last
        while step is not None:
            yield step.player, step.action
            step = step.previous

    def apply(self, action: Action | str, *, player: int | None = None) -> History:
        """The history with ``action`` played by the player to move (checked against
        ``player`` when given), as :meth:`GameState.apply <ginrules.GameState.apply>`.

        >>> import ginrules
        >>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3))
        >>> len(h.apply("pass").apply("pass"))
        2
        """
        state = self.state
        if state.hand is None:
            raise GinRulesError("no hand is in play: "
                                + ("the game is over" if state.is_over else "deal one first"))
        act = action if isinstance(action, Action) else Action.parse(action)
        after = apply_to_game(state, act, player=player)
        return History(after, _Step(state, state.hand.turn, act, self._last), self._length + 1)

    def _undo_point(self, player: int) -> tuple[_Step | None, str]:
        if type(player) is not int or player not in (0, 1):
            error = GinRulesError if type(player) is int else WrongTypeError
            raise error(f"there is no player {player!r}: players are 0 and 1")
        step = self._last
        if step is None:
            return None, "no move has been made"
        if step.player != player:
            return None, f"the last move was player {step.player}'s"
        if step.action.kind is ActionKind.DRAW_STOCK:
            return None, "a card drawn from the stock cannot be put back"
        if len(step.before.finished) != len(self.state.finished):
            return None, "the hand is over and its cards are shown"
        return step, ""

    def can_undo(self, player: int) -> bool:
        """Whether ``player`` may take back the last move (see the module's rules).

        >>> import ginrules
        >>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3))
        >>> h.can_undo(0), h.can_undo(1)
        (False, False)
        """
        return self._undo_point(player)[0] is not None

    def undo(self, player: int) -> History:
        """The history without ``player``'s last move; a :class:`~ginrules.GinRulesError`
        saying why when it may not be taken back.

        >>> import ginrules
        >>> h = History(ginrules.new_game(ginrules.rules("classic"), seed=3))
        >>> h.undo(1)
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: player 1 has no move to take back: no move has been made
        """
        step, why = self._undo_point(player)
        if step is None:
            raise GinRulesError(f"player {player} has no move to take back: {why}")
        return History(step.before, step.previous, self._length - 1)
