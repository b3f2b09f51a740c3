"""A native PettingZoo AEC environment: Gin Rummy under any rules, one hand or a whole
game per episode, with the real score as rewards (the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone).

* agents ``"player_0"`` and ``"player_1"``; actions are the 109 ids of
  :attr:`Action.index <ginrules.actions.Action.index>`;
* observations ``{"observation": float32[482], "action_mask": int8[109]}``: the encoding
  of :mod:`ginrules.interop.observation`, made from the agent's view only;
* rewards: the hand's points to the winner and minus them to the loser when a hand ends
  (``mode="game"``: each hand's points, then the game's bonuses, summing to the final
  score difference); ``normalize=True`` divides them by the rules' game target;
* ``render_mode="ansi"`` returns the table as text (both hands: a spectator's picture,
  not an observation), ``"human"`` prints it.

PettingZoo (and numpy, gymnasium) are imported when the environment is first made, never
by ``import ginrules``. Usage is in the docs' RL page::

    from ginrules.interop.pettingzoo_env import env
    e = env(rules="oklahoma", mode="hand")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else policy(obs))
"""

from __future__ import annotations

import importlib
import random
from typing import Any, ClassVar

from ginrules.actions import Action
from ginrules.errors import GinRulesError, WrongTypeError, _peer_hint, _wrong_type
from ginrules.interop.episode import Episode
from ginrules.interop.ids import NUM_ACTIONS, legal_action_ids
from ginrules.interop.observation import OBSERVATION_SIZE, PLANES, encode
from ginrules.rulesets import RuleSet

__all__ = ["AGENTS", "env", "observe", "raw_env", "spaces"]

AGENTS = ("player_0", "player_1")
"""The agents' names: seat 0 and seat 1."""

_CLASS: Any = None
_SCALAR_HIGH = 1e4  # the bound of the scalar features in the space (scores over target)


_IMPORTED: dict[str, Any] = {}  # the peers, once imported (looked up at every step)


def _require(module: str) -> Any:
    found = _IMPORTED.get(module)
    if found is None:
        try:
            found = _IMPORTED[module] = importlib.import_module(module)
        except ImportError:
            package = module.split(".")[0]
            raise GinRulesError(f"this environment needs {package}: "
                                + _peer_hint(package, "rl")) from None
    return found


def spaces() -> tuple[Any, Any]:
    """The observation space and the action space of every agent (gymnasium spaces).

    Needs gymnasium and numpy (the ``rl`` extra; not run without them):

    >>> observation, action = spaces()  # doctest: +SKIP
    >>> int(action.n), observation["observation"].shape  # doctest: +SKIP
    (109, (482,))
    """
    np = _require("numpy")
    gym_spaces = _require("gymnasium.spaces")
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    high[len(PLANES) * 52 :] = _SCALAR_HIGH
    observation = gym_spaces.Dict({
        "observation": gym_spaces.Box(0.0, high, shape=(OBSERVATION_SIZE,), dtype=np.float32),
        "action_mask": gym_spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
    })
    return observation, gym_spaces.Discrete(NUM_ACTIONS)


def observe(episode: Episode, player: int) -> Any:
    """The observation dict of ``player`` in an :class:`Episode`: the encoding of its
    view, and its legal-action mask (zeros when it is not its turn).

    Needs numpy (the ``rl`` extra; not run without it):

    >>> episode = Episode("classic"); episode.reset(seed=7)
    >>> observe(episode, episode.turn)["action_mask"].nonzero()[0].tolist()  # doctest: +SKIP
    [0, 1]
    """
    if not isinstance(episode, Episode):
        raise _wrong_type("observe", "an Episode (see ginrules.interop.episode)", episode)
    np = _require("numpy")
    v = episode.view(player)
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    ids = legal_action_ids(v)
    if ids:
        mask[list(ids)] = 1
    return {"observation": encode(v, episode.scores(player)),
            "action_mask": mask}


def _build() -> Any:
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    aec = _require("pettingzoo").AECEnv

    class GinRummyEnv(aec):  # type: ignore[misc,valid-type]
        """Gin Rummy as a PettingZoo AEC environment (see the module's documentation)."""

        metadata: ClassVar[dict[str, Any]] = {"name": "ginrules_gin_rummy_v0", "render_modes": ["human", "ansi"],
                    "is_parallelizable": False}

        def __init__(self, rules: RuleSet | str = "classic", mode: str = "hand",
                     normalize: bool = False, render_mode: str | None = None) -> None:
            super().__init__()
            if render_mode not in (None, "human", "ansi"):
                error = GinRulesError if isinstance(render_mode, str) else WrongTypeError
                raise error(f"render_mode is None, 'human' or 'ansi', not {render_mode!r}")
            self.episode = Episode(rules, mode=mode)
            self.normalize = normalize
            self.render_mode = render_mode
            self.possible_agents = list(AGENTS)
            observation, action = spaces()
            self.observation_spaces = {a: observation for a in AGENTS}
            self.action_spaces = {a: action for a in AGENTS}
            self._rng = random.Random()
            self._scale = 1.0 / self.episode.rules.target if normalize else 1.0

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> None:
            if seed is not None:
                self._rng = random.Random(seed)
            self.episode.reset(self._rng.getrandbits(63))
            self.agents = list(AGENTS)
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
            self.terminations = dict.fromkeys(AGENTS, False)
            self.truncations = dict.fromkeys(AGENTS, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
            self.agent_selection = AGENTS[self.episode.turn]

        def observe(self, agent: str) -> Any:
            return observe(self.episode, AGENTS.index(agent))

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            paid = self.episode.step(Action.from_index(action))
            self.rewards = {AGENTS[0]: paid[0] * self._scale, AGENTS[1]: paid[1] * self._scale}
            if self.episode.over:
                self.terminations = dict.fromkeys(AGENTS, True)
            self.agent_selection = AGENTS[self.episode.turn]
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self) -> str | None:
            text = str(self.episode.game if self.episode.game is not None
                       else self.episode.hand)
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

    _CLASS = GinRummyEnv
    return _CLASS


def raw_env(rules: RuleSet | str = "classic", mode: str = "hand", normalize: bool = False,
            render_mode: str | None = None) -> Any:
    """The environment itself (no PettingZoo wrappers): ``rules`` is a preset name or a
    :class:`~ginrules.RuleSet`, ``mode`` ``"hand"`` or ``"game"``.

    Needs pettingzoo (the ``rl`` extra; not run without it):

    >>> e = raw_env("oklahoma", mode="game")  # doctest: +SKIP
    >>> e.reset(seed=1); e.agent_selection in AGENTS  # doctest: +SKIP
    True
    """
    return _build()(rules=rules, mode=mode, normalize=normalize, render_mode=render_mode)


def env(rules: RuleSet | str = "classic", mode: str = "hand", normalize: bool = False,
        render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (stepping before a reset
    is refused), as PettingZoo's own games come. An illegal action is a
    :class:`~ginrules.IllegalActionError` saying why.

    Needs pettingzoo (the ``rl`` extra; not run without it):

    >>> e = env(normalize=True)  # doctest: +SKIP
    >>> e.reset(seed=1); sorted(e.observe(e.agent_selection))  # doctest: +SKIP
    ['action_mask', 'observation']
    """
    wrappers = _require("pettingzoo.utils.wrappers")
    return wrappers.OrderEnforcingWrapper(
        raw_env(rules=rules, mode=mode, normalize=normalize, render_mode=render_mode))


def __getattr__(name: str) -> Any:
    if name == "GinRummyEnv":  # the class, built (and pettingzoo imported) on first use
        return _build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
