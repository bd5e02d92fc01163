"""One reading of a search's events on a grid: reached cells, frontier, current cell, route.

``Exploration`` listens to every event of a run and keeps, per cell of a grid (cells are
the ints ``0 .. size - 1``; a ``cell_of`` function maps a state to its cell), what a video
of the search shows: the cells reached with their visit order and depth, which of them are
still on the frontier, the current cell and the path to it, and the route once a solution
is announced. It also records which cells changed since it was last asked
(``take_changed``), so a renderer repaints only those. ``observers.GridOverlay``,
``observers.FrameGridOverlay`` and ``games.maze.ExplorationRenderer`` all draw from it.

How events are read:

- A cell is *reached* at the first ``Visited`` (enter or restart) of a state on it, and
  keeps the order (rank among reached cells) and depth of that visit.
- A state is *expanded* when the search says so (``Expanded``) or when one of its children
  is entered (``Visited`` with ``parent``): a search cannot enter a child of a state without
  having asked that state for its children. BFS reports each child before the
  ``Expanded`` of its parent; IDDFS and alpha-beta send no ``Expanded`` at all, so for
  them this is the only evidence (Backtracking sends one as it enters each state).
- A return to a state (``Visited`` of kind ``RETURN``) is not an expansion, of the state
  returned to or of the one left: it moves the current cell and nothing else. The state
  left may never have been expanded (a depth limit), and the one returned to was already
  counted when its first child was entered. So with searches that send no ``Expanded``
  (IDDFS, alpha-beta), leaves (states with no child entered) stay on the frontier.
- The *frontier* is the reached cells none of whose states has been expanded (cells, not
  states: with several states per cell, as in tours, a cell leaves it at the first
  expansion of a state on it). With ``children=True`` the reader also asks each expanded
  state for its children and marks their cells that are not reached yet as *generated*:
  DFS, A* and backtracking push children without an event, so this is how their open
  list shows (cheap on states that cache their children).
- The *current cell* is that of the last ``Visited`` (any kind); the *path* to a state
  follows, from its key (or its cell when it has no key), the parent that the last
  ``Visited`` of each key named.
- The *route*: on ``SolutionImproved`` the path to its state; on ``SearchFinished`` the
  result's path, which wins.

``SearchStarted`` resets everything, so one reader serves several runs.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

from observers.colors import Colour
from observers.tile_canvas import LegendEntry
from treesearch.arguments import check_count, check_flag
from treesearch.errors import InvalidArgumentError
from treesearch.events import (
    Event,
    Expanded,
    SearchFinished,
    SearchStarted,
    SolutionImproved,
    Visited,
    VisitKind,
)

__all__ = [
    "EXPANDED",
    "FRONTIER",
    "GENERATED",
    "UNSEEN",
    "CellOf",
    "Exploration",
    "reached_legend",
]

UNSEEN: Final = 0
"""Status of a cell neither reached nor generated."""
FRONTIER: Final = 1
"""Status of a reached cell none of whose states has been expanded."""
EXPANDED: Final = 2
"""Status of a reached cell with an expanded state."""
GENERATED: Final = 3
"""Status of a cell not reached but holding a child of an expanded state (``children``)."""

CellOf = Callable[[Any], int]
"""Maps a search state to its cell, an int in ``range(size)``."""

_RETURN = VisitKind.RETURN
_UNKNOWN: Any = object()  # the node of the last expanded state, not computed yet


def reached_legend(scale: Sequence[Colour], color_by: str, depth: int) -> LegendEntry:
    """The legend entry of the reached cells' colour scale, coloured by order or by depth.

    Shared by the maze pictures and the grid overlays, which colour reached cells alike.
    """
    what = "reached: first…last" if color_by == "order" else f"reached at depth 0…{depth}"
    return (scale, what)


def _node(state: Any, cell: int) -> Hashable:
    """A state's identity for parent links: its key, or its cell when it has none."""
    method = getattr(state, "key", None)
    key = method() if callable(method) else None
    return cell if key is None else key


