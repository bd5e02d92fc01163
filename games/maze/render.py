"""Static pictures of a maze as RGB ``uint8`` arrays.

``MazeRenderer`` draws the parts that never change (cells, holes, walls, mud with its
weight) once, as ``background``; ``draw`` then copies it and stamps the cheese and the
player with precomputed disk masks, which is cheap enough for one frame per search step.
``cell_box`` gives the pixel rectangle of any cell, ``paint_cells`` tints cells in place,
for overlays such as a traversal's frontier, and ``floor_mask``, ``stamp_cheese``,
``stamp_goal`` and ``stamp_player`` let an incremental renderer (``games.maze.explore``)
repaint one cell. ``legend`` says what the pictures mean, for a video's panel
(``observers.LegendRenderer``), with ``icon`` pictures of the cheese, goal and player.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from games.maze.model import Maze, as_int
from observers.colors import Colour
from observers.tile_canvas import LegendEntry
from treesearch.errors import InvalidArgumentError

__all__ = [
    "CHEESE",
    "FLOOR",
    "GOAL",
    "HOLE",
    "MAX_PIXELS",
    "MUD",
    "PLAYER",
    "WALL",
    "MazeRenderer",
    "render_maze",
    "route_arms",
]

MAX_PIXELS = 1 << 28
"""The largest picture of a maze, in pixels (about 270 million, 800 MB as RGB): a bigger
``cell_px`` is refused by name before any memory is asked for."""

FLOOR: Colour = (245, 240, 225)
"""Colour of an existing cell."""
HOLE: Colour = (96, 96, 108)
"""Colour of a missing cell and of the margin around the grid."""
WALL: Colour = (28, 28, 36)
"""Colour of walls (including the frame around existing cells)."""
MUD: Colour = (139, 94, 60)
"""Colour of the patch drawn across a muddy passage."""
MUD_TEXT: Colour = (255, 255, 255)
"""Colour of a mud patch's weight."""
CHEESE: Colour = (250, 195, 20)
"""Colour of a piece of cheese."""
PLAYER: Colour = (205, 35, 35)
"""Colour of the player."""
GOAL: tuple[Colour, Colour] = ((20, 20, 24), (255, 255, 255))
"""The two colours of the chequered flag drawn on a goal cell."""

Icon = Literal["cheese", "goal", "player", "mud"]

_N, _E, _S, _W, _ON = 1, 2, 4, 8, 16  # route bits of a cell: arms towards neighbours, centre


def route_arms(cells: Sequence[int], width: int) -> dict[int, int]:
    """The route bits of each cell of a route (for ``MazeRenderer.route_mask``).

    Each cell of the route has its centre bit and an arm towards the previous and the next
    cell, so the route draws as a line through the cells' centres.

    Examples:
        >>> route_arms([0, 1, 4], width=3)  # 0 -> east 1 -> south 4
        {0: 18, 1: 28, 4: 17}
    """
    bits = dict.fromkeys(cells, _ON)
    for a, b in itertools.pairwise(cells):
        d = b - a
        if d == -width:
            bits[a] |= _N
            bits[b] |= _S
        elif d == width:
            bits[a] |= _S
            bits[b] |= _N
        elif d == 1 and b % width:
            bits[a] |= _E
            bits[b] |= _W
        elif d == -1 and a % width:
            bits[a] |= _W
            bits[b] |= _E
    return bits


def _disk(diameter: int) -> np.ndarray:
    """Boolean mask of a filled disk inscribed in a ``diameter`` x ``diameter`` square."""
    centre = (diameter - 1) / 2
    y, x = np.ogrid[:diameter, :diameter]
    return np.asarray((x - centre) ** 2 + (y - centre) ** 2 <= (diameter / 2) ** 2)


def _chequer(side: int) -> np.ndarray:
    """Boolean mask of the dark squares of a 4 x 4 chequerboard ``side`` pixels wide."""
    idx = np.arange(side) * 4 // side
    return np.asarray((idx[:, None] + idx[None, :]) % 2 == 0)


