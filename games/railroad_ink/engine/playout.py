"""Whole play-outs on the array board: a random stream, three policies, the round rules.

A game in progress is the board (``tiles``, ``slots``) plus ``round`` (1..7), ``counts`` (per
die face, how many of this round's faces are left), ``placed`` (faces placed this round),
``used`` (bit ``i``: special ``i`` placed) and ``now`` (a special placed this round). ``rolls``
holds the pieces of each round's roll, -1 for a roll to be drawn by the play-out itself.

Policies (``UNIFORM``, ``RANDOM``, ``GUIDED``):

- ``UNIFORM`` picks a uniformly random child of the game's rules: any legal placement of any
  face left, of any allowed special, or the end of the round where the rules offer it. It is
  the play-out ``MCTS`` gets from ``RailroadInkState.random_playout``.
- ``RANDOM`` plays meaningful placements only: a random face that fits, a random square where
  it fits, a random meaningful orientation; specials only in rounds 5 to 7 right after the
  round's first face (rules of thumb of strong play, which keep play-outs close to real games).
- ``GUIDED`` draws up to ``GUIDED_CANDIDATES`` placements the way ``RANDOM`` walks them and plays
  the one the policy table rates highest (``policy_score``).

Randomness is a 32-bit xorshift in a one-element int64 array, the same numbers compiled or
not, and no global random state is touched.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.placements import add_moves, place
from games.railroad_ink.engine.scoring import open_exit_points, score_parts, unfixable_errors
from games.railroad_ink.engine.tables import (
    BLANK_SIDE,
    FACES,
    MEANINGFUL,
    MEANINGFUL_COUNT,
    MOVE_BASE,
    OT_PIECE,
    OT_SIDES,
    POSITION_CLASS,
    POW5,
)

__all__ = [
    "END",
    "FEATURES",
    "GUIDED",
    "GUIDED_CANDIDATES",
    "NO_MOVE",
    "RANDOM",
    "UNIFORM",
    "Start",
    "Turn",
    "best_last_round",
    "candidate_features",
    "child_moves",
    "load_round",
    "next_random",
    "next_round",
    "play_move",
    "playout",
    "policy_score",
    "roll",
    "seed_stream",
    "specials_allowed",
    "step",
]

UNIFORM, RANDOM, GUIDED = 0, 1, 2
END = -1
"""``step``'s answer when the player ends the round (a special was still placeable)."""
NO_MOVE = -2
"""``step``'s answer when nothing can be placed: the round is over."""
GUIDED_CANDIDATES = 16
FEATURES = 4
"""Features of a candidate placement: matches, open sides, errors, square class."""
_MOVES = 4096  # more than 49 squares x 8 orientations x (4 faces + 6 specials)

Turn = tuple[np.ndarray, np.ndarray, int, np.ndarray, int, int, bool]
"""Where a game stands, handed to the kernels as one value: ``(tiles, slots, round, counts,
placed, used, now)``."""
Start = tuple[np.ndarray, np.ndarray, int, np.ndarray, int, int, bool, np.ndarray]
"""A ``Turn`` and the ``rolls``: what a play-out starts from (``Position.arrays``)."""


