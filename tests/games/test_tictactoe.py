from __future__ import annotations

import pytest

from games.tictactoe import TicTacToe
from treesearch import BFS, check_iterator
from treesearch.errors import InvalidArgumentError

# Positions reachable at each ply (perft-style), counting distinct boards; and game-tree nodes.
DISTINCT_BY_DEPTH = [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]


def test_contract_and_perft() -> None:
    check_iterator(TicTacToe())
    result = BFS().run(TicTacToe())
    by_depth = [0] * 10
    for depth in result.distances.values():  # type: ignore[union-attr]
        by_depth[int(depth)] += 1
    assert by_depth == DISTINCT_BY_DEPTH and sum(by_depth) == 5478


def test_game_tree_size() -> None:
    def count(s: TicTacToe) -> int:
        return 1 + sum(count(c) for c in s.get_children())

    assert count(TicTacToe()) == 549946


def test_players_returns_and_moves() -> None:
    s = TicTacToe()
    assert s.player() == 0 and s.returns() == (0.0, 0.0) and s.move is None
    x_wins = s.play(0).play(3).play(1).play(4).play(2)
    assert x_wins.is_terminal() and x_wins.returns() == (1.0, -1.0)
    assert x_wins.get_children() == [] and x_wins.legal_moves() == []
    o_wins = s.play(0).play(3).play(1).play(4).play(8).play(5)
    assert o_wins.returns() == (-1.0, 1.0) and o_wins.player() == 0
    assert str(TicTacToe().play(4)) == ". . .\n. X .\n. . ."


def test_children_in_cell_order_and_parent_untouched() -> None:
    s = TicTacToe().play(4)
    before = s.board
    assert [c.move for c in s.get_children()] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert s.board == before


def test_random_playout_matches_a_real_game() -> None:
    import random

    rng = random.Random(3)
    for _ in range(200):
        r = TicTacToe().random_playout(rng)
        assert r in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))


@pytest.mark.parametrize(
    ("board", "to_move", "match"),
    [
        ((0,) * 8, None, "9 cells"),
        ((3,) + (0,) * 8, None, "9 cells"),
        ((2,) + (0,) * 8, None, "X must"),
    ],
)
def test_bad_boards(board: tuple[int, ...], to_move: int | None, match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        TicTacToe(board, to_move)


def test_illegal_move() -> None:
    with pytest.raises(InvalidArgumentError, match="cell 4"):
        TicTacToe().play(4).play(4)
