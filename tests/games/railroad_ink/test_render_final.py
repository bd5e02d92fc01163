"""The scored board: networks in their colours, the longest trails, errors, the score beside."""

from __future__ import annotations

import random

import numpy as np

from games.railroad_ink import RailroadInk, RailroadInkState
from games.railroad_ink.render.column import Chips, Text, side_rows
from games.railroad_ink.render.networks import ERROR, NETWORK_COLOURS, TRAIL, Marks, board_marks
from games.railroad_ink.render.renderer import RailroadInkTiles
from games.railroad_ink.rules.board import Board
from observers import TileCanvas

# Highway from the north exit of column 1 straight down to the south exit: one network of two
# exits (4 points), a highway of 7, no error.
COLUMN = [f"{row}1D_D_" for row in range(7)]
T = 40


def has(image: np.ndarray, colour: tuple[int, int, int], tolerance: int = 3) -> bool:
    return bool((np.abs(image.astype(int) - colour).max(axis=-1) <= tolerance).any())


def square(frame: np.ndarray, row: int, col: int) -> np.ndarray:
    return frame[(row + 1) * T : (row + 2) * T, (col + 1) * T : (col + 2) * T]


def finished_game(seed: int) -> RailroadInkState:
    rng, state = random.Random(seed), RailroadInk(seed=seed, dice="known").start()
    while not state.is_terminal():
        state = rng.choice(state.get_children())
    return state


def test_marks_of_a_hand_built_board() -> None:
    board = Board.from_moves(COLUMN)
    score = board.score()
    assert (score.exits, score.highway, score.errors) == (4, 7, 0)
    marks, exits = board_marks(score, board.tiles)
    assert set(marks) == {row * 7 + 1 for row in range(7)}
    trail = [marks[row * 7 + 1].trail for row in range(7)]
    assert trail == [0b0100] + [0b0101] * 5 + [0b0001]  # S, then N and S, then N (bit = side)
    assert all(m.colours == (0,) and not m.dot and not m.errors for m in marks.values())
    assert exits == {(0, 1, 0): 0, (6, 1, 2): 0}
    one = Board.from_moves(["01D_D_"])
    marks, exits = board_marks(one.score(), one.tiles)
    assert marks == {1: Marks((-1,), 0, True, 0b0100)} and exits == {}  # south end left open


def test_scored_squares_show_network_colour_trail_and_errors() -> None:
    tiles = RailroadInkTiles(tile_size=T, scoring="always")
    frame = TileCanvas(tiles).render(Board.from_moves(COLUMN)).copy()
    middle = square(frame, 3, 1)
    assert has(middle[:, : T // 3], NETWORK_COLOURS[0])  # the glow beside the road
    assert has(middle[:, T // 3 : 2 * T // 3], TRAIL)  # the yellow line along it
    assert not has(frame[:, : 9 * T], ERROR)  # (the side column keys its errors row red)
    arrow = frame[0:T, 2 * T : 3 * T]  # the north exit of column 1, above the board
    assert has(arrow, NETWORK_COLOURS[0])
    open_end = TileCanvas(tiles).render(Board.from_moves(["01D_D_"])).copy()
    assert has(square(open_end, 0, 1)[T // 2 :], ERROR)  # a red dot at the south side
    plain = TileCanvas(RailroadInkTiles(tile_size=T)).render(Board.from_moves(COLUMN))
    assert not has(plain, NETWORK_COLOURS[0]) and not has(plain, TRAIL)  # not over: not scored


def test_the_final_frame_of_a_game_is_scored() -> None:
    state = finished_game(5)
    score = state.board.score()
    scoring = [n for n in score.networks if len(n.exits) >= 2]
    frame = TileCanvas(RailroadInkTiles(tile_size=T)).render(state)
    board = frame[:, : 9 * T]
    for k in range(len(scoring)):
        assert has(board, NETWORK_COLOURS[k])
    assert has(board, TRAIL) and has(board, ERROR) == (score.errors > 0)
    rows = side_rows(state, state.board, score, scored=True, terminal=True)
    assert rows[0] == Text("game over", "final score", headline=True)
    assert Text("total", str(score.total), headline=True) in rows
    chips = next(row for row in rows if isinstance(row, Chips))
    assert [points for _, points in chips.chips] == [n.points for n in scoring]
    never = RailroadInkTiles(tile_size=T, scoring="never").tile_ids(state)
    assert (never[:, :9] < RailroadInkTiles.tile_count).all()  # only the fixed pictures


def test_free_play_over_says_why() -> None:
    state = RailroadInkState(RailroadInk(dice="free"), Board.from_moves(COLUMN))
    rows = side_rows(state, state.board, state.board.score(), scored=True, terminal=True)
    assert rows[0] == Text("no square open", "final score", headline=True)
    assert Text("tiles placed", "7 of 49") in rows
