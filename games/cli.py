"""The ``treesearch`` command line: render traversal videos, run or compare searches.

    treesearch demo                                   # a tour, and three maze videos
    treesearch video --search astar --size 31 --out astar.mp4
    treesearch run --game grid --search bfs --size 40 --seed 1
    treesearch compare --game maze --searches bfs,dfs,dijkstra,astar,greedy,beam

It lives in ``games`` because it composes games, searches and observers; ``treesearch``
itself never imports games.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from games.maze import Maze, manhattan_to, render_search_video, search_race
from observers import ProgressObserver, RecordingObserver
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    AStar,
    Backtracking,
    BeamSearch,
    Budget,
    Dijkstra,
    GreedyBestFirst,
    RandomWalk,
    SearchResult,
    TreeSearch,
)

__all__ = ["main"]

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}


@dataclass(frozen=True)
class Problem:
    """A start state, a goal, an admissible heuristic, and how to name a state."""

    start: Any
    goal: Callable[[Any], bool]
    heuristic: Callable[[Any], float]
    label: Callable[[Any], str]
    maze: Maze | None = None


def _seed_tree(args: argparse.Namespace) -> Problem:
    return Problem(
        DictTreeIterator("Root", SEED_TREE),
        lambda s: s.name == "Monte Carlo Tree Search",
        lambda s: 0.0,
        lambda s: str(s.name),
    )


def _grid(args: argparse.Namespace) -> Problem:
    n = args.size
    graph = Graph.grid(n, n, wall_fraction=0.3, seed=args.seed)
    # Start in the largest connected region, and aim for its farthest cell.
    distances: dict[Any, float] = {}
    seen: set[Any] = set()
    for cell in range(n * n):
        if cell not in seen:
            reached = BFS().run(graph.state(cell)).distances or {}
            seen.update(reached)
            if len(reached) > len(distances):
                distances = dict(reached)
    source = min(distances)
    distances = dict(BFS().run(graph.state(source)).distances or {})
    target = max(distances, key=lambda cell: (distances[cell], cell))
    tr, tc = divmod(target, n)
    return Problem(
        graph.state(source),
        lambda s: s.id == target,
        lambda s: abs(s.id // n - tr) + abs(s.id % n - tc),
        lambda s: f"({s.id // n},{s.id % n})",
    )


def _maze(args: argparse.Namespace) -> Problem:
    n = args.size
    maze = Maze.generate(n, n, seed=args.seed)
    start = maze.nearest_cell(0, 0)
    maze = maze.with_cheese([maze.nearest_cell(n - 1, n - 1)])
    cheese = next(iter(maze.cheese))
    return Problem(
        maze.start(start),
        lambda s: s.cell == cheese,
        manhattan_to(maze, maze.cheese),
        lambda s: f"({s.cell // n},{s.cell % n})",
        maze,
    )


GAMES: dict[str, Callable[[argparse.Namespace], Problem]] = {
    "seed-tree": _seed_tree,
    "grid": _grid,
    "maze": _maze,
}

SearchFactory = Callable[[Problem, Budget, int], TreeSearch]

SEARCHES: dict[str, SearchFactory] = {
    "bfs": lambda p, b, seed: BFS(goal=p.goal, budget=b),
    "dfs": lambda p, b, seed: DFS(goal=p.goal, budget=b),
    "iddfs": lambda p, b, seed: IDDFS(goal=p.goal, budget=b),
    "backtracking": lambda p, b, seed: Backtracking(goal=p.goal, budget=b),
    "dijkstra": lambda p, b, seed: Dijkstra(goal=p.goal, budget=b),
    "astar": lambda p, b, seed: AStar(heuristic=p.heuristic, goal=p.goal, budget=b),
    "greedy": lambda p, b, seed: GreedyBestFirst(heuristic=p.heuristic, goal=p.goal, budget=b),
    "beam": lambda p, b, seed: BeamSearch(
        width=8, value=lambda s: -p.heuristic(s), goal=p.goal, budget=b
    ),
    "random-walk": lambda p, b, seed: RandomWalk(rng=seed, episodes=20, budget=b),
}


def _budget(args: argparse.Namespace) -> Budget:
    return Budget(max_nodes=args.max_nodes, seconds=args.seconds)


def _describe(name: str, result: SearchResult, problem: Problem) -> str:
    s = result.stats
    best = problem.label(result.best) if result.best is not None else "-"
    return (
        f"{name:<13} {result.status.value:<14} best={best:<24} "
        f"path={max(len(result.path) - 1, 0):<5} expanded={s.expanded:<8} "
        f"visited={s.visited:<8} {s.seconds * 1000:8.1f} ms"
    )


def _demo(args: argparse.Namespace) -> int:
    print("Backtracking over the seed tree (entering and returning):")
    rec = RecordingObserver()
    Backtracking(rec).run(DictTreeIterator("Root", SEED_TREE))
    print("  " + " -> ".join(name for _, _, name in rec.trace()))
    for game in ("seed-tree", "grid"):
        problem = GAMES[game](args)
        print(f"\nsearching {game} for its goal:")
        for name, make in SEARCHES.items():
            result = make(problem, Budget(max_nodes=100_000), args.seed).run(problem.start)
            print("  " + _describe(name, result, problem))
    problem = _maze(args)
    assert problem.maze is not None
    names = ("bfs", "dfs", "astar")
    searches = {n: SEARCHES[n](problem, Budget(), args.seed) for n in names}
    print(f"\nrendering BFS vs DFS vs A* on a {args.size}x{args.size} maze into {args.out_dir}/:")
    for entry in search_race(problem.maze, problem.start, searches, args.out_dir, fps=args.fps):
        print(
            f"  {entry.name:<6} {entry.result.status.value}: {entry.moves} moves, "
            f"{entry.cost} turns, {entry.frames} frames -> {entry.video}"
        )
    return 0


def _run(args: argparse.Namespace) -> int:
    problem = GAMES[args.game](args)
    search = SEARCHES[args.search](problem, _budget(args), args.seed)
    observers = [ProgressObserver(desc=args.search, file=sys.stderr)] if args.progress else []
    result = search.run(problem.start, observers=observers)
    print(_describe(args.search, result, problem))
    if result.path:
        print("path: " + " -> ".join(problem.label(s) for s in result.path))
    return 0


def _video(args: argparse.Namespace) -> int:
    problem = _maze(args)
    assert problem.maze is not None
    search = SEARCHES[args.search](problem, _budget(args), args.seed)
    result = render_search_video(
        problem.maze, search, problem.start, args.out, fps=args.fps, every=args.every,
        max_frames=args.max_frames, color_by=args.color_by,
    )
    print(_describe(args.search, result, problem))
    print(f"video: {args.out}")
    return 0


def _compare(args: argparse.Namespace) -> int:
    problem = GAMES[args.game](args)
    names = [n.strip() for n in args.searches.split(",") if n.strip()]
    unknown = [n for n in names if n not in SEARCHES]
    if unknown:
        print(f"unknown search {unknown[0]!r}; choose from {', '.join(SEARCHES)}", file=sys.stderr)
        return 2
    for name in names:
        result = SEARCHES[name](problem, _budget(args), args.seed).run(problem.start)
        print(_describe(name, result, problem))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="treesearch", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser, size: int = 30) -> None:
        p.add_argument("--size", type=int, default=size, help="grid or maze side length")
        p.add_argument("--seed", type=int, default=0, help="seed for games and random searches")
        p.add_argument(
            "--max-nodes", type=int, default=1_000_000,
            help="expansion budget per search (default 1,000,000)",
        )
        p.add_argument(
            "--seconds", type=float, default=30.0,
            help="wall-clock budget per search (default 30)",
        )

    demo = sub.add_parser("demo", help="a tour: every search, and three maze videos")
    common(demo, size=21)
    demo.add_argument("--out-dir", type=Path, default=Path("treesearch-demo"))
    demo.add_argument("--fps", type=float, default=30)
    demo.set_defaults(func=_demo)
    video = sub.add_parser("video", help="render one search exploring a maze")
    common(video, size=21)
    video.add_argument("--search", choices=sorted(SEARCHES), default="bfs")
    video.add_argument("--out", default="search.mp4", help=".mp4, .gif or a folder for PNGs")
    video.add_argument("--fps", type=float, default=30)
    video.add_argument("--every", type=int, default=1, help="draw every n-th visit")
    video.add_argument("--max-frames", type=int, default=None)
    video.add_argument("--color-by", choices=("order", "depth"), default="order")
    video.set_defaults(func=_video)
    run = sub.add_parser("run", help="run one search and print its result and path")
    common(run)
    run.add_argument("--game", choices=sorted(GAMES), default="grid")
    run.add_argument("--search", choices=sorted(SEARCHES), default="bfs")
    run.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    run.set_defaults(func=_run)
    compare = sub.add_parser("compare", help="run several searches on the same game")
    common(compare)
    compare.add_argument("--game", choices=sorted(GAMES), default="grid")
    compare.add_argument("--searches", default=",".join(SEARCHES))
    compare.set_defaults(func=_compare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treesearch`` command."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as exc:  # bad sizes, budgets...: one line, not a traceback
        print(f"treesearch: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
