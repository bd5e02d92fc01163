"""The Railroad Ink bot interface: ``Bot.choose(state)`` picks a child within a game's time.

Every bot of ``registry`` derives from ``Bot``: it keeps the thinking time spent so far, which
a ``seconds`` budget per game spreads over the decisions left.
"""

from __future__ import annotations

import time

from games.railroad_ink.rules.game import RailroadInkState
from treesearch.errors import InvalidArgumentError

__all__ = ["Bot"]


class Bot:
    """Base class: ``choose(state)`` returns the child to play; ``seconds`` is per game.

    ``thinking`` is the time spent in ``choose`` so far, which the time budget spreads over
    the rest of the game.
    """

    name = "bot"
    engine = ""
    """The play-out engine the bot runs on ("numba" or "python"), "" when it uses none."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds
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
        t0 = time.perf_counter()
        try:
            return self._choose(state)
        finally:
            self.thinking += time.perf_counter() - t0

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        raise NotImplementedError

    def _left(self) -> float | None:
        """Seconds of the game's budget still unspent (None without a budget)."""
        if self.seconds is None:
            return None
        return max(self.seconds - self.thinking, 1e-3)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seconds={self.seconds!r}>"
