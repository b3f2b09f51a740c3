"""Whole games: totals, line/game/shutout bonuses, dealer rotation, Oklahoma per hand,
Hollywood scoring, the score sheet, the random players and ``ginrules play``."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules import (
    CARDS,
    PRESETS,
    ActionKind,
    Deck,
    EndKind,
    GinRulesError,
    HandResult,
    HandScore,
    HandState,
    IllegalActionError,
    NextDealer,
    Phase,
    RuleSetError,
    ShutoutRule,
    parse_cards,
    rules,
    score_hand,
    showdown,
)
from ginrules import game as gm
from ginrules import hand as h
from ginrules import sheet as sheet_mod
from ginrules.cli import main
from ginrules.players import make_player
from strategies import GAME_PAIRS, every_pair, game_of

#: the games that finish: every pair's but those stopped in play
FINISHED_PAIRS = [pair for pair in GAME_PAIRS if pair[1] != "open"]

# -- helpers --------------------------------------------------------------------------


def win(player: int, points: int) -> HandScore:
    """A priced hand won by ``player`` (a knock)."""
    return HandScore("knocker", player, points, points, 0, False, False)


def undercut(defender: int, points: int) -> HandScore:
    return HandScore("defender", defender, points, points - 25, 25, True, False)


DEAD_SCORE = HandScore(None, None, 0, 0, 0, False, False)

DEAD_RESULT = HandResult(
    kind=EndKind.DEAD, knocker=None, dealer=0, upcard=None, knock_limit=10,
    knocker_arrangement=None, defender_arrangement=None, layoffs=(),
    knocker_deadwood=0, defender_deadwood=0,
)


def gin_seeking_players(seed: int) -> tuple[gm.Player, gm.Player]:
    """Knock (or declare big gin) whenever it is legal, else discard a card that leaves the
    least deadwood; draws and offers at random. Ends games quickly under every preset."""
    rng = random.Random(seed)

    def choose(state: HandState, seat: int) -> ginrules.Action:
        actions = h.legal_actions(state)
        ends = [a for a in actions if a.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)]
        if ends:
            return rng.choice(ends)
        if state.phase is Phase.DISCARD:
            best = set(ginrules.best_discards(state.cards(seat)).discards)
            return rng.choice([a for a in actions if a.card in best] or list(actions))
        return rng.choice(actions)

    return choose, choose


def hollywood_columns(rows: Sequence[sheet_mod.SheetRow]) -> list[tuple[int, ...]]:
    """The columns each row may be entered in by the rule as the issue states it: a
    player's first win -> game 1, second -> games 1 and 2, third and later -> all three,
    each time only the games still open (checked against ``games`` separately)."""
    wins = [0, 0]
    out = []
    for row in rows:
        if row.player is None:
            out.append(())
            continue
        reach = min(wins[row.player], 2)
        wins[row.player] += 1
        out.append(tuple(range(reach + 1)))
    return out


@attrs.frozen
class Spoken:
    """A rule set's game scoring and dealing, written out from the rules text (RULES.md:
    game scoring, variants) as literals, never read from the library's RuleSet: the line
    bonus per hand won and whether only the game's winner gets it, the game bonus, what a
    shutout adds (``"double hand points"``, ``"double game bonus"``, ``"flat <n>"`` or
    ``"none"``), and who deals after a scored hand and after a dead hand (``"alternate"``,
    ``"same"``, ``"winner"``, ``"loser"``)."""

    line: int = 25
    winner_only: bool = False
    game: int = 100
    shutout: str = "double hand points"
    after_hand: str = "alternate"
    after_dead: str = "same"


CLASSIC_TEXT = Spoken()
NO_BONUSES_TEXT = Spoken(line=0, game=0, shutout="none")
PRESET_TEXT = {
    # the German page (000): line bonus 25 to each player per hand won, game bonus 100, a
    # shutout doubles the hand points; the deal alternates, after a dead hand the same
    # dealer deals again
    "classic": CLASSIC_TEXT, "straight": CLASSIC_TEXT, "oklahoma": CLASSIC_TEXT,
    "short": CLASSIC_TEXT,
    # the Dutch how-to (001): the line bonus only to the game's winner, for its hands
    "dutch-howto": Spoken(winner_only=True),
    # the Dutch manual (002) is silent on game scoring and dealing: the classic column
    "dutch": CLASSIC_TEXT, "dutch-oklahoma": CLASSIC_TEXT,
    # the Polish site (003): no game or line bonus, no shutout, and "Gracze rozdaja na
    # zmiane": the deal alternates after dead hands too
    "polish": Spoken(line=0, game=0, shutout="none", after_dead="alternate"),
    # the EAAI challenge and OpenSpiel: hand points only; a cancelled hand keeps the dealer
    "eaai": NO_BONUSES_TEXT, "openspiel": NO_BONUSES_TEXT,
    # RLCard plays one hand a game, with no bonuses; its dealer is drawn at random for
    # each hand, which no setting expresses: the classic column for dealing
    "rlcard": NO_BONUSES_TEXT,
}


def final_by_the_text(text: Spoken, totals: tuple[int, int], won: tuple[int, int],
                      winner: int) -> tuple[tuple[int, int, int, int], ...]:
    """Each player's (hand points, line bonus, game bonus, shutout) at the end of a game."""
    out = []
    for p in (0, 1):
        line = 0 if text.winner_only and p != winner else won[p] * text.line
        shutout = 0
        if p == winner and won[1 - p] == 0:
            shutout = {"double hand points": totals[p], "double game bonus": text.game,
                       "none": 0}.get(text.shutout, 0)
            if text.shutout.startswith("flat "):
                shutout = int(text.shutout.split()[1])
        out.append((totals[p], line, text.game if p == winner else 0, shutout))
    return tuple(out)


def dealer_by_the_text(text: Spoken, dealer: int, scorer: int | None, dead: bool) -> int:
    """Who deals next: after a dead hand per ``after_dead``; after a hand per
    ``after_hand``, where a hand nobody scored (a tie that is no undercut) alternates."""
    how = text.after_dead if dead else text.after_hand
    if how == "same":
        return dealer
    if how == "winner" and scorer is not None:
        return scorer
    if how == "loser" and scorer is not None:
        return 1 - scorer
    return 1 - dealer


