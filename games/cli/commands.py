"""The subcommands: each ``prepare_*`` checks and builds, then returns the work to run.

Each checks its arguments and outputs, builds the problem and the searches, and returns
the work to do; ``main`` runs it.

Splitting the two keeps the promise of the command line: a bad argument or output path is
reported (exit code 2) before any search starts. The work returns 0, or 130 as soon as a
search reports ``Status.INTERRUPTED`` (Ctrl-C): the rows done so far are printed and
nothing after that search runs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from games.cli.catalog import (
    GAMES,
    SEARCHES,
    SEED_TREE,
    GameEntry,
    Problem,
    SearchEntry,
    cell_name,
    check_pairing,
    hold_frames,
    lookup,
    searches_for,
)
from games.cli.outputs import check_folder, check_video_path
from games.cli.report import Table, principal_variation
from games.dict_tree import DictTreeIterator
from games.maze import search_race
from games.railroad_ink import RailroadInk, RailroadInkTiles
from observers import ProgressObserver, RecordingObserver, VideoObserver
from treesearch import Backtracking, Budget, InvalidArgumentError, RandomWalk, Status, TreeSearch

__all__ = [
    "EXIT_INTERRUPTED",
    "Work",
    "prepare_compare",
    "prepare_demo",
    "prepare_play",
    "prepare_run",
    "prepare_video",
]

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C

Work = Callable[[], int]


def _budget(args: argparse.Namespace) -> Budget:
    return Budget(max_nodes=args.max_nodes, seconds=args.seconds)


def _game(args: argparse.Namespace) -> GameEntry:
    return lookup("game", args.game, GAMES)


def _search(name: str, game: GameEntry) -> SearchEntry:
    entry = lookup("search", name, SEARCHES)
    check_pairing(entry, game)
    return entry


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidArgumentError(f"--searches needs at least one search name, got {text!r}")
    return names


def _heading(problem: Problem) -> str:
    start = problem.start
    if problem.kind == "duel":
        return f"{problem.describe}, {'XO'[start.player()]} to move:\n{start}"
    return f"{problem.describe}, from {problem.label(start)}:"


def prepare_run(args: argparse.Namespace) -> Work:
    """``run``: one search; its row, what its status means, and its path or chosen move."""
    game = _game(args)
    name = args.search or searches_for(game.kind)[0]
    entry = _search(name, game)
    budget = _budget(args)
    problem = game.make(args)
    search = entry.make(problem, budget, args)

    def work() -> int:
        print(_heading(problem))
        observers = [ProgressObserver(desc=name, file=sys.stderr)] if args.progress else []
        result = search.run(problem.start, observers=observers)
        table = Table(problem)
        table.row(name, search, result)
        table.explain_statuses()
        if problem.kind == "duel":
            if result.best is not None:
                cell = result.best.move
                print(f"move: {'XO'[problem.start.player()]} plays cell {cell} "
                      f"(row {cell // 3}, column {cell % 3})")  # fmt: skip
                print(f"principal variation: {principal_variation(result.path)}")
        elif result.path:
            print("path: " + " -> ".join(problem.label(s) for s in result.path))
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work


def prepare_compare(args: argparse.Namespace) -> Work:
    """``compare``: several searches on one problem, one row each as they finish."""
    game = _game(args)
    names = _names(args.searches) if args.searches else searches_for(game.kind)
    entries = [_search(n, game) for n in names]
    budget = _budget(args)
    problem = game.make(args)
    searches = [(e.name, e.make(problem, budget, args)) for e in entries]

    def work() -> int:
        print(_heading(problem))
        return _table_of(problem, searches)

    return work


def _table_of(problem: Problem, searches: list[tuple[str, TreeSearch]]) -> int:
    """Run the searches in turn, a row each; stop at the first one Ctrl-C interrupted."""
    table = Table(problem)
    code = 0
    for name, search in searches:
        result = search.run(problem.start)
        table.row(name, search, result)
        if result.status is Status.INTERRUPTED:
            code = EXIT_INTERRUPTED
            break
    table.explain_statuses()
    return code


def _video_game(args: argparse.Namespace) -> GameEntry:
    game = _game(args)
    if game.video is None:
        able = ", ".join(name for name, g in GAMES.items() if g.video is not None)
        raise InvalidArgumentError(
            f"the command line cannot draw videos of {game.name!r} yet; games with videos: "
            f"{able}"
        )
    return game


def _check_video_knobs(args: argparse.Namespace) -> None:
    if args.fps <= 0:
        raise InvalidArgumentError(f"--fps must be > 0, got {args.fps!r}")
    if args.duration <= 0:
        raise InvalidArgumentError(f"--duration must be > 0 seconds, got {args.duration!r}")


def prepare_video(args: argparse.Namespace) -> Work:
    """``video``: one search drawn exploring the game, about ``--duration`` seconds long."""
    game = _video_game(args)
    entry = _search(args.search or searches_for(game.kind)[0], game)
    if game.video_searches is not None and entry.name not in game.video_searches:
        raise InvalidArgumentError(
            f"videos of {game.name!r} show {', '.join(game.video_searches)} only (they draw "
            f"that search's own statistics), not {entry.name!r}"
        )
    _check_video_knobs(args)
    check_video_path(args.out)
    budget = _budget(args)
    problem = game.make(args)
    search = entry.make(problem, budget, args)
    title = f"{entry.title} on {problem.describe}"
    make_video = game.video
    assert make_video is not None

    def work() -> int:
        print(f"{title}, from {problem.label(problem.start)}:")
        result, frames = make_video(problem, search, Path(args.out), args, title)
        table = Table(problem)
        table.row(entry.name, search, result)
        table.explain_statuses()
        print(f"video: {frames} frames, {frames / args.fps:.1f} s at {args.fps:g} fps -> "
              f"{args.out}")  # fmt: skip
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work


_DEMO_RACE = ("bfs", "dfs", "astar")


def prepare_demo(args: argparse.Namespace) -> Work:
    """``demo``: backtracking's trace, every search on two problems, four videos.

    The videos: a race of three searches on a maze, then a random walk placing Railroad Ink
    tiles (free play, seed 1) that ends on the board's score.
    """
    _check_video_knobs(args)
    check_folder(args.out_dir, "--out-dir")
    budget = _budget(args)
    maze_game = GAMES["maze"]
    problems = [GAMES[name].make(args) for name in ("seed-tree", "grid")]
    maze = maze_game.make(args)
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
            if _table_of(problem, searches):
                return EXIT_INTERRUPTED
        assert maze.maze is not None
        print(f"\nrendering BFS vs DFS vs A* on {maze.describe} into {args.out_dir}/:")
        every, duration = (args.every, None) if args.every is not None else (None, args.duration)
        for e in search_race(
            maze.maze, maze.start, race, args.out_dir, fps=args.fps, every=every,
            duration=duration, final_frames=hold_frames(args.fps), panel=not args.raw,
        ):  # fmt: skip
            print(
                f"  {e.name:<6} {e.result.status.value}: {e.moves} moves, cost {e.cost:g}, "
                f"{e.frames} frames ({e.frames / args.fps:.1f} s) -> {e.video}"
            )
            if e.result.status is Status.INTERRUPTED:
                return EXIT_INTERRUPTED
        return _railroad_ink_walk(args)

    return work


def _railroad_ink_walk(args: argparse.Namespace) -> int:
    """The demo's Railroad Ink video: one random walk of free play, ending on its score."""
    path = Path(args.out_dir) / "railroad_ink.mp4"
    print(f"\nrendering a random walk placing Railroad Ink tiles (free play, seed 1) to {path}:")
    title = "RandomWalk · Railroad Ink free play (any tile, anywhere) · seed 1"
    video = VideoObserver(
        path, RailroadInkTiles(60), fps=args.fps, panel=not args.raw, title=title,
        final_frames=2 * hold_frames(args.fps),
    )  # fmt: skip
    result = RandomWalk(rng=1).run(RailroadInk(seed=1, dice="free").start(), observers=[video])
    board = result.path[-1].board if result.path else None
    score = f", score {board.score().total}" if board is not None else ""
    print(
        f"  randomwalk {result.status.value}: {len(board.order) if board else 0} tiles{score}, "
        f"{video.frames} frames ({video.frames / args.fps:.1f} s) -> {path}"
    )
    return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0


