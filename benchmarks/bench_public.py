"""The public path, as a script calls it: ginrules from strings and from Card tuples,
side by side with OpenSpiel's C++ ``min_deadwood`` called from Python.

Run where ginrules and OpenSpiel are installed (``pip install -e ".[bench]"``)::

    python benchmarks/bench_public.py             # 20,000 distinct hands per column
    python benchmarks/bench_public.py --hands 2000 --rounds 3

Every call gets a distinct hand (no cache can help), each library in its own native input
prepared outside the timed region: ginrules a list of card strings (``["7H", "8H", ...]``),
one string (``"7H 8H ..."``) or a tuple of :class:`~ginrules.Card`; OpenSpiel a list of its
card ints. Time is CPU time (``time.process_time_ns``) for the whole list, the best of
``--rounds`` rounds, divided by the number of hands. The ratios are of the same run.

Goals (issue 11): ``deadwood(list of str)`` <= 1.5x OpenSpiel, ``deadwood(tuple of Card)``
<= 1.0x, ``arrange`` <= 3x the ``deadwood`` call, ``best_discards(list of str)`` <= 2x
OpenSpiel's 11-card call.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import ginrules
from ginrules import CARDS, arrange, best_discards, deadwood
from ginrules.interop.openspiel import openspiel_id

try:
    import pyspiel

    OS: Any = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
except Exception as exc:  # pragma: no cover - OpenSpiel absent
    OS = None
    print(f"OpenSpiel skipped ({type(exc).__name__}: {exc})", file=sys.stderr)


def per_call_us(function: Callable[[Any], Any], inputs: Sequence[Any], rounds: int) -> float:
    best = None
    for _ in range(rounds):
        start = time.process_time_ns()
        for item in inputs:
            function(item)
        spent = time.process_time_ns() - start
        best = spent if best is None else min(best, spent)
    assert best is not None
    return best / len(inputs) / 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"ginrules {ginrules.__version__}, Python {platform.python_version()}, "
          f"{args.hands} distinct hands per column, best of {args.rounds} rounds, CPU time")
    for size in (10, 11):
        hands = [rng.sample(CARDS, size) for _ in range(args.hands)]
        strings = [[str(c) for c in h] for h in hands]
        texts = [" ".join(s) for s in strings]
        tuples = [tuple(h) for h in hands]
        ids = [[openspiel_id(c) for c in h] for h in hands]
        rows: list[tuple[str, float]] = []
        if size == 10:
            rows.append(("deadwood(list of str)", per_call_us(deadwood, strings, args.rounds)))
            rows.append(("deadwood(one str)", per_call_us(deadwood, texts, args.rounds)))
            rows.append(("deadwood(tuple of Card)", per_call_us(deadwood, tuples, args.rounds)))
            rows.append(("arrange(list of str)", per_call_us(arrange, strings, args.rounds)))
        else:
            rows.append(("best_discards(list of str)",
                         per_call_us(best_discards, strings, args.rounds)))
            rows.append(("best_discards(tuple of Card)",
                         per_call_us(best_discards, tuples, args.rounds)))
        peer = per_call_us(OS.min_deadwood, ids, args.rounds) if OS is not None else None
        print(f"\n{size} cards" + ("" if peer is None else
                                    f"; OpenSpiel min_deadwood(list of int): {peer:.2f} µs"))
        print(f"  {'call':32s} {'µs/call':>8s} {'/ OpenSpiel':>12s}")
        for name, us in rows:
            ratio = "" if peer is None else f"{us / peer:11.2f}x"
            print(f"  {name:32s} {us:8.2f} {ratio:>12s}")
        if size == 10:
            dead = rows[0][1]
            print(f"  arrange / deadwood (list of str): {rows[3][1] / dead:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
