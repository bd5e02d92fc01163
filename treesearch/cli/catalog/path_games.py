"""Path games: a start, a goal and step costs (seed tree, grid, maze, drill maze).

The maze and the drill maze are drawn by ``games.maze.ExplorationRenderer``; each seed
gives a new grid or maze, so a comparison's instances differ.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from games.maze import DrillMaze, ExplorationRenderer, Maze, manhattan_to, render_search_video
from treesearch import BFS, InvalidArgumentError, SearchResult, TreeSearch
from treesearch.cli.catalog.problem import (
    GameEntry,
    GameOptions,
    Problem,
    VideoOptions,
    hold_frames,
)
from treesearch.cli.catalog.replay import replayable

__all__ = ["MAX_SIZE", "PATH_GAMES", "SEED_TREE"]

MAX_SIZE = 1000
"""The largest ``--size`` of the grid, the maze and the drill maze. Building one is not a
search and no ``--seconds`` bounds it: measured on a 2-core machine, a 1000x1000 grid takes
3.9 s and 760 MB, a maze 7.5 s and 230 MB, and both grow with the cells (3000 took 44 s)."""

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}


def _seed_tree(args: GameOptions) -> Problem:
    return Problem(
        "seed-tree",
        "path",
        DictTreeIterator("Root", SEED_TREE),
        lambda s: s.name == "Monte Carlo Tree Search",
        lambda s: 0.0,
        lambda s: str(s.name),
        "the seed tree",
    )


def _size(args: GameOptions, what: str) -> int:
    """``--size``, refused past ``MAX_SIZE`` before anything is built (naming the limit)."""
    n: int = args.size
    if n > MAX_SIZE:
        raise InvalidArgumentError(
            f"--size {n} is too large for {what}: at most {MAX_SIZE} (building a {n}x{n} {what} "
            f"is not bounded by --seconds and grows with its {n * n} cells)"
        )
    return n


def _grid(args: GameOptions) -> Problem:
    n = _size(args, "grid")
    graph = Graph.grid(n, n, wall_fraction=0.3, seed=args.seed)
    # Start in the largest connected region, and aim for its farthest cell.
    distances: dict[Any, float] = {}
    seen: set[Any] = set()
    for cell in range(n * n):
        if cell not in seen:
            reached = BFS().run(graph.state(cell)).raise_if_interrupted().distances or {}
            seen.update(reached)
            if len(reached) > len(distances):
                distances = dict(reached)
    source = min(distances)
    distances = dict(BFS().run(graph.state(source)).raise_if_interrupted().distances or {})
    target = max(distances, key=lambda cell: (distances[cell], cell))
    tr, tc = divmod(target, n)
    return Problem(
        "grid",
        "path",
        graph.state(source),
        lambda s: s.id == target,
        lambda s: abs(s.id // n - tr) + abs(s.id % n - tc),
        lambda s: f"({s.id // n},{s.id % n})",
        f"a {n}x{n} grid",
    )


def _maze(args: GameOptions) -> Problem:
    n = _size(args, "maze")
    maze = Maze.generate(n, n, seed=args.seed)
    start = maze.nearest_cell(row=0, col=0)
    maze = maze.with_cheese([maze.nearest_cell(row=n - 1, col=n - 1)])
    cheese = next(iter(maze.cheese))
    return Problem(
        "maze",
        "path",
        maze.start(start),
        lambda s: s.cell == cheese,
        manhattan_to(maze, maze.cheese),
        lambda s: f"({s.cell // n},{s.cell % n})",
        f"a {n}x{n} maze",
        maze,
    )


def _drill_maze(args: GameOptions) -> Problem:
    n = _size(args, "maze")
    maze = Maze.generate(n, n, seed=args.seed)
    start, exit_ = maze.nearest_cell(row=0, col=0), maze.nearest_cell(row=n - 1, col=n - 1)
    game = DrillMaze(maze, drills=args.drills, start_cell=start, exit_cell=exit_)

    def label(s: Any) -> str:
        return f"({s.cell // n},{s.cell % n}) d{s.drills}"

    return Problem(
        "drill-maze",
        "path",
        game.start(),
        game.at_exit,
        manhattan_to(maze, [exit_]),
        label,
        f"a {n}x{n} maze, {args.drills} drill(s) to break walls",
        maze,
    )


def _maze_renderer(problem: Problem, args: VideoOptions) -> ExplorationRenderer:
    assert problem.maze is not None
    return ExplorationRenderer(problem.maze, color_by=args.color_by)


def _maze_video(
    problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
) -> tuple[SearchResult, int]:
    assert problem.maze is not None
    if args.observers:  # a replay, a trace: they watch the filmed run (its own observers)
        search = copy.copy(search)
        search.observers = (*search.observers, *args.observers)
    if out is None:
        return search.run(problem.start), 0
    renderer = _maze_renderer(problem, args)
    every, duration = (args.every, None) if args.every is not None else (None, args.duration)
    result = render_search_video(
        problem.maze,
        search,
        problem.start,
        out,
        fps=args.fps,
        every=every,
        duration=duration,
        max_frames=args.max_frames,
        final_frames=hold_frames(args.fps),
        panel=not args.raw,
        title=title,
        renderer=renderer,
    )
    return result, renderer.frames


PATH_GAMES = (
    GameEntry(
        "seed-tree",
        "path",
        "the eight-node tree of the original example",
        _seed_tree,
        options=(),
    ),
    GameEntry(
        "grid",
        "path",
        "a --size square grid, 30 percent walls, to its farthest cell",
        _grid,
        no_video="a grid has no renderer yet (the maze has one)",
        options=("size",),
    ),
    GameEntry(
        "maze",
        "path",
        "a --size maze with mud, from one corner to the cheese in the other",
        _maze,
        replayable(_maze_video, _maze_renderer),
        options=("size",),
    ),
    GameEntry(
        "drill-maze",
        "path",
        "a --size maze to escape, corner to corner, with --drills drills to break walls",
        _drill_maze,
        replayable(_maze_video, _maze_renderer),
        options=("size", "drills"),
    ),
)
