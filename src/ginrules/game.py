"""Whole games: hands played to a target, dealer rotation, Oklahoma per hand, Hollywood.

A game keeps the facts (the finished hands) and derives every number from them with
the score sheet (:mod:`ginrules.sheet`), extended by each hand as it ends
(:meth:`~ginrules.sheet.ScoreSheet.add`, what :func:`~ginrules.sheet.score_sheet` does for
a score-keeping app's own results): a hand costs the same however many came before.

>>> import ginrules
>>> g = ginrules.new_game(ginrules.rules("short"), seed=3)
>>> g.dealer, g.hand.phase.value
(0, 'offer')
>>> g = ginrules.game.play(g, ginrules.game.random_policies(seed=3))
>>> g.is_over, g.winner, g.sheet.games[0].final[g.winner].total > 50
(True, 0, True)
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs

from ginrules._splitmix import GOLDEN, below, check_seed, mix, splitmix64
from ginrules.actions import Action
from ginrules.cards import Deck
from ginrules.errors import (
    GinRulesError,
    IllegalActionError,
    WrongTypeError,
    _type_name,
    _wrong_type,
)
from ginrules.hand import HandState, deal
from ginrules.hand import apply as _apply_to_hand
from ginrules.hand import is_legal as _is_legal_in_hand
from ginrules.hand import legal_actions as _hand_legal_actions
from ginrules.knocking import EndKind, HandResult
from ginrules.rulesets import NextDealer, RuleSet
from ginrules.scoring import score_hand
from ginrules.sheet import ScoreSheet

if TYPE_CHECKING:
    from ginrules.players import Player
    from ginrules.players.views import View

__all__ = [
    "GameState",
    "Policy",
    "apply",
    "deal_hand",
    "hand_seed",
    "is_legal",
    "legal_actions",
    "new_game",
    "next_dealer",
    "play",
    "random_policies",
    "record_hand",
]

# The first dealer and the random players draw from streams of their own, so that they
# are not the same numbers as the decks' seeds.
_DEALER_STREAM = 0xD1CE_D1CE_D1CE_D1CE
_PLAYER_STREAM = 0x5EED_5EED_5EED_5EED
_RESULT = operator.attrgetter("result")


def hand_seed(seed: int, number: int) -> int:
    """The deck seed of hand ``number`` (0-based) of a game played from ``seed``.

    It is the first SplitMix64 output for the state ``seed + number * 0x9E3779B97F4A7C15``
    (mod 2**64), so every hand of every game gets its own, reproducible deck.

    >>> hand_seed(1, 0), hand_seed(1, 1)  # SplitMix64's published first outputs
    (10451216379200822465, 13757245211066428519)
    """
    return mix(check_seed(seed) + check_seed(number, "number") * GOLDEN)



# -- the game state -------------------------------------------------------------------


def next_dealer(result: HandResult, rules: RuleSet) -> int:
    """Who deals after this hand: after a dead hand per ``rules.dealer_after_dead_hand``
    (the German rules page: the same dealer), otherwise per ``rules.dealer_after_hand``
    (alternate by default; or the winner or the loser of the hand, where a hand nobody
    scored alternates).

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic", max_turns=1), seed=1, dealer=0)
    >>> s = hand.apply(hand.apply(hand.apply(s, "pass"), "pass"), "draw stock")
    >>> s = hand.apply(s, hand.legal_actions(s)[0])  # a discard: the turn cap ends the hand
    >>> s.result.kind.value, next_dealer(s.result, s.rules)
    ('dead', 0)
    """
    if not isinstance(result, HandResult):
        raise _wrong_type("next_dealer", "a HandResult (state.result of a finished hand)",
                          result)
    if not isinstance(rules, RuleSet):
        raise _wrong_type("next_dealer", "a RuleSet (see ginrules.rules)", rules)
    dealer = result.dealer
    dead = result.kind is EndKind.DEAD
    how = rules.dealer_after_dead_hand if dead else rules.dealer_after_hand
    if how is NextDealer.SAME:
        return dealer
    winner = None if dead else score_hand(result, rules).player
    if how is NextDealer.WINNER and winner is not None:
        return winner
    if how is NextDealer.LOSER and winner is not None:
        return 1 - winner
    return 1 - dealer


@attrs.frozen(repr=False)
class GameState:
    """An immutable game: the rules, the finished hands, and the hand in play.

    Everything else is derived: :attr:`sheet` (the priced hands and totals),
    :attr:`totals`, :attr:`hands_won`, :attr:`dealer` of the next or current hand,
    :attr:`is_over` and :attr:`winner`. With a ``seed`` the hands are dealt from
    :func:`hand_seed`; without one, deal each hand yourself with :func:`deal_hand`.

    ``str(game)`` shows both players' hands (a server's log); :meth:`text` shows one
    seat's view of it (what a client may be sent); ``str(game.sheet)`` is the score sheet
    as a table. In a notebook a game shows itself as a picture: the sheet and the hand.

    A hand costs the same however many came before: the sheet is extended by each hand
    (:meth:`~ginrules.sheet.ScoreSheet.add`, rows kept in a persistent chunked
    sequence), and :attr:`finished` grows by a C-level copy of its references (about
    2 ns per hand already played, measured negligible by ``benchmarks/bench_scale.py``).

    >>> import ginrules
    >>> g = play(new_game(ginrules.rules("short"), seed=3), random_policies(seed=3))
    >>> g.is_over, g.winner, g.totals, g.hands_won, len(g.results), g.dealer
    (True, 0, (59, 0), (1, 0), 2, 1)
    """

    rules: RuleSet
    first_dealer: int
    seed: int | None
    hollywood: bool
    finished: tuple[HandState, ...]
    hand: HandState | None
    sheet: ScoreSheet

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The facts of every finished hand, in order (a C-level pass over
        :attr:`finished`: every finished hand has its result)."""
        return tuple(map(_RESULT, self.finished))

    @property
    def totals(self) -> tuple[int, int]:
        """Both players' running hand points (game 1 in Hollywood)."""
        return self.sheet.games[0].totals

    @property
    def hands_won(self) -> tuple[int, int]:
        """How many hands each player has won (game 1 in Hollywood)."""
        return self.sheet.games[0].hands_won

    @property
    def dealer(self) -> int:
        """The dealer of the hand in play, or of the next hand."""
        if self.hand is not None:
            return self.hand.dealer
        if not self.finished:
            return self.first_dealer
        last = self.finished[-1].result
        assert last is not None
        return next_dealer(last, self.rules)

    @property
    def is_over(self) -> bool:
        """Whether the game (every Hollywood game) is over."""
        return self.sheet.is_over

    @property
    def winner(self) -> int | None:
        """The winner, once the game is over."""
        return self.sheet.winner

    # -- methods: thin delegates to the module functions ------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in the hand in play (see :func:`legal_actions`).

        >>> import ginrules
        >>> [str(a) for a in ginrules.new_game(ginrules.rules("classic"), seed=3).legal_actions()]
        ['take', 'pass']
        """
        return legal_actions(self)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` may be applied to the hand in play now.

        >>> import ginrules
        >>> ginrules.new_game(ginrules.rules("classic"), seed=3).is_legal("take")
        True
        """
        return is_legal(self, action)

    def apply(self, action: Action | str, *, player: int | None = None) -> GameState:
        """The game after ``action`` (see :func:`apply`); this state is unchanged.

        >>> import ginrules
        >>> g = ginrules.new_game(ginrules.rules("classic"), seed=3)
        >>> g.apply("pass", player=g.hand.turn).hand.turn != g.hand.turn
        True
        """
        return apply(self, action, player=player)

    def view(self, player: int) -> View:
        """What ``player`` may see of the hand in play (see :func:`ginrules.players.view`),
        with both players' game totals as its ``scores`` (``None`` in Hollywood scoring,
        whose three games have three totals each).

        >>> import ginrules
        >>> v = ginrules.new_game(ginrules.rules("classic"), seed=3).view(0)
        >>> v.stock_size, v.scores
        (31, (0, 0))
        """
        if self.hand is None:
            raise GinRulesError("no hand is in play: "
                                + ("the game is over" if self.is_over else "deal one first"))
        from ginrules.players.views import view  # an upward convenience, imported on use

        return view(self.hand, player,
                    scores=None if self.hollywood else self.sheet.games[0].totals)

    def text(self, player: int) -> str:
        """The game as ``player`` may see it, as text: the scores, and the hand in play as
        that seat's view shows it (see :func:`ginrules.text.game_state_text`). Safe to
        send to that player's client, unlike ``str(game)``.

        >>> import ginrules
        >>> print(ginrules.new_game(ginrules.rules("classic"), seed=3).text(0))
        classic rules, target 100; hand 1, dealer 0; totals 0-0, hands won 0-0
        player 0's view; classic rules, dealer 0, knock limit 10
        game       you 0, opponent 0; to 100
        your cards deadwood 5C 8C 9C QC 4D 7D 6H KH AS 7S = 67
        opponent   10 cards, none known
        discard    TS   stock 31
        player 1 to take or pass the upcard TS
        """
        from ginrules.text import game_state_text  # an upward convenience, imported on use

        return game_state_text(self, player)

    # -- pictures and text -------------------------------------------------------------

    def _repr_svg_(self) -> str:
        from ginrules import svg  # drawn only when a notebook asks

        return svg.game(self)

    def __repr__(self) -> str:
        from ginrules.text import game_state_repr

        return game_state_repr(self)

    def __str__(self) -> str:
        """The scores and the hand in play with **both players' hands**: for a server's
        log, never for a client (send ``game.text(player)`` or ``game.view(player)``)."""
        from ginrules.text import game_state_text

        return game_state_text(self)


