from __future__ import annotations

from pathlib import Path

import pytest

from games.cli import main
from tests.observers.toys import read_video


def _frames(path: Path) -> int:
    return len(read_video(path))


def test_demo_runs_every_search_and_writes_videos(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["demo", "--size", "9", "--out-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Root -> Algorithms -> Breadth-First -> Algorithms" in out
    for name in ("bfs", "dfs", "iddfs", "backtracking", "dijkstra", "astar", "beam"):
        assert name in out
    for video in ("bfs.mp4", "dfs.mp4", "astar.mp4"):
        assert _frames(tmp_path / video) > 10


def test_video_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "frames"
    assert main(["video", "--search", "dfs", "--size", "7", "--out", str(out)]) == 0
    assert "solved" in capsys.readouterr().out
    assert len(list(out.glob("*.png"))) > 5


def test_run_prints_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "seed-tree", "--search", "bfs"]) == 0
    out = capsys.readouterr().out
    assert "solved" in out
    assert "path: Root -> Algorithms -> Other -> Monte Carlo Tree Search" in out


def test_compare_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "maze", "--size", "8", "--searches", "bfs,astar"]) == 0
    assert main(["compare", "--searches", "bfs,astar-typo"]) == 2
    assert "astar-typo" in capsys.readouterr().err
    assert main(["run", "--max-nodes", "0"]) == 2
    assert "max_nodes must be >= 1, got 0" in capsys.readouterr().err
