"""The maze formats: PyRat's dict of dicts, networkx graphs, dense matrices and ASCII drawings.

Each reader validates its input and returns the pieces of a grid (sizes, then edges and
cells, or the edge arrays, with the cheese and markers of a drawing); the writer draws a grid
with its cheese and markers. They know grids only: ``games.maze.model.Maze`` builds itself
from them (``Maze.from_graph``, ``from_matrix``, ``from_ascii``, ``str(maze)``) and gives
them their public names (``maze_from_graph``, ``parse_ascii``, ``to_ascii``, ...), so imports
go one way, formats below the maze.
"""

from __future__ import annotations

import reprlib
import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from games.maze.grid import Grid, GridArrays, as_int, as_iterable, grid_size
from treesearch.errors import InvalidArgumentError

__all__ = ["draw_ascii", "graph_edges", "matrix_edges", "read_ascii"]

Edges = list[tuple[int, int, int]]


# -- graphs -------------------------------------------------------------------------------
def graph_edges(
    graph: Mapping[int, Mapping[int, int]] | Any, width: int | None, height: int | None
) -> tuple[int, int, Edges, list[int]]:
    """``(width, height, edges, cells)`` of ``{cell: {neighbour: weight}}`` or a networkx graph.

    See ``games.maze.maze_from_graph`` for the rules and the inference of the sizes.
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
    edges: Edges = []
    for v, nbrs in adjacency.items():
        for n, w in nbrs.items():
            if n == v:
                raise InvalidArgumentError(
                    f"cell {v!r} lists itself as a neighbour (a self-loop); a maze passage "
                    "joins two different cells"
                )
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
    width, height = grid_size(width, height)
    return width, height, edges, cells


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


# -- matrices -----------------------------------------------------------------------------
def matrix_edges(
    matrix: Any, width: int | None, height: int | None
) -> tuple[int, int, Edges, list[int]]:
    """``(width, height, edges, cells)`` of a dense ``(W*H) x (W*H)`` weight matrix.

    See ``games.maze.maze_from_matrix`` for the rules.
    """
    import numpy as np

    arr = np.asarray(matrix)
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] == 0:
        raise InvalidArgumentError(
            f"the matrix must be square and non-empty, got shape {arr.shape!r}: "
            f"{reprlib.repr(matrix)}"
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
    loops = np.flatnonzero(np.diagonal(arr))
    if loops.size:
        c = int(loops[0])
        raise InvalidArgumentError(
            f"entry ({c}, {c}) is {arr[c, c].item()!r}: a self-loop on cell {c}; the diagonal "
            "must be 0, a maze passage joins two different cells"
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
    return width, height, edges, cells


# -- ASCII --------------------------------------------------------------------------------
def read_ascii(text: str) -> tuple[GridArrays, list[int], dict[str, tuple[int, ...]]]:
    """``(arrays, cheese, markers)`` of a drawing; the format is ``games.maze.parse_ascii``'s."""
    lines, width, height = _ascii_lines(text)
    exists, cheese, markers = _ascii_cells(lines, width, height)
    east, south = _ascii_walls(lines, width, height, exists)
    arrays = (width, height, exists, east, south)
    return arrays, cheese, {k: tuple(v) for k, v in sorted(markers.items())}


def _ascii_lines(text: str) -> tuple[list[str], int, int]:
    """The drawing's lines padded to one width, and its size in cells, checked."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"a maze drawing must be text, got {text!r}")
    drawn = textwrap.dedent(text).splitlines()
    while drawn and not drawn[0].strip():
        drawn.pop(0)
    while drawn and not drawn[-1].strip():
        drawn.pop()
    raw = [line.rstrip() for line in drawn]
    if len(raw) < 3 or len(raw) % 2 == 0 or not raw[0].startswith("+"):
        raise InvalidArgumentError(
            "a maze drawing needs an odd number (>= 3) of lines, starting with a boundary "
            f"line like '+---+'; got {len(raw)} line(s): {reprlib.repr(text)}"
        )
    if (len(raw[0]) - 1) % 4 or len(raw[0]) < 5:
        raise InvalidArgumentError(
            f"the first line {raw[0]!r} must be '+' then 4 characters per cell ('---+')"
        )
    width = (len(raw[0]) - 1) // 4
    height = (len(raw) - 1) // 2
    span = 4 * width + 1
    for number, (line, full) in enumerate(zip(raw, drawn, strict=True), 1):
        if len(line) > span:
            raise InvalidArgumentError(
                f"line {number} {line!r} is longer than the first line ({span} characters)"
            )
        if len(full) < span:  # trailing spaces drawn to the frame are fine; missing ones not
            raise InvalidArgumentError(
                f"line {number} {line!r} is shorter than the first line ({span} characters): "
                "draw every cell and boundary up to the right frame ('|', or spaces)"
            )
    lines = [line.ljust(span) for line in raw]
    for r in range(0, len(lines), 2):
        for c in range(0, span, 4):
            if lines[r][c] != "+":
                raise InvalidArgumentError(
                    f"line {r + 1}, column {c + 1}: expected a '+' corner (every 4 "
                    f"characters on boundary lines), got {lines[r][c]!r}"
                )
    return lines, width, height


def _ascii_cells(
    lines: list[str], width: int, height: int
) -> tuple[bytearray, list[int], dict[str, list[int]]]:
    """Which cells exist (not holes), the cheese, and the lettered markers."""
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
    return exists, cheese, markers


def _ascii_walls(
    lines: list[str], width: int, height: int, exists: bytearray
) -> tuple[list[int], list[int]]:
    """Each cell's east and south boundary codes (0 wall, 1 passage, 2..9 mud)."""
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
    return east, south


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


def draw_ascii(
    grid: Grid, cheese: Iterable[int] = (), markers: Mapping[str, Iterable[int]] | None = None
) -> str:
    """Draw ``grid`` in the format of ``read_ascii``: cheese as ``*``, holes as ``###``.

    Raises:
        InvalidArgumentError: a mud weight above 9, a marker that is not one letter, or two
            symbols on one cell.
    """
    symbols = _symbols(grid, cheese, markers)
    width, height = grid.width, grid.height

    def mud(u: int, v: int) -> str:
        w = grid._weight_or_zero(u, v) if u in grid and v in grid else 0
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
            parts.append("###" if cell not in grid else f" {symbols.get(cell, ' ')} ")
        parts.append("|")
        out.append("".join(parts))
    return "\n".join(out)


def _symbols(
    grid: Grid, cheese: Iterable[int], markers: Mapping[str, Iterable[int]] | None
) -> dict[int, str]:
    """The symbol of each marked cell: ``*`` for cheese, else its marker's letter, checked."""
    symbols: dict[int, str] = dict.fromkeys(cheese, "*")
    if markers is not None and not isinstance(markers, Mapping):
        raise InvalidArgumentError(
            f"markers must map letters to cells, e.g. {{'S': [0]}}, got {markers!r}"
        )
    for letter, cells in (markers or {}).items():
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
            raise InvalidArgumentError(f"a marker must be one letter, got {letter!r}")
        for cell in as_iterable(cells, f"marker {letter!r}"):
            c = grid._check_cell(cell, f"marker {letter!r} cell")
            if c in symbols:
                raise InvalidArgumentError(
                    f"cell {c} would show both {symbols[c]!r} and {letter!r}"
                )
            symbols[c] = letter
    return symbols
