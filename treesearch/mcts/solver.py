"""MCTS-Solver: exact game values proven in the tree and passed up during backup.

Winands, Björnsson & Saito 2008, generalised to n players the way OpenSpiel's ``MCTSBot``
(``solve=True``) does it (max^n): a terminal state is proven with its ``returns()``; a node
where the player to move has a proven child worth the top of the reward range to that
player is proven with that child's rewards (nothing can be better); a node all of whose
children are proven takes the best of them for its player to move. A chance node is proven
when every outcome is proven, with the probability-weighted mean (OpenSpiel proves it only
when all outcomes agree; the mean is exact too, and lets dice games settle). A simultaneous
node of a decoupled search (``decoupled``) is proven only when all its replies agree.

Proofs need the reward range: "worth the top of the range" is a win only if no reward can
be higher, so a terminal reward outside ``reward_range`` is refused, naming the fix. Only
true terminal states are proven; a rollout or leaf evaluation never proves anything.

Imports ``node`` only; ``simulate`` imports it (backup); ``final`` reads the
proofs it leaves on the nodes.
"""

from __future__ import annotations

import math
from typing import Any

from treesearch.errors import InvalidValueError
from treesearch.mcts.node import Node

__all__ = ["check_reward_range", "prove_terminal"]


def check_reward_range(state: Any, reward: tuple[float, ...], lo: float, hi: float) -> None:
    """Refuse a terminal reward outside ``[lo, hi]``: proofs would be wrong."""
    for player, r in enumerate(reward):
        if not lo <= r <= hi:
            raise InvalidValueError(
                f"returns() of {state!r} gave {r!r} to player {player}, outside "
                f"reward_range=({lo!r}, {hi!r}) that MCTS-Solver relies on; pass "
                "MCTS(reward_range=(low, high)) holding every reward, or solver=False"
            )


def prove_terminal(leaf: Node, reward: tuple[float, ...], lo: float, hi: float) -> None:
    """Prove the terminal node ``leaf`` with ``reward`` and pass the proof up its ancestors.

    Stops at the first ancestor that the new proof does not settle.
    """
    check_reward_range(leaf.state, reward, lo, hi)
    _prove(leaf, reward, 0)
    node = leaf
    parent = node.parent
    while parent is not None and parent.proven is None:
        if parent.shared is not None:
            if not _settle_simultaneous(parent):
                return
        elif parent.chance is not None:
            if not _settle_chance(parent):
                return
        elif not _settle_choice(parent, node, hi):
            return
        node, parent = parent, parent.parent


def _prove(node: Node, value: tuple[float, ...], plies: int) -> None:
    node.proven, node.plies = value, plies
    if node.parent is not None:
        node.parent.solved += 1


def _settle_choice(node: Node, child: Node, hi: float) -> bool:
    """Prove a decision node from its newly proven ``child``, if that settles it."""
    p = node.player
    value = child.proven
    assert value is not None
    if value[p] >= hi:  # the best reward there is: nothing else needs a look
        _prove(node, value, child.plies + 1)
        return True
    children = node.children
    if node.untried or node.solved < len(children):
        return False
    # Every move is proven: the best for the player to move; among equals the longest line
    # (no win is among them, or it would have settled the node already: delay the loss).
    best = max(children, key=lambda c: (c.proven[p], c.plies))  # type: ignore[index]
    _prove(node, best.proven, best.plies + 1)  # type: ignore[arg-type]
    return True


def _settle_simultaneous(node: Node) -> bool:
    """Prove a simultaneous node of a decoupled search once all replies agree.

    Its player does not see the move that led to it, so one winning reply proves nothing;
    only when every reply is proven with the same rewards is the outcome certain.
    """
    children = node.children
    if node.untried or node.solved < len(children):
        return False
    first = children[0].proven
    if any(c.proven != first for c in children):
        return False
    _prove(node, first, 1 + max(c.plies for c in children))  # type: ignore[arg-type]
    return True


def _settle_chance(node: Node) -> bool:
    """Prove a chance node once every outcome is proven: the probability-weighted mean."""
    outcomes = node.chance
    children = node.children
    assert outcomes is not None
    if len(children) < len(outcomes) or node.solved < len(children):
        return False
    values = [c.proven for c in children]
    first = values[0]
    assert first is not None
    if all(v == first for v in values):
        value = first
    else:
        weight = {id(state): p for state, p in outcomes}
        ps = [weight.get(id(c.state), 0.0) for c in children]
        total = math.fsum(ps)
        if not total > 0:
            return False
        width = len(first)
        value = tuple(
            math.fsum(p * v[i] for p, v in zip(ps, values, strict=True)) / total  # type: ignore[index]
            for i in range(width)
        )
    _prove(node, value, 1 + max(c.plies for c in children))
    return True
