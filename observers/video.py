"""``VideoObserver``: a search run as a video (MP4, GIF, or a folder of PNG frames)."""

from __future__ import annotations

import math
import os
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from observers._sinks import open_sink, sink_kind
from observers._text import TextStamp
from observers.tiles import Frame, Renderer, TileCanvas, TileRenderer, as_rgb
from treesearch.core import Observer
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import (
    Evaluated,
    Event,
    SearchFinished,
    SolutionImproved,
    Visited,
    VisitKind,
)

__all__ = ["VideoObserver"]

_KINDS = {kind.value: kind for kind in VisitKind}
_PRESETS = frozenset(
    ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
     "veryslow", "placebo")
)  # fmt: skip


def _count(value: Any, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidArgumentError(f"{name} must be an int >= {minimum}, got {value!r}")
    return value


def _kinds(events: Iterable[VisitKind | str] | VisitKind | str) -> frozenset[VisitKind]:
    items = (events,) if isinstance(events, (str, VisitKind)) else tuple(events)
    kinds = set()
    for item in items:
        if isinstance(item, VisitKind):
            kinds.add(item)
        elif isinstance(item, str) and item.lower() in _KINDS:
            kinds.add(_KINDS[item.lower()])
        else:
            raise InvalidArgumentError(
                f"unknown visit kind {item!r} in events; expected some of "
                f"{sorted(_KINDS)!r} or VisitKind members"
            )
    if not kinds:
        raise InvalidArgumentError(f"events must name at least one visit kind, got {events!r}")
    return frozenset(kinds)


class VideoObserver(Observer):
    """Draws visited states with the game's renderer and streams the frames to a file.

    The format follows ``path``: ``.mp4`` is H.264 (libx264, yuv420p, frames padded to even
    sizes) written through the ffmpeg of imageio-ffmpeg as frames arrive; ``.gif`` is
    buffered and written by pillow on close (``duration`` in ms, looping; 256 colours per
    frame, identical consecutive frames merged into one longer frame); a path without
    suffix, or ending in ``/``, is a folder of ``000000.png``, ``000001.png``...

    Whatever ends the run (its end, an exception, a budget, Ctrl-C), the search closes its
    observers and the file holds every frame written so far. ``close()`` is idempotent; the
    observer is also a context manager, and an abandoned one is finalised when collected.

    Args:
        path: output file (``.mp4``/``.gif``) or folder of PNG frames.
        renderer: a ``TileRenderer`` (repainted incrementally, see ``TileCanvas``) or a
            callable ``state -> (H, W, 3) uint8`` frame. If it has ``update(event)``
            (``AccumulatingRenderer``), that is called for every event, before any frame.
        fps: frames per second of the video.
        max_frames: after this many frames, raise ``StopSearch``: the search returns its
            best-so-far with ``Status.STOPPED``. None for no limit.
        every: draw only every n-th frame-producing visit (the 1st, the (n+1)-th...).
        events: the visit kinds that produce frames, among ``"enter"``, ``"return"``
            and ``"restart"`` (or ``VisitKind`` members); all by default.
        overlay: stamp "step, depth, value" in the top-left corner (pillow's default font);
            step counts visits, value is the latest one the search reported.
        final_frames: when the search finishes, draw the last visited state this many
            more times (after the renderer saw ``SearchFinished``, so a solution path shows,
            and the end lingers); these do not count toward ``max_frames``.
        preset: x264 speed preset for MP4 (``"ultrafast"`` keeps encoding cheap).
        crf: x264 quality for MP4, 0 (best) to 51 (worst).

    Raises:
        InvalidArgumentError: a bad argument (the message names it), e.g. ``fps <= 0``
            or an unknown suffix.
        ImportError: MP4 requested without imageio-ffmpeg installed.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        renderer: Renderer,
        *,
        fps: float = 30,
        max_frames: int | None = None,
        every: int = 1,
        events: Iterable[VisitKind | str] | VisitKind | str = tuple(VisitKind),
        overlay: bool = False,
        final_frames: int = 0,
        preset: str = "ultrafast",
        crf: int = 23,
    ) -> None:
        if (
            isinstance(fps, bool)
            or not isinstance(fps, (int, float))
            or not (math.isfinite(fps) and fps > 0)
        ):
            raise InvalidArgumentError(f"fps must be a finite number > 0, got {fps!r}")
        if max_frames is not None:
            _count(max_frames, "max_frames", 1)
        self.every = _count(every, "every", 1)
        self.final_frames = _count(final_frames, "final_frames", 0)
        if preset not in _PRESETS:
            raise InvalidArgumentError(f"preset must be one of {sorted(_PRESETS)}, got {preset!r}")
        if isinstance(crf, bool) or not isinstance(crf, int) or not 0 <= crf <= 51:
            raise InvalidArgumentError(f"crf must be an int from 0 to 51, got {crf!r}")
        self.kinds = _kinds(events)
        kind = sink_kind(path)
        self._canvas: TileCanvas | None = None
        self._whole: Callable[[Any], Any] | None = None
        if isinstance(renderer, TileRenderer):
            self._canvas = TileCanvas(renderer, pad_to_even=kind == "mp4")
        elif callable(renderer):
            self._whole = renderer
        else:
            raise InvalidArgumentError(
                f"renderer must be a TileRenderer or a callable state -> RGB array, "
                f"got {renderer!r}"
            )
        update = getattr(renderer, "update", None)
        self._update: Callable[[Event], Any] | None = update if callable(update) else None
        self.path = Path(path)
        self.fps = fps
        self.max_frames = max_frames
        self._even = kind == "mp4"
        self._stamp = TextStamp() if overlay else None
        self._sink = open_sink(path, fps=fps, preset=preset, crf=crf)
        self._finalizer = weakref.finalize(self, self._sink.close)
        self._closed = False
        self._limit_reached = False
        self._step = 0
        self._eligible = 0
        self._last: Visited | None = None
        self._value: float | None = None
        self._padded: Frame | None = None

    @property
    def frames(self) -> int:
        """Frames written so far."""
        return self._sink.frames

    @property
    def closed(self) -> bool:
        """True once the video is finalised."""
        return self._closed

    def notify(self, event: Event) -> None:
        """Feed the renderer's hook, then draw a frame if this visit is one to draw.

        Raises:
            StopSearch: ``max_frames`` frames have been written.
            RuntimeError: the observer is already closed (use one per run).
        """
        if self._closed:
            raise RuntimeError(
                f"VideoObserver for {str(self.path)!r} is closed; create a new one per run"
            )
        if self._update is not None:
            self._update(event)
        if isinstance(event, Visited):
            self._step += 1
            self._last = event
            if event.kind not in self.kinds:
                return
            n = self._eligible
            self._eligible = n + 1
            if n % self.every or self._limit_reached:
                return
            self._draw(event.state, event.depth)
            if self.max_frames is not None and self._sink.frames >= self.max_frames:
                self._limit_reached = True
                raise StopSearch(
                    f"VideoObserver wrote max_frames={self.max_frames} frames to {str(self.path)!r}"
                )
        elif isinstance(event, (Evaluated, SolutionImproved)):
            if event.value is not None:
                self._value = event.value
        elif isinstance(event, SearchFinished) and self._last is not None:
            for _ in range(self.final_frames):
                self._draw(self._last.state, self._last.depth)

    def _draw(self, state: Any, depth: int) -> None:
        if self._canvas is not None:
            frame, owned = self._canvas.render(state), True
        else:
            frame, owned = self._render_whole(state)
        stamp = self._stamp
        if stamp is None:
            self._sink.write(frame)
            return
        text = f"step {self._step}  depth {depth}"
        if self._value is not None:
            text += f"  value {self._value:.4g}"
        if not owned:
            frame = frame.copy()
        stamped = stamp.stamp(frame, text)
        try:
            self._sink.write(frame)
        finally:
            if owned:
                stamp.restore(frame, stamped)

    def _render_whole(self, state: Any) -> tuple[Frame, bool]:
        assert self._whole is not None
        frame = np.asarray(self._whole(state))
        if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
            frame = as_rgb(frame, f"the frame rendered for {state!r}")
        if not self._even or (frame.shape[0] % 2 == 0 and frame.shape[1] % 2 == 0):
            return frame, False
        h, w = frame.shape[:2]
        buf = self._padded
        if buf is None or buf.shape[:2] != (h + h % 2, w + w % 2):
            buf = self._padded = np.zeros((h + h % 2, w + w % 2, 3), np.uint8)
        buf[:h, :w] = frame
        return buf, True

    def close(self) -> None:
        """Finalise the video (idempotent); the file then holds every frame written."""
        if self._closed:
            return
        self._closed = True
        self._finalizer()


    def __repr__(self) -> str:
        return f"VideoObserver({str(self.path)!r}, frames={self.frames})"
