"""The command line's options, each defined once: the shared groups and each command's own.

Each ``add_*`` adds one group to a subcommand's parser: the groups that several commands share
(budgets, sizes, game knobs, videos, the harness, ``--search``, ``--trace``, ``--max-frames``,
``--color-by``; the fixed ones are tables, an option a row) and one ``add_COMMAND`` a command with
all of its options (``parser.build_parser`` calls them). Every value is checked as it is parsed
(its ``type``: ``count``, ``seconds``, ``text``, ``names``), so a bad one stops the command with
one line and exit code 2 before any game is built or any search runs, whichever game it is for:
``--bot-seconds inf`` is refused by ``run`` on a maze as by ``play`` on Railroad Ink.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from games.maze.entry import MAX_SIZE
from games.tron.entry import TRON_SECONDS
from treesearch.cli.applies import note_given
from treesearch.cli.catalog import (
    GAMES,
    ITERATIONS,
    OBSERVERS,
    SEARCHES,
    game_knobs,
    searches_for,
)
from treesearch.cli.check import WALK_DEPTH
from treesearch.compare import BACKENDS
from treesearch.game_entry import checked as _checked
from treesearch.game_entry import count, text

__all__ = [
    "add_budgets",
    "add_check",
    "add_color_by",
    "add_compare",
    "add_demo",
    "add_film",
    "add_game",
    "add_harness",
    "add_learn",
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


def names(what: str) -> Callable[[str], str]:
    """An option's type: comma-separated names, at least one (``--searches ""`` is refused)."""
    return _checked(
        f"{what} names",
        str,
        lambda value: any(n.strip() for n in value.split(",")),
        f"needs at least one {what} name (A,B,...)",
    )


_Table = dict[tuple[str, Any, Any], str]
"""Options, a row each: ``(flag and metavar, kind, default): help`` (``kind``: see ``_opt``)."""


class _Store(argparse.Action):
    """Stores the value and notes that the user gave it (``given``), default or not.

    A flag (``nargs=0``) stores its ``const``; ``mark``, where a subclass names one, is an
    attribute set to True as well.
    """

    mark: ClassVar[str | None] = None

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, self.const if self.nargs == 0 else values)
        note_given(namespace, self.dest)
        if self.mark is not None:
            setattr(namespace, self.mark, True)


class _StoreTrue(_Store):
    """A flag: stores True and notes that the user gave it (``given``)."""

    def __init__(self, option_strings: list[str], dest: str, **more: Any) -> None:
        more.pop("type", None)
        super().__init__(option_strings, dest, nargs=0, const=True, **more)


def _opt(
    p: argparse.ArgumentParser, flag: str, kind: Any, default: Any, help: str, **more: Any
) -> argparse.Action:
    """One option, named as its help shows it: ``"--max-nodes N"`` is the flag and its metavar.

    ``kind``: its type, choices (a tuple) or ``"store_true"``; ``more``: ``action``, ``nargs``.
    An option (``--name``) notes in ``given`` that the user gave it, so a command can refuse
    one that does not apply even when it is given its default value.
    """
    name, _, metavar = flag.partition(" ")
    if metavar:
        more["metavar"] = metavar
    if kind == "store_true":
        more.setdefault("action", _StoreTrue)
    else:
        more["choices" if isinstance(kind, tuple) else "type"] = kind
        if name.startswith("-"):
            more.setdefault("action", _Store)
    p.set_defaults(given=frozenset())
    return p.add_argument(name, default=default, help=help, **more)


def _add(p: argparse.ArgumentParser, table: _Table, **defaults: Any) -> None:
    """The options of ``table`` in order; ``defaults`` (by dest) replace the table's."""
    for (flag, kind, default), help in table.items():
        action = _opt(p, flag, kind, default, help)
        action.default = defaults.get(action.dest, action.default)


_BUDGETS: _Table = {
    ("--seed", count(0), 0): "seed of the game and random searches",
    ("--max-nodes N", count(1), 1_000_000): "expansion budget of each search",
    ("--seconds S", seconds(infinite=True), 30.0): (
        "wall-clock budget of each search, inf for none"
    ),
}

