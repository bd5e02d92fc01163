"""Value functions of Railroad Ink on hand-built boards and played positions."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.railroad_ink import Board, RailroadInk
from games.railroad_ink.bots.value import HEURISTIC, Heuristic, Weights, dead_sides, score_value
from treesearch import RandomWalk
from treesearch.errors import InvalidArgumentError


def position(moves: list[str], rnd: int, used: int = 0) -> SimpleNamespace:
    """A stand-in state: what a value function reads (board, round, specials used)."""
    return SimpleNamespace(board=Board.from_moves(moves, strict=False), round=rnd, used=used)


def test_dead_and_open_sides_split_the_errors() -> None:
    # a straight highway from the exit above (0, 1): its south side faces an empty square
    assert dead_sides(Board.from_moves(["01D_D_"])) == (0, 1)
    # a blank north side below it: that route side can never be closed
    assert dead_sides(Board.from_moves(["01D_D_", "11_D_D"], strict=False)) == (1, 2)
    # (1, 1) must meet highway from the north and east and railway from the west: a die face
    # meets at most two of them (a curved station or a highway curve), so one side is dead;
    # (1, 3) must meet highway from the west: open
    board = Board.from_moves(["01D_D_", "12_D_D", "10_L_L"], strict=False)
    assert dead_sides(board) == (1, 2 + 1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_dead_plus_open_is_the_error_count_on_played_boards(seed: int) -> None:
    path = RandomWalk(rng=seed).run(RailroadInk(seed=seed).start()).path
    for state in path[1:]:
        dead, opened = dead_sides(state.board)
        assert dead + opened == state.board.score().errors


def test_heuristic_by_hand() -> None:
    # round 1: the exit reached (reach 1), two open ends at lambda 0.5, 3 specials unused
    h = Heuristic(Weights(reach=1.0, dead=1.0, open_start=0.5, open_end=1.0, special=0.7))
    s = position(["01DDD_"], rnd=1)
    assert s.board.score().total == -1
    assert h(s) == pytest.approx(1 - 0.5 * 2 + 1 + 0.7 * 3 * 6 / 7)
    # round 7: open ends cost a full point, specials are worth nothing, one special used
    s7 = position(["01DDD_"], rnd=7, used=0b1)
    assert h(s7) == pytest.approx(1 - 2 + 1)
    # a dead side costs ``dead`` whatever the round; the two highways are not joined (1 each)
    hd = Heuristic(Weights(reach=0.0, dead=3.0, open_start=0.0, open_end=0.0, special=0.0))
    assert hd(position(["01D_D_", "11_D_D"], rnd=1)) == pytest.approx(1 - 3)


def test_heuristic_is_the_score_at_the_end() -> None:
    path = RandomWalk(rng=4).run(RailroadInk(seed=4).start()).path
    end = path[-1]
    assert end.round == 8
    assert HEURISTIC(end) == score_value(end) == end.board.score().total
    assert HEURISTIC(path[10]) != score_value(path[10])  # and not before it


def test_heuristic_prefers_connecting_to_a_second_exit() -> None:
    one = position(["01D_D_", "11D_D_", "21D_D_"], rnd=3)
    two = position(["01D_D_", "11D_D_", "21D_D_", "31DD__", "32_D_D"], rnd=3)
    assert HEURISTIC(two) > HEURISTIC(one)


def test_bad_weights_are_named() -> None:
    with pytest.raises(
        InvalidArgumentError, match=r"weight reach must be a finite number of points, got 'x'"
    ):
        Weights(reach="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"weights must be a Weights, got 3"):
        Heuristic(3)  # type: ignore[arg-type]
