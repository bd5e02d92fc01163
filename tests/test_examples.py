"""The example scripts run end to end (their videos go to tmp_path)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.observers.toys import read_video

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_tictactoe_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    video = tmp_path / "mcts.mp4"
    main = _load("tictactoe_match").main
    assert main(["--games", "2", "--iterations", "1000", "--video", str(video)]) == 0
    out = capsys.readouterr().out
    assert "MCTS results: [0.0, 0.0]" in out
    frames = int(out.split("video of ")[1].split(" frames")[0])
    # MCTSView draws the root's statistics every 4th of the 1000 simulations (about 300
    # frames at most), then the decision is held for a second (30 frames at 30 fps).
    assert frames == 1000 // 4 + 30
    assert "(9.3 s)" in out and "MCTS opens with X centre" in out
    assert len(read_video(video)) == frames
