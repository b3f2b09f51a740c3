"""Every preset reads its source as written: each test quotes the sentence it pins.

The sources are the German rules page (Gin Rommé – So spielst du Gin Rummy), the Dutch
how-to (Hoe speel je Gin Rummy), the Dutch game manual (Gin Rummy: Spelhandleiding), the
Polish site's rules (Zasady gry w Gin Rummy) and the EAAI Gin Rummy challenge."""

from __future__ import annotations

import pytest

import ginrules
from ginrules import EndKind, NextDealer, SpadeDoubling, rules
from ginrules.game import next_dealer
from ginrules.knocking import dead_result
from ginrules.sheet import score_sheet
from strategies import gin_deck


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
    deck = gin_deck()
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


# -- hands dealt to order -----------------------------------------------------------------

DEALER_85 = "9C JC 4S 6S 8S KD JH TD 8H QH"  # the dealer's ten cards: deadwood 85, no melds


def dealt(preset: str, non_dealer: str, stock_top: str) -> ginrules.HandState:
    """A hand dealt by player 0: player 1 gets ``non_dealer``, the upcard is TC (both
    pass it) and player 1 has drawn ``stock_top`` from the stock."""
    order = []
    for a, b in zip(ginrules.parse_cards(non_dealer), ginrules.parse_cards(DEALER_85),
                    strict=True):
        order += [a, b]
    order += ginrules.parse_cards(f"TC {stock_top}")
    deck = [*order, *(c for c in ginrules.CARDS if c not in set(order))]
    state = ginrules.deal(rules(preset), deck=deck, dealer=0)
    return state.apply("pass").apply("pass").apply("draw stock")


ELEVEN_MELDED = ("2C 3C 4C 5D 6D 7D 8D AH 2H 3H", "9D")  # 2C-4C, 5D-9D, AH-3H after the draw


def test_the_dutch_how_to_has_no_big_gin() -> None:
    """The Dutch how-to: "Spelers moeten bij elke beurt altijd een kaart afleggen", and
    "Elke beurt bestaat uit het trekken van één kaart van de voorraad- of aflegstapel en
    het afleggen van één kaart, zodat je je beurt altijd eindigt met tien kaarten in je
    hand." A player whose eleven cards all meld is offered no big gin: they discard one
    and go gin, 25 + the defender's 85 = 110 (under the German page's classic rules, big
    gin: 31 + 85 = 116)."""
    state = dealt("dutch-howto", *ELEVEN_MELDED)
    legal = [str(a) for a in state.legal_actions()]
    assert "big gin" not in legal
    assert all(a.startswith(("discard ", "knock ")) for a in legal)
    with pytest.raises(ginrules.IllegalActionError, match="do not offer big gin"):
        state.apply("big gin")
    end = state.apply("knock 9D")
    assert end.result is not None and end.result.kind is EndKind.GIN
    assert len(end.cards(1)) == 10
    assert ginrules.score_hand(end.result, rules("dutch-howto")).points == 25 + 85
    classic = dealt("classic", *ELEVEN_MELDED)
    assert "big gin" in [str(a) for a in classic.legal_actions()]
    big = classic.apply("big gin").result
    assert big is not None and ginrules.score_hand(big, rules("classic")).points == 31 + 85


def test_no_preset_doubles_the_whole_score_under_a_spade() -> None:
    """The Dutch game manual, the only source with a spade rule: "Bovendien worden de
    restpunten dubbel geteld als de eerste kaart een schoppen was" (the deadwood points);
    the German page never mentions spades. Whole-score doubling is a table rule no source
    has, so no preset uses it."""
    assert {name for name, r in ginrules.PRESETS.items()
            if r.spade_doubling is not SpadeDoubling.OFF} == {"oklahoma", "dutch-oklahoma"}
    assert all(r.spade_doubling is not SpadeDoubling.WHOLE_SCORE
               for r in ginrules.PRESETS.values())


# -- the points the sources leave open (docs/rules.rst, "How the ambiguous points are
# decided"): each test pins the reading chosen ------------------------------------------


def won(player: int, points: int) -> ginrules.HandScore:
    return ginrules.HandScore("knocker", player, points, points, 0, False, False)


def test_the_dutch_how_to_line_bonus_counts_the_winners_own_hands() -> None:
    """The Dutch how-to: "De winnaar ontvangt ook 25 bonuspunten voor elke hand die
    tijdens het spel is gewonnen." Read as the hands the winner won, not every hand anyone
    won: player 0 wins 60 and 50, player 1 wins 30, one hand is dead; the winner's line
    bonus is 2 x 25 = 50 (not 3 x 25 = 75), the loser's none, and the dead hand counts for
    nobody."""
    hands = [won(0, 60), won(1, 30), dead_result(dealer=0, upcard=None, knock_limit=10),
             won(0, 50)]
    column = score_sheet(hands, rules("dutch-howto")).games[0]
    assert column.winner == 0 and column.hands_won == (2, 1)
    assert column.final is not None
    assert [(f.line_bonus, f.total) for f in column.final] == [(50, 110 + 50 + 100), (0, 30)]


