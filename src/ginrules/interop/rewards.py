"""The reward options of the learning environments (core only: no numpy), on top of an
:class:`~ginrules.interop.episode.Episode`'s exact points.

:data:`REWARDS` names them; each gives both players a reward at every step:

* ``"points"`` (the default): the real score, as :meth:`Episode.step
  <ginrules.interop.episode.Episode.step>` pays it: the hand's points to the winner and
  minus them to the loser when a hand ends (``mode="game"``: each hand's points, then the
  game's bonuses, summing to the final score difference). ``normalize=True`` divides by
  the rules' game target.
* ``"win_loss"``: +1 to the winner and -1 to the loser, 0 otherwise: per hand in
  ``mode="hand"`` (when the hand ends; a dead hand pays 0 to both), per game in
  ``mode="game"`` (when the game ends; a tie pays 0). ``normalize`` does not apply.
* ``"shaped"``: the points, plus a potential-based shaping term (Ng, Harada and Russell,
  1999) made from the player's own cards only. The potential of a player is
  ``-SHAPING * d``, where ``d`` is its deadwood (holding 11 cards, the least deadwood it
  can keep by a legal discard), and 0 once the episode is over; each step pays every
  player the points of the step plus its potential after the step minus its potential
  before. The terms telescope: an episode pays a player its points plus ``SHAPING``
  times its deadwood as the episode began (a constant of the deal, so the shaping does
  not change which policy is best), and every reward is divided by the target with
  ``normalize=True``. A step that lowers a player's deadwood by ``x`` pays it
  ``SHAPING * x`` at once.

>>> from ginrules.interop.episode import Episode
>>> from ginrules import Action
>>> episode = Episode("classic")
>>> rewards = Rewards(episode, "shaped")
>>> rewards.reset(seed=7)
>>> rewards.step(Action.parse("pass"))  # passing the upcard changes no one's cards
(0.0, 0.0)
"""

from __future__ import annotations

from ginrules.actions import Action, ActionKind
from ginrules.errors import GinRulesError, WrongTypeError, _wrong_type
from ginrules.interop.episode import Episode
from ginrules.masks import _deadwood

__all__ = ["REWARDS", "SHAPING", "Rewards", "potential"]

REWARDS = ("points", "win_loss", "shaped")
"""The reward options: the real score, +1/-1 per hand or game, the points shaped by the
player's own deadwood."""

_PER = 10  # points of deadwood per point of shaping
SHAPING = 1 / _PER
"""Points of shaping per point of deadwood (``reward="shaped"``): 0.1."""


def _held_deadwood(episode: Episode, player: int) -> int:
    """The deadwood of ``player``'s cards; holding 11, the least a legal discard keeps."""
    hand = episode.hand
    mask = hand.masks[player]
    if mask.bit_count() <= 10 or hand.turn != player:
        return _deadwood(mask)
    keep = [_deadwood(mask ^ a.card.mask) for a in hand.legal_actions()
            if a.kind in (ActionKind.DISCARD, ActionKind.KNOCK) and a.card is not None]
    return min(keep) if keep else _deadwood(mask)


def potential(episode: Episode, player: int) -> float:
    """The shaping potential of ``player`` (0 or 1): ``-SHAPING`` times its deadwood
    (holding 11 cards, the least deadwood a legal discard leaves it), 0 once the episode
    is over. It reads only ``player``'s own cards.

    >>> episode = Episode("classic"); episode.reset(seed=7)
    >>> potential(episode, 1)  # 4D 4H 4S | 7C TC 9D KD JH 7S KS: deadwood 63
    -6.3
    """
    if not isinstance(episode, Episode):
        raise _wrong_type("potential", "an Episode (see ginrules.interop.episode)", episode)
    if type(player) is not int or player not in (0, 1):
        error = GinRulesError if type(player) is int else WrongTypeError
        raise error(f"there is no player {player!r}: players are 0 and 1")
    if episode.over:
        return 0.0
    return -(_held_deadwood(episode, player) / _PER)


class Rewards:
    """An :class:`~ginrules.interop.episode.Episode` stepped under one reward option
    (see the module's documentation): :meth:`reset` deals, :meth:`step` plays an action
    and returns both players' rewards.

    >>> from ginrules import Action
    >>> episode = Episode("classic")
    >>> rewards = Rewards(episode, "win_loss")
    >>> rewards.reset(seed=7); rewards.kind
    'win_loss'
    >>> rewards.step(Action.parse("take"))
    (0.0, 0.0)
    """

    def __init__(self, episode: Episode, kind: str = "points", normalize: bool = False
                 ) -> None:
        if not isinstance(episode, Episode):
            raise _wrong_type("Rewards", "an Episode (see ginrules.interop.episode)",
                              episode)
        if kind not in REWARDS:
            error = GinRulesError if isinstance(kind, str) else WrongTypeError
            raise error(f"reward must be one of {', '.join(map(repr, REWARDS))}, not "
                        f"{kind!r}")
        if type(normalize) is not bool:
            raise _wrong_type("Rewards", "normalize as True or False", normalize)
        if normalize and kind == "win_loss":
            raise GinRulesError("normalize=True divides points by the game target; "
                                "reward='win_loss' pays +1 or -1 already")
        self.episode = episode
        self.kind = kind
        self.normalize = normalize
        self._scale = 1.0 / episode.rules.target if normalize else 1.0
        self._potentials = (0.0, 0.0)

    def reset(self, seed: int) -> None:
        """Deal a new episode from ``seed`` (:meth:`Episode.reset
        <ginrules.interop.episode.Episode.reset>`)."""
        self.episode.reset(seed)
        self.restart()

    def restart(self) -> None:
        """Start counting from the episode as it is now (after a reset made elsewhere)."""
        if self.kind == "shaped":
            self._potentials = (potential(self.episode, 0), potential(self.episode, 1))

    def step(self, action: Action) -> tuple[float, float]:
        """Play ``action`` for the player to move; both players' rewards of the step."""
        episode = self.episode
        paid = episode.step(action)
        if self.kind == "points":
            return (paid[0] * self._scale, paid[1] * self._scale)
        if self.kind == "win_loss":
            if episode.game is None:
                sign = (paid[0] > 0) - (paid[0] < 0)
            elif episode.over:
                winner = episode.game.winner
                sign = 0 if winner is None else (1 if winner == 0 else -1)
            else:
                sign = 0
            return (float(sign), float(-sign))
        before = self._potentials
        after = (potential(episode, 0), potential(episode, 1))
        self._potentials = after
        return ((paid[0] + after[0] - before[0]) * self._scale,
                (paid[1] + after[1] - before[1]) * self._scale)
