"""The OpenSpiel game's observer, built step by step (from each player's scan of the
public history and the hand itself, as the environments' incremental observation does),
fills the same tensors as the observer first written (the view from the whole history,
the tensor filled a card at a time), at every state of random hands and games under
every preset: deals under way, chance nodes, decisions, ends; both players; the
observation and the information state; and on clones played on apart. The tensors and
the legal-action mask a Python caller gets from the state (answered in Python) are
OpenSpiel's own (through C++), and so are its errors."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import ginrules  # noqa: E402
from ginrules.interop.observation import OBSERVATION_SIZE  # noqa: E402
from ginrules.interop.openspiel_game import (  # noqa: E402
    INFO_STATE_SIZE,
    _set_from_scratch,
    load_game,
)
from ginrules.players import view  # noqa: E402

PRESETS = sorted(ginrules.PRESETS)
MAX_STEPS = 400  # OpenSpiel actions, chance included: a few hands of a game


def _check(game: Any, observers: dict[bool, Any], state: Any) -> None:
    for perfect_recall, observer in observers.items():
        size = INFO_STATE_SIZE if perfect_recall else OBSERVATION_SIZE
        want = np.zeros(size, np.float32)
        for player in (0, 1):
            _set_from_scratch(want, state, player, perfect_recall)
            observer.set_from(state, player)
            assert np.array_equal(observer.tensor, want), (perfect_recall, player, str(state))
            observer.set_from(state, player)  # asked twice in a row (OpenSpiel does)
            assert np.array_equal(observer.tensor, want)
            # the state's own answer (in Python) and OpenSpiel's (through C++)
            method = "information_state_tensor" if perfect_recall else "observation_tensor"
            mine = getattr(state, method)(player)
            assert mine == getattr(pyspiel.State, method)(state, player)
            assert np.array_equal(np.asarray(mine, np.float32), want)
    assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
    for player in (0, 1):
        assert state.legal_actions_mask(player) == pyspiel.State.legal_actions_mask(
            state, player)
    if not state.is_terminal() and not state.is_chance_node():  # (the player to move)
        assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        assert state.legal_actions_mask() == pyspiel.State.legal_actions_mask(state)
    if state.hand is not None:
        for player in (0, 1):  # the observation string, from the draws kept
            assert observers[False].string_from(state, player) == str(view(state.hand,
                                                                            player))


def _play(game: Any, state: Any, rng: random.Random, steps: int) -> Any:
    observers = {recall: game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=recall)) for recall in (False, True)}
    for _ in range(steps):
        _check(game, observers, state)
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            legal = state.legal_actions()
            knocks = [a for a in legal if a >= 56]  # knock at times, so that hands score
            state.apply_action(rng.choice(knocks if knocks and rng.random() < 0.3
                                          else legal))
    return state


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(PRESETS), mode=st.sampled_from(["hand", "game"]),
       seed=st.integers(0, 2**32 - 1))
def test_the_observer_fills_the_tensors_of_the_observer_first_written(
        preset: str, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    game = load_game(rules=preset, mode=mode, max_hands=3)
    state = _play(game, game.new_initial_state(), rng, rng.randrange(40, MAX_STEPS))
    if not state.is_terminal():  # a clone and the state played on apart
        clone = state.clone()
        _play(game, clone, random.Random(seed + 1), 60)
        _play(game, state, rng, 60)


def test_a_resampled_state_is_observed_as_the_real_one_by_its_player() -> None:
    game = load_game(rules="classic")
    rng = random.Random(5)
    state = _play(game, game.new_initial_state(), rng, 40)
    while state.is_chance_node() or state.hand is None:
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    player = state.current_player()
    other = state.resample_from_infostate(player, rng.random)
    assert np.array_equal(np.asarray(other.observation_tensor(player)),
                          np.asarray(state.observation_tensor(player)))
    _play(game, other, rng, 30)


def test_a_call_python_does_not_answer_is_openspiels_errors_included() -> None:
    game = load_game(rules="classic")
    state = game.new_initial_state()  # a chance node: no player to observe
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor()
    with pytest.raises(pyspiel.SpielError):
        state.information_state_tensor(2)
    assert state.legal_actions_mask() == pyspiel.State.legal_actions_mask(state)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for call in ("observation_tensor", "legal_actions_mask"):  # (OpenSpiel names no
        with pytest.raises(TypeError):                          # argument "player")
            getattr(state, call)(player=1)
        with pytest.raises(TypeError):
            getattr(pyspiel.State, call)(state, player=1)
    for call in ("observation_tensor", "information_state_tensor", "legal_actions_mask"):
        with pytest.raises(TypeError):  # two players, as OpenSpiel's own call refuses
            getattr(state, call)(0, 1)
    # an int OpenSpiel takes that is no Python int (a numpy integer)
    assert state.observation_tensor(np.int64(1)) == state.observation_tensor(1)
    assert state.legal_actions_mask(np.int64(0)) == state.legal_actions_mask(0)
