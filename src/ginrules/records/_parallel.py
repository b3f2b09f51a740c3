"""Work spread over an executor, in order and with bounded memory.

Package-internal (it lives with the records, the lowest layer that needs it):
:func:`ginrules.records.validate_many` and :func:`ginrules.simulate.simulate` send
batches of work through :func:`ordered_map`, to this process, a local process pool
(``workers=``) or any :class:`concurrent.futures.Executor` (a Dask cluster's, see
:func:`dask_executor`). The results come back in the order of the input whatever
executor ran them, and at most a window of batches is in flight, so memory does not grow
with the number of batches.

>>> list(ordered_map(pow, [(2, 3), (3, 2)]))
[8, 9]
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     list(ordered_map(pow, [(2, n) for n in range(6)], executor=pool))
[1, 2, 4, 8, 16, 32]
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ginrules.errors import GinRulesError, _peer_hint, _wrong_type

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = ["check_workers", "dask_executor", "executor_width", "ordered_map"]

T = TypeVar("T")


def check_workers(workers: object) -> int:
    """``workers`` as a positive whole number, or a :class:`~ginrules.GinRulesError`.

    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: workers must be a positive number, not 0
    """
    if not isinstance(workers, int) or isinstance(workers, bool):
        raise _wrong_type("workers", "a positive whole number", workers)
    if workers < 1:
        raise GinRulesError(f"workers must be a positive number, not {workers!r}")
    return workers


def executor_width(executor: Executor | None, workers: int = 1) -> int:
    """How many calls the executor runs at once, as far as it tells (``workers`` without
    an executor; 8 when an executor does not say).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> executor_width(None, 3), executor_width(ThreadPoolExecutor(5))
    (3, 5)
    """
    if executor is None:
        return workers
    width = getattr(executor, "_max_workers", None)  # the standard library's pools
    if isinstance(width, int) and width > 0:
        return width
    client = getattr(executor, "_client", None)  # a Dask cluster's executor
    if client is not None:
        with contextlib.suppress(Exception):
            threads = sum(client.nthreads().values())
            if threads > 0:
                return int(threads)
    return 8


def ordered_map(
    function: Callable[..., T],
    calls: Iterable[tuple[Any, ...]],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    window: int | None = None,
) -> Iterator[T]:
    """``function(*args)`` for each ``args`` of ``calls``, yielded in the order of
    ``calls``.

    Without an ``executor``, the calls run in this process (``workers == 1``) or in a
    process pool of ``workers`` processes started and shut down here; with one, they are
    submitted to it (it is not shut down). At most ``window`` calls are in flight (by
    default four per worker of the executor): ``calls`` is read only as results are
    taken, so memory stays bounded however many calls there are. When the consumer stops
    early, the calls not yet started are cancelled.

    >>> list(ordered_map(divmod, [(7, 2), (9, 4)], workers=1))
    [(3, 1), (2, 1)]
    """
    check_workers(workers)
    if executor is None and workers == 1:
        for args in calls:
            yield function(*args)
        return
    if executor is not None:
        yield from _ordered(function, calls, executor,
                            window if window is not None else 4 * executor_width(executor))
        return
    # our own pool: no more processes than cores (more never help this work), workers
    # that leave Ctrl-C to this process, stopped at once if this one is interrupted or
    # stopped, and one more try for the calls of a worker that died
    import os
    from concurrent.futures.process import BrokenProcessPool

    workers = min(workers, os.cpu_count() or 1)
    size = window if window is not None else 4 * workers
    pending: deque[tuple[tuple[Any, ...], Future[T] | None]] = deque()
    source = iter(calls)
    nothing = cast("tuple[Any, ...]", object())  # the end of the calls (never a call)
    retried = False
    pool = _pool(workers)

    def submit(args: tuple[Any, ...]) -> Future[T] | None:
        # None: the pool broke (a worker died) before this call could be handed to it
        try:
            return pool.submit(function, *args)
        except BrokenProcessPool:
            return None

    try:
        while True:
            while len(pending) < size:
                args = next(source, nothing)
                if args is nothing:
                    break
                pending.append((args, submit(args)))
            if not pending:
                break
            args, future = pending[0]
            try:
                if future is None:
                    raise BrokenProcessPool("a worker died before this call was sent")
                result = future.result()
            except BrokenProcessPool:
                if retried:
                    raise GinRulesError(
                        "a worker process died twice (killed, or out of memory); the work "
                        "it held was retried once") from None
                retried = True
                _stop(pool)
                pool = _pool(workers)
                pending = deque((a, submit(a)) for a, _ in pending)
                continue
            pending.popleft()
            yield result
    except BaseException:
        _stop(pool)  # Ctrl-C, SIGTERM, an error, or the consumer stopped: at once
        raise
    pool.shutdown(wait=True)


def _ordered(function: Callable[..., T], calls: Iterable[tuple[Any, ...]],
             executor: Executor, size: int) -> Iterator[T]:
    """:func:`ordered_map` on an executor that is not ours (it is not shut down)."""
    pending: deque[Future[T]] = deque()
    # a cluster's executor waits for a result only while the cluster has workers
    result = getattr(executor, "result_of", _result)
    try:
        for args in calls:
            pending.append(executor.submit(function, *args))
            if len(pending) >= size:
                yield result(pending.popleft())
        while pending:
            yield result(pending.popleft())
    finally:
        for future in pending:
            future.cancel()


def _result(future: Future[T]) -> T:
    return future.result()


def _ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the main process's to handle, and SIGTERM (what
    the main process stops a worker with) ends the worker, whatever handler a fork
    inherited."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pool(workers: int) -> Executor:
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)


def _stop(pool: Executor) -> None:
    """Stop a process pool's workers now, not after their current work."""
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.terminate()
    with contextlib.suppress(Exception):
        pool.shutdown(wait=False, cancel_futures=True)


