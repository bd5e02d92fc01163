"""A learned afterstate value of Railroad Ink: an n-tuple network over the array board.

The board after a placement (its *afterstate*) is read as ``CELLS`` cells of ``CELL_VALUES``
values (``encode``): per square the route type on each of its four sides as one base-3
number (0 an empty square: a tile always has a route side), then the stage of the game
(``(round - 1) * 5 + faces placed this round``, 0..34), the specials used (0..3) and how many
of each die face are left this round. ``TUPLES`` are pairs of cells, each with its own table
of ``CELL_VALUES ** 2`` weights: every square with the stage (where a tile is worth what, by
stage), every two neighbouring squares (matches, errors, open ends), every face left with the
stage, and the specials with the stage. The weights lie one table after the other, as in
``treesearch.learn.NTupleValue`` over the same tuples, which therefore gives the same values
over ``RailroadInkState.encoding()``.

``play_game`` plays a whole game greedily by the value (ε-greedy from the seeded stream) and,
when asked, learns by TD(0) on the afterstates as it goes. With ``reward`` ``FINAL`` the value
is the final score expected from the afterstate; with ``DELTA`` it is the score still to be
gained over the afterstate's own ``total`` (moves are ranked by ``total + value``).
Compiled with numba when present; plain Python gives the same numbers.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.playout import (
    Turn,
    _below,
    child_moves,
    load_round,
    next_random,
    next_round,
    play_move,
)
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import (
    CONTACTS,
    FACES,
    MOVE_BASE,
    OT_PIECE,
    OT_SIDES,
    SLOT_INIT,
)

__all__ = [
    "CELLS",
    "CELL_VALUES",
    "DELTA",
    "FINAL",
    "TABLE",
    "TUPLES",
    "afterstate_values",
    "encode",
    "evaluate",
    "montecarlo_game",
    "play_game",
    "play_on",
    "state_cells",
    "td_step",
    "update",
]

SQUARE_CELLS = 49
STAGE_CELL, SPECIALS_CELL, COUNTS_CELL = 49, 50, 51
CELLS = COUNTS_CELL + FACES
"""Cells of an encoding: 49 squares, the stage, the specials used, the 9 faces' counts."""
CELL_VALUES = 81
"""Values a cell holds: a square's four sides in base 3 (0 empty), and the smaller counts."""
TABLE = CELL_VALUES * CELL_VALUES
"""Weights per tuple (every tuple is a pair of cells)."""
FINAL, DELTA = 0, 1
"""The rewards ``play_game`` learns from: the final score, or each move's change of score."""

SIDE_CODE = (OT_SIDES @ np.array([1, 3, 9, 27], dtype=np.int64)).astype(np.int64)
"""Per tile number: its sides N, E, S, W as one base-3 number (1..80)."""
SIDE_CODE.setflags(write=False)


def _tuples() -> np.ndarray:
    pairs = [(STAGE_CELL, square) for square in range(SQUARE_CELLS)]
    pairs += [(int(a), int(b)) for a, _, b, _ in CONTACTS]
    pairs += [(STAGE_CELL, COUNTS_CELL + face) for face in range(FACES)]
    pairs.append((STAGE_CELL, SPECIALS_CELL))
    tuples = np.array(pairs, dtype=np.int64)
    tuples.setflags(write=False)
    return tuples


TUPLES = _tuples()
"""The 143 tuples (pairs of cells); tuple ``t``'s weights are ``weights[t * TABLE:]``."""


@jit
def encode(
    tiles: np.ndarray, stage: int, specials: int, counts: np.ndarray, out: np.ndarray
) -> None:
    """The cells of a board and its stage, specials used and faces left, into ``out``."""
    for square in range(SQUARE_CELLS):
        ot = tiles[square]
        out[square] = SIDE_CODE[ot] if ot >= 0 else 0
    out[STAGE_CELL] = stage
    out[SPECIALS_CELL] = specials
    for face in range(FACES):
        out[COUNTS_CELL + face] = counts[face]


