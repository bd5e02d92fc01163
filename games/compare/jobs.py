"""Run independent jobs in this process, in local worker processes, or on a Ray cluster.

A job is ``fn(task)``; results come back in task order whatever the backend, the number of
workers or the order in which jobs finish, so a comparison's table depends only on its seeds.
Local workers are forked where the platform can fork (closures work as ``fn``), spawned
elsewhere (then ``fn`` and the tasks must be picklable). Ray is an optional extra, imported
only for ``backend="ray"``; it connects to ``RAY_ADDRESS`` when set, else starts a local
instance.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from treesearch.errors import InvalidArgumentError

__all__ = ["BACKENDS", "RAY_HINT", "default_jobs", "run_jobs"]

BACKENDS = ("local", "ray")
"""Where jobs can run: local processes (or this process with one job) or a Ray cluster."""

RAY_HINT = 'the ray backend needs Ray: pip install "treesearch[distributed]"'
"""What to tell a user whose Python has no Ray."""

T = TypeVar("T")
R = TypeVar("R")

_FN: Callable[[Any], Any] | None = None


def default_jobs() -> int:
    """Worker processes by default: every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_jobs(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    jobs: int | None = None,
    backend: str = "local",
    done: Callable[[int, R], object] | None = None,
) -> list[R]:
    """``[fn(task) for task in tasks]``, run on ``backend`` with ``jobs`` workers.

    Args:
        fn: the job, a function of one task.
        tasks: the tasks; results come back in this order.
        jobs: local worker processes (an int >= 1; None: every core; 1 runs in this
            process); with Ray, the most jobs in flight at once (None: no limit).
        backend: "local" or "ray".
        done: called in this process as ``done(index, result)`` when a job ends (in the
            order jobs end), e.g. to move a progress bar.

    Raises:
        InvalidArgumentError: a bad ``jobs`` or ``backend``, naming it.
        ImportError: ``backend="ray"`` without Ray installed (names the pip install).
        KeyboardInterrupt: after terminating the workers, on Ctrl-C.
    """
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise InvalidArgumentError(f"jobs must be an int >= 1 or None, got {jobs!r}")
    if backend not in BACKENDS:
        raise InvalidArgumentError(f"backend must be one of {BACKENDS!r}, got {backend!r}")
    if backend == "ray":
        return _run_ray(fn, tasks, jobs, done)
    workers = min(default_jobs() if jobs is None else jobs, len(tasks))
    if workers <= 1:
        results = []
        for i, task in enumerate(tasks):
            results.append(fn(task))
            if done is not None:
                done(i, results[-1])
        return results
    return _run_pool(fn, tasks, workers, done)


def _init(fn: Callable[[Any], Any]) -> None:
    global _FN
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _FN = fn


def _call(item: tuple[int, Any]) -> tuple[int, Any]:
    assert _FN is not None, "worker not initialised"
    return item[0], _FN(item[1])


def _run_pool(
    fn: Callable[[T], R], tasks: Sequence[T], workers: int, done: Callable[[int, R], object] | None
) -> list[R]:
    # multiprocessing.Pool, not concurrent.futures: on Ctrl-C only a Pool can terminate its
    # workers at once (an executor waits for running jobs).
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    results: dict[int, R] = {}
    with multiprocessing.get_context(method).Pool(workers, _init, (fn,)) as pool:
        for i, result in pool.imap_unordered(_call, enumerate(tasks)):
            results[i] = result
            if done is not None:
                done(i, result)
    return [results[i] for i in range(len(tasks))]


def _apply(fn: Callable[[T], R], task: T) -> R:
    return fn(task)


def _run_ray(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int | None,
    done: Callable[[int, R], object] | None,
) -> list[R]:
    try:
        import ray
    except ImportError as err:
        raise ImportError(RAY_HINT) from err
    if not ray.is_initialized():
        ray.init(address=os.environ.get("RAY_ADDRESS"), ignore_reinit_error=True)
    remote: Any = ray.remote(_apply)
    shared = ray.put(fn)  # sent to the cluster once, not with every task
    limit = len(tasks) if jobs is None else jobs
    pending: dict[Any, int] = {}
    results: dict[int, R] = {}
    upcoming = iter(enumerate(tasks))
    try:
        while True:
            while len(pending) < limit:
                item = next(upcoming, None)
                if item is None:
                    break
                pending[remote.remote(shared, item[1])] = item[0]
            if not pending:
                break
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                i = pending.pop(ref)
                results[i] = ray.get(ref)
                if done is not None:
                    done(i, results[i])
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    return [results[i] for i in range(len(tasks))]
