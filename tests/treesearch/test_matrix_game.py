"""Zero-sum matrix games (``treesearch.matrix_game``) and ``AlphaBeta(simultaneous="matrix")``."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import Simul
from treesearch import TERMINAL, AlphaBeta
from treesearch.errors import InvalidArgumentError, IteratorContractError
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


def test_entries_near_the_float_range_s_ends_solve() -> None:
    s = solve_matrix_game([[1e308, -1e308], [-1e308, 1e308]])
    assert s.value == pytest.approx(0.0) and s.rows == pytest.approx((0.5, 0.5))
    big = solve_matrix_game([[3e307, 0], [0, 1e307]])
    assert big.value == pytest.approx(0.75e307) and big.rows == pytest.approx((0.25, 0.75))


@pytest.mark.parametrize(
    ("matrix", "words"),
    [
        (["12", "34"], "rows must be sequences of numbers, got row 0 = '12'"),
        ([[1, "2"]], "got '2' in row 0"),
        ([[True, 0]], "got True in row 0"),
        ("12", "a sequence of rows"),
    ],
)
def test_entries_that_are_not_numbers_are_refused(matrix: object, words: str) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        solve_matrix_game(matrix)  # type: ignore[arg-type]
    assert words in str(info.value)


class Moved(Simul):
    """``Simul`` whose replies carry their ``move`` and come in an order set per pick."""

    def __init__(self, payoff: list[list[float]], orders: list[list[int]], *args: Any) -> None:
        super().__init__(payoff, *args)
        self.orders = orders
        self.move = self.b if self.b is not None else self.a

    def get_children(self) -> list[Simul]:
        if self.a is None:
            return [Moved(self.payoff, self.orders, a) for a in range(len(self.payoff))]
        if self.b is None:
            return [Moved(self.payoff, self.orders, self.a, b) for b in self.orders[self.a]]
        return []


def test_replies_are_matched_by_their_move_not_their_place() -> None:
    payoff = [[3.0, 0.0], [0.0, 1.0]]  # row mix (1/4, 3/4), value 3/4
    plain = AlphaBeta(simultaneous="matrix", rng=0).run(Moved(payoff, [[0, 1], [0, 1]]))
    swapped = AlphaBeta(simultaneous="matrix", rng=0).run(Moved(payoff, [[0, 1], [1, 0]]))
    assert swapped.info["matrix"] == plain.info["matrix"] == payoff
    assert swapped.value == pytest.approx(0.75) == plain.value


@pytest.mark.parametrize(
    ("orders", "words"),
    [([[0, 1], [0]], "has the replies [0];"), ([[0, 1], [1, 1]], "has the replies [1, 1];")],
)
def test_replies_that_differ_between_picks_are_refused(orders: list[list[int]], words: str) -> None:
    with pytest.raises(IteratorContractError, match=re.escape(words)) as info:
        AlphaBeta(simultaneous="matrix", rng=0).run(Moved([[1.0, 0.0], [0.0, 1.0]], orders))
    assert "simultaneous='sequential'" in str(info.value)


@pytest.mark.parametrize(
    ("payoff", "value"),
    [
        ([[math.inf, math.inf], [0.0, 1.0]], math.inf),  # a sure win
        ([[-math.inf, 1.0], [-math.inf, 2.0]], -math.inf),  # player 1 always has the kill
        ([[math.inf, 0.0], [0.0, 1.0]], 1.0),  # risk the win as little as it takes
    ],
)
def test_infinite_cut_off_values_are_solved_as_sure_ends(
    payoff: list[list[float]], value: float
) -> None:
    def judge(s: Cut) -> float:
        return 0.0 if s.b is None else s.payoff[s.a][s.b]

    sequential = AlphaBeta(value=judge, depth=2).run(Cut(payoff))
    result = AlphaBeta(value=judge, depth=2, simultaneous="matrix", rng=0).run(Cut(payoff))
    assert sequential.value is not None and "mix" in result.info
    assert result.value == pytest.approx(value, rel=1e-5)


class Cut(Simul):
    """``Simul`` whose joint moves go on (to a dull end): a search to depth 2 values them."""

    def __init__(self, payoff: list[list[float]], *args: Any, end: bool = False) -> None:
        super().__init__(payoff, *args)
        self.end = end

    def get_children(self) -> list[Simul]:
        if self.a is None:
            return [Cut(self.payoff, a) for a in range(len(self.payoff))]
        if self.b is None:
            return [Cut(self.payoff, self.a, b) for b in range(len(self.payoff[0]))]
        return [] if self.end else [Cut(self.payoff, self.a, self.b, end=True)]

    def player(self) -> int:
        return TERMINAL if self.end else 0 if self.b is not None else super().player()

    def returns(self) -> tuple[float, float]:
        return 0.0, 0.0
