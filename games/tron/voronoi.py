"""Voronoi territory by bit-parallel breadth-first search: who reaches which cell first.

Both heads flood the free cells layer by layer at once; a cell belongs to the player whose
layer reaches it strictly first (ties belong to nobody). A layer is a handful
of big-int operations on whole cell sets: each direction's step is one shift of the frontier
bitmask (``steps`` of a ``Grid`` differ from the cell number by a constant per direction),
masked by the cells that have that neighbour, so nothing wraps around a row end.

On squares a plain flood is exact (turning back leads into one's own trail). On hex the reach
respects the turning constraint: a player keeps one frontier per facing, and a facing ``o``
steps in the five directions ``o-2 .. o+2``, never back. ``race`` handles a turn in progress
(player 0 has picked, ``pending``): player 0 stands on its new cell, player 1 one step behind
in time, so player 1 expands one layer alone first.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from games.tron.grid import Grid
from games.tron.state import TronState
from treesearch.errors import InvalidArgumentError

__all__ = [
    "Race",
    "check_position",
    "distance_to",
    "fill_bound",
    "fill_estimate",
    "pending_head",
    "race",
    "race_bitboards",
    "race_counts",
    "race_from",
    "separated",
    "territory",
    "territory_owner",
]


class Race(NamedTuple):
    """The outcome of one flood from both heads (cell sets as bitmasks).

    Attributes:
        owned: Per player, the free cells it reaches strictly first.
        reach: Per player, the free cells it reaches at all.
        starts: Per player, its head cell after the pending move (its start of the flood).
    """

    owned: tuple[int, int]
    reach: tuple[int, int]
    starts: tuple[int, int]


class _Tables(NamedTuple):
    """A grid's per-direction shifts and the colour classes for the parity bound."""

    moves: tuple[tuple[int, int], ...]  # (mask of cells with that neighbour, cell offset)
    colours: tuple[int, int]  # cells with (row + col) even, odd


@functools.lru_cache(maxsize=64)
def _tables(grid: Grid) -> _Tables:
    moves = []
    for d in range(grid.directions):
        mask, offset = 0, None
        for cell, row in enumerate(grid.steps):
            target = row[d]
            if target < 0:
                continue
            if offset is None:
                offset = target - cell
            elif target - cell != offset:
                raise InvalidArgumentError(
                    f"direction {d} of {grid!r} steps from cell {cell} to {target}, not by "
                    f"{offset} like the others: the flood needs regular steps"
                )
            mask |= 1 << cell
        moves.append((mask, offset or 0))
    even = 0
    for cell in range(grid.cells):
        r, c = divmod(cell, grid.width)
        if (r + c) % 2 == 0:
            even |= 1 << cell
    full = (1 << grid.cells) - 1
    return _Tables(tuple(moves), (even, full & ~even))


def _layer_square(moves: tuple[tuple[int, int], ...], front: int, free: int, seen: int) -> int:
    out = 0
    for mask, offset in moves:
        x = front & mask
        out |= x << offset if offset > 0 else x >> -offset
    return out & free & ~seen


Fronts = tuple[int, int, int, int, int, int]
Pair = tuple[int, int]
"""One value per player: the heads' cells, or their facings."""


def _layer_hex(
    moves: tuple[tuple[int, int], ...], fronts: Fronts, avail: list[int]
) -> tuple[Fronts, int]:
    """One hex layer: the new frontier per facing, and every cell it stands on.

    Facing ``o`` is entered from every facing but its reverse ``o+3``: each of the six
    unions of five frontiers comes from a prefix and a suffix union (14 ors, not 24).
    ``avail[o]`` holds the free cells not yet reached facing ``o``; the layer consumes them.
    """
    f0, f1, f2, f3, f4, f5 = fronts
    p1 = f0 | f1
    p2 = p1 | f2
    p3 = p2 | f3
    s4 = f4 | f5
    s3 = f3 | s4
    s2 = f2 | s3
    (m0, o0), (m1, o1), (m2, o2), (m3, o3), (m4, o4), (m5, o5) = moves
    # the five frontiers that may step in direction o: all but facing o + 3
    x0, x1, x2, x3, x4, x5 = (
        (p2 | s4) & m0,
        (p3 | f5) & m1,
        (p3 | f4) & m2,
        (f1 | s2) & m3,
        (f0 | s2) & m4,
        (p1 | s3) & m5,
    )
    a0, a1, a2, a3, a4, a5 = avail
    x0 = (x0 << o0 if o0 > 0 else x0 >> -o0) & a0
    x1 = (x1 << o1 if o1 > 0 else x1 >> -o1) & a1
    x2 = (x2 << o2 if o2 > 0 else x2 >> -o2) & a2
    x3 = (x3 << o3 if o3 > 0 else x3 >> -o3) & a3
    x4 = (x4 << o4 if o4 > 0 else x4 >> -o4) & a4
    x5 = (x5 << o5 if o5 > 0 else x5 >> -o5) & a5
    avail[:] = (a0 ^ x0, a1 ^ x1, a2 ^ x2, a3 ^ x3, a4 ^ x4, a5 ^ x5)
    return (x0, x1, x2, x3, x4, x5), x0 | x1 | x2 | x3 | x4 | x5


