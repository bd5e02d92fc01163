"""Toy games and readers shared by the observer tests.

- ``Board``: a tiled placement game. Cells of a small grid are filled in reading order,
  each with tile 1 or 2, so backtracking changes one tile per step.
- ``Maze``: a tiny grid maze whose states are cells, for graph searches and overlays.
"""

from __future__ import annotations

import gc
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import imageio.v3 as iio
import numpy as np

from treesearch import TreeIterator

COLORS = {0: (128, 128, 128), 1: (220, 40, 40), 2: (40, 40, 220), 3: (40, 200, 40)}


class Board(TreeIterator):
    """``rows x cols`` cells filled in reading order with tile 1 or 2 (0 = empty)."""

    __slots__ = ("cells", "cols", "limit", "rows")

    def __init__(
        self,
        rows: int = 2,
        cols: int = 2,
        cells: tuple[int, ...] | None = None,
        limit: int | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.cells = cells if cells is not None else (0,) * (rows * cols)
        self.limit = rows * cols if limit is None else limit

    def get_children(self) -> Iterator[Board]:
        filled = sum(1 for c in self.cells if c)
        if filled >= self.limit:
            return
        for tile in (1, 2):
            cells = list(self.cells)
            cells[filled] = tile
            yield Board(self.rows, self.cols, tuple(cells), self.limit)

    def is_terminal(self) -> bool:
        return sum(1 for c in self.cells if c) >= self.limit

    def key(self) -> tuple[int, ...]:
        return self.cells

    def __repr__(self) -> str:
        return f"Board({self.cells})"


class BoardTiles:
    """TileRenderer of ``Board``: one flat colour per tile id."""

    def __init__(self, rows: int = 2, cols: int = 2, tile_size: int = 16) -> None:
        self.tile_size = tile_size
        self.grid_shape = (rows, cols)
        self.loads: list[int] = []

    def tile_ids(self, state: Board) -> np.ndarray:
        return np.array(state.cells, np.int64).reshape(self.grid_shape)

    def tile_image(self, tile_id: int) -> np.ndarray:
        self.loads.append(tile_id)
        return np.full((self.tile_size, self.tile_size, 3), COLORS[tile_id], np.uint8)


def board_frame(state: Board, tile_size: int = 16) -> np.ndarray:
    """The frame of ``state`` drawn from scratch (the reference for pixel checks)."""
    grid = np.array([COLORS[c] for c in state.cells], np.uint8).reshape(state.rows, state.cols, 3)
    return np.repeat(np.repeat(grid, tile_size, axis=0), tile_size, axis=1)


MAZE = (
    "..#..",
    ".#...",
    "...#.",
    "#....",
)


class Maze(TreeIterator):
    """A cell of ``MAZE``; children are the free 4-neighbours (up, left, right, down)."""

    __slots__ = ("cell",)

    def __init__(self, cell: tuple[int, int] = (0, 0)) -> None:
        self.cell = cell

    def get_children(self) -> Iterator[Maze]:
        r, c = self.cell
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < len(MAZE) and 0 <= cc < len(MAZE[0]) and MAZE[rr][cc] == ".":
                yield Maze((rr, cc))

    def key(self) -> tuple[int, int]:
        return self.cell

    def __repr__(self) -> str:
        return f"Maze({self.cell})"


class MazeTiles:
    """TileRenderer of the maze: floor (0) and wall (1)."""

    tile_size = 8
    grid_shape = (len(MAZE), len(MAZE[0]))
    FLOOR = (250, 250, 250)
    WALL = (20, 20, 20)

    def tile_ids(self, state: Any) -> list[list[int]]:
        return [[int(ch == "#") for ch in row] for row in MAZE]

    def tile_image(self, tile_id: int) -> np.ndarray:
        return np.full((8, 8, 3), self.WALL if tile_id else self.FLOOR, np.uint8)


def read_video(path: Path) -> np.ndarray:
    """All frames of an MP4 or GIF as one ``(n, H, W, 3)`` array, read with imageio."""
    if path.suffix == ".gif":
        return np.asarray(iio.imread(path, index=None))[..., :3]
    # imageio's ffmpeg reader leaves its pipes to the garbage collector.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        frames = np.asarray(iio.imread(path, plugin="FFMPEG", index=None))
        gc.collect()
    return frames


def read_pngs(folder: Path) -> list[np.ndarray]:
    """The numbered PNG frames of a folder, in order."""
    return [np.asarray(iio.imread(p)) for p in sorted(folder.glob("*.png"))]


def cell_colors(frame: np.ndarray, rows: int, cols: int, tile_size: int) -> np.ndarray:
    """The pixel at the centre of every cell: ``(rows, cols, 3)`` ints."""
    half = tile_size // 2
    centres = frame[half : rows * tile_size : tile_size, half : cols * tile_size : tile_size]
    return centres.astype(int)
