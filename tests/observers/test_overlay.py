from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from observers.overlay import CURRENT, FRONTIER, SOLUTION, FrameGridOverlay, GridOverlay
from observers.recording import RecordingObserver
from observers.tile_canvas import AccumulatingRenderer, TileCanvas, TileRenderer
from observers.video import VideoObserver
from tests.observers.toys import MAZE, Maze, MazeTiles, read_pngs
from treesearch import BFS, Backtracking, InvalidArgumentError, Visited, VisitKind
from treesearch.events import Expanded

FLOOR, WALL = np.array(MazeTiles.FLOOR), np.array(MazeTiles.WALL)
GOAL = (3, 4)

RAW: dict[str, Any] = {"panel": False, "final_frames": 0}  # the renderer's frames as they are


def cell_of(state: Maze) -> tuple[int, int]:
    return state.cell


def corner(frame: np.ndarray, cell: tuple[int, int]) -> np.ndarray:
    """A pixel of ``cell`` outside the current-cell marker."""
    return np.asarray(frame[cell[0] * 8 + 1, cell[1] * 8 + 1], int)


def centre(frame: np.ndarray, cell: tuple[int, int]) -> np.ndarray:
    return np.asarray(frame[cell[0] * 8 + 4, cell[1] * 8 + 4], int)


def tint(color: Any, alpha: float = 0.5) -> np.ndarray:
    return np.rint(FLOOR * (1 - alpha) + np.array(color) * alpha).astype(int)


def run_bfs(tmp_path: Path, **kw: Any) -> tuple[GridOverlay, RecordingObserver, list[np.ndarray]]:
    overlay = GridOverlay(MazeTiles(), cell_of, **kw)
    rec = RecordingObserver()
    video = VideoObserver(tmp_path / "bfs", overlay, final_frames=1, panel=False)
    BFS([video, rec], goal={GOAL}).run(Maze())
    return overlay, rec, read_pngs(tmp_path / "bfs")


def test_overlay_is_an_accumulating_tile_renderer() -> None:
    overlay = GridOverlay(MazeTiles(), cell_of)
    assert isinstance(overlay, TileRenderer) and isinstance(overlay, AccumulatingRenderer)
    assert overlay.grid_shape == (4, 5) and overlay.tile_size == 8


def test_order_records_first_arrival(tmp_path: Path) -> None:
    overlay, rec, _ = run_bfs(tmp_path)
    cells = [e.state.cell for e in rec.visits()]
    assert len(set(cells)) == len(cells)
    for rank, cell in enumerate(cells):
        assert overlay.order[cell] == rank
    assert (overlay.order >= 0).sum() == len(cells)


def test_final_frame_shows_walls_solution_and_visit_order(tmp_path: Path) -> None:
    overlay, rec, frames = run_bfs(tmp_path)
    assert rec.result is not None and rec.result.solved
    path = [s.cell for s in rec.result.path]
    assert path[0] == (0, 0) and path[-1] == GOAL
    assert len(frames) == len(rec.states) + 1
    last = frames[-1]
    np.testing.assert_array_equal(centre(last, GOAL), CURRENT)
    for cell in path[:-1]:
        np.testing.assert_array_equal(corner(last, cell), tint(SOLUTION))
    reached = {e.state.cell for e in rec.visits()}
    for r, row in enumerate(MAZE):
        for c, ch in enumerate(row):
            if ch == "#":
                np.testing.assert_array_equal(corner(last, (r, c)), WALL)
            elif (r, c) not in reached:
                np.testing.assert_array_equal(corner(last, (r, c)), FLOOR)
    expanded = [e.state.cell for e in rec.events if isinstance(e, Expanded)]
    off_path = sorted((overlay.order[c], c) for c in expanded if c not in path)
    brightness = [corner(last, c).sum() for _, c in off_path]
    assert len(brightness) >= 3
    assert brightness == sorted(brightness)  # viridis: later cells are brighter
    assert brightness[0] < brightness[-1]


