"""``Budget``: one composable object for every way a search can be told to stop early."""

from __future__ import annotations

from dataclasses import dataclass, fields
from numbers import Real
from typing import Any

from treesearch.arguments import check_count, check_seconds, is_count
from treesearch.errors import InvalidBudgetError

__all__ = ["Budget"]


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits on a run; ``None`` means unlimited. The first limit reached ends the run.

    Attributes:
        max_nodes: states the search may expand (ask for their children).
        max_depth: states deeper than this (in moves from the start) are not expanded.
        seconds: wall-clock seconds of searching, a finite number > 0. Time spent in
            observers (rendering a video frame, writing a trace) does not count: the
            deadline moves back by it, so a slow observer cannot starve the search.
            ``stats.seconds`` stays the total wall time and ``stats.observer_seconds``
            reports the observers' share.
        max_iterations: iterations of iterative searches (MCTS simulations, random-walk
            episodes, deepening rounds); searches without iterations (BFS, DFS, Dijkstra,
            A*, greedy, beam, backtracking) ignore it.

    Every loop of a search honours the limits, inside each episode, round or level too:
    ``max_nodes`` and ``seconds`` are checked at every expansion (the clock every 128
    expansions), ``max_depth`` before a state is expanded.

    ``a | b`` combines two budgets: whichever limit comes first applies. Numpy integers and
    floats are taken as plain ints and floats; a bool, NaN, an infinity or a limit below its
    minimum raises ``InvalidBudgetError`` naming the field (None is the unlimited value).
    """

    max_nodes: int | None = None
    max_depth: int | None = None
    seconds: float | None = None
    max_iterations: int | None = None

    def __post_init__(self) -> None:
        # Numpy integers and floats are taken (as plain ints and floats); bools, NaN,
        # infinities and limits below the minimum are refused, naming the field.
        for name, minimum in (("max_nodes", 1), ("max_depth", 0), ("max_iterations", 1)):
            value = getattr(self, name)
            if is_count(value) and value < minimum:  # the short form the command line quotes
                raise InvalidBudgetError(f"{name} must be >= {minimum}, got {value!r}")
            value = check_count(name, value, minimum, optional=True, error=InvalidBudgetError)
            object.__setattr__(self, name, value)  # frozen: normalised once, here
        s = self.seconds
        if isinstance(s, Real) and not isinstance(s, bool) and s <= 0:  # the short form too
            raise InvalidBudgetError(f"seconds must be > 0, got {s!r}")
        seconds = check_seconds("seconds", s, error=InvalidBudgetError)
        object.__setattr__(self, "seconds", seconds)

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