def check_finished_game(g: gm.GameState, text: Spoken) -> None:
    """Every invariant of a game played to its end (from a seed, or built of hands); the final scores and the
    dealers are checked against ``text``, the rules as the sources state them."""
    the_rules = g.rules
    assert g.is_over and g.hand is None and g.winner is not None
    finished = g.finished
    results = g.results
    assert len(results) == len(finished) == len(g.sheet.rows) >= 1
    assert all(s.is_over and s.rules == the_rules for s in finished)
    priced = [score_hand(r, the_rules) for r in results]

    # each hand: dealt from the game's seed, with the right dealer and knock limit
    assert finished[0].dealer == g.first_dealer
    for number, state in enumerate(finished):
        if g.seed is not None:  # (a game built of hands has none)
            assert state.deck == Deck.shuffled(gm.hand_seed(g.seed, number))
        result = state.result
        assert result is not None and result.dealer == state.dealer
        limit = the_rules.knock_limit_for(result.upcard)
        assert result.knock_limit == state.knock_limit == limit
    dealers = [state.dealer for state in finished] + [g.dealer]
    for number, result in enumerate(results):
        scorer = g.sheet.rows[number].player
        assert dealers[number + 1] == dealer_by_the_text(
            text, dealers[number], scorer, result.kind is EndKind.DEAD), f"after hand {number}"

    # the rows are the priced hands
    for row, result, score, number in zip(g.sheet.rows, results, priced,
                                          range(1, len(results) + 1), strict=True):
        assert (row.number, row.kind, row.dealer) == (number, result.kind, result.dealer)
        assert (row.player, row.points) == (score.player, score.points)
        if result.kind is EndKind.DEAD:
            assert row.player is None and row.columns == ()

    count = 3 if g.hollywood else 1
    assert len(g.sheet.games) == count
    allowed = hollywood_columns(g.sheet.rows)
    for row, may in zip(g.sheet.rows, allowed, strict=True):
        assert set(row.columns) <= set(may[:count])
    for column, game_column in enumerate(g.sheet.games):
        entries = [(row, score) for row, score in zip(g.sheet.rows, priced, strict=True)
                   if column in row.columns]
        # totals == the sum of the priced hands entered in this game; hands won likewise
        totals = tuple(sum(s.points for _, s in entries if s.player == p) for p in (0, 1))
        won = tuple(sum(1 for _, s in entries if s.player == p) for p in (0, 1))
        assert game_column.totals == totals
        assert game_column.hands_won == won
        # the winner is the first to reach the target, and nothing is entered after it
        winner = game_column.winner
        assert winner is not None and game_column.is_over
        assert totals[winner] >= the_rules.target > totals[1 - winner]
        last_row, last_score = entries[-1]
        assert last_score.player == winner
        assert totals[winner] - last_score.points < the_rules.target
        if column == 0:
            # game 1 takes every scored hand until it closes
            assert all(0 in r.columns for r in g.sheet.rows
                       if r.player is not None and r.number <= last_row.number)
        # final scores and their parts
        final = game_column.final
        assert final is not None
        assert tuple((f.hand_points, f.line_bonus, f.game_bonus, f.shutout) for f in final) \
            == final_by_the_text(text, totals, won, winner)
        for part in final:
            assert part.total == (part.hand_points + part.line_bonus + part.game_bonus
                                  + part.shutout)
    # play stops when the game (every Hollywood game) is over: the last hand closed one
    last = g.sheet.rows[-1]
    assert last.player is not None
    if not g.hollywood:
        assert g.winner == g.sheet.games[0].winner == last.player
        assert g.totals == g.sheet.games[0].totals
        assert g.hands_won == g.sheet.games[0].hands_won
    out = g.sheet.to_dict()
    assert json.loads(json.dumps(out)) == out
    assert out["winner"] == g.winner
    assert out["final_scores"] == list(g.sheet.final_totals())


# -- whole games under every preset ---------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_plays_to_the_end(name: str, seed: int) -> None:
    g = gm.new_game(rules(name), seed=seed)
    final = gm.play(g, gin_seeking_players(seed))
    check_finished_game(final, PRESET_TEXT[name])


@every_pair(FINISHED_PAIRS, examples=12, games=True)
@given(st.data())
def test_finished_games_of_every_ending_keep_every_invariant(pair: tuple[str, str],
                                                             data: st.DataObject) -> None:
    """Games played by basic players or built of hands of every ending, under every preset
    (the texts of a preset do not depend on its target)."""
    g = data.draw(game_of(pair))
    name = next(n for n in PRESETS if attrs.evolve(rules(n), target=g.rules.target) == g.rules)
    check_finished_game(g, PRESET_TEXT[name])


@pytest.mark.parametrize("seed", range(6))
def test_random_players_play_a_short_game_to_the_end(seed: int) -> None:
    final = gm.play(gm.new_game(rules("short"), seed=seed), gm.random_policies(seed))
    check_finished_game(final, CLASSIC_TEXT)


@pytest.mark.parametrize("seed", range(3))
def test_random_players_straight_with_a_small_target(seed: int) -> None:
    # gin only: a single gin (bonus 25) reaches a target of 25
    the_rules = rules("straight", target=25)
    final = gm.play(gm.new_game(the_rules, seed=seed), gin_seeking_players(100 + seed))
    check_finished_game(final, CLASSIC_TEXT)
    assert final.results[-1].kind in (EndKind.GIN, EndKind.BIG_GIN)
    assert all(r.kind in (EndKind.GIN, EndKind.BIG_GIN, EndKind.DEAD) for r in final.results)


VARIANTS = {  # each with its rules as a literal Spoken, not read from the rule set
    "winner-deals": (rules("classic", dealer_after_hand=NextDealer.WINNER),
                     Spoken(after_hand="winner")),
    "loser-deals": (rules("classic", dealer_after_hand=NextDealer.LOSER),
                    Spoken(after_hand="loser")),
    "same-deals": (rules("classic", dealer_after_hand=NextDealer.SAME),
                   Spoken(after_hand="same")),
    "dead-alternates": (rules("classic", dealer_after_dead_hand=NextDealer.ALTERNATE),
                        Spoken(after_dead="alternate")),
    "double-game-bonus": (rules("short", shutout=ShutoutRule.DOUBLE_GAME_BONUS),
                          Spoken(shutout="double game bonus")),
    "flat-bonus": (rules("short", shutout=ShutoutRule.FLAT_BONUS, shutout_bonus=77),
                   Spoken(shutout="flat 77")),
    "no-shutout": (rules("short", shutout=ShutoutRule.NONE), Spoken(shutout="none")),
    "no-tie-undercut": (rules("classic", undercut_on_tie=False), CLASSIC_TEXT),
    "target-200": (rules("dutch", target=200), CLASSIC_TEXT),
    "target-1": (rules("classic", target=1), CLASSIC_TEXT),
    "last-card": (rules("short", dead_hand_stock=0), CLASSIC_TEXT),
    "dutch-oklahoma-150": (rules("dutch-oklahoma", target=150), CLASSIC_TEXT),
}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("name", list(VARIANTS))
def test_rule_variants_play_to_the_end(name: str, seed: int) -> None:
    the_rules, text = VARIANTS[name]
    final = gm.play(gm.new_game(the_rules, seed=seed), gin_seeking_players(seed))
    check_finished_game(final, text)


def test_target_one_ends_after_the_first_scored_hand() -> None:
    final = gm.play(gm.new_game(rules("classic", target=1), seed=5), gin_seeking_players(5))
    scored = [r for r in final.sheet.rows if r.player is not None]
    assert len(scored) == 1 and final.sheet.rows[-1] == scored[0]


def test_shutouts_happen_and_are_priced() -> None:
    """Across these games both a shutout and a non-shutout game occur (so the shutout
    branch of the invariant check is really exercised)."""
    kinds = set()
    for seed in (3, 19, 43):
        final = gm.play(gm.new_game(rules("short"), seed=seed), gm.random_policies(seed))
        column = final.sheet.games[0]
        assert column.final is not None and column.winner is not None
        shut = column.hands_won[1 - column.winner] == 0
        kinds.add(shut)
        part = column.final[column.winner]
        assert part.shutout == (part.hand_points if shut else 0)
    assert kinds == {True, False}


# -- Oklahoma: the knock limit and doubling of each hand ------------------------------


