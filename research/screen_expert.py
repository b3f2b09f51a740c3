"""Screen a setting of the expert player over single hands dealt alike, before spending
an hour of games on it.

Run from the dev virtual environment::

    python research/screen_expert.py --try knock_margin=4          # 4000 deals, 2 workers
    python research/screen_expert.py --try improve=3 --base playouts=24 --deals 1000

Each deal (seeds 50000 on, as in docs/research.rst) is the first hand of an ``eaai`` game
from 0-0, played twice by each setting: the expert in seat 0 and in seat 1 against
``simple``. It prints each setting's points per hand (the expert's hand score less the
baseline's) and the paired difference per hand with its standard error, and how many
deals came out differently. A change of a discard reshuffles the rest of a hand, so
one that changes many deals needs many of them; a gain here has not always meant more
games won (see "Tried later" in docs/research.rst): confirm it with ``ginrules
simulate``.
"""

from __future__ import annotations

import argparse
import ast
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _script import run

import ginrules
from ginrules import game
from ginrules.players import ExpertPlayer, Player, SimplePlayer


def settings(text: str) -> dict[str, Any]:
    """``"a=1,b=True"`` as keyword arguments of ExpertPlayer (values as Python literals)."""
    out: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        name, sep, value = part.partition("=")
        if not sep:
            raise SystemExit(f"screen_expert.py: a setting is NAME=VALUE, not {part!r}")
        try:
            out[name.strip()] = ast.literal_eval(value.strip())
        except (ValueError, SyntaxError):
            raise SystemExit(f"screen_expert.py: {value.strip()!r} is not a Python "
                             f"literal (in {part!r})") from None
    try:
        ExpertPlayer(**out)  # refuse an unknown name or a bad value before any work
    except (TypeError, ValueError) as error:
        raise SystemExit(f"screen_expert.py: {error}") from None
    return out


def deal_points(task: tuple[dict[str, Any], int]) -> int:
    """The expert's points less the baseline's over the deal's hand, played from either
    seat (the sum of the two)."""
    kwargs, seed = task
    rules = ginrules.rules("eaai")
    total = 0
    for seat in (0, 1):
        players: list[Player] = [SimplePlayer(seed=seed), SimplePlayer(seed=seed)]
        players[seat] = ExpertPlayer(seed=seed, **kwargs)
        g = game.new_game(rules, seed=seed)
        while not g.finished:
            turn = g.hand.turn  # type: ignore[union-attr]
            g = game.apply(g, players[turn].choose(g.view(turn)))
        mine, theirs = g.totals[seat], g.totals[1 - seat]
        total += mine - theirs
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="tried", required=True,
                        help="the setting to screen, NAME=VALUE[,NAME=VALUE...]")
    parser.add_argument("--base", default="", help="the setting to compare with "
                                                   "(default: the expert as it is)")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--start", type=int, default=50000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    base, tried = settings(args.base), settings(args.tried)
    seeds = range(args.start, args.start + args.deals)
    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        for kwargs in (base, tried):
            start = time.perf_counter()
            points = list(pool.map(deal_points, [(kwargs, s) for s in seeds], chunksize=20))
            results.append(points)
            print(f"{kwargs or 'as it is'!s:40s} {sum(points) / (2 * len(points)):6.2f} "
                  f"points per hand  ({time.perf_counter() - start:.0f} s)")
    diffs = [(t - b) / 2 for b, t in zip(*results, strict=True)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    changed = sum(1 for d in diffs if d)
    print(f"difference: {mean:+.3f} +- {sd / math.sqrt(len(diffs)):.3f} points per hand; "
          f"{changed} of {len(diffs)} deals came out differently")


if __name__ == "__main__":
    run(main, "screen_expert.py")
