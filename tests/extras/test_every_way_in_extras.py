"""One game, every way in (issue 45), the game-AI surfaces: the games of tests/every_way.py
(every preset, every ending) played through the PettingZoo and Gymnasium environments and
the OpenSpiel game, requiring the same legal actions, observations, results, sheets and
rewards as the core's game (tests/test_every_way_in.py has the other surfaces).

An environment deals from its own generator (``reset``): the tests put a generator that
gives the game's seed in its place, after checking, once, that a seed given to ``reset``
deals the game of the seed its generator draws. What a surface cannot express (Hollywood
scoring in all three games of a game; a deck dealt by the other player than the one an
environment would draw or OpenSpiel deals first, in a game of one hand) is a skipped
parameter that says so. (A hand of a Hollywood game is a hand like any other: the
episodes of one hand play those too.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import ginrules  # noqa: E402
from every_way import (  # noqa: E402
    Scenario,
    ScriptedPlayer,
    as_json,
    drawn_card,
    payments,
    scenarios,
)
from ginrules import ActionKind, EndKind  # noqa: E402
from ginrules.game import hand_seed  # noqa: E402
from ginrules.interop.episode import Episode  # noqa: E402
from ginrules.interop.gymnasium_env import make_env  # noqa: E402
from ginrules.interop.observation import encode  # noqa: E402
from ginrules.interop.pettingzoo_env import AGENTS, raw_env  # noqa: E402
from ginrules.scoring import score_hand  # noqa: E402
from strategies import ending_of  # noqa: E402

_HOLLYWOOD = ("an episode is a hand or a game of one score (Episode has no Hollywood "
              "scoring)")


def _games(surface: str, reason: str = _HOLLYWOOD) -> list[Any]:
    """The scenarios, those in Hollywood scoring skipped with the reason."""
    return [pytest.param(s, id=s.name, marks=pytest.mark.skip(reason=f"{surface}: {reason}"))
            if s.hollywood else pytest.param(s, id=s.name) for s in scenarios()]


class FixedDeal:
    """Stands for an environment's random generator (``random.Random`` in PettingZoo,
    numpy's in Gymnasium): the one number ``reset`` draws from it, the deal's seed, is
    ``seed``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def getrandbits(self, bits: int) -> int:
        return self.seed

    def integers(self, high: int) -> int:
        return self.seed


def test_reset_deals_the_game_of_the_seed_it_draws() -> None:
    """What the tests below stand on: ``reset(seed=s)`` deals the game (the hand, in
    hand mode) of the number the environment's generator gives."""
    e = raw_env("classic", mode="game")
    e.reset(seed=5)
    drawn = random.Random(5).getrandbits(63)
    assert e.episode.game == ginrules.new_game(ginrules.rules("classic"), seed=drawn)
    g = make_env("basic", mode="game", seat=1)
    g.reset(seed=5)
    drawn = int(np.random.default_rng(5).integers(1 << 63))
    first = ginrules.new_game(ginrules.rules("classic"), seed=drawn)
    assert g.episode.hand.deck == first.hand.deck  # type: ignore[union-attr]


def _moves_with_states(scenario: Scenario) -> Iterator[tuple[int, ginrules.Action,
                                                             ginrules.GameState]]:
    """Each action of the game with the game before it."""
    game = scenario.start()
    for seat, action in scenario.moves:
        yield seat, action, game
        game = game.apply(action)


def _observation(game: ginrules.GameState, seat: int) -> Any:
    """The observation of ``seat`` in the core's game (its view, the game's scores)."""
    totals = game.sheet.final_totals()
    assert game.hand is not None
    return encode(ginrules.players.view(game.hand, seat), (totals[seat], totals[1 - seat]))


def _expected_rewards(scenario: Scenario, reward: str) -> list[tuple[float, float]]:
    """What each action pays both players under the reward option."""
    paid = payments(scenario)
    if reward == "points":
        return [(float(a), float(b)) for a, b in paid]
    if reward == "normalized":
        target = scenario.rules.target
        return [(a / target, b / target) for a, b in paid]
    assert reward == "win_loss"
    out = [(0.0, 0.0)] * len(paid)
    winner = scenario.game.winner
    out[-1] = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
    return out


# -- PettingZoo ------------------------------------------------------------------------


