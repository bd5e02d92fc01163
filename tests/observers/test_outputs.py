"""Outputs never fail late and count exactly: paths checked up front, interrupts absorbed."""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from observers._sinks import FrameSink, check_output, open_sink
from observers.tree_export import TreeExport
from observers.video import VideoObserver
from tests.observers.toys import Board, BoardTiles, read_pngs, read_video
from treesearch import BFS, InvalidArgumentError

OUTPUTS = ["v.mp4", "v.gif", "frames"]


def frame(value: int) -> np.ndarray:
    """A 16x16 frame of one grey level: easy to tell apart after H.264."""
    return np.full((16, 16, 3), value, np.uint8)


def grey_levels(frames: Any) -> list[int]:
    return [round(float(np.asarray(f).mean()) / 40) * 40 for f in frames]


# -- paths are checked when the output is created, not at close ------------------------------
@pytest.mark.parametrize("name", OUTPUTS)
def test_video_under_a_file_fails_at_construction(tmp_path: Path, name: str) -> None:
    # Before: mp4 and gif failed at the first frame or at close(), after the whole search.
    (tmp_path / "taken").write_text("a file")
    with pytest.raises(InvalidArgumentError, match=r"/taken' is a file, not a folder") as info:
        VideoObserver(tmp_path / "taken" / name, BoardTiles())
    assert "\n" not in str(info.value) and str(tmp_path / "taken" / name) in str(info.value)


@pytest.mark.parametrize("name", ["v.mp4", "v.gif"])
def test_video_file_that_is_a_folder_fails_at_construction(tmp_path: Path, name: str) -> None:
    (tmp_path / name).mkdir()
    with pytest.raises(InvalidArgumentError, match=rf"/{name}': it is a folder; give a file name"):
        VideoObserver(tmp_path / name, BoardTiles())


def test_png_folder_that_is_a_file_fails_at_construction(tmp_path: Path) -> None:
    (tmp_path / "frames").write_text("a file")
    with pytest.raises(InvalidArgumentError, match=r"/frames': it is a file, not a folder"):
        VideoObserver(tmp_path / "frames", BoardTiles())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")
@pytest.mark.parametrize("name", [*OUTPUTS, "tree.dot", "trace.jsonl"])
def test_a_folder_where_no_file_can_be_created_is_refused(name: str) -> None:
    # Even root cannot create files in /proc: a real "not writable", not a mocked one.
    path = Path("/proc") / f"treesearch-{name}"
    with pytest.raises(InvalidArgumentError, match=r"cannot write .* to '/proc/treesearch-"):
        if name == "tree.dot":
            TreeExport(path)
        elif name == "trace.jsonl":
            from observers.trace import TraceWriter

            TraceWriter(path)
        else:
            VideoObserver(path, BoardTiles())


