"""The maze and the states that searches walk on it: ``Maze``, ``MazeCell``, ``TourState``.

A ``Maze`` is a ``games.maze.grid.Grid`` (cells, passages, mud; coordinates always
``(row, col)``, sizes ``(width, height)``) with cheese. It builds its states and reads or
makes itself through the lower modules: ``carve`` (PyRat's random mazes) and ``formats``
(graphs, matrices, ASCII drawings), which never import this module. The public names of
both end this module: ``generate_maze``, ``maze_from_graph``, ``maze_from_matrix``,
``maze_from_ascii``, ``parse_ascii`` (``AsciiMaze``) and ``to_ascii``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.maze.carve import Algorithm, carve
from games.maze.formats import draw_ascii, graph_edges, matrix_edges, read_ascii
from games.maze.grid import Edge, Grid, as_int, as_iterable
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

# as_int lives in grid; it stays importable from here, where render and explore find it.
__all__ = [
    "AsciiMaze",
    "Maze",
    "MazeCell",
    "TourState",
    "as_int",
    "check_maze",
    "generate_maze",
    "maze_from_ascii",
    "maze_from_graph",
    "maze_from_matrix",
    "parse_ascii",
    "to_ascii",
]


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


class TourState(TreeIterator):
    """A player on ``cell`` with the cheese still to eat; terminal when none is left.

    Children move to each reachable neighbour (increasing cell order) and eat the cheese
    found there on arrival; once every cheese is eaten the game is over (no children).
    ``key()`` is ``(cell, remaining)`` so graph searches treat "same cell, same cheese
    left" as one node; ``step_cost`` is the edge weight (mud). Build it with
    ``maze.tour(cell)``.
    """

    __slots__ = ("cell", "maze", "remaining")

    def __init__(self, maze: Maze, cell: int, remaining: frozenset[int]) -> None:
        self.maze = maze
        self.cell = cell
        self.remaining = remaining

    def get_children(self) -> tuple[TourState, ...]:
        """One state per reachable neighbour (eating the cheese there); none once all is eaten."""
        maze, rem = self.maze, self.remaining
        if not rem:
            return ()
        return tuple(
            TourState(maze, n, rem.difference((n,)) if n in rem else rem)
            for n in maze._neighbour_list(self.cell)
        )

    def is_terminal(self) -> bool:
        """True when every cheese has been eaten."""
        return not self.remaining

    def key(self) -> tuple[int, frozenset[int]]:
        """``(cell, remaining_cheese)``."""
        return self.cell, self.remaining

    def step_cost(self, child: TourState) -> int:
        """Turns to reach ``child``: the weight of the edge between the two cells."""
        return self.maze._step_cost(self, child)

    @property
    def eaten(self) -> int:
        """Number of cheese of the maze already eaten."""
        return len(self.maze.cheese) - len(self.remaining)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TourState):
            return NotImplemented
        return (
            self.maze is other.maze
            and self.cell == other.cell
            and self.remaining == other.remaining
        )

    def __hash__(self) -> int:
        return hash((self.cell, self.remaining))

    def __repr__(self) -> str:
        return f"TourState(cell={self.cell}, remaining={sorted(self.remaining)})"


class Maze(Grid):
    """A PyRat-style maze: existing cells of a grid, walls, mud and cheese.

    Sizes are ``(width, height)`` everywhere; a cell is ``row * width + col`` and its
    coordinates are ``(row, col)`` (``i_to_rc``, ``rc_to_i``, ``nearest_cell(row=, col=)``).

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
            4-neighbours (or one cell twice: a self-loop), or a weight that is not an int
            >= 1.

    Examples:
        >>> maze = Maze(3, 1, [(0, 1), (1, 2, 4)])
        >>> maze.neighbours(1), maze.weight(1, 2)
        ([0, 2], 4)
        >>> [c.key() for c in maze.start(0).get_children()]
        [1]
    """

    __slots__ = ("_hash", "_states", "cheese")

    cheese: frozenset[int]
    _states: list[MazeCell | None]
    _hash: int | None

    def __init__(
        self,
        width: int,
        height: int,
        edges: Iterable[Edge] = (),
        *,
        cells: Iterable[int] | None = None,
        cheese: Iterable[int] = (),
    ) -> None:
        super().__init__(width, height, edges, cells=cells)
        self._init_maze(cheese)

    # -- construction ---------------------------------------------------------------------
    def _init_maze(self, cheese: Iterable[int]) -> None:
        self._states = [None] * (self.width * self.height)
        self._hash = None
        self.cheese = frozenset(
            self._check_cell(c, "cheese cell") for c in as_iterable(cheese, "cheese")
        )

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
        maze._set_arrays(width, height, exists, east, south)
        maze._init_maze(cheese)
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
        """A random connected maze, generated as PyRat does (see ``games.maze.carve``).

        Args:
            width: number of columns.
            height: number of rows.
            cell_percentage: share of grid cells that exist, in [0, 100]; at least 2 cells.
            wall_percentage: share of the non-spanning-tree edges turned into walls, in
                [0, 100].
            mud_percentage: share of the remaining edges made muddy, in [0, 100].
            mud_range: inclusive ``(min, max)`` mud weight, ``2 <= min <= max``; may be None
                when ``mud_percentage`` is 0.
            algorithm: ``"big_holes"``, ``"uniform_holes"`` or ``"holes_on_side"``.
            nb_cheese: pieces of cheese to place, drawn after the maze (so changing it never
                changes the walls).
            player_cells: cells that must not hold cheese (players' start cells).
            seed: seed of the ``random.Random`` that drives everything (or such an object);
                None draws a fresh seed from the operating system.

        Raises:
            InvalidArgumentError: a percentage outside [0, 100], a bad ``mud_range``, an
                unknown algorithm, fewer than 2 cells, or more cheese than free cells.

        Examples:
            >>> maze = Maze.generate(7, 5, nb_cheese=2, seed=3)
            >>> maze.width, maze.height, maze.is_connected(), len(maze.cheese)
            (7, 5, True, 2)
        """
        arrays, cheese = carve(
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
        return cls._from_arrays(*arrays, cheese)

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

        See ``maze_from_graph`` for the rules and the inference of ``width``.
        """
        w, h, edges, cells = graph_edges(graph, width, height)
        return cls(w, h, edges, cells=cells, cheese=cheese)

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
        w, h, edges, cells = matrix_edges(matrix, width, height)
        return cls(w, h, edges, cells=cells, cheese=cheese)

    @classmethod
    def from_ascii(cls, text: str) -> Maze:
        """A maze drawn in text; the format is documented in ``parse_ascii``.

        Examples:
            >>> Maze.from_ascii('''
            ...     +---+---+---+
            ...     |   3 * |###|
            ...     +---+---+---+
            ... ''').to_dict()
            {0: {1: 3}, 1: {0: 3}}
        """
        arrays, cheese, markers = read_ascii(text)
        if markers:
            raise InvalidArgumentError(
                f"the drawing has markers {sorted(markers)!r}, which a plain Maze does not "
                "use; read it with games.maze.parse_ascii (or a game such as "
                "DrillMaze.from_ascii)"
            )
        return cls._from_arrays(*arrays, cheese)

    def with_cheese(self, cheese: Iterable[int]) -> Maze:
        """The same maze with another set of cheese (the walls are shared, not copied)."""
        return Maze._from_arrays(
            self.width, self.height, self._exists, self._east, self._south, cheese
        )

    # -- states ---------------------------------------------------------------------------
    def _step_cost(self, state: Any, child: Any) -> int:
        """Weight of the edge between two states' cells (a move's cost; no cell checks)."""
        weight = self._weight_or_zero(state.cell, child.cell)
        if not weight:
            raise InvalidArgumentError(
                f"{child!r} is not a child of {state!r}: there is no edge between cells "
                f"{state.cell} and {child.cell}"
            )
        return weight

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
        return draw_ascii(self, self.cheese)


def check_maze(maze: object, caller: str) -> Maze:
    """``maze`` if it is a ``Maze``; else an error saying what ``caller`` needs.

    Raises:
        InvalidArgumentError: naming the bad value.
    """
    if not isinstance(maze, Maze):
        raise InvalidArgumentError(f"{caller} needs a games.maze.Maze, got {maze!r}")
    return maze


# -- the public names: a random maze and the formats ----------------------------------------
generate_maze = Maze.generate
"""``Maze.generate`` under its PyRat name: a random connected maze (documented there)."""


# -- graphs -------------------------------------------------------------------------------
def maze_from_graph(
    graph: Mapping[int, Mapping[int, int]] | Any,
    width: int | None = None,
    height: int | None = None,
    *,
    cheese: Iterable[int] = (),
) -> Maze:
    """Build a maze from ``{cell: {neighbour: weight}}`` or a networkx graph.

    The cells are the keys (networkx: the nodes); a networkx edge without a ``weight``
    attribute weighs 1. ``width`` defaults to the largest ``|u - v|`` over the edges (a
    vertical edge spans exactly one row), or to ``max(cell) + 1`` (one row) when there is no
    edge; pass it when the maze may have no vertical edge. ``height`` defaults to the
    fewest rows holding every cell.

    Raises:
        InvalidArgumentError: a cell that is not an int >= 0, a neighbour that is not a
            cell, an edge given one way only or with two weights, a weight that is not an
            int >= 1, two cells that are not 4-neighbours, or a cell that lists itself (a
            self-loop).
        ImportError: ``graph`` looks like a networkx graph but networkx is not installed.
    """
    return Maze.from_graph(graph, width, height, cheese=cheese)


def maze_from_matrix(
    matrix: Any,
    width: int | None = None,
    height: int | None = None,
    *,
    cheese: Iterable[int] = (),
) -> Maze:
    """Build a maze from a dense ``(W*H) x (W*H)`` weight matrix (0 = no edge).

    As in PyRat the cells are the rows with at least one non-zero entry, and ``width``
    defaults to the largest ``|u - v|`` over the edges.

    Raises:
        InvalidArgumentError: not a square matrix, negative, non-integer or asymmetric
            weights, a non-zero diagonal entry (a self-loop), a size that is not
            ``width * height``, or non-adjacent cells.
    """
    return Maze.from_matrix(matrix, width, height, cheese=cheese)


# -- ASCII --------------------------------------------------------------------------------
@dataclass(frozen=True)
class AsciiMaze:
    """What ``parse_ascii`` read: the maze and the cells of each letter marker.

    Attributes:
        maze: the maze (with the ``*`` cells as cheese).
        markers: ``{letter: cells}``, cells increasing, for every letter drawn in a cell.
    """

    maze: Maze
    markers: Mapping[str, tuple[int, ...]]


def parse_ascii(text: str) -> AsciiMaze:
    """Read a maze drawn in text, with letter markers for game-specific cells.

    Every cell is 3 characters wide between ``+`` corners placed every 4 characters;
    lines alternate between boundary lines (``+---+``) and cell lines (``|   |``):

    - a horizontal boundary is ``---`` (wall), 3 spaces (passage) or a digit such as
      `` 3 `` (mud: 3 turns); a vertical boundary is ``|``, a space or a digit;
    - a cell holds spaces (a plain cell), ``#`` or ``###`` (a hole: no cell there),
      ``*`` (cheese) or one letter (a marker, e.g. ``S`` start, ``E`` exit, ``D`` drill);
    - boundaries beside holes or on the outer frame may be walls or spaces, not mud.

    Common indentation and trailing spaces are ignored. Example (cells 0..5, width 3)::

        +---+---+---+
        | S 3 * |###|
        +   +---+---+
        |       2 E |
        +---+---+---+

    Cells 0 and 1 are joined by mud of weight 3, cell 2 is a hole, 0 and 3 and then 3 and
    4 by passages, 4 and 5 by mud of weight 2; cell 1 holds cheese; and
    ``markers == {"E": (5,), "S": (0,)}``.

    Raises:
        InvalidArgumentError: misaligned corners, ragged lines, unknown symbols, or mud
            beside a hole or on the outer frame; the message gives the line and column.
    """
    arrays, cheese, markers = read_ascii(text)
    return AsciiMaze(Maze._from_arrays(*arrays, cheese), markers)


def maze_from_ascii(text: str) -> Maze:
    """Read a maze drawn in text (see ``parse_ascii``); letter markers are refused."""
    return Maze.from_ascii(text)


def to_ascii(maze: Maze, markers: Mapping[str, Iterable[int]] | None = None) -> str:
    """Draw ``maze`` in the format of ``parse_ascii`` (cheese as ``*``, holes as ``###``).

    Raises:
        InvalidArgumentError: a mud weight above 9, a marker that is not one letter, or two
            symbols on one cell.
    """
    checked = check_maze(maze, "to_ascii")
    return draw_ascii(checked, checked.cheese, markers)
