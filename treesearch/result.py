"""What a run returns: ``SearchResult``, with a ``Status`` and statistics.

Traversals also fill ``distances`` and a ``routing_table`` for ``find_route``.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from treesearch._result_html import result_html
from treesearch.errors import InvalidArgumentError, MissingCapabilityError, UnreachableError

__all__ = ["SearchResult", "Stats", "Status"]


class Status(enum.Enum):
    """Why a run ended."""

    SOLVED = "solved"
    """A goal was reached (``best`` is the goal state)."""
    EXHAUSTED = "exhausted"
    """The search finished its own work: everything reachable was searched, or every
    requested episode / iteration was run (``RandomWalk(episodes=...)``,
    ``MCTS(iterations=...)``); ``best`` is the best found, if any."""
    BUDGET_REACHED = "budget reached"
    """A budget limit ended the run (``stop_reason`` names it); ``best`` is best-so-far."""
    STOPPED = "stopped"
    """An observer raised ``StopSearch``; ``best`` is best-so-far."""
    INTERRUPTED = "interrupted"
    """Ctrl-C (KeyboardInterrupt) ended the run; ``best`` is best-so-far.

    ``run()`` returns instead of raising, so a loop of runs must check for it, or Ctrl-C
    only skips to the next run::

        for start in starts:
            result = search.run(start)
            if result.status is Status.INTERRUPTED:
                break  # or result.raise_if_interrupted() to re-raise KeyboardInterrupt
    """


@dataclass(frozen=True, slots=True)
class Stats:
    """Counters of one run.

    Attributes:
        expanded: states asked for their children.
        visited: states entered (returns to a parent not counted).
        duplicates: generated states skipped because their key was already seen.
        max_depth: deepest state entered, in moves from the start.
        iterations: rounds of an iterative search (episodes, deepening rounds, simulations).
        seconds: wall-clock duration of the run, time spent in observers included.
        observer_seconds: part of ``seconds`` spent in observers' ``notify()`` (rendering,
            writing), measured under a time budget or when an observer is ``timed`` (as
            videos, replays and traces are), else 0 (the clock is not read per event); it
            does not eat into a ``Budget(seconds=...)``. ``search_seconds`` is the rest.
    """

    expanded: int = 0
    visited: int = 0
    duplicates: int = 0
    max_depth: int = 0
    iterations: int = 0
    seconds: float = 0.0
    observer_seconds: float = 0.0

    @property
    def search_seconds(self) -> float:
        """The search's own time: ``seconds`` less the time spent in observers."""
        return max(0.0, self.seconds - self.observer_seconds)

    @property
    def nodes_per_second(self) -> float:
        """Expanded states per second of the search's own time (0 for an instantaneous run)."""
        seconds = self.search_seconds
        return self.expanded / seconds if seconds > 0 else 0.0


@dataclass(frozen=True)
class SearchResult:
    """The outcome of ``TreeSearch.run``.

    Attributes:
        status: why the run ended.
        best: the goal, the best state found, or the recommended child; None if none
            (``move`` gives the move that produced it).
        path: states from the start to ``best`` (empty when ``best`` is None).
        stats: counters of the run.
        value: value of ``best`` when a value function scored it.
        stop_reason: which budget or request ended the run (``"max_nodes"``, ``"seconds"``...).
        distances: for traversals, distance from the start of every reached key.
        routing_table: for traversals, parent key of every reached key (None for the start).
        info: search-specific extras.
    """

    status: Status
    best: Any = None
    path: tuple[Any, ...] = ()
    stats: Stats = field(default_factory=Stats)
    value: float | None = None
    stop_reason: str | None = None
    distances: Mapping[Hashable, float] | None = None
    routing_table: Mapping[Hashable, Hashable | None] | None = None
    info: Mapping[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        parts = [f"status={self.status.value!r}", f"best={self.best!r}"]
        if self.value is not None:
            parts.append(f"value={self.value!r}")
        if self.stop_reason is not None:
            parts.append(f"stop_reason={self.stop_reason!r}")
        parts.append(f"path_length={max(len(self.path) - 1, 0)}")
        if self.distances is not None:
            parts.append(f"reached={len(self.distances)}")
        s = self.stats
        parts.append(f"expanded={s.expanded}, visited={s.visited}, seconds={s.seconds:.4g}")
        return f"SearchResult({', '.join(parts)})"

    def _repr_html_(self) -> str:
        """A short table in a notebook: status, value, path, best, counters, time."""
        return result_html(self)

    @property
    def move(self) -> Any:
        """The move that leads to ``best``: its ``move`` attribute, None without one.

        For game searches (MCTS, AlphaBeta) ``best`` is the chosen child of the start, so
        this is the move to play (an OpenSpiel action, a tic-tac-toe cell). For path searches
        ``best`` is the goal, so this is the last move of ``path``, when the states keep one.

        Examples:
            >>> from types import SimpleNamespace
            >>> SearchResult(Status.EXHAUSTED, best=SimpleNamespace(move=4)).move
            4
            >>> SearchResult(Status.EXHAUSTED).move is None
            True
        """
        return getattr(self.best, "move", None)

    @property
    def solved(self) -> bool:
        """True when a goal was reached."""
        return self.status is Status.SOLVED

    def raise_if_interrupted(self) -> SearchResult:
        """Re-raise ``KeyboardInterrupt`` if Ctrl-C ended this run; else return the result.

        ``run()`` turns Ctrl-C into ``Status.INTERRUPTED`` so the best-so-far answer is not
        lost; in a loop of runs, ``search.run(s).raise_if_interrupted()`` makes Ctrl-C stop
        the whole loop, as it would in code without treesearch.

        Examples:
            >>> SearchResult(Status.SOLVED).raise_if_interrupted().status.value
            'solved'
        """
        if self.status is Status.INTERRUPTED:
            raise KeyboardInterrupt(self.stop_reason or "KeyboardInterrupt")
        return self

    def find_route(self, target: Hashable) -> list[Hashable]:
        """Return the keys from the start to ``target`` along the routing table.

        Raises:
            MissingCapabilityError: the search built no routing table (a tree search).
            UnreachableError: ``target`` was never reached by the search.
        """
        table = self.routing_table
        if table is None:
            raise MissingCapabilityError(
                "this result has no routing table: run a traversal (BFS, DFS, Dijkstra...) "
                "on states that have keys"
            )
        try:
            reached = target in table
        except TypeError:  # a list or a dict: no key can be one
            raise InvalidArgumentError(
                f"find_route needs a state key (hashable), got {target!r}"
            ) from None
        if not reached:
            raise UnreachableError(
                f"no route to {target!r}: the search reached {len(table)} keys and this is "
                "not one of them"
            )
        route = [target]
        node = table[target]
        while node is not None:
            route.append(node)
            node = table[node]
            if len(route) > len(table):
                raise UnreachableError(f"the routing table has a cycle through {target!r}")
        route.reverse()
        return route
