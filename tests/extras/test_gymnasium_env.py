"""The Gymnasium single-agent environment passes Gymnasium's checker."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from ginrules.errors import GinRulesError, IllegalActionError, WrongTypeError  # noqa: E402
from ginrules.interop.gymnasium_env import make_env  # noqa: E402
from ginrules.scoring import score_hand  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("opponent", "mode", "seat"), [("basic", "hand", 0),
                                                         ("advanced", "game", 1)])
def test_gymnasium_check_env(opponent: str, mode: str, seat: int) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(make_env(opponent, rules="oklahoma", mode=mode, seat=seat))


@pytest.mark.parametrize("seat", [0, 1])
def test_an_episode_pays_the_agents_score(seat: int) -> None:
    scored = 0
    for seed in range(10):
        env = make_env("basic", rules="classic", seat=seat)
        rng = np.random.default_rng(seed)
        obs, info = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            assert info["action_mask"].sum() > 0
            assert np.array_equal(env.action_masks(), obs["action_mask"])
            legal = np.flatnonzero(obs["action_mask"])
            knocks = legal[legal >= 56]
            action = int(knocks[0] if len(knocks) else rng.choice(legal))
            obs, reward, done, _, info = env.step(action)
            total += reward
        hand = env.episode.hand
        score = score_hand(hand.result, hand.rules)
        expected = 0 if score.player is None else (
            score.points if score.player == seat else -score.points)
        assert total == expected
        scored += expected != 0
    assert scored > 0


def test_an_illegal_action_is_penalized_or_raised() -> None:
    env = make_env("basic")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, done, _, info = env.step(illegal)
    assert reward == -1.0 and not done and info["illegal_action"]
    assert np.array_equal(after["observation"], obs["observation"])
    strict = make_env("basic", illegal_reward=None)
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(GinRulesError, match="seat"):
        make_env(seat=2)
    shown = make_env(render_mode="ansi")
    shown.reset(seed=1)
    assert "stock" in shown.render().lower()


def test_a_hand_the_computer_ends_before_the_agent_moves_is_dealt_again() -> None:
    import ginrules

    # the computer player (seat 1, not the dealer) takes the upcard TS and goes gin
    deck = ginrules.parse_cards("AS 2C 2S 3C 3S 4C 4S 5C 5S 6C 6S 7C 7S 8C 8S 9C 9S TC "
                                "KH JC TS")
    deck += tuple(c for c in ginrules.CARDS if c not in deck)
    env = make_env("advanced", rules="classic", seat=0)
    episode = env.episode
    original = episode.reset
    rigged: list[int] = []

    def reset(seed: int) -> None:
        original(seed)
        if not rigged:
            rigged.append(seed)
            episode.hand = ginrules.deal(episode.rules, deck=deck, dealer=0)

    episode.reset = reset
    _, info = env.reset(seed=3)
    assert rigged and episode.hand.deck.cards != deck
    assert not episode.over and info["action_mask"].sum() > 0


def test_normalized_rewards_and_what_the_environment_declares() -> None:
    # normalize=True divides every reward by the target (classic: 100), the rewards of
    # the opponent's moves too: it knocks or goes gin in some of these hands
    by_opponent = 0
    for seed in range(10):
        env = make_env("basic", rules="classic", seat=0, normalize=True)
        rng = np.random.default_rng(seed)
        obs, _ = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, _, _ = env.step(int(rng.choice(legal)))
            total += reward
        hand = env.episode.hand
        score = score_hand(hand.result, hand.rules)
        expected = 0 if score.player is None else (
            score.points if score.player == 0 else -score.points)
        assert total == pytest.approx(expected / 100)
        by_opponent += hand.result.knocker == 1
    assert by_opponent > 0
    assert make_env().metadata == {"render_modes": ["ansi", "human"], "render_fps": 4}
    # a mode it cannot render is a TypeError too (Stable-Baselines3's make_vec_env asks
    # for "rgb_array" and, on a TypeError, makes the environment without one)
    with pytest.raises(WrongTypeError) as error:
        make_env(render_mode="rgb_array")
    assert str(error.value) == "render_mode is None, 'ansi' or 'human', not 'rgb_array'"
    assert isinstance(error.value, TypeError)
    with pytest.raises(GinRulesError) as error:
        make_env(opponent=object())  # type: ignore[arg-type]
    assert str(error.value) == ("GinRummyEnv takes an opponent: a player name such as "
                                "'advanced' or a ginrules.players.Player, not object")


def test_the_opponent_sees_the_game_totals_as_a_game_shows_them() -> None:
    """In ``mode="game"`` the computer player is shown the view a game shows it, with both
    players' totals (the expert and the master play for the game with them); it was shown
    none, and so played for points alone."""
    from ginrules.players import make_player

    basic = make_player("basic")
    seen: list[tuple[Any, Any]] = []  # the scores in each view, the game's totals then

    class Spy:
        def choose(self, view: Any) -> Any:
            seen.append((view.scores, env.episode.game.totals))
            return basic.choose(view)

    env = make_env(Spy(), mode="game", seat=0)
    env.reset(seed=3)
    while len(env.episode.game.finished) < 2:
        env.step(basic.choose(env.episode.view(0)).index)
    assert all(scores == totals for scores, totals in seen), seen
    assert {totals for _, totals in seen} != {(0, 0)}  # (the totals moved)


class _BasicThroughItsView:
    """The basic player as any other opponent is played: shown the whole view (the
    environment's shortcut is for ``BasicPlayer`` itself)."""

    def choose(self, view: Any) -> Any:
        from ginrules.players import BasicPlayer

        return BasicPlayer().choose(view)


def _eleven_cards() -> Any:
    import attrs

    from ginrules.rulesets import Opening, rules

    return attrs.evolve(rules("classic"), opening=Opening.ELEVEN_CARDS)


def _episode(env: Any, seed: int) -> list[Any]:
    """Everything an episode shows: observations, actions, rewards, endings, and the
    hand's whole history at the end."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen: list[Any] = [obs["observation"].tobytes()]
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        obs, reward, done, truncated, _ = env.step(action)
        seen += [action, reward, done, truncated, obs["observation"].tobytes()]
    seen.append(env.episode.hand.actions)
    return seen


@pytest.mark.parametrize("preset", ["classic", "oklahoma", "eaai", "dutch", "eleven-cards"])
@pytest.mark.parametrize(("mode", "seat"), [("hand", 0), ("hand", 1), ("game", 0)])
def test_the_default_opponent_plays_as_the_basic_player_shown_its_view(
        preset: str, mode: str, seat: int) -> None:
    rules = _eleven_cards() if preset == "eleven-cards" else preset
    fast = make_env(rules=rules, mode=mode, seat=seat)  # the default: "basic"
    slow = make_env(_BasicThroughItsView(), rules=rules, mode=mode, seat=seat)
    for seed in range(40 if mode == "hand" else 2):
        assert _episode(fast, seed) == _episode(slow, seed), seed


def test_the_default_opponent_decides_from_its_view_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.interop import gymnasium_env

    shortcut = gymnasium_env._basic_action
    env = make_env(rules="oklahoma", seat=1)
    calls = []

    def checked(*fields: Any) -> Any:
        seen = env.episode.view(0)  # the opponent's: the agent sits in seat 1
        assert fields == (seen.mask, seen.phase, seen.upcard, seen.top_discard,
                          seen.legal_actions)
        calls.append(fields)
        return shortcut(*fields)

    monkeypatch.setattr(gymnasium_env, "_basic_action", checked)
    for seed in range(20):
        _episode(env, seed)
    assert len(calls) > 200



def test_a_step_before_the_first_reset_is_refused_in_words() -> None:
    """Gymnasium asks for reset first (``gymnasium.make``'s wrapper enforces it); the
    environment made directly says so too, rather than playing whichever seat is to move
    in a hand nobody dealt for the agent. After a reset it steps."""
    env = make_env()
    with pytest.raises(GinRulesError, match=r"^step before reset: call reset\(\) first"):
        env.step(0)
    env.reset(seed=1)
    legal = np.flatnonzero(env.action_masks())
    _, reward, _, _, _ = env.step(int(legal[0]))
    assert isinstance(reward, float)
