"""PyRat's random maze algorithm on the grid arrays: cells, then walls, then mud, then cheese.

``carve`` returns the arrays of ``games.maze.grid.Grid``; ``Maze.generate`` and
``games.maze.generate_maze`` wrap it. It imports only ``grid``.

One ``random.Random(seed)`` drives the whole pipeline, so a seed always gives the same maze:

1. **Cells.** ``uniform_holes``: from the full grid, remove uniformly drawn cells, putting back
   any whose removal would disconnect the maze, until ``int(W*H*cell_percentage/100)`` remain.
   ``big_holes``: the same, but a cell is drawn with weight ``1 + holes * k**2`` where ``k`` is
   its number of missing grid neighbours, so holes grow in clusters. ``holes_on_side``: grow
   a region from the centre cell by drawing uniformly from a frontier list.
2. **Walls.** A random spanning tree (a random Prim order: each cell joins a random
   neighbour already in the tree); the other edges are shuffled and the first
   ``int(extra * wall_percentage / 100)`` of them become walls. 100% walls give a perfect
   maze (a tree); connectivity always holds.
3. **Mud.** The remaining edges are shuffled and the first ``int(E * mud_percentage / 100)``
   get a weight drawn uniformly in ``mud_range`` (inclusive).
4. **Cheese.** ``nb_cheese`` distinct cells drawn among the cells that hold no player.

Why this is fast on 1000x1000 grids: checking "does removing this cell disconnect the maze?"
with a full traversal costs O(cells) per draw, O(n^2) in all. Here the test is local and
exact. While cells are removed the maze is the grid graph induced by the remaining cells
(4-connected); the missing cells plus the outside of the grid form the background, with
8-connectivity (the dual pair of 4-connectivity in the plane). Around a cell ``v``, its
present 4-neighbours fall into ``g`` groups that are joined through the 3x3 ring, separated
by ``g`` stretches of background. Removing ``v`` joins those stretches through ``v``; by the
Jordan curve theorem on the grid, each pair of stretches already in the same background
component closes a curve that cuts the cells in two. So removal keeps the maze connected iff
the ``g`` stretches lie in ``g`` distinct background components. The background only ever
grows, so a union-find keeps its components in near-constant time per removal. For
``big_holes`` the weighted draw groups cells by ``k`` (0 to 4), which makes each draw O(1).
The test suite checks this local rule against a plain traversal on many random grids.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Literal

import numpy as np

from games.maze.grid import GridArrays, as_int, as_iterable, grid_size
from treesearch.errors import InvalidArgumentError

__all__ = ["ALGORITHMS", "Algorithm", "carve"]

Algorithm = Literal["big_holes", "uniform_holes", "holes_on_side"]
"""Names of the cell-removal algorithms (PyRat's BIG_HOLES, UNIFORM_HOLES, HOLES_ON_SIDE)."""

ALGORITHMS: tuple[Algorithm, ...] = ("big_holes", "uniform_holes", "holes_on_side")

# The 3x3 ring around a cell, clockwise from north: N, NE, E, SE, S, SW, W, NW.
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
_FOREGROUND = -1


def carve(
    width: int,
    height: int,
    *,
    cell_percentage: float,
    wall_percentage: float,
    mud_percentage: float,
    mud_range: tuple[int, int] | None,
    algorithm: Algorithm,
    nb_cheese: int,
    player_cells: Iterable[int],
    seed: int | random.Random | None,
) -> tuple[GridArrays, list[int]]:
    """The arrays and cheese of a random maze; ``games.maze.generate_maze`` documents it."""
    width, height = grid_size(width, height)
    cell_percentage = _percentage("cell_percentage", cell_percentage)
    wall_percentage = _percentage("wall_percentage", wall_percentage)
    mud_percentage = _percentage("mud_percentage", mud_percentage)
    mud = _mud_range(mud_range, mud_percentage)
    if algorithm not in ALGORITHMS:
        raise InvalidArgumentError(
            f"algorithm must be one of {', '.join(map(repr, ALGORITHMS))}, got {algorithm!r}"
        )
    nb_cheese = as_int(nb_cheese, "nb_cheese")
    if nb_cheese < 0:
        raise InvalidArgumentError(f"nb_cheese must be >= 0, got {nb_cheese!r}")
    size = width * height
    players = set()
    for p in as_iterable(player_cells, "player_cells"):
        cell = as_int(p, "a player cell")
        if not 0 <= cell < size:
            raise InvalidArgumentError(
                f"player cell {p!r} is outside the {width}x{height} grid (cells are 0..{size - 1})"
            )
        players.add(cell)
    n = int(size * cell_percentage / 100)
    if n < 2:
        raise InvalidArgumentError(
            f"cell_percentage={cell_percentage!r} of a {width}x{height} grid leaves {n} "
            "cell(s); a maze needs at least 2"
        )
    rng = seed if isinstance(seed, random.Random) else random.Random(_seed(seed))

    if algorithm == "holes_on_side":
        exists = _grow_from_centre(width, height, n, rng)
    else:
        exists = _remove_cells(width, height, n, rng, weighted=algorithm == "big_holes")
    east, south = _walls_and_mud(width, height, exists, rng, wall_percentage, mud_percentage, mud)

    candidates = [i for i in range(size) if exists[i] and i not in players]
    if nb_cheese > len(candidates):
        raise InvalidArgumentError(
            f"nb_cheese={nb_cheese!r} but only {len(candidates)} cells are free for cheese "
            f"in this {width}x{height} maze"
        )
    cheese = rng.sample(candidates, nb_cheese)
    return (width, height, exists, east, south), cheese


def _seed(seed: object) -> int | None:
    """A seed of ``random.Random``: an int (numpy integers too) or None, else refused."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise InvalidArgumentError(f"seed must be an int, a random.Random or None, got {seed!r}")
    return int(seed)


def _percentage(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidArgumentError(f"{name} must be a number in [0, 100], got {value!r}")
    if math.isnan(value) or not 0 <= value <= 100:
        raise InvalidArgumentError(f"{name} must be in [0, 100], got {value!r}")
    return value


def _mud_range(mud_range: tuple[int, int] | None, mud_percentage: float) -> tuple[int, int]:
    if mud_range is None:
        if mud_percentage > 0:
            raise InvalidArgumentError(
                f"mud_range is None but mud_percentage={mud_percentage!r}; give an inclusive "
                "(min, max) weight range such as (4, 9)"
            )
        return (2, 2)
    if not isinstance(mud_range, (tuple, list)) or len(mud_range) != 2:
        raise InvalidArgumentError(
            f"mud_range must be a pair (min, max) of ints, got {mud_range!r}"
        )
    lo = as_int(mud_range[0], "mud_range min")
    hi = as_int(mud_range[1], "mud_range max")
    if lo < 2 or lo > hi:
        raise InvalidArgumentError(
            f"mud_range must satisfy 2 <= min <= max (mud costs at least 2 turns), "
            f"got {mud_range!r}"
        )
    return lo, hi


# -- step 1: cells ------------------------------------------------------------------------
def _grow_from_centre(width: int, height: int, n: int, rng: random.Random) -> bytearray:
    """HOLES_ON_SIDE: add cells drawn uniformly from a frontier list grown from the centre."""
    exists = bytearray(width * height)
    frontier = [(height // 2) * width + width // 2]
    count = 0
    while count < n:
        i = rng.randrange(len(frontier))
        v = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        if exists[v]:
            continue
        exists[v] = 1
        count += 1
        r, c = divmod(v, width)
        # Duplicates stay in the frontier on purpose: a cell touching several added cells
        # is proportionally more likely to be drawn, as in PyRat.
        if r > 0 and not exists[v - width]:
            frontier.append(v - width)
        if c > 0 and not exists[v - 1]:
            frontier.append(v - 1)
        if c < width - 1 and not exists[v + 1]:
            frontier.append(v + 1)
        if r < height - 1 and not exists[v + width]:
            frontier.append(v + width)
    return exists


class _Background:
    """Cells removed so far plus the outside of the grid, as 8-connected components.

    Also answers the local question "may this cell be removed without disconnecting the
    remaining cells?" (see the module docstring for why the answer is exact).
    """

    def __init__(self, width: int, height: int, exists: bytearray) -> None:
        self.width = width
        self.height = height
        self.exists = exists
        self.outside = width * height
        self.parent = list(range(width * height + 1))

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def ring(self, v: int) -> list[int]:
        """The 8 cells around ``v``: ``_FOREGROUND`` for a present cell, else its id."""
        width, height, exists = self.width, self.height, self.exists
        r, c = divmod(v, width)
        out = []
        for dr, dc in _RING:
            rr, cc = r + dr, c + dc
            if 0 <= rr < height and 0 <= cc < width:
                i = rr * width + cc
                out.append(_FOREGROUND if exists[i] else i)
            else:
                out.append(self.outside)
        return out

    def removable(self, ring: list[int]) -> bool:
        """True when removing the cell with this ring keeps the present cells connected."""
        separators = []
        for k in (0, 2, 4, 6):
            if ring[k] == _FOREGROUND:
                nxt = ring[(k + 2) & 7]
                if nxt != _FOREGROUND:
                    separators.append(nxt)  # the next 4-neighbour is background
                elif ring[k + 1] != _FOREGROUND:
                    separators.append(ring[k + 1])  # only the corner separates them
        if len(separators) < 2:
            return True
        find = self.find
        return len({find(x) for x in separators}) == len(separators)

    def remove(self, v: int, ring: list[int]) -> None:
        """Make ``v`` background and merge it with the background around it."""
        self.exists[v] = 0
        find, parent = self.find, self.parent
        root = find(v)
        for x in ring:
            if x != _FOREGROUND:
                rx = find(x)
                if rx != root:
                    parent[rx] = root


def _remove_cells(
    width: int, height: int, n: int, rng: random.Random, *, weighted: bool
) -> bytearray:
    """UNIFORM_HOLES / BIG_HOLES: remove drawn cells unless that disconnects the maze."""
    size = width * height
    exists = bytearray(b"\x01") * size
    background = _Background(width, height, exists)
    # Cells grouped by their number k of missing grid neighbours; one group when unweighted.
    groups: list[list[int]] = [list(range(size))] + [[] for _ in range(4)]
    where = list(range(size))  # position of each present cell in its group
    holes_around = bytearray(size)
    count = size
    while count > n:
        removed = size - count
        if weighted:
            weights = [len(groups[k]) * (1 + removed * k * k) for k in range(5)]
            x = rng.randrange(sum(weights))
            k = 0
            while x >= weights[k]:
                x -= weights[k]
                k += 1
            v = groups[k][x // (1 + removed * k * k)]  # x is uniform inside group k
        else:
            v = groups[0][rng.randrange(count)]
        ring = background.ring(v)
        if not background.removable(ring):
            continue
        background.remove(v, ring)
        count -= 1
        _take(groups[holes_around[v]], where, v)
        if weighted:
            for i in (0, 2, 4, 6):
                u = ring[i]
                if u == _FOREGROUND:
                    dr, dc = _RING[i]
                    u = v + dr * width + dc
                    k = holes_around[u]
                    _take(groups[k], where, u)
                    holes_around[u] = k + 1
                    where[u] = len(groups[k + 1])
                    groups[k + 1].append(u)
    return exists


def _take(group: list[int], where: list[int], v: int) -> None:
    """Remove ``v`` from ``group`` in O(1) by moving the last member into its slot."""
    i = where[v]
    last = group.pop()
    if last != v:
        group[i] = last
        where[last] = i


# -- steps 2 and 3: walls and mud ---------------------------------------------------------
def _spanning_tree(
    width: int, height: int, exists: bytearray, rng: random.Random
) -> tuple[list[int], bytearray]:
    """Return the existing cells and a random spanning tree over them, as flags by edge code."""
    size = width * height

    def grid_neighbours(v: int) -> list[int]:
        r, c = divmod(v, width)
        out = []
        if r > 0 and exists[v - width]:
            out.append(v - width)
        if c > 0 and exists[v - 1]:
            out.append(v - 1)
        if c < width - 1 and exists[v + 1]:
            out.append(v + 1)
        if r < height - 1 and exists[v + width]:
            out.append(v + width)
        return out

    # Random spanning tree: cells join in a random frontier order, each to a random
    # neighbour already in the tree.
    cells = [i for i in range(size) if exists[i]]
    in_tree = bytearray(size)
    queued = bytearray(size)
    is_tree_edge = bytearray(2 * size)
    root = cells[rng.randrange(len(cells))]
    in_tree[root] = queued[root] = 1
    frontier = grid_neighbours(root)
    for u in frontier:
        queued[u] = 1
    while frontier:
        i = rng.randrange(len(frontier))
        v = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        nbrs = grid_neighbours(v)
        attached = [u for u in nbrs if in_tree[u]]
        u = attached[rng.randrange(len(attached))]
        is_tree_edge[_edge_code(u, v, width)] = 1
        in_tree[v] = 1
        for u in nbrs:
            if not queued[u]:
                queued[u] = 1
                frontier.append(u)
    return cells, is_tree_edge


def _walls_and_mud(
    width: int,
    height: int,
    exists: bytearray,
    rng: random.Random,
    wall_percentage: float,
    mud_percentage: float,
    mud_range: tuple[int, int],
) -> tuple[list[int], list[int]]:
    """Return ``(east, south)`` weight lists. Edges are coded ``2*cell`` (east), ``+1`` (south)."""
    size = width * height
    cells, is_tree_edge = _spanning_tree(width, height, exists, rng)
    tree: list[int] = []
    extra: list[int] = []
    for v in cells:
        c = v % width
        if c < width - 1 and exists[v + 1]:
            (tree if is_tree_edge[2 * v] else extra).append(2 * v)
        if v + width < size and exists[v + width]:
            (tree if is_tree_edge[2 * v + 1] else extra).append(2 * v + 1)

    nb_walls = int(len(extra) * wall_percentage / 100)
    rng.shuffle(extra)
    kept = tree + extra[nb_walls:]
    kept.sort()
    nb_mud = int(len(kept) * mud_percentage / 100)
    rng.shuffle(kept)
    lo, hi = mud_range
    east = [0] * size
    south = [0] * size
    for j, code in enumerate(kept):
        weight = rng.randint(lo, hi) if j < nb_mud else 1
        if code & 1:
            south[code >> 1] = weight
        else:
            east[code >> 1] = weight
    return east, south


def _edge_code(u: int, v: int, width: int) -> int:
    a, b = (u, v) if u < v else (v, u)
    return 2 * a + 1 if b - a == width else 2 * a  # south if vertical, else east