DEFAULT_TIMEOUT = 30.0
"""How long, in seconds, a Dask cluster may be without a worker (at the start, or when
its workers are gone) before :func:`dask_executor`'s work is an error."""


@contextlib.contextmanager
def dask_executor(address: str, timeout: float = DEFAULT_TIMEOUT) -> Iterator[Executor]:
    """A :class:`concurrent.futures.Executor` that runs on the Dask cluster whose
    scheduler listens at ``address`` (``tcp://host:8786``); Dask's ``distributed`` is
    imported here, only when a cluster is used (the ``dask`` extra: ``pip install -e '.[dask]'`` in a clone).

    A scheduler that cannot be reached in ``timeout`` seconds, or that has no worker
    for that long (at the start, or later with work still to do), is a
    :class:`~ginrules.GinRulesError`, never a silent wait.

    >>> with dask_executor("tcp://127.0.0.1:1") as executor:  # doctest: +SKIP
    ...     pass
    """
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) \
            or not timeout > 0 or timeout == float("inf"):
        raise GinRulesError(f"the timeout must be a positive number of seconds, not "
                            f"{timeout!r}")
    try:
        from distributed import Client  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise GinRulesError(
            "a Dask scheduler needs Dask's distributed package: "
            + _peer_hint("distributed", "dask")) from None
    import asyncio  # (imported by distributed already)

    # distributed raises asyncio's TimeoutError, which before Python 3.11 is not the
    # built-in one (a cluster without workers was a traceback on 3.10)
    timed_out = (OSError, TimeoutError, asyncio.TimeoutError)
    try:
        client = Client(address, timeout=timeout)
    except timed_out as error:
        raise GinRulesError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except timed_out:
            raise GinRulesError(
                f"the Dask scheduler at {address} has no worker (waited {timeout:g} s): "
                f"start one (dask worker {address}), or give --timeout more seconds"
            ) from None
        from ginrules.records._cluster import ClusterExecutor

        yield ClusterExecutor(client, timeout)
    finally:
        client.close()
