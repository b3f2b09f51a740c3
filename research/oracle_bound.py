"""How many games the expert would win if it knew the opponent's hand: the bound on what
better inference can buy.

Run from the dev virtual environment::

    python research/oracle_bound.py                      # 2000 eaai games, seed 0
    python research/oracle_bound.py --only knock --seed 1 --games 500

The expert reads the opponent's hand through per-card inference weights (see
``ginrules.players.inference_weights``): its stock chances, the danger of a discard and
the hands dealt in its knock playouts all come from them. Here the weights are replaced
by the truth (1 for a card the opponent holds, 1e-6 for any other), in every decision
(``--only all``, with the playouts' hands dealt as they are, not improved), in the knock
playouts alone (``--only knock``), everywhere but there (``--only play``), or in the
danger of a discard alone (``--only danger``: the chance that the opponent holds each
card, by which the expert prices the chance its discard gives the opponent a meld). The
opponent is ``simple`` under the ``eaai`` rules, seats swapped as ``ginrules simulate``
swaps them; it prints the simulation's table.

This peeks at private names of the players package (``advanced._memory``,
``expert._deals``) and at the game state, which no player may do: it is a measurement,
not a player.
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs
from _script import run

import ginrules.game as game_module
import ginrules.players.advanced as advanced_module
import ginrules.players.expert as expert_module
from ginrules.players import ExpertPlayer
from ginrules.players.determinize import _weights
from ginrules.players.views import View
from ginrules.simulate import simulate

_NOW: dict[str, Any] = {"hand": None, "mode": None}
_game_view = game_module.GameState.view
_memory = advanced_module._memory
_deals = expert_module._deals  # the unchecked deals the expert's playouts call


def _true_weights(v: View) -> tuple[float, ...]:
    opponent = _NOW["hand"].masks[1 - v.player]
    return tuple(1.0 if opponent >> i & 1 else 1e-6 for i in range(52))


def _viewed(self: game_module.GameState, player: int) -> View:
    _NOW["hand"] = self.hand  # the state the next decision is made in
    return _game_view(self, player)


def _oracle_memory(v: View, known: int, weigh: bool) -> Any:
    memory = _memory(v, known, weigh)
    if _NOW["mode"] in ("all", "play") and memory.weights is not None:
        return attrs.evolve(memory, weights=_true_weights(v))
    return memory


def _oracle_deals(pool: list[int], hidden: int, known: int, weights: list[float],
                  count: int, rng: Any, draws: int = 0) -> Any:
    mode = _NOW["mode"]
    if mode in ("all", "knock"):
        weights, draws = list(_true_weights(_NOW["view"])), 0
    elif mode == "play":
        weights = _weights(_NOW["view"])  # the playouts deal as the expert does
    return _deals(pool, hidden, known, weights, count, rng, draws)


game_module.GameState.view = _viewed  # type: ignore[method-assign]
advanced_module._memory = _oracle_memory
expert_module._deals = _oracle_deals


@attrs.frozen
class OracleExpert(ExpertPlayer):
    """The expert with the truth in place of its inference weights (``only``)."""

    only: str = "all"

    def _discard(self, v: View, memory: Any, pool: list[int], stock: Any = None,
                 deadwoods: Any = None) -> Any:
        _NOW.update(memory=memory, pool=pool)
        return super()._discard(v, memory, pool, stock, deadwoods)

    def _chance(self, stock: list[float] | None) -> list[float] | None:
        if self.only != "danger":
            return super()._chance(stock)
        v, memory = _NOW["view"], _NOW["memory"]
        true = ExpertPlayer._stock(self, v, attrs.evolve(memory, weights=_true_weights(v)),
                                   _NOW["pool"])
        return None if true is None else [1.0 - s for s in true]

    def decide(self, view: View) -> Any:
        _NOW.update(mode=self.only, view=view)
        try:
            return super().decide(view)
        finally:
            _NOW["mode"] = None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("all", "knock", "play", "danger"), default="all")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    # the hand known in every decision, the playouts' hands are not improved by imagined
    # stock draws, and a hand that could have knocked counts in full
    settings = {"improve": 0, "knock_evidence": 1.0} if args.only == "all" else {}

    result = simulate("eaai", (_Factory(args.only, settings), "simple"),
                      args.games, args.seed, workers=args.workers)
    print(result)


@attrs.frozen
class _Factory:
    """A picklable player factory (worker processes build the players; forked or
    spawned, they run this module's patches above)."""

    only: str
    settings: dict[str, Any]

    @property
    def name(self) -> str:
        """The name the simulation's table shows."""
        return f"oracle-{self.only}"

    def __call__(self, seed: int = 0) -> OracleExpert:
        return OracleExpert(seed=seed, only=self.only, **self.settings)


if __name__ == "__main__":
    run(main, "oracle_bound.py")
