"""Tiles for tic-tac-toe videos: each cell is a tile (empty, X or O; the last move lit).

``TicTacToeTiles`` is an ``observers.TileRenderer``: a ``VideoObserver`` repaints only the
cells whose tile changed, so an MCTS video (jumping between positions every simulation)
costs little more than encoding. It also says what its colours mean (``legend``), where a
move lands (``move_cell``) and how to name it (``move_label``), which is what
``observers.MCTSView`` needs to draw MCTS's statistics over the board:
``VideoObserver("mcts.mp4", MCTSView(TicTacToeTiles()))``.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from games.tictactoe import TicTacToe
from observers.tile_canvas import LegendEntry
from treesearch.errors import InvalidArgumentError

__all__ = ["CELL_NAMES", "TicTacToeTiles"]

CELL_NAMES = (
    "top-left",
    "top",
    "top-right",
    "left",
    "centre",
    "right",
    "bottom-left",
    "bottom",
    "bottom-right",
)
"""Names of the cells 0..8, row by row, for move labels."""

_BACKGROUND = (245, 240, 225)
_LAST = (255, 225, 150)
_GRID = (60, 60, 60)
_X = (200, 40, 40)
_O = (40, 80, 200)


class TicTacToeTiles:
    """Draws a position as 3x3 tiles of ``tile_size`` pixels.

    Tile ids: 0 empty, 1 X, 2 O; plus 3 when the cell holds the move just played, so the
    last move stands out.

    Examples:
        >>> tiles = TicTacToeTiles(tile_size=32)
        >>> tiles.tile_ids(TicTacToe().play(4)).tolist()
        [[0, 0, 0], [0, 4, 0], [0, 0, 0]]
        >>> tiles.tile_image(4).shape
        (32, 32, 3)
        >>> child = TicTacToe().play(4).play(2)
        >>> tiles.move_cell(child), tiles.move_label(child)
        ((0, 2), 'O top-right')
    """

    grid_shape = (3, 3)

    def __init__(self, tile_size: int = 96) -> None:
        if isinstance(tile_size, bool) or not isinstance(tile_size, int) or tile_size < 8:
            raise InvalidArgumentError(f"tile_size must be an int >= 8, got {tile_size!r}")
        self.tile_size = tile_size

    def tile_ids(self, state: TicTacToe) -> np.ndarray:
        """The tile of each cell of ``state``."""
        ids = np.array(state.board, dtype=np.int64)
        if state.move is not None:
            ids[state.move] += 3
        return ids.reshape(3, 3)

    def tile_image(self, tile_id: int) -> np.ndarray:
        """The picture of one tile."""
        mark, last = tile_id % 3, tile_id >= 3
        n = self.tile_size
        image = Image.new("RGB", (n, n), _LAST if last else _BACKGROUND)
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, n - 1, n - 1), outline=_GRID, width=max(1, n // 32))
        pad, width = n // 5, max(2, n // 10)
        if mark == 1:
            draw.line((pad, pad, n - pad, n - pad), fill=_X, width=width)
            draw.line((pad, n - pad, n - pad, pad), fill=_X, width=width)
        elif mark == 2:
            draw.ellipse((pad, pad, n - pad, n - pad), outline=_O, width=width)
        return np.asarray(image, dtype=np.uint8)

    def move_cell(self, state: TicTacToe) -> tuple[int, int] | None:
        """The ``(row, col)`` of the move that led to ``state`` (None at the start)."""
        return None if state.move is None else divmod(state.move, 3)

    def move_label(self, state: TicTacToe) -> str:
        """The move that led to ``state`` in words, e.g. ``"X centre"``."""
        if state.move is None:
            return "start"
        return f"{'.XO'[state.board[state.move]]} {CELL_NAMES[state.move]}"

    def legend(self) -> list[LegendEntry]:
        """The marks and the lit last move (``observers.LegendRenderer``)."""
        return [
            (self.tile_image(1), "X (moves first)"),
            (self.tile_image(2), "O"),
            (_LAST, "last move"),
        ]
