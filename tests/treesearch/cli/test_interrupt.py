"""Ctrl-C ends the whole command with exit code 130, after the rows done so far."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.signal_guard import signal_guard
from treesearch import BFS, Budget
from treesearch.cli import catalog, main
from treesearch.game_entry import SoloResult

ROOT = Path(__file__).resolve().parents[3]


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
        "treesearch.cli",
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


# -- issue 21: signals a search swallows, SIGTERM, the harness, loops of games ---------------
#
# In-process tests run main() under a guard: a SIGTERM that the command does not take fails
# the test instead of ending pytest, and an alarm fails a hang.


class Endless:
    """A game without end: every state has one child."""

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth

    def get_children(self) -> list[Endless]:
        return [Endless(self.depth + 1)]


def _swallowed_signal(signum: int, pid: int) -> None:
    """Send ``signum`` to ``pid`` from inside a search that turns Ctrl-C into a result."""

    def goal(state: Endless) -> bool:
        if state.depth == 20:
            os.kill(pid, signum)
        return state.depth == 400

    BFS(goal=goal).run(Endless())  # the status is ignored, as a bot or a setup did


@pytest.fixture
def guard() -> Any:
    with signal_guard("the command", 30):
        yield


def _ink_with_solo(monkeypatch: pytest.MonkeyPatch, signal_seed: int, signum: int) -> None:
    """Railroad Ink whose whole games are stand-ins: game ``signal_seed`` gets a signal."""
    parent = os.getpid()

    def solo(problem: Any, seed: int, agents: Any, video: Any, observers: Any) -> SoloResult:
        if seed == signal_seed:
            _swallowed_signal(signum, parent)
        return SoloResult(float(seed % 97), 0.0, f"(seed {seed}): score {seed % 97}")

    entry = catalog.GAMES["railroad-ink"]
    play = dataclasses.replace(entry.play, solo=solo)
    monkeypatch.setitem(catalog.GAMES, "railroad-ink", dataclasses.replace(entry, play=play))


SIGNALS = [(signal.SIGINT, 130, "SIGINT (Ctrl-C)"), (signal.SIGTERM, 143, "SIGTERM")]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("signum", "code", "name"), SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_compare_keeps_finished_jobs_on_a_signal_a_bot_would_swallow(
    jobs: str,
    signum: int,
    code: int,
    name: str,
    guard: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    # The issue: Ctrl-C ended one search inside a bot, the comparison ran on and exited 0;
    # with --jobs 2 it exited 130 but printed nothing and wrote nothing to --out.
    from treesearch.compare import instance_seed

    _ink_with_solo(monkeypatch, instance_seed(0, 3), signum)
    out = tmp_path / "d"
    argv = ["compare", "--game", "railroad-ink", "--searches", "greedy,best", "--instances",
            "6", "--jobs", jobs, "--out", str(out)]  # fmt: skip
    assert main(argv) == code
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    document = json.loads((out / "results.json").read_text())
    finished = document["finished"]
    # Instance 3's first job is the 7th: it starts once 5 (two workers) or 6 (one) are done.
    assert 5 <= finished < 12 and document["partial"] is True
    assert finished == 6 or jobs == "2"
    assert document["stopped_by"] == name and document["jobs"] == 12
    assert f"partial: {finished} of 12 jobs finished: {name} stopped it" in captured.out
    assert "(partial) to" in captured.out
    assert (out / "summary.txt").read_text().startswith("partial: ")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("signum", "code", "name"), SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_a_games_setup_ends_the_command(
    signum: int,
    code: int,
    name: str,
    guard: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The issue: the grid's setup search swallowed Ctrl-C, then a run went on (exit 0).
    entry = catalog.GAMES["grid"]

    def make(args: Any) -> Any:
        _swallowed_signal(signum, os.getpid())
        return entry.make(args)

    monkeypatch.setitem(catalog.GAMES, "grid", dataclasses.replace(entry, make=make))
    assert main(["run", "--game", "grid", "--size", "20", "--search", "bfs"]) == code
    captured = capsys.readouterr()
    assert captured.out == ""  # no run
    message = "interrupted" if signum == signal.SIGINT else f"stopped by {name}"
    assert captured.err == f"treesearch: {message}\n"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("signum", "code", "name"), SIGNALS, ids=["SIGINT", "SIGTERM"])
def test_play_ends_its_loop_of_games_on_a_signal(
    signum: int,
    code: int,
    name: str,
    guard: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A bot's search swallowed Ctrl-C: the game and the games after it went on (exit 0).
    _ink_with_solo(monkeypatch, 11, signum)
    argv = ["play", "railroad-ink", "--bot", "greedy", "--games", "4", "--seed", "10"]
    assert main(argv) == code
    out = capsys.readouterr().out
    assert "game 1 (seed 10)" in out and "game 2 (seed" not in out
    assert f"{name}: game 2 abandoned" in out
    assert "greedy over 1 game(s): mean score 10" in out


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_during_a_search_exits_143(
    guard: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def make(problem: Any, budget: Budget, args: Any) -> BFS:
        def goal(state: Any) -> bool:
            os.kill(os.getpid(), signal.SIGTERM)
            return False

        return BFS(goal=goal, budget=budget)

    entry = dataclasses.replace(catalog.SEARCHES["dfs"], makers={"path": make})
    monkeypatch.setitem(catalog.SEARCHES, "dfs", entry)
    assert main(["run", "--game", "maze", "--size", "8", "--search", "dfs"]) == 143
    out = capsys.readouterr().out
    assert "interrupted" in out  # the search kept its best so far, its row is printed
    assert "interrupted = SIGTERM ended it" in out  # not "Ctrl-C": the table names the signal


def _until(stream: Any, pattern: bytes) -> str:
    """Read ``stream`` (bytes, unbuffered) until ``pattern`` matches; what was read."""
    seen = b""
    while re.search(pattern, seen) is None:
        byte = stream.read(1)
        if not byte:
            break
        seen += byte
    return seen.decode(errors="replace")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_stops_a_parallel_railroad_ink_comparison_with_its_rows(tmp_path: Path) -> None:
    # Item 2 for real: --jobs 2 --out d, SIGTERM once a job has finished. It exited 130 with
    # d empty, nothing printed and a BrokenPipeError traceback.
    out = tmp_path / "d"
    argv = [sys.executable, "-m", "treesearch.cli", "compare", "--game", "railroad-ink",
            "--searches", "beam,random", "--bot-seconds", "0.1", "--instances", "12",
            "--jobs", "2", "--out", str(out)]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        err = _until(proc.stderr, rb" ([1-9]|1[0-9])/24 ")  # tqdm's bar once a job is done
        proc.send_signal(signal.SIGTERM)
        stdout, rest = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text, err = stdout.decode(), err + rest.decode()
    assert proc.returncode == 143, (text, err)
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert " jobs finished: SIGTERM stopped it" in text and "beam" in text
    document = json.loads((out / "results.json").read_text())
    assert document["partial"] is True and 1 <= document["finished"] < 24


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_second_ctrl_c_while_the_partial_table_is_written_loses_nothing(
    guard: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    from treesearch.cli import compare_command
    from treesearch.compare import instance_seed

    _ink_with_solo(monkeypatch, instance_seed(0, 2), signal.SIGINT)
    real_table = compare_command.table

    def table_pressed_again(result: Any) -> str:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C again while the table is made
        return real_table(result)

    monkeypatch.setattr(compare_command, "table", table_pressed_again)
    out = tmp_path / "d"
    argv = ["compare", "--game", "railroad-ink", "--searches", "greedy", "--instances", "5",
            "--jobs", "1", "--out", str(out)]  # fmt: skip
    assert main(argv) == 130
    assert "partial: 2 of 5 jobs finished" in capsys.readouterr().out
    assert json.loads((out / "results.json").read_text())["finished"] == 2


def test_an_observer_failing_at_close_still_prints_the_finished_result(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # ObserverError carries the finished result (issue 21, item 6): the command prints it.
    from treesearch import SearchResult, Status
    from treesearch.errors import ObserverError

    def finished_then_failed(*args: Any, **kwargs: Any) -> int:
        raise ObserverError("observer 'video' failed at close", SearchResult(Status.SOLVED))

    from treesearch.cli import parser

    _, add = parser._COMMANDS["run"]
    monkeypatch.setitem(parser._COMMANDS, "run", (lambda args: finished_then_failed, add))
    code = main(["run", "--game", "maze", "--size", "5", "--search", "bfs"])
    out, err = capsys.readouterr()
    assert code == 1 and "failed at close" in err
    assert "kept: SearchResult(status='solved'" in out
