"""Deadwood solver benchmark: ginrules side by side with OpenSpiel and RLCard.

Run from a virtual environment where ginrules and its ``bench`` extra are installed::

    pip install -e ".[bench]"
    python benchmarks/bench_deadwood.py            # full run (about a minute)
    python benchmarks/bench_deadwood.py --quick    # small smoke test (peers optional)

What is timed, per hand, with each library's own input prepared outside the timed region:

* ginrules ``deadwood_of_mask(mask)`` (52-bit int) and ``deadwood(cards)`` (tuple of Card);
  on 11 cards ``best_discard_deadwood_of_mask(mask)`` and ``best_discards(cards).deadwood``.
* OpenSpiel ``GinRummyUtils(13, 4, 10).min_deadwood(ints)``; on 11 cards the same call, which
  drops the highest deadwood card of its best 11-card grouping (not always the exact best
  discard: the mismatches are counted below).
* RLCard ``get_best_meld_clusters`` + ``get_deadwood_count`` on 10 cards; on 11 cards
  ``judge.get_going_out_cards(hand, 10)``, the closest analogue (it has no deadwood answer).

Each hand is timed ``--reps`` times (a batch of ``--inner`` calls each, with
``time.perf_counter_ns``); a hand's time is the median of its batches, and the table gives
the median and the maximum over the hands, in microseconds, and the ratio of medians
ginrules / OpenSpiel. The libraries are timed in turn on each hand, so drift hits all alike.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import ginrules
from ginrules import CARDS, Card, best_discards, deadwood, deadwood_of_mask
from ginrules.interop.openspiel import openspiel_id
from ginrules.interop.rlcard import rlcard_id

try:
    from ginrules import best_discard_deadwood_of_mask
except ImportError:  # an older ginrules: fall back to the public exact API

    def best_discard_deadwood_of_mask(mask: int) -> int:
        return best_discards(mask).deadwood


try:
    import pyspiel

    _OS_UTILS: Any = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    OS_NOTE = ""
except Exception as exc:  # not installed, or a build without gin_rummy
    _OS_UTILS = None
    OS_NOTE = f"OpenSpiel skipped ({type(exc).__name__}: {exc})"

try:
    from rlcard.games.gin_rummy import judge as _rl_judge
    from rlcard.games.gin_rummy.utils import melding as _rl_melding
    from rlcard.games.gin_rummy.utils import utils as _rl_utils

    RL_NOTE = ""
    HAVE_RL = True
except Exception as exc:
    RL_NOTE = f"RLCard skipped ({type(exc).__name__}: {exc})"
    HAVE_RL = False

HAVE_OS = _OS_UTILS is not None

Hand = tuple[int, ...]  # canonical card indices (ginrules order)


# -- hands ----------------------------------------------------------------------------

DENSE_DECK = [i for i in range(52) if i % 13 < 7]  # ranks A-7 of every suit


def random_hands(rng: random.Random, n: int, size: int, deck: Sequence[int]) -> list[Hand]:
    return [tuple(sorted(rng.sample(deck, size))) for _ in range(n)]


def hand_text(hand: Hand) -> str:
    return " ".join(str(CARDS[i]) for i in hand)


# -- each library's native inputs and calls ---------------------------------------------


def rl_min_deadwood(hand: list[Any]) -> int:
    clusters = _rl_melding.get_best_meld_clusters(hand)
    return int(_rl_utils.get_deadwood_count(hand, clusters[0] if clusters else []))


def rl_going_out(hand: list[Any]) -> Any:
    return _rl_judge.get_going_out_cards(hand, 10)


class Prepared:
    """One hand in every library's native form (built outside the timed region)."""

    __slots__ = ("cards", "hand", "mask", "os_ids", "rl_cards")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.cards: tuple[Card, ...] = tuple(CARDS[i] for i in hand)
        self.mask = sum(1 << i for i in hand)
        self.os_ids = [openspiel_id(c) for c in self.cards]
        self.rl_cards = (
            [_rl_utils.get_card(rlcard_id(c)) for c in self.cards] if HAVE_RL else []
        )


# A column: name, and for a Prepared hand, the (function, argument) to time.
Column = tuple[str, Callable[[Prepared], tuple[Callable[[Any], Any], Any]]]


