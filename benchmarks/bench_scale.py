"""How the cost of a hand grows with the length of the game: playing, writing (dump) and
validating games of 25, 200, 1,600 and 6,400 hands, in µs per hand.

The games are played by two random players under the straight-gin rules with a short
turn cap (``max_turns``), so nearly every hand is dead and a game never ends: it is cut
at the wanted number of hands (``complete=False`` records). Each figure is the best of
``--repeat`` runs, CPU time of this process (``time.process_time``).

Run: python benchmarks/bench_scale.py [--quick] [--hands 25,200,1600,6400]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import ginrules
from ginrules import game, records


def play(hands: int, seed: int = 1) -> game.GameState:
    """A game of ``hands`` finished hands (none ends it: the target is out of reach)."""
    rules = ginrules.rules("straight", max_turns=4)
    g = game.new_game(rules, seed=seed)
    policies = game.random_policies(seed)
    while len(g.finished) < hands:
        hand = g.hand
        assert hand is not None
        g = game.apply(g, policies[hand.turn](hand, hand.turn))
    return g


def best(run: Callable[[], object], repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        out = min(out, time.process_time() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="25 and 200 hands, once")
    parser.add_argument("--hands", default="25,200,1600,6400")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [25, 200] if args.quick else [int(n) for n in args.hands.split(",")]
    repeat = 1 if args.quick else args.repeat
    print(f"{'hands':>6s} {'play µs/hand':>13s} {'dump µs/hand':>13s} "
          f"{'validate µs/hand':>17s}")
    first: tuple[float, float, float] | None = None
    for n in sizes:
        final = play(n)
        text = records.dump(final)
        t_play = best(lambda n=n: play(n), repeat) / n * 1e6
        t_dump = best(lambda final=final: records.dump(final), repeat) / n * 1e6

        def check(text: str = text) -> None:
            if not records.validate(text).valid:
                raise SystemExit("a written record did not validate")

        t_check = best(check, repeat) / n * 1e6
        print(f"{n:6d} {t_play:13.1f} {t_dump:13.1f} {t_check:17.1f}")
        if first is None:
            first = (t_play, t_dump, t_check)
    if first is not None and len(sizes) > 1:
        print(f"last/first: play {t_play / first[0]:.2f}x, dump {t_dump / first[1]:.2f}x, "
              f"validate {t_check / first[2]:.2f}x")


if __name__ == "__main__":
    main()