@pytest.mark.parametrize("name", ["oklahoma", "dutch-oklahoma"])
def test_oklahoma_knock_limit_and_doubling_per_hand(name: str) -> None:
    the_rules = rules(name)
    limits = set()
    doubled = 0
    for seed in range(6):
        final = gm.play(gm.new_game(the_rules, seed=seed), gin_seeking_players(seed))
        for state in final.finished:
            result = state.result
            assert result is not None
            assert result.upcard == state.upcard == state.deck[20]
            assert result.knock_limit == the_rules.knock_limit_for(state.upcard)
            limits.add(result.knock_limit)
            score = score_hand(result, the_rules)
            if result.kind is not EndKind.DEAD:
                assert score.doubled == (state.upcard.suit is ginrules.Suit.SPADES)
                doubled += score.doubled
    assert len(limits) >= 4  # the limit really changes from hand to hand
    assert doubled >= 1


def test_oklahoma_hand_in_a_game_from_a_given_deck() -> None:
    deck = make_deck(nondealer=KNOCKER, dealer=LOSER_HAND, upcard="3D", stock_top="KS")
    g = gm.deal_hand(gm.new_game(rules("oklahoma"), dealer=0), deck=deck)
    assert g.hand is not None and g.hand.knock_limit == 3
    g = gm.deal_hand(gm.new_game(rules("oklahoma"), dealer=0),
                     deck=make_deck(KNOCKER, LOSER_HAND, "AD", "KS"))
    assert g.hand is not None and g.hand.knock_limit == 0


# -- worked examples: the score sheet -------------------------------------------------


def test_line_bonus_and_game_bonus_worked_example() -> None:
    # player 0 wins 60 and 50, player 1 wins 30: player 0 reaches 110 >= 100
    sheet = sheet_mod.score_sheet([win(0, 60), win(1, 30), DEAD_SCORE, win(0, 50)], rules("classic"))
    assert sheet.is_over and sheet.winner == 0
    column = sheet.games[0]
    assert column.totals == (110, 30) and column.hands_won == (2, 1)
    assert column.final == (sheet_mod.FinalScore(110, 50, 100, 0), sheet_mod.FinalScore(30, 25, 0, 0))
    assert sheet.final_totals() == (260, 55)
    assert [r.columns for r in sheet.rows] == [(0,), (0,), (), (0,)]
    assert [r.player for r in sheet.rows] == [0, 1, None, 0]


def test_no_line_or_game_bonus_under_polish_rules() -> None:
    sheet = sheet_mod.score_sheet([win(0, 60), win(1, 30), win(0, 50)], rules("polish"))
    assert sheet.games[0].final == (sheet_mod.FinalScore(110, 0, 0, 0), sheet_mod.FinalScore(30, 0, 0, 0))
    assert sheet.final_totals() == (110, 30)


def test_changed_bonuses() -> None:
    the_rules = rules("classic", line_bonus=20, game_bonus=150)
    sheet = sheet_mod.score_sheet([win(1, 45), win(0, 10), win(1, 70)], the_rules)
    assert sheet.winner == 1
    assert sheet.games[0].final == (sheet_mod.FinalScore(10, 20, 0, 0), sheet_mod.FinalScore(115, 40, 150, 0))


# Two games under each preset (its target set to 100), priced by hand from RULES.md:
# A: player 0 wins 60, player 1 wins 30, player 0 wins 50 -> 110 to 30, hands won 2 to 1;
# B: player 0 wins 60 and 50 -> 110 to 0, a shutout. Each player's final score as (hand
# points, line bonus, game bonus, shutout), and the totals.
#   line bonus 25 to each (000): A 2 * 25 = 50 and 1 * 25 = 25; game bonus 100; B doubles
#   the 110: A 110 + 50 + 100 = 260 to 30 + 25 = 55; B 110 + 50 + 100 + 110 = 370 to 0
#   line bonus to the winner only (001): A's loser gets no 25: 260 to 30
#   no bonuses (003, EAAI, OpenSpiel): the hand points, 110 to 30 and 110 to 0
_BONUSES_EACH = (((110, 50, 100, 0), (30, 25, 0, 0)), (260, 55),
                 ((110, 50, 100, 110), (0, 0, 0, 0)), (370, 0))
_BONUSES_NONE = (((110, 0, 0, 0), (30, 0, 0, 0)), (110, 30),
                 ((110, 0, 0, 0), (0, 0, 0, 0)), (110, 0))
FINALS_BY_HAND = {
    "classic": _BONUSES_EACH, "straight": _BONUSES_EACH, "oklahoma": _BONUSES_EACH,
    "short": _BONUSES_EACH, "dutch": _BONUSES_EACH, "dutch-oklahoma": _BONUSES_EACH,
    "dutch-howto": (((110, 50, 100, 0), (30, 0, 0, 0)), (260, 30),
                    ((110, 50, 100, 110), (0, 0, 0, 0)), (370, 0)),
    "polish": _BONUSES_NONE, "eaai": _BONUSES_NONE, "openspiel": _BONUSES_NONE,
    "rlcard": _BONUSES_NONE,
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_final_scores_of_every_preset_worked_by_hand(name: str) -> None:
    assert set(FINALS_BY_HAND) == set(PRESETS)  # a new preset needs its row here
    the_rules = rules(name, target=100)
    finals, totals, shut_finals, shut_totals = FINALS_BY_HAND[name]
    for hands, want, want_totals in (([win(0, 60), win(1, 30), win(0, 50)], finals, totals),
                                     ([win(0, 60), win(0, 50)], shut_finals, shut_totals)):
        sheet = sheet_mod.score_sheet(hands, the_rules)
        final = sheet.games[0].final
        assert final is not None and sheet.winner == 0
        assert tuple((f.hand_points, f.line_bonus, f.game_bonus, f.shutout)
                     for f in final) == want
        assert sheet.final_totals() == want_totals


@pytest.mark.parametrize(
    ("rule", "extra", "shutout"),
    [
        (ShutoutRule.DOUBLE_HAND_POINTS, {}, 110),
        (ShutoutRule.DOUBLE_GAME_BONUS, {}, 100),
        (ShutoutRule.DOUBLE_GAME_BONUS, {"game_bonus": 70}, 70),  # not the target's 100
        (ShutoutRule.FLAT_BONUS, {"shutout_bonus": 150}, 150),
        (ShutoutRule.FLAT_BONUS, {}, 0),
        (ShutoutRule.NONE, {}, 0),
    ],
)
def test_every_shutout_rule(rule: ShutoutRule, extra: dict[str, int], shutout: int) -> None:
    the_rules = rules("classic", shutout=rule, **extra)
    hands = [win(0, 60), DEAD_SCORE, DEAD_SCORE, win(0, 50)]
    sheet = sheet_mod.score_sheet(hands, the_rules)
    winner, loser = sheet.games[0].final
    bonus = the_rules.game_bonus
    assert winner == sheet_mod.FinalScore(110, 50, bonus, shutout)
    assert winner.total == 160 + bonus + shutout
    assert loser == sheet_mod.FinalScore(0, 0, 0, 0)
    # one hand won by the loser (even an undercut) and there is no shutout
    sheet = sheet_mod.score_sheet([win(0, 60), undercut(1, 26), win(0, 50)], the_rules)
    assert sheet.games[0].final[0].shutout == 0
    assert sheet.games[0].final[1] == sheet_mod.FinalScore(26, 25, 0, 0)


def test_shutout_rule_by_name() -> None:
    assert rules("classic", shutout="double-game-bonus").shutout is ShutoutRule.DOUBLE_GAME_BONUS
    with pytest.raises(RuleSetError):
        rules("classic", shutout="triple")


def test_default_shutout_is_the_seed_rule() -> None:
    for name in ("classic", "straight", "oklahoma", "short", "dutch", "dutch-oklahoma"):
        assert PRESETS[name].shutout is ShutoutRule.DOUBLE_HAND_POINTS
    assert PRESETS["polish"].shutout is ShutoutRule.NONE


def test_undercut_is_a_hand_won_by_the_defender() -> None:
    # a real undercut: knocker 0 has deadwood 2, the defender 1 (player 1) has 1
    result, score = showdown(KNOCKER_AFTER, UNDERCUTTER)
    assert score.undercut and score.player == 1 and result.knocker == 0
    sheet = sheet_mod.score_sheet([result, win(0, 100)], rules("classic"))
    assert sheet.rows[0].player == 1 and sheet.rows[0].kind is EndKind.KNOCK
    assert sheet.games[0].hands_won == (1, 1)
    assert sheet.games[0].final[1].line_bonus == 25
    assert sheet.games[0].final[0].shutout == 0


def test_dead_hand_counts_for_nobody() -> None:
    sheet = sheet_mod.score_sheet([DEAD_RESULT, DEAD_RESULT, win(0, 100)], rules("classic"))
    assert [r.player for r in sheet.rows] == [None, None, 0]
    assert [r.kind for r in sheet.rows] == [EndKind.DEAD, EndKind.DEAD, None]
    assert sheet.games[0].hands_won == (1, 0)
    assert sheet.games[0].final[0] == sheet_mod.FinalScore(100, 25, 100, 100)


def test_a_tie_that_is_not_an_undercut_counts_for_nobody() -> None:
    result, _ = showdown("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S", "2H 5C 6C 7C 8D 9D TD JH QH KH")
    assert result.knocker_deadwood == result.defender_deadwood == 2
    sheet = sheet_mod.score_sheet([result], rules("openspiel"))
    assert sheet.rows[0].player is None and sheet.games[0].hands_won == (0, 0)
    sheet = sheet_mod.score_sheet([result], rules("classic"))
    assert sheet.rows[0].player == 1 and sheet.rows[0].points == 25


def test_hand_results_are_priced_under_the_sheets_rules() -> None:
    result, score = showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 2D",
                             upcard="4S")
    assert score.points == 18
    assert sheet_mod.score_sheet([result], rules("classic")).rows[0].points == 18
    # Oklahoma prices the same facts with the spade upcard doubling
    assert sheet_mod.score_sheet([result], rules("oklahoma")).rows[0].points == 36


