"""The game-AI conventions of the environments (issue 33): Gymnasium ids that
``gymnasium.make``, ``make_vec`` and Stable-Baselines3 find by name, PettingZoo's naming
convention, renders that show only what the agent may see, the reward options, tight
observation bounds, and seeding, truncation and the info dict as Gymnasium documents
them."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import attrs  # noqa: E402

import ginrules  # noqa: E402
from ginrules.interop import ginrules_gin_rummy_v0  # noqa: E402
from ginrules.interop.episode import Episode  # noqa: E402
from ginrules.interop.gymnasium_env import IDS, make_env, register_envs  # noqa: E402
from ginrules.interop.observation import OBSERVATION_SIZE, PLANES, SCALARS  # noqa: E402
from ginrules.interop.pettingzoo_env import AGENTS, raw_env, render_text, spaces  # noqa: E402
from ginrules.interop.rewards import SHAPING, Rewards, potential  # noqa: E402
from ginrules.players import sample_hidden, view  # noqa: E402
from ginrules.rulesets import PRESETS  # noqa: E402
from ginrules.scoring import score_hand  # noqa: E402
from strategies import played_states  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HAND, GAME = "ginrules/GinRummy-v0", "ginrules/GinRummyGame-v0"


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (this one's, ginrules from the work tree)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env, stdin=subprocess.DEVNULL)


def _act(obs: dict, rng: np.random.Generator) -> int:  # type: ignore[type-arg]
    legal = np.flatnonzero(obs["action_mask"])
    return int(rng.choice(legal)) if len(legal) else 0


# -- ids ------------------------------------------------------------------------------


def test_the_ids_are_registered_with_their_modes_and_time_limits() -> None:
    assert IDS == {HAND: "hand", GAME: "game"}
    for env_id, mode in IDS.items():
        env = gymnasium.make(env_id)
        assert env.spec.id == env_id and env.spec.namespace == "ginrules"
        assert env.unwrapped.episode.mode == mode
        assert env.spec.max_episode_steps == {"hand": 500, "game": 50_000}[mode]
    # registering again changes nothing and says nothing
    spec = gymnasium.spec(HAND)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        register_envs()
    assert gymnasium.spec(HAND) is spec


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_is_reachable_by_a_keyword(preset: str) -> None:
    env = gymnasium.make(HAND, rules=preset)
    obs, info = env.reset(seed=1)
    assert env.unwrapped.episode.rules == PRESETS[preset]
    assert obs["observation"].shape == (OBSERVATION_SIZE,) and info["action_mask"].any()


def test_importing_ginrules_does_not_import_gymnasium_and_the_adapter_registers() -> None:
    done = _python(
        "import sys, ginrules, ginrules.interop, ginrules.interop.pettingzoo_env\n"
        "from ginrules.interop import ginrules_gin_rummy_v0\n"
        "print(sorted(m for m in ('gymnasium', 'numpy', 'pettingzoo') if m in sys.modules))\n"
        "import ginrules.interop.gymnasium_env\n"  # isort's order: before gymnasium
        "import gymnasium\n"
        "print(gymnasium.make('ginrules/GinRummy-v0', rules='oklahoma').spec.id)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "ginrules/GinRummy-v0"]
    # the id may name the module that registers it, without importing it first
    done = _python("import gymnasium\n"
                   "e = gymnasium.make('ginrules.interop.gymnasium_env:ginrules/GinRummyGame-v0')\n"
                   "print(e.unwrapped.episode.mode)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "game"


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_by_name(mode: str) -> None:
    envs = gymnasium.make_vec(HAND, num_envs=2, vectorization_mode=mode, rules="oklahoma",
                              reward="win_loss")
    try:
        obs, info = envs.reset(seed=3)
        assert obs["observation"].shape == (2, OBSERVATION_SIZE)
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(300):
            actions = np.array([_act({"action_mask": m}, rng) for m in obs["action_mask"]])
            obs, reward, terminated, _, info = envs.step(actions)
            assert set(reward.tolist()) <= {-1.0, 0.0, 1.0}
            ended += int(terminated.sum())
        assert ended > 0
    finally:
        envs.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_make_vec_async_in_spawned_processes() -> None:
    """A spawned worker imports nothing of the parent: the id's entry point, a module of
    ginrules, is imported there and registers the ids again."""
    envs = gymnasium.make_vec(GAME, num_envs=2, vectorization_mode="async",
                              vector_kwargs={"context": "spawn"})
    try:
        obs, _ = envs.reset(seed=1)
        assert obs["action_mask"].any(axis=1).all()
    finally:
        envs.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_stable_baselines3_make_vec_env_by_name() -> None:
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    # make_vec_env asks for render_mode="rgb_array" and, on a TypeError, makes the
    # environment without one
    venv = env_util.make_vec_env(HAND, n_envs=2, env_kwargs={"opponent": "random"})
    try:
        obs = venv.reset()
        assert obs["observation"].shape == (2, OBSERVATION_SIZE)
        masks = np.stack(venv.env_method("action_masks"))
        assert np.array_equal(masks, obs["action_mask"])
    finally:
        venv.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("env_id", [HAND, GAME])
def test_check_env_with_every_render_mode(env_id: str) -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(env_id, rules="oklahoma", render_mode="ansi").unwrapped)
    said = " ".join(str(w.message) for w in caught)
    assert "Not able to test alternative render modes" not in said  # it has a spec


# -- seeding, truncation, info ----------------------------------------------------------


def _episode(env, seed: int, actions_seed: int) -> list:  # type: ignore[no-untyped-def,type-arg]
    rng = np.random.default_rng(actions_seed)
    obs, info = env.reset(seed=seed)
    out = [obs["observation"].tobytes()]
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(_act(obs, rng))
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        out.append((obs["observation"].tobytes(), reward))
        done = terminated or truncated
    return out


def test_the_same_seed_and_actions_give_the_same_episode() -> None:
    first = _episode(gymnasium.make(HAND, opponent="advanced"), 11, 1)
    again = _episode(gymnasium.make(HAND, opponent="advanced"), 11, 1)
    other = _episode(gymnasium.make(HAND, opponent="advanced"), 12, 1)
    assert first == again and first != other
    # reset() without a seed goes on from the seeded generator
    a, b = gymnasium.make(HAND), gymnasium.make(HAND)
    a.reset(seed=5)
    b.reset(seed=5)
    assert np.array_equal(a.reset()[0]["observation"], b.reset()[0]["observation"])


def test_the_time_limit_truncates() -> None:
    # an agent that keeps playing an illegal action never ends the hand: the id's limit
    env = gymnasium.make(HAND)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for step in range(1, 501):
        obs, reward, terminated, truncated, info = env.step(illegal)
        assert reward == -1.0 and info["illegal_action"] and not terminated
        assert truncated == (step == 500)
    short = gymnasium.make(GAME, max_episode_steps=3)
    obs, _ = short.reset(seed=1)
    rng = np.random.default_rng(1)
    flags = [short.step(_act(obs, rng))[3] for _ in range(3)]
    assert flags == [False, False, True]


# -- render: the agent's view, unless asked by name ---------------------------------------


def _twin(state: ginrules.HandState, player: int, seed: int) -> ginrules.HandState:
    """A state that ``player`` cannot tell from ``state``, the hidden cards dealt anew."""
    return sample_hidden(view(state, player), seed=seed)


def test_a_render_never_shows_a_hidden_card() -> None:
    """Two worlds that differ only in cards the player has not seen render the same for
    it; the omniscient table tells them apart."""
    differ = 0
    for seed in range(6):
        for state in played_states(seed, ("classic", "oklahoma")[seed % 2]):
            for player in (0, 1):
                twin = _twin(state, player, seed)
                a, b = Episode(state.rules), Episode(state.rules)
                a.hand, b.hand = state, twin
                assert render_text(a, player) == render_text(b, player)
                differ += render_text(a, None) != render_text(b, None)
                hidden = set(state.cards(1 - player)) - set(view(state, player).opponent_known)
                shown = render_text(a, player)
                assert not any(f" {c}" in shown.split("opponent", 1)[1].split("\n")[0]
                               for c in map(str, hidden))
    assert differ > 0


def test_a_game_render_never_shows_a_hidden_card() -> None:
    episode = Episode("classic", mode="game")
    episode.reset(seed=4)
    game = episode.game
    for player in (0, 1):
        twin = attrs.evolve(game, hand=_twin(game.hand, player, 9))
        other = Episode("classic", mode="game")
        other.game, other.hand = twin, twin.hand
        assert render_text(episode, player) == render_text(other, player)
        assert render_text(episode, None) != render_text(other, None)
        assert "game       you 0, opponent 0; to 100" in render_text(episode, player)


@pytest.mark.parametrize("mode", ["hand", "game"])
def test_the_environments_render_the_agents_view(mode: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    gym_env = gymnasium.make(HAND if mode == "hand" else GAME, render_mode="ansi", seat=1)
    gym_env.reset(seed=3)
    episode = gym_env.unwrapped.episode
    assert gym_env.render() == render_text(episode, 1)
    assert "player 1's view" in gym_env.render()
    told = gymnasium.make(HAND if mode == "hand" else GAME, render_mode="ansi",
                          omniscient=True)
    told.reset(seed=3)
    assert told.render() == render_text(told.unwrapped.episode, None)
    # the PettingZoo environment: the view of the agent to move
    pz = raw_env(mode=mode, render_mode="ansi")
    assert "'s view" in pz.render()  # even before a reset
    pz.reset(seed=3)
    for _ in range(5):
        seat = AGENTS.index(pz.agent_selection)
        assert pz.render() == render_text(pz.episode, seat)
        pz.step(int(np.flatnonzero(pz.observe(pz.agent_selection)["action_mask"])[0]))
    assert raw_env(render_mode="ansi", omniscient=True).metadata["render_modes"] == [
        "human", "ansi"]
    # "human" prints the same text at every reset and step, and render returns None
    shown = gymnasium.make(HAND, render_mode="human")
    obs, _ = shown.reset(seed=3)
    printed = capsys.readouterr().out
    assert printed == render_text(shown.unwrapped.episode, 0) + "\n"
    shown.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out == render_text(shown.unwrapped.episode, 0) + "\n"
    assert shown.render() is None


# -- rewards ---------------------------------------------------------------------------


def _gym_total(env_kwargs: dict, seed: int) -> tuple[float, object]:  # type: ignore[type-arg]
    """Play an episode of ``make_env(**env_kwargs)`` with the basic player as the agent;
    the sum of its rewards, the environment and the potential of the deal (hand mode)."""
    from ginrules.players import BasicPlayer

    env = make_env(**env_kwargs)
    agent = BasicPlayer(seed=seed)
    env.reset(seed=seed)
    dealt = potential(env.episode, env.seat) if env.episode.game is None else None
    total, done = 0.0, False
    while not done:
        action = agent.choose(env.episode.view(env.seat)).index
        _, reward, done, _, _ = env.step(action)
        total += reward
    return total, (env, dealt)


def _hand_points(env, seat: int) -> int:  # type: ignore[no-untyped-def]
    hand = env.episode.hand
    score = score_hand(hand.result, hand.rules)
    return 0 if score.player is None else (score.points if score.player == seat
                                           else -score.points)


@pytest.mark.parametrize("seat", [0, 1])
def test_win_loss_pays_the_sign_of_the_hand_or_the_game(seat: int) -> None:
    signs = set()
    for seed in range(16):
        total, (env, _) = _gym_total({"opponent": ("random", "basic")[seed % 2],
                                      "seat": seat, "reward": "win_loss"}, seed)
        points = _hand_points(env, seat)
        assert total == (points > 0) - (points < 0)
        signs.add(total)
    assert {-1.0, 1.0} <= signs
    total, (env, _) = _gym_total({"opponent": "basic", "seat": seat, "mode": "game",
                                  "rules": "short", "reward": "win_loss"}, 5)
    winner = env.episode.game.winner
    assert total == (0 if winner is None else 1 if winner == seat else -1)


def test_the_shaped_reward_sums_to_the_points_and_the_dealt_deadwood() -> None:
    for seed in range(8):
        for normalize in (False, True):
            total, (env, dealt) = _gym_total({"opponent": "basic", "reward": "shaped",
                                              "normalize": normalize}, seed)
            scale = 1 / 100 if normalize else 1.0
            # the potential of the deal is -SHAPING * the dealt deadwood
            expected = (_hand_points(env, 0) - dealt) * scale
            assert total == pytest.approx(expected)
            assert total != pytest.approx(_hand_points(env, 0) * scale)  # a deadwood > 0


def test_a_shaped_step_pays_the_change_of_the_players_own_deadwood() -> None:
    episode = Episode("classic")
    rewards = Rewards(episode, "shaped")
    rewards.reset(seed=7)  # player 1 to take or pass TS, with 4D 4H 4S ...
    before = potential(episode, 1)
    paid = rewards.step(ginrules.Action.parse("take"))  # 11 cards: the best discard counts
    assert paid == (0.0, pytest.approx(potential(episode, 1) - before))
    assert potential(episode, 1) == pytest.approx(-SHAPING * min(
        ginrules.deadwood(set(episode.hand.cards(1)) - {c}) for c in episode.hand.cards(1)
        if c != episode.hand.upcard))
    # the potential reads the player's own cards only: a twin world, the same potential
    twin = _twin(episode.hand, 1, 3)
    other = Episode("classic")
    other.hand = twin
    assert potential(other, 1) == potential(episode, 1)
    with pytest.raises(ginrules.GinRulesError, match="win_loss"):
        Rewards(Episode(), "win_loss", normalize=True)
    with pytest.raises(ginrules.GinRulesError, match="reward must be one of"):
        make_env(reward="dense")


def test_the_pettingzoo_rewards() -> None:
    e = ginrules_gin_rummy_v0.raw_env(rules="classic", reward="shaped")
    assert e.metadata["name"] == ginrules_gin_rummy_v0.NAME == "ginrules_gin_rummy_v0"
    for seed in range(6):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        dealt = [potential(e.episode, p) for p in (0, 1)]
        totals = dict.fromkeys(AGENTS, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            legal = np.flatnonzero(obs["action_mask"])
            knocks = legal[legal >= 56]
            e.step(None if terminated or truncated else int(
                knocks[0] if len(knocks) else rng.choice(legal)))
        hand = e.episode.hand
        score = score_hand(hand.result, hand.rules)
        for p, agent in enumerate(AGENTS):
            points = 0 if score.player is None else (
                score.points if score.player == p else -score.points)
            assert totals[agent] == pytest.approx(points - dealt[p])
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ginrules_gin_rummy_v0.env(reward="win_loss", mode="game", rules="short"),
                 num_cycles=200)


# -- observation bounds ------------------------------------------------------------------


FLAGS = [SCALARS.index(n) for n in ("phase_offer", "phase_draw", "phase_discard",
                                    "phase_over", "my_turn", "i_dealt", "oklahoma")]
FRACTIONS = [SCALARS.index(n) for n in ("stock_size", "opponent_count")]


def test_the_observations_lie_within_tight_bounds() -> None:
    planes = len(PLANES) * 52
    for rules, mode in (("classic", "hand"), ("oklahoma", "game"), ("short", "game")):
        space = spaces(rules)[0]
        box = space["observation"]
        assert (box.low == 0).all()
        assert (box.high[:planes] == 1).all()
        scalars_high = box.high[planes:]
        assert (scalars_high[FLAGS] == 1).all() and (scalars_high[FRACTIONS] == 1).all()
        seen_max = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        e = raw_env(rules=rules, mode=mode)
        for seed in range(4 if mode == "hand" else 1):
            rng = np.random.default_rng(seed)
            e.reset(seed=seed)
            for agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                assert space.contains(obs), (rules, mode, agent)
                seen_max = np.maximum(seen_max, obs["observation"])
                for other in AGENTS:
                    seen = e.observe(other)
                    assert space.contains(seen)
                    seen_max = np.maximum(seen_max, seen["observation"])
                legal = np.flatnonzero(obs["action_mask"])
                knocks = legal[legal >= 56]
                e.step(None if terminated or truncated else int(
                    knocks[0] if len(knocks) else rng.choice(legal)))
        # the flags and the fractions reach their bounds: none is looser than needed
        reached = seen_max[planes:]
        flags = [i for i in FLAGS if i != SCALARS.index("oklahoma") or rules == "oklahoma"]
        assert (reached[flags] == 1).all() and (reached[FRACTIONS] == 1).all(), rules
        if mode == "game":
            assert 0 < reached[SCALARS.index("my_score")] <= scalars_high[
                SCALARS.index("my_score")]
    # without rules: bounds that hold under any rules
    anything = spaces()[0]["observation"].high[planes:]
    assert np.isinf(anything[SCALARS.index("knock_limit")])
    assert (anything[FLAGS] == 1).all()
    assert spaces(ginrules.rules("classic").evolve(knock_limit=25))[0][
        "observation"].high[planes + SCALARS.index("knock_limit")] == 2.5


def test_bonuses_over_100_widen_their_bounds_and_the_observations_lie_within() -> None:
    planes = len(PLANES) * 52
    rules = ginrules.rules("classic").evolve(gin_bonus=150, undercut_bonus=120)
    space = spaces(rules)[0]
    high = space["observation"].high[planes:]
    assert high[SCALARS.index("gin_bonus")] == pytest.approx(1.5)
    assert high[SCALARS.index("undercut_bonus")] == pytest.approx(1.2)
    e = raw_env(rules=rules)
    e.reset(seed=1)
    for agent in AGENTS:
        seen = e.observe(agent)
        assert space.contains(seen), agent
        assert seen["observation"][planes + SCALARS.index("undercut_bonus")] == \
            pytest.approx(1.2)
