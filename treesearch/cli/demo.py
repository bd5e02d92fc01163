"""``demo``: backtracking's trace, every path search on two problems, four videos.

The videos: a race of three searches on a maze, then a random walk placing Railroad Ink
tiles (free play, seed 1) that ends on the board's score.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from games.dict_tree import DictTreeIterator
from games.entries import SEED_TREE
from games.maze import search_race
from observers import RecordingObserver, VideoObserver
from treesearch import Backtracking, RandomWalk, Status
from treesearch.cli.catalog import GAMES, SEARCHES, hold_frames, searches_for
from treesearch.cli.common import EXIT_INTERRUPTED, Work, budget_of, check_video_knobs, table_of
from treesearch.cli.output_options import check_folder
from treesearch.cli.result_tables import Table

__all__ = ["prepare_demo"]

_DEMO_RACE = ("bfs", "dfs", "astar")


def prepare_demo(args: argparse.Namespace) -> Work:
    """``demo``: check the knobs and the folder, build every search, return the tour."""
    check_video_knobs(args)
    check_folder(args.out_dir, "--out-dir")
    budget = budget_of(args)
    problems = [GAMES[name].build(args) for name in ("seed-tree", "grid")]
    maze = GAMES["maze"].build(args)
    tables = [
        (p, [(n, SEARCHES[n].make(p, budget, args)) for n in searches_for("path")])
        for p in problems
    ]
    race = {n: SEARCHES[n].make(maze, budget, args) for n in _DEMO_RACE}

    def work() -> int:
        print("Backtracking over the seed tree (entering and returning):")
        rec = RecordingObserver()
        Backtracking(rec).run(DictTreeIterator("Root", SEED_TREE))
        print("  " + " -> ".join(name for _, _, name in rec.trace()))
        for problem, searches in tables:
            print(f"\nsearching {problem.describe} for its goal:")
            if table_of(Table(problem), problem, searches):
                return EXIT_INTERRUPTED
        print(f"\nrendering BFS vs DFS vs A* on {maze.describe} into {args.out_dir}/:")
        every, duration = (args.every, None) if args.every is not None else (None, args.duration)
        for e in search_race(
            maze.start.maze,
            maze.start,
            race,
            args.out_dir,
            fps=args.fps,
            every=every,
            duration=duration,
            final_frames=hold_frames(args.fps),
            panel=not args.raw,
        ):
            print(
                f"  {e.name:<6} {e.result.status.value}: {e.moves} moves, cost {e.cost:g}, "
                f"{e.result.stats.expanded} cells expanded, "
                f"{e.frames} frames ({e.frames / args.fps:.1f} s) -> {e.video}"
            )
            if e.result.status is Status.INTERRUPTED:
                return EXIT_INTERRUPTED
        return _railroad_ink_walk(args)

    return work


def _railroad_ink_walk(args: argparse.Namespace) -> int:
    """The demo's Railroad Ink video: one random walk of free play, ending on its score."""
    from games.railroad_ink import RailroadInk, RailroadInkTiles  # the engine loads here

    path = Path(args.out_dir) / "railroad_ink.mp4"
    print(f"\nrendering a random walk placing Railroad Ink tiles (free play, seed 1) to {path}:")
    title = "Railroad Ink · random walk · seed 1"  # the side column says "free play"
    video = VideoObserver(
        path,
        RailroadInkTiles(60),
        fps=args.fps,
        panel=not args.raw,
        title=title,
        final_frames=2 * hold_frames(args.fps),
    )
    result = RandomWalk(rng=1).run(RailroadInk(seed=1, dice="free").start(), observers=[video])
    board = result.path[-1].board if result.path else None
    score = f", score {board.score().total}" if board is not None else ""
    print(
        f"  randomwalk {result.status.value}: {len(board.order) if board else 0} tiles{score}, "
        f"{video.frames} frames ({video.frames / args.fps:.1f} s) -> {path}"
    )
    return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0
