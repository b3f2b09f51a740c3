"""Computer players that decide from a view alone: the :class:`Player` protocol, the
random and the basic player, and the helpers the stronger players share.

Computer players implement :class:`Player`: ``choose(view) -> Action``. They are pure
functions of their seed and the view, so the same seed and view give the same action
whatever happened before, in any process.

>>> import ginrules
>>> from ginrules.players import BasicPlayer, view
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> str(BasicPlayer().choose(view(state, 1)))
'pass'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol, runtime_checkable

import attrs

from ginrules._splitmix import below, check_seed, mix, splitmix64
from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import CARDS, Card
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.masks import _deadwood, _discard_deadwoods
from ginrules.players.views import View, _not_a_view

__all__ = ["BasicPlayer", "Hint", "Player", "RandomPlayer", "SimplePlayer"]


@runtime_checkable
class Player(Protocol):
    """A player that sees only its view: ``choose(view)`` returns one of
    ``view.legal_actions``.

    >>> isinstance(BasicPlayer(), Player)
    True
    """

    def choose(self, view: View) -> Action:
        """The action to play in this view."""
        ...


def _stream(seed: int, v: View) -> Iterator[int]:
    """A SplitMix64 stream determined by the seed and the view (not by any past calls)."""
    state = seed
    for part in (v.player, v.mask, len(v.history), v.stock_size, len(v.discard_pile),
                 v.upcard.index):
        state = mix(state ^ part)
    return splitmix64(state)


def _seed(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_seed(value, attribute.name)


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], object], None]:
    """A validator: a whole number, at least ``low``."""

    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or value < low:
            error = GinRulesError if type(value) is int else WrongTypeError
            raise error(f"{attribute.name} must be a whole number of at least {low}, not "
                        f"{value!r}")

    return check


def _need_turn(v: View) -> tuple[Action, ...]:
    if type(v) is not View:
        raise _not_a_view("choose", v)
    if not v.legal_actions:
        raise GinRulesError(f"player {v.player} has no action to choose: "
                            + ("the hand is over" if v.phase is Phase.OVER
                               else f"it is player {v.turn}'s turn"))
    return v.legal_actions


@attrs.frozen
class RandomPlayer:
    """A uniformly random legal action, reproducible from ``seed`` (SplitMix64, not
    :mod:`random`). Random play rarely knocks: most of its hands end dead.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> v = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), 1)
    >>> RandomPlayer(seed=3).choose(v) == RandomPlayer(seed=3).choose(v)
    True
    """

    seed: int = attrs.field(default=0, validator=_seed)

    def choose(self, view: View) -> Action:
        """A uniformly random action of ``view.legal_actions``."""
        actions = _need_turn(view)
        return actions[below(_stream(self.seed, view), len(actions))]


def _makes_meld(mask: int, card: Card) -> bool:
    """Whether ``card`` makes or extends a meld with the cards of ``mask``."""
    return _deadwood(mask | card.mask) < _deadwood(mask) + card.points


def _high_first(index: int) -> tuple[int, int, int]:
    """Sort key: higher points, then higher rank, then higher suit first."""
    return _HIGH_FIRST[index]


_HIGH_FIRST = tuple((-card.points, -int(card.rank), -int(card.suit)) for card in CARDS)


def _least_deadwood(view: View, kind: ActionKind,
                    deadwoods: list[tuple[int, int]] | None = None) -> tuple[Action, int] | None:
    """The legal ``kind`` action (discard or knock) leaving the least deadwood, the highest
    card among equals, with that deadwood; ``deadwoods`` is ``_discard_deadwoods`` of the
    view's cards, when known."""
    cards = {a.card.index: a for a in view.legal_actions if a.kind is kind and a.card}
    if not cards:
        return None
    if deadwoods is None:
        deadwoods = _discard_deadwoods(view.mask)
    high = _HIGH_FIRST
    options = [(d, high[i], i) for i, d in deadwoods if i in cards]
    dead, _, index = min(options)
    return cards[index], dead


def _draw_if_it_melds(view: View, actions: tuple[Action, ...]) -> Action | None:
    """The move of the simple and basic players before the discard: take the face-up card
    only when it makes or extends a meld, else pass or draw from the stock; big gin
    whenever it can. ``None`` in the discard phase otherwise."""
    phase = view.phase
    if phase is Phase.OFFER:
        return actions[0] if _makes_meld(view.mask, view.upcard) else actions[1]
    if phase is Phase.DRAW:
        top = view.top_discard
        if len(actions) == 2 and top is not None and _makes_meld(view.mask, top):
            return actions[1]
        return actions[0]
    return actions[-1] if actions[-1].kind is ActionKind.BIG_GIN else None


@attrs.frozen
class SimplePlayer:
    """The baseline player of the AAAI/EAAI Gin Rummy challenge, the yardstick of game-AI
    papers (its published policy, in ginrules' own code).

    It takes the face-up card only if it makes a meld, and otherwise draws from the stock;
    it discards a random card among those that leave the least deadwood, never the
    face-up card it has just taken; it knocks as soon as that discard allows (and takes
    big gin or gin whenever it can). Reproducible from ``seed``.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    >>> str(SimplePlayer(seed=1).choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)

    def choose(self, view: View) -> Action:
        """The simple player's action in ``view``."""
        actions = _need_turn(view)
        drawn_or_big_gin = _draw_if_it_melds(view, actions)
        if drawn_or_big_gin is not None:
            return drawn_or_big_gin
        taken = -1 if view.taken is None else view.taken.index
        options = [(d, i) for i, d in _discard_deadwoods(view.mask) if i != taken]
        least = min(d for d, _ in options)
        best = [i for d, i in options if d == least]
        index = best[below(_stream(self.seed, view), len(best))] if len(best) > 1 else best[0]
        for kind in (ActionKind.KNOCK, ActionKind.DISCARD):
            for action in actions:
                if action.kind is kind and action.card is not None \
                        and action.card.index == index:
                    return action
        raise AssertionError("a least-deadwood discard is always legal")  # pragma: no cover


@attrs.frozen
class BasicPlayer:
    """The intermediate computer player (the Polish site's *Średni* level).

    It takes the upcard or the top discard only when that card makes or extends a meld,
    discards to leave the least deadwood (the highest card among equals), knocks as soon
    as it may (with the least deadwood) and declares big gin when it can. It has no use
    for randomness: ``seed`` is accepted so every player is made the same way.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(BasicPlayer().choose(view(s, 1)))
    'pass'
    """

    seed: int = attrs.field(default=0, validator=_seed)

    def choose(self, view: View) -> Action:
        """The basic player's action in ``view``."""
        actions = _need_turn(view)
        drawn_or_big_gin = _draw_if_it_melds(view, actions)
        if drawn_or_big_gin is not None:
            return drawn_or_big_gin
        deadwoods = _discard_deadwoods(view.mask)
        knock = _least_deadwood(view, ActionKind.KNOCK, deadwoods)
        if knock is not None:
            return knock[0]
        best = _least_deadwood(view, ActionKind.DISCARD, deadwoods)
        assert best is not None
        return best[0]


@attrs.frozen
class Hint:
    """A suggested action and a short reason, as :func:`hint` gives it.

    >>> from ginrules import Action
    >>> str(Hint(Action.parse("draw stock"), "9C does not help"))
    'draw stock: 9C does not help'
    """

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"

