"""One episode for a learning environment: a hand or a whole game, with the rewards of
the real score. Core only (no numpy); the PettingZoo, Gymnasium and OpenSpiel adapters
are built on it.

The rewards are zero-sum and exact: in ``"hand"`` mode the winner of the hand gets its
points and the loser minus them when the hand ends; in ``"game"`` mode each step pays the
change in each player's final score minus the opponent's (hand points as hands end, and
the game, line and shutout bonuses when the game ends), so an episode's rewards add up to
the final score difference.

>>> ep = Episode("classic", mode="hand")
>>> ep.reset(seed=7)
>>> ep.turn, [str(a) for a in ep.view(ep.turn).legal_actions]
(1, ['take', 'pass'])
>>> ep.step(Action.parse("pass"))
(0, 0)
"""

from __future__ import annotations

from typing import Any

from ginrules._splitmix import MASK64, below, check_seed, splitmix64
from ginrules.actions import Action, ActionKind
from ginrules.cards import Card
from ginrules.errors import (
    GinRulesError,
    IllegalActionError,
    WrongTypeError,
    _type_name,
    _wrong_type,
)
from ginrules.game import GameState, new_game
from ginrules.game import apply as apply_to_game
from ginrules.hand import HandState, _apply_checked, _check, deal
from ginrules.interop.observation import _scan, _scan_on
from ginrules.players.views import View, _drawn_cards, _view
from ginrules.rulesets import RuleSet, rules
from ginrules.scoring import score_hand

__all__ = ["MODES", "Episode"]

MODES = ("hand", "game")
"""The episode modes: one hand, or a whole game to the target."""


def _rules(value: RuleSet | str) -> RuleSet:
    if isinstance(value, RuleSet):
        return value
    if isinstance(value, str):
        return rules(value)
    raise WrongTypeError(f"rules must be a preset name such as 'oklahoma' or a RuleSet, "
                         f"not {_type_name(value)}")