class Exploration:
    """What a search has seen of a grid, read from its events (see the module docstring).

    Feed it every event: ``update(event)``, or pass it to a search as an observer (it is a
    callable ``event -> None``).

    Args:
        cell_of: state -> cell, an int in ``range(size)``.
        size: number of cells.
        children: also mark the unreached children of expanded states as generated.
        checked: ``cell_of`` raises on states off the grid itself, so the reader need not
            check that its cells are in ``range(size)`` (one call less per state).

    Attributes:
        order: rank of first arrival of each cell, -1 where never reached (an int64
            ``array``; ``numpy.frombuffer(order, numpy.int64)`` views it).
        depth: depth of that first arrival, -1 where never reached.
        status: ``UNSEEN``, ``FRONTIER``, ``EXPANDED`` or ``GENERATED`` per cell.
        reached: number of cells reached.
        current: cell of the last visit (None before the first).
        state: state of the last visit (None before the first).
        route: cells of the route found, from the start (empty if none).

    Examples:
        >>> from treesearch.events import Expanded, Visited
        >>> seen = Exploration(lambda state: state, 4)  # here states are their cells
        >>> for event in (Visited(0, 0), Visited(1, 1, parent=0), Visited(2, 1, parent=0),
        ...               Visited(3, 2, parent=2), Expanded(1, 1, 0)):
        ...     seen.update(event)
        >>> seen.reached_cells(), sorted(seen.frontier_cells()), seen.path_to(3)
        ([0, 1, 2, 3], [3], [0, 2, 3])
        >>> sorted(seen.take_changed()), seen.take_changed()
        ([0, 1, 2, 3], set())
    """

    def __init__(
        self, cell_of: CellOf, size: int, *, children: bool = False, checked: bool = False
    ) -> None:
        if not callable(cell_of):
            raise InvalidArgumentError(f"cell_of must be a callable state -> cell, got {cell_of!r}")
        size = check_count("size", size, 1)
        self.cell_of = cell_of
        self.size = size
        self.children = check_flag("children", children)
        checked = check_flag("checked", checked)
        self._cell: CellOf = cell_of if checked else self._checked_cell
        self._changed: set[int] = set()
        try:
            self.status = bytearray(size)
            self.route: list[int] = []
            self.reset()
        except (OverflowError, MemoryError):  # three arrays of ``size`` cells
            raise InvalidArgumentError(
                f"size {size!r} cannot be held in memory (one entry per cell): give the "
                "board's number of cells"
            ) from None

    def reset(self) -> None:
        """Forget the run seen so far; the cells it had reached or routed count as changed."""
        changed, status = self._changed, self.status
        if status.count(UNSEEN) != len(status):
            changed.update(i for i, s in enumerate(status) if s)
        changed.update(self.route)
        size = self.size
        self.order = array("q", [-1]) * size
        self.depth = array("q", [-1]) * size
        self.status = bytearray(size)
        self.reached = 0
        self.current: int | None = None
        self.state: Any = None
        self.route = []
        self._links: dict[Hashable, tuple[int, Hashable | None]] = {}
        self._last: Any = None  # the last state known to be expanded...
        self._last_node: Any = _UNKNOWN  # ...and its node, once needed
        self._generated_by: list[Hashable | None] = [None] * size if self.children else []

    def _checked_cell(self, state: Any) -> int:
        cell = self.cell_of(state)
        try:
            if 0 <= cell < self.size:
                return cell
        except TypeError:
            pass
        raise InvalidArgumentError(
            f"cell_of({state!r}) returned {cell!r}, not a cell in 0..{self.size - 1}"
        )

    def update(self, event: Event) -> None:
        """Take note of one event of the run."""
        kind = type(event)
        e: Any = event  # narrowed by ``kind``
        if kind is Visited:
            state = e.state
            cell = self._cell(state)
            self.current, self.state = cell, state
            if e.kind is _RETURN:
                return
            parent = e.parent
            if parent is None:
                pnode = None
            elif parent is self._last:
                pnode = self._last_node
                if pnode is _UNKNOWN:
                    pnode = self._last_node = _node(parent, self._cell(parent))
            else:  # a child entered: its parent has been expanded
                pcell = self._cell(parent)
                pnode = _node(parent, pcell)
                self._last, self._last_node = parent, pnode
                if self.status[pcell] == FRONTIER or (
                    self.children and self._generated_by[pcell] != pnode
                ):
                    self._expand(parent, pcell, pnode)
            method = getattr(state, "key", None)  # _node(state, cell), inlined: hot path
            key = method() if callable(method) else None
            node = cell if key is None else key
            self._links[node] = (cell, None if pnode == node else pnode)
            order = self.order
            if order[cell] < 0:
                order[cell] = n = self.reached
                self.reached = n + 1
                self.depth[cell] = e.depth
                self.status[cell] = FRONTIER
                self._changed.add(cell)
        elif kind is Expanded:
            state = e.state
            if state is not self._last:
                self._last, self._last_node = state, _UNKNOWN
                self._expand(state, self._cell(state), _UNKNOWN)
        elif kind is SolutionImproved:
            self._set_route(self.path_to(e.state))
        elif kind is SearchFinished:
            path = e.result.path
            if path:
                self._set_route([self._cell(s) for s in path])
        elif kind is SearchStarted:
            self.reset()

    __call__ = update

    def _expand(self, state: Any, cell: int, node: Any) -> None:
        status = self.status
        if status[cell] == FRONTIER:
            status[cell] = EXPANDED
            self._changed.add(cell)
        if not self.children:
            return
        if node is _UNKNOWN:
            node = self._last_node = _node(state, cell)
        generated_by = self._generated_by
        if generated_by[cell] == node:  # this state's children are marked already
            return
        generated_by[cell] = node
        changed = self._changed
        for child in state.get_children():
            c = self._cell(child)
            if not status[c]:
                status[c] = GENERATED
                changed.add(c)

    def _set_route(self, cells: list[int]) -> None:
        self._changed.update(self.route)
        self._changed.update(cells)
        self.route = cells

    def path_to(self, state: Any = None) -> list[int]:
        """Cells from the start to ``state`` (default: the current state) along parent links.

        Parent links that loop are cut; a state never visited is a path of its own cell.
        """
        if state is None:
            state = self.state
            if state is None:
                return []
        cell = self._cell(state)
        cells = [cell]
        node: Hashable | None = _node(state, cell)
        links = self._links
        seen = {node}
        entry = links.get(node)
        node = None if entry is None else entry[1]
        while node is not None and node not in seen:
            seen.add(node)
            entry = links.get(node)
            if entry is None:
                break
            cells.append(entry[0])
            node = entry[1]
        cells.reverse()
        return cells

    @property
    def path(self) -> list[int]:
        """Cells from the start to the current cell (``path_to()``)."""
        return self.path_to()

    def take_changed(self) -> set[int]:
        """The cells whose order, status or route membership changed since the last call.

        The current cell is not recorded (it moves at every visit): compare ``current``.
        """
        changed = self._changed
        self._changed = set()
        return changed

    def reached_cells(self) -> list[int]:
        """The reached cells, in the order they were reached."""
        order = self.order
        return sorted((c for c in range(self.size) if order[c] >= 0), key=order.__getitem__)

    def frontier_cells(self) -> set[int]:
        """The reached cells not expanded yet."""
        return {c for c, s in enumerate(self.status) if s == FRONTIER}

    def expanded_cells(self) -> set[int]:
        """The reached cells with an expanded state."""
        return {c for c, s in enumerate(self.status) if s == EXPANDED}

    def generated_cells(self) -> set[int]:
        """The cells not reached but holding a child of an expanded state (``children``)."""
        return {c for c, s in enumerate(self.status) if s == GENERATED}

    def __repr__(self) -> str:
        return (
            f"Exploration(size={self.size}, reached={self.reached}, "
            f"frontier={len(self.frontier_cells())}, route={len(self.route)})"
        )
