"""BFS vs DFS vs A* on the same maze: one video per search, from corner to corner.

Run ``python examples/maze_race.py --size 21 --seed 7`` and compare ``bfs.mp4`` (a wave),
``dfs.mp4`` (a snake) and ``astar.mp4`` (drawn towards the cheese, detouring around mud).
Each video lasts about ``--duration`` seconds however large the maze: long searches are
drawn every n-th step.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from games.maze import Maze, manhattan_to, search_race
from treesearch import BFS, DFS, AStar, TreeSearch


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=15, help="maze width and height (cells)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the maze")
    parser.add_argument("--out-dir", type=Path, default=Path("maze_race_videos"))
    parser.add_argument("--fps", type=float, default=30, help="frames per second")
    parser.add_argument("--duration", type=float, default=20, help="seconds per video, about")
    args = parser.parse_args(argv)

    maze = Maze.generate(args.size, args.size, seed=args.seed)
    start = maze.nearest_cell(row=0, col=0)
    maze = maze.with_cheese([maze.nearest_cell(row=args.size - 1, col=args.size - 1)])
    searches: dict[str, TreeSearch] = {
        "bfs": BFS(goal=maze.cheese),
        "dfs": DFS(goal=maze.cheese),
        "astar": AStar(heuristic=manhattan_to(maze, maze.cheese), goal=maze.cheese),
    }

    print(f"{maze!r}, start {start}, cheese {sorted(maze.cheese)}")
    race = search_race(maze, start, searches, args.out_dir, fps=args.fps, duration=args.duration)
    for entry in race:
        print(
            f"{entry.name:>5}: {entry.result.status.value}, {entry.moves} moves, cost "
            f"{entry.cost}, {entry.result.stats.visited} visited, {entry.frames} frames "
            f"({entry.frames / args.fps:.1f} s) -> {entry.video}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
