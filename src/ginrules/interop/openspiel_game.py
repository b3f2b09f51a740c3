"""ginrules as an OpenSpiel game: ``python_ginrules``, a pure-Python game registered with
``pyspiel.register_game`` (the ``openspiel`` extra: ``pip install -e '.[openspiel]'`` in a clone).

Call :func:`register` once, then load it as any OpenSpiel game::

    import pyspiel
    from ginrules.interop.openspiel_game import register
    register()
    game = pyspiel.load_game("python_ginrules", {"rules": "oklahoma"})

* Imperfect information, with chance nodes: the deal is 21 chance outcomes (cards 0..51,
  :attr:`Card.index <ginrules.cards.Card.index>`: ten to each player, alternately from
  the non-dealer, then the upcard, or the non-dealer's eleventh card under the
  ``eleven-cards`` opening), and every stock draw is the player's ``draw stock``
  followed by a chance outcome, the card drawn, so the stock order is never decided in
  advance. Player 1 deals the first hand (player 0 is offered the upcard first, as in
  OpenSpiel's ``gin_rummy``).
* Player actions are the 109 ids of :attr:`Action.index
  <ginrules.actions.Action.index>`; the rules are exact (layoffs are made for the
  defender, to leave it the least deadwood).
* Returns are the real score: the hand's points to the winner, minus them to the loser
  (``mode="hand"``), or each player's final game score minus the opponent's
  (``mode="game"``: hands are dealt until the game is over, or until ``max_hands``
  hands, where the game stops with the scores so far).
* OpenSpiel needs games of bounded length: unless the rules set ``max_turns``, a hand is
  dead after ``max_turns`` turns (default 100; a real hand rarely has 40).
* Observation tensors and strings are made from the player's :class:`View
  <ginrules.players.View>` (:func:`ginrules.interop.observation.encode`, 482 floats, and
  ``str(view)``), the view made as the PettingZoo and Gymnasium environments make it
  (from each player's stock draws and scan of the public history, kept as the hand goes,
  not a walk of the history at every observation; a state's ``observation_tensor``,
  ``information_state_tensor`` and ``legal_actions_mask`` called from Python are answered
  in Python, the same lists OpenSpiel's C++ path gives); the information state adds the
  cards the player was dealt (534 floats)
  and its string is the player's whole private record (perfect recall: the cards dealt
  to it and drawn by it, in order, and every public action; the opponent's cards as
  ``?``). The tensors summarise (the order of the discards is not in them); the
  information-state string is the exact key, as ISMCTS uses it.
* :meth:`resample_from_infostate` uses :func:`ginrules.players.sample_hidden`, so
  OpenSpiel's ISMCTS bot plays it.

Parameters: ``rules`` (a preset name), ``mode`` (``"hand"`` or ``"game"``),
``max_turns``, ``max_hands``.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import attrs

from ginrules.actions import Action, ActionKind
from ginrules.cards import CARDS, Card, Deck
from ginrules.errors import GinRulesError, _peer_hint, _wrong_type
from ginrules.game import GameState, new_game, record_hand
from ginrules.hand import HandSetup, HandState, _apply_checked, deal, legal_actions
from ginrules.interop.episode import _rules
from ginrules.interop.ids import NUM_ACTIONS
from ginrules.interop.observation import (
    OBSERVATION_SIZE,
    _encode_hand,
    _masks,
    _scalar_list,
    _scan_on,
)
from ginrules.players.determinize import sample_hidden
from ginrules.players.views import _view, view
from ginrules.rulesets import Opening, RuleSet
from ginrules.scoring import score_hand

__all__ = ["GAME_NAME", "INFO_STATE_SIZE", "load_game", "register"]

GAME_NAME = "python_ginrules"
"""The name the game is registered under."""

INFO_STATE_SIZE = OBSERVATION_SIZE + 52
"""The length of the information-state tensor: the observation, then the dealt cards."""

_DEFAULTS: dict[str, Any] = {"rules": "classic", "mode": "hand", "max_turns": 100,
                             "max_hands": 50}
_FIRST_DEALER = 1
_registered = False


def _pyspiel() -> Any:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise GinRulesError("the OpenSpiel game needs OpenSpiel: "
                            + _peer_hint("open_spiel", "openspiel")) from None


def _bounded(rules: RuleSet, max_turns: int) -> RuleSet:
    if rules.max_turns is not None:
        return rules
    return attrs.evolve(rules, max_turns=max_turns)


def register() -> None:
    """Register ``python_ginrules`` with OpenSpiel (once; later calls do nothing).

    Needs OpenSpiel (the ``openspiel`` extra; not run without it):

    >>> register()  # doctest: +SKIP
    >>> import pyspiel  # doctest: +SKIP
    >>> pyspiel.load_game("python_ginrules", {"rules": "oklahoma"}).num_distinct_actions()  # doctest: +SKIP
    109
    """
    global _registered
    if _registered:
        return
    pyspiel = _pyspiel()
    game_type = pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Gin Rummy (ginrules, exact rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )
    game_class = _build(pyspiel, game_type)
    pyspiel.register_game(game_type, game_class)
    _registered = True


def load_game(**params: Any) -> Any:
    """Register the game if needed and load it with ``params`` (``rules``, ``mode``,
    ``max_turns``, ``max_hands``).

    Needs OpenSpiel (the ``openspiel`` extra; not run without it):

    >>> game = load_game(rules="classic", mode="game")  # doctest: +SKIP
    >>> game.num_players(), game.information_state_tensor_shape()  # doctest: +SKIP
    (2, [534])
    """
    for key, value in params.items():
        if key not in _DEFAULTS:
            raise GinRulesError(f"the game has no parameter {key!r}; its parameters are "
                                + ", ".join(_DEFAULTS))
        kind = type(_DEFAULTS[key])
        if type(value) is not kind:
            raise _wrong_type("load_game", f"{'a string' if kind is str else 'an int'} as "
                              f"{key}", value)
        if kind is int and not 1 <= value < 1 << 31:  # OpenSpiel's parameters are C ints
            raise GinRulesError(f"{key} must be at least 1 and below 2**31, not {value}")
    register()
    return _pyspiel().load_game(GAME_NAME, params)


_INT_MAX = 2**31 - 1


def _limits(rules: RuleSet, mode: str, max_turns: int, max_hands: int) -> tuple[int, float]:
    """The longest game (in actions, chance included) and the largest return."""
    turns = rules.max_turns if rules.max_turns is not None else max_turns
    hand_length = 21 + 2 + 3 * turns + 1
    bonus = max(rules.gin_bonus, rules.big_gin_bonus or 0, rules.undercut_bonus)
    hand_points = 2 * (bonus + 130)  # deadwood under 130; a spade upcard may double it
    if mode == "hand":
        return hand_length, float(hand_points)
    game_points = (hand_points + rules.line_bonus) * max_hands + rules.game_bonus
    return hand_length * max_hands, float(2 * game_points + rules.shutout_bonus)


def _build(pyspiel: Any, game_type: Any) -> Any:
    """The game, state and observer classes (pyspiel's bases are known only now)."""

    class GinRulesGame(pyspiel.Game):  # type: ignore[misc]
        """Gin Rummy under ginrules' exact rules (see the module's documentation)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = dict(_DEFAULTS)
            given.update(params or {})
            mode = str(given["mode"])
            if mode not in ("hand", "game"):
                raise GinRulesError(f"mode must be 'hand' or 'game', not {mode!r}")
            max_turns, max_hands = int(given["max_turns"]), int(given["max_hands"])
            if max_turns < 1 or max_hands < 1:
                raise GinRulesError("max_turns and max_hands must be at least 1")
            rules = _bounded(_rules(str(given["rules"])), max_turns)
            length, utility = _limits(rules, mode, max_turns, max_hands)
            if length > _INT_MAX:  # OpenSpiel keeps the game's length in a C int
                raise GinRulesError(
                    f"max_turns={max_turns} and max_hands={max_hands} make a game of up to "
                    f"{length} actions, more than OpenSpiel can count ({_INT_MAX})")
            info = pyspiel.GameInfo(
                num_distinct_actions=NUM_ACTIONS,
                max_chance_outcomes=52,
                num_players=2,
                min_utility=-utility,
                max_utility=utility,
                utility_sum=0.0,
                max_game_length=length,
            )
            super().__init__(game_type, info, params or {})
            self.rules = rules
            self.mode = mode
            self.max_hands = max_hands

        def new_initial_state(self) -> Any:
            """A game about to be dealt."""
            return GinRulesState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            """The observer: the information state (perfect recall) or the observation."""
            if params:
                raise GinRulesError(f"observation parameters are not supported: {params}")
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return GinRulesObserver(perfect_recall)

        def observer(self, perfect_recall: bool) -> Any:
            """The game's own observer of the information state or the observation (made
            once), which answers its states' ``observation_tensor`` and
            ``information_state_tensor`` called from Python."""
            observers: dict[bool, Any] = self.__dict__.setdefault("_observers", {})
            found = observers.get(perfect_recall)
            if found is None:
                found = observers[perfect_recall] = GinRulesObserver(perfect_recall)
            return found

    class GinRulesState(pyspiel.State):  # type: ignore[misc]
        """A position: the deal under way, a hand in play, or the end."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.rules: RuleSet = game.rules
            self.mode: str = game.mode
            self.max_hands: int = game.max_hands
            self.dealt: list[int] = []  # the deal in progress, in dealing order
            self.dealer = _FIRST_DEALER
            self.hand: HandState | None = None
            self.game: GameState | None = (
                new_game(self.rules, dealer=_FIRST_DEALER) if self.mode == "game" else None)
            self.stock_pending = False
            self.done = False
            self.final = (0.0, 0.0)
            # each player's private record, for the information-state string
            self.log: tuple[list[str], list[str]] = ([], [])
            # each player's stock draws and scan of the public history in the hand in
            # play (observation._scan_on's memo), kept as the hand goes, as an Episode
            # keeps them: an observation costs no walk of the history
            self.drawn: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
            self.scanned: tuple[Any, Any] = (None, None)
            self.legal_of: tuple[Any, tuple[Action, ...]] = (None, ())

        # -- the OpenSpiel API ---------------------------------------------------------

        def current_player(self) -> int:
            """The player to move, or chance, or terminal."""
            if self.done:
                return int(pyspiel.PlayerId.TERMINAL)
            if self.hand is None or self.stock_pending:
                return int(pyspiel.PlayerId.CHANCE)
            return self.hand.turn

        def _legal_actions(self, player: int) -> list[int]:
            return sorted([a.index for a in self.legal()])

        def legal(self) -> tuple[Action, ...]:
            """The legal actions of the hand in play (made once for each of its states:
            the observation and the legal actions both ask)."""
            hand = self.hand
            assert hand is not None
            known = self.legal_of
            if known[0] is not hand:
                known = self.legal_of = (hand, legal_actions(hand))
            return known[1]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """The cards that may come now, all equally likely."""
            if self.hand is None:
                dealt = set(self.dealt)
                left = [c for c in range(52) if c not in dealt]
            else:
                drawn = self.hand.stock_drawn
                left = sorted([c.index for c in self.hand.deck.cards[21 + drawn :]])
            p = 1.0 / len(left)
            return [(c, p) for c in left]

        def _apply_action(self, action: int) -> None:
            if self.hand is None:
                self._deal(action)
            elif self.stock_pending:
                self._stock(action)
            else:
                chosen = Action.from_index(action)
                player = self.hand.turn
                self.hand.check(chosen)
                entry = f"{player}:{chosen}"
                self.log[0].append(entry)
                self.log[1].append(entry)
                if chosen.kind is ActionKind.DRAW_STOCK:
                    self.stock_pending = True
                    return
                self._after(_apply_checked(self.hand, chosen))

        # -- what a Python caller asks at every step, answered in Python: the same values
        # as OpenSpiel's own path (which the tests compare), without its detour through
        # C++, which asks the game for the tensor's shape at every call (by making a new
        # state and observing it); any other call (no such player, a keyword) is
        # OpenSpiel's, errors included

        def is_chance_node(self) -> bool:
            """Whether chance moves now (a card dealt or drawn from the stock)."""
            return not self.done and (self.hand is None or self.stock_pending)

        def observation_tensor(self, *args: Any, **kwargs: Any) -> Any:
            """The observation tensor of a player (of the player to move by default), a
            list of floats."""
            return self._tensor(False, args, kwargs)

        def information_state_tensor(self, *args: Any, **kwargs: Any) -> Any:
            """The information-state tensor of a player (of the player to move by
            default), a list of floats."""
            return self._tensor(True, args, kwargs)

        def _tensor(self, perfect_recall: bool, args: tuple[Any, ...],
                    kwargs: dict[str, Any]) -> Any:
            player = self.current_player() if not args else args[0]
            if kwargs or len(args) > 1 or type(player) is not int or player not in (0, 1):
                base = (pyspiel.State.information_state_tensor if perfect_recall
                        else pyspiel.State.observation_tensor)
                return base(self, *args, **kwargs)
            observer = self.get_game().observer(perfect_recall)
            observer.set_from(self, player)
            return observer.tensor.tolist()

        def legal_actions_mask(self, *args: Any, **kwargs: Any) -> Any:
            """1 for each legal action of a player (of the player to move by default),
            else 0: a list of ints."""
            player = self.current_player() if not args else args[0]
            if (kwargs or len(args) > 1 or type(player) is not int or player not in (0, 1)
                    or self.is_chance_node() or self.done):
                return pyspiel.State.legal_actions_mask(self, *args, **kwargs)
            mask = [0] * NUM_ACTIONS
            if player == self.current_player():
                for action in self.legal():
                    mask[action.index] = 1
            return mask

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                return f"card {CARDS[action]}"
            return str(Action.from_index(action))

        def is_terminal(self) -> bool:
            """Whether the hand (or the game) is over."""
            return self.done

        def returns(self) -> list[float]:
            """The real score at the end (zero before)."""
            return list(self.final)

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            """A state the player cannot tell from this one, the unseen cards dealt at
            random by :func:`~ginrules.players.sample_hidden` (earlier hands of a game
            are kept as they were: they are over)."""
            if self.hand is None or self.stock_pending or self.done:
                return self.clone()
            try:
                seed = int(probability_sampler() * 2.0**53)
            except TypeError:
                seed = random.getrandbits(53)
            hand = self.hand
            sampled = sample_hidden(view(hand, player_id), seed).deck.cards
            # the player's own cards where it got them (its information state records
            # the order), the opponent's and the stock's from the sample
            real = hand.deck.cards
            own = set(range(0 if player_id != hand.dealer else 1, 20, 2))
            position = 21
            for who, act in hand.actions:
                if act.kind is ActionKind.DRAW_STOCK:
                    if who == player_id:
                        own.add(position)
                    position += 1
            order = [real[i] if i in own else sampled[i] for i in range(52)]
            state = self.get_game().new_initial_state()
            history = self.history()
            start = len(history) - _actions_in_hand(hand)
            for a in history[:start]:  # the earlier hands, as they were
                state.apply_action(a)
            for card in order[:21]:
                state.apply_action(card.index)
            drawn = 0
            for _, act in hand.actions:
                state.apply_action(act.index)
                if act.kind is ActionKind.DRAW_STOCK:
                    state.apply_action(order[21 + drawn].index)
                    drawn += 1
            return state

        def __str__(self) -> str:
            if self.hand is None:
                return f"dealing: {len(self.dealt)} of 21 cards dealt"
            return str(self.hand)

        # -- the engine ----------------------------------------------------------------

        def _deal(self, card: int) -> None:
            n = len(self.dealt)
            self.dealt.append(card)
            non_dealer = 1 - self.dealer
            if n == 20:
                if self.rules.opening is Opening.ELEVEN_CARDS:  # the non-dealer's 11th card
                    self.log[non_dealer].append(f"+{CARDS[card]}")
                    self.log[self.dealer].append("+?")
                else:
                    for p in (0, 1):
                        self.log[p].append(f"up {CARDS[card]}")
                dealt = set(self.dealt)
                rest = [i for i in range(52) if i not in dealt]
                deck = Deck(tuple(CARDS[i] for i in self.dealt + rest))
                self.hand = deal(self.rules, deck=deck, dealer=self.dealer)
                self.dealt = []
                self.drawn, self.scanned = ((), ()), (None, None)
                return
            to = non_dealer if n % 2 == 0 else self.dealer
            self.log[to].append(f"+{CARDS[card]}")
            self.log[1 - to].append("+?")

        def _stock(self, card: int) -> None:
            hand = self.hand
            assert hand is not None
            position = 21 + hand.stock_drawn
            order = list(hand.deck.cards)
            j = position + [c.index for c in order[position:]].index(card)
            order[position], order[j] = order[j], order[position]
            setup = HandSetup(hand.rules, hand.dealer, Deck(tuple(order)), hand.knock_limit)
            swapped = attrs.evolve(hand, setup=setup)
            me = hand.turn
            self.log[me].append(f"+{CARDS[card]}")
            self.log[1 - me].append("+?")
            mine = self.drawn[me] + (CARDS[card],)
            self.drawn = (mine, self.drawn[1]) if me == 0 else (self.drawn[0], mine)
            self.stock_pending = False
            self._after(_apply_checked(swapped, Action(ActionKind.DRAW_STOCK)))

        def _after(self, hand: HandState) -> None:
            self.hand = hand
            if not hand.is_over:
                return
            assert hand.result is not None
            shown = " / ".join(str(hand.result).splitlines())  # public at the end
            for p in (0, 1):
                self.log[p].append(f"end: {shown}")
            if self.game is None:
                price = score_hand(hand.result, self.rules)
                if price.player is not None:
                    won = float(price.points)
                    self.final = (won, -won) if price.player == 0 else (-won, won)
                self.done = True
                return
            self.game = record_hand(self.game, hand)
            if self.game.is_over or len(self.game.finished) >= self.max_hands:
                totals = self.game.sheet.final_totals()
                margin = float(totals[0] - totals[1])
                self.final = (margin, -margin)
                self.done = True
                return
            self.dealer = self.game.dealer
            self.hand = None  # the next deal, by chance

        def scores(self, player: int) -> tuple[int, int]:
            """The game scores as (``player``'s, the opponent's); (0, 0) in hand mode."""
            if self.game is None:
                return (0, 0)
            totals = self.game.sheet.final_totals()
            return (totals[player], totals[1 - player])

        def scan(self, player: int) -> tuple[int, int, int]:
            """:func:`ginrules.interop.observation._scan` of the hand's history for
            ``player``, scanning only the actions since the last call."""
            hand = self.hand
            assert hand is not None
            up = hand.upcard
            memo = _scan_on(self.scanned[player], hand.actions, player,
                            0 if up is None else up.mask)
            self.scanned = (memo, self.scanned[1]) if player == 0 else (self.scanned[0], memo)
            return memo[2], memo[3], memo[4]

    class GinRulesObserver:
        """Observations and information states, from the player's view."""

        def __init__(self, perfect_recall: bool) -> None:
            self.np = importlib.import_module("numpy")
            self.perfect_recall = perfect_recall
            size = INFO_STATE_SIZE if perfect_recall else OBSERVATION_SIZE
            self.tensor = self.np.zeros(size, self.np.float32)
            self.dict = {"observation": self.tensor}
            # what the tensor was last made of, and a copy of it: OpenSpiel asks for the
            # same observation twice in a row (observation_tensor fills it twice)
            self._last: tuple[Any, ...] = ()
            self._made = self.np.zeros(size, self.np.float32)

        def set_from(self, state: Any, player: int) -> None:
            """Fill the tensor for ``player`` in ``state``."""
            tensor = self.tensor
            hand = state.hand
            if hand is None:  # a deal under way: only the cards dealt to the player
                tensor.fill(0.0)
                for card in _dealt_to(state, player):
                    tensor[card] = 1.0
                    if self.perfect_recall:
                        tensor[OBSERVATION_SIZE + card] = 1.0
                return
            # the tensor is a function of the hand (a value), the game and the player
            last = self._last
            if last and last[0] is hand and last[1] is state.game and last[2] == player:
                self.np.copyto(tensor, self._made)
                return
            my_turn = hand.turn == player and not hand.is_over and bool(state.legal())
            _encode_hand(hand, player, state.scan(player), state.scores(player), my_turn,
                         self.np, tensor)
            if self.perfect_recall:
                tensor[OBSERVATION_SIZE:] = 0.0
                for card in _first_cards(hand, player):
                    tensor[OBSERVATION_SIZE + card] = 1.0
            self._last = (hand, state.game, player)
            self.np.copyto(self._made, tensor)

        def string_from(self, state: Any, player: int) -> str:
            """The information-state string (the player's private record) or the
            observation string (``str(view)``)."""
            if self.perfect_recall:
                return f"p{player} " + " ".join(state.log[player])
            if state.hand is None:
                cards = " ".join(str(CARDS[c]) for c in _dealt_to(state, player))
                return f"p{player} dealing: {cards}"
            return str(_view(state.hand, player, None, state.drawn[player]))

    return GinRulesGame


