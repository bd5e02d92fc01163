"""The board's fixed geometry: its size, its 12 exits, its centre, and each square's neighbours.

One home for the tables every layer needs (the rules, the compiled engine, the pictures): the
step towards each side, the neighbour of each square on each side, the exit type each square's
side faces, and the notation of a placement (``RC`` + the tile). Kept apart from ``board`` so
the scorer can read them without importing the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from games.railroad_ink.pieces.tiles import HIGHWAY, RAILWAY, E, N, S, W

__all__ = ["CENTRE", "EXITS", "EXIT_AT", "NEIGHBOURS", "SIZE", "SQUARES", "STEPS", "notation"]

SIZE = 7
"""Squares per side; square ``(row, col)`` has index ``row * SIZE + col``, row 0 at the top."""

# fmt: off
EXITS: Mapping[tuple[int, int, int], int] = MappingProxyType({
    (0, 1, N): HIGHWAY, (0, 3, N): RAILWAY, (0, 5, N): HIGHWAY,  # north side, west to east
    (1, 6, E): RAILWAY, (3, 6, E): HIGHWAY, (5, 6, E): RAILWAY,  # east side, north to south
    (6, 5, S): HIGHWAY, (6, 3, S): RAILWAY, (6, 1, S): HIGHWAY,  # south side, east to west
    (5, 0, W): RAILWAY, (3, 0, W): HIGHWAY, (1, 0, W): RAILWAY,  # west side, south to north
})
# fmt: on
"""The 12 exits, clockwise from the north-west one: ``(row, col, side)`` of the board square and
the side of it that faces the exit, mapped to the exit's type. Going round, types alternate."""

CENTRE: tuple[int, ...] = tuple(row * SIZE + col for row in (2, 3, 4) for col in (2, 3, 4))
"""Indices of the 9 centre squares (rows 2-4, columns 2-4), each worth 1 point when filled."""

SQUARES = SIZE * SIZE
"""Squares on the board (49)."""

STEPS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""``(drow, dcol)`` of one step towards each side N, E, S, W."""


def _neighbour(index: int, side: int) -> int:
    row, col = divmod(index, SIZE)
    r, c = row + STEPS[side][0], col + STEPS[side][1]
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(
    (_neighbour(i, N), _neighbour(i, E), _neighbour(i, S), _neighbour(i, W)) for i in range(SQUARES)
)
"""``NEIGHBOURS[square][side]``: the square beyond that side, or -1 past the board's edge."""

EXIT_AT: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        EXITS.get((i // SIZE, i % SIZE, N), 0),
        EXITS.get((i // SIZE, i % SIZE, E), 0),
        EXITS.get((i // SIZE, i % SIZE, S), 0),
        EXITS.get((i // SIZE, i % SIZE, W), 0),
    )
    for i in range(SQUARES)
)
"""``EXIT_AT[square][side]``: the type of the exit that side faces, 0 where there is none."""


def notation(square: int, tile: object) -> str:
    """A placement in notation: row digit, column digit, then the tile (``"10__LL"``).

    Examples:
        >>> notation(7, "__LL")
        '10__LL'
    """
    return f"{square // SIZE}{square % SIZE}{tile}"
