"""Pictures of positions: sizes, colours where the cells are, territory tint, crash marks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from games.tron import TronRenderer, TronState, hex_grid, hex_start, square_start
from games.tron.render import _HEAD, _TINT, _TRAIL, _WALL
from treesearch import RandomWalk
from treesearch.errors import InvalidArgumentError


def pixel(r: TronRenderer, state: TronState, cell: int) -> tuple[int, ...]:
    frame = r(state)
    _, centres = r._layout(state.grid)
    x, y = centres[cell]
    return tuple(int(v) for v in frame[int(y), int(x)])


def test_square_frame_has_walls_trails_and_heads_where_the_cells_are() -> None:
    r = TronRenderer(cell=24)
    s = square_start("box15").play(1, 3)
    frame = r(s)
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert frame.shape[0] % 2 == 0 and frame.shape[1] % 2 == 0  # H.264 wants even sizes
    assert pixel(r, s, 0) == _WALL
    old0 = s.grid.cell(7, 3)
    assert pixel(r, s, old0) == _TRAIL[0]
    assert pixel(r, s, s.grid.cell(7, 11)) == _TRAIL[1]
    # the head's centre holds the white facing arrow, the rest of the cell the head colour
    _, centres = r._layout(s.grid)
    x, y = centres[s.heads[1]]
    assert tuple(frame[int(y), int(x)]) == (255, 255, 255)
    assert tuple(frame[int(y) + 8, int(x)]) == _HEAD[1]


def test_every_state_of_a_grid_gives_the_same_frame_size() -> None:
    r = TronRenderer(cell=8)
    s = hex_start(2)
    shapes = {r(s).shape}
    while not s.is_terminal():
        s = s.get_children()[2]
        shapes.add(r(s).shape)
    assert len(shapes) == 1


def test_hex_cells_are_laid_out_as_pointy_top_axial() -> None:
    r = TronRenderer(cell=20)
    g = hex_grid(13)
    _, centres = r._layout(g)
    (x0, y0), (x1, y1), (x2, y2) = (centres[g.cell(*yx)] for yx in ((6, 6), (6, 7), (7, 6)))
    assert (round(x1 - x0, 6), round(y1 - y0, 6)) == (20, 0)  # E: one hexagon width right
    assert round(x2 - x0, 6) == 10 and round(y2 - y0, 6) == round(20 * 3**0.5 / 2, 6)  # SE


def test_territory_tints_empty_cells_and_is_checked() -> None:
    s = square_start("box15")
    owners = [0 if c % 15 < 7 else 1 if c % 15 > 7 else -1 for c in range(s.grid.cells)]
    r = TronRenderer(cell=10, territory=lambda _: owners)
    assert pixel(r, s, s.grid.cell(3, 3)) == _TINT[0]
    assert pixel(r, s, s.grid.cell(3, 11)) == _TINT[1]
    assert pixel(r, s, s.grid.cell(3, 7)) != _TINT[0]
    assert len(r.legend()) == len(TronRenderer().legend()) + 2
    bad = TronRenderer(territory=lambda _: [0])
    with pytest.raises(InvalidArgumentError, match="one per cell"):
        bad(s)


def test_a_crash_is_marked_and_captioned() -> None:
    g = hex_grid(13)
    s = TronState(g, (g.cell(0, 8), g.cell(6, 6)), (1, 2))
    end = s.play(0, 0)
    r = TronRenderer(cell=16)
    before, after = r(s.play(1, 0).turn_start()), r(end)
    crash_yellow = np.all(after == (255, 205, 0), axis=2).sum()
    assert crash_yellow > 10 and np.all(before == (255, 205, 0), axis=2).sum() == 0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="cell"):
        TronRenderer(cell=2)
    with pytest.raises(InvalidArgumentError, match="territory"):
        TronRenderer(territory=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="TronState"):
        TronRenderer()("board")  # type: ignore[arg-type]


def test_a_random_game_video_writes_frames(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    from observers import VideoObserver

    folder = tmp_path / "frames"
    video = VideoObserver(f"{folder}/", TronRenderer(cell=8), fps=4)
    RandomWalk([video], rng=3).run(square_start("box15"))
    assert len(list(folder.glob("*.png"))) >= 4


def test_the_legend_names_the_cells_the_board_shows() -> None:
    hexes, squares = TronRenderer(), TronRenderer()
    hexes(hex_start(1))
    squares(square_start("box15"))
    hex_labels = [label for _, label in hexes.legend()]
    square_labels = [label for _, label in squares.legend()]
    assert "free cell" in hex_labels and "wall" not in hex_labels  # no walls drawn on hexagons
    assert "free cell" in square_labels and "wall" in square_labels
