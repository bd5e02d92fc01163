"""Ctrl-C ends the whole command with exit code 130, after the rows done so far."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.cli import catalog, main
from treesearch import BFS, Budget

ROOT = Path(__file__).resolve().parents[2]


def _interrupting(name: str) -> catalog.SearchEntry:
    """A search entry whose search is hit by Ctrl-C (KeyboardInterrupt) mid-run."""

    def goal(state: Any) -> bool:
        raise KeyboardInterrupt

    def make(problem: Any, budget: Budget, args: Any) -> BFS:
        return BFS(goal=goal, budget=budget)

    return dataclasses.replace(catalog.SEARCHES[name], makers={"path": make})


def test_compare_stops_at_the_interrupted_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(catalog.SEARCHES, "dfs", _interrupting("dfs"))
    argv = ["compare", "--game", "maze", "--size", "8", "--searches", "bfs,dfs,astar"]
    assert main(argv) == 130
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines() if line.startswith(("bfs", "dfs", "ast"))]
    assert rows == ["bfs", "dfs"]  # astar never ran
    assert "dfs: interrupted = Ctrl-C ended it; nothing after it was run" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--game", "maze", "--size", "8", "--search", "dfs"],
        ["demo", "--size", "7"],
    ],
)
def test_run_and_demo_exit_130(
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.setitem(catalog.SEARCHES, "dfs", _interrupting("dfs"))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 130
    out = capsys.readouterr().out
    assert "interrupted" in out
    assert "rendering" not in out  # the demo stopped before its videos


def test_interrupt_outside_a_search(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def make(args: Any) -> Any:
        raise KeyboardInterrupt

    grid = dataclasses.replace(catalog.GAMES["grid"], make=make)
    monkeypatch.setitem(catalog.GAMES, "grid", grid)
    assert main(["run"]) == 130
    assert capsys.readouterr().err == "treesearch: interrupted\n"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_ends_compare_with_130() -> None:
    # The issue: Ctrl-C interrupted the current search, then the next one ran; exit code 0.
    argv = [
        sys.executable,
        "-m",
        "games.cli",
        "compare",
        "--game",
        "grid",
        "--size",
        "300",
        "--searches",
        "bfs,iddfs,dfs",
        "--max-nodes",
        "1000000000",
        "--seconds",
        "600",
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:  # IDDFS on a 300x300 grid runs for minutes
            lines.append(line)
            if line.startswith("bfs "):
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    out = "".join(lines) + out
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err
    assert "interrupted" in out + err
    assert not any(line.startswith("dfs ") for line in out.splitlines())  # never started
