"""The board's fixed geometry: its size, its 12 exits and its centre squares (GAMES.md 2.1).

Kept apart from ``board`` so the scorer can read the exits without importing the board (imports
in the package go one way: tiles, exits, score, board).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from games.railroad_ink.tiles import HIGHWAY, RAILWAY, E, N, S, W

__all__ = ["CENTRE", "EXITS", "SIZE"]

SIZE = 7
"""Squares per side; square ``(row, col)`` has index ``row * SIZE + col``, row 0 at the top."""

EXITS: Mapping[tuple[int, int, int], int] = MappingProxyType({
    (0, 1, N): HIGHWAY, (0, 3, N): RAILWAY, (0, 5, N): HIGHWAY,
    (1, 6, E): RAILWAY, (3, 6, E): HIGHWAY, (5, 6, E): RAILWAY,
    (6, 5, S): HIGHWAY, (6, 3, S): RAILWAY, (6, 1, S): HIGHWAY,
    (5, 0, W): RAILWAY, (3, 0, W): HIGHWAY, (1, 0, W): RAILWAY,
})
"""The 12 exits, clockwise from the north-west one: ``(row, col, side)`` of the board square and
the side of it that faces the exit, mapped to the exit's type. Going round, types alternate."""

CENTRE: tuple[int, ...] = tuple(row * SIZE + col for row in (2, 3, 4) for col in (2, 3, 4))
"""Indices of the 9 centre squares (rows 2-4, columns 2-4), each worth 1 point when filled."""
