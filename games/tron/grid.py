"""Board geometry for Tron: square light-cycle arenas and the Hexatron hexagon.

A board is the full ``width x height`` rectangle with cells numbered ``row * width + col``;
a cell's bit is ``1 << cell``, so sets of cells (walls, trails, territories) are Python ints.
``steps[cell][d]`` is the neighbour in direction ``d`` (-1 off the rectangle); cells that can
never be entered (map walls, the clipped hex corners) are in ``blocked``, which a move treats
like a trail.

Directions on squares are 0 N, 1 E, 2 S, 3 W. On hex (axial ``(y, x)`` =
``(row, col)``) they are 0 NW (-1, 0), 1 NE (-1, +1), 2 E (0, +1), 3 SE (+1, 0),
4 SW (+1, -1), 5 W (0, -1); a cell ``(y, x)`` is on the field iff
``N//2 <= x + y < N + N//2``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from treesearch.errors import InvalidArgumentError

__all__ = [
    "HEX_STEPS",
    "MAX_CELLS",
    "SQUARE_STEPS",
    "Grid",
    "check_int",
    "hex_grid",
    "square_grid",
]

MAX_CELLS = 1 << 20
"""The most cells a board may have (1024 x 1024): its neighbour table takes about 100 bytes a
cell, and a move's flood fill is linear in the cells; beyond, a board is refused by name
rather than failing with an empty MemoryError."""

SQUARE_STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""``(drow, dcol)`` of directions 0 N, 1 E, 2 S, 3 W."""
HEX_STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))
"""``(dy, dx)`` of orientations 0 NW, 1 NE, 2 E, 3 SE, 4 SW, 5 W."""


@dataclass(frozen=True, slots=True, eq=False)
class Grid:
    """A board's geometry: cells are ints ``row * width + col`` over the full rectangle.

    Attributes:
        width: Columns (``x`` on hex).
        height: Rows (``y`` on hex).
        hex: False for a square grid, True for the Hexatron axial grid.
        steps: ``steps[cell][d]`` is the neighbour of ``cell`` in direction ``d``, or -1 off
            the rectangle (it may be a blocked cell, which crashes like a trail).
        blocked: Bitmask of cells that are never playable (map walls; hex clipped corners).
    """

    width: int
    height: int
    hex: bool
    steps: tuple[tuple[int, ...], ...]
    blocked: int

    def __eq__(self, other: object) -> bool:
        """Grids are equal when their size, kind and blocked cells are (``steps`` follows)."""
        if self is other:
            return True
        if not isinstance(other, Grid):
            return NotImplemented
        return (self.width, self.height, self.hex, self.blocked) == (
            other.width,
            other.height,
            other.hex,
            other.blocked,
        )

    def __hash__(self) -> int:
        return hash((self.width, self.height, self.hex, self.blocked))

    def __repr__(self) -> str:
        """Short at any size: the blocked cells are counted, not printed as one huge int."""
        kind = "hex" if self.hex else "square"
        return f"Grid({self.width}x{self.height} {kind}, {self.blocked.bit_count()} blocked)"

    @property
    def cells(self) -> int:
        """Number of cells of the rectangle, playable or not."""
        return self.width * self.height

    @property
    def directions(self) -> int:
        """4 on squares, 6 on hex."""
        return 6 if self.hex else 4

    def cell(self, row: int, col: int) -> int:
        """The cell number of ``(row, col)`` (``(y, x)`` on hex), checked against the size."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise InvalidArgumentError(
                f"(row, col) = {(row, col)!r} is outside the {self.width}x{self.height} grid"
            )
        return row * self.width + col

    def coords(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of a cell (``(y, x)`` on hex)."""
        if not 0 <= cell < self.cells:
            raise InvalidArgumentError(f"cell {cell!r} is not in 0..{self.cells - 1}")
        return divmod(cell, self.width)

    def playable(self) -> int:
        """Bitmask of the cells a cycle may ever stand on (127 of them on the 13x13 hex)."""
        return ((1 << self.cells) - 1) & ~self.blocked


def _steps(
    width: int, height: int, deltas: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], ...]:
    table = []
    for r in range(height):
        for c in range(width):
            row = []
            for dr, dc in deltas:
                rr, cc = r + dr, c + dc
                row.append(rr * width + cc if 0 <= rr < height and 0 <= cc < width else -1)
            table.append(tuple(row))
    return tuple(table)


def check_int(name: str, value: object, low: int, high: int | None = None, unit: str = "") -> int:
    """``value`` as an int if it is an integer in ``low..high`` (numpy integers too, not bools).

    Raises:
        InvalidArgumentError: naming the knob, the range and the bad value.
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int | np.integer)
        or value < low
        or (high is not None and value > high)
    ):
        span = f">= {low}" if high is None else f"in {low}..{high}"
        raise InvalidArgumentError(f"{name} must be an int {span}{unit}, got {value!r}")
    return int(value)


def _check_cells(width: int, height: int) -> None:
    """Refuse a board of more than ``MAX_CELLS`` cells, naming its size and the limit."""
    if width * height > MAX_CELLS:
        raise InvalidArgumentError(
            f"a {width}x{height} board has {width * height} cells; at most {MAX_CELLS} "
            "(1024x1024) fit"
        )


def square_grid(width: int, height: int, walls: int = 0) -> Grid:
    """A square arena of ``width x height`` cells whose ``walls`` bitmask is never playable."""
    width, height = check_int("width", width, 2), check_int("height", height, 2)
    _check_cells(width, height)
    if (
        isinstance(walls, bool)
        or not isinstance(walls, int)
        or not 0 <= walls < 1 << (width * height)
    ):
        raise InvalidArgumentError(
            f"walls must be a bitmask of the {width * height} cells, got {walls!r}"
        )
    return Grid(width, height, False, _steps(width, height, SQUARE_STEPS), walls)


def hex_grid(n: int = 13) -> Grid:
    """The Hexatron board: an ``n x n`` axial array with two corner triangles clipped.

    ``n`` must be odd (the field is a hexagon of side ``n//2 + 1``: 127 cells for 13).
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 3 or n % 2 == 0:
        raise InvalidArgumentError(f"n must be an odd int >= 3, got {n!r}")
    n = int(n)
    _check_cells(n, n)
    half = n // 2
    blocked = 0
    for y in range(n):
        for x in range(n):
            if not half <= x + y < n + half:
                blocked |= 1 << (y * n + x)
    return Grid(n, n, True, _steps(n, n, HEX_STEPS), blocked)
