"""What the commands share: exit codes, the work they return, budgets, names, observers.

Each command's ``prepare_*`` checks and builds, then returns the work to run. Splitting the
two keeps the promise of the command line: a bad argument or output path is reported (exit
code 2) before any search starts. The work returns 0, or 130 as soon as a search reports
``Status.INTERRUPTED`` (Ctrl-C): the rows done so far are printed and nothing after that
search runs. How a game's start and answers are printed comes from its ``Problem``
(``sides``, ``label``, ``move_text``), never from its name.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TextIO

from treesearch import Budget, InvalidArgumentError, Observer, Status, TreeSearch
from treesearch.cli.catalog import OBSERVERS
from treesearch.cli.result_tables import Table, principal_variation
from treesearch.game_entry import GameEntry, Problem

__all__ = [
    "EXIT_INTERRUPTED",
    "Work",
    "answer",
    "budget_of",
    "check_video_knobs",
    "heading",
    "names_of",
    "observers_of",
    "say_compiled",
    "table_of",
]

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C

Work = Callable[[], int]


def budget_of(args: argparse.Namespace) -> Budget:
    """The budget of each search: ``--max-nodes`` and ``--seconds`` (``inf``: no time limit)."""
    seconds = args.seconds
    if seconds is not None and math.isinf(seconds):
        seconds = None
    return Budget(max_nodes=args.max_nodes, seconds=seconds)


def say_compiled(game: GameEntry, file: TextIO | None = None) -> bool:
    """Say on stderr what numba would buy ``game`` when its engine runs as plain Python.

    Returns:
        Whether anything was said (nothing for a game without a compiled engine, or when
        the engine is compiled).
    """
    if not game.compiled:
        return False
    from games._compile import ENGINE, HOW_TO_COMPILE  # numba loads only for such games

    if ENGINE != "python":
        return False
    print(
        f"{game.name}'s engine runs as plain Python ({HOW_TO_COMPILE}); compiled, "
        f"{game.compiled} (benchmarks/RESULTS.md)",
        file=file or sys.stderr,
        flush=True,
    )
    return True


def names_of(text: str, option: str = "--searches", what: str = "search") -> list[str]:
    """The comma-separated names of ``text``; at least one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise InvalidArgumentError(f"{option} needs at least one {what} name, got {text!r}")
    return names


def heading(problem: Problem) -> str:
    """The line (and board) above a run's table: the problem, and who moves first."""
    start = problem.start
    if problem.kind == "duel":
        return f"{problem.describe}, {problem.side(start.player())} to move:\n{start}"
    return f"{problem.describe}, from {problem.label(start)}:"


def answer(problem: Problem, result: object) -> None:
    """What a run found: a duel's move and line, a score game's best score, a path."""
    best, path = getattr(result, "best", None), getattr(result, "path", ())
    if problem.kind == "duel" and best is not None:
        text = (problem.move_text or problem.label)(best)
        print(f"move: {problem.side(problem.start.player())} plays {text}")
        if len(path) > 1:
            print(f"principal variation: {principal_variation(problem, tuple(path))}")
    elif problem.kind == "score" and best is not None and problem.score is not None:
        over = "final" if best.is_terminal() else "so far (the game is not over)"
        print(
            f"best: score {problem.score(best):g} {over}, after "
            f"{getattr(best, 'move', problem.label(best))}"
        )
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


def check_video_knobs(args: argparse.Namespace) -> None:
    """Refuse bad video knobs before any search runs.

    ``--fps`` and ``--duration`` must be finite numbers > 0; ``--every`` and
    ``--max-frames`` at least 1 when given.
    """
    if not (math.isfinite(args.fps) and args.fps > 0):
        raise InvalidArgumentError(f"--fps must be a finite number > 0, got {args.fps!r}")
    if not (math.isfinite(args.duration) and args.duration > 0):
        raise InvalidArgumentError(
            f"--duration must be a finite number of seconds > 0, got {args.duration!r}"
        )
    for option in ("every", "max_frames"):
        value = getattr(args, option, None)
        if value is not None and value < 1:
            flag = "--" + option.replace("_", "-")
            raise InvalidArgumentError(f"{flag} must be >= 1 (or left out), got {value!r}")
