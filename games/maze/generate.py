"""Random mazes as PyRat generates them: ``generate_maze``, the same as ``Maze.generate``.

The algorithm itself (cells, walls, mud, cheese, and why it is fast on 1000x1000 grids) is
in ``games.maze.carve``, below ``model``; this module sits above it and returns a ``Maze``.
"""

from __future__ import annotations

from games.maze.carve import ALGORITHMS, Algorithm
from games.maze.model import Maze

__all__ = ["ALGORITHMS", "Algorithm", "generate_maze"]

generate_maze = Maze.generate
"""``Maze.generate`` under its PyRat name: a random connected maze (documented there)."""