def new_game(
    rules: RuleSet,
    *,
    seed: int | None = None,
    dealer: int | None = None,
    hollywood: bool = False,
) -> GameState:
    """Start a game. With a ``seed``, the first dealer is drawn from it (unless given) and
    the first hand is dealt; without one, give the ``dealer`` and deal with :func:`deal_hand`.

    >>> import ginrules
    >>> g = new_game(ginrules.rules("classic"), dealer=0)
    >>> g.hand is None, g.dealer, g.totals
    (True, 0, (0, 0))
    """
    if not isinstance(rules, RuleSet):
        raise WrongTypeError(
            f"rules must be a RuleSet (see ginrules.rules), not {_type_name(rules)}")
    if seed is None and dealer is None:
        raise GinRulesError("new_game needs a seed (to draw the first dealer) or a dealer")
    if seed is not None:
        check_seed(seed)
    if dealer is None:
        assert seed is not None
        dealer = below(splitmix64(seed ^ _DEALER_STREAM), 2)
    if type(dealer) is not int or dealer not in (0, 1):
        error = GinRulesError if type(dealer) is int else WrongTypeError
        raise error(f"dealer must be player 0 or 1, not {dealer!r}")
    game = GameState(rules, dealer, seed, hollywood, (), None,
                     ScoreSheet.empty(hollywood=hollywood))
    return deal_hand(game) if seed is not None else game


