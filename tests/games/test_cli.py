from __future__ import annotations

import pytest

from games.cli import main


def test_demo_runs_every_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--size", "12"]) == 0
    out = capsys.readouterr().out
    assert "Root -> Algorithms -> Breadth-First -> Algorithms" in out
    for name in ("bfs", "dfs", "iddfs", "backtracking", "random-walk"):
        assert name in out


def test_run_prints_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "seed-tree", "--search", "bfs"]) == 0
    out = capsys.readouterr().out
    assert "solved" in out
    assert "path: Root -> Algorithms -> Other -> Monte Carlo Tree Search" in out


def test_compare_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--size", "10", "--searches", "bfs,dfs"]) == 0
    assert main(["compare", "--searches", "bfs,astar-typo"]) == 2
    assert "astar-typo" in capsys.readouterr().err
    assert main(["run", "--max-nodes", "0"]) == 2
    assert "max_nodes must be >= 1, got 0" in capsys.readouterr().err
