"""The public path, as a script calls it: ginrules from strings and from Card tuples,
side by side with OpenSpiel's C++ ``min_deadwood`` called from Python.

Run where ginrules and OpenSpiel are installed (``pip install -e ".[bench]"``)::

    python benchmarks/bench_public.py             # 20,000 distinct hands per column
    python benchmarks/bench_public.py --hands 2000 --rounds 3

Every call gets a distinct hand (no cache can help): each repetition draws new hands,
and every contender gets the same hands in its own native input, prepared outside the
timed region: ginrules a list of card strings (``["7H", "8H", ...]``), one string
(``"7H 8H ..."``) or a tuple of :class:`~ginrules.Card`; OpenSpiel a list of its card
ints. Time is CPU time (``time.process_time_ns``) for the whole list of a repetition.
The contenders are interleaved within each repetition, in an order that rotates from one
repetition to the next, so that a busy machine slows them alike; the ratio to OpenSpiel
is taken within each repetition (paired) and reported as its median and its range.
Each contender first runs untimed on 2,000 other hands (first-use costs are not counted).

Goals (issue 11): ``deadwood(list of str)`` <= 1.5x OpenSpiel, ``deadwood(tuple of Card)``
<= 1.0x, ``arrange`` <= 3x the ``deadwood`` call, ``best_discards(list of str)`` <= 2x
OpenSpiel's 11-card call.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from _timing import interleaved, paired, spread, timed_ns

import ginrules
from ginrules import CARDS, arrange, best_discards, deadwood
from ginrules.interop.openspiel import openspiel_id

try:
    import pyspiel

    OS: Any = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
except Exception as exc:  # pragma: no cover - OpenSpiel absent
    OS = None
    print(f"OpenSpiel skipped ({type(exc).__name__}: {exc})", file=sys.stderr)


def _size_rows(size: int) -> list[tuple[str, Callable[[Any], Any], str]]:
    """The contenders for hands of ``size`` cards: a name, the call, its input kind."""
    if size == 10:
        rows = [("deadwood(list of str)", deadwood, "strings"),
                ("deadwood(one str)", deadwood, "text"),
                ("deadwood(tuple of Card)", deadwood, "tuple"),
                ("arrange(list of str)", arrange, "strings")]
    else:
        rows = [("best_discards(list of str)", best_discards, "strings"),
                ("best_discards(tuple of Card)", best_discards, "tuple")]
    if OS is not None:
        rows.append(("OpenSpiel min_deadwood(list of int)", OS.min_deadwood, "ids"))
    return rows


def _inputs(rng: random.Random, size: int, hands: int) -> dict[str, list[Any]]:
    drawn = [rng.sample(CARDS, size) for _ in range(hands)]
    return {"strings": [[str(c) for c in h] for h in drawn],
            "text": [" ".join(str(c) for c in h) for h in drawn],
            "tuple": [tuple(h) for h in drawn],
            "ids": [[openspiel_id(c) for c in h] for h in drawn]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000,
                        help="distinct hands per contender and repetition")
    parser.add_argument("--rounds", type=int, default=7, help="repetitions")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"ginrules {ginrules.__version__}, Python {platform.python_version()}, "
          f"{args.hands} distinct hands per contender and repetition, {args.rounds} "
          f"repetitions, contenders interleaved, CPU time")
    for size in (10, 11):
        calls = {name: (function, kind) for name, function, kind in _size_rows(size)}
        warmup = _inputs(rng, size, min(args.hands, 2000))
        for function, kind in calls.values():  # first-use costs (tables, caches) untimed
            timed_ns(function, warmup[kind])
        spent = interleaved(
            list(calls), args.rounds,
            lambda name, inputs, calls=calls: timed_ns(calls[name][0], inputs[calls[name][1]]),
            lambda _, size=size: _inputs(rng, size, args.hands))
        peer = spent.get("OpenSpiel min_deadwood(list of int)")
        print(f"\n{size} cards")
        print(f"  {'call':36s} {'µs/call (median)':>16s} "
              f"{'/ OpenSpiel, paired: median (range)':>36s}")
        for name in calls:
            us = statistics.median(spent[name]) / args.hands / 1000
            ratio = "" if peer is None else spread(paired(spent[name], peer))
            print(f"  {name:36s} {us:16.2f} {ratio:>36s}")
        if size == 10:
            print("  arrange / deadwood (list of str), paired: " + spread(
                paired(spent["arrange(list of str)"], spent["deadwood(list of str)"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