def _set_from_scratch(tensor: Any, state: Any, player: int, perfect_recall: bool) -> None:
    """The observer's ``set_from`` as it was first written: the view from the whole
    history (:func:`ginrules.players.view`), the tensor filled a card at a time (the
    reference of the property tests of the observer)."""
    tensor.fill(0.0)
    if state.hand is None:
        for card in _dealt_to(state, player):
            tensor[card] = 1.0
            if perfect_recall:
                tensor[OBSERVATION_SIZE + card] = 1.0
        return
    v = view(state.hand, player)
    planes = _masks(v)
    for k, mask in enumerate(planes):
        base = 52 * k
        while mask:
            low = mask & -mask
            tensor[base + low.bit_length() - 1] = 1.0
            mask ^= low
    tensor[52 * len(planes) : OBSERVATION_SIZE] = _scalar_list(v, state.scores(player), None)
    if perfect_recall:
        for card in _first_cards(state.hand, player):
            tensor[OBSERVATION_SIZE + card] = 1.0


def _dealt_to(state: Any, player: int) -> list[int]:
    """The cards dealt so far to ``player`` in a deal under way."""
    non_dealer = 1 - state.dealer
    start = 0 if player == non_dealer else 1
    return [state.dealt[n] for n in range(start, min(len(state.dealt), 20), 2)]


def _first_cards(hand: HandState, player: int) -> list[int]:
    """The ten cards ``player`` was dealt in this hand (its own knowledge)."""
    start = 0 if player != hand.dealer else 1
    return [hand.deck.cards[n].index for n in range(start, 20, 2)]


def _actions_in_hand(hand: HandState) -> int:
    """How many OpenSpiel actions the hand took so far: the deal, the actions, and a
    chance outcome after every stock draw."""
    draws = sum(1 for _, a in hand.actions if a.kind is ActionKind.DRAW_STOCK)
    return 21 + len(hand.actions) + draws

