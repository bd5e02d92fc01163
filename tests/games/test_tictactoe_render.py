from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import LegendRenderer, TileCanvas, VideoObserver
from tests.observers.toys import read_pngs, read_video
from treesearch import MCTS, Status
from treesearch.errors import InvalidArgumentError

RAW: dict[str, Any] = {"panel": False, "final_frames": 0}  # the renderer's frames as they are


def test_tiles_show_marks_and_the_last_move() -> None:
    tiles = TicTacToeTiles(tile_size=40)
    frame = TileCanvas(tiles).render(TicTacToe().play(0).play(4))
    assert frame.shape == (120, 120, 3)
    centre = frame[60, 60]  # inside O's ring: the lit background of the last move
    assert tuple(centre) == (255, 225, 150)
    x_stroke = frame[20, 20]  # on X's diagonal in cell 0
    assert x_stroke[0] > 150 and x_stroke[2] < 100
    assert tuple(frame[100, 20]) == (245, 240, 225)  # empty cell 6


def test_mcts_video_frames(tmp_path: Path) -> None:
    folder = tmp_path / "mcts"
    video = VideoObserver(folder, TicTacToeTiles(tile_size=32), max_frames=60, **RAW)
    result = MCTS(video, iterations=500, rng=0).run(TicTacToe())
    assert result.status is Status.STOPPED  # the video asked the search to stop at 60 frames
    frames = read_pngs(folder)
    assert len(frames) == 60 and all(f.shape == (96, 96, 3) for f in frames)
    assert not np.array_equal(frames[0], frames[5])  # the search jumps between positions


def test_mcts_mp4(tmp_path: Path) -> None:
    path = tmp_path / "mcts.mp4"
    MCTS(VideoObserver(path, TicTacToeTiles(tile_size=33), **RAW), iterations=20, rng=0).run(
        TicTacToe()
    )
    frames = read_video(path)
    assert frames.shape[1:] == (100, 100, 3)  # 99 px padded to even for H.264


def test_bad_tile_size() -> None:
    with pytest.raises(InvalidArgumentError, match="4"):
        TicTacToeTiles(tile_size=4)


def test_moves_are_located_and_named_for_mcts_views() -> None:
    tiles = TicTacToeTiles(tile_size=16)
    start = TicTacToe()
    assert tiles.move_cell(start) is None and tiles.move_label(start) == "start"
    child = start.play(8)
    assert tiles.move_cell(child) == (2, 2) and tiles.move_label(child) == "X bottom-right"
    assert tiles.move_label(child.play(3)) == "O left"
    legend = tiles.legend()
    assert [label for _, label in legend] == ["X (moves first)", "O", "last move"]
    assert np.array_equal(legend[0][0], tiles.tile_image(1))  # an icon: the X tile itself
    assert isinstance(tiles, LegendRenderer)


def test_default_video_panel_names_the_move_chosen(tmp_path: Path) -> None:
    video = VideoObserver(tmp_path / "p", TicTacToeTiles(tile_size=32), max_frames=5)
    MCTS(video, iterations=50, rng=0).run(TicTacToe().play(4).play(0))
    assert video.frames == 5 + 30
    assert video.panel is not None
    assert video.panel.lines[0].startswith("MCTS · stopped (VideoObserver wrote max_frames=5")
    assert "plays X " in video.panel.lines[0]
