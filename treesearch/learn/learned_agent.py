"""``LearnedAgent``: a player that moves greedily on a learned value (an agent maker).

Player 0 takes the child the value rates highest, player 1 the lowest (values are player
0's view). A value learned on afterstates rates each child as it is (the state after the
move, before chance); one learned on states rates a chance child by the expectation of
its outcomes. One ply and no search: TD learns the value of exactly this greedy play, so
the agent plays the policy that was trained; a deeper player plugs the same value into
``AlphaBeta(value=...)`` or ``MCTS(evaluate=...)``. Ties are broken by the game's seed.
"""

from __future__ import annotations

import random
from typing import Any

from treesearch.learn.learned import LearnedValue
from treesearch.learn.td import choose, rate, sign_of

__all__ = ["LearnedAgent"]


class LearnedAgent:
    """An agent maker ``make(seed) -> agent`` playing greedily on ``value``.

    Args:
        value: the learned value, from player 0's view.
        on: what it was trained on, "afterstates" or "states" (a model's ``settings["on"]``).
        name: the agents' name in tables.
    """

    def __init__(self, value: LearnedValue, *, on: str = "afterstates", name: str = "learned"):
        self.value, self.expect, self.name = value, on == "states", name

    def __call__(self, seed: int) -> _Greedy:
        """The agent of one game seeded ``seed``."""
        return _Greedy(self, random.Random(seed))

    def __repr__(self) -> str:
        return f"LearnedAgent({self.value!r}, name={self.name!r})"


class _Greedy:
    """One game's greedy player."""

    def __init__(self, spec: LearnedAgent, rng: random.Random) -> None:
        self.spec, self.rng, self.name = spec, rng, spec.name

    def choose(self, state: Any) -> Any:
        """The child of ``state`` the value rates best for the player to move."""
        children = list(state.get_children())
        sign = sign_of(state)
        scores = [sign * rate(self.spec.value, c, self.spec.expect) for c in children]
        return children[choose(scores, self.rng, 0.0)[0]]
