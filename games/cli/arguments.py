"""The command line's options, each defined once: the shared groups and each command's own.

Each ``add_*`` adds one group to a subcommand's parser: the groups that several commands
share (budgets, sizes, game knobs, videos, the harness, ``--search``, ``--trace``,
``--max-frames``, ``--color-by``), and one ``add_COMMAND`` a command with all of its options
(``parser.build_parser`` calls them). Every value
is checked as it is parsed (the ``type`` of its option: ``count``, ``seconds``, ``text``,
``names``), so a bad one stops the command with one line and exit code 2 before any game is
built or any search runs, whichever game it is for: ``--bot-seconds inf`` is refused by
``run`` on a maze as by ``play`` on Railroad Ink.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from games.cli.catalog import GAMES, ITERATIONS, OBSERVERS, SEARCHES, TRON_SECONDS, searches_for
from games.cli.catalog.paths import MAX_SIZE
from games.compare import BACKENDS
from games.tron import MAPS

_T = TypeVar("_T")

__all__ = [
    "add_budgets",
    "add_check",
    "add_color_by",
    "add_compare",
    "add_demo",
    "add_film",
    "add_game",
    "add_harness",
    "add_max_frames",
    "add_options",
    "add_play",
    "add_problem",
    "add_replay",
    "add_run",
    "add_search",
    "add_size",
    "add_trace",
    "add_video",
    "add_view",
    "count",
    "names",
    "seconds",
    "text",
]


def _checked(
    name: str, read: Callable[[str], _T], fits: Callable[[_T], bool], wants: str
) -> Callable[[str], _T]:
    """An option's type: ``read(value)`` when it ``fits``; else ``wants, got VALUE`` refuses it.

    A value ``read`` cannot convert (a ``ValueError``) is refused the same way. ``name`` is
    the type's name in argparse's messages.
    """

    def parse(value: str) -> _T:
        try:
            result = read(value)
        except ValueError:
            result = None
        if result is None or not fits(result):
            raise argparse.ArgumentTypeError(f"{wants}, got {value!r}")
        return result

    parse.__name__ = name
    return parse


def count(low: int) -> Callable[[str], int]:
    """An option's type: an int >= ``low``, refused otherwise with what it must be."""
    return _checked(f"int >= {low}", int, lambda n: n >= low, f"must be an int >= {low}")


def seconds(*, infinite: bool = False, unit: str = "seconds") -> Callable[[str], float]:
    """An option's type: a number > 0, finite unless ``infinite`` (no limit) is allowed."""
    kind = "a number" if infinite else "a finite number"
    limit = " (inf: no limit)" if infinite else ""
    return _checked(
        unit,
        float,
        lambda x: x > 0 and (infinite or math.isfinite(x)),
        f"must be {kind} of {unit} > 0{limit}",
    )


def text(what: str) -> Callable[[str], str]:
    """An option's type: a non-blank text, ``what`` it names (a name, a path)."""
    return _checked(what, str, lambda value: bool(value.strip()), f"needs {what}")


def names(what: str) -> Callable[[str], str]:
    """An option's type: comma-separated names, at least one (``--searches ""`` is refused)."""
    return _checked(
        f"{what} names",
        str,
        lambda value: any(n.strip() for n in value.split(",")),
        f"needs at least one {what} name (A,B,...)",
    )


def add_budgets(p: argparse.ArgumentParser, max_nodes: int = 1_000_000) -> None:
    """The seed and the budgets of each search."""
    p.add_argument("--seed", type=count(0), default=0, help="seed of the game and random searches")
    p.add_argument(
        "--max-nodes",
        type=count(1),
        default=max_nodes,
        metavar="N",
        help="expansion budget of each search",
    )
    p.add_argument(
        "--seconds",
        type=seconds(infinite=True),
        default=30.0,
        metavar="S",
        help="wall-clock budget of each search, inf for none",
    )


