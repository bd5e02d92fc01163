"""What a graph search has seen, painted over a grid game's pictures.

Both overlays listen to events (``AccumulatingRenderer``): reached cells are tinted by
visit order or depth, the frontier (reached, not yet expanded) and the path to the current
cell are highlighted, the current cell is marked, and the solution path is drawn once the
search announces it. The events are read by ``observers.Exploration`` (see it for what
counts as reached and expanded: a return to a parent is no expansion), the same reader as
``games.maze.ExplorationRenderer``'s; the overlays only turn its cells into highlights.

- ``GridOverlay`` wraps a ``TileRenderer`` and stays one: each (base tile, highlight) pair
  is one tile id, so ``VideoObserver`` still repaints only the cells that change.
- ``FrameGridOverlay`` wraps a whole-frame renderer and tints each highlighted cell's box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from observers.colors import check_levels, palette
from observers.exploration import FRONTIER as _OPEN
from observers.exploration import Exploration, reached_legend
from observers.tile_canvas import Frame, LegendEntry, LegendRenderer, TileRenderer, as_rgb
from treesearch.arguments import check_count, check_flag, check_number, check_shape
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event

__all__ = ["FrameGridOverlay", "GridOverlay"]

Cell = tuple[int, int]

FRONTIER = (255, 140, 0)
CURRENT_PATH = (255, 255, 255)
SOLUTION = (220, 20, 60)
CURRENT = (255, 0, 255)


class _GridMemory:
    """What both overlays remember of a run, and how a cell's highlight is chosen."""

    def __init__(
        self,
        grid_shape: Sequence[int],
        cell_of: Callable[[Any], Sequence[int]],
        color_by: Literal["order", "depth"],
        scale: int | None,
        levels: int,
        alpha: float,
        frontier: bool,
        current_path: bool,
    ) -> None:
        if color_by not in ("order", "depth"):
            raise InvalidArgumentError(f"color_by must be 'order' or 'depth', got {color_by!r}")
        if not callable(cell_of):
            raise InvalidArgumentError(
                f"cell_of must be a callable state -> (row, col), got {cell_of!r}"
            )
        levels = check_levels(levels)
        alpha = check_number("alpha", alpha, minimum=0)
        if alpha > 1:
            raise InvalidArgumentError(f"alpha must be in [0, 1], got {alpha!r}")
        rows, cols = check_shape("grid_shape", grid_shape, "rows, cols")
        if scale is None:
            scale = rows * cols if color_by == "order" else rows + cols
        scale = check_count("scale", scale, 1)
        self.cell_of = cell_of
        self.color_by = color_by
        self.scale, self.levels, self.alpha = scale, levels, alpha
        self.show_frontier = check_flag("frontier", frontier)
        self.show_current_path = check_flag("current_path", current_path)
        self._shape = (rows, cols)
        self._colors = np.vstack(
            [np.zeros((1, 3)), palette(levels), [FRONTIER, CURRENT_PATH, SOLUTION, CURRENT]]
        )
        self._n_codes = levels + 5  # none, the levels, frontier, path, solution, current
        self.exploration = Exploration(self._flat_cell, rows * cols, checked=True)
        self._level = np.zeros(rows * cols, np.int64)  # per cell, as of the last _sync
        self._open = np.zeros(rows * cols, bool)

    @property
    def grid_shape(self) -> tuple[int, int]:
        """Rows and columns of the grid."""
        return self._shape

    @property
    def order(self) -> npt.NDArray[np.int64]:
        """Rank of first arrival of each cell, -1 where never reached (a read-only view)."""
        view = np.frombuffer(self.exploration.order, np.int64).reshape(self._shape)
        view.flags.writeable = False
        return view

    def reset(self) -> None:
        """Forget everything seen; done automatically when a new run starts."""
        self.exploration.reset()

    def _flat_cell(self, state: Any) -> int:
        """The cell of ``state`` as the reader numbers it: ``row * cols + col``."""
        r, c = self.cell_of(state)
        rows, cols = self._shape
        if not (0 <= r < rows and 0 <= c < cols):
            raise InvalidArgumentError(
                f"cell_of({state!r}) returned {(r, c)!r}, outside the {rows}x{cols} grid"
            )
        return int(r) * cols + int(c)

    def update(self, event: Event) -> None:
        """Take note of one event (``Exploration.update``)."""
        self.exploration.update(event)

    def _sync(self) -> None:
        """Bring the level and frontier of the cells that changed up to date."""
        ex = self.exploration
        changed = ex.take_changed()
        lv, scale = self.levels, self.scale
        if len(changed) < 16:  # one frame per visit: a cell or two
            by_order, level, opened = self.color_by == "order", self._level, self._open
            for cell in changed:
                n = ex.order[cell]
                x = n if by_order else ex.depth[cell]
                level[cell] = 0 if n < 0 else 1 + min(lv - 1, x * lv // scale)
                opened[cell] = ex.status[cell] == _OPEN
            return
        cells = np.fromiter(changed, np.int64, len(changed))
        ranks = np.frombuffer(ex.order, np.int64)[cells]
        xs = ranks if self.color_by == "order" else np.frombuffer(ex.depth, np.int64)[cells]
        self._level[cells] = np.where(ranks < 0, 0, 1 + np.minimum(lv - 1, xs * lv // scale))
        self._open[cells] = np.frombuffer(ex.status, np.uint8)[cells] == _OPEN

    def highlights(self, state: Any) -> npt.NDArray[np.int64]:
        """The highlight code of every cell when showing ``state`` (0: none)."""
        self._sync()
        lv = self.levels
        codes: npt.NDArray[np.int64] = self._level.copy()
        if self.show_frontier:
            codes[self._open] = lv + 1
        ex = self.exploration
        if self.show_current_path:
            codes[ex.path_to(state)] = lv + 2
        if ex.route:
            codes[ex.route] = lv + 3
        codes[self._flat_cell(state)] = lv + 4
        return codes.reshape(self._shape)

    def legend(self) -> list[LegendEntry]:
        """What the highlights mean, then the base renderer's legend (``LegendRenderer``)."""
        scale = [(int(r), int(g), int(b)) for r, g, b in np.rint(palette(self.levels))]
        entries: list[LegendEntry] = [reached_legend(scale, self.color_by, self.scale)]
        if self.show_frontier:
            entries.append((FRONTIER, "frontier: seen, not expanded"))
        if self.show_current_path:
            entries.append((CURRENT_PATH, "path to the current state"))
        entries += [(SOLUTION, "solution path"), (CURRENT, "current state")]
        base = getattr(self, "base", None)
        if isinstance(base, LegendRenderer):
            entries += list(base.legend())
        return entries

    def _paint(self, pixels: Frame, code: int) -> None:
        """Tint (or, for the current cell, mark) one cell's pixels in place."""
        color = self._colors[code]
        if code == self.levels + 4:  # current cell: a solid square in the middle
            h, w = pixels.shape[:2]
            pixels[h // 4 : h - h // 4, w // 4 : w - w // 4] = np.rint(color).astype(np.uint8)
        else:
            a = self.alpha
            pixels[:] = np.rint(pixels * (1 - a) + color * a).astype(np.uint8)


class GridOverlay(_GridMemory):
    """Tints the cells a search reaches, on top of a grid game's ``TileRenderer``.

    Args:
        base: the game's tile renderer; its tile ids must be non-negative integers.
        cell_of: maps a state to its ``(row, col)`` cell on the grid.
        color_by: ``"order"`` colours a cell by when it was first reached, ``"depth"`` by
            the depth at which it was first reached.
        scale: visits (or depth) spanned by the colour map; later or deeper cells get the
            last colour. Default: the number of cells for order, rows + cols for depth.
        levels: number of colours of the map.
        alpha: tint strength, from 0 (none) to 1 (flat colour).
        frontier: highlight cells reached but not yet expanded.
        current_path: highlight the path (parent links) from the start to the current cell.

    Attributes:
        order: rank of first arrival of each cell, -1 where never reached.
        exploration: the reader of the events (reached cells, frontier, route).

    Examples:
        ``VideoObserver("bfs.mp4", GridOverlay(maze_tiles, lambda s: s.cell))``
    """

    def __init__(
        self,
        base: TileRenderer,
        cell_of: Callable[[Any], Sequence[int]],
        *,
        color_by: Literal["order", "depth"] = "order",
        scale: int | None = None,
        levels: int = 16,
        alpha: float = 0.5,
        frontier: bool = True,
        current_path: bool = True,
    ) -> None:
        if not isinstance(base, TileRenderer):
            raise InvalidArgumentError(
                f"base must be a TileRenderer, got {base!r}; use FrameGridOverlay for a "
                "whole-frame renderer"
            )
        self.base = base
        super().__init__(
            base.grid_shape, cell_of, color_by, scale, levels, alpha, frontier, current_path
        )

    @property
    def tile_size(self) -> int:
        """Side of one tile in pixels (the base renderer's)."""
        return int(self.base.tile_size)

    def tile_ids(self, state: Any) -> npt.NDArray[np.int64]:
        """Base tile ids combined with this overlay's highlight of each cell."""
        base = np.asarray(self.base.tile_ids(state), np.int64)
        if base.shape != self._shape or (base.size and base.min() < 0):
            raise InvalidArgumentError(
                f"GridOverlay needs non-negative integer base tile ids of shape {self._shape}, "
                f"got shape {base.shape!r}"
            )
        ids: npt.NDArray[np.int64] = base * self._n_codes + self.highlights(state)
        return ids

    def tile_image(self, tile_id: int) -> Frame:
        """The base tile, tinted (or, for the current cell, marked) by its highlight."""
        base_id, code = divmod(int(tile_id), self._n_codes)
        tile = as_rgb(self.base.tile_image(base_id), f"tile_image({base_id!r})")
        if code:
            tile = tile.copy()
            self._paint(tile, code)
        return tile


class FrameGridOverlay(_GridMemory):
    """Tints the cells a search reaches, on top of a game's whole-frame renderer.

    Each frame is the base frame with every highlighted cell's box tinted, so its cost
    grows with the number of reached cells; prefer ``GridOverlay`` when the game has tiles.

    Args:
        base: the game's renderer, ``state -> (H, W, 3) uint8``.
        grid_shape: rows and columns of the grid.
        cell_box: ``(row, col) -> (top, bottom, left, right)`` pixel box of a cell;
            default: the frame split evenly into ``grid_shape`` cells.
        cell_of, color_by, scale, levels, alpha, frontier, current_path: as for
            ``GridOverlay``.

    Attributes:
        order: rank of first arrival of each cell, -1 where never reached.
        exploration: the reader of the events (reached cells, frontier, route).
    """

    def __init__(
        self,
        base: Callable[[Any], Any],
        cell_of: Callable[[Any], Sequence[int]],
        *,
        grid_shape: Sequence[int],
        cell_box: Callable[[int, int], Sequence[int]] | None = None,
        color_by: Literal["order", "depth"] = "order",
        scale: int | None = None,
        levels: int = 16,
        alpha: float = 0.5,
        frontier: bool = True,
        current_path: bool = True,
    ) -> None:
        if not callable(base):
            raise InvalidArgumentError(f"base must be a callable state -> frame, got {base!r}")
        self.base = base
        self.cell_box = cell_box
        super().__init__(
            grid_shape, cell_of, color_by, scale, levels, alpha, frontier, current_path
        )

    def __call__(self, state: Any) -> Frame:
        """The base frame of ``state`` with the highlighted cells tinted."""
        frame: Frame = as_rgb(self.base(state), "the base renderer's frame").copy()
        codes = self.highlights(state)
        rows, cols = self._shape
        box = self.cell_box
        for r, c in zip(*np.nonzero(codes), strict=True):
            if box is None:
                top, bottom = r * frame.shape[0] // rows, (r + 1) * frame.shape[0] // rows
                left, right = c * frame.shape[1] // cols, (c + 1) * frame.shape[1] // cols
            else:
                top, bottom, left, right = (int(v) for v in box(int(r), int(c)))
            self._paint(frame[top:bottom, left:right], int(codes[r, c]))
        return frame