@jit
def next_random(stream: np.ndarray) -> int:
    """The next 32-bit number of the xorshift stream (updates ``stream[0]``)."""
    x: int = stream[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    stream[0] = x
    return x


def seed_stream(seed: int) -> np.ndarray:
    """A new stream from any int seed (never zero: xorshift would stay at zero)."""
    x = (seed * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF
    return np.array([x or 1], dtype=np.int64)


@jit
def _below(stream: np.ndarray, n: int) -> int:
    return (next_random(stream) * n) >> 32


@jit
def roll(stream: np.ndarray, out: np.ndarray) -> None:
    """Four pieces of one round's roll into ``out``: three route faces, one junction face."""
    for k in range(3):
        out[k] = _below(stream, 6)
    out[3] = 6 + _below(stream, 3)


@jit
def candidate_features(slots: np.ndarray, move: int, out: np.ndarray) -> None:
    """The policy's features of ``move`` (square and oriented tile) on the board, into ``out``."""
    square, ot = move // MOVE_BASE, move % MOVE_BASE
    code = slots[square]
    matches = opened = errors = 0
    for side in range(4):
        t = OT_SIDES[ot, side]
        d = (code // POW5[side]) % 5
        if t != 0:
            if d == t:
                matches += 1
            elif d == 0:
                opened += 1
            elif d == BLANK_SIDE:
                errors += 1
        elif d == 1 or d == 2:
            errors += 1
    out[0], out[1], out[2], out[3] = matches, opened, errors, POSITION_CLASS[square]


@jit
def policy_score(weights: np.ndarray, rnd: int, features: np.ndarray) -> float:
    """A candidate's rating: the sum of ``weights[rnd - 1, f, features[f]]`` over features."""
    total = 0.0
    for f in range(FEATURES):
        total += weights[rnd - 1, f, features[f]]
    return total


@jit
def specials_allowed(used: int, now: bool) -> bool:
    """Whether a special may go down now: none yet this round, fewer than three in the game."""
    count = 0
    for i in range(6):
        count += (used >> i) & 1
    return not now and count < 3


@jit
def child_moves(
    tiles: np.ndarray,
    slots: np.ndarray,
    counts: np.ndarray,
    used: int,
    now: bool,
    moves: np.ndarray,
    meaningful: bool = False,
) -> tuple[int, bool]:
    """The children of a position by the game's rules, as ``RailroadInkState.get_children``.

    Writes the placements (faces left by face, then allowed specials; with ``meaningful``
    only the orientations ``add_moves`` keeps as meaningful) to ``moves`` and returns their
    number and whether the end of the round is a child too (no face fits, a special does).
    """
    n = 0
    for face in range(FACES):
        if counts[face] > 0:
            n = add_moves(tiles, slots, face, meaningful, moves, n)
    faces = n
    if specials_allowed(used, now):
        for i in range(6):
            if not (used >> i) & 1:
                n = add_moves(tiles, slots, FACES + i, meaningful, moves, n)
    return n, faces == 0 and n > 0


@jit
def _uniform(
    tiles: np.ndarray,
    slots: np.ndarray,
    counts: np.ndarray,
    used: int,
    now: bool,
    stream: np.ndarray,
    moves: np.ndarray,
) -> int:
    n, can_end = child_moves(tiles, slots, counts, used, now, moves, False)
    if n == 0:
        return NO_MOVE
    k = _below(stream, n + 1 if can_end else n)
    return END if k == n else moves[k]


@jit
def _shuffled_pieces(
    counts: np.ndarray, used: int, specials: bool, stream: np.ndarray, out: np.ndarray
) -> int:
    """The pieces to try, in random order: the faces left, or the unused specials."""
    n = 0
    if specials:
        for i in range(6):
            if not (used >> i) & 1:
                out[n] = FACES + i
                n += 1
    else:
        for face in range(FACES):
            if counts[face] > 0:
                out[n] = face
                n += 1
    for k in range(n - 1, 0, -1):
        j = _below(stream, k + 1)
        out[k], out[j] = out[j], out[k]
    return n


@jit
def _walk(
    tiles: np.ndarray,
    slots: np.ndarray,
    pieces: np.ndarray,
    count: int,
    limit: int,
    stream: np.ndarray,
    moves: np.ndarray,
) -> int:
    """Up to ``limit`` meaningful placements: pieces in order, squares and turns shuffled."""
    order = np.arange(49)
    n = 0
    for p in range(count):
        piece = pieces[p]
        for k in range(48, -1, -1):
            j = _below(stream, k + 1)
            order[k], order[j] = order[j], order[k]
            square = order[k]
            if tiles[square] >= 0:
                continue
            code = slots[square]
            m = MEANINGFUL_COUNT[piece, code]
            if m == 0:
                continue
            start = _below(stream, m)
            for t in range(m):
                moves[n] = square * MOVE_BASE + MEANINGFUL[piece, code, (start + t) % m]
                n += 1
                if n >= limit:
                    return n
    return n


@jit
def step(
    turn: Turn, policy: int, weights: np.ndarray, stream: np.ndarray, moves: np.ndarray
) -> int:
    """The policy's next move: a placement (``square * 64 + oriented tile``), END or NO_MOVE."""
    tiles, slots, rnd, counts, placed, used, now = turn
    if policy == UNIFORM:
        return _uniform(tiles, slots, counts, used, now, stream, moves)
    pieces = np.zeros(9, dtype=np.int64)
    limit = 1 if policy == RANDOM else GUIDED_CANDIDATES
    n = 0
    if rnd >= 5 and placed == 1 and specials_allowed(used, now):
        count = _shuffled_pieces(counts, used, True, stream, pieces)
        n = _walk(tiles, slots, pieces, count, limit, stream, moves)
    if n == 0:
        count = _shuffled_pieces(counts, used, False, stream, pieces)
        n = _walk(tiles, slots, pieces, count, limit, stream, moves)
    if n == 0:
        return NO_MOVE
    best = 0
    if n == 1:
        chosen: int = moves[best]
        return chosen
    features = np.zeros(FEATURES, dtype=np.int64)
    best_score = -1e300
    for k in range(n):
        candidate_features(slots, moves[k], features)
        score = policy_score(weights, rnd, features)
        if score > best_score:
            best, best_score = k, score
    chosen = moves[best]
    return chosen


@jit
def playout(
    start: Start,
    policy: int,
    weights: np.ndarray,
    stream: np.ndarray,
    record: np.ndarray,
    first: int,
    error_weight: float = 0.0,
    last_tries: int = 1,
) -> tuple[float, int, int, int]:
    """Play the game to its end from the given position; the arrays are changed in place.

    ``first`` is the round of the decision the play-out serves (``rnd``, or the round before
    when the position has just ended it). A round with no face counted and none placed is
    still to be rolled (a chance state): its roll comes first. Returns ``(shaped, total,
    recorded, placed)``: the play-out score (exits, longest routes and centre of the final
    board, less the unfixable errors at the end of round ``first``, plus half the exit points
    still reachable then; less ``error_weight`` times the final board's errors, 0 by
    default), the final total score, how many placements of round
    ``first`` and of the whole play-out were made; ``record`` (49 long) gets every placement
    in order. ``rolls[r]`` is round ``r + 1``'s roll, -1 entries are drawn from ``stream``.
    With ``last_tries`` > 1 a play-out that reaches the last round from an earlier one plays
    it that many times and keeps the best board (``best_last_round``). Its hot path checks
    nothing: ``weights`` must be a ``NO_POLICY``-shaped table and ``stream`` a ``seed_stream``,
    as ``EnginePlayouts`` checks once when built (``engine.arrays``).

    Hot loop: a compiled kernel kept in one function, since a call per step costs speed.
    """
    tiles, slots, rnd, counts, placed, used, now, rolls = start
    moves = np.zeros(_MOVES, dtype=np.int64)
    recorded = 0
    in_first = 0
    unfixable = 0
    reachable = 0
    if rnd > first:
        unfixable = unfixable_errors(tiles)
        reachable = open_exit_points(tiles)
    if rnd <= 7 and placed == 0 and counts.sum() == 0:
        load_round(rolls, rnd, counts, stream)
    while rnd <= 7:
        move = step((tiles, slots, rnd, counts, placed, used, now), policy, weights, stream, moves)
        if move >= 0:
            used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
            record[recorded] = move
            recorded += 1
            if rnd == first:
                in_first = recorded
            continue
        if rnd == first:
            unfixable = unfixable_errors(tiles)
            reachable = open_exit_points(tiles)
        rnd = next_round(rolls, rnd, counts, stream)
        if rnd > 7:
            break
        placed, now = 0, False
        if rnd == 7 and last_tries > 1:
            done = best_last_round(
                tiles,
                slots,
                counts,
                used,
                policy,
                weights,
                stream,
                moves,
                record[recorded:],
                last_tries,
            )
            recorded += done
            break
    exits, highway, railway, centre, errors, _ = score_parts(tiles)
    shaped = exits + highway + railway + centre - unfixable + reachable / 2.0
    shaped -= error_weight * errors
    return shaped, exits + highway + railway + centre - errors, in_first, recorded


@jit
def play_move(
    tiles: np.ndarray,
    slots: np.ndarray,
    counts: np.ndarray,
    move: int,
    used: int,
    now: bool,
    placed: int,
) -> tuple[int, bool, int]:
    """Place ``move``; the new ``(used, now, placed)`` (a face leaves ``counts``)."""
    ot = move % MOVE_BASE
    place(tiles, slots, move // MOVE_BASE, ot)
    piece = OT_PIECE[ot]
    if piece >= FACES:
        return used | 1 << (piece - FACES), True, placed
    counts[piece] -= 1
    return used, now, placed + 1


@jit
def best_last_round(
    tiles: np.ndarray,
    slots: np.ndarray,
    counts: np.ndarray,
    used: int,
    policy: int,
    weights: np.ndarray,
    stream: np.ndarray,
    moves: np.ndarray,
    record: np.ndarray,
    tries: int,
) -> int:
    """Play the rolled last round ``tries`` times by ``policy``; keep the best board (total).

    Once the last round is rolled nothing is left to chance, and the bot solves that round
    exactly: the best of a few completions is closer to what it will reach there than one
    random completion is (from a round-1 position, 8 tries add 3.3 to the mean final score of
    guided play-outs), and no roll still unknown is looked at. ``moves`` is scratch space. The
    arrays get the kept board, ``record`` its placements; returns how many.
    """
    best_total = -1000
    best_n = 0
    best_tiles, best_slots = tiles.copy(), slots.copy()
    t, s, c = tiles.copy(), slots.copy(), counts.copy()  # one try's board, reset per try
    best = np.zeros(16, dtype=np.int64)
    these = np.zeros(16, dtype=np.int64)
    for _ in range(tries):
        t[:] = tiles
        s[:] = slots
        c[:] = counts
        u = used
        now = False
        placed = 0
        n = 0
        while n < 16:  # four faces and at most one special
            move = step((t, s, 7, c, placed, u, now), policy, weights, stream, moves)
            if move < 0:
                break
            u, now, placed = play_move(t, s, c, move, u, now, placed)
            these[n] = move
            n += 1
        exits, highway, railway, centre, errors, _ = score_parts(t)
        total = exits + highway + railway + centre - errors
        if total > best_total:
            best_total, best_n = total, n
            best_tiles[:] = t
            best_slots[:] = s
            best[:n] = these[:n]
    tiles[:] = best_tiles
    slots[:] = best_slots
    record[:best_n] = best[:best_n]
    return best_n


@jit
def next_round(rolls: np.ndarray, rnd: int, counts: np.ndarray, stream: np.ndarray) -> int:
    """The round after ``rnd``, its faces loaded into ``counts`` (8 once the game is over)."""
    if rnd < 7:
        load_round(rolls, rnd + 1, counts, stream)
    return rnd + 1


@jit
def load_round(rolls: np.ndarray, rnd: int, counts: np.ndarray, stream: np.ndarray) -> None:
    """Round ``rnd``'s faces into ``counts``, rolling them first when they are not known."""
    if rolls[rnd - 1, 0] < 0:
        roll(stream, rolls[rnd - 1])
    counts[:] = 0
    for k in range(4):
        counts[rolls[rnd - 1, k]] += 1