def prepare_play(args: argparse.Namespace) -> Work:
    """``play``: a match between two searches (X and O), printing each game's moves."""
    game = _game(args)
    if game.kind != "duel":
        duels = ", ".join(n for n, g in GAMES.items() if g.kind == "duel")
        raise InvalidArgumentError(
            f"play needs a two-player game; {game.name!r} is a one-player path problem "
            f"(two-player games: {duels})"
        )
    if args.games < 1:
        raise InvalidArgumentError(f"--games must be >= 1, got {args.games!r}")
    sides = [_search(args.x, game), _search(args.o, game)]
    budget = _budget(args)
    problem = game.make(args)
    for entry in sides:  # build once now, so a bad knob fails before the first move
        entry.make(problem, budget, args)

    def work() -> int:
        scores = {"X": 0, "O": 0, "draw": 0}
        for g in range(args.games):
            seeded = argparse.Namespace(**{**vars(args), "seed": args.seed + g})
            players = [entry.make(problem, budget, seeded) for entry in sides]
            state = problem.start
            print(f"game {g + 1}: X = {sides[0].name}, O = {sides[1].name}")
            while not state.is_terminal():
                mover = state.player()
                result = players[mover].run(state)
                if result.status is Status.INTERRUPTED or result.best is None:
                    print(f"  {'XO'[mover]} ({sides[mover].name}) was interrupted")
                    return EXIT_INTERRUPTED
                state = result.best
                print(f"  {'XO'[mover]} ({sides[mover].name}) plays {cell_name(state.move)}")
            winner = {1.0: "X", -1.0: "O"}.get(state.returns()[0], "draw")
            scores[winner] += 1
            outcome = "a draw" if winner == "draw" else f"{winner} wins"
            print(f"{state}\n{outcome}\n")
        print(
            f"after {args.games} game(s): X ({sides[0].name}) {scores['X']} won, "
            f"O ({sides[1].name}) {scores['O']} won, {scores['draw']} drawn"
        )
        return 0

    return work
