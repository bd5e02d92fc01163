"""Run independent jobs in this process, in local worker processes, or on a Ray cluster.

A job is ``fn(task)``; results come back in task order whatever the backend, the number of
workers or the order in which jobs finish, so a comparison's table depends only on its seeds.
Local workers are forked where the platform can fork (closures work as ``fn``), spawned
elsewhere (then ``fn`` and the tasks must be picklable). Ray is an optional extra, imported
only for ``backend="ray"``; it connects to ``RAY_ADDRESS`` when set, else starts a local
instance.

Faults end nothing that had finished. Ctrl-C or SIGTERM ends the workers at once and raises
``Interrupted`` after ``done`` saw every job that finished (a job under way in this process
is abandoned: ``interrupts.stopping``). A worker that dies (``os._exit``, a crash, the OOM
killer), or a job that raises ``KeyboardInterrupt`` or ``SystemExit`` of its own, loses one
job: ``lost(task, why)`` stands for its result and the others go on; without ``lost`` it is a
``JobLostError`` naming the task and why. A job's ``Exception`` ends the run and is raised.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

from treesearch.compare.input_checks import check_callable, count
from treesearch.compare.interrupts import (
    SIGNALS,
    Interrupted,
    Stopped,
    deferred,
    held,
    signal_name,
    stopping,
)
from treesearch.errors import InvalidArgumentError, TreeSearchError

__all__ = ["BACKENDS", "RAY_HINT", "JobLostError", "default_jobs", "run_jobs"]

BACKENDS = ("local", "ray")
"""Where jobs can run: local processes (or this process with one job) or a Ray cluster."""

RAY_HINT = 'the ray backend needs Ray: pip install "treesearch[distributed]"'
"""What to tell a user whose Python has no Ray."""

T = TypeVar("T")
R = TypeVar("R")

Lost = Callable[[T, str], R]
"""``lost(task, why)``: the result that stands for a job lost with its worker."""


class JobLostError(TreeSearchError):
    """A job gave no result: its worker died, or it raised KeyboardInterrupt or SystemExit."""


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
    lost: Lost[T, R] | None = None,
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
        lost: ``lost(task, why)`` is the result of a job lost with its worker or to its
            own KeyboardInterrupt or SystemExit (``why`` says which, with the exit code);
            None: such a job raises ``JobLostError``.

    Raises:
        InvalidArgumentError: a bad ``jobs``, ``backend``, ``fn``, ``tasks``, ``done`` or
            ``lost``, naming it.
        ImportError: ``backend="ray"`` without Ray installed (names the pip install).
        Interrupted: SIGINT (Ctrl-C) or SIGTERM, after ending the workers; ``done`` has
            seen every job that finished.
        JobLostError: a lost job without ``lost``, naming it and why.
        Exception: a job's own error; with local workers the jobs already under way finish
            first (``done`` sees them: a result computed is a result kept), and no new one
            starts.
    """
    jobs = None if jobs is None else count("jobs", jobs, 1, " or None")
    if not isinstance(backend, str) or backend not in BACKENDS:
        raise InvalidArgumentError(f"backend must be one of {BACKENDS!r}, got {backend!r}")
    check_callable("fn", fn, "a function of one task")
    check_callable("done", done, "None or a function done(index, result)", none=True)
    check_callable("lost", lost, "None or a function lost(task, why)", none=True)
    if not isinstance(tasks, Sequence):
        raise InvalidArgumentError(f"tasks must be a sequence (a list, a range), got {tasks!r}")
    if backend == "ray":
        return _run_ray(fn, tasks, jobs, done, lost)
    workers = min(default_jobs() if jobs is None else jobs, len(tasks))
    if workers <= 1:
        return _run_here(fn, tasks, done, lost)
    return _run_pool(fn, tasks, workers, done, lost)


def _lose(lost: Lost[T, R] | None, tasks: Sequence[T], i: int, why: str) -> R:
    """What stands for lost job ``i``: ``lost``'s result, else a ``JobLostError``."""
    if lost is None:
        raise JobLostError(f"job {i} ({tasks[i]!r}) gave no result: {why}")
    return lost(tasks[i], why)


def _raised(exc: BaseException) -> str:
    return f"it raised {type(exc).__name__}{f'({exc})' if str(exc) else ''} in its worker"


def _run_here(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    done: Callable[[int, R], object] | None,
    lost: Lost[T, R] | None,
) -> list[R]:
    results: list[R] = []
    with _stopping(lambda: None):
        for i, task in enumerate(tasks):
            try:
                result = fn(task)
            except (KeyboardInterrupt, SystemExit) as exc:
                if lost is None and isinstance(exc, KeyboardInterrupt):
                    raise Interrupted(signal.SIGINT) from exc  # as before: a Ctrl-C
                result = _lose(lost, tasks, i, _raised(exc).replace(" in its worker", ""))
            with held():
                results.append(result)
                if done is not None:
                    done(i, result)
    return results


