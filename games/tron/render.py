"""Pictures of Tron positions for ``observers.VideoObserver`` (squares or pointy-top hexagons).

``TronRenderer`` is a whole-frame renderer (``state -> (H, W, 3) uint8``) with a ``legend()``
(an ``observers.LegendRenderer``). Walls are dark, player 0's trail red, player 1's blue;
heads are darker with a white arrow showing the facing; on a terminal state a yellow cross
marks where each crashed player tried to go (outside the board if it left it) and the
caption under the board says who won. ``territory=fn`` tints the empty cells each player
owns (``fn(state)`` gives an owner per cell: 0, 1, or -1 for nobody), e.g. Voronoi
territory. Hexagons follow the axial layout of ``grid``: ``px = s*sqrt(3)*(x + y/2)``,
``py = 1.5*s*y``.
The board's static part (walls, empty cells) is drawn once per grid and copied per frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from games.tron.grid import HEX_STEPS, SQUARE_STEPS, Grid, check_int
from games.tron.state import TronState
from observers.tile_canvas import Frame, LegendEntry
from treesearch.errors import InvalidArgumentError

__all__ = ["TronRenderer"]

Territory = Callable[[TronState], Sequence[int]]

_BACK = (250, 250, 247)
_EMPTY = (236, 236, 230)
_LINE = (200, 200, 192)
_WALL = (60, 60, 66)
_TRAIL = ((225, 70, 60), (55, 110, 220))
_HEAD = ((140, 20, 20), (20, 45, 140))
_TINT = ((250, 205, 200), (200, 218, 250))
_CRASH = (255, 205, 0)
_TEXT = (30, 30, 30)
_NAMES = ("red", "blue")
_SQRT3 = math.sqrt(3.0)


class TronRenderer:
    """Draws a ``TronState`` as an RGB frame of about ``cell`` pixels per cell.

    Examples:
        >>> from games.tron import hex_start, square_start
        >>> TronRenderer(cell=10)(square_start("box15")).shape
        (192, 180, 3)
        >>> frame = TronRenderer()(hex_start(1))
        >>> frame.dtype, frame.shape[2]
        (dtype('uint8'), 3)
    """

    def __init__(self, *, cell: int = 24, territory: Territory | None = None) -> None:
        cell = check_int("cell", cell, 6, 200, " pixels")
        if territory is not None and not callable(territory):
            raise InvalidArgumentError(
                f"territory must be a callable state -> owner per cell, got {territory!r}"
            )
        self.cell = cell
        self.territory = territory
        self._font = _font(max(10, int(cell * 0.6)))
        self._base: tuple[Grid, Image.Image, list[tuple[float, float]]] | None = None

    def legend(self) -> list[LegendEntry]:
        """What the colours mean, for the video's panel.

        The board last drawn decides the walls' entry: a hexagon board has none (its blocked
        cells are left out of the picture); before any frame both kinds are covered.
        """
        hexagons = self._base is not None and self._base[0].hex
        entries: list[LegendEntry] = [
            (_TRAIL[0], "red trail (player 0)"),
            (_TRAIL[1], "blue trail (player 1)"),
            (self._heads_icon(), "heads, arrow = facing"),
            (_EMPTY, "free cell"),
        ]
        if not hexagons:
            entries.append((_WALL, "wall"))
        entries.append((_CRASH, "crash"))
        if self.territory is not None:
            entries += [(_TINT[0], "red reaches first"), (_TINT[1], "blue reaches first")]
        return entries

    def _heads_icon(self) -> Frame:
        """Both heads side by side, facing right: the legend's picture of a head."""
        size = 32
        image = Image.new("RGB", (2 * size, size), _BACK)
        draw = ImageDraw.Draw(image)
        for p in (0, 1):
            x = p * size
            draw.rectangle((x + 2, 2, x + size - 3, size - 3), fill=_HEAD[p])
            cx, cy = x + size / 2, size / 2
            r = 0.32 * size
            draw.polygon(
                [(cx + r, cy), (cx - 0.6 * r, cy - 0.7 * r), (cx - 0.6 * r, cy + 0.7 * r)],
                fill=(255, 255, 255),
            )
        return np.asarray(image, dtype=np.uint8)

    # ------------------------------------------------------------------------ geometry
    def _layout(self, grid: Grid) -> tuple[Image.Image, list[tuple[float, float]]]:
        """The static picture of ``grid`` and the pixel centre of every cell (cached)."""
        if self._base is not None and self._base[0] is grid:
            return self._base[1], self._base[2]
        s = self.cell
        if grid.hex:
            r = s / _SQRT3 * 1.0  # circumradius so that the hexagon is ``s`` wide
            raw = [
                (r * _SQRT3 * (x + y / 2), 1.5 * r * y)
                for y, x in (divmod(c, grid.width) for c in range(grid.cells))
            ]
            live = [raw[c] for c in range(grid.cells) if grid.playable() >> c & 1]
            x0 = min(p[0] for p in live) - 2 * s
            y0 = min(p[1] for p in live) - 2 * s
            w = max(p[0] for p in live) - x0 + 2 * s
            h = max(p[1] for p in live) - y0 + 2 * s
            centres = [(px - x0, py - y0) for px, py in raw]
        else:
            centres = [
                ((c % grid.width + 1.5) * s, (c // grid.width + 1.5) * s) for c in range(grid.cells)
            ]
            w, h = (grid.width + 3) * s, (grid.height + 3) * s
        width, height = int(w + 1) // 2 * 2, int(h + 1 + 1.2 * s) // 2 * 2
        image = Image.new("RGB", (width, height), _BACK)
        draw = ImageDraw.Draw(image)
        for c in range(grid.cells):
            blocked = grid.blocked >> c & 1
            if grid.hex and blocked:
                continue
            self._shape(draw, grid, centres[c], _WALL if blocked else _EMPTY)
        self._base = (grid, image, centres)
        return image, centres

    def _shape(
        self,
        draw: ImageDraw.ImageDraw,
        grid: Grid,
        centre: tuple[float, float],
        fill: tuple[int, int, int],
        scale: float = 1.0,
    ) -> None:
        cx, cy = centre
        s = self.cell
        if grid.hex:
            r = s / _SQRT3 * scale
            points = [
                (
                    cx + r * math.cos(math.radians(-90 + 60 * k)),
                    cy + r * math.sin(math.radians(-90 + 60 * k)),
                )
                for k in range(6)
            ]
            draw.polygon(points, fill=fill, outline=_LINE if scale == 1.0 else None)
        else:
            half = s / 2 * scale
            draw.rectangle(
                (cx - half, cy - half, cx + half - 1, cy + half - 1),
                fill=fill,
                outline=_LINE if scale == 1.0 else None,
            )

    def _offset(self, grid: Grid, direction: int) -> tuple[float, float]:
        """Pixel vector of one step in ``direction``."""
        s = self.cell
        if grid.hex:
            dy, dx = HEX_STEPS[direction]
            return s * (dx + dy / 2), s * _SQRT3 / 2 * dy
        dy, dx = SQUARE_STEPS[direction]
        return s * dx, s * dy

    # ------------------------------------------------------------------------- drawing
    def __call__(self, state: TronState) -> Frame:
        """The frame of ``state``: ``(H, W, 3)`` uint8, the same size for every state of a grid."""
        if not isinstance(state, TronState):
            raise InvalidArgumentError(f"TronRenderer draws TronState, got {state!r}")
        grid = state.grid
        base, centres = self._layout(grid)
        image = base.copy()
        draw = ImageDraw.Draw(image)
        if self.territory is not None:
            owners = self.territory(state)
            if len(owners) != grid.cells:
                raise InvalidArgumentError(
                    f"territory gave {len(owners)} owners, expected one per cell ({grid.cells})"
                )
            free = grid.playable() & ~state.walls
            for c in range(grid.cells):
                owner = owners[c]
                if owner in (0, 1) and free >> c & 1:
                    self._shape(draw, grid, centres[c], _TINT[owner])
        for p in (0, 1):
            trail = state.trails[p]
            for c in range(grid.cells):
                if trail >> c & 1:
                    self._shape(draw, grid, centres[c], _TRAIL[p], 0.92)
        for p in (0, 1):
            head = state.heads[p]
            self._shape(draw, grid, centres[head], _HEAD[p], 0.92)
            facing = state.orientations[p]
            if facing >= 0:
                self._arrow(draw, centres[head], self._offset(grid, facing))
        for p, crash in enumerate(state.crashes):
            if crash is not None:
                dx, dy = self._offset(grid, state.orientations[p])
                hx, hy = centres[state.heads[p]]
                self._cross(draw, (hx + dx, hy + dy))
        self._caption(draw, state, image.size)
        return np.asarray(image, dtype=np.uint8)

    def _arrow(
        self, draw: ImageDraw.ImageDraw, centre: tuple[float, float], step: tuple[float, float]
    ) -> None:
        cx, cy = centre
        length = math.hypot(*step)
        ux, uy = step[0] / length, step[1] / length
        r = self.cell * 0.32
        tip = (cx + ux * r, cy + uy * r)
        back = (cx - ux * r * 0.6, cy - uy * r * 0.6)
        side = (-uy * r * 0.7, ux * r * 0.7)
        draw.polygon(
            [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])],
            fill=(255, 255, 255),
        )

    def _cross(self, draw: ImageDraw.ImageDraw, centre: tuple[float, float]) -> None:
        cx, cy = centre
        r = self.cell * 0.42
        width = max(2, self.cell // 6)
        for sx in (-1, 1):
            draw.line((cx - r, cy - sx * r, cx + r, cy + sx * r), fill=(0, 0, 0), width=width + 2)
            draw.line((cx - r, cy - sx * r, cx + r, cy + sx * r), fill=_CRASH, width=width)

    def _caption(self, draw: ImageDraw.ImageDraw, state: TronState, size: tuple[int, int]) -> None:
        text = f"turn {state.turn}"
        if state.is_terminal():
            winner = state.winner()
            if winner is None:
                text += ": both crashed, draw"
            else:
                text += f": {_NAMES[1 - winner]} crashed, {_NAMES[winner]} wins"
        elif state.pending is not None:
            text += ": red has chosen (hidden), blue to choose"
        draw.text((self.cell, size[1] - 1.5 * self.cell), text, fill=_TEXT, font=self._font)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # pillow < 10.1: only the bitmap font
        return ImageFont.load_default()
