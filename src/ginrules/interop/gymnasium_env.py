"""A Gymnasium single-agent environment: the agent plays one seat of Gin Rummy against a
library computer player (the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone).

* actions: the 109 ids of :attr:`Action.index <ginrules.actions.Action.index>`
  (``Discrete(109)``); :meth:`action_masks` and ``info["action_mask"]`` give the legal
  ones (the form maskable-PPO implementations read);
* observations: ``{"observation": float32[482], "action_mask": int8[109]}`` from the
  agent's view only (see :mod:`ginrules.interop.observation`);
* rewards: the agent's real score, as in :mod:`ginrules.interop.pettingzoo_env`
  (``normalize=True`` divides by the game target); an episode is one hand or, with
  ``mode="game"``, a whole game;
* when the computer player ends the episode before the agent's first move (gin on the
  upcard), the episode is dealt again; a hand of a game it ends so is paid with the
  agent's first step;
* an illegal action leaves the state as it is, pays ``illegal_reward`` (-1.0 by default)
  and says so in ``info["illegal_action"]``; ``illegal_reward=None`` makes it a
  :class:`~ginrules.IllegalActionError` instead;
* ``render_mode="ansi"`` returns the table as text.

Usage is in the docs' RL page::

    from ginrules.interop.gymnasium_env import GinRummySoloEnv
    env = GinRummySoloEnv(opponent="advanced", rules="classic")
    obs, info = env.reset(seed=1)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ginrules.actions import Action
from ginrules.errors import GinRulesError, WrongTypeError, _wrong_type
from ginrules.interop.episode import Episode
from ginrules.interop.pettingzoo_env import _require, observe, spaces
from ginrules.players.computer import Player
from ginrules.players.roster import make_player
from ginrules.rulesets import RuleSet

__all__ = ["make_env"]

_CLASS: Any = None


def _build() -> Any:
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    base = _require("gymnasium").Env

    class GinRummySoloEnv(base):  # type: ignore[misc,valid-type]
        """Gin Rummy against a computer player (see the module's documentation)."""

        metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

        def __init__(self, opponent: Player | str = "basic", rules: RuleSet | str = "classic",
                     mode: str = "hand", seat: int = 0, normalize: bool = False,
                     illegal_reward: float | None = -1.0,
                     render_mode: str | None = None) -> None:
            if type(seat) is not int or seat not in (0, 1):
                error = GinRulesError if type(seat) is int else WrongTypeError
                raise error(f"seat is 0 or 1, not {seat!r}")
            if render_mode not in (None, "ansi"):
                error = GinRulesError if isinstance(render_mode, str) else WrongTypeError
                raise error(f"render_mode is None or 'ansi', not {render_mode!r}")
            self.opponent = make_player(opponent) if isinstance(opponent, str) else opponent
            if not callable(getattr(self.opponent, "choose", None)):
                raise _wrong_type("GinRummyEnv", "an opponent: a player name such as "
                                  "'advanced' or a ginrules.players.Player", opponent)
            self.episode = Episode(rules, mode=mode)
            self.seat = seat
            self.illegal_reward = illegal_reward
            self.render_mode = render_mode
            self.observation_space, self.action_space = spaces()
            self._scale = 1.0 / self.episode.rules.target if normalize else 1.0
            self._rng = random.Random()
            self._pending = 0.0

        def _opponent_moves(self) -> float:
            """Let the computer player move until it is the agent's turn; its rewards."""
            got = 0
            episode = self.episode
            while not episode.over and episode.turn != self.seat:
                other = 1 - self.seat
                got += episode.step(self.opponent.choose(episode.view(other)))[self.seat]
            return got * self._scale

        def _obs(self) -> tuple[Any, dict[str, Any]]:
            obs = observe(self.episode, self.seat)
            return obs, {"action_mask": obs["action_mask"]}

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> tuple[Any, dict[str, Any]]:
            super().reset(seed=seed)
            if seed is not None:
                self._rng = random.Random(seed)
            while True:
                self.episode.reset(self._rng.getrandbits(63))
                # the computer player may move first; the points of a hand it ends
                # before the agent's first move (gin on the upcard) are paid with the
                # agent's first step, and an episode it ends outright is dealt again
                self._pending = self._opponent_moves()
                if not self.episode.over:
                    return self._obs()

        def action_masks(self) -> Any:
            """The legal-action mask (int8[109]) of the agent now."""
            return observe(self.episode, self.seat)["action_mask"]

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            chosen = Action.from_index(action)
            if self.illegal_reward is not None and not self.episode.hand.is_legal(chosen):
                obs, info = self._obs()
                info["illegal_action"] = True
                return obs, float(self.illegal_reward), False, False, info
            reward = self.episode.step(chosen)[self.seat] * self._scale + self._pending
            self._pending = 0.0
            reward += self._opponent_moves()
            obs, info = self._obs()
            return obs, float(reward), self.episode.over, False, info

        def render(self) -> str | None:
            episode = self.episode
            return str(episode.game if episode.game is not None else episode.hand)

    _CLASS = GinRummySoloEnv
    return _CLASS


def make_env(opponent: Player | str = "basic", rules: RuleSet | str = "classic",
             mode: str = "hand", seat: int = 0, normalize: bool = False,
             illegal_reward: float | None = -1.0, render_mode: str | None = None) -> Any:
    """The environment: the agent in ``seat`` against ``opponent`` (a player name, see
    :data:`ginrules.players.PLAYERS`, or a :class:`~ginrules.players.Player`), under
    ``rules`` (a preset name or a :class:`~ginrules.RuleSet`); ``GinRummySoloEnv`` is
    its class.

    Needs gymnasium (the ``rl`` extra; not run without it):

    >>> env = make_env("advanced", rules="oklahoma")  # doctest: +SKIP
    >>> obs, info = env.reset(seed=1)  # doctest: +SKIP
    >>> obs["observation"].shape, int(info["action_mask"].sum()) > 0  # doctest: +SKIP
    ((482,), True)
    """
    return _build()(opponent=opponent, rules=rules, mode=mode, seat=seat,
                    normalize=normalize, illegal_reward=illegal_reward,
                    render_mode=render_mode)


def __getattr__(name: str) -> Any:
    if name == "GinRummySoloEnv":  # the class, built (and gymnasium imported) on first use
        return _build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