def test_target_is_reached_exactly_or_not_at_all() -> None:
    sheet = sheet_mod.score_sheet([win(0, 99)], rules("classic"))
    assert not sheet.is_over and sheet.winner is None and sheet.games[0].final is None
    assert sheet.final_totals() == (99, 0)
    sheet = sheet_mod.score_sheet([win(0, 99), win(1, 100)], rules("classic"))
    assert sheet.winner == 1 and sheet.games[0].totals == (99, 100)


@pytest.mark.parametrize("target", [50, 100, 150, 200, 1, 7, 333])
def test_any_positive_target(target: int) -> None:
    the_rules = rules("classic", target=target)
    sheet = sheet_mod.score_sheet([win(1, target - 1)] if target > 1 else [], the_rules)
    assert not sheet.is_over
    sheet = sheet_mod.score_sheet([*([win(1, target - 1)] if target > 1 else []), win(1, 1)],
                           the_rules)
    assert sheet.winner == 1 and sheet.games[0].totals == (0, target)


@pytest.mark.parametrize("target", [0, -50])
def test_target_must_be_positive(target: int) -> None:
    with pytest.raises(RuleSetError):
        rules("classic", target=target)


def test_a_hand_after_the_game_is_over_is_an_error() -> None:
    with pytest.raises(GinRulesError, match="hand 3 comes after the game was over"):
        sheet_mod.score_sheet([win(0, 60), win(0, 50), DEAD_SCORE], rules("classic"))
    with pytest.raises(GinRulesError, match="after the game was over"):
        sheet_mod.score_sheet([win(0, 200), win(0, 200), win(0, 200), win(1, 5)], rules("classic"),
                       hollywood=True)


def test_empty_sheet() -> None:
    sheet = sheet_mod.score_sheet([], rules("classic"))
    assert sheet.rows == () and not sheet.is_over and sheet.winner is None
    assert sheet.final_totals() == (0, 0)
    assert len(sheet_mod.score_sheet([], rules("classic"), hollywood=True).games) == 3


def test_score_sheet_takes_any_iterable() -> None:
    sheet = sheet_mod.score_sheet(iter([win(0, 60), win(0, 50)]), rules("classic"))
    assert sheet.winner == 0


def test_to_dict() -> None:
    sheet = sheet_mod.score_sheet([DEAD_RESULT, win(0, 60), win(1, 30), win(0, 50)], rules("classic"))
    out = sheet.to_dict()
    assert out["winner"] == 0 and out["final_scores"] == [260, 55]
    assert out["hands"][0] == {"hand": 1, "kind": "dead", "winner": None, "points": 0,
                               "games": []}
    assert out["hands"][1] == {"hand": 2, "kind": None, "winner": 0, "points": 60,
                               "games": [0]}
    assert out["games"][0]["final"][0] == {"hand_points": 110, "line_bonus": 50,
                                           "game_bonus": 100, "shutout": 0, "total": 260}
    # hand points 60 + 50 = 110 to 30; hands won two to one
    assert out["games"][0]["totals"] == [110, 30] and out["games"][0]["hands_won"] == [2, 1]
    assert out["games"][0]["winner"] == 0 and len(out["games"]) == 1


# -- worked examples: Hollywood -------------------------------------------------------


def test_hollywood_worked_example() -> None:
    hands = [win(0, 25), win(1, 20), win(0, 30), DEAD_SCORE, win(1, 35), win(0, 40),
             win(1, 50), win(0, 45), win(1, 20), win(0, 30)]
    sheet = sheet_mod.score_sheet(hands, rules("classic"), hollywood=True)
    # first win -> game 1; second -> games 1 and 2; third and later -> all three still open
    assert [r.columns for r in sheet.rows] == [
        (0,), (0,), (0, 1), (), (0, 1), (0, 1, 2), (0, 1, 2), (1, 2), (2,), (2,),
    ]
    g1, g2, g3 = sheet.games
    # game 1 closes at hand 7: player 1 has 20 + 35 + 50 = 105 (player 0: 95)
    assert g1.totals == (95, 105) and g1.hands_won == (3, 3) and g1.winner == 1
    assert g1.final == (sheet_mod.FinalScore(95, 75, 0, 0), sheet_mod.FinalScore(105, 75, 100, 0))
    # game 2 closes at hand 8: player 0 has 30 + 40 + 45 = 115 (player 1: 35 + 50)
    assert g2.totals == (115, 85) and g2.hands_won == (3, 2) and g2.winner == 0
    assert g2.final == (sheet_mod.FinalScore(115, 75, 100, 0), sheet_mod.FinalScore(85, 50, 0, 0))
    # game 3 closes at hand 10: player 0 has 40 + 45 + 30 = 115 (player 1: 50 + 20)
    assert g3.totals == (115, 70) and g3.hands_won == (3, 2) and g3.winner == 0
    assert g3.final == (sheet_mod.FinalScore(115, 75, 100, 0), sheet_mod.FinalScore(70, 50, 0, 0))
    assert sheet.is_over and sheet.winner == 0
    assert sheet.final_totals() == (170 + 290 + 290, 280 + 135 + 120) == (750, 535)
    with pytest.raises(GinRulesError, match="hand 11 comes after"):
        sheet_mod.score_sheet([*hands, win(1, 5)], rules("classic"), hollywood=True)


