"""The Voronoi race over arrays: one breadth-first search per head, compiled when numba is there.

This is the flood of the race (``_sides`` floods both heads at once, for the deep search's
leaves, which need only the owners and whether the players touch). With numba installed
(``games._compile``; ``TREESEARCH_ENGINE=python`` turns it off) its functions are compiled;
without, the same functions run as plain Python over tuples, lists and bytes (which plain
Python indexes far faster than numpy arrays), with the same results. A grid's neighbour table
``steps[cell][direction]`` (-1 off the rectangle) and its playable cells are built once per
grid (``arrays``), the walls come in as the little-endian bytes of their bitmask, and each head
runs a breadth-first search that records the layer in which it first reaches each cell.

The search is over cells on both grids. On hex a cycle never turns straight back, which
matters only at the head: any other cell's way back leads to the cell the flood first reached
it from, reached a layer earlier, so a search over (cell, facing) states finds the same
layers. Player 1 expands ``lead`` layers first, so a cell is player 0's when its layer plus
``lead`` is strictly below player 1's (or player 1 never reaches it), player 1's when strictly
above, and nobody's on a tie.

``race_bits`` gives back the cell sets as bitmasks (for ``voronoi.Race``); ``race_counts``
gives only the counts an evaluation needs, without building any big int; ``distance`` the
moves from a head to one cell.
"""

from __future__ import annotations

import functools
from types import FunctionType
from typing import Any, NamedTuple

import numpy as np

from games._compile import jit
from games.tron.grid import Grid

__all__ = [
    "BIT_WORDS",
    "COMPILED",
    "BitTables",
    "GridArrays",
    "arrays",
    "bit_tables",
    "distance",
    "fill",
    "race_bits",
    "race_counts",
]

Array = Any  # a numpy array compiled; a tuple, list or bytes in plain Python


class GridArrays(NamedTuple):
    """A grid as the race reads it: numpy arrays compiled, tuples in plain Python."""

    steps: Array  # [cells][directions]: the neighbour, -1 off the rectangle
    playable: Array  # [cells]: 1 where a cycle may ever stand
    colours: Array  # [cells]: (row + col) % 2, the colour of the parity bound
    nbytes: int  # bytes of a cell bitmask (one bit a cell, little-endian)


@functools.lru_cache(maxsize=64)
def arrays(grid: Grid) -> GridArrays:
    """``grid``'s neighbour table and playable cells (built once per grid)."""
    playable = tuple(0 if grid.blocked >> cell & 1 else 1 for cell in range(grid.cells))
    colours = tuple(sum(divmod(cell, grid.width)) % 2 for cell in range(grid.cells))
    nbytes = (grid.cells + 7) // 8
    if not COMPILED:
        return GridArrays(grid.steps, playable, colours, nbytes)
    steps = np.array(grid.steps, dtype=np.int32).reshape(grid.cells, grid.directions)
    as_bytes = np.array(playable, dtype=np.uint8), np.array(colours, dtype=np.uint8)
    return GridArrays(steps, *as_bytes, nbytes)


@jit
def _int_array(size: int, value: int) -> Array:
    """``size`` ints set to ``value``: an int32 array compiled (a list in plain Python)."""
    return np.full(size, value, np.int32)


@jit
def _int_rows(rows: int, size: int) -> Array:
    """``rows`` rows of ``size`` zero ints: a 2-d int32 array compiled (lists in plain Python)."""
    return np.zeros((rows, size), np.int32)


@jit
def _byte_array(size: int) -> Array:
    """``size`` zero bytes: a uint8 array compiled (a bytearray in plain Python)."""
    return np.zeros(size, np.uint8)


COMPILED = not isinstance(_int_array, FunctionType)
"""True when the race runs compiled (numba), False when it runs as plain Python.

Read from ``jit`` itself, which ``games._compile.ENGINE`` chose when it was imported."""

if not COMPILED:  # storage plain Python indexes fast; the race below is the same code

    def _int_array(size: int, value: int) -> Array:
        return [value] * size

    def _int_rows(rows: int, size: int) -> Array:
        return [[0] * size for _ in range(rows)]

    def _byte_array(size: int) -> Array:
        return bytearray(size)


