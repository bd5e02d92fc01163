"""The ``mcts`` bot: the framework's ``MCTS`` with a heuristic leaf value and sampled rolls."""

from __future__ import annotations

from typing import Any

from games.railroad_ink.bots.base import Bot, check_count, check_value
from games.railroad_ink.bots.value import HEURISTIC, Value
from games.railroad_ink.pieces.dice import ROUNDS, check_seed
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.budget import Budget
from treesearch.mcts import MCTS

__all__ = ["MCTS_ITERATIONS", "MctsBot"]

MCTS_ITERATIONS = 300
"""Simulations per decision of the ``mcts`` bot without a time budget."""


class MctsBot(Bot):
    """``MCTS`` with ``value`` as leaf evaluation (points / 100), rolls sampled at chance states.

    Args:
        iterations: simulations per decision without a time budget.
        value: leaf evaluation in points (``HEURISTIC`` by default).
        seconds: per game; None for the fixed ``iterations``.
        seed: the search's random stream.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int = MCTS_ITERATIONS,
        value: Value = HEURISTIC,
        seconds: float | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__(seconds)
        self.iterations = check_count("iterations", iterations)
        self.value = check_value(value)
        self._search = MCTS(
            iterations=self.iterations,
            evaluate=self._leaf,
            rng=check_seed(seed),
            reuse=True,
            exploration=0.15,
        )

    def _leaf(self, state: Any) -> float:
        return max(-1.0, min(1.0, self.value(state) / 100.0))

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        left = self._left()
        if left is not None:  # about four decisions a round: spread over the rounds left
            decisions = 4 * (ROUNDS - state.round) + len(state.faces or ()) + 1
            self._search.budget = Budget(seconds=left / decisions)  # this run's share
        best: RailroadInkState | None = self._search.run(state).raise_if_interrupted().best
        if best is None:  # no simulation fitted in the time left: the best child by value
            best = max(state.get_children(), key=self.value)
        return best
