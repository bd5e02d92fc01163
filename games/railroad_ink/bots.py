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
- ``lookahead``: a round beam whose best ends are compared by playing the rest of the game
  from each: with dice revealed greedily on sampled rolls, with dice known by a narrower
  whole-game beam on the known rolls, keeping the best finished game found (``LookaheadBot``).
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

from games.railroad_ink.bot_base import Bot, RandomBot
from games.railroad_ink.dice import ROUNDS
from games.railroad_ink.game import RailroadInkState
from games.railroad_ink.planning import (
    RoundView,
    complete,
    path_to,
    rank_ends,
    round_ends,
    unwrapped,
)
from games.railroad_ink.value import HEURISTIC
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError
from treesearch.mcts import MCTS
from treesearch.result import Status

__all__ = [
    "BEAM_WIDTH", "BEST", "BOTS", "LOOKAHEAD_ENDS", "LOOKAHEAD_PILOT", "LOOKAHEAD_ROLLS",
    "LOOKAHEAD_ROUNDS", "LOOKAHEAD_WIDTH", "MCTS_ITERATIONS", "BeamBot", "Bot",
    "LookaheadBot", "MctsBot", "RandomBot", "RoundView", "check_bot_name", "make_bot",
]  # fmt: skip

BOTS = ("random", "greedy", "beam", "mcts", "lookahead", "best")
"""The bots ``make_bot`` knows, weakest first."""

BEAM_WIDTH = 64
"""Width of the ``beam`` bot without a time budget."""

MCTS_ITERATIONS = 300
"""Simulations per decision of the ``mcts`` bot without a time budget."""

LOOKAHEAD_WIDTH = 64
"""Round beam width of the ``lookahead`` bot."""

LOOKAHEAD_ENDS = 8
"""Round ends the ``lookahead`` bot compares by sampling futures."""

LOOKAHEAD_ROLLS = 4
"""Futures (sampled roll sequences) per round end without a time budget (the most with one)."""

LOOKAHEAD_PILOT = 16
"""Width of the whole-game beam that plays each round end out when the dice are known."""

LOOKAHEAD_ROUNDS = 7
"""Rounds the ``lookahead`` bot plays past a round end per sampled future (7: to the end)."""

BEST = {"known": "lookahead", "revealed": "lookahead"}
"""The bot ``best`` plays per dice mode (measured: ``benchmarks/bench_railroad_ink.py``)."""

Value = Callable[[Any], float]


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


class LookaheadBot(BeamBot):
    """A round beam keeps its ``ends`` best round ends; a look past each picks one.

    Dice revealed: ``planning.rank_ends`` scores each end by ``rolls`` futures of ``rounds``
    rolls sampled by the bot's own ``random.Random(seed)`` (never the game's rolls), each
    played greedily round by round from the end; the value reached is averaged (``rounds=7``:
    the final scores). Dice known (a *pilot method*): each end (and, at first, the state
    itself) is played out by a whole-game beam of width ``pilot`` on the known rolls
    (``planning.complete``); the bot keeps the best finished game seen so far and follows it
    for the round, so it never ends below a pilot's game from any state it passed.

    With ``seconds``, a round gets its share of the time left (known dice: weighted by the
    rounds its pilots play), half of it for the beam with revealed dice; the looks stop when
    the next would pass the round's deadline.
    """

    name = "lookahead"

    def __init__(
        self,
        width: int = LOOKAHEAD_WIDTH,
        ends: int = LOOKAHEAD_ENDS,
        rolls: int = LOOKAHEAD_ROLLS,
        value: Value = HEURISTIC,
        seconds: float | None = None,
        seed: int = 0,
        rounds: int = LOOKAHEAD_ROUNDS,
        pilot: int = LOOKAHEAD_PILOT,
    ) -> None:
        for knob, number in (
            ("width", width),
            ("ends", ends),
            ("rolls", rolls),
            ("rounds", rounds),
            ("pilot", pilot),
        ):
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise InvalidArgumentError(f"{knob} must be an int >= 1, got {number!r}")
        super().__init__(width, value, seconds, self.name, widen=False)
        self.ends, self.rolls, self.rng = ends, rolls, random.Random(seed)
        self.rounds, self.pilot = rounds, pilot
        self._best: RailroadInkState | None = None  # known dice: the best finished game seen

    def _make_plan(self, state: RailroadInkState) -> list[RailroadInkState]:
        if state.game.dice == "known":
            return self._known_plan(state)
        if state.round >= ROUNDS:
            return super()._make_plan(state)
        t0 = time.perf_counter()
        left = self._left()
        share = None if left is None else left / (ROUNDS + 1 - state.round)
        budget = None if share is None else Budget(seconds=share / 2)
        ends, _ = round_ends(state, self.width, self.value, self.ends, budget)
        if not ends:  # the clock ran out before one level: the best child
            return [max(state.get_children(), key=self.value)]
        deadline = None if share is None else t0 + share
        end = rank_ends(ends, self.rng, self.rolls, self.value, self.rounds, deadline)
        return path_to(state, end)

    def _known_plan(self, state: RailroadInkState) -> list[RailroadInkState]:
        """The rest of this round along the best finished game the pilots found."""
        t0 = time.perf_counter()
        left = self._left()
        deadline = None
        if left is not None:  # round r's pilots play 8 - r rounds: share the time so
            weights = range(ROUNDS + 1 - state.round, 0, -1)
            deadline = t0 + left * weights[0] / sum(weights)
        best = self._best
        if best is not None and not _extends(best, state):
            best = None  # another game, or the bot was not followed
        budget = None if deadline is None else Budget(seconds=(deadline - t0) / 4)
        ends, _ = round_ends(state, self.width, self.value, self.ends, budget)
        starts = [end for _, end in ends]
        if best is None:  # no game to keep yet: the pilot from here first
            starts.insert(0, state)
        slowest = 0.0
        for end in starts:
            now = time.perf_counter()
            budget = None
            if deadline is not None:
                if now + slowest > deadline:
                    break
                budget = Budget(seconds=deadline - now)
            final = complete(end, self.pilot, self.value, budget)
            slowest = max(slowest, time.perf_counter() - now)
            if final is None:  # cut by the clock
                break
            if best is None or final.board.score().total > best.board.score().total:
                best = final
        self._best = best
        if best is None:  # no pilot finished: the beam's best end, or the best child
            if not ends:
                return [max(state.get_children(), key=self.value)]
            best = ends[0][1]
        plan = []
        for step in path_to(state, best):
            plan.append(step)
            if step.round != state.round:
                break
        return plan


def _extends(game: RailroadInkState, state: RailroadInkState) -> bool:
    """Whether ``game``'s placements start with all of ``state``'s, in one dice sequence."""
    if game.game is not state.game:
        return False
    placed = state.board.order
    if game.board.order[: len(placed)] != placed:
        return False
    return all(game.board.tiles[i] == state.board.tiles[i] for i in placed)


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
    if name == "lookahead":
        return LookaheadBot(seconds=seconds, seed=seed)
    return MctsBot(seconds=seconds, seed=seed)
