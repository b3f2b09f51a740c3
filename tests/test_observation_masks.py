"""The card planes as masks (no numpy): the remembered history scan gives what a fresh
scan gives, whatever order views of different hands and players come in."""

from __future__ import annotations

import ginrules
from ginrules.game import random_policies
from ginrules.interop import observation
from ginrules.players import view


def _fresh(v: ginrules.View) -> tuple[int, ...]:
    observation._SCANNED.clear()
    return observation.masks(v)


def _playout(seed: int) -> list[ginrules.HandState]:
    state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
    choose, _ = random_policies(seed)
    out = [state]
    while not state.is_over:
        state = state.apply(choose(state, state.turn))
        out.append(state)
    return out


def test_the_remembered_scan_equals_a_fresh_one() -> None:
    hands = [_playout(seed) for seed in range(4)]
    longest = max(len(h) for h in hands)
    checked = 0
    for step in range(longest):
        for hand in hands:  # the hands interleaved, and both players
            state = hand[min(step, len(hand) - 1)]
            for player in (1, 0):
                v = view(state, player)
                remembered = observation.masks(v)
                assert remembered == _fresh(v)
                checked += 1
                # the memo now holds v: a later view of the same hand extends it
                later = view(hand[min(step + 3, len(hand) - 1)], player)
                extended = observation.masks(later)
                assert extended == _fresh(later)
    assert checked > 400


def test_the_planes_name_the_facts() -> None:
    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = state.apply(state.legal_actions()[0])
    v = view(state, 0)
    planes = dict(zip(observation.PLANES, observation.masks(v), strict=True))
    card = state.actions[-1][1].card
    assert card is not None
    assert planes["opp_discarded"] == card.mask
    assert planes["opp_declined"] == state.upcard.mask
    assert planes["top"] == card.mask and planes["hand"] == v.mask


def test_without_the_peers_the_adapters_say_what_to_install() -> None:
    import importlib.util

    import pytest

    from ginrules.errors import GinRulesError

    v = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    if importlib.util.find_spec("numpy") is None:
        with pytest.raises(GinRulesError, match=r"pip install numpy \(or ginrules with its "
                                                 r"rl extra: pip install -e '\.\[rl\]'"):
            observation.encode(v)
    if importlib.util.find_spec("pettingzoo") is None:
        from ginrules.interop.pettingzoo_env import env

        with pytest.raises(GinRulesError, match=r"rl extra: pip install -e '\.\[rl\]' in a"):
            env()
    if importlib.util.find_spec("gymnasium") is None:
        from ginrules.interop.gymnasium_env import make_env

        with pytest.raises(GinRulesError, match=r"rl extra: pip install -e '\.\[rl\]' in a"):
            make_env()
    if importlib.util.find_spec("pyspiel") is None:
        from ginrules.interop.openspiel_game import load_game

        with pytest.raises(GinRulesError, match=r"pip install open_spiel \(or ginrules with its openspiel"):
            load_game(rules="classic")


def test_the_scalar_features_worked_by_hand() -> None:
    # player 1 (not the dealer) at the offer of TS, scores 30-45 of 100: every scalar
    # by hand (the numpy wrappers around this list are tested in tests/extras)
    import ginrules
    from ginrules.interop.observation import SCALARS, _scalar_list
    from ginrules.players import view

    for preset, oklahoma in (("classic", 0.0), ("oklahoma", 1.0)):
        s = ginrules.deal(ginrules.rules(preset), seed=7, dealer=0)
        assert str(s.upcard) == "TS"  # under Oklahoma a ten: knock limit 10
        got = dict(zip(SCALARS, _scalar_list(view(s, 1), (30, 45), 100), strict=True))
        assert got == {
            "phase_offer": 1.0, "phase_draw": 0.0, "phase_discard": 0.0, "phase_over": 0.0,
            "my_turn": 1.0, "i_dealt": 0.0, "knock_limit": 1.0, "stock_size": 31 / 31,
            "opponent_count": 10 / 11, "my_score": 0.3, "opponent_score": 0.45,
            "gin_bonus": 0.25, "undercut_bonus": 0.25, "oklahoma": oklahoma}


def test_the_score_bounds_are_infinite_only_when_a_hand_can_be_won_for_nothing() -> None:
    """The game-score scalars' bound is finite when every won hand pays a point: a tie is
    an undercut and the undercut bonus is at least 1 (a tie scored 0, as under
    OpenSpiel's rules, or no undercut bonus, lets the line bonuses grow without bound).
    Who lays out the knocker's melds (``auto_layout``) changes no score, nor the bound."""
    import math

    import ginrules
    from ginrules.interop.observation import SCALARS, scalar_bounds

    score = SCALARS.index("my_score")
    for preset in ("classic", "dutch", "eaai", "openspiel"):
        rules = ginrules.rules(preset)
        bound = scalar_bounds(rules)[1][score]
        assert math.isinf(bound) == (not rules.undercut_on_tie), preset
        for auto_layout in (False, True):
            assert scalar_bounds(rules.evolve(auto_layout=auto_layout))[1][score] == bound
    assert math.isfinite(scalar_bounds(
        ginrules.rules("openspiel").evolve(undercut_on_tie=True))[1][score])
    assert math.isinf(scalar_bounds(
        ginrules.rules("classic").evolve(undercut_bonus=0))[1][score])