_NONE: Array = np.zeros(0, np.uint8) if COMPILED else bytearray()
"""No bitmasks: what ``race_counts`` hands ``_race`` (built once, not at every call)."""

OPEN, CLOSED = -1, -2
"""Marks of the cells before a flood: ``OPEN`` may be entered, ``CLOSED`` may not (a wall)."""


@jit
def _open(playable: Array, walls: Array) -> Array:
    """``OPEN`` for the playable cells whose bit is not set in the wall bytes, else ``CLOSED``.

    One more entry, ``CLOSED``, at the end: index -1 reads it, so a step off the rectangle
    (-1) lands on a cell that is never entered, with no test of its own.
    """
    return _mark_open(playable, walls, _int_array(len(playable) + 1, CLOSED))


@jit
def _mark_open(playable: Array, walls: Array, marks: Array) -> Array:
    """``_open``'s marks written into ``marks`` (one int a cell and one more); ``marks``."""
    for c in range(len(playable)):
        marks[c] = OPEN if playable[c] and not (walls[c >> 3] >> (c & 7)) & 1 else CLOSED
    marks[len(playable)] = CLOSED
    return marks


@jit
def _flood(steps: Array, marks: Array, head: int, facing: int, hexgrid: bool) -> Array:
    """Per cell, the layer in which the flood from ``head`` first reaches it (< 0: never).

    ``marks`` is ``_open``'s; the result starts as a copy of it, so a cell never reached
    keeps ``OPEN`` or ``CLOSED`` and one look tells a cell still to enter.
    """
    dist = marks.copy()
    dist[head] = CLOSED  # never entered again, walls or not
    # on hex the head's first step is never straight back; every later cell's way back leads
    # where the flood has been already, so the facings need no other state
    back = steps[head][(facing + 3) % 6] if hexgrid else -1
    queue = _int_array(len(steps) + 1, 0)
    queue[0] = head
    start, tail, layer = 0, 1, 0
    while start < tail:
        end = tail
        layer += 1
        for i in range(start, end):
            cell = queue[i]
            for target in steps[cell]:
                if dist[target] != OPEN or (target == back and cell == head):
                    continue
                dist[target] = layer
                queue[tail] = target
                tail += 1
        start = end
    return dist


@jit
def _layers(
    steps: Array, marks: Array, heads: tuple[int, int], facings: tuple[int, int], hexgrid: bool
) -> tuple[Array, Array]:
    """``_flood``'s layers from each head over the same ``_open`` marks: what the race reads."""
    return (
        _flood(steps, marks, heads[0], facings[0], hexgrid),
        _flood(steps, marks, heads[1], facings[1], hexgrid),
    )


@jit
def fill(reach: int, same: int, hexgrid: bool) -> int:
    """The most moves left in ``reach`` cells, ``same`` of them the head's colour.

    On squares the parity bound: a path alternates colours, so with ``a`` cells of the head's
    colour and ``b`` of the other it is at most ``2*min(a, b)``, plus one when ``b > a``. Hex
    cells form triangles (no colouring), so there it is the count.
    """
    if hexgrid:
        return reach
    other = reach - same
    return 2 * min(same, other) + (1 if other > same else 0)


