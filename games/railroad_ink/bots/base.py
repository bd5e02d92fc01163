"""The Railroad Ink bot interface: ``Bot.choose(state)`` picks a child within a game's time.

Every bot of ``registry`` derives from ``Bot``: it keeps the thinking time spent so far, which
a ``seconds`` budget per game spreads over the decisions left.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from games.railroad_ink.rules.game import RailroadInkState
from treesearch.errors import InvalidArgumentError

__all__ = ["Bot", "check_count", "check_seconds", "check_value"]


def check_seconds(seconds: object) -> float | None:
    """``seconds`` as a float if it is a finite number > 0; None stays None (a fixed budget).

    An infinite thinking time is refused rather than honoured: a bot with a clock and no
    other bound would never answer.

    Raises:
        InvalidArgumentError: naming the bad value.
    """
    if seconds is None:
        return None
    if (
        isinstance(seconds, bool | np.bool_)
        or not isinstance(seconds, int | float | np.integer | np.floating)
        or not 0 < seconds < math.inf
    ):
        raise InvalidArgumentError(
            f"seconds must be a finite number > 0 (thinking time per game) or None, got {seconds!r}"
        )
    return float(seconds)


def check_count(name: str, value: object, low: int = 1) -> int:
    """``value`` as an int if it is an integer >= ``low`` (numpy integers too, not bools).

    Raises:
        InvalidArgumentError: naming the knob and its bad value.
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer) or value < low:
        raise InvalidArgumentError(f"{name} must be an int >= {low}, got {value!r}")
    return int(value)


def check_value(value: object) -> Callable[[Any], float]:
    """``value`` if it is callable: a value function ``state -> points``.

    Raises:
        InvalidArgumentError: naming the bad value.
    """
    if not callable(value):
        raise InvalidArgumentError(
            f"value must be a value function state -> points (e.g. HEURISTIC), got {value!r}"
        )
    return cast("Callable[[Any], float]", value)


class Bot:
    """Base class: ``choose(state)`` returns the child to play; ``seconds`` is per game.

    ``thinking`` is the time spent in ``choose`` so far, which the time budget spreads over
    the rest of the game.
    """

    name = "bot"
    _warmed = False
    engine = ""
    """The play-out engine the bot runs on ("numba" or "python"), "" when it uses none."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = check_seconds(seconds)
        self.thinking = 0.0

    def choose(self, state: RailroadInkState) -> RailroadInkState:
        """The child of ``state`` to play (``state`` must be a decision of player 0).

        Raises:
            InvalidArgumentError: ``state`` is not a state where player 0 places a tile.
        """
        if not isinstance(state, RailroadInkState) or state.player() != 0:
            raise InvalidArgumentError(
                f"a bot chooses at a RailroadInkState where player 0 moves, got {state!r}"
            )
        if not self._warmed:
            self._warmed = True
            self._warm(state)
        t0 = time.perf_counter()
        try:
            return self._choose(state)
        finally:
            self.thinking += time.perf_counter() - t0

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        raise NotImplementedError

    def _warm(self, state: RailroadInkState) -> None:
        """Get ready before the first move's clock starts (a compiled engine: load or compile)."""

    def _left(self) -> float | None:
        """Seconds of the game's budget still unspent (None without a budget)."""
        if self.seconds is None:
            return None
        return max(self.seconds - self.thinking, 1e-3)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seconds={self.seconds!r}>"
