"""The sliding-tile puzzle as a TreeIterator: slide tiles into the blank until they are sorted.

A state is the board (a tuple, row by row, 0 the blank), its side and the tile that moved
to make it. Every move costs 1; ``heuristic()`` is the Manhattan distance of the tiles to
their goal squares, which never overestimates, so A* finds shortest solutions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from treesearch.errors import InvalidArgumentError

__all__ = ["Puzzle", "scramble"]


class Puzzle:
    """A position of the ``side`` x ``side`` sliding puzzle (side 3: the 8-puzzle).

    Args:
        tiles: the board row by row, each of 0 (the blank) .. side*side - 1 once.
        side: the board's side.
        move: the tile slid to reach this position (None at the start).

    Examples:
        >>> start = Puzzle((1, 2, 3, 4, 5, 6, 7, 0, 8))
        >>> start.heuristic(), start.is_goal()
        (1, False)
        >>> [c.move for c in start.get_children()]
        [5, 7, 8]
        >>> print(next(c for c in start.get_children() if c.move == 8))
        1 2 3
        4 5 6
        7 8 .
    """

    __slots__ = ("blank", "move", "side", "tiles")

    def __init__(self, tiles: tuple[int, ...], side: int = 3, move: int | None = None) -> None:
        if sorted(tiles) != list(range(side * side)):
            raise InvalidArgumentError(
                f"tiles must hold 0..{side * side - 1} once each, got {tiles!r}"
            )
        self.tiles, self.side, self.move = tuple(tiles), side, move
        self.blank = self.tiles.index(0)

    def get_children(self) -> Iterator[Puzzle]:
        """The positions after sliding each neighbour of the blank into it."""
        side, blank, tiles = self.side, self.blank, self.tiles
        row, col = divmod(blank, side)
        for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
            if 0 <= r < side and 0 <= c < side:
                cell = r * side + c
                board = list(tiles)
                board[blank], board[cell] = board[cell], 0
                yield Puzzle(tuple(board), side, tiles[cell])

    def is_goal(self) -> bool:
        """True when the tiles read 1, 2, ... with the blank last."""
        return self.tiles[-1] == 0 and all(t == i + 1 for i, t in enumerate(self.tiles[:-1]))

    def is_terminal(self) -> bool:
        """Never: some tile can always slide (the goal is a goal test, not an end)."""
        return False

    def key(self) -> tuple[int, ...]:
        """The board: positions reached by different routes are one state."""
        return self.tiles

    def step_cost(self, child: Puzzle) -> int:
        """One slide, one move."""
        return 1

    def heuristic(self) -> int:
        """Manhattan distance of every tile to its goal square (admissible)."""
        side, total = self.side, 0
        for cell, tile in enumerate(self.tiles):
            if tile:
                goal = tile - 1
                total += abs(cell // side - goal // side) + abs(cell % side - goal % side)
        return total

    def __str__(self) -> str:
        rows = (self.tiles[r * self.side : (r + 1) * self.side] for r in range(self.side))
        return "\n".join(" ".join(str(t) if t else "." for t in row) for row in rows)

    def __repr__(self) -> str:
        return f"Puzzle({self.tiles!r}, side={self.side})"


def scramble(seed: int = 0, side: int = 3, moves: int = 30) -> Puzzle:
    """A solvable start: ``moves`` seeded random slides from the goal, never undoing one.

    Examples:
        >>> scramble(1).key() == scramble(1).key(), scramble(1).is_goal()
        (True, False)

    Raises:
        InvalidArgumentError: ``side`` < 2 or ``moves`` < 1.
    """
    if isinstance(side, bool) or not isinstance(side, int) or side < 2:
        raise InvalidArgumentError(f"side must be an int >= 2, got {side!r}")
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 1:
        raise InvalidArgumentError(f"moves must be an int >= 1, got {moves!r}")
    draw = random.Random(seed)
    state = Puzzle((*range(1, side * side), 0), side)
    for _ in range(moves):
        options = [c for c in state.get_children() if c.move != state.move]
        state = draw.choice(options)
    if state.is_goal():  # walked back home: one more slide
        state = next(iter(state.get_children()))
    return Puzzle(state.tiles, side)