_KNOBS: _Table = {
    ("--iterations N", count(1), ITERATIONS): "MCTS simulations per move",
    ("--depth PLIES", count(1), None): (
        "alpha-beta depth, for games that value unfinished positions (default: 4 plies for "
        "Tron; the others are searched to the end)"
    ),
}

_BOT_SECONDS: _Table = {
    ("--bot-seconds S", seconds(), None): (
        f"a bot's thinking time: per move for Tron (default: {TRON_SECONDS}), per game for "
        "Railroad Ink (default: its fixed budget)"
    ),
}

_HARNESS: _Table = {
    ("--searches A,B,...", names("search"), None): (
        "comma-separated search (or bot) names (default: every search that applies to the game; "
        "with --instances, its bots too)"
    ),
    ("--instances N", count(1), None): (
        "seeded instances per search (a new maze, new dice, new starts); with it, or any of the "
        "three options below, the comparison runs on the harness: statistics instead of one row "
        "each"
    ),
    ("--jobs J", count(1), None): "worker processes (default: every core)",
    ("--backend NAME", text("a backend name"), None): (
        f"where jobs run: {' or '.join(BACKENDS)} (default: local)"
    ),
    ("--out DIR", text("a folder"), None): (
        "write results.csv, results.json, summary.txt and cdf.png here"
    ),
    ("--opponent NAME", text("a bot or search name"), "random"): (
        "duels: the bot or search every entrant plays, sides alternating"
    ),
}

_TRACE: _Table = {
    ("--trace PATH", text("a file"), None): (
        "record the run's events as JSON lines (with the game and its options), "
        "for 'treesearch view'"
    ),
}

_REPLAY: _Table = {
    ("--html PATH", text("a file"), None): (
        "also write an HTML replay of the search to explore in a browser (without --out: only "
        "the replay)"
    ),
    **_TRACE,
}

_FILM: _Table = {
    ("--fps", seconds(unit="frames per second"), 30.0): "frames per second of the video",
    ("--duration S", seconds(), 20.0): (
        "target video length in seconds: the search runs once without video, then is replayed "
        "drawing every n-th visit"
    ),
    ("--every N", count(1), None): "draw every N-th visit instead (overrides --duration)",
    ("--raw", "store_true", False): "frames without the header panel (title, counters, legend)",
}

_PLAY: _Table = {
    ("--bots A,B", names("bot"), None): (
        "who plays: two names for a duel (bots or searches; default: the game's, "
        "heuristic,random for Tron, mcts,alphabeta otherwise), one for a score game (as --bot); "
        "learned:FILE plays greedily on a model of 'treesearch learn'"
    ),
    ("--bot NAME", text("a bot name"), None): (
        "score games: the bot that plays (default: the game's, best for Railroad Ink); a duel "
        "takes --bots A,B"
    ),
    ("--games N", count(1), 2): "games to play",
    ("--video PATH", text("a file or folder"), None): (
        "film the first game (.mp4, .gif or a folder)"
    ),
}

_CHECK: _Table = {
    ("--seed", count(0), 0): "the first seed checked",
    ("--seeds N", count(1), 3): "seeds to check",
    ("--games N", count(1), 20): "random games to the end per seed (games with players)",
    ("--states N", count(1), 500): (
        "states checked breadth-first from the start, per seed (at most: fewer if the game has "
        "fewer)"
    ),
    ("--walks N", count(0), 20): (
        f"random walks from the start per seed, up to {WALK_DEPTH} moves each, to check "
        "deeper states too (0: none; they check at most N x "
        f"{WALK_DEPTH} states more)"
    ),
}


def add_budgets(p: argparse.ArgumentParser, max_nodes: int = 1_000_000) -> None:
    """The seed and the budgets of each search."""
    _add(p, _BUDGETS, max_nodes=max_nodes)


class _Given(_Store):
    """``_Store`` that also sets ``size_given``, which travels in ``GameOptions`` and traces.

    A plugin game gets ``size=None`` unless ``--size`` was given: it knows its own default.
    """

    mark = "size_given"


