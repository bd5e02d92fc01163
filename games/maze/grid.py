"""The grid under a maze: cell numbers, ``(row, col)`` coordinates and the passages.

``Grid`` is a weighted undirected graph embedded in a ``width x height`` grid, as in PyRat;
``games.maze.model.Maze`` adds cheese, the states that searches walk and the constructors.
This module imports nothing else from ``games.maze``: every other module builds on it.

Conventions of the whole package, which the games shaped like it keep:

- Sizes are ``(width, height)``, PyRat's order (columns, then rows), in every constructor.
- A cell is the int ``row * width + col``. Coordinates are always ``(row, col)``, numpy's
  order, and every method taking them says so in its name (``rc_to_i``, ``rc_exists``) or
  by keyword (``nearest_cell(row=..., col=...)``), so the two orders cannot be mixed up.
- An edge only joins 4-neighbours; a missing edge between two existing neighbours is a
  wall; the weight of an edge is the number of turns needed to cross it (1 for a plain
  passage, >= 2 for mud).

Edges are two flat lists, ``east[i]`` (weight of the edge ``i -> i + 1``, 0 when there is
none) and ``south[i]`` (``i -> i + width``): a neighbour query is a few list lookups, and a
1000x1000 maze takes a few tens of megabytes.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator
from typing import Any

from treesearch.errors import InvalidArgumentError

__all__ = [
    "MAX_CELLS",
    "Edge",
    "Grid",
    "GridArrays",
    "as_int",
    "as_iterable",
    "edge_arrays",
    "grid_size",
]

MAX_CELLS = 100_000_000
"""The most cells a maze may have (10000 x 10000). A grid keeps about 25 bytes a cell (2.5 GB
here) before any search, and generating one takes a few microseconds a cell; a larger size is
refused by name rather than failing with an empty MemoryError, or after minutes."""

Edge = tuple[int, int] | tuple[int, int, int]
"""A passage ``(u, v)`` (weight 1) or ``(u, v, weight)`` between two 4-adjacent cells."""

GridArrays = tuple[int, int, bytearray, list[int], list[int]]
"""``(width, height, exists, east, south)``: what a ``Grid`` is made of (see the module)."""


def as_int(value: Any, what: str) -> int:
    """Return ``value`` as an int, refusing bools, floats and other non-integers."""
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be an int, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidArgumentError(f"{what} must be an int, got {value!r}") from None


def as_iterable(value: Any, what: str) -> Iterable[Any]:
    """``value`` if it can be iterated (and is not text), else an error naming ``what``."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidArgumentError(f"{what} must be an iterable of cells, got {value!r}")
    return value


def grid_size(width: Any, height: Any) -> tuple[int, int]:
    """Validate the sizes of a grid: two ints >= 1 (``width, height``), ``MAX_CELLS`` at most."""
    w, h = as_int(width, "width"), as_int(height, "height")
    if w < 1 or h < 1:
        raise InvalidArgumentError(
            f"a maze needs width >= 1 and height >= 1, got {width!r} x {height!r}"
        )
    if w * h > MAX_CELLS:
        raise InvalidArgumentError(
            f"a {w}x{h} maze has {w * h} cells; at most {MAX_CELLS} fit (e.g. 10000x10000)"
        )
    return w, h