def test_frames_follow_the_search(tmp_path: Path) -> None:
    _, rec, frames = run_bfs(tmp_path)
    first = frames[0]
    np.testing.assert_array_equal(centre(first, (0, 0)), CURRENT)
    np.testing.assert_array_equal(corner(first, (0, 0)), FLOOR)  # marker only in the middle
    np.testing.assert_array_equal(corner(first, (0, 1)), FLOOR)  # not reached yet
    # BFS reports (0, 1) and (1, 0) before expanding them: both are frontier on frame 2.
    visits = rec.visits()
    assert [v.state.cell for v in visits[:3]] == [(0, 0), (0, 1), (1, 0)]
    third = frames[2]
    np.testing.assert_array_equal(centre(third, (1, 0)), CURRENT)
    np.testing.assert_array_equal(corner(third, (0, 1)), tint(FRONTIER))


def test_current_path_is_highlighted(tmp_path: Path) -> None:
    overlay = GridOverlay(MazeTiles(), cell_of, frontier=False)
    rec = RecordingObserver()
    BFS([VideoObserver(tmp_path / "f", overlay, **RAW), rec]).run(Maze())
    frames = read_pngs(tmp_path / "f")
    i, event = next((i, e) for i, e in enumerate(rec.visits()) if e.depth == 3)
    routes = rec.result.routing_table if rec.result else None
    assert routes is not None
    cell: Any = routes[event.state.cell]
    while cell is not None:
        np.testing.assert_array_equal(corner(frames[i], cell), tint((255, 255, 255)))
        cell = routes[cell]


def test_color_by_depth_with_backtracking(tmp_path: Path) -> None:
    overlay = GridOverlay(
        MazeTiles(),
        cell_of,
        color_by="depth",
        scale=16,
        levels=16,
        frontier=False,
        current_path=False,
    )
    rec = RecordingObserver()
    Backtracking(
        [VideoObserver(tmp_path / "d", overlay, events="enter", **RAW), rec], graph=True
    ).run(Maze())
    frames = read_pngs(tmp_path / "d")
    depth_of = {e.state.cell: e.depth for e in rec.visits(VisitKind.ENTER)}
    colours: dict[int, set[tuple[int, ...]]] = {}
    for cell, depth in depth_of.items():
        if cell != rec.visits()[-1].state.cell:
            colours.setdefault(depth, set()).add(tuple(corner(frames[-1], cell)))
    assert all(len(c) == 1 for c in colours.values())  # one colour per depth
    assert len({next(iter(c)) for c in colours.values()}) == len(colours)  # distinct colours


def test_a_new_run_starts_from_a_clean_overlay(tmp_path: Path) -> None:
    overlay = GridOverlay(MazeTiles(), cell_of)
    BFS(VideoObserver(tmp_path / "a", overlay, **RAW)).run(Maze())
    first = overlay.order.copy()
    BFS(VideoObserver(tmp_path / "b", overlay, **RAW)).run(Maze())
    np.testing.assert_array_equal(overlay.order, first)
    for a, b in zip(read_pngs(tmp_path / "a"), read_pngs(tmp_path / "b"), strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"color_by": "time"}, "'time'"),
        ({"alpha": 1.5}, "1.5"),
        ({"levels": 0}, "levels must be an int >= 1, got 0"),
        ({"scale": 0}, "scale must be an int >= 1, got 0"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        GridOverlay(MazeTiles(), cell_of, **kwargs)


def test_bad_base_and_cells_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="TileRenderer"):
        GridOverlay(lambda s: s, cell_of)  # type: ignore[arg-type]
    overlay = GridOverlay(MazeTiles(), lambda s: (9, 0))
    with pytest.raises(InvalidArgumentError, match=r"\(9, 0\), outside the 4x5 grid"):
        overlay.update(Visited(Maze(), 0))

    class Negative(MazeTiles):
        def tile_ids(self, state: Any) -> list[list[int]]:
            return [[-1] * 5 for _ in range(4)]

    with pytest.raises(InvalidArgumentError, match="non-negative"):
        GridOverlay(Negative(), cell_of).tile_ids(Maze())


