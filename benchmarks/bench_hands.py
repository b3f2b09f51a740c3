"""Random-play benchmark: whole hands per second, ginrules side by side with OpenSpiel and RLCard.

Run from a virtual environment where ginrules (and, for the comparison, ``open_spiel`` and
``rlcard``) are installed::

    python benchmarks/bench_hands.py            # full run (about a minute)
    python benchmarks/bench_hands.py --quick    # small smoke test (peers optional)

One hand is played from the deal to its end by uniformly random legal actions, in each
library's own way:

* ginrules: ``hand.deal(rules, seed=i)``, then ``hand.apply(state, rng.choice(
  hand.legal_actions(state)))`` until ``state.is_over``: the public, immutable, fully
  checked API (every step returns a new state).
* OpenSpiel ``gin_rummy``: ``game.new_initial_state()``, then chance outcomes and legal
  actions each chosen uniformly with ``rng.choice`` until ``is_terminal()``.
* RLCard gin-rummy: a ``GinRummyGame`` stepped directly (``init_game()``, then
  ``rng.choice(game.judge.get_legal_actions())`` until ``is_over()``); its deal is
  shuffled by the game's own ``np_random``, seeded once.

Every library draws its choices from a ``random.Random`` with the same fixed seed, and
every hand is a new deal. The libraries are timed in turn, batch after batch, in an order
that rotates every repetition, so that a change of machine load hits them alike; a
batch's time is the CPU time of this process (``time.process_time_ns``: time spent
waiting for a core is not counted). The table gives each library's hands per CPU-second
(median and range over the batches) and ginrules' rate over the library's in the same
repetition (paired: median and range). Each library first plays ``--warmup`` untimed
hands (first-use costs such as ginrules' per-suit discard tables are not counted).

The rules differ a little (see the notes printed under the table): OpenSpiel has the
first-upcard offer, knocker melds and layoffs, and a wall at two stock cards; RLCard has no
offer and no layoffs, deals 11 cards to the first player, and its hands end as dead when
the stock is down to two. ginrules plays the ``--rules`` preset (default ``classic``,
dead hand at two stock cards).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from _timing import interleaved, load_text, paired, spread

import ginrules
from ginrules import hand

try:
    import pyspiel

    _OS_GAME: Any = pyspiel.load_game("gin_rummy")
    OS_NOTE = ""
except Exception as exc:  # not installed, or a build without gin_rummy
    _OS_GAME = None
    OS_NOTE = f"OpenSpiel skipped ({type(exc).__name__}: {exc})"

try:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    RL_NOTE = ""
    HAVE_RL = True
except Exception as exc:
    RL_NOTE = f"RLCard skipped ({type(exc).__name__}: {exc})"
    HAVE_RL = False

HAVE_OS = _OS_GAME is not None


class Tally:
    """What the timed hands did: how many, how many actions, how they ended."""

    def __init__(self) -> None:
        self.hands = 0
        self.actions = 0  # decisions by the players
        self.chance = 0  # chance outcomes applied (OpenSpiel only)
        self.ends: Counter[str] = Counter()

    def add(self, actions: int, end: str, chance: int = 0) -> None:
        self.hands += 1
        self.actions += actions
        self.chance += chance
        self.ends[end] += 1


# -- one library each: play ``count`` hands, numbered from ``first`` ------------------------
# The loops bind their callables to locals: the same small courtesy for every library.


def play_ginrules(
    rules: ginrules.RuleSet, rng: random.Random, first: int, count: int, tally: Tally | None
) -> None:
    deal, apply, legal_actions, choice = hand.deal, hand.apply, hand.legal_actions, rng.choice
    for i in range(first, first + count):
        state = deal(rules, seed=i)
        while not state.is_over:
            state = apply(state, choice(legal_actions(state)))
        if tally is not None:
            assert state.result is not None
            tally.add(len(state.actions), state.result.kind.value)


def play_openspiel(rng: random.Random, count: int, tally: Tally | None) -> None:
    choice, new_state = rng.choice, _OS_GAME.new_initial_state
    for _ in range(count):
        s = new_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice(s.chance_outcomes())[0])
            else:
                s.apply_action(choice(s.legal_actions()))
        if tally is not None:
            history = s.history()
            # 21 dealt cards, then one chance outcome per stock draw (action 53).
            chance = 21 + history.count(pyspiel.gin_rummy.DRAW_STOCK_ACTION)
            knocked = s.knocked()
            if knocked[0] or knocked[1]:
                end = "gin" if s.deadwood()[0 if knocked[0] else 1] == 0 else "knock"
            else:
                end = "no knock (wall)"
            tally.add(len(history) - chance, end, chance)


def play_rlcard(game: Any, rng: random.Random, count: int, tally: Tally | None) -> None:
    choice, judge = rng.choice, game.judge
    for _ in range(count):
        game.init_game()
        while not game.is_over():
            game.step(choice(judge.get_legal_actions()))
        if tally is not None:
            # The move sheet starts with the deal, and a finished hand has two score steps.
            moves = len(game.round.move_sheet) - 1
            tally.add(moves, type(game.round.going_out_action).__name__)


# -- timing ---------------------------------------------------------------------------


Runner = Callable[[int, Tally | None], None]  # (hands, tally) -> None


def make_runners(rules: ginrules.RuleSet, seed: int) -> dict[str, Runner]:
    """One runner per library; each keeps its own RNG (same seed) across batches."""
    runners: dict[str, Runner] = {}

    g_rng = random.Random(seed)
    g_next = [0]  # deal seeds: every hand is a new deal

    def run_g(count: int, tally: Tally | None) -> None:
        play_ginrules(rules, g_rng, g_next[0], count, tally)
        g_next[0] += count

    runners["ginrules"] = run_g
    if HAVE_OS:
        o_rng = random.Random(seed)
        runners["OpenSpiel"] = lambda count, tally: play_openspiel(o_rng, count, tally)
    if HAVE_RL:
        r_rng = random.Random(seed)
        r_game = GinRummyGame()
        r_game.np_random = np.random.RandomState(seed)
        runners["RLCard"] = lambda count, tally: play_rlcard(r_game, r_rng, count, tally)
    return runners


Rates = dict[str, list[float]]  # library -> hands/s of each batch, in batch order


def measure(runners: dict[str, Runner], hands: int, reps: int) -> tuple[Rates, dict[str, Tally]]:
    """hands per CPU-second of every batch, the libraries interleaved batch by batch (the
    order rotating), and the tallies."""
    tallies = {name: Tally() for name in runners}
    for kind in ginrules.EndKind:  # list every ginrules ending, even one that did not happen
        tallies["ginrules"].ends[kind.value] = 0
    clock = time.process_time_ns

    def batch(name: str, _: int) -> float:
        start = clock()
        runners[name](hands, tallies[name])
        return hands * 1e9 / max(clock() - start, 1)

    return interleaved(list(runners), reps, batch), tallies


# -- report ---------------------------------------------------------------------------


def print_table(cpu: Rates, tallies: dict[str, Tally]) -> None:
    head = (f"{'library':<11}{'hands/s (CPU time): median (range)':>36s}"
            f"{'ginrules / library, paired':>30s}{'actions/hand':>14}")
    print(head)
    print("-" * len(head))
    for name, rates in cpu.items():
        rate = f"{statistics.median(rates):.0f} ({min(rates):.0f}-{max(rates):.0f})"
        ratio = "-" if name == "ginrules" else spread(paired(cpu["ginrules"], rates))
        tally = tallies[name]
        acts = tally.actions / tally.hands
        extra = f"  (+{tally.chance / tally.hands:.1f} chance)" if tally.chance else ""
        print(f"{name:<11}{rate:>36s}{ratio:>30s}{acts:>14.1f}{extra}")


def print_ends(tallies: dict[str, Tally]) -> None:
    print("how the timed hands ended:")
    for name, tally in tallies.items():
        parts = ", ".join(
            f"{end} {n} ({100.0 * n / tally.hands:.1f}%)" for end, n in tally.ends.most_common()
        )
        print(f"  {name:<10} {tally.hands} hands: {parts}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sample (CI smoke test)")
    ap.add_argument("--hands", type=int, default=100, help="hands per timed batch")
    ap.add_argument("--reps", type=int, default=21, help="timed batches per library")
    ap.add_argument("--warmup", type=int, default=200, help="untimed hands per library first")
    ap.add_argument("--rules", default="classic", help="ginrules preset (default classic)")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    if args.quick:
        args.hands, args.reps, args.warmup = 20, 2, 5

    rules = ginrules.rules(args.rules)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"ginrules {ginrules.__version__} (rules {args.rules!r})")
    for note in (OS_NOTE, RL_NOTE):
        if note:
            print("note:", note)
    print(f"{args.reps} batches of {args.hands} hands per library, interleaved (the order "
          f"rotating), CPU time; {args.warmup} warm-up hands each; seed {args.seed}")
    print(f"before: {load_text()}")
    print()

    runners = make_runners(rules, args.seed)
    for run in runners.values():
        run(args.warmup, None)
    t0 = time.perf_counter()
    cpu, tallies = measure(runners, args.hands, args.reps)
    elapsed = time.perf_counter() - t0

    print_table(cpu, tallies)
    print()
    print_ends(tallies)
    print()
    print("actions/hand: player decisions (ginrules: len(state.actions), including the "
          "upcard offer;")
    print("OpenSpiel: history minus chance outcomes; RLCard: move sheet minus the deal, "
          "including its two score steps).")
    print(f"after: {load_text()}; timed part {elapsed:.1f} s of wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
