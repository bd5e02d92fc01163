"""Voronoi territory of Tron positions: who reaches which cell first.

Both heads flood the free cells layer by layer at once; a cell belongs to the player whose
layer reaches it strictly first (ties belong to nobody). The flood itself is
``games.tron.flood`` (arrays, compiled with numba when it is installed); this module asks it
about positions and gives back cell sets as bitmasks (``Race``) or counts.

On squares a plain flood is exact (turning back leads into one's own trail). On hex the reach
respects the turning constraint: a facing ``o`` steps in the five directions ``o-2 .. o+2``,
never back. ``race`` handles a turn in progress (player 0 has picked, ``pending``): player 0
stands on its new cell, player 1 one step behind in time, so player 1 expands one layer alone
first.
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


@functools.lru_cache(maxsize=64)
def _colours(grid: Grid) -> tuple[int, int]:
    """The cells with ``(row + col)`` even, and odd, for the parity bound."""
    even = 0
    for cell in range(grid.cells):
        r, c = divmod(cell, grid.width)
        if (r + c) % 2 == 0:
            even |= 1 << cell
    return even, ((1 << grid.cells) - 1) & ~even


Pair = tuple[int, int]
"""One value per player: the heads' cells, or their facings."""


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
    orientations (ignored on squares). ``walls`` must hold both heads. The flood is
    ``games.tron.flood``'s, compiled when numba is there.

    Raises:
        InvalidArgumentError: a head off the grid, or a hex facing outside 0..5.
    """
    from games.tron import flood  # here, not at the top: numba loads at the first race

    _check_heads(grid, heads, facings)
    own0, own1, reach0, reach1 = flood.race_bits(grid, walls, heads, facings, lead)
    return Race((own0, own1), (reach0, reach1), heads)


def _check_heads(grid: Grid, heads: Pair, facings: Pair) -> None:
    """Refuse heads off ``grid`` and hex facings outside 0..5 (the flood reads them unchecked)."""
    cells = grid.cells
    if not (0 <= heads[0] < cells and 0 <= heads[1] < cells) or (
        grid.hex and not (0 <= facings[0] < 6 and 0 <= facings[1] < 6)
    ):
        raise InvalidArgumentError(
            f"heads {heads!r} must be cells of {grid!r} and hex facings in 0..5, "
            f"got facings {facings!r}"
        )


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
    reach from its start (no pending step credited). Counted by the flood, without building
    the cell sets.
    """
    from games.tron import flood  # here, not at the top: numba loads at the first race

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
    from games.tron import flood  # here, not at the top: numba loads at the first race

    row, col = divmod(head, grid.width)
    same = _colours(grid)[(row + col) % 2]
    return flood.fill(reach.bit_count(), (reach & same).bit_count(), grid.hex)


def distance_to(grid: Grid, walls: int, head: int, facing: int, target: int) -> int | None:
    """Moves from ``head`` (facing ``facing`` on hex) to ``target`` over free cells, or None.

    ``walls`` holds the head; ``target`` counts as reached when a move enters it.

    Raises:
        InvalidArgumentError: the head off the grid, or a hex facing outside 0..5.
    """
    from games.tron import flood  # here, not at the top: numba loads at the first race

    _check_heads(grid, (head, head), (facing, facing))
    if not 0 <= target < grid.cells:
        return None
    steps = flood.distance(grid, walls, head, facing, target)
    return None if steps < 0 else steps
