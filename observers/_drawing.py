"""States drawn as a search video's frames: the renderer's board, the panel above it.

``VideoObserver`` writes these frames to a file and ``HtmlReplay`` records them for a web
page; both see the same events and must draw the same pictures, so the drawing lives here
once: the renderer's hooks (``update``, ``frame_due``, ``legend``), the panel's words
(``PanelInfo``) and the board painted incrementally (``TileCanvas``) or copied whole. The
observer half they share is ``FileObserver``: one file for one run, refused events once
closed, shown inline in a notebook once written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from observers import tile_canvas
from observers._text import TextStamp
from observers.notebook import unfinished_html
from observers.panel import Panel, PanelInfo
from treesearch.arguments import check_count
from treesearch.core import Observer
from treesearch.errors import InvalidArgumentError
from treesearch.events import (
    Evaluated,
    Event,
    SearchFinished,
    SearchStarted,
    SolutionImproved,
    Visited,
    VisitKind,
)

__all__ = ["FileObserver", "FrameDrawer", "count_arg", "visit_kinds"]

_KINDS = {kind.value: kind for kind in VisitKind}


def count_arg(value: Any, name: str, minimum: int) -> int:
    """``value`` checked to be an int >= ``minimum`` (numpy ints too); the error names it."""
    count: int = check_count(name, value, minimum)
    return count


def visit_kinds(events: Iterable[VisitKind | str] | VisitKind | str) -> frozenset[VisitKind]:
    """The visit kinds named by ``events`` (``VisitKind`` members or their values)."""
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


class FileObserver(Observer):
    """An observer that writes one file (``path``) of a run's frames; closed, it is done.

    Subclasses set ``path`` and ``_closed`` (False until ``close()`` writes the file), and
    define ``frames`` and ``_inline_html`` (the written file shown in a notebook).
    """

    timed = True  # its work is timed apart from the search's (stats.observer_seconds)
    path: Path
    _closed: bool

    @property
    def frames(self) -> int:
        """Frames drawn so far."""
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """True once ``close()`` has written the file."""
        return self._closed

    def _closed_error(self) -> RuntimeError:
        """The error for an event after ``close()``: the file is written, one observer a run."""
        return RuntimeError(
            f"{type(self).__name__} for {str(self.path)!r} is closed; create a new one per run"
        )

    def _inline_html(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        """The file inline in a notebook once written, else a note of the frames so far."""
        if not self._closed:
            return unfinished_html(self.path, self.frames)
        return self._inline_html()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.path)!r}, frames={self.frames})"


class FrameDrawer:
    """Draws states with a game's renderer into frames, with the panel or a small stamp.

    Feed it every event (``notify``) before drawing; ``draw(state, depth, write)`` hands
    the frame to ``write`` (the frame is a buffer reused by the next draw: copy it to keep
    it).

    Args:
        renderer: a ``TileRenderer`` or a callable ``state -> (H, W, 3) uint8`` frame, with
            the optional hooks ``update(event)``, ``frame_due(event)`` and ``legend()``.
        panel: draw the panel (title, counters, legend, outcome) above the board.
        title: the panel's headline; default the search's class name.
        stamp: without the panel, stamp "step, depth, value" in the top-left corner.
        pad_to_even: make the frame's sides even (H.264).

    Attributes:
        info: the panel's words (None without a panel).
        panel: the ``Panel`` drawn (None without one, or before the first frame).
        due: the renderer's ``frame_due`` (None when it has none).
        step: visits seen so far.
        value: the last value reported (``Evaluated`` or ``SolutionImproved``).

    Raises:
        InvalidArgumentError: the renderer is neither a ``TileRenderer`` nor a callable.
    """

    def __init__(
        self,
        renderer: tile_canvas.Renderer,
        *,
        panel: bool = True,
        title: str | None = None,
        stamp: bool = False,
        pad_to_even: bool = False,
    ) -> None:
        label = getattr(renderer, "move_label", None)
        info = PanelInfo(title, label if callable(label) else None) if panel else None
        self.canvas: tile_canvas.TileCanvas | None = None
        self._tiles: tile_canvas.TileRenderer | None = None
        self._whole: Callable[[Any], Any] | None = None
        if isinstance(renderer, tile_canvas.TileRenderer):
            self._tiles = renderer
            if info is None:
                self.canvas = tile_canvas.TileCanvas(renderer, pad_to_even=pad_to_even)
        elif callable(renderer):
            self._whole = renderer
        else:
            raise InvalidArgumentError(
                f"renderer must be a TileRenderer or a callable state -> RGB array, "
                f"got {renderer!r}"
            )
        update = getattr(renderer, "update", None)
        self._update: Callable[[Event], Any] | None = update if callable(update) else None
        self.due = renderer.frame_due if isinstance(renderer, tile_canvas.PacedRenderer) else None
        self._legend: Callable[[], Sequence[tile_canvas.LegendEntry]] | None = (
            renderer.legend if isinstance(renderer, tile_canvas.LegendRenderer) else None
        )
        self.info = info
        self.panel: Panel | None = None
        self._legend_stale = False
        self._even = pad_to_even
        self._stamp = TextStamp() if stamp and info is None else None
        self._padded: tile_canvas.Frame | None = None
        self.step = 0
        self.value: float | None = None

    def notify(self, event: Event) -> None:
        """Feed the renderer's hook and the panel's counters with one event."""
        if self._update is not None:
            self._update(event)
        if self.info is not None:
            self.info.update(event)
        if isinstance(event, Visited):
            self.step += 1
        elif isinstance(event, (Evaluated, SolutionImproved)):
            if event.value is not None:
                self.value = event.value
        elif isinstance(event, (SearchStarted, SearchFinished)):
            self._legend_stale = True

    def draw(self, state: Any, depth: int, write: Callable[[tile_canvas.Frame], None]) -> None:
        """Draw ``state`` (``depth`` moves below the start) and pass the frame to ``write``."""
        if self.info is not None:
            write(self._draw_panel(state))
            return
        if self.canvas is not None:
            frame, owned = self.canvas.render(state), True
        else:
            frame, owned = self._render_whole(state)
        stamp = self._stamp
        if stamp is None:
            write(frame)
            return
        text = f"step {self.step}  depth {depth}"
        if self.value is not None:
            text += f"  value {self.value:.4g}"
        if not owned:
            frame = frame.copy()
        stamped = stamp.stamp(frame, text)
        try:
            write(frame)
        finally:
            if owned:
                stamp.restore(frame, stamped)

    def _draw_panel(self, state: Any) -> tile_canvas.Frame:
        """The board drawn into the panel's frame, the panel's words brought up to date."""
        assert self.info is not None
        panel = self.panel
        legend = self._legend
        if self._tiles is not None:
            if panel is None:
                size, (rows, cols) = int(self._tiles.tile_size), self._tiles.grid_shape
                panel = self._new_panel((int(rows) * size, int(cols) * size))
                self.canvas = tile_canvas.TileCanvas(self._tiles, frame=panel.board)
            assert self.canvas is not None
            self.canvas.render(state)
        else:
            frame = self._whole_frame(state)
            if panel is None:
                panel = self._new_panel((frame.shape[0], frame.shape[1]))
            panel.put_board(frame)
        if self._legend_stale:
            self._legend_stale = False
            if legend is not None:
                panel.set_legend(legend())
        panel.write(self.info.lines(), self.info.title)
        return panel.frame

    def _new_panel(self, board_shape: tuple[int, int]) -> Panel:
        legend = self._legend() if self._legend is not None else ()
        self._legend_stale = False
        self.panel = Panel(board_shape, legend, pad_to_even=self._even)
        return self.panel

    def _whole_frame(self, state: Any) -> tile_canvas.Frame:
        """The whole-frame renderer's picture of ``state``, or an error saying what it must be.

        Raises:
            InvalidArgumentError: the renderer returned something else than an RGB image.
        """
        assert self._whole is not None
        image = self._whole(state)
        frame = np.asarray(image)
        if frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3:
            return frame
        try:
            return tile_canvas.as_rgb(frame, "the image")
        except InvalidArgumentError:
            if isinstance(image, np.ndarray):
                got = f"a {image.dtype} array of shape {image.shape}"
            else:
                got = f"{_short(image)} (a {type(image).__name__})"
            raise InvalidArgumentError(
                f"the renderer {_short(self._whole)} returned {got} for {_short(state)}; "
                f"{tile_canvas.RENDERED_IMAGE}"
            ) from None

    def _render_whole(self, state: Any) -> tuple[tile_canvas.Frame, bool]:
        frame = self._whole_frame(state)
        if not self._even or (frame.shape[0] % 2 == 0 and frame.shape[1] % 2 == 0):
            return frame, False
        h, w = frame.shape[:2]
        buf = self._padded
        if buf is None or buf.shape[:2] != (h + h % 2, w + w % 2):
            buf = self._padded = np.zeros((h + h % 2, w + w % 2, 3), np.uint8)
        buf[:h, :w] = frame
        return buf, True


def _short(thing: Any) -> str:
    """``repr(thing)`` on one line, cut to 80 characters (an array's repr runs to pages)."""
    text = " ".join(repr(thing).split())
    return text if len(text) <= 80 else text[:79] + "…"
