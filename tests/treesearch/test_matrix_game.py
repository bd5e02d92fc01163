"""Zero-sum matrix games (``treesearch.matrix_game``) and ``AlphaBeta(simultaneous="matrix")``."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import Simul
from treesearch import AlphaBeta
from treesearch.errors import InvalidArgumentError
from treesearch.matrix_game import solve_matrix_game

entries = st.floats(min_value=-10, max_value=10, allow_nan=False).map(lambda x: round(x, 3))
matrices = st.integers(1, 6).flatmap(
    lambda m: st.lists(st.lists(entries, min_size=m, max_size=m), min_size=1, max_size=6)
)


@settings(max_examples=300, deadline=None)
@given(matrices)
def test_both_mixes_guarantee_the_value(matrix: list[list[float]]) -> None:
    s = solve_matrix_game(matrix)
    rows, cols = range(len(matrix)), range(len(matrix[0]))
    assert sum(s.rows) == pytest.approx(1) and sum(s.columns) == pytest.approx(1)
    assert min(s.rows) >= 0 and min(s.columns) >= 0
    worst_for_rows = min(sum(s.rows[i] * matrix[i][j] for i in rows) for j in cols)
    best_for_cols = max(sum(s.columns[j] * matrix[i][j] for j in cols) for i in rows)
    assert worst_for_rows == pytest.approx(s.value, abs=1e-9)
    assert best_for_cols == pytest.approx(s.value, abs=1e-9)
    maximin = max(min(r) for r in matrix)
    minimax = min(max(c) for c in zip(*matrix, strict=True))
    assert maximin - 1e-9 <= s.value <= minimax + 1e-9


def test_known_games() -> None:
    pennies = solve_matrix_game([[1, -1], [-1, 1]])
    assert pennies.value == pytest.approx(0) and pennies.rows == pytest.approx((0.5, 0.5))
    s = solve_matrix_game([[3, 0], [0, 1]])
    assert s.value == pytest.approx(0.75) and s.rows == pytest.approx((0.25, 0.75))
    saddle = solve_matrix_game([[1, 2, 3], [4, 5, 6]])
    assert (saddle.value, saddle.rows, saddle.columns) == (4.0, (0.0, 1.0), (1.0, 0.0, 0.0))
    rock = solve_matrix_game([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert rock.value == pytest.approx(0) and rock.rows == pytest.approx((1 / 3,) * 3)


@pytest.mark.parametrize(
    ("matrix", "words"),
    [
        ([], "non-empty"),
        ([[]], "non-empty"),
        ([[1, 2], [3]], "rectangle"),
        ([[1, math.nan]], "finite"),
        ([[math.inf]], "finite"),
    ],
)
def test_bad_matrices_are_refused(matrix: list[list[float]], words: str) -> None:
    with pytest.raises(InvalidArgumentError, match=words):
        solve_matrix_game(matrix)


def test_alphabeta_plays_matching_pennies_by_its_mix() -> None:
    game = Simul([[1.0, -1.0], [-1.0, 1.0]])
    paranoid = AlphaBeta().run(game)
    assert paranoid.value == -1.0  # player 1 "sees" the pick and always wins
    picks = []
    for seed in range(40):
        result = AlphaBeta(simultaneous="matrix", rng=seed).run(game)
        assert result.value == pytest.approx(0.0)
        assert result.info["mix"].rows == pytest.approx((0.5, 0.5))
        picks.append(result.best.a)
    assert 10 < sum(picks) < 30  # both picks, drawn from the mix
    again = [AlphaBeta(simultaneous="matrix", rng=s).run(game).best.a for s in range(40)]
    assert again == picks  # same seed, same pick


@settings(max_examples=100, deadline=None)
@given(matrices, st.integers(0, 1000))
def test_the_matrix_value_lies_between_the_two_alternating_orders(
    matrix: list[list[float]], seed: int
) -> None:
    game = Simul(matrix)
    result = AlphaBeta(simultaneous="matrix", rng=seed).run(game)
    assert result.info["matrix"] == matrix
    paranoid = AlphaBeta().run(game).value  # player 1 sees the pick: max-min
    minimax = min(max(col) for col in zip(*matrix, strict=True))  # player 0 sees the reply
    assert paranoid is not None and paranoid - 1e-9 <= result.value <= minimax + 1e-9
    assert result.info["mix"].rows[result.best.a] > 0  # the pick is in the optimal mix


def test_games_without_simultaneous_turns_search_as_before() -> None:
    game = Simul([[1.0, -1.0], [-1.0, 1.0]], hook=False)
    result = AlphaBeta(simultaneous="matrix", rng=0).run(game)
    assert result.value == -1.0 and "matrix" not in result.info


def test_bad_simultaneous_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="simultaneous must be one of"):
        AlphaBeta(simultaneous="nash")  # type: ignore[arg-type]
