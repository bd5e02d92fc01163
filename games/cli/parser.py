"""The argument parser: every option with its help and default, every command an example."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, NoReturn

from games.cli import (
    check,
    compare_command,
    demo,
    listing,
    play_command,
    run_command,
    video_command,
    view_command,
)
from games.cli.arguments import (
    add_budgets,
    add_film,
    add_game,
    add_harness,
    add_options,
    add_size,
    count,
    names,
    text,
)
from games.cli.catalog import GAMES, OBSERVERS, SEARCHES, searches_for
from games.cli.common import Work
from treesearch import __version__

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
    "check": (
        "check a game (bundled or a plugin) against the TreeIterator contract",
        "treesearch check maze --seeds 3",
    ),
}
"""Each command's help (capitalised, its description too) and example."""


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


def _add_problem_options(parser: argparse.ArgumentParser, size: int) -> None:
    """What ``run``, ``compare`` and ``video`` share: the size, the budgets, the games' knobs."""
    add_size(parser, size)
    add_budgets(parser)
    add_options(parser)


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
    for add in (
        _add_list,
        _add_demo,
        _add_run,
        _add_compare,
        _add_video,
        _add_view,
        _add_play,
        _add_check,
    ):
        add(sub)
    return parser


def _add_list(sub: Any) -> None:
    _command(sub, "list", listing.prepare_list)


def _add_demo(sub: Any) -> None:
    demo_ = _command(sub, "demo", demo.prepare_demo)
    add_size(demo_, 21)
    add_budgets(demo_, max_nodes=100_000)
    demo_.add_argument(
        "--out-dir",
        type=lambda value: Path(text("a folder")(value)),
        default=Path("treesearch-demo"),
        metavar="DIR",
        help="folder for the videos (created if missing)",
    )
    add_film(demo_)


def _add_run(sub: Any) -> None:
    run = _command(sub, "run", run_command.prepare_run)
    add_game(run, "grid")
    run.add_argument(
        "--search",
        type=text("a search name"),
        default=None,
        metavar="NAME",
        help=f"one of: {', '.join(SEARCHES.names())} (default: the first that fits: "
        f"{searches_for('path', False)[0]}, {searches_for('score', False)[0]} for score "
        f"games, {searches_for('duel', False)[0]} for duels)",
    )
    run.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    run.add_argument(
        "--observers",
        type=names("observer"),
        default=None,
        metavar="A,B",
        help="observers to attach, by name (plugins too): "
        + ", ".join(n for n in OBSERVERS.names() if n not in OBSERVERS or OBSERVERS[n].make),
    )
    view_command.add_trace_option(run)
    _add_problem_options(run, 30)


def _add_compare(sub: Any) -> None:
    compare = _command(sub, "compare", compare_command.prepare_compare)
    add_game(compare, "grid")
    compare.add_argument(
        "--searches",
        type=names("search"),
        default=None,
        metavar="A,B,...",
        help="comma-separated search (or bot) names (default: every search "
        "that applies to the game; with --instances, its bots too)",
    )
    add_harness(compare)
    _add_problem_options(compare, 30)


def _add_video(sub: Any) -> None:
    video = _command(sub, "video", video_command.prepare_video)
    add_game(video, "maze", [name for name, game in GAMES.items() if game.video is not None])
    video.add_argument(
        "--search",
        type=text("a search name"),
        default=None,
        metavar="NAME",
        help="a search that fits the game (default: the first that fits); tictactoe: mcts",
    )
    video.add_argument(
        "--out",
        type=text("a file or folder"),
        default=None,
        metavar="PATH",
        help=".mp4 or .gif file, or a folder for PNG frames (default: search.mp4, or no "
        "video with --html)",
    )
    view_command.add_replay_options(video)
    add_film(video)
    video.add_argument(
        "--max-frames",
        type=count(1),
        default=None,
        metavar="N",
        help="stop the search after N frames",
    )
    video.add_argument(
        "--color-by",
        choices=("order", "depth"),
        default="order",
        help="mazes: colour cells by visit order or by depth",
    )
    _add_problem_options(video, 21)


def _add_view(sub: Any) -> None:
    view_command.add_view_arguments(_command(sub, "view", view_command.prepare_view))


def _add_play(sub: Any) -> None:
    play_ = _command(sub, "play", play_command.prepare_play)
    play_.add_argument(
        "game",
        type=text("a game name"),
        nargs="?",
        default="tictactoe",
        metavar="GAME",
        help="a game with players: tictactoe, tron, tron-hex, railroad-ink, openspiel:NAME "
        "or a plugin's",
    )
    play_.add_argument(
        "--bots",
        type=names("bot"),
        default=None,
        metavar="A,B",
        help="duels: the two players, bots or searches (default: the game's, "
        "heuristic,random for Tron, mcts,alphabeta otherwise)",
    )
    play_.add_argument(
        "--bot",
        type=text("a bot name"),
        default=None,
        metavar="NAME",
        help="score games: the bot that plays (default: the game's, best for Railroad Ink)",
    )
    play_.add_argument("--games", type=count(1), default=2, metavar="N", help="games to play")
    play_.add_argument(
        "--video",
        type=text("a file or folder"),
        default=None,
        metavar="PATH",
        help="film the first game (.mp4, .gif or a folder)",
    )
    add_budgets(play_)
    add_options(play_)
    play_.set_defaults(dice="revealed")  # a played game rolls round by round, as at the table


def _add_check(sub: Any) -> None:
    check_ = _command(sub, "check", check.prepare_check)
    check.add_check_arguments(check_)
    add_size(check_, 9)
    add_options(check_)
