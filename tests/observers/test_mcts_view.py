"""MCTSView: the root's statistics mirrored from events, its pacing, and its pictures."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers.mcts_view import CHOSEN, MCTSView
from observers.panel import BACKGROUND
from observers.recording import RecordingObserver
from observers.tile_canvas import AccumulatingRenderer, LegendRenderer, PacedRenderer
from observers.video import VideoObserver
from tests.observers.test_panel import assert_like_golden
from tests.observers.toys import read_pngs
from treesearch import MCTS, InvalidArgumentError, Visited
from treesearch.events import SearchFinished, SearchStarted, SimulationPhase


class Pile:
    """Nim without keys: take 1 or 2 from a pile; who takes the last one wins."""

    def __init__(self, n: int = 5, to_move: int = 0, move: int | None = None) -> None:
        self.n, self.to_move, self.move = n, to_move, move

    def get_children(self) -> list[Pile]:
        return [Pile(self.n - k, 1 - self.to_move, k) for k in (1, 2) if k <= self.n]

    def is_terminal(self) -> bool:
        return self.n == 0

    def player(self) -> int:
        return self.to_move

    def returns(self) -> tuple[float, float]:
        winner = 1 - self.to_move  # the player who just took the last one
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def run(view: MCTSView, start: Any, tmp_path: Path, **kw: Any) -> tuple[Any, VideoObserver]:
    iterations = kw.pop("iterations", 300)
    exploration = kw.pop("exploration", 0.5)
    video = VideoObserver(tmp_path / "v", view, fps=kw.pop("fps", 10), **kw)
    result = MCTS(video, iterations=iterations, exploration=exploration, rng=3).run(start)
    return result, video


@pytest.mark.parametrize(
    "start", [TicTacToe(), TicTacToe().play(4).play(0), Pile(7)], ids=["empty", "mid", "keyless"]
)
def test_mirrored_visits_and_means_equal_the_search_tree(tmp_path: Path, start: Any) -> None:
    tiles = TicTacToeTiles(tile_size=32) if isinstance(start, TicTacToe) else None
    view = MCTSView(tiles, frames=10)
    video = VideoObserver(tmp_path / "v", view, fps=10)
    result = MCTS(video, iterations=400, rng=3, solver=False).run(start)
    mirrored = {id(n.state): n for n in view.root.children.values()}
    assert len(mirrored) == len(result.info["children"])
    player = start.player()
    for state, visits, mean in result.info["children"]:
        node = mirrored[id(state)]  # the very state objects of the search's tree
        assert node.visits == visits
        assert node.mean(player) == pytest.approx(mean)
    assert view.root.visits == view.simulations == 400
    pv = [n.state for n in view.principal_variation()]
    assert pv == list(result.path[1:])


def test_frames_are_paced_to_about_the_target_count_plus_the_hold(tmp_path: Path) -> None:
    view = MCTSView(TicTacToeTiles(tile_size=32), frames=60)
    result, video = run(view, TicTacToe(), tmp_path, iterations=600, fps=10)
    assert view.stride == 10
    assert video.frames == 600 // 10 + 10  # a frame every 10 simulations, then 1 s held
    frames = read_pngs(tmp_path / "v")
    assert all(np.array_equal(frames[-1], f) for f in frames[-10:])
    assert not np.array_equal(frames[0], frames[30])  # the statistics move
    assert view.chosen == result.best.key()
    view2 = MCTSView(stride=7)
    run(view2, Pile(6), tmp_path, iterations=100, final_frames=0)
    assert view2.stride == 7


def test_a_run_of_unknown_length_doubles_its_stride() -> None:
    view = MCTSView(frames=8)
    start = Pile(3)
    view.update(SearchStarted("MCTS(seconds=1)", start))  # a replayed run: no budget known
    due = []
    child = start.get_children()[0]
    for i in range(200):
        for event in (
            Visited(start, 0),
            Visited(child, 1, parent=start),
            SimulationPhase("backup", child, 1, i, (1.0, -1.0)),
        ):
            view.update(event)
            if view.frame_due(event):
                due.append(i + 1)
    assert due[:8] == list(range(1, 9))  # stride 1 for the first 8 frames...
    assert due[8:12] == [10, 12, 14, 16]  # ...then 2, 4, 8...: doubling every 4 frames
    assert len(due) < 8 + 4 * math.log2(200)
    assert view.root.children[("id", id(child))].visits == 200


def test_final_frame_shows_the_decision_not_a_playout(tmp_path: Path) -> None:
    tiles = TicTacToeTiles(tile_size=64)
    view = MCTSView(tiles, frames=30)
    assert isinstance(view, AccumulatingRenderer)
    assert isinstance(view, PacedRenderer) and isinstance(view, LegendRenderer)
    # The golden frame's search: UCT constant sqrt(2) on [-1, 1] (it chooses the centre)
    result, video = run(
        view, TicTacToe(), tmp_path, iterations=300, final_frames=3, exploration=math.sqrt(2) / 2
    )
    assert tiles.move_label(result.best) == "X centre"
    texts = view.texts
    assert "simulation 300 of 300" in texts and "decision: X centre" in texts
    assert texts.index("X centre") < texts.index("X top-left")  # bars by decreasing visits
    visits = {n.state.move: n.visits for n in view.root.children.values()}
    assert str(visits[4]) in texts  # the heat map writes the counts on the cells
    frame = read_pngs(tmp_path / "v")[-1]
    panel = video.panel
    assert panel is not None
    assert panel.lines[0] == "MCTS · done: plays X centre, value " + f"{result.value:+.3g}"
    assert "move chosen" in panel.legend_labels and "X (moves first)" in panel.legend_labels
    board_top = frame.shape[0] - panel.board.shape[0]
    centre_cell = frame[board_top + 64 : board_top + 128, 64:128]
    assert (np.abs(centre_cell.astype(int) - CHOSEN).sum(axis=-1) < 30).any()  # outlined
    # Whatever state the observer asks for, the root is drawn.
    assert np.array_equal(view(TicTacToe().play(0)), view(TicTacToe().play(8)))
    assert_like_golden(frame, "mcts_tictactoe_8x.png")


def test_leaf_inset_and_bars_only(tmp_path: Path) -> None:
    with_leaf = MCTSView(TicTacToeTiles(tile_size=32), leaf=True, frames=5)
    without = MCTSView(TicTacToeTiles(tile_size=32), frames=5)
    bars = MCTSView(frames=5)
    frames = []
    for view in (with_leaf, without, bars):
        MCTS(view.update, iterations=50, rng=1).run(TicTacToe())
        frames.append(view(None))
    below = (slice(100, None), slice(0, 96))  # under the 96 px board
    assert (frames[0][below] != BACKGROUND).any() and (frames[1][below] == BACKGROUND).all()
    assert bars._board_image is None and "4" in bars.texts  # no board: bars named by move
    assert "this simulation reached:" in with_leaf.texts


def test_a_new_run_starts_a_new_tree() -> None:
    view = MCTSView()
    rec = RecordingObserver()
    MCTS([view.update, rec], iterations=30, rng=0, solver=False).run(Pile(4))
    MCTS(view.update, iterations=20, rng=0, solver=False).run(Pile(5))
    assert view.root.visits == view.simulations == 20
    assert isinstance(rec.events[-1], SearchFinished)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": 3}, "board must be a TileRenderer"),
        ({"frames": 0}, "frames must be an int >= 1, got 0"),
        ({"stride": 1.5}, "stride must be an int >= 1, got 1.5"),
        ({"top": True}, "top must be an int >= 1, got True"),
        ({"label": "x"}, "label must be callable, got 'x'"),
        ({"leaf": "no"}, "leaf must be True or False, got 'no'"),
        ({"move_cell": divmod}, "move_cell needs a TileRenderer board"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        MCTSView(**kwargs)


def test_the_legend_says_the_badges_number_the_whole_best_line(tmp_path: Path) -> None:
    view = MCTSView(TicTacToeTiles(tile_size=32), frames=5)
    run(view, TicTacToe(), tmp_path, iterations=600)
    assert len(view.principal_variation()) > 3  # badges beyond 3 on the board
    labels = [label for _, label in view.legend()]
    assert "1, 2, 3…: best line" in labels
    assert "1, 2, 3: best line" not in labels
