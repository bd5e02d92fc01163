"""Hand-written references and timing shared by the benchmark scripts (not part of the library).

The scripts run as ``python benchmarks/bench_x.py``, which puts this folder on ``sys.path``.
"""

from __future__ import annotations

import gc
import heapq
import statistics
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def hand_bfs(
    adjacency: Mapping[int, Iterable[int]], source: int
) -> tuple[dict[int, int], dict[int, int | None]]:
    """The textbook deque BFS: distances and the first-discoverer parent of each vertex.

    ``adjacency`` maps a vertex to its neighbours (a list, or a dict of neighbour: weight).
    """
    dist = {source: 0}
    parent: dict[int, int | None] = {source: None}
    queue = deque([source])
    pop, push = queue.popleft, queue.append
    while queue:
        u = pop()
        d = dist[u] + 1
        for v in adjacency[u]:
            if v not in dist:
                dist[v] = d
                parent[v] = u
                push(v)
    return dist, parent


def hand_dijkstra(
    adjacency: Mapping[int, Mapping[int, int]], source: int
) -> tuple[dict[int, int], dict[int, int | None]]:
    """Textbook heapq Dijkstra with lazy deletion: distances and parents."""
    dist = {source: 0}
    parent: dict[int, int | None] = {source: None}
    done: set[int] = set()
    heap = [(0, source)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if u in done:
            continue
        done.add(u)
        for v, w in adjacency[u].items():
            nd = d + w
            if v not in dist or nd < dist[v]:
                dist[v] = nd
                parent[v] = u
                push(heap, (nd, v))
    return dist, parent


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median wall-clock seconds of ``repeat`` calls (after a garbage collection each)."""
    times, result = [], None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
