"""What ``import ginrules`` costs: the CPU time of a whole interpreter process that
imports it, beside a bare interpreter and one that imports only attrs (ginrules' one
runtime dependency); and what the ``ginrules`` command costs to start and do a small
job (``ginrules deadwood`` of five cards, ``ginrules validate`` of a one-hand record),
against ``import ginrules``.

    python benchmarks/bench_import.py            # 25 repetitions
    python benchmarks/bench_import.py --runs 60
    python benchmarks/bench_import.py --against /tmp/old   # the commands of another
                                                           # checkout too (A/B)

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

The command rows run the script pip installs as ``ginrules`` (the same few lines,
written to a temporary folder, run by this interpreter): ``ginrules deadwood 7H 8H 9H KS
QS`` and ``ginrules validate`` of ``tests/data/records/valid_hand.json``, output thrown
away. Each is given as its CPU time above the bare interpreter, against what ``import
ginrules`` adds to it, paired (issue 47's goal: at most 1.5x). With ``--against CHECKOUT``
(another clone or ``git worktree`` of ginrules: ``git worktree add /tmp/old COMMIT``), the
command rows run a second time with that checkout's ``src`` first on ``PYTHONPATH``,
interleaved with the others, and each is compared with its twin, paired.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence

from _timing import child_cpu, interleaved, load_text, paired, spread

ROWS = {
    "bare interpreter": "pass",
    "import attrs": "import attrs",
    "import ginrules": "import ginrules",
    "import ginrules; deadwood(...)": "import ginrules; ginrules.deadwood('7H 8H 9H KS QS')",
}
BARE, ATTRS, GINRULES = "bare interpreter", "import attrs", "import ginrules"
RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tests",
                      "data", "records", "valid_hand.json")
# the command's words after "ginrules"
COMMANDS = {
    "ginrules deadwood (5 cards)": ["deadwood", "7H 8H 9H KS QS"],
    "ginrules validate (1 hand)": ["validate", os.path.normpath(RECORD)],
}
# the script pip writes for the console entry point ``ginrules = "ginrules.cli:main"``
SCRIPT = """\
import re
import sys
from ginrules.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""
OTHER = " (--against)"

# the children cache bytecode, whatever this process does
CHILD_ENV = {key: value for key, value in os.environ.items()
             if key != "PYTHONDONTWRITEBYTECODE"}
CACHED = ("import importlib.util, os, ginrules; "
          "print(os.path.exists(importlib.util.cache_from_source(ginrules.__file__)))")


def cpu_ms(code: str) -> float:
    """The CPU time (user and system, in ms) of one fresh ``python -c code``."""
    return child_cpu([sys.executable, "-c", code], env=CHILD_ENV) * 1e3


def command_ms(script: str, words: list[str], env: dict[str, str]) -> float:
    """The CPU time (in ms) of one run of the ``ginrules`` script with ``words``."""
    return child_cpu([sys.executable, script, *words], env=env,
                     stdout=subprocess.DEVNULL) * 1e3


def with_path(src: str) -> dict[str, str]:
    """The children's environment with ``src`` first on ``PYTHONPATH``."""
    path = CHILD_ENV.get("PYTHONPATH")
    return {**CHILD_ENV, "PYTHONPATH": src + (os.pathsep + path if path else "")}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=25,
                        help="repetitions: processes per row (default 25)")
    parser.add_argument("--against", default=None, metavar="CHECKOUT",
                        help="another checkout of ginrules whose commands run too, "
                        "interleaved, each paired with this one's")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    envs = {"": CHILD_ENV}
    if args.against is not None:
        src = os.path.abspath(os.path.join(args.against, "src"))
        if not os.path.isfile(os.path.join(src, "ginrules", "cli", "__init__.py")):
            parser.error(f"--against: {args.against!r} is not a checkout of ginrules "
                         "(no src/ginrules/cli)")
        envs[OTHER] = with_path(src)
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "ginrules")
        with open(script, "w", encoding="utf-8") as out:
            out.write(SCRIPT)
        runs = {row: (lambda code=code: cpu_ms(code)) for row, code in ROWS.items()}
        for name, words in COMMANDS.items():
            for suffix, env in envs.items():
                runs[name + suffix] = (
                    lambda words=words, env=env: command_ms(script, words, env))
        return measure(runs, args.runs, envs)


def measure(runs: dict[str, Callable[[], float]], repetitions: int,
            envs: dict[str, dict[str, str]]) -> int:
    """Run every row once untimed, then ``repetitions`` times interleaved; print."""
    for run in runs.values():  # bytecode cached, files in the page cache: untimed
        run()
    for env in envs.values():
        cached = subprocess.run([sys.executable, "-c", CACHED], env=env, check=True,
                                capture_output=True, text=True).stdout.strip()
        if cached != "True":
            sys.exit("ginrules' bytecode could not be cached (is its __pycache__ "
                     "writable?): the figure would measure compiling, not importing")
    print(f"Python {platform.python_version()} ({sys.executable}); {repetitions} "
          f"repetitions, a fresh interpreter per row, the rows interleaved; CPU time")
    if OTHER in envs:
        print(f"rows marked{OTHER}: {envs[OTHER]['PYTHONPATH'].split(os.pathsep)[0]}")
    print(f"before: {load_text()}")
    ms = interleaved(list(runs), repetitions, lambda row, _: runs[row]())
    print(f"after: {load_text()}")
    print()
    print(f"{'row':40s} {'ms of CPU: median (range)':>26s} "
          f"{'above bare, paired: median (range)':>38s}")
    for row in runs:
        above = "" if row == BARE else spread(
            paired(ms[row], ms[BARE], lambda a, b: a - b), 1, " ms", signed=True)
        cell = f"{statistics.median(ms[row]):.1f} ({min(ms[row]):.1f}-{max(ms[row]):.1f})"
        print(f"{row:40s} {cell:>26s} {above:>38s}")
    print()
    for label, other in (("attrs alone", ATTRS), ("the bare interpreter", BARE)):
        more = spread(paired(ms[GINRULES], ms[other], lambda a, b: a - b), 1, " ms",
                      signed=True)
        print(f"import ginrules against {label}, paired: {more}; "
              f"{spread(paired(ms[GINRULES], ms[other]))}")
    print()
    print("each command above the bare interpreter, against what import ginrules adds "
          "to it (paired):")
    ginrules_above = paired(ms[GINRULES], ms[BARE], lambda a, b: a - b)
    for row in runs:
        if row.startswith("ginrules "):
            above = paired(ms[row], ms[BARE], lambda a, b: a - b)
            print(f"  {row:40s} {spread(paired(above, ginrules_above))}")
    if OTHER in envs:
        print()
        print(f"each command against its twin{OTHER}, whole process, paired:")
        for row in runs:
            if row.startswith("ginrules ") and not row.endswith(OTHER):
                print(f"  {row:40s} {spread(paired(ms[row], ms[row + OTHER]))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
