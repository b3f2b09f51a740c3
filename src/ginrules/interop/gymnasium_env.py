"""A Gymnasium single-agent environment: the agent plays one seat of Gin Rummy against a
library computer player (the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone).

* ids (:func:`register_envs`): ``ginrules/GinRummy-v0`` (one hand per episode) and
  ``ginrules/GinRummyGame-v0`` (a whole game), with every argument below as a keyword of
  ``gymnasium.make``: ``gymnasium.make("ginrules/GinRummy-v0", rules="oklahoma",
  opponent="advanced")``. Importing this module registers them; so does naming it in the
  id, ``gymnasium.make("ginrules.interop.gymnasium_env:ginrules/GinRummy-v0")``
  (Gymnasium 1.0 dropped the plugin entry points through which Gymnasium 0.29 finds
  them without an import);
* actions: the 109 ids of :attr:`Action.index <ginrules.actions.Action.index>`
  (``Discrete(109)``); :meth:`action_masks` and ``info["action_mask"]`` give the legal
  ones (the form maskable-PPO implementations read);
* observations: ``{"observation": float32[482], "action_mask": int8[109]}`` from the
  agent's view only (see :mod:`ginrules.interop.observation`), within the bounds of
  :func:`~ginrules.interop.observation.scalar_bounds` of the rules;
* rewards (``reward=``, see :mod:`ginrules.interop.rewards`): ``"points"`` (the
  default), the agent's real score (``normalize=True`` divides it by the game target);
  ``"win_loss"``, +1/-1 per hand (per game with ``mode="game"``); ``"shaped"``, the
  points plus a potential-based term of the agent's own deadwood. An episode is one hand
  or, with ``mode="game"``, a whole game;
* ``reset(seed=...)`` seeds the environment's generator (``np_random``), from which
  every deal is drawn; the computer players are functions of their seed and their view
  (with ``mode="game"``, the game totals in it, as :meth:`ginrules.GameState.view` gives
  them), so the same seed and the same actions give the same episode. An episode ends
  (``terminated``) when the hand or the game does; the registered ids add Gymnasium's
  time limit (``truncated``): 500 agent steps a hand, 50,000 a game;
* when the computer player ends the episode before the agent's first move (gin on the
  upcard), the episode is dealt again; a hand of a game it ends so is paid with the
  agent's first step;
* an illegal action leaves the state as it is, pays ``illegal_reward`` (-1.0 by default)
  and says so in ``info["illegal_action"]``; ``illegal_reward=None`` makes it a
  :class:`~ginrules.IllegalActionError` instead;
* ``render_mode="ansi"`` returns, ``"human"`` prints (at every reset and step), the
  table as the agent sees it: its own cards, the opponent's only where they are known;
  ``omniscient=True`` shows both hands instead (a spectator's table, for debugging).

Usage is in the docs' RL page::

    import gymnasium
    import ginrules.interop.gymnasium_env  # registers the ids
    env = gymnasium.make("ginrules/GinRummy-v0", opponent="advanced", rules="classic")
    obs, info = env.reset(seed=1)
"""

from __future__ import annotations

import importlib.util
import math
from typing import Any, ClassVar

import attrs

from ginrules.actions import Action
from ginrules.errors import GinRulesError, IllegalActionError, WrongTypeError, _wrong_type
from ginrules.hand import legal_actions
from ginrules.interop.episode import Episode
from ginrules.interop.pettingzoo_env import (
    _check_flag,
    _check_render,
    _require,
    observe,
    render_text,
    spaces,
)
from ginrules.interop.rewards import Rewards
from ginrules.players.computer import BasicPlayer, Player, _basic_action
from ginrules.players.roster import make_player
from ginrules.rulesets import RuleSet

__all__ = ["IDS", "make_env", "register_envs"]

IDS = {"ginrules/GinRummy-v0": "hand", "ginrules/GinRummyGame-v0": "game"}
"""The Gymnasium ids, with the episode mode of each."""