def maze_picture(margin: int = 0) -> np.ndarray:
    """The whole maze drawn from its tiles, with a grey margin around it."""
    inner = TileCanvas(MazeTiles()).render(Maze()).copy()
    frame = np.full((inner.shape[0] + 2 * margin, inner.shape[1] + 2 * margin, 3), 90, np.uint8)
    frame[margin : margin + inner.shape[0], margin : margin + inner.shape[1]] = inner
    return frame


def test_frame_overlay_draws_what_the_tile_overlay_draws(tmp_path: Path) -> None:
    picture = maze_picture()
    tiles = GridOverlay(MazeTiles(), cell_of)
    frames = FrameGridOverlay(lambda s: picture, cell_of, grid_shape=(4, 5))
    assert not isinstance(frames, TileRenderer) and isinstance(frames, AccumulatingRenderer)
    for name, overlay in (("tiles", tiles), ("frames", frames)):
        BFS(VideoObserver(tmp_path / name, overlay, final_frames=1, panel=False), goal={GOAL}).run(
            Maze()
        )
    a, b = read_pngs(tmp_path / "tiles"), read_pngs(tmp_path / "frames")
    assert len(a) == len(b) > 10
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


def test_frame_overlay_tints_only_inside_cell_boxes(tmp_path: Path) -> None:
    picture = maze_picture(margin=3)
    overlay = FrameGridOverlay(
        lambda s: picture,
        cell_of,
        grid_shape=(4, 5),
        cell_box=lambda r, c: (3 + 8 * r, 11 + 8 * r, 3 + 8 * c, 11 + 8 * c),
    )
    rec = RecordingObserver()
    BFS(
        [VideoObserver(tmp_path / "m", overlay, final_frames=1, panel=False), rec], goal={GOAL}
    ).run(Maze())
    last = read_pngs(tmp_path / "m")[-1]
    assert last.shape == picture.shape
    ring = np.ones(picture.shape[:2], bool)
    ring[3:-3, 3:-3] = False
    np.testing.assert_array_equal(last[ring], picture[ring])  # the margin is never painted
    assert rec.result is not None
    for state in rec.result.path[:-1]:
        r, c = state.cell
        pixel = np.asarray(last[3 + 8 * r + 1, 3 + 8 * c + 1], int)
        np.testing.assert_array_equal(pixel, tint(SOLUTION))


def test_frame_overlay_bad_arguments_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="callable"):
        FrameGridOverlay(42, cell_of, grid_shape=(2, 2))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"grid_shape must be .*\(0, 2\)"):
        FrameGridOverlay(lambda s: s, cell_of, grid_shape=(0, 2))


def test_legend_explains_the_highlights_and_keeps_the_base_legend() -> None:
    class Tiles(MazeTiles):
        def legend(self) -> list[Any]:
            return [(self.WALL, "wall")]

    overlay = GridOverlay(Tiles(), cell_of, levels=4)
    entries = overlay.legend()
    assert [label for _, label in entries] == [
        "reached: first…last",
        "frontier: seen, not expanded",
        "path to the current state",
        "solution path",
        "current state",
        "wall",
    ]
    assert len(entries[0][0]) == 4 and entries[1][0] == FRONTIER and entries[3][0] == SOLUTION
    plain = FrameGridOverlay(
        lambda s: np.zeros((32, 40, 3), np.uint8),
        cell_of,
        grid_shape=(4, 5),
        color_by="depth",
        frontier=False,
        current_path=False,
    )
    assert [label for _, label in plain.legend()] == [
        f"reached at depth 0…{plain.scale}",
        "solution path",
        "current state",
    ]
