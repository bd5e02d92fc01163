"""The node of MCTS's search tree, in its own module so imports go one way.

``mcts_policies`` (selection scores need ``Node``) and ``mcts`` (the search) both import it;
it imports neither.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["Node"]


class Node:
    """A node of the search tree; read its statistics in ``result.info["root"]``.

    Attributes:
        state: the game state.
        parent: the parent node (None at the root).
        children: expanded children, in expansion order.
        visits: simulations through this node.
        total: sum of the rewards of ``mover`` over those simulations.
        best: the largest single reward seen (for max backups).
        mover: the player who moved into this node (its rewards are this player's).
    """

    __slots__ = (
        "best", "chance", "children", "mover", "parent", "player", "state", "total",
        "untried", "visits",
    )

    def __init__(self, state: Any, parent: Node | None, mover: int) -> None:
        self.state = state
        self.parent = parent
        self.mover = mover
        self.children: list[Node] = []
        self.untried: list[Any] | None = None  # None until the children are generated
        self.visits = 0
        self.total = 0.0
        self.best = -math.inf
        self.player = 0
        self.chance: list[tuple[Any, float]] | None = None

    @property
    def mean(self) -> float:
        """Mean reward of ``mover`` (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"Node({self.state!r}, visits={self.visits}, mean={self.mean:.3f})"
