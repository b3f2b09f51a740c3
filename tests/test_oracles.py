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


def test_simulate_credits_undercuts_and_wins_to_the_right_player() -> None:
    """An independent recount: the same games played by hand (game i: seed game_seed(s, i),
    the first player named in seat i % 2, seats seeded game_seed ^ (seat + 1)), undercuts
    and wins credited by name. The simple player knocks as soon as it may; the advanced one
    waits, so it undercuts and is undercut far more often than the simple one is."""
    from ginrules.players import make_player
    from ginrules.simulate import game_seed, simulate

    names = ("simple", "advanced")
    games = 6
    result = simulate("eaai", names, games=games, seed=4)
    undercuts = {"simple": 0, "advanced": 0}
    wins = {"simple": 0, "advanced": 0}
    for number in range(games):
        g_seed = game_seed(4, number)
        first = number % 2
        seats = [names[0] if s == first else names[1] for s in (0, 1)]
        players = [make_player(seats[s], seed=g_seed ^ (s + 1)) for s in (0, 1)]
        game = ginrules.game.play(ginrules.new_game(rules("eaai"), seed=g_seed), players)
        for finished in game.finished:
            res = finished.result
            if res.knocker is None:
                continue
            if res.defender_deadwood <= res.knocker_deadwood and res.kind.value == "knock":
                undercuts[seats[1 - res.knocker]] += 1  # the defender undercut
        wins[seats[game.winner]] += 1
    by_name = {p.name: p for p in result.players}
    assert {n: by_name[n].undercuts for n in names} == undercuts
    assert {n: by_name[n].wins for n in names} == wins
    assert sum(undercuts.values()) > 0


def test_win_rates_count_finished_games_only() -> None:
    """Random players under straight gin never finish: with --max-hands 1 every game is
    unfinished, and the win rates are over no games (0), not over all of them."""
    from ginrules.simulate import simulate

    result = simulate("straight", ("random", "random"), games=4, seed=1, max_hands=1)
    assert result.unfinished == 4
    assert [p.wins for p in result.players] == [0, 0]
    assert [p.win_rate for p in result.players] == [0.0, 0.0]


def test_a_hands_form_record_may_draw_the_whole_stock_to_the_last_card() -> None:
    """With dead_hand_stock=0 play goes to the last card: a record that names all 31 stock
    draws is valid (and not "too many draws")."""
    from ginrules import records

    state = ginrules.deal(rules("straight", dead_hand_stock=0), seed=3, dealer=0)
    state = state.apply("pass").apply("pass")
    while not state.is_over:
        if state.phase.value == "draw":
            state = state.apply("draw stock")
        else:
            state = state.apply(next(a for a in state.legal_actions()
                                     if a.kind.value == "discard"))
    assert state.stock_size == 0 and state.result.kind.value == "dead"
    data = records.to_record(state, deal_form="hands")
    assert sum("draw stock" in a for a in data["hands"][0]["actions"]) == 31
    assert records.validate(data).valid


def test_declared_points_must_be_a_number_not_a_bool() -> None:
    from ginrules import records

    state = ginrules.deal(rules("classic", max_turns=1), seed=2, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = state.apply(next(a for a in state.legal_actions() if a.kind.value == "discard"))
    data = records.to_record(state)
    data["hands"][0]["outcome"]["points"] = False
    report = records.validate(data)
    assert not report.valid and "points must be a whole number >= 0, not False" in str(report)