@pytest.mark.parametrize("reward", ["points", "normalized", "win_loss"])
@pytest.mark.parametrize("scenario", _games("PettingZoo"))
def test_pettingzoo_plays_the_same_game(scenario: Scenario, reward: str) -> None:
    e = raw_env(scenario.rules, mode="game", normalize=reward == "normalized",
                reward="win_loss" if reward == "win_loss" else "points")
    e._rng = FixedDeal(scenario.seed)  # (what reset draws the game's seed from)
    e.reset()
    assert e.episode.game == scenario.start()
    expected = _expected_rewards(scenario, reward)
    owed = [0.0, 0.0]  # what each agent has been paid since its last step (AEC)
    moves = _moves_with_states(scenario)
    step = 0
    for agent in e.agent_iter():
        obs, paid, terminated, truncated, _ = e.last()
        seat = AGENTS.index(agent)
        assert paid == pytest.approx(owed[seat]), (step, agent)
        assert not truncated
        if terminated:
            e.step(None)
            continue
        who, action, game = next(moves)
        assert seat == who and game.hand is not None
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(
            a.index for a in game.legal_actions())
        assert np.array_equal(obs["observation"], _observation(game, seat))
        e.step(action.index)
        owed[seat] = 0.0
        for p in (0, 1):
            owed[p] += expected[step][p]
        assert (e.rewards[AGENTS[0]], e.rewards[AGENTS[1]]) == pytest.approx(expected[step])
        step += 1
    assert step == len(scenario.moves) and next(moves, None) is None
    assert e.episode.game == scenario.game
    assert e.agents == []  # (both agents stepped out once terminated)


# -- Gymnasium -------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("scenario", _games("Gymnasium"))
def test_gymnasium_plays_the_same_game(scenario: Scenario, seat: int) -> None:
    """The agent in ``seat`` and the opponent (a player that replays the other seat) play
    the game; each step pays the agent what its move and the opponent's moves until its
    next one paid (the points of the opponent's moves before its first move with it)."""
    opponent = ScriptedPlayer(scenario.seat_moves(1 - seat))
    env = make_env(opponent, rules=scenario.rules, mode="game", seat=seat)
    env.np_random = FixedDeal(scenario.seed)  # (what reset draws the game's seed from)
    obs, info = env.reset()
    paid = payments(scenario)
    mine = [i for i, (who, _) in enumerate(scenario.moves) if who == seat]
    states = list(_moves_with_states(scenario))
    for k, index in enumerate(mine):
        _, action, game = states[index]
        assert np.flatnonzero(info["action_mask"]).tolist() == sorted(
            a.index for a in game.legal_actions())
        assert np.array_equal(obs["observation"], _observation(game, seat))
        obs, reward, terminated, truncated, info = env.step(action.index)
        start = 0 if k == 0 else index
        end = mine[k + 1] if k + 1 < len(mine) else len(scenario.moves)
        assert reward == sum(p[seat] for p in paid[start:end]), (k, index)
        assert terminated == (k + 1 == len(mine) and end == len(scenario.moves))
        assert not truncated
    assert env.episode.game == scenario.game and env.episode.over
    # the opponent played every move of its seat, shown the view the core's game shows
    assert opponent.moves == []
    theirs = [game.view(1 - seat) for who, _, game in states if who != seat]
    assert opponent.views == theirs


# -- one hand per episode (mode="hand") ----------------------------------------------


def _hand_mode_seeds() -> list[Any]:
    """Every hand of the games, with the seed an episode deals it from in hand mode (the
    seed of the game's hand: :func:`ginrules.game.hand_seed`), those whose dealer the
    episode would not draw skipped with the reason."""
    out = []
    for s in scenarios():
        for number, hand in enumerate(s.game.finished):
            seed = hand_seed(s.seed, number)
            ident = f"{s.name}-hand{number + 1}-{ending_of(hand)}"
            episode = Episode(s.rules, mode="hand")
            episode.reset(seed)
            marks = []
            if episode.hand.dealer != hand.dealer:
                marks = [pytest.mark.skip(reason="an episode of one hand draws its dealer "
                                          "from the seed: this deck is dealt by the other")]
            out.append(pytest.param(hand, seed, id=ident, marks=marks))
    return out


def _hand_rewards(hand: ginrules.HandState) -> tuple[float, float]:
    """What the end of ``hand`` pays both players: its points to the winner."""
    assert hand.result is not None
    score = score_hand(hand.result, hand.rules)
    if score.player is None:
        return (0.0, 0.0)
    won = float(score.points)
    return (won, -won) if score.player == 0 else (-won, won)