def deal_hand(game: GameState, *, deck: Deck | None = None) -> GameState:
    """Deal the next hand, with the right dealer, from ``deck`` or the game's seed.

    >>> import ginrules
    >>> g = deal_hand(new_game(ginrules.rules("classic"), dealer=1), deck=ginrules.Deck.standard())
    >>> g.hand.dealer, str(g.hand.upcard)
    (1, '8D')
    """
    if type(game) is not GameState:
        raise _not_a_game("deal_hand", game)
    if deck is not None and not isinstance(deck, Deck):
        raise _wrong_type("deal_hand", "a Deck as deck (see ginrules.Deck), or None", deck)
    if game.is_over:
        raise GinRulesError("the game is over: no more hands are dealt")
    if game.hand is not None:
        raise GinRulesError("a hand is already in play")
    if deck is None and game.seed is None:
        raise GinRulesError("this game has no seed: give the deck of the next hand")
    if deck is not None:
        hand = deal(game.rules, deck=deck, dealer=game.dealer)
    else:
        assert game.seed is not None
        hand = deal(game.rules, seed=hand_seed(game.seed, len(game.finished)),
                    dealer=game.dealer)
    # the constructor, not attrs.evolve: this runs once per action of every game
    return GameState(game.rules, game.first_dealer, game.seed, game.hollywood, game.finished,
                     hand, game.sheet)


