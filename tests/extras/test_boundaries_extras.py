"""The documented bounds of the game-AI routes at the bound and one past it (issue 45; the
others are in tests/test_boundaries.py): OpenSpiel's parameters (C ints, and a game no
longer than OpenSpiel can count) and the time limits of the registered Gymnasium ids."""

from __future__ import annotations

import pytest

from ginrules.errors import GinRulesError

_INT_MAX = 2**31 - 1


def test_openspiel_parameters_are_c_ints_from_1() -> None:
    pytest.importorskip("pyspiel")
    from ginrules.interop.openspiel_game import load_game

    assert load_game(mode="hand", max_hands=_INT_MAX).num_players() == 2
    assert load_game(mode="hand", max_turns=1, max_hands=1).max_game_length() == 27
    for key, value in (("max_hands", _INT_MAX + 1), ("max_turns", 0), ("max_hands", 0)):
        with pytest.raises(GinRulesError, match="at least 1 and below 2"):
            load_game(**{key: value})


def test_openspiel_games_up_to_the_length_it_can_count() -> None:
    """A hand of ``max_turns`` turns is 24 + 3 * max_turns actions (the deal, the two
    offers, a draw, its card and a discard a turn, the end): the most turns that keep it
    within a C int is 715,827,874; one more is refused."""
    pytest.importorskip("pyspiel")
    from ginrules.interop.openspiel_game import load_game

    most = (_INT_MAX - 24) // 3
    assert most == 715_827_874
    assert load_game(mode="hand", max_turns=most).max_game_length() == 24 + 3 * most
    with pytest.raises(GinRulesError, match="more than OpenSpiel can count"):
        load_game(mode="hand", max_turns=most + 1)


@pytest.mark.parametrize(("env_id", "limit"), [("ginrules/GinRummy-v0", 500)])
def test_a_registered_id_truncates_at_its_time_limit(env_id: str, limit: int) -> None:
    """An episode of the hand id is truncated at its 500th agent step, not before (an
    illegal action is a step that changes nothing: the hand never ends)."""
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    import ginrules.interop.gymnasium_env  # noqa: F401  (registers the ids)

    env = gymnasium.make(env_id, opponent="basic")
    assert env.spec.max_episode_steps == limit
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for step in range(1, limit + 1):
        _, reward, terminated, truncated, info = env.step(illegal)
        assert info["illegal_action"] and reward == -1.0 and not terminated
        assert truncated is (step == limit), step
