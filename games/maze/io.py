"""Mazes in and out: PyRat's dict of dicts, dense matrices, networkx graphs and ASCII drawings.

The public functions of the formats; the readers and the drawer themselves are in
``games.maze.convert`` (below ``model``, so that the ``Maze`` constructors can use them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.maze.convert import draw_ascii, read_ascii
from games.maze.grid import as_iterable
from games.maze.model import Maze, check_maze
from treesearch.errors import InvalidArgumentError

__all__ = [
    "AsciiMaze",
    "maze_from_ascii",
    "maze_from_graph",
    "maze_from_matrix",
    "parse_ascii",
    "to_ascii",
]


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
    symbols: dict[int, str] = dict.fromkeys(check_maze(maze, "to_ascii").cheese, "*")
    if markers is not None and not isinstance(markers, Mapping):
        raise InvalidArgumentError(
            f"markers must map letters to cells, e.g. {{'S': [0]}}, got {markers!r}"
        )
    for letter, cells in (markers or {}).items():
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
            raise InvalidArgumentError(f"a marker must be one letter, got {letter!r}")
        for cell in as_iterable(cells, f"marker {letter!r}"):
            c = maze._check_cell(cell, f"marker {letter!r} cell")
            if c in symbols:
                raise InvalidArgumentError(
                    f"cell {c} would show both {symbols[c]!r} and {letter!r}"
                )
            symbols[c] = letter
    return draw_ascii(maze, symbols)