@pytest.mark.parametrize(("hand", "seed"), _hand_mode_seeds())
def test_an_episode_of_one_hand_pays_its_score(hand: ginrules.HandState, seed: int) -> None:
    paid = _hand_rewards(hand)
    e = raw_env(hand.rules, mode="hand")
    e._rng = FixedDeal(seed)
    e.reset()
    assert e.episode.hand.deck == hand.deck
    for index, (who, action) in enumerate(hand.actions):
        assert e.agent_selection == AGENTS[who]
        e.step(action.index)
        last = index + 1 == len(hand.actions)
        assert (e.rewards[AGENTS[0]], e.rewards[AGENTS[1]]) == (paid if last else (0, 0))
    assert e.episode.hand == hand and all(e.terminations.values())
    for seat in (0, 1):  # Gymnasium, the agent in either seat
        if seat not in {who for who, _ in hand.actions}:
            continue  # (the opponent ends the hand before the agent moves: dealt again)
        opponent = ScriptedPlayer([a for who, a in hand.actions if who != seat])
        env = make_env(opponent, rules=hand.rules, mode="hand", seat=seat)
        env.np_random = FixedDeal(seed)
        env.reset()
        rewards = [env.step(a.index)[1] for who, a in hand.actions if who == seat]
        assert rewards == [0.0] * (len(rewards) - 1) + [paid[seat]]
        assert env.episode.hand == hand and env.episode.over and opponent.moves == []


# -- OpenSpiel -------------------------------------------------------------------------


def _openspiel() -> Any:
    pytest.importorskip("pyspiel")
    from ginrules.interop.openspiel_game import load_game

    return load_game


def _deal_chance(state: Any, hand: ginrules.HandState) -> None:
    """The deal of ``hand`` as chance outcomes: its first 21 cards in dealing order."""
    for card in hand.deck.cards[:21]:
        assert state.is_chance_node()
        assert card.index in [c for c, _ in state.chance_outcomes()]
        state.apply_action(card.index)


def _play_hand(state: Any, hand: ginrules.HandState) -> None:
    """The actions of ``hand`` through an OpenSpiel state (its stock draws followed by
    the card drawn, a chance outcome), legal actions checked at each move."""
    replay = ginrules.deal(hand.rules, deck=hand.deck, dealer=hand.dealer)
    for who, action in hand.actions:
        assert state.current_player() == who
        assert state.legal_actions() == sorted(a.index for a in replay.legal_actions())
        state.apply_action(action.index)
        replay = replay.apply(action)
        if action.kind is ActionKind.DRAW_STOCK:
            assert state.is_chance_node()
            state.apply_action(drawn_card(replay).index)


@pytest.mark.parametrize("scenario", _games(
    "OpenSpiel's python_ginrules", "its game mode scores one game, not Hollywood's three"))
def test_openspiel_plays_the_same_game(scenario: Scenario) -> None:
    game = _openspiel()(rules=scenario.preset, mode="game")
    state = game.new_initial_state()
    for hand in scenario.game.finished:
        _deal_chance(state, hand)
        _play_hand(state, hand)
    assert state.is_terminal()
    totals = scenario.game.sheet.final_totals()
    assert state.returns() == [totals[0] - totals[1], totals[1] - totals[0]]
    assert [r.to_dict() for r in state.game.results] == [
        r.to_dict() for r in scenario.game.results]
    assert as_json(state.game.sheet.to_dict()) == as_json(scenario.game.sheet.to_dict())


def _hands_dealt_by(dealer: int) -> list[Any]:
    """Every hand of the games, those not dealt by ``dealer`` skipped with the reason."""
    out = []
    for s in scenarios():
        for number, hand in enumerate(s.game.finished):
            ident = f"{s.name}-hand{number + 1}-{ending_of(hand)}"
            marks = [] if hand.dealer == dealer else [pytest.mark.skip(
                reason=f"OpenSpiel's python_ginrules: player {dealer} deals the first hand")]
            out.append(pytest.param(hand, id=ident, marks=marks))
    return out


@pytest.mark.parametrize("hand", _hands_dealt_by(1))
def test_openspiel_hand_mode_pays_the_hands_score(hand: ginrules.HandState) -> None:
    rules = hand.rules
    name = next(n for n, r in ginrules.PRESETS.items() if r == rules)
    state = _openspiel()(rules=name, mode="hand").new_initial_state()
    _deal_chance(state, hand)
    _play_hand(state, hand)
    assert state.is_terminal()
    assert hand.result is not None
    score = score_hand(hand.result, rules)
    won = 0.0 if score.player is None else float(score.points)
    assert state.returns() == ([won, -won] if score.player in (0, None) else [-won, won])
    assert hand.result.kind is EndKind.DEAD or won or ending_of(hand) == "tie"
