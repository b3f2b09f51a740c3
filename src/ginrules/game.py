"""Whole games: hands played to a target, with line, game and shutout bonuses, dealer
rotation, Oklahoma per hand, and Hollywood scoring.

A game keeps the facts (the finished hands) and derives every number from them with
:func:`score_sheet`, the same function a score-keeping app calls with its own results.

>>> import ginrules
>>> from ginrules import game
>>> g = game.new_game(ginrules.rules("short"), seed=3)
>>> g.dealer, g.hand.phase.value
(0, 'offer')
>>> g = game.play(g, game.random_players(seed=3))
>>> g.is_over, g.winner, g.sheet.games[0].final[g.winner].total > 50
(True, 0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

from ginrules._splitmix import GOLDEN, below, check_seed, mix, splitmix64
from ginrules.cards import Deck
from ginrules.errors import GinRulesError, IllegalActionError
from ginrules.hand import Action, EndKind, HandResult, HandState, apply, deal, legal_actions
from ginrules.rules import NextDealer, RuleSet, ShutoutRule
from ginrules.scoring import HandScore, score_hand

__all__ = [
    "FinalScore",
    "GameColumn",
    "GameState",
    "ScoreSheet",
    "SheetRow",
    "apply_action",
    "deal_hand",
    "hand_seed",
    "new_game",
    "next_dealer",
    "play",
    "random_players",
    "record_hand",
    "score_sheet",
]

# The first dealer and the random players draw from streams of their own, so that they
# are not the same numbers as the decks' seeds.
_DEALER_STREAM = 0xD1CE_D1CE_D1CE_D1CE
_PLAYER_STREAM = 0x5EED_5EED_5EED_5EED


def hand_seed(seed: int, number: int) -> int:
    """The deck seed of hand ``number`` (0-based) of a game played from ``seed``.

    It is the first SplitMix64 output for the state ``seed + number * 0x9E3779B97F4A7C15``
    (mod 2**64), so every hand of every game gets its own, reproducible deck.

    >>> hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
    True
    """
    return mix(check_seed(seed) + number * GOLDEN)


# -- the score sheet ------------------------------------------------------------------


@attrs.frozen
class FinalScore:
    """A player's final score in one game and its parts.

    ``shutout`` is what the shutout rule added (the doubled hand points, the doubled game
    bonus, or the flat bonus); ``total`` is the sum of the parts.

    >>> FinalScore(hand_points=59, line_bonus=25, game_bonus=100, shutout=59).total
    243
    """

    hand_points: int
    line_bonus: int
    game_bonus: int
    shutout: int

    @property
    def total(self) -> int:
        """Hand points plus every bonus.

        >>> FinalScore(110, 75, 100, 110).total
        395
        """
        return self.hand_points + self.line_bonus + self.game_bonus + self.shutout


@attrs.frozen
class SheetRow:
    """One priced hand: its number (1-based), kind, who scored and how much, and the game
    columns (0, 1, 2 in Hollywood) it was entered in.

    >>> from ginrules import rules
    >>> from ginrules.scoring import HandScore
    >>> score_sheet([HandScore("knocker", 1, 20, 20, 0, False, False)], rules("classic")).rows
    (SheetRow(number=1, kind=None, dealer=None, player=1, points=20, columns=(0,)),)
    """

    number: int
    kind: EndKind | None
    dealer: int | None
    player: int | None
    points: int
    columns: tuple[int, ...]


@attrs.frozen
class GameColumn:
    """One game of the sheet (Hollywood has three): running totals, hands won, and once
    a total reaches the target, the winner and both final scores.

    >>> from ginrules import rules
    >>> from ginrules.scoring import HandScore
    >>> column = score_sheet([HandScore("knocker", 0, 60, 60, 0, False, False)],
    ...                      rules("short")).games[0]
    >>> column.totals, column.hands_won, column.is_over, column.winner
    ((60, 0), (1, 0), True, 0)
    """

    totals: tuple[int, int]
    hands_won: tuple[int, int]
    winner: int | None
    final: tuple[FinalScore, FinalScore] | None

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target in this game."""
        return self.winner is not None