@pytest.mark.parametrize("preset", ["classic", "dutch-howto", "dutch"])
def test_a_dead_hand_does_not_break_a_shutout(preset: str) -> None:
    """The German page: "Hat der Verlierer keine einzige Runde gewonnen, ist das ein
    Zu-null-Sieg, und die Rundenpunkte des Siegers werden verdoppelt", and a dead hand "ist
    ungültig. Niemand punktet". The Dutch how-to: "Als de winnaar elke hand in het spel
    wint, verdubbelt de shutout-bonus hun totale handscore", but it knows no dead hands
    ("De ronde eindigt wanneer een speler Gin gaat of klopt"). Read the German way under
    every preset: the loser won no hand, so the dead hand does not break the shutout."""
    dead = dead_result(dealer=0, upcard=None, knock_limit=10)
    column = score_sheet([won(0, 60), dead, won(0, 50)], rules(preset)).games[0]
    assert column.final is not None and column.final[0].shutout == 110
    # a hand the loser won does break it
    broken = score_sheet([won(0, 60), won(1, 5), won(0, 50)], rules(preset)).games[0]
    assert broken.final is not None and broken.final[0].shutout == 0


TIE_KNOCKER, TIE_DEFENDER = "7H 8H 9H 2C 3C 4C 5D 6D 7D 5S", "AS 2S 3S 6S 7S 8S KH KD KC 5H"


@pytest.mark.parametrize("preset", ["dutch", "dutch-oklahoma"])
def test_a_tie_under_the_dutch_manual_is_an_undercut(preset: str) -> None:
    """The Dutch game manual prices only "less": "Heeft de speler die niet geklopt heeft
    minder restpunten, dan krijgt hij het verschil tegoed plus een 20 punten-bonus." A tie
    (5 against 5) is read as the three other sources read it ("gleich viele oder
    weniger"; "evenveel deadwood ... wordt dit beschouwd als een undercut"; "tyle samo lub
    mniej"): an undercut, 0 + 20 to the defender."""
    assert rules(preset).undercut_on_tie
    result, score = ginrules.showdown(TIE_KNOCKER, TIE_DEFENDER, rules=preset, upcard="TD")
    assert result.knocker_deadwood == result.defender_deadwood == 5
    assert (score.winner, score.undercut, score.base, score.bonus, score.points) == \
        ("defender", True, 0, 20, 20)


def test_straight_is_gin_only() -> None:
    """The German page names Straight but never defines it: "Das klassische Spiel und
    Straight gehen bis 100 Punkte, Oklahoma bis 150 und das kurze Spiel bis 50", and "Beim
    Eröffnen wählst du das klassische Spiel, Oklahoma, Straight oder das Spiel bis 50
    Punkte." Read as straight gin: gin only (knock limit 0), otherwise the classic game,
    target 100 and big gin included."""
    assert rules("straight") == rules("classic", knock_limit=0)
    assert rules("straight").target == 100
    # deadwood AH 2H AS = 4 after discarding KS: a knock under classic, not under straight
    low = ("2C 3C 4C 5D 6D 7D 8D AH 2H AS", "KS")
    assert dealt("classic", *low).is_legal("knock KS")
    assert not dealt("straight", *low).is_legal("knock KS")
    assert dealt("straight", *low).is_legal("discard KS")
    # gin is a knock with no deadwood, and big gin is still offered
    assert dealt("straight", "2C 3C 4C 5D 6D 7D 8D AH 2H 3H", "KS").is_legal("knock KS")
    assert dealt("straight", *ELEVEN_MELDED).is_legal("big gin")


@pytest.mark.parametrize("preset", ["dutch", "dutch-oklahoma"])
def test_the_dutch_manual_limits_the_sum_of_the_unused_cards(preset: str) -> None:
    """The Dutch game manual, to the letter: "Uitspelen kan men als een van de eigen niet
    gebruikte kaarten kleiner of gelijk is aan tien" (as if one unused card of ten or less
    were enough); its knock button: "Zodra de kaarten die de speler in de hand houdt een
    waarde kleiner of gelijk aan 10 hebben is de knop actief": the cards' value, summed.
    Three unused cards of 5, 4 and 3 (12) do not knock; of 5, 4 and 1 (10) they do."""
    the_rules = rules(preset, oklahoma=False)
    defender = "KS QS JS 6C 6D 8S 8D TD 9C KH"
    with pytest.raises(ginrules.GinRulesError, match="deadwood 12 is over the knock limit 10"):
        ginrules.showdown("AS 2S 3S 4S 7H 8H 9H 5C 4D 3D", defender, rules=the_rules)
    result, _ = ginrules.showdown("AS 2S 3S 4S 7H 8H 9H 5C 4D AD", defender, rules=the_rules)
    assert result.knocker_deadwood == 10


@pytest.mark.parametrize("preset", ["dutch", "eaai"])
def test_a_knocker_who_lays_out_its_own_hand_shows_its_own_choice(preset: str) -> None:
    """The Dutch game manual: "Nadat de eerste speler uitgespeeld heeft (de "klopper") moet
    aansluitend ook de andere speler zijn kaarten uitleggen": each player lays out its own
    cards, nothing is laid out for them. The knocker's stated melds are used, and without
    them the knocker's choice is made from what it has seen: three sets, which leave three
    cards open, not the runs that would have left the defender (who holds 3S and 5S) more."""
    knocker, defender = "3C 4C 5C 3D 4D 5D 3H 4H 5H KS", "AC 8C QC QD KD 7H JH 3S 5S 7S"
    result, _ = ginrules.showdown(knocker, defender, rules=preset)
    assert [str(m) for m in result.knocker_melds] == ["3C 3D 3H", "4C 4D 4H", "5C 5D 5H"]
    assert result.defender_deadwood == 63
