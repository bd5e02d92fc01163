"""Nested Rollout Policy Adaptation on the engine: a whole game planned when the dice are known.

With every roll known, Railroad Ink is a one-player puzzle: 28 faces and up to three specials
to place for the best final score. NRPA (Rosin, 2011) solves such puzzles by play-outs that
follow a *policy*, a weight per placement code, and that policy learns: after each level-1
iteration the best sequence found so far is made more likely (``adapt``), and each level
nests that loop, starting from a copy of its parent's policy. ``treesearch.NRPA`` is the same
algorithm over any ``TreeIterator``; this is its compiled form for this game alone, about 25
microseconds a play-out with its adaptation.

A code is a placement, ``square * 64 + oriented tile``, whatever the round: the same code in
every round measured better than one per round (66.7 against 66.1 on ten seeds, 67.2 against
64.8 on six others), the policy learnt for a square carrying over from round to round. The
moves are the meaningful placements of the round's faces left, and in rounds 5 to 7 the
specials right after the round's first face, as in the ``RANDOM`` play-out; a round ends
when no face left fits. Play-outs are valued by the exact final score.

A learned afterstate value (``engine.ntuple``) can guide the play-outs: each placement's
weight gains ``beta`` times the value of the board it leaves (less the step's best), so the
first play-outs already play like the value's greedy player and the policy adapts from
there. The value is read by the tuples each candidate's square touches
(``ntuple.afterstate_values``): a guided play-out costs about three unguided ones.

Levels 2 and up run in Python (a handful of calls, each thousands of play-outs long), so a
``deadline`` can stop them between level-1 runs; level 1 is one compiled call, or under a
deadline a few, each short enough that the deadline is kept.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from numbers import Real
from typing import Any

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.arrays import check_codes, check_stream, check_table
from games.railroad_ink.engine.ntuple import CELLS, TABLE, TUPLES, afterstate_values
from games.railroad_ink.engine.placements import add_moves
from games.railroad_ink.engine.playout import (
    Start,
    Turn,
    next_random,
    next_round,
    play_move,
    seed_stream,
    specials_allowed,
)
from games.railroad_ink.engine.position import Position
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES, MOVE_BASE
from treesearch.arguments import check_count, check_number, check_seconds
from treesearch.errors import InvalidArgumentError

__all__ = [
    "CODES",
    "NO_GUIDE",
    "VALUE_SIZE",
    "Guide",
    "adapt",
    "guide",
    "level_one",
    "nrpa",
    "plan_moves",
    "rollout",
]

CODES = 49 * MOVE_BASE
"""The size of a policy: one weight per placement (square times oriented tile)."""
_LONGEST = 64  # placements in a game: 28 faces, 3 specials, with room to spare
_MOVES = 4096
_SLICE = 0.01
"""Seconds a compiled level-1 call may take, under a deadline, before the clock is read again
(calls grow by doubling while they stay under it)."""


@jit
def _moves(turn: Turn, out: np.ndarray) -> int:
    """The placements open to the planner: the specials in their phase, else the faces left."""
    tiles, slots, rnd, counts, placed, used, now = turn
    n = 0
    if rnd >= 5 and placed == 1 and specials_allowed(used, now):
        for i in range(6):
            if not (used >> i) & 1:
                n = add_moves(tiles, slots, FACES + i, True, out, n)
    if n == 0:
        for face in range(FACES):
            if counts[face] > 0:
                n = add_moves(tiles, slots, face, True, out, n)
    return n


@jit
def _walk(
    start: Start,
    weights: np.ndarray,
    seq: np.ndarray,
    length: int,
    alpha: float,
    stream: np.ndarray,
    value: np.ndarray,
    beta: float,
) -> tuple[int, int]:
    """A play-out (``alpha == 0``: sampled into ``seq``) or an adaptation along ``seq``.

    Both walk the same moves, so they share one loop: a play-out draws each placement with
    probability proportional to ``exp(weight + beta * v)``, ``v`` the learned ``value`` of
    its afterstate less the step's best (``beta`` 0: no value), and records it; an
    adaptation replays ``seq[:length]`` and moves ``weights`` towards it, each step's
    probabilities taken from the weights before this call (the changes are gathered and
    applied at the end, cheaper than copying the policy). The position is left as it was.
    Returns ``(final score, placements)``.

    Hot loop: a compiled kernel kept in one function, since a call per step costs speed.
    """
    tiles, slots, rnd, counts, placed, used, now, rolls = start
    tiles, slots, counts = tiles.copy(), slots.copy(), counts.copy()
    adapting = alpha > 0.0
    touched = np.empty(_LONGEST * _MOVES if adapting else 0, dtype=np.int64)
    change = np.empty(_LONGEST * _MOVES if adapting else 0, dtype=np.float64)
    changes = 0
    moves = np.zeros(_MOVES, dtype=np.int64)
    odds = np.zeros(_MOVES, dtype=np.float64)
    cells = np.zeros(CELLS, dtype=np.int64)
    made = 0
    while rnd <= 7:
        turn = (tiles, slots, rnd, counts, placed, used, now)
        n = _moves(turn, moves)
        if n == 0 or (adapting and made >= length):
            if n > 0:
                break  # an adaptation stops where its sequence ends
            rnd = next_round(rolls, rnd, counts, stream)
            if rnd > 7:
                break
            placed, now = 0, False
            continue
        if beta > 0.0:
            afterstate_values(value, turn, moves, n, cells, odds)
            top = odds[0]
            for k in range(1, n):
                top = max(top, odds[k])
            for k in range(n):
                odds[k] = beta * (odds[k] - top) + weights[moves[k]]
        else:
            for k in range(n):
                odds[k] = weights[moves[k]]
        z = 0.0
        for k in range(n):
            odds[k] = math.exp(odds[k])
            z += odds[k]
        if adapting:
            for k in range(n):
                touched[changes] = moves[k]
                change[changes] = -alpha * odds[k] / z
                changes += 1
            move = seq[made]
            touched[changes] = move
            change[changes] = alpha
            changes += 1
        else:
            r = next_random(stream) / 4294967296.0 * z
            k = 0
            acc = odds[0]
            while acc < r and k < n - 1:
                k += 1
                acc += odds[k]
            move = moves[k]
            seq[made] = move
        made += 1
        used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
    for k in range(changes):
        weights[touched[k]] += change[k]
    return total(tiles), made


@jit
def level_one(
    start: Start,
    weights: np.ndarray,
    stream: np.ndarray,
    iterations: int,
    alpha: float,
    best_seq: np.ndarray,
    best: int,
    length: int,
    value: np.ndarray,
    beta: float,
) -> tuple[int, int]:
    """NRPA level 1: ``iterations`` play-outs, adapting to the best after each.

    ``weights`` is changed in place; the best sequence goes to ``best_seq``, which holds the
    best so far (``best``, ``length``; -1 and 0 for none), so a run may be cut into calls.
    ``value`` and ``beta`` guide the play-outs (``_walk``). Returns ``(best score, its
    length)``.
    """
    seq = np.zeros(_LONGEST, dtype=np.int64)
    for _ in range(iterations):
        score, made = _walk(start, weights, seq, 0, 0.0, stream, value, beta)
        if score >= best:
            best, length = score, made
            best_seq[:made] = seq[:made]
        _walk(start, weights, best_seq, length, alpha, stream, value, beta)
    return best, length


Guide = tuple[np.ndarray, float]
"""A learned value's weights (``engine.ntuple``'s layout) and ``beta``, its weight in the
play-outs' odds; ``NO_GUIDE`` for none."""
NO_GUIDE: Guide = (np.zeros(0, dtype=np.float64), 0.0)
VALUE_SIZE = TUPLES.shape[0] * TABLE
"""The length of a learned value's weights (one table per n-tuple)."""


