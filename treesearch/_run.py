"""The machinery every run shares: event fan-out, budget checkpoints, closing observers.

Searches keep their hot loops free of this: they compare one integer against a checkpoint per
expansion and call ``ctx.emit`` only when it is not None (no observers, no cost).

Imports go one way: ``treesearch.search`` imports this module, never the reverse; a run only
needs an object with a ``_search(start, ctx)`` method (the ``Searcher`` protocol).
"""

from __future__ import annotations

import dataclasses
import sys
import time
import warnings
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol

from treesearch._contract import from_attribute_error
from treesearch._memory import CHECK_EVERY, memory_left
from treesearch.budget import Budget
from treesearch.core import Observer, key_of
from treesearch.errors import (
    InvalidObserverError,
    NotATreeIteratorError,
    ObserverError,
    StopSearch,
    TreeSearchError,
    UnboundedSearchError,
)
from treesearch.events import Event, SearchFinished, SearchStarted, SolutionImproved
from treesearch.result import SearchResult, Stats, Status

__all__ = [
    "BudgetReached",
    "RunContext",
    "Searcher",
    "close_observers",
    "normalise_observers",
    "require_iterator",
]

_CHECK_SECONDS_EVERY = 128
_CHECK_GAP = 0.01  # seconds between clock checks that make the interval shrink

ObserverLike = Observer | Callable[[Event], None]


