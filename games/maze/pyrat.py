"""PyRat interop: a maze of the ``pyrat-game`` package as a ``Maze``, our routes as its actions.

PyRat (the IMT Atlantique course's game) is optional: ``maze_from_pyrat`` also takes its plain
``{cell: {neighbour: weight}}`` dict without it, and only ``pyrat_actions`` imports it, naming
the ``pip install`` when it is missing. Routes are cell numbers or maze states (``MazeCell``,
``TourState``, ``DrillState``), e.g. a ``SearchResult.path``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.maze.cheese import locations_to_actions
from games.maze.explore import cell_of_state
from games.maze.model import Maze
from treesearch.errors import InvalidArgumentError

__all__ = ["PYRAT_HINT", "maze_from_pyrat", "pyrat_actions"]

PYRAT_HINT = "PyRat's actions need the pyrat-game package: pip install pyrat-game"


def maze_from_pyrat(maze: Any, *, cheese: Iterable[int] = ()) -> Maze:
    """The ``Maze`` of a PyRat maze object (any ``pyrat.Maze``) or of its ``as_dict()``.

    A maze object gives its own width and height; a bare dict's width is inferred as PyRat
    does (``Maze.from_graph``), so prefer the object when the last row or column has holes.

    Raises:
        InvalidArgumentError: ``maze`` is neither, or its graph is not a grid maze.
    """
    if isinstance(maze, Mapping):
        return Maze.from_graph(maze, cheese=cheese)
    if all(callable(getattr(maze, m, None)) for m in ("as_dict", "get_width", "get_height")):
        return Maze.from_graph(
            maze.as_dict(), width=maze.get_width(), height=maze.get_height(), cheese=cheese
        )
    raise InvalidArgumentError(
        f"expected a PyRat maze (with as_dict(), get_width(), get_height()) or its "
        f"{{cell: {{neighbour: weight}}}} dict, got {maze!r}"
    )


def pyrat_actions(route: Sequence[Any], width: int) -> list[Any]:
    """PyRat ``Action`` members moving a player along ``route`` in a maze ``width`` wide.

    Raises:
        ImportError: pyrat-game is not installed (the message names the pip install).
        InvalidArgumentError: two consecutive cells are not neighbours.
    """
    try:
        from pyrat import Action
    except ImportError as err:
        raise ImportError(PYRAT_HINT) from err
    cells = [s if isinstance(s, int) else cell_of_state(s) for s in route]
    return [Action(a) for a in locations_to_actions(cells, width)]
