"""What the timing benchmarks share, so that each measures speed the same way on a shared
machine: CPU time (of this process, or of the child processes it waited for), the
contenders interleaved in every repetition in an order that rotates from one repetition
to the next, and ratios paired within each repetition, reported as their median and
range.

Only the standard library: ``bench_rl.py`` also loads it in the interpreter of another
virtual environment (``--peer-python``), where ginrules need not be installed.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

K = TypeVar("K")
S = TypeVar("S")
T = TypeVar("T")


def rotated(items: Sequence[T], repetition: int) -> list[T]:
    """``items`` in the order of ``repetition``: each repetition starts one further on,
    so that no contender always runs first (or always right after another)."""
    if not items:
        return []
    shift = repetition % len(items)
    return [*items[shift:], *items[:shift]]


def interleaved(names: Sequence[K], repetitions: int, measure: Callable[[K, S], T],
                draw: Callable[[int], S] | None = None) -> dict[K, list[T]]:
    """``measure(name, drawn)`` for every name in every repetition, the names in the
    rotating order of :func:`rotated`, where ``drawn`` is ``draw(repetition)`` (new
    inputs for each repetition, the same for every name in it), or the repetition's
    number: each name's measurements, by repetition."""
    results: dict[K, list[T]] = {name: [] for name in names}
    for repetition in range(repetitions):
        drawn = repetition if draw is None else draw(repetition)
        for name in rotated(names, repetition):
            results[name].append(measure(name, drawn))  # type: ignore[arg-type]
    return results


def timed_ns(function: Callable[[Any], Any], inputs: Sequence[Any]) -> int:
    """CPU nanoseconds of this process to call ``function`` once on every item of
    ``inputs``."""
    start = time.process_time_ns()
    for item in inputs:
        function(item)
    return time.process_time_ns() - start


def cpu_slice(step: Callable[[], object], budget_ns: int) -> tuple[int, int]:
    """Call ``step()`` until this process has spent ``budget_ns`` of CPU time: the calls
    made and the CPU nanoseconds they took (the last call ends a little past the budget;
    the count and the time are both exact)."""
    clock = time.process_time_ns
    start = clock()
    end = start + budget_ns
    calls = 0
    while clock() < end:
        step()
        calls += 1
    return calls, clock() - start


def children_cpu() -> float:
    """CPU seconds (user and system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def child_cpu(argv: Sequence[str], **run: Any) -> float:
    """Run ``argv`` to its end (``subprocess.run``, ``check=True``): the CPU seconds of
    that process and of the processes it waited for."""
    before = children_cpu()
    subprocess.run(argv, check=True, **run)
    return children_cpu() - before


def paired(mine: Sequence[float], theirs: Sequence[float],
           compare: Callable[[float, float], float] = lambda a, b: a / b) -> list[float]:
    """``compare(mine[i], theirs[i])`` for each repetition ``i`` (a ratio by default)."""
    return [compare(a, b) for a, b in zip(mine, theirs, strict=True)]


def spread(values: Sequence[float], digits: int = 2, unit: str = "x",
           signed: bool = False) -> str:
    """``values`` as their median and range: ``"1.23x (1.10-1.31)"``; ``signed``
    differences as ``"+4.1 ms (-0.3 to +6.0)"``."""
    ordered = sorted(values)
    form = f"{'+' if signed else ''}.{digits}f"
    low, high = format(ordered[0], form), format(ordered[-1], form)
    middle = format(statistics.median(ordered), form)
    return f"{middle}{unit} ({low}{' to ' if signed else '-'}{high})"


def load_text() -> str:
    """The machine's load average and CPU count, for the report."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unavailable"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"