def record_hand(game: GameState, finished: HandState) -> GameState:
    """Add a finished hand to the game (its score, the totals, who deals next); with a
    seed and the game not over, the next hand is dealt.

    The hand must be the game's: under its rules, dealt by the right dealer, and (when a
    hand is in play) from the same deal as the hand in play.

    >>> import ginrules
    >>> from ginrules import hand
    >>> g = new_game(ginrules.rules("classic", max_turns=1), dealer=0)
    >>> s = hand.deal(g.rules, seed=1, dealer=0)
    >>> s = hand.apply(hand.apply(hand.apply(s, "pass"), "pass"), "draw stock")
    >>> s = hand.apply(s, hand.legal_actions(s)[0])  # the turn cap ends the hand, dead
    >>> g = record_hand(g, s)
    >>> len(g.finished), g.totals, g.dealer
    (1, (0, 0), 0)
    """
    if type(game) is not GameState:
        raise _not_a_game("record_hand", game)
    if type(finished) is not HandState:
        raise _wrong_type("record_hand", "the finished hand's HandState", finished)
    if finished.result is None:
        raise GinRulesError("the hand is not over yet")
    if game.is_over:
        raise GinRulesError("the game is already over")
    if finished.rules != game.rules:
        raise GinRulesError("the hand was played under other rules than the game's")
    if finished.dealer != game.dealer:
        raise GinRulesError(
            f"the hand was dealt by player {finished.dealer}, but player {game.dealer} deals"
        )
    if game.hand is not None and finished.deck != game.hand.deck:
        raise GinRulesError("the hand is not the one in play: it comes from another deal")
    # the sheet is extended by this hand alone (constant work, its rows are a persistent
    # chunked sequence); the tuple of finished hands grows by a C-level copy of its
    # references: about 2 ns a hand already played (15 µs at 6,400 hands, against about
    # 120 µs for the shortest hands; benchmarks/bench_scale.py)
    sheet = game.sheet.add(finished.result, game.rules)
    after = GameState(game.rules, game.first_dealer, game.seed, game.hollywood,
                      game.finished + (finished,), None, sheet)  # noqa: RUF005 (2x faster)
    if game.seed is not None and not sheet.is_over:
        return deal_hand(after)
    return after


def apply(game: GameState, action: Action | str, *, player: int | None = None) -> GameState:
    """Apply an action to the hand in play; a hand that ends is recorded (and the next one
    dealt when the game has a seed). Give ``player`` to have it checked that it is that
    player's turn, as :func:`ginrules.hand.apply` does.

    >>> import ginrules
    >>> g = apply(new_game(ginrules.rules("classic"), seed=3), "pass")
    >>> [str(action) for _, action in g.hand.actions]
    ['pass']
    """
    if type(game) is not GameState:
        raise _not_a_game("apply", game)
    if game.hand is None:
        raise IllegalActionError(
            "cannot act: the game is over" if game.is_over else "cannot act: no hand is dealt"
        )
    hand = _apply_to_hand(game.hand, action, player=player)
    if hand.is_over:
        return record_hand(game, hand)
    # the constructor, not attrs.evolve: this runs once per action of every game
    return GameState(game.rules, game.first_dealer, game.seed, game.hollywood, game.finished,
                     hand, game.sheet)


def legal_actions(game: GameState) -> tuple[Action, ...]:
    """The legal actions in the hand in play (empty when no hand is in play).

    >>> import ginrules
    >>> [str(a) for a in legal_actions(new_game(ginrules.rules("classic"), seed=3))]
    ['take', 'pass']
    """
    if type(game) is not GameState:
        raise _not_a_game("legal_actions", game)
    return () if game.hand is None else _hand_legal_actions(game.hand)


def is_legal(game: GameState, action: Action | str) -> bool:
    """Whether ``action`` may be applied to the hand in play now.

    >>> import ginrules
    >>> is_legal(new_game(ginrules.rules("classic"), seed=3), "draw stock")
    False
    """
    if type(game) is not GameState:
        raise _not_a_game("is_legal", game)
    return game.hand is not None and _is_legal_in_hand(game.hand, action)


