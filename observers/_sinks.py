"""Where frames go: an ffmpeg pipe (MP4), a buffered GIF, or a folder of numbered PNGs.

Each sink checks its output path when it is created (``check_output``: a long search never
ends with "cannot write" at close), checks that every frame has the size of the first one,
counts the frames it has written, and leaves a playable result when closed, whenever that
happens.

The count is exact whatever interrupts a write. Ctrl-C raises ``KeyboardInterrupt`` between
two bytecodes: after a frame reached the file (or ffmpeg's pipe) but before the count moved,
or after ``write()`` sent bytes but before the sink learnt how many. So a frame is written
and counted with the Python handlers of SIGINT, SIGTERM, SIGHUP and SIGALRM held back
(``_HeldSignals``, about 5 us a frame): a signal is delivered once the frame is complete and
counted. A second one during the same frame is delivered at once (if ffmpeg hangs).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
from fractions import Fraction
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any

import numpy as np
from PIL import Image

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from observers.outputs import SinkKind, check_output, sink_kind
from observers.tile_canvas import Frame
from treesearch.errors import InvalidArgumentError

__all__ = ["FrameSink", "SinkKind", "check_output", "ffmpeg_exe", "open_sink", "sink_kind"]

_FRAME_NAME = re.compile(r"\d{6}\.png")


# The C module behind ``signal``: the same functions without the enum conversions, which
# make ``signal.getsignal`` 200 times slower (9 us against 50 ns).
_sig: Any
try:
    _sig = importlib.import_module("_signal")
except ImportError:  # another Python implementation
    _sig = signal

_HOLDABLE = tuple(
    int(getattr(signal, name))
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGALRM")
    if hasattr(signal, name)
)


class _HeldSignals:
    """Context manager: Python signal handlers wait until the block is done (module doc).

    Only the main thread runs Python signal handlers, so elsewhere this does nothing.
    Handlers that are not Python callables (default, ignored) are left alone.
    """

    __slots__ = ("_caught", "_saved")

    def __enter__(self) -> _HeldSignals:
        self._caught: tuple[int, FrameType | None] | None = None
        self._saved: list[tuple[int, Any]] = []
        if threading.current_thread() is threading.main_thread():
            for signum in _HOLDABLE:
                handler = _sig.getsignal(signum)
                if callable(handler):
                    self._saved.append((signum, handler))
                    _sig.signal(signum, self._hold)
        return self

    def _hold(self, signum: int, frame: FrameType | None) -> None:
        if self._caught is not None:  # a second signal: whoever sends it insists
            self._caught = None
            self._deliver(signum, frame)
        else:
            self._caught = (signum, frame)

    def _deliver(self, signum: int, frame: FrameType | None) -> None:
        for saved, handler in self._saved:
            if saved == signum:
                handler(signum, frame)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        _restore(self._saved)
        caught, self._caught = self._caught, None
        if caught is not None:
            self._deliver(*caught)


def _restore(saved: list[tuple[int, Any]]) -> None:
    """Put the handlers back, all of them even if a signal lands in between."""
    done = 0
    try:
        for signum, handler in saved:
            _sig.signal(signum, handler)
            done += 1
    finally:
        if done < len(saved):
            _restore(saved[done:])


def ffmpeg_exe() -> str:
    """Path of the ffmpeg binary shipped with imageio-ffmpeg.

    Raises:
        ImportError: imageio-ffmpeg is not installed (the message says how to fix it).
    """
    try:
        import imageio_ffmpeg
    except ImportError as exc:
        raise ImportError(
            "writing MP4 needs the ffmpeg binary of imageio-ffmpeg: pip install imageio-ffmpeg "
            "(or write a .gif / a folder of PNG frames instead)"
        ) from exc
    return str(imageio_ffmpeg.get_ffmpeg_exe())


class FrameSink:
    """Base of the three sinks: frame-size check and an exact frame count.

    ``frames`` is the number of frames the finished output holds: a frame counts once it is
    written, and a frame cut short by an exception counts when ``close`` completes it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.frames = 0
        self._shape: tuple[int, ...] | None = None

    def write(self, frame: Frame) -> None:
        """Append one RGB uint8 frame; every frame must have the size of the first."""
        if self._shape is None:
            self._shape = frame.shape
        elif frame.shape != self._shape:
            raise InvalidArgumentError(
                f"frame {self.frames} has shape {frame.shape!r} but the first frame of "
                f"{str(self.path)!r} had {self._shape!r}; a renderer must keep one frame size"
            )
        with _HeldSignals():
            self._write(frame)
            self.frames += 1

    def _write(self, frame: Frame) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Finish the output; safe to call more than once."""


class _Mp4Sink(FrameSink):
    """Streams raw RGB frames into an ffmpeg process encoding H.264 (yuv420p).

    ffmpeg runs in its own session, so Ctrl-C in a terminal reaches only Python; ``close``
    then completes any half-sent frame and lets ffmpeg finalise the file.
    """

    def __init__(self, path: Path, fps: float, preset: str, crf: int) -> None:
        super().__init__(check_output(path, "the MP4 video"))
        self._exe = ffmpeg_exe()
        self._fps = str(Fraction(fps).limit_denominator(1001))
        self._preset, self._crf = preset, crf
        self._proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self._pending: memoryview | None = None

    def _start(self, height: int, width: int) -> subprocess.Popen[bytes]:
        cmd = [
            self._exe,
            "-y",
            "-hide_banner",
            "-loglevel",
            "error",
            "-f",
            "rawvideo",
            "-pix_fmt",
            "rgb24",
            "-s",
            f"{width}x{height}",
            "-r",
            self._fps,
            "-i",
            "pipe:0",
            "-an",
            "-c:v",
            "libx264",
            "-preset",
            self._preset,
            "-crf",
            str(self._crf),
            "-pix_fmt",
            "yuv420p",
            str(self.path),
        ]
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by _read_log()
        extra: dict[str, Any] = (
            {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
            if sys.platform == "win32"
            else {"start_new_session": True}
        )
        self._proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
            bufsize=0,
            **extra,
        )
        _widen_pipe(self._proc)
        return self._proc

    def _write(self, frame: Frame) -> None:
        proc = self._proc
        if proc is None:
            proc = self._start(frame.shape[0], frame.shape[1])
        elif self._pending is not None:  # an interrupted frame: finish it first
            self._send(proc)
            self.frames += 1
        self._pending = np.ascontiguousarray(frame).data.cast("B")
        self._send(proc)

    def _send(self, proc: subprocess.Popen[bytes]) -> None:
        stdin = proc.stdin
        assert stdin is not None
        view = self._pending
        try:
            while view is not None and len(view):
                n = stdin.write(view)
                view = self._pending = view[n or 0 :]
        except (BrokenPipeError, ConnectionResetError):
            self._pending = None
            code = proc.wait()
            raise OSError(
                f"ffmpeg stopped (exit code {code}) while writing {str(self.path)!r}: "
                f"{self._read_log()}"
            ) from None
        except BaseException:
            # Interrupted (Ctrl-C) mid-frame: keep a private copy of the unsent bytes, since
            # the caller's frame buffer may change before close() sends them.
            if self._pending is not None:
                self._pending = memoryview(bytes(self._pending))
            raise
        self._pending = None

    def close(self) -> None:
        """Send the rest of an interrupted frame, end the stream and wait for ffmpeg.

        Signals wait until the file is finalised; a second one kills ffmpeg at once.
        """
        proc, self._proc = self._proc, None
        if proc is None:
            return
        stdin = proc.stdin
        assert stdin is not None
        try:
            with _HeldSignals():
                if self._pending is not None:
                    self._send(proc)
                    self.frames += 1
                stdin.close()
                code = proc.wait()
        except BaseException:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            self._read_log()
            raise
        log = self._read_log()
        if code != 0:
            raise OSError(f"ffmpeg failed (exit code {code}) writing {str(self.path)!r}: {log}")

    def _read_log(self) -> str:
        log, self._log = self._log, None
        if log is None:
            return ""
        with log:
            log.seek(0)
            return log.read().decode(errors="replace").strip()


def _widen_pipe(proc: subprocess.Popen[bytes]) -> None:
    """Ask Linux for a 1 MiB pipe: a frame then crosses in a few writes, not dozens."""
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    if set_size is None or proc.stdin is None:
        return
    with contextlib.suppress(OSError):  # above /proc/sys/fs/pipe-max-size: keep the default
        fcntl.fcntl(proc.stdin.fileno(), set_size, 1 << 20)


class _GifSink(FrameSink):
    """Keeps palette frames in memory and writes the GIF (pillow) on close.

    Pillow merges identical consecutive frames into one longer frame, so a GIF may hold
    fewer frames than were written while playing for the same time.
    """

    def __init__(self, path: Path, fps: float) -> None:
        super().__init__(check_output(path, "the GIF"))
        self._duration = max(10, round(1000 / fps))
        self._images: list[Image.Image] = []

    def _write(self, frame: Frame) -> None:
        # Converting now keeps 1 byte per pixel in memory; pillow would do it on save.
        self._images.append(Image.fromarray(frame).convert("P", palette=Image.Palette.ADAPTIVE))

    def close(self) -> None:
        """Write the buffered frames, looping forever."""
        images, self._images = self._images, []
        if not images:
            return
        with _HeldSignals():
            images[0].save(
                self.path,
                save_all=True,
                append_images=images[1:],
                duration=self._duration,
                loop=0,
            )


class _PngSink(FrameSink):
    """Saves each frame at once as ``000000.png``, ``000001.png``... in a folder.

    Numbered frames left in the folder by an earlier video are removed first, so the
    folder always holds exactly one video.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(check_output(path, "the PNG frames", folder=True))
        for old in path.iterdir():
            if _FRAME_NAME.fullmatch(old.name) and old.is_file():
                old.unlink()

    def _write(self, frame: Frame) -> None:
        Image.fromarray(frame).save(self.path / f"{self.frames:06d}.png", compress_level=1)


def open_sink(
    path: str | os.PathLike[str], *, fps: float, preset: str = "ultrafast", crf: int = 23
) -> FrameSink:
    """Create the sink that ``path`` asks for (see ``sink_kind``)."""
    kind = sink_kind(path)
    p = Path(path)
    if kind == "mp4":
        return _Mp4Sink(p, fps, preset, crf)
    if kind == "gif":
        return _GifSink(p, fps)
    return _PngSink(p)
