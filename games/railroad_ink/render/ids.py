"""The fixed tile ids of ``RailroadInkTiles``: every valid tile, the border ring, the exits.

Every tile a board can hold has a fixed id, whatever renderer draws it: the orientations of the
dice faces and the specials first (``ORIENTED_TILES``), then every other valid tile, so ids mean
the same picture in every run. Ids from ``COUNT`` on are given on first use by the renderer.
"""

from __future__ import annotations

import itertools

import numpy as np

from games.railroad_ink.pieces.geometry import CENTRE, EXITS, SIZE, STEPS
from games.railroad_ink.pieces.tiles import DIE_FACES, SPECIALS, Tile

__all__ = [
    "BORDER",
    "BORDER_IDS",
    "COUNT",
    "EMPTY",
    "EMPTY_CENTRE",
    "EXIT",
    "EXIT_CELLS",
    "GRID",
    "INDEX",
    "IS_CENTRE",
    "OPEN",
    "OPEN_CENTRE",
    "ORIENTED_TILES",
    "TILES",
]


def _catalogue() -> tuple[Tile, ...]:
    """The dice faces' and specials' orientations, then every other valid tile, each once."""
    seen: dict[Tile, None] = {}
    for face in DIE_FACES + SPECIALS:
        for tile in face.orientations():
            seen.setdefault(tile, None)
    for n, e, s, w in itertools.product(range(3), repeat=4):
        seen.setdefault(Tile((n, e, s, w)), None)
        if n == s != 0 and e == w != 0:
            seen.setdefault(Tile((n, e, s, w), overpass=True), None)
    return tuple(seen)


ORIENTED_TILES: tuple[Tile, ...] = _catalogue()
"""Every valid tile in a fixed order: the 50 oriented dice faces and specials first (the
tiles of a legal game), then the 35 other tiles free play may place. ``ORIENTED_TILES[k]``
is drawn by tile ids ``13 + 2 * k`` (plain square) and ``14 + 2 * k`` (centre square)."""

INDEX = {tile: k for k, tile in enumerate(ORIENTED_TILES)}

# Tile ids: the border ring, the empty squares, then each oriented tile on a plain or centre square.
BORDER = 0
EXIT = 1  # 1 + 2 * side + (type - 1): the stub on ``side`` of the board square, 8 ids
EMPTY, EMPTY_CENTRE, OPEN, OPEN_CENTRE = 9, 10, 11, 12
TILES = 13
COUNT = TILES + 2 * len(ORIENTED_TILES)
GRID = SIZE + 2
IS_CENTRE = tuple(i in CENTRE for i in range(SIZE * SIZE))


def _border_ids() -> np.ndarray:
    """The 9x9 id grid of an empty board's border: plain cells and the 12 exit stubs."""
    ids = np.full((GRID, GRID), BORDER, dtype=np.int64)
    for (row, col, side), kind in EXITS.items():
        dr, dc = STEPS[side]
        ids[row + 1 + dr, col + 1 + dc] = EXIT + 2 * side + kind - 1
    return ids


BORDER_IDS = _border_ids()


def _exit_cells() -> dict[tuple[int, int, int], tuple[int, int, int]]:
    """Each exit's key -> its border cell (row, col in the 9x9 frame) and its fixed id."""
    return {
        (row, col, side): (row + 1 + STEPS[side][0], col + 1 + STEPS[side][1], kind)
        for (row, col, side), kind in EXITS.items()
    }


EXIT_CELLS = _exit_cells()
