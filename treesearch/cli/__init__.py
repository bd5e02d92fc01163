"""The treesearch command line: list, run, compare, film and play every bundled game.

Commands (``treesearch --help`` lists their options)::

    treesearch list                                   # games, searches, bots, observers
    treesearch demo                                   # a tour, and three maze videos
    treesearch run --game railroad-ink --search beam --dice known
    treesearch compare --game maze --searches bfs,astar --instances 50 --out results
    treesearch video --game tron --search mcts --out tron.mp4
    treesearch play tron-hex --bots heuristic,random --games 10
    treesearch learn tictactoe --out ttt.npz          # a value learned by self-play
    treesearch check maze                             # a game against the contract

Plugins add games, searches and observers through entry points (``treesearch.plugins``);
each command reads their names first, and imports a plugin when it is named.

It lives in ``games`` because it composes games, searches and observers; ``treesearch``
itself never imports games. Modules: ``catalog`` (the registries: games, searches, bots,
observers, and which go together; each game's entry says all the commands need of it),
``openspiel_games`` (``openspiel:NAME``, the adapter of an outside library's games),
``players`` (names resolved into ``treesearch.match`` agent makers) and ``entrants``
(comparisons on seeded instances), ``result_tables``, ``output_options`` (output paths checked
first), ``common`` (what the commands share), one module per command (``run_command``,
``compare_command``, ``video_command``, ``play_command``, ``learn_command``, ``demo``,
``listing``, ``check``)
and ``parser``, which points at them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from treesearch import SearchResult, TreeSearchError
from treesearch.cli.catalog import add_prefixed, discover_plugins, warn
from treesearch.cli.openspiel_games import PREFIX, openspiel_entry
from treesearch.cli.parser import build_parser
from treesearch.compare.interrupts import Stopped, Watch

__all__ = ["main"]

add_prefixed(PREFIX, openspiel_entry, "an OpenSpiel game")

EXIT_USAGE, EXIT_FAILED = 2, 1


def _fail(exc: BaseException, code: int) -> int:
    print(f"treesearch: error: {exc}", file=sys.stderr)
    kept = getattr(exc, "result", None)  # ObserverError, UnboundedSearchError: what finished
    if isinstance(kept, SearchResult):
        print(f"kept: {kept!r}")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treesearch`` command; returns the exit code.

    Plugins are discovered first; a name clash is a warning on stderr.
    Bad arguments or output paths (``TreeSearchError``, ``ValueError``, ``OSError`` while
    preparing) give one line on stderr and 2, before any search runs; argparse's own
    errors exit with 2 too. An error while running gives one line and 1. Ctrl-C ends the
    whole command with 130 and SIGTERM with 143, after the rows done so far, even where
    some code swallowed the ``KeyboardInterrupt`` (``treesearch.compare.interrupts.Watch``);
    while preparing (a game's setup) a signal ends the command at once.
    """
    with Watch.watching() as watch:
        try:
            for message in discover_plugins():
                warn(message)
            args = build_parser().parse_args(argv)
            try:
                work = args.prepare(args)
            except (TreeSearchError, ValueError, OSError) as exc:
                return _fail(exc, EXIT_USAGE)
            watch.check()
            watch.abandon = False  # from here a search keeps its best so far on Ctrl-C
            try:
                return watch.code(int(work()))
            except (TreeSearchError, OSError) as exc:
                return watch.code(_fail(exc, EXIT_FAILED))
        except (KeyboardInterrupt, Stopped) as exc:
            return watch.stopped(exc)
