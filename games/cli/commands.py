"""The search commands: each ``prepare_*`` checks and builds, then returns the work to run.

Splitting the two keeps the promise of the command line: a bad argument or output path is
reported (exit code 2) before any search starts. The work returns 0, or 130 as soon as a
search reports ``Status.INTERRUPTED`` (Ctrl-C): the rows done so far are printed and
nothing after that search runs. ``demo`` and ``play`` have modules of their own.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from games.cli.catalog import (
    GAMES,
    OBSERVERS,
    GameEntry,
    Problem,
    game_entry,
    search_entry,
    searches_for,
)
from games.cli.harness import entrants, measure
from games.cli.outputs import check_folder, check_video_path
from games.cli.players import player_names
from games.cli.report import Table, principal_variation
from games.compare import BACKENDS, Outcome, compare, table, write
from games.compare.jobs import RAY_HINT
from observers import ProgressObserver
from treesearch import Budget, InvalidArgumentError, Observer, Status, TreeSearch

__all__ = [
    "EXIT_INTERRUPTED", "Work", "budget_of", "check_video_knobs", "observers_of",
    "prepare_compare", "prepare_run", "prepare_video", "table_of",
]  # fmt: skip

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C

Work = Callable[[], int]


def budget_of(args: argparse.Namespace) -> Budget:
    """The budget of each search: ``--max-nodes`` and ``--seconds``."""
    return Budget(max_nodes=args.max_nodes, seconds=args.seconds)


def names_of(text: str, option: str = "--searches", what: str = "search") -> list[str]:
    """The comma-separated names of ``text``; at least one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidArgumentError(f"{option} needs at least one {what} name, got {text!r}")
    return names


def _heading(problem: Problem) -> str:
    start = problem.start
    if problem.game == "tictactoe":
        return f"{problem.describe}, {'XO'[start.player()]} to move:\n{start}"
    if problem.kind == "duel":
        return f"{problem.describe}, player {start.player()} to move:\n{start}"
    return f"{problem.describe}, from {problem.label(start)}:"


def _answer(problem: Problem, result: object) -> None:
    """What a run found: a duel's move, a score game's best score, a path."""
    best, path = getattr(result, "best", None), getattr(result, "path", ())
    if problem.kind == "duel" and best is not None:
        if problem.game == "tictactoe":
            cell = best.move
            print(f"move: {'XO'[problem.start.player()]} plays cell {cell} "
                  f"(row {cell // 3}, column {cell % 3})")  # fmt: skip
            print(f"principal variation: {principal_variation(path)}")
        else:
            print(f"move: player {problem.start.player()} plays {problem.label(best)}")
    elif problem.kind == "score" and best is not None and problem.score is not None:
        over = "final" if best.is_terminal() else "so far (the game is not over)"
        print(f"best: score {problem.score(best):g} {over}, after "
              f"{getattr(best, 'move', problem.label(best))}")  # fmt: skip
    elif problem.kind == "path" and path:
        print("path: " + " -> ".join(problem.label(s) for s in path))


def observers_of(text: str | None) -> list[Observer]:
    """The observers named by ``--observers A,B`` (bundled or plugins), built.

    Raises:
        InvalidArgumentError: an unknown name, or one that only a command attaches.
        PluginLoadError: an observer's plugin fails to load.
    """
    found: list[Observer] = []
    for name in names_of(text, "--observers", "observer") if text else []:
        entry = OBSERVERS.get_entry(name)
        if entry.make is None:
            named = [n for n, e in OBSERVERS.items() if e.make is not None] + list(
                OBSERVERS.pending
            )
            raise InvalidArgumentError(
                f"observer {name!r} cannot be attached by --observers: {entry.help}; "
                f"--observers takes: {', '.join(named)}"
            )
        found.append(entry.make())
    return found


def prepare_run(args: argparse.Namespace) -> Work:
    """``run``: one search; its row, what its status means, and its path, score or move."""
    game = game_entry(args.game)
    name = args.search or searches_for(game.kind)[0]
    entry = search_entry(name, game)
    budget = budget_of(args)
    problem = game.make(args)
    search = entry.make(problem, budget, args)
    attached = observers_of(getattr(args, "observers", None))

    def work() -> int:
        print(_heading(problem))
        observers = list(attached)
        if args.progress:
            observers.insert(0, ProgressObserver(desc=name, file=sys.stderr))
        result = search.run(problem.start, observers=observers)
        table = Table(problem)
        table.row(name, search, result)
        table.explain_statuses()
        _answer(problem, result)
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work


