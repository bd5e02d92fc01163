"""Pictures of the puzzle: one square tile per cell, numbered by pips, coloured by goal row.

``PuzzleTiles`` is a ``TileRenderer`` (``observers.tile_canvas``) by its shape alone: this
package imports nothing of the video code, and a ``VideoObserver`` repaints only the cells
whose tile moved. Tile ids are the tile numbers, 0 for the blank.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from puzzle8.game import Puzzle
from treesearch.errors import InvalidArgumentError

__all__ = ["PuzzleTiles"]

_BLANK = (40, 40, 48)
_PIP = (250, 250, 250)
_BORDER = (25, 25, 30)


class PuzzleTiles:
    """Draws a ``side`` x ``side`` puzzle as tiles of ``tile_size`` pixels.

    Tile ``n`` shows ``n`` pips on a colour that says which row it belongs to, so a solved
    board reads as bands of colour with the pips counting up.

    Examples:
        >>> tiles = PuzzleTiles(tile_size=24)
        >>> tiles.tile_ids(Puzzle((1, 2, 3, 4, 5, 6, 7, 0, 8))).tolist()
        [[1, 2, 3], [4, 5, 6], [7, 0, 8]]
        >>> tiles.tile_image(5).shape, tiles.tile_image(5).dtype.name
        ((24, 24, 3), 'uint8')
    """

    def __init__(self, side: int = 3, tile_size: int = 48) -> None:
        if isinstance(tile_size, bool) or not isinstance(tile_size, int) or tile_size < 16:
            raise InvalidArgumentError(f"tile_size must be an int >= 16, got {tile_size!r}")
        if isinstance(side, bool) or not isinstance(side, int) or side < 2:
            raise InvalidArgumentError(f"side must be an int >= 2, got {side!r}")
        self.side, self.tile_size = side, tile_size
        self.grid_shape = (side, side)

    def tile_ids(self, state: Puzzle) -> npt.NDArray[np.int64]:
        """The tile numbers of ``state``, row by row (0: the blank)."""
        return np.array(state.tiles, dtype=np.int64).reshape(self.side, self.side)

    def tile_image(self, tile_id: int) -> npt.NDArray[np.uint8]:
        """Tile ``tile_id``: pips on its row's colour, framed; the blank is dark."""
        size = self.tile_size
        image = np.empty((size, size, 3), dtype=np.uint8)
        image[:] = _BORDER
        if tile_id == 0:
            image[2:-2, 2:-2] = _BLANK
            return image
        row = (tile_id - 1) // self.side
        hue = row / max(1, self.side - 1)
        image[2:-2, 2:-2] = (int(220 - 150 * hue), int(90 + 60 * hue), int(60 + 170 * hue))
        grid = math.ceil(math.sqrt(self.side * self.side - 1))
        step, pip = (size - 8) / grid, max(2, size // (3 * grid))
        for n in range(tile_id):
            r, c = divmod(n, grid)
            y, x = int(4 + (r + 0.5) * step), int(4 + (c + 0.5) * step)
            image[y - pip // 2 : y + (pip + 1) // 2, x - pip // 2 : x + (pip + 1) // 2] = _PIP
        return image
