"""The node of MCTS's search tree, in its own module so imports go one way.

It imports no other MCTS module; all of them but ``settings`` import it:
``policies`` (selection scores need ``Node``), ``solver``, ``final``,
``simulate``, ``decoupled`` and ``mcts.mcts`` (the search); the package re-exports ``Node``.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["Node", "SharedStats", "Simultaneous"]


class SharedStats:
    """The second player's statistics at one simultaneous turn (decoupled MCTS).

    Held by every simultaneous child of a turn node (player 0 has picked, player 1 not yet):
    index ``i`` counts player 1's ``i``-th move over all of player 0's picks at that turn,
    so player 1 selects by them without knowing player 0's choice.

    Attributes:
        visits: per move of player 1, the simulations that took it.
        totals: per move, the sum of player 1's rewards over those simulations.
        n: all of player 1's selections at this turn (the sum of ``visits``).
    """

    __slots__ = ("n", "totals", "visits")

    def __init__(self, moves: int) -> None:
        self.visits = [0] * moves
        self.totals = [0.0] * moves
        self.n = 0

    def __repr__(self) -> str:
        return f"SharedStats(visits={self.visits!r}, totals={self.totals!r})"


class Simultaneous:
    """A simultaneous node's link to its turn's ``SharedStats`` (decoupled MCTS).

    Attributes:
        stats: the turn's shared statistics (one object for all the sibling nodes).
        order: the node's children states in ``get_children()`` order (move ``i`` is the
            ``i``-th) until all are expanded; then None, the node's ``children`` sorted in
            that order and their first visits added to ``stats``.
    """

    __slots__ = ("order", "stats")

    def __init__(self, stats: SharedStats, order: list[Any] | None) -> None:
        self.stats = stats
        self.order = order


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
        player: the player to move here (known once the node's children are generated).
        proven: the exact per-player rewards of this node under best play, once the
            MCTS-Solver proved them (a terminal state, or a subtree settled by proofs);
            None while unproven. ``total`` keeps the sum of the simulations' rewards.
        plies: with ``proven``, the moves to the end of the game along the proof (a win is
            proven through its quickest line, a loss or draw through its longest).
        solved: how many children are proven (selection takes its slow path only when > 0).
        shared: at a simultaneous node of a decoupled search, its ``Simultaneous`` link to
            the turn's ``SharedStats`` (shared with its siblings); None otherwise.
    """

    __slots__ = (
        "best",
        "chance",
        "children",
        "mover",
        "parent",
        "player",
        "plies",
        "proven",
        "shared",
        "solved",
        "state",
        "total",
        "untried",
        "visits",
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
        self.proven: tuple[float, ...] | None = None
        self.plies = 0
        self.solved = 0
        self.shared: Simultaneous | None = None

    @property
    def mean(self) -> float:
        """Mean reward of ``mover`` over the simulations (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0

    @property
    def value(self) -> float:
        """The proven reward of ``mover`` when there is one, else ``mean``."""
        proven = self.proven
        if proven is not None and self.mover >= 0:
            return proven[self.mover]
        return self.mean

    def __repr__(self) -> str:
        extra = "" if self.proven is None else f", proven={self.proven!r}"
        return f"Node({self.state!r}, visits={self.visits}, mean={self.mean:.3f}{extra})"
