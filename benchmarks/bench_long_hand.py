"""One endless draw-discard hand: validation time per action must not grow with the hand.

Run: python benchmarks/bench_long_hand.py [ACTIONS...]   (default 10000 40000)

Both players always draw the top discard and discard another card, so the hand never
ends; the record of its first N actions is validated. CPU time; the peak memory of the
process is printed too.
"""

from __future__ import annotations

import json
import resource
import sys
import time

import ginrules
from ginrules import records


def long_hand(actions: int) -> ginrules.HandState:
    state = ginrules.deal(ginrules.rules("straight"), seed=1, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = state.apply(state.legal_actions()[0])
    while len(state.actions) < actions:
        if state.phase.value == "draw":
            state = state.apply("draw discard")
        else:
            discards = [a for a in state.legal_actions() if a.kind.value == "discard"]
            state = state.apply(discards[len(state.actions) % len(discards)])
    return state


def main(argv: list[str]) -> int:
    for n in [int(a) for a in argv] or [10000, 40000]:
        text = json.dumps(records.to_record(long_hand(n)))
        start = time.process_time()
        report = records.validate(text)
        spent = time.process_time() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{n:7d} actions ({len(text) / 1e6:.2f} MB): validated in {spent:.2f} s, "
              f"{n / spent:,.0f} actions/s, valid={report.valid}; peak memory {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
