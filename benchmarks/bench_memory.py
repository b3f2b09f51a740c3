"""Peak memory of validating one large record, against the size of its file.

Run: python benchmarks/bench_memory.py [--game] [MB...]   (default 20 200)

The record is one endless hand under the ``dutch`` preset (which lets a player discard
the card just taken): after the first stock draw both players take the discard and put
it back, so the hand never ends and the file grows to the size asked for. With
``--game``, it is a game of many short hands instead (``bench_scale.play``: random
players, straight gin with a turn cap of 4, so nearly every hand is dead), cut at the
size asked for. Each size is
validated from its file in a fresh process; the peak resident memory of that process
above a process that only imported ginrules is reported, with the ratio to the file size
and the CPU time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import ginrules
from ginrules import records

CHILD = """
import resource, sys, time
import ginrules.records as records

def high_water():
    # VmHWM is this process's own peak; ru_maxrss may carry the parent's over exec
    try:
        with open("/proc/self/status") as status:
            return int(next(l for l in status if l.startswith("VmHWM")).split()[1])
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

base = high_water()
if sys.argv[1] != "-":
    start = time.process_time()
    report = records.validate(sys.argv[1])
    spent = time.process_time() - start
    assert report.valid, str(report)
else:
    spent = 0.0
peak = high_water()
print(base, peak, spent)
"""


def write_record(path: str, megabytes: float) -> int:
    """Write the endless hand's record to ``path``, about ``megabytes`` MB; its actions."""
    state = ginrules.deal(ginrules.rules("dutch"), seed=1, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    state = state.apply(state.legal_actions()[0])
    player, last = state.actions[-1]
    assert last.card is not None
    data = records.to_record(state)
    head, tail = json.dumps(data).rsplit("]}]}", 1)
    pair = []
    for who in (1 - player, player):
        pair += [f'"p{who} draw discard"', f'"p{who} discard {last.card}"']
    chunk = ", " + ", ".join(pair)
    repeats = max(1, int(megabytes * 1e6 - len(head)) // len(chunk))
    with open(path, "w", encoding="utf-8") as out:
        out.write(head)
        for _ in range(repeats):
            out.write(chunk)
        out.write("]}]}" + tail)
    return len(state.actions) + 4 * repeats


def write_game(path: str, megabytes: float) -> int:
    """Write a game of short hands to ``path``, about ``megabytes`` MB; its actions."""
    from bench_scale import play  # the same game of dead hands as the growth benchmark

    g = play(max(1, int(megabytes * 1e6 / 570)))  # about 570 bytes a hand
    records.dump(g, path)
    return sum(len(h.actions) for h in g.finished) + (len(g.hand.actions) if g.hand else 0)


def measure(path: str) -> tuple[float, float]:
    """Peak memory (MB) of validating ``path`` above the imported library, and CPU s."""
    def run(arg: str) -> tuple[int, int, float]:
        out = subprocess.run([sys.executable, "-c", CHILD, arg], check=True,
                             capture_output=True, text=True).stdout.split()
        return int(out[0]), int(out[1]), float(out[2])

    _, idle, _ = run("-")
    _, peak, spent = run(path)
    return (peak - idle) / 1024, spent


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as folder:
        shape = write_game if "--game" in argv else write_record
        for mb in [float(a) for a in argv if a != "--game"] or [20.0, 200.0]:
            path = os.path.join(folder, "long.json")
            actions = shape(path, mb)
            size = os.path.getsize(path) / 1e6
            extra, spent = measure(path)
            print(f"{size:7.1f} MB file, {actions:,} actions: peak {extra:,.0f} MB above "
                  f"the library ({extra / size:.1f}x the file), {spent:.1f} s CPU, "
                  f"{actions / spent:,.0f} actions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
