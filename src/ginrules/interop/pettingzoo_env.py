"""A native PettingZoo AEC environment: Gin Rummy under any rules, one hand or a whole
game per episode, with the real score as rewards (the ``rl`` extra: ``pip install -e '.[rl]'`` in a clone).

* agents ``"player_0"`` and ``"player_1"``; actions are the 109 ids of
  :attr:`Action.index <ginrules.actions.Action.index>`;
* observations ``{"observation": float32[482], "action_mask": int8[109]}``: the encoding
  of :mod:`ginrules.interop.observation`, made from the agent's view only, in a box whose
  bounds are :func:`~ginrules.interop.observation.scalar_bounds` of the rules;
* rewards (``reward=``, see :mod:`ginrules.interop.rewards`): ``"points"`` (the default),
  the hand's points to the winner and minus them to the loser when a hand ends
  (``mode="game"``: each hand's points, then the game's bonuses, summing to the final
  score difference), divided by the rules' game target with ``normalize=True``;
  ``"win_loss"``, +1/-1 per hand (per game in ``mode="game"``); ``"shaped"``, the points
  plus a potential-based term of each agent's own deadwood;
* ``render_mode="ansi"`` returns, and ``"human"`` prints, the table as the agent to move
  (:attr:`agent_selection`) sees it: its own cards, never the opponent's hidden ones;
  ``omniscient=True`` shows both hands instead (a spectator's table, for debugging,
  never an observation).

The module :mod:`ginrules.interop.ginrules_gin_rummy_v0` is this environment under
PettingZoo's naming convention. PettingZoo (and numpy, gymnasium) are imported when the
environment is first made, never by ``import ginrules``. Usage is in the docs' RL page::

    from ginrules.interop import ginrules_gin_rummy_v0
    e = ginrules_gin_rummy_v0.env(rules="oklahoma", mode="hand")
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
from ginrules.hand import legal_actions
from ginrules.interop.episode import Episode
from ginrules.interop.ids import NUM_ACTIONS, legal_action_ids
from ginrules.interop.observation import (
    OBSERVATION_SIZE,
    PLANES,
    _encode_from_planes,
    _encode_hand,
    scalar_bounds,
)
from ginrules.interop.rewards import Rewards
from ginrules.players.views import view
from ginrules.rulesets import RuleSet

__all__ = ["AGENTS", "env", "observe", "raw_env", "render_text", "spaces"]

AGENTS = ("player_0", "player_1")
"""The agents' names: seat 0 and seat 1."""

_CLASS: Any = None
_WRAPPER: Any = None
_NAME = "ginrules_gin_rummy_v0"  # the name of the module of PettingZoo's convention


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


