"""Videos that stay watchable: a frame stride from a target duration, replayed searches.

``render_search_video(duration=...)`` runs the search without video, then replays it with
the video under a node budget, so drawing never eats the time budget.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.maze import ExplorationRenderer, Maze, manhattan_to, render_search_video, search_race
from tests.observers.toys import read_video
from treesearch import BFS, DFS, AStar, Budget, InvalidArgumentError, RandomWalk, Status
from treesearch.cli import main
from treesearch.errors import IteratorContractError


@pytest.fixture(scope="module")
def maze() -> Maze:
    m = Maze.generate(25, 25, seed=4)
    return m.with_cheese([m.nearest_cell(row=24, col=24)])


def _start(maze: Maze) -> int:
    return maze.nearest_cell(row=0, col=0)


def _keys(path: Any) -> list[Any]:
    return [s.key() for s in path]


def test_duration_sets_the_frame_count(maze: Maze, tmp_path: Path) -> None:
    search = DFS(goal=maze.cheese)
    plain = search.run(maze.start(_start(maze)))
    renderer = ExplorationRenderer(maze, cell_px=4)
    result = render_search_video(
        maze,
        search,
        _start(maze),
        tmp_path / "f",
        fps=10,
        duration=4,
        final_frames=5,
        renderer=renderer,
        panel=False,
    )
    # 40 frames in all: 35 of the search (every n-th of its visits), 5 held at the end.
    every = -(-plain.stats.visited // 35)
    assert renderer.frames == -(-plain.stats.visited // every) + 5 <= 40
    assert len(list((tmp_path / "f").glob("*.png"))) == renderer.frames
    assert result.status is plain.status is Status.SOLVED
    assert _keys(result.path) == _keys(plain.path)


def test_every_and_duration_together_are_refused(maze: Maze, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="every= or duration=, not both"):
        render_search_video(maze, BFS(), 0, tmp_path / "f", every=2, duration=3)
    for bad in (0, -1.0, float("nan"), "20"):
        with pytest.raises(InvalidArgumentError, match="duration must be"):
            render_search_video(maze, BFS(), 0, tmp_path / "f", duration=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, 7, "generator"])
def test_random_searches_replay_identically(maze: Maze, tmp_path: Path, rng: Any) -> None:
    gen = np.random.default_rng(3) if rng == "generator" else rng
    search = RandomWalk(rng=gen, episodes=15, value=manhattan_to(maze, maze.cheese))
    result = render_search_video(
        maze,
        search,
        _start(maze),
        tmp_path / "w.gif",
        duration=2,
        fps=10,
        final_frames=2,
        panel=False,
    )
    assert result.status is Status.EXHAUSTED and result.stats.iterations == 15
    assert len(read_video(tmp_path / "w.gif")) >= 2


def test_time_budget_is_the_search_s_not_the_video_s(
    maze: Maze, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fake clock: every reading advances one second, so a 3.5 s budget ends the first run
    # at its third time check. The video run must stop at the same place (node budget).
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    big = Maze.generate(40, 40, seed=1)
    search = BFS(budget=Budget(seconds=3.5))
    renderer = ExplorationRenderer(big, cell_px=4)
    result = render_search_video(
        big,
        search,
        0,
        tmp_path / "f",
        duration=2,
        fps=10,
        final_frames=0,
        renderer=renderer,
        panel=False,
    )
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert 0 < result.stats.expanded < len(big)
    assert renderer.reached == result.stats.visited  # the video saw the same search


def test_a_search_that_does_not_replay_is_reported(maze: Maze, tmp_path: Path) -> None:
    calls = itertools.count()

    def fickle(state: Any) -> bool:
        return next(calls) == 40  # true once, in the first run only

    with pytest.raises(IteratorContractError, match="pass every= instead of duration="):
        render_search_video(
            maze, BFS(goal=fickle), 0, tmp_path / "f", duration=1, panel=False, cell_px=4
        )


def test_search_race_with_duration(maze: Maze, tmp_path: Path) -> None:
    searches = {
        "bfs": BFS(goal=maze.cheese),
        "astar": AStar(heuristic=manhattan_to(maze, maze.cheese), goal=maze.cheese),
    }
    entries = search_race(
        maze,
        _start(maze),
        searches,
        tmp_path,
        suffix="",
        fps=10,
        duration=3,
        final_frames=3,
        cell_px=4,
        panel=False,
    )
    for entry in entries:
        assert entry.result.status is Status.SOLVED
        assert entry.frames <= 30 and len(list(entry.video.glob("*.png"))) == entry.frames


def test_video_command_duration_and_every(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["video", "--search", "dfs", "--size", "15", "--fps", "10"]
    assert main([*base, "--duration", "4", "--out", str(tmp_path / "d.mp4")]) == 0
    out = capsys.readouterr().out
    frames = len(read_video(tmp_path / "d.mp4"))
    assert 10 < frames <= 40  # the last 10 (a second) hold the end
    assert f"video: {frames} frames, {frames / 10:.1f} s at 10 fps -> {tmp_path / 'd.mp4'}" in out
    # --every overrides --duration: every visit drawn, plus a second holding the end.
    assert main([*base, "--every", "1", "--duration", "3", "--out", str(tmp_path / "e")]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("dfs"))
    visited = int(row.split()[5])
    assert len(list((tmp_path / "e").glob("*.png"))) == visited + 10


def test_raw_frames_have_no_panel(tmp_path: Path) -> None:
    base = ["video", "--search", "bfs", "--size", "9", "--every", "1000"]
    assert main([*base, "--out", str(tmp_path / "panel")]) == 0
    assert main([*base, "--raw", "--out", str(tmp_path / "raw")]) == 0
    from PIL import Image

    with (
        Image.open(tmp_path / "panel" / "000000.png") as panel,
        Image.open(tmp_path / "raw" / "000000.png") as raw,
    ):
        sizes = panel.size, raw.size
    assert sizes[1] == ExplorationRenderer(Maze.generate(9, 9)).shape[1::-1]  # the maze only
    assert sizes[0][1] > sizes[1][1]  # the header panel is on by default


def test_demo_raw_and_duration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["demo", "--size", "9", "--raw", "--duration", "2", "--fps", "10"]
    assert main([*argv, "--out-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    shape = ExplorationRenderer(Maze.generate(9, 9)).shape
    for name in ("bfs", "dfs", "astar"):
        frames = read_video(tmp_path / f"{name}.mp4")
        assert frames[0].shape == shape  # no panel
        assert len(frames) <= 20 and f"{len(frames)} frames ({len(frames) / 10:.1f} s)" in out


def test_tictactoe_video_shows_mcts_deciding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "frames"
    argv = [
        "video",
        "--game",
        "tictactoe",
        "--out",
        str(out),
        "--duration",
        "2",
        "--iterations",
        "300",
        "--fps",
        "10",
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "mcts" in printed and "video: " in printed
    frames = len(list(out.glob("*.png")))
    assert 10 <= frames <= 25  # about 2 s at 10 fps, the last second held on the decision
    assert (
        main(
            [
                "video",
                "--game",
                "tictactoe",
                "--search",
                "alphabeta",
                "--out",
                str(tmp_path / "a.mp4"),
            ]
        )
        == 2
    )
    assert "show mcts only" in capsys.readouterr().err
