"""BFS and Dijkstra on a large generated maze: the framework against hand-written code.

Every contender computes hop distances from the same start cell on the same maze:

- ``hand-written``: a deque BFS over ``maze.to_dict()`` that also fills a parent table;
  shown alone and with the ``to_dict()`` call that builds its adjacency;
- ``treesearch.BFS (cold)``: the first run on a maze, which also creates the cell states and
  their children tuples (the maze builds them lazily, once);
- ``treesearch.BFS (warm)``: a later run on the same maze, states already built;
- ``networkx``: ``single_source_shortest_path_length`` (graph built outside the timing);
- ``scipy``: ``csgraph.shortest_path(unweighted=True)`` from one source (CSR matrix built
  outside the timing).

Then Dijkstra (mud counted): ``treesearch.Dijkstra`` against a hand-written heapq Dijkstra
over the same ``to_dict()`` and networkx ``single_source_dijkstra_path_length``.

Each timing is the median of ``--repeat`` runs. The script checks that the framework's
distances and routing table equal the hand-written ones, then prints seconds and ratios.

Usage::

    python benchmarks/bench_maze.py [--size 1000] [--seed 0] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping
from typing import Any

from _reference import hand_bfs, hand_dijkstra, timed

from games.maze import Maze
from treesearch import BFS, Dijkstra


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="maze width and height")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.size

    start = time.perf_counter()
    maze = Maze.generate(n, n, seed=args.seed)
    print(f"generated {maze!r} in {time.perf_counter() - start:.2f} s")
    t_dict, adjacency = timed(maze.to_dict, args.repeat)
    source = maze.nearest_cell(row=n // 2, col=n // 2)

    rows: list[tuple[str, float]] = []
    t_hand, (dist, parents) = timed(lambda: hand_bfs(adjacency, source), args.repeat)
    rows.append(("hand-written deque BFS", t_hand))
    rows.append(("to_dict() + hand-written deque BFS", t_dict + t_hand))

    bfs = BFS()

    def cold() -> Any:
        fresh = maze.with_cheese(())  # same walls, no states built yet
        return bfs.run(fresh.start(source))

    t_cold, result = timed(cold, args.repeat)
    rows.append(("treesearch.BFS (cold: builds states)", t_cold))
    assert result.distances == dist, "framework distances differ from the hand-written BFS"
    assert result.routing_table == parents, "framework routing table differs"

    bfs.run(maze.start(source))  # build the states once
    t_warm, result = timed(lambda: bfs.run(maze.start(source)), args.repeat)
    rows.append(("treesearch.BFS (warm)", t_warm))
    assert result.distances == dist

    try:
        import networkx as nx
    except ImportError:
        print("networkx not installed: skipped (pip install networkx)")
    else:
        graph = nx.Graph()
        graph.add_nodes_from(adjacency)
        graph.add_edges_from((u, v) for u, v, _ in maze.edges())
        t_nx, nx_dist = timed(
            lambda: nx.single_source_shortest_path_length(graph, source), args.repeat
        )
        assert nx_dist == dist
        rows.append(("networkx single_source_shortest_path_length", t_nx))

    try:
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import shortest_path
    except ImportError:
        print("scipy not installed: skipped (pip install scipy)")
    else:
        us, vs = [], []
        for u, v, _ in maze.edges():
            us += [u, v]
            vs += [v, u]
        size = n * n
        matrix = csr_matrix((np.ones(len(us)), (us, vs)), shape=(size, size))
        t_sp, sp_dist = timed(
            lambda: shortest_path(matrix, unweighted=True, indices=[source]), args.repeat
        )
        expected = np.full(size, np.inf)
        expected[list(dist)] = list(dist.values())
        assert np.array_equal(sp_dist[0], expected)
        rows.append(("scipy csgraph.shortest_path(unweighted)", t_sp))

    print(f"\nBFS from cell {source} over {len(dist)} cells (median of {args.repeat} runs)")
    print(f"{'contender':46} {'seconds':>8} {'vs hand':>8}")
    for name, seconds in rows:
        print(f"{name:46} {seconds:8.3f} {seconds / t_hand:7.2f}x")
    nx_time = dict(rows).get("networkx single_source_shortest_path_length")
    print(
        f"\ntarget: framework <= 2.0x hand-written -> cold {t_cold / t_hand:.2f}x, "
        f"warm {t_warm / t_hand:.2f}x (cold vs to_dict() + BFS: "
        f"{t_cold / (t_dict + t_hand):.2f}x)"
    )
    if nx_time is not None:
        print(
            f"target: framework faster than networkx -> cold {t_cold / nx_time:.2f}x, "
            f"warm {t_warm / nx_time:.2f}x of networkx's time"
        )
    bench_dijkstra(maze, adjacency, source, args.repeat)


def bench_dijkstra(
    maze: Maze, adjacency: Mapping[int, Mapping[int, int]], source: int, repeat: int
) -> None:
    """Weighted distances (mud counted): treesearch.Dijkstra against heapq and libraries."""
    rows: list[tuple[str, float]] = []
    t_hand, (dist, _) = timed(lambda: hand_dijkstra(adjacency, source), repeat)
    rows.append(("hand-written heapq Dijkstra", t_hand))
    search = Dijkstra()
    search.run(maze.start(source))  # states built (as in the warm BFS)
    t_ours, result = timed(lambda: search.run(maze.start(source)), repeat)
    assert result.distances == dist, "framework Dijkstra differs from the hand-written one"
    rows.append(("treesearch.Dijkstra (warm)", t_ours))
    try:
        import networkx as nx
    except ImportError:
        print("networkx not installed: skipped (pip install networkx)")
    else:
        graph = nx.Graph()
        graph.add_weighted_edges_from(maze.edges())
        t_nx, nx_dist = timed(lambda: nx.single_source_dijkstra_path_length(graph, source), repeat)
        assert nx_dist == dist
        rows.append(("networkx single_source_dijkstra_path_length", t_nx))
    print(f"\nDijkstra from cell {source} (median of {repeat} runs)")
    for name, seconds in rows:
        print(f"{name:46} {seconds:8.3f} {seconds / t_hand:7.2f}x")
    print(f"target: framework <= 2.0x hand-written -> {t_ours / t_hand:.2f}x")


if __name__ == "__main__":
    main()