@jit
def evaluate(weights: np.ndarray, cells: np.ndarray) -> float:
    """The network's value of ``cells``: the sum of the weights its tuples pick."""
    value = 0.0
    for t in range(TUPLES.shape[0]):
        value += weights[t * TABLE + cells[TUPLES[t, 0]] + CELL_VALUES * cells[TUPLES[t, 1]]]
    return value


def _square_tuples() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per square, the tuples holding it (-1 after the last), their other cell, its side."""
    found: list[list[tuple[int, int, int]]] = [[] for _ in range(SQUARE_CELLS)]
    for t, (a, b) in enumerate(TUPLES.tolist()):
        if a < SQUARE_CELLS:
            found[a].append((t, b, 1))
        if b < SQUARE_CELLS:
            found[b].append((t, a, 0))
    width = max(len(f) for f in found)
    tables = np.full((3, SQUARE_CELLS, width), -1, dtype=np.int64)
    for square, entries in enumerate(found):
        for j, entry in enumerate(entries):
            tables[:, square, j] = entry
    tables.setflags(write=False)
    return tables[0], tables[1], tables[2]


SQUARE_TUPLES, SQUARE_OTHER, SQUARE_FIRST = _square_tuples()
"""Per square: the tuples that hold it (-1 after the last), each tuple's other cell, and 1
where the square is the tuple's first cell (0: its second)."""


@jit
def _step_cells(cells: np.ndarray, piece: int, sign: int) -> None:
    """Move ``cells`` to (``sign`` 1) or back from (-1) the afterstate of placing ``piece``.

    The square itself is left as it is: only the stage, the faces left and the specials used.
    """
    if piece < FACES:
        cells[STAGE_CELL] += sign
        cells[COUNTS_CELL + piece] -= sign
    else:
        cells[SPECIALS_CELL] += sign


@jit
def afterstate_values(
    weights: np.ndarray, turn: Turn, moves: np.ndarray, n: int, cells: np.ndarray, out: np.ndarray
) -> None:
    """The value (``FINAL``) of the afterstate of each of ``moves[:n]`` from ``turn``, into ``out``.

    The same numbers as rating each move alone, about ten times cheaper: the tuples all
    candidates of a piece share are summed once per piece (moves come grouped by piece, as
    the engine lists them), then each candidate adds the change on the tuples of its square.

    Hot loop: the play-outs of a value-guided plan call it at every step.
    """
    tiles, _, rnd, counts, placed, used, _ = turn
    encode(tiles, (rnd - 1) * 5 + placed, _popcount(used), counts, cells)
    piece = -1
    base = 0.0
    for k in range(n):
        square, ot = moves[k] // MOVE_BASE, moves[k] % MOVE_BASE
        if OT_PIECE[ot] != piece:
            if piece >= 0:
                _step_cells(cells, piece, -1)
            piece = OT_PIECE[ot]
            _step_cells(cells, piece, 1)
            base = evaluate(weights, cells)
        value = base
        code = SIDE_CODE[ot]
        for j in range(SQUARE_TUPLES.shape[1]):
            t = SQUARE_TUPLES[square, j]
            if t < 0:
                break
            other = cells[SQUARE_OTHER[square, j]]
            if SQUARE_FIRST[square, j] == 1:
                now = t * TABLE + CELL_VALUES * other
                value += weights[now + code] - weights[now]
            else:
                now = t * TABLE + other
                value += weights[now + CELL_VALUES * code] - weights[now]
        out[k] = value
    if piece >= 0:
        _step_cells(cells, piece, -1)


@jit
def update(weights: np.ndarray, cells: np.ndarray, target: float, alpha: float) -> None:
    """Move the value of ``cells`` ``alpha`` of the way to ``target`` (as ``NTupleValue``)."""
    step = alpha * (target - evaluate(weights, cells)) / TUPLES.shape[0]
    for t in range(TUPLES.shape[0]):
        weights[t * TABLE + cells[TUPLES[t, 0]] + CELL_VALUES * cells[TUPLES[t, 1]]] += step