class Searcher(Protocol):
    """What ``RunContext.execute`` runs: a search that writes its answer into the context."""

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Search from ``start``, writing answer and counters into ``ctx``."""


class BudgetReached(Exception):  # noqa: N818 - internal control flow
    """Internal: a budget limit ended the run; ``args[0]`` names it."""


class _OutOfMemory(Exception):  # noqa: N818 - internal control flow
    """Internal: the memory left to the process fell into the reserve kept for the error."""


class _CallableObserver(Observer):
    """Adapts a plain ``callable(event)`` to the Observer interface."""

    def __init__(self, fn: Callable[[Event], None]) -> None:
        self.fn = fn

    def notify(self, event: Event) -> None:
        self.fn(event)

    def __repr__(self) -> str:
        return f"_CallableObserver({self.fn!r})"


def normalise_observers(
    observers: ObserverLike | Iterable[ObserverLike] | None,
) -> tuple[Observer, ...]:
    """Accept one observer, a callable, or an iterable of them; return a tuple of Observers."""
    if observers is None:
        return ()
    if isinstance(observers, Observer) or hasattr(observers, "notify"):
        return (observers,)  # type: ignore[return-value]
    if callable(observers):
        return (_CallableObserver(observers),)
    out: list[Observer] = []
    try:
        items = list(observers)
    except TypeError:
        raise InvalidObserverError(
            f"observers must be an Observer, a callable(event) or a sequence of them, "
            f"got {observers!r}"
        ) from None
    for o in items:
        if isinstance(o, Observer) or hasattr(o, "notify"):
            out.append(o)  # type: ignore[arg-type]
        elif callable(o):
            out.append(_CallableObserver(o))
        else:
            raise InvalidObserverError(
                f"observer {o!r} is neither an Observer (with notify/observe) nor a callable(event)"
            )
    return tuple(out)


def require_iterator(state: Any, what: str) -> None:
    """Raise NotATreeIteratorError unless ``state`` has a callable ``get_children``."""
    if not callable(getattr(state, "get_children", None)):
        raise NotATreeIteratorError(
            f"{what} {state!r} is not a TreeIterator: it has no get_children() method "
            "(subclass treesearch.TreeIterator or define get_children())"
        )


def has_keys(state: Any) -> bool:
    """True when ``state`` offers a key() that returns something other than None."""
    return key_of(state) is not None


class RunContext:
    """Per-run state shared between ``TreeSearch.run`` and a search's ``_search``.

    Searches write their answer into ``best``, ``path``, ``value`` (and for traversals
    ``distances``/``routing_table``) as soon as they have one, and their counters in a
    ``finally`` block, so an interrupted run still reports best-so-far.
    """

    def __init__(self, observers: tuple[Observer, ...], budget: Budget) -> None:
        self.observers = observers
        self.emit: Callable[[Event], None] | None = self._emit if observers else None
        self.budget = budget
        self.max_nodes = budget.max_nodes
        self.max_depth = budget.max_depth
        self.max_iterations = budget.max_iterations
        self.deadline: float | None = None
        self.started = 0.0
        self._every = 1  # expansions between clock checks: grows to 128 while they are cheap
        self._memory_at = CHECK_EVERY  # the expansion count of the next look at memory
        self._checked = 0.0  # perf_counter() at the last clock check
        # The answer so far.
        self.status = Status.EXHAUSTED
        self.stop_reason: str | None = None
        self.best: Any = None
        self.value: float | None = None
        self.path: Sequence[Any] = ()
        self.distances: dict[Hashable, float] | None = None
        self.routing_table: dict[Hashable, Hashable | None] | None = None
        self.info: dict[str, Any] = {}
        # Counters.
        self.expanded = 0
        self.visited = 0
        self.duplicates = 0
        self.max_depth_seen = 0
        self.iterations = 0
        self.observer_seconds = 0.0

    # -- budget ---------------------------------------------------------------------------
    def first_checkpoint(self) -> int:
        """The expansion count at which ``checkpoint`` must first be called."""
        return self.checkpoint(0)

    def checkpoint(self, count: int) -> int:
        """Check the budget at ``count`` expansions; return the next count to check at.

        Every ``CHECK_EVERY`` expansions it also looks at the memory left
        (``treesearch._memory``).

        Raises:
            BudgetReached: a node or time limit is used up.
            _OutOfMemory: the memory left fell into the reserve.
        """
        limit = self.max_nodes
        if limit is not None and count >= limit:
            raise BudgetReached("max_nodes")
        if count >= self._memory_at:
            self._check_memory(count)
        nxt = self._memory_at
        if self.deadline is not None:
            now = time.perf_counter()
            if now >= self.deadline:
                raise BudgetReached("seconds")
            # Expansions cost from microseconds (a grid) to milliseconds (a Railroad Ink
            # board with scored children): check the clock about every 10 ms whatever they
            # cost, so a time budget overshoots by that much, not by 128 slow expansions.
            every = self._every
            if now - self._checked > _CHECK_GAP:
                every = max(1, every // 2)
            elif every < _CHECK_SECONDS_EVERY:
                every *= 2
            self._every, self._checked = every, now
            nxt = count + every
        if limit is not None and limit < nxt:
            nxt = limit
        return nxt

    def _check_memory(self, count: int) -> None:
        """Stop the run while the memory left can still hold an error message."""
        left = memory_left()
        if left is None:  # unknown here: never look again
            self._memory_at = sys.maxsize
            return
        self._memory_at = count + CHECK_EVERY
        if left < 0:
            raise _OutOfMemory

    def check_time(self) -> None:
        """Raise BudgetReached when the wall-clock budget is used up."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise BudgetReached("seconds")

    def depth_cut(self) -> None:
        """Record that ``max_depth`` kept a non-terminal state from being expanded."""
        self.status, self.stop_reason = Status.BUDGET_REACHED, "max_depth"

    # -- answers --------------------------------------------------------------------------
    def solved(self, state: Any, path: Sequence[Any], value: float | None = None) -> None:
        """Record ``state`` as the goal reached (status SOLVED) and announce it."""
        self.status = Status.SOLVED
        self.improve(state, path, value)

    def improve(self, state: Any, path: Sequence[Any], value: float | None = None) -> None:
        """Record ``state`` as the new best answer and announce it to observers."""
        self.best, self.path, self.value = state, path, value
        if self.emit is not None:
            self.emit(SolutionImproved(state, len(path) - 1, value))

    # -- events ---------------------------------------------------------------------------
    def _emit(self, event: Event) -> None:
        stop: StopSearch | None = None
        for observer in self.observers:
            try:
                observer.notify(event)
            except StopSearch as exc:
                stop = exc
        if stop is not None:
            raise stop

    def _emit_timed(self, event: Event) -> None:
        """``_emit``, timed: time in observers is counted apart and moves any deadline back."""
        t0 = time.perf_counter()
        try:
            self._emit(event)
        finally:
            spent = time.perf_counter() - t0
            self.observer_seconds += spent
            if self.deadline is not None:
                self.deadline += spent

    # -- the run --------------------------------------------------------------------------
    def execute(self, search: Searcher, start: Any) -> SearchResult:
        """Run ``search._search`` on ``start`` and always close the observers.

        Ctrl-C while the observers are told the run is over or are closed (a video being
        encoded) still closes every observer, and the result comes back with status
        ``INTERRUPTED`` (its answer kept), as for Ctrl-C during the search.

        Raises:
            ObserverError: the run finished but an observer failed on ``SearchFinished``
                or in ``close()``; the finished result is on its ``.result``.
        """
        try:
            result = self._execute(search, start)
        except BaseException as exc:
            self._close_all(exc)
            raise
        failures: list[tuple[Any, BaseException]] = []
        interrupted = self._finish(result, failures)
        try:
            close_observers(self.observers, None, result, failures)
        except KeyboardInterrupt:
            interrupted = True
        if interrupted:
            return dataclasses.replace(
                result, status=Status.INTERRUPTED, stop_reason="KeyboardInterrupt"
            )
        return result

    def _execute(self, search: Searcher, start: Any) -> SearchResult:
        self.started = time.perf_counter()
        if self.budget.seconds is not None:
            self.deadline = self.started + self.budget.seconds
            self._checked = self.started
        timed = self.deadline is not None or any(getattr(o, "timed", False) for o in self.observers)
        if self.observers and timed:
            self.emit = self._emit_timed  # observers' time is counted apart from the search's
        how = None  # how the run ran out of memory, if it did
        try:
            if self.emit is not None:
                self.emit(SearchStarted(search, start))
            search._search(start, self)
        except BudgetReached as exc:
            self.status, self.stop_reason = Status.BUDGET_REACHED, str(exc.args[0])
        except StopSearch as exc:
            self.status = Status.STOPPED
            self.stop_reason = str(exc) or "an observer asked the search to stop"
        except KeyboardInterrupt:
            self.status, self.stop_reason = Status.INTERRUPTED, "KeyboardInterrupt"
        except AttributeError as exc:
            found = from_attribute_error(exc)
            if found is not None:
                raise found from exc
            raise
        except _OutOfMemory:
            how = "stopped before the memory ran out"
        except MemoryError as exc:
            if isinstance(exc, TreeSearchError) or self.expanded < CHECK_EVERY:
                raise  # not a run that grew without end: the game's own allocation failed
            how = "ran out of memory"
        if how is None:
            return self.result()
        # Out of memory: the search's frames went with the exception, so there is room
        # again to say which budget to give.
        raise UnboundedSearchError(self._unbounded(search, how), self.result()) from None

    def _finish(self, result: SearchResult, failures: list[tuple[Any, BaseException]]) -> bool:
        """Tell every observer the run is over; add those that fail to ``failures``.

        Each observer gets ``SearchFinished`` even when one before it fails (the run is over,
        so a ``StopSearch`` here asks nothing). Ctrl-C stops telling them: returns True.
        """
        if not self.observers:
            return False
        event = SearchFinished(result)
        for observer in self.observers:
            try:
                observer.notify(event)
            except StopSearch:
                pass
            except KeyboardInterrupt:
                return True
            except Exception as exc:
                failures.append((observer, exc))
        return False

    def _unbounded(self, search: Searcher, how: str) -> str:
        """The message of a run stopped for memory: how far it got, and the budget to give."""
        name = type(search).__name__
        return (
            f"{name} {how} after expanding {self.expanded:,} states, "
            f"{self.max_depth_seen:,} moves deep; a game that may never end needs a budget: "
            f"{name}(budget=Budget(max_depth=N)), or max_nodes=/seconds="
        )

    def result(self) -> SearchResult:
        """Build the SearchResult from what the search wrote so far."""
        stats = Stats(
            expanded=self.expanded,
            visited=self.visited,
            duplicates=self.duplicates,
            max_depth=self.max_depth_seen,
            iterations=self.iterations,
            seconds=time.perf_counter() - self.started,
            observer_seconds=self.observer_seconds,
        )
        return SearchResult(
            status=self.status,
            best=self.best,
            path=tuple(self.path),
            stats=stats,
            value=self.value,
            stop_reason=self.stop_reason,
            distances=self.distances,
            routing_table=self.routing_table,
            info=self.info,
        )

    def _close_all(self, pending: BaseException | None) -> None:
        close_observers(self.observers, pending)


