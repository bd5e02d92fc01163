"""Tron on the command line: square maps and the Hexatron, its bots, videos and matches.

Tron's searches are its bots (simultaneous moves need them); a Hexatron match draws its
start per pair of games (``PairedStarts(hex_start)``) and ``play --video`` films game 1
with the Voronoi tint (``games.tron.film.write_video``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from games.tron import MAPS, TronRenderer, TronState, hex_start, load_map, square_start
from games.tron.film import write_video
from games.tron.state import move_words
from games.tron.value import evaluate
from treesearch import InvalidArgumentError
from treesearch.cli.catalog.bot_entries import TRON_BOTS
from treesearch.cli.catalog.problem import GameEntry, GameOptions, Play, Problem, board_video
from treesearch.cli.catalog.registry import suggest
from treesearch.match import PairedStarts

__all__ = ["TRON", "TRON_HEX", "tron_start"]


def tron_start(args: GameOptions, hexagon: bool) -> TronState:
    """The start of a Tron game: ``--map`` (a name of ``MAPS`` or a file), or a hex start.

    Raises:
        InvalidArgumentError: an unknown map name (with a near miss) or a bad map file.
    """
    if hexagon:
        return hex_start(args.seed)
    name = str(args.map)
    if name in MAPS:
        return square_start(name)
    path = Path(name)
    if path.is_file():
        try:
            return square_start(load_map(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidArgumentError(f"--map file {name!r} cannot be read: {exc}") from None
    raise InvalidArgumentError(
        f"unknown --map {name!r}{suggest(name, MAPS)}: a file or one of {', '.join(MAPS)}"
    )


def _label(state: Any) -> str:
    """The move that made ``state``, in words: ``move 1 (east)``, ``move -2 (big left)``."""
    return "start" if state.move is None else f"move {move_words(state.grid, (state.move,))}"


def _problem(args: GameOptions, hexagon: bool) -> Problem:
    """A Tron duel from ``tron_start``: on ``--map``, or on the hexagon ``--seed`` draws."""
    if hexagon:
        name, describe = "tron-hex", f"Hexatron, seed {args.seed}"
    else:
        name, describe = "tron", f"Tron on map {args.map}"
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


def _paired(problem: Problem) -> PairedStarts:
    return PairedStarts(hex_start)


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
)
TRON_HEX = GameEntry(
    "tron-hex",
    "duel",
    "Hexatron: Tron on a hexagon, --seed places the starts",
    partial(_problem, hexagon=True),
    _VIDEO,
    play=replace(_PLAY, start=_paired),
    options=(),
    compiled=_COMPILED,
)
