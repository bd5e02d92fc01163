"""Every exception treesearch raises, in one hierarchy.

Leaves also subclass the matching builtin, so ``except ValueError`` keeps working::

    TreeSearchError
    ├── InvalidArgumentError (ValueError)    a knob or run input has a bad value
    │   ├── InvalidBudgetError               a budget limit is negative, NaN or not a number
    │   ├── InvalidGoalError (TypeError)     a goal that is neither predicate nor key set
    │   └── InvalidObserverError (TypeError) an observer that is neither Observer nor callable
    ├── NotATreeIteratorError (TypeError)    a start state or child without get_children()
    ├── MissingCapabilityError (TypeError)   a search needs keys, players, costs... it lacks
    ├── IteratorContractError (ValueError)   check_iterator found a broken TreeIterator
    ├── InvalidValueError (ValueError)       a value function returned NaN or a non-number
    ├── UnboundedSearchError (MemoryError)   a search without a budget outgrew the memory
    ├── ObserverError                        an observer failed after the run had finished;
    │                                        the finished result is on its ``.result``
    ├── UnreachableError (KeyError)          find_route to a key the search never reached
    ├── PluginLoadError                      a plugin that fails to import, or of the wrong kind
    ├── ModelFileError (ValueError)          a learned model's file that cannot be used
    └── SearchBusyError (RuntimeError)       a search object run while it is already running

``StopSearch`` is not an error: an observer raises it to ask the running search to stop.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "InvalidArgumentError",
    "InvalidBudgetError",
    "InvalidGoalError",
    "InvalidObserverError",
    "InvalidValueError",
    "IteratorContractError",
    "MissingCapabilityError",
    "ModelFileError",
    "NotATreeIteratorError",
    "ObserverError",
    "PluginLoadError",
    "SearchBusyError",
    "StopSearch",
    "TreeSearchError",
    "UnboundedSearchError",
    "UnreachableError",
]


class TreeSearchError(Exception):
    """Root of every error raised by treesearch."""


class InvalidArgumentError(TreeSearchError, ValueError):
    """A search knob or run input has a value outside what the search accepts."""


class InvalidBudgetError(InvalidArgumentError):
    """A budget limit is negative, NaN, or not a number."""


class InvalidGoalError(InvalidArgumentError, TypeError):
    """A goal is neither a predicate on states nor a collection of keys."""


class InvalidObserverError(InvalidArgumentError, TypeError):
    """An observer is neither an ``Observer`` (with notify/observe) nor a callable(event)."""


class NotATreeIteratorError(TreeSearchError, TypeError):
    """A start state or a child does not provide ``get_children()``."""


class MissingCapabilityError(TreeSearchError, TypeError):
    """The states lack something the search needs (keys, players, step costs...)."""


class IteratorContractError(TreeSearchError, ValueError):
    """A TreeIterator breaks the state contract (see ``treesearch.check_iterator``)."""


class InvalidValueError(TreeSearchError, ValueError):
    """A value function returned NaN, an infinity where none is allowed, or a non-number."""


class UnboundedSearchError(TreeSearchError, MemoryError):
    """A search outgrew the memory: a game that may never end needs a budget.

    Raised instead of a bare ``MemoryError`` (or the system killing the process) when a run
    has nearly exhausted the memory left to the process; the message names the search, how
    far it got and the budget to give. ``result`` holds the result so far.
    """

    def __init__(self, message: str, result: Any = None) -> None:
        super().__init__(message)
        self.result = result


class ObserverError(TreeSearchError):
    """An observer failed after the search had finished: the finished result is kept on it.

    ``run()`` raises it when an observer's ``close()`` (or its handling of the last event,
    ``SearchFinished``) fails after a complete run, so the caller loses neither the failure
    nor the result. An observer failing *during* the run raises its own exception instead
    (the run is not finished; the other observers are still closed).

    Attributes:
        result: the ``SearchResult`` the run would have returned (None when there was none,
            as for a ``Playthrough`` closed before ``finish()``).
        failures: every ``(observer, exception)`` pair; the first exception is also the
            ``__cause__``.
    """

    def __init__(
        self, message: str, result: Any = None, failures: tuple[tuple[Any, BaseException], ...] = ()
    ) -> None:
        super().__init__(message)
        self.result = result
        self.failures = failures


class UnreachableError(TreeSearchError, KeyError):
    """A route was asked for to a key that the search never reached."""

    def __str__(self) -> str:
        # KeyError quotes its argument; we want the plain sentence.
        return str(self.args[0]) if self.args else ""


class PluginLoadError(TreeSearchError):
    """A plugin's entry point could not be imported, or is not what its group expects."""


class ModelFileError(TreeSearchError, ValueError):
    """A learned model's file is missing, truncated, not a model, or of another game or shape.

    The message names the file and what is wrong with it, in one line.
    """


class SearchBusyError(TreeSearchError, RuntimeError):
    """A search object was asked to run while it is already running (another thread).

    A search keeps state between runs (its random generator; MCTS's reused tree), so two
    runs of one object at once would mix them: make one search per thread.
    """


class StopSearch(Exception):  # noqa: N818 - a request, not an error
    """Raised by an observer to stop the running search.

    The search catches it, finishes its observers, and returns its best-so-far result with
    ``status`` ``Status.STOPPED`` and ``stop_reason`` set to the exception's message.
    """
