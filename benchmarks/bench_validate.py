"""How many single-hand records ginrules validates per second, on one core.

The records are hands played by two random players under the classic rules (most run
to a dead hand: about 116 actions each), written with ``ginrules.records.dump``; the
timing covers JSON parsing, the format checks, the replay and the outcome checks.

Run: python benchmarks/bench_validate.py [--quick] [--records N]
"""

from __future__ import annotations

import argparse
import json
import time

import ginrules
from ginrules import hand, records
from ginrules.game import random_policies


def make_records(count: int) -> list[str]:
    out = []
    for seed in range(count):
        state = hand.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        choose = random_policies(seed)[0]
        while not state.is_over:
            state = hand.apply(state, choose(state, state.turn))
        out.append(records.dump(state))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (for CI)")
    parser.add_argument("--records", type=int, default=2000)
    args = parser.parse_args()
    count = 100 if args.quick else args.records
    texts = make_records(count)
    actions = sum(len(json.loads(t)["hands"][0]["actions"]) for t in texts)
    best = float("inf")
    for _ in range(1 if args.quick else 3):
        start = time.perf_counter()
        for text in texts:
            if not records.validate(text).valid:
                raise SystemExit("a written record did not validate")
        best = min(best, time.perf_counter() - start)
    print(f"{count} single-hand records ({actions / count:.0f} actions each on average): "
          f"{count / best:,.0f} records/s ({best / count * 1e6:.0f} µs per record), one core")


if __name__ == "__main__":
    main()
