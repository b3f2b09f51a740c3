"""The environments' observations, built step by step (the views from the stock draws an
:class:`~ginrules.interop.episode.Episode` keeps, the planes packed at once), equal the
observations built from scratch (:func:`ginrules.players.view` from the whole history,
encoded from :func:`~ginrules.interop.observation.planes`) at every step of random hands
and games under every preset, through the episode, PettingZoo's AEC environment and the
Gymnasium environment."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import ginrules  # noqa: E402
from ginrules.actions import Action  # noqa: E402
from ginrules.interop import observation  # noqa: E402
from ginrules.interop.episode import Episode  # noqa: E402
from ginrules.interop.gymnasium_env import make_env  # noqa: E402
from ginrules.interop.pettingzoo_env import (  # noqa: E402
    AGENTS,
    _observe_from_scratch,
    observe,
    raw_env,
)
from ginrules.players import view  # noqa: E402

PRESETS = sorted(ginrules.PRESETS)
MAX_STEPS = 300  # a game may be long: its first hands are enough


def _same(got: dict[str, Any], want: dict[str, Any]) -> None:
    assert sorted(got) == sorted(want) == ["action_mask", "observation"]
    for key in want:
        assert got[key].dtype == want[key].dtype and got[key].shape == want[key].shape
        assert np.array_equal(got[key], want[key]), key


def _scratch(episode: Episode, player: int) -> dict[str, Any]:
    observation._SCANNED.clear()  # no memo of the last scan either
    return _observe_from_scratch(episode, player)


def _check(episode: Episode) -> None:
    for player in (0, 1):
        assert episode.view(player) == view(episode.hand, player)
        _same(observe(episode, player), _scratch(episode, player))


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESETS), mode=st.sampled_from(["hand", "game"]),
       seed=st.integers(0, 2**32 - 1))
def test_the_episode_observations_equal_the_ones_from_scratch(preset: str, mode: str,
                                                               seed: int) -> None:
    rng = random.Random(seed)
    episode = Episode(preset, mode=mode)
    for _ in range(2):  # a reset in the middle of an episode starts afresh
        episode.reset(seed=rng.getrandbits(32))
        _check(episode)
        for _ in range(rng.randrange(MAX_STEPS // 4, MAX_STEPS)):
            if episode.over:
                break
            episode.step(rng.choice(episode.view(episode.turn).legal_actions))
            _check(episode)


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(PRESETS), mode=st.sampled_from(["hand", "game"]),
       seed=st.integers(0, 2**32 - 1))
def test_the_pettingzoo_observations_equal_the_ones_from_scratch(preset: str, mode: str,
                                                                 seed: int) -> None:
    rng = random.Random(seed)
    e = raw_env(rules=preset, mode=mode)
    e.reset(seed=seed)
    for _ in range(MAX_STEPS):
        if not e.agents:
            break
        for player, agent in enumerate(AGENTS):
            _same(e.observe(agent), _scratch(e.episode, player))
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(PRESETS), mode=st.sampled_from(["hand", "game"]),
       seat=st.sampled_from([0, 1]), seed=st.integers(0, 2**32 - 1))
def test_the_gymnasium_observations_equal_the_ones_from_scratch(preset: str, mode: str,
                                                                seat: int,
                                                                seed: int) -> None:
    rng = random.Random(seed)
    e = make_env("random", rules=preset, mode=mode, seat=seat)
    obs, info = e.reset(seed=seed)
    for _ in range(MAX_STEPS):
        _same(obs, _scratch(e.episode, seat))
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        _check(e.episode)
        obs, _, terminated, _, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            _same(obs, _scratch(e.episode, seat))
            obs, info = e.reset()


def test_a_hand_set_from_outside_is_seen_from_its_history() -> None:
    episode = Episode("classic")
    episode.reset(seed=7)
    for text in ("pass", "pass", "draw stock"):
        episode.step(Action.parse(text))
    other = Episode("classic")
    other.reset(seed=7)
    other.hand = episode.hand  # not through step: the episode's draws are not kept
    _check(other)
    assert other.view(1).drawn_cards == (other.view(1).drawn,)
    # later, a discard taken by the other player: what each seat saw differs (the card
    # it threw, the card the opponent took), and each is seen from its own seat
    episode.step(episode.hand.legal_actions()[0])
    episode.step(Action.parse("draw discard"))
    episode.step(episode.hand.legal_actions()[-1])
    later = Episode("classic")
    later.reset(seed=7)
    later.hand = episode.hand
    _check(later)
