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

``--against CHECKOUT`` is an A/B run of this checkout against another one (a clone or a
``git worktree`` of another commit: ``git worktree add /tmp/old COMMIT``), each side in
fresh child processes (this side with the interpreter's ginrules, the other with its
``src`` first on ``PYTHONPATH``), the two sides interleaved in an order that rotates
with each repetition, on byte-identical files written once by this side:

* single-hand records, ``--records`` new ones in each repetition, validated from their
  files by ``records.validate(path)``: the CPU time of the validation in the child
  (``time.process_time_ns``, its imports and a first validation untimed), per record;
* one large record of ``--mb`` MB (default 5) of each shape of ``bench_memory.py`` (an
  endless hand, and a game of short hands), validated from its file in a fresh child:
  its CPU time, and its peak memory (``VmHWM``) above the child's peak before it (after
  the imports and a first small validation), against the size of the file; and, as a
  control, the peak of :func:`json.loads` of the same file in a child in the same state
  (the two sides' processes hold different modules and free memory, which moves a peak
  by a few hundredths of the file's size whatever reads it); and the peak of Python's
  own allocations (:mod:`tracemalloc`, in one more child of each side), which the
  process's state does not move.

Each side's figures are the median and range over the repetitions, and the ratio of
this side to the other is paired within each repetition.

Run: python benchmarks/bench_validate.py [--quick] [--records N] [--repetitions R]
     python benchmarks/bench_validate.py --folder N [--workers K]
     python benchmarks/bench_validate.py --against CHECKOUT [--records N] [--mb MB]
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

from _timing import load_text, paired, rotated, spread

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


# one side of the A/B run, in a fresh interpreter: the job is JSON in argv[1]
AB_CHILD = r"""
import json, resource, sys, time
import ginrules
import ginrules.records as records

def high_water():
    # VmHWM is this process's own peak, in KiB; ru_maxrss may carry the parent's over exec
    try:
        with open("/proc/self/status") as status:
            return int(next(l for l in status if l.startswith("VmHWM")).split()[1])
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

job = json.loads(sys.argv[1])
if not records.validate(job["warm"]).valid:  # first-use costs (imports, caches) untimed
    sys.exit("the first record did not validate")
base = high_water()
if job.get("traced"):  # the peak of Python's own allocations, whatever the process's state
    import tracemalloc
    tracemalloc.start()
start = time.process_time_ns()
for path in job["paths"]:
    if job.get("control"):  # the same file read by json alone, in the same process state
        with open(path, encoding="utf-8") as file:
            json.loads(file.read())
    elif not records.validate(path).valid:
        sys.exit(f"{path} did not validate")
spent = time.process_time_ns() - start
traced = tracemalloc.get_traced_memory()[1] if job.get("traced") else 0
print(json.dumps({"ns": spent, "peak_kib": high_water() - base, "traced": traced,
                  "ginrules": ginrules.__file__}))
"""


def ab_side(env: dict[str, str], warm: str, paths: list[str], control: bool = False,
            traced: bool = False) -> dict[str, float]:
    """One child process of the A/B run: it validates ``warm`` untimed, then ``paths``
    (with ``control``, reads them with :func:`json.loads` alone; with ``traced``, under
    :mod:`tracemalloc`)."""
    job = json.dumps({"warm": warm, "paths": paths, "control": control,
                      "traced": traced})
    done = subprocess.run([sys.executable, "-c", AB_CHILD, job], env=env, check=False,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"a side of the A/B run failed: {done.stderr.strip()[-500:]}")
    out: dict[str, float] = json.loads(done.stdout)
    return out


def ab_run(other: str, count: int, repetitions: int, megabytes: float) -> None:
    """This checkout against ``other``, interleaved: per-record CPU of single-hand
    records, and the CPU and peak memory of one large record of each shape."""
    from bench_memory import write_game, write_record

    src = os.path.join(os.path.abspath(other), "src")
    if not os.path.isfile(os.path.join(src, "ginrules", "records", "__init__.py")):
        raise SystemExit(f"--against: {other!r} is not a checkout of ginrules "
                         "(no src/ginrules/records)")
    here = dict(os.environ)
    path = here.get("PYTHONPATH")
    sides = {"this": here,
             "other": {**here, "PYTHONPATH": src + (os.pathsep + path if path else "")}}
    order = list(sides)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        warm = root / "warm.json"
        warm.write_text(make_records(1, first=10**6)[0], encoding="utf-8")
        large = {}
        for shape, write in (("an endless hand", write_record), ("a game of short hands",
                                                                  write_game)):
            file = root / f"large-{len(large)}.json"
            write(str(file), megabytes)
            large[shape] = str(file)
        print(f"A/B: this checkout against {other}; {repetitions} repetitions, the two "
              "sides interleaved, each a fresh process on the same files; CPU time of "
              "the validation in the child; peak memory above the child's before it")
        print(f"before: {load_text()}")
        first = {side: ab_side(env, str(warm), [])["ginrules"] for side, env in
                 sides.items()}
        per_record: dict[str, list[float]] = {side: [] for side in sides}
        cpu: dict[str, dict[str, list[float]]] = {k: {s: [] for s in sides} for k in large}
        peak: dict[str, dict[str, list[float]]] = {k: {s: [] for s in sides} for k in large}
        control: dict[str, dict[str, list[float]]] = {k: {s: [] for s in sides}
                                                      for k in large}
        traced = {shape: {side: ab_side(env, str(warm), [file], traced=True)["traced"]
                          / os.path.getsize(file) for side, env in sides.items()}
                  for shape, file in large.items()}
        for repetition in range(repetitions):
            folder = root / f"r{repetition}"
            folder.mkdir()
            paths = []
            for number, text in enumerate(make_records(count, first=repetition * count)):
                file = folder / f"{number:05d}.json"
                file.write_text(text, encoding="utf-8")
                paths.append(str(file))
            for side in rotated(order, repetition):
                result = ab_side(sides[side], str(warm), paths)
                per_record[side].append(result["ns"] / count / 1e3)
            for shape, file in large.items():
                for side in rotated(order, repetition):
                    result = ab_side(sides[side], str(warm), [file])
                    cpu[shape][side].append(result["ns"] / 1e9)
                    peak[shape][side].append(result["peak_kib"] * 1024
                                             / os.path.getsize(file))
                    result = ab_side(sides[side], str(warm), [file], control=True)
                    control[shape][side].append(result["peak_kib"] * 1024
                                                / os.path.getsize(file))
        print(f"after: {load_text()}")
        for side in sides:
            print(f"  {side}: {first[side]}")
        print()
        print(f"{count} new single-hand records a repetition, from their files: "
              f"µs of CPU per record")
        for side in sides:
            print(f"  {side:6s} {spread(per_record[side], 1, ' µs')}")
        print(f"  this/other, paired: {spread(paired(per_record['this'], per_record['other']))}")
        for shape, file in large.items():
            size = os.path.getsize(file) / 1e6
            print()
            print(f"one record of {size:.1f} MB, {shape}: CPU seconds; peak memory above "
                  "the process before, as a multiple of the file's size")
            for side in sides:
                print(f"  {side:6s} CPU {spread(cpu[shape][side], 3, ' s')}; peak "
                      f"{spread(peak[shape][side])} the file")
            print(f"  this/other, paired: CPU "
                  f"{spread(paired(cpu[shape]['this'], cpu[shape]['other']))}; peak "
                  f"{spread(paired(peak[shape]['this'], peak[shape]['other']))}")
            print(f"  Python's allocations alone (tracemalloc, one run: they are the same "
                  f"in every run): this {traced[shape]['this']:.2f}x, other "
                  f"{traced[shape]['other']:.2f}x the file")
            print(f"  control, json.loads of the file's text in each side's process "
                  f"(what the process's state alone makes of the peak): this "
                  f"{spread(control[shape]['this'])}, other "
                  f"{spread(control[shape]['other'])}; this/other, paired: "
                  f"{spread(paired(control[shape]['this'], control[shape]['other']))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (for CI)")
    parser.add_argument("--records", type=int, default=1000,
                        help="records per repetition (default 1000)")
    parser.add_argument("--repetitions", type=int, default=5, help="(default 5)")
    parser.add_argument("--folder", type=int, default=None, metavar="N",
                        help="measure the command's peak memory over N record files")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--against", default=None, metavar="CHECKOUT",
                        help="an A/B run against another checkout of ginrules")
    parser.add_argument("--mb", type=float, default=5.0,
                        help="with --against: the size of the large records (default 5)")
    args = parser.parse_args()
    if args.against is not None:
        ab_run(args.against, 100 if args.quick else args.records,
               1 if args.quick else args.repetitions, args.mb)
        return
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
