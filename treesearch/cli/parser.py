"""The argument parser: every option with its help and default, every command an example."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from treesearch import __version__
from treesearch.cli import (
    check,
    compare_command,
    demo,
    learn_command,
    listing,
    options,
    play_command,
    run_command,
    video_command,
    view_command,
)
from treesearch.cli.catalog import GAMES, SEARCHES
from treesearch.cli.common import Work

__all__ = ["build_parser"]

DESCRIPTION = """\
Run, compare, film and play tree searches on bundled games: BFS, DFS, A* and others on
grids and mazes, beams and bots on Railroad Ink, MCTS and alpha-beta on tic-tac-toe, Tron
and any OpenSpiel game (openspiel:NAME). 'treesearch list' says what fits what.

games:    {games}
searches: {searches}"""

EPILOG = """\
examples:
  treesearch list
  treesearch demo
  treesearch run --game maze --search astar --size 31
  treesearch compare --game maze --searches bfs,dijkstra,astar
  treesearch compare --game railroad-ink --searches greedy,beam --instances 20 --out ink
  treesearch run --game tictactoe --search mcts --iterations 5000
  treesearch video --search astar --size 61 --out astar.mp4
  treesearch video --game maze --search astar --html astar.html
  treesearch play tron --bots heuristic,random --games 4
  treesearch learn tictactoe --out ttt.npz --games 2000
  treesearch check maze

'treesearch COMMAND --help' shows the options of a command. Exit codes: 0 done, 2 bad
arguments or output path (nothing was run), 1 an error while running, 130 Ctrl-C."""


_ABOUT: dict[str, tuple[str, str]] = {
    "list": ("list the games, searches, bots and observers, a line each", "treesearch list"),
    "demo": (
        "a tour: every search on two problems, three maze videos",
        "treesearch demo --size 15 --out-dir demo",
    ),
    "run": (
        "run one search and print its result, path, score or move",
        "treesearch run --game grid --search astar --size 40 --progress",
    ),
    "compare": (
        "run several searches or bots on the same problem, "
        "or on N seeded instances with statistics",
        "treesearch compare --game maze --searches bfs,astar --instances 20 --out results",
    ),
    "video": (
        "film one search exploring a game with its renderer",
        "treesearch video --search astar --size 61 --out astar.mp4 --duration 20\n"
        "  treesearch video --game tictactoe --search mcts --out mcts.mp4",
    ),
    "view": (
        "write the HTML replay of a run recorded with --trace",
        "treesearch view astar.jsonl --out astar.html\n"
        "  (astar.jsonl from: treesearch run --game maze --search astar --trace astar.jsonl)",
    ),
    "play": (
        "play whole games between bots or searches",
        "treesearch play tron --bots heuristic,random --games 4\n"
        "  treesearch play railroad-ink --bot best --dice revealed",
    ),
    "learn": (
        "learn a value of a game's states by self-play, into a model file",
        "treesearch learn tictactoe --out ttt.npz --games 2000\n"
        "  treesearch play tictactoe --bots learned:ttt.npz,random",
    ),
    "check": (
        "check a game (bundled or a plugin) against the TreeIterator contract",
        "treesearch check maze --seeds 3",
    ),
}
"""Each command's help (capitalised, its description too) and example."""

_COMMANDS: dict[str, tuple[Any, Callable[[argparse.ArgumentParser], None] | None]] = {
    "list": (listing.prepare_list, None),
    "demo": (demo.prepare_demo, options.add_demo),
    "run": (run_command.prepare_run, options.add_run),
    "compare": (compare_command.prepare_compare, options.add_compare),
    "video": (video_command.prepare_video, options.add_video),
    "view": (view_command.prepare_view, options.add_view),
    "play": (play_command.prepare_play, options.add_play),
    "learn": (learn_command.prepare_learn, options.add_learn),
    "check": (check.prepare_check, options.add_check),
}
"""Each command's ``prepare`` (its ``Work``) and its options (``treesearch.cli.options``)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit code 2.

    argparse prints its usage block above the error; the command line's promise is one line
    for a bad input, so the line names the fix instead: ``COMMAND --help``.
    """

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE; 'PROG --help' lists the options`` and exit 2."""
        self.exit(2, f"{self.prog}: error: {message}; '{self.prog} --help' lists the options\n")


class _Formatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Shows each option's default and keeps the line breaks of descriptions and examples.

    Defaults of None, False and "" say nothing, so they are left out.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False or action.default == "":
            return action.help
        return super()._get_help_string(action)


def _command(sub: Any, name: str, prepare: Work | Any) -> argparse.ArgumentParser:
    help, example = _ABOUT[name]
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=help,
        description=help[0].upper() + help[1:] + ".",
        epilog=f"example:\n  {example}",
        formatter_class=_Formatter,
    )
    parser.set_defaults(prepare=prepare)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``treesearch`` command; each command sets ``prepare``."""
    parser = _Parser(
        prog="treesearch",
        description=DESCRIPTION.format(
            games=", ".join(GAMES.names()), searches=", ".join(SEARCHES.names())
        ),
        epilog=EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (prepare, add_options) in _COMMANDS.items():
        command = _command(sub, name, prepare)
        if add_options is not None:
            add_options(command)
    return parser
