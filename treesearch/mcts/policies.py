"""Strategy hooks of MCTS: selection scores, rollout policies and leaf evaluation.

Rewards are tuples indexed by player (a one-tuple for puzzles without players), so every
node can take the reward of the player who moved into it. This module imports ``Node`` from
``node`` and nothing from ``mcts.mcts`` (imports go one way).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from numbers import Real
from typing import Any

from treesearch._contract import FAULTS, bad_returns, fail, safe_repr, translate
from treesearch.errors import InvalidValueError, MissingCapabilityError, TreeSearchError
from treesearch.mcts.node import Node
from treesearch.values import CHANCE, chance_outcomes_of, sample_outcome

__all__ = [
    "ROLLOUT_LIMIT",
    "Evaluator",
    "RolloutPolicy",
    "SelectionFn",
    "checked_playout",
    "endless_rollout",
    "leaf_rewards",
    "rollout_rewards",
    "terminal_rewards",
    "uct",
]

CHECK_TIME_EVERY = 64
"""Rollout moves between two looks at the clock (one integer comparison per move)."""

ROLLOUT_LIMIT = 10_000
"""The most moves a rollout "to the end of the game" makes: a game that has not ended after
that many random moves may never end (``check_random_play`` calls such a game broken at the
same count), so the rollout stops there and ``cutoff`` scores it. An explicit ``max_moves``
(``MCTS(rollout_depth=...)``) replaces it, however large."""

Rewards = tuple[float, ...]

SelectionFn = Callable[["Node", int, float], float]
"""``fn(child, parent_visits, c) -> score`` with ``c`` the UCT constant in reward units
(``MCTS.c``): the highest-scoring child is followed."""

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
    """Rewards at the end of the game: ``returns()``, or a puzzle's ``(score,)``.

    ``returns()`` must give finite numbers; one sum per call checks them all (NaN and the
    infinities survive a sum, and ``total - total`` is 0 only for a finite total).
    """
    if players:
        raw = state.returns()
        try:
            rewards = tuple(raw)
            total = sum(rewards)
            finite = total - total == 0
        except TypeError:
            finite = False
        if not finite:
            raise bad_returns(state, raw)
        return rewards
    if score is not None:
        v = score(state)
        if not isinstance(v, (int, float)) or math.isnan(v):
            raise InvalidValueError(f"score function {score!r} returned {v!r} for {state!r}")
        return (float(v),)
    returns = getattr(state, "returns", None)
    if returns is None:
        raise MissingCapabilityError(f"terminal state {state!r} has no returns() and no score")
    return (float(returns()[0]),)


def checked_playout(state: Any, rewards: Iterable[float]) -> tuple[float, ...]:
    """The rewards a state's own ``random_playout`` returned, refused unless all finite.

    Raises:
        IteratorContractError: not a non-empty sequence of finite numbers (None, a number,
            strings, NaN...), naming the state, the value and what was expected.
    """
    try:
        values = tuple(rewards)
        total = sum(values)
        ok = bool(values) and total - total == 0
    except TypeError:  # None, a bare number, strings: the check costs nothing when fine
        ok = False
    if not ok:
        raise fail(
            "random_playout()",
            state,
            f"returned {safe_repr(rewards)}, expected a sequence of finite numbers",
            "return finite rewards, one per player, like returns() at the end",
        )
    return values


def rollout_rewards(
    state: Any,
    rng: random.Random,
    policy: RolloutPolicy | None,
    players: bool,
    score: Callable[[Any], float] | None,
    max_moves: int | None = None,
    cutoff: Callable[[Any], Rewards] | None = None,
    check_time: Callable[[], None] | None = None,
) -> Rewards:
    """Play from ``state`` to a terminal state with ``policy`` (default: uniform random).

    Chance states (``player() == CHANCE``) draw their outcome by its probability. After
    ``max_moves`` moves (``ROLLOUT_LIMIT`` when None) the rollout stops and
    ``cutoff(state)`` scores the state reached; ``check_time()`` (which raises when the run's
    time is up) is called every ``CHECK_TIME_EVERY`` moves. A state's own
    ``random_playout(rng)`` replaces the loop only when ``max_moves`` is None and there is
    no policy (the game's own play-out then has to end by itself).

    Raises:
        MissingCapabilityError: the rollout reached its limit and there is no ``cutoff``.
    """
    if policy is None and max_moves is None and (players or score is None):
        fast = getattr(state, "random_playout", None)
        if fast is not None:
            return checked_playout(state, fast(rng))
    limit = ROLLOUT_LIMIT if max_moves is None else max_moves
    stop = limit if check_time is None else min(limit, CHECK_TIME_EVERY)
    draw = rng.random
    moves = 0
    parent = None
    try:
        while True:
            children = state.get_children()
            if not isinstance(children, (list, tuple)):
                children = list(children)
            if not children:
                return terminal_rewards(state, players, score)
            if moves == stop:
                if check_time is None or moves >= limit:
                    if cutoff is None:
                        raise endless_rollout(state, limit)
                    return cutoff(state)
                check_time()
                stop = min(limit, moves + CHECK_TIME_EVERY)
            parent = state
            if players and state.player() == CHANCE:
                state = sample_outcome(chance_outcomes_of(state), draw())
            elif policy is None:
                state = children[int(draw() * len(children))]
            else:
                state = policy(children, state, rng)
            moves += 1
    except TreeSearchError:
        raise
    except FAULTS as exc:
        translate(exc, state, parent)
        raise


def endless_rollout(state: Any, moves: int) -> MissingCapabilityError:
    """The error of a play-out that made ``moves`` random moves without ending the game."""
    return MissingCapabilityError(
        f"a random play-out from {state!r} made {moves} moves without reaching the end of "
        "the game, which may never end: give a play-out that ends (playout=...) or a game "
        "whose random games end"
    )


def leaf_rewards(
    evaluate: Evaluator, state: Any, players: bool, perspective: int
) -> tuple[float, ...]:
    """Turn a leaf evaluation into a reward vector (a number is zero-sum for two players).

    Raises:
        InvalidValueError: the value is not a finite number (numpy's count, bools do not)
            nor a sequence of them, one per player.
    """
    v: Any = evaluate(state)
    if type(v) is float or type(v) is int or (isinstance(v, Real) and not isinstance(v, bool)):
        f = float(v)
        if f - f != 0:  # NaN or an infinity
            raise _bad_leaf_value(evaluate, state, v)
        if not players:
            return (f,)
        return (f, -f) if perspective == 0 else (-f, f)
    try:
        out = tuple(float(x) for x in v if not isinstance(x, bool))
        ok = bool(out) and len(out) == len(v) and all(x - x == 0 for x in out)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise _bad_leaf_value(evaluate, state, v)
    return out


def _bad_leaf_value(evaluate: Evaluator, state: Any, v: Any) -> InvalidValueError:
    return InvalidValueError(
        f"evaluate {evaluate!r} returned {v!r} for {state!r}; expected a finite number (not "
        "NaN or infinite) from the perspective player's view, or one per player"
    )
