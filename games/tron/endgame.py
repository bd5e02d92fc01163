"""Separated endgames: the longest path through one's own room, searched alone.

Once no free cell is reachable by both heads, the opponent can no longer touch the player's
room: the game is won by whoever makes more moves, and each player's best is the longest
path from its head through its own free cells. A two-player search there spends most of its
nodes on the other side's moves; ``fill_move`` searches the player's moves alone, depth
first, the moves with the fewest free cells onward first (a greedy filler's rule, so the
first path found is already long), pruning a branch when its length plus the room's cells not
yet visited cannot beat the best path found. It stops at a path through every cell of the
room (no longer one exists), or when its budget (nodes, or a clock) runs out.
"""

from __future__ import annotations

import time

from games.tron.state import TronState
from games.tron.voronoi import race

__all__ = ["fill_move"]


class _BudgetError(Exception):
    """The budget ran out."""


class _Fill:
    """One search: the grid's steps, the budget, the longest path found and its first move."""

    __slots__ = ("best", "deadline", "first", "move", "nodes", "room", "steps")

    def __init__(
        self, steps: tuple[tuple[int, ...], ...], room: int, nodes: int, deadline: float
    ) -> None:
        self.steps, self.room, self.nodes, self.deadline = steps, room, nodes, deadline
        self.best, self.move, self.first = 0, 0, 0

    def onward(self, cell: int, walls: int) -> list[int]:
        """The free cells next to ``cell``."""
        return [c for c in self.steps[cell] if c >= 0 and not walls >> c & 1]

    def dive(self, cell: int, walls: int) -> int:
        """The length of the greedy path from ``cell``: always to the fewest free cells onward."""
        length = 0
        while True:
            steps = self.onward(cell, walls)
            if not steps:
                return length
            cell = min(steps, key=lambda c: len(self.onward(c, walls | 1 << c)))
            walls |= 1 << cell
            length += 1

    def extend(self, cell: int, walls: int, length: int) -> None:
        """Search the paths on from ``cell`` (``length`` moves made), keeping the longest."""
        self.nodes -= 1
        if self.nodes < 0 or (self.nodes & 255 == 0 and time.perf_counter() > self.deadline):
            raise _BudgetError
        if length + (self.room & ~walls).bit_count() <= self.best:
            return  # even every cell left could not make it longer
        steps = self.onward(cell, walls)
        if not steps:
            if length > self.best:
                self.best, self.move = length, self.first
            return
        steps.sort(key=lambda c: len(self.onward(c, walls | 1 << c)))
        for c in steps:
            self.extend(c, walls | 1 << c, length + 1)


def fill_move(
    state: TronState, player: int, *, nodes: int = 100_000, seconds: float | None = None
) -> tuple[int, int]:
    """``(move, moves)``: the move starting the longest path found for ``player``, its length.

    Meant for a separated position at a turn start (the other player's cells count as walls,
    never as room). ``nodes`` and ``seconds`` bound the search; the best path found so far is
    answered when either runs out.
    """
    grid = state.grid
    head, facing, walls = state.heads[player], state.orientations[player], state.walls
    room = race(state).reach[player]
    deadline = time.perf_counter() + seconds if seconds is not None else float("inf")
    search = _Fill(grid.steps, room, nodes, deadline)
    moves = []
    for move in state.legal_moves(player):
        cell = grid.steps[head][(facing + move) % 6 if grid.hex else move]
        if cell >= 0 and not walls >> cell & 1:
            moves.append((len(search.onward(cell, walls | 1 << cell)), move, cell))
    if not moves:
        return state.legal_moves(player)[0], 0
    moves.sort()
    for _, move, cell in moves:
        length = 1 + search.dive(cell, walls | 1 << cell)
        if length > search.best:
            search.best, search.move = length, move
    try:
        for _, move, cell in moves:
            search.first = move
            search.extend(cell, walls | 1 << cell, 1)
            if search.best >= room.bit_count():
                break  # a path through every cell of the room
    except _BudgetError:
        pass
    return search.move, search.best