@attrs.frozen
class ScoreSheet:
    """Every hand priced, the game columns, and who won.

    In Hollywood scoring the match is over when all three games are; its winner is the
    player with more final points over the three games (``None`` on a tie).

    >>> from ginrules import rules
    >>> from ginrules.scoring import HandScore
    >>> win = HandScore("knocker", 0, 60, 60, 0, False, False)
    >>> sheet = score_sheet([win], rules("short"))
    >>> sheet.is_over, sheet.winner, sheet.final_totals()
    (True, 0, (245, 0))
    >>> sheet.to_dict()["final_scores"]
    [245, 0]
    """

    rows: tuple[SheetRow, ...]
    games: tuple[GameColumn, ...]

    @property
    def is_over(self) -> bool:
        """Whether every game of the sheet is over."""
        return all(g.is_over for g in self.games)

    @property
    def winner(self) -> int | None:
        """The winner of the game (or of the Hollywood match), once it is over."""
        if not self.is_over:
            return None
        if len(self.games) == 1:
            return self.games[0].winner
        points = [sum(g.final[p].total for g in self.games if g.final) for p in (0, 1)]
        return None if points[0] == points[1] else int(points[1] > points[0])

    def final_totals(self) -> tuple[int, int]:
        """Each player's final points summed over the games (running totals if not over)."""
        out = [0, 0]
        for g in self.games:
            for p in (0, 1):
                out[p] += g.final[p].total if g.final else g.totals[p]
        return out[0], out[1]

    def to_dict(self) -> dict[str, object]:
        """The sheet as a JSON-ready dict."""
        return {
            "winner": self.winner,
            "final_scores": list(self.final_totals()),
            "hands": [
                {
                    "hand": r.number,
                    "kind": None if r.kind is None else r.kind.value,
                    "winner": r.player,
                    "points": r.points,
                    "games": list(r.columns),
                }
                for r in self.rows
            ],
            "games": [
                {
                    "totals": list(g.totals),
                    "hands_won": list(g.hands_won),
                    "winner": g.winner,
                    "final": None if g.final is None else [
                        attrs.asdict(f) | {"total": f.total} for f in g.final
                    ],
                }
                for g in self.games
            ],
        }


def _finals(rules: RuleSet, totals: tuple[int, int], won: tuple[int, int], winner: int
            ) -> tuple[FinalScore, FinalScore]:
    out = []
    for p in (0, 1):
        game_bonus = rules.game_bonus if p == winner else 0
        shutout = 0
        if p == winner and won[1 - p] == 0:
            shutout = {
                ShutoutRule.NONE: 0,
                ShutoutRule.DOUBLE_HAND_POINTS: totals[p],
                ShutoutRule.DOUBLE_GAME_BONUS: rules.game_bonus,
                ShutoutRule.FLAT_BONUS: rules.shutout_bonus,
            }[rules.shutout]
        out.append(FinalScore(totals[p], won[p] * rules.line_bonus, game_bonus, shutout))
    return out[0], out[1]


def _hollywood_columns(
    player: int, won: list[list[int]], winners: list[int | None]
) -> tuple[int, ...]:
    """The games a won hand is entered in. A player may enter game 1 always, and game
    ``g + 1`` once they have an entry in game ``g`` from an earlier hand, or when game ``g``
    closed while they could still enter it (a shut-out player's next win is the first
    score of the next game in progress). Closed games take no entries."""
    columns = []
    allowed = True
    for g in range(len(won)):
        if g:
            allowed = won[g - 1][player] > 0 or (allowed and winners[g - 1] is not None)
        if allowed and winners[g] is None:
            columns.append(g)
    return tuple(columns)


