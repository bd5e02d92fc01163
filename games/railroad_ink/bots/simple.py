"""The simple Railroad Ink bots: ``RandomBot``, and ``BeamBot`` (``greedy`` is a beam of one).

``BeamBot`` plans with the framework's ``BeamSearch`` and follows the plan; it is also the
base of the ``lookahead`` bot.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from typing import Any

from games.railroad_ink.bots.base import Bot, check_count, check_value
from games.railroad_ink.bots.planning import RoundView, unwrapped
from games.railroad_ink.bots.value import HEURISTIC, Value
from games.railroad_ink.pieces.dice import ROUNDS, check_seed
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError
from treesearch.result import Status

__all__ = ["BEAM_WIDTH", "BeamBot", "RandomBot"]

BEAM_WIDTH = 64
"""Width of the ``beam`` bot without a time budget."""


class RandomBot(Bot):
    """A uniformly random child, from its own ``random.Random(seed)``."""

    name = "random"

    def __init__(self, seconds: float | None = None, seed: int = 0) -> None:
        super().__init__(seconds)
        self.rng = random.Random(check_seed(seed))

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
        if not isinstance(name, str) or not name:
            raise InvalidArgumentError(f"name must be a non-empty string, got {name!r}")
        self.width, self.value = check_count("width", width), check_value(value)
        self.name, self.widen = name, bool(widen)
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
            result.raise_if_interrupted()
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