def edge_arrays(
    width: int, height: int, edges: Iterable[Edge], cells: Iterable[int] | None = None
) -> tuple[bytearray, list[int], list[int]]:
    """Validate cells and edges and return the arrays ``(exists, east, south)`` of a grid.

    Raises:
        InvalidArgumentError: a cell outside the grid, an edge end that is not a cell, a
            self-loop, two cells that are not 4-neighbours, a weight that is not an int
            >= 1, or one edge given twice with two weights.
    """
    size = width * height
    if cells is None:
        exists = bytearray(b"\x01") * size
    else:
        exists = bytearray(size)
        for c in as_iterable(cells, "cells"):
            cell = as_int(c, "a cell")
            if not 0 <= cell < size:
                raise InvalidArgumentError(
                    f"cell {c!r} is outside the {width}x{height} grid (cells are 0..{size - 1})"
                )
            exists[cell] = 1
    east = [0] * size
    south = [0] * size
    if isinstance(edges, str | bytes) or not isinstance(edges, Iterable):
        raise InvalidArgumentError(
            f"edges must be an iterable of (u, v) or (u, v, weight) tuples, got {edges!r}"
        )
    for edge in edges:
        if not isinstance(edge, tuple) or len(edge) not in (2, 3):
            raise InvalidArgumentError(
                f"an edge must be a tuple (u, v) or (u, v, weight), got {edge!r}"
            )
        u = as_int(edge[0], "an edge end")
        v = as_int(edge[1], "an edge end")
        w = as_int(edge[2], f"the weight of edge {edge!r}") if len(edge) == 3 else 1
        _set_edge(width, height, exists, east, south, u, v, w)
    return exists, east, south


def _set_edge(
    width: int,
    height: int,
    exists: bytearray,
    east: list[int],
    south: list[int],
    u: int,
    v: int,
    weight: int,
) -> None:
    """Validate one edge and store it in ``east``/``south``."""
    size = width * height
    for c in (u, v):
        if not 0 <= c < size:
            raise InvalidArgumentError(
                f"edge ({u!r}, {v!r}) has end {c!r} outside the {width}x{height} grid "
                f"(cells are 0..{size - 1})"
            )
        if not exists[c]:
            raise InvalidArgumentError(
                f"edge ({u!r}, {v!r}) has end {c!r}, which is not a cell of the maze "
                "(list it in cells, or remove the edge)"
            )
    if u == v:
        raise InvalidArgumentError(
            f"edge ({u!r}, {v!r}) is a self-loop on cell {u!r}; a passage joins two different cells"
        )
    if weight < 1:
        raise InvalidArgumentError(
            f"edge ({u!r}, {v!r}) has weight {weight!r}; weights are turns to cross, an int >= 1"
        )
    a, b = (u, v) if u < v else (v, u)
    if b - a == width:  # tested first: with width 1, a difference of 1 is vertical
        store, index = south, a
    elif b - a == 1 and b % width:
        store, index = east, a
    else:
        raise InvalidArgumentError(
            f"cells {u!r} and {v!r} are not 4-neighbours in a grid of width {width} "
            f"((row, col) {divmod(u, width)} and {divmod(v, width)}); edges only join "
            "cells whose row or col differs by exactly 1"
        )
    if store[index] and store[index] != weight:
        raise InvalidArgumentError(
            f"edge ({u!r}, {v!r}) is given twice with different weights: "
            f"{store[index]!r} and {weight!r}"
        )
    store[index] = weight


