"""Every preset reads its source as written: each test quotes the sentence it pins.

The sources are the German rules page (Gin Rommé – So spielst du Gin Rummy), the Dutch
how-to (Hoe speel je Gin Rummy), the Dutch game manual (Gin Rummy: Spelhandleiding), the
Polish site's rules (Zasady gry w Gin Rummy) and the EAAI Gin Rummy challenge."""

from __future__ import annotations

import pytest

import ginrules
from ginrules import EndKind, NextDealer, rules
from ginrules.game import next_dealer
from ginrules.knock import dead_result


def test_oklahoma_doubles_the_deadwood_points_under_a_spade() -> None:
    """The Dutch game manual: "Bovendien worden de restpunten dubbel geteld als de eerste
    kaart een schoppen was." Knocker 2, defender 37: 35 deadwood points, doubled to 70;
    an undercut of 1 with the bonus of 25 is 2 x 1 + 25 = 27 (not 2 x 26 = 52)."""
    knocker, defender = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D", "KS QS JS 5C 5D 8S 8D AD 9H AH"
    assert ginrules.showdown(knocker, defender, rules="oklahoma", upcard="7S")[1].points == 70
    under = ginrules.showdown("AS 2S 3S 4H 5H 6H 7C 8C 9C 3D",
                              "KS QS JS 5C 5D 5S TD TC TH 2D", rules="oklahoma", upcard="7S")
    assert under[1].points == 27 and under[1].undercut


@pytest.mark.parametrize("preset", ["dutch", "dutch-oklahoma"])
def test_the_dutch_manual_lets_a_player_discard_any_card(preset: str) -> None:
    """The Dutch game manual: "Een beurt bestaat uit het nemen en het afleggen van een
    willekeurige kaart": the card just taken may go straight back."""
    state = ginrules.deal(rules(preset), seed=7, dealer=0).apply("take")
    assert state.is_legal(f"discard {state.taken}")
    classic = ginrules.deal(rules("classic"), seed=7, dealer=0).apply("take")
    assert not classic.is_legal(f"discard {classic.taken}")


def test_the_polish_deal_alternates_after_a_dead_hand() -> None:
    """The Polish site's rules, rule 11: "Jeśli w talii zostały tylko 2 karty, a gracz,
    który dobrał, odrzuca bez pukania, rozdanie kończy się remisem bez punktów. Gracze
    rozdają na zmianę" (the players deal alternately)."""
    dead = dead_result(dealer=0, upcard=None, knock_limit=10)
    assert rules("polish").dealer_after_dead_hand is NextDealer.ALTERNATE
    assert next_dealer(dead, rules("polish")) == 1
    assert next_dealer(dead, rules("classic")) == 0  # the German page: the same dealer


@pytest.mark.parametrize("preset", ["classic", "straight", "oklahoma", "short", "polish"])
def test_hands_are_laid_out_for_the_player(preset: str) -> None:
    """The German page: "Du musst deine Karten nie selbst ordnen. Wenn eine Runde endet,
    werden beide Hände so in Kombinationen ausgelegt, dass die wenigsten Restpunkte übrig
    bleiben." A knocker who states melds that throw away gin still scores gin."""
    deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
                                "KH JC TS")
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    the_rules = rules(preset, knock_limit=10, oklahoma=False)
    state = ginrules.deal(the_rules, deck=deck, dealer=1).apply("take")
    end = ginrules.hand.knock(state, "KH", ["AS 2S 3S", "5S 6S 7S", "8S 9S TS"])
    assert end.result is not None and end.result.kind is EndKind.GIN
    assert the_rules.auto_layout


def test_eaai_rules() -> None:
    """The EAAI challenge: game to 100, gin and undercut bonus 25, ties are undercuts, no
    big gin, no line, game or shutout bonus, the dealer unchanged after a cancelled hand."""
    eaai = rules("eaai")
    assert (eaai.target, eaai.gin_bonus, eaai.undercut_bonus, eaai.undercut_on_tie) == \
        (100, 25, 25, True)
    assert eaai.big_gin_bonus is None and eaai.line_bonus == eaai.game_bonus == 0
    assert eaai.shutout.value == "none" and eaai.dealer_after_dead_hand is NextDealer.SAME


def test_the_dutch_how_to_gives_the_line_bonus_to_the_winner_only() -> None:
    """The Dutch how-to: "De winnaar ontvangt ook 25 bonuspunten voor elke hand die
    tijdens het spel is gewonnen." Player 0 wins hands of 60 and 50, player 1 one of 30:
    the winner has 110 + 2 x 25 + 100 = 260; the loser 30 and no line bonus (on the German
    page, 30 + 25 = 55)."""
    from ginrules import HandScore
    from ginrules.sheet import score_sheet

    hands = [HandScore("knocker", 0, 60, 60, 0, False, False),
             HandScore("knocker", 1, 30, 30, 0, False, False),
             HandScore("knocker", 0, 50, 50, 0, False, False)]
    assert score_sheet(hands, rules("dutch-howto")).final_totals() == (260, 30)
    assert score_sheet(hands, rules("classic")).final_totals() == (260, 55)
