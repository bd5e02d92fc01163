"""Strategy hooks of MCTS: selection scores, rollout policies and leaf evaluation.

Rewards are tuples indexed by player (a one-tuple for puzzles without players), so every
node can take the reward of the player who moved into it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from treesearch.errors import InvalidValueError, MissingCapabilityError

if TYPE_CHECKING:
    from treesearch.mcts import Node

__all__ = [
    "Evaluator",
    "RolloutPolicy",
    "SelectionFn",
    "leaf_rewards",
    "rollout_rewards",
    "terminal_rewards",
    "uct",
]

SelectionFn = Callable[["Node", int, float], float]
"""``fn(child, parent_visits, exploration) -> score``: the highest-scoring child is followed."""

RolloutPolicy = Callable[[Sequence[Any], Any, random.Random], Any]
"""``fn(children, state, rng) -> child``: the next move of a rollout."""

Evaluator = Callable[[Any], "float | Sequence[float]"]
"""``fn(state)``: per-player values, or one number from a stated player's view."""


def uct(child: Node, parent_visits: int, exploration: float) -> float:
    """UCB1 applied to trees: mean reward plus ``c * sqrt(ln N / n)``."""
    return child.total / child.visits + exploration * math.sqrt(
        math.log(parent_visits) / child.visits
    )


def terminal_rewards(
    state: Any, players: bool, score: Callable[[Any], float] | None
) -> tuple[float, ...]:
    """Rewards at the end of the game: ``returns()``, or a puzzle's ``(score,)``."""
    if players:
        return tuple(state.returns())
    if score is not None:
        v = score(state)
        if not isinstance(v, (int, float)) or math.isnan(v):
            raise InvalidValueError(f"score function {score!r} returned {v!r} for {state!r}")
        return (float(v),)
    returns = getattr(state, "returns", None)
    if returns is None:
        raise MissingCapabilityError(f"terminal state {state!r} has no returns() and no score")
    return (float(returns()[0]),)


def rollout_rewards(
    state: Any,
    rng: random.Random,
    policy: RolloutPolicy | None,
    players: bool,
    score: Callable[[Any], float] | None,
) -> tuple[float, ...]:
    """Play from ``state`` to a terminal state with ``policy`` (default: uniform random)."""
    if policy is None and (players or score is None):
        fast = getattr(state, "random_playout", None)
        if fast is not None:
            return tuple(fast(rng))
    draw = rng.random
    while True:
        children = state.get_children()
        if not isinstance(children, (list, tuple)):
            children = list(children)
        if not children:
            return terminal_rewards(state, players, score)
        if policy is None:
            state = children[int(draw() * len(children))]
        else:
            state = policy(children, state, rng)


def leaf_rewards(
    evaluate: Evaluator, state: Any, players: bool, perspective: int
) -> tuple[float, ...]:
    """Turn a leaf evaluation into a reward vector (a number is zero-sum for two players)."""
    v = evaluate(state)
    if isinstance(v, (int, float)):
        f = float(v)
        if math.isnan(f):
            raise InvalidValueError(f"evaluate {evaluate!r} returned NaN for {state!r}")
        if not players:
            return (f,)
        return (f, -f) if perspective == 0 else (-f, f)
    out = tuple(float(x) for x in v)
    if any(math.isnan(x) for x in out):
        raise InvalidValueError(f"evaluate {evaluate!r} returned NaN in {out!r} for {state!r}")
    return out