def score_sheet(
    hands: Iterable[HandResult | HandScore], rules: RuleSet, *, hollywood: bool = False
) -> ScoreSheet:
    """Price a list of hands and total them with the bonuses.

    ``hands`` are :class:`~ginrules.hand.HandResult` facts (priced here under ``rules``)
    or already priced :class:`~ginrules.scoring.HandScore` values. A game ends as soon as
    a total reaches ``rules.target``; a hand after the end is an error. Line bonus: per
    hand won, for each player; an undercut is a hand won by the defender and a dead hand
    is won by nobody. Hollywood: a player's first won hand is entered in game 1, the
    second in games 1 and 2, the third and later in all three still open.

    >>> from ginrules import rules
    >>> from ginrules.scoring import HandScore
    >>> win = lambda player, points: HandScore("knocker", player, points, points, 0, False, False)
    >>> sheet = score_sheet([win(0, 60), win(0, 50)], rules("classic"))
    >>> sheet.winner, sheet.games[0].final[0]
    (0, FinalScore(hand_points=110, line_bonus=50, game_bonus=100, shutout=110))
    >>> sheet.final_totals()
    (370, 0)
    """
    count = 3 if hollywood else 1
    totals = [[0, 0] for _ in range(count)]
    won = [[0, 0] for _ in range(count)]
    winners: list[int | None] = [None] * count
    finals: list[tuple[FinalScore, FinalScore] | None] = [None] * count
    rows = []
    for number, item in enumerate(hands, 1):
        if all(w is not None for w in winners):
            raise GinRulesError(f"hand {number} comes after the game was over")
        if isinstance(item, HandResult):
            score, kind, dealer = score_hand(item, rules), item.kind, item.dealer
        else:
            score, kind, dealer = item, None, None
        player = score.player
        columns: tuple[int, ...] = ()
        if player is not None:
            columns = _hollywood_columns(player, won, winners)
            for g in columns:
                totals[g][player] += score.points
                won[g][player] += 1
                if totals[g][player] >= rules.target:
                    winners[g] = player
                    finals[g] = _finals(
                        rules, (totals[g][0], totals[g][1]), (won[g][0], won[g][1]), player
                    )
        rows.append(SheetRow(number, kind, dealer, player, score.points, columns))
    games = tuple(
        GameColumn((t[0], t[1]), (w[0], w[1]), winners[g], finals[g])
        for g, (t, w) in enumerate(zip(totals, won, strict=True))
    )
    return ScoreSheet(tuple(rows), games)


# -- the game state -------------------------------------------------------------------


def next_dealer(result: HandResult, rules: RuleSet) -> int:
    """Who deals after this hand: after a dead hand per ``rules.dealer_after_dead_hand``
    (seed 000: the same dealer), otherwise per ``rules.dealer_after_hand`` (alternate by
    default; or the winner or the loser of the hand, where a hand nobody scored alternates).

    >>> import ginrules
    >>> from ginrules import hand
    >>> s = hand.deal(ginrules.rules("classic", max_turns=1), seed=1, dealer=0)
    >>> s = hand.apply(hand.apply(hand.apply(s, "pass"), "pass"), "draw stock")
    >>> s = hand.apply(s, hand.legal_actions(s)[0])  # a discard: the turn cap ends the hand
    >>> s.result.kind.value, next_dealer(s.result, s.rules)
    ('dead', 0)
    """
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