class _Given(argparse.Action):
    """Stores the value and notes that the user gave it (``size_given``).

    A plugin game gets ``size=None`` unless ``--size`` was given: it knows its own default.
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.size_given = True


def add_size(p: argparse.ArgumentParser, default: int) -> None:
    """``--size``, noting whether the user gave it (``_Given``)."""
    p.add_argument(
        "--size",
        type=count(1),
        default=default,
        metavar="N",
        action=_Given,
        help=f"side of the grid or maze, in cells, at most {MAX_SIZE} (plugin games: their "
        "own default unless given)",
    )
    p.set_defaults(size_given=False)


def add_game(p: argparse.ArgumentParser, default: str, names: list[str] | None = None) -> None:
    """``--game``, one of ``names`` (default: every registered game)."""
    p.add_argument(
        "--game",
        type=text("a game name"),
        default=default,
        metavar="NAME",
        help=f"one of: {', '.join(names or GAMES.names())}",
    )


def add_options(p: argparse.ArgumentParser) -> None:
    """The knobs of the games and their searches; each game reads those it needs."""
    p.add_argument(
        "--iterations",
        type=count(1),
        default=ITERATIONS,
        metavar="N",
        help="MCTS simulations per move",
    )
    p.add_argument(
        "--depth",
        type=count(1),
        default=None,
        metavar="PLIES",
        help="alpha-beta depth (default: to the end; 4 plies for Tron)",
    )
    p.add_argument(
        "--moves",
        default="",
        metavar="CELLS",
        help="tic-tac-toe: cells 0-8 (row by row) played first, e.g. 4,0",
    )
    p.add_argument(
        "--dice",
        choices=("known", "revealed", "free"),
        default="known",
        help="Railroad Ink: rolls known in advance, revealed each round, or free "
        "play (any tile); default known, revealed for play",
    )
    p.add_argument(
        "--map",
        type=text("a map name or file"),
        default="box15",
        metavar="NAME|FILE",
        help=f"Tron: a map file or one of {', '.join(MAPS)}",
    )
    p.add_argument(
        "--drills",
        type=count(0),
        default=1,
        metavar="N",
        help="drill-maze: drills to break walls with",
    )
    p.add_argument(
        "--bot-seconds",
        type=seconds(),
        default=None,
        metavar="S",
        help="a bot's thinking time: per move for Tron (default: "
        f"{TRON_SECONDS}), per game for Railroad Ink (default: its fixed "
        "budget)",
    )


def add_film(p: argparse.ArgumentParser) -> None:
    """The video's pace and look."""
    p.add_argument(
        "--fps",
        type=seconds(unit="frames per second"),
        default=30.0,
        help="frames per second of the video",
    )
    p.add_argument(
        "--duration",
        type=seconds(),
        default=20.0,
        metavar="S",
        help="target video length in seconds: the search runs once without video, "
        "then is replayed drawing every n-th visit",
    )
    p.add_argument(
        "--every",
        type=count(1),
        default=None,
        metavar="N",
        help="draw every N-th visit instead (overrides --duration)",
    )
    p.add_argument(
        "--raw",
        action="store_true",
        help="frames without the header panel (title, counters, legend)",
    )


def add_harness(p: argparse.ArgumentParser) -> None:
    """The comparison harness: instances, workers, backend, outputs, the duels' opponent."""
    p.add_argument(
        "--instances",
        type=count(1),
        default=None,
        metavar="N",
        help="seeded instances per search (a new maze, new dice, new starts); "
        "with it, or any of the three options below, the comparison runs "
        "on the harness: statistics instead of one row each",
    )
    p.add_argument(
        "--jobs",
        type=count(1),
        default=None,
        metavar="J",
        help="worker processes (default: every core)",
    )
    p.add_argument(
        "--backend",
        type=text("a backend name"),
        default=None,
        metavar="NAME",
        help=f"where jobs run: {' or '.join(BACKENDS)} (default: local)",
    )
    p.add_argument(
        "--out",
        type=text("a folder"),
        default=None,
        metavar="DIR",
        help="write results.csv, results.json, summary.txt and cdf.png here",
    )
    p.add_argument(
        "--opponent",
        type=text("a bot or search name"),
        default="random",
        metavar="NAME",
        help="duels: the bot or search every entrant plays, sides alternating",
    )


def add_search(p: argparse.ArgumentParser, help: str) -> None:
    """``--search NAME`` of ``run`` and ``video`` (each says its own default)."""
    p.add_argument("--search", type=text("a search name"), default=None, metavar="NAME", help=help)


def add_trace(p: argparse.ArgumentParser) -> None:
    """``--trace PATH``: record the run's events, with what ``view`` needs to replay them."""
    p.add_argument(
        "--trace",
        type=text("a file"),
        default=None,
        metavar="PATH",
        help="record the run's events as JSON lines (with the game and its options), "
        "for 'treesearch view'",
    )


def add_replay(p: argparse.ArgumentParser) -> None:
    """``video``'s ``--html`` and ``--trace``."""
    p.add_argument(
        "--html",
        type=text("a file"),
        default=None,
        metavar="PATH",
        help="also write an HTML replay of the search to explore in a browser (without "
        "--out: only the replay)",
    )
    add_trace(p)


def add_max_frames(p: argparse.ArgumentParser, default: int | None, help: str) -> None:
    """``--max-frames N`` of ``video`` (where the search stops) and ``view`` (what is kept)."""
    p.add_argument("--max-frames", type=count(1), default=default, metavar="N", help=help)


def add_color_by(p: argparse.ArgumentParser) -> None:
    """``--color-by`` of the maze videos and replays."""
    p.add_argument(
        "--color-by",
        choices=("order", "depth"),
        default="order",
        help="mazes: colour cells by visit order or by depth",
    )


def add_problem(p: argparse.ArgumentParser, size: int) -> None:
    """What ``run``, ``compare`` and ``video`` share: the size, the budgets, the games' knobs."""
    add_size(p, size)
    add_budgets(p)
    add_options(p)


