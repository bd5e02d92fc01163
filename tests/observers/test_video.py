from __future__ import annotations

import gc
import math
import re
import sys
from pathlib import Path
from typing import Any

import imageio.v3 as iio
import numpy as np
import pytest

from observers.recording import RecordingObserver
from observers.video import VideoObserver
from tests.observers.toys import (
    Board,
    BoardTiles,
    board_frame,
    cell_colors,
    read_pngs,
    read_video,
)
from treesearch import (
    BFS,
    Backtracking,
    Budget,
    InvalidArgumentError,
    Observer,
    RandomWalk,
    Status,
    StopSearch,
    Visited,
    VisitKind,
)
from treesearch.events import Event

# H.264 with yuv420p shifts flat colours by a few levels; far below the gaps between COLORS.
MP4_TOLERANCE = 12
# The renderer's frames as they are: no panel, no final hold (the tests of the panel and of
# the defaults are in test_panel.py).
RAW: dict[str, Any] = {"panel": False, "final_frames": 0}


def run_board(video: VideoObserver, search: type = Backtracking, **kw: Any) -> RecordingObserver:
    rec = RecordingObserver()
    search([video, rec], **kw).run(Board())
    return rec


def assert_frames_show(frames: Any, states: list[Board], tolerance: int) -> None:
    assert len(frames) == len(states)
    for frame, state in zip(frames, states, strict=True):
        got = cell_colors(np.asarray(frame), 2, 2, 16)
        want = cell_colors(board_frame(state), 2, 2, 16)
        assert np.abs(got - want).max() <= tolerance, state


def test_mp4_has_one_frame_per_visit_showing_the_state(tmp_path: Path) -> None:
    path = tmp_path / "bt.mp4"
    rec = run_board(VideoObserver(path, BoardTiles(), fps=10, **RAW))
    assert len(rec.states) == 61  # 31 entries + 30 returns
    frames = read_video(path)
    assert frames.shape == (61, 32, 32, 3)
    assert_frames_show(frames, rec.states, MP4_TOLERANCE)


def test_gif_frames_are_exact_and_loop(tmp_path: Path) -> None:
    path = tmp_path / "bt.gif"
    rec = run_board(VideoObserver(path, BoardTiles(), fps=20, **RAW))
    props = iio.improps(path)
    assert props.n_images == 61
    assert_frames_show(read_video(path), rec.states, 0)
    meta = iio.immeta(path)
    assert meta["loop"] == 0
    assert meta["duration"] == 50


def test_png_folder_frames_equal_a_full_redraw(tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    rec = run_board(VideoObserver(folder, BoardTiles(), fps=10, **RAW))
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"{i:06d}.png" for i in range(61)]
    for frame, state in zip(read_pngs(folder), rec.states, strict=True):
        np.testing.assert_array_equal(frame, board_frame(state))


def test_png_folder_from_trailing_slash_replaces_an_older_video(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "000099.png").write_bytes(b"stale")
    (folder / "notes.txt").write_text("kept")
    run_board(VideoObserver(f"{folder}/", BoardTiles(), events="enter", **RAW))
    names = sorted(p.name for p in folder.iterdir())
    assert names == [*(f"{i:06d}.png" for i in range(31)), "notes.txt"]


def test_tile_images_are_fetched_once_per_id(tmp_path: Path) -> None:
    tiles = BoardTiles()
    run_board(VideoObserver(tmp_path / "f", tiles, **RAW))
    assert sorted(tiles.loads) == [0, 1, 2]


class Bomb(Observer):
    """Raises ``error`` at the ``n``-th visit."""

    def __init__(self, n: int, error: BaseException) -> None:
        self.n, self.error, self.seen = n, error, 0

    def notify(self, event: Event) -> None:
        if isinstance(event, Visited):
            self.seen += 1
            if self.seen == self.n:
                raise self.error


