"""Decoupled MCTS (DUCT) at simultaneous moves: ``MCTS(simultaneous="decoupled")``.

A game with simultaneous moves is searched as two plies per turn: player 0 picks, then
player 1 picks and the turn resolves. Taken literally, that lets player 1 see player 0's
choice in the tree, and MCTS plays player 1 as if it knew it (the alternating
approximation, ``simultaneous="sequential"``). The game hook: a state whose move is the
second half of a simultaneous turn answers ``simultaneous() -> True`` (Tron's pending
states); games without the method are searched sequentially either way.

In decoupled mode player 1 selects at such a state by UCB over ``SharedStats`` that count
each of its moves over all of player 0's picks at that turn (one object shared by the
sibling simultaneous nodes), so its choice cannot depend on player 0's; each player's
reward is backed up into its own statistics. The sibling states must list player 1's moves
alike (the same number, in the same order): move ``i`` is the ``i``-th child. A
simultaneous node expands its children as any node does, one a simulation in random order
(that uses no reward, so it tells player 1 nothing of player 0's pick); once all are
expanded, their first visits join the shared statistics, which decide from then on. Such
a node is proven only when all its replies are proven alike (``solver``). A
simultaneous root (no turn node above it) selects sequentially: the search was told player
0's move.

Reference: Lanctot et al. 2013, "Monte Carlo Tree Search for Simultaneous Move Games: A
Case Study in the Game of Tron"; Teytaud & Flory 2011 (DUCT).

Imports ``simulate`` and ``node``; only ``mcts.mcts`` imports it.
"""

from __future__ import annotations

import math
from typing import Any

from treesearch._contract import fail
from treesearch.mcts.node import Node, SharedStats, Simultaneous
from treesearch.mcts.simulate import Simulator

__all__ = ["DecoupledSimulator", "shared_choice"]


class DecoupledSimulator(Simulator):
    """A ``Simulator`` whose simultaneous nodes select by their turn's ``SharedStats``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (stats, move index, child node, the child's total before the simulation)
        self._picks: list[tuple[SharedStats, int, Node, float]] = []

    def __call__(self, root: Node, iteration: int) -> None:
        """One simulation; then each player-1 pick's reward also goes to its shared stats."""
        picks = self._picks
        picks.clear()
        super().__call__(root, iteration)
        for stats, i, child, before in picks:
            stats.visits[i] += 1
            stats.totals[i] += child.total - before
            stats.n += 1

    def _generate(self, node: Node) -> None:
        super()._generate(node)
        state, parent, untried = node.state, node.parent, node.untried
        if parent is None or not untried or node.chance is not None:
            return
        hook = getattr(state, "simultaneous", None)
        if hook is None or not hook():
            return
        stats = next((s.shared.stats for s in parent.children if s.shared is not None), None)
        if stats is None:
            stats = SharedStats(len(untried))
        elif len(stats.visits) != len(untried):
            raise fail(
                "get_children()",
                state,
                f"lists {len(untried)} moves where a sibling simultaneous state lists "
                f"{len(stats.visits)}",
                "at one turn, every simultaneous state must list the second player's moves "
                "alike (the same number, in the same order)",
            )
        node.shared = Simultaneous(stats, list(untried))

    def _select(self, node: Node) -> Node:
        if node.shared is None:
            return super()._select(node)
        return self._pick(node, node.shared)

    def _select_solved(self, node: Node) -> Node:
        if node.shared is None:
            return super()._select_solved(node)
        return self._pick(node, node.shared)

    def _pick(self, node: Node, link: Simultaneous) -> Node:
        stats = link.stats
        if link.order is not None:
            _adopt(node, link)
        i = shared_choice(stats, self.c, self.rng.random())
        child = node.children[i]
        self._picks.append((stats, i, child, child.total))
        return child


def _adopt(node: Node, link: Simultaneous) -> None:
    """Sort a fully expanded simultaneous node's children by move; count their first visits.

    The children were expanded in random order, each once (the usual expansion): that
    used no reward, so it told player 1 nothing of player 0's pick.
    """
    order, stats = link.order, link.stats
    assert order is not None
    index = {id(state): i for i, state in enumerate(order)}
    node.children.sort(key=lambda child: index[id(child.state)])
    for i, child in enumerate(node.children):
        stats.visits[i] += child.visits
        stats.totals[i] += child.total
        stats.n += child.visits
    link.order = None


def shared_choice(stats: SharedStats, exploration: float, u: float) -> int:
    """Player 1's move index by UCB over ``stats``; an untried move first (ties drawn by ``u``).

    Args:
        stats: the turn's shared statistics.
        exploration: the UCT constant in reward units (``MCTS.c``).
        u: a uniform draw in [0, 1) choosing among the untried or the tied moves.
    """
    visits, totals = stats.visits, stats.totals
    untried = [i for i, v in enumerate(visits) if v == 0]
    if untried:
        return untried[int(u * len(untried))]
    explore = exploration * math.sqrt(math.log(stats.n))
    sqrt = math.sqrt
    best: list[int] = []
    best_score = -math.inf
    for i, v in enumerate(visits):
        s = totals[i] / v + explore / sqrt(v)
        if s > best_score:
            best, best_score = [i], s
        elif s == best_score:
            best.append(i)
    # Ties drawn at random: a fixed order would let the two players' UCB fall into step
    # (both cycling in a fixed pattern), which correlates their picks.
    return best[0] if len(best) == 1 else best[int(u * len(best))]
