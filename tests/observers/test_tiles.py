from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from observers.tile_canvas import (
    AccumulatingRenderer,
    LegendRenderer,
    PacedRenderer,
    TileCanvas,
    TileRenderer,
    as_rgb,
)
from tests.observers.toys import Board, BoardTiles, board_frame
from treesearch import InvalidArgumentError


def test_protocols_are_structural() -> None:
    assert isinstance(BoardTiles(), TileRenderer)
    assert not isinstance(lambda s: s, TileRenderer)
    assert not isinstance(BoardTiles(), AccumulatingRenderer)


def test_canvas_repaints_only_changed_cells() -> None:
    canvas = TileCanvas(BoardTiles(rows=3, cols=3, tile_size=4))
    empty = Board(3, 3)
    canvas.render(empty)
    assert canvas.repainted == 9  # first frame: everything
    one = Board(3, 3, (1, 0, 0, 0, 0, 0, 0, 0, 0))
    np.testing.assert_array_equal(canvas.render(one), board_frame(one, 4))
    assert canvas.repainted == 1  # backtracking: one tile
    np.testing.assert_array_equal(canvas.render(empty), board_frame(empty, 4))
    assert canvas.repainted == 1  # and back
    canvas.render(empty)
    assert canvas.repainted == 0  # same state again: nothing
    jump = Board(3, 3, (2, 2, 1, 1, 2, 0, 0, 0, 0))
    np.testing.assert_array_equal(canvas.render(jump), board_frame(jump, 4))
    assert canvas.repainted == 5  # a jump costs what it changes
    canvas.invalidate()
    canvas.render(jump)
    assert canvas.repainted == 9


def test_canvas_is_independent_of_the_renderers_id_buffer() -> None:
    class Reused(BoardTiles):
        """Returns the same id array, mutated, on every call."""

        def __init__(self) -> None:
            super().__init__()
            self.ids = np.zeros((2, 2), np.int64)

        def tile_ids(self, state: Board) -> np.ndarray:
            self.ids[:] = np.array(state.cells).reshape(2, 2)
            return self.ids

    canvas = TileCanvas(Reused())
    for cells in ((0, 0, 0, 0), (1, 0, 0, 0), (1, 2, 0, 0), (1, 0, 0, 0)):
        board = Board(cells=cells)
        np.testing.assert_array_equal(canvas.render(board), board_frame(board))


def test_nested_sequences_and_grayscale_tiles_are_accepted() -> None:
    class Gray:
        tile_size = 2
        grid_shape = (1, 2)

        def tile_ids(self, state: Any) -> list[list[int]]:
            return [[0, state]]

        def tile_image(self, tile_id: int) -> np.ndarray:
            return np.full((2, 2), 100 * tile_id, np.uint8)

    frame = TileCanvas(Gray(), pad_to_even=True).render(2)
    assert frame.shape == (2, 4, 3)
    assert frame[0, 0].tolist() == [0, 0, 0] and frame[0, 3].tolist() == [200, 200, 200]


def test_padding_to_even_adds_black_margins() -> None:
    canvas = TileCanvas(BoardTiles(tile_size=3), pad_to_even=True)
    frame = canvas.render(Board(cells=(1, 1, 1, 1)))
    assert frame.shape == (6, 6, 3)
    canvas = TileCanvas(BoardTiles(rows=1, cols=3, tile_size=3), pad_to_even=True)
    frame = canvas.render(Board(1, 3, (1, 1, 1)))
    assert frame.shape == (4, 10, 3)
    assert not frame[3].any() and not frame[:, 9].any()
    assert frame[:3, :9].all()


@pytest.mark.parametrize(
    ("attr", "value", "message"),
    [
        ("tile_size", 0, "tile_size must be an int >= 1, got 0"),
        ("tile_size", 2.5, "got 2.5"),
        ("grid_shape", (2,), r"\(2,\)"),
        ("grid_shape", (0, 3), "rows must be an int >= 1, got 0"),
    ],
)
def test_bad_geometry_is_named(attr: str, value: Any, message: str) -> None:
    tiles = BoardTiles()
    setattr(tiles, attr, value)
    with pytest.raises(InvalidArgumentError, match=message):
        TileCanvas(tiles)


def test_bad_id_grid_shape_is_named() -> None:
    tiles = BoardTiles()
    canvas = TileCanvas(tiles)
    tiles.grid_shape = (1, 4)  # a renderer that changes its mind
    with pytest.raises(InvalidArgumentError, match=r"shape \(1, 4\), expected grid_shape \(2, 2\)"):
        canvas.render(Board())


def test_as_rgb_rejects_other_layouts() -> None:
    assert as_rgb(np.zeros((2, 3), np.uint8), "x").shape == (2, 3, 3)
    with pytest.raises(
        InvalidArgumentError, match=r"x must have shape \(H, W, 3\), got \(2, 3, 4\)"
    ):
        as_rgb(np.zeros((2, 3, 4), np.uint8), "x")
    with pytest.raises(InvalidArgumentError, match="dtype uint8"):
        as_rgb(np.zeros((2, 3, 3)), "x")


def test_canvas_paints_into_a_given_frame_view() -> None:
    picture = np.zeros((50, 40, 3), np.uint8)
    view = picture[10:42, 4:36]
    canvas = TileCanvas(BoardTiles(), frame=view)
    assert canvas.render(Board(cells=(1, 2, 0, 0))) is view
    np.testing.assert_array_equal(view, board_frame(Board(cells=(1, 2, 0, 0))))
    assert not picture[:10].any() and not picture[42:].any()  # nothing outside the view
    with pytest.raises(InvalidArgumentError, match=r"frame must be a \(32, 32, 3\) uint8 array"):
        TileCanvas(BoardTiles(), frame=np.zeros((32, 33, 3), np.uint8))
    with pytest.raises(InvalidArgumentError, match=r"\(34, 34, 3\).*float"):
        wrong: Any = np.zeros((34, 34, 3))
        TileCanvas(BoardTiles(tile_size=17), pad_to_even=True, frame=wrong)


def test_optional_hooks_are_structural() -> None:
    class Legend:
        def legend(self) -> list[Any]:
            return []

    class Paced:
        def frame_due(self, event: Any) -> bool:
            return True

    assert isinstance(Legend(), LegendRenderer) and not isinstance(Legend(), PacedRenderer)
    assert isinstance(Paced(), PacedRenderer) and not isinstance(BoardTiles(), LegendRenderer)