@jit
def td_step(
    weights: np.ndarray,
    prev: np.ndarray,
    cells: np.ndarray,
    target: float,
    have_prev: bool,
    alpha: float,
) -> bool:
    """TD(0) on reaching afterstate ``cells``: ``prev`` (if ``have_prev``) moves towards ``target``.

    ``cells`` is then copied into ``prev`` for the next step; returns True (there is one now).
    """
    if have_prev:
        update(weights, prev, target, alpha)
    prev[:] = cells
    return True


@jit
def _popcount(used: int) -> int:
    count = 0
    for i in range(6):
        count += (used >> i) & 1
    return count


@jit
def _rate(weights: np.ndarray, turn: Turn, move: int, reward: int, cells: np.ndarray) -> float:
    """The value of the afterstate of ``move`` (-1: the board as it is), as ``play_game`` ranks."""
    tiles, _, rnd, counts, placed, used, _ = turn
    square = move // MOVE_BASE
    if move >= 0:
        ot = move % MOVE_BASE
        piece = OT_PIECE[ot]
        tiles[square] = ot
        if piece >= FACES:
            used |= 1 << (piece - FACES)
        else:
            counts[piece] -= 1
            placed += 1
    encode(tiles, (rnd - 1) * 5 + placed, _popcount(used), counts, cells)
    value = evaluate(weights, cells)
    if reward == DELTA:
        value += total(tiles)
    if move >= 0:
        tiles[square] = -1
        if OT_PIECE[move % MOVE_BASE] < FACES:
            counts[OT_PIECE[move % MOVE_BASE]] += 1
    return value


@jit
def _candidates(turn: Turn, moves: np.ndarray) -> int:
    """The meaningful placements of the faces left and of the allowed specials, into ``moves``.

    When no face fits but a special does, ``-1`` (ending the round) is the last candidate.
    Returns their number (0: the round is over).
    """
    tiles, slots, _, counts, _, used, now = turn
    n, can_end = child_moves(tiles, slots, counts, used, now, moves, True)
    if can_end:
        moves[n] = -1  # end the round: the board as it is
        n += 1
    return n


@jit
def _greedy(
    weights: np.ndarray, turn: Turn, moves: np.ndarray, n: int, reward: int, cells: np.ndarray
) -> int:
    """The candidate of ``moves[:n]`` whose afterstate the value rates highest (the first)."""
    chosen: int = moves[0]
    best = -1e300
    for k in range(n):
        v = _rate(weights, turn, moves[k], reward, cells)
        if v > best:
            best, chosen = v, moves[k]
    return chosen