def _harness(args: argparse.Namespace) -> bool:
    return any(getattr(args, k) is not None for k in ("instances", "out", "jobs", "backend"))


def _check_harness(args: argparse.Namespace) -> None:
    if args.instances is not None and args.instances < 1:
        raise InvalidArgumentError(f"--instances must be >= 1, got {args.instances!r}")
    if args.jobs is not None and args.jobs < 1:
        raise InvalidArgumentError(f"--jobs must be >= 1, got {args.jobs!r}")
    if args.seed < 0:
        raise InvalidArgumentError(f"--seed must be >= 0 for a comparison, got {args.seed!r}")
    backend = args.backend or "local"
    if backend not in BACKENDS:
        raise InvalidArgumentError(f"--backend must be one of {', '.join(BACKENDS)}, got "
                                   f"{backend!r}")  # fmt: skip
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise InvalidArgumentError(RAY_HINT)
    if args.out is not None:
        check_folder(Path(args.out), "--out")


def prepare_compare(args: argparse.Namespace) -> Work:
    """``compare``: several searches on one problem, or on ``--instances`` seeded ones."""
    game = game_entry(args.game)
    budget = budget_of(args)
    if _harness(args):
        _check_harness(args)
        default = searches_for("path") if game.kind == "path" else player_names(game)
        names = names_of(args.searches) if args.searches else default
        jobs = entrants(game, names, budget, args)
        return _harness_work(game, jobs, args)
    names = names_of(args.searches) if args.searches else searches_for(game.kind)
    entries = [search_entry(n, game) for n in names]
    problem = game.make(args)
    searches = [(e.name, e.make(problem, budget, args)) for e in entries]

    def work() -> int:
        print(_heading(problem))
        return table_of(Table(problem), problem, searches)

    return work


def _harness_work(game: GameEntry, jobs: Mapping[str, Callable[[int], Outcome]],
                  args: argparse.Namespace) -> Work:  # fmt: skip
    what, higher = measure(game)
    instances = args.instances or 1
    against = f" against {args.opponent}" if game.kind == "duel" else ""

    def work() -> int:
        better = "higher" if higher else "lower"
        print(f"{game.name}: {', '.join(jobs)} on {instances} seeded instance(s) from seed "
              f"{args.seed}, {what}{against} ({better} is better)")  # fmt: skip
        result = compare(
            jobs, instances=instances, seed=args.seed, jobs=args.jobs,
            backend=args.backend or "local", measure=what, higher_is_better=higher,
            progress=True,
        )  # fmt: skip
        print(table(result), end="")
        if args.out is not None:
            for note in write(result, args.out):
                print(f"note: {note}")
            print(f"wrote results.csv, results.json, summary.txt, cdf.png to {args.out}")
        return 0

    return work


def table_of(table: Table, problem: Problem, searches: list[tuple[str, TreeSearch]]) -> int:
    """Run the searches in turn, a row each; stop at the first one Ctrl-C interrupted."""
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
    game = game_entry(args.game)
    if game.video is None:
        able = ", ".join(name for name, g in GAMES.items() if g.video is not None)
        raise InvalidArgumentError(
            f"the command line cannot draw videos of {game.name!r}: {game.no_video}; games "
            f"with videos: {able}"
        )
    return game


def check_video_knobs(args: argparse.Namespace) -> None:
    """Refuse a non-positive ``--fps`` or ``--duration``."""
    if args.fps <= 0:
        raise InvalidArgumentError(f"--fps must be > 0, got {args.fps!r}")
    if args.duration <= 0:
        raise InvalidArgumentError(f"--duration must be > 0 seconds, got {args.duration!r}")


def prepare_video(args: argparse.Namespace) -> Work:
    """``video``: one search drawn exploring the game, about ``--duration`` seconds long."""
    game = _video_game(args)
    entry = search_entry(args.search or searches_for(game.kind)[0], game)
    if game.video_searches is not None and entry.name not in game.video_searches:
        raise InvalidArgumentError(
            f"videos of {game.name!r} show {', '.join(game.video_searches)} only (they draw "
            f"that search's own statistics), not {entry.name!r}"
        )
    check_video_knobs(args)
    check_video_path(args.out)
    problem = game.make(args)
    search = entry.make(problem, budget_of(args), args)
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