class MazeRenderer:
    """Draws one maze at ``cell_px`` pixels per cell.

    Args:
        maze: the maze to draw.
        cell_px: side of a cell in pixels (>= 4). Walls are ``max(2, cell_px // 7)`` thick;
            a margin of one wall thickness surrounds the grid.
        mud_weights: write each mud patch's weight (when cells are at least 14 px).
    """

    def __init__(self, maze: Maze, *, cell_px: int = 24, mud_weights: bool = True) -> None:
        if not isinstance(maze, Maze):
            raise InvalidArgumentError(f"maze must be a games.maze.Maze, got {maze!r}")
        cell_px = as_int(cell_px, "cell_px")
        if cell_px < 4:
            raise InvalidArgumentError(f"cell_px must be >= 4, got {cell_px!r}")
        pixels = maze.width * cell_px * maze.height * cell_px
        if pixels > MAX_PIXELS:
            raise InvalidArgumentError(
                f"cell_px={cell_px!r} draws this {maze.width}x{maze.height} maze on {pixels} "
                f"pixels; at most {MAX_PIXELS} fit: give a smaller cell_px"
            )
        self.maze = maze
        self.cell_px = cell_px
        self.wall_px = max(2, cell_px // 7)
        self.margin = self.wall_px
        self.mud_weights = mud_weights
        self.shape = (
            maze.height * cell_px + 2 * self.margin,
            maze.width * cell_px + 2 * self.margin,
            3,
        )
        self._cheese_mask = _disk(max(2, round(0.4 * cell_px)))
        self._player_mask = _disk(max(2, round(0.5 * cell_px)))
        self._goal_mask = _chequer(max(4, round(0.6 * cell_px)))
        self._route_line = max(2, round(cell_px / 5))
        self._route_masks: dict[int, np.ndarray] = {}
        self._background: np.ndarray | None = None
        self._floor: np.ndarray | None = None

    def cell_box(self, cell: int) -> tuple[int, int, int, int]:
        """Pixel rectangle ``(x0, y0, x1, y1)`` of a grid cell, ``x1``/``y1`` exclusive."""
        r, c = self.maze.i_to_rc(cell)
        x0 = self.margin + c * self.cell_px
        y0 = self.margin + r * self.cell_px
        return x0, y0, x0 + self.cell_px, y0 + self.cell_px

    @property
    def background(self) -> np.ndarray:
        """Cells, holes, walls and mud (read-only; ``draw`` returns fresh copies)."""
        if self._background is None:
            self._background = self._draw_background()
            self._background.setflags(write=False)
        return self._background

    def _draw_background(self) -> np.ndarray:
        maze, px, m, t = self.maze, self.cell_px, self.margin, self.wall_px
        height, width = self.shape[:2]
        image = Image.new("RGB", (width, height), HOLE)
        draw = ImageDraw.Draw(image)
        for cell in maze.vertices:
            x0, y0, x1, y1 = self.cell_box(cell)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=FLOOR)
        half = t // 2

        def wall(x0: int, y0: int, x1: int, y1: int) -> None:
            draw.rectangle((x0 - half, y0 - half, x1 - half + t - 1, y1 - half + t - 1), fill=WALL)

        w = maze.width
        for cell in maze.vertices:
            r, c = divmod(cell, w)
            x0, y0 = m + c * px, m + r * px
            # Each cell draws its north and west sides, and its east/south sides only when
            # the neighbour there is missing (otherwise that neighbour draws them).
            if not (r > 0 and maze._weight_or_zero(cell - w, cell)):
                wall(x0, y0, x0 + px, y0)
            if not (c > 0 and maze._weight_or_zero(cell - 1, cell)):
                wall(x0, y0, x0, y0 + px)
            if c == w - 1 or (cell + 1) not in maze:
                wall(x0 + px, y0, x0 + px, y0 + px)
            if r == maze.height - 1 or (cell + w) not in maze:
                wall(x0, y0 + px, x0 + px, y0 + px)
        font = ImageFont.load_default(size=max(8, int(px * 0.45)))
        long, short = max(3, int(px * 0.6)), max(3, int(px * 0.34))
        for u, v, weight in maze.edges():
            if weight < 2:
                continue
            x0, y0, x1, y1 = self.cell_box(u)
            if v - u != maze.width:  # u and v side by side: vertical boundary at x1
                cx, cy, dx, dy = x1, (y0 + y1) // 2, short // 2, long // 2
            else:  # horizontal boundary at y1
                cx, cy, dx, dy = (x0 + x1) // 2, y1, long // 2, short // 2
            draw.rectangle((cx - dx, cy - dy, cx + dx, cy + dy), fill=MUD)
            if self.mud_weights and px >= 14:
                draw.text((cx, cy), str(weight), fill=MUD_TEXT, font=font, anchor="mm")
        background: np.ndarray = np.asarray(image, dtype=np.uint8).copy()
        return background

    @property
    def floor_mask(self) -> np.ndarray:
        """``H x W`` booleans: the pixels of ``background`` showing bare floor (read-only).

        Tinting only these pixels colours cells while walls, mud patches and their weights
        stay visible.
        """
        if self._floor is None:
            self._floor = np.all(self.background == FLOOR, axis=-1)
            self._floor.setflags(write=False)
        return self._floor

    def _stamp(self, frame: np.ndarray, cell: int, mask: np.ndarray, colour: Colour) -> None:
        x0, y0, _, _ = self.cell_box(cell)
        d = mask.shape[0]
        ox, oy = x0 + (self.cell_px - d) // 2, y0 + (self.cell_px - d) // 2
        frame[oy : oy + d, ox : ox + d][mask] = colour

    def stamp_cheese(self, frame: np.ndarray, cell: int) -> None:
        """Draw a piece of cheese on ``cell`` of ``frame``, in place, as ``draw`` does."""
        self._stamp(frame, self.maze._check_cell(cell, "cheese cell"), self._cheese_mask, CHEESE)

    def stamp_player(self, frame: np.ndarray, cell: int) -> None:
        """Draw the player on ``cell`` of ``frame``, in place, as ``draw`` does."""
        self._stamp(frame, self.maze._check_cell(cell, "player cell"), self._player_mask, PLAYER)

    def route_mask(self, bits: int) -> np.ndarray:
        """``cell_px`` x ``cell_px`` booleans: the route line through a cell with these bits."""
        mask = self._route_masks.get(bits)
        if mask is None:
            px, lw = self.cell_px, self._route_line
            a = (px - lw) // 2
            b = a + lw
            mask = np.zeros((px, px), bool)
            mask[a:b, a:b] = True
            if bits & _N:
                mask[:b, a:b] = True
            if bits & _S:
                mask[a:, a:b] = True
            if bits & _W:
                mask[a:b, :b] = True
            if bits & _E:
                mask[a:b, a:] = True
            self._route_masks[bits] = mask
        return mask

    def stamp_goal(self, frame: np.ndarray, cell: int) -> None:
        """Draw the goal's chequered flag on ``cell`` of ``frame``, in place."""
        cell = self.maze._check_cell(cell, "goal cell")
        d = self._goal_mask.shape[0]
        self._stamp(frame, cell, np.ones((d, d), bool), GOAL[1])
        self._stamp(frame, cell, self._goal_mask, GOAL[0])

    def icon(self, what: Icon) -> np.ndarray:
        """A one-cell picture for a legend: the cheese, goal or player on floor, or mud.

        The mud icon is a patch with a weight (3), as drawn across a muddy passage.
        """
        px = self.cell_px
        if what == "mud":
            image = Image.new("RGB", (px, px), FLOOR)
            draw = ImageDraw.Draw(image)
            long, short = max(3, int(px * 0.6)), max(3, int(px * 0.34))
            c = px // 2
            draw.rectangle((c - short // 2, c - long // 2, c + short // 2, c + long // 2), fill=MUD)
            font = ImageFont.load_default(size=max(8, int(px * 0.45)))
            draw.text((c, c), "3", fill=MUD_TEXT, font=font, anchor="mm")
            mud: np.ndarray = np.asarray(image, dtype=np.uint8).copy()
            return mud
        frame = np.empty((px + 2 * self.margin, px + 2 * self.margin, 3), np.uint8)
        frame[:] = FLOOR
        stamps = {"cheese": self._cheese_mask, "player": self._player_mask}
        if what == "goal":
            d = self._goal_mask.shape[0]
            o = self.margin + (px - d) // 2
            frame[o : o + d, o : o + d] = GOAL[1]
            frame[o : o + d, o : o + d][self._goal_mask] = GOAL[0]
        elif what in stamps:
            mask = stamps[what]
            o = self.margin + (px - mask.shape[0]) // 2
            view = frame[o : o + mask.shape[0], o : o + mask.shape[0]]
            view[mask] = CHEESE if what == "cheese" else PLAYER
        else:
            raise InvalidArgumentError(
                f"icon must be one of 'cheese', 'goal', 'player', 'mud', got {what!r}"
            )
        m = self.margin
        icon: np.ndarray = frame[m : m + px, m : m + px].copy()
        return icon

    def legend(self, *, cheese: bool | None = None) -> list[LegendEntry]:
        """What the static pictures mean: walls, missing cells, mud and cheese (if any).

        Args:
            cheese: include the cheese; default: when the maze has some.
        """
        maze = self.maze
        entries: list[LegendEntry] = [(WALL, "wall")]
        if len(maze) < maze.width * maze.height:
            entries.append((HOLE, "no cell"))
        if any(weight >= 2 for _, _, weight in maze.edges()):
            entries.append((self.icon("mud"), "mud: number = turns to cross"))
        if maze.cheese if cheese is None else cheese:
            entries.append((self.icon("cheese"), "cheese"))
        return entries

    def paint_cells(
        self, frame: np.ndarray, cells: Iterable[int], colour: Colour, *, inset: int | None = None
    ) -> None:
        """Fill the inside of ``cells`` with ``colour`` in ``frame``, in place.

        ``inset`` pixels (default: one wall thickness) stay untouched so walls stay visible.
        """
        k = self.wall_px if inset is None else inset
        for cell in cells:
            x0, y0, x1, y1 = self.cell_box(cell)
            frame[y0 + k : y1 - k, x0 + k : x1 - k] = colour

    def draw(self, player: int | None = None, cheese: Iterable[int] | None = None) -> np.ndarray:
        """A new frame: the background, the cheese (default: the maze's), then the player."""
        frame: np.ndarray = self.background.copy()
        for cell in self.maze.cheese if cheese is None else cheese:
            self.stamp_cheese(frame, cell)
        if player is not None:
            self.stamp_player(frame, player)
        return frame


def render_maze(
    maze: Maze,
    player: int | None = None,
    *,
    cell_px: int = 24,
    cheese: Iterable[int] | None = None,
) -> np.ndarray:
    """An ``H x W x 3`` ``uint8`` picture of ``maze`` with its cheese and the player.

    Examples:
        >>> maze = Maze(2, 1, [(0, 1, 3)], cheese=[1])
        >>> render_maze(maze, player=0, cell_px=20).shape
        (24, 44, 3)
    """
    frame: np.ndarray = MazeRenderer(maze, cell_px=cell_px).draw(player, cheese)
    return frame
