"""Tic-tac-toe on the command line: its problem, how to name a cell, its videos and matches.

Run and compare search it from the empty board or after ``--moves``; its videos show MCTS
making up its mind (``MCTSView`` over ``TicTacToeTiles``); ``play`` narrates each game move
by move and films game 1 through a ``Playthrough``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import MCTSView
from treesearch import InvalidArgumentError, SearchResult, TreeSearch
from treesearch.cli.catalog.bot_entries import DUEL_BOTS
from treesearch.cli.catalog.problem import (
    GameEntry,
    GameOptions,
    Play,
    Problem,
    VideoOptions,
    filmed,
    hold_frames,
    playthrough_film,
)
from treesearch.cli.catalog.replay import replayable

__all__ = ["TICTACTOE", "cell_name"]


def cell_name(cell: int) -> str:
    """A tic-tac-toe cell as its index and (row, column): ``"4 (1,1)"``."""
    return f"{cell} ({cell // 3},{cell % 3})"


def _move_text(state: Any) -> str:
    cell = state.move
    return f"cell {cell} (row {cell // 3}, column {cell % 3})"


def _tictactoe(args: GameOptions) -> Problem:
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
        "tictactoe",
        "duel",
        state,
        None,
        lambda s: 0.0,
        lambda s: "start" if s.move is None else cell_name(s.move),
        "tic-tac-toe",
        sides=("X", "O"),
        move_text=_move_text,
    )


def _view(problem: Problem, args: VideoOptions) -> MCTSView:
    """The root's moves, visits and values, in about --duration * --fps frames."""
    frames = max(1, round(args.duration * args.fps) - hold_frames(args.fps))
    return MCTSView(TicTacToeTiles(), frames=frames, stride=args.every)


def _replay_view(problem: Problem, args: VideoOptions) -> MCTSView:
    """The view of an HTML replay: 150 frames (its pictures change a lot: ~10 KB each)."""
    return MCTSView(TicTacToeTiles(), frames=150)


def _video(
    problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
) -> tuple[SearchResult, int]:
    """MCTS making up its mind: visits and values of every move, about --duration long."""
    return filmed(search, problem.start, out, _view(problem, args), args, title)


TICTACTOE = GameEntry(
    "tictactoe",
    "duel",
    "tic-tac-toe from the empty board (or after --moves)",
    _tictactoe,
    replayable(_video, _replay_view),
    ("mcts",),
    play=Play(bots=DUEL_BOTS, narrate=True, film=playthrough_film(lambda s: TicTacToeTiles())),
    options=("moves",),
)
