"""Board games: tic-tac-toe and Tron (duels) and Railroad Ink (a score game).

Each draws its searches with its own renderer: tic-tac-toe MCTS's statistics (``MCTSView``
over ``TicTacToeTiles``), Railroad Ink its board (``RailroadInkTiles``), Tron its arena
(``TronRenderer``). The seed gives new dice (Railroad Ink) or new starts (Hexatron).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from games.cli.catalog.problem import GameEntry, Problem, board_video, cell_name, hold_frames
from games.cli.catalog.registry import suggest
from games.railroad_ink import HEURISTIC, RailroadInk, RailroadInkTiles
from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from games.tron import MAPS, TronRenderer, TronState, hex_start, load_map, square_start
from games.tron.value import evaluate
from observers import MCTSView, VideoObserver
from treesearch import InvalidArgumentError, SearchResult, TreeSearch

__all__ = ["BOARD_GAMES", "tron_start"]


def _tictactoe(args: argparse.Namespace) -> Problem:
    state = TicTacToe()
    for text in (m for m in args.moves.split(",") if m.strip()):
        try:
            cell = int(text)
        except ValueError:
            raise InvalidArgumentError(
                f"--moves takes cells 0-8 separated by commas, got {args.moves!r}"
            ) from None
        state = state.play(cell)
    return Problem(
        "tictactoe", "duel", state, None, lambda s: 0.0,
        lambda s: "start" if s.move is None else cell_name(s.move), "tic-tac-toe",
    )  # fmt: skip


def _railroad_ink(args: argparse.Namespace) -> Problem:
    dice = args.dice
    return Problem(
        "railroad-ink", "score", RailroadInk(args.seed, dice).start(), None, lambda s: 0.0,
        lambda s: "start" if s.move is None else str(s.move),
        f"Railroad Ink, dice {dice}, seed {args.seed}", value=HEURISTIC,
        score=lambda s: float(s.board.score().total),
    )  # fmt: skip


def tron_start(args: argparse.Namespace, hexagon: bool) -> TronState:
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


def _tron_label(state: Any) -> str:
    return "start" if state.move is None else f"move {state.move}"


def _tron(args: argparse.Namespace) -> Problem:
    return Problem(
        "tron", "duel", tron_start(args, False), None, lambda s: 0.0, _tron_label,
        f"Tron on map {args.map}", value=evaluate,
    )  # fmt: skip


def _tron_hex(args: argparse.Namespace) -> Problem:
    return Problem(
        "tron-hex", "duel", tron_start(args, True), None, lambda s: 0.0, _tron_label,
        f"Hexatron, seed {args.seed}", value=evaluate,
    )  # fmt: skip


def _tictactoe_video(
    problem: Problem, search: TreeSearch, out: Path, args: argparse.Namespace, title: str
) -> tuple[SearchResult, int]:
    """MCTS making up its mind: visits and values of every move, about --duration long."""
    hold = hold_frames(args.fps)
    frames = max(1, round(args.duration * args.fps) - hold)
    view = MCTSView(TicTacToeTiles(), frames=frames, stride=args.every)
    with VideoObserver(
        out,
        view,
        fps=args.fps,
        max_frames=args.max_frames,
        final_frames=hold,
        panel=not args.raw,
        title=title,
    ) as video:
        result = search.run(problem.start, observers=[video])
    return result, video.frames


BOARD_GAMES = (
    GameEntry("tictactoe", "duel", "tic-tac-toe from the empty board (or after --moves)",
              _tictactoe, _tictactoe_video, ("mcts",)),
    GameEntry("railroad-ink", "score", "Railroad Ink: --dice known|revealed|free, --seed rolls",
              _railroad_ink, board_video(lambda start: RailroadInkTiles(40))),
    GameEntry("tron", "duel", "Tron light cycles on a square --map (a name or a file)",
              _tron, board_video(lambda start: TronRenderer())),
    GameEntry("tron-hex", "duel", "Hexatron: Tron on a hexagon, --seed places the starts",
              _tron_hex, board_video(lambda start: TronRenderer())),
)  # fmt: skip
