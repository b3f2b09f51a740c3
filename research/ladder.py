"""The strength ladder of the computer players: each pairing over many games.

Run from the dev virtual environment::

    python research/ladder.py                      # 2000 games per pairing, 2 workers
    python research/ladder.py --games 200 --workers 1 --rules eaai
    python research/ladder.py --only advanced      # the pairings with one player

For each pairing, under each rule set of ``--rules`` (``eaai`` and ``classic`` unless
told), it plays ``--games`` games (seats alternate; games come in pairs dealt from the
same seed with the seats swapped) and prints the first player's win rate with its Wilson
95% interval, the points per game of both, the hands played and the time taken. The
ladder is simple < basic < advanced < expert; ``simple`` is the EAAI challenge's
baseline, so the ``v simple`` rows compare with the published figures. The numbers in
``docs/players.rst`` come from the default run (their history: ``docs/research.rst``).
"""

from __future__ import annotations

import argparse
import time

from ginrules.simulate import simulate

PAIRINGS = (
    ("basic", "simple"),
    ("advanced", "basic"),
    ("expert", "advanced"),
    ("advanced", "simple"),
    ("expert", "simple"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="eaai,classic",
                        help="rule sets, comma-separated (default: eaai,classic)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="play only the pairings with this player "
                                       "(for example advanced, after changing it)")
    args = parser.parse_args()
    pairings = [p for p in PAIRINGS if args.only is None or args.only in p]
    for rules in args.rules.split(","):
        print(f"{rules} rules, {args.games} games per pairing, seed {args.seed}, "
              f"{args.workers} workers")
        print()
        print(f"{'pairing':20s} {'wins':>11s} {'win rate':>9s} {'95% CI':>13s} "
              f"{'pts/game':>13s} {'hands':>6s} {'seconds':>8s}")
        for first, second in pairings:
            start = time.perf_counter()
            r = simulate(rules, (first, second), args.games, args.seed,
                         workers=args.workers)
            seconds = time.perf_counter() - start
            a, b = r.players
            per_game = r.hands / r.games
            ci = f"{a.ci[0]:.1%}-{a.ci[1]:.1%}"
            print(f"{first + ' v ' + second:20s} {a.wins:5d}-{b.wins:<5d} {a.win_rate:9.1%} "
                  f"{ci:>13s} {a.points_per_hand * per_game:6.1f}/"
                  f"{b.points_per_hand * per_game:<6.1f} {r.hands:6d} {seconds:8.1f}",
                  flush=True)
            if r.unfinished:
                print(f"  ({r.unfinished} games unfinished after {r.max_hands} hands)")
        print()


if __name__ == "__main__":
    main()
