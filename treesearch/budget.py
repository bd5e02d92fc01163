"""``Budget``: one composable object for every way a search can be told to stop early."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any

from treesearch.errors import InvalidBudgetError

__all__ = ["Budget"]


def _check_count(name: str, value: Any, minimum: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidBudgetError(f"{name} must be an int >= {minimum} or None, got {value!r}")
    if value < minimum:
        raise InvalidBudgetError(f"{name} must be >= {minimum}, got {value!r}")


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits on a run; ``None`` means unlimited. The first limit reached ends the run.

    Attributes:
        max_nodes: states the search may expand (ask for their children).
        max_depth: states deeper than this (in moves from the start) are not expanded.
        seconds: wall-clock seconds of searching. Time spent in observers (rendering a
            video frame, writing a trace) does not count: the deadline moves back by it, so
            a slow observer cannot starve the search. ``stats.seconds`` stays the total
            wall time and ``stats.observer_seconds`` reports the observers' share.
        max_iterations: iterations of iterative searches (MCTS simulations, random-walk
            episodes, deepening rounds); searches without iterations (BFS, DFS, Dijkstra,
            A*, greedy, beam, backtracking) ignore it.

    Every loop of a search honours the limits, inside each episode, round or level too:
    ``max_nodes`` and ``seconds`` are checked at every expansion (the clock every 128
    expansions), ``max_depth`` before a state is expanded.

    ``a | b`` combines two budgets: whichever limit comes first applies.
    """

    max_nodes: int | None = None
    max_depth: int | None = None
    seconds: float | None = None
    max_iterations: int | None = None

    def __post_init__(self) -> None:
        _check_count("max_nodes", self.max_nodes, 1)
        _check_count("max_depth", self.max_depth, 0)
        _check_count("max_iterations", self.max_iterations, 1)
        s = self.seconds
        if s is not None:
            if isinstance(s, bool) or not isinstance(s, (int, float)):
                raise InvalidBudgetError(f"seconds must be a number > 0 or None, got {s!r}")
            if math.isnan(s) or s <= 0:
                raise InvalidBudgetError(f"seconds must be > 0, got {s!r}")

    def __or__(self, other: Budget) -> Budget:
        if not isinstance(other, Budget):
            return NotImplemented
        merged: dict[str, Any] = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            merged[f.name] = a if b is None else b if a is None else min(a, b)
        return Budget(**merged)

    @property
    def unlimited(self) -> bool:
        """True when no limit is set."""
        return all(getattr(self, f.name) is None for f in fields(self))

    @classmethod
    def coerce(cls, value: Budget | None) -> Budget:
        """Return ``value`` as a Budget (``None`` means unlimited)."""
        if value is None:
            return cls()
        if not isinstance(value, Budget):
            raise InvalidBudgetError(f"budget must be a treesearch.Budget or None, got {value!r}")
        return value
