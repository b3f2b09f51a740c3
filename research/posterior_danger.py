"""The calibration of the master's danger: the particle filter of
:mod:`ginrules.players.particles` against the expert's per-card weights.

Run from the dev virtual environment::

    python research/posterior_danger.py --brier 30 --particles 800   # calibration
    python research/posterior_danger.py --particles 400 --seed 1     # 2000 eaai games

The expert prices the danger of a discard (the chance the opponent takes it for a meld)
from per-card inference weights; ``oracle_bound.py`` shows that the truth in that one
quantity would win 91% of the games against ``simple`` rather than 78%. The master
player (:class:`~ginrules.players.MasterPlayer`) reads it instead from particles carried
through the opponent's whole hand under the baseline's own policy
(:func:`~ginrules.players.particles.read_hand`). ``--brier`` scores both against the
truth (whether the opponent would take each card the expert could throw, read from the
game state) over games against ``simple``; without it the script plays games of the
master with ``--particles`` particles against ``simple`` under ``eaai`` (the same as
``ginrules simulate --players master,simple`` at 800).
"""

from __future__ import annotations

import argparse

import attrs
from _script import run

import ginrules
from ginrules import game
from ginrules.actions import Phase
from ginrules.cards import cards_to_mask
from ginrules.players import ExpertPlayer, MasterPlayer, SimplePlayer
from ginrules.players._estimates import _ALL, _held_chances, _indices
from ginrules.players.advanced import _memory
from ginrules.players.particles import _takes, read_hand
from ginrules.simulate import simulate


@attrs.frozen
class _Factory:
    """A picklable player factory."""

    particles: int

    @property
    def name(self) -> str:
        """The name the simulation's table shows."""
        return f"master-{self.particles}"

    def __call__(self, seed: int = 0) -> MasterPlayer:
        return MasterPlayer(seed=seed, particles=self.particles)


def brier(games: int, n: int) -> None:
    """The Brier score of the expert's danger and of the particles' against the truth
    (whether the opponent would take the card), over every card the expert could throw
    at each of its discards, in ``games`` games against ``simple`` from seed 1000."""
    rules = ginrules.rules("eaai")
    expert = ExpertPlayer()
    sums = [0.0, 0.0]
    count = 0
    for g in range(games):
        state = game.new_game(rules, seed=1000 + g)
        players = (ExpertPlayer(seed=g), SimplePlayer(seed=g))
        while not state.is_over:
            hand = state.hand
            if hand.result is not None:
                state = game.apply(state, game.legal_actions(state)[0])
                continue
            v = state.view(hand.turn)
            if hand.turn == 0 and v.phase is Phase.DISCARD:
                truth = hand.masks[1]
                reading = read_hand(v, n, 0)
                known = cards_to_mask(v.opponent_known)
                memory = _memory(v, known, True)
                unseen = _ALL & ~v.mask & ~known
                pile = 0
                for c in v.discard_pile:
                    pile |= c.mask
                unseen &= ~pile
                pool = _indices(unseen)
                hidden = max(0, v.opponent_count - known.bit_count())
                q = hidden / len(pool) if pool else 0.0
                held = _held_chances(known, v.mask | pile, q,
                                     expert._chance(expert._stock(v, memory, pool)))
                for c in v.cards:
                    if c == v.taken:
                        continue
                    i = c.index
                    real = 1.0 if _takes(truth, i) else 0.0
                    mine = expert._danger(i, v.mask & ~c.mask, memory, pile, q, held=held)
                    read = reading.danger(i) if reading.total > 0 else mine
                    sums[0] += (mine - real) ** 2
                    sums[1] += (read - real) ** 2
                    count += 1
            state = game.apply(state, players[hand.turn].choose(v))
    print(f"{count} cards weighed in {games} games: Brier score of the expert's danger "
          f"{sums[0] / count:.4f}, of {n} particles {sums[1] / count:.4f}")



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--particles", type=int, default=800)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--brier", type=int, metavar="GAMES",
                        help="the calibration of both dangers over GAMES games instead")
    args = parser.parse_args()
    counts = (args.particles, args.games, args.workers, args.brier)
    if any(n is not None and n < 1 for n in counts):
        parser.error("--particles, --games, --workers and --brier must be at least 1")
    if args.brier is not None:
        brier(args.brier, args.particles)
    else:
        print(simulate("eaai", (_Factory(args.particles), "simple"), args.games, args.seed,
                       workers=args.workers))


if __name__ == "__main__":
    run(main, "posterior_danger.py")
