"""BFS, A* and greedy best-first on 200 seeded mazes: route cost, time and nodes, with a plot.

Run ``python examples/compare_searches.py --out compare_out``: it prints the table (mean,
median, 95% interval, Mann-Whitney p-values) and writes results.csv, results.json,
summary.txt and cdf.png into ``--out``. Each maze is seeded, so every search meets the same
200 mazes and the table is the same for any ``--jobs``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from games.maze import Maze, manhattan_to, path_cost
from treesearch import BFS, AStar, GreedyBestFirst, TreeSearch
from treesearch.compare import Outcome, compare, table, write

SEARCHES: dict[str, Callable[[Maze], TreeSearch]] = {
    "bfs": lambda m: BFS(goal=m.cheese),
    "astar": lambda m: AStar(heuristic=manhattan_to(m, m.cheese), goal=m.cheese),
    "greedy": lambda m: GreedyBestFirst(heuristic=manhattan_to(m, m.cheese), goal=m.cheese),
}


def route_cost(name: str, size: int) -> Callable[[int], Outcome]:
    def run(seed: int) -> Outcome:
        maze = Maze.generate(size, size, seed=seed)
        maze = maze.with_cheese([maze.nearest_cell(row=size - 1, col=size - 1)])
        t0 = time.perf_counter()
        result = SEARCHES[name](maze).run(maze.start(maze.nearest_cell(row=0, col=0)))
        cost = path_cost(result.path)
        return Outcome(cost, time.perf_counter() - t0, result.stats.expanded, "solved")

    return run


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=200, help="mazes (seeded)")
    parser.add_argument("--size", type=int, default=21, help="maze width and height")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--out", type=Path, default=Path("compare_out"))
    args = parser.parse_args(argv)
    entrants = {name: route_cost(name, args.size) for name in SEARCHES}
    result = compare(
        entrants,
        instances=args.instances,
        seed=1,
        jobs=args.jobs,
        measure="route cost",
        higher_is_better=False,
    )
    print(table(result), end="")
    for note in write(result, args.out):
        print("note:", note)
    print(f"wrote {args.out}/results.csv, results.json, summary.txt, cdf.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
