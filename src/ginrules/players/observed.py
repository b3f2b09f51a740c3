"""One player's information set built from what it observes, for a program that runs its
own game: :class:`InformationSet`.

The computer players decide from a :class:`~ginrules.players.View`, and a view usually
comes from a ginrules :class:`~ginrules.HandState`. A game server that runs its own game
(a Node.js or Unity server, a Java tournament, another engine) knows only what its
player saw. It starts an :class:`InformationSet` from the deal (the player's ten cards,
the upcard, the dealer) and reports every action of both players in order; the
information set checks each against the rules and what the player saw, and gives the
player's view at any point, equal to the view of the real hand.

>>> import ginrules
>>> from ginrules.players import InformationSet, view
>>> real = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> info = InformationSet.start(real.rules, 1, 0, real.cards(1), real.upcard)
>>> info.view() == view(real, 1)
True
>>> real = real.apply("pass").apply("pass").apply("draw stock")
>>> info = info.observe(1, "draw stock", real.view(1).drawn)
>>> [f"player {p} {a}" for p, a in info.derived]
['player 1 pass', 'player 0 pass']
>>> info.view() == view(real, 1)
True

How it works: it holds a whole hand state whose hidden cards (the opponent's unseen
cards and the stock) are a *completion*, the unseen cards in a canonical order. When the
opponent discards an unseen card, or the player draws one, that card is swapped into the
right place of the completion: the swapped cards are both unseen, so no view the player
had changes, and the state is the one the swapped deck would have dealt, the same actions
played (only the two cards move: each event costs the same, however long the hand). The view never shows a hidden card (it holds
the opponent's cards only where they were face up), so it is the view of the real hand:
the tests check it equal, move by move, over random hands under every preset.

After a knock (or big gin) the view is the real one but for ``result``, which needs the
opponent's cards: it is ``None`` until :meth:`InformationSet.reveal` is given the
opponent's cards at the end of the hand, and from then on the view equals the real one
(both arrangements and the layoffs are recomputed by the rules; the knocker's melds are
the ones reported with the knock, or the rules' own choice when none were reported). A
dead hand needs no hidden card: its result is there at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from ginrules.actions import _BY_TEXT as _ACTION_BY_TEXT
from ginrules.actions import _DISCARDS, Action, ActionKind, Phase
from ginrules.cards import (
    _CARD_BY_TEXT,
    CARDS,
    Card,
    CardsLike,
    Deck,
    cards_from_mask,
    format_cards,
    to_mask,
)
from ginrules.errors import GinRulesError, IllegalActionError, WrongTypeError, _wrong_type
from ginrules.hand import HandSetup, HandState, _apply_checked, deal, knock
from ginrules.hand import _check as _check_action
from ginrules.knocking import Layoff, _as_melds, knocker_layout, lay_off
from ginrules.melds import Arrangement, Meld, arrangement_of_mask
from ginrules.players.views import View, _drawn_cards, _view, view
from ginrules.rulesets import Opening, RuleSet

__all__ = ["InformationSet"]

_ALL = (1 << 52) - 1
_PASS = Action.parse("pass")


def _as_action(action: Action | str, where: str) -> Action:
    if type(action) is Action:
        return action
    if not isinstance(action, str):
        raise _wrong_type(where, "an Action or its text (like 'discard 7H')", action)
    return Action.parse(action)


def _as_card(card: Card | str | None, where: str) -> Card | None:
    if card is None or type(card) is Card:
        return card
    if not isinstance(card, str):
        raise _wrong_type(where, "a Card or its text (like '7H')", card)
    return Card.parse(card)


def _mask(cards: object, where: str) -> int:
    """The mask of ``cards`` (a string of cards, a Card, or an iterable of them)."""
    if isinstance(cards, (int, bytes)) or not isinstance(cards, (str, Card, Iterable)):
        raise _wrong_type(where, "cards: a string of cards, a Card, or a list of them",
                          cards)
    return to_mask(cards)


def _seat(value: object, what: str) -> int:
    if type(value) is not int or value not in (0, 1):
        error = GinRulesError if type(value) is int else WrongTypeError
        raise error(f"{what} must be player 0 or 1, not {value!r}")
    return value


def _swapped(deck: Deck, a: Card, b: Card) -> Deck:
    """``deck`` with cards ``a`` and ``b`` changing places."""
    cards = list(deck.cards)
    places = [c.index for c in cards]  # (found by int: a Card's == is Python code)
    i, j = places.index(a.index), places.index(b.index)
    cards[i], cards[j] = cards[j], cards[i]
    # (a deck's 52 cards in another order: not checked again, which costs more than the
    # rest of an event)
    deck = object.__new__(Deck)
    object.__setattr__(deck, "cards", tuple(cards))
    return deck


def _with_swap(state: HandState, a: Card, b: Card) -> HandState:
    """``state`` as if dealt from its deck with the cards ``a`` and ``b`` changing places,
    the same actions played: both cards unseen by the observing player (neither played nor
    face up), so only the deck and whose hand (or the stock) holds them change, in
    constant time (replaying the hand would give the same state, in time that grows with
    it)."""
    masks = list(state.masks)
    both = a.mask | b.mask
    for p in (0, 1):
        held = masks[p] & both
        if held and held != both:  # one of them in this hand: the other takes its place
            masks[p] ^= both
    setup = state.setup
    setup = HandSetup(setup.rules, setup.dealer, _swapped(setup.deck, a, b),
                      setup.knock_limit)
    return HandState(setup=setup, masks=(masks[0], masks[1]),
                     stock_drawn=state.stock_drawn, discard_pile=state.discard_pile,
                     public=state.public, phase=state.phase, turn=state.turn,
                     taken=state.taken, actions=state.actions, turns=state.turns,
                     result=state.result)


def _scores(value: object) -> tuple[int, int] | None:
    """``value`` checked as both players' game totals (or ``None``)."""
    if value is None:
        return None
    if type(value) is not tuple:
        raise _wrong_type("InformationSet", "scores: a pair of game totals (ints >= 0) "
                          "or None", value)
    if len(value) != 2 or any(type(x) is not int or x < 0 for x in value):
        raise GinRulesError(f"scores are a pair of game totals (ints >= 0), not {value!r}")
    return value[0], value[1]


