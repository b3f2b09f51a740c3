"""The computer players against each other under every preset: a small table.

Run: python examples/simulate_presets.py [--games N] [--players A,B] [--seed S]

For each preset of ginrules.PRESETS, ginrules.simulate.simulate plays a few games between
two computer players (seats alternate) and the table shows the first player's wins, the
points per hand of each, and the share of hands that were knocks, gins and dead hands.
The defaults are quick (a few seconds): two games per preset, to a target of 50, and at
most 30 hands a game; for real numbers use more games, as in
``ginrules simulate --rules classic --games 2000 --players advanced,basic --workers 2``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import ginrules
from ginrules.simulate import simulate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per preset (default: 2)")
    parser.add_argument("--players", default="advanced,basic",
                        help="two of random, basic, advanced (default: advanced,basic)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default: 1)")
    parser.add_argument("--target", type=int, default=50,
                        help="the target score, to keep games short (default: 50)")
    parser.add_argument("--max-hands", type=int, default=30,
                        help="stop a game after this many hands (default: 30)")
    args = parser.parse_args(argv)
    first, second = args.players.split(",")

    print(f"{first} v {second}, {args.games} games per preset, target {args.target}, "
          f"seed {args.seed}\n")
    header = (f"{'preset':15s} {'games won':>10s} {'unfinished':>10s} {'hands':>6s} "
              f"{'points/hand':>13s} {'knock':>6s} {'gin':>6s} {'dead':>6s}")
    print(header)
    print("-" * len(header))
    for name in ginrules.PRESETS:
        rules = ginrules.rules(name, target=args.target)
        result = simulate(rules, (first, second), games=args.games, seed=args.seed,
                          max_hands=args.max_hands)
        a, b = result.players
        won = f"{a.wins} - {b.wins}"
        points = f"{a.points_per_hand:.1f} v {b.points_per_hand:.1f}"
        knocks = result.rate(a.knocks + b.knocks)
        gins = result.rate(a.gins + b.gins + a.big_gins + b.big_gins)
        print(f"{name:15s} {won:>10s} {result.unfinished:10d} {result.hands:6d} "
              f"{points:>13s} {knocks:6.0%} {gins:6.0%} {result.rate(result.dead_hands):6.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