@pytest.mark.parametrize("name", ["crash.mp4", "crash.gif", "crash"])
def test_exception_in_another_observer_leaves_the_frames_so_far(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    rec = RecordingObserver()
    video = VideoObserver(path, BoardTiles(), **RAW)
    with pytest.raises(RuntimeError, match="boom"):
        Backtracking([rec, video, Bomb(9, RuntimeError("boom"))]).run(Board())
    assert video.closed and video.frames == 9
    frames = read_pngs(path) if path.suffix == "" else read_video(path)
    assert_frames_show(frames, rec.states, MP4_TOLERANCE)


class Fragile(Board):
    """A board whose expansion fails (with ``error``) once it has two tiles."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException, cells: tuple[int, ...] | None = None) -> None:
        super().__init__(2, 2, cells)
        self.error = error

    def get_children(self) -> Any:
        if sum(1 for c in self.cells if c) == 2:
            raise self.error
        return [Fragile(self.error, b.cells) for b in super().get_children()]


def test_exception_from_get_children_leaves_a_playable_mp4(tmp_path: Path) -> None:
    path = tmp_path / "fragile.mp4"
    rec = RecordingObserver()
    with pytest.raises(ValueError, match="broken game"):
        Backtracking([VideoObserver(path, BoardTiles(), **RAW), rec]).run(
            Fragile(ValueError("broken game"))
        )
    assert len(rec.states) == 3
    assert_frames_show(read_video(path), rec.states, MP4_TOLERANCE)


def test_ctrl_c_interrupts_the_search_and_keeps_the_video(tmp_path: Path) -> None:
    path = tmp_path / "interrupted.mp4"
    video = VideoObserver(path, BoardTiles(), **RAW)
    result = Backtracking(video).run(Fragile(KeyboardInterrupt()))
    assert result.status is Status.INTERRUPTED
    assert video.closed
    assert len(read_video(path)) == 3


def test_max_frames_stops_the_search_with_its_best_so_far(tmp_path: Path) -> None:
    path = tmp_path / "short.mp4"
    video = VideoObserver(path, BoardTiles(), max_frames=7, **RAW)
    rec = RecordingObserver()
    result = Backtracking([video, rec], value=lambda b: sum(b.cells)).run(Board())
    assert result.status is Status.STOPPED
    assert "max_frames=7" in (result.stop_reason or "")
    assert result.best is not None and result.best.cells == (1, 1, 1, 1)
    assert len(rec.states) == 7
    assert len(read_video(path)) == 7


def test_max_frames_after_the_limit_draws_nothing_more(tmp_path: Path) -> None:
    video = VideoObserver(tmp_path / "f", BoardTiles(), max_frames=1, **RAW)
    with pytest.raises(StopSearch, match="max_frames=1"):
        video.notify(Visited(Board(), 0))  # the first frame reaches the limit...
    video.notify(Visited(Board(), 0))  # ...and later visits are ignored
    video.close()
    assert video.frames == 1


ENTER, RETURN = VisitKind.ENTER, VisitKind.RETURN


@pytest.mark.parametrize(
    ("events", "kinds", "every", "expected"),
    [
        ("enter", {ENTER}, 1, 31),
        (["return"], {RETURN}, 1, 30),
        ((ENTER, "RETURN"), {ENTER, RETURN}, 1, 61),
        (("enter", "return", "restart"), {ENTER, RETURN}, 5, 13),  # visits 1, 6, ..., 61
        ("enter", {ENTER}, 4, 8),  # entries 1, 5, ..., 29
    ],
)
def test_every_and_event_kinds_select_frames(
    tmp_path: Path, events: Any, kinds: set[VisitKind], every: int, expected: int
) -> None:
    folder = tmp_path / "f"
    video = VideoObserver(folder, BoardTiles(), events=events, every=every, **RAW)
    rec = run_board(video)
    frames = read_pngs(folder)
    assert video.frames == expected == len(frames)
    chosen = [e.state for e in rec.visits() if e.kind in kinds][::every]
    for frame, state in zip(frames, chosen, strict=True):
        np.testing.assert_array_equal(frame, board_frame(state))


def test_restart_frames_of_a_random_walk(tmp_path: Path) -> None:
    folder = tmp_path / "walk"
    video = VideoObserver(folder, BoardTiles(), events="restart", **RAW)
    rec = RecordingObserver()
    RandomWalk([video, rec], rng=1, episodes=4).run(Board())
    assert len(rec.visits(VisitKind.RESTART)) == 3
    frames = read_pngs(folder)
    assert len(frames) == 3
    for frame in frames:
        np.testing.assert_array_equal(frame, board_frame(Board()))


def test_bfs_jumps_still_draw_the_right_board(tmp_path: Path) -> None:
    folder = tmp_path / "bfs"
    rec = run_board(VideoObserver(folder, BoardTiles(), **RAW), search=BFS)
    for frame, state in zip(read_pngs(folder), rec.states, strict=True):
        np.testing.assert_array_equal(frame, board_frame(state))


def test_whole_frame_callable_renderer_and_even_padding(tmp_path: Path) -> None:
    def render(state: Board) -> np.ndarray:
        return board_frame(state, tile_size=7)  # 14 x 14, then cropped to 13 x 13

    for name, shape in (("odd.mp4", (14, 14, 3)), ("odd.gif", (13, 13, 3))):
        path = tmp_path / name
        BFS(VideoObserver(path, lambda s: render(s)[:13, :13], **RAW)).run(Board())
        frames = read_video(path)
        assert frames.shape == (31, *shape)
    frames = read_video(tmp_path / "odd.mp4")
    assert frames[0, 13].max() <= MP4_TOLERANCE  # the padding row is black


def test_a_plain_function_returning_a_pil_image_is_a_renderer(tmp_path: Path) -> None:
    from PIL import Image

    def render(state: Board) -> Image.Image:
        return Image.fromarray(board_frame(state))

    BFS(VideoObserver(tmp_path / "f", render, **RAW)).run(Board())
    frames = read_pngs(tmp_path / "f")
    assert np.array_equal(frames[0], board_frame(Board()))


@pytest.mark.parametrize("panel", [False, True])
@pytest.mark.parametrize(
    ("returned", "named"),
    [
        (None, "returned None (a NoneType)"),
        (np.zeros((8, 8, 3)), "returned a float64 array of shape (8, 8, 3)"),
        (np.zeros((8, 8, 4), np.uint8), "returned a uint8 array of shape (8, 8, 4)"),
    ],
)
def test_a_renderer_returning_no_rgb_image_is_told_what_to_return(
    tmp_path: Path, returned: Any, named: str, panel: bool
) -> None:
    video = VideoObserver(tmp_path / "f", lambda s: returned, panel=panel)
    with pytest.raises(InvalidArgumentError) as caught:
        BFS(video).run(Board())
    message = str(caught.value)
    assert named in message
    assert "a renderer must return an RGB image: a numpy uint8 array of shape (H, W, 3)" in message


def test_tiled_mp4_is_padded_to_even_size(tmp_path: Path) -> None:
    path = tmp_path / "tiles5.mp4"
    BFS(VideoObserver(path, BoardTiles(tile_size=5), **RAW)).run(Board())
    assert read_video(path).shape == (31, 10, 10, 3)
    path = tmp_path / "tiles5x3.mp4"

    class Odd(BoardTiles):
        def tile_ids(self, state: Board) -> np.ndarray:
            return np.array(state.cells[:3], np.int64).reshape(1, 3)

    odd = Odd(tile_size=5)
    odd.grid_shape = (1, 3)
    BFS(VideoObserver(path, odd, **RAW)).run(Board())
    assert read_video(path).shape == (31, 6, 16, 3)


def test_the_stamp_marks_only_the_corner_and_the_canvas_stays_clean(tmp_path: Path) -> None:
    plain, stamped = tmp_path / "plain", tmp_path / "stamped"
    run_board(VideoObserver(plain, BoardTiles(tile_size=40), **RAW))
    run_board(VideoObserver(stamped, BoardTiles(tile_size=40), stamp=True, **RAW))
    a, b = read_pngs(plain), read_pngs(stamped)
    assert len(a) == len(b) == 61
    for x, y in zip(a, b, strict=True):
        diff = np.argwhere((x != y).any(axis=2))
        assert len(diff) > 20  # some text was drawn
        assert diff[:, 0].max() < 20 and diff[:, 1].max() < 79  # only in the top-left box
        np.testing.assert_array_equal(x[20:], y[20:])


def test_the_stamp_shows_the_value_when_the_search_reports_one(tmp_path: Path) -> None:
    with_value, without = tmp_path / "v", tmp_path / "n"
    for folder, value in ((with_value, lambda b: sum(b.cells)), (without, None)):
        Backtracking(
            VideoObserver(folder, BoardTiles(tile_size=60), stamp=True, **RAW), value=value
        ).run(Board())
    a, b = read_pngs(with_value), read_pngs(without)
    assert np.array_equal(a[0], b[0])  # no value reported before the first leaf
    assert not np.array_equal(a[-1], b[-1])  # "value 8" appears after leaves were scored


def test_final_frames_repeat_the_last_state_after_the_search(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    video = VideoObserver(folder, BoardTiles(), max_frames=5, final_frames=3, panel=False)
    rec = run_board(video)
    frames = read_pngs(folder)
    assert len(frames) == 8 and video.frames == 8
    for frame in frames[5:]:
        np.testing.assert_array_equal(frame, board_frame(rec.states[-1]))


def test_context_manager_close_is_idempotent_and_final(tmp_path: Path) -> None:
    path = tmp_path / "cm.mp4"
    with VideoObserver(path, BoardTiles(), **RAW) as video:
        for state in (Board(), Board(cells=(1, 0, 0, 0)), Board(cells=(1, 2, 0, 0))):
            video.notify(Visited(state, 0))
    assert video.closed
    video.close()
    assert len(read_video(path)) == 3
    with pytest.raises(RuntimeError, match="closed"):
        video.notify(Visited(Board(), 0))


def test_context_manager_finalises_when_the_block_raises(tmp_path: Path) -> None:
    path = tmp_path / "raise.gif"
    with pytest.raises(ZeroDivisionError), VideoObserver(path, BoardTiles(), **RAW) as video:
        video.notify(Visited(Board(), 0))
        video.notify(Visited(Board(cells=(2, 0, 0, 0)), 1))
        _ = 1 / 0
    assert len(read_video(path)) == 2


def test_an_abandoned_observer_is_finalised_when_collected(tmp_path: Path) -> None:
    path = tmp_path / "abandoned.mp4"
    video = VideoObserver(path, BoardTiles(), **RAW)
    for cells in ((0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 2, 0)):
        video.notify(Visited(Board(cells=cells), 0))
    del video
    gc.collect()
    assert len(read_video(path)) == 4


def test_no_frames_no_file(tmp_path: Path) -> None:
    for name in ("empty.mp4", "empty.gif"):
        video = VideoObserver(tmp_path / name, BoardTiles(), events="restart", **RAW)
        BFS(video).run(Board())
        assert video.closed and video.frames == 0
        assert not (tmp_path / name).exists()


@pytest.mark.parametrize(
    ("kwargs", "bad"),
    [
        ({"fps": 0}, "0"),
        ({"fps": -5}, "-5"),
        ({"fps": math.nan}, "nan"),
        ({"fps": True}, "True"),
        ({"max_frames": 0}, "0"),
        ({"every": 0}, "0"),
        ({"every": 1.5}, "1.5"),
        ({"events": ["enter", "jump"]}, "'jump'"),
        ({"events": []}, "[]"),
        ({"final_frames": -1}, "-1"),
        ({"crf": 52}, "52"),
        ({"preset": "warp"}, "'warp'"),
        ({"path": "video.avi"}, "video.avi'"),
        ({"path": "frames.png"}, "frames.png'"),
        ({"renderer": 42}, "42"),
    ],
)
def test_bad_arguments_are_named(tmp_path: Path, kwargs: dict[str, Any], bad: str) -> None:
    args: dict[str, Any] = {"path": tmp_path / "v.mp4", "renderer": BoardTiles()}
    if "path" in kwargs:
        kwargs = {**kwargs, "path": tmp_path / kwargs["path"]}
    args.update(kwargs)
    with pytest.raises(InvalidArgumentError, match=re.escape(bad)):
        VideoObserver(**args)
    assert not (tmp_path / "frames.png").exists()


def test_missing_imageio_ffmpeg_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "imageio_ffmpeg", None)
    with pytest.raises(ImportError, match="pip install imageio-ffmpeg"):
        VideoObserver(tmp_path / "v.mp4", BoardTiles(), **RAW)
    VideoObserver(tmp_path / "v.gif", BoardTiles(), **RAW).close()  # GIF needs only pillow


def test_bad_renderer_output_is_reported(tmp_path: Path) -> None:
    class WrongTile(BoardTiles):
        def tile_image(self, tile_id: int) -> np.ndarray:
            return np.zeros((4, 4, 3), np.uint8)

    video = VideoObserver(tmp_path / "f", WrongTile(), **RAW)
    with pytest.raises(InvalidArgumentError, match=r"\(4, 4, 3\)"):
        video.notify(Visited(Board(), 0))
    video.close()

    sizes = iter([(8, 8), (8, 10)])
    video = VideoObserver(tmp_path / "g", lambda s: np.zeros((*next(sizes), 3), np.uint8), **RAW)
    video.notify(Visited(Board(), 0))
    with pytest.raises(InvalidArgumentError, match=r"\(8, 10, 3\)"):
        video.notify(Visited(Board(), 0))
    video.close()

    video = VideoObserver(tmp_path / "h", lambda s: np.zeros((8, 8, 3), np.float32), **RAW)
    with pytest.raises(InvalidArgumentError, match="uint8"):
        video.notify(Visited(Board(), 0))
    video.close()


def test_budget_end_keeps_frames(tmp_path: Path) -> None:
    folder = tmp_path / "budget"
    video = VideoObserver(folder, BoardTiles(), **RAW)
    result = Backtracking(video, budget=Budget(max_nodes=3)).run(Board())
    assert result.status is Status.BUDGET_REACHED
    assert len(read_pngs(folder)) == video.frames > 0


class InterruptedPipe:
    """Wraps ffmpeg's stdin: one write sends half a frame, the next is hit by Ctrl-C."""

    def __init__(self, raw: Any) -> None:
        self.raw, self.calls = raw, 0

    def write(self, data: memoryview) -> int:
        self.calls += 1
        if self.calls == 1:
            return int(self.raw.write(data[: len(data) // 2]))
        if self.calls == 2:
            raise KeyboardInterrupt
        return int(self.raw.write(data))

    def close(self) -> None:
        self.raw.close()


def test_ctrl_c_in_the_middle_of_a_frame_still_finalises_it(tmp_path: Path) -> None:
    path = tmp_path / "mid.mp4"
    video = VideoObserver(path, BoardTiles(), **RAW)
    boards = [Board(cells=c) for c in ((0, 0, 0, 0), (1, 0, 0, 0), (1, 2, 0, 0))]
    video.notify(Visited(boards[0], 0))
    proc = video._sink._proc  # type: ignore[attr-defined]
    proc.stdin = InterruptedPipe(proc.stdin)
    with pytest.raises(KeyboardInterrupt):
        video.notify(Visited(boards[1], 1))
    assert video.frames == 1
    video.notify(Visited(boards[2], 2))  # the rest of frame 2 is sent first
    video.close()
    assert video.frames == 3
    assert_frames_show(read_video(path), boards, MP4_TOLERANCE)


def test_ctrl_c_in_the_middle_of_the_last_frame_is_completed_by_close(tmp_path: Path) -> None:
    path = tmp_path / "last.mp4"
    video = VideoObserver(path, BoardTiles(), **RAW)
    boards = [Board(cells=c) for c in ((0, 0, 0, 0), (2, 0, 0, 0))]
    video.notify(Visited(boards[0], 0))
    proc = video._sink._proc  # type: ignore[attr-defined]
    proc.stdin = InterruptedPipe(proc.stdin)
    with pytest.raises(KeyboardInterrupt):
        video.notify(Visited(boards[1], 1))
    video._drawer.canvas.frame[:] = 0  # type: ignore[union-attr]  # the canvas moves on...
    video.close()  # ...but close sends the bytes saved at the interruption
    assert video.frames == 2
    assert_frames_show(read_video(path), boards, MP4_TOLERANCE)