def add_size(p: argparse.ArgumentParser, default: int) -> None:
    """``--size``, noting whether the user gave it (``_Given``)."""
    help = (
        f"side of the grid or maze, in cells, at most {MAX_SIZE}; a plugin game is passed it "
        "only when given"
    )
    _opt(p, "--size N", count(1), default, help, action=_Given)
    p.set_defaults(size_given=False)


def add_game(p: argparse.ArgumentParser, default: str, names: list[str] | None = None) -> None:
    """``--game``, one of ``names`` (default: every registered game)."""
    help = f"one of: {', '.join(names or GAMES.names())}"
    _opt(p, "--game NAME", text("a game name"), default, help)


def add_options(p: argparse.ArgumentParser, command: str = "") -> None:
    """The knobs of the searches, of every game (``game_knobs``: each reads its own), the bots'.

    ``command`` picks a game option's default where it has one for the command
    (``GameOption.defaults``).
    """
    _add(p, _KNOBS)
    for knob in game_knobs():
        flag = knob.flag if knob.metavar is None else f"{knob.flag} {knob.metavar}"
        kind = knob.choices if knob.choices is not None else knob.type
        _opt(p, flag, kind, knob.defaults.get(command, knob.default), knob.help)
    _add(p, _BOT_SECONDS)


def add_film(p: argparse.ArgumentParser) -> None:
    """The video's pace and look."""
    _add(p, _FILM)


def add_harness(p: argparse.ArgumentParser) -> None:
    """``compare``'s entrants (``--searches``) and its harness: instances, workers, outputs."""
    _add(p, _HARNESS)


def add_search(p: argparse.ArgumentParser, help: str) -> None:
    """``--search NAME`` of ``run`` and ``video`` (each says its own default)."""
    _opt(p, "--search NAME", text("a search name"), None, help)


def add_trace(p: argparse.ArgumentParser) -> None:
    """``--trace PATH``: record the run's events, with what ``view`` needs to replay them."""
    _add(p, _TRACE)


def add_replay(p: argparse.ArgumentParser) -> None:
    """``video``'s ``--html`` and ``--trace``."""
    _add(p, _REPLAY)


def add_max_frames(p: argparse.ArgumentParser, default: int | None, help: str) -> None:
    """``--max-frames N`` of ``video`` (where the search stops) and ``view`` (what is kept)."""
    _opt(p, "--max-frames N", count(1), default, help)


def add_color_by(p: argparse.ArgumentParser) -> None:
    """``--color-by`` of the maze videos and replays."""
    help = "mazes: colour cells by visit order or by depth"
    _opt(p, "--color-by", ("order", "depth"), "order", help)


def add_problem(p: argparse.ArgumentParser, size: int) -> None:
    """What ``run``, ``compare`` and ``video`` share: the size, the budgets, the games' knobs."""
    add_size(p, size)
    add_budgets(p)
    add_options(p)


def add_demo(p: argparse.ArgumentParser) -> None:
    """The options of ``demo``."""
    add_size(p, 21)
    add_budgets(p, max_nodes=100_000)
    help = "folder for the videos (created if missing)"
    _opt(p, "--out-dir DIR", lambda v: Path(text("a folder")(v)), Path("treesearch-demo"), help)
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
    observers = [n for n in OBSERVERS.names() if n not in OBSERVERS or OBSERVERS[n].make]
    help = f"observers to attach, by name (plugins too): {', '.join(observers)}"
    _opt(p, "--observers A,B", names("observer"), None, help)
    add_trace(p)
    add_problem(p, 30)


def add_compare(p: argparse.ArgumentParser) -> None:
    """The options of ``compare``."""
    add_game(p, "grid")
    add_harness(p)
    add_problem(p, 30)


def add_video(p: argparse.ArgumentParser) -> None:
    """The options of ``video``."""
    add_game(p, "maze", [name for name, game in GAMES.items() if game.video is not None])
    add_search(
        p,
        "a search that fits the game (default: the first that fits; beam for railroad-ink); "
        "tictactoe: mcts",
    )
    help = (
        ".mp4 or .gif file, or a folder for PNG frames (default: search.mp4, or no video with "
        "--html)"
    )
    _opt(p, "--out PATH", text("a file or folder"), None, help)
    add_replay(p)
    add_film(p)
    add_max_frames(p, None, "stop the search after N frames")
    add_color_by(p)
    add_problem(p, 21)


