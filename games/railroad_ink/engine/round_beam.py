"""Whole rounds at once: a beam over a round's placements by the learned value, and play-outs.

With the round's faces known, the order of its placements is the player's to choose, so a
round is chosen as one move: ``round_ends`` keeps a beam of the boards the round can reach,
ranked by the learned afterstate value (``engine.ntuple``), and collects the distinct boards
where the round ends (every face placed, or none fits, or the player stops), each with the
placements that reach it. In the last round a board's value is its exact score; before it,
``add_playouts`` plays the rest of the game from each end by the value's greedy player on
dice drawn from a stream (the same draws for every end), so the ends are compared on the
same futures. The player never reads a later roll of the game.

Kernels compiled when numba is there, plain Python with the same results without it.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.ntuple import CELLS, FINAL, _candidates, _rate, play_on
from games.railroad_ink.engine.playout import Turn, load_round, play_move
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES, MOVE_BASE
from games.railroad_ink.pieces.dice import ROUNDS

__all__ = [
    "PLAN",
    "PLAYOUT_ENDS",
    "Ends",
    "Work",
    "best_end",
    "new_ends",
    "new_work",
    "play_rounds",
    "round_ends",
]

PLAN = 8
"""Room for one round's placements: four faces and a special, and the round's end."""
PLAYOUT_ENDS = 16
"""Round ends the round player keeps per round (it plays the best)."""
_BRANCH = 4096
"""The most candidates one board offers (the size of the engine's move buffer)."""

Ends = tuple[
    np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray
]
"""A round's ends: values, tiles, slots, counts, used, plans, plan lengths and board keys."""
Beam = tuple[
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]
"""The boards of a beam: tiles, slots, counts, used, special-now, placed, plans, plan lengths
and board keys."""
Work = tuple[Beam, Beam, tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, np.ndarray]
"""A round beam's working arrays, made once and reused: two beams of one width, the children
(values, parents, moves), the move buffer and an encoding."""


@jit
def new_ends(size: int) -> Ends:
    """Room for ``size`` round ends (``round_ends`` keeps the best ``size``)."""
    return (
        np.zeros(size),
        np.zeros((size, 49), np.int64),
        np.zeros((size, 49), np.int64),
        np.zeros((size, FACES), np.int64),
        np.zeros(size, np.int64),
        np.zeros((size, PLAN), np.int64),
        np.zeros(size, np.int64),
        np.zeros(size, np.int64),
    )


@jit
def _new_beam(width: int) -> Beam:
    return (
        np.zeros((width, 49), np.int64),
        np.zeros((width, 49), np.int64),
        np.zeros((width, FACES), np.int64),
        np.zeros(width, np.int64),
        np.zeros(width, np.int64),
        np.zeros(width, np.int64),
        np.zeros((width, PLAN), np.int64),
        np.zeros(width, np.int64),
        np.zeros(width, np.int64),
    )


@jit
def new_work(width: int) -> Work:
    """Room for round beams of ``width`` boards (0: only for greedy play-outs)."""
    cap = width * _BRANCH
    kids = (np.zeros(cap), np.zeros(cap, np.int64), np.zeros(cap, np.int64))
    return (
        _new_beam(width),
        _new_beam(width),
        kids,
        np.zeros(_BRANCH, np.int64),
        np.zeros(CELLS, np.int64),
    )


@jit
def _end(ends: Ends, count: int, value: float, beam: Beam, m: int, stop: bool) -> int:
    """Keep the beam's board ``m`` as a round end worth ``value``; the new count of ends.

    Boards are told apart by their keys: a board reached twice keeps its best value. When
    the ends are full, the worst one gives way to a better one. ``stop``: the round ends by
    the player's choice (a -1 closes the plan), not because nothing is left to place.
    """
    values, tiles, slots, counts, used, plans, lengths, keys = ends
    key = beam[8][m]
    for q in range(count):
        if keys[q] == key:
            values[q] = max(values[q], value)
            return count
    q = count
    if count == len(values):
        q = 0
        for r in range(1, count):
            if values[r] < values[q]:
                q = r
        if values[q] >= value:
            return count
    else:
        count += 1
    values[q], keys[q], used[q] = value, key, beam[3][m]
    tiles[q], slots[q], counts[q], plans[q] = beam[0][m], beam[1][m], beam[2][m], beam[6][m]
    length = beam[7][m]
    if stop:
        plans[q, length] = -1
        length += 1
    lengths[q] = length
    return count


@jit
def _expand(
    weights: np.ndarray,
    beam: Beam,
    size: int,
    rnd: int,
    exact: bool,
    ends: Ends,
    count: int,
    kids: tuple[np.ndarray, np.ndarray, np.ndarray],
    moves: np.ndarray,
    cells: np.ndarray,
) -> tuple[int, int]:
    """Rate every placement from the beam's ``size`` boards; ``(children, ends)`` counted.

    A board where the round ends (nothing to place, or the player may stop) becomes an end,
    worth its exact score when ``exact`` (the last round), else its learned value.
    """
    tiles, slots, counts, used, now, placed, _, _, _ = beam
    values, parents, codes = kids
    children = 0
    for m in range(size):
        turn = (tiles[m], slots[m], rnd, counts[m], placed[m], used[m], now[m] == 1)
        n = _candidates(turn, moves)
        for k in range(max(n, 1)):
            move = -1 if n == 0 else moves[k]
            value = _rate(weights, turn, move, FINAL, cells)
            if move < 0:
                worth = float(total(tiles[m])) if exact else value
                count = _end(ends, count, worth, beam, m, n > 0)
            else:
                values[children], parents[children], codes[children] = value, m, move
                children += 1
    return children, count


@jit
def _advance(
    beam: Beam,
    nxt: Beam,
    kids: tuple[np.ndarray, np.ndarray, np.ndarray],
    children: int,
    keys: np.ndarray,
) -> int:
    """The best distinct children (by value, the first of equals) into ``nxt``; their count."""
    tiles, slots, counts, used, now, placed, plans, lengths, board_keys = beam
    n_tiles, n_slots, n_counts, n_used, n_now, n_placed, n_plans, n_lengths, n_keys = nxt
    values, parents, codes = kids
    order = np.argsort(-values[:children], kind="mergesort")
    kept = 0
    for idx in order:
        if kept == len(n_used):
            break
        m, move = parents[idx], codes[idx]
        key = board_keys[m] + (move % MOVE_BASE + 1) * keys[move // MOVE_BASE]
        seen = False
        for q in range(kept):
            seen = seen or n_keys[q] == key  # the same board by another order
        if seen:
            continue
        n_tiles[kept], n_slots[kept], n_counts[kept] = tiles[m], slots[m], counts[m]
        u, w, p = play_move(
            n_tiles[kept], n_slots[kept], n_counts[kept], move, used[m], now[m] == 1, placed[m]
        )
        n_used[kept], n_now[kept], n_placed[kept], n_keys[kept] = u, 1 if w else 0, p, key
        n_plans[kept] = plans[m]
        n_plans[kept, lengths[m]] = move
        n_lengths[kept] = lengths[m] + 1
        kept += 1
    return kept


@jit
def round_ends(
    weights: np.ndarray,
    turn: Turn,
    width: int,
    exact: bool,
    ends: Ends,
    keys: np.ndarray,
    futures: np.ndarray,
    sums: np.ndarray,
    found: int,
    playout_width: int,
    playout_last: int,
) -> int:
    """The distinct boards where ``turn``'s round can end, the best kept in ``ends``; their count.

    A beam of ``width`` boards, ranked by the learned value, places the round's faces (and
    specials) one at a time; boards reached by two orders of the same placements count once
    (``keys``: a random key per square). Each end's value is the learned value of its board,
    or its exact score when ``exact``; its plan is the placements from ``turn`` (closed by
    -1 when the player stops while something could still be placed). Then each end ``q``
    gets one play-out per entry of ``futures`` (``_playouts``), their scores added to
    ``sums[q]``: by the value's greedy player, or with ``playout_width`` > 0 by the round
    player (``play_rounds``, beams of that width, the last round's ``playout_last`` wide when
    that is wider). With ``found`` > 0 the ``found`` ends already in ``ends`` are played out
    and the round is not searched again: a caller adds play-outs in batches. One entry point,
    compiled once.
    """
    work = new_work(0 if found > 0 else width)  # a batch of play-outs needs no beam
    count = found if found > 0 else _search(weights, turn, exact, ends, keys, work)
    if len(futures):
        widths = (playout_width, playout_last)
        _playouts(weights, ends, count, turn[2], futures, sums, work, widths, keys)
    return count


@jit
def _search(
    weights: np.ndarray, turn: Turn, exact: bool, ends: Ends, keys: np.ndarray, work: Work
) -> int:
    """The beam of ``round_ends``, as wide as ``work``'s: the round's ends; their count."""
    tiles, slots, rnd, counts, placed, used, now = turn
    beam, nxt, kids, moves, cells = work
    beam[0][0], beam[1][0], beam[2][0] = tiles, slots, counts
    beam[3][0], beam[4][0], beam[5][0] = used, 1 if now else 0, placed
    beam[7][0], beam[8][0] = 0, 0  # an empty plan, and the key of the board it starts from
    size, count = 1, 0
    while size > 0:
        children, count = _expand(weights, beam, size, rnd, exact, ends, count, kids, moves, cells)
        size = _advance(beam, nxt, kids, children, keys)
        beam, nxt = nxt, beam
    return count


@jit
def _playouts(
    weights: np.ndarray,
    ends: Ends,
    count: int,
    rnd: int,
    futures: np.ndarray,
    sums: np.ndarray,
    work: Work,
    widths: tuple[int, int],
    keys: np.ndarray,
) -> None:
    """Add to ``sums[q]`` the final scores of one play-out from end ``q`` per entry of ``futures``.

    Each play-out starts at the next round and plays every later round by the value's greedy
    player (or its round player, with ``widths[0]`` > 0: beams that wide, the last round's
    ``widths[1]`` wide when that is wider), on dice drawn from a stream seeded by its entry of
    ``futures``: every end meets the same futures. ``work``: the caller's arrays, whose move
    buffer and encoding the greedy play-outs use.
    """
    _, tiles, slots, counts, used, _, _, _ = ends
    stream = np.zeros(1, np.int64)
    width, last = widths
    inner, inner_ends = new_work(width), new_ends(PLAYOUT_ENDS if width > 0 else 0)
    final = new_work(last) if width > 0 and last > width else inner  # the last round's beam
    rolls = np.full((ROUNDS, 4), -1, dtype=np.int64)
    t, s, c = np.zeros(49, np.int64), np.zeros(49, np.int64), np.zeros(FACES, np.int64)
    for q in range(count):
        for j in range(len(futures)):
            stream[0] = futures[j]
            t[:], s[:], c[:] = tiles[q], slots[q], counts[q]
            if width > 0:
                u = used[q]
                sums[q] += play_rounds(
                    weights, t, s, c, u, rnd + 1, stream, inner_ends, keys, inner, rolls, final
                )
            else:
                turn = (t, s, rnd, c, 0, used[q], False)
                sums[q] += play_on(weights, turn, True, stream, FINAL, work[3], work[4])


@jit
def best_end(
    weights: np.ndarray, turn: Turn, ends: Ends, keys: np.ndarray, work: Work
) -> tuple[int, int]:
    """``(ends found, the best one)`` of ``turn``'s round by the value (the last by score).

    The beam is as wide as ``work``'s (``new_work``).
    """
    count = _search(weights, turn, turn[2] == ROUNDS, ends, keys, work)
    pick = 0
    for q in range(1, count):
        if ends[0][q] > ends[0][pick]:
            pick = q
    return count, pick


@jit
def play_rounds(
    weights: np.ndarray,
    tiles: np.ndarray,
    slots: np.ndarray,
    counts: np.ndarray,
    used: int,
    first: int,
    stream: np.ndarray,
    ends: Ends,
    keys: np.ndarray,
    work: Work,
    rolls: np.ndarray,
    last_work: Work,
) -> int:
    """The final score of the round player from round ``first`` on (the arrays change).

    Each round's faces are drawn from ``stream`` (into ``rolls``, ``ROUNDS`` by 4, whose
    entries from round ``first`` on are redrawn), and its best end by the value
    (``best_end``, beams as wide as ``work``'s, the last round's as ``last_work``'s: its ends
    are scored exactly, and a wider beam finds more of them) is played.
    """
    rolls[first - 1 :] = -1
    for rnd in range(first, ROUNDS + 1):
        load_round(rolls, rnd, counts, stream)
        turn = (tiles, slots, rnd, counts, 0, used, False)
        count, pick = best_end(weights, turn, ends, keys, last_work if rnd == ROUNDS else work)
        if count:
            tiles[:], slots[:], used = ends[1][pick], ends[2][pick], ends[4][pick]
    score: int = total(tiles)
    return score
