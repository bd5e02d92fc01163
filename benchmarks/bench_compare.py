"""The comparison harness's speed-up from one worker to all cores, on a job-heavy comparison.

Each job generates a seeded maze of ``--size`` cells a side and runs BFS or A* corner to corner
(about 0.1-0.5 s a job at the default size), so the work dominates the pool's overhead. The
same comparison runs with one worker and with ``--jobs`` (default: every core); the script
checks that the rows are identical (a row depends only on its seed) and prints both wall times
and the speed-up.

Usage::

    python benchmarks/bench_compare.py [--instances 24] [--size 151] [--jobs N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from games.maze import Maze, manhattan_to, path_cost
from treesearch import BFS, AStar, TreeSearch
from treesearch.compare import Outcome, compare, default_jobs

SEARCHES: dict[str, Callable[[Maze], TreeSearch]] = {
    "bfs": lambda m: BFS(goal=m.cheese),
    "astar": lambda m: AStar(heuristic=manhattan_to(m, m.cheese), goal=m.cheese),
}


def entrant(name: str, size: int) -> Callable[[int], Outcome]:
    def run(seed: int) -> Outcome:
        t0 = time.perf_counter()
        maze = Maze.generate(size, size, seed=seed)
        maze = maze.with_cheese([maze.nearest_cell(row=size - 1, col=size - 1)])
        result = SEARCHES[name](maze).run(maze.start(maze.nearest_cell(row=0, col=0)))
        cost = path_cost(result.path)
        return Outcome(cost, time.perf_counter() - t0, result.stats.expanded)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instances", type=int, default=24, help="mazes per search")
    parser.add_argument("--size", type=int, default=151, help="maze width and height")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="workers (default all)")
    args = parser.parse_args()
    entrants = {name: entrant(name, args.size) for name in SEARCHES}
    walls, rows = {}, {}
    for jobs in (1, args.jobs):
        t0 = time.perf_counter()
        result = compare(entrants, instances=args.instances, seed=0, jobs=jobs)
        walls[jobs] = time.perf_counter() - t0
        rows[jobs] = [(r.entrant, r.seed, r.value, r.nodes) for r in result.rows]
        busy = sum(r.seconds for r in result.rows)
        print(
            f"jobs={jobs}: {walls[jobs]:.1f} s wall for {len(result.rows)} jobs "
            f"({busy:.1f} s inside the jobs)"
        )
    same = rows[1] == rows[args.jobs]
    print(
        f"identical rows: {same}; speed-up 1 -> {args.jobs} workers: "
        f"{walls[1] / walls[args.jobs]:.2f}x"
    )
    if not same:
        raise SystemExit("rows differ between worker counts")


if __name__ == "__main__":
    main()
