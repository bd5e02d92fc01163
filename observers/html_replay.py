"""``HtmlReplay``: a search run as one self-contained web page to scrub, step and explore.

A video only plays forward. The replay is one HTML file (scripts, styles and pictures
inline, nothing fetched) that opens by double-clicking and shows, at any step chosen on a
timeline (slider, play/pause, step, speed; space, left, right, home, end):

- the board as the game's renderer draws it, with the panel and legend of the videos
  (the same ``FrameDrawer`` as ``VideoObserver``);
- the counters of that step (depth, expanded, frontier, best value, simulations) in a
  table, and a chart of them over the run;
- the tree built so far (``TreeLog``): the principal variation open, the top children of
  each node by visits then value, the rest folded; hovering a node shows its statistics,
  clicking it jumps to the step of its first visit; for MCTS the root's moves over time;
- the outcome (route, chosen move, score) on the last step.

Frames are kept small (``FramePatches``): the first whole, then the 16x16 blocks that
changed, with key frames to seek. Long runs stay within ``max_frames``: when more frames
come, adjacent pairs merge and from then on only every other eligible visit is drawn
(the *stride* doubles), so the replay always spans the whole run and skipped visits cost
no drawing. The frame after ``SearchFinished`` (the route, the chosen move) is the last.
"""

from __future__ import annotations

import bisect
import contextlib
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from observers._drawing import FileObserver, FrameDrawer, count_arg, visit_kinds
from observers._replay_frames import FramePatches
from observers._replay_page import write_page
from observers._replay_tree import TreeLog
from observers.exploration import FRONTIER, GENERATED, Exploration
from observers.notebook import replay_iframe_html
from observers.outputs import check_output
from observers.panel import PanelInfo, describe_outcome, search_name
from observers.tile_canvas import Renderer
from treesearch.core import key_of
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event, SearchFinished, SearchStarted, Visited, VisitKind
from treesearch.result import SearchResult, Status

__all__ = ["MAX_LABEL", "HtmlReplay"]

_SUFFIXES = (".html", ".htm")
_FRONTIER_LISTED = 200  # frontier cells named per frame at most (else only counted)
_ROUTE_LISTED = 400  # route states named at most
MAX_LABEL = 100
"""Characters of a state's label on the page at most; a longer one ends in an ellipsis."""


def _short_repr(state: Any) -> str:
    text = repr(state)
    return text if len(text) <= 40 else text[:39] + "…"


def _page_text(text: Any, limit: int = MAX_LABEL) -> str:
    """``text`` as the page shows it: a str, valid UTF-8, at most ``limit`` characters.

    Anything else is shown as its ``str()``; a lone surrogate becomes U+FFFD; a longer text
    is cut with an ellipsis.
    """
    out = text if isinstance(text, str) else str(text)
    if len(out) > limit:
        out = out[: limit - 1] + "…"
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:
        out = out.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return out


def _page_label(label: Callable[[Any], Any]) -> Callable[[Any], str]:
    """``label`` whose names fit the page (``_page_text``)."""
    return lambda state: _page_text(label(state))