def test_a_stock_draw_of_my_own_declines_nothing_of_the_opponent_s() -> None:
    # dealer 0: player 1 passes the upcard TS, player 0 passes, player 1 draws from the
    # stock (after two passes that declines nothing) and discards; player 0 then leaves
    # that discard for a stock draw: its own choice, not the opponent's
    from ginrules.interop.observation import PLANES, masks

    s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    s = s.apply("pass").apply("pass").apply("draw stock")
    thrown = s.cards(1)[0]
    s = s.apply(f"discard {thrown}").apply("draw stock")
    planes = dict(zip(PLANES, masks(ginrules.view(s, 0)), strict=True))
    assert planes["opp_declined"] == ginrules.Card.parse("TS").mask
    assert planes["opp_discarded"] == thrown.mask


def test_the_rules_scalars_are_their_own_fields_when_every_bonus_differs() -> None:
    """Under a rule set whose every bonus is a different number, each rules scalar is
    its own field (a field read as another of the same type would show here): the gin
    and undercut bonuses over 100, the knock limit over 10, the scores over the target;
    and so is each term of their bounds."""
    import math

    import ginrules
    from ginrules.interop.observation import SCALARS, _scalar_list, scalar_bounds
    from ginrules.players import view

    rules = ginrules.rules("classic").evolve(
        gin_bonus=137, undercut_bonus=119, big_gin_bonus=141, line_bonus=123,
        game_bonus=113, shutout_bonus=153, knock_limit=7, target=150, dead_hand_stock=3)
    s = ginrules.deal(rules, seed=7, dealer=0)
    got = dict(zip(SCALARS, _scalar_list(view(s, 1), (30, 45), 150), strict=True))
    assert (got["gin_bonus"], got["undercut_bonus"], got["knock_limit"]) == (1.37, 1.19, 0.7)
    assert (got["my_score"], got["opponent_score"], got["oklahoma"]) == (0.2, 0.3, 0.0)
    assert _scalar_list(view(s, 1), (30, 45), None) == list(got.values())  # its target
    high = dict(zip(SCALARS, scalar_bounds(rules)[1], strict=True))
    assert (high["gin_bonus"], high["undercut_bonus"], high["knock_limit"]) == (1.37, 1.19, 1.0)
    # the score bound, term by term: a hand pays at most 2 * (141 + 100) = 482 (its
    # largest bonus, big gin's, and ten cards' deadwood, doubled by a spade); a player
    # under the target ends with at most 149 + 482; twice that, a line bonus for each of
    # at most 150 hands, the game bonus doubled and the shutout bonus
    bound = 2 * (149 + 482) + 123 * 150 + 2 * 113 + 153
    assert high["my_score"] == high["opponent_score"] == bound / 150
    # each bonus the largest in turn
    for largest in ("gin_bonus", "undercut_bonus", "big_gin_bonus"):
        top = rules.evolve(**{largest: 300})
        bound = 2 * (149 + 2 * (300 + 100)) + 123 * 150 + 2 * 113 + 153
        assert scalar_bounds(top)[1][SCALARS.index("my_score")] == bound / 150, largest
    # a knock limit over 10, and Oklahoma's (at most 10, whatever the field says)
    assert scalar_bounds(rules.evolve(knock_limit=15))[1][SCALARS.index("knock_limit")] == 1.5
    assert scalar_bounds(rules.evolve(knock_limit=15, oklahoma=True))[1][
        SCALARS.index("knock_limit")] == 1.0
    # an undercut bonus of 1 point is enough for a bound: every won hand pays a point
    assert math.isfinite(scalar_bounds(rules.evolve(undercut_bonus=1))[1][
        SCALARS.index("my_score")])


def test_a_hand_the_undercut_bonus_dominates_stays_within_the_score_bound() -> None:
    """The game-score bound holds where the undercut bonus is the largest bonus by far:
    one undercut worth 500 ends a game to 1 point, and its score is within the bound
    (a bound built from the other bonuses, 0 here, would be 2 * 2 * 100 = 400)."""
    import ginrules
    from ginrules.game import new_game, play
    from ginrules.interop.observation import SCALARS, scalar_bounds
    from ginrules.players import SimplePlayer
    from ginrules.scoring import score_hand

    rules = ginrules.rules("classic").evolve(
        undercut_bonus=500, gin_bonus=0, big_gin_bonus=0, line_bonus=0, game_bonus=0,
        shutout_bonus=0, target=1)
    bound = scalar_bounds(rules)[1][SCALARS.index("my_score")] * rules.target
    undercuts = 0
    for seed in range(400):
        game = play(new_game(rules, seed=seed), (SimplePlayer(), SimplePlayer()))
        assert max(game.totals) <= bound, (seed, game.totals, bound)
        undercuts += any(score_hand(r, rules).undercut for r in game.results)
        if undercuts >= 3:
            break
    assert undercuts >= 3 and bound >= 500
