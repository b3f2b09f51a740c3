"""Validate every game record (*.json) in a folder: a line per file, then a summary.

Run: python examples/validate_folder.py [FOLDER] [--lenient] [--check]

FOLDER defaults to the repository's test records (tests/data/records), which include
invalid records on purpose, one per kind of problem. The script exits with 0 whatever it
finds, so it can be run as a demonstration; with --check it exits with 1 when any record
is invalid, which is what a CI job wants (as does ``ginrules validate``).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import ginrules

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "data" / "records"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT,
                        help="the folder of records (default: tests/data/records)")
    parser.add_argument("--lenient", action="store_true",
                        help="list every problem of a record, not only the first")
    parser.add_argument("--check", action="store_true",
                        help="exit with 1 when any record is invalid")
    args = parser.parse_args(argv)

    paths = sorted(args.folder.glob("*.json"))
    if not paths:
        print(f"no *.json files in {args.folder}")
        return 0
    counts: Counter[str] = Counter()
    hands = actions = 0
    for path in paths:
        report = ginrules.validate(path, lenient=args.lenient, name=path.name)
        counts["valid" if report.valid else "invalid"] += 1
        hands += report.hands
        actions += report.actions
        mark = "ok  " if report.valid else "FAIL"
        print(f"{mark} {report.summary()}")
        for problem in report.problems[1:]:
            print(f"       {problem}")
        for note in report.notes:
            print(f"       note: {note}")
    print(f"\n{len(paths)} files in {args.folder}: {counts['valid']} valid, "
          f"{counts['invalid']} invalid ({hands} hands and {actions} actions replayed)")
    return 1 if args.check and counts["invalid"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
