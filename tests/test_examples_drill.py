"""The drill-maze example runs end to end (its video goes to tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.observers.toys import read_video
from tests.test_examples import _load


def test_drill_escape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    video = tmp_path / "drill.mp4"
    main = _load("drill_escape").main
    assert main(["--size", "9", "--drills", "1", "--out", str(video)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("solved: ") and "walls drilled" in out
    assert len(read_video(video)) > 10
