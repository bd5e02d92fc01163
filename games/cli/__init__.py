"""The treesearch command line: run, compare and film searches on the bundled games.

Commands (``treesearch --help`` lists their options)::

    treesearch demo                                   # a tour, and three maze videos
    treesearch video --search astar --size 31 --out astar.mp4
    treesearch run --game grid --search bfs --size 40 --seed 1
    treesearch compare --game maze --searches bfs,dfs,dijkstra,astar,greedy,beam
    treesearch run --game tictactoe --search mcts
    treesearch play --x mcts --o alphabeta

It lives in ``games`` because it composes games, searches and observers; ``treesearch``
itself never imports games. Modules: ``catalog`` (games, searches, which go together),
``parser``, ``commands``, ``report`` (tables), ``outputs`` (output paths checked first).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from games.cli.commands import EXIT_INTERRUPTED
from games.cli.parser import build_parser
from treesearch import TreeSearchError

__all__ = ["main"]

EXIT_USAGE, EXIT_FAILED = 2, 1


def _fail(exc: BaseException, code: int) -> int:
    print(f"treesearch: error: {exc}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treesearch`` command; returns the exit code.

    Bad arguments or output paths (``TreeSearchError``, ``ValueError``, ``OSError`` while
    preparing) give one line on stderr and 2, before any search runs; argparse's own
    errors exit with 2 too. An error while running gives one line and 1; Ctrl-C ends the
    whole command with 130, after the rows done so far.
    """
    try:
        args = build_parser().parse_args(argv)
        try:
            work = args.prepare(args)
        except (TreeSearchError, ValueError, OSError) as exc:
            return _fail(exc, EXIT_USAGE)
        try:
            return int(work())
        except (TreeSearchError, OSError) as exc:
            return _fail(exc, EXIT_FAILED)
    except KeyboardInterrupt:
        print("treesearch: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
