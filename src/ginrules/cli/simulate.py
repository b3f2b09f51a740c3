"""``ginrules simulate``: many games between computer players, win rates with intervals."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import TYPE_CHECKING, Any

from ginrules.players import PLAYERS

if TYPE_CHECKING:
    pass

from ginrules.cli.common import _add_rules_option, _player_names, _progress_bar

__all__: list[str] = []  # the command is ginrules.cli.main


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ginrules.records._parallel import dask_executor
    from ginrules.simulate import simulate

    names = _player_names(args.players)
    progress = _progress_bar if sys.stderr.isatty() else None
    with contextlib.ExitStack() as stack:
        executor = None
        if args.scheduler is not None:
            executor = stack.enter_context(dask_executor(args.scheduler, args.timeout))
        result = simulate(args.rules, names, args.games, args.seed, workers=args.workers,
                          executor=executor, max_hands=args.max_hands or None,
                          progress=progress)
    if progress is not None:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    print(result)
    return 0




def add_parser(sub: Any) -> None:
    """Add the sub-command to the ``ginrules`` parser."""
    p = sub.add_parser(
        "simulate",
        description="Play GAMES games between two computer players (" + ", ".join(PLAYERS)
        + "), alternating seats, and print each player's win rate with a 95% "
        "confidence interval, points per hand and the rates of knock, gin, big gin, "
        "undercut and dead hands.",
        epilog="example: ginrules simulate --rules classic --games 200 "
        "--players advanced,basic --seed 1 --workers 2",
    )
    _add_rules_option(p)
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="how many games (default: 100)")
    p.add_argument("--players", default="advanced,basic", metavar="A,B",
                   help="two of " + ", ".join(PLAYERS) + ", or cmd:<command line>, a "
                   "program that speaks the player protocol (default: advanced,basic)")
    p.add_argument("--seed", type=int, default=0, help="the seed (default: 0)")
    p.add_argument("--workers", type=int, default=1, metavar="K",
                   help="local processes to spread the games over; the totals do not "
                   "depend on it (default: 1)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="play the games on the Dask cluster whose scheduler listens at "
                   "ADDRESS (tcp://host:8786; needs Dask: pip install distributed)")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                   help="with --scheduler: how long to wait for the scheduler and for a "
                   "worker, when the cluster has none, before giving up (default: 30)")
    p.add_argument("--max-hands", type=int, default=500, metavar="N",
                   help="stop a game after N hands and count it unfinished; 0 for no "
                   "limit (default: 500)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.set_defaults(func=_cmd_simulate)

