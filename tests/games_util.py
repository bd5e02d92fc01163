"""Small games for adversarial-search tests: a perfect tic-tac-toe player and a dice game."""

from __future__ import annotations

import functools
import random
from typing import Any

from games.tictactoe import TicTacToe
from treesearch import CHANCE, TreeIterator


@functools.cache
def solve(board: tuple[int, ...]) -> float:
    """Game value for X (player 0) under perfect play, by plain memoised minimax."""
    s = TicTacToe(board)
    children = s.get_children()
    if not children:
        return s.returns()[0]
    values = [solve(c.board) for c in children]
    return max(values) if s.player() == 0 else min(values)


def perfect_move(state: TicTacToe, rng: random.Random) -> TicTacToe:
    """A random choice among the optimal moves."""
    children = state.get_children()
    values = [solve(c.board) for c in children]
    target = max(values) if state.player() == 0 else min(values)
    return rng.choice([c for c, v in zip(children, values, strict=True) if v == target])


class Gamble(TreeIterator):
    """Player 0 picks "safe" (reward 0.5) or "gamble" (a die: 1 with p=0.3, else 0).

    Zero-sum against a passive player 1: returns are (r, -r).
    """

    __slots__ = ("stage",)

    def __init__(self, stage: str = "start") -> None:
        self.stage = stage

    def player(self) -> int:
        return {"start": 0, "gamble": CHANCE}.get(self.stage, 1)

    def get_children(self) -> list[Gamble]:
        if self.stage == "start":
            return [Gamble("gamble"), Gamble("safe")]
        if self.stage == "gamble":
            return [c for c, _ in self.chance_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[Gamble, float]]:
        return [(Gamble("won"), 0.3), (Gamble("lost"), 0.7)]

    def returns(self) -> tuple[float, float]:
        r = {"safe": 0.5, "won": 1.0, "lost": 0.0}.get(self.stage, 0.0)
        return (r, -r)

    def key(self) -> Any:
        return self.stage

    def __repr__(self) -> str:
        return f"Gamble({self.stage!r})"
