"""python_ginrules: OpenSpiel's own checks, a search bot, Shimmy's PettingZoo wrapper."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from ginrules import GinRulesError  # noqa: E402
from ginrules.interop.observation import encode  # noqa: E402
from ginrules.interop.openspiel_game import GAME_NAME, load_game, register  # noqa: E402
from ginrules.players import BasicPlayer, view  # noqa: E402
from ginrules.scoring import score_hand  # noqa: E402


def _knocking_playout(state, rng):  # type: ignore[no-untyped-def]
    """Random play that knocks whenever it can (so that hands score)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            legal = np.array(state.legal_actions())
            knocks = legal[legal >= 56]
            state.apply_action(int(knocks[0] if len(knocks) else rng.choice(legal)))
    return state


@pytest.mark.parametrize("params", [{"rules": "classic"}, {"rules": "oklahoma"},
                                    {"rules": "classic", "mode": "game", "max_hands": 3}])
def test_openspiel_random_simulation_checks(params: dict[str, object]) -> None:
    game = load_game(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_it_is_registered_and_loads_by_name() -> None:
    register()
    register()  # twice is fine
    assert GAME_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(GAME_NAME, {"rules": "oklahoma"})
    assert game.num_distinct_actions() == 109
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.information_state_tensor_shape() == [534]
    assert game.observation_tensor_shape() == [482]


def test_returns_are_the_real_score() -> None:
    game = load_game(rules="classic")
    rng = np.random.default_rng(1)
    scored = 0
    for _ in range(20):
        state = _knocking_playout(game.new_initial_state(), rng)
        price = score_hand(state.hand.result, state.hand.rules)
        expected = [0.0, 0.0]
        if price.player is not None:
            expected[price.player] = price.points
            expected[1 - price.player] = -price.points
        assert state.returns() == expected
        scored += price.points > 0
    assert scored > 0


def test_a_whole_game_returns_the_final_score_difference() -> None:
    game = load_game(rules="short", mode="game")
    state = _knocking_playout(game.new_initial_state(), np.random.default_rng(2))
    totals = state.game.sheet.final_totals()
    assert state.game.is_over
    assert state.returns() == [totals[0] - totals[1], totals[1] - totals[0]]


@pytest.mark.parametrize(("seed", "totals"), [(0, (42, 226)), (3, (180, 67))])
def test_a_whole_game_returns_the_difference_even_when_the_loser_scores(
        seed: int, totals: tuple[int, int]) -> None:
    """Games the loser scores in (42 to 226, 180 to 67), where the sum of the totals, or
    the winner's total alone, is not the difference: the return is the difference."""
    game = load_game(rules="short", mode="game")
    state = _knocking_playout(game.new_initial_state(), np.random.default_rng(seed))
    assert state.game.is_over and state.game.sheet.final_totals() == totals
    assert min(totals) > 0
    margin = float(totals[0] - totals[1])
    assert state.returns() == [margin, -margin]


def test_observations_come_from_the_view_and_resampling_keeps_the_infostate() -> None:
    game = load_game(rules="classic")
    checked = 0
    for state in _basic_decisions(game, np.random.default_rng(3)):
        player = state.current_player()
        for p in (0, 1):
            v = view(state.hand, p)
            assert np.array_equal(np.array(state.observation_tensor(p), np.float32), encode(v))
            assert state.observation_string(p) == str(v)
            # the view the string is made of is the player's, its own stock draws too
            # (kept as the hand goes; the text shows them only as its cards)
            assert state.drawn[p] == v.drawn_cards
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 10


def test_a_game_modes_observations_carry_each_players_score_from_its_side() -> None:
    """In game mode each player's observation is its view with the game's totals: its
    own score first, the opponent's second, from the second hand on."""
    game = load_game(rules="classic", mode="game", max_hands=4, max_turns=30)
    checked = 0
    for state in _basic_decisions(game, np.random.default_rng(8)):
        totals = state.game.sheet.final_totals()
        if totals[0] != totals[1]:
            for p in (0, 1):
                mine = (totals[p], totals[1 - p])
                assert np.array_equal(np.array(state.observation_tensor(p), np.float32),
                                      encode(view(state.hand, p), mine))
            checked += 1
    assert checked > 10


def _basic_decisions(game: Any, rng: Any) -> Iterator[Any]:
    """Each decision node of a game played by ``BasicPlayer`` on both sides (it knocks:
    hands score), the chance nodes dealt by ``rng``; the move is made after the yield."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        yield state
        move = str(BasicPlayer().choose(view(state.hand, state.current_player())))
        state.apply_action(next(a for a in state.legal_actions()
                                if state.action_to_string(a) == move))


def test_the_information_state_hides_the_opponents_cards() -> None:
    game = load_game(rules="classic")
    state = game.new_initial_state()
    for card in range(21):
        state.apply_action(card)
    text = state.information_state_string(0)
    mine = set(text.split()) - {"+?"}
    assert "+?" in text and len([w for w in mine if w.startswith("+")]) == 10


def test_both_players_information_states_record_every_move_of_either() -> None:
    """A move is public: each player's information-state string lists every move made,
    whoever made it, in the order made (the cards drawn from the stock are each one's own
    secret, and the rest of the string differs only there)."""
    rng = np.random.default_rng(45)
    game = load_game(rules="classic", max_turns=30)
    for _ in range(3):
        state = game.new_initial_state()
        moves: list[str] = []
        while not state.is_terminal():
            action = int(rng.choice(state.legal_actions()))
            if not state.is_chance_node():
                moves.append(f"{state.current_player()}:{state.action_to_string(action)}")
            state.apply_action(action)
        for player in (0, 1):
            text = state.information_state_string(player)
            public = re.sub(r" \+\S+", "", text.split(" end:")[0])  # no card drawn
            upcard = public.split()[1:3]
            assert public == f"p{player} {' '.join(upcard)} {' '.join(moves)}", text
        assert len(moves) > 4


def test_an_ismcts_bot_plays_a_hand() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load_game(rules="classic", max_turns=30)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8,
                           random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves > 0 and state.hand.is_over


def test_shimmy_makes_it_a_pettingzoo_environment() -> None:
    shimmy = pytest.importorskip("shimmy")
    from pettingzoo.test import api_test

    game = load_game(rules="classic")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(shimmy.OpenSpielCompatibilityV0(env=game, render_mode=None), num_cycles=100)
        env = shimmy.OpenSpielCompatibilityV0(env=game, render_mode=None)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        for _agent in env.agent_iter():
            _, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(info["action_mask"])
            knocks = legal[legal >= 56]
            env.step(int(knocks[0] if len(knocks) else rng.choice(legal)))
    state = env.game_state
    assert state.is_terminal()
    price = score_hand(state.hand.result, state.hand.rules)
    signed = 0 if price.player is None else (price.points if price.player == 0 else -price.points)
    assert state.returns() == [signed, -signed]


def test_a_deal_under_way_shows_each_player_its_own_cards() -> None:
    register()
    assert pyspiel.load_game(GAME_NAME).get_type().provides_information_state_tensor
    # the parameters given, with the defaults of the others, name the game (OpenSpiel
    # reloads a serialized game by them)
    named = pyspiel.load_game(GAME_NAME, {"rules": "oklahoma", "mode": "game"})
    assert str(named) == "python_ginrules(max_hands=50,max_turns=100,mode=game,rules=oklahoma)"
    state = load_game(rules="classic").new_initial_state()
    for card in (0, 1, 2):  # AC, 2C, 3C: one at a time, the non-dealer first
        state.apply_action(card)
    assert state.dealer == 1
    for player, held, words in ((0, [0, 2], "AC 3C"), (1, [1], "2C")):
        info = np.array(state.information_state_tensor(player))
        assert np.flatnonzero(info[:52]).tolist() == held
        assert info[482:].tolist() == [1.0 if c in held else 0.0 for c in range(52)]
        assert np.flatnonzero(state.observation_tensor(player)).tolist() == held
        assert state.observation_string(player) == f"p{player} dealing: {words}"
    for card in range(3, 21):
        state.apply_action(card)
    # dealt: player 0 the even cards AC 3C ... 6D, player 1 the odd ones; the recall
    # part of the information state marks exactly them, each with 1
    for player in (0, 1):
        info = np.array(state.information_state_tensor(player))
        assert info[482:].tolist() == [1.0 if c < 20 and c % 2 == player else 0.0
                                       for c in range(52)]


@pytest.mark.parametrize("max_hands", [1, 2, 3])
def test_a_game_stops_after_max_hands(max_hands: int) -> None:
    """In game mode the game ends after exactly ``max_hands`` hands when no one has
    reached the target: random players who never knock play dead hands only."""
    game = load_game(rules="classic", mode="game", max_hands=max_hands)
    state = game.new_initial_state()
    rng = np.random.default_rng(max_hands)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            legal = [a for a in state.legal_actions() if a < 56]  # no knock, no big gin
            state.apply_action(int(rng.choice(legal)))
    assert len(state.game.finished) == max_hands
    assert state.returns() == [0.0, 0.0]


def test_a_game_too_long_for_openspiel_is_refused_in_words() -> None:
    with pytest.raises(GinRulesError, match="more than OpenSpiel can count"):
        load_game(max_turns=715827875)
    with pytest.raises(GinRulesError, match="max_hands=10000000"):
        load_game(mode="game", max_hands=10_000_000)
    assert load_game(max_turns=1000).max_game_length() == 21 + 2 + 3 * 1000 + 1


def test_the_observers_tensors_are_float32_of_their_sizes() -> None:
    """As OpenSpiel's own games give them: float32, the observation's or the information
    state's size."""
    from open_spiel.python.observation import make_observation

    game = load_game()
    for recall, size in ((False, 482), (True, 534)):
        observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall))
        assert observer.tensor.dtype == np.float32 and observer.tensor.shape == (size,)