def pending_head(state: TronState) -> tuple[int, int]:
    """Player 0's cell and facing after its pending move (``-1`` cell: off the rectangle)."""
    move = state.pending
    if move is None:
        return state.heads[0], state.orientations[0]
    facing = (state.orientations[0] + move) % 6 if state.grid.hex else move
    return state.grid.steps[state.heads[0]][facing], facing


def race_from(grid: Grid, walls: int, heads: Pair, facings: Pair, lead: int = 0) -> Race:
    """Flood from two heads over the cells not in ``walls``; player 1 expands ``lead`` layers first.

    ``heads`` are cells (not counted as territory); on hex ``facings`` are the heads'
    orientations (ignored on squares). ``walls`` must hold both heads. With numba the flood
    is compiled (``games.tron.flood``), with the same result.
    """
    from games.tron import flood  # here, not at the top: numba loads at the first race

    if flood.COMPILED:
        cells = grid.cells
        if not (0 <= heads[0] < cells and 0 <= heads[1] < cells) or (
            grid.hex and not (0 <= facings[0] < 6 and 0 <= facings[1] < 6)
        ):  # the compiled flood reads its tables unchecked
            raise InvalidArgumentError(
                f"heads {heads!r} must be cells of {grid!r} and hex facings in 0..5, "
                f"got facings {facings!r}"
            )
        own0, own1, reach0, reach1 = flood.race_bits(grid, walls, heads, facings, lead)
        return Race((own0, own1), (reach0, reach1), heads)
    return race_bitboards(grid, walls, heads, facings, lead)


def race_bitboards(grid: Grid, walls: int, heads: Pair, facings: Pair, lead: int = 0) -> Race:
    """``race_from`` by big-int bitboards, the plain-Python flood (and the compiled one's check)."""
    tables = _tables(grid)
    moves = tables.moves
    free = grid.playable() & ~walls
    own_a = own_b = 0
    if not grid.hex:
        front_a, front_b = 1 << heads[0], 1 << heads[1]
        seen_a, seen_b = front_a, front_b
        for _ in range(lead):
            front_b = _layer_square(moves, front_b, free, seen_b)
            seen_b |= front_b
            own_b |= front_b
        while front_a or front_b:
            new_a = _layer_square(moves, front_a, free, seen_a) if front_a else 0
            new_b = _layer_square(moves, front_b, free, seen_b) if front_b else 0
            own_a |= new_a & ~seen_b & ~new_b
            own_b |= new_b & ~seen_a & ~new_a
            seen_a |= new_a
            seen_b |= new_b
            front_a, front_b = new_a, new_b
        return Race((own_a, own_b), (seen_a & free, seen_b & free), heads)
    start_a, start_b = [0] * 6, [0] * 6
    start_a[facings[0]] = 1 << heads[0]
    start_b[facings[1]] = 1 << heads[1]
    fronts_a: Fronts = tuple(start_a)  # type: ignore[assignment]
    fronts_b: Fronts = tuple(start_b)  # type: ignore[assignment]
    avail_a, avail_b = [free] * 6, [free] * 6
    cells_a, cells_b = 1 << heads[0], 1 << heads[1]
    for _ in range(lead):
        fronts_b, new_b = _layer_hex(moves, fronts_b, avail_b)
        own_b |= new_b & ~cells_b
        cells_b |= new_b
    live_a = live_b = True
    while live_a or live_b:
        new_a = new_b = 0
        if live_a:
            fronts_a, new_a = _layer_hex(moves, fronts_a, avail_a)
            live_a = bool(new_a)
            new_a &= ~cells_a
        if live_b:
            fronts_b, new_b = _layer_hex(moves, fronts_b, avail_b)
            live_b = bool(new_b)
            new_b &= ~cells_b
        own_a |= new_a & ~cells_b & ~new_b
        own_b |= new_b & ~cells_a & ~new_a
        cells_a |= new_a
        cells_b |= new_b
    return Race((own_a, own_b), (cells_a & free, cells_b & free), heads)


def race(state: TronState) -> Race:
    """The Voronoi race of a position; with a pending move, from player 0's new cell.

    At a pending state player 0 has stepped and player 1 has not, so player 1 floods one
    layer alone first (the two are then level in time), and player 0's new cell counts as
    its own (it took it this turn, like player 1's first layer). A pending move that
    crashes leaves player 0 where it was, with no territory.
    """
    grid = state.grid
    walls = state.walls
    heads, facings = state.heads, state.orientations
    if state.pending is None:
        return race_from(grid, walls, heads, facings)
    cell, facing = pending_head(state)
    if cell < 0 or walls >> cell & 1:
        r = race_from(grid, walls, heads, facings)
        return Race((0, r.owned[1] | r.owned[0]), (0, r.reach[1]), heads)
    r = race_from(grid, walls | 1 << cell, (cell, heads[1]), (facing, facings[1]), lead=1)
    return Race((r.owned[0] | 1 << cell, r.owned[1]), r.reach, r.starts)