@jit
def play_game(
    weights: np.ndarray,
    rolls: np.ndarray,
    stream: np.ndarray,
    epsilon: float,
    alpha: float,
    learn: bool,
    reward: int,
    record: np.ndarray,
    lam: float,
    playouts: int,
    top: int,
) -> tuple[int, int]:
    """One whole game by the value, learning when ``learn``; ``(score, placements)``.

    Each decision rates the afterstate of every meaningful placement of every face left and
    of every allowed special (and, when no face fits, of ending the round) and plays the best
    (the first of equals); with probability ``epsilon`` a uniformly random one instead; with
    ``playouts`` > 0 the best mean of that many play-outs instead (``_montecarlo_choice``,
    among the ``top`` the value rates highest when ``top`` > 0).
    ``rolls[r]`` is round ``r + 1``'s roll, -1 entries are drawn from ``stream`` (and written
    there). ``record`` (49 long) gets the placements in order.

    With ``lam`` 0 it learns by TD(0) as it goes, each afterstate moved towards the next one's
    value; with ``lam`` in (0, 1] by TD(``lam``) at the game's end (``_learn_returns``).

    Hot loop: a compiled kernel kept in few functions, since a call per step costs speed.
    """
    tiles, slots = np.full(49, -1, dtype=np.int64), SLOT_INIT.copy()
    counts = np.zeros(FACES, dtype=np.int64)
    moves = np.zeros(4096, dtype=np.int64)
    scratch = np.zeros(4096 if playouts > 0 else 0, dtype=np.int64)
    cells = np.zeros(CELLS, dtype=np.int64)
    prev = np.zeros(CELLS, dtype=np.int64)
    have_prev = False
    prev_total = 0
    used = 0
    recorded = 0
    threshold = epsilon * 4294967296.0
    returns = learn and lam > 0.0
    trail = np.zeros((64 if returns else 0, CELLS), dtype=np.int64)  # 49 placements, 7 ends
    gains = np.zeros(trail.shape[0])
    steps = 0
    for rnd in range(1, 8):
        load_round(rolls, rnd, counts, stream)
        placed, now = 0, False
        while True:
            turn = (tiles, slots, rnd, counts, placed, used, now)
            n = _candidates(turn, moves)
            if n == 0:
                break
            if playouts > 0:
                chosen = _montecarlo_choice(
                    weights, turn, moves, n, playouts, top, reward, stream, scratch, cells
                )
            elif epsilon > 0.0 and next_random(stream) < threshold:
                chosen = moves[_below(stream, n)]
            else:
                chosen = _greedy(weights, turn, moves, n, reward, cells)
            if chosen >= 0:
                used, now, placed = play_move(tiles, slots, counts, chosen, used, now, placed)
                record[recorded] = chosen
                recorded += 1
            if learn:
                encode(tiles, (rnd - 1) * 5 + placed, _popcount(used), counts, cells)
                if returns:
                    trail[steps] = cells
                    if reward == DELTA:
                        now_total = total(tiles)
                        gains[steps] = now_total - prev_total
                        prev_total = now_total
                    steps += 1
                else:
                    target = evaluate(weights, cells)
                    if reward == DELTA:
                        now_total = total(tiles)
                        target += now_total - prev_total
                        prev_total = now_total
                    have_prev = td_step(weights, prev, cells, target, have_prev, alpha)
            if chosen < 0:
                break
    score: int = total(tiles)
    final = 0.0 if reward == DELTA else float(score)
    if returns:
        _learn_returns(weights, trail, gains, steps, final, alpha, lam)
    elif learn and have_prev:
        update(weights, prev, final, alpha)
    return score, recorded


@jit
def _learn_returns(
    weights: np.ndarray,
    trail: np.ndarray,
    gains: np.ndarray,
    steps: int,
    final: float,
    alpha: float,
    lam: float,
) -> None:
    """Move a game's afterstates ``trail[:steps]`` towards their ``lam``-returns, last first.

    The last afterstate's return is ``final``; the one before each afterstate ``t``,
    ``gains[t] + (1 - lam) * value(t) + lam * return(t)``, with ``value(t)`` read just
    before ``t`` moves: the forward view of TD(``lam``), applied at the game's end.
    """
    g = final
    for t in range(steps - 1, -1, -1):
        value = evaluate(weights, trail[t])
        update(weights, trail[t], g, alpha)
        g = gains[t] + (1.0 - lam) * value + lam * g


def state_cells(tiles: np.ndarray, rnd: int, faces: list[int] | None, used: int) -> np.ndarray:
    """The cells of a game state: its tiles, round, faces left (pieces) and specials used.

    A state awaiting round ``r``'s roll (``faces`` None) reads as the end of round ``r - 1``
    (all four faces placed), as ``play_game`` sees the board after a round's last placement;
    the end of the game as the end of round 7; free play (round 0) as the start.
    """
    counts = np.zeros(FACES, dtype=np.int64)
    if rnd == 0:
        stage = 0
    elif faces is None or rnd > 7:
        stage = (min(rnd, 8) - 2) * 5 + 4 if rnd >= 2 else 0
    else:
        for piece in faces:
            counts[piece] += 1
        stage = (rnd - 1) * 5 + 4 - len(faces)
    cells = np.zeros(CELLS, dtype=np.int64)
    encode(tiles, stage, bin(used).count("1"), counts, cells)
    return cells