def columns(size: int) -> list[Column]:
    if size == 10:
        cols: list[Column] = [
            ("ginrules mask", lambda p: (deadwood_of_mask, p.mask)),
            ("ginrules cards", lambda p: (deadwood, p.cards)),
        ]
        if HAVE_OS:
            cols.append(("OpenSpiel", lambda p: (_OS_UTILS.min_deadwood, p.os_ids)))
        if HAVE_RL:
            cols.append(("RLCard", lambda p: (rl_min_deadwood, p.rl_cards)))
    else:
        cols = [
            ("ginrules mask", lambda p: (best_discard_deadwood_of_mask, p.mask)),
            ("ginrules cards", lambda p: (_best_discard_cards, p.cards)),
        ]
        if HAVE_OS:
            cols.append(("OpenSpiel", lambda p: (_OS_UTILS.min_deadwood, p.os_ids)))
        if HAVE_RL:
            cols.append(("RLCard", lambda p: (rl_going_out, p.rl_cards)))
    return cols


def _best_discard_cards(cards: tuple[Card, ...]) -> int:
    return best_discards(cards).deadwood


# -- timing ---------------------------------------------------------------------------


def time_call(fn: Callable[[Any], Any], arg: Any, inner: int, reps: int) -> float:
    """Median over ``reps`` batches of the time of one call, in microseconds."""
    loop = range(inner)
    samples = []
    clock = time.perf_counter_ns
    for _ in range(reps):
        t0 = clock()
        for _ in loop:
            fn(arg)
        samples.append(clock() - t0)
    return statistics.median(samples) / inner / 1000.0


def time_hands(
    hands: list[Prepared], cols: list[Column], inner: int, reps: int
) -> dict[str, list[float]]:
    """Per-hand times for every column, libraries interleaved hand by hand."""
    out: dict[str, list[float]] = {name: [] for name, _ in cols}
    for p in hands:
        for name, get in cols:
            fn, arg = get(p)
            fn(arg)  # warm up (caches, first-call costs)
            out[name].append(time_call(fn, arg, inner, reps))
    return out


def worst_hands(
    candidates: list[Prepared], cols: list[Column], per_library: int
) -> list[Prepared]:
    """The slowest ``per_library`` hands for each library (one quick timing per hand)."""
    chosen: dict[Hand, Prepared] = {}
    for name, get in cols:
        timed = []
        for p in candidates:
            fn, arg = get(p)
            timed.append((time_call(fn, arg, 1, 2), p.hand, p))
        timed.sort(key=lambda t: t[0], reverse=True)
        for _, hand, p in timed[:per_library]:
            chosen.setdefault(hand, p)
        del name
    return list(chosen.values())


# -- correctness cross-checks -----------------------------------------------------------


def check_10(hands: list[Prepared]) -> list[str]:
    problems = []
    for p in hands:
        ours = deadwood_of_mask(p.mask)
        if deadwood(p.cards) != ours:
            problems.append(f"ginrules mask/cards differ on {hand_text(p.hand)}")
        if HAVE_OS:
            theirs = _OS_UTILS.min_deadwood(p.os_ids)
            if theirs != ours:
                problems.append(f"{hand_text(p.hand)}: ginrules {ours}, OpenSpiel {theirs}")
    return problems


def check_11(hands: list[Prepared]) -> tuple[int, int, str, list[str]]:
    """(OpenSpiel differs count, hands checked, an example, ginrules self-inconsistencies)."""
    differs, example, problems = 0, "", []
    for p in hands:
        ours = best_discard_deadwood_of_mask(p.mask)
        exact = best_discards(p.cards).deadwood
        if ours != exact:
            problems.append(f"{hand_text(p.hand)}: fast {ours}, best_discards {exact}")
        if HAVE_OS:
            theirs = _OS_UTILS.min_deadwood(p.os_ids)
            if theirs != ours:
                differs += 1
                if not example:
                    example = f"{hand_text(p.hand)}: OpenSpiel {theirs}, exact best {ours}"
    return differs, len(hands), example, problems


# -- report ---------------------------------------------------------------------------


def summarize(times: dict[str, list[float]]) -> dict[str, tuple[float, float]]:
    return {name: (statistics.median(v), max(v)) for name, v in times.items() if v}


Row = tuple[str, int, dict[str, tuple[float, float]]]


