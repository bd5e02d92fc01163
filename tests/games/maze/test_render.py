"""Static rendering: shape, colours at known pixels, and the reusable parts."""

from __future__ import annotations

import numpy as np
import pytest

from games.maze import Maze, MazeRenderer, render_maze
from games.maze.render import CHEESE, FLOOR, GOAL, HOLE, MUD, PLAYER, WALL, route_arms
from treesearch import InvalidArgumentError

# 0 | 1   2      wall between 0 and 1, mud (5) between 1 and 2
# 3   4   ###    cell 5 is a hole
MAZE = Maze.from_ascii("""
    +---+---+---+
    |   |   5 * |
    +   +   +---+
    |       |###|
    +---+---+---+
""")
PX = 30


def pixel(frame: np.ndarray, x: int, y: int) -> tuple[int, ...]:
    return tuple(int(v) for v in frame[y, x])


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    x0, y0, x1, y1 = box
    return (x0 + x1) // 2, (y0 + y1) // 2


def test_shape_and_dtype() -> None:
    frame = render_maze(MAZE, player=0, cell_px=PX)
    margin = max(2, PX // 7)
    assert frame.shape == (2 * PX + 2 * margin, 3 * PX + 2 * margin, 3)
    assert frame.dtype == np.uint8


def test_colours_at_known_pixels() -> None:
    renderer = MazeRenderer(MAZE, cell_px=PX)
    frame = renderer.draw(player=3)
    x0, y0, x1, y1 = renderer.cell_box(0)
    mid_y = (y0 + y1) // 2
    assert pixel(frame, x1, mid_y) == WALL  # between 0 and 1
    assert pixel(frame, x0 - 1, mid_y) == WALL  # the outer frame left of 0
    assert pixel(frame, *centre(renderer.cell_box(2))) == CHEESE
    assert pixel(frame, *centre(renderer.cell_box(3))) == PLAYER
    assert pixel(frame, *centre(renderer.cell_box(5))) == HOLE
    _, by0, _, by1 = renderer.cell_box(3)
    assert pixel(frame, renderer.cell_box(3)[2], (by0 + by1) // 2) == FLOOR  # open 3 - 4
    assert pixel(frame, x0 + 8, y0 + 8) == FLOOR


def test_mud_patch() -> None:
    renderer = MazeRenderer(MAZE, cell_px=PX, mud_weights=False)
    frame = renderer.draw()
    _, y0, x1, y1 = renderer.cell_box(1)
    assert pixel(frame, x1, (y0 + y1) // 2) == MUD
    with_text = MazeRenderer(MAZE, cell_px=PX).draw()
    patch = with_text[y0:y1, x1 - 4 : x1 + 5]
    assert (patch == MUD).all(axis=-1).any()
    assert (patch != MUD).any(axis=-1).any()  # the weight is written on the patch


def test_background_is_drawn_once_and_frames_are_fresh() -> None:
    renderer = MazeRenderer(MAZE, cell_px=16)
    background = renderer.background
    assert renderer.background is background
    assert not background.flags.writeable
    a = renderer.draw(player=0)
    a[:] = 0
    b = renderer.draw(player=0)
    assert b.any()
    assert not (renderer.draw(cheese=[]) == renderer.draw()).all()


def test_paint_cells_keeps_the_walls() -> None:
    renderer = MazeRenderer(MAZE, cell_px=PX)
    frame = renderer.draw()
    renderer.paint_cells(frame, [0], (0, 0, 255))
    _, y0, x1, y1 = renderer.cell_box(0)
    assert pixel(frame, *centre(renderer.cell_box(0))) == (0, 0, 255)
    assert pixel(frame, x1, (y0 + y1) // 2) == WALL


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="cell_px must be >= 4, got 2"):
        MazeRenderer(MAZE, cell_px=2)
    with pytest.raises(InvalidArgumentError, match="player cell 5 is a hole"):
        render_maze(MAZE, player=5)
    with pytest.raises(InvalidArgumentError, match="maze must be"):
        MazeRenderer({0: {}})  # type: ignore[arg-type]


def test_legend_says_what_the_static_pictures_mean() -> None:
    renderer = MazeRenderer(MAZE, cell_px=PX)
    labels = [label for _, label in renderer.legend()]
    assert labels == ["wall", "no cell", "mud: number = turns to cross", "cheese"]
    assert renderer.legend()[0][0] == WALL
    plain = Maze.from_ascii("""
        +---+---+
        |       |
        +---+---+
    """)
    assert [label for _, label in MazeRenderer(plain).legend()] == ["wall"]
    assert [label for _, label in MazeRenderer(plain).legend(cheese=True)] == ["wall", "cheese"]


def test_icons_and_the_goal_flag() -> None:
    renderer = MazeRenderer(MAZE, cell_px=PX)
    for name, colour, y in (("cheese", CHEESE, 12), ("player", PLAYER, 12), ("mud", MUD, 7)):
        icon = renderer.icon(name)  # type: ignore[arg-type]
        assert icon.shape == (PX, PX, 3) and icon.dtype == np.uint8
        assert pixel(icon, PX // 2, y) == colour
        assert pixel(icon, 0, 0) == FLOOR
    goal = renderer.icon("goal")
    assert {pixel(goal, x, PX // 2) for x in range(PX // 4, 3 * PX // 4)} == set(GOAL)
    frame = renderer.draw()
    renderer.stamp_goal(frame, 3)
    x0, y0, x1, y1 = renderer.cell_box(3)
    colours = {pixel(frame, x, (y0 + y1) // 2) for x in range(x0 + PX // 4, x1 - PX // 4)}
    assert colours == set(GOAL)  # a chequered flag: dark and light squares
    with pytest.raises(InvalidArgumentError, match=r"icon must be one of .* got 'wall'"):
        renderer.icon("wall")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="goal cell 5 is a hole"):
        renderer.stamp_goal(frame, 5)


def test_route_arms_and_masks() -> None:
    # 0 -> 1 (east), 1 -> 4 (south), 4 -> 3 (west); 2 -> 3 is no move on a 3-wide grid.
    bits = route_arms([0, 1, 4, 3], width=3)
    assert bits == {0: 16 | 2, 1: 16 | 8 | 4, 4: 16 | 1 | 8, 3: 16 | 2}
    assert route_arms([2, 3], width=3) == {2: 16, 3: 16}
    renderer = MazeRenderer(MAZE, cell_px=PX)
    east = renderer.route_mask(16 | 2)
    assert east.shape == (PX, PX) and east[PX // 2, -1] and not east[PX // 2, 0]
    assert renderer.route_mask(16 | 2) is east  # cached