class HtmlReplay(FileObserver):
    """Records a run and writes it as a self-contained HTML replay on ``close()``.

    Args:
        path: the ``.html`` file to write (checked at once, written on close).
        renderer: what ``VideoObserver`` accepts: a ``TileRenderer`` or a callable
            ``state -> (H, W, 3) uint8``, with its optional hooks (``update``,
            ``frame_due``, ``legend``, ``move_label``). It must not be shared with
            another observer when it has ``update`` (it would see every event twice).
        title: the page's and the panel's headline; default the search's class name.
        max_frames: frames kept at most (>= 2); a longer run is drawn every n-th visit
            (module docstring), its first and last frames always kept.
        max_nodes: tree nodes kept at most (the first visited); later ones are counted in
            their parent.
        label: ``state -> str``, a node's name in the tree and the route; default the
            renderer's ``move_label``, else a short repr. A name that is not a str is
            shown as its ``str()``, cut to ``MAX_LABEL`` (100) characters with an ellipsis;
            a lone surrogate shows as U+FFFD (the page is UTF-8).
        events: the visit kinds that produce frames (``"enter"``, ``"return"``,
            ``"restart"``); all by default. Ignored for a renderer with ``frame_due``.
        panel: draw the videos' panel (title, counters, legend, outcome) above the board.
        key_every: a full key frame at most every this many frames (the page seeks from
            the key frame before a frame); fewer when the frames change little.
        visits: the visits to come that can draw (those of ``events``), when known (the
            replay of a recorded run): the stride is set at once to what the halvings
            would reach, so no frame is drawn only to be merged away (two or three
            times fewer drawn; the frames kept are every stride-th visit, evenly spaced).
            Ignored for a renderer with ``frame_due``.

    Whatever ends the run (its end, a budget, Ctrl-C, an exception), the search closes
    its observers and the file is written with what was recorded; a run that did not
    finish says it was cut short. ``close()`` is idempotent; the observer is a context
    manager. The same run gives the same file, byte for byte.

    Attributes:
        path: the file written.
        frames: frames recorded so far.
        stride: the visits per frame drawn (1 until the run outgrows ``max_frames``).
        seconds: time ``close()`` spent writing the page (None before).

    Raises:
        InvalidArgumentError: a bad argument (the message names it), e.g. a path not
            ending in ``.html``, ``max_frames < 2`` or a renderer that cannot draw.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        renderer: Renderer,
        *,
        title: str | None = None,
        max_frames: int = 1000,
        max_nodes: int = 3000,
        label: Callable[[Any], str] | None = None,
        events: Iterable[VisitKind | str] | VisitKind | str = tuple(VisitKind),
        panel: bool = True,
        key_every: int = 50,
        visits: int | None = None,
    ) -> None:
        if not isinstance(path, (str, os.PathLike)) or Path(path).suffix.lower() not in _SUFFIXES:
            raise InvalidArgumentError(
                f"path must be a file name ending in .html (the replay is one web page), "
                f"got {path!r}"
            )
        if title is not None and not isinstance(title, str):
            raise InvalidArgumentError(f"title must be a str or None, got {title!r}")
        self.max_frames = count_arg(max_frames, "max_frames", 2)
        self.max_nodes = count_arg(max_nodes, "max_nodes", 1)
        self.key_every = count_arg(key_every, "key_every", 1)
        visits = None if visits is None else count_arg(visits, "visits", 0)
        if label is not None and not callable(label):
            raise InvalidArgumentError(f"label must be a callable state -> str, got {label!r}")
        if not isinstance(panel, bool):
            raise InvalidArgumentError(f"panel must be True or False, got {panel!r}")
        self.kinds = visit_kinds(events)
        self._drawer = FrameDrawer(renderer, panel=panel, title=title)
        self.path = check_output(path, "the HTML replay")
        label = self._labels(renderer, label, title)
        self._title = title
        self._tree = TreeLog(label, max_nodes)
        self._frames = FramePatches()
        explore = getattr(renderer, "exploration", None)
        self._explore = explore if isinstance(explore, Exploration) else None
        self._width = _grid_width(renderer)
        self._rows: list[list[Any]] = []
        self._serial = 0
        self._eligible = 0
        self.stride = 1
        if visits is not None and self._drawer.due is None:
            # The halvings leave the least power of two that keeps the frames below the cap.
            while -(-visits // self.stride) > self.max_frames - 1:
                self.stride *= 2
        self._last: Visited | None = None
        self._drawn_last = False
        self._result: SearchResult | None = None
        self._search: Any = None
        self._closed = False
        self.seconds: float | None = None

    def _labels(
        self, renderer: Renderer, label: Callable[[Any], str] | None, title: str | None
    ) -> Callable[[Any], str]:
        """Set the page's move label and counters; return the label of a state."""
        move_label = getattr(renderer, "move_label", None)
        if label is None:
            label = move_label if callable(move_label) else _short_repr
        label = _page_label(label)
        self._label = label
        # The panel's counters when the drawer keeps them (one reading of the events), else
        # the replay's own, for its counters table without a panel.
        shared = self._drawer.info
        self._own_info = shared is None
        self._info = (
            shared
            if shared is not None
            else PanelInfo(title, move_label if callable(move_label) else None)
        )
        return label

    @property
    def frames(self) -> int:
        """Frames recorded so far."""
        return self._frames.count

    def notify(self, event: Event) -> None:
        """Take note of one event; draw a frame when it is a visit to draw.

        Raises:
            RuntimeError: the observer is already closed (use one per run).
        """
        if self._closed:
            raise self._closed_error()
        self._drawer.notify(event)
        if self._own_info:
            self._info.update(event)
        self._tree.update(event)
        due = self._drawer.due
        if isinstance(event, Visited):
            self._last = event
            self._drawn_last = False
            if due is None and event.kind in self.kinds:
                self._eligible_frame()
        elif isinstance(event, SearchFinished):
            self._result = event.result
            if self._last is not None:
                self._record(self._last.state, self._last.depth)
            return
        elif isinstance(event, SearchStarted) and self._search is None:
            self._search = event.search
        if due is not None and due(event) and self._last is not None:
            self._eligible_frame()

    def _eligible_frame(self) -> None:
        n = self._eligible
        self._eligible = n + 1
        if n % self.stride:
            return
        last = self._last
        assert last is not None
        self._record(last.state, last.depth)
        self._drawn_last = True
        if self._frames.count > self.max_frames - 1:  # one frame is left for the end
            kept = self._frames.halve()
            self._rows = [self._rows[i] for i in kept]
            self.stride *= 2

    def _record(self, state: Any, depth: int) -> None:
        self._drawer.draw(state, depth, self._frames.add)
        self._serial += 1
        self._tree.snapshot(self._serial)
        info = self._info
        current = self._tree.current
        frontier: int | None = None
        cells: list[str] | None = None
        ex = self._explore
        if ex is not None:
            status = ex.status
            frontier = status.count(FRONTIER) + status.count(GENERATED)
            if frontier <= _FRONTIER_LISTED:
                flags = np.frombuffer(status, np.uint8)
                found = np.flatnonzero((flags == FRONTIER) | (flags == GENERATED))
                cells = [self._cell_name(c) for c in found.tolist()]
        self._rows.append(
            [
                self._serial,
                info.step,
                depth,
                info.expanded,
                frontier,
                info.best,
                info.value,
                info.simulations,
                -1 if current is None else current.id,
                cells,
                info.nodes,
            ]
        )

    def _cell_name(self, cell: int) -> str:
        width = self._width
        return str(cell) if width is None else f"({cell // width},{cell % width})"

    # -- the page -------------------------------------------------------------------------
    def close(self) -> None:
        """Write the page with everything recorded (idempotent)."""
        if self._closed:
            return
        self._closed = True
        t0 = time.perf_counter()
        last = self._last
        if self._result is None and last is not None and not self._drawn_last:
            # Cut short between two frames drawn: show where it stopped, if it can be drawn
            # (the page is written all the same).
            with contextlib.suppress(Exception):
                self._record(last.state, last.depth)
        write_page(self.path, self._data())
        self.seconds = time.perf_counter() - t0

    def _data(self) -> dict[str, Any]:
        rows = self._rows
        serials = [r[0] for r in rows]

        def frame_of(serial: int) -> int:
            return min(bisect.bisect_left(serials, serial), max(0, len(rows) - 1))

        columns = list(zip(*rows, strict=True)) if rows else [()] * 11
        result = self._result
        path_keys = None if result is None else [key_of(s) for s in result.path]
        info = self._info
        title = self._title or (info.title if self._search is not None else "search")
        counters: dict[str, list[Any]] = {"step": list(columns[1]), "depth": list(columns[2])}
        if any(columns[10]):  # MCTS: nodes added to its tree, not states expanded
            counters["nodes"] = list(columns[10])
        else:
            counters["expanded"] = list(columns[3])
        if self._explore is not None:
            counters["frontier"] = list(columns[4])
        if any(v is not None for v in columns[5]):
            counters["best"] = [_num(v) for v in columns[5]]
        elif any(v is not None for v in columns[6]):
            counters["value"] = [_num(v) for v in columns[6]]
        if any(columns[7]):
            counters["simulations"] = list(columns[7])
        tree = self._tree
        return {
            "title": title,
            "search": search_name(self._search),
            "steps_total": tree.step,
            "stride": self.stride,
            "paced": self._drawer.due is not None,
            "frames": self._frames.encode(self.key_every),
            "counters": counters,
            "current": list(columns[8]),
            "frontier_cells": list(columns[9]) if self._explore is not None else None,
            "nodes": tree.encode(frame_of),
            "pv": tree.principal_variation(path_keys),
            "max_nodes": self.max_nodes,
            "hidden_total": tree.hidden_total,
            "mcts": any(n.sims for n in tree.nodes),
            "outcome": self._outcome(result),
            "cut_short": self._cut_short(result),
        }

    def _outcome(self, result: SearchResult | None) -> dict[str, Any] | None:
        if result is None:
            return None
        info = self._info
        text = describe_outcome(result, info.start, info.label, info.search)
        route = [self._label(s) for s in result.path[:_ROUTE_LISTED]]
        return {
            "text": text,
            "status": result.status.value,
            "route": route,
            "route_more": max(0, len(result.path) - _ROUTE_LISTED),
            "best": None if result.best is None else self._label(result.best),
            "value": _num(result.value),
            "expanded": result.stats.expanded,
            "visited": result.stats.visited,
        }

    def _cut_short(self, result: SearchResult | None) -> str | None:
        steps = self._tree.step
        if result is None:
            return (
                f"The run was cut short before it finished (an error, or the replay was "
                f"closed early): this replay holds its first {steps:,} steps."
            )
        if result.status is Status.INTERRUPTED:
            return f"The run was interrupted (Ctrl-C) after {steps:,} steps."
        if result.status is Status.STOPPED:
            return f"An observer stopped the run after {steps:,} steps ({result.stop_reason})."
        return None

    def _inline_html(self) -> str:
        """The replay inline in a notebook once written (an ``<iframe>``)."""
        return replay_iframe_html(self.path)


def _num(value: float | None) -> float | str | None:
    if value is None:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return repr(float(value))
    return float(f"{value:.6g}")


def _grid_width(renderer: Any) -> int | None:
    """Columns of the renderer's grid, to name cells ``(row,col)``; None if unknown."""
    maze = getattr(renderer, "maze", None)
    width = getattr(maze, "width", None)
    if isinstance(width, int) and not isinstance(width, bool):
        return width
    shape = getattr(renderer, "grid_shape", None)
    if isinstance(shape, tuple) and len(shape) == 2 and isinstance(shape[1], int):
        return shape[1]
    return None
