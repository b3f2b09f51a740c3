"""One hand of Gin Rummy as an immutable state, its legal actions, and how it ends.

Every transition is a pure function that returns a new :class:`HandState` and leaves the
old one untouched, so undo is keeping the old state. An illegal action raises
:class:`~ginrules.IllegalActionError` saying what and why.

>>> import ginrules
>>> from ginrules import hand
>>> state = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> state.phase, state.turn, str(state.upcard)
(<Phase.OFFER: 'offer'>, 1, 'TS')
>>> [str(a) for a in hand.legal_actions(state)]
['take', 'pass']
>>> state = hand.apply(state, "pass")
>>> state = hand.apply(state, "pass")
>>> [str(a) for a in hand.legal_actions(state)]
['draw stock']
>>> hand.apply(state, "draw discard")
Traceback (most recent call last):
...
ginrules.errors.IllegalActionError: cannot draw discard: both players passed the upcard, so player 1 draws from the stock
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from ginrules._chunked import Chunked
from ginrules._fields import check_fields
from ginrules.actions import (
    _BIG_GIN,
    _BIG_GIN_KIND,
    _DISCARD_KIND,
    _DISCARD_PHASE,
    _DISCARDS,
    _DRAW_DISCARD,
    _DRAW_DISCARD_KIND,
    _DRAW_PHASE,
    _DRAW_STOCK,
    _DRAW_STOCK_KIND,
    _HISTORY_ENTRIES,
    _KNOCK_KIND,
    _KNOCKS,
    _OFFER_PHASE,
    _OVER_PHASE,
    _PASS,
    _PASS_KIND,
    _SUIT_DISCARDS,
    _TAKE,
    _TAKE_KIND,
    Action,
    ActionKind,
    Phase,
)
from ginrules.cards import Card, CardsLike, Deck, cards_from_mask, parse_card, to_mask
from ginrules.errors import (
    GinRulesError,
    IllegalActionError,
    WrongTypeError,
    _type_name,
    _wrong_type,
)
from ginrules.knocking import (
    EndKind,
    HandResult,
    _as_melds,
    dead_result,
    knock_result,
    knocker_layout,
)
from ginrules.masks import (
    _best_discard_deadwood,
    _deadwood,
    _discard_deadwoods,
)
from ginrules.melds import Arrangement, Meld
from ginrules.rulesets import Opening, RuleSet

if TYPE_CHECKING:
    from ginrules.players.views import View

_ELEVEN_CARDS = Opening.ELEVEN_CARDS

__all__ = [
    "HandSetup",
    "HandState",
    "apply",
    "big_gin",
    "can_big_gin",
    "can_draw_discard",
    "can_knock",
    "can_take_upcard",
    "deal",
    "discard",
    "draw",
    "is_legal",
    "knock",
    "legal_actions",
    "pass_upcard",
    "take_upcard",
]


@attrs.frozen
class HandSetup:
    """What is fixed when a hand is dealt: the rules, the dealer, the deck and the knock
    limit in force (the rules' limit, or the upcard's value under Oklahoma).

    >>> import ginrules
    >>> setup = deal(ginrules.rules("oklahoma"), seed=7).setup
    >>> setup.dealer, str(setup.deck[20]), setup.knock_limit
    (0, 'TS', 10)
    """

    rules: RuleSet
    dealer: int
    deck: Deck
    knock_limit: int

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if self.dealer not in (0, 1):
            raise GinRulesError(f"a hand's dealer is player 0 or 1, not {self.dealer}")
        if self.knock_limit < 0:
            raise GinRulesError(f"a knock limit is 0 or more, not {self.knock_limit}")


@attrs.frozen(repr=False)
class HandState:
    """An immutable snapshot of one hand. Make one with :func:`deal`.

    Hands are kept as 52-bit card masks (:attr:`masks`); :meth:`cards` gives a player's cards.
    The stock is the rest of the dealt deck from position ``21 + stock_drawn``;
    :attr:`discard_pile` has its top card last. What never changes during the hand is
    shared by all its states in :attr:`setup`, and read as :attr:`rules`, :attr:`dealer`,
    :attr:`deck` and :attr:`knock_limit`.

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> s.dealer, s.turn, s.phase.value, s.knock_limit, s.is_over
    (0, 1, 'offer', 10, False)
    >>> str(s.upcard), str(s.top_discard), str(s.stock[0]), s.stock_size, len(s.deck)
    ('TS', 'TS', '9S', 31, 52)
    >>> len(s.cards(0)), s.rules == ginrules.rules("classic")
    (10, True)
    """

    # A new state is built on every action, and each field of a frozen attrs class costs a
    # setattr call in __init__: keeping the per-hand constants in one shared object makes
    # that construction (the largest cost of a random playout) about a quarter cheaper.
    setup: HandSetup
    masks: tuple[int, int]
    stock_drawn: int
    discard_pile: tuple[Card, ...]
    #: the mask of every card that has been face up in this hand: the upcard and every
    #: discard (what both players have seen; a view uses it to tell which cards the
    #: opponent is known to hold)
    public: int
    phase: Phase
    turn: int
    taken: Card | None
    #: every action so far as ``(player, action)``: a sequence that equals the tuple of
    #: them, grown in constant time (a hand of any length is replayed in linear time)
    actions: Chunked[tuple[int, Action]]
    turns: int = 0
    result: HandResult | None = None

    @property
    def rules(self) -> RuleSet:
        """The rules of the hand."""
        return self.setup.rules

    @property
    def dealer(self) -> int:
        """The player who dealt (the other one is offered the upcard first)."""
        return self.setup.dealer

    @property
    def deck(self) -> Deck:
        """The deck in dealing order."""
        return self.setup.deck

    @property
    def knock_limit(self) -> int:
        """The most deadwood a knocker may keep in this hand."""
        return self.setup.knock_limit

    @property
    def upcard(self) -> Card | None:
        """The first upcard of the hand (the card turned up after the deal); ``None`` under
        the ``eleven-cards`` opening, which turns no upcard (card 20 of the deck is the
        non-dealer's eleventh card there)."""
        if self.setup.rules.opening is _ELEVEN_CARDS:
            return None
        return self.deck[20]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return self.deck.cards[21 + self.stock_drawn :]

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return 31 - self.stock_drawn

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, or ``None`` if it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is _OVER_PHASE

    def cards(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` (0 or 1) holds, in canonical order.

        >>> import ginrules
        >>> s = deal(ginrules.rules("classic"), deck=ginrules.Deck.standard(), dealer=1)
        >>> ginrules.format_cards(s.cards(1))
        '2C 4C 6C 8C TC QC AD 3D 5D 7D'
        """
        return cards_from_mask(self.masks[_player(player)])

    def hand(self, player: int) -> tuple[Card, ...]:
        """Deprecated since 0.2.0: :meth:`cards` (a *hand* is the round, not the cards)."""
        warnings.warn("HandState.hand(player) is deprecated since 0.2.0: use HandState.cards(player)",
                      DeprecationWarning, stacklevel=2)
        return self.cards(player)

    # -- methods: thin delegates to the module functions (the fast path) ---------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action that may be applied now (see :func:`legal_actions`).

        >>> import ginrules
        >>> [str(a) for a in deal(ginrules.rules("classic"), seed=7).legal_actions()]
        ['take', 'pass']
        """
        return legal_actions(self)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` may be applied now (see :func:`is_legal`).

        >>> import ginrules
        >>> deal(ginrules.rules("classic"), seed=7).is_legal("draw stock")
        False
        """
        return is_legal(self, action)

    def check(self, action: Action | str, *, player: int | None = None) -> None:
        """Raise :class:`~ginrules.IllegalActionError` with the reason ``action`` may not be
        applied now (by ``player``, if given); return if it may.

        >>> import ginrules
        >>> deal(ginrules.rules("classic"), seed=7).check("draw stock")
        Traceback (most recent call last):
        ...
        ginrules.errors.IllegalActionError: cannot draw stock: player 1 must take or pass the upcard now
        """
        _check(self, action if type(action) is Action else Action.parse(action),
               None if player is None else _player(player))

    def apply(self, action: Action | str, *, player: int | None = None) -> HandState:
        """The state after ``action`` (see :func:`apply`); this state is unchanged.

        >>> import ginrules
        >>> s = deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> s.apply("pass").apply("pass").legal_actions()
        (Action.parse('draw stock'),)
        """
        return apply(self, action, player=player)

    def view(self, player: int) -> View:
        """What ``player`` may see of this hand (see :func:`ginrules.players.view`).

        >>> import ginrules
        >>> deal(ginrules.rules("classic"), seed=7, dealer=0).view(1).legal_actions
        (Action.parse('take'), Action.parse('pass'))
        """
        from ginrules.players.views import view  # an upward convenience, imported on use

        return view(self, player)

    # -- pictures ----------------------------------------------------------------------

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.hand(self)

    def __repr__(self) -> str:
        from ginrules.text import hand_state_repr

        return hand_state_repr(self)

    def __str__(self) -> str:
        from ginrules.text import hand_state_text

        return hand_state_text(self)


def _player(player: object) -> int:
    """``player`` if it is 0 or 1 (an int, not a bool); a GinRulesError if not (a
    WrongTypeError if it is no int)."""
    if type(player) is not int or player not in (0, 1):
        error = GinRulesError if type(player) is int else WrongTypeError
        raise error(f"there is no player {player!r}: players are 0 and 1")
    return player


def deal(
    rules: RuleSet,
    *,
    seed: int | None = None,
    dealer: int = 0,
    deck: Deck | CardsLike | None = None,
) -> HandState:
    """Deal a hand: 10 cards each, one at a time starting with the non-dealer, then the
    upcard; the other 31 cards are the stock. Under the ``eleven-cards`` opening
    (:class:`~ginrules.Opening`) the card that would be the upcard goes to the
    non-dealer, who starts with eleven cards and discards first.

    Give either ``seed`` (the deck is :meth:`Deck.shuffled(seed) <ginrules.Deck.shuffled>`)
    or ``deck`` (its order is the order of dealing: card 0 to the non-dealer, card 1 to the
    dealer, ..., card 20 is the upcard (the non-dealer's eleventh card under the
    ``eleven-cards`` opening), card 21 is the top of the stock).

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), deck=ginrules.Deck.standard(), dealer=1)
    >>> ginrules.format_cards(s.cards(0))
    'AC 3C 5C 7C 9C JC KC 2D 4D 6D'
    >>> str(s.upcard), str(s.stock[0]), s.stock_size
    ('8D', '9D', 31)
    >>> s = deal(ginrules.rules("rlcard"), deck=ginrules.Deck.standard(), dealer=1)
    >>> ginrules.format_cards(s.cards(0)), s.upcard, s.discard_pile
    ('AC 3C 5C 7C 9C JC KC 2D 4D 6D 8D', None, ())
    >>> s.phase.value, s.turn, s.stock_size
    ('discard', 0, 31)
    """
    if not isinstance(rules, RuleSet):
        raise WrongTypeError(
            f"rules must be a RuleSet (see ginrules.rules), not {_type_name(rules)}")
    if type(dealer) is not int or dealer not in (0, 1):
        error = GinRulesError if type(dealer) is int else WrongTypeError
        raise error(f"dealer must be player 0 or 1, not {dealer!r}")
    if deck is not None and not isinstance(deck, (Deck, str, Card, Iterable)):
        raise _wrong_type("deal", "a Deck (see ginrules.Deck), or its 52 cards, as deck",
                          deck)
    if (seed is None) == (deck is None):
        raise GinRulesError("deal needs exactly one of seed= or deck=")
    if deck is None:
        assert seed is not None
        the_deck = Deck.shuffled(seed)
    elif isinstance(deck, Deck):
        the_deck = deck
    else:
        the_deck = Deck(deck)
    cards = the_deck.cards
    upcard = cards[20]
    eleven = rules.opening is _ELEVEN_CARDS
    # under the eleven-cards opening the card that would be turned up is the non-dealer's
    first = to_mask(cards[0:20:2]) | (1 << upcard.index if eleven else 0)
    second = to_mask(cards[1:20:2])
    non_dealer = 1 - dealer
    masks = (first, second) if non_dealer == 0 else (second, first)
    return HandState(
        setup=HandSetup(
            rules=rules, dealer=dealer, deck=the_deck,
            knock_limit=rules.knock_limit_for(None if eleven else upcard),
        ),
        masks=masks,
        stock_drawn=0,
        discard_pile=() if eleven else (upcard,),
        public=0 if eleven else 1 << upcard.index,
        phase=Phase.DISCARD if eleven else Phase.OFFER,
        turn=non_dealer,
        taken=None,
        actions=Chunked.EMPTY,
    )


# -- legality -------------------------------------------------------------------------


def _illegal(state: HandState, action: Action, why: str) -> IllegalActionError:
    return IllegalActionError(
        f"cannot {action}: {why}",
        action=action, phase=state.phase.value, player=state.turn, reason=why,
    )


# "Both players passed the upcard" is, in the draw phase, ``state.turns == 0``: that phase
# is reached by a discard (which counts a turn) or by both passing. It is asked on every
# draw, so it is read from the turn count rather than from the history.


_WHAT = {Phase.OFFER: "take or pass the upcard", Phase.DRAW: "draw",
         Phase.DISCARD: "discard"}


def _wrong_moment(state: HandState, action: Action, player: int | None) -> GinRulesError:
    """Why ``action`` cannot be played at all now (the hand is over, it is not ``player``'s
    turn, or the action belongs to another phase); a ``player`` that is no int is a
    WrongTypeError."""
    if player is not None and type(player) is not int:
        return WrongTypeError(f"player must be 0 or 1 (or None), not {player!r}")
    phase = state.phase
    if phase is Phase.OVER:
        return _illegal(state, action, "the hand is over")
    if action.phase is _OFFER_PHASE and state.setup.rules.opening is _ELEVEN_CARDS:
        return _illegal(state, action, "these rules turn no upcard (the 'eleven-cards' "
                        "opening: the non-dealer is dealt eleven cards and discards first)")
    if player is not None and player != state.turn:
        return _illegal(state, action, f"it is player {state.turn}'s turn to {_WHAT[phase]}")
    return _illegal(state, action, f"player {state.turn} must {_WHAT[phase]} now")


def _not_a_hand_state(function: str, value: object) -> WrongTypeError:
    """The error for a function of a hand given something else (a game, most often)."""
    kind = _type_name(value)
    if kind == "GameState":
        if function in ("apply", "is_legal", "legal_actions"):  # a game has these too
            return WrongTypeError(f"{function} takes a HandState, not a GameState: call "
                                  f"game.{function}() (or pass game.hand)")
        return WrongTypeError(f"{function} takes a HandState, not a GameState: pass "
                              "game.hand (a game moves on by game.apply(action))")
    return WrongTypeError(f"{function} takes a HandState (see ginrules.deal), not {kind}")


def _check(state: HandState, action: Action, player: int | None) -> None:
    """Raise the reason ``action`` is illegal in ``state``, or return if it is legal."""
    # One test covers "the hand is over" too: no action belongs to the OVER phase.
    if action.phase is not state.phase or (player is not None and player != state.turn):
        raise _wrong_moment(state, action, player)
    kind = action.kind
    card = action.card
    if card is not None:  # discard or knock
        me = state.turn
        mask = state.masks[me]
        if not mask >> card.index & 1:
            raise _illegal(state, action, f"{card} is not in player {me}'s hand")
        taken = state.taken
        # Compare indices: Card equality is a Python-level method, and this runs per discard.
        if (
            taken is not None
            and card.index == taken.index
            and not state.setup.rules.may_discard_taken_card
        ):
            raise _illegal(state, action, f"{card} was just taken from the discard pile")
        if kind is _KNOCK_KIND:
            left = _deadwood(mask & ~card.mask)
            if left > state.setup.knock_limit:
                limit = (
                    "gin only (knock limit 0)"
                    if state.knock_limit == 0
                    else f"the knock limit {state.knock_limit}"
                )
                raise _illegal(state, action, f"deadwood {left} is over {limit}")
    elif kind is _DRAW_DISCARD_KIND:
        if state.turns == 0:  # both players passed the upcard (see above)
            raise _illegal(
                state, action,
                f"both players passed the upcard, so player {state.turn} draws from the stock",
            )
        if not state.discard_pile:
            raise _illegal(state, action, "the discard pile is empty")
    elif kind is _DRAW_STOCK_KIND:
        if state.stock_drawn >= 31:
            raise _illegal(state, action, "the stock is empty")
    elif kind is _BIG_GIN_KIND:
        if state.rules.big_gin_bonus is None:
            raise _illegal(state, action, "these rules do not offer big gin")
        left = _deadwood(state.masks[state.turn])
        if left:
            raise _illegal(state, action, f"the 11 cards leave deadwood {left}, not 0")


def is_legal(state: HandState, action: Action | str) -> bool:
    """Whether ``action`` may be applied to ``state`` now.

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), seed=7)
    >>> is_legal(s, "take"), is_legal(s, "draw stock")
    (True, False)
    """
    try:
        _check(state, action if type(action) is Action else Action.parse(action), None)
    except IllegalActionError:
        return False
    except AttributeError:
        if type(state) is not HandState:
            raise _not_a_hand_state("is_legal", state) from None
        raise
    return True


def can_apply(state: HandState, action: Action | str) -> bool:
    """Deprecated since 0.2.0: the same as :func:`is_legal`, which it calls.

    >>> import ginrules, warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     can_apply(deal(ginrules.rules("classic"), seed=7), "take")
    True
    """
    warnings.warn("ginrules.hand.can_apply is deprecated since 0.2.0: use is_legal (or state.is_legal)",
                  DeprecationWarning, stacklevel=2)
    return is_legal(state, action)


def can_take_upcard(state: HandState) -> bool:
    """Whether the player to move may take the first upcard now.

    >>> import ginrules
    >>> can_take_upcard(deal(ginrules.rules("classic"), seed=7))
    True
    """
    return is_legal(state, _TAKE)


def can_draw_discard(state: HandState) -> bool:
    """Whether the player to move may draw the top card of the discard pile now (not after
    both players passed the upcard).

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), seed=7)
    >>> can_draw_discard(apply(apply(s, "pass"), "pass"))
    False
    """
    return is_legal(state, _DRAW_DISCARD)


def can_knock(state: HandState, card: Card | str | None = None) -> bool:
    """Whether the player to move may knock now: by discarding ``card``, or with any card
    when ``card`` is None.

    >>> import ginrules
    >>> can_knock(deal(ginrules.rules("classic"), seed=7))
    False
    """
    if card is None:
        return any(a.kind is ActionKind.KNOCK for a in legal_actions(state))
    c = card if isinstance(card, Card) else parse_card(card)
    return is_legal(state, _KNOCKS[c.index])


def can_big_gin(state: HandState) -> bool:
    """Whether the player to move may declare big gin now.

    >>> import ginrules
    >>> can_big_gin(deal(ginrules.rules("classic"), seed=7))
    False
    """
    return is_legal(state, _BIG_GIN)

_CLUB_DISCARDS, _DIAMOND_DISCARDS, _HEART_DISCARDS, _SPADE_DISCARDS = _SUIT_DISCARDS
_DRAW_BOTH = (_DRAW_STOCK, _DRAW_DISCARD)
_DRAW_STOCK_ONLY = (_DRAW_STOCK,)
_OFFER = (_TAKE, _PASS)


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """Every action that may be applied now, in a fixed order: take, pass; draw stock,
    draw discard; the discards, then the knocks (each in canonical card order), then big
    gin. Empty once the hand is over.

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), seed=7)
    >>> legal_actions(s)
    (Action.parse('take'), Action.parse('pass'))
    """
    if type(state) is not HandState:
        raise _not_a_hand_state("legal_actions", state)
    phase = state.phase
    if phase is _DISCARD_PHASE:
        full = state.masks[state.turn]
        taken = state.taken
        setup = state.setup
        banned = 0
        if taken is not None and not setup.rules.may_discard_taken_card:
            banned = 1 << taken.index
        m = full & ~banned
        # The discards of each suit's cards are made once per 13-bit suit mask (cached), so
        # a hand's discards are four lookups and a tuple concatenation.
        discards = (
            _CLUB_DISCARDS[m & 0x1FFF]
            + _DIAMOND_DISCARDS[(m >> 13) & 0x1FFF]
            + _HEART_DISCARDS[(m >> 26) & 0x1FFF]
            + _SPADE_DISCARDS[m >> 39]
        )
        limit = setup.knock_limit
        if _best_discard_deadwood(full) > limit:
            return discards  # the usual case: no knock is possible
        knocks = [
            _KNOCKS[index]
            for index, left in _discard_deadwoods(full)
            if left <= limit and not banned >> index & 1
        ]
        if setup.rules.big_gin_bonus is not None and _deadwood(full) == 0:
            knocks.append(_BIG_GIN)
        return (*discards, *knocks)
    if phase is _DRAW_PHASE:
        # Both passed the upcard (see _check); a discard always leaves a card on the pile.
        if state.turns == 0 or not state.discard_pile:
            return _DRAW_STOCK_ONLY
        return _DRAW_BOTH
    if phase is _OFFER_PHASE:
        return _OFFER
    return ()


# -- transitions ----------------------------------------------------------------------


def apply(state: HandState, action: Action | str, *, player: int | None = None) -> HandState:
    """Apply an action (an :class:`Action` or its text) for the player to move.

    Give ``player`` to have it checked that it is that player's turn (as a record
    replayer does). Returns the new state; ``state`` is unchanged.

    >>> import ginrules
    >>> s = deal(ginrules.rules("classic"), seed=7)
    >>> apply(s, "pass", player=0)
    Traceback (most recent call last):
    ...
    ginrules.errors.IllegalActionError: cannot pass: it is player 1's turn to take or pass the upcard
    """
    if type(state) is not HandState:
        raise _not_a_hand_state("apply", state)
    act = action if type(action) is Action else Action.parse(action)
    _check(state, act, player)
    return _apply_checked(state, act)


def _apply_checked(state: HandState, action: Action) -> HandState:
    # This is the hot path of every simulation, so:
    # * states are built with the constructor, positionally, rather than attrs.evolve,
    #   which costs several times more;
    # * the kinds are tested in order of frequency (discard, then the two draws);
    # * a card's bit is ``1 << card.index`` (as fast as the Card.mask slot), and a discard
    #   clears its bit with ``^`` (it was checked to be in the hand).
    kind = action.kind
    me = state.turn
    setup = state.setup
    # The history grows in constant time (a chunked sequence): copying a tuple of every
    # action made a hand of n actions cost n**2 / 2 copies.
    history = state.actions.plus(_HISTORY_ENTRIES[me][action._index])
    masks = state.masks
    if kind is _DISCARD_KIND:
        card = action.card
        assert card is not None
        bit = 1 << card.index
        masks = (masks[0] ^ bit, masks[1]) if me == 0 else (masks[0], masks[1] ^ bit)
        pile = state.discard_pile + (card,)  # noqa: RUF005 (as for the history)
        rules, drawn, turns = setup.rules, state.stock_drawn, state.turns + 1
        public = state.public | bit
        if 31 - drawn <= rules.dead_hand_stock or (
            rules.max_turns is not None and turns >= rules.max_turns
        ):
            return _finish_dead(
                HandState(setup, masks, drawn, pile, public, _DISCARD_PHASE, me, None,
                          state.actions, turns),
                history,
            )
        return HandState(setup, masks, drawn, pile, public, _DRAW_PHASE, 1 - me, None, history,
                         turns)
    if kind is _DRAW_STOCK_KIND:
        drawn = state.stock_drawn
        bit = 1 << setup.deck.cards[21 + drawn].index
        masks = (masks[0] | bit, masks[1]) if me == 0 else (masks[0], masks[1] | bit)
        return HandState(setup, masks, drawn + 1, state.discard_pile, state.public,
                         _DISCARD_PHASE, me, None, history, state.turns)
    if kind is _DRAW_DISCARD_KIND or kind is _TAKE_KIND:
        pile = state.discard_pile
        card = pile[-1]
        bit = 1 << card.index
        masks = (masks[0] | bit, masks[1]) if me == 0 else (masks[0], masks[1] | bit)
        return HandState(setup, masks, state.stock_drawn, pile[:-1], state.public,
                         _DISCARD_PHASE, me, card, history, state.turns)
    if kind is _PASS_KIND:
        dealer = setup.dealer
        # The non-dealer passes to the dealer; the dealer passing sends the non-dealer to draw.
        phase, turn = (_OFFER_PHASE, dealer) if me != dealer else (_DRAW_PHASE, 1 - me)
        return HandState(setup, masks, state.stock_drawn, state.discard_pile, state.public,
                         phase, turn, None, history, state.turns)
    if kind is _BIG_GIN_KIND:
        return _finish_knock(state, history, None, EndKind.BIG_GIN)
    # A knock: discard, then end the hand.
    card = action.card
    assert card is not None
    after = HandState(setup, _with(masks, me, masks[me] ^ card.mask), state.stock_drawn,
                      (*state.discard_pile, card), state.public | card.mask, _DISCARD_PHASE, me,
                      None, state.actions, state.turns)
    return _finish_knock(after, history, None, None)


def _with(masks: tuple[int, int], player: int, mask: int) -> tuple[int, int]:
    return (mask, masks[1]) if player == 0 else (masks[0], mask)


# -- the verbs: one function per kind of action, each the same as ``state.apply`` -------
# (also at the top level: ``ginrules.draw(state)`` is ``state.apply("draw stock")``)


def _verb(function: str, state: object, action: Action) -> HandState:
    """``state`` after ``action``, as :func:`apply` makes it; a state that is no HandState
    is refused in the name of the verb."""
    if type(state) is not HandState:
        raise _not_a_hand_state(function, state)
    _check(state, action, None)
    return _apply_checked(state, action)


def take_upcard(state: HandState) -> HandState:
    """The player offered the first upcard takes it (then discards or knocks): the same as
    ``state.apply("take")``.

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7)
    >>> after = ginrules.take_upcard(state)
    >>> after.phase.value, str(after.taken), after == state.apply("take")
    ('discard', 'TS', True)
    """
    return _verb("take_upcard", state, _TAKE)


def pass_upcard(state: HandState) -> HandState:
    """The player offered the first upcard passes: the same as ``state.apply("pass")``.

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> after = ginrules.pass_upcard(state)
    >>> after.phase.value, after.turn, after == state.apply("pass")
    ('offer', 0, True)
    """
    return _verb("pass_upcard", state, _PASS)


def draw(state: HandState, source: str = "stock") -> HandState:
    """Draw the top card of the ``"stock"`` (the default) or of the ``"discard"`` pile: the
    same as ``state.apply("draw stock")`` or ``state.apply("draw discard")``, with the
    same refusals.

    >>> import ginrules
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> state = ginrules.pass_upcard(ginrules.pass_upcard(state))
    >>> after = ginrules.draw(state)
    >>> after.phase.value, after.stock_size, after == state.apply("draw stock")
    ('discard', 30, True)
    >>> ginrules.draw(state, "discard")
    Traceback (most recent call last):
    ...
    ginrules.errors.IllegalActionError: cannot draw discard: both players passed the upcard, so player 1 draws from the stock
    >>> ginrules.draw(state, "deck")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: draw from 'stock' or 'discard', not 'deck'
    """
    if source not in ("stock", "discard"):
        error = GinRulesError if isinstance(source, str) else WrongTypeError
        raise error(f"draw from 'stock' or 'discard', not {source!r}")
    return _verb("draw", state, _DRAW_STOCK if source == "stock" else _DRAW_DISCARD)


def discard(state: HandState, card: Card | str) -> HandState:
    """Discard ``card`` without knocking: the same as ``state.apply("discard 7C")`` for
    ``card`` 7C, with the same refusals.

    >>> import ginrules
    >>> state = ginrules.take_upcard(ginrules.deal(ginrules.rules("classic"), seed=7))
    >>> after = ginrules.discard(state, "7C")
    >>> after.phase.value, str(after.top_discard), after == state.apply("discard 7C")
    ('draw', '7C', True)
    >>> ginrules.discard(state, "AS")
    Traceback (most recent call last):
    ...
    ginrules.errors.IllegalActionError: cannot discard AS: AS is not in player 1's hand
    """
    if type(state) is not HandState:
        raise _not_a_hand_state("discard", state)
    c = card if isinstance(card, Card) else parse_card(card)
    return _verb("discard", state, _DISCARDS[c.index])


def knock(
    state: HandState, card: Card | str, melds: Iterable[Meld | CardsLike] | None = None
) -> HandState:
    """Discard ``card`` and end the hand (gin if no deadwood is left): without ``melds``,
    the same as ``state.apply("knock KH")`` for ``card`` KH, with the same refusals.

    Given ``melds`` are checked: real melds, from the knocker's ten cards, deadwood within
    the limit. Under rules with ``auto_layout`` (the German page, the Polish site: hands
    are always laid out for the least deadwood) stated melds are checked but not used:
    the hand is laid out for the knocker's best (least deadwood; among equals, the
    arrangement that leaves the defender the most deadwood). Elsewhere the knocker lays
    out its own hand: the melds given are used, and without them the knocker's choice is
    made from what the knocker knows (:func:`ginrules.knocking.knocker_layout`), never from
    the defender's cards.

    >>> import ginrules
    >>> deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
    ...                             "KH JC TS")
    >>> deck += tuple(c for c in ginrules.CARDS if c not in deck)
    >>> state = ginrules.take_upcard(ginrules.deal(ginrules.rules("dutch"), deck=deck,
    ...                                            dealer=1))
    >>> end = ginrules.knock(state, "KH", ["AS 2S 3S 4S 5S", "6S 7S 8S 9S TS"])
    >>> end.result.kind.value, [str(m) for m in end.result.knocker_melds]
    ('gin', ['AS 2S 3S 4S 5S', '6S 7S 8S 9S TS'])
    >>> ginrules.knock(state, "KH") == state.apply("knock KH")
    True
    >>> state = ginrules.take_upcard(ginrules.deal(ginrules.rules("classic"), deck=deck,
    ...                                            dealer=1))
    >>> end = ginrules.knock(state, "KH", ["AS 2S 3S 4S 5S", "6S 7S 8S 9S TS"])
    >>> [str(m) for m in end.result.knocker_melds]
    ['AS 2S 3S 4S 5S 6S 7S 8S 9S TS']
    >>> ginrules.knock(state, "2H")
    Traceback (most recent call last):
    ...
    ginrules.errors.IllegalActionError: cannot knock 2H: 2H is not in player 0's hand
    """
    if type(state) is not HandState:
        raise _not_a_hand_state("knock", state)
    c = card if isinstance(card, Card) else parse_card(card)
    action = _KNOCKS[c.index]
    _check(state, action, None)
    if melds is None:
        return _apply_checked(state, action)
    arrangement = _stated_arrangement(state, c, melds, action)
    if state.rules.auto_layout:  # checked, but the hand is laid out for the least deadwood
        return _apply_checked(state, action)
    me = state.turn
    history = state.actions.plus(_HISTORY_ENTRIES[me][action._index])
    after = attrs.evolve(
        state,
        masks=_with(state.masks, me, state.masks[me] & ~c.mask),
        discard_pile=(*state.discard_pile, c),
        public=state.public | c.mask,
    )
    return _finish_knock(after, history, arrangement, None)


def _stated_arrangement(state: HandState, c: Card, melds: Iterable[Meld | CardsLike],
                        action: Action) -> Arrangement:
    """The knocker's stated melds as an arrangement, checked: real melds, of the knocker's
    ten cards, no card twice, deadwood within the limit."""
    me = state.turn
    shown = _as_melds(melds, "knock")
    rest = state.masks[me] & ~c.mask
    used = 0
    for meld in shown:
        if meld.mask & ~rest:
            missing = cards_from_mask(meld.mask & ~rest)[0]
            raise _illegal(state, action, f"meld {meld} uses {missing}, which is not in "
                           f"player {me}'s ten cards")
        if meld.mask & used:
            raise _illegal(state, action, f"meld {meld} shares a card with another meld")
        used |= meld.mask
    dead = sum(card.points for card in cards_from_mask(rest & ~used))
    if dead > state.knock_limit:
        raise _illegal(state, action, f"the melds given leave deadwood {dead}, over the "
                       f"knock limit {state.knock_limit}")
    return Arrangement(
        tuple(sorted(shown, key=lambda m: (m.cards[0].rank, m.cards[0].suit))),
        cards_from_mask(rest & ~used),
        dead,
    )



def big_gin(state: HandState) -> HandState:
    """Declare big gin: all eleven cards held form melds (when the rules offer it); the
    same as ``state.apply("big gin")``.

    >>> import ginrules
    >>> deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
    ...                             "TS JC JS")
    >>> deck += tuple(c for c in ginrules.CARDS if c not in deck)
    >>> state = ginrules.take_upcard(ginrules.deal(ginrules.rules("classic"), deck=deck,
    ...                                            dealer=1))
    >>> after = ginrules.big_gin(state)
    >>> after.result.kind.value, after == state.apply("big gin")
    ('big gin', True)
    """
    return _verb("big_gin", state, _BIG_GIN)



# -- ending a hand --------------------------------------------------------------------


def _finish_knock(
    state: HandState,
    history: Chunked[tuple[int, Action]],
    given: Arrangement | None,
    kind: EndKind | None,
) -> HandState:
    me = state.turn
    if given is None and kind is None and not state.rules.auto_layout:
        given = knocker_layout(state.masks[me], discard_pile=state.discard_pile)
    result = knock_result(
        state.masks[me], state.masks[1 - me], knocker=me, dealer=state.dealer,
        upcard=state.upcard, knock_limit=state.knock_limit, kind=kind,
        knocker_arrangement=given,
    )
    return attrs.evolve(
        state, phase=Phase.OVER, taken=None, actions=history, result=result,
        turns=state.turns + 1,
    )


def _finish_dead(state: HandState, history: Chunked[tuple[int, Action]]) -> HandState:
    result = dead_result(dealer=state.dealer, upcard=state.upcard, knock_limit=state.knock_limit)
    return attrs.evolve(state, phase=Phase.OVER, taken=None, actions=history, result=result)
