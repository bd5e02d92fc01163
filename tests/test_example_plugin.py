"""The example plugin ``examples/plugin`` end to end: listed, checked, searched and filmed.

It is "installed" the way pip would leave it for ``importlib.metadata``: its folder on
``sys.path`` and a dist-info folder whose ``entry_points.txt`` is made from its own
``pyproject.toml``, so the test checks the entry points the example really declares.
"""

from __future__ import annotations

import doctest
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.observers.toys import read_video
from tests.plugin_fakes import fake_dist, plugin_path
from treesearch import BFS, check_iterator
from treesearch.cli import main

tomllib = pytest.importorskip("tomllib")

PLUGIN = Path(__file__).resolve().parent.parent / "examples" / "plugin"


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[None]:
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
    fake_dist(tmp_path, project["name"], project["version"], project["entry-points"])
    with plugin_path(tmp_path, PLUGIN):
        yield


@pytest.mark.usefixtures("installed")
def test_listed_with_its_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    game = next(x for x in lines if x.split()[:1] == ["puzzle8"])
    assert game.split()[1:4] == ["path", "treesearch-8puzzle", "0.1.0"]
    assert any(x.split()[:1] == ["depths"] for x in lines)


@pytest.mark.usefixtures("installed")
def test_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "puzzle8", "--seeds", "2", "--states", "200"]) == 0
    out = capsys.readouterr().out
    assert "seed 1: check_iterator: " in out and "hashable keys" in out
    assert "goal test answers, heuristic" in out and "note:" not in out


@pytest.mark.usefixtures("installed")
def test_solved_by_astar_as_short_as_bfs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "puzzle8", "--searches", "bfs,astar", "--seed", "2"]) == 0
    rows = {r.split()[0]: r.split() for r in capsys.readouterr().out.splitlines() if r}
    assert rows["astar"][1] == rows["bfs"][1] == "solved"
    assert rows["astar"][2] == rows["bfs"][2]  # moves: A* with Manhattan is optimal
    assert int(rows["astar"][4]) < int(rows["bfs"][4])  # and expands fewer states
    assert main(["run", "--game", "puzzle8", "--search", "astar", "--observers", "depths"]) == 0
    out = capsys.readouterr().out
    assert "path: start -> slide " in out and "visits by depth: 0: 1, 1:" in out


@pytest.mark.usefixtures("installed")
def test_size_makes_the_15_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "puzzle8", "--search", "astar", "--size", "4"]) == 0
    out = capsys.readouterr().out
    assert "solved" in out


@pytest.mark.usefixtures("installed")
def test_filmed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "puzzle.mp4"
    assert (
        main(
            [
                "video",
                "--game",
                "puzzle8",
                "--search",
                "astar",
                "--out",
                str(out),
                "--max-frames",
                "12",
                "--raw",
            ]
        )
        == 0
    )
    frames = read_video(out)
    assert len(frames) >= 12 and frames[0].shape[:2] == (144, 144)
    assert f"video: {len(frames)} frames" in capsys.readouterr().out


@pytest.mark.usefixtures("installed")
def test_the_game_itself() -> None:
    puzzle8 = importlib.import_module("puzzle8")
    for module in ("puzzle8.game", "puzzle8.render"):
        result = doctest.testmod(importlib.import_module(module))
        assert result.attempted > 0 and result.failed == 0
    start = puzzle8.make(seed=5)
    assert start.key() == puzzle8.make(seed=5).key() != puzzle8.make(seed=6).key()
    check_iterator(start, max_states=300)
    found = BFS(goal=lambda s: s.is_goal()).run(start)
    assert 0 < start.heuristic() <= len(found.path) - 1  # admissible
