"""Dice known: a whole game planned by nested searches over the ends of each round.

With every roll known, each of a round's distinct ends (``round_beam.round_ends``: the best
the learned value finds) can be tried and rated by the whole game it leads to: at level 0 the
round player's game on the known rolls (each later round's best end by the value, the last
round's by its score), at level n the best game level n - 1 finds from it. Each level then
plays the next round of the best game found so far, so it never ends below a game it has
seen: nested Monte Carlo search whose moves are whole rounds. Levels run in Python, each round
search one compiled call; a deadline ends the search between two games, with the best found.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np

from games.railroad_ink.engine.playout import Turn, load_round, seed_stream
from games.railroad_ink.engine.position import Position
from games.railroad_ink.engine.round_beam import (
    PLAYOUT_ENDS,
    Ends,
    best_end,
    new_ends,
    new_work,
)
from games.railroad_ink.engine.round_beam import round_ends as _round_ends
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES
from games.railroad_ink.pieces.dice import ROUNDS
from treesearch.arguments import check_count
from treesearch.errors import InvalidArgumentError

__all__ = ["ENDS", "LAST_WIDTH", "PLAYOUT_WIDTH", "WIDTH", "RoundEnd", "nested_plan"]

ENDS = (48, 16)
"""Round ends tried per level, from level 1 up: at level 2, 16 ends of each round, each
rated by level 1 over 48 ends of every later round (96 and 24 measured no better on ten seeds)."""
WIDTH = 64
"""The round beam's width in rounds 1-6 (128 found the same games on ten seeds)."""
LAST_WIDTH = 256
"""The round beam's width in the last round, whose ends are scored exactly."""
PLAYOUT_WIDTH = 8
"""The round player's beam at level 0 (width 4 scored 0.5 less on ten seeds)."""

RoundEnd = tuple[np.ndarray, np.ndarray, int, list[int]]
"""A board where a round ends: tiles, slots, specials used, and the round's placements (-1
closes a round ended while something could still be placed)."""
_NO_FUTURES = (np.zeros(0, np.int64), np.zeros(0), 0, 0, 0)


def _end(ends: Ends, q: int) -> RoundEnd:
    """Round end ``q`` of ``ends``, copied out."""
    return ends[1][q].copy(), ends[2][q].copy(), int(ends[4][q]), ends[5][q][: ends[6][q]].tolist()