def add_view(p: argparse.ArgumentParser) -> None:
    """``view TRACE --out PATH`` and the problem options, which default to the trace's."""
    p.add_argument("trace", metavar="TRACE", help="a trace written by --trace (JSON lines)")
    _opt(p, "--out PATH", text("a file"), "replay.html", "the HTML replay to write")
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
            own = re.sub(r" \(default: [^)]*\)", "", action.help or "")  # said once, below
            action.help = f"{own} (default: the trace header's)"
    p._defaults.pop("size_given", None)  # set by --size only (add_size's _Given)


def add_play(p: argparse.ArgumentParser) -> None:
    """The options of ``play``."""
    help = (
        "a game with players: tictactoe, tron, tron-hex, railroad-ink, openspiel:NAME or a plugin's"
    )
    _opt(p, "game GAME", text("a game name"), "tictactoe", help, nargs="?")
    _add(p, _PLAY)
    add_budgets(p)
    add_options(p, "play")


_LEARN: _Table = {
    ("--games N", count(1), None): (
        "games of self-play to learn from (default: 1000 unless --seconds is given)"
    ),
    ("--jobs J", count(1), None): (
        "worker processes playing each batch (default: 1; with ray: no limit); the weights "
        "do not depend on it"
    ),
    ("--backend", BACKENDS, "local"): "where the games are played: local processes or ray",
    ("--seed", count(0), 0): "seed of the training games: same seed, same model",
    ("--curve PNG", text("a file"), None): (
        "the learning curve's picture (default: --out with .png)"
    ),
    ("--resume", "store_true", False): "go on from the model in --out (same settings and seed)",
    ("--batch N", count(1), 64): (
        "games played with the same weights before their updates are applied in order"
    ),
    ("--alpha A", _checked("a step", float, lambda a: 0 < a <= 1, "must be in (0, 1]"), 0.1): (
        "the step of each update: the fraction of the way to its target"
    ),
    ("--lam L", _checked("a λ", float, lambda x: 0 <= x <= 1, "must be in [0, 1]"), 0.5): (
        "λ of TD(λ): 0 learns from the next move's value, 1 from the outcome"
    ),
    ("--epsilon E", _checked("a chance", float, lambda x: 0 <= x <= 1, "must be in [0, 1]"), 0.1): (
        "the chance of a random move instead of the greedy one, while learning"
    ),
    ("--eval-every N", count(1), None): (
        "games between two points of the learning curve (default: a twentieth of --games, "
        "1000 with --seconds)"
    ),
    ("--checkpoint-every N", count(1), 1000): "games between two writes of the model file",
}


def add_learn(p: argparse.ArgumentParser) -> None:
    """The options of ``learn``: the game, the model file, the training, the game's knobs."""
    help = "a game with players or a score: tictactoe, tron, railroad-ink or a plugin's"
    _opt(p, "game GAME", text("a game name"), None, help)
    _opt(p, "--out FILE", text("a file"), None, "the model file to write (.npz)", required=True)
    _opt(
        p,
        "--seconds S",
        seconds(),
        None,
        "learn for about this long (stops between batches)",
        dest="limit",
    )
    _add(p, _LEARN)
    add_size(p, 21)
    for knob in game_knobs():
        flag = knob.flag if knob.metavar is None else f"{knob.flag} {knob.metavar}"
        kind = knob.choices if knob.choices is not None else knob.type
        _opt(p, flag, kind, knob.defaults.get("learn", knob.default), knob.help)


def add_check(p: argparse.ArgumentParser) -> None:
    """The options of ``check``: the game, the seeds, the counts and the game's own knobs."""
    p.add_argument("name", metavar="GAME", help="a game of 'treesearch list'")
    _add(p, _CHECK)
    add_size(p, 9)
    add_options(p)
