"""How many single-hand records ginrules validates per second, on one core; and, with
``--folder N``, the peak memory of ``ginrules validate FOLDER`` over N record files.

The records are hands played by two random players under the classic rules (most run
to a dead hand: about 116 actions each), written with ``ginrules.records.dump``; the
timing covers JSON parsing, the format checks, the replay and the outcome checks.

``--folder N`` writes N such records into a temporary folder (in sub-folders of 1,000),
runs ``python -m ginrules validate --quiet FOLDER`` (add ``--workers K``) as a child
process and prints its peak resident memory (``ru_maxrss``) and files per second, for
N/10 files and for N files: memory that does not grow with the number of files is the
streaming at work.

Run: python benchmarks/bench_validate.py [--quick] [--records N] [--folder N [--workers K]]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ginrules
from ginrules import hand, records
from ginrules.game import random_policies


def make_records(count: int) -> list[str]:
    out = []
    for seed in range(count):
        state = hand.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        choose = random_policies(seed)[0]
        while not state.is_over:
            state = hand.apply(state, choose(state, state.turn))
        out.append(records.dump(state))
    return out


def peak_of_validating(folder: Path, workers: int) -> tuple[float, float, float]:
    """(peak MiB of the command and its children, seconds, files/s) of one run."""
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run([sys.executable, '-m', 'ginrules', 'validate', '--quiet',\n"
        f"                       '--workers', '{workers}', {str(folder)!r}])\n"
        "took = time.perf_counter() - start\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(peak, took, done.returncode)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    if out[2] != "0":
        raise SystemExit("a written record did not validate")
    files = sum(len(files) for _, _, files in os.walk(folder))
    return float(out[0]), float(out[1]), files / float(out[1])


def folder_run(count: int, workers: int) -> None:
    texts = make_records(min(count, 1000))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for number in range(count):
            sub = root / f"{number // 1000:04d}"
            if number % 1000 == 0:
                sub.mkdir()
            (sub / f"{number:07d}.json").write_text(texts[number % len(texts)],
                                                     encoding="utf-8")
        small = root / "0000"
        for what, folder in ((f"{min(count, 1000):,} files", small),
                             (f"{count:,} files", root)):
            peak, took, rate = peak_of_validating(folder, workers)
            print(f"ginrules validate --quiet --workers {workers}, {what}: peak memory "
                  f"{peak:.0f} MiB (largest process), {took:.1f} s, {rate:,.0f} files/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (for CI)")
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--folder", type=int, default=None, metavar="N",
                        help="measure the command's peak memory over N record files")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.folder is not None:
        folder_run(args.folder, args.workers)
        return
    count = 100 if args.quick else args.records
    texts = make_records(count)
    actions = sum(len(json.loads(t)["hands"][0]["actions"]) for t in texts)
    best = float("inf")
    for _ in range(1 if args.quick else 3):
        start = time.perf_counter()
        for text in texts:
            if not records.validate(text).valid:
                raise SystemExit("a written record did not validate")
        best = min(best, time.perf_counter() - start)
    print(f"{count} single-hand records ({actions / count:.0f} actions each on average): "
          f"{count / best:,.0f} records/s ({best / count * 1e6:.0f} µs per record), one core")


if __name__ == "__main__":
    main()