@jit
def _race(
    steps: Array,
    playable: Array,
    colours: Array,
    walls: Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    lead: int,
    hexgrid: bool,
    bits: Array,
) -> tuple[int, int, int, int, int]:
    """The race's counts ``(both, owned0, owned1, fill0, fill1)``; its cell sets into ``bits``.

    ``bits`` (zeros, four bitmasks' length, or empty for none) gets ``owned0, owned1, reach0,
    reach1`` as little-endian bitmasks, one after the other.
    """
    dist_a, dist_b = _layers(steps, _open(playable, walls), heads, facings, hexgrid)
    nbytes = len(bits) // 4
    colour_a, colour_b = colours[heads[0]], colours[heads[1]]
    both = own_a = own_b = reach_a = reach_b = same_a = same_b = 0
    for c in range(len(steps)):
        da, db = dist_a[c], dist_b[c]
        if da < 0 and db < 0:
            continue
        colour = colours[c]
        byte, bit = c >> 3, 1 << (c & 7)
        if da >= 0:
            reach_a += 1
            if colour == colour_a:
                same_a += 1
            if db < 0 or da + lead < db:
                own_a += 1
                if nbytes:
                    bits[byte] |= bit
            if nbytes:
                bits[2 * nbytes + byte] |= bit
        if db >= 0:
            reach_b += 1
            if colour == colour_b:
                same_b += 1
            if da < 0 or db < da + lead:
                own_b += 1
                if nbytes:
                    bits[nbytes + byte] |= bit
            if da >= 0:
                both += 1
            if nbytes:
                bits[3 * nbytes + byte] |= bit
    return both, own_a, own_b, fill(reach_a, same_a, hexgrid), fill(reach_b, same_b, hexgrid)


FIRST, SECOND, TIED = 1, 2, 3
"""Labels of ``_sides`` (0: not reached): reached first by player 0 or 1, reached by both in
the same layer."""


@jit
def _sides(
    steps: Array,
    playable: Array,
    colours: Array,
    walls: Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    hexgrid: bool,
    full: bool,
    marks: Array,
    queue: Array,
) -> tuple[bool, int, int, int, int]:
    """``_race``'s counts with ``lead`` 0, as a search's leaf needs them, in one joint flood.

    Returns ``(touching, owned0, owned1, fill0, fill1)``: ``touching`` is ``_race``'s
    ``both > 0`` (some free cell is reachable by both heads); the fills are ``_race``'s only
    when the players are separated (each then reaches what it owns), else 0. Without ``full``
    the flood stops once the players touch, with only that known (the counts are then 0).

    Both heads flood at once, layer by layer: a cell takes the label of the side that reaches
    it first, ``TIED`` when both reach it in the same layer, and no flood enters the other's
    cells. That finds ``_race``'s owners (a side's shortest way into the other's cells is never
    shorter than the other's) at about half the work of its two floods, and the players touch
    exactly when a flood meets a cell of another label. ``marks`` (all 0, one int a cell and
    one more) and ``queue`` (one int a cell) are the caller's, reused: ``marks`` is left all 0.
    """
    tail = 0
    touching = False
    for side in range(2):  # layer 1: each head's free steps, never straight back on hex
        head = heads[side]
        back = steps[head][(facings[side] + 3) % 6] if hexgrid else -1
        for cell in steps[head]:
            if (
                cell < 0
                or cell == back
                or not playable[cell]
                or (walls[cell >> 3] >> (cell & 7)) & 1
            ):
                continue
            mark = marks[cell]
            if mark == 0:
                marks[cell] = 4 + FIRST + side
                queue[tail] = cell
                tail += 1
            elif mark & 3 != FIRST + side:  # the other head's step too: reached by both at once
                marks[cell] = 4 + TIED
                touching = True
    start, layer = 0, 1
    while start < tail and (full or not touching):
        end = tail
        for i in range(start, end):
            cell = queue[i]
            label = marks[cell] & 3
            for target in steps[cell]:
                if target < 0 or not playable[target] or (walls[target >> 3] >> (target & 7)) & 1:
                    continue
                mark = marks[target]
                if mark == 0:
                    marks[target] = 4 * (layer + 1) + label
                    queue[tail] = target
                    tail += 1
                elif mark & 3 != label or label == TIED:
                    touching = True
                    if mark >> 2 == layer + 1:  # both reach it first in this layer
                        marks[target] = 4 * (layer + 1) + TIED
        start, layer = end, layer + 1
    own0, own1, same0, same1 = _tally(queue, tail, marks, colours, heads)
    if not full and touching:
        return True, 0, 0, 0, 0
    if touching:
        return True, own0, own1, 0, 0
    return False, own0, own1, fill(own0, same0, hexgrid), fill(own1, same1, hexgrid)