def close_observers(
    observers: Iterable[Any],
    pending: BaseException | None = None,
    result: SearchResult | None = None,
    failures: Iterable[tuple[Any, BaseException]] = (),
) -> None:
    """Call every observer's ``close()``, even when some of them fail.

    Args:
        observers: the observers to close.
        pending: an exception already propagating: a failing ``close()`` then becomes a
            RuntimeWarning, so the original error is not masked.
        result: the finished result of the run, if there is one: a failing ``close()`` then
            raises ``ObserverError`` carrying it, so the caller keeps it.
        failures: ``(observer, exception)`` pairs that already failed after the run
            finished (on ``SearchFinished``), reported with the close failures.

    Raises:
        ObserverError: with ``result``, after all observers are closed.
        Exception: without ``result``, the first close failure, after all are closed.
        BaseException: Ctrl-C (or ``SystemExit``) inside a ``close()``, once the others are
            closed (close failures then become warnings).
    """
    errors = list(failures)
    interrupt: BaseException | None = None
    for observer in observers:
        close = getattr(observer, "close", None)
        if close is None:
            continue
        try:
            close()
        except Exception as exc:
            errors.append((observer, exc))
        except BaseException as exc:  # Ctrl-C, SystemExit: the others are closed first
            if interrupt is None:
                interrupt = exc
    if interrupt is not None:
        pending = pending or interrupt
    if errors and pending is not None:
        for _, err in errors:
            warnings.warn(
                f"observer close() failed while handling {pending!r}: {err!r}",
                RuntimeWarning,
                stacklevel=3,
            )
    if interrupt is not None:
        raise interrupt
    if not errors or pending is not None:
        return
    first = errors[0][1]
    if result is None:
        raise first
    raise ObserverError(_failed_after(result, errors), result, tuple(errors)) from first


def _failed_after(result: SearchResult, errors: Sequence[tuple[Any, BaseException]]) -> str:
    """One line naming the first failing observer, its error, and where the result is."""
    observer, err = errors[0]
    more = f" ({len(errors) - 1} more observer failures on .failures)" if len(errors) > 1 else ""
    named = repr(observer)
    if named.startswith("<") and " object at 0x" in named:  # object's repr: say the class
        named = type(observer).__name__
    return (
        f"observer {named} failed after the search finished "
        f"({result.status.value}): {type(err).__name__}: {err}{more}; "
        "the finished result is on this error's .result"
    )
