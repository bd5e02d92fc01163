"""``MCTSMirror``: the tree of a Monte Carlo tree search, rebuilt from its events alone.

MCTS reports each simulation as ``Visited`` events down the selection path (the root at
depth 0, then one node per depth with its parent) and a ``SimulationPhase("backup")`` with
every player's reward. Replaying that bookkeeping gives the same visit counts and mean
rewards as the search's own nodes, without touching its internals: an observer (a video,
a progress display) can show what MCTS believes while it searches. Nodes are told apart by
``key()`` among their siblings, or by identity for states without a key.
"""

from __future__ import annotations

from typing import Any

from treesearch.core import key_of
from treesearch.events import Event, SearchFinished, SearchStarted, SimulationPhase, Visited

__all__ = ["MCTSMirror", "MirroredNode"]


class MirroredNode:
    """A node of the mirrored tree.

    Attributes:
        state: the first state seen at this node.
        visits: simulations through this node.
        totals: summed reward of each player over those simulations.
        children: child nodes by key (``state.key()``, or ``("id", id(state))``).
    """

    __slots__ = ("children", "state", "totals", "visits")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.visits = 0
        self.totals: list[float] = []
        self.children: dict[Any, MirroredNode] = {}

    def mean(self, player: int) -> float:
        """Mean reward of ``player`` over the simulations through this node (0 if none)."""
        if not self.visits or player >= len(self.totals):
            return 0.0
        return self.totals[player] / self.visits


def node_key(state: Any) -> Any:
    """How a state is told apart from its siblings: its key, or its identity without one."""
    k = key_of(state)
    return ("id", id(state)) if k is None else k


def player_of(state: Any) -> int:
    """The player to move at ``state`` (0 for states without ``player()``)."""
    player = getattr(state, "player", None)
    return int(player()) if callable(player) else 0


class MCTSMirror:
    """Follows an MCTS run's events and keeps its tree's statistics.

    Attributes:
        root: the root node (the run's start).
        player: the player to move at the root (whose mean reward the root moves show).
        simulations: simulations backed up so far in this run (a tree kept by
            ``MCTS(reuse=True)`` starts at zero here: only this run's are counted).
        chosen: the key of the child the search recommended, once it has finished.
        finished: the run has finished.
    """

    def __init__(self) -> None:
        self.reset(None)

    def reset(self, start: Any) -> None:
        """Start over with a new root."""
        self.root = MirroredNode(start)
        self.player = player_of(start)
        self.simulations = 0
        self.chosen: Any = None
        self.finished = False
        self.path: list[MirroredNode] = [self.root]

    def update(self, event: Event) -> bool:
        """Take note of one event; True when it ended a simulation (a backup)."""
        if isinstance(event, Visited):
            depth, path = event.depth, self.path
            if depth == 0:
                del path[1:]
                return False
            del path[depth:]
            key = node_key(event.state)
            children = path[-1].children
            node = children.get(key)
            if node is None:
                node = children[key] = MirroredNode(event.state)
            path.append(node)
        elif isinstance(event, SimulationPhase) and event.phase == "backup":
            reward = event.reward or ()
            for node in self.path:
                node.visits += 1
                totals = node.totals
                if len(totals) < len(reward):
                    totals.extend([0.0] * (len(reward) - len(totals)))
                for i, r in enumerate(reward):
                    totals[i] += r
            self.simulations = event.iteration + 1
            return True
        elif isinstance(event, SearchStarted):
            self.reset(event.start)
        elif isinstance(event, SearchFinished):
            best = event.result.best
            self.chosen = None if best is None else node_key(best)
            self.finished = True
        return False

    def principal_variation(self) -> list[MirroredNode]:
        """The most visited line below the root (starting with the chosen child, if any).

        Ties are broken by the mean reward of the player who made the move, then by
        expansion order, as ``MCTS`` builds ``result.path``.
        """
        line, node = [], self.root
        while node.children:
            if node is self.root and self.chosen in node.children:
                node = node.children[self.chosen]
            else:
                mover = player_of(node.state)
                node = max(node.children.values(), key=lambda n: (n.visits, n.mean(mover)))
            line.append(node)
        return line

    def ranked(self) -> list[tuple[Any, MirroredNode]]:
        """The root's children by decreasing visits: ``(key, node)``."""
        return sorted(self.root.children.items(), key=lambda kv: -kv[1].visits)