@contextlib.contextmanager
def _stopping(cleanup: Callable[[], object]) -> Iterator[None]:
    """Jobs under ``stopping()``; ``cleanup()`` after them, with signals deferred.

    Raises:
        Interrupted: for the first signal, once ``cleanup`` is done (a second signal while
            it ends the workers does not cut it short).
    """
    first: int | None = None
    late = None
    with stopping():
        try:
            yield
        except Stopped as stop:
            first = stop.signum
        finally:
            with deferred() as late:
                cleanup()
    first = late.signum if first is None and late is not None else first
    if first is not None:
        raise Interrupted(first)


# -- local worker processes -------------------------------------------------------------------


def _serve(fn: Callable[[Any], Any], conn: Connection, parent: int) -> None:
    """A worker: run each ``(task,)`` sent on ``conn`` and send its outcome back; None ends.

    Returns when its parent is gone too (a forked worker holds copies of the other pipes'
    ends, so it would never see them close).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # how the parent ends a busy worker
    _mask(signal.SIG_UNBLOCK)  # blocked by the parent while it forked (see _Worker)
    while True:
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent:
                    return
            message = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if message is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", fn(message[0]))
        except Exception as exc:
            reply = ("error", exc)
        except BaseException as exc:  # KeyboardInterrupt, SystemExit: this job is lost
            reply = ("lost", _raised(exc))
        try:
            conn.send(reply)
        except Exception as exc:  # an unpicklable result or error
            conn.send(("error", JobLostError(f"its result could not be sent back: {exc!r}")))


def _mask(how: int, signals: Iterable[int] = SIGNALS) -> set[int]:
    """``pthread_sigmask(how, signals)`` where the platform has it; the mask before."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return {int(s) for s in signal.pthread_sigmask(how, signals)}


def _reply(conn: Connection) -> tuple[str, Any]:
    """What a worker sent: ("ok", result), ("error", exc), ("lost", why) or ("dead", None)."""
    try:
        reply: tuple[str, Any] = conn.recv() if conn.poll() else ("dead", None)
    except (EOFError, OSError):  # it died while sending, or before
        return "dead", None
    return reply


def _died(process: BaseProcess) -> str:
    """Why a worker that ended gave no result, with its exit code or signal."""
    process.join(1)
    code = process.exitcode
    if code is not None and code < 0:
        return f"its worker was killed by {signal_name(-code)}"
    return f"its worker died with exit code {code}"


class _Worker:
    """A worker process, its end of the pipe, and the index of the job it runs (or None)."""

    def __init__(self, context: Any, fn: Callable[[Any], Any]) -> None:
        self.conn, child = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(fn, child, os.getpid()), daemon=True
        )
        # A forked child starts with this process's handlers, which raise Stopped; with the
        # signals blocked until it has set its own, it never runs them (a signal meant for
        # this process waits the few microseconds of the fork, then comes).
        before = _mask(signal.SIG_BLOCK)
        try:
            self.process.start()
        finally:
            _mask(signal.SIG_SETMASK, before)
        child.close()
        self.job: int | None = None

    def give(self, i: int | None, task: Any = None) -> None:
        """Send job ``i`` (None: nothing left, the worker waits)."""
        self.job = i
        if i is not None:
            self.conn.send((task,))

    def end(self) -> None:
        """Stop the process: an idle one is asked to return, a busy one terminated."""
        if self.job is None and self.process.is_alive():
            with contextlib.suppress(OSError):
                self.conn.send(None)
        else:
            self.process.terminate()
        self.conn.close()
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class _Pool(Generic[T, R]):
    """Workers fed one job at a time, so a dead worker names its job (not a Pool's hang)."""

    def __init__(self, fn: Callable[[T], R], tasks: Sequence[T], lost: Lost[T, R] | None) -> None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        self.context = multiprocessing.get_context(method)
        self.fn, self.tasks, self.lost = fn, tasks, lost
        self.upcoming = iter(range(len(tasks)))
        self.workers: list[_Worker] = []

    def start(self, workers: int) -> None:
        """Start ``workers`` workers, each with a job (one at a time: ``end`` ends them all).

        A signal waits while a worker is made: raised inside ``Pipe()`` it would leave the
        new sockets open, and raised before the append it would leave the process running.
        """
        for _ in range(workers):
            with held():
                self.workers.append(_Worker(self.context, self.fn))
            self.feed(self.workers[-1])

    def feed(self, worker: _Worker) -> None:
        """Give ``worker`` the next job, if one is left."""
        i = next(self.upcoming, None)
        worker.give(i, None if i is None else self.tasks[i])

    def busy(self) -> list[_Worker]:
        return [w for w in self.workers if w.job is not None]

    def collect(self, worker: _Worker) -> tuple[int, R, _Worker]:
        """The job ``worker`` finished or lost, and the worker to feed next (a new one if it died).

        Raises:
            Exception: the job's own error, as it raised it.
        """
        i = worker.job
        assert i is not None
        kind, payload = _reply(worker.conn)
        worker.job = None
        if kind == "ok":
            return i, payload, worker
        if kind == "error":
            raise payload
        why = str(payload) if kind == "lost" else _died(worker.process)
        if kind == "dead":  # a new worker in its place
            worker.end()
            self.workers[self.workers.index(worker)] = worker = _Worker(self.context, self.fn)
        return i, _lose(self.lost, self.tasks, i, why), worker

    def end(self) -> None:
        for worker in self.workers:
            worker.end()


