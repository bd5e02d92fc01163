"""Mazes in and out: PyRat's dict of dicts, dense matrices, networkx graphs and ASCII drawings."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.maze.model import Maze, as_int
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
            int >= 1, or two cells that are not 4-neighbours.
        ImportError: ``graph`` looks like a networkx graph but networkx is not installed.
    """
    adjacency = graph if isinstance(graph, Mapping) else _networkx_adjacency(graph)
    cells: list[int] = []
    for v, nbrs in adjacency.items():
        cell = as_int(v, "a cell of the graph")
        if cell < 0:
            raise InvalidArgumentError(f"cells are ints >= 0, got {v!r}")
        if not isinstance(nbrs, Mapping):
            raise InvalidArgumentError(
                f"the neighbours of cell {v!r} must be a mapping {{neighbour: weight}}, "
                f"got {nbrs!r}"
            )
        cells.append(cell)
    edges: list[tuple[int, int, int]] = []
    for v, nbrs in adjacency.items():
        for n, w in nbrs.items():
            if n not in adjacency:
                raise InvalidArgumentError(
                    f"cell {v!r} lists neighbour {n!r}, which is not a cell of the graph "
                    "(every cell needs its own entry)"
                )
            weight = as_int(w, f"the weight of edge ({v!r}, {n!r})")
            back = adjacency[n].get(v)
            if back is None:
                raise InvalidArgumentError(
                    f"edge ({v!r}, {n!r}) is one-way: cell {n!r} does not list {v!r}; maze "
                    "passages go both ways"
                )
            if back != w:
                raise InvalidArgumentError(
                    f"edge ({v!r}, {n!r}) has weight {w!r} one way and {back!r} the other; "
                    "weights must be symmetric"
                )
            if v < n:
                edges.append((int(v), int(n), weight))
    if width is None:
        spans = [b - a for a, b, _ in edges]
        width = max(spans) if spans else max(cells, default=0) + 1
    width = as_int(width, "width")
    if width < 1:
        raise InvalidArgumentError(f"width must be >= 1, got {width!r}")
    if height is None:
        height = max(cells, default=0) // width + 1
    return Maze(width, height, edges, cells=cells, cheese=cheese)


