"""Cheese: PyRat's conversion of locations into actions, and the tour state.

For the nearest cheese no special state is needed: ``BFS(goal=maze.cheese)`` (or a
Dijkstra) on ``maze.start(cell)`` stops at the first cheese reached. A tour that must eat
every piece needs the remaining cheese in the state: that is ``TourState``, built by
``maze.tour(cell)`` and defined in ``games.maze.model`` beside the other states (it is
re-exported here). A route found on a maze becomes PyRat's actions with
``locations_to_actions``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Literal

from games.maze.grid import as_int
from games.maze.model import TourState
from treesearch.errors import InvalidArgumentError

__all__ = [
    "ACTIONS",
    "Action",
    "TourState",
    "locations_to_action",
    "locations_to_actions",
]

Action = Literal["nothing", "north", "south", "east", "west"]
"""PyRat's action names (the string values of its ``Action`` enum)."""

ACTIONS: tuple[Action, ...] = ("nothing", "north", "south", "east", "west")

_MOVES: dict[tuple[int, int], Action] = {
    (0, 0): "nothing",
    (-1, 0): "north",
    (1, 0): "south",
    (0, 1): "east",
    (0, -1): "west",
}


def locations_to_action(source: int, target: int, width: int) -> Action:
    """The action moving a player from cell ``source`` to the adjacent cell ``target``.

    Raises:
        InvalidArgumentError: the cells are not equal or 4-neighbours in a grid of
            ``width`` columns.

    Examples:
        >>> locations_to_action(16, 11, 5), locations_to_action(16, 16, 5)
        ('north', 'nothing')
    """
    w = as_int(width, "width")
    if w < 1:
        raise InvalidArgumentError(f"width must be >= 1, got {width!r}")
    src, dst = as_int(source, "source cell"), as_int(target, "target cell")
    if src < 0 or dst < 0:
        raise InvalidArgumentError(f"cells are ints >= 0, got {source!r} and {target!r}")
    (r0, c0), (r1, c1) = divmod(src, w), divmod(dst, w)
    action = _MOVES.get((r1 - r0, c1 - c0))
    if action is None:
        raise InvalidArgumentError(
            f"cells {source!r} (row {r0}, col {c0}) and {target!r} (row {r1}, col {c1}) are "
            f"not adjacent in a maze of width {w}: no single action moves between them"
        )
    return action


def locations_to_actions(path: Sequence[int], width: int) -> list[Action]:
    """The actions along ``path`` (one per consecutive pair of cells).

    Examples:
        >>> locations_to_actions([0, 5, 6, 7], 5)
        ['south', 'east', 'east']
    """
    if isinstance(path, str | bytes) or not isinstance(path, Iterable):
        raise InvalidArgumentError(f"path must be a sequence of cells, got {path!r}")
    return [locations_to_action(a, b, width) for a, b in itertools.pairwise(path)]
