"""Play a ginrules player against the EAAI framework's own baseline, inside the framework.

Copyright (C) 2025 the ginrules authors. This program is free software; you can
redistribute it and/or modify it under the terms of the GNU General Public License as
published by the Free Software Foundation; either version 2 of the License, or (at your
option) any later version. It comes WITHOUT ANY WARRANTY; see the GNU General Public
License for more details. See README.md in this folder.

The framework (Todd Neller's gin-rummy-eaai) is an input, compiled by its own means: give
the folder that holds its compiled classes (``ginrummy/GinRummyGame.class`` and the
rest). The script compiles only this folder's own ``GinrulesPlayer.java`` and
``EaaiMatch.java`` against it (``javac -cp FRAMEWORK``), runs ``EaaiMatch``, which plays
the framework's ``GinRummyGame`` between ``GinrulesPlayer`` (a ginrules level, through
``ginrules serve``) and the framework's ``SimpleGinRummyPlayer``, seats alternating game by
game, and prints the games won with their Wilson 95% interval, and that interval widened
or narrowed by the pairs' design effect (the games come in pairs dealt alike with the
seats swapped, so the two games of a pair are not independent; see :func:`paired_interval`)::

    python integrations/eaai/match.py --framework-classes DIR --level expert --games 2000

Needs a JDK (javac, java) and ginrules with ``ginrules serve`` in this Python.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from ginrules.simulate import wilson_interval

HERE = pathlib.Path(__file__).resolve().parent
SOURCES = [HERE / "GinrulesPlayer.java", HERE / "EaaiMatch.java"]


def paired_interval(pairs: list[tuple[int, int]]) -> tuple[float, float, float]:
    """Wilson's 95% interval of the share of games won, for games played in ``pairs``
    (each ``(won, played)``, the two games of a pair dealt alike with the seats swapped),
    with the pairs' design effect: the variance of the share over pairs (the ratio
    estimator's) against the variance if every game were independent
    (:func:`ginrules.simulate.wilson_interval` counts the games as ``games / effect``);
    ``(low, high, effect)``. With no spread between pairs to measure (fewer than two
    pairs, or every pair alike) the effect is taken as 1: the plain interval.

    >>> low, high, effect = paired_interval([(2, 2), (1, 2), (1, 2), (0, 2), (2, 2), (1, 2)])
    >>> round(low, 3), round(high, 3), round(effect, 3)
    (0.303, 0.819, 1.166)
    >>> paired_interval([(1, 2)] * 50)[2]  # every pair split: no spread measured
    1.0
    """
    won, played = sum(w for w, _ in pairs), sum(g for _, g in pairs)
    if played == 0:
        return 0.0, 1.0, 1.0
    p = won / played
    m = len(pairs)
    spread = sum((w - p * g) ** 2 for w, g in pairs) * m / (m - 1) / played ** 2 if m > 1 \
        else 0.0
    independent = p * (1 - p) / played
    effect = spread / independent if spread > 0 and independent > 0 else 1.0
    return (*wilson_interval(won, played, design_effect=effect), effect)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--framework-classes", type=pathlib.Path, required=True,
                        help="the framework's compiled classes (the folder holding ginrummy/)")
    parser.add_argument("--level", default="expert", help="the ginrules level (default expert)")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the deals' seed (default 0)")
    parser.add_argument("--server", default=f"{sys.executable} -m ginrules serve",
                        help="the command that starts the ginrules server, split on spaces "
                             "(default: this Python's -m ginrules serve)")
    parser.add_argument("--quiet", action="store_true", help="print no line a game")
    args = parser.parse_args()
    classes = args.framework_classes
    if not (classes / "ginrummy" / "GinRummyGame.class").is_file():
        sys.exit(f"match.py: no ginrummy/GinRummyGame.class under {classes} (give the folder "
                 "of the framework's compiled classes)")
    for tool in ("javac", "java"):
        if shutil.which(tool) is None:
            sys.exit(f"match.py: {tool} is not on PATH (a JDK is needed)")
    if args.games < 1:
        sys.exit("match.py: --games must be at least 1")
    with tempfile.TemporaryDirectory() as build:
        compiled = subprocess.run(["javac", "-nowarn", "-cp", str(classes), "-d", build,
                                   *map(str, SOURCES)], capture_output=True, text=True)
        if compiled.returncode:
            sys.exit(f"match.py: javac failed:\n{compiled.stderr}")
        command = ["java", f"-Dginrules.command={args.server}", "-cp",
                   os.pathsep.join([str(classes), build]),
                   "EaaiMatch", str(args.games), str(args.seed), args.level]
        start = time.monotonic()
        won = played = forfeits = 0
        pairs: list[tuple[int, int]] = []
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
            assert process.stdout is not None
            try:
                for line in process.stdout:
                    fields = line.rstrip("\n").split("\t")
                    if fields[0] != "game":
                        continue
                    played += 1
                    won += fields[3] == "ginrules"
                    if int(fields[1]) % 2 == 0:  # the first game of a pair
                        pairs.append((0, 0))
                    pairs[-1] = (pairs[-1][0] + (fields[3] == "ginrules"), pairs[-1][1] + 1)
                    forfeits += fields[-1] == "forfeit"
                    if not args.quiet:
                        print(line, end="", flush=True)
            finally:  # interrupted or stopped: the match (and so its server) stops too
                if process.poll() is None:
                    process.terminate()
        if process.returncode:
            sys.exit(f"match.py: EaaiMatch stopped (exit status {process.returncode}) after "
                     f"{played} games; its error is above")
    seconds = time.monotonic() - start
    low, high = wilson_interval(won, played)
    p_low, p_high, effect = paired_interval(pairs)
    print(f"ginrules {args.level} v the framework's SimpleGinRummyPlayer: {played} games, "
          f"{won} won, {won / played:.1%} (Wilson 95%: {low:.1%} - {high:.1%}; for the "
          f"pairs dealt alike, {p_low:.1%} - {p_high:.1%}, design effect {effect:.2f}); "
          f"{forfeits} ended by a forfeit; seed {args.seed}; {seconds:.0f} s")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("match.py: terminated"))
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("match.py: interrupted")