def test_hollywood_games_close_separately_with_their_own_shutout() -> None:
    # player 0 wins every hand: game 1 closes first, the others later
    hands = [win(0, 60), win(0, 50), win(0, 40), win(0, 30), win(0, 30)]
    sheet = sheet_mod.score_sheet(hands, rules("classic"), hollywood=True)
    assert [r.columns for r in sheet.rows] == [(0,), (0, 1), (1, 2), (1, 2), (2,)]
    assert [g.totals for g in sheet.games] == [(110, 0), (120, 0), (100, 0)]
    assert [g.final[0] for g in sheet.games] == [
        sheet_mod.FinalScore(110, 50, 100, 110),
        sheet_mod.FinalScore(120, 75, 100, 120),
        sheet_mod.FinalScore(100, 75, 100, 100),
    ]
    assert sheet.winner == 0


def test_a_single_games_winner_reached_the_target_even_with_fewer_final_points() -> None:
    """Player 1 wins seven hands of 14 (98, then 7 line bonuses: 273 in all); player 0
    wins two of 50 and reaches 100 (with its game and line bonuses: 250). The game is
    player 0's: it reached the target (only Hollywood counts the final points)."""
    hands = [win(1, 14)] * 7 + [win(0, 50)] * 2
    sheet = sheet_mod.score_sheet(hands, rules("classic"))
    assert sheet.final_totals() == (250, 273)
    assert sheet.games[0].winner == 0 and sheet.winner == 0


def test_hollywood_is_not_over_until_all_three_games_are() -> None:
    sheet = sheet_mod.score_sheet([win(0, 100)], rules("classic"), hollywood=True)
    assert sheet.games[0].is_over and not sheet.is_over and sheet.winner is None
    assert sheet.final_totals() == (100 + 25 + 100 + 100, 0)


def test_hollywood_tie_has_no_winner() -> None:
    # game 1 to player 0 (210 to 10), games 2 and 3 to player 1 (100 to 0 each)
    the_rules = rules("polish")  # no bonuses: the final points are the hand points
    hands = [win(1, 10), win(0, 210), win(1, 100), win(1, 100)]
    sheet = sheet_mod.score_sheet(hands, the_rules, hollywood=True)
    assert [g.winner for g in sheet.games] == [0, 1, 1]
    assert sheet.is_over and sheet.final_totals() == (210, 210)
    assert sheet.winner is None
    # the bonuses decide it under the classic rules: two game bonuses beat one
    assert sheet_mod.score_sheet(hands, rules("classic"), hollywood=True).winner == 1


def test_hollywood_first_win_after_game_1_closed() -> None:
    # player 0 closes game 1 at once; player 1's first win can only go into game 2
    sheet = sheet_mod.score_sheet([win(0, 100), win(1, 30), win(1, 30)], rules("classic"),
                           hollywood=True)
    assert sheet.rows[1].columns == (1,)
    assert sheet.games[1].totals == (0, 60)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ["classic", "short", "polish"])
def test_hollywood_games_play_to_the_end(name: str, seed: int) -> None:
    start = gm.new_game(rules(name), seed=seed, hollywood=True)
    assert start.hollywood and len(start.sheet.games) == 3
    final = gm.play(start, gin_seeking_players(seed))
    check_finished_game(final, PRESET_TEXT[name])
    assert all(column.is_over for column in final.sheet.games)


# -- dealer rotation ------------------------------------------------------------------

#  a hand in which the non-dealer passes, the dealer passes, the non-dealer draws the
#  stock's top card and knocks
KNOCKER = "AC 2C 3C 4D 5D 6D 7H 8H 9H 2S"           # + KS drawn, knock KS: deadwood 2
KNOCKER_AFTER = KNOCKER                               # its ten cards after the knock
LOSER_HAND = "KH KD QH QD JH JC 9S 8S 7S 6C"          # melds JH QH KH, 7S 8S 9S; deadwood
                                                      # KD QD JC 6C = 36: the knocker wins 34
UNDERCUTTER = "4C 5C 6C 7D 8D 9D TH JH QH AS"        # deadwood 1: undercut, 26 points


def make_deck(nondealer: str, dealer: str, upcard: str, stock_top: str) -> Deck:
    first, second = parse_cards(nondealer), parse_cards(dealer)
    head = [c for pair in zip(first, second, strict=True) for c in pair]
    head += [*parse_cards(upcard), *parse_cards(stock_top)]
    return Deck([*head, *(c for c in CARDS if c not in head)])


def play_scripted_hand(g: gm.GameState, outcome: str) -> gm.GameState:
    """Deal and play one hand: ``"W"`` the non-dealer knocks and wins, ``"U"`` it knocks
    and is undercut by the dealer, ``"D"`` a dead hand (needs ``dead_hand_stock=31``)."""
    defender = UNDERCUTTER if outcome == "U" else LOSER_HAND
    g = gm.deal_hand(g, deck=make_deck(KNOCKER, defender, "TD", "KS"))
    for action in ("pass", "pass", "draw stock", "discard KS" if outcome == "D" else "knock KS"):
        g = gm.apply(g, action)
    assert g.hand is None
    return g


@pytest.mark.parametrize(
    ("changes", "script", "dealers"),
    [
        ({}, "WWUDDWU", [0, 1, 0, 1, 1, 1, 0, 1]),
        ({"dealer_after_dead_hand": "alternate"}, "DDWD", [0, 1, 0, 1, 0]),
        ({"dealer_after_hand": "winner"}, "WWUUWD", [0, 1, 0, 0, 0, 1, 1]),
        ({"dealer_after_hand": "loser"}, "WWUUWD", [0, 0, 0, 1, 0, 0, 0]),
        ({"dealer_after_hand": "same"}, "WUDW", [0, 0, 0, 0, 0]),
    ],
)
def test_dealer_rotation_worked_examples(
    changes: dict[str, str], script: str, dealers: list[int]
) -> None:
    # the non-dealer knocks in every scripted hand: "W" is won by the non-dealer, "U" by
    # the dealer (an undercut), "D" by nobody
    the_rules = rules("classic", target=10_000, dead_hand_stock=31, **changes)
    g = gm.new_game(the_rules, dealer=0)
    seen = [g.dealer]
    for outcome in script:
        g = play_scripted_hand(g, outcome)
        seen.append(g.dealer)
    assert seen == dealers
    assert [s.dealer for s in g.finished] == dealers[:-1]
    kinds = {"W": EndKind.KNOCK, "U": EndKind.KNOCK, "D": EndKind.DEAD}
    assert [r.kind for r in g.results] == [kinds[o] for o in script]
    winners = [r.player for r in g.sheet.rows]
    for outcome, dealer, player in zip(script, dealers, winners, strict=False):
        assert player == {"W": 1 - dealer, "U": dealer, "D": None}[outcome]


