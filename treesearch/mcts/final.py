"""How MCTS picks the move it recommends once the simulations are done.

The rules of Chaslot et al. 2008 ("Progressive strategies for Monte-Carlo tree search"),
named by ``MCTS(final=...)``:

- ``"visits"``, the robust child: the most simulated move (ties: the higher value).
- ``"value"``, the max child: the highest value (ties: more visits). Noisy on few visits.
- ``"secure"``, the secure child: the highest lower bound ``value - A / sqrt(visits)``,
  with ``A`` the search's UCT constant in reward units (``MCTS.c``: exploration x width).
- ``"robust-max"``: the move that is both most visited and of highest value; when no move
  is both (Chaslot's rule would search on; a fixed budget cannot), the secure child.

A child's value is its mean reward for the player to move (its best single reward with
``backup="max"``), or its exact value once MCTS-Solver proved it. With the solver, proofs
come first: a proven win (the top of the reward range) is taken, the quickest one; when
the root is proven (every move is), the best proven move, the longest line among equals,
so a lost position still plays the move that delays the loss most; otherwise proven losses
are set aside, the rule picks among the rest, and a proven move at least as good as the
pick's value replaces it (a sure result beats an equal estimate).

Imports ``node`` only; ``mcts.mcts`` uses it.
"""

from __future__ import annotations

import math
from typing import Literal

from treesearch.mcts.node import Node

__all__ = ["FINAL_RULES", "FinalRule", "choose_child"]

FinalRule = Literal["visits", "value", "secure", "robust-max"]
FINAL_RULES: tuple[str, ...] = ("visits", "value", "secure", "robust-max")


def choose_child(
    root: Node,
    rule: str,
    *,
    use_max: bool,
    solver: bool,
    bounds: tuple[float, float],
    secure: float,
) -> Node | None:
    """The recommended child of ``root`` (None when it has no expanded children).

    Args:
        root: the searched root.
        rule: one of ``FINAL_RULES``.
        use_max: values are the best single rewards (``backup="max"``), not means.
        solver: proofs decide first (see the module docstring).
        bounds: the reward range ``(low, high)`` proofs are measured against.
        secure: ``A`` of the secure child's lower bound.
    """
    children = root.children
    if not children:
        return None
    if not solver:
        return _by_rule(children, rule, use_max, secure)
    p = root.player
    lo, hi = bounds
    proven = [c for c in children if c.proven is not None]
    wins = [c for c in proven if c.proven[p] >= hi]  # type: ignore[index]
    if wins:
        return min(wins, key=lambda c: (c.plies, -c.visits))
    if root.proven is not None and len(proven) == len(children):
        return max(children, key=lambda c: (c.proven[p], c.plies, c.visits))  # type: ignore[index]
    live = [c for c in children if c.proven is None or c.proven[p] > lo]
    if not live:  # every move tried loses, but untried ones remain: delay the loss
        return max(children, key=lambda c: (c.plies, c.visits))
    chosen = _by_rule(live, rule, use_max, secure)
    sure = [c for c in live if c.proven is not None]
    if sure:
        best = max(sure, key=lambda c: (c.proven[p], c.plies, c.visits))  # type: ignore[index]
        if best.proven[p] >= value_of(chosen, use_max):  # type: ignore[index]
            return best
    return chosen


def value_of(child: Node, use_max: bool) -> float:
    """A child's value for the player who chose it: proven, else mean (or best)."""
    proven = child.proven
    if proven is not None and child.mover >= 0:
        return proven[child.mover]
    return child.best if use_max else child.mean


def _by_rule(children: list[Node], rule: str, use_max: bool, secure: float) -> Node:
    if rule == "visits":
        return max(children, key=lambda c: (c.visits, value_of(c, use_max)))
    if rule == "value":
        return max(children, key=lambda c: (value_of(c, use_max), c.visits))
    robust = max(children, key=lambda c: (c.visits, value_of(c, use_max)))
    if rule == "robust-max":
        top = max(value_of(c, use_max) for c in children)
        if value_of(robust, use_max) >= top:
            return robust
    return max(children, key=lambda c: (_lower_bound(c, use_max, secure), c.visits))


def _lower_bound(child: Node, use_max: bool, secure: float) -> float:
    if child.proven is not None:
        return value_of(child, use_max)  # exact: no uncertainty to subtract
    if not child.visits:
        return -math.inf
    return value_of(child, use_max) - secure / math.sqrt(child.visits)
