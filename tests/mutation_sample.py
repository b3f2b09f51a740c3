"""A seeded sample of mutmut's mutants per area of the library, and its score.

A whole mutation run takes many hours on two cores; a fresh seeded sample of each area
measures the suite on mutants that no test was written against. Run in the copy of the
tree where mutmut has generated its mutants (see docs/developing.rst)::

    python tests/mutation_sample.py names --seed 20261203 --per-area 30 > sample.txt
    HYPOTHESIS_PROFILE=mutation mutmut run --max-children 2 $(cat sample.txt)
    python tests/mutation_sample.py score sample.txt

mutmut forks each mutant's test run from a process that has imported the package and run
the tests once, so code that runs once and is kept (an environment class built on first
use and cached, a validator made when a class is defined) runs unmutated under every
mutant, and survives whatever the tests check. ``recheck`` runs such survivors the slow
way: it writes each mutant into ``src/`` (``mutmut apply``), runs the tests in a fresh
process, and puts the source back (``git checkout``; the copy must have no uncommitted
change in ``src/``)::

    python tests/mutation_sample.py recheck NAME... -- tests/extras -x -q

``score`` counts, per area, the mutants killed (a test failed) against those that
survived or had no test, and lists the survivors for ``mutmut show``; a timeout is
counted apart (on a loaded machine a survivor can time out: run those again alone).
Equivalent mutants are for a reader to set aside, by name.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

AREAS = ("players", "records", "interop", "cli", "text", "svg", "terminal", "simulate")
KILLED = {1, 3}  # a test failed (or pytest itself, on the mutant's import)
TIMEOUT = {24, -24, 36, 152, 255}  # under load a survivor can time out: rerun these
SURVIVED = {0}
NO_TESTS = {5, 33}


def area_of(name: str) -> str:
    """The area of a mutant's name: a folder or file of interest, else "core"."""
    part = name.split(".")[1]
    return part if part in AREAS else "core"


def exit_codes(root: Path) -> dict[str, int | None]:
    """Every mutant's name with its exit code (None: not run yet)."""
    codes: dict[str, int | None] = {}
    for meta in sorted((root / "mutants" / "src").rglob("*.py.meta")):
        codes.update(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])
    return codes


def sample(codes: dict[str, int | None], seed: int, per_area: int) -> list[str]:
    by_area: dict[str, list[str]] = defaultdict(list)
    for name in sorted(codes):
        by_area[area_of(name)].append(name)
    rng = random.Random(seed)
    chosen = []
    for area in sorted(by_area):
        names = by_area[area]
        chosen += rng.sample(names, min(per_area, len(names)))
    return chosen


RECHECKED = Path("mutants") / "rechecked.json"


def recheck(root: Path, names: list[str], pytest_args: list[str]) -> dict[str, int]:
    """Each mutant written into ``src/`` in turn, the tests run in a fresh process: the
    exit code of each run (0: survived), also kept in ``mutants/rechecked.json``."""
    path = root / RECHECKED
    done: dict[str, int] = json.loads(path.read_text("utf-8")) if path.exists() else {}
    mutmut = Path(sys.executable).parent / "mutmut"
    environment = {**os.environ, "PYTHONPATH": str(root / "src"),
                   "HYPOTHESIS_PROFILE": "mutation"}
    for name in names:
        subprocess.run([str(mutmut), "apply", name], cwd=root, check=True,
                       capture_output=True)
        try:
            run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                                  *pytest_args], cwd=root, env=environment,
                                 capture_output=True, timeout=1800)
            done[name] = run.returncode
        except subprocess.TimeoutExpired:
            done[name] = 36
        finally:
            subprocess.run(["git", "checkout", "--", "src"], cwd=root, check=True)
        path.write_text(json.dumps(done, indent=1), "utf-8")
        print(name, "killed" if done[name] in KILLED else f"exit {done[name]}", flush=True)
    return done


def score(codes: dict[str, int | None], names: list[str], equivalent: set[str]) -> str:
    rows: dict[str, list[str]] = defaultdict(list)
    survivors = []
    for name in names:
        code = codes[name]
        if name in equivalent:
            verdict = "equivalent"
        elif code in KILLED:
            verdict = "killed"
        elif code in TIMEOUT:
            verdict = "timeout"
        elif code in SURVIVED or code in NO_TESTS:
            verdict = "survived"
            survivors.append(name)
        else:
            verdict = "not run" if code is None else f"other ({code})"
        rows[area_of(name)].append(verdict)
    lines = ["| area | sampled | killed | survived | equivalent | timeout | other | score |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for area in sorted(rows):
        verdicts = rows[area]
        killed, survived = verdicts.count("killed"), verdicts.count("survived")
        judged = killed + survived
        timeouts = verdicts.count("timeout")
        other = len(verdicts) - judged - verdicts.count("equivalent") - timeouts
        percent = f"{100 * killed / judged:.0f}%" if judged else "-"
        lines.append(f"| {area} | {len(verdicts)} | {killed} | {survived} | "
                     f"{verdicts.count('equivalent')} | {timeouts} | {other} | {percent} |")
    return "\n".join([*lines, "", "survivors:", *survivors])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    names = commands.add_parser("names", help="print a seeded sample of mutant names")
    names.add_argument("--seed", type=int, required=True)
    names.add_argument("--per-area", type=int, default=30)
    again = commands.add_parser("recheck", help="run survivors in a fresh process each")
    again.add_argument("names", nargs="+", help="mutant names (then -- and pytest's arguments)")
    scored = commands.add_parser("score", help="score a sample after mutmut has run it")
    scored.add_argument("sample", type=Path, help="the file of names that `names` printed")
    scored.add_argument("--equivalent", type=Path,
                        help="a file of names judged equivalent, one a line (# comments)")
    parser.add_argument("--root", type=Path, default=Path.cwd(),
                        help="the tree where mutmut ran (default: here)")
    argv = sys.argv[1:] if argv is None else argv
    pytest_args = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    codes = exit_codes(args.root)
    if not codes:
        parser.error(f"no mutants under {args.root / 'mutants'}: run mutmut there first")
    rechecked = args.root / RECHECKED
    if rechecked.exists():  # a fresh process's verdict stands over the forked one's
        codes.update(json.loads(rechecked.read_text("utf-8")))
    if args.command == "names":
        print("\n".join(sample(codes, args.seed, args.per_area)))
    elif args.command == "recheck":
        recheck(args.root, args.names, pytest_args)
    else:
        chosen = args.sample.read_text("utf-8").split()
        equivalent: set[str] = set()
        if args.equivalent:
            for line in args.equivalent.read_text("utf-8").splitlines():
                line = line.split("#")[0].strip()
                if line:
                    equivalent.add(line)
        print(score(codes, chosen, equivalent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
