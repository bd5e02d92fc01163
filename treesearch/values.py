"""Value functions: numbers for states, from a stated player's point of view.

Perspective convention (used by every search here): a *value* is a number where larger is
better **for the player it is computed for**. Per-player outcomes are tuples indexed by
player number (``state.returns()[p]`` is player ``p``'s reward). Two-player zero-sum games
use ``returns() == (r, -r)``. Single-player puzzles have no ``player()`` method; their
value is simply the score to maximise.

The player contract, for games with players (all optional for one-player puzzles):

- ``player() -> int``: who moves at this state (``0 .. num_players-1``), or ``CHANCE``
  (-1) when the children are random outcomes (a dice roll).
- ``returns() -> Sequence[float]``: per-player rewards, meaningful at terminal states.
- ``chance_outcomes() -> Sequence[tuple[child, probability]]``: at chance states, the
  outcomes with probabilities summing to 1. ``get_children()`` yields the same children, so
  uninformed searches simply enumerate every outcome.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from treesearch.errors import InvalidArgumentError, InvalidValueError, MissingCapabilityError

__all__ = [
    "CHANCE",
    "ValueFunction",
    "evaluate",
    "negated",
    "normalised",
    "player_of",
    "returns_of",
    "terminal_value",
]

CHANCE = -1
"""``player()`` of a chance state: its children are random outcomes."""

ValueFunction = Callable[[Any], float]
"""A callable state -> number; larger is better for the player it is written for."""


def evaluate(value: Callable[[Any], Any], state: Any) -> float:
    """Call a value function and insist on a real number (NaN is a bug, not a score)."""
    v = value(state)
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise InvalidValueError(
            f"value function {value!r} returned {v!r} for {state!r}; expected a number"
        ) from None
    if math.isnan(f):
        raise InvalidValueError(f"value function {value!r} returned NaN for {state!r}")
    return f


def player_of(state: Any) -> int:
    """``state.player()``, with an error that says what is missing."""
    player = getattr(state, "player", None)
    if not callable(player):
        raise MissingCapabilityError(
            f"{state!r} has no player() method; searches for games with players need "
            "player() -> int and returns() -> per-player rewards"
        )
    p: int = player()
    return p


def returns_of(state: Any) -> tuple[float, ...]:
    """``state.returns()`` as a tuple of floats, checked for NaN."""
    get = getattr(state, "returns", None)
    if not callable(get):
        raise MissingCapabilityError(
            f"{state!r} has no returns() method; terminal states of games with players must "
            "report per-player rewards"
        )
    values = tuple(float(r) for r in get())
    if any(math.isnan(r) for r in values):
        raise InvalidValueError(f"returns() of {state!r} contains NaN: {values!r}")
    return values


def terminal_value(player: int) -> ValueFunction:
    """The terminal reward of ``player``: ``state.returns()[player]``."""

    def value(state: Any) -> float:
        return returns_of(state)[player]

    value.__qualname__ = f"terminal_value({player})"
    return value


def negated(value: ValueFunction) -> ValueFunction:
    """The same value seen by the opponent of a two-player zero-sum game."""

    def neg(state: Any) -> float:
        return -value(state)

    neg.__qualname__ = f"negated({getattr(value, '__qualname__', value)!s})"
    return neg


def normalised(value: ValueFunction, low: float, high: float) -> ValueFunction:
    """Map values in ``[low, high]`` linearly onto ``[0, 1]`` (UCT wants rewards there)."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        raise InvalidArgumentError(f"need finite low < high, got low={low!r}, high={high!r}")
    span = high - low

    def norm(state: Any) -> float:
        return (value(state) - low) / span

    norm.__qualname__ = f"normalised({getattr(value, '__qualname__', value)!s})"
    return norm
