"""Value functions: numbers for states, from a stated player's point of view.

Perspective convention (used by every search here): a *value* is a number where larger is
better **for the player it is computed for**. Per-player outcomes are tuples indexed by
player number (``state.returns()[p]`` is player ``p``'s reward). Two-player zero-sum games
use ``returns() == (r, -r)``. Single-player puzzles have no ``player()`` method; their
value is simply the score to maximise.

The player contract, for games with players (all optional for one-player puzzles):

- ``player() -> int``: who moves at this state (``0 .. num_players-1``), or ``CHANCE``
  (-1) when the children are random outcomes (a dice roll), or ``TERMINAL`` (-4, OpenSpiel's
  ``PlayerId.TERMINAL``) at a terminal state, where nobody moves. A terminal state may also
  keep answering a player index (tic-tac-toe names whoever would move next); ``TERMINAL``
  is accepted only where the state has no children.
- ``returns() -> Sequence[float]``: per-player rewards, meaningful at terminal states.
- ``chance_outcomes() -> Sequence[tuple[child, probability]]``: at chance states, the
  outcomes with finite probabilities >= 0 summing to 1 (within ``1e-6``).
  ``get_children()`` yields the same children, so uninformed searches simply enumerate every
  outcome.

A game that breaks this contract gets an ``IteratorContractError`` from the search, naming the
state, the method and the bad value, in the words of ``treesearch.check_iterator``: both
judge with the same checks, in ``treesearch._contract`` (where ``CHANCE``, ``TERMINAL`` and
``PROBABILITY_TOLERANCE`` are defined; this module re-exports them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from treesearch._contract import (
    CHANCE,
    PROBABILITY_TOLERANCE,
    TERMINAL,
    chance_pairs,
    fail,
    finite_rewards,
    player_index,
)
from treesearch.arguments import check_count, check_number
from treesearch.errors import (
    InvalidArgumentError,
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
)

__all__ = [
    "CHANCE",
    "PROBABILITY_TOLERANCE",
    "TERMINAL",
    "ValueFunction",
    "chance_outcomes_of",
    "evaluate",
    "negated",
    "normalised",
    "player_of",
    "player_out_of_range",
    "returns_of",
    "sample_outcome",
    "terminal_value",
]

ValueFunction = Callable[[Any], float]
"""A callable state -> number; larger is better for the player it is written for."""

_MISSING = {
    "player": "has no player() method; searches for games with players need player() -> int "
    "and returns() -> per-player rewards",
    "returns": "has no returns() method; terminal states of games with players must report "
    "per-player rewards",
    "chance_outcomes": "is a chance state (player() is CHANCE) but has no chance_outcomes() "
    "method returning [(child, probability), ...]",
}
"""What the accessors below say, after the state's repr, when its method ``name`` is missing."""


def evaluate(value: Callable[[Any], Any], state: Any) -> float:
    """Call a value function and insist on a real number (NaN is a bug, not a score)."""
    try:
        v = value(state)
    except TypeError:
        if not callable(value):  # looked at only on failure: nothing per call
            raise _not_callable("value", value, "state -> number") from None
        raise
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise InvalidValueError(
            f"value function {value!r} returned {v!r} for {state!r}; expected a number"
        ) from None
    if math.isnan(f):
        raise InvalidValueError(
            f"value function {value!r} returned NaN for {state!r}; expected a number (NaN "
            "says the function has a bug, it is not a score)"
        )
    return f


def _method(state: Any, name: str) -> Callable[[], Any]:
    """The method ``name`` of ``state``, or the MissingCapabilityError that says it is missing."""
    method: Callable[[], Any] | None = getattr(state, name, None)
    if not callable(method):
        raise MissingCapabilityError(f"{state!r} {_MISSING[name]}")
    return method


def player_of(state: Any) -> int:
    """``state.player()``, with an error that says what is missing."""
    p = _method(state, "player")()
    if type(p) is int and p >= 0:  # the usual answer, settled without a call
        return p
    return player_index(state, p)  # numpy integers, CHANCE, TERMINAL, or an error


def player_out_of_range(state: Any, p: Any, rewards: Any) -> IteratorContractError:
    """``player()`` returned ``p``, but a reward vector ``rewards`` has no entry for it."""
    return fail(
        "player()",
        state,
        f"returned {p!r}, but the rewards backed up to it, {tuple(rewards)!r}, have no "
        f"entry for player {p!r} (returns() must give one reward per player)",
        "number players from 0 and give every player a reward in returns()",
    )


def returns_of(state: Any) -> tuple[float, ...]:
    """``state.returns()`` as a tuple of finite floats, or an IteratorContractError.

    The rule is ``_contract.finite_rewards``: finite real numbers (numpy's too), no bools.
    """
    return finite_rewards(state, _method(state, "returns")())


def chance_outcomes_of(state: Any) -> list[tuple[Any, float]]:
    """``state.chance_outcomes()`` as a list, its probabilities checked once per call.

    Probabilities must be finite, >= 0 and sum to 1 within ``PROBABILITY_TOLERANCE``;
    anything else would make a search weigh outcomes wrongly without a word.
    """
    return chance_pairs(state, _method(state, "chance_outcomes")())


def _not_callable(name: str, fn: Any, what: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"{name} must be a callable {what}, got {fn!r}")


def terminal_value(player: int) -> ValueFunction:
    """The terminal reward of ``player``: ``state.returns()[player]``."""
    player = check_count("player", player, 0)

    def value(state: Any) -> float:
        return returns_of(state)[player]

    value.__qualname__ = f"terminal_value({player})"
    return value


def negated(value: ValueFunction) -> ValueFunction:
    """The same value seen by the opponent of a two-player zero-sum game."""
    if not callable(value):
        raise _not_callable("value", value, "state -> number")

    def neg(state: Any) -> float:
        return -value(state)

    neg.__qualname__ = f"negated({getattr(value, '__qualname__', value)!s})"
    return neg


def normalised(value: ValueFunction, low: float, high: float) -> ValueFunction:
    """Map values in ``[low, high]`` linearly onto ``[0, 1]`` (UCT wants rewards there)."""
    if not callable(value):
        raise _not_callable("value", value, "state -> number")
    try:
        ok = check_number("low", low) < check_number("high", high)
    except InvalidArgumentError:
        ok = False
    if not ok:
        raise InvalidArgumentError(
            f"normalised needs finite numbers low < high, got low={low!r}, high={high!r}"
        )
    low, high = float(low), float(high)
    span = high - low

    def norm(state: Any) -> float:
        return (value(state) - low) / span

    norm.__qualname__ = f"normalised({getattr(value, '__qualname__', value)!s})"
    return norm


def sample_outcome(outcomes: Sequence[tuple[Any, float]], u: float) -> Any:
    """The outcome whose cumulative probability first exceeds ``u`` (a uniform draw)."""
    acc = 0.0
    for state, p in outcomes:
        acc += p
        if u < acc:
            return state
    return outcomes[-1][0]
