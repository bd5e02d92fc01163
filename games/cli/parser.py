"""The argument parser: every option with its help and default, every command an example."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from games.cli import check, commands, demo, listing, play
from games.cli.catalog import GAMES, OBSERVERS, SEARCHES, TRON_SECONDS, searches_for
from games.compare import BACKENDS
from games.tron import MAPS
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
  treesearch play tron --bots heuristic,random --games 4
  treesearch check maze

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


class _Given(argparse.Action):
    """Stores the value and notes that the user gave it (``size_given``).

    A plugin game gets ``size=None`` unless ``--size`` was given: it knows its own default.
    """

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
        option_string: str | None = None,
    ) -> None:  # fmt: skip
        setattr(namespace, self.dest, values)
        namespace.size_given = True


def _size(p: argparse.ArgumentParser, default: int) -> None:
    p.add_argument("--size", type=int, default=default, metavar="N", action=_Given,
                   help="side of the grid or maze, in cells (plugin games: their own "
                        "default unless given)")  # fmt: skip
    p.set_defaults(size_given=False)


def _game(p: argparse.ArgumentParser, default: str, names: list[str] | None = None) -> None:
    p.add_argument("--game", default=default, metavar="NAME",
                   help=f"one of: {', '.join(names or GAMES.names())}")  # fmt: skip


def _options(p: argparse.ArgumentParser) -> None:
    """The knobs of the games and their searches; each game reads those it needs."""
    p.add_argument("--iterations", type=int, default=2000, metavar="N",
                   help="MCTS simulations per move")  # fmt: skip
    p.add_argument("--depth", type=int, default=None, metavar="PLIES",
                   help="alpha-beta depth (default: to the end; 4 plies for Tron)")  # fmt: skip
    p.add_argument("--moves", default="", metavar="CELLS",
                   help="tic-tac-toe: cells 0-8 (row by row) played first, e.g. 4,0")  # fmt: skip
    p.add_argument("--dice", choices=("known", "revealed", "free"), default="known",
                   help="Railroad Ink: rolls known in advance, revealed each round, or free "
                        "play (any tile); default known, revealed for play")  # fmt: skip
    p.add_argument("--map", default="box15", metavar="NAME|FILE",
                   help=f"Tron: a map file or one of {', '.join(MAPS)}")  # fmt: skip
    p.add_argument("--drills", type=int, default=1, metavar="N",
                   help="drill-maze: drills to break walls with")  # fmt: skip
    p.add_argument("--bot-seconds", type=float, default=None, metavar="S",
                   help="a bot's thinking time: per move for Tron (default: "
                        f"{TRON_SECONDS}), per game for Railroad Ink (default: its fixed "
                        "budget)")  # fmt: skip


def _film(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fps", type=float, default=30.0, help="frames per second of the video")
    p.add_argument("--duration", type=float, default=20.0, metavar="S",
                   help="target video length in seconds: the search runs once without video, "
                        "then is replayed drawing every n-th visit")  # fmt: skip
    p.add_argument("--every", type=int, default=None, metavar="N",
                   help="draw every N-th visit instead (overrides --duration)")  # fmt: skip
    p.add_argument("--raw", action="store_true",
                   help="frames without the header panel (title, counters, legend)")  # fmt: skip


def _harness(p: argparse.ArgumentParser) -> None:
    p.add_argument("--instances", type=int, default=None, metavar="N",
                   help="seeded instances per search (a new maze, new dice, new starts); "
                        "with it, or any of the three options below, the comparison runs "
                        "on the harness: statistics instead of one row each")  # fmt: skip
    p.add_argument("--jobs", type=int, default=None, metavar="J",
                   help="worker processes (default: every core)")  # fmt: skip
    p.add_argument("--backend", default=None, metavar="NAME",
                   help=f"where jobs run: {' or '.join(BACKENDS)} (default: local)")  # fmt: skip
    p.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="write results.csv, results.json, summary.txt and cdf.png here",
    )
    p.add_argument(
        "--opponent",
        default="random",
        metavar="NAME",
        help="duels: the bot or search every entrant plays, sides alternating",
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``treesearch`` command; each command sets ``prepare``."""
    parser = argparse.ArgumentParser(
        prog="treesearch",
        description=DESCRIPTION.format(
            games=", ".join(GAMES.names()), searches=", ".join(SEARCHES.names())
        ),
        epilog=EPILOG,
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    _command(
        sub,
        "list",
        "list the games, searches, bots and observers, a line each",
        "treesearch list",
        listing.prepare_list,
    )

    demo_ = _command(
        sub,
        "demo",
        "a tour: every search on two problems, three maze videos",
        "treesearch demo --size 15 --out-dir demo",
        demo.prepare_demo,
    )
    _size(demo_, 21)
    _budgets(demo_, max_nodes=100_000)
    demo_.add_argument(
        "--out-dir",
        type=Path,
        default=Path("treesearch-demo"),
        metavar="DIR",
        help="folder for the videos (created if missing)",
    )
    _film(demo_)

    run = _command(
        sub,
        "run",
        "run one search and print its result, path, score or move",
        "treesearch run --game grid --search astar --size 40 --progress",
        commands.prepare_run,
    )
    _game(run, "grid")
    run.add_argument(
        "--search",
        default=None,
        metavar="NAME",
        help=f"one of: {', '.join(SEARCHES.names())} (default: the first that fits: "
        f"{searches_for('path', False)[0]}, {searches_for('score', False)[0]} for score "
        f"games, {searches_for('duel', False)[0]} for duels)",
    )
    run.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    run.add_argument(
        "--observers",
        default=None,
        metavar="A,B",
        help="observers to attach, by name (plugins too): "
        + ", ".join(n for n in OBSERVERS.names() if n not in OBSERVERS or OBSERVERS[n].make),
    )
    _size(run, 30)
    _budgets(run)
    _options(run)

    compare = _command(
        sub,
        "compare",
        "run several searches or bots on the same problem, "
        "or on N seeded instances with statistics",
        "treesearch compare --game maze --searches bfs,astar --instances 20 --out results",
        commands.prepare_compare,
    )
    _game(compare, "grid")
    compare.add_argument(
        "--searches",
        default=None,
        metavar="A,B,...",
        help="comma-separated search (or bot) names (default: every search "
        "that applies to the game; with --instances, its bots too)",
    )
    _harness(compare)
    _size(compare, 30)
    _budgets(compare)
    _options(compare)

    video = _command(
        sub,
        "video",
        "film one search exploring a game with its renderer",
        "treesearch video --search astar --size 61 --out astar.mp4 --duration 20\n"
        "  treesearch video --game tictactoe --search mcts --out mcts.mp4",
        commands.prepare_video,
    )
    _game(video, "maze", [name for name, game in GAMES.items() if game.video is not None])
    video.add_argument(
        "--search",
        default=None,
        metavar="NAME",
        help="a search that fits the game (default: the first that fits); tictactoe: mcts",
    )
    video.add_argument(
        "--out",
        default="search.mp4",
        metavar="PATH",
        help=".mp4 or .gif file, or a folder for PNG frames",
    )
    _film(video)
    video.add_argument(
        "--max-frames", type=int, default=None, metavar="N", help="stop the search after N frames"
    )
    video.add_argument(
        "--color-by",
        choices=("order", "depth"),
        default="order",
        help="mazes: colour cells by visit order or by depth",
    )
    _size(video, 21)
    _budgets(video)
    _options(video)

    play_ = _command(
        sub,
        "play",
        "play whole games between bots or searches",
        "treesearch play tron --bots heuristic,random --games 4\n"
        "  treesearch play railroad-ink --bot best --dice revealed",
        play.prepare_play,
    )
    play_.add_argument(
        "game",
        nargs="?",
        default="tictactoe",
        metavar="GAME",
        help="tictactoe, tron, tron-hex, railroad-ink or openspiel:NAME",
    )
    play_.add_argument(
        "--bots",
        default=None,
        metavar="A,B",
        help="duels: the two players, bots or searches (default: "
        "heuristic,random for Tron, mcts,alphabeta otherwise)",
    )
    play_.add_argument(
        "--bot", default="best", metavar="NAME", help="Railroad Ink: the bot that plays"
    )
    play_.add_argument("--games", type=int, default=2, metavar="N", help="games to play")
    play_.add_argument(
        "--video", default=None, metavar="PATH", help="film the first game (.mp4, .gif or a folder)"
    )
    _budgets(play_)
    _options(play_)
    play_.set_defaults(dice="revealed")  # a played game rolls round by round, as at the table

    check_ = _command(
        sub,
        "check",
        "check a game (bundled or a plugin) against the TreeIterator contract",
        "treesearch check maze --seeds 3",
        check.prepare_check,
    )
    check.add_check_arguments(check_)
    _size(check_, 9)
    _options(check_)
    return parser
