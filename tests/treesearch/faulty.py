"""A small two-player game with every capability and switchable faults, for the searches' checks.

``Game(fault)`` breaks one method at depth 1 (``fault`` names it), ``Solo`` is the same tree
with one player; ``SEARCHES`` makes each search with good knobs, ``one_clear_line`` checks
an error's message.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    NRPA,
    AlphaBeta,
    AStar,
    Backtracking,
    BeamSearch,
    Dijkstra,
    FlatMonteCarlo,
    GreedyBestFirst,
    RandomWalk,
    TreeIterator,
    TreeSearchError,
)
from treesearch.values import TERMINAL

# -- a small two-player game with every capability, and its faults -------------------------


class Game(TreeIterator):
    """Two players, depth 3, two moves a turn; ``fault`` breaks one method at depth 1."""

    __slots__ = ("depth", "fault", "index")

    def __init__(self, fault: str = "", depth: int = 0, index: int = 0) -> None:
        self.fault, self.depth, self.index = fault, depth, index

    def __repr__(self) -> str:
        return f"Game({self.fault!r}, {self.depth}, {self.index})"

    def _faulty(self, name: str) -> bool:
        return self.fault == name and self.depth == 1

    def get_children(self) -> Any:
        if self._faulty("children raise"):
            raise LookupError("the game's own bug")
        if self._faulty("children None"):
            return None
        if self._faulty("children 5"):
            return 5
        if self._faulty("child not a state"):
            return ["a move", "another"]
        if self.depth >= 3:
            return []
        return [type(self)(self.fault, self.depth + 1, 2 * self.index + i) for i in (0, 1)]

    def is_terminal(self) -> bool:
        return self.depth >= 3

    def key(self) -> Any:
        if self._faulty("key unhashable"):
            return [self.depth, self.index]
        return (self.depth, self.index)

    def player(self) -> Any:
        if self.depth >= 3:
            return TERMINAL
        if self._faulty("player 7"):
            return 7
        if self._faulty("player 'x'"):
            return "x"
        return self.depth % 2

    def returns(self) -> Any:
        if self.fault == "returns NaN":
            return (math.nan, math.nan)
        if self.fault == "returns 'ab'":
            return ("a", "b")
        return (1.0, -1.0) if self.index % 2 else (-1.0, 1.0)

    def step_cost(self, child: Any) -> Any:
        return {"cost NaN": math.nan, "cost -1": -1, "cost 'x'": "x"}.get(self.fault, 1)


class Solo(Game):
    """The same tree with one player, the kind of game NRPA searches."""

    __slots__ = ()

    def player(self) -> Any:
        return TERMINAL if self.depth >= 3 else 0

    def returns(self) -> Any:
        return (float(self.index),)


def index_value(state: Game) -> float:
    return float(state.index)


# The searches, each made with good knobs; ``knobs`` override them.
SEARCHES: dict[str, Callable[..., Any]] = {
    "BFS": lambda **k: BFS(**k),
    "DFS": lambda **k: DFS(**k),
    "IDDFS": lambda **k: IDDFS(**k),
    "Backtracking": lambda **k: Backtracking(**{"value": index_value, **k}),
    "RandomWalk": lambda **k: RandomWalk(**{"rng": 0, "episodes": 3, "value": index_value, **k}),
    "Dijkstra": lambda **k: Dijkstra(**k),
    "AStar": lambda **k: AStar(**{"heuristic": lambda s: 0.0, **k}),
    "GreedyBestFirst": lambda **k: GreedyBestFirst(**{"heuristic": lambda s: 0.0, **k}),
    "BeamSearch": lambda **k: BeamSearch(**{"width": 2, "value": index_value, **k}),
    "MCTS": lambda **k: MCTS(**{"iterations": 30, "rng": 0, **k}),
    "AlphaBeta": lambda **k: AlphaBeta(**k),
    "FlatMonteCarlo": lambda **k: FlatMonteCarlo(**{"first": 1, "playouts": 8, "rng": 0, **k}),
    "NRPA": lambda **k: NRPA(**{"level": 1, "iterations": 4, "value": index_value, "rng": 0, **k}),
}
PATH = ["BFS", "DFS", "IDDFS", "Backtracking", "RandomWalk", "Dijkstra", "AStar"]
PATH += ["GreedyBestFirst", "BeamSearch"]
DUELS = ["MCTS", "AlphaBeta", "FlatMonteCarlo"]
SOLO = ["NRPA"]
"""Searches of single-player trees: they run on ``Solo``, the others on ``Game``."""


def start_for(search: str, fault: str = "") -> Game:
    """The game ``search`` is run on, with ``fault``."""
    return Solo(fault) if search in SOLO else Game(fault)


FIX = r"must|expected|Fix:|give|needs|takes|subclass|implement|did you mean"
"""Words with which a message says what would be right."""


def one_clear_line(exc: BaseException, *named: str) -> str:
    """The message, checked: a TreeSearchError, one line, naming each of ``named``."""
    message = str(exc)
    assert isinstance(exc, TreeSearchError), f"{type(exc).__name__}: {message}"
    assert "\n" not in message and message, message
    for text in named:
        assert text in message, f"{text!r} not in {message!r}"
    assert re.search(FIX, message), message  # says what would be right
    return message