def add_demo(p: argparse.ArgumentParser) -> None:
    """The options of ``demo``."""
    add_size(p, 21)
    add_budgets(p, max_nodes=100_000)
    p.add_argument(
        "--out-dir",
        type=lambda value: Path(text("a folder")(value)),
        default=Path("treesearch-demo"),
        metavar="DIR",
        help="folder for the videos (created if missing)",
    )
    add_film(p)


def add_run(p: argparse.ArgumentParser) -> None:
    """The options of ``run``."""
    add_game(p, "grid")
    add_search(
        p,
        f"one of: {', '.join(SEARCHES.names())} (default: the first that fits: "
        f"{searches_for('path', False)[0]}, {searches_for('score', False)[0]} for score "
        f"games, {searches_for('duel', False)[0]} for duels)",
    )
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.add_argument(
        "--observers",
        type=names("observer"),
        default=None,
        metavar="A,B",
        help="observers to attach, by name (plugins too): "
        + ", ".join(n for n in OBSERVERS.names() if n not in OBSERVERS or OBSERVERS[n].make),
    )
    add_trace(p)
    add_problem(p, 30)


def add_compare(p: argparse.ArgumentParser) -> None:
    """The options of ``compare``."""
    add_game(p, "grid")
    p.add_argument(
        "--searches",
        type=names("search"),
        default=None,
        metavar="A,B,...",
        help="comma-separated search (or bot) names (default: every search "
        "that applies to the game; with --instances, its bots too)",
    )
    add_harness(p)
    add_problem(p, 30)


def add_video(p: argparse.ArgumentParser) -> None:
    """The options of ``video``."""
    add_game(p, "maze", [name for name, game in GAMES.items() if game.video is not None])
    add_search(p, "a search that fits the game (default: the first that fits); tictactoe: mcts")
    p.add_argument(
        "--out",
        type=text("a file or folder"),
        default=None,
        metavar="PATH",
        help=".mp4 or .gif file, or a folder for PNG frames (default: search.mp4, or no "
        "video with --html)",
    )
    add_replay(p)
    add_film(p)
    add_max_frames(p, None, "stop the search after N frames")
    add_color_by(p)
    add_problem(p, 21)


def add_view(p: argparse.ArgumentParser) -> None:
    """``view TRACE --out PATH`` and the problem options, which default to the trace's."""
    p.add_argument("trace", metavar="TRACE", help="a trace written by --trace (JSON lines)")
    p.add_argument(
        "--out",
        type=text("a file"),
        default="replay.html",
        metavar="PATH",
        help="the HTML replay to write",
    )
    add_max_frames(p, 1000, "frames kept at most")
    given = {a.dest for a in p._actions}
    add_game(p, "maze")
    add_size(p, 21)
    add_budgets(p)
    add_options(p)
    add_color_by(p)
    # The problem options default to the trace header's: only those given are seen.
    for action in p._actions:
        if action.dest not in given:
            action.default = argparse.SUPPRESS
            action.help = f"{action.help} (default: the trace header's)"
    p._defaults.pop("size_given", None)  # set by --size only (add_size's _Given)


def add_play(p: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    p.add_argument(
        "game",
        type=text("a game name"),
        nargs="?",
        default="tictactoe",
        metavar="GAME",
        help="a game with players: tictactoe, tron, tron-hex, railroad-ink, openspiel:NAME "
        "or a plugin's",
    )
    p.add_argument(
        "--bots",
        type=names("bot"),
        default=None,
        metavar="A,B",
        help="duels: the two players, bots or searches (default: the game's, "
        "heuristic,random for Tron, mcts,alphabeta otherwise)",
    )
    p.add_argument(
        "--bot",
        type=text("a bot name"),
        default=None,
        metavar="NAME",
        help="score games: the bot that plays (default: the game's, best for Railroad Ink)",
    )
    p.add_argument("--games", type=count(1), default=2, metavar="N", help="games to play")
    p.add_argument(
        "--video",
        type=text("a file or folder"),
        default=None,
        metavar="PATH",
        help="film the first game (.mp4, .gif or a folder)",
    )
    add_budgets(p)
    add_options(p)
    p.set_defaults(dice="revealed")  # a played game rolls round by round, as at the table


def add_check(p: argparse.ArgumentParser) -> None:
    """The options of ``check``: the game, the seeds, the counts and the game's own knobs."""
    p.add_argument("name", metavar="GAME", help="a game of 'treesearch list'")
    p.add_argument("--seed", type=count(0), default=0, help="the first seed checked")
    p.add_argument("--seeds", type=count(1), default=3, metavar="N", help="seeds to check")
    p.add_argument(
        "--games",
        type=count(1),
        default=20,
        metavar="N",
        help="random games to the end per seed (games with players)",
    )
    p.add_argument(
        "--states",
        type=count(1),
        default=500,
        metavar="N",
        help="states check_iterator explores breadth-first per seed",
    )
    add_size(p, 9)
    add_options(p)