def guide(value: Any, beta: Any) -> Guide:
    """``(value, beta)`` checked for the planner: no value (None) or a network's weights.

    Raises:
        InvalidArgumentError: ``beta`` is no number >= 0, or is > 0 without a ``value`` of
            ``VALUE_SIZE`` finite numbers.
    """
    beta = check_number("beta", beta, minimum=0)
    if value is None:
        if beta > 0:
            raise InvalidArgumentError(f"beta {beta} > 0 needs a value to weigh, got None")
        return NO_GUIDE
    return check_table("value", value, (VALUE_SIZE,)), float(beta)


def _checked(p: Any, stream: Any) -> np.ndarray:
    """``stream`` once ``p`` is known to be a ``Position`` and ``stream`` a random stream."""
    if not isinstance(p, Position):
        raise InvalidArgumentError(f"p must be a Position (Position.of(state)), got {p!r:.80}")
    return check_stream(stream)


def rollout(
    p: Position,
    weights: np.ndarray,
    stream: np.ndarray,
    value: np.ndarray | None = None,
    beta: float = 0.0,
) -> tuple[int, list[int]]:
    """One play-out by the policy ``weights`` from ``p`` (left unchanged): its score, its moves.

    With a learned ``value`` and ``beta`` > 0, each placement's weight gains ``beta`` times
    its afterstate's value.

    Raises:
        InvalidArgumentError: ``weights`` is no ``(CODES,)`` table of finite numbers, or
            ``p``, ``stream``, ``value`` or ``beta`` is not what the engine takes.
    """
    stream = _checked(p, stream)
    weights = check_table("weights", weights, (CODES,))
    value, beta = guide(value, beta)
    seq = np.zeros(_LONGEST, dtype=np.int64)
    score, made = _walk(p.arrays, weights, seq, 0, 0.0, stream, value, beta)
    return int(score), seq[:made].tolist()


