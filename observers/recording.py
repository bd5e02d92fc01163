"""``RecordingObserver``: keeps every event of a run, for tests and golden transcripts."""

from __future__ import annotations

from typing import Any

from treesearch.core import Observer
from treesearch.events import Event, SearchFinished, Visited, VisitKind
from treesearch.result import SearchResult

__all__ = ["RecordingObserver"]


class RecordingObserver(Observer):
    """Records events (and visited states) in order.

    Attributes:
        events: every event received, in order.
        states: the visited states (entered, returned to, restarted at), in order.
        closed: how many times ``close()`` was called (exactly once per run).
        result: the result of the last finished run, if any.

    Examples:
        >>> from treesearch import BFS
        >>> from games.dict_tree import DictTreeIterator
        >>> rec = RecordingObserver()
        >>> _ = BFS(rec).run(DictTreeIterator("Root", {"a": {}}))
        >>> rec.trace()
        [('enter', 0, 'Root'), ('enter', 1, 'a')]
    """

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.states: list[Any] = []
        self.closed = 0
        self.result: SearchResult | None = None

    def notify(self, event: Event) -> None:
        """Record the event."""
        self.events.append(event)
        if type(event) is Visited:
            self.states.append(event.state)
        elif type(event) is SearchFinished:
            self.result = event.result

    def close(self) -> None:
        """Count the close."""
        self.closed += 1

    def visits(self, kind: VisitKind | None = None) -> list[Visited]:
        """The Visited events, optionally only those of one kind."""
        return [e for e in self.events if type(e) is Visited and (kind is None or e.kind is kind)]

    def trace(self, label: str = "name") -> list[tuple[str, int, Any]]:
        """Visits as ``(kind, depth, state.<label>)`` triples: a compact golden trace."""
        return [(e.kind.value, e.depth, getattr(e.state, label)) for e in self.visits()]
