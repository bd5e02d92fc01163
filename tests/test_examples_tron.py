"""``examples/tron_match.py`` runs end to end with a tiny budget and writes its video."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tron_match.py"


def test_tron_match_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("tron_match", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tron_match"] = module
    spec.loader.exec_module(module)
    video = tmp_path / "frames"
    argv = ["--games", "2", "--seconds", "0.01", "--board", "box15", "--video", str(video)]
    assert module.main(argv) == 0
    out = capsys.readouterr().out
    assert "best(0.01s) vs heuristic: score" in out and "over 2 games" in out
    assert "game 1: best bot as blue (player 1)" in out
    assert len(list(video.glob("*.png"))) > 3
