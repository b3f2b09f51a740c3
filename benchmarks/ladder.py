"""The strength ladder of the computer players: each pairing over many games.

Run from the dev virtual environment::

    python benchmarks/ladder.py                      # 2000 games per pairing, 2 workers
    python benchmarks/ladder.py --games 200 --workers 1

For each pairing it plays ``--games`` games under ``--rules`` (seats alternate; games come
in pairs dealt from the same seed with the seats swapped) and prints the first player's
win rate with its Wilson 95% interval, the points per hand of both, and the time taken.
The numbers in ``docs/players.rst`` come from the default run.
"""

from __future__ import annotations

import argparse
import time

from ginrules.simulate import simulate

PAIRINGS = (("advanced", "basic"), ("basic", "random"), ("advanced", "random"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.rules} rules, {args.games} games per pairing, seed {args.seed}, "
          f"{args.workers} workers")
    print()
    header = (f"{'pairing':20s} {'wins':>11s} {'win rate':>9s} {'95% CI':>15s} "
              f"{'pts/hand':>15s} {'hands':>6s} {'seconds':>8s}")
    print(header)
    for first, second in PAIRINGS:
        start = time.perf_counter()
        r = simulate(args.rules, (first, second), args.games, args.seed, workers=args.workers)
        seconds = time.perf_counter() - start
        a, b = r.players
        ci = f"{a.ci[0]:.1%}-{a.ci[1]:.1%}"
        print(f"{first + ' v ' + second:20s} {a.wins:5d}-{b.wins:<5d} {a.win_rate:9.1%} "
              f"{ci:>15s} {a.points_per_hand:7.2f}/{b.points_per_hand:<7.2f} {r.hands:6d} "
              f"{seconds:8.1f}", flush=True)
        if r.unfinished:
            print(f"  ({r.unfinished} games unfinished after {r.max_hands} hands)")


if __name__ == "__main__":
    main()