class _Nest:
    """The shared state of one nested search: the value, the rolls, working arrays, a clock."""

    def __init__(
        self,
        weights: np.ndarray,
        p: Position,
        ends: Sequence[int],
        width: int,
        last_width: int,
        playout_width: int,
        deadline: float,
    ) -> None:
        self.weights, self.p, self.ends = weights, p, ends
        self.width, self.last_width, self.deadline = width, last_width, deadline
        self.keys = np.random.default_rng(0).integers(1, 1 << 40, size=49)
        self.work, self.playout_ends = new_work(playout_width), new_ends(PLAYOUT_ENDS)
        self.stream = seed_stream(0)  # never read: every roll is known
        self.stopped = False

    def _turn(self, tiles: np.ndarray, slots: np.ndarray, used: int, rnd: int) -> Turn:
        """The engine's turn at round ``rnd``'s start (in the position's round, its own turn)."""
        p = self.p
        if rnd == p.round and (p.placed > 0 or p.counts.any()):  # not a chance state
            return (tiles.copy(), slots.copy(), rnd, p.counts.copy(), p.placed, used, p.now)
        counts = np.zeros(FACES, np.int64)
        load_round(p.rolls, rnd, counts, self.stream)
        return (tiles.copy(), slots.copy(), rnd, counts, 0, used, False)

    def round_ends(self, board: RoundEnd, rnd: int, keep: int) -> list[RoundEnd]:
        """The ``keep`` best ends of round ``rnd`` from ``board``, best first by value (score)."""
        last = rnd == ROUNDS
        ends = new_ends(keep)
        turn = self._turn(board[0], board[1], board[2], rnd)
        width = self.last_width if last else self.width
        count = _round_ends(self.weights, turn, width, last, ends, self.keys, *_NO_FUTURES)
        if count == 0:  # nothing to place: the round ends where it began
            return [(board[0], board[1], board[2], [])]
        order = np.argsort(-ends[0][:count], kind="stable")
        return [_end(ends, int(q)) for q in order]

    def playout(self, board: RoundEnd, first: int) -> tuple[int, list[RoundEnd]]:
        """The round player's game from round ``first`` on: ``(final score, each round's end)``."""
        tiles, slots, used = board[0], board[1], board[2]  # read only: ``_turn`` copies
        rounds: list[RoundEnd] = []
        ends = self.playout_ends
        for rnd in range(first, ROUNDS + 1):
            turn = self._turn(tiles, slots, used, rnd)
            count, pick = best_end(self.weights, turn, ends, self.keys, self.work)
            end: RoundEnd = _end(ends, pick) if count else (tiles, slots, used, [])
            rounds.append(end)
            tiles, slots, used = end[0], end[1], end[2]
        return total(tiles), rounds

    def level(self, n: int, board: RoundEnd, first: int) -> tuple[int, list[RoundEnd]]:
        """The best game level ``n`` finds from ``board`` before round ``first``, and its ends.

        Past the deadline a level returns the best game it has (evaluating one end if it has
        none yet), so the search always ends with a whole game.
        """
        if first > ROUNDS:
            return total(board[0]), []
        if n == 0:
            return self.playout(board, first)
        best, rounds, done = -1, list[RoundEnd](), list[RoundEnd]()
        for rnd in range(first, ROUNDS + 1):
            for end in self.round_ends(board, rnd, self.ends[n - 1]):  # never empty
                if rounds and (self.stopped or time.perf_counter() > self.deadline):
                    self.stopped = True
                    return best, rounds
                score, rest = self.level(n - 1, end, rnd + 1)
                if score > best:
                    best, rounds = score, [*done, end, *rest]
            board = rounds[rnd - first]
            done = rounds[: rnd - first + 1]
        return best, rounds


def nested_plan(
    weights: np.ndarray,
    p: Position,
    level: int,
    ends: Sequence[int] = ENDS,
    width: int = WIDTH,
    last_width: int = LAST_WIDTH,
    playout_width: int = PLAYOUT_WIDTH,
    deadline: float = math.inf,
) -> tuple[int, list[int]]:
    """The best whole game a nested search over round ends finds from ``p``, all dice known.

    Args:
        weights: the learned value (``engine.ntuple``'s layout, the final score learned).
        p: the game, its rolls all known.
        level: the nesting level (0: the round player's own game).
        ends: per level from 1 up, how many of each round's ends (the value's best) it tries.
        width: the round beam's width (``round_beam.round_ends``) in rounds 1-6.
        last_width: its width in the last round, whose ends are scored exactly.
        playout_width: the round player's beam at level 0.
        deadline: a ``time.perf_counter()`` reading after which the search stops with the
            best game found.

    Returns:
        ``(final score, its placements)``, each round's closed by -1 where it ends while
        something could still be placed.

    Raises:
        InvalidArgumentError: a roll is unknown, or a bad level, ends or width.
    """
    if int(np.min(p.rolls)) < 0:
        raise InvalidArgumentError("a nested plan needs every roll known (dice='known')")
    level = check_count("level", level, 0)
    ends = [check_count("ends", k, 1) for k in ends]
    if len(ends) < level:
        raise InvalidArgumentError(f"ends must give one count per level (1-{level}), got {ends}")
    for name, w in (("width", width), ("last_width", last_width), ("playout_width", playout_width)):
        check_count(name, w, 1)
    nest = _Nest(weights, p, ends, width, last_width, playout_width, float(deadline))
    board: RoundEnd = (p.tiles.copy(), p.slots.copy(), p.used, [])
    score, rounds = nest.level(level, board, p.round)
    return int(score), [move for end in rounds for move in end[3]]
