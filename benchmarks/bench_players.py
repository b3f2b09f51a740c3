"""Simulation speed: hands per second per core for the computer players, and the
speed-up of ``ginrules simulate --workers``.

Run from the dev virtual environment::

    python benchmarks/bench_players.py            # about two minutes
    python benchmarks/bench_players.py --quick    # a smoke test

Hands per second: games between two copies of a player under the classic rules are
played in this one process (views built for every decision, as ``simulate`` does), and
the hands finished are divided by the CPU time of this process; each of ``--repeats``
repetitions plays other seeds, the players in an order that rotates from one repetition
to the next, and the median and range are shown. ``--players advanced,expert`` measures
only those players. Random players end most hands as dead hands (31 - 2 stock cards
drawn), so their hands are long; basic players knock early. Speed-up: the same
``simulate`` call (basic v basic) with 1 and with ``--workers`` processes, the two
interleaved in each repetition (the order rotating), and the ratio of their wall times
in each repetition (paired: median and range): a speed-up is wall time by nature, so it
needs free cores, and the load average is printed beside it.

``--per-move`` measures instead the CPU time of one decision of each level (every call of
its ``choose``, ``time.process_time_ns`` around it) in games against ``simple`` under the
``eaai`` preset, seats alternating as ``ginrules simulate`` alternates them; the levels
take turns game by game (the order rotating), and it prints the decisions timed, their
mean and the slowest, in milliseconds::

    python benchmarks/bench_players.py --per-move              # about two minutes
    python benchmarks/bench_players.py --per-move --players master --games 2
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from _timing import interleaved, load_text, paired, rotated, spread

import ginrules
from ginrules.simulate import _play_one, simulate


def hands_per_second(name: str, games: int, seed: int) -> tuple[float, int]:
    rules = ginrules.rules("classic")
    start = time.process_time()
    hands = 0
    for number in range(games):
        hands += _play_one(rules, (name, name), seed, number, 500)[1]
    return hands / (time.process_time() - start), hands


PER_MOVE_GAMES = {"random": 4, "simple": 20, "basic": 20, "advanced": 20, "expert": 20,
                  "master": 6}


def per_move(name: str, number: int, seed: int) -> list[int]:
    """The CPU nanoseconds of each decision of ``name`` in game ``number`` against
    ``simple`` under ``eaai`` (seats alternating, the seeds of ``ginrules simulate``)."""
    from ginrules.game import apply, new_game
    from ginrules.players import make_player
    from ginrules.simulate import game_seed

    rules = ginrules.rules("eaai")
    times: list[int] = []
    g_seed = game_seed(seed, number)
    mine = number % 2  # the seat of the player measured
    players = [make_player(name if s == mine else "simple", seed=g_seed ^ (s + 1))
               for s in (0, 1)]
    game = new_game(rules, seed=g_seed)
    while not game.is_over and len(game.finished) < 500:
        hand = game.hand
        assert hand is not None
        view = game.view(hand.turn)
        start = time.process_time_ns()
        action = players[hand.turn].choose(view)
        if hand.turn == mine:
            times.append(time.process_time_ns() - start)
        game = apply(game, action)
    return times


def main_per_move(args: argparse.Namespace) -> None:
    wanted = list(PER_MOVE_GAMES) if args.players is None else args.players.split(",")
    games = {name: args.games or (1 if args.quick else PER_MOVE_GAMES[name])
             for name in wanted}
    print(f"Python {platform.python_version()} on {platform.machine()}; CPU time of each "
          f"decision, games against simple under eaai, seed {args.seed}; the levels take "
          f"turns game by game; {load_text()}")
    times: dict[str, list[int]] = {name: [] for name in wanted}
    for number in range(max(games.values())):
        for name in rotated(wanted, number):
            if number < games[name]:
                times[name] += per_move(name, number, args.seed)
    print()
    print(f"{'player':10s} {'games':>6s} {'decisions':>10s} {'ms mean':>8s} {'ms max':>8s}")
    for name in wanted:
        print(f"{name:10s} {games[name]:6d} {len(times[name]):10d} "
              f"{statistics.fmean(times[name]) / 1e6:8.3f} {max(times[name]) / 1e6:8.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", help="comma-separated: measure only these players "
                                          "(and skip the speed-up)")
    parser.add_argument("--per-move", action="store_true",
                        help="the CPU time of one decision of each level, against simple")
    parser.add_argument("--games", type=int, default=0,
                        help="with --per-move: games per level (default: 4 to 20; 6 of the master)")
    parser.add_argument("--seed", type=int, default=1, help="with --per-move (default: 1)")
    args = parser.parse_args()
    if args.per_move:
        main_per_move(args)
        return
    repeats = 1 if args.quick else args.repeats
    sizes = {"random": 1 if args.quick else 3, "basic": 20 if args.quick else 200,
             "advanced": 4 if args.quick else 40, "expert": 2 if args.quick else 20}
    wanted = [name for name in sizes if args.players is None
              or name in args.players.split(",")]
    print(f"Python {platform.python_version()} on {platform.machine()}, {load_text()}; "
          f"{repeats} repetitions (other seeds each), the players interleaved, CPU time")
    print()
    played: dict[str, int] = {}

    def rate(name: str, repetition: int) -> float:
        speed, played[name] = hands_per_second(name, sizes[name], seed=100 + repetition)
        return speed

    rates = interleaved(wanted, repeats, rate)
    print(f"{'players':20s} {'hands':>7s} {'hands/s per core: median (range)':>34s}")
    for name in wanted:
        cell = f"{statistics.median(rates[name]):.0f} ({min(rates[name]):.0f}-" \
               f"{max(rates[name]):.0f})"
        print(f"{name + ' v ' + name:20s} {played[name]:7d} {cell:>34s}")
    if args.players is not None:
        return
    games = 40 if args.quick else 400

    def wall(workers: int, _: int) -> float:
        start = time.perf_counter()
        simulate("classic", ("basic", "basic"), games, seed=7, workers=workers)
        return time.perf_counter() - start

    times = interleaved([1, args.workers], repeats, wall)
    print()
    print(f"simulate basic v basic, {games} games, wall time: "
          f"{statistics.median(times[1]):.2f} s with 1 worker, "
          f"{statistics.median(times[args.workers]):.2f} s with {args.workers} (medians); "
          f"speed-up, paired: {spread(paired(times[1], times[args.workers]))}; "
          f"{load_text()}")

if __name__ == "__main__":
    main()
