"""Escape a maze with drills: BFS over (cell, drills left, pick-ups taken), and its video.

Run ``python examples/drill_escape.py --size 15 --drills 2 --out drill.mp4``: the route may cut
through walls, one drill each; drill pick-ups on the way add drills. The video shows BFS
spreading over the maze until it reaches the exit in the far corner.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence

from games.maze import DrillMaze, Maze, path_cost, render_search_video
from treesearch import BFS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=15, help="maze width and height")
    parser.add_argument("--drills", type=int, default=2, help="drills at the start")
    parser.add_argument("--seed", type=int, default=1, help="seed of the maze")
    parser.add_argument("--out", default="drill.mp4", help="video file (.mp4 or .gif)")
    args = parser.parse_args(argv)

    maze = Maze.generate(args.size, args.size, seed=args.seed, mud_percentage=0.0)
    corner = maze.nearest_cell(row=args.size - 1, col=args.size - 1)
    game = DrillMaze(
        maze,
        pickups=maze.vertices[len(maze.vertices) // 2 :: 40],
        drills=args.drills,
        exit_cell=corner,
    )
    search = BFS(goal=game.at_exit)
    start = game.start(maze.nearest_cell(row=0, col=0))
    title = f"BFS escaping with {args.drills} drills"  # the route crosses the walls drilled
    result = render_search_video(maze, search, start, args.out, duration=10, title=title)
    drilled = sum(a.drills > b.drills for a, b in itertools.pairwise(result.path))
    print(
        f"{result.status.value}: {len(result.path) - 1} moves, cost {path_cost(result.path)}, "
        f"{drilled} walls drilled -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
