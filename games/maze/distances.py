"""Distances between many cells: what tours over many cheese need before searching.

- ``dijkstra(maze, source)``: turns (mud counted) from one cell, with its routing table,
  through ``treesearch.Dijkstra``.
- ``all_pairs(maze, sources)``: one single-source run per source (Dijkstra, or the
  framework's BFS when mud is ignored); cost ``O(k * E log V)`` for ``k`` sources, which is
  what a tour over ``k`` cheese needs.
- ``seidel(maze)``: every pair at once for moves (mud ignored), by Seidel's algorithm: the
  distances of the "squared" graph (edges between cells at most 2 apart) halve the
  problem, and one matrix product recovers the parity. ``O(V^omega log V)`` with numpy's
  matrix products, so it suits mazes of up to a few thousand cells.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from games.maze.grid import as_iterable
from games.maze.model import Maze, check_maze
from treesearch.best_first import Dijkstra
from treesearch.errors import InvalidArgumentError, UnreachableError
from treesearch.traversal import BFS

__all__ = ["DistanceMatrix", "all_pairs", "dijkstra", "seidel"]


def dijkstra(maze: Maze, source: int) -> tuple[dict[int, int], dict[int, int | None]]:
    """Turns needed to reach every reachable cell from ``source``, and the routing table.

    Runs ``treesearch.Dijkstra`` on ``maze.start(source)``. Ties go to the cell pushed first,
    so routes are deterministic.

    Returns:
        ``(distances, routing_table)``: ``routing_table[cell]`` is the previous cell on a
        cheapest route (None for the source).

    Raises:
        InvalidArgumentError: ``source`` is not a cell of the maze.
    """
    check_maze(maze, "dijkstra")
    result = Dijkstra(graph=True).run(maze.start(maze._check_cell(source, "source")))
    distances = {int(k): int(d) for k, d in (result.distances or {}).items()}  # type: ignore[call-overload]
    return distances, dict(result.routing_table or {})  # type: ignore[arg-type]


def all_pairs(
    maze: Maze, sources: Iterable[int] | None = None, *, weighted: bool = True
) -> dict[int, dict[int, int]]:
    """Distances from each source to every cell it reaches: ``{source: {cell: distance}}``.

    Args:
        maze: the maze.
        sources: the cells to start from (e.g. the player's cell and every cheese);
            None means every cell.
        weighted: True counts turns (mud included, Dijkstra); False counts moves (BFS
            through ``treesearch.BFS``).
    """
    check_maze(maze, "all_pairs")
    cells = (
        maze.vertices
        if sources is None
        else [maze._check_cell(s, "source") for s in as_iterable(sources, "sources")]
    )
    out: dict[int, dict[int, int]] = {}
    bfs = BFS(graph=True)
    for s in cells:
        if weighted:
            out[s] = dijkstra(maze, s)[0]
        else:
            result = bfs.run(maze.start(s))
            assert result.distances is not None  # maze states have keys
            out[s] = {int(k): int(d) for k, d in result.distances.items()}  # type: ignore[call-overload]
    return out


@dataclass(frozen=True, eq=False)
class DistanceMatrix:
    """Move counts between every pair of cells.

    Attributes:
        cells: the cells, increasing; row and column ``i`` belong to ``cells[i]``.
        matrix: ``int64`` array, ``matrix[i, j]`` the distance, -1 when unreachable.
    """

    cells: tuple[int, ...]
    matrix: np.ndarray

    def index(self, cell: int) -> int:
        """Row of ``cell`` in the matrix."""
        i = int(np.searchsorted(self.cells, cell))
        if i == len(self.cells) or self.cells[i] != cell:
            raise InvalidArgumentError(f"cell {cell!r} is not a cell of this distance matrix")
        return i

    def distance(self, u: int, v: int) -> int:
        """Moves from ``u`` to ``v``.

        Raises:
            UnreachableError: ``v`` cannot be reached from ``u``.
        """
        d = int(self.matrix[self.index(u), self.index(v)])
        if d < 0:
            raise UnreachableError(f"cell {v!r} cannot be reached from cell {u!r}")
        return d

    def to_dict(self) -> dict[int, dict[int, int]]:
        """``{u: {v: distance}}`` over reachable pairs, like ``all_pairs(weighted=False)``."""
        cells = self.cells
        return {
            u: {cells[j]: int(d) for j, d in enumerate(row) if d >= 0}
            for u, row in zip(cells, self.matrix.tolist(), strict=True)
        }


def seidel(maze: Maze) -> DistanceMatrix:
    """All-pairs move counts (mud ignored) by Seidel's algorithm, one component at a time.

    Seidel's recursion assumes a connected graph, so each connected component is solved on
    its own and pairs in different components get -1.
    """
    cells = check_maze(maze, "seidel").vertices
    n = len(cells)
    index = {c: i for i, c in enumerate(cells)}
    adjacency = np.zeros((n, n), dtype=np.float64)
    for u, v, _ in maze.edges():
        adjacency[index[u], index[v]] = adjacency[index[v], index[u]] = 1.0
    result = np.full((n, n), -1, dtype=np.int64)
    for component in _components(adjacency):
        block = np.ix_(component, component)
        result[block] = _apd(adjacency[block]).astype(np.int64)
    return DistanceMatrix(cells, result)


def _components(adjacency: np.ndarray) -> list[np.ndarray]:
    """Index arrays of the connected components of a 0/1 adjacency matrix."""
    n = adjacency.shape[0]
    label = np.full(n, -1)
    out = []
    for s in range(n):
        if label[s] >= 0:
            continue
        label[s] = s
        stack, members = [s], [s]
        while stack:
            for v in np.flatnonzero(adjacency[stack.pop()]):
                if label[v] < 0:
                    label[v] = s
                    stack.append(int(v))
                    members.append(int(v))
        out.append(np.array(sorted(members)))
    return out


def _apd(a: np.ndarray) -> np.ndarray:
    """Seidel's all-pairs distances of a connected graph given by a 0/1 float matrix."""
    n = a.shape[0]
    if n == 1:
        return np.zeros((1, 1))
    # b: cells at distance 1 or 2 in the graph of a (its "square").
    b = ((a + a @ a) > 0).astype(np.float64)
    np.fill_diagonal(b, 0.0)
    if b.sum() == n * (n - 1):  # the square is complete: every distance is 1 or 2
        square: np.ndarray = 2 * b - a
        return square
    t = _apd(b)  # distances in the square: ceil(d / 2)
    # d(i, j) is even iff the neighbours k of j have on average t(i, k) >= t(i, j).
    x = t @ a
    degree = a.sum(axis=0)
    distances: np.ndarray = 2 * t - (x < t * degree[np.newaxis, :])
    return distances
