"""``treesearch compare`` on the harness refuses bad options before any job.

Failed jobs end the command with exit code 1 after the table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.treesearch.cli.errors import error_line
from tests.treesearch.compare.checks import (
    deadline,  # noqa: F401  (autouse: a hang fails the test)
    posix,
)
from treesearch.cli import main
from treesearch.compare import instance_seed

BAD_CLI: list[tuple[list[str], tuple[str, ...]]] = [
    (["--instances", "0"], ("--instances", "must be an int >= 1", "got '0'")),
    (["--instances", "-4"], ("got '-4'",)),
    (["--instances", "10000000"], ("--instances 10000000", "at most 1000000")),
    (["--jobs", "0"], ("--jobs", "must be an int >= 1", "got '0'")),
    (["--seed", "-1"], ("--seed", "must be an int >= 0", "got '-1'")),
    (["--backend", "mpi"], ("--backend must be one of local, ray", "got 'mpi'")),
    (["--backend", ""], ("--backend", "needs a backend name", "got ''")),
    (["--out", ""], ("--out", "needs a folder", "got ''")),
    (["--searches", ""], ("--searches", "needs at least one search name", "got ''")),
    (["--searches", ",,"], ("got ',,'",)),
    (["--searches", "bfs,astar,bfs"], ("names 'bfs' more than once", "'bfs,astar,bfs'")),
    (["--searches", "bfs,nope"], ("'nope'", "choose from")),
]


@pytest.mark.parametrize(("extra", "parts"), BAD_CLI, ids=[" ".join(c[0]) for c in BAD_CLI])
def test_compare_on_the_command_line_refuses_before_any_job(
    extra: list[str], parts: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused while the options are read (argparse) or by compare's own checks, before the
    # heading and before any job: exit 2, one line on stderr (tests/treesearch/cli/errors.py).
    argv = ["compare", "--game", "maze", "--size", "5", "--instances", "2", *extra]
    line = error_line(argv, capsys)
    for part in parts:
        assert part in line, (part, line)


def test_compare_without_the_harness_refuses_a_name_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", "--game", "maze", "--size", "5", "--searches", "bfs,bfs"]) == 2
    assert "names 'bfs' more than once" in capsys.readouterr().err


def test_an_out_that_is_a_file_is_refused_before_any_job(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "file"
    target.write_text("")
    argv = ["compare", "--game", "maze", "--size", "5", "--instances", "2", "--out", str(target)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "it is a file, not a folder" in captured.err


@posix
def test_failed_jobs_on_the_command_line_exit_1_after_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import dataclasses

    from treesearch import BFS, Budget
    from treesearch.cli import catalog

    def make(problem: Any, budget: Budget, args: Any) -> BFS:
        if args.seed == instance_seed(0, 1):
            os._exit(5)  # the worker dies on instance 1
        return BFS(goal=problem.goal, budget=budget)

    entry = dataclasses.replace(catalog.SEARCHES["dfs"], makers={"path": make})
    monkeypatch.setitem(catalog.SEARCHES, "dfs", entry)
    argv = ["compare", "--game", "maze", "--size", "5", "--searches", "bfs,dfs",
            "--instances", "3", "--jobs", "2", "--out", str(tmp_path / "o")]  # fmt: skip
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert f"dfs on instance 1 (seed {instance_seed(0, 1)}): its worker died with exit code 5" in (
        captured.out
    )
    assert captured.err.splitlines()[-1] == (
        "treesearch: error: 1 of 6 jobs failed (named under the table)"
    )
    assert (tmp_path / "o" / "results.json").exists()