def test_dot_export_path_is_checked_at_construction(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file")
    with pytest.raises(InvalidArgumentError, match=r"cannot write the DOT tree to .*is a file"):
        TreeExport(tmp_path / "taken" / "tree.dot")
    with pytest.raises(InvalidArgumentError, match=r"is a folder"):
        TreeExport(tmp_path)
    export = TreeExport(tmp_path / "new" / "tree.dot")
    assert (tmp_path / "new").is_dir() and not (tmp_path / "new" / "tree.dot").exists()
    BFS(export).run(Board())
    export.close()
    assert (tmp_path / "new" / "tree.dot").read_text().startswith("digraph search {")


def test_existing_read_only_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.gif"
    path.write_bytes(b"GIF89a")
    # Root may write anything, so the permission answer is faked; the rule is what is tested.
    monkeypatch.setattr("os.access", lambda p, mode: Path(p) != path)
    with pytest.raises(InvalidArgumentError, match="exists and cannot be overwritten"):
        check_output(path, "the GIF")


def test_checks_create_parents_and_leave_no_file(tmp_path: Path) -> None:
    for name in ("v.mp4", "v.gif"):
        path = check_output(tmp_path / "a" / "b" / name, "the video")
        assert path.parent.is_dir() and not path.exists()
        assert [p.name for p in path.parent.iterdir()] == []
    assert check_output(tmp_path / "c" / "frames", "frames", folder=True).is_dir()


# -- frame counts are exact whatever interrupts a write ----------------------------------------
class SignalledPipe:
    """ffmpeg's stdin, but Ctrl-C arrives while ``write`` runs, after bytes went through.

    ``share`` is the part of each call's bytes sent before the signal (the kernel returns a
    short count when a signal interrupts a pipe write); ``signals`` how many arrive.
    """

    def __init__(self, raw: Any, share: float, signals: int = 1) -> None:
        self.raw, self.share, self.signals, self.calls = raw, share, signals, 0

    def write(self, data: memoryview) -> int:
        self.calls += 1
        if self.calls > 1:
            return int(self.raw.write(data))
        sent = int(self.raw.write(data[: max(1, int(len(data) * self.share))]))
        for _ in range(self.signals):
            signal.raise_signal(signal.SIGINT)
        return sent

    def close(self) -> None:
        self.raw.close()


@pytest.mark.parametrize("share", [1.0, 0.5])
def test_mp4_count_is_exact_when_ctrl_c_lands_inside_the_pipe_write(
    tmp_path: Path, share: float
) -> None:
    # Before: the KeyboardInterrupt left write() before the sink saw how many bytes went, so
    # close() sent them again: the file held one frame more than ``frames`` (or a torn one).
    path = tmp_path / "v.mp4"
    sink = open_sink(path, fps=10)
    sink.write(frame(40))
    proc = sink._proc  # type: ignore[attr-defined]
    proc.stdin = SignalledPipe(proc.stdin, share)
    with pytest.raises(KeyboardInterrupt):
        sink.write(frame(120))  # the frame is finished and counted, then Ctrl-C is raised
    assert sink.frames == 2
    sink.write(frame(200))
    sink.close()
    assert sink.frames == 3
    assert grey_levels(read_video(path)) == [40, 120, 200]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_second_ctrl_c_during_one_frame_interrupts_at_once_and_close_completes_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v.mp4"
    sink = open_sink(path, fps=10)
    sink.write(frame(40))
    proc = sink._proc  # type: ignore[attr-defined]
    proc.stdin = SignalledPipe(proc.stdin, 0.5, signals=2)
    with pytest.raises(KeyboardInterrupt):
        sink.write(frame(120))
    assert sink.frames == 1  # cut short: it counts once close() has sent the rest
    sink.close()
    assert sink.frames == 2
    assert grey_levels(read_video(path)) == [40, 120]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_png_count_is_exact_when_ctrl_c_lands_after_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: the PNG was on disk but the count had not moved: one file more than ``frames``.
    folder = tmp_path / "frames"
    sink = open_sink(folder, fps=10)
    sink.write(frame(40))
    save = Image.Image.save

    def save_then_signal(self: Image.Image, *args: Any, **kwargs: Any) -> None:
        save(self, *args, **kwargs)
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(Image.Image, "save", save_then_signal)
    with pytest.raises(KeyboardInterrupt):
        sink.write(frame(120))
    monkeypatch.undo()
    sink.close()
    assert sink.frames == len(read_pngs(folder)) == 2


class SignallingList(list[Any]):
    """The GIF sink's frame buffer, with Ctrl-C landing right after a frame is kept."""

    def append(self, item: Any) -> None:
        super().append(item)
        signal.raise_signal(signal.SIGINT)


def test_gif_count_is_exact_when_ctrl_c_lands_after_a_frame_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "v.gif"
    sink = open_sink(path, fps=10)
    sink.write(frame(40))
    sink._images = SignallingList(sink._images)  # type: ignore[attr-defined]
    with pytest.raises(KeyboardInterrupt):
        sink.write(frame(120))
    sink.close()
    assert sink.frames == len(read_video(path)) == 2


def test_signal_handlers_are_held_only_during_a_write(tmp_path: Path) -> None:
    seen: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _: seen.append(signum))
    try:
        sink: FrameSink = open_sink(tmp_path / "frames", fps=10)
        handler = signal.getsignal(signal.SIGINT)
        sink.write(frame(40))
        assert signal.getsignal(signal.SIGINT) is handler
        signal.raise_signal(signal.SIGINT)
        assert seen == [signal.SIGINT]  # a user's handler still runs outside writes
        sink.close()
    finally:
        signal.signal(signal.SIGINT, previous)
