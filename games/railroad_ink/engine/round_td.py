"""Whole rounds chosen by the learned value, and TD(0) along the placements they play.

``round_game`` plays a game as the ``learned-rounds`` bot plans it, without play-outs: each
round the beam of ``round_beam`` finds the distinct boards where the round can end, ranked by
the value (the last round by exact score), and the best end is played (with probability
``epsilon`` a uniformly random one of those found). When learning, each afterstate of the
placements played moves towards the value of the next one, the last towards the final score:
the value learns what follows a board under the round player, not the greedy one.

Compiled with numba when present; plain Python gives the same numbers.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.ntuple import CELLS, _popcount, encode, evaluate, td_step, update
from games.railroad_ink.engine.playout import _below, load_round, next_random, play_move
from games.railroad_ink.engine.round_beam import Ends, best_end, new_work
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES, SLOT_INIT
from games.railroad_ink.pieces.dice import ROUNDS

__all__ = ["ENDS", "round_game"]

ENDS = 16
"""Round ends kept per round (``new_ends(ENDS)``): the best is played, or a random one."""


@jit
def round_game(
    weights: np.ndarray,
    rolls: np.ndarray,
    stream: np.ndarray,
    width: int,
    epsilon: float,
    alpha: float,
    learn: bool,
    ends: Ends,
    keys: np.ndarray,
    record: np.ndarray,
) -> tuple[int, int]:
    """One whole game, round by round, by the value's round beam; ``(score, placements)``.

    ``width``: boards the beam keeps; ``ends`` (``new_ends``) the most round ends it keeps,
    from which an exploring round picks. ``rolls[r]`` is round ``r + 1``'s roll, -1 entries
    drawn from ``stream`` (and written there); exploration draws from ``stream`` too.
    ``keys`` tells boards apart (one random key per square). ``record`` (49 long) gets the
    placements in order. ``alpha``: the TD step when ``learn``.
    """
    tiles, slots = np.full(49, -1, dtype=np.int64), SLOT_INIT.copy()
    counts = np.zeros(FACES, dtype=np.int64)
    work = new_work(width)
    cells = work[4]  # the beam's encoding, free once each round's end is chosen
    prev = np.zeros(CELLS, dtype=np.int64)
    have_prev = False
    used, recorded = 0, 0
    threshold = epsilon * 4294967296.0
    for rnd in range(1, ROUNDS + 1):
        load_round(rolls, rnd, counts, stream)
        turn = (tiles, slots, rnd, counts, 0, used, False)
        count, pick = best_end(weights, turn, ends, keys, work)
        if count == 0:
            continue
        if epsilon > 0.0 and next_random(stream) < threshold:
            pick = _below(stream, count)
        placed, now = 0, False
        for j in range(ends[6][pick]):
            move = ends[5][pick, j]
            if move < 0:
                break
            used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
            if learn:
                encode(tiles, (rnd - 1) * 5 + placed, _popcount(used), counts, cells)
                target = evaluate(weights, cells)
                have_prev = td_step(weights, prev, cells, target, have_prev, alpha)
            record[recorded] = move
            recorded += 1
    score: int = total(tiles)
    if learn and have_prev:
        update(weights, prev, float(score), alpha)
    return score, recorded
