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

from ginrules._fields import check_fields
from ginrules._splitmix import below, check_seed, mix, splitmix64
from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import CARDS, Card
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.masks import _best_discards, _deadwood, _discard_deadwoods
from ginrules.players._estimates import _meld_makers
from ginrules.players.views import View, _not_a_view

__all__ = ["BasicPlayer", "Hint", "KnockEstimate", "Player", "RandomPlayer", "SimplePlayer"]


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
                 -1 if v.upcard is None else v.upcard.index):
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


def _in_a_meld(mask: int, card: Card) -> bool:
    """Whether ``card`` is in some meld of the cards of ``mask`` with it, that is, makes
    a set or a run of three with two of them: the EAAI baseline's test for a face-up card,
    true even when no arrangement of the hand with that card leaves less deadwood.

    >>> from ginrules import Card, cards_to_mask
    >>> hand = cards_to_mask("5S 6S 7S 6H")
    >>> _in_a_meld(hand, Card.parse("6D")), _makes_meld(hand, Card.parse("6D"))
    (True, False)
    """
    return bool(_meld_makers(mask) >> card.index & 1)


def _draw_if(view: View, actions: tuple[Action, ...],
             wanted: Callable[[int, Card], bool]) -> Action | None:
    """The move of the simple and basic players before the discard: take the face-up card
    only when ``wanted(hand mask, card)``, else pass or draw from the stock; big gin
    whenever it can. ``None`` in the discard phase otherwise."""
    phase = view.phase
    if phase is Phase.OFFER:
        assert view.upcard is not None  # an upcard is offered only where one is turned
        return actions[0] if wanted(view.mask, view.upcard) else actions[1]
    if phase is Phase.DRAW:
        top = view.top_discard
        if len(actions) == 2 and top is not None and wanted(view.mask, top):
            return actions[1]
        return actions[0]
    return actions[-1] if actions[-1].kind is ActionKind.BIG_GIN else None


def _draw_discard_pairs(view: View) -> set[int]:
    """The (card drawn, card discarded) pairs of ``view``'s player's turns so far in the
    hand, each as the mask of its one or two cards (unordered, as the EAAI baseline
    records them). The card drawn is the stock card (:attr:`View.drawn_cards`, in order)
    or the card taken from the discard pile (its :attr:`View.events` entry).

    >>> import ginrules
    >>> from ginrules import cards_from_mask
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("eaai"), seed=7, dealer=0)
    >>> for action in ("take", "discard 7C", "draw stock", "discard JS", "draw stock",
    ...                "discard KD"):  # player 1 takes TS, player 1 draws 3C
    ...     s = ginrules.hand.apply(s, action)
    >>> sorted(" ".join(map(str, cards_from_mask(m))) for m in _draw_discard_pairs(view(s, 1)))
    ['3C KD', '7C TS']
    """
    me = view.player
    stock = iter(view.drawn_cards)
    drawn: Card | None = None
    pairs: set[int] = set()
    for event in view.events:
        if event.player != me:
            continue
        kind = event.action.kind
        if kind is ActionKind.DRAW_STOCK:
            drawn = next(stock, None)
        elif kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            drawn = event.card
        elif (kind is ActionKind.DISCARD or kind is ActionKind.KNOCK) \
                and event.card is not None and drawn is not None:
            pairs.add(drawn.mask | event.card.mask)
            drawn = None
    return pairs


def _baseline_discards(mask: int, drawn: Card | None, taken: Card | None,
                       done: set[int]) -> list[int]:
    """The EAAI baseline's candidate discards from the eleven cards of ``mask``: the
    indices of the cards leaving the least deadwood among those that are neither
    ``taken`` (the face-up card just taken) nor would repeat a (``drawn``, discarded)
    pair of ``done`` (see :func:`_draw_discard_pairs`). Should the pair rule exclude every
    card but ``taken`` (the Java player then fails), it is dropped for that discard.

    >>> from ginrules import Card, cards_to_mask
    >>> hand = cards_to_mask("2C 3C 4C 9D 9H 5S 6S 7S KC KD QS")
    >>> _baseline_discards(hand, None, None, set())  # KC, KD, QS
    [12, 25, 50]
    >>> kd = Card.parse("KD")
    >>> _baseline_discards(hand, kd, kd, {kd.mask | Card.parse("KC").mask})  # QS alone
    [50]
    """
    taken_index = -1 if taken is None else taken.index
    options = [(d, i) for i, d in _discard_deadwoods(mask) if i != taken_index]
    if drawn is not None and done:
        fresh = [(d, i) for d, i in options if (drawn.mask | 1 << i) not in done]
        if fresh:
            options = fresh
    least = min(d for d, _ in options)
    return [i for d, i in options if d == least]