def race_counts(state: TronState) -> tuple[bool, int, int, int, int]:
    """``(met, owned0, owned1, fill0, fill1)`` of ``race(state)``, counts only.

    ``met``: some free cell is reachable by both; ``fill`` is ``fill_bound`` of each player's
    reach from its start (no pending step credited). Compiled with numba, without building
    the cell sets; else counted from ``race``.
    """
    from games.tron import flood  # here, not at the top: numba loads at the first race

    if not flood.COMPILED:
        grid = state.grid
        r = race(state)
        reach0, reach1 = r.reach
        own0, own1 = r.owned
        return (
            bool(reach0 & reach1),
            own0.bit_count(),
            own1.bit_count(),
            fill_bound(grid, reach0, r.starts[0]) if reach0 else 0,
            fill_bound(grid, reach1, r.starts[1]) if reach1 else 0,
        )
    grid, walls = state.grid, state.walls
    heads, facings = state.heads, state.orientations
    if state.pending is None:
        both, own0, own1, fill0, fill1 = flood.race_counts(grid, walls, heads, facings)
        return both > 0, own0, own1, fill0, fill1
    cell, facing = pending_head(state)
    if cell < 0 or walls >> cell & 1:
        _, own0, own1, _, fill1 = flood.race_counts(grid, walls, heads, facings)
        return False, 0, own0 + own1, 0, fill1
    both, own0, own1, fill0, fill1 = flood.race_counts(
        grid, walls | 1 << cell, (cell, heads[1]), (facing, facings[1]), lead=1
    )
    return both > 0, own0 + 1, own1, fill0, fill1


def check_position(state: object, player: object = 0) -> None:
    """Refuse what is not a ``TronState``, or a player other than 0 and 1, naming it.

    Raises:
        InvalidArgumentError: the bad state or player.
    """
    if not isinstance(state, TronState):
        raise InvalidArgumentError(f"state must be a games.tron.TronState, got {state!r}")
    if player not in (0, 1) or isinstance(player, bool):
        raise InvalidArgumentError(f"player must be 0 or 1, got {player!r}")


def territory(state: TronState, player: int = 0) -> int:
    """Cells ``player`` reaches strictly first minus the cells its opponent does."""
    check_position(state, player)
    owned = race(state).owned
    return owned[player].bit_count() - owned[1 - player].bit_count()


def territory_owner(state: TronState) -> list[int]:
    """Per cell, 0 or 1 for the player who reaches it strictly first, else -1.

    The shape ``TronRenderer(territory=...)`` takes to tint the board.
    """
    check_position(state)
    own_a, own_b = race(state).owned
    return [
        0 if own_a >> cell & 1 else 1 if own_b >> cell & 1 else -1
        for cell in range(state.grid.cells)
    ]


def separated(state: TronState) -> bool:
    """True when no free cell is reachable by both players (each fills its own space)."""
    check_position(state)
    reach = race(state).reach
    return not reach[0] & reach[1]


def fill_estimate(grid: Grid, reach: int, head: int) -> int:
    """An upper bound on the moves a player can still make in its reachable cells ``reach``.

    On squares the parity bound: a path alternates colours, so with ``a``
    cells of the head's colour and ``b`` of the other it is at most ``2*min(a, b)``, plus
    one when ``b > a``. Hex cells form triangles (no colouring), so there it is the count.
    """
    if not isinstance(grid, Grid):
        raise InvalidArgumentError(f"grid must be a games.tron.Grid, got {grid!r}")
    return fill_bound(grid, reach, head)


def fill_bound(grid: Grid, reach: int, head: int) -> int:
    """``fill_estimate`` without its check, for evaluations (one call per leaf)."""
    if grid.hex:
        return reach.bit_count()
    colours = _tables(grid).colours
    row, col = divmod(head, grid.width)
    same = colours[(row + col) % 2]
    a = (reach & same).bit_count()
    b = (reach & ~same).bit_count()
    return 2 * min(a, b) + (1 if b > a else 0)


def distance_to(grid: Grid, walls: int, head: int, facing: int, target: int) -> int | None:
    """Moves from ``head`` (facing ``facing`` on hex) to ``target`` over free cells, or None.

    ``walls`` holds the head; ``target`` counts as reached when a move enters it.
    """
    moves = _tables(grid).moves
    free = grid.playable() & ~walls
    goal = 1 << target
    if not free & goal:
        return None
    steps = 0
    if not grid.hex:
        front = seen = 1 << head
        while front:
            steps += 1
            front = _layer_square(moves, front, free, seen)
            if front & goal:
                return steps
            seen |= front
        return None
    start = [0] * 6
    start[facing] = 1 << head
    fronts: Fronts = tuple(start)  # type: ignore[assignment]
    avail = [free] * 6
    cells = 1
    while cells:
        steps += 1
        fronts, cells = _layer_hex(moves, fronts, avail)
        if cells & goal:
            return steps
    return None