_ENTRY_POINT = "ginrules.interop.gymnasium_env:GinRummySoloEnv"
_MAX_STEPS = {"hand": 500, "game": 50_000}  # the time limits of the registered ids

_CLASS: Any = None


def _build() -> Any:
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    base = _require("gymnasium").Env

    class GinRummySoloEnv(base):  # type: ignore[misc,valid-type]
        """Gin Rummy against a computer player (see the module's documentation)."""

        metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"],
                                              "render_fps": 4}

        def __init__(self, opponent: Player | str = "basic", rules: RuleSet | str = "classic",
                     mode: str = "hand", seat: int = 0, normalize: bool = False,
                     illegal_reward: float | None = -1.0,
                     render_mode: str | None = None, reward: str = "points",
                     omniscient: bool = False) -> None:
            if type(seat) is not int or seat not in (0, 1):
                error = GinRulesError if type(seat) is int else WrongTypeError
                raise error(f"seat is 0 or 1, not {seat!r}")
            # a mode it cannot render is a TypeError too, as an unknown keyword would be:
            # Stable-Baselines3's make_vec_env asks for "rgb_array" and, on a TypeError,
            # makes the environment without a render mode
            _check_render(render_mode, ("ansi", "human"), typed=True)
            _check_flag("GinRummyEnv", "normalize", normalize)
            _check_flag("GinRummyEnv", "omniscient", omniscient)
            if illegal_reward is not None and (
                    isinstance(illegal_reward, bool)
                    or not isinstance(illegal_reward, (int, float))
                    or math.isnan(illegal_reward)):
                raise _wrong_type("GinRummyEnv", "illegal_reward as a number, or None (an "
                                  "illegal action is an error)", illegal_reward)
            self.opponent = make_player(opponent) if isinstance(opponent, str) else opponent
            if not callable(getattr(self.opponent, "choose", None)):
                raise _wrong_type("GinRummyEnv", "an opponent: a player name such as "
                                  "'advanced' or a ginrules.players.Player", opponent)
            self.episode = Episode(rules, mode=mode)
            self.rewarder = Rewards(self.episode, reward, normalize)
            self.seat = seat
            self.illegal_reward = illegal_reward
            self.reward = reward
            self.omniscient = omniscient
            self.render_mode = render_mode
            self.observation_space, self.action_space = spaces(self.episode.rules)
            self._pending: float | None = None  # None until the first reset

        def _opponent_moves(self) -> float:
            """Let the computer player move until it is the agent's turn; its rewards.
            It is shown its view as a game shows it (:meth:`ginrules.GameState.view`):
            in ``mode="game"`` with both players' game totals, which the expert and the
            master play for."""
            got = 0.0
            episode = self.episode
            other = 1 - self.seat
            # the basic player (the default) reads five fields of its view: they are
            # passed from the hand, where they are, without building the rest of it
            basic = type(self.opponent) is BasicPlayer
            while not episode.over and episode.turn != self.seat:
                if basic:
                    hand = episode.hand
                    pile = hand.discard_pile
                    action = _basic_action(hand.masks[other], hand.phase, hand.upcard,
                                           pile[-1] if pile else None, legal_actions(hand))
                    got += self.rewarder.step(action)[self.seat]
                    continue
                seen = episode.view(other)
                game = episode.game
                if game is not None:
                    seen = attrs.evolve(seen, scores=game.totals)
                got += self.rewarder.step(self.opponent.choose(seen))[self.seat]
            return got

        def _obs(self) -> tuple[Any, dict[str, Any]]:
            obs = observe(self.episode, self.seat)
            return obs, {"action_mask": obs["action_mask"]}

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> tuple[Any, dict[str, Any]]:
            super().reset(seed=seed)
            while True:
                self.rewarder.reset(int(self.np_random.integers(1 << 63)))
                # the computer player may move first; the points of a hand it ends
                # before the agent's first move (gin on the upcard) are paid with the
                # agent's first step, and an episode it ends outright is dealt again
                self._pending = self._opponent_moves()
                if not self.episode.over:
                    break
            if self.render_mode == "human":
                self.render()
            return self._obs()

        def action_masks(self) -> Any:
            """The legal-action mask (int8[109]) of the agent now."""
            return observe(self.episode, self.seat)["action_mask"]

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            if self._pending is None:
                raise GinRulesError("step before reset: call reset() first, as Gymnasium "
                                    "asks (no hand is dealt for the agent yet)")
            chosen = Action.from_index(action)
            try:  # (the episode checks the action before it changes anything)
                reward = self.rewarder.step(chosen)[self.seat] + self._pending
            except IllegalActionError:
                if self.illegal_reward is None:
                    raise
                obs, info = self._obs()
                info["illegal_action"] = True
                return obs, float(self.illegal_reward), False, False, info
            self._pending = 0.0
            reward += self._opponent_moves()
            obs, info = self._obs()
            if self.render_mode == "human":
                self.render()
            return obs, float(reward), self.episode.over, False, info

        def render(self) -> str | None:
            text = render_text(self.episode, None if self.omniscient else self.seat)
            if self.render_mode == "human":
                print(text)
                return None
            return text

    _CLASS = GinRummySoloEnv
    return _CLASS


