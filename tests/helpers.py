"""Test helpers shared across test modules."""

from __future__ import annotations

from typing import Any

from observers import RecordingObserver
from treesearch import (
    Evaluated,
    Event,
    Expanded,
    Observer,
    Pruned,
    SolutionImproved,
    Visited,
)


class Boom(Observer):
    """Raises ``exc`` at the ``after``-th visit: an observer that fails (or stops) a run."""

    def __init__(self, after: int, exc: BaseException) -> None:
        self.after, self.exc, self.seen = after, exc, 0

    def notify(self, event: Event) -> None:
        if type(event) is Visited:
            self.seen += 1
            if self.seen == self.after:
                raise self.exc


def transcript(rec: RecordingObserver) -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = []
    for e in rec.events:
        if isinstance(e, Visited):
            out.append(("visit", e.state.name, e.depth))
        elif isinstance(e, Expanded):
            out.append(("expand", e.state.name, e.n_children))
        elif isinstance(e, Pruned):
            out.append(("prune", e.state.name, e.reason))
        elif isinstance(e, Evaluated):
            out.append(("eval", e.state.name, e.value))
        elif isinstance(e, SolutionImproved):
            out.append(("solved", e.state.name, e.value))
    return out
