"""The score sheet: hands priced and totalled to a target, with line, game and shutout
bonuses, and Hollywood scoring (three games at once).

:func:`score_sheet` takes the facts of finished hands (or hands already priced) and a
rule set; a score-keeping app calls it with its own results, and a game
(:class:`ginrules.game.GameState`) derives every number from it.

>>> from ginrules import rules
>>> from ginrules.scoring import HandScore
>>> win = HandScore("knocker", 0, 60, 60, 0, False, False)
>>> score_sheet([win], rules("short")).final_totals()
(245, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from ginrules._chunked import Chunked
from ginrules._fields import check_fields
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.knocking import EndKind, HandResult
from ginrules.rulesets import LineBonusTo, RuleSet, ShutoutRule
from ginrules.scoring import HandScore, score_hand

__all__ = ["FinalScore", "GameColumn", "ScoreSheet", "SheetRow", "score_sheet"]



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

    def __attrs_post_init__(self) -> None:
        check_fields(self)

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

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        _players(self, "dealer", "player")


def _players(value: object, *names: str) -> None:
    """Each field of ``names`` is a player, 0 or 1, or None.

    >>> SheetRow(1, None, None, 2, 20, (0,))
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: a SheetRow's player is 0, 1 or None, not 2
    """
    for name in names:
        if getattr(value, name) not in (0, 1, None):
            raise GinRulesError(f"a {type(value).__name__}'s {name} is 0, 1 or None, not "
                                f"{getattr(value, name)}")


def _one_or_three_games(sheet: object, attribute: object, games: object) -> None:
    """A sheet has one game column, or three in Hollywood.

    >>> ScoreSheet((), ScoreSheet.empty(hollywood=True).games[:2])
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: a score sheet has one game column, or three in Hollywood, not 2
    """
    if type(games) is not tuple or not all(type(g) is GameColumn for g in games):
        raise _wrong_type("ScoreSheet", "games: a tuple of GameColumn values", games)
    if len(games) not in (1, 3):
        raise GinRulesError(f"a score sheet has one game column, or three in Hollywood, "
                            f"not {len(games)}")


def _as_rows(rows: Iterable[SheetRow]) -> Chunked[SheetRow]:
    if isinstance(rows, Chunked):
        return rows
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise _wrong_type("ScoreSheet", "rows: SheetRow values", rows)
    items = tuple(rows)
    for row in items:
        if not isinstance(row, SheetRow):
            raise _wrong_type("ScoreSheet", "rows: SheetRow values", row)
    return Chunked.of(items)


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

    def __attrs_post_init__(self) -> None:
        check_fields(self)
        _players(self, "winner")

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

    ``str(sheet)`` is the sheet as a table (:func:`ginrules.text.sheet_text`, which also
    takes the seats' names and the hands' results):

    >>> print(str(sheet).splitlines()[-1])
    won by player 0, 245 to 0
    """

    rows: Sequence[SheetRow] = attrs.field(converter=_as_rows)
    games: tuple[GameColumn, ...] = attrs.field(validator=_one_or_three_games)

    @classmethod
    def empty(cls, *, hollywood: bool = False) -> ScoreSheet:
        """The sheet before the first hand: one game column (three in Hollywood).

        >>> ScoreSheet.empty(hollywood=True).games[2]
        GameColumn(totals=(0, 0), hands_won=(0, 0), winner=None, final=None)
        """
        return _EMPTY_HOLLYWOOD if hollywood else _EMPTY

    def add(self, hand: HandResult | HandScore, rules: RuleSet) -> ScoreSheet:
        """This sheet with one more hand priced (a :class:`~ginrules.knocking.HandResult`,
        priced under ``rules``, or a :class:`~ginrules.scoring.HandScore`) and totalled.

        The totals are carried forward, so the work does not depend on how many hands
        came before: only the game columns (one, or three in Hollywood) are rebuilt, and
        :attr:`rows` is a persistent chunked sequence (full chunks of 64 rows are shared
        between the sheets, only the last chunk is copied; see ``benchmarks/
        bench_scale.py``). A hand after the end is an error.

        >>> from ginrules import rules
        >>> from ginrules.scoring import HandScore
        >>> sheet = ScoreSheet.empty().add(HandScore("knocker", 1, 20, 20, 0, False, False),
        ...                                rules("classic"))
        >>> sheet.games[0].totals, sheet.rows[-1].number
        ((0, 20), 1)
        >>> sheet.add(HandScore("knocker", 1, 90, 90, 0, False, False), rules("classic")
        ...           ).add(HandScore("knocker", 0, 5, 5, 0, False, False), rules("classic"))
        Traceback (most recent call last):
        ...
        ginrules.errors.GinRulesError: hand 3 comes after the game was over
        """
        if not isinstance(hand, (HandResult, HandScore)):
            raise _wrong_type("ScoreSheet.add", "a HandResult (state.result of a finished "
                              "hand) or a HandScore", hand)
        if not isinstance(rules, RuleSet):
            raise _wrong_type("ScoreSheet.add", "a RuleSet (see ginrules.rules)", rules)
        number = len(self.rows) + 1
        games = self.games
        if all(g.winner is not None for g in games):
            raise GinRulesError(f"hand {number} comes after the game was over")
        if isinstance(hand, HandResult):
            score, kind, dealer = score_hand(hand, rules), hand.kind, hand.dealer
        else:
            score, kind, dealer = hand, None, None
        player = score.player
        columns: tuple[int, ...] = ()
        if player is not None:
            columns = _hollywood_columns(player, games)
            changed = list(games)
            for g in columns:
                column = games[g]
                totals = _plus(column.totals, player, score.points)
                won = _plus(column.hands_won, player, 1)
                if totals[player] >= rules.target:
                    changed[g] = GameColumn(totals, won, player,
                                            _finals(rules, totals, won, player))
                else:
                    changed[g] = GameColumn(totals, won, None, None)
            games = tuple(changed)
        row = SheetRow(number, kind, dealer, player, score.points, columns)
        rows = self.rows
        assert isinstance(rows, Chunked)  # the converter made it one
        return ScoreSheet(rows.plus(row), games)

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

    def __str__(self) -> str:
        from ginrules.text import sheet_text  # the table, drawn only when asked for

        return sheet_text(self)

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
        line = won[p] * rules.line_bonus
        if rules.line_bonus_to is LineBonusTo.WINNER and p != winner:
            line = 0  # the Dutch how-to: the winner's hands only
        out.append(FinalScore(totals[p], line, game_bonus, shutout))
    return out[0], out[1]