@attrs.frozen
class GameState:
    """An immutable game: the rules, the finished hands, and the hand in play.

    Everything else is derived: :attr:`sheet` (the priced hands and totals),
    :attr:`totals`, :attr:`hands_won`, :attr:`dealer` of the next or current hand,
    :attr:`is_over` and :attr:`winner`. With a ``seed`` the hands are dealt from
    :func:`hand_seed`; without one, deal each hand yourself with :func:`deal_hand`.

    >>> import ginrules
    >>> g = play(new_game(ginrules.rules("short"), seed=3), random_players(seed=3))
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
        """The facts of every finished hand, in order."""
        return tuple(h.result for h in self.finished if h.result is not None)

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
        raise TypeError(f"rules must be a RuleSet (see ginrules.rules), not {type(rules).__name__}")
    if seed is None and dealer is None:
        raise GinRulesError("new_game needs a seed (to draw the first dealer) or a dealer")
    if seed is not None:
        check_seed(seed)
    if dealer is None:
        assert seed is not None
        dealer = below(splitmix64(seed ^ _DEALER_STREAM), 2)
    if type(dealer) is not int or dealer not in (0, 1):
        raise GinRulesError(f"dealer must be player 0 or 1, not {dealer!r}")
    game = GameState(rules, dealer, seed, hollywood, (), None, score_sheet((), rules,
                                                                            hollywood=hollywood))
    return deal_hand(game) if seed is not None else game


def deal_hand(game: GameState, *, deck: Deck | None = None) -> GameState:
    """Deal the next hand, with the right dealer, from ``deck`` or the game's seed.

    >>> import ginrules
    >>> g = deal_hand(new_game(ginrules.rules("classic"), dealer=1), deck=ginrules.Deck.standard())
    >>> g.hand.dealer, str(g.hand.upcard)
    (1, '8D')
    """
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
    hands = (*game.finished, finished)
    sheet = score_sheet(
        (h.result for h in hands if h.result is not None), game.rules, hollywood=game.hollywood
    )
    after = attrs.evolve(game, finished=hands, hand=None, sheet=sheet)
    if game.seed is not None and not sheet.is_over:
        return deal_hand(after)
    return after


def apply_action(game: GameState, action: Action | str) -> GameState:
    """Apply an action to the hand in play; a hand that ends is recorded (and the next one
    dealt when the game has a seed).

    >>> import ginrules
    >>> g = apply_action(new_game(ginrules.rules("classic"), seed=3), "pass")
    >>> [str(action) for _, action in g.hand.actions]
    ['pass']
    """
    if game.hand is None:
        raise IllegalActionError(
            "cannot act: the game is over" if game.is_over else "cannot act: no hand is dealt"
        )
    hand = apply(game.hand, action)
    if hand.is_over:
        return record_hand(game, hand)
    # the constructor, not attrs.evolve: this runs once per action of every game
    return GameState(game.rules, game.first_dealer, game.seed, game.hollywood, game.finished,
                     hand, game.sheet)


Player = Callable[[HandState, int], Action]
"""A player for :func:`play`: given the hand state and the seat, return an action.

Use :mod:`ginrules.players` for players that see only what their seat may see."""


def random_players(seed: int) -> tuple[Player, Player]:
    """Two uniformly random legal players, reproducible from ``seed`` (SplitMix64).

    >>> import ginrules
    >>> from ginrules import hand
    >>> first, _ = random_players(seed=1)
    >>> s = hand.deal(ginrules.rules("classic"), seed=1)
    >>> str(first(s, s.turn)) in ("take", "pass")
    True
    """
    stream = splitmix64(check_seed(seed) ^ _PLAYER_STREAM)

    def choose(state: HandState, seat: int) -> Action:
        actions = legal_actions(state)
        return actions[below(stream, len(actions))]

    return choose, choose


def play(game: GameState, players: Sequence[Player]) -> GameState:
    """Play the game to its end with ``players`` (seat 0, seat 1); returns the final state.

    >>> import ginrules
    >>> g = play(new_game(ginrules.rules("short"), seed=3), random_players(seed=3))
    >>> g.is_over, g.sheet.final_totals()
    (True, (243, 0))
    """
    if game.seed is None:
        raise GinRulesError("play needs a game with a seed (it deals the hands)")
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        game = apply_action(game, players[hand.turn](hand, hand.turn))
    return game
