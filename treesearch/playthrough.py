"""A game being played, shown to observers state by state, as a search run shows its visits.

Drivers of whole games (a Railroad Ink bot's game, a Tron match) are not searches, yet their
games are worth filming and recording with the same observers::

    with Playthrough(start, [VideoObserver("game.mp4", renderer)], name="best bot") as show:
        while not state.is_terminal():
            state = choose(state)
            show.advance(state)
        show.finish(value=score, summary="score 52")

Observers see ``SearchStarted`` (the ``Playthrough`` stands for the search: it has
``plays_game``, so a video panel says "playing…" and "game over" rather than search words),
a ``Visited`` for every state in order, then ``SearchFinished`` with the whole line of play;
they are closed when the block ends, also on an exception or Ctrl-C. An observer that raises
``StopSearch`` (a video at its frame limit) stops the events, not the game.

Code that drives observers itself (an observer that forwards events to others) takes them
as searches do with ``normalise_observers`` and closes them with ``close_observers``, both
public here.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from types import TracebackType
from typing import Any

from treesearch._run import ObserverLike, close_observers, normalise_observers, require_iterator
from treesearch.arguments import check_number
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import Event, SearchFinished, SearchStarted, Visited, VisitKind
from treesearch.result import SearchResult, Stats, Status

__all__ = ["ObserverLike", "Playthrough", "close_observers", "normalise_observers"]


class Playthrough:
    """Shows the states of one game, in the order played, to observers.

    Args:
        start: the game's first state (shown at once).
        observers: observers or callables(event), as a search takes them.
        name: what plays, for panels and recorders ("best bot", "red vs blue").

    Attributes:
        path: the states shown so far, ``start`` first.
        summary: the line a panel shows once the game is over (set by ``finish``).
        result: the ``SearchResult`` of ``finish`` (None before).
    """

    chooses_move = False
    plays_game = True
    """Tells panels that this "search" is a game being played (see ``observers.panel``)."""

    def __init__(
        self,
        start: Any,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        name: str = "game",
    ) -> None:
        if not isinstance(name, str):
            raise InvalidArgumentError(f"name must be a str, got {name!r}")
        require_iterator(start, "start state")
        self.name = name
        self.observers = normalise_observers(observers)
        self.path: list[Any] = [start]
        self.summary: str | None = None
        self.result: SearchResult | None = None
        self._live = bool(self.observers)
        self._closed = False
        self._t0 = time.perf_counter()
        self._emit(SearchStarted(self, start))
        self._emit(Visited(start, 0, VisitKind.ENTER, None))

    def _emit(self, event: Event) -> None:
        if not self._live:
            return
        stop = False
        for observer in self.observers:
            try:
                observer.notify(event)
            except StopSearch:
                stop = True
        self._live = not stop

    def advance(self, state: Any) -> None:
        """Show the next state of the game (a child of the last one)."""
        self._emit(Visited(state, len(self.path), VisitKind.ENTER, self.path[-1]))
        self.path.append(state)

    def finish(self, value: float | None = None, summary: str | None = None) -> SearchResult:
        """End the game: observers get its whole line; ``summary`` is the panel's last word.

        Returns:
            The ``SearchResult`` shown: status SOLVED, ``best`` the last state, ``path`` the
            whole game, ``value`` the given value.
        """
        if value is not None:
            value = check_number("value", value)
        if summary is not None and not isinstance(summary, str):
            raise InvalidArgumentError(f"summary must be a str or None, got {summary!r}")
        self.summary = summary
        stats = Stats(
            visited=len(self.path),
            max_depth=len(self.path) - 1,
            seconds=time.perf_counter() - self._t0,
        )
        result = SearchResult(
            Status.SOLVED,
            self.path[-1],
            tuple(self.path),
            stats,
            value,
        )
        self.result = result
        self._emit(SearchFinished(result))
        return result

    def close(self, pending: BaseException | None = None) -> None:
        """Close every observer once (a failing close is raised unless ``pending`` is).

        Raises:
            ObserverError: after ``finish()``, an observer failed to close; the finished
                result is on its ``.result`` (before ``finish()``, the close error itself).
        """
        if not self._closed:
            self._closed = True
            close_observers(self.observers, pending, self.result)

    def __enter__(self) -> Playthrough:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close(exc)

    def __repr__(self) -> str:
        return f"<Playthrough {self.name!r}: {len(self.path) - 1} moves>"