def spaces(rules: RuleSet | str | None = None) -> tuple[Any, Any]:
    """The observation space and the action space of every agent (gymnasium spaces)
    under ``rules`` (a preset name or a :class:`~ginrules.RuleSet`; with none, bounds that
    hold under any rules). The card planes lie in [0, 1]; the scalars' bounds are
    :func:`~ginrules.interop.observation.scalar_bounds`.

    Needs gymnasium and numpy (the ``rl`` extra; not run without them):

    >>> observation, action = spaces("classic")  # doctest: +SKIP
    >>> int(action.n), observation["observation"].shape  # doctest: +SKIP
    (109, (482,))
    >>> float(observation["observation"].high[-14])  # the offer phase: a flag  # doctest: +SKIP
    1.0
    """
    np = _require("numpy")
    gym_spaces = _require("gymnasium.spaces")
    low_scalars, high_scalars = scalar_bounds(rules)
    low = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    low[len(PLANES) * 52 :] = low_scalars
    high[len(PLANES) * 52 :] = high_scalars
    observation = gym_spaces.Dict({
        "observation": gym_spaces.Box(low, high, shape=(OBSERVATION_SIZE,), dtype=np.float32),
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
    scores = episode.scores(player)  # checks the player
    # the encoding of episode.view(player), read from the hand without making the view
    hand = episode.hand
    actions = legal_actions(hand) if hand.turn == player and not hand.is_over else ()
    legal = bytearray(NUM_ACTIONS)
    for action in actions:
        legal[action.index] = 1
    mask = np.frombuffer(legal, dtype=np.int8)  # writable: it has the bytearray's memory
    return {"observation": _encode_hand(hand, player, episode._scan(player), scores,
                                        bool(actions), np, None),
            "action_mask": mask}


def _observe_from_scratch(episode: Episode, player: int) -> Any:
    """:func:`observe` as it was first written: the view from the whole history
    (:func:`ginrules.players.view`), encoded by :func:`~ginrules.interop.observation.encode`
    from its planes (the reference of the property tests of :func:`observe`)."""
    np = _require("numpy")
    v = view(episode.hand, player)
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    ids = legal_action_ids(v)
    if ids:
        mask[list(ids)] = 1
    return {"observation": _encode_from_planes(v, episode.scores(player), None, np),
            "action_mask": mask}


def render_text(episode: Episode, player: int | None) -> str:
    """The table of an :class:`Episode` as text: as ``player`` (0 or 1) sees it (its own
    cards, the opponent's only where they are known: :func:`ginrules.text.view_text`,
    with the game's scores in ``mode="game"``), or, with ``None``, both hands (a
    spectator's table, ``str(state)``): what the environments' ``render()`` returns.

    >>> episode = Episode("classic"); episode.reset(seed=7)
    >>> print(render_text(episode, 1))
    player 1's view; classic rules, dealer 0, knock limit 10
    your cards 4D 4H 4S | deadwood 7C TC 9D KD JH 7S KS = 63
    opponent   10 cards, none known
    discard    TS   stock 31
    your turn: take, pass
    >>> "player 0   " in render_text(episode, None)  # both hands: never for an agent
    True
    """
    if not isinstance(episode, Episode):
        raise _wrong_type("render_text", "an Episode (see ginrules.interop.episode)", episode)
    if player is not None and (type(player) is not int or player not in (0, 1)):
        error = GinRulesError if type(player) is int else WrongTypeError
        raise error(f"player is 0, 1 or None (both hands), not {player!r}")
    game = episode.game
    if player is None:
        return str(game if game is not None else episode.hand)
    if game is None:
        return str(episode.view(player))
    text = game.text(player)
    if game.hand is None:  # the game is over: its last hand, as the player saw it end
        text += "\n" + str(episode.view(player))
    return text


def _check_render(render_mode: object, modes: tuple[str, ...], typed: bool = False) -> None:
    """Refuse a render mode not in ``modes``: a WrongTypeError if it is no string (or
    ``typed``), else a GinRulesError."""
    if render_mode is not None and render_mode not in modes:
        error = GinRulesError if isinstance(render_mode, str) and not typed else WrongTypeError
        raise error(f"render_mode is None, {', '.join(map(repr, modes[:-1]))} or "
                    f"{modes[-1]!r}, not {render_mode!r}")


def _check_flag(function: str, name: str, value: object) -> None:
    if type(value) is not bool:
        raise _wrong_type(function, f"{name} as True or False", value)


def _build() -> Any:
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    aec = _require("pettingzoo").AECEnv

    class GinRummyEnv(aec):  # type: ignore[misc,valid-type]
        """Gin Rummy as a PettingZoo AEC environment (see the module's documentation)."""

        metadata: ClassVar[dict[str, Any]] = {"name": _NAME, "render_modes": ["human", "ansi"],
                    "is_parallelizable": False, "render_fps": 4}

        def __init__(self, rules: RuleSet | str = "classic", mode: str = "hand",
                     normalize: bool = False, render_mode: str | None = None,
                     reward: str = "points", omniscient: bool = False) -> None:
            super().__init__()
            _check_render(render_mode, ("human", "ansi"))
            _check_flag("GinRummyEnv", "normalize", normalize)
            _check_flag("GinRummyEnv", "omniscient", omniscient)
            self.episode = Episode(rules, mode=mode)
            self.rewarder = Rewards(self.episode, reward, normalize)
            self.normalize = normalize
            self.reward = reward
            self.omniscient = omniscient
            self.render_mode = render_mode
            self.possible_agents = list(AGENTS)
            observation, action = spaces(self.episode.rules)
            self.observation_spaces = {a: observation for a in AGENTS}
            self.action_spaces = {a: action for a in AGENTS}
            self._rng = random.Random()

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> None:
            if seed is not None:
                self._rng = random.Random(seed)
            self.rewarder.reset(self._rng.getrandbits(63))
            self.agents = list(AGENTS)
            self.rewards = dict.fromkeys(AGENTS, 0.0)
            self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
            self.terminations = dict.fromkeys(AGENTS, False)
            self.truncations = dict.fromkeys(AGENTS, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
            self.agent_selection = AGENTS[self.episode.turn]
            if self.render_mode == "human":
                self.render()

        def observe(self, agent: str) -> Any:
            return observe(self.episode, AGENTS.index(agent))

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            paid = self.rewarder.step(Action.from_index(action))
            self.rewards = {AGENTS[0]: paid[0], AGENTS[1]: paid[1]}
            if self.episode.over:
                self.terminations = dict.fromkeys(AGENTS, True)
            self.agent_selection = AGENTS[self.episode.turn]
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self) -> str | None:
            # the agent to move (before the first reset: the player to move in the
            # episode's placeholder deal)
            selected = getattr(self, "agent_selection", AGENTS[self.episode.turn])
            seen = None if self.omniscient else AGENTS.index(selected)
            text = render_text(self.episode, seen)
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

    _CLASS = GinRummyEnv
    return _CLASS


def raw_env(rules: RuleSet | str = "classic", mode: str = "hand", normalize: bool = False,
            render_mode: str | None = None, reward: str = "points",
            omniscient: bool = False) -> Any:
    """The environment itself (no PettingZoo wrappers): ``rules`` is a preset name or a
    :class:`~ginrules.RuleSet`, ``mode`` ``"hand"`` or ``"game"``, ``reward`` one of
    :data:`~ginrules.interop.rewards.REWARDS`; ``render_mode`` ``"ansi"`` or ``"human"``
    renders the view of the agent to move, or both hands with ``omniscient=True``.

    Needs pettingzoo (the ``rl`` extra; not run without it):

    >>> e = raw_env("oklahoma", mode="game")  # doctest: +SKIP
    >>> e.reset(seed=1); e.agent_selection in AGENTS  # doctest: +SKIP
    True
    """
    return _build()(rules=rules, mode=mode, normalize=normalize, render_mode=render_mode,
                    reward=reward, omniscient=omniscient)


def env(rules: RuleSet | str = "classic", mode: str = "hand", normalize: bool = False,
        render_mode: str | None = None, reward: str = "points",
        omniscient: bool = False) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (stepping before a reset
    is refused), as PettingZoo's own games come. An illegal action is a
    :class:`~ginrules.IllegalActionError` saying why.

    Needs pettingzoo (the ``rl`` extra; not run without it):

    >>> e = env(normalize=True)  # doctest: +SKIP
    >>> e.reset(seed=1); sorted(e.observe(e.agent_selection))  # doctest: +SKIP
    ['action_mask', 'observation']
    """
    return _order_enforcing()(
        raw_env(rules=rules, mode=mode, normalize=normalize, render_mode=render_mode,
                reward=reward, omniscient=omniscient))


def _order_enforcing() -> Any:
    """PettingZoo's ``OrderEnforcingWrapper`` with its two calls of every step, ``last``
    and ``step``, made without its attribute forwarding (seven ``__getattr__`` calls a
    step, a tenth of the step's time): the same refusals before a reset, the same
    warning after the end, the same values."""
    global _WRAPPER
    if _WRAPPER is not None:
        return _WRAPPER
    wrappers = _require("pettingzoo.utils.wrappers")
    logger = _require("pettingzoo.utils.env_logger").EnvLogger

    class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc,name-defined]
        def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            if not self._has_reset:  # as the wrapper's attribute check says it
                raise AttributeError("agent_selection cannot be accessed before reset")
            return self.env.last(observe)  # type: ignore[no-any-return]

        def step(self, action: Any) -> None:
            if not self._has_reset:
                logger.error_step_before_reset()
            elif not self.env.agents:
                self._has_updated = True
                logger.warn_step_after_terminated_truncated()
            else:
                self._has_updated = True
                self.env.step(action)

        def __str__(self) -> str:  # as PettingZoo's wrapper prints itself: the env's name
            return str(self.env)

    OrderEnforcing.__qualname__ = "OrderEnforcing"
    _WRAPPER = OrderEnforcing
    return _WRAPPER


def __getattr__(name: str) -> Any:
    if name == "GinRummyEnv":  # the class, built (and pettingzoo imported) on first use
        return _build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