def _run_pool(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    workers: int,
    done: Callable[[int, R], object] | None,
    lost: Lost[T, R] | None,
) -> list[R]:
    results: dict[int, R] = {}
    pool: _Pool[T, R] = _Pool(fn, tasks, lost)
    failed: Exception | None = None  # a job's error: the jobs under way finish, no new one starts
    with _stopping(pool.end):
        pool.start(workers)
        while busy := pool.busy():
            ends: dict[Any, _Worker] = {w.conn: w for w in busy}
            ends.update((w.process.sentinel, w) for w in busy)
            for worker in {ends[end] for end in wait(list(ends))}:
                with held():  # a result received is a result kept
                    try:
                        i, result, ready = pool.collect(worker)
                    except Exception as exc:
                        failed = failed or exc
                        continue
                    results[i] = result
                    if done is not None:
                        done(i, result)
                if failed is None:
                    pool.feed(ready)
    if failed is not None:
        raise failed
    return [results[i] for i in range(len(tasks))]


# -- Ray ----------------------------------------------------------------------------------------


class _Gone:
    """What a Ray task gives when its job raised KeyboardInterrupt or SystemExit.

    Caught where the job runs: Ray would report its own KeyboardInterrupt as a cancelled
    task, indistinguishable from one cancelled by Ctrl-C.
    """

    __slots__ = ("why",)

    def __init__(self, why: str) -> None:
        self.why = why


def _apply(fn: Callable[[T], R], task: T) -> R | _Gone:
    try:
        return fn(task)
    except (KeyboardInterrupt, SystemExit) as exc:
        return _Gone(_raised(exc))


_RAY_POLL = 0.2
"""Seconds between two looks at a signal while Ray waits for its tasks."""


def _run_ray(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int | None,
    done: Callable[[int, R], object] | None,
    lost: Lost[T, R] | None,
) -> list[R]:
    try:
        import ray
    except ImportError as err:
        raise ImportError(RAY_HINT) from err
    if not ray.is_initialized():
        ray.init(address=os.environ.get("RAY_ADDRESS"), ignore_reinit_error=True)
    # A seeded job that crashed its worker would crash it again: no retries.
    remote: Any = ray.remote(max_retries=0)(_apply)
    shared = ray.put(fn)  # sent to the cluster once, not with every task
    limit = len(tasks) if jobs is None else jobs
    pending: dict[Any, int] = {}
    results: dict[int, R] = {}
    upcoming = iter(enumerate(tasks))

    def cancel() -> None:
        for ref in pending:
            ray.cancel(ref, force=True)

    with _stopping(cancel):  # after ray.init, which sets a SIGTERM handler of its own
        while True:
            while len(pending) < limit:
                item = next(upcoming, None)
                if item is None:
                    break
                pending[remote.remote(shared, item[1])] = item[0]
            if not pending:
                break
            with held():  # a handler raising inside Ray's wait breaks it (SystemError)
                ready, _ = ray.wait(list(pending), num_returns=1, timeout=_RAY_POLL)
            for ref in ready:
                with held():
                    i = pending.pop(ref)
                    result = _ray_result(ray, ref, tasks, i, lost)
                    results[i] = result
                    if done is not None:
                        done(i, result)
    return [results[i] for i in range(len(tasks))]


def _ray_result(ray: Any, ref: Any, tasks: Sequence[T], i: int, lost: Lost[T, R] | None) -> R:
    """The result of a finished Ray task; a dead worker's job is lost, an error raised.

    The job's own exception is raised as it was raised (its message, not Ray's traceback),
    chained from Ray's error.
    """
    try:
        result: R | _Gone = ray.get(ref)
    except ray.exceptions.RayTaskError as err:
        raise err.cause from err
    except ray.exceptions.WorkerCrashedError as err:
        return _lose(lost, tasks, i, f"its Ray worker died ({type(err).__name__})")
    if isinstance(result, _Gone):
        return _lose(lost, tasks, i, result.why)
    return result
