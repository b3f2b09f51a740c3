"""The computer players by name, and seating a player at a game.

>>> from ginrules.players import make_player
>>> make_player("basic", seed=1)
BasicPlayer(seed=1)
"""

from __future__ import annotations

from collections.abc import Callable

from ginrules.actions import Action
from ginrules.errors import GinRulesError, WrongTypeError
from ginrules.hand import HandState
from ginrules.players.advanced import AdvancedPlayer
from ginrules.players.computer import BasicPlayer, Player, RandomPlayer, SimplePlayer
from ginrules.players.expert import ExpertPlayer
from ginrules.players.external import ExternalPlayer
from ginrules.players.master import MasterPlayer
from ginrules.players.views import view

__all__ = ["PLAYERS", "make_player", "seat"]

PLAYERS: dict[str, type[RandomPlayer] | type[SimplePlayer] | type[BasicPlayer]
              | type[AdvancedPlayer] | type[ExpertPlayer] | type[MasterPlayer]] = {
    "random": RandomPlayer,
    "simple": SimplePlayer,
    "basic": BasicPlayer,
    "advanced": AdvancedPlayer,
    "expert": ExpertPlayer,
    "master": MasterPlayer,
    "beginner": SimplePlayer,
    "intermediate": BasicPlayer,
}
"""The computer players by name, for :func:`make_player` and ``ginrules simulate``.

The levels a person picks, weakest first: ``beginner`` (the same player as ``simple``),
``intermediate`` (``basic``), ``advanced``, ``expert`` and ``master`` (the expert reading
the opponent's whole hand as the EAAI baseline's, some 20 times slower); ``random`` plays
any legal move."""


def make_player(name: str, seed: int = 0) -> Player:
    """The computer player called ``name`` (a key of :data:`PLAYERS`: ``random``,
    ``simple``, ``basic``, ``advanced``, ``expert``, ``master``, ``beginner`` or
    ``intermediate``), or ``cmd:<command line>``: another program that speaks the player
    protocol (:class:`~ginrules.players.external.ExternalPlayer`).

    >>> make_player("basic", seed=1)
    BasicPlayer(seed=1)
    >>> make_player("intermediate", seed=1)
    BasicPlayer(seed=1)
    >>> make_player("grandmaster")
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: unknown player 'grandmaster'; the players are random, simple, basic, advanced, expert, master, beginner, intermediate, or cmd:<command line>
    >>> make_player("cmd:python -m ginrules serve", seed=2)
    ExternalPlayer(command='python -m ginrules serve', seed=2, timeout=60.0)
    """
    if isinstance(name, str) and name.startswith("cmd:"):
        return ExternalPlayer(name[4:].strip(), seed=seed)
    try:
        kind = PLAYERS[name]
    except (KeyError, TypeError):
        error = GinRulesError if isinstance(name, str) else WrongTypeError
        raise error(f"unknown player {name!r}; the players are " + ", ".join(PLAYERS)
                    + ", or cmd:<command line>") from None
    return kind(seed=seed)


def seat(player: Player) -> Callable[[HandState, int], Action]:
    """Seat a view player at a game: the ``(state, seat) -> action`` callable that
    :func:`ginrules.game.play` takes (a :data:`~ginrules.game.Policy`). The player is shown only its seat's view.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> s = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> str(seat(BasicPlayer())(s, s.turn))
    'pass'
    """

    def act(state: HandState, index: int) -> Action:
        return player.choose(view(state, index))

    return act
