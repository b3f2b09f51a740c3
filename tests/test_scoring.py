"""Hand scoring: a worked example for every rule, re-pricing, and showdown's errors."""

from __future__ import annotations

import pytest

from ginrules import (
    CARDS,
    CardNotationError,
    Deck,
    EndKind,
    GinRulesError,
    HandResult,
    HandScore,
    RuleSetError,
    deadwood,
    parse_card,
    parse_cards,
    rules,
    score_hand,
    showdown,
)
from ginrules import hand as h

KNOCKER_6 = "2C 3C 4C 5D 6D 7D 8D AH 2H 3S"  # deadwood 6 (AH 2H 3S)
FAR_63 = "KS QH JD 9C 9S 9H 7C 6H TS TH"  # 9C 9S 9H; deadwood 63; nothing lays off
KNOCKER_9 = "2C 3C 4C 5D 6D 7D 8D 2H 3S 4S"  # deadwood 9
TIE_9 = "AC 9D 5C AS 2S 3D 3H KH KS KD"  # lays off AC 5C 9D, melds the kings: 9 left
UNDER_5 = "AC 9D 5C AS 2S 3D AD KH KS KD"  # lays off 5C 9D; AC AS AD, kings: 5 left
UNDER_BY_1 = "AC 9D 5C AS 2S 6H AD KH KS KD"  # as UNDER_5 with 6H for 3D: 8 left
GIN = "2C 3C 4C 5D 6D 7D 8D AH 2H 3H"
NEAR = "AC 5C 4D 9D 4H KS QS JD 8S 7S"  # AC 5C 4D 9D 4H would all lay off


def score(winner: str | None, player: int | None, points: int, base: int, bonus: int,
          undercut: bool = False, doubled: bool = False) -> HandScore:
    return HandScore(winner, player, points, base, bonus, undercut, doubled)


def test_the_example_hands() -> None:
    assert deadwood(KNOCKER_6) == 6 and deadwood(FAR_63) == 63
    assert deadwood(KNOCKER_9) == 9 and deadwood(GIN) == 0


# -- knock, undercut, tie ----------------------------------------------------------------


def test_knock_scores_the_difference() -> None:
    result, s = showdown(KNOCKER_6, FAR_63)
    assert result.kind is EndKind.KNOCK
    assert result.knocker == 0 and result.defender == 1
    assert result.layoffs == ()
    assert (result.knocker_deadwood, result.defender_deadwood) == (6, 63)
    assert s == score("knocker", 0, 57, 57, 0)


def test_knock_after_layoffs() -> None:
    # the defender lays off AC 5C onto 2C-4C and 9D onto 5D-8D; 9 left against 6
    result, s = showdown(KNOCKER_6, TIE_9)
    assert sorted(str(x.card) for x in result.layoffs) == ["5C", "9D", "AC"]
    assert result.defender_deadwood == 9
    assert s == score("knocker", 0, 3, 3, 0)


def test_undercut_scores_the_difference_plus_the_bonus() -> None:
    result, s = showdown(KNOCKER_9, UNDER_5)
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, 5)
    assert s == score("defender", 1, 29, 4, 25, undercut=True)
    assert score_hand(result, rules("dutch")) == score("defender", 1, 24, 4, 20, undercut=True)
    assert score_hand(result, rules("classic", undercut_bonus=10)).points == 14


def test_tie_is_an_undercut_in_classic() -> None:
    result, s = showdown(KNOCKER_9, TIE_9)
    assert result.knocker_deadwood == result.defender_deadwood == 9
    assert s == score("defender", 1, 25, 0, 25, undercut=True)
    assert score_hand(result, rules("dutch")) == score("defender", 1, 20, 0, 20, undercut=True)


def test_tie_scores_nothing_when_not_an_undercut() -> None:
    result, s = showdown(KNOCKER_9, TIE_9, rules="openspiel")
    assert s == score(None, None, 0, 0, 0)
    assert score_hand(result, rules("classic", undercut_on_tie=False)) == s
    # a strict undercut still counts under openspiel
    result, s = showdown(KNOCKER_9, UNDER_5, rules="openspiel")
    assert s == score("defender", 1, 29, 4, 25, undercut=True)
    # by one point too: 8 against 9 (2S 6H left; 5C and 9D laid off)
    result, s = showdown(KNOCKER_9, UNDER_BY_1, rules="openspiel")
    assert (result.knocker_deadwood, result.defender_deadwood) == (9, 8)
    assert s == score("defender", 1, 26, 1, 25, undercut=True)


# -- gin, big gin, dead ------------------------------------------------------------------


def test_gin_scores_the_bonus_plus_the_defenders_deadwood() -> None:
    result, s = showdown(GIN, FAR_63)
    assert result.kind is EndKind.GIN
    assert s == score("knocker", 0, 88, 63, 25)


