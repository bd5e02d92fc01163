"""The ``lookahead`` bot: a round beam's best ends, each judged by playing the game out.

Dice revealed, the ends are played greedily on roll sequences the bot samples itself; dice
known, by a narrower whole-game beam on the known rolls (a *pilot method*), keeping the best
finished game found. ``LookaheadBot`` has the details; ``planning`` the building blocks.
"""

from __future__ import annotations

import math
import random
import time

from games.railroad_ink.bots.base import check_count
from games.railroad_ink.bots.planning import complete, path_to, rank_ends, round_ends
from games.railroad_ink.bots.simple import BeamBot
from games.railroad_ink.bots.value import HEURISTIC, Value
from games.railroad_ink.pieces.dice import ROUNDS, check_seed
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.budget import Budget

__all__ = [
    "LOOKAHEAD_ENDS",
    "LOOKAHEAD_PILOT",
    "LOOKAHEAD_ROLLS",
    "LOOKAHEAD_ROUNDS",
    "LOOKAHEAD_WIDTH",
    "LookaheadBot",
]

LOOKAHEAD_WIDTH = 64
"""Round beam width of the ``lookahead`` bot."""

LOOKAHEAD_ENDS = 8
"""Round ends the ``lookahead`` bot plays out and compares."""

LOOKAHEAD_ROLLS = 4
"""Futures (sampled roll sequences) per round end without a time budget (the most with one)."""

LOOKAHEAD_PILOT = 16
"""Width of the whole-game beam that plays each round end out when the dice are known."""

LOOKAHEAD_ROUNDS = 7
"""Rounds the ``lookahead`` bot plays past a round end per sampled future (7: to the end)."""


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
    the next would pass the round's deadline. With known dice, time left after the pilots
    goes to another sweep with pilots twice as wide.
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
        super().__init__(width, value, seconds, self.name, widen=False)
        self.ends, self.rolls = check_count("ends", ends), check_count("rolls", rolls)
        self.rounds, self.pilot = check_count("rounds", rounds), check_count("pilot", pilot)
        self.rng = random.Random(check_seed(seed))
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
        width = self.pilot
        while True:  # with a clock: sweep again with pilots twice as wide while time allows
            t1 = time.perf_counter()
            best, finished = self._pilots(starts, width, deadline, best)
            if deadline is None or not finished:
                break
            sweep = time.perf_counter() - t1
            if time.perf_counter() + 2.5 * sweep > deadline:
                break
            width *= 2
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

    def _pilots(
        self,
        starts: list[RailroadInkState],
        width: int,
        deadline: float | None,
        best: RailroadInkState | None,
    ) -> tuple[RailroadInkState | None, bool]:
        """The best finished game after each start is played out by a beam of ``width``.

        Also whether every pilot finished before ``deadline``.
        """
        slowest = 0.0
        points = -math.inf if best is None else best.board.score().total
        for end in starts:
            now = time.perf_counter()
            budget = None
            if deadline is not None:
                if now + slowest > deadline:
                    return best, False
                budget = Budget(seconds=deadline - now)
            final = complete(end, width, self.value, budget)
            slowest = max(slowest, time.perf_counter() - now)
            if final is None:  # cut by the clock
                return best, False
            total = final.board.score().total
            if total > points:
                best, points = final, total
        return best, True


def _extends(game: RailroadInkState, state: RailroadInkState) -> bool:
    """Whether ``game``'s placements start with all of ``state``'s, in one dice sequence."""
    if game.game is not state.game:
        return False
    placed = state.board.order
    if game.board.order[: len(placed)] != placed:
        return False
    return all(game.board.tiles[i] == state.board.tiles[i] for i in placed)