def test_next_dealer_worked_examples() -> None:
    result, _ = showdown(KNOCKER, LOSER_HAND)       # knocker 0 wins; dealer 1
    assert result.knocker == 0 and result.dealer == 1
    under, _ = showdown(KNOCKER, UNDERCUTTER)       # defender 1 wins; dealer 1
    dead0 = DEAD_RESULT                               # dealer 0
    classic = rules("classic")
    assert gm.next_dealer(result, classic) == 0
    assert gm.next_dealer(under, classic) == 0
    assert gm.next_dealer(dead0, classic) == 0
    assert gm.next_dealer(dead0, rules("classic", dealer_after_dead_hand="alternate")) == 1
    winner_deals = rules("classic", dealer_after_hand="winner")
    assert gm.next_dealer(result, winner_deals) == 0
    assert gm.next_dealer(under, winner_deals) == 1
    assert gm.next_dealer(dead0, winner_deals) == 0
    loser_deals = rules("classic", dealer_after_hand="loser")
    assert gm.next_dealer(result, loser_deals) == 1
    assert gm.next_dealer(under, loser_deals) == 0
    # a tie that is not an undercut has no winner: the deal alternates
    tie, _ = showdown("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S", "2H 5C 6C 7C 8D 9D TD JH QH KH")
    no_tie = rules("openspiel", dealer_after_hand="winner")
    assert gm.next_dealer(tie, no_tie) == 0
    assert gm.next_dealer(attrs.evolve(tie, dealer=0), no_tie) == 1


