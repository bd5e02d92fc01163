"""The command line's shared argument groups: budgets, sizes, game knobs, videos, the harness.

Each ``add_*`` adds one group to a subcommand's parser (``parser.build_parser``). Every value
is checked as it is parsed (the ``type`` of its option: ``count``, ``seconds``, ``text``,
``names``), so a bad one stops the command with one line and exit code 2 before any game is
built or any search runs, whichever game it is for: ``--bot-seconds inf`` is refused by
``run`` on a maze as by ``play`` on Railroad Ink.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from games.cli.catalog import GAMES, ITERATIONS, TRON_SECONDS
from games.cli.catalog.paths import MAX_SIZE
from games.compare import BACKENDS
from games.tron import MAPS

__all__ = [
    "add_budgets",
    "add_film",
    "add_game",
    "add_harness",
    "add_options",
    "add_size",
    "count",
    "names",
    "seconds",
    "text",
]


def count(low: int) -> Callable[[str], int]:
    """An option's type: an int >= ``low``, refused otherwise with what it must be."""

    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = low - 1
        if number < low:
            raise argparse.ArgumentTypeError(f"must be an int >= {low}, got {value!r}")
        return number

    parse.__name__ = f"int >= {low}"
    return parse


def seconds(*, infinite: bool = False, unit: str = "seconds") -> Callable[[str], float]:
    """An option's type: a number > 0, finite unless ``infinite`` (no limit) is allowed."""

    def parse(value: str) -> float:
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not (number > 0 and (infinite or math.isfinite(number))):
            kind = "a number" if infinite else "a finite number"
            limit = " (inf: no limit)" if infinite else ""
            raise argparse.ArgumentTypeError(f"must be {kind} of {unit} > 0{limit}, got {value!r}")
        return number

    parse.__name__ = unit
    return parse


def text(what: str) -> Callable[[str], str]:
    """An option's type: a non-blank text, ``what`` it names (a name, a path)."""

    def parse(value: str) -> str:
        if not value.strip():
            raise argparse.ArgumentTypeError(f"needs {what}, got {value!r}")
        return value

    parse.__name__ = what
    return parse


def names(what: str) -> Callable[[str], str]:
    """An option's type: comma-separated names, at least one (``--searches ""`` is refused)."""

    def parse(value: str) -> str:
        if not any(n.strip() for n in value.split(",")):
            raise argparse.ArgumentTypeError(
                f"needs at least one {what} name (A,B,...), got {value!r}"
            )
        return value

    parse.__name__ = f"{what} names"
    return parse


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
