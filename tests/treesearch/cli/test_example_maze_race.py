"""``examples/maze_race.py`` runs and its videos last about ``--duration`` seconds."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.observers.toys import read_video

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "maze_race.py"


def test_maze_race_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("maze_race_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    argv = ["--size", "25", "--out-dir", str(tmp_path), "--fps", "10", "--duration", "5"]
    assert module.main(argv) == 0
    out = capsys.readouterr().out
    for name in ("bfs", "dfs", "astar"):
        frames = len(read_video(tmp_path / f"{name}.mp4"))
        assert frames <= 50 and f"{frames} frames ({frames / 10:.1f} s)" in out
