"""Tron on the command line: square maps and the Hexatron, its bots, videos and matches.

``TRON`` (on ``--map``) and ``TRON_HEX`` (the hexagon ``--seed`` draws) are registered in the
``treesearch.games`` entry point group, as a plugin's game is. Tron's searches are its bots
(``TRON_BOTS``: simultaneous moves need them); a Hexatron match draws its start per pair of
games (``Play.paired``) and ``play --video`` films game 1 with the Voronoi tint
(``write_video``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from games.tron.agent import TronAgent
from games.tron.bots import alphabeta_bot, best_bot, mcts_bot, random_bot
from games.tron.film import write_video
from games.tron.heuristic import heuristic_bot
from games.tron.maps import MAPS, load_map
from games.tron.render import TronRenderer
from games.tron.state import TronState, hex_start, move_words, square_start
from games.tron.value import evaluate
from observers.game_films import board_video
from treesearch.errors import InvalidArgumentError
from treesearch.game_entry import (
    BotEntry,
    BotOptions,
    GameEntry,
    GameOption,
    GameOptions,
    Play,
    Problem,
    text,
)

__all__ = ["MAP", "TRON", "TRON_BOTS", "TRON_HEX", "TRON_SECONDS", "tron_start"]

TRON_SECONDS = 0.1
"""A Tron search bot's thinking time per move without ``--bot-seconds``."""


def _from_trace(name: Any) -> str | None:
    """Why a trace's header may not name this map: only the catalog's names, never a file."""
    if name in MAPS:
        return None
    return (
        f"is not a map of the catalog ({', '.join(MAPS)}): a trace names its map by name only; "
        "give the map file with --map FILE"
    )


MAP = GameOption(
    "map",
    f"Tron: a map file or one of {', '.join(MAPS)}",
    "box15",
    text("a map name or file"),
    metavar="NAME|FILE",
    order=3,
    from_trace=_from_trace,
)
"""``--map NAME|FILE``: Tron's square map, a name of ``MAPS`` or a map file."""


def _suggest(name: str) -> str:
    """`` (did you mean 'x'?)`` for the closest map name, or an empty string."""
    import difflib

    close = difflib.get_close_matches(name, list(MAPS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def tron_start(args: GameOptions, hexagon: bool) -> TronState:
    """The start of a Tron game: ``--map`` (a name of ``MAPS`` or a file), or a hex start.

    Raises:
        InvalidArgumentError: an unknown map name (with a near miss) or a bad map file.
    """
    if hexagon:
        return hex_start(args.seed)
    name = str(args.knobs.get(MAP.dest, MAP.default))
    if name in MAPS:
        return square_start(name)
    path = Path(name)
    if path.is_file():
        try:
            return square_start(load_map(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidArgumentError(f"--map file {name!r} cannot be read: {exc}") from None
    raise InvalidArgumentError(
        f"unknown --map {name!r}{_suggest(name)}: a file or one of {', '.join(MAPS)}"
    )


def _label(state: Any) -> str:
    """The move that made ``state``, in words: ``move 1 (east)``, ``move -2 (big left)``."""
    return "start" if state.move is None else f"move {move_words(state.grid, (state.move,))}"


def _problem(args: GameOptions, hexagon: bool) -> Problem:
    """A Tron duel from ``tron_start``: on ``--map``, or on the hexagon ``--seed`` draws."""
    if hexagon:
        name, describe = "tron-hex", f"Hexatron, seed {args.seed}"
    else:
        name, describe = "tron", f"Tron on map {args[MAP.dest]}"
    return Problem(
        name,
        "duel",
        tron_start(args, hexagon),
        None,
        lambda s: 0.0,
        _label,
        describe,
        value=evaluate,
    )


def _film(problem: Problem, states: list[Any], names: tuple[str, str], out: Path) -> str:
    """Game 1 of a match, tinted by territory: player 0 red, player 1 blue."""
    write_video(out, states, title=f"{names[0]} (red) vs {names[1]} (blue)")
    return ""


def _paired(problem: Problem) -> Callable[[int], TronState]:
    """The Hexatron's starts: one drawn per pair of games, from its seed."""
    return hex_start


def _seconds(options: BotOptions) -> float:
    return TRON_SECONDS if options.seconds is None else float(options.seconds)


def _bot(name: str, help: str, bot: Callable[[BotOptions], Any], timed: bool = False) -> BotEntry:
    """A bot of the ``tron`` family for duels, its agent a ``TronAgent`` around ``bot(o)``."""
    return BotEntry("tron", name, "duel", help, lambda o: TronAgent(bot(o)), timed=timed)


TRON_BOTS = (
    _bot("random", "a random move that does not crash at once", lambda o: random_bot(o.seed)),
    _bot("heuristic", "the 2018 contest bot: most cells reached first", lambda o: heuristic_bot()),
    _bot(
        "alphabeta",
        "alpha-beta on Voronoi territory, --bot-seconds a move",
        lambda o: alphabeta_bot(_seconds(o)),
        timed=True,
    ),
    _bot(
        "mcts",
        "MCTS valuing leaves by territory, --bot-seconds a move",
        lambda o: mcts_bot(_seconds(o), seed=o.seed),
        timed=True,
    ),
    _bot(
        "best",
        "the strongest measured (compiled alpha-beta, about 14 plies at 0.2 s)",
        lambda o: best_bot(_seconds(o)),
        timed=True,
    ),
)
"""Tron's bots (``games.tron.bots``), each a ``TronAgent``."""

_VIDEO = board_video(lambda start: TronRenderer())
_COMPILED = (
    "its Voronoi race runs 10-11 times faster and a timed alpha-beta sees 4-5 times the nodes"
)
_PLAY = Play(bots=TRON_BOTS, searches=False, default=("heuristic", "random"), film=_film)
TRON = GameEntry(
    "tron",
    "duel",
    "Tron light cycles on a square --map (a name or a file)",
    partial(_problem, hexagon=False),
    _VIDEO,
    play=_PLAY,
    options=("map",),
    compiled=_COMPILED,
    knobs=(MAP,),
    order=7,
)
TRON_HEX = GameEntry(
    "tron-hex",
    "duel",
    "Hexatron: Tron on a hexagon, --seed places the starts",
    partial(_problem, hexagon=True),
    _VIDEO,
    play=replace(_PLAY, paired=_paired),
    options=(),
    compiled=_COMPILED,
    order=8,
)