def test_gin_has_no_layoffs_in_the_score() -> None:
    result, s = showdown(GIN, NEAR)
    assert result.layoffs == ()
    assert result.defender_deadwood == deadwood(NEAR)
    assert s.points == 25 + deadwood(NEAR)
    assert score_hand(result, rules("classic", gin_bonus=20)).points == 20 + deadwood(NEAR)


def big_gin_result() -> HandResult:
    dealer = "9C JC 4S 6S 8S KD JH TD 8H QH"  # deadwood 85
    order = []
    for a, b in zip(parse_cards(GIN), parse_cards(dealer), strict=True):
        order += [a, b]
    order += parse_cards("TC 9D")
    deck = Deck([*order, *(x for x in CARDS if x not in set(order))])
    state = h.deal(rules("classic"), deck=deck, dealer=0)
    state = h.apply(h.apply(h.apply(h.apply(state, "pass"), "pass"), "draw stock"), "big gin")
    assert state.result is not None
    return state.result


def test_big_gin_scores_its_bonus_plus_the_defenders_deadwood() -> None:
    result = big_gin_result()
    assert result.kind is EndKind.BIG_GIN
    assert result.knocker == 1 and result.defender_deadwood == 85
    assert score_hand(result, rules("classic")) == score("knocker", 1, 116, 85, 31)
    assert score_hand(result, rules("classic", big_gin_bonus=50)).points == 135


@pytest.mark.parametrize("name", ["dutch-howto", "dutch", "polish", "openspiel"])
def test_big_gin_cannot_be_priced_without_big_gin(name: str) -> None:
    with pytest.raises(GinRulesError, match="big gin, which these rules do not offer"):
        score_hand(big_gin_result(), rules(name))


def test_dead_hand_scores_nothing() -> None:
    state = h.deal(rules("classic", max_turns=1), seed=4)
    state = h.apply(state, "take")
    state = h.apply(state, next(a for a in h.legal_actions(state) if a.kind.value == "discard"))
    assert state.result is not None and state.result.kind is EndKind.DEAD
    for name in ("classic", "oklahoma", "dutch", "openspiel"):
        assert score_hand(state.result, rules(name)) == score(None, None, 0, 0, 0)


# -- Oklahoma spade doubling -------------------------------------------------------------


@pytest.mark.parametrize(
    ("knocker", "defender", "whole", "deadwood_only"),
    [
        (KNOCKER_6, FAR_63, score("knocker", 0, 114, 57, 0, doubled=True),
         score("knocker", 0, 114, 57, 0, doubled=True)),
        (GIN, FAR_63, score("knocker", 0, 176, 63, 25, doubled=True),
         score("knocker", 0, 151, 63, 25, doubled=True)),
        (KNOCKER_9, UNDER_5, score("defender", 1, 58, 4, 25, True, True),
         score("defender", 1, 28, 4, 20, True, True)),
        (KNOCKER_9, TIE_9, score("defender", 1, 50, 0, 25, True, True),
         score("defender", 1, 20, 0, 20, True, True)),
    ],
)
def test_spade_upcard_doubling(knocker: str, defender: str, whole: HandScore,
                               deadwood_only: HandScore) -> None:
    whole_rules = rules("oklahoma", spade_doubling="whole-score")
    result, s = showdown(knocker, defender, rules=whole_rules, upcard="JS")
    assert result.upcard == parse_card("JS") and result.knock_limit == 10
    assert s == whole  # whole-score: everything doubled, bonuses included
    _, s = showdown(knocker, defender, rules="oklahoma", upcard="JS")
    assert s.points == deadwood_only.base * 2 + s.bonus  # the oklahoma preset: the Dutch reading
    _, s = showdown(knocker, defender, rules="dutch-oklahoma", upcard="JS")
    assert s == deadwood_only  # the Dutch game manual's Oklahoma: only the deadwood points
    assert score_hand(result, rules("dutch-oklahoma")) == deadwood_only


@pytest.mark.parametrize("upcard", ["JH", "QD", "QC", "JC"])
def test_other_suits_do_not_double(upcard: str) -> None:
    _, s = showdown(GIN, FAR_63, rules="oklahoma", upcard=upcard)
    assert s == score("knocker", 0, 88, 63, 25)


def test_big_gin_doubling() -> None:
    result = big_gin_result()  # upcard TC: no doubling
    assert not score_hand(result, rules("oklahoma")).doubled
    spade = HandResult(
        kind=result.kind, knocker=result.knocker, dealer=result.dealer,
        upcard=parse_card("KS"), knock_limit=10,
        knocker_arrangement=result.knocker_arrangement,
        defender_arrangement=result.defender_arrangement, layoffs=result.layoffs,
        knocker_deadwood=0, defender_deadwood=85,
    )
    assert score_hand(spade, rules("oklahoma", spade_doubling="whole-score")) == score(
        "knocker", 1, 232, 85, 31, doubled=True)
    assert score_hand(spade, rules("oklahoma")).points == 201  # 2 x 85 + 31


