"""What the record tests' strategies give over their examples: the hands of each ending
(and of each way the knocker's melds were chosen), the games that finish.

Run from the repository's root, under the profile to measure:

    HYPOTHESIS_PROFILE=ci .venv/bin/python tests/census.py

Each test is run as pytest would run it (its own strategy and settings, once per pair of
its parametrization), with its body replaced by a count (hypothesis lets
``test.hypothesis.inner_test`` be replaced).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from typing import Any


def _count_hand(counts: Counter[str], state: Any) -> None:
    from strategies import ending_of, layout_of

    counts["hand " + (ending_of(state) if state.is_over else "open")] += 1
    layout = layout_of(state)
    if layout is not None:
        counts["melds " + layout] += 1


def main() -> None:
    sys.path.insert(0, os.path.dirname(__file__))
    import conftest  # noqa: F401  (loads HYPOTHESIS_PROFILE)
    import test_records
    import test_records_mutations
    from strategies import GAME_PAIRS, HAND_PAIRS, game_of, hand_of

    mutations: Counter[str] = Counter()

    def count_mutation(pair: Any, drawn: Any, form: str) -> None:
        mutations["examples"] += 1
        _count_hand(mutations, drawn.draw(hand_of(pair)))

    trip: Counter[str] = Counter()

    def count_trip(pair: Any, data: Any, form: str) -> None:
        trip["examples"] += 1
        g = data.draw(game_of(pair))
        trip["games finished"] += g.is_over
        for h in (*g.finished, *((g.hand,) if g.hand is not None else ())):
            _count_hand(trip, h)

    for test, count, pairs in (
            (test_records_mutations.test_valid_records_pass, count_mutation, HAND_PAIRS),
            (test_records.test_round_trip_every_preset, count_trip, GAME_PAIRS)):
        test.hypothesis.inner_test = count  # type: ignore[attr-defined]
        for pair in pairs:  # (each test is parametrized over its pairs)
            test(pair=pair)
    print("profile:", os.environ.get("HYPOTHESIS_PROFILE", "default"))
    print("record mutations:", dict(sorted(mutations.items())))
    print("round trip:", dict(sorted(trip.items())))


if __name__ == "__main__":
    main()