@jit
def _tally(
    queue: Array, tail: int, marks: Array, colours: Array, heads: tuple[int, int]
) -> tuple[int, int, int, int]:
    """``_sides``' cells of each side and of its head's colour; the marks cleared on the way."""
    own0 = own1 = same0 = same1 = 0
    colour0, colour1 = colours[heads[0]], colours[heads[1]]
    for i in range(tail):
        cell = queue[i]
        label = marks[cell] & 3
        marks[cell] = 0
        if label == FIRST:
            own0 += 1
            if colours[cell] == colour0:
                same0 += 1
        elif label == SECOND:
            own1 += 1
            if colours[cell] == colour1:
                same1 += 1
    return own0, own1, same0, same1


BIT_WORDS = 3
"""Words of 64 cells in ``_sides_bits``'s bitboards: boards of at most 192 cells (the contest's
hexagon has 169); larger boards use ``_sides``."""
U64 = np.uint64
BitTables = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""``bit_tables``' offsets, source words, playable words and colour words."""


def bit_tables(grid: Grid) -> BitTables:
    """``grid`` as ``_sides_bits`` reads it, or no offsets (empty arrays) where it cannot.

    Per direction the step's offset and the cells with a neighbour that way, then the playable
    cells and the cells of colour 1, as 64-bit words. Bitboards do not fit over ``BIT_WORDS``
    words or with a step of 64 cells or more, and are not used in plain Python, where a word
    would be a numpy scalar, far slower than ``_sides``.
    """
    if COMPILED and grid.cells <= 64 * BIT_WORDS:
        found = _bit_tables(grid)
        if found is not None:
            return found
    words = np.zeros(BIT_WORDS, np.uint64)
    return np.zeros(0, np.int64), np.zeros((0, BIT_WORDS), np.uint64), words, words


@functools.lru_cache(maxsize=64)
def _bit_tables(grid: Grid) -> BitTables | None:
    """``bit_tables`` of a board of at most 192 cells; None when a step's offset varies."""
    offsets = np.zeros(grid.directions, np.int64)
    sources = np.zeros((grid.directions, BIT_WORDS), np.uint64)
    words = np.zeros((2, BIT_WORDS), np.uint64)
    for d in range(grid.directions):
        found = {grid.steps[c][d] - c for c in range(grid.cells) if grid.steps[c][d] >= 0}
        if len(found) != 1 or not 0 < abs(next(iter(found))) < 64:
            return None
        offsets[d] = found.pop()
    for c in range(grid.cells):
        bit = U64(1) << U64(c & 63)
        for d in range(grid.directions):
            if grid.steps[c][d] >= 0:
                sources[d, c >> 6] |= bit
        if not grid.blocked >> c & 1:
            words[0, c >> 6] |= bit
        if sum(divmod(c, grid.width)) % 2:
            words[1, c >> 6] |= bit
    return offsets, sources, words[0], words[1]


@jit
def _popcount(x: Any) -> int:
    """The set bits of the 64-bit word ``x``."""
    x = x - ((x >> U64(1)) & U64(0x5555555555555555))
    x = (x & U64(0x3333333333333333)) + ((x >> U64(2)) & U64(0x3333333333333333))
    x = (x + (x >> U64(4))) & U64(0x0F0F0F0F0F0F0F0F)
    return int((x * U64(0x0101010101010101)) >> U64(56))


@jit
def _grow(w0: Any, w1: Any, w2: Any, offsets: Array, sources: Array) -> tuple[Any, Any, Any]:
    """The cells one step from the cells of ``w0, w1, w2`` (a three-word bitboard)."""
    o0 = o1 = o2 = U64(0)
    for d in range(len(offsets)):
        s0, s1, s2 = w0 & sources[d, 0], w1 & sources[d, 1], w2 & sources[d, 2]
        k = offsets[d]
        if k > 0:
            r, back = U64(k), U64(64 - k)
            o0 |= s0 << r
            o1 |= (s1 << r) | (s0 >> back)
            o2 |= (s2 << r) | (s1 >> back)
        else:
            r, back = U64(-k), U64(64 + k)
            o0 |= (s0 >> r) | (s1 << back)
            o1 |= (s1 >> r) | (s2 << back)
            o2 |= s2 >> r
    return o0, o1, o2


