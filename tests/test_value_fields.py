"""A value class made by hand is checked where it is made: a field of the wrong type is a
WrongTypeError naming the class, the field and what it takes; a value of the right type
out of its range (a player 2, a count below 0, a knock with no knocker) a GinRulesError.
Before, ``score_sheet([HandScore("knocker", 0, "60", ...)])`` failed deep inside with a
TypeError, and ``str(HandResult(kind="knock", ...))`` with an AttributeError.

``tests/test_wrong_types.py`` tries every wrong type on every constructor; this file
pins the messages and the range checks, and that the values the engine makes pass."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import ginrules
from ginrules import Action, Card, GinRulesError, Meld, WrongTypeError
from ginrules.knocking import EndKind, Layoff
from ginrules.players import AdvancedPlayer, ExpertPlayer, KnockEstimate, MasterPlayer
from ginrules.players.views import Event
from ginrules.scoring import HandScore
from ginrules.sheet import FinalScore, GameColumn, SheetRow, score_sheet

WIN = HandScore("knocker", 0, 20, 20, 0, False, False)
KNOCK = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 2D")[0]


@pytest.mark.parametrize(("make", "message"), [
    (lambda: HandScore("knocker", 0, "60", 60, 0, False, False),
     r"^HandScore takes an int as points, not str$"),
    (lambda: HandScore("knocker", 0, 60, 60, 0, 0, False),
     r"^HandScore takes a bool as undercut, not int 0$"),
    (lambda: HandScore(1, 0, 60, 60, 0, False, False),
     r"^HandScore takes a str or None as winner, not int 1$"),
    (lambda: attrs.evolve(KNOCK, kind="knock"),
     r"^HandResult takes an EndKind as kind, not str$"),
    (lambda: attrs.evolve(KNOCK, layoffs=[]),
     r"^HandResult takes a tuple of Layoff values as layoffs, not list$"),
    (lambda: attrs.evolve(KNOCK, layoffs=("7H onto 4H 5H 6H",)),
     r"^HandResult takes a tuple of Layoff values as layoffs, not tuple \(an item is str\)$"),
    (lambda: Layoff("7H", 0, Meld.of("4H 5H 6H")),
     r"^Layoff takes a Card as card, not str$"),
    (lambda: GameColumn((0, 0), (0, 0.5), None, None),
     r"^GameColumn takes a tuple \(int, int\) as hands_won, not tuple \(an item is float\)$"),
    (lambda: GameColumn((0, 0), (0, 0), None, (FinalScore(1, 2, 3, 4),)),
     r"^GameColumn takes a tuple \(FinalScore, FinalScore\) or None as final, not tuple$"),
    (lambda: ExpertPlayer(danger_weight="2"),
     r"^ExpertPlayer takes a number as danger_weight, not str$"),
    (lambda: MasterPlayer(play_for_game=None),
     r"^MasterPlayer takes a bool as play_for_game, not None$"),
    (lambda: AdvancedPlayer(take_margin=True),
     r"^AdvancedPlayer takes a number as take_margin, not bool$"),
    (lambda: Event(0, "draw stock", None),
     r"^Event takes an Action as action, not str$"),
    (lambda: Card(True, 0), r"^Card takes a Rank \(or its number, 1 to 13\) as rank, not bool$"),
])
def test_a_wrong_type_is_refused_where_it_is_given(make: Callable[[], object],
                                                   message: str) -> None:
    with pytest.raises(WrongTypeError, match=message):
        make()


@pytest.mark.parametrize(("make", "message"), [
    (lambda: HandScore("knocker", 2, 20, 20, 0, False, False),
     r"^a hand score's player is 0 or 1 when the knocker scores, not 2$"),
    (lambda: HandScore("knocker", None, 20, 20, 0, False, False),
     r"^a hand score's player is 0 or 1 when the knocker scores, not None$"),
    (lambda: HandScore(None, 1, 0, 0, 0, False, False),
     r"^a hand score with no winner has no player, not 1$"),
    (lambda: HandScore("winner", 1, 20, 20, 0, False, False),
     r"^a hand score's winner is 'knocker', 'defender' or None, not 'winner'$"),
    (lambda: HandScore("defender", 1, -20, 20, 0, True, False),
     r"^a hand score's points is 0 or more, not -20$"),
    (lambda: HandScore("defender", 1, 20, 20, -1, True, False),
     r"^a hand score's bonus is 0 or more, not -1$"),
    (lambda: attrs.evolve(KNOCK, knocker=None),
     r"^a knock has a knocker, 0 or 1, not None$"),
    (lambda: attrs.evolve(KNOCK, knocker=2), r"^the knocker is player 0 or 1, not 2$"),
    (lambda: attrs.evolve(KNOCK, kind=EndKind.DEAD), r"^a dead hand has no knocker, not 0$"),
    (lambda: attrs.evolve(KNOCK, dealer=-1), r"^a hand's dealer is player 0 or 1, not -1$"),
    (lambda: attrs.evolve(KNOCK, defender_deadwood=-5),
     r"^a hand result's defender_deadwood is 0 or more, not -5$"),
    (lambda: Layoff(Card.parse("7H"), -1, Meld.of("4H 5H 6H")),
     r"^a layoff's meld_index counts from 0, not -1$"),
    (lambda: SheetRow(1, None, 2, 0, 20, (0,)), r"^a SheetRow's dealer is 0, 1 or None, not 2$"),
    (lambda: GameColumn((0, 0), (0, 0), 3, None),
     r"^a GameColumn's winner is 0, 1 or None, not 3$"),
    (lambda: Event(2, Action.parse("draw stock"), None),
     r"^an event's player is 0 or 1, not 2$"),
    (lambda: attrs.evolve(ginrules.deal(ginrules.rules("classic"), seed=1).setup, dealer=2),
     r"^a hand's dealer is player 0 or 1, not 2$"),
    (lambda: attrs.evolve(ginrules.deal(ginrules.rules("classic"), seed=1).setup,
                          knock_limit=-1), r"^a knock limit is 0 or more, not -1$"),
])
def test_a_value_out_of_its_range_is_refused(make: Callable[[], object], message: str) -> None:
    with pytest.raises(GinRulesError, match=message) as caught:
        make()
    assert not isinstance(caught.value, WrongTypeError)


def test_a_number_may_be_an_int_and_an_optional_field_none() -> None:
    # a float field takes an int (not a bool); a field of "X | None" takes None
    assert ExpertPlayer(danger_weight=3, knock_margin=-1).danger_weight == 3
    estimate = KnockEstimate(7, 0, 3, 1, None, None, 48, "expert")
    assert (estimate.undercut_risk, estimate.knock_wins_game) == (0, None)
    with pytest.raises(WrongTypeError, match="takes a number as undercut_risk, not bool"):
        KnockEstimate(7, False, 3, 1, None, None, 48, "expert")
    assert Event(0, Action.parse("pass"), None, None).declined is None


def test_the_sheet_refuses_a_hand_score_before_adding_it() -> None:
    # the two scores that used to fail inside score_sheet (a TypeError, an IndexError)
    with pytest.raises(WrongTypeError, match="HandScore takes an int as points, not str"):
        score_sheet([WIN, HandScore("knocker", 0, "60", 60, 0, False, False)],
                    ginrules.rules("classic"))
    with pytest.raises(GinRulesError, match="player is 0 or 1 when the knocker scores, not 3"):
        HandScore("knocker", 3, 60, 60, 0, False, False)


def test_every_value_a_game_makes_passes_its_checks() -> None:
    # a whole game under each preset (and Hollywood), rebuilt field by field
    for name in ginrules.rulesets.PRESETS:
        for hollywood in (False, True):
            check_a_game(name, hollywood)


def check_a_game(name: str, hollywood: bool) -> None:
    played = ginrules.game.play(
        ginrules.new_game(ginrules.rules(name), seed=5, hollywood=hollywood),
        [ginrules.players.make_player("basic", seed=5)] * 2)
    assert played.is_over
    for hand in played.finished:
        assert all(attrs.evolve(event) == event for event in hand.view(0).events)
        result = hand.result
        assert result is not None
        assert attrs.evolve(result) == result
        score = ginrules.score_hand(result, played.rules)
        assert attrs.evolve(score) == score
    sheet = played.sheet
    assert all(attrs.evolve(row) == row for row in sheet.rows)
    assert all(attrs.evolve(column) == column for column in sheet.games)