class Grid:
    """The cells of a ``width x height`` grid that exist, and the passages between them.

    Args:
        width: number of columns (>= 1).
        height: number of rows (>= 1).
        edges: the passages, as ``(u, v)`` (weight 1) or ``(u, v, weight)`` triples between
            4-adjacent existing cells; each undirected edge once (repeats must agree).
        cells: the existing cells; None (default) means every cell of the grid.

    Raises:
        InvalidArgumentError: see ``edge_arrays``.

    Examples:
        >>> grid = Grid(3, 2, [(0, 1), (1, 4, 3)], cells=[0, 1, 4])
        >>> grid.neighbours(1), grid.weight(1, 4), grid.i_to_rc(4)
        ([0, 4], 3, (1, 1))
    """

    __slots__ = (
        "_east",
        "_exists",
        "_nb_edges",
        "_nb_vertices",
        "_south",
        "_vertices",
        "height",
        "width",
    )

    width: int
    height: int
    _exists: bytearray
    _east: list[int]
    _south: list[int]
    _nb_vertices: int
    _nb_edges: int | None
    _vertices: tuple[int, ...] | None

    def __init__(
        self,
        width: int,
        height: int,
        edges: Iterable[Edge] = (),
        *,
        cells: Iterable[int] | None = None,
    ) -> None:
        width, height = grid_size(width, height)
        self._set_arrays(width, height, *edge_arrays(width, height, edges, cells))

    def _set_arrays(
        self, width: int, height: int, exists: bytearray, east: list[int], south: list[int]
    ) -> None:
        """Adopt already valid arrays (no validation)."""
        self.width = width
        self.height = height
        self._exists = exists
        self._east = east
        self._south = south
        self._nb_vertices = exists.count(1)
        self._nb_edges = None
        self._vertices = None

    # -- cells ----------------------------------------------------------------------------
    def _check_cell(self, cell: Any, what: str = "cell") -> int:
        """Return ``cell`` as an int if it is an existing cell, else raise a clear error."""
        c = as_int(cell, what)
        size = self.width * self.height
        if not 0 <= c < size:
            raise InvalidArgumentError(
                f"{what} {cell!r} is outside the {self.width}x{self.height} grid "
                f"(cells are 0..{size - 1})"
            )
        if not self._exists[c]:
            raise InvalidArgumentError(
                f"{what} {cell!r} is a hole: row {c // self.width}, col {c % self.width} "
                "is not a cell of this maze"
            )
        return c

    def __contains__(self, cell: object) -> bool:
        if isinstance(cell, bool) or not isinstance(cell, int):
            return False
        return 0 <= cell < self.width * self.height and bool(self._exists[cell])

    def __len__(self) -> int:
        return self._nb_vertices

    @property
    def vertices(self) -> tuple[int, ...]:
        """The existing cells, in increasing order."""
        if self._vertices is None:
            exists = self._exists
            self._vertices = tuple(i for i in range(len(exists)) if exists[i])
        return self._vertices

    # -- coordinates: always (row, col) ---------------------------------------------------
    def i_to_rc(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell index of the grid (holes included)."""
        c = as_int(cell, "cell")
        if not 0 <= c < self.width * self.height:
            raise InvalidArgumentError(
                f"cell {cell!r} is outside the {self.width}x{self.height} grid "
                f"(cells are 0..{self.width * self.height - 1})"
            )
        return divmod(c, self.width)

    def _check_rc(self, row: Any, col: Any) -> tuple[int, int]:
        r, c = as_int(row, "row"), as_int(col, "col")
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise InvalidArgumentError(
                f"(row, col) = ({row!r}, {col!r}) is outside the {self.width}x{self.height} "
                f"grid (rows 0..{self.height - 1}, cols 0..{self.width - 1})"
            )
        return r, c

    def rc_to_i(self, row: int, col: int) -> int:
        """The cell index of ``(row, col)`` in the grid (holes included)."""
        r, c = self._check_rc(row, col)
        return r * self.width + c

    def rc_exists(self, row: int, col: int) -> bool:
        """True when ``(row, col)`` is inside the grid and is a cell (not a hole)."""
        return (
            0 <= row < self.height
            and 0 <= col < self.width
            and bool(self._exists[row * self.width + col])
        )

    def coords_difference(self, a: int, b: int) -> tuple[int, int]:
        """``(row_b - row_a, col_b - col_a)`` for two cells of the grid."""
        ra, ca = self.i_to_rc(a)
        rb, cb = self.i_to_rc(b)
        return rb - ra, cb - ca

    def nearest_cell(self, *, row: int, col: int) -> int:
        """The existing cell closest to ``(row, col)`` (Euclidean; ties: smallest index).

        This is how PyRat places a player whose requested start cell is a hole. The
        coordinates are keyword-only: sizes elsewhere are ``(width, height)``, so a
        positional ``(row, col)`` would read backwards next to them.

        Raises:
            InvalidArgumentError: ``(row, col)`` is outside the grid, or there is no cell.

        Examples:
            >>> Grid(3, 2, cells=[2, 3]).nearest_cell(row=1, col=2)
            2
        """
        r, c = self._check_rc(row, col)
        best, best_d = -1, -1
        w = self.width
        for i in self.vertices:
            dr, dc = i // w - r, i % w - c
            d = dr * dr + dc * dc
            if best < 0 or d < best_d:
                best, best_d = i, d
        if best < 0:
            raise InvalidArgumentError("this maze has no cell at all")
        return best

    # -- edges ----------------------------------------------------------------------------
    # The lookups below skip bounds checks on purpose: east[i] is 0 for the last column and
    # south[i] for the last row, so an index that wraps around a row (or goes negative and
    # wraps to the end of the list) always reads 0, "no edge".
    def _weight_or_zero(self, u: int, v: int) -> int:
        """Weight of the edge ``u - v``, 0 when there is none (no validation)."""
        w = self.width
        d = v - u
        if d == w:  # tested first: with width 1, a difference of 1 is vertical
            return self._south[u]
        if d == -w:
            return self._south[v]
        if d == 1:
            return self._east[u]
        if d == -1:
            return self._east[v]
        return 0

    def _neighbour_list(self, cell: int) -> list[int]:
        """Cells joined to ``cell`` by an edge, increasing (no validation)."""
        w = self.width
        east = self._east
        south = self._south
        out = []
        if south[cell - w]:
            out.append(cell - w)
        if east[cell - 1]:
            out.append(cell - 1)
        if east[cell]:
            out.append(cell + 1)
        if south[cell]:
            out.append(cell + w)
        return out

    def neighbours(self, cell: int) -> list[int]:
        """The cells reachable from ``cell`` in one move, in increasing order."""
        return self._neighbour_list(self._check_cell(cell))

    def has_edge(self, u: int, v: int) -> bool:
        """True when ``u`` and ``v`` are cells joined by a passage (muddy or not)."""
        return bool(self._weight_or_zero(self._check_cell(u), self._check_cell(v)))

    def weight(self, u: int, v: int) -> int:
        """Turns needed to cross from ``u`` to ``v`` (1, or >= 2 for mud).

        Raises:
            InvalidArgumentError: a cell is unknown, or there is no edge ``u - v``.
        """
        w = self._weight_or_zero(self._check_cell(u), self._check_cell(v))
        if not w:
            what = "a wall" if abs(u - v) in (1, self.width) else "they are not adjacent"
            raise InvalidArgumentError(f"no edge between cells {u!r} and {v!r}: {what}")
        return w

    def edges(self) -> Iterator[tuple[int, int, int]]:
        """Every edge once, as ``(u, v, weight)`` with ``u < v``, in increasing order."""
        w = self.width
        east = self._east
        south = self._south
        for i in range(w * self.height):
            if east[i]:
                yield i, i + 1, east[i]
            if south[i]:
                yield i, i + w, south[i]

    @property
    def nb_edges(self) -> int:
        """Number of (undirected) edges."""
        if self._nb_edges is None:
            self._nb_edges = sum(1 for x in self._east if x) + sum(1 for x in self._south if x)
        return self._nb_edges

    @property
    def is_weighted(self) -> bool:
        """True when at least one edge is muddy (weight >= 2)."""
        return any(x > 1 for x in self._east) or any(x > 1 for x in self._south)

    def is_connected(self) -> bool:
        """True when every cell can reach every other one (an empty maze is connected)."""
        verts = self.vertices
        if not verts:
            return True
        seen = bytearray(self.width * self.height)
        seen[verts[0]] = 1
        stack = [verts[0]]
        count = 1
        nbrs = self._neighbour_list
        while stack:
            for n in nbrs(stack.pop()):
                if not seen[n]:
                    seen[n] = 1
                    count += 1
                    stack.append(n)
        return count == self._nb_vertices

    def to_dict(self) -> dict[int, dict[int, int]]:
        """PyRat's ``{cell: {neighbour: weight}}``, cells and neighbours increasing."""
        nbrs = self._neighbour_list
        wt = self._weight_or_zero
        return {v: {n: wt(v, n) for n in nbrs(v)} for v in self.vertices}

    def to_matrix(self) -> Any:
        """PyRat's dense ``(W*H) x (W*H)`` numpy weight matrix (0 = no edge); small mazes only."""
        import numpy as np

        size = self.width * self.height
        matrix = np.zeros((size, size), dtype=np.int64)
        for u, v, w in self.edges():
            matrix[u, v] = matrix[v, u] = w
        return matrix
