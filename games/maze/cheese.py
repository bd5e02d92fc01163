"""Cheese: the many-cheese tour state, and PyRat's conversion of locations into actions.

For the nearest cheese no special state is needed: ``BFS(goal=maze.cheese)`` (or a
Dijkstra) on ``maze.start(cell)`` stops at the first cheese reached. A tour that must eat
every piece needs the remaining cheese in the state: that is ``TourState``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from games.maze.model import as_int
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

if TYPE_CHECKING:
    from games.maze.model import Maze

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


class TourState(TreeIterator):
    """A player on ``cell`` with the cheese still to eat; terminal when none is left.

    Children move to each reachable neighbour (increasing cell order) and eat the cheese
    found there on arrival; once every cheese is eaten the game is over (no children).
    ``key()`` is ``(cell, remaining)`` so graph searches treat "same cell, same cheese
    left" as one node; ``step_cost`` is the edge weight (mud). Build it with
    ``maze.tour(cell)``.
    """

    __slots__ = ("cell", "maze", "remaining")

    def __init__(self, maze: Maze, cell: int, remaining: frozenset[int]) -> None:
        self.maze = maze
        self.cell = cell
        self.remaining = remaining

    def get_children(self) -> tuple[TourState, ...]:
        """One state per reachable neighbour (eating the cheese there); none once all is eaten."""
        maze, rem = self.maze, self.remaining
        if not rem:
            return ()
        return tuple(
            TourState(maze, n, rem.difference((n,)) if n in rem else rem)
            for n in maze._neighbour_list(self.cell)
        )

    def is_terminal(self) -> bool:
        """True when every cheese has been eaten."""
        return not self.remaining

    def key(self) -> tuple[int, frozenset[int]]:
        """``(cell, remaining_cheese)``."""
        return self.cell, self.remaining

    def step_cost(self, child: TourState) -> int:
        """Turns to reach ``child``: the weight of the edge between the two cells."""
        return self.maze._step_cost(self, child)

    @property
    def eaten(self) -> int:
        """Number of cheese of the maze already eaten."""
        return len(self.maze.cheese) - len(self.remaining)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TourState):
            return NotImplemented
        return (
            self.maze is other.maze
            and self.cell == other.cell
            and self.remaining == other.remaining
        )

    def __hash__(self) -> int:
        return hash((self.cell, self.remaining))

    def __repr__(self) -> str:
        return f"TourState(cell={self.cell}, remaining={sorted(self.remaining)})"


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
    return [locations_to_action(a, b, width) for a, b in itertools.pairwise(path)]
