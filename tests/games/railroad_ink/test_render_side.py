"""The column beside the board: the round's dice, the specials, free play, its tile ids."""

from __future__ import annotations

import numpy as np
import pytest

from games.railroad_ink import RailroadInk, RailroadInkState
from games.railroad_ink.pieces.tiles import SPECIALS
from games.railroad_ink.render.column import Die, Pair, Row, Text, side_rows
from games.railroad_ink.render.renderer import RailroadInkTiles
from games.railroad_ink.rules.board import Board
from observers import TileCanvas
from treesearch.errors import InvalidArgumentError

SIDE = np.s_[:, 9:]  # the side column in a 9x11 grid of ids


def rows_of(state: object) -> tuple[Row, ...]:
    board = state if isinstance(state, Board) else state.board  # type: ignore[attr-defined]
    return side_rows(state, board, board.score(), scored=False, terminal=False)


def dice(rows: tuple[Row, ...]) -> list[Die]:
    return [die for row in rows if isinstance(row, Pair) for die in row]


def test_the_round_and_its_faces_still_to_place() -> None:
    start = RailroadInk(seed=1, dice="known").start()
    assert start.faces is not None
    rows = rows_of(start)
    assert len(rows) == 9 and rows[0] == Text("round", "1 of 7", headline=True)
    shown = dice(rows)
    assert [d.tile for d in shown[:4]] == list(start.faces)
    assert [d.tile for d in shown[4:]] == list(SPECIALS)
    child = start.get_children()[0]  # one face placed: three left and an empty slot
    after = dice(rows_of(child))
    assert child.faces is not None and [d.tile for d in after[:3]] == list(child.faces)
    assert after[3] == Die(None, "placed")


def test_a_used_special_is_crossed_out_and_the_others_wait() -> None:
    start = RailroadInk(seed=1, dice="known").start()
    special = next(c for c in start.get_children() if c.used)
    looks = [d.look for d in dice(rows_of(special))[4:]]
    assert looks.count("used") == 1 and looks.count("idle") == 5  # one special a round
    assert "special" in [d.look for d in dice(rows_of(start))]


def test_a_chance_state_shows_dice_not_rolled_yet() -> None:
    start = RailroadInk(seed=1, dice="revealed").start()
    assert [d.look for d in dice(rows_of(start))[:4]] == ["roll"] * 4


def test_free_play_and_a_bare_board() -> None:
    state = RailroadInkState(RailroadInk(dice="free"), Board.from_moves(["01D_D_"]))
    rows = rows_of(state)
    assert rows[0] == Text("any tile, anywhere", "free play", headline=True)
    assert Text("tiles placed", "1 of 49") in rows
    assert Text("last placed", "-") in rows  # a given start board: no move made
    board_rows = rows_of(Board())
    assert board_rows[0] == Text("a board") and Text("score so far", "0") in board_rows


def test_placing_a_face_changes_the_side_column_pixels() -> None:
    tiles = RailroadInkTiles(tile_size=20)
    start = RailroadInk(seed=1, dice="known").start()
    child = start.get_children()[0]
    a, b = tiles.tile_ids(start), tiles.tile_ids(child)
    assert a.shape == (9, 11) and not np.array_equal(a[SIDE], b[SIDE])
    canvas = TileCanvas(tiles)
    first = canvas.render(start)[:, 9 * 20 :].copy()
    second = canvas.render(child)[:, 9 * 20 :]
    assert not np.array_equal(first, second)
    assert canvas.repainted <= 14  # of 99: the tile, squares it opened, a few side rows


def test_ids_are_given_on_use_and_pictures_are_deterministic() -> None:
    game = RailroadInk(seed=4, dice="known")
    states = [game.start()]
    for _ in range(6):
        states.append(states[-1].get_children()[-1])
    one, two = RailroadInkTiles(tile_size=16), RailroadInkTiles(tile_size=16)
    for state in states:
        ids_one, ids_two = one.tile_ids(state), two.tile_ids(state)
        assert np.array_equal(ids_one, ids_two)  # same order of first use, same ids
        for tile_id in ids_one[SIDE].ravel().tolist():
            assert tile_id >= RailroadInkTiles.tile_count
            image = one.tile_image(tile_id)
            assert image.shape == (16, 16, 3) and np.array_equal(image, two.tile_image(tile_id))
    assert np.array_equal(one.tile_ids(states[0]), two.tile_ids(states[0]))  # ids stay put


def test_bad_arguments_and_ids_not_given_yet() -> None:
    with pytest.raises(InvalidArgumentError, match="side"):
        RailroadInkTiles(side=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="scoring"):
        RailroadInkTiles(scoring="sometimes")
    tiles = RailroadInkTiles(tile_size=16)
    with pytest.raises(InvalidArgumentError, match="tile_id"):
        tiles.tile_image(RailroadInkTiles.tile_count)
    tiles.tile_ids(Board())
    assert tiles.tile_image(RailroadInkTiles.tile_count).shape == (16, 16, 3)
