"""How many single-hand records ginrules validates per second, on one core; and, with
``--folder N``, the peak memory of ``ginrules validate FOLDER`` over N record files.

The records are hands played by two random players under the classic rules (most run
to a dead hand: about 116 actions each), written with ``ginrules.records.dump``; the
timing covers JSON parsing, the format checks, the replay and the outcome checks. Each
repetition validates ``--records`` new records (other seeds), made outside the timed
region; its time is the CPU time of this process (``time.process_time_ns``), and the
rate is given as the median and range over the repetitions.

``--folder N`` writes N such records into a temporary folder (in sub-folders of 1,000),
runs ``python -m ginrules validate --quiet FOLDER`` (add ``--workers K``) as a child
process and prints its peak resident memory (``ru_maxrss``), its files per CPU-second
(the CPU time of the command and its worker processes, from ``getrusage``) and its files
per second of wall time (which shows what ``--workers`` buys, and what a busy machine
takes away), for 1,000 files and for N files: memory that does not grow with the number
of files is the streaming at work.

Run: python benchmarks/bench_validate.py [--quick] [--records N] [--repetitions R]
     python benchmarks/bench_validate.py --folder N [--workers K]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import load_text

import ginrules
from ginrules import hand, records
from ginrules.game import random_policies


def make_records(count: int, first: int = 0) -> list[str]:
    out = []
    for seed in range(first, first + count):
        state = hand.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        choose = random_policies(seed)[0]
        while not state.is_over:
            state = hand.apply(state, choose(state, state.turn))
        out.append(records.dump(state))
    return out


def peak_of_validating(folder: Path, workers: int) -> tuple[float, float, float, int]:
    """(peak MiB of the command and its children, CPU seconds of them all, wall
    seconds, files) of one run."""
    script = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "done = subprocess.run([sys.executable, '-m', 'ginrules', 'validate', '--quiet',\n"
        f"                       '--workers', '{workers}', {str(folder)!r}])\n"
        "took = time.perf_counter() - start\n"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, took,\n"
        "      done.returncode)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    if out[3] != "0":
        raise SystemExit("a written record did not validate")
    files = sum(len(files) for _, _, files in os.walk(folder))
    return float(out[0]), float(out[1]), float(out[2]), files


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
            peak, cpu, took, files = peak_of_validating(folder, workers)
            print(f"ginrules validate --quiet --workers {workers}, {what}: peak memory "
                  f"{peak:.0f} MiB (largest process); {files / cpu:,.0f} files per "
                  f"CPU-second ({cpu:.1f} s of CPU); {files / took:,.0f} files per second "
                  f"of wall time ({took:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (for CI)")
    parser.add_argument("--records", type=int, default=1000,
                        help="records per repetition (default 1000)")
    parser.add_argument("--repetitions", type=int, default=5, help="(default 5)")
    parser.add_argument("--folder", type=int, default=None, metavar="N",
                        help="measure the command's peak memory over N record files")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.folder is not None:
        folder_run(args.folder, args.workers)
        return
    count = 100 if args.quick else args.records
    repetitions = 1 if args.quick else args.repetitions
    rates, actions = [], 0
    for repetition in range(repetitions):
        texts = make_records(count, first=repetition * count)  # new records, untimed
        actions += sum(len(json.loads(t)["hands"][0]["actions"]) for t in texts)
        start = time.process_time_ns()
        for text in texts:
            if not records.validate(text).valid:
                raise SystemExit("a written record did not validate")
        rates.append(count * 1e9 / (time.process_time_ns() - start))
    median = statistics.median(rates)
    print(f"{repetitions} repetitions of {count} new single-hand records "
          f"({actions / count / repetitions:.0f} actions each on average), CPU time: "
          f"{median:,.0f} records/s ({min(rates):,.0f}-{max(rates):,.0f}), "
          f"{1e6 / median:.0f} µs per record; {load_text()}")

if __name__ == "__main__":
    main()
