"""Placing tiles on the array board, and the legal and meaningful placements of a piece.

A board is two arrays of 49 int64: ``tiles`` (the oriented tile on each square, -1 when empty)
and ``slots`` (each empty square's slot code, ``tables``). ``place`` keeps the slots of the
empty neighbours up to date, so asking what fits a square is one table lookup.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.tables import (
    BLANK_SIDE,
    FIT,
    FIT_COUNT,
    MEANINGFUL,
    MEANINGFUL_COUNT,
    MOVE_BASE,
    NEIGH,
    OPEN_SLOT,
    OPP,
    OT_SIDES,
    POW5,
    SLOT_INIT,
)

__all__ = ["add_moves", "empty_board", "place"]


def empty_board() -> tuple[np.ndarray, np.ndarray]:
    """``(tiles, slots)`` of the empty board (new arrays)."""
    return np.full(49, -1, dtype=np.int64), SLOT_INIT.copy()


@jit
def place(tiles: np.ndarray, slots: np.ndarray, square: int, ot: int) -> None:
    """Put oriented tile ``ot`` on the empty ``square``; update the neighbours' slots."""
    tiles[square] = ot
    for side in range(4):
        j = NEIGH[square, side]
        if j >= 0 and tiles[j] < 0:
            value = OT_SIDES[ot, side]
            if value == 0:
                value = BLANK_SIDE
            back = OPP[side]
            old = (slots[j] // POW5[back]) % 5
            slots[j] += (value - old) * POW5[back]


@jit
def add_moves(
    tiles: np.ndarray, slots: np.ndarray, piece: int, meaningful: bool, out: np.ndarray, n: int
) -> int:
    """Append every placement of ``piece`` to ``out`` from index ``n``; return the new length.

    All legal placements, or only the meaningful ones, by square then orientation (the order
    of ``Board.legal_placements``).
    """
    for square in range(49):
        if tiles[square] >= 0:
            continue
        code = slots[square]
        if not OPEN_SLOT[code]:
            continue
        if meaningful:
            count = MEANINGFUL_COUNT[piece, code]
            for k in range(count):
                out[n] = square * MOVE_BASE + MEANINGFUL[piece, code, k]
                n += 1
        else:
            count = FIT_COUNT[piece, code]
            for k in range(count):
                out[n] = square * MOVE_BASE + FIT[piece, code, k]
                n += 1
    return n
