"""The Railroad Ink examples and the demo's Railroad Ink video run end to end (into tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.observers.toys import read_video
from tests.test_examples import _load
from treesearch.cli import main as cli


def test_free_play_videos(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main = _load("railroad_ink_free").main
    assert main(["--out", str(tmp_path), "--frames", "30", "--tile-size", "48", "--fps", "5"]) == 0
    out = capsys.readouterr().out
    for name in ("backtracking", "random_walk"):
        frames = read_video(tmp_path / f"{name}.mp4")
        # 30 frames, then the last state held 2 s; the board and side column are 11 x 9 tiles
        assert len(frames) == 30 + 10 and f"{name}: stopped, 40 frames" in out
        assert frames.shape[2] == 11 * 48 and frames.shape[1] > 9 * 48  # the panel above


def test_a_whole_game_video(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main = _load("railroad_ink_game").main
    argv = ["--out", str(tmp_path), "--bot", "greedy", "--seed", "3", "--tile-size", "50"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    frames = read_video(tmp_path / "game_seed3.mp4")
    assert f"{len(frames)} frames" in out and "greedy on seed 3: " in out
    assert len(frames) > 7 * 5  # seven rolls and their placements, then the end held
    assert frames.shape[2] == 11 * 50
    assert not (frames[-1] == frames[len(frames) // 2]).all()


def test_demo_writes_a_railroad_ink_video(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["demo", "--size", "7", "--fps", "10", "--out-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.split("Railroad Ink")[1]
    frames = read_video(tmp_path / "railroad_ink.mp4")
    assert f"{len(frames)} frames ({len(frames) / 10:.1f} s)" in out
    assert len(frames) >= 20 + 10  # a walk of a few dozen placements, then 2 s held
    assert frames.shape[2] == 11 * 60
