"""Exploration videos: pixels of known cells, incremental repaint, frame counts, the example."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.maze import (
    ExplorationRenderer,
    Maze,
    MazeRenderer,
    cell_of_state,
    manhattan_to,
    path_cost,
    render_search_video,
    search_race,
)
from games.maze.explore import FRONTIER, ROUTE, VIRIDIS, colormap
from games.maze.render import CHEESE, FLOOR, GOAL, PLAYER
from observers.video import VideoObserver
from tests.observers.toys import read_pngs, read_video
from treesearch import BFS, DFS, Backtracking, InvalidArgumentError, Status, Visited, VisitKind
from treesearch.events import Event, SearchFinished, SearchStarted

# 0   1 | 2   3*      1 | 2 wall, 1 - 5 wall, 4 - 5 mud (2), cheese on 3
# 4 2 5   6   7
MAZE = Maze.from_ascii("""
    +---+---+---+---+
    |       |     * |
    +   +---+   +   +
    |   2           |
    +---+---+---+---+
""")
PX = 24
ALPHA = 0.5
# BFS from 0 (children in increasing order): 0, 1, 4, 5, 6, 2, 7, 3 at depths 0 1 1 2 3 4 4 5.
BFS_ORDER = {0: 0, 1: 1, 4: 2, 5: 3, 6: 4, 2: 5, 7: 6, 3: 7}
BFS_DEPTH = {0: 0, 1: 1, 4: 1, 5: 2, 6: 3, 2: 4, 7: 4, 3: 5}
MAZE_PIXELS = (2 * PX + 2 * max(2, PX // 7), 4 * PX + 2 * max(2, PX // 7))

Pixel = tuple[int, int, int]


def expected_tint(t: float) -> Pixel:
    """The colour map at ``t`` blended with the floor, computed independently of the renderer."""
    x = min(max(t, 0.0), 1.0) * (len(VIRIDIS) - 1)
    i = min(int(x), len(VIRIDIS) - 2)
    f = x - i
    lo, hi = np.array(VIRIDIS[i], float), np.array(VIRIDIS[i + 1], float)
    mapped = np.rint(lo * (1 - f) + hi * f)
    r, g, b = (round(FLOOR[k] * (1 - ALPHA) + mapped[k] * ALPHA) for k in range(3))
    return r, g, b


def corner(renderer: MazeRenderer, frame: np.ndarray, cell: int) -> Pixel:
    """A floor pixel near the top-left of a cell: away from walls, mud, route and disks."""
    x0, y0, _, _ = renderer.cell_box(cell)
    k = renderer.wall_px + 1
    r, g, b = (int(v) for v in frame[y0 + k, x0 + k])
    return r, g, b


def centre(renderer: MazeRenderer, frame: np.ndarray, cell: int) -> Pixel:
    x0, y0, x1, y1 = renderer.cell_box(cell)
    r, g, b = (int(v) for v in frame[(y0 + y1) // 2, (x0 + x1) // 2])
    return r, g, b


def run_to_pngs(
    tmp_path: Path, search: Any, *, final_frames: int = 2, **options: Any
) -> tuple[ExplorationRenderer, list[np.ndarray], list[Visited], Any]:
    """Run ``search`` from cell 0 into a PNG folder; return frames and the visits drawn."""
    renderer = ExplorationRenderer(MAZE, cell_px=PX, alpha=ALPHA, **options)
    visits: list[Visited] = []

    def record(event: Event) -> None:
        if isinstance(event, Visited):
            visits.append(event)

    folder = tmp_path / "frames"
    with VideoObserver(folder, renderer, final_frames=final_frames, panel=False) as video:
        result = search.run(MAZE.start(0), observers=[video, record])
    return renderer, read_pngs(folder), visits, result


def drive(renderer: ExplorationRenderer) -> Callable[[Event], None]:
    """An observer doing what VideoObserver does, without a file: update, then draw visits."""

    def observer(event: Event) -> None:
        renderer.update(event)
        if isinstance(event, Visited):
            renderer(event.state)

    return observer


def test_colormap_is_viridis() -> None:
    assert colormap(0) == VIRIDIS[0]
    assert colormap(1) == VIRIDIS[-1]
    assert colormap(0.5) == VIRIDIS[4]
    assert colormap(-3) == VIRIDIS[0]
    mid = colormap(1 / 16)  # halfway between the first two stops
    assert mid == tuple(round((a + b) / 2) for a, b in zip(VIRIDIS[0], VIRIDIS[1], strict=True))


def test_bfs_frames_show_order_frontier_player_and_route(tmp_path: Path) -> None:
    renderer, frames, visits, result = run_to_pngs(tmp_path, BFS(goal={2}))
    base = renderer.base
    assert [v.state.cell for v in visits] == [0, 1, 4, 5, 6, 2]
    assert len(frames) == len(visits) + 2
    scale = len(MAZE) - 1
    # Frame 2 shows the visit of 4: 0 is expanded (coloured), 1 and 4 wait in BFS's queue.
    frame = frames[2]
    assert corner(base, frame, 0) == expected_tint(BFS_ORDER[0] / scale)
    assert corner(base, frame, 1) == FRONTIER
    assert corner(base, frame, 4) == FRONTIER
    assert centre(base, frame, 4) == PLAYER
    for cell in (2, 3, 5, 6, 7):
        assert corner(base, frame, cell) == FLOOR
    assert centre(base, frame, 3) == CHEESE
    # Frame 4 shows the visit of 6: 1 and 4 were expanded, so they take their order colour.
    frame = frames[4]
    assert corner(base, frame, 1) == expected_tint(BFS_ORDER[1] / scale)
    assert corner(base, frame, 4) == expected_tint(BFS_ORDER[4] / scale)
    assert centre(base, frame, 4) != PLAYER
    assert centre(base, frame, 6) == PLAYER
    # The end: the route 0-4-5-6-2 is drawn, the player is on the goal, 7 was generated
    # (a child of the expanded 6) and 3 was never seen: its box is exactly the static picture.
    final = frames[-1]
    assert result.solved and [s.cell for s in result.path] == [0, 4, 5, 6, 2]
    assert renderer.route == [0, 4, 5, 6, 2]
    for cell in (0, 5, 6):
        assert centre(base, final, cell) == ROUTE
    assert centre(base, final, 2) == PLAYER
    assert centre(base, final, 1) == expected_tint(BFS_ORDER[1] / scale)
    assert corner(base, final, 5) == expected_tint(BFS_ORDER[5] / scale)
    assert corner(base, final, 7) == FRONTIER
    x0, y0, x1, y1 = base.cell_box(3)
    assert (final[y0:y1, x0:x1] == base.draw()[y0:y1, x0:x1]).all()
    # Walls stay visible: the wall between 1 and 2 is untouched.
    _, by0, bx1, _ = base.cell_box(1)
    assert (final[by0 + PX // 2, bx1] == base.background[by0 + PX // 2, bx1]).all()
    assert not (frames[len(visits) - 1] == final).all()  # the route came with the end


def test_depth_colouring(tmp_path: Path) -> None:
    renderer, frames, _, _ = run_to_pngs(tmp_path, BFS(), color_by="depth", show_route=False)
    base = renderer.base
    assert renderer.scale == 5  # cell 3 is 5 moves from cell 0
    final = frames[-1]
    for cell in MAZE.vertices:  # BFS expanded every cell
        assert corner(base, final, cell) == expected_tint(BFS_DEPTH[cell] / 5), cell


def test_no_frontier_option(tmp_path: Path) -> None:
    renderer, frames, _, _ = run_to_pngs(tmp_path, BFS(goal={2}), show_frontier=False)
    final = frames[-1]
    assert corner(renderer.base, final, 7) == FLOOR
    assert corner(renderer.base, final, 2) == expected_tint(BFS_ORDER[2] / (len(MAZE) - 1))
    assert not any((frame == np.array(FRONTIER, np.uint8)).all(axis=-1).any() for frame in frames)


def test_backtracking_returns_move_the_player_back(tmp_path: Path) -> None:
    renderer, frames, visits, _ = run_to_pngs(tmp_path, Backtracking(), final_frames=0)
    base = renderer.base
    cells = [v.state.cell for v in visits]
    assert cells == [0, 1, 0, 4, 5, 6, 2, 3, 7, 3, 2, 6, 5, 4, 0]
    returns = [i for i, v in enumerate(visits) if v.kind is VisitKind.RETURN]
    assert len(returns) == 7
    for i in returns:
        here, before = cells[i], cells[i - 1]
        assert centre(base, frames[i], here) == PLAYER
        assert centre(base, frames[i], before) != PLAYER
        assert before in {n for n in MAZE.neighbours(here)}  # one step back, to the parent
    # A return is no expansion, but Backtracking sends Expanded when it asks a state for its
    # children, so at the end every cell, the leaves 1 and 7 too, has its order colour.
    parents = {v.parent.cell for v in visits if v.parent is not None}
    leaves = {v.state.cell for v in visits} - parents
    assert leaves == {1, 7}
    order = {c: i for i, c in enumerate(dict.fromkeys(cells))}
    for cell in MAZE.vertices:
        expected = expected_tint(order[cell] / (len(MAZE) - 1))
        assert corner(base, frames[-1], cell) == expected, cell
    # The frontier is the children seen but not entered yet, plus the cell just entered in
    # the frame of its entry (drawn before the search asks it for its children).
    for i, frame in enumerate(frames):
        pink = {c for c in MAZE.vertices if corner(base, frame, c) == FRONTIER}
        assert not pink & (set(cells[:i]) - {cells[i]}), (i, pink)


@pytest.mark.parametrize("make", [BFS, DFS, Backtracking], ids=["bfs", "dfs", "backtracking"])
def test_incremental_frames_match_a_full_repaint(make: Callable[..., Any]) -> None:
    maze = Maze.generate(15, 13, seed=5, nb_cheese=1)
    start = maze.nearest_cell(row=0, col=0)
    renderer = ExplorationRenderer(maze, cell_px=12)
    events: list[Event] = []
    counts: list[int] = []
    snapshots: dict[int, np.ndarray] = {}

    def observer(event: Event) -> None:
        events.append(event)
        renderer.update(event)
        if isinstance(event, Visited):
            renderer(event.state)
            counts.append(renderer.repainted)
            if len(counts) % 37 == 0:
                snapshots[len(events)] = renderer.frame.copy()

    search = make(goal=maze.cheese)
    search.run(maze.start(start), observers=[observer])
    # A step repaints a handful of cells (old and new player, reached, frontier), never
    # the whole maze.
    assert len(counts) > 50
    assert max(counts) <= 8 < len(maze)
    assert sum(counts) <= 4 * len(counts)
    # At every snapshot the incrementally updated frame equals a fresh renderer fed the
    # same events and drawing everything at once.
    assert snapshots
    for n, snapshot in snapshots.items():
        fresh = ExplorationRenderer(maze, cell_px=12)
        for event in events[:n]:
            fresh.update(event)
        last = next(e for e in reversed(events[:n]) if isinstance(e, Visited))
        assert (fresh(last.state) == snapshot).all()
        assert fresh.repainted > max(counts)


def test_frame_count_and_mp4_contents(tmp_path: Path) -> None:
    path = tmp_path / "bfs.mp4"
    renderer = ExplorationRenderer(MAZE, cell_px=PX)
    result = render_search_video(
        MAZE,
        BFS(goal=MAZE.cheese),
        0,
        path,
        fps=10,
        final_frames=3,
        renderer=renderer,
        panel=False,
    )
    frames = read_video(path)
    assert result.solved
    assert len(frames) == result.stats.visited + 3 == renderer.frames == 11
    assert frames.shape[1:] == (*MAZE_PIXELS, 3)
    last = frames[-1].astype(int)
    assert np.abs(np.array(centre(renderer.base, last, 3)) - PLAYER).max() < 40
    assert np.abs(np.array(centre(renderer.base, last, 5)) - ROUTE).max() < 40


def test_every_and_max_frames(tmp_path: Path) -> None:
    result = render_search_video(
        MAZE, BFS(), 0, tmp_path / "every", every=3, final_frames=1, cell_px=8
    )
    assert result.stats.visited == 8
    assert len(read_pngs(tmp_path / "every")) == 3 + 1  # visits 1, 4, 7, then the end
    stopped = render_search_video(MAZE, DFS(), 0, tmp_path / "cut", max_frames=5, final_frames=0)
    assert stopped.status is Status.STOPPED
    assert len(read_pngs(tmp_path / "cut")) == 5


def test_tour_states_use_the_first_item_of_the_key() -> None:
    maze = MAZE.with_cheese([3, 7])
    renderer = ExplorationRenderer(maze, cell_px=8)
    start = maze.tour(0)
    result = BFS(drive(renderer), goal=lambda s: not s.remaining).run(start)
    assert result.solved
    cells = [s.cell for s in result.path]
    assert renderer.route == cells
    assert renderer.reached == len(maze)
    assert path_cost(result.path) == len(cells) - 1 + 1  # one mud crossing of weight 2


def test_solution_improved_draws_the_route_from_parents() -> None:
    renderer = ExplorationRenderer(MAZE, cell_px=8)
    routes: list[list[int]] = []

    def observer(event: Event) -> None:
        drive(renderer)(event)
        if not isinstance(event, (Visited, SearchFinished)):
            routes.append(list(renderer.route))

    DFS(observer, goal=MAZE.cheese).run(MAZE.start(0))
    assert routes[-1] == [0, 4, 5, 6, 2, 3]  # SolutionImproved, before SearchFinished


def test_renderer_is_reset_by_a_new_run() -> None:
    maze = Maze.generate(9, 7, seed=2, nb_cheese=1)
    reused = ExplorationRenderer(maze, cell_px=10)
    BFS(drive(reused)).run(maze.start(maze.vertices[0]))
    fresh = ExplorationRenderer(maze, cell_px=10)
    start = maze.start(maze.vertices[-1])
    last: list[Any] = []
    for renderer in (reused, fresh):
        result = DFS(drive(renderer), goal=maze.cheese).run(start)
        last.append(renderer(result.best).copy())
    assert (last[0] == last[1]).all()


def test_helpers() -> None:
    h = manhattan_to(MAZE, MAZE.cheese)
    assert h(MAZE.start(0)) == 3 and h(MAZE.start(3)) == 0 and h(MAZE.tour(4)) == 4
    assert cell_of_state(MAZE.start(6)) == 6
    assert path_cost([MAZE.start(c) for c in (0, 4, 5)]) == 3
    with pytest.raises(InvalidArgumentError, match="at least one target"):
        manhattan_to(MAZE, [])


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="color_by"):
        ExplorationRenderer(MAZE, color_by="time")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="alpha"):
        ExplorationRenderer(MAZE, alpha=2)
    with pytest.raises(InvalidArgumentError, match="scale"):
        ExplorationRenderer(MAZE, scale=0)
    renderer = ExplorationRenderer(MAZE, cell_of=lambda s: 99)
    with pytest.raises(InvalidArgumentError, match="not a cell"):
        renderer(MAZE.start(0))
    with pytest.raises(InvalidArgumentError, match="neither a cell"):
        cell_of_state(type("S", (), {"key": lambda self: "a"})())


def test_search_race(tmp_path: Path) -> None:
    entries = search_race(
        MAZE,
        0,
        {"bfs": BFS(goal=MAZE.cheese), "dfs": DFS(goal=MAZE.cheese)},
        tmp_path,
        suffix="",
        final_frames=1,
        cell_px=8,
    )
    assert [e.name for e in entries] == ["bfs", "dfs"]
    for entry in entries:
        assert entry.result.solved and entry.moves == 5 and entry.cost == 6
        assert len(read_pngs(entry.video)) == entry.frames == entry.result.stats.visited + 1


def test_example_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = Path(__file__).resolve().parents[3] / "examples" / "maze_race.py"
    spec = importlib.util.spec_from_file_location("maze_race", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "videos"
    assert module.main(["--size", "6", "--seed", "3", "--out-dir", str(out), "--fps", "24"]) == 0
    printed = capsys.readouterr().out
    for name in ("bfs", "dfs", "astar"):
        frames = read_video(out / f"{name}.mp4")
        assert len(frames) > 30 and frames.shape[-1] == 3
        assert f"{name}: solved" in printed
    assert sorted(p.name for p in out.iterdir()) == ["astar.mp4", "bfs.mp4", "dfs.mp4"]


def flag_at(renderer: ExplorationRenderer, frame: np.ndarray, cell: int) -> bool:
    """Whether ``cell`` shows the goal's chequered flag (dark and light squares)."""
    x0, y0, x1, y1 = renderer.base.cell_box(cell)
    row = frame[(y0 + y1) // 2, x0 + PX // 4 : x1 - PX // 4]
    return {tuple(int(v) for v in p) for p in row} == set(GOAL)


def test_goal_of_the_search_is_flagged_from_the_first_frame() -> None:
    renderer = ExplorationRenderer(MAZE, cell_px=PX)
    frames: list[np.ndarray] = []

    def observer(event: Event) -> None:
        drive(renderer)(event)
        if isinstance(event, Visited):
            frames.append(renderer.frame.copy())

    BFS(observer, goal={7}).run(MAZE.start(0))
    assert renderer.goal == {7}
    assert flag_at(renderer, frames[0], 7)
    assert not any(flag_at(renderer, frames[0], c) for c in (0, 1, 2, 3, 4, 5, 6))
    fixed = ExplorationRenderer(MAZE, cell_px=PX, goal=[2])
    BFS(drive(fixed), goal={7}).run(MAZE.start(1))
    fixed.update(SearchStarted(BFS(goal={7}), MAZE.start(0)))
    assert fixed.goal == {2}  # given goals win over the search's...
    BFS(drive(fixed), goal={7}).run(MAZE.start(0))
    assert fixed.goal == {2, 7}  # ...and the goal found is flagged as well


def test_a_goal_found_by_a_predicate_gets_the_flag() -> None:
    renderer = ExplorationRenderer(MAZE, cell_px=PX)
    goals: list[frozenset[int]] = []

    def observer(event: Event) -> None:
        drive(renderer)(event)
        goals.append(renderer.goal)

    result = BFS(observer, goal=lambda s: s.key() == 6).run(MAZE.start(0))
    assert result.solved and goals[0] == frozenset() and goals[-1] == {6}
    assert flag_at(renderer, renderer(MAZE.start(0)), 6)
    valued = ExplorationRenderer(MAZE, cell_px=PX)
    Backtracking(drive(valued), value=lambda s: s.key()).run(MAZE.start(0))
    assert valued.goal == frozenset()  # a best-so-far state is no goal


def test_legend_lists_what_is_drawn() -> None:
    renderer = ExplorationRenderer(MAZE, cell_px=PX)
    BFS(drive(renderer), goal=MAZE.cheese).run(MAZE.start(0))
    legend = renderer.legend()
    assert [label for _, label in legend] == [
        "reached: first…last",
        "frontier: seen, not expanded",
        "current state",
        "route found",
        "goal",
        "wall",
        "mud: number = turns to cross",
        "cheese",
    ]
    scale = legend[0][0]
    assert scale[0] == renderer.colour_of(0) and scale[-1] == renderer.colour_of(renderer.scale)
    assert legend[1][0] == FRONTIER and legend[3][0] == ROUTE
    depth = ExplorationRenderer(
        MAZE, cell_px=PX, color_by="depth", show_frontier=False, show_route=False
    )
    BFS(drive(depth)).run(MAZE.start(0))
    assert [label for _, label in depth.legend()][:2] == ["reached at depth 0…5", "current state"]
    with pytest.raises(InvalidArgumentError, match="goal cell 9 is outside"):
        ExplorationRenderer(MAZE, goal=[9])


def test_readme_snippet_video_shows_goal_route_and_outcome(tmp_path: Path) -> None:
    maze = Maze.generate(15, 13, seed=1)
    goal = maze.nearest_cell(row=12, col=14)
    renderer = ExplorationRenderer(maze)
    video = VideoObserver(tmp_path / "bfs", renderer, fps=30, max_frames=2000)
    result = BFS(video, goal={goal}).run(maze.start(maze.nearest_cell(row=0, col=0)))
    assert result.solved
    assert video.frames == result.stats.visited + 30  # a second held on the result
    assert video.panel is not None
    moves = len(result.path) - 1
    assert video.panel.lines[0] == (
        f"BFS · solved · route: {moves} moves, cost {path_cost(result.path):g}"
    )
    assert renderer.route == [s.key() for s in result.path] and renderer.goal == {goal}
    assert "goal" in video.panel.legend_labels and "route found" in video.panel.legend_labels
    first = read_pngs(tmp_path / "bfs")[0]
    left = (first.shape[1] - renderer.shape[1]) // 2
    board = first[first.shape[0] - renderer.shape[0] :, left : left + renderer.shape[1]]
    assert flag_at(renderer, board, goal)  # the goal shows from the first frame
