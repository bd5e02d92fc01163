"""Numbers that describe a Tron position for a learned evaluation: race, rooms, mobility.

``features(state)`` is a fixed-length vector from player 0's view. Each entry is a
difference, player 0's count minus player 1's, scaled into about ``[-1, 1]``, so swapping the
sides negates the vector and a weighted sum needs no bias (an even position scores 0):

- ``owned``: cells reached strictly first (the Voronoi race ``evaluate`` weighs alone);
- ``reach``: free cells reachable at all;
- ``room``: owned cells joined to the player's head through its own cells (territory cut off
  from the head by the other's cells cannot be filled);
- ``dead_ends``: owned cells with at most one free neighbour (each ends a path: a room full
  of them holds fewer moves than cells);
- ``openness``: the free neighbours of the owned cells, summed (wide rooms against corridors);
- ``mobility``: the head's free steps (0 to 5 on hex, 0 to 3 on squares);
- ``lead``: the owned difference clipped to 10 cells (who leads, saturating);
- ``owned_late`` and ``room_late``: ``owned`` and ``room`` times the share of the board filled
  (the same lead weighs more when less is left).

At a pending state (player 0 has picked) the race starts from player 0's new cell with player
1 one layer ahead, as ``voronoi.race_counts`` does. The counts come from one compiled kernel
(``games._compile.jit``) over ``flood``'s layers.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.tron import flood
from games.tron.state import TronState
from games.tron.voronoi import check_position, pending_head

__all__ = ["FEATURES", "features", "raw_counts"]

FEATURES: tuple[str, ...] = (
    "owned",
    "reach",
    "room",
    "dead_ends",
    "openness",
    "mobility",
    "lead",
    "owned_late",
    "room_late",
)
"""The names of ``features(state)``'s entries, in order."""

COUNTS = 6
"""Counts per player from ``raw_counts``: owned, reach, room, dead ends, openness, mobility."""

LEAD_CAP = 10
"""Cells at which the ``lead`` feature saturates."""


@jit
def _counts(
    steps: flood.Array,
    playable: flood.Array,
    walls: flood.Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    lead: int,
    hexgrid: bool,
) -> flood.Array:
    """Per player ``COUNTS`` counts (player 0's first), the free cells, the cells both reach."""
    dist_a, dist_b = flood._layers(steps, flood._open(playable, walls), heads, facings, hexgrid)
    cells = len(steps)
    owner = flood._int_array(cells + 1, -1)
    free = 0
    for c in range(cells):
        da, db = dist_a[c], dist_b[c]
        if da >= 0 or db >= 0:
            free += 1
        if da >= 0 and (db < 0 or da + lead < db):
            owner[c] = 0
        elif db >= 0 and (da < 0 or db < da + lead):
            owner[c] = 1
    out = flood._int_array(2 * COUNTS + 2, 0)
    for c in range(cells):
        p = owner[c]
        if p < 0:
            continue
        out[COUNTS * p] += 1
        degree = 0
        for target in steps[c]:
            if dist_a[target] >= 0 or dist_b[target] >= 0:
                degree += 1
        out[COUNTS * p + 4] += degree
        if degree <= 1:
            out[COUNTS * p + 3] += 1
    for c in range(cells):
        if dist_a[c] >= 0:
            out[1] += 1
            if dist_b[c] >= 0:
                out[2 * COUNTS + 1] += 1
        if dist_b[c] >= 0:
            out[COUNTS + 1] += 1
    for p in range(2):
        out[COUNTS * p + 2] = _room(steps, owner, heads[p], p)
        out[COUNTS * p + 5] = _mobility(steps, dist_a, dist_b, heads[p], facings[p], hexgrid)
    out[2 * COUNTS] = free
    return out


