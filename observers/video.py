"""``VideoObserver``: a search run as a video (MP4, GIF, or a folder of PNG frames)."""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from observers._sinks import open_sink
from observers._text import TextStamp
from observers.outputs import sink_kind
from observers.panel import Panel, PanelInfo
from observers.tiles import (
    Frame,
    LegendEntry,
    LegendRenderer,
    PacedRenderer,
    Renderer,
    TileCanvas,
    TileRenderer,
    as_rgb,
)
from treesearch.arguments import check_count, check_flag, check_number, is_count
from treesearch.core import Observer
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import (
    Evaluated,
    Event,
    SearchFinished,
    SearchStarted,
    SolutionImproved,
    Visited,
    VisitKind,
)

__all__ = ["VideoObserver"]

_KINDS = {kind.value: kind for kind in VisitKind}
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


def _count(value: Any, name: str, minimum: int) -> int:
    count: int = check_count(name, value, minimum)
    return count


def _kinds(events: Iterable[VisitKind | str] | VisitKind | str) -> frozenset[VisitKind]:
    if isinstance(events, (str, VisitKind)):
        items: tuple[Any, ...] = (events,)
    else:
        try:
            items = tuple(events)
        except TypeError:
            raise InvalidArgumentError(
                f"events must be a visit kind ({', '.join(sorted(_KINDS))} or a VisitKind) "
                f"or a collection of them, got {events!r}"
            ) from None
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
        renderer: a ``TileRenderer`` (repainted incrementally, see ``TileCanvas``) or a
            callable ``state -> (H, W, 3) uint8`` frame. If it has ``update(event)``
            (``AccumulatingRenderer``), that is called for every event, before any frame;
            if it has ``frame_due(event)`` (``PacedRenderer``), it chooses the events that
            produce frames instead of ``events``.
        fps: frames per second of the video.
        max_frames: after this many frames, raise ``StopSearch``: the search returns its
            best-so-far with ``Status.STOPPED``. None for no limit.
        every: draw only every n-th frame-producing visit (the 1st, the (n+1)-th...).
        events: the visit kinds that produce frames, among ``"enter"``, ``"return"``
            and ``"restart"`` (or ``VisitKind`` members); all by default.
        panel: draw the panel (title, counters, legend, outcome) above the board.
        title: the panel's headline; default the search's class name (``"BFS"``).
        overlay: without the panel, stamp "step, depth, value" in the top-left corner
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
        panel: bool = True,
        title: str | None = None,
        overlay: bool = False,
        final_frames: int | None = None,
        preset: str = "ultrafast",
        crf: int = 23,
    ) -> None:
        fps = check_number("fps", fps, minimum=0, above=True)
        if max_frames is not None:
            _count(max_frames, "max_frames", 1)
        self.every = _count(every, "every", 1)
        if final_frames is None:
            final_frames = max(1, round(fps))
        self.final_frames = _count(final_frames, "final_frames", 0)
        if not isinstance(preset, str) or preset not in _PRESETS:
            raise InvalidArgumentError(f"preset must be one of {sorted(_PRESETS)}, got {preset!r}")
        if not is_count(crf) or not 0 <= crf <= 51:
            raise InvalidArgumentError(f"crf must be an int from 0 to 51, got {crf!r}")
        panel, overlay = check_flag("panel", panel), check_flag("overlay", overlay)
        self.kinds = _kinds(events)
        kind = sink_kind(path)
        label = getattr(renderer, "move_label", None)
        info = PanelInfo(title, label if callable(label) else None) if panel else None
        self._canvas: TileCanvas | None = None
        self._tiles: TileRenderer | None = None
        self._whole: Callable[[Any], Any] | None = None
        if isinstance(renderer, TileRenderer):
            self._tiles = renderer
            if info is None:
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
        self._due = renderer.frame_due if isinstance(renderer, PacedRenderer) else None
        self._legend: Callable[[], Sequence[LegendEntry]] | None = (
            renderer.legend if isinstance(renderer, LegendRenderer) else None
        )
        self._info = info
        self.panel: Panel | None = None
        self._legend_stale = False
        self.path = Path(path)
        self.fps = fps
        self.max_frames = max_frames
        self._even = kind == "mp4"
        self._stamp = TextStamp() if overlay and info is None else None
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
        if self._info is not None:
            self._info.update(event)
        if isinstance(event, Visited):
            self._step += 1
            self._last = event
            if self._due is None and event.kind in self.kinds:
                self._frame(event.state, event.depth)
        elif isinstance(event, (Evaluated, SolutionImproved)):
            if event.value is not None:
                self._value = event.value
        elif isinstance(event, SearchFinished):
            self._legend_stale = True
            if self._last is not None:
                for _ in range(self.final_frames):
                    self._draw(self._last.state, self._last.depth)
            return
        elif isinstance(event, SearchStarted):
            self._legend_stale = True
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
        if self._info is not None:
            self._draw_panel(state)
            return
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

    def _draw_panel(self, state: Any) -> None:
        """The board drawn into the panel's frame, the panel's words brought up to date."""
        assert self._info is not None
        panel = self.panel
        legend = self._legend
        if self._tiles is not None:
            if panel is None:
                size, (rows, cols) = int(self._tiles.tile_size), self._tiles.grid_shape
                panel = self._new_panel((int(rows) * size, int(cols) * size))
                self._canvas = TileCanvas(self._tiles, frame=panel.board)
            assert self._canvas is not None
            self._canvas.render(state)
        else:
            assert self._whole is not None
            frame = np.asarray(self._whole(state))
            if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
                frame = as_rgb(frame, f"the frame rendered for {state!r}")
            if panel is None:
                panel = self._new_panel((frame.shape[0], frame.shape[1]))
            panel.put_board(frame)
        if self._legend_stale:
            self._legend_stale = False
            if legend is not None:
                panel.set_legend(legend())
        panel.write(self._info.lines())
        self._sink.write(panel.frame)

    def _new_panel(self, board_shape: tuple[int, int]) -> Panel:
        legend = self._legend() if self._legend is not None else ()
        self._legend_stale = False
        self.panel = Panel(board_shape, legend, pad_to_even=self._even)
        return self.panel

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
