"""Planning blocks of the Railroad Ink bots: a round's horizon, its best ends, a look past it.

With dice revealed a bot must not see future rolls, so it plans one round at a time:

- ``RoundView`` shows a state up to the end of its round (later states are leaves), so a
  ``BeamSearch`` run on it plans the round's placements;
- ``round_ends`` runs that beam and keeps the best distinct *ends* of the round it met
  (the states where the next roll is awaited), each ranked by ``value``;
- ``look_ahead`` plays a sampled *future* (rolls drawn from the dice by the caller's own
  ``random.Random``, ``sample_rolls``, never the game's rolls) from such an end, greedily
  round by round (``BeamSearch(width=1)`` on a ``RoundView``), and values where it stops:
  after one round, or with enough rolls the game's exact final score;
- ``rank_ends`` picks the end with the best mean over sampled futures, each future played
  from every end (the same rolls for all: the comparison's noise stays low), until a
  deadline;
- ``complete`` plays a known-dice state to the game's end with a whole-game beam (the
  *pilot* that the ``lookahead`` bot runs from each round end when the dice are known);
- ``path_to`` turns a chosen end back into the states that lead to it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence

from games.railroad_ink.bots.value import Value
from games.railroad_ink.pieces.dice import canonical
from games.railroad_ink.pieces.geometry import notation
from games.railroad_ink.pieces.tiles import JUNCTION_DIE, ROUTE_DIE, Tile
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.core import TreeIterator
from treesearch.result import Status

__all__ = [
    "RoundView",
    "complete",
    "look_ahead",
    "path_to",
    "rank_ends",
    "round_ends",
    "sample_rolls",
    "unwrapped",
]


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


def unwrapped(value: Value) -> Value:
    """``value`` applied to the state inside a ``RoundView``."""
    return lambda view: value(view.state)


def round_ends(
    state: RailroadInkState, width: int, value: Value, keep: int, budget: Budget | None = None
) -> tuple[list[tuple[float, RailroadInkState]], bool]:
    """The ``keep`` best ends of ``state``'s round a beam of ``width`` met, best first.

    An end is a state past the round (the next roll awaited, or the game over), with its
    ``value``. Also whether the beam finished within ``budget``.
    """
    last = state.round
    ends: dict[Hashable, tuple[float, RailroadInkState]] = {}

    def ranked(view: RoundView) -> float:
        inner = view.state
        v = value(inner)
        if inner.round != last or inner.player() != 0:
            ends[inner.key()] = (v, inner)
        return v

    result = BeamSearch(width=width, value=ranked, graph=True, budget=budget).run(RoundView(state))
    result.raise_if_interrupted()
    best = sorted(ends.values(), key=lambda pair: -pair[0])[:keep]
    return best, result.status is not Status.BUDGET_REACHED


def sample_rolls(rng: random.Random, count: int) -> list[tuple[Tile, ...]]:
    """``count`` rolls of one round drawn from the dice (three route faces, one junction face)."""
    route, junction = ROUTE_DIE, JUNCTION_DIE
    return [
        canonical((rng.choice(route), rng.choice(route), rng.choice(route), rng.choice(junction)))
        for _ in range(count)
    ]


def look_ahead(end: RailroadInkState, future: Sequence[tuple[Tile, ...]], value: Value) -> float:
    """``value`` once the rolls of ``future`` are played greedily, round by round, from ``end``.

    ``end`` is a chance state (or the game's end); play stops when ``future`` runs out or
    the game ends.
    """
    greedy = BeamSearch(width=1, value=unwrapped(value), graph=False)
    state = end
    for roll in future:
        if state.faces is not None:  # the game is over: nothing to roll
            break
        state = greedy.run(RoundView(state.rolled(roll))).raise_if_interrupted().path[-1].state
    return value(state)


def rank_ends(
    ends: Sequence[tuple[float, RailroadInkState]],
    rng: random.Random,
    samples: int,
    value: Value,
    rounds: int = 1,
    deadline: float | None = None,
) -> RailroadInkState:
    """The end of ``ends`` (``(value, end)`` pairs) with the best mean ``look_ahead``.

    Each of ``samples`` futures (``rounds`` rolls) is sampled once and played from every end
    (common random numbers); with a ``deadline`` (``time.perf_counter()``) sampling stops
    when one more future would pass it; past it already, the first end (the best by value)
    is taken without looking.
    """
    totals = [0.0] * len(ends)
    start = time.perf_counter()
    if deadline is not None and start >= deadline:  # no time to look: the beam's best
        return ends[0][1]
    for sweep in range(1, samples + 1):
        future = sample_rolls(rng, rounds)
        for k, (_, end) in enumerate(ends):
            totals[k] += look_ahead(end, future, value)
        now = time.perf_counter()
        if deadline is not None and now + (now - start) / sweep > deadline:
            break
    return ends[max(range(len(ends)), key=totals.__getitem__)][1]


def complete(
    state: RailroadInkState, width: int, value: Value, budget: Budget | None = None
) -> RailroadInkState | None:
    """The best finished game a whole-game beam of ``width`` reaches from ``state``.

    For dice known in advance (the beam reads the known rolls); ``state`` itself when the
    game is over, None when ``budget`` stops the beam before it finishes.
    """
    if state.is_terminal():
        return state
    result = BeamSearch(width=width, value=value, graph=True, budget=budget).run(state)
    result.raise_if_interrupted()
    if result.status is Status.BUDGET_REACHED or not result.path:
        return None
    final: RailroadInkState = result.path[-1]
    return final if final.is_terminal() else None


def path_to(state: RailroadInkState, end: RailroadInkState) -> list[RailroadInkState]:
    """The states from ``state`` (excluded) to ``end``, following ``end``'s placements.

    Known dice: a placement that is no child of a state comes after the end of its round, so
    the path takes the child that ends the round first (a round's own end when ``end`` lies
    past it, too).
    """
    path: list[RailroadInkState] = []
    tiles = end.board.tiles
    for square in end.board.order[len(state.board.order) :]:
        move = notation(square, tiles[square])
        step = next((c for c in state.get_children() if c.move == move), None)
        if step is None:
            state = next(c for c in state.get_children() if c.placement is None)
            path.append(state)
            step = next(c for c in state.get_children() if c.move == move)
        state = step
        path.append(state)
    if state.round != end.round and state.player() == 0:
        target = end.key()
        path.extend([c for c in state.get_children() if c.key() == target][:1])
    return path
