"""A deep alpha-beta for Tron: the alternating search over arrays, compiled when numba is there.

``treesearch.AlphaBeta`` searches Tron as it searches any game, through ``TronState`` objects:
25,000-40,000 nodes a second, 6-8 plies in the 0.2 s of a contest move, where the positions it
lost sat one or two turns beyond its horizon (``benchmarks/RESULTS.md``). This is the same
search written over the flood's arrays (``games.tron.flood``): a turn is player 0's pick, then
player 1's answer seeing it (the cautious side for player 0), then both steps at once. A
transposition table kept for the whole game orders the picks (the best one found before
first, then the cells of most cut-offs) and ends searches already done, and races its leaves
over bitboards (``flood._sides_bits``), so it reaches about 14 plies in the same time.

A leaf is scored as ``games.tron.value.evaluate`` scores a turn start, but for separated
players: each fills at most its longest chain of chambers (``games.tron.endgame``), not every
cell of its room, which stops the search from walking into a separation it would lose by a
side chamber. A separation near the root (``GUIDED_TURNS``) that the chains call even or
won by a move is scored by paths actually found (guided by the chains), a bound that cannot be
too high. Connected leaves are scored by the race's territories, or (``HORIZONS``) by a
learned evaluation.

``search_turns`` searches the position after one joint move; ``deep_values`` the turn at
hand, as a matrix of joint moves or by alpha-beta over its picks; ``DeepSearch`` deepens it a
turn at a time until its clock runs out. A win counts ``1`` less a thousandth a turn (the
sooner the better; a loss the later the better), a head-on crash or a double crash ``-draw``;
a turn start where a player has no free step is scored as the crash it forces.
Without numba the same functions run as plain Python, slower, with the same results. No
function here is recursive (``games._compile``): the search keeps its own stack.
"""

from __future__ import annotations

import math
import random
import time
from types import FunctionType
from typing import NamedTuple

import numpy as np

from games._compile import jit
from games.tron import features, flood
from games.tron.endgame import _chain, _guided_with, chain_work
from games.tron.grid import Grid
from games.tron.learned_evaluation import CLIP
from games.tron.state import TronState
from games.tron.value import CONNECTED_SCALE, separated_value
from treesearch.errors import InvalidArgumentError
from treesearch.matrix_game import solve_matrix_game

__all__ = [
    "GUIDED_TURNS",
    "HORIZONS",
    "NO_LIMIT",
    "DeepSearch",
    "Position",
    "Searched",
    "Table",
    "deep_values",
    "position",
    "search_turns",
]

Array = flood.Array
NO_LIMIT = 1 << 62
"""A node limit that is never reached."""
_WIN_STEP = 0.001
"""What a win loses (and a loss gains) for each turn it lies ahead."""
GUIDED_TURNS = 3
"""Separations at most this many turns ahead whose chains differ by a move or less are scored
by the guided paths (``endgame._guided``): there the chain's bound, one move too many in a
room that cannot be walked through, decides the game."""

_separated = jit(separated_value)
_NO_WEIGHTS: Array = np.zeros(0) if flood.COMPILED else ()
"""The weights of a horizon that is not learned."""
HORIZONS = ("race", "learned")
"""How the connected positions where the search stops are scored (see ``position``)."""
RACE, LEARNED = range(2)


@jit
def _floats(size: int) -> Array:
    """``size`` zero floats: a float64 array compiled (a list in plain Python)."""
    return np.zeros(size, np.float64)


@jit
def _longs(size: int) -> Array:
    """``size`` zero 64-bit ints: an int64 array compiled (a list in plain Python)."""
    return np.zeros(size, np.int64)


if isinstance(_floats, FunctionType):  # plain Python: lists index fast

    def _floats(size: int) -> Array:
        return [0.0] * size

    def _longs(size: int) -> Array:
        return [0] * size


@jit
def _free(steps: Array, playable: Array, walls: Array, head: int, direction: int) -> int:
    """The cell a step from ``head`` in ``direction`` enters, or -1 when it crashes."""
    cell = steps[head][direction]
    if cell < 0 or not playable[cell] or (walls[cell >> 3] >> (cell & 7)) & 1:
        return -1
    return int(cell)