def print_table(rows: list[Row], names: list[str]) -> None:
    head = f"{'category':<22}{'hands':>6}"
    for n in names:
        head += f"{n + ' med/max':>26}"
    if HAVE_OS:
        head += f"{'mask/OS':>9}{'cards/OS':>10}"
    print(head)
    print("-" * len(head))
    for category, count, stats in rows:
        line = f"{category:<22}{count:>6}"
        for n in names:
            if n in stats:
                med, mx = stats[n]
                line += f"{f'{med:8.2f} / {mx:8.2f}':>26}"
            else:
                line += f"{'-':>26}"
        if HAVE_OS and "OpenSpiel" in stats:
            os_med = stats["OpenSpiel"][0]
            line += f"{stats['ginrules mask'][0] / os_med:>9.2f}"
            line += f"{stats['ginrules cards'][0] / os_med:>10.2f}"
        print(line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sample (CI smoke test)")
    ap.add_argument("--hands", type=int, default=2000, help="hands per category")
    ap.add_argument("--search", type=int, default=3000, help="hands searched for worst cases")
    ap.add_argument("--worst", type=int, default=4, help="worst hands kept per library")
    ap.add_argument("--reps", type=int, default=5, help="timed batches per hand")
    ap.add_argument("--inner", type=int, default=5, help="calls per batch")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.search, args.worst, args.reps, args.inner = 60, 150, 2, 3, 2

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"ginrules {ginrules.__version__}")
    for note in (OS_NOTE, RL_NOTE):
        if note:
            print("note:", note)
    print(f"times in µs per call: median / max over hands ({args.reps} batches x "
          f"{args.inner} calls per hand, median batch); ratio = median ginrules / median OpenSpiel")
    print()

    rng = random.Random(args.seed)
    full = list(range(52))
    cats = {
        "random 10": random_hands(rng, args.hands, 10, full),
        "dense 10 (A-7)": random_hands(rng, args.hands, 10, DENSE_DECK),
        "random 11": random_hands(rng, args.hands, 11, full),
        "dense 11 (A-7)": random_hands(rng, args.hands, 11, DENSE_DECK),
    }
    prepared = {k: [Prepared(h) for h in v] for k, v in cats.items()}

    # Worst-case search: extra random and very dense hands (ranks A-5), plus known hard ones.
    a5 = [i for i in range(52) if i % 13 < 5]
    known10 = [tuple(range(39, 49))]  # A-T of spades: many overlapping runs
    known11 = [
        tuple(sorted([0, 13, 26, 39, 1, 14, 27, 40, 2, 15, 28])),  # AAAA 2222 333
        tuple(sorted([39, 40, 41, 42, 0, 1, 2, 3, 13, 14, 15])),  # As-4s Ac-4c Ad-3d
    ]
    search10 = [Prepared(h) for h in known10
                + random_hands(rng, args.search // 2, 10, a5)
                + random_hands(rng, args.search // 2, 10, DENSE_DECK)]
    search11 = [Prepared(h) for h in known11
                + random_hands(rng, args.search // 2, 11, a5)
                + random_hands(rng, args.search // 2, 11, DENSE_DECK)]
    worst10 = worst_hands(search10, columns(10), args.worst)
    worst11 = worst_hands(search11, columns(11), args.worst)
    prepared["worst 10"] = worst10
    prepared["worst 11"] = worst11

    rows = []
    names = [n for n, _ in columns(10)]
    for category, hands in prepared.items():
        size = len(hands[0].hand)
        t0 = time.perf_counter()
        times = time_hands(hands, columns(size), args.inner, args.reps)
        rows.append((category, len(hands), summarize(times)))
        print(f"  timed {category:<16} in {time.perf_counter() - t0:5.1f} s", file=sys.stderr)
    print_table(rows, names)
    print()
    print("11-card rows: ginrules = exact least deadwood after the best discard; OpenSpiel =")
    print("its 11-card min_deadwood; RLCard = judge.get_going_out_cards (no deadwood answer).")

    # Slowest hands per library, named, so a regression can be reproduced.
    print()
    for category in ("worst 10", "worst 11"):
        hands = prepared[category]
        size = len(hands[0].hand)
        times = time_hands(hands, columns(size), args.inner, args.reps)
        print(f"{category}: slowest hands (µs per call)")
        order = sorted(range(len(hands)), key=lambda i: -max(v[i] for v in times.values()))
        for i in order[:6]:
            cells = "  ".join(f"{n} {v[i]:.1f}" for n, v in times.items())
            print(f"  {hand_text(hands[i].hand):<34} {cells}")

    # Exactness cross-checks on every benchmarked hand.
    print()
    ten = [p for k, v in prepared.items() for p in v if len(p.hand) == 10]
    eleven = [p for k, v in prepared.items() for p in v if len(p.hand) == 11]
    problems = check_10(ten)
    who = "ginrules vs OpenSpiel" if HAVE_OS else "ginrules mask vs cards (OpenSpiel absent)"
    print(f"10-card check, {who}: {len(problems)} mismatches in {len(ten)} hands")
    for line in problems[:10]:
        print("  ", line)
    differs, count, example, own = check_11(eleven)
    print(f"11-card check, fast best discard vs best_discards(): {len(own)} mismatches "
          f"in {count} hands")
    for line in own[:10]:
        print("  ", line)
    if HAVE_OS:
        print(f"11-card: OpenSpiel's min_deadwood differs from the exact best discard on "
              f"{differs}/{count} hands ({100.0 * differs / count:.2f}%)")
        if example:
            print("   e.g.", example)
    return 1 if problems or own else 0


if __name__ == "__main__":
    sys.exit(main())