class Episode:
    """A hand or a game being played, step by step (mutable: an environment's engine).

    >>> ep = Episode("oklahoma", mode="game")
    >>> ep.reset(seed=1)
    >>> ep.hand.stock_size, ep.over, ep.scores(0)
    (31, False, (0, 0))
    """

    def __init__(self, rules: RuleSet | str = "classic", *, mode: str = "hand") -> None:
        if mode not in MODES:
            raise (GinRulesError if isinstance(mode, str) else WrongTypeError)(f"mode must be 'hand' (one hand per episode) or 'game' (a "
                                f"whole game per episode), not {mode!r}")
        self.rules = _rules(rules)
        self.mode = mode
        self.game: GameState | None = None
        self.hand: HandState = deal(self.rules, seed=0)
        self.over = False
        self._margin = 0  # player 0's score minus player 1's, as far as paid
        # each player's stock draws in the hand in play, kept as it goes so that a view
        # costs no walk of the history
        self._drawn: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
        # and each player's scan of the public history (observation._scan_on's memo)
        self._scanned: tuple[Any, Any] = (None, None)
        self._tracked = self.hand  # the hand they are of

    def reset(self, seed: int) -> None:
        """Start a new episode from ``seed`` (an int; the deal and the first dealer).

        >>> ep = Episode()
        >>> ep.reset(seed=3); a = ep.hand.deck
        >>> ep.reset(seed=3); ep.hand.deck == a
        True
        """
        seed = check_seed(seed) & MASK64
        if self.mode == "game":
            self.game = new_game(self.rules, seed=seed)
            assert self.game.hand is not None
            self.hand = self.game.hand
        else:
            dealer = below(splitmix64(seed ^ 0x5EED), 2)
            self.hand = deal(self.rules, seed=seed, dealer=dealer)
        self.over = False
        self._margin = 0
        self._drawn = ((), ())
        self._scanned = (None, None)
        self._tracked = self.hand

    @property
    def turn(self) -> int:
        """The player to move (the last one to move once the episode is over)."""
        return self.hand.turn

    def view(self, player: int) -> View:
        """What ``player`` sees of the hand in play (or of the last hand): the same as
        :func:`ginrules.players.view`, without its walk of the history.

        >>> from ginrules.players import view
        >>> ep = Episode(); ep.reset(seed=7)
        >>> for text in ("pass", "pass", "draw stock"):
        ...     _ = ep.step(Action.parse(text))
        >>> ep.view(1) == view(ep.hand, 1), ep.view(1).drawn_cards == (ep.view(1).drawn,)
        (True, True)
        """
        if type(player) is not int or player not in (0, 1):
            error = GinRulesError if type(player) is int else WrongTypeError
            raise error(f"there is no player {player!r}: players are 0 and 1")
        hand = self.hand
        if hand is not self._tracked:  # set from outside: walk its history
            return _view(hand, player, None, _drawn_cards(hand, player))
        return _view(hand, player, None, self._drawn[player])

    def _track(self, before: HandState, player: int, action: Action) -> None:
        """Keep the stock draws up to date after ``player``'s ``action`` took the hand
        from ``before`` to ``self.hand`` (the same hand one action on, or a new deal)."""
        hand = self.hand
        if (before is self._tracked and hand.deck is before.deck
                and len(hand.actions) == len(before.actions) + 1):
            if action.kind is ActionKind.DRAW_STOCK:
                card = hand.deck.cards[20 + hand.stock_drawn]
                mine = self._drawn[player] + (card,)
                self._drawn = (mine, self._drawn[1]) if player == 0 else (self._drawn[0], mine)
        else:  # a new hand (or one set from outside): from its history
            self._drawn = (_drawn_cards(hand, 0), _drawn_cards(hand, 1))
            self._scanned = (None, None)
        self._tracked = hand

    def _scan(self, player: int) -> tuple[int, int, int]:
        """:func:`ginrules.interop.observation._scan` of the hand's history for
        ``player`` (0 or 1), scanning only the actions since the last call."""
        hand = self.hand
        up = hand.upcard.mask if hand.upcard is not None else 0
        if hand is not self._tracked:  # set from outside
            return _scan(hand.actions, player, up)
        memo = _scan_on(self._scanned[player], hand.actions, player, up)
        self._scanned = (memo, self._scanned[1]) if player == 0 else (self._scanned[0], memo)
        return memo[2], memo[3], memo[4]

    def scores(self, player: int) -> tuple[int, int]:
        """The game scores as (``player``'s, the opponent's); (0, 0) in hand mode."""
        if type(player) is not int or player not in (0, 1):
            error = GinRulesError if type(player) is int else WrongTypeError
            raise error(f"there is no player {player!r}: players are 0 and 1")
        if self.game is None:
            return (0, 0)
        totals = self.game.sheet.final_totals()
        return (totals[player], totals[1 - player])

    def step(self, action: Action) -> tuple[int, int]:
        """Apply ``action`` for the player to move; return both players' rewards.

        An illegal action is an :class:`~ginrules.IllegalActionError` saying why.
        """
        if type(action) is not Action:
            raise _wrong_type("Episode.step", "an Action (one of view.legal_actions, or "
                              "Action.parse(text))", action)
        if self.over:
            raise IllegalActionError("the episode is over: call reset")
        before = self.hand
        _check(before, action, None)
        if self.game is None:
            self.hand = _apply_checked(before, action)
            self._track(before, before.turn, action)
            if not self.hand.is_over:
                return (0, 0)
            self.over = True
            assert self.hand.result is not None
            price = score_hand(self.hand.result, self.rules)
            if price.player is None:
                return (0, 0)
            sign = 1 if price.player == 0 else -1
            return (sign * price.points, -sign * price.points)
        game = apply_to_game(self.game, action)
        self.game = game
        # the hand goes on, or it ended: then the next one is dealt, or the game is over
        self.hand = game.hand if game.hand is not None else game.finished[-1]
        self._track(before, before.turn, action)
        if game.hand is not None and game.hand.actions:
            return (0, 0)
        totals = game.sheet.final_totals()
        margin = totals[0] - totals[1]
        paid = margin - self._margin
        self._margin = margin
        self.over = game.is_over
        return (paid, -paid)
