from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.observers.toys import read_video
from tests.treesearch.cli.errors import error_line
from treesearch import Budget
from treesearch.cli import main


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
        frames = _frames(tmp_path / video)
        assert frames > 10 and f"{frames} frames" in out


def test_demo_honours_max_nodes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # IDDFS used to stop at 100,000 expansions whatever --max-nodes said.
    assert main(["demo", "--size", "9", "--max-nodes", "40", "--out-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    grid = out.split("searching a 9x9 grid")[1]
    iddfs = next(line for line in grid.splitlines() if line.startswith("iddfs"))
    assert iddfs.split()[1:3] == ["budget", "reached"] and " 40 " in iddfs
    assert "stopped by --max-nodes 40" in grid


def test_demo_honours_seconds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from treesearch.cli import catalog

    budgets: list[Budget] = []
    real = catalog.SEARCHES["iddfs"]

    def spy(problem: Any, budget: Budget, args: Any) -> Any:
        budgets.append(budget)
        return real.make(problem, budget, args)

    monkeypatch.setitem(catalog.SEARCHES, "iddfs", dataclasses.replace(real, makers={"path": spy}))
    argv = ["demo", "--size", "7", "--seconds", "2.5", "--max-nodes", "77"]
    assert main([*argv, "--out-dir", str(tmp_path)]) == 0
    assert len(budgets) == 2  # the seed tree and the grid
    assert {(b.seconds, b.max_nodes) for b in budgets} == {(2.5, 77)}


def test_video_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "frames"
    assert main(["video", "--search", "dfs", "--size", "7", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "solved" in printed
    frames = len(list(out.glob("*.png")))
    assert frames > 5 and f"video: {frames} frames, {frames / 30:.1f} s at 30 fps" in printed


def test_run_prints_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "seed-tree", "--search", "bfs"]) == 0
    out = capsys.readouterr().out
    assert "solved" in out
    assert "path: Root -> Algorithms -> Other -> Monte Carlo Tree Search" in out


def test_compare_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "maze", "--size", "8", "--searches", "bfs,astar"]) == 0
    assert main(["compare", "--searches", "bfs,astar-typo"]) == 2
    assert "astar-typo" in capsys.readouterr().err
    assert "argument --max-nodes: must be an int >= 1, got '0'" in error_line(
        ["run", "--max-nodes", "0"], capsys
    )
