"""``StatsObserver``: counts what a run did, from its events alone."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from treesearch.core import Observer, key_of
from treesearch.events import Event, Expanded, SearchFinished, SearchStarted, Visited

__all__ = ["StatsObserver"]


class StatsObserver(Observer):
    """Counts events by type, visits by kind and by depth, and the branching factor.

    Works with any search because it only reads events. ``summary()`` gives a dict that is
    easy to print or compare between searches.
    """

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.visits_by_kind: Counter[str] = Counter()
        self.visits_by_depth: Counter[int] = Counter()
        self.children_total = 0
        self.expansions = 0
        self.max_depth = 0
        self.seconds = 0.0
        self._t0: float | None = None
        self._keys: set[Any] = set()
        self._keyed = True

    def notify(self, event: Event) -> None:
        """Update the counters."""
        cls = type(event)
        self.counts[cls.__name__] += 1
        if cls is Visited:
            self.visits_by_kind[event.kind.value] += 1  # type: ignore[union-attr]
            depth = event.depth  # type: ignore[union-attr]
            self.visits_by_depth[depth] += 1
            if self._keyed:
                k = key_of(event.state)  # type: ignore[union-attr]
                if k is None:
                    self._keyed = False
                    self._keys.clear()
                else:
                    self._keys.add(k)
            if depth > self.max_depth:
                self.max_depth = depth
        elif cls is Expanded:
            self.expansions += 1
            self.children_total += event.n_children  # type: ignore[union-attr]
        elif cls is SearchStarted:
            self._t0 = time.perf_counter()
        elif cls is SearchFinished and self._t0 is not None:
            self.seconds = time.perf_counter() - self._t0

    @property
    def branching_factor(self) -> float:
        """Mean number of children per expansion that reported its children."""
        return self.children_total / self.expansions if self.expansions else 0.0

    @property
    def distinct_states(self) -> int | None:
        """Distinct keys among visited states (None when the states have no keys)."""
        return len(self._keys) if self._keyed else None

    def summary(self) -> dict[str, Any]:
        """The counters as a plain dict."""
        visits = sum(self.visits_by_kind.values())
        return {
            "events": dict(self.counts),
            "visits": visits,
            "visits_by_kind": dict(self.visits_by_kind),
            "distinct_states": self.distinct_states,
            "max_depth": self.max_depth,
            "branching_factor": round(self.branching_factor, 3),
            "seconds": self.seconds,
            "visits_per_second": visits / self.seconds if self.seconds > 0 else 0.0,
        }

    def report(self) -> str:
        """A few readable lines for the end of a script or the command line."""
        s = self.summary()
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(s["visits_by_kind"].items()))
        distinct = s["distinct_states"]
        lines = [
            f"visits: {s['visits']} ({kinds or 'none'})",
            f"distinct states: {distinct if distinct is not None else 'n/a (no keys)'}",
            f"max depth: {s['max_depth']}, branching factor: {s['branching_factor']}",
            f"time: {s['seconds']:.3f} s ({s['visits_per_second']:.0f} visits/s)",
        ]
        return "\n".join(lines)
