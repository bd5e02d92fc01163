"""Zero-sum matrix games solved exactly: the value and both players' optimal mixed strategies.

A turn of simultaneous moves is a matrix game: rows are player 0's moves, columns player 1's,
each entry the value of the joint move for player 0. ``AlphaBeta(simultaneous="matrix")``
builds that matrix at its start and plays by its solution, so that neither side is assumed
to see the other's pick (the alternating approximation lets the second player see it).

The solver is a small simplex on the standard linear program (von Neumann's minimax
theorem); pure Python, fine for the few dozen moves of a turn, not for large matrices.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Real

from treesearch.errors import InvalidArgumentError

__all__ = ["MatrixSolution", "solve_matrix_game"]

_EPS = 1e-12


@dataclass(frozen=True)
class MatrixSolution:
    """The solution of a zero-sum matrix game.

    Attributes:
        value: the game's value for the row player (it maximises, the column player
            minimises).
        rows: an optimal mixed strategy of the row player (probabilities summing to 1).
        columns: an optimal mixed strategy of the column player.
    """

    value: float
    rows: tuple[float, ...]
    columns: tuple[float, ...]


def solve_matrix_game(matrix: Sequence[Sequence[float]]) -> MatrixSolution:
    """Solve the zero-sum game whose row player receives ``matrix[i][j]``.

    A saddle point (pure maximin equal to pure minimax) is answered at once; otherwise the
    simplex method on ``max sum(q) s.t. A q <= 1, q >= 0`` (A shifted positive) gives the
    column strategy and, from its dual prices, the row strategy.

    The matrix is scaled to entries in [-1, 1] first, so entries near the float range's ends
    (``1e308``) solve as well as small ones.

    Raises:
        InvalidArgumentError: for an empty or ragged matrix, a row that is not a sequence
            of numbers (a string such as ``'12'`` included) or a non-finite entry.

    Examples:
        >>> s = solve_matrix_game([[1, -1], [-1, 1]])  # matching pennies
        >>> round(s.value, 9), [round(p, 9) for p in s.rows + s.columns]
        (0.0, [0.5, 0.5, 0.5, 0.5])
    """
    rows = _numbers(matrix)
    m = len(rows)
    n = len(rows[0]) if m else 0
    if m == 0 or n == 0 or any(len(r) != n for r in rows):
        raise InvalidArgumentError(
            f"matrix must be a non-empty rectangle of numbers, got {len(rows)} rows of "
            f"lengths {[len(r) for r in rows]}"
        )
    if not all(math.isfinite(x) for r in rows for x in r):
        raise InvalidArgumentError(f"matrix entries must be finite numbers, got {matrix!r}")
    saddle = _saddle(rows)
    if saddle is not None:
        return saddle
    scale = max(abs(x) for r in rows for x in r)  # > 0: a matrix of zeros is a saddle
    low = min(min(r) for r in rows) / scale
    shift = 1.0 - low  # every scaled entry in [1, 3], so the game's value is > 0
    a = [[x / scale + shift for x in r] for r in rows]
    q, p = _simplex(a)
    total = sum(q)
    value = 1.0 / total
    columns = tuple(x * value for x in q)
    rows_mix = tuple(x * value for x in p)
    return MatrixSolution((value - shift) * scale, _normal(rows_mix), _normal(columns))


def _numbers(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The matrix as lists of floats; a row or entry that is not a number is refused."""
    if isinstance(matrix, (str, bytes)) or not isinstance(matrix, Iterable):
        raise InvalidArgumentError(f"matrix must be a sequence of rows of numbers, got {matrix!r}")
    rows = []
    for i, row in enumerate(matrix):
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise InvalidArgumentError(
                f"matrix rows must be sequences of numbers, got row {i} = {row!r}"
            )
        out: list[float] = []
        for x in row:
            if isinstance(x, bool) or not isinstance(x, Real):
                raise InvalidArgumentError(
                    f"matrix entries must be finite numbers, got {x!r} in row {i}"
                )
            out.append(float(x))
        rows.append(out)
    return rows


def _saddle(rows: list[list[float]]) -> MatrixSolution | None:
    """The pure solution when maximin equals minimax, else None."""
    mins = [min(r) for r in rows]
    i = max(range(len(rows)), key=mins.__getitem__)
    maxes = [max(col) for col in zip(*rows, strict=True)]
    j = min(range(len(maxes)), key=maxes.__getitem__)
    if mins[i] < maxes[j]:
        return None
    pure_rows = tuple(1.0 if k == i else 0.0 for k in range(len(rows)))
    pure_cols = tuple(1.0 if k == j else 0.0 for k in range(len(maxes)))
    return MatrixSolution(mins[i], pure_rows, pure_cols)


def _simplex(a: list[list[float]]) -> tuple[list[float], list[float]]:
    """Maximise ``sum(q)`` subject to ``a q <= 1``, ``q >= 0`` (``a`` positive).

    Returns the optimal ``q`` and the dual prices ``p`` (the row player's unnormalised
    strategy). Bland's rule: the lowest index enters and leaves, so it cannot cycle.
    """
    m, n = len(a), len(a[0])
    # Tableau rows: constraints [a | I | 1]; objective row [-1.. | 0.. | 0].
    table = [a[i] + [1.0 if k == i else 0.0 for k in range(m)] + [1.0] for i in range(m)]
    objective = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    while True:
        enter = next((k for k in range(n + m) if objective[k] < -_EPS), None)
        if enter is None:
            break
        ratios = [
            (table[i][-1] / table[i][enter], basis[i], i)
            for i in range(m)
            if table[i][enter] > _EPS
        ]
        _, _, leave = min(ratios)  # bounded: a is positive, so some ratio exists
        pivot = table[leave][enter]
        table[leave] = [x / pivot for x in table[leave]]
        for i in range(m):
            if i != leave and table[i][enter] != 0.0:
                f = table[i][enter]
                table[i] = [x - f * y for x, y in zip(table[i], table[leave], strict=True)]
        f = objective[enter]
        objective = [x - f * y for x, y in zip(objective, table[leave], strict=True)]
        basis[leave] = enter
    q = [0.0] * n
    for i, b in enumerate(basis):
        if b < n:
            q[b] = table[i][-1]
    p = [max(0.0, objective[n + i]) for i in range(m)]
    return q, p


def _normal(mix: tuple[float, ...]) -> tuple[float, ...]:
    """Clip rounding noise and rescale to sum to 1."""
    clipped = [max(0.0, x) for x in mix]
    total = sum(clipped)
    return tuple(x / total for x in clipped)
