"""Run RLCard's gin-rummy meld finder against the conformance corpus (``conformance/``):
the deadwood of ten cards and the best discards of eleven. The showdowns, legal actions,
hands and games are not run (RLCard prices hands by its own scorer, not in points); RLCard's
whole games are checked instead by ``ginrules convert --from rlcard``, under the ``rlcard``
preset.
Prints each differing case with the rule points it tests.

RLCard counts a hand's least deadwood over its meld clusters
(``rlcard.games.gin_rummy.utils.melding.get_best_meld_clusters``); the best discards of
eleven cards here are the least of those counts over the eleven discards. Needs RLCard
(``pip install rlcard``, in an environment of its own if you like)::

    python examples/conformance_rlcard.py
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

try:
    from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-not-found]
except ImportError:  # the example is skipped where RLCard is not installed
    print("conformance_rlcard needs RLCard: pip install rlcard (skipped)")
    sys.exit(0)

ROOT = Path(__file__).resolve().parent.parent / "conformance"


def deadwood(cards: list[str]) -> int:
    """RLCard's least deadwood of ten cards (ginrules and RLCard write cards alike: 7H)."""
    hand = [utils.card_from_text(text) for text in cards]
    clusters = melding.get_best_meld_clusters(hand=hand)
    if not clusters:
        return sum(utils.get_deadwood_value(card) for card in hand)
    return int(utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]))


def check(kind: str, case: dict[str, Any]) -> str | None:
    cards = case["input"]["cards"].split()
    if kind == "deadwood":
        got = deadwood(cards)
        want = case["expected"]["deadwood"]
        return None if got == want else f"deadwood {got}, expected {want}"
    counts = {card: deadwood([c for c in cards if c != card]) for card in cards}
    best = min(counts.values())
    discards = " ".join(c for c in cards if counts[c] == best)
    want = case["expected"]
    if best != want["deadwood"]:
        return f"least deadwood after a discard {best}, expected {want['deadwood']}"
    if set(discards.split()) != set(want["discards"].split()):
        return f"best discards {discards}, expected {want['discards']}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=3,
                        help="differing cases printed per rule point (default 3)")
    parser.add_argument("--limit", type=int, default=None,
                        help="run only the first N cases of each kind")
    args = parser.parse_args()
    for kind in ("deadwood", "discards"):
        cases = json.loads((ROOT / f"{kind}.json").read_text())["cases"][:args.limit]
        differ = Counter[str]()
        shown = Counter[str]()
        failed = 0
        for case in cases:
            why = check(kind, case)
            if why is None:
                continue
            failed += 1
            differ.update(case["points"])
            headline = case["points"][0] if case["points"] else "-"
            if shown[headline] < args.show:
                shown[headline] += 1
                print(f"{case['id']} [{', '.join(case['points'])}] {case['input']['cards']}:"
                      f" {why}")
        print(f"== {kind}: {len(cases) - failed} of {len(cases)} agree; differ: {failed}")
        if failed:
            print("   by rule point: " + ", ".join(f"{k} {v}" for k, v in differ.most_common()))
    print("== showdowns, legal, hands, games: not run (RLCard prices hands by its own "
          "scorer; its games are checked whole by ginrules convert --from rlcard)")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit("conformance_rlcard: interrupted")
