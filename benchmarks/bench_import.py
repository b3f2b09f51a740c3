"""What ``import ginrules`` costs: CPU time of a whole interpreter process, beside a bare
interpreter and one that imports only attrs (ginrules' one runtime dependency).

    python benchmarks/bench_import.py            # median of 25 processes each
    python benchmarks/bench_import.py --runs 60

Run it with the interpreter where ginrules is installed, with bytecode caching on (no
``PYTHONDONTWRITEBYTECODE``): without cached bytecode every module is compiled again in
every process, which is not what a user's import costs. Issue 11's goal: at most 40 ms of
CPU above a bare interpreter. Then ``python -X importtime -c "import ginrules"`` shows
where the time goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys


def cpu_ms(code: str, runs: int) -> float:
    """The median CPU time (user + system, in ms) of ``python -c code``."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1e3)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=25, help="processes per line (default 25)")
    args = parser.parse_args()
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.flags.dont_write_bytecode:
        sys.exit("unset PYTHONDONTWRITEBYTECODE first: without cached bytecode the figure "
                 "measures compiling, not importing")
    subprocess.run([sys.executable, "-c", "import ginrules"], check=True)  # cache bytecode
    bare = cpu_ms("pass", args.runs)
    print(f"bare interpreter: {bare:.1f} ms of CPU (median of {args.runs})")
    for label, code in [("import attrs", "import attrs"),
                        ("import ginrules", "import ginrules"),
                        ("import ginrules; deadwood(...)",
                         "import ginrules; ginrules.deadwood('7H 8H 9H KS QS')")]:
        print(f"{label:32} +{cpu_ms(code, args.runs) - bare:.1f} ms")


if __name__ == "__main__":
    main()