@attrs.frozen
class SimplePlayer:
    """The baseline player of the AAAI/EAAI Gin Rummy challenge (the Java framework's
    ``SimpleGinRummyPlayer``), the yardstick of game-AI papers, in ginrules' own code.

    It takes the face-up card (the first upcard when offered it, and the top discard)
    whenever the card is in some meld of its hand with that card, even a meld that saves
    no deadwood, and otherwise draws from the stock; it discards a card at random among
    those that leave the least deadwood, never the face-up card it has just taken and
    never a card that would repeat a (card drawn, card discarded) pair of its own turns
    in this hand; it knocks as soon as that discard allows (and takes big gin or gin
    whenever it can). Its random choices come from ``seed`` and the view (SplitMix64),
    not from Java's ``Random``: the same seed does not make the Java player's choices.

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
        drawn_or_big_gin = _draw_if(view, actions, _in_a_meld)
        if drawn_or_big_gin is not None:
            return drawn_or_big_gin
        # a card drawn from the stock was never in the hand nor thrown, so no pair done
        # holds it: only a card taken from the discard pile can repeat one
        done = _draw_discard_pairs(view) if view.taken is not None else set()
        best = _baseline_discards(view.mask, view.drawn, view.taken, done)
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
        return _basic_action(view.mask, view.phase, view.upcard, view.top_discard, actions)


def _basic_action(mask: int, phase: Phase, upcard: Card | None, top: Card | None,
                  actions: tuple[Action, ...]) -> Action:
    """:meth:`BasicPlayer.choose` from the only fields of the view it reads: the
    player's own cards (``mask``), the ``phase``, the ``upcard``, the ``top`` discard and
    the legal ``actions`` (not empty). An environment that keeps the hand passes them
    from it without building the whole view (see
    :mod:`ginrules.interop.gymnasium_env`); they are public or the player's own, so the
    decision is still one from the player's view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> v = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), 1)
    >>> action = _basic_action(v.mask, v.phase, v.upcard, v.top_discard, v.legal_actions)
    >>> str(action), action == BasicPlayer().choose(v)
    ('pass', True)
    """
    # take the face-up card only when it makes or extends a meld (as _draw_if does with
    # _makes_meld, without a view); big gin whenever it can
    if phase is Phase.OFFER:
        assert upcard is not None  # an upcard is offered only where one is turned
        return actions[0] if _makes_meld(mask, upcard) else actions[1]
    if phase is Phase.DRAW:
        if len(actions) == 2 and top is not None and _makes_meld(mask, top):
            return actions[1]
        return actions[0]
    last = actions[-1]
    if last.kind is ActionKind.BIG_GIN:
        return last
    # the discard (a knock first, when one is legal) leaving the least deadwood, the
    # highest card among equals: _least_deadwood's choice. The cards that leave the least
    # deadwood of all are legal discards, unless the one such card is the card just
    # taken; and when a knock is legal, each of those is a legal knock too (its deadwood
    # is at most the knock's), so the choice is among them
    high = _HIGH_FIRST
    _, best = _best_discards(mask)
    knocks: list[tuple[tuple[int, int, int], Action]] = []
    discards: list[tuple[tuple[int, int, int], Action]] = []
    for action in actions:
        card = action.card
        if card is not None and best >> card.index & 1:
            (knocks if action.kind is ActionKind.KNOCK else discards).append(
                (high[card.index], action))
    if knocks or discards:
        return min(knocks or discards)[1]  # (no two cards have the same key)
    # the card just taken is the one best card: the least of every legal card's deadwood
    deadwoods = _discard_deadwoods(mask)
    for kind in (ActionKind.KNOCK, ActionKind.DISCARD):
        cards = {a.card.index: a for a in actions if a.kind is kind and a.card}
        if cards:
            return cards[min((d, high[i], i) for i, d in deadwoods if i in cards)[2]]
    raise AssertionError("a discard is always legal")  # pragma: no cover


@attrs.frozen
class KnockEstimate:
    """The figures a level weighed a knock (not gin) by, as its hint states them.

    ``deadwood`` is the knock's deadwood; ``undercut_risk`` the chance that the opponent
    undercuts it; ``knock_points`` the points the knock is expected to score (negative
    when the opponent scores them) and ``play_on_points`` those of playing on instead;
    when the level plays for the game (the view has the game's scores),
    ``knock_wins_game`` and ``play_on_wins_game`` are the chances of winning the game
    each way (else ``None``). ``samples`` is the number of opponent hands weighed, and
    ``opponent`` the model of the opponent the figures assume: ``"evidence"`` (the
    hands sampled by the evidence of the opponent's play alone, see
    :func:`~ginrules.players.determinize.inference_weights`) or a key of
    :data:`~ginrules.players.knock_models.KNOCK_MODELS` (the risk that level's model
    states, the hands weighed again to match it). The advanced level prices playing on
    as the chance of drawing gin times its worth, the expert by playing the hand out.

    >>> e = KnockEstimate(7, 0.25, 3.5, 1.0, None, None, 48, "expert")
    >>> e.undercut_risk, e.opponent
    (0.25, 'expert')
    """

    deadwood: int
    undercut_risk: float
    knock_points: float
    play_on_points: float
    knock_wins_game: float | None
    play_on_wins_game: float | None
    samples: int
    opponent: str

    def __attrs_post_init__(self) -> None:
        check_fields(self)


@attrs.frozen
class Hint:
    """A suggested action and a short reason, as :func:`hint` gives it; ``level`` names
    the computer level whose move it is (empty when none does), and ``knock`` holds the
    figures a knock (not gin) was weighed by, when one was.

    >>> from ginrules import Action
    >>> str(Hint(Action.parse("draw stock"), "9C does not help"))
    'draw stock: 9C does not help'
    >>> Hint(Action.parse("draw stock"), "9C does not help").knock is None
    True
    """

    action: Action
    reason: str
    level: str = ""
    knock: KnockEstimate | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"