def adapt(
    p: Position,
    weights: np.ndarray,
    moves: Sequence[int],
    alpha: float,
    value: np.ndarray | None = None,
    beta: float = 0.0,
) -> None:
    """Make the game ``moves`` from ``p`` likelier under ``weights`` (changed in place).

    The odds moved from are the play-outs' (``rollout``, with the same ``value`` and ``beta``).

    Raises:
        InvalidArgumentError: ``weights`` is no writeable float64 ``(CODES,)`` table of
            finite numbers, ``moves`` holds no placement codes, ``alpha`` is no number > 0,
            or ``value`` and ``beta`` are not what ``guide`` takes.
    """
    _checked(p, seed_stream(1))
    weights = check_table("weights", weights, (CODES,), in_place=True)
    codes = check_codes("moves", moves, CODES, _LONGEST)
    alpha = check_number("alpha", alpha, minimum=0, above=True)
    _adapt(p, weights, codes, alpha, guide(value, beta))


def _adapt(
    p: Position, weights: np.ndarray, moves: Sequence[int], alpha: float, guided: Guide
) -> None:
    seq = np.array(moves, dtype=np.int64)
    _walk(p.arrays, weights, seq, len(seq), alpha, np.ones(1, dtype=np.int64), *guided)


def nrpa(
    p: Position,
    level: int,
    iterations: int,
    alpha: float,
    stream: np.ndarray,
    deadline: float = math.inf,
    weights: np.ndarray | None = None,
    value: np.ndarray | None = None,
    beta: float = 0.0,
) -> tuple[int, list[int]]:
    """NRPA at ``level`` (>= 1) from position ``p``; ``(best final score, its placements)``.

    ``weights`` (default: all zero) is this level's policy, changed in place. Past
    ``deadline`` (``time.perf_counter()``) no new iteration starts (level 1 runs in compiled
    slices of about ``_SLICE`` seconds, the clock read between); the best found so far is
    returned. A learned ``value`` with ``beta`` > 0 guides every play-out (``rollout``).

    Raises:
        InvalidArgumentError: a bad level, iterations, alpha, deadline, stream, weights
            (a writeable float64 ``(CODES,)`` table of finite numbers), value or beta,
            before any play-out.
    """
    stream = _checked(p, stream)
    level = check_count("level", level, 1)
    iterations = check_count("iterations", iterations, 1)
    alpha = check_number("alpha", alpha, minimum=0, above=True)
    if isinstance(deadline, bool) or not isinstance(deadline, Real) or math.isnan(deadline):
        raise InvalidArgumentError(
            f"deadline must be a time.perf_counter() reading, got {deadline!r}"
        )
    if weights is None:
        weights = np.zeros(CODES, dtype=np.float64)
    weights = check_table("weights", weights, (CODES,), in_place=True)
    guided = guide(value, beta)
    return _nrpa(p, level, iterations, alpha, stream, float(deadline), weights, guided)


def _nrpa(
    p: Position,
    level: int,
    iterations: int,
    alpha: float,
    stream: np.ndarray,
    deadline: float,
    weights: np.ndarray,
    guided: Guide,
) -> tuple[int, list[int]]:
    """``nrpa`` on checked arguments."""
    if level <= 1:
        seq = np.zeros(_LONGEST, dtype=np.int64)
        best, length, done, chunk = -1, 0, 0, iterations
        if deadline != math.inf:  # compiled calls of growing length, the clock read between
            chunk = 1
        while done < iterations:
            n = min(chunk, iterations - done)
            started = time.perf_counter()
            best, length = level_one(
                p.arrays, weights, stream, n, alpha, seq, best, length, *guided
            )  # fmt: skip
            done += n
            ended = time.perf_counter()
            if done < iterations and ended > deadline:
                break
            if ended - started < _SLICE:
                chunk *= 2
        return int(best), seq[:length].tolist()
    best, best_moves = -1, []
    for _ in range(iterations):
        score, moves = _nrpa(
            p, level - 1, iterations, alpha, stream, deadline, weights.copy(), guided
        )
        if score >= best:
            best, best_moves = score, moves
        _adapt(p, weights, best_moves, alpha, guided)
        if time.perf_counter() > deadline:
            break
    return best, best_moves


def plan_moves(
    p: Position,
    level: int,
    iterations: int,
    stream: np.ndarray,
    seconds: float | None = None,
    alpha: float = 1.0,
    value: np.ndarray | None = None,
    beta: float = 0.0,
) -> tuple[int, list[int]]:
    """The best game NRPA finds from ``p`` with the rolls it holds (all known).

    Without ``seconds`` one run at ``level``; with it, runs restart from a fresh policy
    until the time is spent (the first one stopped at the deadline), the best kept. A
    learned ``value`` with ``beta`` > 0 guides the play-outs (``rollout``).

    Raises:
        InvalidArgumentError: a bad argument (``nrpa``'s checks), ``seconds`` included.
    """
    seconds = check_seconds("seconds", seconds)
    guide(value, beta)  # refused before the clock starts
    if seconds is None:
        return nrpa(p, level, iterations, alpha, stream, value=value, beta=beta)
    deadline = time.perf_counter() + seconds
    best, moves = nrpa(p, level, iterations, alpha, stream, deadline, value=value, beta=beta)
    while time.perf_counter() < deadline:
        score, found = nrpa(p, level, iterations, alpha, stream, deadline, value=value, beta=beta)
        if score > best:
            best, moves = score, found
    return best, moves
