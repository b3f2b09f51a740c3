"""Many records and many games over executors: the same results in the same order,
whatever runs them, with memory bounded however much input there is."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules import hand, records
from ginrules.game import random_policies
from ginrules.records import validate_many
from ginrules.records._parallel import executor_width, ordered_map


def hand_record(seed: int) -> dict[str, Any]:
    state = hand.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
    choose = random_policies(seed)[0]
    while not state.is_over:
        state = hand.apply(state, choose(state, state.turn))
    return records.to_record(state)


GOOD = [hand_record(seed) for seed in range(6)]
BAD = {**GOOD[0], "version": 3}


def sources(tmp: Path) -> list[Any]:
    (tmp / "a.json").write_text(records.dump(GOOD[1]), encoding="utf-8")
    return [GOOD[0], "{", str(tmp / "a.json"), str(tmp / "missing.json"), BAD,
            records.dump(GOOD[2]).encode(), *GOOD[3:]]


def test_reports_in_input_order(tmp_path: Path) -> None:
    items = sources(tmp_path)
    reports = list(validate_many(items))
    assert reports == [records.validate(item) for item in items]
    assert [r.valid for r in reports] == [True, False, True, False, False, True, True, True,
                                          True]
    assert [r.problems[0].code for r in reports if not r.valid] == [
        "malformed-json", "unreadable", "unsupported-version"]
    assert list(validate_many([])) == []


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["threads", "processes", "workers"]), st.integers(1, 3),
       st.booleans())
def test_the_reports_are_the_same_for_every_executor(tmp_path_factory: pytest.TempPathFactory,
                                                     kind: str, width: int,
                                                     lenient: bool) -> None:
    items = sources(tmp_path_factory.mktemp("records"))
    expected = [records.validate(item, lenient=lenient) for item in items]
    if kind == "workers":
        assert list(validate_many(items, workers=width, lenient=lenient)) == expected
        return
    pool = ThreadPoolExecutor(width) if kind == "threads" else ProcessPoolExecutor(width)
    with pool:
        assert list(validate_many(items, executor=pool, lenient=lenient)) == expected


def test_sources_are_read_as_reports_are_taken() -> None:
    """Streaming: with a window of batches in flight, the input is not read ahead."""
    read = itertools.count()

    def endless() -> Iterator[dict[str, Any]]:
        while True:
            next(read)
            yield GOOD[0]

    with ThreadPoolExecutor(2) as pool:
        reports = validate_many(endless(), executor=pool)
        first = [next(reports) for _ in range(5)]
        assert all(r.valid for r in first)
        taken = next(read)
        # at most the window (4 per worker) of batches (of 64 records to an executor)
        # plus one batch ahead
        assert taken <= (4 * executor_width(pool) + 1) * 64 + 1
        reports.close()  # cancels the rest


def test_ordered_map_reads_calls_lazily_and_keeps_the_order() -> None:
    pulled: list[int] = []

    def calls() -> Iterator[tuple[int]]:
        for n in range(1000):
            pulled.append(n)
            yield (n,)

    with ThreadPoolExecutor(2) as pool:
        results = ordered_map(lambda n: n * n, calls(), executor=pool, window=3)
        assert [next(results) for _ in range(4)] == [0, 1, 4, 9]
        assert len(pulled) <= 4 + 3
        results.close()
    assert list(ordered_map(lambda n: n + 1, ((n,) for n in range(5)))) == [1, 2, 3, 4, 5]


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    def fails(n: int) -> int:
        if n == 3:
            raise ValueError("three")
        return n

    with ThreadPoolExecutor(2) as pool, pytest.raises(ValueError, match="three"):
        list(ordered_map(fails, ((n,) for n in range(10)), executor=pool))


def test_bad_workers() -> None:
    with pytest.raises(ginrules.GinRulesError, match="workers must be"):
        list(validate_many([GOOD[0]], workers=0))


# -- faults: a lost worker, an interrupted run, too many workers ------------------------


def _dies_once(flag: str, value: int) -> int:
    """Kills its worker process the first time it runs (a worker lost to the OOM killer)."""
    import os
    from pathlib import Path

    marker = Path(flag)
    if not marker.exists():
        marker.write_text("died")
        os._exit(1)
    return value * 2


def _always_dies(value: int) -> int:
    import os

    os._exit(1)


def test_a_lost_worker_is_retried_once(tmp_path: Path) -> None:
    from ginrules.records._parallel import ordered_map

    flag = str(tmp_path / "died")
    assert list(ordered_map(_dies_once, [(flag, n) for n in range(6)], workers=2)) == \
        [0, 2, 4, 6, 8, 10]
    with pytest.raises(ginrules.GinRulesError, match="a worker process died twice"):
        list(ordered_map(_always_dies, [(n,) for n in range(3)], workers=2))


def test_sigterm_stops_the_workers_at_once() -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    marker = "987654321"
    child = subprocess.Popen(
        [sys.executable, "-m", "ginrules", "simulate", "--players", "advanced,advanced",
         "--games", "400", "--workers", "2", "--seed", marker],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    child.send_signal(signal.SIGTERM)
    start = time.monotonic()
    _, err = child.communicate(timeout=30)
    assert time.monotonic() - start < 10
    assert child.returncode == 143  # 128 + SIGTERM
    assert err.strip() == "ginrules simulate: interrupted"
    time.sleep(0.5)
    left = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    if marker.encode() in handle.read():
                        left.append(pid)
            except OSError:
                continue
    assert left == []


def test_the_batches_sent_to_an_executor_and_to_a_process_pool(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Records go in batches of 64 to an executor, of 16 to a local pool (a cluster's
    scheduler costs more per call), with the lenient flag and the names; with neither,
    one at a time in this process. (The batches run here, through a stand-in for
    ordered_map, so that what a worker would do is seen.)"""
    from ginrules.records import validator

    sent: list[tuple[int, bool, bool, int]] = []

    def in_this_process(function: Any, calls: Any, *, executor: Any = None,
                        workers: int = 1) -> Iterator[Any]:
        for items, lenient, *options in calls:
            assert items, "an empty batch"  # (the batches end at the first empty one)
            sent.append((len(items), lenient, executor is not None, workers))
            yield function(items, lenient, *options)

    monkeypatch.setattr(validator, "ordered_map", in_this_process)
    two = records.dump({**GOOD[0], "x": 1, "y": 2})  # two unknown fields
    reports = list(validate_many([two] * 70, workers=3, lenient=True))
    assert [len(r.problems) for r in reports] == [2] * 70
    assert sent == [(16, True, False, 3)] * 4 + [(6, True, False, 3)]
    sent.clear()
    with ThreadPoolExecutor(2) as pool:
        reports = list(validate_many([two] * 70, executor=pool))
        assert [len(r.problems) for r in reports] == [1] * 70
        assert sent == [(64, False, True, 1), (6, False, True, 1)]
        sent.clear()
        named = validator._validate_stream([(two, "x.json"), (two, "y.json")], executor=pool,
                                           workers=1, lenient=False)
        assert [r.source for r in named] == ["x.json", "y.json"]
        assert sent == [(2, False, True, 1)]
    sent.clear()
    assert [len(r.problems) for r in validate_many([two] * 3)] == [1] * 3
    assert [len(r.problems) for r in validate_many([two], workers=1, lenient=True)] == [2]
    assert sent == []  # one process, no batches


