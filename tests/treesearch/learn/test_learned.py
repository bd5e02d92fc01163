"""Learned values plug in wherever a hand-written value does, and read what they need."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.tictactoe import LINES, TicTacToe
from tests.treesearch.learn.toys import EncodedTicTacToe, Nim, Pick, Walk
from treesearch import (
    MCTS,
    AlphaBeta,
    Backtracking,
    BeamSearch,
    GreedyBestFirst,
    InvalidArgumentError,
)
from treesearch.errors import MissingCapabilityError
from treesearch.learn import LinearValue, NTupleValue, TableValue, playout_policy, train
from treesearch.values import negated

# X has 0 and 1, O has 3 and 4, X to move: 2 wins at once (and 5 would be O's win next).
WIN_AT_2 = TicTacToe((1, 1, 0, 2, 2, 0, 0, 0, 0))


@pytest.fixture(scope="module")
def pick_table() -> TableValue:
    table = TableValue()
    train(table, Pick(), games=200, alpha=1.0, lam=0.0, epsilon=0.5, seed=0)
    return table


def test_the_pick_table_holds_the_best_end_below_each_state(pick_table: TableValue) -> None:
    assert [pick_table(Pick(p)) for p in ((0,), (1,), (1, 1), (0, 1))] == [2.0, 3.0, 3.0, 2.0]


@pytest.mark.parametrize(
    "search",
    [
        lambda v: BeamSearch(width=1, value=v),
        lambda v: Backtracking(value=v),
    ],
    ids=["beam", "backtracking"],
)
def test_a_learned_value_leads_one_player_searches_to_the_best_end(
    pick_table: TableValue, search: object
) -> None:
    result = search(pick_table).run(Pick())  # type: ignore[operator]
    assert result.best.path == (1, 1, 1)
    assert result.value == 3.0


def test_a_learned_value_orders_greedy_best_first(pick_table: TableValue) -> None:
    """Its knob is a heuristic, smaller first: the value enters negated."""
    result = GreedyBestFirst(heuristic=negated(pick_table), goal=lambda s: len(s.path) == 3).run(
        Pick()
    )
    assert result.best.path == (1, 1, 1)
    # A first-met order would end at (0, 0, 0), worth 1: the learned value is what chose.
    assert BeamSearch(width=1, value=lambda s: 0.0).run(Pick()).best.path == (0, 0, 0)


def test_alphabeta_with_a_learned_cut_off_value_finds_the_win(tictactoe_table: TableValue) -> None:
    for depth in (1, 2):
        assert AlphaBeta(depth=depth, value=tictactoe_table).run(WIN_AT_2).best.move == 2
    # As player 1: O (in the centre) must block at 2, the only move that does not lose.
    block = TicTacToe((1, 1, 0, 0, 2, 0, 0, 0, 0))
    assert AlphaBeta(depth=1, value=tictactoe_table).run(block).best.move == 2


def test_mcts_with_a_learned_leaf_evaluation_finds_the_win(tictactoe_table: TableValue) -> None:
    result = MCTS(evaluate=tictactoe_table, iterations=50, rng=0, solver=False).run(WIN_AT_2)
    assert result.best.move == 2


def test_a_learned_playout_policy_plays_the_best_moves(tictactoe_table: TableValue) -> None:
    greedy = playout_policy(tictactoe_table)
    children = WIN_AT_2.get_children()
    assert greedy(children, WIN_AT_2, random.Random(0)).move == 2
    block = TicTacToe((1, 1, 0, 0, 2, 0, 0, 0, 0))  # O to move picks the lowest value
    assert greedy(block.get_children(), block, random.Random(0)).move == 2
    soft = playout_policy(tictactoe_table, temperature=0.05)
    picks = [soft(children, WIN_AT_2, random.Random(i)).move for i in range(20)]
    assert picks.count(2) == 20  # exp(-1 / 0.05): the others all but never
    warm = playout_policy(tictactoe_table, temperature=100.0)
    assert len({warm(children, WIN_AT_2, random.Random(i)).move for i in range(60)}) > 3
    result = MCTS(rollout=greedy, iterations=30, rng=0, solver=False).run(WIN_AT_2)
    assert result.best.move == 2


def test_a_table_needs_keys_a_linear_value_features_an_ntuple_an_encoding() -> None:
    class Bare:
        def get_children(self) -> list[object]:
            return []

    with pytest.raises(MissingCapabilityError, match=r"TableValue reads key\(\)"):
        train(TableValue(), Bare(), games=1)
    with pytest.raises(MissingCapabilityError, match=r"LinearValue reads features\(\)"):
        train(LinearValue(3), Bare(), games=1)
    with pytest.raises(MissingCapabilityError, match=r"NTupleValue reads encoding\(\)"):
        train(NTupleValue([(0,)], cells=1, cell_values=2), Bare(), games=1)
    with pytest.raises(InvalidArgumentError, match=r"LinearValue has 3 weights, but Walk.* 7"):
        train(LinearValue(3), Walk(), games=1)
    with pytest.raises(InvalidArgumentError, match=r"reads 5 cells, but Nim.* encoding of 4"):
        train(NTupleValue([(0,)], cells=5, cell_values=4), Nim(), games=1)


def test_bad_shapes_of_values_are_refused_when_made() -> None:
    with pytest.raises(InvalidArgumentError, match="features must be an int >= 1"):
        LinearValue(0)
    with pytest.raises(InvalidArgumentError, match=r"cell indices 0\.\.3, got \[\(0, 4\)\]"):
        NTupleValue([(0, 4)], cells=4, cell_values=3)
    with pytest.raises(InvalidArgumentError, match="tuples must be non-empty"):
        NTupleValue([()], cells=4, cell_values=3)
    with pytest.raises(InvalidArgumentError, match="cell_values must be an int >= 2"):
        NTupleValue([(0,)], cells=4, cell_values=1)
    with pytest.raises(InvalidArgumentError, match="temperature must be"):
        playout_policy(TableValue(), temperature=-1)


def test_ntuples_of_different_lengths_sum_their_weights() -> None:
    net = NTupleValue([(0,), (1, 2)], cells=3, cell_values=3)
    board = Nim((2, 1, 0))  # encoding [2, 1, 0, 0]: tuple 0 reads 2, tuple 1 reads 1 + 0 * 3
    net.weights[2] = 0.25
    net.weights[3 + 1] = 0.5
    assert net.indices(board).tolist() == [2, 4]
    assert net(board) == 0.75
    assert np.count_nonzero(net.weights) == 2


def test_an_ntuple_network_of_the_eight_lines_learns_to_beat_a_random_player() -> None:
    """Eight 3-tuples (216 weights) instead of a table of thousands of positions."""
    net = NTupleValue(LINES, cells=9, cell_values=3)
    run = train(
        net, EncodedTicTacToe(), games=500, alpha=0.3, epsilon=0.1, seed=0,
        eval_every=500, eval_games=100,
    )  # fmt: skip
    (_, before), (_, after) = run.curve
    assert after >= 0.8 and after > before + 0.5  # mean reward against random, sides alternating
    position = EncodedTicTacToe(WIN_AT_2.board)
    assert AlphaBeta(depth=1, value=net).run(position).best.move == 2
