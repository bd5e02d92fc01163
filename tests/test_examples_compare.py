"""The comparison example runs end to end on a few mazes (its files go to tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_examples import _load


def test_compare_searches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main = _load("compare_searches").main
    assert main(["--instances", "4", "--size", "9", "--jobs", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["entrant", "n"]
    assert [line.split()[0] for line in lines[1:4]] == ["bfs", "astar", "greedy"]
    assert all(line.split()[1] == "4" for line in lines[1:4])
    assert "astar vs greedy: p = " in out
    for name in ("results.csv", "results.json", "summary.txt", "cdf.png"):
        assert (tmp_path / name).stat().st_size > 0
    assert len((tmp_path / "results.csv").read_text().splitlines()) == 1 + 3 * 4
