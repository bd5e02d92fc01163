"""The maze: a grid of cells, some missing (holes), joined by passages that may be muddy.

A ``Maze`` is a weighted undirected graph embedded in a ``width x height`` grid, as in PyRat.
Cells are numbered ``row * width + col``; an edge only joins 4-neighbours; a missing edge
between two existing neighbours is a wall; the weight of an edge is the number of turns
needed to cross it (1 for a plain passage, >= 2 for mud).

Edges are stored as two flat lists, ``east[i]`` (weight of the edge ``i -> i + 1``, 0 when
there is none) and ``south[i]`` (``i -> i + width``). That layout makes neighbour queries a
few list lookups and keeps a 1000x1000 maze at a few tens of megabytes.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

if TYPE_CHECKING:
    import random

    from games.maze.cheese import TourState
    from games.maze.generate import Algorithm

__all__ = ["Maze", "MazeCell", "as_int"]


def as_int(value: Any, what: str) -> int:
    """Return ``value`` as an int, refusing bools, floats and other non-integers."""
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{what} must be an int, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidArgumentError(f"{what} must be an int, got {value!r}") from None


class MazeCell(TreeIterator):
    """A player standing on ``cell`` of ``maze``: the state that searches walk.

    ``key()`` is the cell number, children are the cells reachable in one move (in increasing
    cell order) and ``step_cost(child)`` is the weight of the edge (mud costs >= 2 turns).
    There is one shared state per cell, created on first use, and its children tuple is
    built once: a traversal of a large maze allocates nothing per edge.
    """

    __slots__ = ("_children", "cell", "maze")

    def __init__(self, maze: Maze, cell: int) -> None:
        self.maze = maze
        self.cell = cell
        self._children: tuple[MazeCell, ...] | None = None

    def get_children(self) -> tuple[MazeCell, ...]:
        """The states on the neighbouring cells, in increasing cell order."""
        children = self._children
        if children is None:
            children = self._children = self.maze._children_of(self.cell)
        return children

    def is_terminal(self) -> bool:
        """True only on a cell with no passage out (an isolated cell)."""
        return not self.get_children()

    def key(self) -> int:
        """The cell number."""
        return self.cell

    def step_cost(self, child: MazeCell) -> int:
        """Turns needed to move to ``child``: the weight of the edge between them."""
        return self.maze._step_cost(self, child)

    @property
    def rc(self) -> tuple[int, int]:
        """The ``(row, col)`` of the cell."""
        return divmod(self.cell, self.maze.width)

    def __repr__(self) -> str:
        return f"MazeCell({self.cell})"


class Maze:
    """A PyRat-style maze: existing cells of a grid, walls, and mud.

    Args:
        width: number of columns (>= 1).
        height: number of rows (>= 1).
        edges: the passages, as ``(u, v)`` (weight 1) or ``(u, v, weight)`` triples between
            4-adjacent existing cells; each undirected edge once (repeats must agree).
        cells: the existing cells; None (default) means every cell of the grid.
        cheese: cells holding a piece of cheese.

    Other constructors: ``Maze.generate`` (random, seeded), ``Maze.from_graph`` (PyRat's
    dict of dicts or a networkx graph), ``Maze.from_matrix`` and ``Maze.from_ascii``.

    Raises:
        InvalidArgumentError: a cell outside the grid or missing, two cells that are not
            4-neighbours, or a weight that is not an int >= 1.

    Examples:
        >>> maze = Maze(3, 1, [(0, 1), (1, 2, 4)])
        >>> maze.neighbours(1), maze.weight(1, 2)
        ([0, 2], 4)
        >>> [c.key() for c in maze.start(0).get_children()]
        [1]
    """

    __slots__ = (
        "_east",
        "_exists",
        "_hash",
        "_nb_edges",
        "_nb_vertices",
        "_south",
        "_states",
        "_vertices",
        "cheese",
        "height",
        "width",
    )

    width: int
    height: int
    cheese: frozenset[int]
    _exists: bytearray
    _east: list[int]
    _south: list[int]
    _nb_vertices: int
    _nb_edges: int | None
    _vertices: tuple[int, ...] | None
    _states: list[MazeCell | None]
    _hash: int | None

    def __init__(
        self,
        width: int,
        height: int,
        edges: Iterable[tuple[int, int] | tuple[int, int, int]] = (),
        *,
        cells: Iterable[int] | None = None,
        cheese: Iterable[int] = (),
    ) -> None:
        width = as_int(width, "width")
        height = as_int(height, "height")
        if width < 1 or height < 1:
            raise InvalidArgumentError(
                f"a maze needs width >= 1 and height >= 1, got {width!r} x {height!r}"
            )
        size = width * height
        if cells is None:
            exists = bytearray(b"\x01") * size
        else:
            exists = bytearray(size)
            for c in cells:
                cell = as_int(c, "a cell")
                if not 0 <= cell < size:
                    raise InvalidArgumentError(
                        f"cell {c!r} is outside the {width}x{height} grid (cells are 0..{size - 1})"
                    )
                exists[cell] = 1
        east = [0] * size
        south = [0] * size
        for edge in edges:
            if not isinstance(edge, tuple) or len(edge) not in (2, 3):
                raise InvalidArgumentError(
                    f"an edge must be a tuple (u, v) or (u, v, weight), got {edge!r}"
                )
            u = as_int(edge[0], "an edge end")
            v = as_int(edge[1], "an edge end")
            w = as_int(edge[2], f"the weight of edge {edge!r}") if len(edge) == 3 else 1
            _set_edge(width, height, exists, east, south, u, v, w)
        self._init(width, height, exists, east, south, cheese)

    # -- construction ---------------------------------------------------------------------
    def _init(
        self,
        width: int,
        height: int,
        exists: bytearray,
        east: list[int],
        south: list[int],
        cheese: Iterable[int],
    ) -> None:
        self.width = width
        self.height = height
        self._exists = exists
        self._east = east
        self._south = south
        self._nb_vertices = exists.count(1)
        self._nb_edges = None
        self._vertices = None
        self._states = [None] * (width * height)
        self._hash = None
        self.cheese = frozenset(self._check_cell(c, "cheese cell") for c in cheese)

    @classmethod
    def _from_arrays(
        cls,
        width: int,
        height: int,
        exists: bytearray,
        east: list[int],
        south: list[int],
        cheese: Iterable[int] = (),
    ) -> Maze:
        """Build a maze from already valid arrays (no edge validation); for generators."""
        maze = cls.__new__(cls)
        maze._init(width, height, exists, east, south, cheese)
        return maze

    @classmethod
    def generate(
        cls,
        width: int = 15,
        height: int = 13,
        *,
        cell_percentage: float = 80.0,
        wall_percentage: float = 60.0,
        mud_percentage: float = 20.0,
        mud_range: tuple[int, int] | None = (4, 9),
        algorithm: Algorithm = "big_holes",
        nb_cheese: int = 0,
        player_cells: Iterable[int] = (),
        seed: int | random.Random | None = None,
    ) -> Maze:
        """A random connected maze, generated as PyRat does; see ``generate_maze``."""
        from games.maze.generate import generate_maze

        return generate_maze(
            width,
            height,
            cell_percentage=cell_percentage,
            wall_percentage=wall_percentage,
            mud_percentage=mud_percentage,
            mud_range=mud_range,
            algorithm=algorithm,
            nb_cheese=nb_cheese,
            player_cells=player_cells,
            seed=seed,
        )

    @classmethod
    def from_graph(
        cls,
        graph: Mapping[int, Mapping[int, int]] | Any,
        width: int | None = None,
        height: int | None = None,
        *,
        cheese: Iterable[int] = (),
    ) -> Maze:
        """A maze from PyRat's ``{cell: {neighbour: weight}}`` or a networkx graph.

        See ``games.maze.io.maze_from_graph`` for the rules and the inference of ``width``.
        """
        from games.maze.io import maze_from_graph

        return maze_from_graph(graph, width, height, cheese=cheese)

    @classmethod
    def from_matrix(
        cls,
        matrix: Any,
        width: int | None = None,
        height: int | None = None,
        *,
        cheese: Iterable[int] = (),
    ) -> Maze:
        """A maze from a dense ``(W*H) x (W*H)`` weight matrix (0 = no edge), as in PyRat."""
        from games.maze.io import maze_from_matrix

        return maze_from_matrix(matrix, width, height, cheese=cheese)

    @classmethod
    def from_ascii(cls, text: str) -> Maze:
        """A maze drawn in text; the format is documented in ``games.maze.io.parse_ascii``.

        Examples:
            >>> Maze.from_ascii('''
            ...     +---+---+---+
            ...     |   3 * |###|
            ...     +---+---+---+
            ... ''').to_dict()
            {0: {1: 3}, 1: {0: 3}}
        """
        from games.maze.io import maze_from_ascii

        return maze_from_ascii(text)

    def with_cheese(self, cheese: Iterable[int]) -> Maze:
        """The same maze with another set of cheese (the walls are shared, not copied)."""
        return Maze._from_arrays(
            self.width, self.height, self._exists, self._east, self._south, cheese
        )

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

    def i_to_rc(self, cell: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell index of the grid (holes included)."""
        c = as_int(cell, "cell")
        if not 0 <= c < self.width * self.height:
            raise InvalidArgumentError(
                f"cell {cell!r} is outside the {self.width}x{self.height} grid "
                f"(cells are 0..{self.width * self.height - 1})"
            )
        return divmod(c, self.width)

    def rc_to_i(self, row: int, col: int) -> int:
        """The cell index of ``(row, col)`` in the grid (holes included)."""
        r, c = as_int(row, "row"), as_int(col, "col")
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise InvalidArgumentError(
                f"(row, col) = ({row!r}, {col!r}) is outside the {self.width}x{self.height} "
                f"grid (rows 0..{self.height - 1}, cols 0..{self.width - 1})"
            )
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

    def nearest_cell(self, row: int, col: int) -> int:
        """The existing cell closest to ``(row, col)`` (Euclidean; ties: smallest index).

        This is how PyRat places a player whose requested start cell is a hole.
        """
        r, c = as_int(row, "row"), as_int(col, "col")
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

    def _step_cost(self, state: Any, child: Any) -> int:
        """Weight of the edge between two states' cells (a move's cost; no cell checks)."""
        weight = self._weight_or_zero(state.cell, child.cell)
        if not weight:
            raise InvalidArgumentError(
                f"{child!r} is not a child of {state!r}: there is no edge between cells "
                f"{state.cell} and {child.cell}"
            )
        return weight

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

    # -- states ---------------------------------------------------------------------------
    def _state(self, cell: int) -> MazeCell:
        s = self._states[cell]
        if s is None:
            s = self._states[cell] = MazeCell(self, cell)
        return s

    def _children_of(self, cell: int) -> tuple[MazeCell, ...]:
        # Unrolled on purpose (not built on _neighbour_list): this runs once per cell of the
        # first traversal of a large maze, and the shared version measured 15% slower there.
        w, east, south, states = self.width, self._east, self._south, self._states
        out = []
        if south[cell - w]:
            s = states[cell - w]
            out.append(s if s is not None else self._state(cell - w))
        if east[cell - 1]:
            s = states[cell - 1]
            out.append(s if s is not None else self._state(cell - 1))
        if east[cell]:
            s = states[cell + 1]
            out.append(s if s is not None else self._state(cell + 1))
        if south[cell]:
            s = states[cell + w]
            out.append(s if s is not None else self._state(cell + w))
        return tuple(out)

    def start(self, cell: int) -> MazeCell:
        """The state of a player standing on ``cell`` (shared: same cell, same object)."""
        return self._state(self._check_cell(cell))

    def tour(self, cell: int) -> TourState:
        """The state of a player on ``cell`` who must eat every cheese of the maze.

        Its key is ``(cell, remaining_cheese)``; it is terminal when no cheese is left. A
        cheese on the start cell counts as eaten at once.
        """
        from games.maze.cheese import TourState

        c = self._check_cell(cell)
        return TourState(self, c, self.cheese.difference((c,)))

    # -- dunder ---------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self.width == other.width
            and self.height == other.height
            and self._exists == other._exists
            and self._east == other._east
            and self._south == other._south
            and self.cheese == other.cheese
        )

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(
                (
                    self.width,
                    self.height,
                    bytes(self._exists),
                    tuple(self._east),
                    tuple(self._south),
                    self.cheese,
                )
            )
        return self._hash

    def __repr__(self) -> str:
        return (
            f"<Maze {self.width}x{self.height}: {self._nb_vertices} cells, "
            f"{self.nb_edges} edges, {len(self.cheese)} cheese>"
        )

    def __str__(self) -> str:
        from games.maze.io import to_ascii

        return to_ascii(self)


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
    if weight < 1:
        raise InvalidArgumentError(
            f"edge ({u!r}, {v!r}) has weight {weight!r}; weights are turns to cross, an int >= 1"
        )
    a, b = (u, v) if u < v else (v, u)
    if b - a == 1 and b % width:
        store, index = east, a
    elif b - a == width:
        store, index = south, a
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
