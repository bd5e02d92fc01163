from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import TileCanvas, VideoObserver
from tests.observers.toys import read_pngs, read_video
from treesearch import MCTS, Status
from treesearch.errors import InvalidArgumentError


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
    video = VideoObserver(folder, TicTacToeTiles(tile_size=32), max_frames=60)
    result = MCTS(video, iterations=500, rng=0).run(TicTacToe())
    assert result.status is Status.STOPPED  # the video asked the search to stop at 60 frames
    frames = read_pngs(folder)
    assert len(frames) == 60 and all(f.shape == (96, 96, 3) for f in frames)
    assert not np.array_equal(frames[0], frames[5])  # the search jumps between positions


def test_mcts_mp4(tmp_path: Path) -> None:
    path = tmp_path / "mcts.mp4"
    MCTS(VideoObserver(path, TicTacToeTiles(tile_size=33)), iterations=20, rng=0).run(TicTacToe())
    frames = read_video(path)
    assert frames.shape[1:] == (100, 100, 3)  # 99 px padded to even for H.264


def test_bad_tile_size() -> None:
    with pytest.raises(InvalidArgumentError, match="4"):
        TicTacToeTiles(tile_size=4)