@jit
def _first_steps(steps: Array, head: int, facing: int, hexgrid: bool) -> tuple[Any, Any, Any]:
    """The cells a head may step into, walls or not (never straight back on hex), as words."""
    back = steps[head][(facing + 3) % 6] if hexgrid else -1
    w0 = w1 = w2 = U64(0)
    for cell in steps[head]:
        if cell < 0 or cell == back:
            continue
        bit = U64(1) << U64(cell & 63)
        if cell < 64:
            w0 |= bit
        elif cell < 128:
            w1 |= bit
        else:
            w2 |= bit
    return w0, w1, w2


@jit
def _sides_bits(
    steps: Array,
    walls: Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    hexgrid: bool,
    full: bool,
    tables: BitTables,
) -> tuple[bool, int, int, int, int]:
    """``_sides`` over bitboards (``bit_tables``): each layer of the joint flood at once.

    The same labels layer by layer, each side's cells, the cells tied, and the free cells as
    three 64-bit words, grown a layer by one shift per direction: two to three times faster
    than ``_sides`` on the contest's board. The same answers (checked on every position of
    the flood's tests).
    """
    offsets, sources, playable, colours = tables
    w = [U64(0), U64(0), U64(0)]
    for b in range(min(len(walls), 8 * BIT_WORDS)):
        w[b >> 3] |= U64(walls[b]) << U64(8 * (b & 7))
    f0, f1, f2 = playable[0] & ~w[0], playable[1] & ~w[1], playable[2] & ~w[2]
    a0, a1, a2 = _first_steps(steps, heads[0], facings[0], hexgrid)
    b0, b1, b2 = _first_steps(steps, heads[1], facings[1], hexgrid)
    a0, a1, a2, b0, b1, b2 = a0 & f0, a1 & f1, a2 & f2, b0 & f0, b1 & f1, b2 & f2
    t0, t1, t2 = a0 & b0, a1 & b1, a2 & b2  # a step of both heads: tied
    a0, a1, a2, b0, b1, b2 = a0 & ~t0, a1 & ~t1, a2 & ~t2, b0 & ~t0, b1 & ~t1, b2 & ~t2
    touching = (t0 | t1 | t2) != U64(0)
    oa0, oa1, oa2, ob0, ob1, ob2, ot0, ot1, ot2 = a0, a1, a2, b0, b1, b2, t0, t1, t2
    f0, f1, f2 = f0 & ~(a0 | b0 | t0), f1 & ~(a1 | b1 | t1), f2 & ~(a2 | b2 | t2)
    while full or not touching:
        ga0, ga1, ga2 = _grow(a0, a1, a2, offsets, sources)
        gb0, gb1, gb2 = _grow(b0, b1, b2, offsets, sources)
        if (
            (ga0 & (ob0 | ot0)) | (ga1 & (ob1 | ot1)) | (ga2 & (ob2 | ot2))
            | (gb0 & (oa0 | ot0)) | (gb1 & (oa1 | ot1)) | (gb2 & (oa2 | ot2))
        ):  # fmt: skip
            touching = True  # a flood meets the other side's cells
        n0 = n1 = n2 = U64(0)
        if t0 | t1 | t2:
            n0, n1, n2 = _grow(t0, t1, t2, offsets, sources)
            touching = True
        n0, n1, n2 = n0 & f0, n1 & f1, n2 & f2
        ga0, ga1, ga2, gb0, gb1, gb2 = ga0 & f0, ga1 & f1, ga2 & f2, gb0 & f0, gb1 & f1, gb2 & f2
        t0, t1, t2 = (ga0 & gb0) | n0, (ga1 & gb1) | n1, (ga2 & gb2) | n2
        a0, a1, a2 = ga0 & ~t0, ga1 & ~t1, ga2 & ~t2
        b0, b1, b2 = gb0 & ~t0, gb1 & ~t1, gb2 & ~t2
        oa0, oa1, oa2, ob0, ob1, ob2 = oa0 | a0, oa1 | a1, oa2 | a2, ob0 | b0, ob1 | b1, ob2 | b2
        ot0, ot1, ot2 = ot0 | t0, ot1 | t1, ot2 | t2
        new0, new1, new2 = a0 | b0 | t0, a1 | b1 | t1, a2 | b2 | t2
        if (new0 | new1 | new2) == U64(0):
            break
        f0, f1, f2 = f0 & ~new0, f1 & ~new1, f2 & ~new2
        touching = touching or (t0 | t1 | t2) != U64(0)
    if touching and not full:
        return True, 0, 0, 0, 0
    own0 = _popcount(oa0) + _popcount(oa1) + _popcount(oa2)
    own1 = _popcount(ob0) + _popcount(ob1) + _popcount(ob2)
    if touching:
        return True, own0, own1, 0, 0
    same0 = _same_colour(oa0, oa1, oa2, colours, heads[0])
    same1 = _same_colour(ob0, ob1, ob2, colours, heads[1])
    return False, own0, own1, fill(own0, same0, hexgrid), fill(own1, same1, hexgrid)