@jit
def _room(steps: flood.Array, owner: flood.Array, head: int, p: int) -> int:
    """Cells of ``p`` joined to ``head`` through cells of ``p`` (a flood inside its own)."""
    seen = flood._byte_array(len(steps) + 1)
    queue = flood._int_array(len(steps) + 1, 0)
    queue[0], tail, start, count = head, 1, 0, 0
    seen[head] = 1
    while start < tail:
        cell = queue[start]
        start += 1
        for target in steps[cell]:
            if target >= 0 and not seen[target] and owner[target] == p:
                seen[target] = 1
                queue[tail] = target
                tail += 1
                count += 1
    return count


@jit
def _mobility(
    steps: flood.Array,
    dist_a: flood.Array,
    dist_b: flood.Array,
    head: int,
    facing: int,
    hexgrid: bool,
) -> int:
    """The head's steps into free cells (never straight back on hex)."""
    count = 0
    for d in range(len(steps[head])):
        if hexgrid and (d - facing) % 6 == 3:
            continue
        target = steps[head][d]
        if target >= 0 and (dist_a[target] >= 0 or dist_b[target] >= 0):
            count += 1
    return count


def raw_counts(state: TronState) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """Player 0's and player 1's ``COUNTS`` counts, the free cells and the cells both reach.

    Counted on a live position (player 0's pending move, if any, already made).

    A pending move that crashes is not a live position: the caller scores it first.
    """
    grid, walls = state.grid, state.walls
    heads, facings, lead = state.heads, state.orientations, 0
    if state.pending is not None:
        cell, facing = pending_head(state)
        walls |= 1 << cell
        heads, facings, lead = (cell, heads[1]), (facing, facings[1]), 1
    g = flood.arrays(grid)
    out = _counts(g.steps, g.playable, flood._wall_bytes(g, walls), heads, facings, lead, grid.hex)
    values = [int(x) for x in out]
    if state.pending is not None:
        values[0] += 1  # the pending step's cell is player 0's, taken this turn
    mine, theirs = tuple(values[:COUNTS]), tuple(values[COUNTS : 2 * COUNTS])
    return mine, theirs, values[2 * COUNTS], values[2 * COUNTS + 1]


def features(state: TronState) -> np.ndarray:
    """The ``FEATURES`` of ``state`` from player 0's view, as float64 (see the module docstring).

    Raises:
        InvalidArgumentError: ``state`` is not a ``TronState``.
    """
    check_position(state)
    if state.is_terminal():
        return np.zeros(len(FEATURES))
    if state.pending is not None:
        cell, _ = pending_head(state)
        if cell < 0 or state.walls >> cell & 1:
            return np.zeros(len(FEATURES))
    mine, theirs, free, _ = raw_counts(state)
    return from_counts(mine, theirs, free, state.grid.playable().bit_count(), state.grid.hex)


def from_counts(
    mine: tuple[int, ...], theirs: tuple[int, ...], free: int, size: int, hexgrid: bool
) -> np.ndarray:
    """``features`` from ``raw_counts``' parts and the board's playable cells ``size``."""
    counts = np.array([*mine, *theirs, free], dtype=np.int64)
    into = np.zeros(len(FEATURES))
    _phi(counts, size, hexgrid, into)
    return into


@jit
def _phi(counts: flood.Array, size: int, hexgrid: bool, into: flood.Array) -> None:
    """Write the ``FEATURES`` of ``_counts``' first ``2 * COUNTS + 1`` entries into ``into``."""
    late = 1.0 - counts[2 * COUNTS] / size
    owned_diff = counts[0] - counts[COUNTS]
    owned, room = owned_diff / size, (counts[2] - counts[COUNTS + 2]) / size
    into[0] = owned
    into[1] = (counts[1] - counts[COUNTS + 1]) / size
    into[2] = room
    into[3] = (counts[3] - counts[COUNTS + 3]) / size
    into[4] = (counts[4] - counts[COUNTS + 4]) / (6 * size)
    into[5] = (counts[5] - counts[COUNTS + 5]) / (5 if hexgrid else 3)
    into[6] = max(-LEAD_CAP, min(LEAD_CAP, owned_diff)) / LEAD_CAP
    into[7] = owned * late
    into[8] = room * late
