"""What a game entry builds (``Problem``) and what it is (``GameEntry``), with small helpers.

A ``Problem`` is a start state and how to judge and name its states; its ``kind`` (see
``registry.Kind``) says which searches and bots fit. A ``GameEntry`` builds a problem from
the parsed arguments and, when the game can be drawn, films a search on it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.cli.catalog.registry import Kind
from games.maze import Maze
from observers import VideoObserver
from treesearch import SearchResult, Status, TreeSearch
from treesearch.events import Event, Visited

__all__ = [
    "GameEntry", "Problem", "VideoMaker", "board_video", "cell_name", "hold_frames", "seeded",
]  # fmt: skip


@dataclass(frozen=True)
class Problem:
    """A start state and how to judge and name states.

    Attributes:
        game: the game's name on the command line.
        kind: the kind of game (see ``Kind``).
        start: the start state.
        goal: the goal test of a path problem (None otherwise).
        heuristic: an admissible distance-to-goal estimate (0 for other kinds).
        label: a short name of a state, for tables and paths (a duel's: the move made).
        describe: a few words on the problem, for headings ("a 31x31 maze").
        maze: the maze, for maze problems (their videos need it).
        value: a score game's value of a state in points (its final score at the end); a
            duel's cut-off value for alpha-beta, from player 0's view (None: play to the end).
        score: a score game's final score of a finished state (None for other kinds).
    """

    game: str
    kind: Kind
    start: Any
    goal: Callable[[Any], bool] | None
    heuristic: Callable[[Any], float]
    label: Callable[[Any], str]
    describe: str
    maze: Maze | None = None
    value: Callable[[Any], float] | None = None
    score: Callable[[Any], float] | None = None


VideoMaker = Callable[
    [Problem, TreeSearch, Path, argparse.Namespace, str], tuple[SearchResult, int]
]
"""``(problem, search, out, args, title) -> (result, frames)``: write a video of one search."""


@dataclass(frozen=True)
class GameEntry:
    """A game of the command line: how to build it, and how it renders a video, if it can.

    ``no_video`` says why a game without ``video`` cannot be filmed.
    """

    name: str
    kind: Kind
    help: str
    make: Callable[[argparse.Namespace], Problem]
    video: VideoMaker | None = None
    video_searches: tuple[str, ...] | None = None  # None: every search of its kind
    no_video: str = "the command line has no renderer for it yet"
    source: str = "bundled"


def seeded(args: argparse.Namespace, seed: int) -> argparse.Namespace:
    """A copy of ``args`` with another ``seed`` (an instance of a comparison, a game)."""
    return argparse.Namespace(**{**vars(args), "seed": seed})


def cell_name(cell: int) -> str:
    """A tic-tac-toe cell as its index and (row, column): ``"4 (1,1)"``."""
    return f"{cell} ({cell // 3},{cell % 3})"


def hold_frames(fps: float) -> int:
    """Frames that hold the end of a video for about a second."""
    return max(1, round(fps))


def board_video(renderer: Callable[[Any], Any]) -> VideoMaker:
    """A video maker drawing the visited states with ``renderer(start)``, ~``--duration`` long.

    Without ``--every`` or ``--max-frames`` the search first runs without video, counting its
    visits, then runs again drawing every n-th visit so that the video lasts about
    ``--duration`` seconds and shows the whole run, its end included.
    """

    def film(
        problem: Problem, search: TreeSearch, out: Path, args: argparse.Namespace, title: str
    ) -> tuple[SearchResult, int]:
        hold = hold_frames(args.fps)
        every = args.every
        if every is None and args.max_frames is None:
            visits = [0]

            def count(event: Event) -> None:
                if isinstance(event, Visited):
                    visits[0] += 1

            first = search.run(problem.start, observers=[count])
            if first.status is Status.INTERRUPTED:
                return first, 0
            wanted = max(1, round(args.duration * args.fps) - hold)
            every = max(1, -(-visits[0] // wanted))
        with VideoObserver(out, renderer(problem.start), fps=args.fps, max_frames=args.max_frames,
                           every=every or 1, final_frames=hold, panel=not args.raw,
                           title=title) as video:  # fmt: skip
            result = search.run(problem.start, observers=[video])
        return result, video.frames

    return film