def make_env(opponent: Player | str = "basic", rules: RuleSet | str = "classic",
             mode: str = "hand", seat: int = 0, normalize: bool = False,
             illegal_reward: float | None = -1.0, render_mode: str | None = None,
             reward: str = "points", omniscient: bool = False) -> Any:
    """The environment: the agent in ``seat`` against ``opponent`` (a player name, see
    :data:`ginrules.players.PLAYERS`, or a :class:`~ginrules.players.Player`), under
    ``rules`` (a preset name or a :class:`~ginrules.RuleSet`), paid by ``reward`` (one of
    :data:`~ginrules.interop.rewards.REWARDS`); ``GinRummySoloEnv`` is its class. Made so,
    it has no time limit and no ``spec``; ``gymnasium.make`` with an id of :data:`IDS`
    adds both (and Gymnasium's checking wrappers).

    Needs gymnasium (the ``rl`` extra; not run without it):

    >>> env = make_env("advanced", rules="oklahoma")  # doctest: +SKIP
    >>> obs, info = env.reset(seed=1)  # doctest: +SKIP
    >>> obs["observation"].shape, int(info["action_mask"].sum()) > 0  # doctest: +SKIP
    ((482,), True)
    """
    return _build()(opponent=opponent, rules=rules, mode=mode, seat=seat,
                    normalize=normalize, illegal_reward=illegal_reward,
                    render_mode=render_mode, reward=reward, omniscient=omniscient)


def register_envs() -> None:
    """Register the ids of :data:`IDS` with Gymnasium (once: later calls, and ids already
    registered, are left alone). Importing this module calls it when Gymnasium is
    installed; Gymnasium 0.29 calls it through the ``gymnasium.envs`` entry point of
    ginrules' package metadata.

    Needs gymnasium (the ``rl`` extra; not run without it):

    >>> import gymnasium  # doctest: +SKIP
    >>> register_envs()  # doctest: +SKIP
    >>> env = gymnasium.make("ginrules/GinRummyGame-v0", rules="oklahoma")  # doctest: +SKIP
    >>> env.spec.max_episode_steps, env.unwrapped.episode.mode  # doctest: +SKIP
    (50000, 'game')
    """
    registration = _require("gymnasium.envs.registration")
    for env_id, mode in IDS.items():
        if env_id in registration.registry:
            continue
        registration.register(id=env_id, entry_point=_ENTRY_POINT,
                              max_episode_steps=_MAX_STEPS[mode], kwargs={"mode": mode})


def __getattr__(name: str) -> Any:
    if name == "GinRummySoloEnv":  # the class, built (and gymnasium imported) on first use
        return _build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# importing the Gymnasium adapter registers its ids (the ``rl`` extra's Gymnasium, when it
# is installed: without it the module still imports, for its documentation)
if importlib.util.find_spec("gymnasium") is not None:
    register_envs()
