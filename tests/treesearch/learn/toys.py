"""Small games with known values, for the learning tests: a random walk and Nim."""

from __future__ import annotations

from functools import reduce
from operator import xor

import numpy as np

from games.tictactoe import TicTacToe
from treesearch import CHANCE, TERMINAL


class Walk:
    """The five-state random walk: from ``k`` step to ``k - 1`` or ``k + 1``, half each.

    Cells 1..5 are inside; the walk ends at 0 (reward 0) or 6 (reward 1), so the value of
    cell ``k`` is ``k / 6``. A cell is a decision with one move, to the chance state
    ``Walk(k, chance=True)`` (its afterstate), whose outcomes are the two neighbours.
    """

    def __init__(self, k: int = 3, chance: bool = False) -> None:
        self.k, self.chance = k, chance

    def get_children(self) -> list[Walk]:
        if self.k in (0, 6):
            return []
        if self.chance:
            return [Walk(self.k - 1), Walk(self.k + 1)]
        return [Walk(self.k, chance=True)]

    def chance_outcomes(self) -> list[tuple[Walk, float]]:
        return [(c, 0.5) for c in self.get_children()]

    def player(self) -> int:
        if self.k in (0, 6):
            return TERMINAL
        return CHANCE if self.chance else 0

    def returns(self) -> tuple[float]:
        return (1.0 if self.k == 6 else 0.0,)

    def key(self) -> tuple[int, bool]:
        return (self.k, self.chance)

    def features(self) -> np.ndarray:
        """One-hot cell: a linear value over it is a table."""
        out = np.zeros(7)
        out[self.k] = 1.0
        return out

    def __repr__(self) -> str:
        return f"Walk({self.k}{', chance=True' if self.chance else ''})"


class Nim:
    """Nim: take any number of counters from one heap; who takes the last counter wins.

    ``returns()`` is ``(1, -1)`` when player 0 took the last counter. The minimax value
    (player 0's view) follows from Bouton's theorem: the player to move wins exactly when
    the heaps' xor is not 0.
    """

    def __init__(self, heaps: tuple[int, ...] = (1, 2, 3), to_move: int = 0) -> None:
        self.heaps, self.to_move = heaps, to_move

    def get_children(self) -> list[Nim]:
        return [
            Nim((*self.heaps[:i], h - take, *self.heaps[i + 1 :]), 1 - self.to_move)
            for i, h in enumerate(self.heaps)
            for take in range(1, h + 1)
        ]

    def player(self) -> int:
        return self.to_move

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if self.to_move == 1 else (-1.0, 1.0)

    def key(self) -> tuple[tuple[int, ...], int]:
        return (self.heaps, self.to_move)

    def encoding(self) -> np.ndarray:
        return np.array([*self.heaps, self.to_move])

    def cell_values(self) -> int:
        return max(4, max(self.heaps) + 1)

    def minimax(self) -> float:
        """The game's value for player 0 under best play (Bouton)."""
        mover_wins = reduce(xor, self.heaps) != 0
        return 1.0 if mover_wins == (self.to_move == 0) else -1.0

    def __repr__(self) -> str:
        return f"Nim({self.heaps}, to_move={self.to_move})"


def reachable(start: object) -> list[object]:
    """Every state reachable from ``start`` (by key), the start included."""
    seen = {start.key(): start}  # type: ignore[attr-defined]
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for child in state.get_children():  # type: ignore[attr-defined]
            if child.key() not in seen:
                seen[child.key()] = child
                frontier.append(child)
    return list(seen.values())


LEAVES = (1.0, 1.0, 1.0, 2.0, 0.0, 0.0, 0.0, 3.0)
"""The scores of ``Pick``'s eight ends; the best, 3, lies under the worse first half."""


class Pick:
    """A one-player puzzle: three left-or-right choices, scored at the end by ``LEAVES``."""

    def __init__(self, path: tuple[int, ...] = ()) -> None:
        self.path = path

    def get_children(self) -> list[Pick]:
        return [Pick((*self.path, b)) for b in (0, 1)] if len(self.path) < 3 else []

    def returns(self) -> tuple[float]:
        return (LEAVES[int("".join(map(str, self.path)), 2)],)

    def key(self) -> tuple[int, ...]:
        return self.path

    def step_cost(self, child: Pick) -> float:
        return 1.0

    def __repr__(self) -> str:
        return f"Pick({self.path})"


class EncodedTicTacToe(TicTacToe):
    """Tic-tac-toe that offers its board as an encoding: nine cells of 0, 1 (X) or 2 (O)."""

    __slots__ = ()

    def _child(self, cell: int) -> TicTacToe:
        child = super()._child(cell)
        child.__class__ = EncodedTicTacToe
        return child

    def encoding(self) -> np.ndarray:
        return np.array(self.board)

    def cell_values(self) -> int:
        return 3