def _check(what: str, test: Callable[[object], bool]
           ) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a WrongTypeError saying ``what`` the field takes."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not test(value):
            raise _wrong_type("InformationSet", f"{attribute.alias}: {what}", value)

    return check


def _seat_field(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    _seat(value, attribute.name)


def _scores_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _scores(value)


@attrs.frozen
class _Ending:
    """A knock or big gin observed: who, the action, the melds shown (if reported)."""

    player: int
    action: Action
    melds: tuple[Meld, ...] | None


@attrs.frozen(repr=False)
class InformationSet:
    """What one player has observed of a hand, checked against the rules: make one with
    :meth:`start`, add each action with :meth:`observe`, read :meth:`view`.

    Values are immutable: :meth:`observe` returns a new information set and leaves this
    one as it was (an event that is refused changes nothing). ``derived`` holds the
    actions the last :meth:`observe` inferred before the one it was given (the passes of
    the upcard a client need not report).

    >>> import ginrules
    >>> info = InformationSet.start(ginrules.rules("classic"), 0, 1,
    ...     "2C 3C 4C 9D TD JD 5H 6H KS QS", "7C")
    >>> info = info.observe(1, "take")
    >>> [f"player {p} {a}" for p, a in info.derived], [str(c) for c in info.view().opponent_known]
    (['player 0 pass'], ['7C'])
    >>> info.observe(1, "discard 3C")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: event 3 (player 1 discard 3C): player 1 cannot hold 3C: it is player 0's card
    """

    player: int = attrs.field(validator=_seat_field)
    scores: tuple[int, int] | None = attrs.field(validator=_scores_field)
    dealt: tuple[Card, ...] = attrs.field(validator=_check(
        "the ten (or eleven) dealt cards as a tuple of Card", lambda v: type(v) is tuple
        and len(v) in (10, 11) and all(type(c) is Card for c in v)))
    #: the completion: the real hand's actions on a deck whose unseen cards are placed
    #: so that every observed action is legal (never shown: see :meth:`view`)
    _state: HandState = attrs.field(validator=_check(
        "a HandState", lambda v: type(v) is HandState))
    _ending: _Ending | None = attrs.field(default=None, validator=_check(
        "None or the ending observed", lambda v: v is None or type(v) is _Ending))
    _revealed: HandState | None = attrs.field(default=None, validator=_check(
        "None or a HandState", lambda v: v is None or type(v) is HandState))
    derived: tuple[tuple[int, Action], ...] = attrs.field(default=(), validator=_check(
        "a tuple of (player, Action)", lambda v: type(v) is tuple and all(
            type(x) is tuple and len(x) == 2 and type(x[1]) is Action for x in v)))
    #: the cards the player drew from the stock, in order (kept as they come, so that a
    #: view costs the same however long the hand; by default, those of the state)
    _drawn: tuple[Card, ...] = attrs.field(
        default=attrs.Factory(lambda self: _drawn_cards(self._state, self.player),
                              takes_self=True),
        validator=_check("a tuple of Card", lambda v: type(v) is tuple
                         and all(type(c) is Card for c in v)))

    @classmethod
    def start(cls, rules: RuleSet, player: int, dealer: int, cards: CardsLike,
              upcard: Card | str | None, scores: tuple[int, int] | None = None
              ) -> InformationSet:
        """The information set of ``player`` (0 or 1) at the deal: the ten ``cards`` it was
        dealt, the ``upcard``, the ``dealer``, and (in a game) both players' game totals.
        Under the ``eleven-cards`` opening the non-dealer is dealt eleven cards and the
        upcard is ``None`` (none is turned).

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("oklahoma"), seed=3, dealer=1)
        >>> InformationSet.start(s.rules, 0, 1, s.cards(0), s.upcard).view() == s.view(0)
        True
        >>> InformationSet.start(s.rules, 0, 1, s.cards(0)[:9], s.upcard)
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: a player is dealt 10 cards, not 9
        >>> s = ginrules.deal(ginrules.rules("rlcard"), seed=3, dealer=1)
        >>> InformationSet.start(s.rules, 0, 1, s.cards(0), None).view() == s.view(0)
        True
        >>> InformationSet.start(s.rules, 0, 1, s.cards(0), "KS")
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: the 'eleven-cards' opening turns no upcard: give None, not KS
        """
        if not isinstance(rules, RuleSet):
            raise _wrong_type("InformationSet.start", "a RuleSet (see ginrules.rules)", rules)
        me = _seat(player, "player")
        dealer = _seat(dealer, "dealer")
        mine = _mask(cards, "InformationSet.start")
        non_dealer = 1 - dealer
        eleven = rules.opening is Opening.ELEVEN_CARDS
        size = 11 if eleven and me == non_dealer else 10
        if mine.bit_count() != size:
            raise GinRulesError(f"a player is dealt {size} cards, not {mine.bit_count()}"
                                + (" (the 'eleven-cards' opening deals the non-dealer "
                                   "eleven, the dealer ten)" if eleven else ""))
        up = _as_card(upcard, "InformationSet.start")
        if eleven and up is not None:
            raise GinRulesError(f"the 'eleven-cards' opening turns no upcard: give None, "
                                f"not {up}")
        if up is None and not eleven:
            raise _wrong_type("InformationSet.start", "the upcard: a Card or its text", up)
        if up is not None and mine >> up.index & 1:
            raise GinRulesError(f"the upcard {up} is also one of the player's cards")
        scores = _scores(scores)
        rest = iter(cards_from_mask(_ALL & ~mine & ~(0 if up is None else up.mask)))
        own = iter(cards_from_mask(mine))
        order = [next(own) if (i % 2 == 0) == (me == non_dealer) else next(rest)
                 for i in range(20)]
        # card 20: the upcard, or the non-dealer's eleventh card (eleven-cards opening)
        twentieth = up if up is not None else next(own) if me == non_dealer else next(rest)
        deck = Deck((*order, twentieth, *rest))  # (a tuple: checked at C speed)
        state = deal(rules, deck=deck, dealer=dealer)
        return cls(me, scores, cards_from_mask(mine), state)

    # -- what the player sees ------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules of the hand."""
        return self._state.rules

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action observed or derived so far, as ``(player, action)``.

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> info = InformationSet.start(s.rules, 1, 0, s.cards(1), s.upcard)
        >>> [str(a) for _, a in info.observe(0, "take").history]
        ['pass', 'take']
        """
        actions = tuple(self._state.actions)
        if self._ending is not None:
            actions += ((self._ending.player, self._ending.action),)
        return actions

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (a knock, big gin or a dead hand)."""
        return self._ending is not None or self._state.is_over

    @property
    def knock_melds(self) -> tuple[Meld, ...] | None:
        """The melds reported with the knock (or big gin), if any."""
        return None if self._ending is None else self._ending.melds

    def view(self) -> View:
        """The player's view now: equal to ``view(real_state, player)`` of the real hand
        (after a knock, with ``result`` ``None`` until :meth:`reveal`).

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> info = InformationSet.start(s.rules, 0, 0, s.cards(0), s.upcard)
        >>> info.observe(1, "take").view() == view(s.apply("take"), 0)
        True
        """
        if self._revealed is not None:
            return view(self._revealed, self.player, scores=self.scores)
        state = self._state
        before = _view(state, self.player, self.scores, self._drawn)
        ending = self._ending
        if ending is None:
            return before
        card = ending.action.card
        me = self.player == ending.player
        cards, mask = before.cards, before.mask
        count, known = before.opponent_count, before.opponent_known
        if card is not None:
            if me:
                mask &= ~card.mask
                cards = cards_from_mask(mask)
            else:
                count -= 1
                known = tuple(c for c in known if c != card)
        return attrs.evolve(
            before, cards=cards, mask=mask, opponent_count=count, opponent_known=known,
            drawn=None,
            discard_pile=before.discard_pile + (() if card is None else (card,)),
            taken=None, phase=Phase.OVER, legal_actions=(),
            history=state.actions.plus((ending.player, ending.action)))

    # -- observing ---------------------------------------------------------------------

    def observe(self, player: int, action: Action | str, card: Card | str | None = None,
                melds: Iterable[Meld | CardsLike] | None = None) -> InformationSet:
        """This information set after ``player``'s ``action``.

        ``card`` is the card the observing player drew on its own ``draw stock`` (required
        there; an opponent's stock draw is hidden, so it takes no card); on a ``take`` or
        ``draw discard`` it may name the card taken, which is checked against the top of
        the pile. ``melds`` are the melds shown with a knock (or big gin). Passes of the
        upcard implied by the order of turns are derived (see ``derived``). An event that
        breaks the rules or contradicts what the player saw is a
        :class:`~ginrules.GinRulesError` naming the event by its number and text.

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> info = InformationSet.start(s.rules, 1, 0, s.cards(1), s.upcard)
        >>> info.observe(0, "discard 7C")
        Traceback (most recent call last):
        ...
        ginrules.errors.IllegalActionError: event 1 (player 0 discard 7C): cannot discard 7C: it is player 1's turn to take or pass the upcard
        """
        # (the usual event, an action's and a card's own text, read by one lookup each)
        who = player if type(player) is int and (player == 0 or player == 1) else _seat(
            player, "player")
        act = _ACTION_BY_TEXT.get(action) if type(action) is str else None
        if act is None:
            act = _as_action(action, "InformationSet.observe")
        seen = _CARD_BY_TEXT.get(card) if type(card) is str else None
        if seen is None and card is not None:
            seen = _as_card(card, "InformationSet.observe")
        shown = None if melds is None else _as_melds(melds, "InformationSet.observe")
        # len(self.history) + 1, in constant time
        number = len(self._state.actions) + (1 if self._ending is None else 2)
        if self.is_over:
            raise IllegalActionError(self._event(number, who, act,
                                                 "cannot play on: the hand is over"))
        state = self._state
        derived: list[tuple[int, Action]] = []
        if (state.phase is Phase.OFFER and who != state.turn) or (
                state.phase is Phase.OFFER and act.kind is ActionKind.DRAW_STOCK):
            dealer = state.dealer
            implied = (act.kind is ActionKind.TAKE and who == dealer) or (
                act.kind is ActionKind.DRAW_STOCK and who != dealer)
            while implied and state.phase is Phase.OFFER and not (
                    act.kind is ActionKind.TAKE and state.turn == who):
                derived.append((state.turn, _PASS))
                state = _apply_checked(state, _PASS)
                number += 1
        try:
            return self._observe(state, number, who, act, seen, shown, tuple(derived))
        except IllegalActionError as error:
            raise IllegalActionError(self._event(number, who, act, str(error)),
                                     action=error.action, phase=error.phase,
                                     player=error.player, reason=error.reason) from None
        except GinRulesError as error:
            raise type(error)(self._event(number, who, act, str(error))) from None

    @staticmethod
    def _event(number: int, who: int, act: Action, why: str) -> str:
        return f"event {number} (player {who} {act}): {why}"

    def _unseen(self, state: HandState, card: Card) -> str | None:
        """Why ``card`` cannot be a card the player has not seen, or ``None`` if it can."""
        if state.masks[self.player] >> card.index & 1:
            return f"it is player {self.player}'s card"
        if state.public >> card.index & 1:
            where = "in the discard pile" if card in state.discard_pile else "already played"
            return f"it is {where}"
        return None

    def _observe(self, state: HandState, number: int, who: int, act: Action,
                 seen: Card | None, shown: tuple[Meld, ...] | None,
                 derived: tuple[tuple[int, Action], ...]) -> InformationSet:
        me = self.player
        kind = act.kind
        drawn = self._drawn
        if seen is not None and kind not in (ActionKind.DRAW_STOCK, ActionKind.TAKE,
                                             ActionKind.DRAW_DISCARD):
            raise GinRulesError(f"a card goes only with a draw or a take, not with {kind.value}")
        if shown is not None and kind not in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            raise GinRulesError("melds go only with a knock or big gin")
        if act.phase is not state.phase or who != state.turn:
            _check_action(state, act, who)  # raises: not the turn or not the phase
        if who != me and act.card is not None:  # the opponent plays a card
            state = self._held_by_opponent(state, act.card)
            _check_action(state, _DISCARDS[act.card.index], who)
        elif who != me and kind is ActionKind.BIG_GIN:
            if state.rules.big_gin_bonus is None:
                _check_action(state, act, who)  # raises: these rules have no big gin
        else:
            _check_action(state, act, who)
        if kind is ActionKind.DRAW_STOCK:
            if who == me:
                if seen is None:
                    raise GinRulesError(f"player {me}'s own stock draw needs the card drawn")
                why = self._unseen(state, seen)
                if why is not None:
                    raise GinRulesError(f"player {me} cannot draw {seen}: {why}")
                state = self._place(state, seen, state.deck.cards[21 + state.stock_drawn])
                drawn = (*self._drawn, seen)
            elif seen is not None:
                raise GinRulesError(f"player {me} cannot see the card player {who} draws "
                                    "from the stock")
        elif kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            top = state.top_discard
            if seen is not None and seen != top:
                raise GinRulesError(f"{seen} is not on the discard pile (its top is {top})")
        if kind is ActionKind.KNOCK or kind is ActionKind.BIG_GIN:
            return self._knock(state, who, act, shown, derived)
        after = _apply_checked(state, act)
        return self._evolved(after, derived, drawn)

    def _evolved(self, state: HandState, derived: tuple[tuple[int, Action], ...],
                 drawn: tuple[Card, ...]) -> InformationSet:
        """This information set with another ``state``, ``derived`` and ``drawn``, built
        without running the validators again: what changes is the engine's own state,
        checked actions and cards, so an event costs the same however long the hand (the
        validators walk the dealt cards, the derived actions and the draws)."""
        new = object.__new__(InformationSet)
        put = object.__setattr__
        put(new, "player", self.player)
        put(new, "scores", self.scores)
        put(new, "dealt", self.dealt)
        put(new, "_state", state)
        put(new, "_ending", self._ending)
        put(new, "_revealed", self._revealed)
        put(new, "derived", derived)
        put(new, "_drawn", drawn)
        return new

    def _place(self, state: HandState, card: Card, there: Card) -> HandState:
        """The completion with the unseen ``card`` put where the unseen ``there`` is."""
        if card == there:
            return state
        return _with_swap(state, card, there)

    def _held_by_opponent(self, state: HandState, card: Card) -> HandState:
        """The completion in which the opponent holds ``card`` (which it plays now)."""
        opponent = 1 - self.player
        if state.masks[opponent] >> card.index & 1:
            return state
        why = self._unseen(state, card)
        if why is not None:
            raise GinRulesError(f"player {opponent} cannot hold {card}: {why}")
        hidden = state.masks[opponent] & ~state.public
        if not hidden:
            raise GinRulesError(f"player {opponent} cannot hold {card}: every card it holds "
                                "was taken from the discard pile")
        return self._place(state, card, CARDS[hidden.bit_length() - 1])

    def _knock(self, state: HandState, who: int, act: Action,
               shown: tuple[Meld, ...] | None, derived: tuple[tuple[int, Action], ...]
               ) -> InformationSet:
        card = act.card
        if who == self.player:
            self._end(state, act, shown)  # checks our own melds
        elif shown is not None:
            for meld in shown:
                for c in meld.cards:
                    if c == card:  # (the completion still has the knocker hold it)
                        why: str | None = "it discards it"
                    elif state.masks[who] >> c.index & 1:
                        why = None
                    else:
                        why = self._unseen(state, c)
                    if why is not None:
                        raise GinRulesError(f"meld {meld} holds {c}, which player {who} "
                                            f"cannot hold: {why}")
        ending = _Ending(who, act, shown)
        return attrs.evolve(self, state=state, ending=ending, revealed=None, derived=derived)

    @staticmethod
    def _end(state: HandState, act: Action, shown: tuple[Meld, ...] | None) -> HandState:
        """The real hand's end, when ``state`` holds the real cards."""
        if act.kind is ActionKind.BIG_GIN:
            return state.apply(act)
        assert act.card is not None
        return knock(state, act.card, shown)

    def reveal(self, cards: CardsLike) -> InformationSet:
        """This information set once the opponent's cards at the end of the hand are
        shown (after a knock: the ten cards it holds, eleven after its big gin); its view
        then holds the result, equal to the real hand's.

        >>> import ginrules
        >>> deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C "
        ...                             "9S TC KH JC TS")
        >>> deck += tuple(c for c in ginrules.CARDS if c not in deck)
        >>> s = ginrules.deal(ginrules.rules("classic"), deck=deck, dealer=1)
        >>> end = s.apply("take").apply("knock KH")
        >>> info = InformationSet.start(s.rules, 1, 1, s.cards(1), s.upcard)
        >>> info = info.observe(0, "take").observe(0, "knock KH")
        >>> info.view().result is None
        True
        >>> info.reveal(end.cards(0)).view() == end.view(1)
        True
        """
        ending = self._ending
        if ending is None:
            raise GinRulesError("nothing to reveal: the hand has not ended by a knock")
        state = self._state
        opponent = 1 - self.player
        after = _mask(cards, "InformationSet.reveal")
        knocked = ending.action.card
        if ending.player == opponent and knocked is not None:
            after |= knocked.mask
        known = state.masks[opponent] & state.public
        if after & known != known:
            missing = cards_from_mask(known & ~after)[0]
            raise GinRulesError(f"player {opponent} holds {missing}, which it took from "
                                "the discard pile")
        new = after & ~known
        count = (state.masks[opponent] & ~state.public).bit_count()
        if new.bit_count() != count:
            raise GinRulesError(f"player {opponent} holds {count} cards that player "
                                f"{self.player} has not seen, not {new.bit_count()}")
        for card in cards_from_mask(new):
            why = self._unseen(state, card)
            if why is not None:
                raise GinRulesError(f"player {opponent} cannot hold {card}: {why}")
        for card in cards_from_mask(new):
            if not state.masks[opponent] >> card.index & 1:
                spare = state.masks[opponent] & ~state.public & ~new
                state = self._place(state, card, CARDS[spare.bit_length() - 1])
        end = self._end(state, ending.action, ending.melds)
        return attrs.evolve(self, state=state, revealed=end, derived=())

    # -- the melds a player shows, from its own information ------------------------------

    def knock_layout(self, action: Action | str) -> Arrangement:
        """The melds to show when knocking with ``action`` (``knock 7H``, or ``big gin``):
        the least deadwood; among equals, the fewest layoff spots for cards the player
        has not seen (:func:`ginrules.knocking.knocker_layout`).

        >>> import ginrules
        >>> info = InformationSet.start(ginrules.rules("classic"), 1, 0,
        ...     "3C 4C 5C 3D 4D 5D 3H 4H 5H KC", "QD").observe(1, "take")
        >>> print(info.knock_layout("knock QD"))
        Traceback (most recent call last):
        ...
        ginrules.errors.IllegalActionError: cannot knock QD: QD was just taken from the discard pile
        >>> print(info.knock_layout("knock KC"))
        3C 3D 3H | 4C 4D 4H | 5C 5D 5H | deadwood QD = 10
        """
        act = _as_action(action, "InformationSet.knock_layout")
        state = self._state
        if self.is_over or act.kind not in (ActionKind.KNOCK, ActionKind.BIG_GIN):
            raise GinRulesError(f"knock_layout takes a knock or big gin, not {act}")
        state.check(act, player=self.player)
        mask = state.masks[self.player]
        pile = to_mask(state.discard_pile)
        if act.card is not None:
            mask &= ~act.card.mask
            pile |= act.card.mask
        return knocker_layout(mask, discard_pile=pile)

    def defence(self, knocker_melds: Iterable[Meld | CardsLike] | None = None
                ) -> tuple[Arrangement, tuple[Layoff, ...]]:
        """As defender after the opponent's knock: the player's melds and layoffs onto
        ``knocker_melds`` (by default the melds reported with the knock), for the least
        deadwood (:func:`ginrules.knocking.lay_off`; against gin, no layoffs).

        >>> import ginrules
        >>> info = InformationSet.start(ginrules.rules("classic"), 1, 1,
        ...     "7H 8H 3H KS QS JS 2C 2D 9C 9D", "AS")
        >>> info = info.observe(0, "take").observe(0, "knock 9S", melds=["4H 5H 6H"])
        >>> arrangement, layoffs = info.defence()
        >>> [str(x) for x in layoffs], arrangement.deadwood
        (['3H onto 4H 5H 6H', '7H onto 4H 5H 6H', '8H onto 4H 5H 6H'], 22)
        """
        ending = self._ending
        if ending is None or ending.player == self.player:
            raise GinRulesError(f"player {self.player} defends only after the opponent's "
                                "knock")
        if knocker_melds is None:
            if ending.melds is None:
                raise GinRulesError("the knocker's melds were not reported: give them")
            melds = ending.melds
        else:
            melds = _as_melds(knocker_melds, "InformationSet.defence")
        mine = self._state.masks[self.player]
        knocked = ending.action.card
        seen = mine | to_mask(self._state.discard_pile) | (0 if knocked is None
                                                           else knocked.mask)
        for meld in melds:
            if meld.mask & seen:
                held, gone = meld.mask & mine, meld.mask & seen & ~mine
                why = ([f"holds {format_cards(cards_from_mask(held))}"] if held else []) + (
                    [f"saw {format_cards(cards_from_mask(gone))} discarded"] if gone else [])
                raise GinRulesError(f"the knocker cannot hold meld {meld}: player "
                                    f"{self.player} {' and '.join(why)}")
        if sum(len(m.cards) for m in melds) >= 10:  # gin: no layoffs
            return arrangement_of_mask(mine), ()
        return lay_off(melds, mine)

    def __repr__(self) -> str:
        return (f"<InformationSet of player {self.player}: {len(self.history)} events"
                + (", hand over" if self.is_over else "") + ">")
