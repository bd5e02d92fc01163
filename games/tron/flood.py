"""The Voronoi race compiled: one breadth-first search per head over arrays, by numba.

``games.tron.voronoi`` floods with big-int bitboards, which plain Python runs fastest. With
numba installed (``games._compile``; ``TREESEARCH_ENGINE=python`` turns it off) it floods here
instead, with the same results: a grid's neighbour table ``steps[cell, direction]`` (-1 off
the rectangle) and its playable cells become arrays once per grid (``arrays``), the walls come
in as the little-endian bytes of their bitmask, and each head runs a breadth-first search that
records the layer in which it first reaches each cell. On squares the search is over cells; on
hex over (cell, facing) states, a facing ``o`` stepping in the five directions ``o-2 .. o+2``
and never back, exactly as ``voronoi._layer_hex`` does. Player 1 expands ``lead`` layers
first, so a cell is player 0's when its layer plus ``lead`` is strictly below player 1's
(or player 1 never reaches it), player 1's when strictly above, and nobody's on a tie.

``race_bits`` gives back the cell sets as bitmasks (for ``voronoi.Race``); ``race_counts``
gives only the counts an evaluation needs, without building any big int.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np

from games._compile import ENGINE, jit
from games.tron.grid import Grid

__all__ = ["COMPILED", "GridArrays", "arrays", "race_bits", "race_counts"]

COMPILED = ENGINE == "numba"
"""True when the race runs compiled here; else ``voronoi`` keeps its bitboard flood."""

Array = Any  # a numpy array (numba takes and returns them; mypy sees them as Any)


class GridArrays(NamedTuple):
    """A grid as the compiled race reads it."""

    steps: Array  # int32 [cells, directions]: the neighbour, -1 off the rectangle
    playable: Array  # uint8 [cells]: 1 where a cycle may ever stand
    nbytes: int  # bytes of a cell bitmask (one bit a cell, little-endian)


@functools.lru_cache(maxsize=64)
def arrays(grid: Grid) -> GridArrays:
    """``grid``'s neighbour table and playable cells as arrays (built once per grid)."""
    steps = np.array(grid.steps, dtype=np.int32).reshape(grid.cells, grid.directions)
    playable = np.array(
        [0 if grid.blocked >> cell & 1 else 1 for cell in range(grid.cells)], dtype=np.uint8
    )
    return GridArrays(steps, playable, (grid.cells + 7) // 8)


@jit
def _free(playable: Array, walls: Array) -> Array:
    """1 for the playable cells whose bit is not set in the wall bytes ``walls``."""
    cells = playable.shape[0]
    free = np.zeros(cells, np.uint8)
    for c in range(cells):
        if playable[c] and not (walls[c >> 3] >> (c & 7)) & 1:
            free[c] = 1
    return free


@jit
def _flood(steps: Array, free: Array, head: int, facing: int, hexgrid: bool) -> Array:
    """Per cell, the layer in which the flood from ``head`` first reaches it (-1: never)."""
    cells = steps.shape[0]
    dist = np.full(cells, -1, np.int32)
    if hexgrid:
        seen = np.zeros(cells * 6, np.uint8)
        queue = np.empty(cells * 6 + 1, np.int32)
        queue[0] = head * 6 + facing
        start, tail, layer = 0, 1, 0
        while start < tail:
            end = tail
            layer += 1
            for i in range(start, end):
                state = queue[i]
                cell = state // 6
                back = (state - cell * 6 + 3) % 6
                for o in range(6):
                    if o == back:
                        continue
                    target = steps[cell, o]
                    if target < 0 or not free[target]:
                        continue
                    key = target * 6 + o
                    if seen[key]:
                        continue
                    seen[key] = 1
                    queue[tail] = key
                    tail += 1
                    if dist[target] < 0:
                        dist[target] = layer
            start = end
        return dist
    directions = steps.shape[1]
    queue = np.empty(cells + 1, np.int32)
    queue[0] = head
    start, tail, layer = 0, 1, 0
    while start < tail:
        end = tail
        layer += 1
        for i in range(start, end):
            cell = queue[i]
            for d in range(directions):
                target = steps[cell, d]
                if target < 0 or not free[target] or dist[target] >= 0 or target == head:
                    continue
                dist[target] = layer
                queue[tail] = target
                tail += 1
        start = end
    return dist


@jit
def _fill(reach: int, same: int, hexgrid: bool) -> int:
    """``voronoi.fill_bound`` from counts: ``reach`` cells, ``same`` of the head's colour."""
    if hexgrid:
        return reach
    other = reach - same
    return 2 * min(same, other) + (1 if other > same else 0)


@jit
def _counts(
    steps: Array,
    playable: Array,
    walls: Array,
    width: int,
    head_a: int,
    face_a: int,
    head_b: int,
    face_b: int,
    lead: int,
    hexgrid: bool,
) -> tuple[int, int, int, int, int]:
    free = _free(playable, walls)
    dist_a = _flood(steps, free, head_a, face_a, hexgrid)
    dist_b = _flood(steps, free, head_b, face_b, hexgrid)
    colour_a = (head_a // width + head_a % width) % 2
    colour_b = (head_b // width + head_b % width) % 2
    both = own_a = own_b = reach_a = reach_b = same_a = same_b = 0
    for c in range(steps.shape[0]):
        da, db = dist_a[c], dist_b[c]
        if da < 0 and db < 0:
            continue
        colour = (c // width + c % width) % 2
        if da >= 0:
            reach_a += 1
            if colour == colour_a:
                same_a += 1
            if db < 0 or da + lead < db:
                own_a += 1
        if db >= 0:
            reach_b += 1
            if colour == colour_b:
                same_b += 1
            if da < 0 or db < da + lead:
                own_b += 1
            if da >= 0:
                both += 1
    return (
        both,
        own_a,
        own_b,
        _fill(reach_a, same_a, hexgrid),
        _fill(reach_b, same_b, hexgrid),
    )


@jit
def _bits(
    steps: Array,
    playable: Array,
    walls: Array,
    head_a: int,
    face_a: int,
    head_b: int,
    face_b: int,
    lead: int,
    hexgrid: bool,
) -> Array:
    free = _free(playable, walls)
    dist_a = _flood(steps, free, head_a, face_a, hexgrid)
    dist_b = _flood(steps, free, head_b, face_b, hexgrid)
    out = np.zeros((4, walls.shape[0]), np.uint8)
    for c in range(steps.shape[0]):
        da, db = dist_a[c], dist_b[c]
        byte, bit = c >> 3, np.uint8(1 << (c & 7))
        if da >= 0:
            out[2, byte] |= bit
            if db < 0 or da + lead < db:
                out[0, byte] |= bit
        if db >= 0:
            out[3, byte] |= bit
            if da < 0 or db < da + lead:
                out[1, byte] |= bit
    return out


def _wall_bytes(grid: GridArrays, walls: int) -> Array:
    size = max(grid.nbytes, (walls.bit_length() + 7) // 8)
    return np.frombuffer(walls.to_bytes(size, "little"), dtype=np.uint8)


def race_counts(
    grid: Grid, walls: int, heads: tuple[int, int], facings: tuple[int, int], lead: int = 0
) -> tuple[int, int, int, int, int]:
    """``(both, owned0, owned1, fill0, fill1)`` of ``voronoi.race_from`` with the same arguments.

    ``both`` counts the free cells both players reach (0: separated); ``fill`` is
    ``voronoi.fill_bound`` of each player's reach from its head.
    """
    g = arrays(grid)
    return _counts(
        g.steps,
        g.playable,
        _wall_bytes(g, walls),
        grid.width,
        heads[0],
        facings[0],
        heads[1],
        facings[1],
        lead,
        grid.hex,
    )


def race_bits(
    grid: Grid, walls: int, heads: tuple[int, int], facings: tuple[int, int], lead: int = 0
) -> tuple[int, int, int, int]:
    """``(owned0, owned1, reach0, reach1)`` bitmasks of ``voronoi.race_from``'s flood."""
    g = arrays(grid)
    out = _bits(
        g.steps,
        g.playable,
        _wall_bytes(g, walls),
        heads[0],
        facings[0],
        heads[1],
        facings[1],
        lead,
        grid.hex,
    )
    own_a, own_b, reach_a, reach_b = (int.from_bytes(row.tobytes(), "little") for row in out)
    return own_a, own_b, reach_a, reach_b