@jit
def _same_colour(w0: Any, w1: Any, w2: Any, colours: Array, head: int) -> int:
    """The cells of the three-word bitboard ``w0, w1, w2`` of ``head``'s colour."""
    c0, c1, c2 = colours[0], colours[1], colours[2]
    if not (colours[head >> 6] >> U64(head & 63)) & U64(1):
        c0, c1, c2 = ~c0, ~c1, ~c2
    return _popcount(w0 & c0) + _popcount(w1 & c1) + _popcount(w2 & c2)


@jit
def _distance(
    steps: Array, playable: Array, walls: Array, head: int, facing: int, hexgrid: bool, goal: int
) -> int:
    marks = _open(playable, walls)
    if marks[goal] != OPEN:
        return -1
    return max(int(_flood(steps, marks, head, facing, hexgrid)[goal]), -1)


def _wall_bytes(grid: GridArrays, walls: int) -> Array:
    """``walls`` as little-endian bytes: a writable uint8 array compiled (a ``bytes`` plain).

    Writable, as ``games.tron.deep``'s copy is, so that every caller shares one compiled
    version of each kernel.
    """
    size = max(grid.nbytes, (walls.bit_length() + 7) // 8)
    raw = walls.to_bytes(size, "little")
    return np.frombuffer(bytearray(raw), dtype=np.uint8) if COMPILED else raw


def race_counts(
    grid: Grid, walls: int, heads: tuple[int, int], facings: tuple[int, int], lead: int = 0
) -> tuple[int, int, int, int, int]:
    """``(both, owned0, owned1, fill0, fill1)`` of ``race_bits`` with the same arguments.

    ``both`` counts the free cells both players reach (0: separated); ``fill`` is ``fill`` of
    each player's reach from its head.
    """
    g = arrays(grid)
    walls_bytes = _wall_bytes(g, walls)
    return _race(g.steps, g.playable, g.colours, walls_bytes, heads, facings, lead, grid.hex, _NONE)


def race_bits(
    grid: Grid, walls: int, heads: tuple[int, int], facings: tuple[int, int], lead: int = 0
) -> tuple[int, int, int, int]:
    """``(owned0, owned1, reach0, reach1)`` bitmasks of the flood from both heads.

    ``walls`` must hold both heads (on hex ``facings`` are theirs, ignored on squares);
    player 1 expands ``lead`` layers first. The heads are not checked: ``voronoi.race_from``
    checks them.
    """
    g = arrays(grid)
    n = g.nbytes
    walls_bytes, out = _wall_bytes(g, walls), _byte_array(4 * n)
    _race(g.steps, g.playable, g.colours, walls_bytes, heads, facings, lead, grid.hex, out)
    own_a, own_b, reach_a, reach_b = (
        int.from_bytes(out[k * n : (k + 1) * n], "little") for k in range(4)
    )
    return own_a, own_b, reach_a, reach_b


def distance(grid: Grid, walls: int, head: int, facing: int, target: int) -> int:
    """Moves from ``head`` (facing ``facing`` on hex) to the free cell ``target``, -1 if none."""
    g = arrays(grid)
    return _distance(g.steps, g.playable, _wall_bytes(g, walls), head, facing, grid.hex, target)