@jit
def play_on(
    weights: np.ndarray,
    turn: Turn,
    ended: bool,
    stream: np.ndarray,
    reward: int,
    moves: np.ndarray,
    cells: np.ndarray,
) -> int:
    """The final score of the greedy player from ``turn`` (its arrays change in place).

    The rest of the turn's round is played with its faces left (none when ``ended``), every
    later round on dice drawn from ``stream``: a play-out that cannot see the game's future
    rolls.
    """
    tiles, slots, rnd, counts, placed, used, now = turn
    rolls = np.full((7, 4), -1, dtype=np.int64)
    while rnd <= 7:
        while not ended:
            turn = (tiles, slots, rnd, counts, placed, used, now)
            n = _candidates(turn, moves)
            if n == 0:
                break
            chosen = _greedy(weights, turn, moves, n, reward, cells)
            if chosen < 0:
                break
            used, now, placed = play_move(tiles, slots, counts, chosen, used, now, placed)
        ended = False
        rnd = next_round(rolls, rnd, counts, stream)
        placed, now = 0, False
    score: int = total(tiles)
    return score


@jit
def _keep_top(
    weights: np.ndarray,
    turn: Turn,
    moves: np.ndarray,
    n: int,
    top: int,
    reward: int,
    cells: np.ndarray,
) -> int:
    """Move the ``top`` candidates the value rates highest to the front of ``moves``."""
    values = np.zeros(n)
    for k in range(n):
        values[k] = _rate(weights, turn, moves[k], reward, cells)
    for i in range(top):  # a partial selection sort: ties keep the earlier candidate
        b = i
        for k in range(i + 1, n):
            if values[k] > values[b]:
                b = k
        values[i], values[b] = values[b], values[i]
        moves[i], moves[b] = moves[b], moves[i]
    return top


@jit
def _montecarlo_choice(
    weights: np.ndarray,
    turn: Turn,
    moves: np.ndarray,
    n: int,
    playouts: int,
    top: int,
    reward: int,
    stream: np.ndarray,
    scratch: np.ndarray,
    cells: np.ndarray,
) -> int:
    """The candidate of ``moves[:n]`` with the best mean of ``playouts`` play-outs (``play_on``).

    Only the ``top`` the value rates highest are played out when ``top`` > 0. Play-out ``j``
    of every candidate draws the later rounds from the same stream, seeded from ``stream``
    here (common random numbers, so the candidates are compared on the same futures).
    """
    if 0 < top < n:
        n = _keep_top(weights, turn, moves, n, top, reward, cells)
    chosen: int = moves[0]
    if n == 1:
        return chosen
    futures = np.zeros(playouts, dtype=np.int64)
    for j in range(playouts):
        futures[j] = next_random(stream) | 1
    future = np.zeros(1, dtype=np.int64)
    tiles, slots, rnd, counts, placed, used, now = turn
    best = -1e300
    for k in range(n):
        move = moves[k]
        mean = 0.0
        for j in range(playouts):
            future[0] = futures[j]
            t, s, c = tiles.copy(), slots.copy(), counts.copy()
            u, w, p = used, now, placed
            if move >= 0:
                u, w, p = play_move(t, s, c, move, u, w, p)
            mean += play_on(
                weights, (t, s, rnd, c, p, u, w), move < 0, future, reward, scratch, cells
            )
        if mean > best:
            best, chosen = mean, move
    return chosen


def montecarlo_game(
    weights: np.ndarray,
    rolls: np.ndarray,
    stream: np.ndarray,
    playouts: int,
    reward: int,
    record: np.ndarray,
    top: int = 0,
) -> tuple[int, int]:
    """One game by flat Monte Carlo with the greedy learned player as the play-out policy.

    ``play_game`` with ``playouts`` per candidate (of the ``top`` the value rates highest when
    ``top`` > 0); ``rolls`` are the game's dice, which the play-outs never read: they draw the
    later rounds from ``stream``. ``(score, placements)``.
    """
    return play_game(weights, rolls, stream, 0.0, 0.0, False, reward, record, 0.0, playouts, top)
