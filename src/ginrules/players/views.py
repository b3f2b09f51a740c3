"""What each player may see: a :class:`View` of a hand state, never more.

A :class:`View` is one player's information set at a moment of a hand: their own cards
(and those they drew from the stock, in order), the discard pile, the stock size, the
cards the opponent took from the discard pile and still holds, the first upcard, the
phase, whose turn it is, the knock limit in force, the legal actions (on their turn),
the public history, once the hand is over the result (both arrangements and the
layoffs), and in a game both players' game scores. It never holds the opponent's other
cards or the stock order, so a game server can send it to a client as it is.

>>> import ginrules
>>> from ginrules.players import view
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> v = view(state, 1)
>>> len(v.cards), v.stock_size, str(v.upcard), v.phase.value, [str(a) for a in v.legal_actions]
(10, 31, 'TS', 'offer', ['take', 'pass'])
>>> view(state, 0).legal_actions  # not player 0's turn
()
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ginrules import _wire
from ginrules._fields import check_fields
from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import Card, cards_from_mask, cards_to_mask
from ginrules.errors import (
    ActionNotationError,
    GinRulesError,
    WrongTypeError,
    _type_name,
    _wrong_type,
)
from ginrules.hand import HandState, legal_actions
from ginrules.knocking import HandResult
from ginrules.rulesets import Opening, RuleSet

__all__ = ["Event", "View", "view"]


@attrs.frozen
class Event:
    """One action of the public history, with the cards everybody saw.

    ``card`` is the card the action moved in public: the card taken from the discard pile
    (``take``, ``draw discard``) or put on it (``discard``, ``knock``); ``None`` otherwise
    (a stock draw shows nobody else its card). ``declined`` is the top of the discard pile
    that the player could have taken and did not (on ``pass`` and ``draw stock``).

    >>> from ginrules import Action
    >>> str(Event(1, Action.parse("draw stock"), None, Card.parse("7H")))
    'player 1 draw stock (declined 7H)'
    """

    player: int
    action: Action
    card: Card | None
    declined: Card | None = None

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        if self.player not in (0, 1):
            raise GinRulesError(f"an event's player is 0 or 1, not {self.player}")

    def __str__(self) -> str:
        text = f"player {self.player} {self.action.kind.value}"
        if self.card is not None:
            text += f" {self.card}"
        if self.declined is not None:
            text += f" (declined {self.declined})"
        return text


def _events(history: Sequence[tuple[int, Action]], upcard: Card | None) -> tuple[Event, ...]:
    pile = [] if upcard is None else [upcard]
    out = []
    for player, action in history:
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            out.append(Event(player, action, pile.pop()))
        elif kind is ActionKind.DISCARD or kind is ActionKind.KNOCK:
            assert action.card is not None
            pile.append(action.card)
            out.append(Event(player, action, action.card))
        elif kind is ActionKind.PASS:
            out.append(Event(player, action, None, pile[-1]))
        elif kind is ActionKind.DRAW_STOCK:
            # after both players passed the upcard, the first stock draw declines nothing
            both_passed = len(out) == 2 and out[1].action.kind is ActionKind.PASS
            declined = pile[-1] if pile and not both_passed else None
            out.append(Event(player, action, None, declined))
        else:
            out.append(Event(player, action, None))
    return tuple(out)


def _own_hands(view: View) -> list[int]:
    """The mask of ``view``'s player's cards after each length of the history, from the
    ten it was dealt to its cards now: walking back, a discard puts its card back and a
    take or a stock draw (:attr:`View.drawn_cards`) takes out a card that was held. A
    view whose history and draws do not lead from ten cards to its cards (an edited
    one) is a :class:`~ginrules.GinRulesError`. (The non-dealer is dealt eleven cards
    under the ``eleven-cards`` opening.)"""
    me = view.player
    pile = [] if view.upcard is None else [view.upcard.index]
    taken: list[int] = []  # the card of each of the player's takes, in order
    for player, action in view.history:
        kind = action.kind
        if kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
            card = pile.pop() if pile else -1
            if player == me:
                taken.append(card)
        elif (kind is ActionKind.DISCARD or kind is ActionKind.KNOCK) and action.card is not None:
            pile.append(action.card.index)
    draws = [c.index for c in view.drawn_cards]
    hand = view.mask
    out = [hand]
    consistent = True
    for player, action in reversed(view.history):
        if player == me and consistent:
            kind = action.kind
            throws = kind is ActionKind.DISCARD or kind is ActionKind.KNOCK
            if throws:
                assert action.card is not None
                bit = 1 << action.card.index
            elif kind is ActionKind.TAKE or kind is ActionKind.DRAW_DISCARD:
                card = taken.pop()
                bit = 1 << card if card >= 0 else 0
            elif kind is ActionKind.DRAW_STOCK:
                bit = 1 << draws.pop() if draws else 0
            else:
                bit = -1  # a pass, or an end without a card: the cards stay
            if bit >= 0:
                consistent = bool(bit) and bool(hand & bit) != throws
                hand ^= bit
        out.append(hand)
    dealt = 11 if view.upcard is None and me != view.dealer else 10
    if not consistent or draws or hand.bit_count() != dealt:
        raise GinRulesError("this view does not add up: its history and the cards the "
                            "player drew (drawn_cards) do not lead from the cards dealt "
                            "to its cards; was it edited?")
    out.reverse()
    return out


def _opponent_known(state: HandState, me: int) -> int:
    """The mask of cards the opponent took from the discard pile and still holds.

    A card that has been face up (the upcard or a discard) and is now in the opponent's
    hand can only have come from the discard pile, so this is the opponent's hand
    intersected with :attr:`~ginrules.hand.HandState.public`: only cards everybody saw.
    """
    return state.masks[1 - me] & state.public


@attrs.frozen(repr=False)
class View:
    """What one player may see of a hand. Make one with :func:`view`.

    * ``player``: whose view it is (0 or 1); ``turn``: the player to move; ``dealer``.
    * ``cards``: the player's own cards (canonical order); ``mask``: the same as a 52-bit
      card mask; ``drawn``: the card the player has just drawn this turn, if any;
      ``drawn_cards``: every card the player drew from the stock in this hand, in order
      (its own draws, which it saw; the opponent's stay hidden). With them the view holds
      all the player has seen since the deal, so every earlier view of the hand follows
      from it: a player that carries an estimate from one decision to the next can still
      be a function of the view.
    * ``discard_pile`` (top card last), ``stock_size``, ``upcard`` (the first upcard;
      ``None`` under the ``eleven-cards`` opening, which turns none),
      ``taken`` (the card just taken from the discard pile by the player to move, which
      may not be discarded this turn).
    * ``opponent_known``: the cards the opponent took from the discard pile and still
      holds; ``opponent_count``: how many cards the opponent holds.
    * ``phase``, ``knock_limit`` (in force for this hand), ``legal_actions`` (empty when it
      is not this player's turn or the hand is over).
    * ``history``: every action so far as ``(player, action)``. All of it is public (a
      stock draw does not name its card); :attr:`events` adds the cards everybody saw.
    * ``result``: once the hand is over, the facts (both arrangements and the layoffs
      after a knock; no cards after a dead hand).
    * ``scores``: both players' game totals before this hand, indexed by player
      (``scores[player]`` is this player's), when the hand is played in a game (see
      :meth:`ginrules.GameState.view`); ``None`` for a hand on its own (and in Hollywood
      scoring, which keeps three games). The game ends when a total reaches
      ``rules.target``.

    >>> import ginrules
    >>> s = ginrules.hand.apply(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), "take")
    >>> v = view(s, 0)
    >>> [str(c) for c in v.opponent_known], v.opponent_count, v.legal_actions, v.scores
    (['TS'], 11, (), None)
    >>> g = ginrules.new_game(ginrules.rules("eaai"), seed=3)
    >>> g.view(0).scores, g.rules.target
    ((0, 0), 100)
    """

    player: int
    rules: RuleSet
    dealer: int
    cards: tuple[Card, ...]
    mask: int
    drawn: Card | None
    drawn_cards: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    stock_size: int
    upcard: Card | None
    taken: Card | None
    opponent_known: tuple[Card, ...]
    opponent_count: int
    phase: Phase
    turn: int
    knock_limit: int
    legal_actions: tuple[Action, ...]
    history: Sequence[tuple[int, Action]]
    result: HandResult | None
    scores: tuple[int, int] | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """The history with the cards everybody saw (see :class:`Event`).

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> s = ginrules.hand.apply(ginrules.hand.apply(s, "pass"), "pass")
        >>> [str(e) for e in view(s, 0).events]
        ['player 1 pass (declined TS)', 'player 0 pass (declined TS)']
        """
        return _events(self.history, self.upcard)

    @property
    def is_my_turn(self) -> bool:
        """Whether this player is to act now (and the hand is not over).

        >>> import ginrules
        >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
        >>> view(s, 1).is_my_turn, view(s, 0).is_my_turn
        (True, False)
        """
        return bool(self.legal_actions)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty.

        >>> import ginrules
        >>> str(view(ginrules.deal(ginrules.rules("classic"), seed=7), 0).top_discard)
        'TS'
        """
        return self.discard_pile[-1] if self.discard_pile else None

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.view(self)

    def __repr__(self) -> str:
        from ginrules.text import view_repr

        return view_repr(self)

    def __str__(self) -> str:
        from ginrules.text import view_text

        return view_text(self)

    @property
    def hand(self) -> tuple[Card, ...]:
        """Deprecated since 0.2.0: :attr:`cards` (a *hand* is the round, not the cards)."""
        warnings.warn("View.hand is deprecated since 0.2.0: use View.cards", DeprecationWarning,
                      stacklevel=2)
        return self.cards

    @classmethod
    def from_dict(cls, data: object) -> View:
        """The view :meth:`to_dict` wrote, read back and checked: a remote bot that
        receives the JSON runs the library's players and :func:`~ginrules.hint` on it. A
        malformed dict is a :class:`~ginrules.GinRulesError` naming the field.

        >>> import ginrules, json
        >>> v = view(ginrules.deal(ginrules.rules("oklahoma"), seed=7, dealer=0), 1)
        >>> View.from_dict(json.loads(json.dumps(v.to_dict()))) == v
        True
        >>> g = ginrules.new_game(ginrules.rules("eaai"), seed=3)
        >>> View.from_dict(g.view(1).to_dict()).scores
        (0, 0)
        >>> View.from_dict({"player": 1})
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: view: "rules" is missing
        """
        where = "view"
        d = _wire.mapping(data, where)
        me = _wire.player(d, "player", where)
        settings = _wire.mapping(_wire.field(d, "rules", dict, where), f"{where}: rules")
        try:
            rules = RuleSet(**settings)
        except TypeError as error:
            raise GinRulesError(f"{where}: rules: {error}") from None
        except GinRulesError as error:
            raise GinRulesError(f"{where}: rules: {error}") from None
        phase_text = _wire.field(d, "phase", str, where)
        try:
            phase = Phase(phase_text)
        except ValueError:
            raise GinRulesError(f'{where}: "phase" must be one of '
                                + ", ".join(p.value for p in Phase)
                                + f", not {phase_text!r}") from None
        cards = tuple(sorted(_wire.cards(d, "cards", where)))

        def optional_card(key: str) -> Card | None:
            value = d.get(key)
            return None if value is None else _wire.card(value, f'{where}: "{key}"')

        actions = []
        for text in _wire.field(d, "legal_actions", list, where):
            if not isinstance(text, str):
                raise ActionNotationError(f'{where}: "legal_actions" holds {text!r}')
            actions.append(Action.parse(text))
        history = []
        for item in _wire.field(d, "history", list, where):
            if (not isinstance(item, list) or len(item) != 2 or item[0] not in (0, 1)
                    or isinstance(item[0], bool) or not isinstance(item[1], str)):
                raise GinRulesError(f'{where}: "history" holds {item!r}, not [player, '
                                    "action]")
            history.append((item[0], Action.parse(item[1])))
        drawn_cards = _wire.cards(d, "drawn_cards", where)
        own_draws = sum(1 for p, a in history if p == me and a.kind is ActionKind.DRAW_STOCK)
        if len(drawn_cards) != own_draws or len(set(drawn_cards)) != own_draws:
            raise GinRulesError(f'{where}: "drawn_cards" holds {len(drawn_cards)} cards '
                                f"({len(set(drawn_cards))} distinct) where the history has "
                                f"{own_draws} stock draws by player {me}")
        raw_result = d.get("result")
        raw_scores = d.get("scores")
        scores = None if raw_scores is None else _game_totals(raw_scores, list)
        if raw_scores is not None and scores is None:
            raise GinRulesError(f'{where}: "scores" must be null or two ints >= 0 '
                                f"(the game totals), not {raw_scores!r}")
        return cls(
            player=me,
            rules=rules,
            dealer=_wire.player(d, "dealer", where),
            cards=cards,
            mask=cards_to_mask(cards),
            drawn=optional_card("drawn"),
            discard_pile=_wire.cards(d, "discard_pile", where),
            stock_size=_wire.field(d, "stock_size", int, where),
            upcard=_wire_upcard(d, rules, where),
            taken=optional_card("taken"),
            opponent_known=tuple(sorted(_wire.cards(d, "opponent_known", where))),
            opponent_count=_wire.field(d, "opponent_count", int, where),
            phase=phase,
            turn=_wire.player(d, "turn", where),
            knock_limit=_wire.field(d, "knock_limit", int, where),
            legal_actions=tuple(actions),
            history=tuple(history),
            result=None if raw_result is None else HandResult.from_dict(raw_result),
            scores=scores,
            drawn_cards=drawn_cards,
        )

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict, cards as ASCII text: what a server sends a client.

        >>> import ginrules
        >>> d = view(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0), 1).to_dict()
        >>> d["phase"], d["legal_actions"], d["stock_size"], len(d["cards"])
        ('offer', ['take', 'pass'], 31, 10)
        """
        return {
            "player": self.player,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase.value,
            "cards": [str(c) for c in self.cards],
            "drawn": None if self.drawn is None else str(self.drawn),
            "drawn_cards": [str(c) for c in self.drawn_cards],
            "discard_pile": [str(c) for c in self.discard_pile],
            "stock_size": self.stock_size,
            "upcard": None if self.upcard is None else str(self.upcard),
            "taken": None if self.taken is None else str(self.taken),
            "opponent_known": [str(c) for c in self.opponent_known],
            "opponent_count": self.opponent_count,
            "knock_limit": self.knock_limit,
            "legal_actions": [str(a) for a in self.legal_actions],
            "history": [[p, str(a)] for p, a in self.history],
            "result": None if self.result is None else self.result.to_dict(),
            "scores": None if self.scores is None else list(self.scores),
        }


def _wire_upcard(d: Mapping[str, Any], rules: RuleSet, where: str) -> Card | None:
    """A view's ``"upcard"``: a card, or null under the ``eleven-cards`` opening (and
    only there)."""
    value = d.get("upcard")
    if rules.opening is Opening.ELEVEN_CARDS:
        if value is not None:
            raise GinRulesError(f'{where}: "upcard" must be null: the \'eleven-cards\' '
                                f"opening turns no upcard, not {value!r}")
        return None
    return _wire.card(value, f'{where}: "upcard"')


def _game_totals(value: object, container: type) -> tuple[int, int] | None:
    """``value`` as both players' game totals, when it is a ``container`` (a tuple, or a
    list read from JSON) of two ints >= 0; ``None`` when it is not."""
    if type(value) is not container or not isinstance(value, (tuple, list)) or len(value) != 2:
        return None
    a, b = value
    if type(a) is int and type(b) is int and a >= 0 and b >= 0:
        return a, b
    return None


def _not_a_view(function: str, value: object) -> WrongTypeError:
    """The error for a function of one player's view given something else (the whole
    state or game, most often)."""
    kind = _type_name(value)
    if kind in ("HandState", "GameState"):
        name = "state" if kind == "HandState" else "game"
        return WrongTypeError(f"{function} takes a View (one player's information), not a "
                              f"{kind}: pass {name}.view(player)")
    return _wrong_type(function, "a View (see ginrules.players.view)", value)


def view(state: HandState, player: int, *, scores: tuple[int, int] | None = None) -> View:
    """The view of ``player`` (0 or 1) of a hand state; ``scores`` are both players' game
    totals when the hand is played in a game (:meth:`ginrules.GameState.view` gives them).

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> s = s.apply("pass").apply("pass").apply("draw stock")
    >>> v = view(s, 1)
    >>> v.drawn in v.cards, len(v.cards), v.stock_size, v.phase.value
    (True, 11, 30, 'discard')
    >>> v.drawn_cards == (v.drawn,), view(s, 0).drawn_cards
    (True, ())
    >>> view(s, 1, scores=(40, 95)).scores
    (40, 95)
    >>> view(s, 2)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: there is no player 2: players are 0 and 1
    """
    if not isinstance(state, HandState):
        kind = _type_name(state)
        raise WrongTypeError(
            "view takes a HandState, not a GameState: call game.view(player) (or pass "
            "game.hand)" if kind == "GameState" else
            f"view takes a HandState (see ginrules.deal), not {kind}")
    if type(player) is not int or player not in (0, 1):
        error = GinRulesError if type(player) is int else WrongTypeError
        raise error(f"there is no player {player!r}: players are 0 and 1")
    if scores is not None and _game_totals(scores, tuple) is None:
        error = GinRulesError if isinstance(scores, tuple) else WrongTypeError
        raise error(f"scores are a pair of game totals (ints >= 0), not {scores!r}")
    return _view(state, player, scores, _drawn_cards(state, player))


def _drawn_cards(state: HandState, player: int) -> tuple[Card, ...]:
    """Every card ``player`` drew from the stock in the hand so far, in order (a walk of
    the history: an environment keeps them as the hand goes instead)."""
    drawn_cards = []
    draws = 0
    for who, action in state.actions:
        if draws == state.stock_drawn:
            break  # every stock draw found: a long hand of discard draws costs no more
        if action.kind is ActionKind.DRAW_STOCK:
            draws += 1  # the stock is dealt from the deck after the upcard, card 20
            if who == player:
                drawn_cards.append(state.deck.cards[20 + draws])
    return tuple(drawn_cards)


def _view(state: HandState, player: int, scores: tuple[int, int] | None,
          drawn_cards: tuple[Card, ...]) -> View:
    """The view of ``player`` (checked by the caller), its stock draws given (they are
    :func:`_drawn_cards`)."""
    history = state.actions
    upcard = state.upcard
    mask = state.masks[player]
    over = state.phase is Phase.OVER
    drawn = None
    if not over and state.phase is Phase.DISCARD and state.turn == player and history:
        last = history[-1][1].kind
        if last is ActionKind.DRAW_STOCK:
            drawn = state.deck.cards[20 + state.stock_drawn]
        else:
            drawn = state.taken
    return View(
        player=player,
        rules=state.rules,
        dealer=state.dealer,
        cards=cards_from_mask(mask),
        mask=mask,
        drawn=drawn,
        discard_pile=state.discard_pile,
        stock_size=31 - state.stock_drawn,
        upcard=upcard,
        taken=state.taken,
        opponent_known=cards_from_mask(_opponent_known(state, player)),
        opponent_count=state.masks[1 - player].bit_count(),
        phase=state.phase,
        turn=state.turn,
        knock_limit=state.knock_limit,
        legal_actions=legal_actions(state) if state.turn == player and not over else (),
        history=history,
        result=state.result,
        scores=scores,
        drawn_cards=drawn_cards,
    )