@pytest.mark.parametrize("rules", ["classic", "oklahoma", "straight", "eaai", "dutch"])
def test_a_hands_largest_return_is_its_largest_bonus_and_deadwood_doubled(rules: str) -> None:
    """A hand's utility bound: twice the largest of the gin, big gin and undercut bonuses
    plus 130 (more deadwood than ten cards can hold), doubled for Oklahoma's spade; the
    game's target plays no part in one hand."""
    import ginrules

    r = ginrules.rules(rules)
    bound = 2 * (max(r.gin_bonus, r.big_gin_bonus or 0, r.undercut_bonus) + 130)
    game = load_game(rules=rules)
    assert game.max_utility() == bound and game.min_utility() == -bound


@pytest.mark.parametrize("rules", ["classic", "oklahoma", "eaai", "dutch"])
def test_a_games_largest_return_is_every_hand_at_its_largest_with_the_bonuses(
        rules: str) -> None:
    """A game's utility bound: ``max_hands`` hands each at a hand's bound with its line
    bonus, then the game bonus, all doubled by a shutout, and the shutout's own bonus
    (classic and oklahoma: line 25, game 100; eaai: none)."""
    import ginrules

    r = ginrules.rules(rules)
    hand = 2 * (max(r.gin_bonus, r.big_gin_bonus or 0, r.undercut_bonus) + 130)
    bound = 2 * ((hand + r.line_bonus) * 3 + r.game_bonus) + r.shutout_bonus
    game = load_game(rules=rules, mode="game", max_hands=3)
    assert game.max_utility() == bound and game.min_utility() == -bound
