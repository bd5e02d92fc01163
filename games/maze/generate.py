"""Random mazes as PyRat generates them: ``generate_maze``, the same as ``Maze.generate``.

The algorithm itself (cells, walls, mud, cheese, and why it is fast on 1000x1000 grids) is
in ``games.maze.carve``, below ``model``; this module sits above it and returns a ``Maze``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.maze.carve import ALGORITHMS, Algorithm
from games.maze.model import Maze

__all__ = ["ALGORITHMS", "Algorithm", "generate_maze"]


def generate_maze(
    width: int = 15,
    height: int = 13,
    *,
    cell_percentage: float = 80.0,
    wall_percentage: float = 60.0,
    mud_percentage: float = 20.0,
    mud_range: tuple[int, int] | None = (4, 9),
    algorithm: Algorithm = "big_holes",
    nb_cheese: int = 0,
    player_cells: Iterable[int] = (),
    seed: int | random.Random | None = None,
) -> Maze:
    """Generate a random connected maze as PyRat does (see ``games.maze.carve``).

    Args:
        width: number of columns.
        height: number of rows.
        cell_percentage: share of grid cells that exist, in [0, 100]; at least 2 cells.
        wall_percentage: share of the non-spanning-tree edges turned into walls, in [0, 100].
        mud_percentage: share of the remaining edges made muddy, in [0, 100].
        mud_range: inclusive ``(min, max)`` mud weight, ``2 <= min <= max``; may be None
            when ``mud_percentage`` is 0.
        algorithm: ``"big_holes"``, ``"uniform_holes"`` or ``"holes_on_side"``.
        nb_cheese: pieces of cheese to place, drawn after the maze (so changing it never
            changes the walls).
        player_cells: cells that must not hold cheese (players' start cells).
        seed: seed of the ``random.Random`` that drives everything (or such an object);
            None draws a fresh seed from the operating system.

    Raises:
        InvalidArgumentError: a percentage outside [0, 100], a bad ``mud_range``, an unknown
            algorithm, fewer than 2 cells, or more cheese than free cells.

    Examples:
        >>> maze = generate_maze(7, 5, nb_cheese=2, seed=3)
        >>> maze.width, maze.height, maze.is_connected(), len(maze.cheese)
        (7, 5, True, 2)
    """
    return Maze.generate(
        width,
        height,
        cell_percentage=cell_percentage,
        wall_percentage=wall_percentage,
        mud_percentage=mud_percentage,
        mud_range=mud_range,
        algorithm=algorithm,
        nb_cheese=nb_cheese,
        player_cells=player_cells,
        seed=seed,
    )