def _networkx_adjacency(graph: Any) -> dict[Any, dict[Any, Any]]:
    if not (hasattr(graph, "adj") and hasattr(graph, "nodes")):
        raise InvalidArgumentError(
            "graph must be a dict of dicts {cell: {neighbour: weight}} or a networkx graph, "
            f"got {graph!r}"
        )
    try:
        import networkx as nx
    except ImportError:
        raise ImportError(
            f"reading a {type(graph).__name__} as a maze needs networkx, which is not "
            "installed: pip install networkx"
        ) from None
    if not isinstance(graph, nx.Graph) or graph.is_multigraph():
        raise InvalidArgumentError(
            f"a networkx graph must be a simple Graph (not a multigraph), got {graph!r}"
        )
    return {v: {n: data.get("weight", 1) for n, data in graph.adj[v].items()} for v in graph}


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
            weights, a size that is not ``width * height``, or non-adjacent cells.
    """
    import numpy as np

    arr = np.asarray(matrix)
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] == 0:
        raise InvalidArgumentError(
            f"the matrix must be square and non-empty, got shape {arr.shape!r}"
        )
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise InvalidArgumentError(f"the matrix must hold numbers, got dtype {arr.dtype}")
    if not np.array_equal(arr, np.round(arr)):
        u, v = np.argwhere(arr != np.round(arr))[0]
        bad = arr[u, v].item()
        raise InvalidArgumentError(f"weights must be integers; entry ({u}, {v}) is {bad!r}")
    if (arr < 0).any():
        u, v = np.argwhere(arr < 0)[0]
        bad = arr[u, v].item()
        raise InvalidArgumentError(f"weights must be >= 0; entry ({u}, {v}) is {bad!r}")
    if not np.array_equal(arr, arr.T):
        u, v = np.argwhere(arr != arr.T)[0]
        raise InvalidArgumentError(
            f"the matrix must be symmetric: entry ({u}, {v}) is {arr[u, v].item()!r} but "
            f"({v}, {u}) is {arr[v, u].item()!r}"
        )
    size = arr.shape[0]
    us, vs = np.nonzero(np.triu(arr))
    edges = [(int(u), int(v), int(arr[u, v])) for u, v in zip(us, vs, strict=True)]
    cells = [int(i) for i in np.flatnonzero(arr.any(axis=1))]
    if width is None:
        if not edges:
            raise InvalidArgumentError("the matrix has no edge: pass width explicitly")
        width = max(v - u for u, v, _ in edges)
    width = as_int(width, "width")
    if width < 1 or size % width:
        raise InvalidArgumentError(
            f"width {width!r} does not divide the matrix size {size}; the matrix of a "
            "W x H maze is (W*H) x (W*H)"
        )
    if height is None:
        height = size // width
    if as_int(height, "height") * width != size:
        raise InvalidArgumentError(
            f"a {width}x{height!r} maze has a {width * height}x{width * height} matrix, got "
            f"{size}x{size}"
        )
    return Maze(width, height, edges, cells=cells, cheese=cheese)


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
    raw = [line.rstrip() for line in textwrap.dedent(text).splitlines()]
    while raw and not raw[0]:
        raw.pop(0)
    while raw and not raw[-1]:
        raw.pop()
    if len(raw) < 3 or len(raw) % 2 == 0 or not raw[0].startswith("+"):
        raise InvalidArgumentError(
            "a maze drawing needs an odd number (>= 3) of lines, starting with a boundary "
            f"line like '+---+'; got {len(raw)} line(s)"
        )
    if (len(raw[0]) - 1) % 4 or len(raw[0]) < 5:
        raise InvalidArgumentError(
            f"the first line {raw[0]!r} must be '+' then 4 characters per cell ('---+')"
        )
    width = (len(raw[0]) - 1) // 4
    height = (len(raw) - 1) // 2
    span = 4 * width + 1
    for number, line in enumerate(raw, 1):
        if len(line) > span:
            raise InvalidArgumentError(
                f"line {number} {line!r} is longer than the first line ({span} characters)"
            )
    lines = [line.ljust(span) for line in raw]
    for r in range(0, len(lines), 2):
        for c in range(0, span, 4):
            if lines[r][c] != "+":
                raise InvalidArgumentError(
                    f"line {r + 1}, column {c + 1}: expected a '+' corner (every 4 "
                    f"characters on boundary lines), got {lines[r][c]!r}"
                )

    exists = bytearray(width * height)
    cheese: list[int] = []
    markers: dict[str, list[int]] = {}
    for r in range(height):
        line = lines[2 * r + 1]
        for c in range(width):
            content = line[4 * c + 1 : 4 * c + 4].strip()
            cell = r * width + c
            if content in ("#", "###"):
                continue
            exists[cell] = 1
            if content == "*":
                cheese.append(cell)
            elif len(content) == 1 and content.isalpha():
                markers.setdefault(content, []).append(cell)
            elif content:
                raise InvalidArgumentError(
                    f"line {2 * r + 2}, column {4 * c + 2}: cell content {content!r} is not "
                    "one of ' ' (cell), '#' (hole), '*' (cheese) or a letter (marker)"
                )

    east = [0] * (width * height)
    south = [0] * (width * height)
    for r in range(height):
        line = lines[2 * r + 1]
        for c in range(width + 1):
            a = r * width + c - 1 if c > 0 else -1
            b = r * width + c if c < width else -1
            w = _boundary(line[4 * c], 2 * r + 2, 4 * c + 1, vertical=True)
            _store(w, a, b, exists, east, a, 2 * r + 2, 4 * c + 1)
    for r in range(height + 1):
        line = lines[2 * r]
        for c in range(width):
            a = (r - 1) * width + c if r > 0 else -1
            b = r * width + c if r < height else -1
            w = _boundary(line[4 * c + 1 : 4 * c + 4], 2 * r + 1, 4 * c + 2, vertical=False)
            _store(w, a, b, exists, south, a, 2 * r + 1, 4 * c + 2)
    maze = Maze._from_arrays(width, height, exists, east, south, cheese)
    return AsciiMaze(maze, {k: tuple(v) for k, v in sorted(markers.items())})


def _boundary(chars: str, line: int, column: int, *, vertical: bool) -> int:
    """Decode one boundary: 0 wall, 1 passage, 2..9 mud."""
    s = chars.strip()
    if not s:
        return 1
    if (vertical and s == "|") or (not vertical and set(s) == {"-"}):
        return 0
    if len(s) == 1 and s in "23456789":
        return int(s)
    expected = "'|', ' ' or a digit 2-9" if vertical else "'---', spaces or a digit 2-9"
    raise InvalidArgumentError(
        f"line {line}, column {column}: boundary {chars!r} is not {expected}"
    )


def _store(
    weight: int,
    a: int,
    b: int,
    exists: bytearray,
    store: list[int],
    index: int,
    line: int,
    column: int,
) -> None:
    both = a >= 0 and b >= 0 and exists[a] and exists[b]
    if both:
        store[index] = weight
    elif weight > 1:
        raise InvalidArgumentError(
            f"line {line}, column {column}: mud of weight {weight} beside a hole or on the "
            "outer frame leads nowhere"
        )


def maze_from_ascii(text: str) -> Maze:
    """Read a maze drawn in text (see ``parse_ascii``); letter markers are refused."""
    parsed = parse_ascii(text)
    if parsed.markers:
        raise InvalidArgumentError(
            f"the drawing has markers {sorted(parsed.markers)!r}, which a plain Maze does not "
            "use; read it with games.maze.parse_ascii (or a game such as DrillMaze.from_ascii)"
        )
    return parsed.maze


def to_ascii(maze: Maze, markers: Mapping[str, Iterable[int]] | None = None) -> str:
    """Draw ``maze`` in the format of ``parse_ascii`` (cheese as ``*``, holes as ``###``).

    Raises:
        InvalidArgumentError: a mud weight above 9, a marker that is not one letter, or two
            symbols on one cell.
    """
    width, height = maze.width, maze.height
    symbols: dict[int, str] = {c: "*" for c in maze.cheese}
    for letter, cells in (markers or {}).items():
        if len(letter) != 1 or not letter.isalpha():
            raise InvalidArgumentError(f"a marker must be one letter, got {letter!r}")
        for cell in cells:
            c = maze._check_cell(cell, f"marker {letter!r} cell")
            if c in symbols:
                raise InvalidArgumentError(
                    f"cell {c} would show both {symbols[c]!r} and {letter!r}"
                )
            symbols[c] = letter

    def mud(u: int, v: int) -> str:
        w = maze._weight_or_zero(u, v) if u in maze and v in maze else 0
        if w > 9:
            raise InvalidArgumentError(
                f"edge ({u}, {v}) has weight {w}; the ASCII format holds weights up to 9"
            )
        return "" if w == 0 else " " if w == 1 else str(w)

    out = []
    for r in range(height + 1):
        parts = ["+"]
        for c in range(width):
            if 0 < r < height:
                w = mud((r - 1) * width + c, r * width + c)
                parts.append("---" if not w else f" {w.strip()} " if w.strip() else "   ")
            else:
                parts.append("---")
            parts.append("+")
        out.append("".join(parts))
        if r == height:
            break
        parts = []
        for c in range(width):
            cell = r * width + c
            w = mud(cell - 1, cell) if c > 0 else ""
            parts.append(w or "|")
            parts.append("###" if cell not in maze else f" {symbols.get(cell, ' ')} ")
        parts.append("|")
        out.append("".join(parts))
    return "\n".join(out)
