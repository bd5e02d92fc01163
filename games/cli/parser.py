"""The argument parser: every option with its help and default, every command an example."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from games.cli import commands
from games.cli.catalog import GAMES, SEARCHES, searches_for
from treesearch import __version__

__all__ = ["build_parser"]

DESCRIPTION = """\
Run, compare and film tree searches on bundled games: BFS, DFS, A* and others on grids and
mazes, MCTS and alpha-beta on tic-tac-toe.

games:    {games}
searches: {searches}"""

EPILOG = """\
examples:
  treesearch demo
  treesearch run --game maze --search astar --size 31
  treesearch compare --game maze --searches bfs,dijkstra,astar
  treesearch run --game tictactoe --search mcts --iterations 5000
  treesearch video --search astar --size 61 --out astar.mp4

'treesearch COMMAND --help' shows the options of a command. Exit codes: 0 done, 2 bad
arguments or output path (nothing was run), 1 an error while running, 130 Ctrl-C."""


class _Formatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Shows each option's default and keeps the line breaks of descriptions and examples.

    Defaults of None, False and "" say nothing, so they are left out.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False or action.default == "":
            return action.help
        return super()._get_help_string(action)


def _command(
    sub: Any, name: str, help: str, example: str, prepare: commands.Work | Any
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=help[0].upper() + help[1:] + ".",
        epilog=f"example:\n  {example}", formatter_class=_Formatter,
    )  # fmt: skip
    parser.set_defaults(prepare=prepare)
    return parser


def _budgets(p: argparse.ArgumentParser, max_nodes: int = 1_000_000) -> None:
    p.add_argument("--seed", type=int, default=0, help="seed of the game and random searches")
    p.add_argument("--max-nodes", type=int, default=max_nodes, metavar="N",
                   help="expansion budget of each search")  # fmt: skip
    p.add_argument("--seconds", type=float, default=30.0, metavar="S",
                   help="wall-clock budget of each search")  # fmt: skip


def _size(p: argparse.ArgumentParser, default: int) -> None:
    p.add_argument("--size", type=int, default=default, metavar="N",
                   help="side of the grid or maze, in cells")  # fmt: skip


def _game(p: argparse.ArgumentParser, default: str, names: list[str] | None = None) -> None:
    p.add_argument("--game", default=default, metavar="NAME",
                   help=f"one of: {', '.join(names or GAMES)}")  # fmt: skip


def _duel(p: argparse.ArgumentParser) -> None:
    p.add_argument("--iterations", type=int, default=2000, metavar="N",
                   help="MCTS simulations per move")  # fmt: skip
    p.add_argument("--moves", default="", metavar="CELLS",
                   help="tic-tac-toe: cells 0-8 (row by row) played first, e.g. 4,0")  # fmt: skip


def _film(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fps", type=float, default=30.0, help="frames per second of the video")
    p.add_argument("--duration", type=float, default=20.0, metavar="S",
                   help="target video length in seconds: the search runs once without video, "
                        "then is replayed drawing every n-th visit")  # fmt: skip
    p.add_argument("--every", type=int, default=None, metavar="N",
                   help="draw every N-th visit instead (overrides --duration)")  # fmt: skip
    p.add_argument("--raw", action="store_true",
                   help="frames without the header panel (title, counters, legend)")  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``treesearch`` command; each command sets ``prepare``."""
    parser = argparse.ArgumentParser(
        prog="treesearch",
        description=DESCRIPTION.format(games=", ".join(GAMES), searches=", ".join(SEARCHES)),
        epilog=EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = _command(sub, "demo", "a tour: every search on two problems, three maze videos",
                    "treesearch demo --size 15 --out-dir demo", commands.prepare_demo)
    _size(demo, 21)
    _budgets(demo, max_nodes=100_000)
    demo.add_argument("--out-dir", type=Path, default=Path("treesearch-demo"), metavar="DIR",
                      help="folder for the videos (created if missing)")
    _film(demo)

    run = _command(sub, "run", "run one search and print its result, path or move",
                   "treesearch run --game grid --search astar --size 40 --progress",
                   commands.prepare_run)
    _game(run, "grid")
    run.add_argument("--search", default=None, metavar="NAME",
                     help=f"one of: {', '.join(SEARCHES)} (default: "
                          f"{searches_for('path')[0]}, or {searches_for('duel')[0]} for "
                          "two-player games)")
    run.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    _size(run, 30)
    _budgets(run)
    _duel(run)

    compare = _command(sub, "compare", "run several searches on the same problem, a row each",
                       "treesearch compare --game tictactoe --searches mcts,alphabeta",
                       commands.prepare_compare)
    _game(compare, "grid")
    compare.add_argument("--searches", default=None, metavar="A,B,...",
                         help="comma-separated search names (default: every search that "
                              "applies to the game)")
    _size(compare, 30)
    _budgets(compare)
    _duel(compare)

    video = _command(sub, "video", "film one search exploring a maze, or MCTS choosing a move",
                     "treesearch video --search astar --size 61 --out astar.mp4 --duration 20\n"
                     "  treesearch video --game tictactoe --search mcts --out mcts.mp4",
                     commands.prepare_video)
    _game(video, "maze", [name for name, game in GAMES.items() if game.video is not None])
    video.add_argument("--search", default=None, metavar="NAME",
                       help=f"maze: one of {', '.join(searches_for('path'))} (default bfs); "
                            "tictactoe: mcts")
    video.add_argument("--out", default="search.mp4", metavar="PATH",
                       help=".mp4 or .gif file, or a folder for PNG frames")
    _film(video)
    video.add_argument("--max-frames", type=int, default=None, metavar="N",
                       help="stop the search after N frames")
    video.add_argument("--color-by", choices=("order", "depth"), default="order",
                       help="colour cells by visit order or by depth")
    _size(video, 21)
    _budgets(video)
    _duel(video)

    play = _command(sub, "play", "a match between two searches at a two-player game",
                    "treesearch play --x mcts --o alphabeta --games 2", commands.prepare_play)
    _game(play, "tictactoe", [name for name, game in GAMES.items() if game.kind == "duel"])
    play.add_argument("--x", default="mcts", metavar="NAME", help="search playing X (first)")
    play.add_argument("--o", default="alphabeta", metavar="NAME", help="search playing O")
    play.add_argument("--games", type=int, default=2, metavar="N", help="games to play")
    _budgets(play)
    _duel(play)
    return parser
