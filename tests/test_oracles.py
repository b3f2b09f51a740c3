"""Rules pinned by independent oracles: worked numbers written as literals (from the
sources or from hand calculation), never the library's own functions."""

from __future__ import annotations

import pytest

import ginrules
from ginrules import GinRulesError, HandScore, rules
from ginrules.sheet import FinalScore, score_sheet


def test_the_knocker_leaves_the_fewest_layoffs_among_equal_defences() -> None:
    """Knocker 3C 3D 3H 4C 4D 4H 5C 5D 5H KS: three runs or three sets, deadwood KS = 10
    either way. Defender 4S 2C 2D 9C JD KH 8S QC 7D TH (72 points, no meld). Against the
    runs it lays off 2C and 2D (4 points, two layoffs); against the sets, 4S (4 points,
    one layoff): 68 either way, so the knocker shows the sets (the fewest layoffs), and
    scores 68 - 10 = 58."""
    result, score = ginrules.showdown("3C 3D 3H 4C 4D 4H 5C 5D 5H KS",
                                      "4S 2C 2D 9C JD KH 8S QC 7D TH")
    assert [str(m) for m in result.knocker_melds] == ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]
    assert [str(x) for x in result.layoffs] == ["4S onto 4C 4D 4H"]
    assert (result.knocker_deadwood, result.defender_deadwood) == (10, 68)
    assert (score.winner, score.points) == ("knocker", 58)


def test_a_shutout_is_decided_by_hands_won_not_by_points() -> None:
    """With no undercut bonus a tie undercut wins the defender a hand worth 0 points. The
    loser has then won a hand: no shutout. Player 0: 60 + 50 = 110 hand points, two hands
    won (line bonus 50), game bonus 100, no shutout: 260. Player 1: one hand won, 0
    points, line bonus 25."""
    the_rules = rules("classic", undercut_bonus=0)
    hands = [HandScore("knocker", 0, 60, 60, 0, False, False),
             HandScore("defender", 1, 0, 0, 0, True, False),
             HandScore("knocker", 0, 50, 50, 0, False, False)]
    sheet = score_sheet(hands, the_rules)
    assert sheet.games[0].hands_won == (2, 1)
    assert sheet.games[0].final == (FinalScore(110, 50, 100, 0), FinalScore(0, 25, 0, 0))
    assert sheet.final_totals() == (260, 25)
    # the same without the 0-point hand is a shutout: 110 doubled
    shut = score_sheet([hands[0], hands[2]], the_rules)
    assert shut.final_totals() == (110 + 50 + 100 + 110, 0)


def test_a_game_refuses_a_hand_from_another_deal() -> None:
    game = ginrules.new_game(rules("classic", max_turns=1), seed=1)
    dealer = game.hand.dealer
    other = ginrules.deal(game.rules, seed=999, dealer=dealer)
    other = other.apply("pass").apply("pass").apply("draw stock")
    other = other.apply(next(a for a in other.legal_actions() if a.kind.value == "discard"))
    assert other.is_over
    with pytest.raises(GinRulesError, match="not the one in play: it comes from another deal"):
        ginrules.game.record_hand(game, other)


def test_the_events_after_both_players_pass() -> None:
    """After both pass the upcard TS, the first stock draw declines nothing: the upcard
    was already refused twice."""
    state = ginrules.deal(rules("classic"), seed=7, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    assert [str(e) for e in state.view(0).events] == [
        "player 1 pass (declined TS)",
        "player 0 pass (declined TS)",
        "player 1 draw stock",
    ]
    later = state.apply(state.legal_actions()[0]).apply("draw stock")
    assert str(later.view(1).events[-1]).startswith("player 0 draw stock (declined ")