def test_executor_width_reads_what_the_executor_says() -> None:
    class Says:  # an executor that tells its width the standard library's way
        def __init__(self, width: object) -> None:
            self._max_workers = width

    class Client:  # and one that tells it the way a Dask client does
        def __init__(self, threads: dict[str, int]) -> None:
            self.threads = threads

        def nthreads(self) -> dict[str, int]:
            return self.threads

    class Cluster:
        def __init__(self, client: Client) -> None:
            self._client = client

    assert executor_width(None) == 1
    assert executor_width(None, 3) == 3
    assert executor_width(Says(5)) == 5  # type: ignore[arg-type]
    assert executor_width(Says(0)) == 8  # type: ignore[arg-type]  # nothing usable said
    assert executor_width(Says("5")) == 8  # type: ignore[arg-type]
    assert executor_width(Cluster(Client({"a": 2, "b": 4}))) == 6  # type: ignore[arg-type]
    assert executor_width(Cluster(Client({}))) == 8  # type: ignore[arg-type]


class _BreakingPool:
    """A stand-in for a process pool whose worker dies while calls are still being handed
    out: its submit raises BrokenProcessPool from the ``breaks_at``-th call on."""

    made: ClassVar[list[_BreakingPool]] = []

    def __init__(self, breaks_at: int | None) -> None:
        self.breaks_at = breaks_at
        self.calls = 0
        _BreakingPool.made.append(self)

    def submit(self, function: Any, *args: Any) -> Any:
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        self.calls += 1
        if self.breaks_at is not None and self.calls >= self.breaks_at:
            raise BrokenProcessPool("a child process terminated abruptly")
        future: Future[Any] = Future()
        future.set_result(function(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def test_a_pool_that_breaks_while_calls_are_handed_out_is_retried_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the race the lost-worker test can hit: the pool breaks at submit, not at result
    from ginrules.records import _parallel

    _BreakingPool.made = []
    plans = iter([2, None])  # the first pool breaks at its second call; the next is sound
    monkeypatch.setattr(_parallel, "_pool", lambda workers: _BreakingPool(next(plans)))
    assert list(_parallel.ordered_map(pow, [(2, n) for n in range(5)], workers=2)) == \
        [1, 2, 4, 8, 16]
    assert len(_BreakingPool.made) == 2
    plans = iter([2, 1])  # the retry's pool breaks too: one retry only
    monkeypatch.setattr(_parallel, "_pool", lambda workers: _BreakingPool(next(plans)))
    with pytest.raises(ginrules.GinRulesError, match="a worker process died twice"):
        list(_parallel.ordered_map(pow, [(2, n) for n in range(5)], workers=2))


def test_a_cluster_s_idle_time_counts_from_when_its_last_worker_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait for a worker is ``timeout`` seconds of no worker in a row: a cluster that
    loses its workers, gets one back and loses it again is given the whole timeout
    again (a clock that moves one second a look, a result on the seventh look)."""
    from concurrent.futures import TimeoutError as Pending

    from ginrules.records import _cluster

    class Client:
        workers = iter([{}, {}, {"w": 1}, {}, {}, {}, {}, {}])

        def get_executor(self, pure: bool) -> object:
            return object()

        def nthreads(self) -> dict[str, int]:
            return next(self.workers)

    class Work:
        looks = 0

        def result(self, timeout: float) -> int:
            self.looks += 1
            if self.looks < 7:
                raise Pending
            return 42

    clock = iter(range(100))
    monkeypatch.setattr(_cluster.time, "monotonic", lambda: float(next(clock)))
    executor = _cluster.ClusterExecutor(Client(), timeout=3)
    # idle at 0 and 1, a worker at the third look, idle again from 2: 3, 4 are not 3 s
    assert executor.result_of(Work()) == 42  # type: ignore[arg-type]


@pytest.mark.parametrize("timeout", [0, 0.0, -0.5, -1, float("nan"), float("inf"), True,
                                     "5", None])
def test_a_dask_timeout_is_a_positive_number_of_seconds(timeout: object) -> None:
    """The timeout is refused before Dask is imported or a cluster is reached: 0 and
    below, infinity, not-a-number, a flag and text are no timeout."""
    from ginrules.records._parallel import dask_executor

    refused = pytest.raises(ginrules.GinRulesError,
                            match=r"^the timeout must be a positive number of seconds, not ")
    with refused, dask_executor("tcp://127.0.0.1:1", timeout=timeout):  # type: ignore[arg-type]
        pass