def _hollywood_columns(player: int, games: tuple[GameColumn, ...]) -> tuple[int, ...]:
    """The games a won hand is entered in. A player may enter game 1 always, and game
    ``g + 1`` once they have an entry in game ``g`` from an earlier hand, or when game ``g``
    closed while they could still enter it (a shut-out player's next win is the first
    score of the next game in progress). Closed games take no entries."""
    columns = []
    allowed = True
    for g, column in enumerate(games):
        if g:
            before = games[g - 1]
            allowed = before.hands_won[player] > 0 or (allowed and before.winner is not None)
        if allowed and column.winner is None:
            columns.append(g)
    return tuple(columns)


def score_sheet(
    hands: Iterable[HandResult | HandScore], rules: RuleSet, *, hollywood: bool = False
) -> ScoreSheet:
    """Price a list of hands and total them with the bonuses.

    ``hands`` are :class:`~ginrules.knocking.HandResult` facts (priced here under ``rules``)
    or already priced :class:`~ginrules.scoring.HandScore` values. A game ends as soon as
    a total reaches ``rules.target``; a hand after the end is an error. Line bonus: per
    hand won, for each player; an undercut is a hand won by the defender and a dead hand
    is won by nobody. Hollywood: a player's first won hand is entered in game 1, the
    second in games 1 and 2, the third and later in all three still open.

    It is the empty sheet extended by :meth:`ScoreSheet.add` one hand at a time, the one
    mechanism a game, the record writer and the validator share.

    >>> from ginrules import rules
    >>> from ginrules.scoring import HandScore
    >>> win = lambda player, points: HandScore("knocker", player, points, points, 0, False, False)
    >>> sheet = score_sheet([win(0, 60), win(0, 50)], rules("classic"))
    >>> sheet.winner, sheet.games[0].final[0]
    (0, FinalScore(hand_points=110, line_bonus=50, game_bonus=100, shutout=110))
    >>> sheet.final_totals()
    (370, 0)
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise _wrong_type("score_sheet", "hands: HandResult or HandScore values", hands)
    sheet = ScoreSheet.empty(hollywood=hollywood)
    for item in hands:
        sheet = sheet.add(item, rules)
    return sheet


def _plus(pair: tuple[int, int], player: int, amount: int) -> tuple[int, int]:
    return (pair[0] + amount, pair[1]) if player == 0 else (pair[0], pair[1] + amount)


_NO_SCORE = GameColumn((0, 0), (0, 0), None, None)
_EMPTY = ScoreSheet((), (_NO_SCORE,))
_EMPTY_HOLLYWOOD = ScoreSheet((), (_NO_SCORE, _NO_SCORE, _NO_SCORE))