# Who deals next under each preset, from RULES.md (dealing): the deal alternates after a
# scored hand everywhere; after a dead hand the same dealer deals again (000; the EAAI
# challenge cancels the hand without changing the dealer; 002 and OpenSpiel are silent:
# the classic column), except under 003, where the deal alternates, dead hands included.
# The three hands: player 0 knocks and wins against dealer 1 (next: 0, where "loser
# deals" would give 1); dealer 1 undercuts player 0 (next: 0, where "winner deals" would
# give 1); a dead hand dealt by 0 (next: 0 if the same dealer deals again, else 1).
NEXT_DEALER_BY_HAND = {
    "classic": (0, 0, 0), "straight": (0, 0, 0), "oklahoma": (0, 0, 0), "short": (0, 0, 0),
    "dutch-howto": (0, 0, 0), "dutch": (0, 0, 0), "dutch-oklahoma": (0, 0, 0),
    "polish": (0, 0, 1), "eaai": (0, 0, 0), "openspiel": (0, 0, 0), "rlcard": (0, 0, 0),
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_next_dealer_of_every_preset_from_the_rules_text(name: str) -> None:
    assert set(NEXT_DEALER_BY_HAND) == set(PRESETS)  # a new preset needs its row here
    won, _ = showdown(KNOCKER, LOSER_HAND)        # knocker 0 wins 34; dealer 1
    under, _ = showdown(KNOCKER, UNDERCUTTER)     # defender (dealer) 1 undercuts; dealer 1
    assert (won.knocker, won.dealer, under.dealer) == (0, 1, 1)
    the_rules = rules(name)
    assert tuple(gm.next_dealer(r, the_rules) for r in (won, under, DEAD_RESULT)) \
        == NEXT_DEALER_BY_HAND[name]


# Whole games through GameState, with the scripted hands below (dead_hand_stock=31 so that
# a discard without a knock ends the hand). Each "W" is 36 - 2 = 34 to the non-dealer,
# each "U" 2 - 1 + 25 = 26 to the dealer, each "D" nothing.
@pytest.mark.parametrize(
    ("name", "script", "dealers", "totals", "finals"),
    [
        # dealer 0: W -> player 1 34, dealer 1; W -> player 0 34, dealer 0; and so on until
        # player 1 has 102 >= 100 after 5 hands, 3 of them its own, to player 0's 68 in 2.
        # Player 1: 102 + 3 * 25 + 100 = 277; player 0: 68 + 2 * 25 = 118
        ("classic", "WWWWW", [0, 1, 0, 1, 0, 1], (68, 102),
         ((68, 50, 0, 0), (102, 75, 100, 0))),
        # dealer 0: W -> player 1 34, dealer 1; U -> dealer 1 26 (60), dealer 0; D ->
        # dealer 0 again; W -> player 1 94, dealer 1; U -> player 1 120: a shutout,
        # 120 + 4 * 25 + 100 + 120 = 440
        ("classic", "WUDWU", [0, 1, 0, 0, 1, 0], (0, 120),
         ((0, 0, 0, 0), (120, 100, 100, 120))),
        # the same under 003: after D the deal alternates to 1, whose opponent, player 0,
        # wins the next W (34); then dealer 0, W -> player 1 94, dealer 1, U -> 120; no
        # bonuses at all
        ("polish", "WUDWWU", [0, 1, 0, 1, 0, 1, 0], (34, 120),
         ((34, 0, 0, 0), (120, 0, 0, 0))),
        # 001: the line bonus only to the winner: player 1's 3 hands, not player 0's 2
        ("dutch-howto", "WWWWW", [0, 1, 0, 1, 0, 1], (68, 102),
         ((68, 0, 0, 0), (102, 75, 100, 0))),
    ],
)
def test_literal_games(name: str, script: str, dealers: list[int], totals: tuple[int, int],
                       finals: tuple[tuple[int, ...], ...]) -> None:
    g = gm.new_game(rules(name, dead_hand_stock=31), dealer=0)
    seen = [g.dealer]
    for outcome in script:
        assert not g.is_over
        g = play_scripted_hand(g, outcome)
        seen.append(g.dealer)
    assert seen == dealers
    assert g.is_over and g.winner == 1 and g.totals == totals
    final = g.sheet.games[0].final
    assert final is not None
    assert tuple((f.hand_points, f.line_bonus, f.game_bonus, f.shutout) for f in final) \
        == finals
    assert g.sheet.final_totals() == tuple(sum(f) for f in finals)


def test_dead_hand_dealer_cannot_be_winner_or_loser() -> None:
    for how in ("winner", "loser"):
        with pytest.raises(RuleSetError):
            rules("classic", dealer_after_dead_hand=how)


def test_dead_hands_in_a_seeded_game_keep_the_dealer() -> None:
    # every hand dies after one discard, so the first dealer deals every hand
    the_rules = rules("classic", max_turns=1)
    g = gm.new_game(the_rules, seed=4)
    for _ in range(5):
        hand = g.hand
        assert hand is not None
        g = gm.apply(g, "pass")
        g = gm.apply(g, "pass")
        g = gm.apply(g, "draw stock")
        g = gm.apply(g, h.legal_actions(g.hand)[0])
    assert [r.kind for r in g.results] == [EndKind.DEAD] * 5
    assert {s.dealer for s in g.finished} == {g.first_dealer} == {g.dealer}
    assert g.totals == (0, 0) and g.hands_won == (0, 0) and not g.is_over


# -- new_game, deal_hand, record_hand, apply, play -----------------------------


def test_new_game_draws_the_first_dealer_from_the_seed() -> None:
    dealers = [gm.new_game(rules("classic"), seed=s).first_dealer for s in range(64)]
    assert set(dealers) == {0, 1}
    assert dealers == [gm.new_game(rules("classic"), seed=s).dealer for s in range(64)]
    for seed in range(4):
        g = gm.new_game(rules("classic"), seed=seed)
        assert g.hand is not None and g.hand.dealer == g.first_dealer == g.dealer
        assert g.hand.deck == Deck.shuffled(gm.hand_seed(seed, 0))
        assert g.hand.phase is Phase.OFFER and g.finished == ()
        assert g.totals == (0, 0) and g.hands_won == (0, 0)
        assert not g.is_over and g.winner is None and g.seed == seed


@pytest.mark.parametrize("dealer", [0, 1])
def test_new_game_takes_the_dealer_as_given(dealer: int) -> None:
    g = gm.new_game(rules("classic"), seed=9, dealer=dealer)
    assert g.first_dealer == dealer == g.hand.dealer
    g = gm.new_game(rules("classic"), dealer=dealer)
    assert g.hand is None and g.seed is None and g.dealer == dealer


def splitmix64_outputs(state: int, count: int) -> list[int]:
    """SplitMix64 (Steele, Lea and Flood 2014) written out here, not the library's: add the
    golden gamma, then xor-shift-multiply twice and xor-shift once, modulo 2**64."""
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


def test_hand_seed() -> None:
    # SplitMix64's published outputs for the state 1: hand n of a game from seed 1 starts
    # from the state 1 + n * 0x9E3779B97F4A7C15, so hands 0, 1, 2 get its first three
    assert [gm.hand_seed(1, n) for n in range(3)] == [
        0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E]
    assert splitmix64_outputs(1, 3) == [gm.hand_seed(1, n) for n in range(3)]
    for seed in (0, 7, 2**40 + 3):
        assert [gm.hand_seed(seed, n) for n in range(5)] == splitmix64_outputs(seed, 5)
    seeds = {gm.hand_seed(s, n) for s in range(10) for n in range(10)}
    assert len(seeds) == 100
    assert all(0 <= x < 2**64 for x in seeds)


def test_new_game_errors() -> None:
    with pytest.raises(GinRulesError, match="needs a seed"):
        gm.new_game(rules("classic"))
    for bad in (2, -1, "0"):
        with pytest.raises(GinRulesError, match="dealer must be player 0 or 1"):
            gm.new_game(rules("classic"), dealer=bad)
        with pytest.raises(GinRulesError, match="dealer must be player 0 or 1"):
            gm.new_game(rules("classic"), seed=1, dealer=bad)


@pytest.mark.parametrize("bad", [True, 1.0])
def test_new_game_rejects_a_dealer_that_is_not_an_int(bad: object) -> None:
    with pytest.raises(GinRulesError):
        gm.new_game(rules("classic"), dealer=bad)


def test_deal_hand_errors() -> None:
    g = gm.new_game(rules("classic"), dealer=0)
    with pytest.raises(GinRulesError, match="no seed: give the deck"):
        gm.deal_hand(g)
    g = gm.deal_hand(g, deck=Deck.shuffled(3))
    with pytest.raises(GinRulesError, match="a hand is already in play"):
        gm.deal_hand(g, deck=Deck.shuffled(4))
    over = gm.play(gm.new_game(rules("short"), seed=1), gin_seeking_players(1))
    with pytest.raises(GinRulesError, match="the game is over"):
        gm.deal_hand(over)
    with pytest.raises(GinRulesError, match="the game is over"):
        gm.deal_hand(over, deck=Deck.shuffled(4))


def test_deal_hand_from_a_deck_uses_the_right_dealer() -> None:
    g = gm.new_game(rules("classic"), dealer=1)
    g = gm.deal_hand(g, deck=Deck.standard())
    assert g.hand is not None and g.hand.dealer == 1 and g.hand.deck == Deck.standard()
    # a seeded game deals the next hand itself once a hand is recorded
    g = gm.new_game(rules("classic", max_turns=1), seed=2)
    g = gm.record_hand(g, finish_dead(g.hand))
    assert g.hand is not None  # the next hand was dealt from the seed


def finish_dead(state: HandState) -> HandState:
    """Play a hand under ``max_turns=1`` to its (dead) end."""
    for action in ("pass", "pass", "draw stock"):
        state = h.apply(state, action)
    state = h.apply(state, h.legal_actions(state)[0])
    assert state.is_over
    return state


def test_record_hand_errors() -> None:
    g = gm.new_game(rules("classic", max_turns=1), seed=2)
    assert g.hand is not None
    with pytest.raises(GinRulesError, match="not over yet"):
        gm.record_hand(g, g.hand)
    over = gm.play(gm.new_game(rules("short"), seed=1), gin_seeking_players(1))
    with pytest.raises(GinRulesError, match="already over"):
        gm.record_hand(over, over.finished[-1])


def test_record_hand_without_a_seed_leaves_the_next_deal_to_the_caller() -> None:
    the_rules = rules("classic", max_turns=1)
    g = gm.deal_hand(gm.new_game(the_rules, dealer=1), deck=Deck.shuffled(8))
    g = gm.record_hand(g, finish_dead(g.hand))
    assert g.hand is None and len(g.finished) == 1 and g.dealer == 1
    assert g.results[0].kind is EndKind.DEAD


def test_apply_action_errors() -> None:
    g = gm.new_game(rules("classic"), dealer=0)
    with pytest.raises(IllegalActionError, match="no hand is dealt"):
        gm.apply(g, "pass")
    over = gm.play(gm.new_game(rules("short"), seed=1), gin_seeking_players(1))
    with pytest.raises(IllegalActionError, match="the game is over"):
        gm.apply(over, "pass")
    g = gm.new_game(rules("classic"), seed=1)
    with pytest.raises(IllegalActionError, match="draw stock"):
        gm.apply(g, "draw stock")
    with pytest.raises(ginrules.ActionNotationError):
        gm.apply(g, "shuffle")


def test_play_needs_a_seed() -> None:
    with pytest.raises(GinRulesError, match="needs a game with a seed"):
        gm.play(gm.new_game(rules("classic"), dealer=0), gm.random_policies(1))


def test_play_a_finished_game_returns_it() -> None:
    over = gm.play(gm.new_game(rules("short"), seed=1), gin_seeking_players(1))
    assert gm.play(over, gm.random_policies(2)) is over


def test_game_states_are_immutable() -> None:
    g0 = gm.new_game(rules("short"), seed=11)
    snapshot = attrs.asdict(g0, recurse=False)
    g1 = gm.apply(g0, h.legal_actions(g0.hand)[0])
    assert attrs.asdict(g0, recurse=False) == snapshot
    assert g1 != g0 and g0.hand.phase is Phase.OFFER
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        g0.hand = None  # type: ignore[misc]
    final = gm.play(g0, gin_seeking_players(11))
    assert attrs.asdict(g0, recurse=False) == snapshot
    assert final.is_over and not g0.is_over
    # replaying from the same state and players gives the same game
    assert gm.play(g0, gin_seeking_players(11)) == final
    # the hand in play before the last action is kept untouched
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        final.sheet.games[0].totals = (0, 0)  # type: ignore[misc]


def test_apply_action_records_the_hand_and_deals_the_next() -> None:
    g = gm.new_game(rules("classic", max_turns=1), seed=6)
    first = g.hand
    g = gm.apply(g, "pass")
    g = gm.apply(g, "pass")
    g = gm.apply(g, "draw stock")
    before = g
    g = gm.apply(g, h.legal_actions(g.hand)[0])
    assert len(g.finished) == 1 and g.finished[0].result.kind is EndKind.DEAD
    assert g.finished[0].deck == first.deck
    assert g.hand is not None and g.hand.deck == Deck.shuffled(gm.hand_seed(6, 1))
    assert before.finished == () and before.hand.phase is Phase.DISCARD


def test_random_players_are_uniform_legal_and_reproducible() -> None:
    a = gm.play(gm.new_game(rules("short"), seed=3), gm.random_policies(3))
    b = gm.play(gm.new_game(rules("short"), seed=3), gm.random_policies(3))
    assert a == b
    c = gm.play(gm.new_game(rules("short"), seed=3), gm.random_policies(4))
    assert c.finished != a.finished
    # every action they take is legal (the engine would raise otherwise). At the offer the
    # legal actions are [take, pass]; both seats draw from one SplitMix64 stream, from the
    # state seed ^ 0x5EED5EED5EED5EED, and pick index output % 2 (no output is rejected
    # for 2 choices): written out independently, the stream's parities for seed 7 give
    first, second = gm.random_policies(7)
    state = h.deal(rules("classic"), seed=1)
    assert [str(a) for a in h.legal_actions(state)] == ["take", "pass"]
    expected = "".join("TP"[x % 2] for x in splitmix64_outputs(7 ^ 0x5EED5EED5EED5EED, 16))
    assert expected == "TTTPTTTTPPPPTTPT"
    picks = [first(state, state.turn) if i % 2 else second(state, state.turn)
             for i in range(16)]
    assert "".join(str(a)[0].upper() for a in picks) == expected
    # uniform: over 400 more offers, about half takes (the binomial's sd is 10)
    takes = sum(str(first(state, state.turn)) == "take" for _ in range(400))
    assert 150 <= takes <= 250


# -- the command line -----------------------------------------------------------------


def run_play(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def played(preset: str, seed: int, players: str = "advanced,basic") -> gm.GameState:
    """The game ``ginrules play`` plays: seat s is the named player with seed ``seed ^ (s +
    1)``, seeing only its view."""
    names = players.split(",")
    seats = [make_player(names[s], seed=seed ^ (s + 1)) for s in (0, 1)]
    return gm.play(gm.new_game(rules(preset), seed=seed), seats)


def test_cli_play_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_play(capsys, "--rules", "short", "--seed", "1")
    assert code == 0 and err == ""
    final = played("short", 1)
    lines = out.splitlines()
    assert lines[0] == ("Game: short rules, target 50, seed 1; advanced (0) against "
                        "basic (1)")
    # the table of ginrules.text.sheet_text, the seats named by level and seat
    assert lines[2].endswith("running totals")
    assert lines[3].split() == ["hand", "dealer", "result", "deadwood", "points",
                                "advanced", "(0)", "basic", "(1)"]
    a, b = final.sheet.final_totals()
    assert final.winner is not None
    mine, theirs = (a, b) if final.winner == 0 else (b, a)
    assert lines[-1] == f"won by {('advanced (0)', 'basic (1)')[final.winner]}, {mine} to {theirs}"
    column = final.sheet.games[0]
    header = "              advanced (0)     basic (1)"
    assert header in lines
    for label, field in (("hand points", "hand_points"), ("line bonus", "line_bonus"),
                         ("game bonus", "game_bonus"), ("shutout", "shutout"),
                         ("final score", "total")):
        x, y = (getattr(f, field) for f in column.final)
        assert f"{label:12s}  {x:12d}  {y:12d}" in lines
    assert "deadwood: the knocker's, then the defender's after laying off" in lines
    # the last hand line shows the final running totals
    table = lines[4:lines.index(header) - 2]
    assert table[-1].split()[-2:] == [str(column.totals[0]), str(column.totals[1])]


def test_cli_play_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_play(capsys, "--rules", "classic", "--seed", "2", "--json",
                              "--players", "random,basic")
    assert code == 0 and err == ""
    data = json.loads(out)
    final = played("classic", 2, "random,basic")
    assert data["players"] == ["random", "basic"] and data["finished"] is True
    assert data["winner"] == final.winner in (0, 1)
    assert data["final_scores"] == list(final.sheet.final_totals())
    assert data["rules"] == "classic" and data["seed"] == 2
    assert data["first_dealer"] == final.first_dealer
    assert len(data["hands"]) == len(final.results)
    kinds = {k.value for k in EndKind}
    for entry, result in zip(data["hands"], final.results, strict=True):
        assert {"winner", "kind", "points"} <= set(entry)
        assert entry["kind"] == result.kind.value in kinds
        score = score_hand(result, final.rules)
        assert (entry["winner"], entry["points"]) == (score.player, score.points)
    assert sum(e["points"] for e in data["hands"] if e["winner"] == final.winner) \
        == final.totals[final.winner]


def test_cli_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    _, first, _ = run_play(capsys, "--rules", "short", "--seed", "5")
    _, again, _ = run_play(capsys, "--rules", "short", "--seed", "5")
    assert first == again


def test_cli_play_hollywood(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_play(capsys, "--rules", "short", "--seed", "3", "--hollywood",
                            "--target", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Hollywood game: short rules, target 30, seed 3")
    for number in (1, 2, 3):
        assert any(line.startswith(f"game {number} ") for line in lines)
    code, out, _ = run_play(capsys, "--rules", "short", "--seed", "3", "--hollywood",
                            "--target", "30", "--json")
    data = json.loads(out)
    assert len(data["games"]) == 3 and all(g["winner"] in (0, 1) for g in data["games"])
    assert all(set(e["games"]) <= {0, 1, 2} for e in data["hands"])
    totals = [sum(g["final"][p]["total"] for g in data["games"]) for p in (0, 1)]
    assert data["final_scores"] == totals


def test_cli_play_target_and_max_turns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_play(capsys, "--rules", "polish", "--seed", "4", "--target", "20",
                            "--max-turns", "40", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["final_scores"][data["winner"]] >= 20


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "nope"], "unknown rule set 'nope'"),
        (["--target", "0"], "target must be an int >= 1"),
        (["--max-turns", "0"], "max_turns must be an int >= 1"),
        (["--max-hands", "0"], "--max-hands must be at least 1"),
        (["--players", "basic"], "--players names two players"),
        (["--players", "basic,grandmaster"], "unknown player 'grandmaster'"),
        (["--players", "human,basic", "--json"], "played in the terminal"),
    ],
)
def test_cli_play_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                         message: str) -> None:
    code, out, err = run_play(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("ginrules play: error: ") and message in err


def test_cli_play_max_hands_stops_an_endless_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_play(capsys, "--rules", "straight", "--seed", "1", "--players",
                            "random,random", "--max-hands", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[-1].startswith("Not finished: stopped after 3 hands (--max-hands)")
    assert lines[-2].startswith("not over: ")
    code, out, _ = run_play(capsys, "--rules", "straight", "--seed", "1", "--players",
                            "random,random", "--max-hands", "3", "--json")
    data = json.loads(out)
    assert data["finished"] is False and data["winner"] is None and len(data["hands"]) == 3


def test_cli_play_default_players_play_a_recognisable_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The README's first command: two computer players, a game of a few hands."""
    code, out, _ = run_play(capsys, "--rules", "classic", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["players"] == ["advanced", "basic"]
    assert 3 <= len(data["hands"]) <= 40
    dead = sum(h["kind"] == "dead" for h in data["hands"])
    assert dead < len(data["hands"]) / 2


def test_play_refuses_what_is_neither_a_player_nor_a_policy() -> None:
    game = gm.new_game(ginrules.rules("short"), seed=3)
    with pytest.raises(ginrules.GinRulesError, match=r"a player is a ginrules\.players\.Player"):
        gm.play(game, [1, 2])  # type: ignore[list-item]
