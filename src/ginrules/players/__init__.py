"""What each player may see, and computer players that decide from that alone.

* :mod:`ginrules.players.views`: :class:`View`, one player's information set, and
  :func:`view`;
* :mod:`ginrules.players.computer`: the :class:`Player` protocol, :class:`RandomPlayer`,
  :class:`SimplePlayer` (the EAAI challenge's baseline) and :class:`BasicPlayer`;
* :mod:`ginrules.players.advanced`: :class:`AdvancedPlayer` and :func:`hint`;
* :mod:`ginrules.players.expert`: :class:`ExpertPlayer`, the strongest level of the ladder,
  :mod:`ginrules.players.lookahead`, the quick playouts that decide its knocks, and
  :mod:`ginrules.players.odds`, the chances of winning the game by which it prices them
  when the view has the game scores;
* :mod:`ginrules.players.master`: :class:`MasterPlayer`, the expert reading the
  opponent's whole hand with :mod:`ginrules.players.particles`, a particle filter under
  the EAAI baseline's policy;
* :mod:`ginrules.players.roster`: the players by name (:data:`PLAYERS`,
  :func:`make_player`) and :func:`seat`;
* :mod:`ginrules.players.words`: :func:`prompt` and :func:`parse_move`, a view as text
  and a move read from a reply, for players that read and write words (language
  models);
* :mod:`ginrules.players.observed`: :class:`InformationSet`, a player's view built from
  the events it observes, for a program that runs its own game;
* :mod:`ginrules.players.determinize`: :func:`sample_hidden`, whole states sampled from
  a view, for search players, and :func:`sample_weighted` with
  :func:`inference_weights`, which read the opponent's play as evidence.

>>> import ginrules
>>> from ginrules.players import BasicPlayer, view
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> str(BasicPlayer().choose(view(state, 1)))
'pass'

A whole game between computer players is :func:`ginrules.game.play`:

>>> from ginrules import game
>>> g = game.play(game.new_game(ginrules.rules("classic"), seed=5),
...               [BasicPlayer(), ginrules.players.AdvancedPlayer(seed=5)])
>>> g.is_over
True
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ginrules.players.advanced import AdvancedPlayer, hint
from ginrules.players.computer import (
    BasicPlayer,
    Hint,
    KnockEstimate,
    Player,
    RandomPlayer,
    SimplePlayer,
)
from ginrules.players.determinize import inference_weights, sample_hidden, sample_weighted
from ginrules.players.expert import ExpertPlayer
from ginrules.players.master import MasterPlayer
from ginrules.players.observed import InformationSet
from ginrules.players.roster import PLAYERS, make_player, seat
from ginrules.players.views import Event, View, view
from ginrules.players.words import parse_move, prompt

if TYPE_CHECKING:
    from ginrules.game import GameState

__all__ = [
    "PLAYERS",
    "AdvancedPlayer",
    "BasicPlayer",
    "Event",
    "ExpertPlayer",
    "Hint",
    "InformationSet",
    "KnockEstimate",
    "MasterPlayer",
    "Player",
    "RandomPlayer",
    "SimplePlayer",
    "View",
    "hint",
    "inference_weights",
    "make_player",
    "parse_move",
    "prompt",
    "sample_hidden",
    "sample_weighted",
    "seat",
    "view",
]


def play(game: GameState, players: Sequence[Player]) -> GameState:
    """Deprecated since 0.2.0: :func:`ginrules.game.play` takes view players too.

    >>> import ginrules, warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     g = play(ginrules.new_game(ginrules.rules("short"), seed=3),
    ...              [BasicPlayer(), BasicPlayer()])
    >>> g.is_over
    True
    """
    warnings.warn("ginrules.players.play is deprecated since 0.2.0: use ginrules.game.play",
                  DeprecationWarning, stacklevel=2)
    from ginrules.game import play as play_game

    return play_game(game, players)
