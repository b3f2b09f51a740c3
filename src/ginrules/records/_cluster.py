"""A Dask cluster's executor that does not wait for ever. Package-internal: made by
:func:`ginrules.records._parallel.dask_executor` (imported only when a cluster is used,
with :mod:`concurrent.futures`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures import TimeoutError as Pending
from typing import Any, TypeVar, cast

from ginrules.errors import GinRulesError

__all__ = ["ClusterExecutor"]

T = TypeVar("T")


class ClusterExecutor(Executor):
    """The executor of a Dask client; :meth:`result_of` awaits a result while the
    cluster has workers, and for at most ``timeout`` seconds once it has none.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> class Client:  # a stand-in for distributed.Client, whose cluster has no worker
    ...     def get_executor(self, pure):
    ...         return ThreadPoolExecutor(1)
    ...     def nthreads(self):
    ...         return {}
    >>> executor = ClusterExecutor(Client(), timeout=0.1)
    >>> executor.result_of(executor.submit(pow, 2, 5)), executor.has_workers()
    (32, False)
    >>> executor.result_of(Future())  # work that no worker will ever do
    Traceback (most recent call last):
    ...
    ginrules.errors.GinRulesError: the Dask cluster has had no worker for 0.1 s, with work still to do: start workers (dask worker ADDRESS), or give --timeout more seconds
    >>> executor.shutdown()
    """

    def __init__(self, client: Any, timeout: float) -> None:
        self._client = client  # (executor_width asks it how many threads there are)
        self._executor = client.get_executor(pure=False)  # no hashing of the arguments
        self.timeout = timeout

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` on the cluster."""
        return cast("Future[T]", self._executor.submit(fn, *args, **kwargs))

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut the client's executor down (the client is closed by its owner)."""
        self._executor.shutdown(wait=wait)

    def has_workers(self) -> bool:
        """Whether the cluster has a worker now (not if its scheduler is gone)."""
        try:
            return bool(self._client.nthreads())
        except Exception:
            return False

    def result_of(self, future: Future[T]) -> T:
        """``future.result()``, or a :class:`~ginrules.GinRulesError` once the cluster
        has had no worker for ``timeout`` seconds."""
        idle_since: float | None = None
        while True:
            try:
                return future.result(timeout=min(1.0, self.timeout))
            except Pending:
                pass
            if self.has_workers():
                idle_since = None
                continue
            now = time.monotonic()
            idle_since = now if idle_since is None else idle_since
            if now - idle_since >= self.timeout:
                raise GinRulesError(
                    f"the Dask cluster has had no worker for {self.timeout:g} s, with work "
                    "still to do: start workers (dask worker ADDRESS), or give --timeout "
                    "more seconds")