def _not_a_game(function: str, value: object) -> WrongTypeError:
    kind = _type_name(value)
    if kind == "HandState":
        return WrongTypeError(f"ginrules.game.{function} takes a GameState, not a HandState: "
                              f"use ginrules.hand.{function} or state.{function}()")
    return WrongTypeError(f"ginrules.game.{function} takes a GameState (see ginrules.new_game), "
                          f"not {kind}")


Policy = Callable[[HandState, int], Action]
"""A function that sees the whole hand state: given the state and the seat, it returns an
action. For simulations and tests; a :class:`ginrules.players.Player` sees only its view."""


def random_policies(seed: int) -> tuple[Policy, Policy]:
    """Two uniformly random legal policies, reproducible from ``seed`` (SplitMix64).

    >>> import ginrules
    >>> first, _ = random_policies(seed=1)
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=1)
    >>> str(first(s, s.turn)) in ("take", "pass")
    True
    """
    stream = splitmix64(check_seed(seed) ^ _PLAYER_STREAM)

    def choose(state: HandState, seat: int) -> Action:
        actions = _hand_legal_actions(state)
        return actions[below(stream, len(actions))]

    return choose, choose


def _chooser(player: Player | Policy) -> Callable[[GameState, int], Action]:
    """How ``player`` picks the action of the seat to move in a game: a Player from its
    view with the game scores (:meth:`GameState.view`), a Policy from the hand state."""
    choose = getattr(player, "choose", None)
    if callable(choose):
        return lambda game, turn: cast("Action", choose(game.view(turn)))
    if callable(player):
        return lambda game, turn: player(cast("HandState", game.hand), turn)
    raise WrongTypeError(f"a player is a ginrules.players.Player (with choose(view)) or a "
                         f"function (state, seat) -> action, not {_type_name(player)}")


def play(game: GameState, players: Sequence[Player | Policy]) -> GameState:
    """Play the game to its end with two players (seat 0, seat 1); returns the final state.

    Each player is a :class:`ginrules.players.Player` (it is shown only its seat's view,
    with the game scores: :meth:`GameState.view`) or a :data:`Policy` (a function of the
    whole state and the seat).

    >>> import ginrules
    >>> from ginrules.players import BasicPlayer
    >>> g = play(new_game(ginrules.rules("short"), seed=3), random_policies(seed=3))
    >>> g.is_over, g.sheet.final_totals()
    (True, (243, 0))
    >>> play(new_game(ginrules.rules("short"), seed=3), [BasicPlayer(), BasicPlayer()]).is_over
    True
    """
    if type(game) is not GameState:
        raise _not_a_game("play", game)
    if game.seed is None:
        raise GinRulesError("play needs a game with a seed (it deals the hands)")
    if not isinstance(players, Sequence) or isinstance(players, (str, bytes)):
        raise _wrong_type("play", "the two players as a list or a tuple", players)
    if len(players) != 2:
        raise GinRulesError(f"a game has two players, not {players!r}")
    choosers = [_chooser(p) for p in players]
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        game = apply(game, choosers[hand.turn](game, hand.turn))
    return game


# -- names of 0.1.0 kept for a while ----------------------------------------------------

_DEPRECATED: dict[str, tuple[str, Any]] = {
    "apply_action": ("ginrules.game.apply", apply),
    "random_players": ("ginrules.game.random_policies", random_policies),
    "Player": ("ginrules.game.Policy (a function of the whole state; "
               "ginrules.players.Player sees a view)", Policy),
    "FinalScore": ("ginrules.sheet.FinalScore", None),
    "GameColumn": ("ginrules.sheet.GameColumn", None),
    "SheetRow": ("ginrules.sheet.SheetRow", None),
    "score_sheet": ("ginrules.sheet.score_sheet", None),
}


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED:
        instead, value = _DEPRECATED[name]
        warnings.warn(f"ginrules.game.{name} is deprecated since 0.2.0: use {instead}",
                      DeprecationWarning, stacklevel=2)
        if value is None:
            from ginrules import sheet

            value = getattr(sheet, name)
        return value
    raise AttributeError(f"module 'ginrules.game' has no attribute {name!r}")