@jit
def _options(
    steps: Array,
    playable: Array,
    walls: Array,
    head: int,
    facing: int,
    cells: Array,
    dirs: Array,
    at: int,
) -> int:
    """Write the safe steps from ``head`` into ``cells``/``dirs`` from ``at``; their count."""
    sides = len(steps[head])
    back = -1 if facing < 0 else (facing + sides // 2) % sides
    count = 0
    for d in range(sides):
        if d == back:
            continue
        cell = _free(steps, playable, walls, head, d)
        if cell >= 0:
            cells[at + count] = cell
            dirs[at + count] = d
            count += 1
    return count


@jit
def _leaf(
    steps: Array,
    playable: Array,
    colours: Array,
    walls: Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    hexgrid: bool,
    size: int,
    last: bool,
    near: bool,
    horizon: int,
    weights: Array,
    phi: Array,
    marks: Array,
    queue: Array,
    bits: flood.BitTables,
    free: Array,
    chains: Array,
) -> tuple[bool, float, int]:
    """``(done, value, cut)`` of a turn start with safe steps for both, decided here or not.

    Separated players are scored by their fills, each the smaller of the race's and the
    chain of chambers of ``games.tron.endgame`` (a room with side chambers holds fewer moves
    than cells); when ``near`` and the chains differ by a move or less, by the paths the
    chains guide (``_guided_with``), which are walked, so never too long. At the last turn
    (``last``) a connected position is scored by ``horizon`` (an index of ``HORIZONS``): the
    territory difference, or the learned evaluation (``weights``) of its ``features``
    (``phi`` is a buffer for them). Otherwise it is searched on: the race then stops as soon
    as the players touch. The race is ``flood._sides_bits`` over ``bits``
    (``flood.bit_tables``) where the board has them, else ``flood._sides`` (``marks`` and
    ``queue`` its buffers); ``free`` and ``chains`` are the chambers'
    (``endgame.chain_work``). ``cut`` is 1 when the value is the horizon's score (a deeper
    search could change it), else 0.
    """
    full = last and horizon == RACE
    if len(bits[0]):
        touching, own0, own1, fill0, fill1 = flood._sides_bits(
            steps, walls, heads, facings, hexgrid, full, bits
        )
    else:
        touching, own0, own1, fill0, fill1 = flood._sides(
            steps, playable, colours, walls, heads, facings, hexgrid, full, marks, queue
        )
    if not touching:  # each fills its own room: the longest chain of chambers, at most the fill
        flood._mark_open(playable, walls, free)
        fill0 = min(fill0, _chain(steps, free, heads[0], chains))
        fill1 = min(fill1, _chain(steps, free, heads[1], chains))
        if near and abs(fill0 - fill1) <= 1:  # a move decides: the paths the chains guide
            fill0 = _guided_with(steps, free, heads[0], chains)
            flood._mark_open(playable, walls, free)
            fill1 = _guided_with(steps, free, heads[1], chains)
        return True, _separated(fill0 - fill1, size), 0
    if not last:
        return False, 0.0, 0
    if horizon == RACE:
        return True, CONNECTED_SCALE * (own0 - own1) / size, 1
    lead = np.int64(0)  # not a literal 0: the counts' other callers pass an int
    counts = features._counts(steps, playable, walls, heads, facings, lead, hexgrid)
    features._phi(counts, size, hexgrid, phi)
    raw = 0.0
    for k in range(len(weights)):
        raw += weights[k] * phi[k]
    return True, CONNECTED_SCALE * max(-CLIP, min(CLIP, raw)), 1


EXACT, LOWER, UPPER = 0, 1, 2
"""What a table entry's value is: the exact value, a lower bound, an upper bound."""


@jit
def _order(cells: Array, dirs: Array, at: int, count: int, first: int, score: Array) -> None:
    """Sort the ``count`` options from ``at``: direction ``first`` first, then by ``score``."""
    for i in range(at + 1, at + count):
        cell, d = cells[i], dirs[i]
        key = math.inf if d == first else score[cell]
        j = i - 1
        while j >= at and (math.inf if dirs[j] == first else score[cells[j]]) < key:
            cells[j + 1], dirs[j + 1] = cells[j], dirs[j]
            j -= 1
        cells[j + 1], dirs[j + 1] = cell, d


@jit
def _probe(
    keys: Array, info: Array, values: Array, key: int, depth: int, lo: float, hi: float
) -> tuple[int, bool, float, int]:
    """``(best direction or -1, decided, value, cut)`` of the table's entry for ``key``.

    ``cut`` is 0 when no position below the entry was scored at the horizon, else 1.
    """
    slot = key & (len(keys) - 1)
    if keys[slot] != key:
        return -1, False, 0.0, 1
    entry = info[slot]  # depth * 128 + (horizon reached) * 64 + flag * 16 + direction
    best, flag, cut, deep = entry % 16, entry // 16 % 4, entry // 64 % 2, entry // 128
    value = values[slot]
    if deep >= depth and (
        flag == EXACT or (flag == LOWER and value >= hi) or (flag == UPPER and value <= lo)
    ):
        return best, True, value, cut
    return best, False, value, cut


@jit
def _store(
    keys: Array,
    info: Array,
    values: Array,
    key: int,
    depth: int,
    lo: float,
    hi: float,
    value: float,
    best: int,
    cut: int,
) -> None:
    """Keep ``value`` (searched ``depth`` turns in the window ``lo``-``hi``) for ``key``.

    ``cut``: how many positions below were scored at the horizon.
    """
    slot = key & (len(keys) - 1)
    flag = UPPER if value <= lo else LOWER if value >= hi else EXACT
    keys[slot], values[slot] = key, value
    info[slot] = depth * 128 + min(cut, 1) * 64 + flag * 16 + best


@jit
def _search(
    steps: Array,
    playable: Array,
    colours: Array,
    walls: Array,
    heads: tuple[int, int],
    facings: tuple[int, int],
    hexgrid: bool,
    size: int,
    turns: int,
    alpha: float,
    beta: float,
    draw: float,
    limit: int,
    table: tuple[Array, Array, Array, Array, Array],
    horizon: int,
    weights: Array,
    bits: flood.BitTables,
) -> tuple[float, int, int]:
    """``(value, nodes, cut)`` of the turn start ``heads``/``facings``/``walls``, ``turns`` deep.

    Alpha-beta between ``alpha`` and ``beta`` (a value outside is a bound). ``walls`` (the
    flood's wall bytes) is changed during the search and restored. ``table`` is ``Table``'s
    arrays: the entries, kept between searches, order the picks (the best one found before
    first, then the cells of most cut-offs) and end searches already done. Stops when
    ``nodes`` passes ``limit``: the value is then meaningless. ``cut`` counts the positions
    scored at the horizon (0: the search saw every end it depends on; deeper changes nothing).

    Hot loop: a compiled kernel kept in one function, since a call per node costs speed.
    """
    keys, info, values, zobrist, history = table
    phi = _floats(len(weights))
    cells_count = len(steps)
    plies = 2 * turns + 1
    lo, hi, best = _floats(plies), _floats(plies), _floats(plies)
    nexts, counts = flood._int_array(plies, 0), flood._int_array(plies, 0)
    chosen, under = flood._int_array(plies, 0), flood._int_array(plies, 0)
    hashes = _longs(plies)
    marks, queue = flood._int_array(cells_count + 1, 0), flood._int_array(cells_count, 0)
    free, chains = flood._int_array(cells_count + 1, 0), chain_work(cells_count)
    cells, dirs = flood._int_array(6 * plies + 6, 0), flood._int_array(6 * plies + 6, 0)
    # the heads and facings before each turn's joint step, to undo it
    # (64-bit: the race is then called with the types its other callers pass, compiled once)
    h0, h1, f0, f1 = _longs(turns + 1), _longs(turns + 1), _longs(turns + 1), _longs(turns + 1)
    h0[0], h1[0], f0[0], f1[0] = heads[0], heads[1], facings[0], facings[1]
    hashes[0] = zobrist[2 * cells_count + heads[0]] ^ zobrist[3 * cells_count + heads[1]]
    for c in range(cells_count):
        if (walls[c >> 3] >> (c & 7)) & 1:
            hashes[0] ^= zobrist[c]
    nodes = 1
    p = 0
    value, cut = 0.0, 0  # a child's value, and its positions scored at the horizon
    entering = True  # at ply p (even), a turn start to score or expand
    lo[0], hi[0] = alpha, beta
    while True:
        if entering:
            entering = False
            turn = p // 2
            a, b = h0[turn], h1[turn]
            at = 6 * p
            na = _options(steps, playable, walls, a, f0[turn], cells, dirs, at)
            nb = _options(steps, playable, walls, b, f1[turn], cells, dirs, at + 6)
            done, cut = True, 0
            if na == 0 and nb == 0:
                value = -draw
            elif na == 0:
                value = -1.0 + _WIN_STEP * turn
            elif nb == 0:
                value = 1.0 - _WIN_STEP * turn
            else:
                first, done, value, cut = _probe(
                    keys, info, values, hashes[p], turns - turn, lo[p], hi[p]
                )
                if not done:
                    done, value, cut = _leaf(
                        steps,
                        playable,
                        colours,
                        walls,
                        (a, b),
                        (f0[turn], f1[turn]),
                        hexgrid,
                        size,
                        turn == turns,
                        turn <= GUIDED_TURNS,
                        horizon,
                        weights,
                        phi,
                        marks,
                        queue,
                        bits,
                        free,
                        chains,
                    )
                if not done:
                    _order(cells, dirs, at, na, first, history[0])
                    counts[p], counts[p + 1] = na, nb
                    nexts[p], best[p], chosen[p], under[p] = 0, -math.inf, 0, 0
                    continue
            if p == 0:
                return value, nodes, cut
            walls[a >> 3] &= 255 ^ (1 << (a & 7))  # a leaf: take the joint step back
            walls[b >> 3] &= 255 ^ (1 << (b & 7))
            p -= 1
        elif nexts[p] < counts[p]:  # the next pick of ply p
            i = nexts[p]
            nexts[p] = i + 1
            if p % 2 == 0:  # player 0 picks; player 1 answers at p + 1
                q = p + 1
                lo[q], hi[q] = max(lo[p], best[p]), hi[p]
                hashes[q] = hashes[p] ^ zobrist[4 * cells_count + dirs[6 * p + i]]
                nexts[q], best[q], chosen[q], under[q] = 0, math.inf, 0, 0
                first, done, value, cut = _probe(
                    keys, info, values, hashes[q], turns - p // 2, lo[q], hi[q]
                )
                if not done:
                    _order(cells, dirs, 6 * q, counts[q], first, history[1])
                    p = q
                    continue
            else:
                turn = p // 2
                a, b = cells[6 * p - 6 + nexts[p - 1] - 1], cells[6 * p + i]
                if a == b:  # head-on: both crash
                    value, cut = -draw, 0
                else:
                    nodes += 1
                    if nodes > limit:
                        return 0.0, nodes, 1
                    walls[a >> 3] |= 1 << (a & 7)
                    walls[b >> 3] |= 1 << (b & 7)
                    h0[turn + 1], h1[turn + 1] = a, b
                    f0[turn + 1] = dirs[6 * p - 6 + nexts[p - 1] - 1]
                    f1[turn + 1] = dirs[6 * p + i]
                    q = p + 1
                    hashes[q] = (
                        hashes[p - 1]
                        ^ zobrist[a]
                        ^ zobrist[b]
                        ^ zobrist[2 * cells_count + h0[turn]]
                        ^ zobrist[2 * cells_count + a]
                        ^ zobrist[3 * cells_count + h1[turn]]
                        ^ zobrist[3 * cells_count + b]
                    )
                    lo[q], hi[q] = lo[p], min(hi[p], best[p])
                    p = q
                    entering = True
                    continue
        else:  # every pick of ply p searched (or cut off): its value goes up
            value, cut = best[p], under[p]
            turn = p // 2
            _store(
                keys,
                info,
                values,
                hashes[p],
                turns - turn,
                lo[p],
                hi[p],
                value,
                dirs[6 * p + chosen[p]],
                cut,
            )
            if p == 0:
                return value, nodes, cut
            if p % 2 == 0:  # a turn start: take the joint step back
                a, b = h0[turn], h1[turn]
                walls[a >> 3] &= 255 ^ (1 << (a & 7))
                walls[b >> 3] &= 255 ^ (1 << (b & 7))
            p -= 1
        # ``value`` is the value of the child ``nexts[p] - 1`` of ply p, ``cut`` its horizon count
        i = nexts[p] - 1
        under[p] += cut
        if p % 2 == 0:
            if value > best[p]:
                best[p], chosen[p] = value, i
            if best[p] >= hi[p]:
                nexts[p] = counts[p]  # cut-off
                history[0][cells[6 * p + i]] += turns - p // 2
        else:
            if value < best[p]:
                best[p], chosen[p] = value, i
            if best[p] <= lo[p]:
                nexts[p] = counts[p]
                history[1][cells[6 * p + i]] += turns - p // 2


class Table:
    """What the searches of one game remember: a transposition table and cut-off counts.

    ``2**bits`` entries, each a position's key, its value (exact or a bound), the depth it
    was searched to and its best pick; entries are overwritten when their slot is needed.
    The Zobrist keys are drawn from a fixed seed, so searches repeat exactly.
    """

    __slots__ = ("arrays",)

    def __init__(self, grid: Grid, bits: int = 18) -> None:
        cells = grid.cells
        size = 1 << bits
        rng = np.random.default_rng(12345)
        zobrist = rng.integers(0, 1 << 62, size=4 * cells + 6, dtype=np.int64)
        keys = np.full(size, -1, np.int64)
        info = np.zeros(size, np.int64)
        values = np.zeros(size, np.float64)
        history = np.zeros((2, cells + 1), np.float64)
        if not flood.COMPILED:
            self.arrays: tuple[Array, ...] = (
                keys.tolist(),
                info.tolist(),
                values.tolist(),
                zobrist.tolist(),
                history.tolist(),
            )
        else:
            self.arrays = (keys, info, values, zobrist, history)


class Position:
    """A turn start as the compiled search reads it: the grid's arrays, wall bytes, heads."""

    __slots__ = (
        "bits",
        "facings",
        "grid",
        "heads",
        "hexgrid",
        "horizon",
        "size",
        "state",
        "walls",
        "weights",
    )

    def __init__(self, state: TronState, horizon: int = RACE, weights: Array = _NO_WEIGHTS) -> None:
        grid = state.grid
        self.state = state
        self.grid = flood.arrays(grid)
        self.bits = flood.bit_tables(grid)
        raw = flood._wall_bytes(self.grid, state.walls)  # a fresh buffer: this search's own
        self.walls: Array = raw if flood.COMPILED else bytearray(raw)
        self.heads = state.heads
        self.facings = state.orientations
        self.hexgrid = grid.hex
        self.size = grid.playable().bit_count()
        self.horizon, self.weights = horizon, weights

    def options(self, player: int) -> list[tuple[int, int]]:
        """``(cell, direction)`` of each step of ``player`` into a free cell."""
        cells, dirs = flood._int_array(6, 0), flood._int_array(6, 0)
        g = self.grid
        head, facing = self.heads[player], self.facings[player]
        count = _options(g.steps, g.playable, self.walls, head, facing, cells, dirs, 0)
        return [(int(cells[k]), int(dirs[k])) for k in range(count)]


def position(
    state: TronState, horizon: str = "race", weights: np.ndarray | None = None
) -> Position:
    """``state`` (a turn start) over arrays, for ``search_turns`` and ``deep_values``.

    ``horizon`` (one of ``HORIZONS``) scores the connected positions where the search stops:
    "race" by the Voronoi race's territories, "learned" by a learned evaluation's ``weights``
    (``games.tron.learned_evaluation``, hex only).
    """
    if horizon not in HORIZONS:
        raise InvalidArgumentError(f"horizon must be one of {HORIZONS}, got {horizon!r}")
    if (horizon == "learned") != (weights is not None):
        raise InvalidArgumentError(
            f"weights are given with the 'learned' horizon only, got horizon={horizon!r} and "
            f"weights={weights!r}"
        )
    if weights is None:
        return Position(state, HORIZONS.index(horizon))
    if not state.grid.hex:
        raise InvalidArgumentError(
            f"the learned evaluation is trained on the hex board, got a square {state.grid!r}"
        )
    array = np.asarray(weights, dtype=np.float64)
    return Position(state, LEARNED, array if flood.COMPILED else tuple(array.tolist()))


def search_turns(
    pos: Position,
    steps: tuple[tuple[int, int], tuple[int, int]],
    turns: int,
    *,
    draw: float = 0.0,
    window: tuple[float, float] = (-math.inf, math.inf),
    limit: int = NO_LIMIT,
    table: Table | None = None,
) -> tuple[float, int, bool]:
    """``(value, nodes, exact)`` for player 0 after the joint step ``steps``, ``turns`` more.

    ``steps`` holds each player's ``(cell, direction)`` from ``Position.options`` (two distinct
    cells). ``turns`` 0 scores the position reached; the value is meaningless when ``nodes``
    passes ``limit``. ``exact``: no position was scored at the horizon, so a deeper search
    would find the same value.
    """
    (a, da), (b, db) = steps
    walls, g = pos.walls, pos.grid
    walls[a >> 3] |= 1 << (a & 7)
    walls[b >> 3] |= 1 << (b & 7)
    try:
        value, nodes, cut = _search(
            g.steps,
            g.playable,
            g.colours,
            walls,
            (a, b),
            (da, db),
            pos.hexgrid,
            pos.size,
            turns,
            window[0],
            window[1],
            draw,
            limit,
            (table or Table(pos.state.grid, 10)).arrays,
            pos.horizon,
            pos.weights,
            pos.bits,
        )
    finally:
        walls[a >> 3] &= 255 ^ (1 << (a & 7))
        walls[b >> 3] &= 255 ^ (1 << (b & 7))
    return float(value), int(nodes), not cut


def deep_values(
    pos: Position,
    turns: int,
    *,
    draw: float = 0.0,
    matrix: bool = True,
    order: list[int] | None = None,
    limit: int = NO_LIMIT,
    table: Table | None = None,
) -> Searched:
    """``(values, nodes, exact)``: the turn at hand searched ``turns`` turns deep, it included.

    ``values[i][j]`` is player 0's value when it steps to its ``i``-th option and player 1 to
    its ``j``-th (``Position.options``). With ``matrix`` every entry is exact; without, rows are
    searched in ``order`` by alpha-beta (player 1 answering each row), and only each row's
    minimum is exact where it can still be the best (``-inf`` marks a row cut off). ``nodes``
    past ``limit`` means the search stopped: the values are then meaningless. ``exact``: no
    position was scored at the horizon (the search saw every end the values depend on).
    """
    mine, theirs = pos.options(0), pos.options(1)
    values = [[0.0] * len(theirs) for _ in mine]
    nodes, best, exact = 0, -math.inf, True
    table = table or Table(pos.state.grid, 10)  # one for every joint step searched
    for i in order if order is not None else range(len(mine)):
        low = math.inf
        for j, step in enumerate(theirs):
            if mine[i][0] == step[0]:
                value = -draw
            else:
                window = (-math.inf, math.inf) if matrix else (best, low)
                value, used, ends = search_turns(
                    pos,
                    (mine[i], step),
                    turns - 1,
                    draw=draw,
                    window=window,
                    limit=limit - nodes,
                    table=table,
                )
                nodes, exact = nodes + used, exact and ends
                if nodes > limit:
                    return Searched(values, nodes, False)
            values[i][j] = value
            low = min(low, value)
            if not matrix and low <= best:
                values[i] = [-math.inf] * len(theirs)
                break
        best = max(best, low)
    return Searched(values, nodes, exact)


class Searched(NamedTuple):
    """What ``deep_values`` found: the values of the joint steps, the nodes, exactness."""

    values: list[list[float]]
    nodes: int
    exact: bool


class DeepSearch:
    """The turn at hand searched by ``deep_values``, deeper a turn at a time until time is up.

    Args:
        seconds: wall-clock seconds a move (None: no clock; then ``depth`` is needed).
        depth: the most turns searched (None: as deep as the clock allows).
        draw: contempt: a drawn end (head-on, or both boxed in) scores ``-draw``.
        matrix: play the turn at hand as a matrix game (every joint move searched, the pick
            drawn from the optimal mix) rather than as player 0's pick answered by player 1.
        seed: the seed of the draws from a mix.
        bits: the transposition table holds ``2**bits`` entries.
        horizon: how the positions where the search stops are scored (``position``).
        weights: with the "learned" horizon, the learned evaluation's weights.
    """

    __slots__ = (
        "bits",
        "depth",
        "draw",
        "horizon",
        "last",
        "matrix",
        "random",
        "seconds",
        "table",
        "weights",
    )

    def __init__(
        self,
        seconds: float | None,
        depth: int | None,
        draw: float,
        matrix: bool,
        seed: int,
        bits: int = 18,
        horizon: str = "race",
        weights: np.ndarray | None = None,
    ) -> None:
        self.seconds, self.depth, self.draw, self.matrix = seconds, depth, draw, matrix
        self.random = random.Random(seed)
        self.table: Table | None = None
        self.last: tuple[int, int] = (0, 0)  # (depth, nodes) of the last move's search
        self.bits, self.horizon, self.weights = bits, horizon, weights

    def warm(self, state: TronState) -> None:
        """Load (or compile) the search now, not on the clock of a move: a one-turn search."""
        pos = position(state, self.horizon, self.weights)
        if pos.options(0) and pos.options(1):
            deep_values(pos, 1, table=Table(state.grid, 4))

    def move(self, state: TronState) -> int:
        """Player 0's move at the turn start ``state`` (it has a free step, as has player 1)."""
        start = time.perf_counter()
        if self.table is None:
            self.table = Table(state.grid, self.bits)
        pos = position(state, self.horizon, self.weights)
        mine = pos.options(0)
        deadline = math.inf if self.seconds is None else start + self.seconds
        cap = self.depth if self.depth is not None else _DEEPEST
        values: list[list[float]] | None = None
        order, total, turns, rate = None, 0, 0, float(_FIRST_RATE)
        while turns < cap:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            limit = NO_LIMIT if math.isinf(left) else max(1, int(rate * left))
            found, nodes, exact = deep_values(
                pos,
                turns + 1,
                draw=self.draw,
                matrix=self.matrix,
                order=order,
                limit=limit,
                table=self.table,
            )
            total += nodes
            if nodes > limit:
                break
            values, turns = found, turns + 1
            rate = total / max(time.perf_counter() - start, 1e-6)
            rows = [min(row) for row in values]
            order = sorted(range(len(mine)), key=lambda i: -rows[i])
            if exact:
                break  # every end seen: deeper searches would find the same values
        self.last = (turns, total)
        if values is None:  # not even one turn in time: the first free step
            return _move(state, mine[0][1])
        if self.matrix:
            solution = solve_matrix_game(values)
            pick = self.random.choices(range(len(mine)), weights=solution.rows)[0]
        else:
            pick = max(range(len(mine)), key=lambda i: min(values[i]))
        return _move(state, mine[pick][1])


_DEEPEST = 200
"""More turns than any board holds: the deepening stops here without a clock or depth."""
_FIRST_RATE = 100_000
"""Nodes a second assumed before the first search of a move has measured them."""


def _move(state: TronState, direction: int) -> int:
    """Player 0's move that steps in ``direction``."""
    if not state.grid.hex:
        return direction
    return (direction - state.orientations[0] + 3) % 6 - 3
