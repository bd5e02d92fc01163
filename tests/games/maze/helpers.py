"""Shared fixtures for the maze tests: the PyRat course's reference maze and plain oracles.

The oracles are written here from scratch, independently of games.maze and treesearch, so
the tests compare two implementations rather than one with itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

import numpy as np

# The course's 5x5 reference maze (width 5): holes at 1, 4 and 12; ":w" marks mud.
REFERENCE_EDGES = (
    "0-5 2-3 2-7 5-6 5-10 6-7 6-11:8 7-8:6 8-9:9 8-13 10-11 10-15:9 11-16 13-18:6 14-19 "
    "15-16:4 15-20 16-17 16-21 17-18:5 17-22 18-19 18-23 19-24 21-22"
)
REFERENCE_HOLES = (1, 4, 12)


def reference_edges() -> list[tuple[int, int, int]]:
    out = []
    for item in REFERENCE_EDGES.split():
        pair, _, weight = item.partition(":")
        u, v = map(int, pair.split("-"))
        out.append((u, v, int(weight or 1)))
    return out


def reference_dict() -> dict[int, dict[int, int]]:
    graph: dict[int, dict[int, int]] = {}
    for u, v, w in reference_edges():
        graph.setdefault(u, {})[v] = w
        graph.setdefault(v, {})[u] = w
    return graph


def reference_matrix() -> np.ndarray:
    matrix = np.zeros((25, 25), dtype=int)
    for u, v, w in reference_edges():
        matrix[u, v] = matrix[v, u] = w
    return matrix


def plain_bfs(
    adjacency: Mapping[int, Iterable[int]], source: int
) -> tuple[dict[int, int], dict[int, int | None]]:
    """Hop distances and first-discoverer parents, neighbours in the given order."""
    dist = {source: 0}
    parent: dict[int, int | None] = {source: None}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in adjacency[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                parent[v] = u
                queue.append(v)
    return dist, parent


def route(table: Mapping[int, int | None], target: int) -> list[int]:
    """Walk a routing table back from ``target``."""
    out = [target]
    while (parent := table[out[-1]]) is not None:
        out.append(parent)
    return out[::-1]


def grid_pairs(cells: set[int], width: int) -> int:
    """Number of 4-adjacent pairs among ``cells`` in a grid of ``width`` columns."""
    return sum((c + 1 in cells and (c + 1) % width != 0) + (c + width in cells) for c in cells)
