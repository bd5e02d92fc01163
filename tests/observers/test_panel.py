"""The panel above a video's board: its words, its legend, its layout, the final hold."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from observers._text import TextPainter, load_font
from observers.overlay import GridOverlay
from observers.panel import (
    BACKGROUND,
    MIN_WIDTH,
    Panel,
    PanelInfo,
    _headline,
    describe_outcome,
    search_name,
)
from observers.recording import RecordingObserver
from observers.tile_canvas import LegendRenderer, PacedRenderer
from observers.video import VideoObserver
from tests.observers.toys import Board, BoardTiles, Maze, MazeTiles, read_pngs, read_video
from treesearch import (
    BFS,
    Backtracking,
    InvalidArgumentError,
    SearchResult,
    Status,
    Visited,
)
from treesearch.events import Event, SearchFinished, SearchStarted, SimulationPhase

GOLDEN = Path(__file__).parent / "golden"
GOAL = (3, 4)


class LegendTiles(BoardTiles):
    """``BoardTiles`` that say what their colours mean."""

    def legend(self) -> list[Any]:
        return [((220, 40, 40), "tile 1"), ((40, 40, 220), "tile 2")]


def downscale(frame: np.ndarray, k: int = 8) -> np.ndarray:
    """Mean of every ``k`` x ``k`` block: what a golden comparison looks at."""
    h, w = frame.shape[0] // k * k, frame.shape[1] // k * k
    small: np.ndarray = frame[:h, :w].reshape(h // k, k, w // k, k, 3).mean(axis=(1, 3))
    return small


def assert_like_golden(frame: np.ndarray, name: str) -> None:
    """Compare an 8x downscale with ``golden/name`` (set TREESEARCH_UPDATE_GOLDEN=1 to redo).

    Blocks may differ a little (fonts vary between pillow versions), not the layout.
    """
    small = downscale(frame)
    path = GOLDEN / name
    if os.environ.get("TREESEARCH_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        Image.fromarray(np.rint(small).astype(np.uint8)).save(path)
    with Image.open(path) as image:
        golden = np.asarray(image, float)
    assert small.shape == golden.shape
    diff = np.abs(small - golden)
    assert diff.mean() < 4, diff.mean()
    assert np.quantile(diff, 0.98) < 40


def run_maze(tmp_path: Path, **kw: Any) -> tuple[VideoObserver, list[np.ndarray], Any]:
    video = VideoObserver(tmp_path / "m", GridOverlay(MazeTiles(), lambda s: s.cell), **kw)
    result = BFS(video, goal={GOAL}).run(Maze())
    return video, read_pngs(tmp_path / "m"), result


def test_panel_says_search_progress_outcome_and_legend(tmp_path: Path) -> None:
    video, frames, result = run_maze(tmp_path, fps=4)
    assert result.solved
    assert video.panel is not None
    assert frames[0].shape[1] == MIN_WIDTH
    assert video.panel.lines == (
        "BFS · solved · route: 7 moves",  # a cost equal to the moves is not repeated
        f"step {result.stats.visited} · depth 7 · expanded {result.stats.expanded} · "
        "goal found at depth 7",
    )
    assert video.panel.legend_labels == [
        "reached: first…last",
        "frontier: seen, not expanded",
        "path to the current state",
        "solution path",
        "current state",
    ]
    assert_like_golden(frames[-1], "panel_bfs_8x.png")


def test_panel_counters_follow_the_run() -> None:
    info = PanelInfo()
    rec = RecordingObserver()
    Backtracking(rec, value=lambda b: sum(b.cells)).run(Board())
    seen = []
    for event in rec.events:
        info.update(event)
        seen.append(info.lines())
    assert seen[0] == ("Backtracking · searching…", "step 0 · depth 0 · expanded 0")
    assert seen[1][1] == "step 1 · depth 0 · expanded 0"
    assert any("best 8" in line for _, line in seen)  # SolutionImproved's value
    assert seen[-1][0].startswith("Backtracking · exhausted · route: 4 moves, value 8")


def test_board_below_the_panel_is_exactly_the_raw_frame(tmp_path: Path) -> None:
    raw = VideoObserver(tmp_path / "raw", BoardTiles(tile_size=40), panel=False, final_frames=0)
    rec = RecordingObserver()
    Backtracking([raw, rec]).run(Board())
    framed = VideoObserver(tmp_path / "framed", LegendTiles(tile_size=40), final_frames=0)
    Backtracking(framed).run(Board())
    a, b = read_pngs(tmp_path / "raw"), read_pngs(tmp_path / "framed")
    assert len(a) == len(b) == len(rec.states) == 61
    panel = framed.panel
    assert panel is not None and panel.legend_labels == ["tile 1", "tile 2"]
    top = b[0].shape[0] - 80
    left = (MIN_WIDTH - 80) // 2
    for x, y in zip(a, b, strict=True):
        assert x.shape == (80, 80, 3)
        np.testing.assert_array_equal(y[top:, left : left + 80], x)
        assert (y[top:, :left] == BACKGROUND).all()  # a narrow board is centred


def test_final_hold_is_one_second_by_default_and_outside_max_frames(tmp_path: Path) -> None:
    video = VideoObserver(tmp_path / "f", BoardTiles(), fps=12.4, max_frames=5)
    result = Backtracking(video).run(Board())
    assert result.status is Status.STOPPED
    assert video.final_frames == 12
    frames = read_pngs(tmp_path / "f")
    assert len(frames) == video.frames == 5 + 12
    assert all(np.array_equal(frames[5], f) for f in frames[6:])
    assert video.panel is not None and video.panel.lines[0].startswith(
        "Backtracking · stopped (VideoObserver wrote max_frames=5"
    )
    path = tmp_path / "v.mp4"
    with VideoObserver(path, BoardTiles(), fps=3) as video:
        BFS(video).run(Board())
    assert len(read_video(path)) == video.frames == 31 + 3


def test_title_override_and_names_of_replayed_searches(tmp_path: Path) -> None:
    video, _, _ = run_maze(tmp_path, title="Breadth-first", final_frames=1)
    assert video.panel is not None and video.panel.lines[0].startswith("Breadth-first · solved")
    assert search_name("BFS(goal=frozenset({3}))") == "BFS"
    assert search_name(BFS()) == "BFS" and search_name(None) == "search"
    with pytest.raises(InvalidArgumentError, match="title must be a str or None, got 5"):
        VideoObserver(tmp_path / "x", BoardTiles(), title=5)  # type: ignore[arg-type]
    for flag in ("panel", "stamp"):
        with pytest.raises(InvalidArgumentError, match=f"{flag} must be True or False, got 'no'"):
            VideoObserver(tmp_path / "x", BoardTiles(), **{flag: "no"})  # type: ignore[arg-type]


def test_outcomes_of_path_and_game_searches() -> None:
    class Step:
        def __init__(self, n: int, move: int | None = None) -> None:
            self.n, self.move = n, move

        def step_cost(self, child: Step) -> float:
            return 2.5

        def player(self) -> int:
            return 0

    path = (Step(0), Step(1), Step(2))
    solved = SearchResult(Status.SOLVED, best=path[-1], path=path)
    assert describe_outcome(solved, None) == "solved · route: 2 moves, cost 5"
    budget = SearchResult(Status.BUDGET_REACHED, stop_reason="max_nodes")
    assert describe_outcome(budget, None) == "budget reached (max_nodes): nothing found"
    chose = SearchResult(Status.EXHAUSTED, best=Step(1, move=4), path=path[:2], value=0.25)
    assert describe_outcome(chose, path[0]) == "done: plays 4, value +0.25"
    assert describe_outcome(chose, path[0], lambda s: "X centre").startswith("done: plays X centre")


def test_a_route_without_step_costs_gives_no_cost_and_its_value() -> None:
    path = (object(), object(), object())  # states with no step_cost: the cost is the moves
    walk = SearchResult(Status.EXHAUSTED, best=path[-1], path=path, value=7)
    assert describe_outcome(walk, None) == "exhausted · route: 2 moves, value 7"
    assert describe_outcome(
        SearchResult(Status.SOLVED, best=path[-1], path=path, value=2), None
    ) == ("solved · route: 2 moves")


def test_a_long_headline_shrinks_before_it_is_cut() -> None:
    big, small = TextPainter(load_font(26)), TextPainter(load_font(16))
    text = "Railroad Ink · random walk · seed 1 · exhausted · route: 48 moves, value 7"
    width = (small.length(text) + big.length(text)) // 2  # too wide for the title font only
    assert _headline("short", big, small, width) == (big, "short")
    assert _headline(text, big, small, width) == (small, text)  # whole, in the smaller font
    face, cut = _headline(text * 2, big, small, width)
    assert face is small and cut.endswith("…") and small.length(cut) <= width
    panel = Panel((40, 40), [], pad_to_even=False)
    panel.write(["x" * 500, "counters"])  # drawn in the title's band, the frame keeps its size
    assert panel.frame.shape[:2] == Panel((40, 40), [], pad_to_even=False).frame.shape[:2]


def test_a_headline_too_long_for_any_font_cuts_its_title_not_the_outcome() -> None:
    big, small = TextPainter(load_font(26)), TextPainter(load_font(16))
    title = "Backtracking on Railroad Ink, dice known, seed 0"
    outcome = "budget reached (seconds) · route: 31 moves, value 9"
    text = f"{title} · {outcome}"
    width = small.length(text) * 3 // 4
    face, fitted = _headline(text, big, small, width, title)
    assert face is small and small.length(fitted) <= width
    assert fitted.endswith(f"… · {outcome}") and fitted.startswith("Backtracking")
    # Without the title to cut, the whole line is cut at its end, as before.
    assert _headline(text, big, small, width)[1].endswith("…")


def test_legend_is_redrawn_when_a_new_run_changes_it(tmp_path: Path) -> None:
    class Counting(LegendTiles):
        runs = 0

        def legend(self) -> list[Any]:
            return [((200, 200, 200), f"run {self.runs}")]

        def update(self, event: Event) -> None:
            if isinstance(event, SearchStarted):
                self.runs += 1

    rec = RecordingObserver()
    BFS(rec).run(Board())
    video = VideoObserver(tmp_path / "l", Counting(), final_frames=0)
    for event in rec.events:  # one observer sees two runs (as a replay can show)
        video.notify(event)
    assert video.panel is not None and video.panel.legend_labels == ["run 1"]
    frame = video.panel.frame.copy()
    for event in rec.events:
        video.notify(event)
    assert video.panel.legend_labels == ["run 2"]
    assert not np.array_equal(frame, video.panel.frame)
    video.close()


def test_a_text_line_is_redrawn_only_when_its_words_change(monkeypatch: pytest.MonkeyPatch) -> None:
    panel = Panel((32, 32), [], pad_to_even=True)
    calls = []
    monkeypatch.setattr(TextPainter, "draw", lambda self, *a, **k: calls.append(a[2]))
    panel.write(("A", "b"))
    panel.write(("A", "b"))
    assert calls == ["A", "b"]
    panel.write(("A", "c"))
    assert calls == ["A", "b", "c"]  # the headline stays as drawn
    assert panel.frame.shape[0] % 2 == 0 and panel.frame.shape[1] % 2 == 0


def test_long_lines_are_cut_and_legends_wrap() -> None:
    legend = [((i, i, i), f"meaning number {i}") for i in range(12)]
    panel = Panel((32, 32), legend, pad_to_even=False)
    assert panel.legend_labels == [f"meaning number {i}" for i in range(12)]
    one_row = Panel((32, 32), legend[:1], pad_to_even=False)
    assert panel.board.base is panel.frame  # a view: renderers paint into it
    assert panel.frame.shape[0] > one_row.frame.shape[0] + 3 * one_row._line
    panel.write(("x" * 500, "y"))
    font = TextPainter(load_font(15))
    assert font.length(panel.lines[0]) > MIN_WIDTH  # kept whole in ``lines``...
    strip = panel.frame[: panel._text_h]
    assert (strip[:, -panel._pad :] == BACKGROUND).all()  # ...but cut to fit the frame


def test_whole_frame_renderer_must_keep_its_size(tmp_path: Path) -> None:
    sizes = iter([(8, 8), (8, 10)])
    video = VideoObserver(tmp_path / "g", lambda s: np.zeros((*next(sizes), 3), np.uint8))
    video.notify(Visited(Board(), 0))
    with pytest.raises(InvalidArgumentError, match=r"\(8, 10, 3\).*\(8, 8, 3\)"):
        video.notify(Visited(Board(), 0))
    video.close()


def test_odd_boards_make_even_mp4_frames(tmp_path: Path) -> None:
    path = tmp_path / "odd.mp4"
    BFS(VideoObserver(path, BoardTiles(tile_size=5), final_frames=1)).run(Board())
    frames = read_video(path)
    assert frames.shape[0] == 32 and frames.shape[1] % 2 == 0 and frames.shape[2] == MIN_WIDTH


class EveryThird:
    """A whole-frame renderer that asks for a frame every third event it sees."""

    def __init__(self) -> None:
        self.events = 0

    def update(self, event: Event) -> None:
        self.events += 1

    def frame_due(self, event: Event) -> bool:
        return self.events % 3 == 0 and not isinstance(event, SearchFinished)

    def __call__(self, state: Any) -> np.ndarray:
        return np.full((6, 6, 3), self.events % 256, np.uint8)


def test_a_paced_renderer_chooses_the_frames(tmp_path: Path) -> None:
    renderer = EveryThird()
    assert isinstance(renderer, PacedRenderer) and not isinstance(renderer, LegendRenderer)
    for panel in (False, True):
        rec = RecordingObserver()
        video = VideoObserver(tmp_path / f"p{panel}", renderer, panel=panel, final_frames=2)
        renderer.events = 0
        BFS([video, rec]).run(Board())
        events = enumerate(rec.events, 1)
        due = [i for i, e in events if i % 3 == 0 and not isinstance(e, SearchFinished)]
        assert video.frames == len(due) + 2 > 2  # visits draw no frames of their own


def test_the_corner_stamp_is_folded_into_the_panel(tmp_path: Path) -> None:
    for name, stamp in (("plain", False), ("stamped", True)):
        Backtracking(VideoObserver(tmp_path / name, BoardTiles(), stamp=stamp)).run(Board())
    a, b = read_pngs(tmp_path / "plain"), read_pngs(tmp_path / "stamped")
    assert len(a) == len(b) == 61 + 30
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_a_puzzle_with_player_is_not_described_as_a_move_choice() -> None:
    from games.tictactoe import TicTacToe
    from observers.panel import describe_outcome
    from treesearch import MCTS, RandomWalk

    start = TicTacToe()
    walk = RandomWalk(rng=0).run(start)
    assert "plays" not in describe_outcome(walk, start, None, RandomWalk(rng=0))
    chosen = MCTS(iterations=20, rng=0).run(start)
    assert "plays" in describe_outcome(chosen, start, None, MCTS(iterations=20, rng=0))


def test_mcts_counts_tree_nodes_and_never_calls_them_expanded() -> None:
    from games.tictactoe import TicTacToe
    from treesearch import MCTS

    info = PanelInfo()
    rec = RecordingObserver()
    result = MCTS(rec, iterations=300, rng=0).run(TicTacToe())
    for event in rec.events:
        info.update(event)
    added = sum(isinstance(e, SimulationPhase) and e.phase == "expand" for e in rec.events)
    assert added != result.stats.expanded  # two different counts...
    counters = info.lines()[1]
    assert f"tree nodes {added:,}" in counters  # ...each under its own name
    assert f"expanded {added:,}" not in counters


def test_a_star_is_titled_as_the_pages_write_it() -> None:
    from treesearch import AStar

    info = PanelInfo()
    rec = RecordingObserver()
    AStar(rec, goal={GOAL}, heuristic=lambda s: 0).run(Maze())
    for event in rec.events:
        info.update(event)
    assert info.lines()[0].startswith("A* · solved")
    assert search_name("AStar(heuristic=<function>)") == "A*"
