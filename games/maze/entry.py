"""The maze and the drill maze on the command line: their entries (``MAZE``, ``DRILL_MAZE``).

Each is registered in the ``treesearch.games`` entry point group, as a plugin's game is.
Each seed gives a new maze, so a comparison's instances differ; the videos are drawn by
``ExplorationRenderer`` (``render_search_video``), the maze taken from the start state.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from games.maze.drill import DrillMaze
from games.maze.explore import ExplorationRenderer
from games.maze.model import Maze
from games.maze.race import manhattan_to, render_search_video
from observers.game_films import hold_frames, replayable
from treesearch.errors import InvalidArgumentError
from treesearch.game_entry import (
    GameEntry,
    GameOption,
    GameOptions,
    Problem,
    VideoOptions,
    count,
)
from treesearch.result import SearchResult
from treesearch.search import TreeSearch

__all__ = ["DRILLS", "DRILL_MAZE", "MAX_SIZE", "MAZE", "checked_size"]

MAX_SIZE = 1000
"""The largest ``--size`` of the grid, the maze and the drill maze. Building one is not a
search and no ``--seconds`` bounds it: measured on a 2-core machine, a 1000x1000 grid takes
3.9 s and 760 MB, a maze 7.5 s and 230 MB, and both grow with the cells (3000 took 44 s)."""

DRILLS = GameOption(
    "drills", "drill-maze: drills to break walls with", 1, count(0), metavar="N", order=4
)
"""``--drills N``: the drill maze's drills."""


def checked_size(args: GameOptions, what: str) -> int:
    """``--size``, refused past ``MAX_SIZE`` before anything is built (naming the limit)."""
    n: int = args.size
    if n > MAX_SIZE:
        raise InvalidArgumentError(
            f"--size {n} is too large for {what}: at most {MAX_SIZE} (building a {n}x{n} {what} "
            f"is not bounded by --seconds and grows with its {n * n} cells)"
        )
    return n


def _maze(args: GameOptions) -> Problem:
    n = checked_size(args, "maze")
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
        cost_note=": mud costs more" if maze.is_weighted else "",
    )


def _drill_maze(args: GameOptions) -> Problem:
    n = checked_size(args, "maze")
    maze = Maze.generate(n, n, seed=args.seed)
    start, exit_ = maze.nearest_cell(row=0, col=0), maze.nearest_cell(row=n - 1, col=n - 1)
    drills = args[DRILLS.dest]
    game = DrillMaze(maze, drills=drills, start_cell=start, exit_cell=exit_)

    def label(s: Any) -> str:
        return f"({s.cell // n},{s.cell % n}) d{s.drills}"

    return Problem(
        "drill-maze",
        "path",
        game.start(),
        game.at_exit,
        manhattan_to(maze, [exit_]),
        label,
        f"a {n}x{n} maze, {drills} drill(s) to break walls",
        cost_note=": mud costs more" if maze.is_weighted else "",
    )


def _maze_of(problem: Problem) -> Maze:
    """The maze of a maze's or a drill maze's start state."""
    start = problem.start
    maze: Maze = start.game.maze if hasattr(start, "game") else start.maze
    return maze


def _maze_renderer(problem: Problem, args: VideoOptions) -> ExplorationRenderer:
    return ExplorationRenderer(_maze_of(problem), color_by=args.color_by)


def _maze_video(
    problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
) -> tuple[SearchResult, int]:
    if args.observers:  # a replay, a trace: they watch the filmed run (its own observers)
        search = copy.copy(search)
        search.observers = (*search.observers, *args.observers)
    if out is None:
        return search.run(problem.start), 0
    renderer = _maze_renderer(problem, args)
    every, duration = (args.every, None) if args.every is not None else (None, args.duration)
    result = render_search_video(
        _maze_of(problem),
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


MAZE = GameEntry(
    "maze",
    "path",
    "a --size maze with mud, from one corner to the cheese in the other",
    _maze,
    replayable(_maze_video, _maze_renderer),
    options=("size",),
    order=3,
)

DRILL_MAZE = GameEntry(
    "drill-maze",
    "path",
    "a --size maze to escape, corner to corner, with --drills drills to break walls",
    _drill_maze,
    replayable(_maze_video, _maze_renderer),
    options=("size", "drills"),
    knobs=(DRILLS,),
    order=4,
)
