"""The state contract and the two extension points: ``TreeIterator`` and ``Observer``.

A game exposes its states as ``TreeIterator`` objects. Only ``get_children()`` is required;
everything else has a default that searches rely on when a game does not override it.
Games may subclass ``TreeIterator`` or simply provide the same methods (duck typing).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

from treesearch.events import Event, Visited

__all__ = ["Observer", "TreeIterator", "key_of"]

_NOTHING = object()
_O = TypeVar("_O", bound="Observer")


def key_of(state: Any) -> Hashable | None:
    """``state.key()`` when the state offers keys, else None (duck-typed states may not)."""
    key = getattr(state, "key", None)
    return key() if callable(key) else None


class TreeIterator:
    """A state of a game or puzzle that hands out its children.

    Children must be new states (or immutable shared ones): expanding a child never changes
    its parent. ``treesearch.check_iterator`` verifies a game against this contract.
    """

    __slots__ = ()

    def get_children(self) -> Iterable[TreeIterator]:
        """Return the states reachable in one move; an empty iterable means a leaf."""
        raise NotImplementedError(f"{type(self).__name__} must implement get_children()")

    def is_terminal(self) -> bool:
        """Return True when the game is over here; defaults to "has no children"."""
        return next(iter(self.get_children()), _NOTHING) is _NOTHING

    def key(self) -> Hashable | None:
        """Return a hashable identity for duplicate detection, or None when there is none.

        Two states with equal keys are treated as the same node by graph searches (BFS, DFS,
        Dijkstra...), which then visit each key once and build routing tables over keys.
        """
        return None

    def step_cost(self, child: Any) -> float:
        """Return the cost of moving from this state to ``child`` (default 1)."""
        return 1


class Observer:
    """Receives every event of a search run.

    Override ``notify(event)`` to see typed events (``treesearch.events``), or just
    ``observe(state)``: the default ``notify`` calls it for every visited state, including
    returns to a parent. ``close()`` is called exactly once when the run ends, however it
    ends; observers are also context managers that close on exit. Observers must not
    change what the search does; to stop a run, raise ``treesearch.StopSearch``.
    """

    timed: bool = False
    """True for an observer whose work (drawing frames, writing a file) is counted apart from
    the search's own time (``stats.observer_seconds``) even without a time budget. The run
    then reads the clock around every event; under a time budget it always does."""

    def notify(self, event: Event) -> None:
        """Handle one event; the default forwards visited states to ``observe``."""
        if type(event) is Visited:
            self.observe(event.state)

    def observe(self, state: Any) -> None:
        """Handle one visited state (entered, returned to, or restarted at)."""

    def close(self) -> None:
        """Release resources; called once when the run ends, even after an error."""

    def __enter__(self: _O) -> _O:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
