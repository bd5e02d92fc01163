"""``VideoObserver``: a search run as a video (MP4, GIF, or a folder of PNG frames)."""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from observers._drawing import FileObserver, FrameDrawer, count_arg, visit_kinds
from observers._sinks import open_sink
from observers.notebook import video_html
from observers.outputs import sink_kind
from observers.panel import Panel
from observers.tile_canvas import Renderer
from treesearch.arguments import check_flag, check_number, is_count
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import Event, SearchFinished, Visited, VisitKind

__all__ = ["VideoObserver"]

_PRESETS = frozenset(
    (
        "ultrafast",
        "superfast",
        "veryfast",
        "faster",
        "fast",
        "medium",
        "slow",
        "slower",
        "veryslow",
        "placebo",
    )
)


class VideoObserver(FileObserver):
    """Draws visited states with the game's renderer and streams the frames to a file.

    The format follows ``path``: ``.mp4`` is H.264 (libx264, yuv420p, frames padded to even
    sizes) written through the ffmpeg of imageio-ffmpeg as frames arrive; ``.gif`` is
    buffered and written by pillow on close (``duration`` in ms, looping; 256 colours per
    frame, identical consecutive frames merged into one longer frame); a path without
    suffix, or ending in ``/``, is a folder of ``000000.png``, ``000001.png``...

    By default a panel above the board says what is searched and how far it got (title,
    step, depth, nodes expanded, best value), what the renderer's colours mean (its
    ``legend()``, see ``LegendRenderer``), and, on the frames held at the end, the outcome:
    the route of a path search or the move a game search chose. ``panel=False`` writes the
    renderer's frames as they are.

    Whatever ends the run (its end, an exception, a budget, Ctrl-C), the search closes its
    observers and the file holds every frame written so far. ``close()`` is idempotent; the
    observer is also a context manager, and an abandoned one is finalised when collected.

    Args:
        path: output file (``.mp4``/``.gif``) or folder of PNG frames.
        renderer: a ``TileRenderer`` (repainted incrementally, see ``TileCanvas``) or any
            callable ``state -> image`` (a plain function will do) returning a numpy
            ``uint8`` array of shape ``(H, W, 3)`` (RGB, 0-255) or ``(H, W)`` (gray), or a
            PIL image in mode ``"RGB"``/``"L"``, the same size for every state; anything
            else raises ``InvalidArgumentError`` naming what came back. If it has
            ``update(event)`` (``AccumulatingRenderer``), that is called for every event,
            before any frame; if it has ``frame_due(event)`` (``PacedRenderer``), it
            chooses the events that produce frames instead of ``events``.
        fps: frames per second of the video.
        max_frames: after this many frames, raise ``StopSearch``: the search returns its
            best-so-far with ``Status.STOPPED``. None for no limit.
        every: draw only every n-th frame-producing visit (the 1st, the (n+1)-th...).
        events: the visit kinds that produce frames, among ``"enter"``, ``"return"``
            and ``"restart"`` (or ``VisitKind`` members); all by default.
        panel: draw the panel (title, counters, legend, outcome) above the board.
        title: the panel's headline; default the search's class name (``"BFS"``).
        stamp: without the panel, stamp "step, depth, value" in the top-left corner
            (the panel shows the same, so it is ignored with ``panel=True``).
        final_frames: when the search finishes, draw the last visited state this many
            more times (after the renderer saw ``SearchFinished``, so a solution path shows,
            and the end lingers); these do not count toward ``max_frames``. Default: one
            second's worth, ``round(fps)``.
        preset: x264 speed preset for MP4 (``"ultrafast"`` keeps encoding cheap).
        crf: x264 quality for MP4, 0 (best) to 51 (worst).

    Attributes:
        panel: the ``Panel`` drawn (None without one, or before the first frame); its
            ``lines`` and ``legend_labels`` are the words of the last frame.

    Raises:
        InvalidArgumentError: a bad argument (the message names it), e.g. ``fps <= 0``
            or an unknown suffix; while drawing, a renderer that returned no RGB image.
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
        panel: bool = True,
        title: str | None = None,
        stamp: bool = False,
        final_frames: int | None = None,
        preset: str = "ultrafast",
        crf: int = 23,
    ) -> None:
        fps = check_number("fps", fps, minimum=0, above=True)
        if max_frames is not None:
            count_arg(max_frames, "max_frames", 1)
        self.every = count_arg(every, "every", 1)
        if final_frames is None:
            final_frames = max(1, round(fps))
        self.final_frames = count_arg(final_frames, "final_frames", 0)
        if not isinstance(preset, str) or preset not in _PRESETS:
            raise InvalidArgumentError(f"preset must be one of {sorted(_PRESETS)}, got {preset!r}")
        if not is_count(crf) or not 0 <= crf <= 51:
            raise InvalidArgumentError(f"crf must be an int from 0 to 51, got {crf!r}")
        panel, stamp = check_flag("panel", panel), check_flag("stamp", stamp)
        self.kinds = visit_kinds(events)
        kind = sink_kind(path)
        self._drawer = FrameDrawer(
            renderer, panel=panel, title=title, stamp=stamp, pad_to_even=kind == "mp4"
        )
        self._due = self._drawer.due
        self.path = Path(path)
        self.fps = fps
        self.max_frames = max_frames
        self._sink = open_sink(path, fps=fps, preset=preset, crf=crf)
        self._finalizer = weakref.finalize(self, self._sink.close)
        self._closed = False
        self._limit_reached = False
        self._eligible = 0
        self._last: Visited | None = None

    @property
    def panel(self) -> Panel | None:
        """The ``Panel`` drawn (None without one, or before the first frame)."""
        return self._drawer.panel

    @property
    def frames(self) -> int:
        """Frames written so far."""
        return self._sink.frames

    def notify(self, event: Event) -> None:
        """Feed the renderer's hook, then draw a frame if this visit is one to draw.

        Raises:
            StopSearch: ``max_frames`` frames have been written.
            RuntimeError: the observer is already closed (use one per run).
        """
        if self._closed:
            raise self._closed_error()
        self._drawer.notify(event)
        if isinstance(event, Visited):
            self._last = event
            if self._due is None and event.kind in self.kinds:
                self._frame(event.state, event.depth)
        elif isinstance(event, SearchFinished):
            if self._last is not None:
                for _ in range(self.final_frames):
                    self._draw(self._last.state, self._last.depth)
            return
        if self._due is not None and self._due(event):
            last = self._last
            if last is not None:
                self._frame(last.state, last.depth)

    def _frame(self, state: Any, depth: int) -> None:
        """Draw a frame if ``every`` and ``max_frames`` allow; stop at ``max_frames``."""
        n = self._eligible
        self._eligible = n + 1
        if n % self.every or self._limit_reached:
            return
        self._draw(state, depth)
        if self.max_frames is not None and self._sink.frames >= self.max_frames:
            self._limit_reached = True
            raise StopSearch(
                f"VideoObserver wrote max_frames={self.max_frames} frames to {str(self.path)!r}"
            )

    def _draw(self, state: Any, depth: int) -> None:
        self._drawer.draw(state, depth, self._sink.write)

    def close(self) -> None:
        """Finalise the video (idempotent); the file then holds every frame written."""
        if self._closed:
            return
        self._closed = True
        self._finalizer()

    def _inline_html(self) -> str:
        """The video inline in a notebook once closed (``observers.notebook.video_html``)."""
        return video_html(self.path)
