"""BFS through treesearch vs a hand-written deque BFS (and networkx) on a big grid graph.

A 1000x1000 four-connected grid in which each edge is a wall with probability 0.3 (seeded).
All contenders search the same adjacency from the same corner and produce distances and a
parent table (networkx: distances only). Prints the median search time of ``--repeat`` runs
and ratios measured in this run; building each library's graph is reported apart as setup.

    python benchmarks/bench_traversal.py [--size 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _reference import hand_bfs, timed

from games.graph import Graph
from treesearch import BFS


def grid_adjacency(size: int, wall_fraction: float, seed: int) -> dict[int, list[int]]:
    """Four-connected size x size grid; each edge is a wall with the given chance."""
    adjacency = Graph.grid(size, size, wall_fraction=wall_fraction, seed=seed).adjacency
    return {v: list(ns) for v, ns in adjacency.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    t0 = time.perf_counter()
    adj = grid_adjacency(args.size, 0.3, seed=0)
    print(
        f"grid {args.size}x{args.size}: {len(adj)} vertices, "
        f"{sum(map(len, adj.values())) // 2} edges, built in {time.perf_counter() - t0:.2f}s"
    )

    hand_s, (hand_dist, _) = timed(lambda: hand_bfs(adj, 0), args.repeat)
    print(
        f"hand-written deque BFS      search {hand_s:6.3f}s  "
        f"({len(hand_dist) / hand_s / 1e6:.2f} M nodes/s)"
    )

    # Setup (not timed against the searches): treesearch's Graph builds one state object and
    # one children tuple per vertex; networkx builds its Graph. Both are reported.
    setup_s, graph = timed(lambda: Graph(adj), 1)
    bfs_s, result = timed(lambda: BFS().run(graph.state(0)), args.repeat)
    assert result.distances == hand_dist, "framework BFS disagrees with the hand-written one"
    print(
        f"treesearch BFS, no observer search {bfs_s:6.3f}s  ratio {bfs_s / hand_s:.2f}x  "
        f"(setup {setup_s:.2f}s)"
    )
    try:
        import networkx as nx
    except ImportError:
        print("networkx not installed: skipped")
        return

    def build() -> Any:
        g = nx.Graph()
        g.add_nodes_from(adj)
        g.add_edges_from((u, v) for u, ns in adj.items() for v in ns if u < v)
        return g

    nx_setup_s, g = timed(build, 1)
    nx_s, nx_dist = timed(lambda: nx.single_source_shortest_path_length(g, 0), args.repeat)
    assert nx_dist == hand_dist
    print(
        f"networkx sssp_length        search {nx_s:6.3f}s  ratio {nx_s / hand_s:.2f}x  "
        f"(setup {nx_setup_s:.2f}s); treesearch is {nx_s / bfs_s:.2f}x faster"
    )


if __name__ == "__main__":
    main()