def test_tie_that_is_not_an_undercut_with_a_spade() -> None:
    _, s = showdown(KNOCKER_9, TIE_9, rules=rules("oklahoma", undercut_on_tie=False),
                    upcard="JS")
    assert s == score(None, None, 0, 0, 0, doubled=True)


def test_doubling_is_a_rule_setting_not_oklahoma() -> None:
    result, _ = showdown(KNOCKER_6, FAR_63, rules="oklahoma", upcard="JS")
    assert score_hand(result, rules("classic")).points == 57
    assert score_hand(result, rules("classic", spade_doubling="whole-score")).points == 114


# -- re-pricing --------------------------------------------------------------------------


def test_reprice_one_result_under_every_preset() -> None:
    result, _ = showdown(KNOCKER_9, UNDER_5, upcard="7S")
    prices = {name: score_hand(result, rules(name)).points for name in
              ("classic", "straight", "oklahoma", "short", "dutch", "dutch-oklahoma", "polish",
               "openspiel")}
    assert prices == {"classic": 29, "straight": 29, "oklahoma": 33, "short": 29,
                      "dutch": 24, "dutch-oklahoma": 28, "polish": 29, "openspiel": 29}


def test_to_dict() -> None:
    result, s = showdown(KNOCKER_6, FAR_63)
    assert s.to_dict() == {"winner": "knocker", "player": 0, "points": 57, "base": 57,
                           "bonus": 0, "undercut": False, "doubled": False}
    assert result.to_dict()["knocker_deadwood"] == 6
    assert result.to_dict()["kind"] == "knock"


def test_showdown_rules_by_name_or_value() -> None:
    assert showdown(KNOCKER_9, UNDER_5, rules="dutch", upcard="TC")[1].points == 24
    assert showdown(KNOCKER_9, UNDER_5, rules=rules("dutch"), upcard="TC")[1].points == 24
    with pytest.raises(RuleSetError, match="unknown rule set"):
        showdown(KNOCKER_9, UNDER_5, rules="nope")


# -- showdown errors ---------------------------------------------------------------------


def test_showdown_wrong_card_count() -> None:
    with pytest.raises(GinRulesError, match="the knocker must have 10 cards, not 9"):
        showdown("2C 3C 4C 5D 6D 7D 8D AH 2H", FAR_63)
    with pytest.raises(GinRulesError, match="the defender must have 10 cards, not 11"):
        showdown(KNOCKER_6, FAR_63 + " 2D")
    with pytest.raises(GinRulesError, match="the knocker must have 10 cards, not 11"):
        showdown(GIN + " 9D", FAR_63)


def test_showdown_card_in_both_hands() -> None:
    with pytest.raises(GinRulesError, match="2C is in both hands"):
        showdown(KNOCKER_6, "2C QH JD 9C 9S 9H 7C 6H TS TH")


def test_showdown_duplicate_card() -> None:
    with pytest.raises(CardNotationError, match="duplicate card"):
        showdown("2C 2C 4C 5D 6D 7D 8D AH 2H 3S", FAR_63)


def test_showdown_knocker_over_the_limit() -> None:
    with pytest.raises(GinRulesError, match="the knocker's deadwood 14 is over the knock limit 10"):
        showdown("2C 3C 4C 5D 6D 7D 8D AH 3H QS", FAR_63)
    with pytest.raises(GinRulesError, match="the knocker's deadwood 6 is over the knock limit 0"):
        showdown(KNOCKER_6, FAR_63, rules="straight")
    assert showdown(GIN, FAR_63, rules="straight")[1].points == 88


def test_showdown_upcard_in_a_hand() -> None:
    with pytest.raises(GinRulesError, match="the upcard 2C is also in a hand"):
        showdown(KNOCKER_6, FAR_63, upcard="2C")
    with pytest.raises(GinRulesError, match="the upcard KS is also in a hand"):
        showdown(KNOCKER_6, FAR_63, upcard=parse_card("KS"))


@pytest.mark.parametrize(("upcard", "ok"), [("6C", True), ("5C", False), ("AS", False),
                                            ("KC", True), ("7S", True)])
def test_showdown_oklahoma_limit_from_the_upcard(upcard: str, ok: bool) -> None:
    if ok:
        result, _ = showdown(KNOCKER_6, FAR_63, rules="oklahoma", upcard=upcard)
        assert result.knock_limit == rules("oklahoma").knock_limit_for(parse_card(upcard))
    else:
        with pytest.raises(GinRulesError, match="the knocker's deadwood 6 is over"):
            showdown(KNOCKER_6, FAR_63, rules="oklahoma", upcard=upcard)


def test_showdown_oklahoma_needs_the_upcard() -> None:
    with pytest.raises(RuleSetError, match="need the first upcard"):
        showdown(KNOCKER_6, FAR_63, rules="oklahoma")
