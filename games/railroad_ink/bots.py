"""Railroad Ink bots by name: each a composition of the framework's searches and ``value``.

``make_bot(name, seconds=None, seed=0)`` returns a ``Bot``; ``bot.choose(state)`` returns the
child of ``state`` (a ``RailroadInkState`` where player 0 moves) that the bot plays. ``seconds``
is the bot's thinking time for a whole game, spread over its decisions; None uses the bot's
own fixed budget (a width or a number of simulations), which makes it deterministic.

Bots (``BOTS``):

- ``random``: a uniformly random child (its own ``random.Random(seed)``).
- ``greedy``: ``BeamSearch(width=1)`` ranking by ``HEURISTIC``: the best child, ply by ply.
- ``beam``: ``BeamSearch`` of width ``BEAM_WIDTH`` ranking by ``HEURISTIC``.
- ``mcts``: ``MCTS`` with ``HEURISTIC`` as leaf evaluation (scaled to rewards) and tree reuse.
- ``best``: the strongest measured per dice mode (``BEST``).

Horizon. With dice *known* the beam plans the whole game at once and the bot follows the plan.
With dice *revealed* a bot must not look at future rolls: the beam searches the rest of the
current round only (``RoundView``: states of a later round, chance states included, are
leaves ranked by the heuristic) and the bot follows that plan until the next roll; MCTS goes
through chance states with rolls it samples itself. No bot reads ``state.game.rolls``.

With ``seconds`` the beam is anytime: it reruns with doubled width while the time left allows,
keeping the widest finished plan (a run cut by the clock keeps its best partial plan only when
no run finished).
"""

from __future__ import annotations

import difflib
import random
import time
from collections.abc import Callable, Hashable
from typing import Any

from games.railroad_ink.dice import ROUNDS
from games.railroad_ink.game import RailroadInkState
from games.railroad_ink.value import HEURISTIC
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.mcts import MCTS
from treesearch.result import Status

__all__ = [
    "BEAM_WIDTH", "BEST", "BOTS", "MCTS_ITERATIONS", "BeamBot", "Bot", "MctsBot", "RandomBot",
    "RoundView", "check_bot_name", "make_bot",
]  # fmt: skip

BOTS = ("random", "greedy", "beam", "mcts", "best")
"""The bots ``make_bot`` knows, weakest first."""

BEAM_WIDTH = 64
"""Width of the ``beam`` bot without a time budget."""

MCTS_ITERATIONS = 300
"""Simulations per decision of the ``mcts`` bot without a time budget."""

BEST = {"known": "beam", "revealed": "beam"}
"""The bot ``best`` plays per dice mode (measured: ``benchmarks/bench_railroad_ink.py``)."""

Value = Callable[[Any], float]


class RoundView(TreeIterator):
    """A state seen up to the end of its round: later states have no children (leaves).

    A search run on it plans the round's placements without seeing the next roll: in
    revealed mode the round ends at a chance state, which the view makes a leaf.
    """

    __slots__ = ("last", "state")

    def __init__(self, state: RailroadInkState, last: int | None = None) -> None:
        self.state = state
        self.last = state.round if last is None else last

    def get_children(self) -> list[RoundView]:
        """The state's children in views, or none once the round is over."""
        state = self.state
        if state.round != self.last or state.player() != 0:
            return []
        last = self.last
        return [RoundView(child, last) for child in state.get_children()]

    def key(self) -> Hashable:
        """The state's key (a view adds nothing to the position)."""
        return self.state.key()


def _unwrapped(value: Value) -> Value:
    """``value`` applied to the state inside a ``RoundView``."""
    return lambda view: value(view.state)


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
        value = self.value if known else _unwrapped(self.value)
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


class MctsBot(Bot):
    """``MCTS`` with ``value`` as leaf evaluation (points / 100), rolls sampled at chance states.

    Args:
        iterations: simulations per decision without a time budget.
        value: leaf evaluation in points (``HEURISTIC`` by default).
        seconds: per game; None for the fixed ``iterations``.
        seed: the search's random stream.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int = MCTS_ITERATIONS,
        value: Value = HEURISTIC,
        seconds: float | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__(seconds)
        self.iterations, self.value = iterations, value
        self._search = MCTS(
            iterations=iterations, evaluate=self._leaf, rng=seed, reuse=True, exploration=0.3
        )

    def _leaf(self, state: Any) -> float:
        return max(-1.0, min(1.0, self.value(state) / 100.0))

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        left = self._left()
        if left is not None:  # about four decisions a round: spread over the rounds left
            decisions = 4 * (ROUNDS - state.round) + len(state.faces or ()) + 1
            self._search.budget = Budget(seconds=left / decisions)  # this run's share
        best: RailroadInkState | None = self._search.run(state).best
        if best is None:  # no simulation fitted in the time left: the best child by value
            best = max(state.get_children(), key=self.value)
        return best


def check_bot_name(name: object) -> str:
    """``name`` if it is one of ``BOTS``.

    Raises:
        InvalidArgumentError: naming the bad name, the choices and a near miss if any.
    """
    if isinstance(name, str) and name in BOTS:
        return name
    near = difflib.get_close_matches(name, BOTS, n=1) if isinstance(name, str) else []
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    raise InvalidArgumentError(f"bot must be one of {BOTS!r}, got {name!r}{hint}")


def make_bot(name: str, dice: str = "revealed", seconds: float | None = None, seed: int = 0) -> Bot:
    """The bot called ``name`` (one of ``BOTS``) for a game with ``dice`` ("known"/"revealed").

    Raises:
        InvalidArgumentError: an unknown name (with a near miss), or a bad ``seconds``.
    """
    check_bot_name(name)
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise InvalidArgumentError(f"seconds must be a number > 0 or None, got {seconds!r}")
    if name == "best":
        name = BEST.get(dice, "beam")
    if name == "random":
        return RandomBot(seconds, seed)
    if name == "greedy":
        return BeamBot(1, seconds=seconds, name="greedy", widen=False)
    if name == "beam":
        return BeamBot(BEAM_WIDTH, seconds=seconds)
    return MctsBot(seconds=seconds, seed=seed)
