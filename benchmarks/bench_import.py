"""What ``import ginrules`` costs: the CPU time of a whole interpreter process that
imports it, beside a bare interpreter and one that imports only attrs (ginrules' one
runtime dependency).

    python benchmarks/bench_import.py            # 25 repetitions
    python benchmarks/bench_import.py --runs 60

Each repetition starts a fresh interpreter (``python -c CODE``) for every row, the rows
in an order that rotates from one repetition to the next, so that a busy machine slows
them alike; a row's time is the CPU time (user and system) of its process, from
``resource.getrusage(RUSAGE_CHILDREN)`` before and after it. The differences and ratios
between rows are taken within each repetition (paired) and given as their median and
range. Every row first runs once untimed, so that its bytecode is cached.

Run it with the interpreter where ginrules is installed. The children run with bytecode
caching on (``PYTHONDONTWRITEBYTECODE`` is taken out of their environment), and the script
checks that ginrules' bytecode is cached after the untimed runs: without it, every module
is compiled again in every process, which is not what a user's import costs. Issue 11's
goal: at most 40 ms of
CPU above a bare interpreter. Then ``python -X importtime -c "import ginrules"`` shows
where the time goes.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Sequence

from _timing import child_cpu, interleaved, load_text, paired, spread

ROWS = {
    "bare interpreter": "pass",
    "import attrs": "import attrs",
    "import ginrules": "import ginrules",
    "import ginrules; deadwood(...)": "import ginrules; ginrules.deadwood('7H 8H 9H KS QS')",
}
BARE, ATTRS, GINRULES = "bare interpreter", "import attrs", "import ginrules"


# the children cache bytecode, whatever this process does
CHILD_ENV = {key: value for key, value in os.environ.items()
             if key != "PYTHONDONTWRITEBYTECODE"}
CACHED = ("import importlib.util, os, ginrules; "
          "print(os.path.exists(importlib.util.cache_from_source(ginrules.__file__)))")


def cpu_ms(code: str) -> float:
    """The CPU time (user and system, in ms) of one fresh ``python -c code``."""
    return child_cpu([sys.executable, "-c", code], env=CHILD_ENV) * 1e3


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=25,
                        help="repetitions: processes per row (default 25)")
    args = parser.parse_args(argv)
    for code in ROWS.values():  # bytecode cached, files in the page cache: untimed
        cpu_ms(code)
    cached = subprocess.run([sys.executable, "-c", CACHED], env=CHILD_ENV, check=True,
                            capture_output=True, text=True).stdout.strip()
    if cached != "True":
        sys.exit("ginrules' bytecode could not be cached (is its __pycache__ writable?): "
                 "the figure would measure compiling, not importing")
    print(f"Python {platform.python_version()} ({sys.executable}); {args.runs} "
          f"repetitions, a fresh interpreter per row, the rows interleaved; CPU time")
    print(f"before: {load_text()}")
    ms = interleaved(list(ROWS), args.runs, lambda row, _: cpu_ms(ROWS[row]))
    print(f"after: {load_text()}")
    print()
    print(f"{'row':32s} {'ms of CPU: median (range)':>26s} "
          f"{'above bare, paired: median (range)':>38s}")
    for row in ROWS:
        above = "" if row == BARE else spread(
            paired(ms[row], ms[BARE], lambda a, b: a - b), 1, " ms", signed=True)
        cell = f"{statistics.median(ms[row]):.1f} ({min(ms[row]):.1f}-{max(ms[row]):.1f})"
        print(f"{row:32s} {cell:>26s} {above:>38s}")
    print()
    for label, other in (("attrs alone", ATTRS), ("the bare interpreter", BARE)):
        more = spread(paired(ms[GINRULES], ms[other], lambda a, b: a - b), 1, " ms",
                      signed=True)
        print(f"import ginrules against {label}, paired: {more}; "
              f"{spread(paired(ms[GINRULES], ms[other]))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
