"""Tic-tac-toe: the referee for adversarial searches (MCTS, alpha-beta).

Players are 0 (X, moves first) and 1 (O). ``returns()`` is ``(1, -1)`` when X has won,
``(-1, 1)`` when O has won and ``(0, 0)`` otherwise. Cells are numbered 0..8 row by row.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

__all__ = ["LINES", "TicTacToe"]

LINES: tuple[tuple[int, int, int], ...] = (
    *((r, r + 1, r + 2) for r in (0, 3, 6)),  # rows
    *((c, c + 3, c + 6) for c in (0, 1, 2)),  # columns
    (0, 4, 8),  # diagonals
    (2, 4, 6),
)
_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(9)
)
_MARKS = ".XO"
_WIN = ((1.0, -1.0), (-1.0, 1.0))
_DRAW = (0.0, 0.0)


class TicTacToe(TreeIterator):
    """A position: ``board`` holds 0 (empty), 1 (X) or 2 (O) per cell.

    ``TicTacToe()`` is the empty board with X to move. ``move`` is the cell played to reach
    this position (None at the start), so a search's recommended child tells you the move.

    Examples:
        >>> s = TicTacToe().play(4).play(0)
        >>> s.player(), s.move, s.is_terminal()
        (0, 0, False)
        >>> print(s)
        O . .
        . X .
        . . .
    """

    __slots__ = ("board", "move", "to_move", "winner")

    def __init__(
        self,
        board: Sequence[int] = (0,) * 9,
        to_move: int | None = None,
        move: int | None = None,
    ) -> None:
        board = tuple(board)
        if len(board) != 9 or any(c not in (0, 1, 2) for c in board):
            raise InvalidArgumentError(f"board must be 9 cells of 0, 1 or 2, got {board!r}")
        x, o = board.count(1), board.count(2)
        if to_move is None:
            if x - o not in (0, 1):
                raise InvalidArgumentError(f"X must have as many marks as O or one more: {board!r}")
            to_move = x - o
        self.board: tuple[int, ...] = board
        self.to_move = to_move
        self.move = move
        self.winner = _winner(board)

    def player(self) -> int:
        """The player to move: 0 for X, 1 for O."""
        return self.to_move

    def is_terminal(self) -> bool:
        """Someone has three in a row, or the board is full."""
        return self.winner is not None or 0 not in self.board

    def returns(self) -> tuple[float, float]:
        """``(1, -1)`` if X won, ``(-1, 1)`` if O won, ``(0, 0)`` otherwise."""
        return _DRAW if self.winner is None else _WIN[self.winner]

    def legal_moves(self) -> list[int]:
        """The empty cells, or none when the game is over."""
        if self.winner is not None:
            return []
        return [i for i, c in enumerate(self.board) if c == 0]

    def play(self, cell: int) -> TicTacToe:
        """The position after the player to move marks ``cell``."""
        if cell not in self.legal_moves():
            raise InvalidArgumentError(
                f"cell {cell!r} is not a legal move here; legal: {self.legal_moves()}"
            )
        return self._child(cell)

    def _child(self, cell: int) -> TicTacToe:
        child = TicTacToe.__new__(TicTacToe)
        board = list(self.board)
        board[cell] = self.to_move + 1
        child.board = b = tuple(board)
        child.to_move = 1 - self.to_move
        child.move = cell
        mark = self.to_move + 1
        child.winner = None
        for a, m, z in _LINES_THROUGH[cell]:
            if b[a] == mark and b[m] == mark and b[z] == mark:
                child.winner = self.to_move
                break
        return child

    def get_children(self) -> list[TicTacToe]:
        """One child per empty cell, in cell order; none once the game is over."""
        if self.winner is not None:
            return []
        child = self._child
        return [child(i) for i, c in enumerate(self.board) if c == 0]

    def key(self) -> tuple[int, ...]:
        """The board (whose turn it is follows from it)."""
        return self.board

    def random_playout(
        self, rng: random.Random, moves: list[tuple[int, int]] | None = None
    ) -> tuple[float, float]:
        """Play uniformly random moves to the end; return the final ``returns()``.

        A fast path MCTS uses for default random rollouts: it works on a plain list instead
        of creating a state per move, with the same distribution as picking random children.
        With a ``moves`` list, each move is appended to it as ``(player, cell)`` (what
        ``MCTS(rave=K)`` needs).
        """
        if self.winner is not None:
            return _WIN[self.winner]
        return _playout(list(self.board), self.to_move, rng, moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TicTacToe):
            return NotImplemented
        return self.board == other.board

    def __hash__(self) -> int:
        return hash(self.board)

    def __str__(self) -> str:
        rows = (self.board[r * 3 : r * 3 + 3] for r in range(3))
        return "\n".join(" ".join(_MARKS[c] for c in row) for row in rows)

    def __repr__(self) -> str:
        return f"TicTacToe({''.join(_MARKS[c] for c in self.board)!r})"


def _playout(
    board: list[int], mover: int, rng: random.Random, moves: list[tuple[int, int]] | None
) -> tuple[float, float]:
    """``TicTacToe.random_playout`` on a copy of the board, appending to ``moves`` if given."""
    empty = [i for i, c in enumerate(board) if c == 0]
    draw = rng.random
    while empty:
        j = int(draw() * len(empty))
        cell = empty[j]
        empty[j] = empty[-1]
        empty.pop()
        if moves is not None:
            moves.append((mover, cell))
        mark = mover + 1
        board[cell] = mark
        for a, m, z in _LINES_THROUGH[cell]:
            if board[a] == mark and board[m] == mark and board[z] == mark:
                return _WIN[mover]
        mover = 1 - mover
    return _DRAW


def _winner(board: Sequence[int]) -> int | None:
    for a, m, z in LINES:
        if board[a] and board[a] == board[m] == board[z]:
            return board[a] - 1
    return None
