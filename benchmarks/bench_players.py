"""Simulation speed: hands per second per core for the computer players, and the
speed-up of ``ginrules simulate --workers``.

Run from the dev virtual environment::

    python benchmarks/bench_players.py            # about two minutes
    python benchmarks/bench_players.py --quick    # a smoke test

Hands per second: games between two copies of a player under the classic rules are
played in this one process (views built for every decision, as ``simulate`` does), and
the hands finished are divided by the CPU time; the median of ``--repeats`` runs is
shown. ``--players advanced,expert`` measures only those players.
Random players end most hands as dead hands (31 - 2 stock cards drawn), so their hands
are long; basic players knock early. Speed-up: the same ``simulate`` call (basic v basic)
with 1 and with ``--workers`` processes, the ratio of the median wall times.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import ginrules
from ginrules.simulate import _play_one, simulate


def hands_per_second(name: str, games: int, seed: int) -> tuple[float, int]:
    rules = ginrules.rules("classic")
    start = time.process_time()
    hands = 0
    for number in range(games):
        hands += _play_one(rules, (name, name), seed, number, 500)[1]
    return hands / (time.process_time() - start), hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", help="comma-separated: measure only these players "
                                          "(and skip the speed-up)")
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    sizes = {"random": 1 if args.quick else 3, "basic": 20 if args.quick else 200,
             "advanced": 4 if args.quick else 40, "expert": 2 if args.quick else 20}
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; median of {repeats} runs")
    print()
    print(f"{'players':20s} {'hands':>7s} {'hands/s per core':>17s}")
    wanted = sizes if args.players is None else args.players.split(",")
    for name, games in sizes.items():
        if name not in wanted:
            continue
        rates = []
        hands = 0
        for r in range(repeats):
            rate, hands = hands_per_second(name, games, seed=100 + r)
            rates.append(rate)
        print(f"{name + ' v ' + name:20s} {hands:7d} {statistics.median(rates):17.0f}",
              flush=True)
    if args.players is not None:
        return
    games = 40 if args.quick else 400
    times: dict[int, list[float]] = {1: [], args.workers: []}
    for _ in range(repeats):
        for workers in times:
            start = time.perf_counter()
            simulate("classic", ("basic", "basic"), games, seed=7, workers=workers)
            times[workers].append(time.perf_counter() - start)
    one, many = statistics.median(times[1]), statistics.median(times[args.workers])
    print()
    print(f"simulate basic v basic, {games} games: {one:.2f} s with 1 worker, "
          f"{many:.2f} s with {args.workers}: speed-up {one / many:.2f}x")


if __name__ == "__main__":
    main()
