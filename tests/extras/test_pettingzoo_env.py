"""The PettingZoo AEC environment passes PettingZoo's own tests and pays the real score."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import ginrules  # noqa: E402
from ginrules.errors import GinRulesError, IllegalActionError  # noqa: E402
from ginrules.interop.pettingzoo_env import AGENTS, env, raw_env  # noqa: E402
from ginrules.scoring import score_hand  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("mode", ["hand", "game"])
def test_pettingzoo_api_test(mode: str) -> None:
    from pettingzoo.test import api_test

    api_test(env(rules="oklahoma", mode=mode), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_seed_test() -> None:
    from pettingzoo.test import seed_test

    seed_test(lambda: env(rules="classic"), num_cycles=300)


def _play(e, seed: int) -> dict[str, float]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(AGENTS, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        knocks = legal[legal >= 56]  # knock when it can, so that hands score
        action = None if terminated or truncated else int(
            knocks[0] if len(knocks) else rng.choice(legal))
        e.step(action)
    return totals


def test_a_hand_pays_its_points_zero_sum() -> None:
    paid = 0
    for seed in range(30):
        e = raw_env(rules="classic")
        totals = _play(e, seed)
        hand = e.episode.hand
        assert hand.is_over
        score = score_hand(hand.result, hand.rules)
        expected = [0, 0]
        if score.player is not None:
            expected[score.player], expected[1 - score.player] = score.points, -score.points
        assert [totals[a] for a in AGENTS] == expected
        paid += abs(expected[0])
    assert paid > 0


def test_a_game_pays_the_final_score_difference_and_normalizes() -> None:
    e = raw_env(rules="short", mode="game")
    totals = _play(e, 4)
    game = e.episode.game
    assert game.is_over
    final = game.sheet.final_totals()
    assert totals[AGENTS[0]] == final[0] - final[1] == -totals[AGENTS[1]]
    n = raw_env(rules="short", mode="game", normalize=True)
    scaled = _play(n, 4)
    assert scaled[AGENTS[0]] == pytest.approx((final[0] - final[1]) / game.rules.target)


def test_observations_mask_and_render() -> None:
    e = raw_env(rules="classic", render_mode="ansi")
    e.reset(seed=1)
    me = e.agent_selection
    other = AGENTS[1 - AGENTS.index(me)]
    assert e.observe(me)["action_mask"].nonzero()[0].tolist() == [0, 1]
    assert e.observe(other)["action_mask"].sum() == 0
    assert "stock" in e.render().lower()
    with pytest.raises(IllegalActionError, match="cannot draw stock"):
        e.step(2)
    with pytest.raises(GinRulesError, match="mode"):
        raw_env(mode="match")
    with pytest.raises(GinRulesError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    assert ginrules.Action.from_index(1) in e.episode.hand.legal_actions()


def test_the_class_the_rules_and_what_the_environment_declares(
        capsys: pytest.CaptureFixture[str]) -> None:
    from ginrules.interop.pettingzoo_env import GinRummyEnv

    e = raw_env(rules="oklahoma")
    assert isinstance(e, GinRummyEnv) and e.episode.rules == ginrules.rules("oklahoma")
    assert raw_env().episode.rules == ginrules.rules("classic")
    assert GinRummyEnv.metadata["name"] == "ginrules_gin_rummy_v0"
    assert GinRummyEnv.metadata["render_modes"] == ["human", "ansi"]
    # render_mode="human" prints the table after each step (and render returns nothing)
    shown = raw_env(render_mode="human")
    shown.reset(seed=1)
    shown.step(1)  # pass the upcard
    printed = capsys.readouterr().out
    assert "stock 31" in printed and shown.render() is None


def test_the_wrapped_env_takes_every_option_of_the_raw_one() -> None:
    """``env()`` (PettingZoo's wrappers around ``raw_env``) pays what ``raw_env`` pays
    with the same options, ``normalize`` included."""
    for seed in (1, 2, 3):
        for normalize in (False, True):
            assert _play(env(rules="classic", normalize=normalize), seed) == _play(
                raw_env(rules="classic", normalize=normalize), seed)
    paid = [_play(env(rules="classic", normalize=True), s) for s in range(10)]
    assert any(totals[AGENTS[0]] != 0 for totals in paid)
    assert all(abs(totals[AGENTS[0]]) <= 2 for totals in paid)  # points / target


def _outcome(call):  # type: ignore[no-untyped-def]
    try:
        return ("value", call())
    except Exception as error:  # the kind and the words are compared
        return (type(error).__name__, str(error))


def test_env_enforces_the_order_as_pettingzoos_own_wrapper_does() -> None:
    """``env()``'s wrapper (PettingZoo's ``OrderEnforcingWrapper`` with a faster ``last``
    and ``step``) refuses, warns and answers exactly as PettingZoo's own wrapper does
    around the same environment: before a reset, through whole episodes, after the end."""
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours, theirs = env(rules="classic"), OrderEnforcingWrapper(raw_env(rules="classic"))
    assert isinstance(ours, OrderEnforcingWrapper) and str(ours) == str(theirs)
    before = [lambda e: e.last(), lambda e: e.last(observe=False), lambda e: e.step(0),
              lambda e: e.observe("player_0"), lambda e: e.agent_selection,
              lambda e: e.rewards, lambda e: e.render()]
    for call in before:
        assert _outcome(lambda c=call: c(ours)) == _outcome(lambda c=call: c(theirs))
    for seed in (3, 4):
        rng = np.random.default_rng(seed)
        ours.reset(seed=seed)
        theirs.reset(seed=seed)
        while ours.agents:
            mine, other = ours.last(), theirs.last()
            assert mine[1:] == other[1:]
            assert np.array_equal(mine[0]["observation"], other[0]["observation"])
            assert ours.last(observe=False)[0] is None
            legal = np.flatnonzero(mine[0]["action_mask"])
            action = None if mine[2] or mine[3] else int(rng.choice(legal))
            ours.step(action)
            theirs.step(action)
        assert not theirs.agents
        EnvLogger.mqueue.clear()
        ours.step(None)  # after the end: PettingZoo's warning, nothing else
        theirs.step(None)
        assert len(EnvLogger.mqueue) == 2 and EnvLogger.mqueue[0] == EnvLogger.mqueue[1]
        assert "after all agents are terminated" in EnvLogger.mqueue[0]
