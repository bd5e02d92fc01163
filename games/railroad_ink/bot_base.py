"""The Railroad Ink bot interface (``Bot.choose`` in a game's time), ``RandomBot``, ``BeamBot``.

``BeamBot`` is also the base of the ``lookahead`` bot (``lookahead``); ``bots`` holds the
rest of the bots and ``make_bot``. Kept apart so each module stays small.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from typing import Any

from games.railroad_ink.dice import ROUNDS
from games.railroad_ink.game import RailroadInkState
from games.railroad_ink.planning import RoundView, unwrapped
from games.railroad_ink.value import HEURISTIC
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError
from treesearch.result import Status

__all__ = ["BEAM_WIDTH", "BeamBot", "Bot", "RandomBot", "Value"]

BEAM_WIDTH = 64
"""Width of the ``beam`` bot without a time budget."""

Value = Callable[[Any], float]
"""A value function: ``state -> float``, larger is better."""


class Bot:
    """Base class: ``choose(state)`` returns the child to play; ``seconds`` is per game.

    ``thinking`` is the time spent in ``choose`` so far, which the time budget spreads over
    the rest of the game.
    """

    name = "bot"

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


class RandomBot(Bot):
    """A uniformly random child, from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seconds: float | None = None, seed: int = 0) -> None:
        super().__init__(seconds)
        self.rng = random.Random(seed)

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        children = state.get_children()
        return children[self.rng.randrange(len(children))]


class BeamBot(Bot):
    """``BeamSearch`` plans (the whole game with known dice, else the round); the bot follows.

    Args:
        width: beam width without a time budget (and the first width with one).
        value: ranks states (``HEURISTIC`` by default).
        seconds: per game; None for the fixed ``width``.
        name: the bot's name in records.
        widen: with ``seconds``, rerun with doubled width while time is left.
    """

    def __init__(
        self,
        width: int,
        value: Value = HEURISTIC,
        seconds: float | None = None,
        name: str = "beam",
        widen: bool = True,
    ) -> None:
        super().__init__(seconds)
        self.width, self.value, self.name, self.widen = width, value, name, widen
        self._plan: list[RailroadInkState] = []
        self._at: Hashable = None

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        key = state.key()
        if not (self._plan and self._at == key):
            self._plan = self._make_plan(state)
        child = self._plan.pop(0)
        self._at = child.key()
        return child

    def _make_plan(self, state: RailroadInkState) -> list[RailroadInkState]:
        known = state.game.dice == "known"
        start: Any = state if known else RoundView(state)
        value = self.value if known else unwrapped(self.value)
        left = self._left()
        budget = None
        if left is not None and not known:
            left /= max(ROUNDS + 1 - state.round, 1)  # this round's share
        plan: list[Any] = []
        width = self.width
        while True:
            if left is not None:
                budget = Budget(seconds=left)
            t0 = time.perf_counter()
            result = BeamSearch(width=width, value=value, graph=True, budget=budget).run(start)
            spent = time.perf_counter() - t0
            finished = result.status is not Status.BUDGET_REACHED
            if finished or not plan:
                plan = list(result.path[1:])
            if left is None or not finished or not self.widen:
                break
            left -= spent
            if left < 2.5 * spent:  # the next run, twice as wide, would not finish
                break
            width *= 2
        if not plan:  # the clock ran out before one level: play the best child
            return [max(state.get_children(), key=self.value)]
        return plan if known else [view.state for view in plan]
